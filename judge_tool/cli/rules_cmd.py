"""`judge rule`, `judge toc`, `judge export`: reading the rulebook itself."""

from __future__ import annotations

import click

from ..rulebook import Node, Rulebook, RulebookError, UnknownRule, load_rulebook
from .output import color_enabled, echo_json, fail, shorten, style, wrap


def get_book(ctx: click.Context) -> Rulebook:
    """The rulebook `--game` names. A judge's own folder with a mistake is bad input (exit
    2, `file:line: key: message`); a broken shipped rulebook is our bug (exit 1)."""
    from ..rulebook import is_path_game

    game = (ctx.obj or {}).get("game", "cyberpunk-tcg")
    try:
        return load_rulebook(game)
    except KeyError:
        from ..rulebook import rulebook_folders
        known = ", ".join(rulebook_folders()) or "none"
        fail(f"no rulebook {shorten(repr(game))} (known: {known})")
    except RulebookError as exc:
        if is_path_game(game):
            fail(str(exc), code=2)
        fail(f"rulebook data is broken: {exc}", code=1)


def get_links(book: Rulebook):
    """The rulebook's link index (glossary terms and rule numbers). A broken glossary costs
    the links, not the rule: one warning on stderr and rule-number links only."""
    from ..glossary import Glossary, GlossaryError
    from ..linking import LinkIndex, links_for

    try:
        return links_for(book)
    except GlossaryError as exc:
        click.echo(f"judge: glossary not used ({exc})", err=True)
    except (KeyError, FileNotFoundError):
        pass
    return LinkIndex(book, Glossary(terms=()))


def _mark_wrapped(original: str, wrapped: str, spans: list[tuple[int, int]]) -> str:
    """Underline `spans` (offsets into `original`) in `wrapped`, the textwrap output of
    `original` (same non-space characters, in order). A span broken across lines is
    underlined piece by piece, never the indentation."""
    orig_pos = [i for i, ch in enumerate(original) if not ch.isspace()]
    wrap_pos = [i for i, ch in enumerate(wrapped) if not ch.isspace()]
    if not spans or len(orig_pos) != len(wrap_pos):
        return wrapped
    rank = {pos: k for k, pos in enumerate(orig_pos)}
    ranges: list[tuple[int, int]] = []
    for start, end in spans:
        inside = [rank[i] for i in range(start, end) if i in rank]
        if not inside:
            continue
        a, b = wrap_pos[inside[0]], wrap_pos[inside[-1]] + 1
        piece = a
        for k in range(a, b):                       # split at line breaks
            if wrapped[k] == "\n":
                ranges.append((piece, k))
                piece = k + 1
        ranges.append((piece, b))
    out = wrapped
    for a, b in sorted(ranges, reverse=True):
        while a < b and out[a] == " ":
            a += 1
        if a < b:
            out = out[:a] + click.style(out[a:b], underline=True) + out[b:]
    return out


def _marked(text: str, spans: list[tuple[int, int]], indent: str = "", subsequent: str | None = None) -> str:
    """`wrap(text)` with the link spans underlined when colour is on."""
    wrapped = wrap(text, indent=indent, subsequent=subsequent)
    if not spans or not color_enabled():
        return wrapped
    return _mark_wrapped(text, wrapped, spans)


def citation(book: Rulebook, node: Node) -> str:
    body = node.text or node.title
    return f"{book.cite_id(node)} — {body}"


def node_json(book: Rulebook, node: Node) -> dict:
    data = node.to_dict()
    data["game"] = book.meta.id
    data["citation"] = citation(book, node)
    return data


def render_node(node: Node, *, heading: bool, prefix: str = "CR", links=None) -> list[str]:
    """The node as `judge rule` prints it. With `links` (a LinkIndex), linked terms (the
    first use of each term in the rule) and rule numbers are underlined when colour is on
    (plain text under NO_COLOR)."""
    spans: dict[str, list[tuple[int, int]]] = {}
    if links is not None and color_enabled():
        seen: set[str] = set()                  # each term marked once per rule, at first use
        for link in links.links(node.id):
            if link.term is not None:
                if link.term in seen:
                    continue
                seen.add(link.term)
            spans.setdefault(link.field, []).append((link.start, link.end))
    lines: list[str] = []
    number = style(node.id, bold=True)
    if heading:
        crumb = " › ".join(node.path)
        lead = f"{style(prefix, fg='cyan')} {number}" if prefix else number
        lines.append(lead + (f"  {style(crumb, dim=True)}" if crumb else ""))
        if node.title:
            lines.append(style(node.title, bold=True))
        if node.text:
            lines.append(_marked(node.text, spans.get("text", [])))
    else:
        indent = "  " * max(0, node.depth - 1)
        head = f"{indent}{number} "
        if node.title and not node.text:
            lines.append(head + style(node.title, bold=True))
        else:
            pad = " " * (len(indent) + len(node.id) + 1)
            body = _marked(node.text, spans.get("text", []), indent=pad)[len(pad):] if node.text else ""
            lines.append(head + body)
    pad = "    " if heading else "  " * max(0, node.depth - 1) + "    "
    mark = "» "
    for n, example in enumerate(node.examples):
        shifted = [(a + len(mark), b + len(mark)) for a, b in spans.get(f"example:{n}", [])]
        lines.append(_marked(f"{mark}{example}", shifted, indent=pad, subsequent=pad + "  "))
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
    if cite and not as_json:          # with --json the object carries "citation"
        click.echo(citation(book, node))
        return
    links = get_links(book)
    if as_json:
        data = linked_json(book, node, links)
        if not only:
            data["subrules"] = [linked_json(book, n, links) for n in subtree]
        echo_json(data)
        return
    out = render_node(node, heading=True, prefix=book.meta.cite_prefix, links=links)
    for child in subtree:
        out.extend(render_node(child, heading=False, links=links))
    if node.refs:
        out.append(style("Bkz.: ", dim=True) + ", ".join(node.refs))
    out.extend(backlink_lines(node, links))
    click.echo("\n".join(out))


def backlink_lines(node: Node, links) -> list[str]:
    """Backlinks: the rules citing this one, and the glossary entries naming it."""
    lines = []
    citing = links.rules_citing(node.id)
    if citing:
        lines.append(wrap(style("Atıf yapan kurallar: ", dim=True) + ", ".join(citing), subsequent="  "))
    names = [t.term for t in map(links.glossary.get, links.terms_citing(node.id)) if t is not None]
    if names:
        lines.append(wrap(style("Sözlükte: ", dim=True) + ", ".join(names), subsequent="  "))
    return lines


def linked_json(book: Rulebook, node: Node, links) -> dict:
    """node_json plus `links` (term and rule-number spans into `text` / `examples[N]`) and
    `cited_by` (backlinks: citing rule ids, then "glossary:<slug>" entries)."""
    data = node_json(book, node)
    data["links"] = [link.to_dict() for link in links.links(node.id)]
    data["cited_by"] = links.cited_by(node.id)
    return data


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
