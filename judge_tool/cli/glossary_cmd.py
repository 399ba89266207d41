"""`judge define` and `judge terms`: the glossary from the command line."""

from __future__ import annotations

import click

from ..glossary import KINDS, Glossary, GlossaryError, Term, load_glossary
from ..rulebook import Node, Rulebook
from .output import echo_json, fail, limited, shorten, style, ui, wrap
from .rules_cmd import get_book, render_node


def get_glossary(ctx: click.Context) -> Glossary:
    game = get_book(ctx).meta.id              # an unknown game fails as "no rulebook"
    try:
        glossary = load_glossary(game)
    except GlossaryError as exc:
        fail(f"glossary data is broken: {exc}", code=1)
    if not len(glossary):
        fail(f"no glossary for {game!r}")
    return glossary


def _heading(term: Term, m) -> str:
    name = style(term.term, bold=True)
    if term.english.casefold() != term.term.casefold():
        name += f" ({term.english})"
    label = m.get(f"kind.{term.kind}", term.kind_label)
    return f"{name}  {style('[' + label + ']', dim=True)}"


def _defining_lines(book: Rulebook, node: Node, full: bool) -> list[str]:
    m = ui(None, book)
    lines = [f"{style(m('term.defining_rule') + ':', bold=True)} {book.cite_id(node)}"
             + (f" — {node.title}" if node.title else "")]
    if full:
        lines.extend(render_node(node, heading=False) if node.text or node.examples else [])
        for child in book.descendants(node.id):
            lines.extend(render_node(child, heading=False))
        return lines
    if node.text:
        lines.append(wrap(node.lead, indent="  "))
        lines.extend(wrap(item, indent="    ", subsequent="       ") for item in node.items)
    else:                                   # a titled heading: its direct sub-rules
        for child_id in node.children:
            child = book.nodes[child_id]
            body = child.text or child.title
            lines.append(wrap(f"{child.id} {body}", indent="  ", subsequent="  " + " " * (len(child.id) + 1)))
    return lines


def _related_lines(book: Rulebook, term: Term) -> list[str]:
    if not term.related:
        return []
    m = ui(None, book)
    lines = [style(m("term.related_rules") + ":", bold=True)]
    for rule_id in term.related:
        node = book.get(rule_id)
        label = node.label if node is not None else m("rule.not_in_book")
        lines.append(wrap(f"{rule_id} {label}", indent="  ", subsequent="  " + " " * (len(rule_id) + 1)))
    return lines


def define_json(book: Rulebook, term: Term, full: bool) -> dict:
    from ..linking import links_for

    data = term.to_dict()
    data["kind_label"] = ui(None, book).get(f"kind.{term.kind}", term.kind_label)
    node = book.get(term.rule)
    data["rule_title"] = node.title if node else ""
    data["rule_text"] = node.text if node else ""
    data["related_titles"] = {r: book.nodes[r].label for r in term.related if r in book}
    data["mentioned_in"] = links_for(book).mentions(term.slug)
    if full and node is not None:
        data["section"] = [n.to_dict() for n in (node, *book.descendants(node.id))]
    return data


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--full", is_flag=True, help="Also print the whole defining section.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def define(ctx: click.Context, query: tuple[str, ...], full: bool, as_json: bool) -> None:
    """Define a term: Turkish, English or ASCII, any case ("kusanma", "EQUIP", "go solo")."""
    text = limited(" ".join(query).strip(), "term")
    glossary = get_glossary(ctx)
    term = glossary.lookup(text)
    if term is None:
        close = glossary.suggest(text, n=3)
        hint = f" Closest: {', '.join(t.term for t in close)}." if close else " See 'judge terms'."
        fail(f"no term {shorten(repr(text))}.{hint}", code=2)
    book = get_book(ctx)
    if as_json:
        echo_json(define_json(book, term, full))
        return
    m = ui(ctx, book)
    out = [_heading(term, m), wrap(term.definition)]
    if term.aliases:
        out.append(wrap(f"{m('term.other_names')}: {', '.join(term.aliases)}", subsequent="  "))
    node = book.get(term.rule)
    out.append("")
    if node is None:
        out.append(f"{style(m('term.defining_rule') + ':', bold=True)} {book.meta.cite_prefix} {term.rule} "
                   f"{m('rule.not_in_book')}")
    else:
        out.extend(_defining_lines(book, node, full))
    related = _related_lines(book, term)
    if related:
        out.append("")
        out.extend(related)
    click.echo("\n".join(out))


@click.command()
@click.option("--kind", type=click.Choice(list(KINDS), case_sensitive=False), default=None,
              help="Only terms of this kind.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def terms(ctx: click.Context, kind: str | None, as_json: bool) -> None:
    """List the glossary, grouped by kind."""
    glossary = get_glossary(ctx)
    chosen = [t for t in glossary if kind is None or t.kind == kind.lower()]
    if as_json:
        echo_json([t.to_dict() for t in chosen])
        return
    book = get_book(ctx)
    m = ui(ctx, book)
    prefix = book.meta.cite_prefix
    lines: list[str] = []
    current = None
    for term in chosen:
        if term.kind != current:
            current = term.kind
            if lines:
                lines.append("")
            lines.append(style(f"{m.get('kind.' + term.kind, term.kind_label)} ({term.kind})", bold=True))
        lines.append(f"  {term.term:<30} {term.english:<22} {prefix} {term.rule}".rstrip())
    click.echo("\n".join(lines))
