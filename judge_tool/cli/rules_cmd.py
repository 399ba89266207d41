"""`judge rule`, `judge toc`, `judge export`: reading the rulebook itself. The rendering is
in rules_view.py (click-free, shared with the fast path); these are the click faces."""

from __future__ import annotations

import click

from ..rulebook import DEFAULT_GAME, Rulebook, UnknownRule
from .output import echo, echo_json, fail, style, ui, unknown_rule
from .rules_view import book_for, node_json, rule_command, title_of


def game_of(ctx: click.Context) -> str:
    """The `--game` option (the group keeps it in ctx.obj)."""
    return (ctx.find_root().obj or {}).get("game", DEFAULT_GAME)


def get_book(ctx: click.Context) -> Rulebook:
    """The rulebook the `--game` option names (see rules_view.book_for)."""
    return book_for(game_of(ctx))


@click.command()
@click.argument("rule_id")
@click.option("--only", is_flag=True, help="Print the rule without its sub-rules.")
@click.option("--cite", is_flag=True, help="One line ready to paste: CR <id> — <text>.")
@click.option("--url", is_flag=True, help="The official page link (with --cite: after the line).")
@click.option("--en", is_flag=True, help="The imported official English beside the Turkish.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def rule(ctx: click.Context, rule_id: str, only: bool, cite: bool, url: bool, en: bool,
         as_json: bool) -> None:
    """Look up a rule by number: 9.23.2, CR 9.23.2, r9.23.2. An official rule the Turkish
    text does not include is named as such, with its official link (exit 0)."""
    echo(rule_command(game_of(ctx), rule_id, only=only, cite=cite, url=url, en=en, as_json=as_json))


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
            fail(unknown_rule(exc, ui(ctx, book)))
        nodes = [top, *book.descendants(top.id)]
    else:
        nodes = list(book)
    entries = [n for n in nodes if n.is_chapter or n.title]
    if as_json:
        echo_json([{"id": n.id, "title": n.title, "section": n.section, "depth": n.depth,
                    "title_added": n.title_added} for n in entries])
        return
    m = ui(ctx, book)
    if chapter is None:
        click.echo(style(f"{book.meta.title} — {book.meta.version} ({book.meta.date})", bold=True))
    section = None
    for n in entries:
        if n.is_chapter:
            click.echo(style(f"{n.id}. {title_of(n, m)}", bold=True))
            section = None
            continue
        if n.section and n.section != section:
            section = n.section
            click.echo(f"  {style(section, underline=True)}")
        click.echo(f"    {'  ' * (n.depth - 1)}{n.id} {title_of(n, m)}")


@click.command()
@click.option("--json", "as_json", is_flag=True, default=True, help="Every node as a JSON list (default).")
@click.pass_context
def export(ctx: click.Context, as_json: bool) -> None:
    """Every rule node as a JSON list, for bots and other tools."""
    book = get_book(ctx)
    echo_json([node_json(book, n) for n in book])
