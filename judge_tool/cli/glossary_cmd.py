"""`judge define` and `judge terms`: the glossary from the command line. The rendering is
in glossary_view.py (click-free, shared with the fast path); these are the click faces."""

from __future__ import annotations

import click

from ..glossary import KINDS, Glossary
from .glossary_view import define_command, glossary_for
from .output import echo, echo_json, style, ui
from .rules_cmd import game_of, get_book


def get_glossary(ctx: click.Context) -> Glossary:
    """The glossary of the rulebook the `--game` option names."""
    return glossary_for(game_of(ctx))


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--full", is_flag=True, help="Also print the whole defining section.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def define(ctx: click.Context, query: tuple[str, ...], full: bool, as_json: bool) -> None:
    """Define a term: Turkish, English or ASCII, any case ("kusanma", "EQUIP", "go solo")."""
    echo(define_command(game_of(ctx), query, full=full, as_json=as_json))


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
