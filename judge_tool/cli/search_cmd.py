"""`judge search QUERY` and `judge index`: full-text search over the rules and glossary. The
click faces; what search prints is search_view.py's (click-free, shared with the fast path)."""

from __future__ import annotations

import click

from .output import echo, echo_json
from .rules_cmd import game_of
from .search_view import engine_of, search_command


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("query", nargs=-1, type=click.UNPROCESSED, required=True)
@click.option("--limit", "-n", type=click.IntRange(1, 100), default=5, show_default=True,
              help="How many hits to show.")
@click.option("--chapter", "-c", metavar="N", help="Only rules in chapter N (e.g. 9).")
@click.option("--all-games", is_flag=True, help="Search every rulebook, each with its own language's analysis.")
@click.option("--json", "as_json", is_flag=True,
              help="Machine-readable: a list of {id, kind, title, text, path, snippet, score, …}.")
@click.pass_context
def search(ctx: click.Context, query: tuple[str, ...], limit: int, chapter: str | None,
           all_games: bool, as_json: bool) -> None:
    """Find the rules about QUERY: Turkish with or without Turkish letters, English terms,
    typos, or a rule number (9.23.2).

    \b
    Examples:
      judge search çatışma eşit güç
      judge search catisma berabere
      judge search "fight tie"
      judge search lag tur sonunda kalkar mı --chapter 11
    """
    echo(search_command(game_of(ctx), query, as_json=as_json, all_games=all_games,
                        limit=limit, chapter=chapter))


@click.command()
@click.option("--rebuild", is_flag=True, help="Build the search index again from the rule data.")
@click.option("--info", "show_info", is_flag=True, help="Show where the index is and what it holds.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable --info.")
@click.pass_context
def index(ctx: click.Context, rebuild: bool, show_info: bool, as_json: bool) -> None:
    """Manage the search index (built automatically on first search).

    The index lives in $JUDGE_TOOL_CACHE, else $XDG_CACHE_HOME/judge-tool, else
    ~/.cache/judge-tool; it rebuilds itself when the rule data changes.
    """
    _, engine = engine_of(game_of(ctx), rebuild=rebuild)
    info = engine.info()
    if as_json:
        echo_json(info)
        return
    if rebuild and not show_info:
        where = info["path"] or "memory"
        click.echo(f"Rebuilt the search index: {info['documents']} documents "
                   f"({info['rules']} rules, {info['terms']} terms) in "
                   f"{info['build_seconds']} s → {where}")
        return
    rows = [
        ("rulebook", f"{info['rulebook']} {info['version']} ({info['language']})"),
        ("analysis", info["analysis"]),
        ("cache", info["cache"]),
        ("index", info["path"] or "in memory (cache not writable)"),
        ("key", info["key"]),
        ("documents", f"{info['documents']} ({info['rules']} rules, {info['terms']} glossary terms)"),
        ("size", f"{info['bytes'] / 1024:.0f} KiB" if info["path"] else "-"),
        ("built", f"{info['built'] or 'now'} in {info['build_seconds']} s"
                  + (" (this run)" if info["built_now"] else "")),
    ]
    for label, value in rows:
        click.echo(f"{label + ':':<11} {value}")
