"""How `judge define` renders a glossary term: pure functions from the glossary and the
rulebook to the text or JSON it prints. Click-free, so the click command
(`glossary_cmd.define`) and the fast path (`fastpath.py`) share one code path."""

from __future__ import annotations

from collections.abc import Sequence

from ..glossary import Glossary, GlossaryError, Term, load_glossary
from ..rulebook import Node, Rulebook
from .output import fail, json_text, limited, shorten, style, ui, wrap
from .rules_view import book_for, render_node


def glossary_for(game: str) -> Glossary:
    """The glossary of `game`'s rulebook; an unknown game fails as "no rulebook"."""
    game = book_for(game).meta.id
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


def define_command(game: str, query: Sequence[str], *, full: bool = False,
                   as_json: bool = False) -> str:
    """`judge [--game GAME] define WORDS… [--full] [--json]`: what the click command and the
    fast path both print. The words are checked against the limits first."""
    text = limited(" ".join(query).strip(), "term")
    return define_text(book_for(game), glossary_for(game), text, full=full, as_json=as_json)


def define_text(book: Rulebook, glossary: Glossary, text: str, *, full: bool = False,
                as_json: bool = False) -> str:
    """What `judge define TEXT [--full] [--json]` prints; an unknown term ends in `fail`
    with the closest terms."""
    term = glossary.lookup(text)
    if term is None:
        close = glossary.suggest(text, n=3)
        m = ui(None, book)
        hint = (m("error.closest", items=", ".join(t.term for t in close)) if close
                else m("error.see_terms"))
        fail(f"{m('error.no_term', term=shorten(repr(text)))} {hint}", code=2)
    if as_json:
        return json_text(define_json(book, term, full))
    m = ui(None, book)
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
    return "\n".join(out)
