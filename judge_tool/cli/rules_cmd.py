"""`judge rule`, `judge toc`, `judge export`: reading the rulebook itself."""

from __future__ import annotations

import click

from ..rulebook import Node, Rulebook, RulebookError, UnknownRule, load_rulebook
from .output import echo_json, fail, style, wrap


def get_book(ctx: click.Context) -> Rulebook:
    game = (ctx.obj or {}).get("game", "cyberpunk-tcg")
    try:
        return load_rulebook(game)
    except KeyError:
        from ..rulebook import rulebook_folders
        known = ", ".join(rulebook_folders()) or "none"
        fail(f"no rulebook {game!r} (known: {known})")
    except RulebookError as exc:
        fail(f"rulebook data is broken: {exc}", code=1)


def citation(book: Rulebook, node: Node) -> str:
    body = node.text or node.title
    return f"{book.cite_id(node)} — {body}"


def node_json(book: Rulebook, node: Node) -> dict:
    data = node.to_dict()
    data["game"] = book.meta.id
    return data


def render_node(node: Node, *, heading: bool, prefix: str = "CR") -> list[str]:
    lines: list[str] = []
    number = style(node.id, bold=True)
    if heading:
        crumb = " › ".join(node.path)
        lead = f"{style(prefix, fg='cyan')} {number}" if prefix else number
        lines.append(lead + (f"  {style(crumb, dim=True)}" if crumb else ""))
        if node.title:
            lines.append(style(node.title, bold=True))
        if node.text:
            lines.append(wrap(node.text))
    else:
        indent = "  " * max(0, node.depth - 1)
        head = f"{indent}{number} "
        if node.title and not node.text:
            lines.append(head + style(node.title, bold=True))
        else:
            pad = " " * (len(indent) + len(node.id) + 1)
            lines.append(wrap(node.text, indent=pad)[len(pad):].join([head, ""]) if node.text else head)
    pad = "    " if heading else "  " * max(0, node.depth - 1) + "    "
    for example in node.examples:
        lines.append(wrap(f"» {example}", indent=pad, subsequent=pad + "  "))
    if node.note:
        lines.append(wrap(f"Not: {node.note}", indent=pad))
    return lines


@click.command()
@click.argument("rule_id")
@click.option("--only", is_flag=True, help="Print the rule without its sub-rules.")
@click.option("--cite", is_flag=True, help="One line ready to paste: CR <id> — <text>.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def rule(ctx: click.Context, rule_id: str, only: bool, cite: bool, as_json: bool) -> None:
    """Look up a rule by number: 9.23.2, CR 9.23.2, r9.23.2."""
    book = get_book(ctx)
    try:
        node = book.resolve(rule_id)
    except UnknownRule as exc:
        fail(str(exc))
    subtree = [] if only else book.descendants(node.id)
    if as_json:
        data = node_json(book, node)
        if not only:
            data["subrules"] = [node_json(book, n) for n in subtree]
        echo_json(data)
        return
    if cite:
        click.echo(citation(book, node))
        return
    out = render_node(node, heading=True, prefix=book.meta.cite_prefix)
    for child in subtree:
        out.extend(render_node(child, heading=False))
    if node.refs:
        out.append(style("Bkz.: ", dim=True) + ", ".join(node.refs))
    click.echo("\n".join(out))


@click.command()
@click.argument("chapter", required=False)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def toc(ctx: click.Context, chapter: str | None, as_json: bool) -> None:
    """Table of contents: chapters, sections and titled rules."""
    book = get_book(ctx)
    if chapter is not None:
        try:
            top = book.resolve(chapter)
        except UnknownRule as exc:
            fail(str(exc))
        nodes = [top, *book.descendants(top.id)]
    else:
        nodes = list(book)
    entries = [n for n in nodes if n.is_chapter or n.title]
    if as_json:
        echo_json([{"id": n.id, "title": n.title, "section": n.section, "depth": n.depth} for n in entries])
        return
    if chapter is None:
        click.echo(style(f"{book.meta.title} — {book.meta.version} ({book.meta.date})", bold=True))
    section = None
    for n in entries:
        if n.is_chapter:
            click.echo(style(f"{n.id}. {n.title}", bold=True))
            section = None
            continue
        if n.section and n.section != section:
            section = n.section
            click.echo(f"  {style(section, underline=True)}")
        click.echo(f"    {'  ' * (n.depth - 1)}{n.id} {n.title}")


@click.command()
@click.option("--json", "as_json", is_flag=True, default=True, help="Every node as a JSON list (default).")
@click.pass_context
def export(ctx: click.Context, as_json: bool) -> None:
    """Every rule node as a JSON list, for bots and other tools."""
    book = get_book(ctx)
    echo_json([node_json(book, n) for n in book])
