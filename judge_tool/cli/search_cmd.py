"""`judge search QUERY` and `judge index`: full-text search over the rules and glossary."""

from __future__ import annotations

import click

from .output import echo_json, fail, style, width, words_or_fail
from .rules_cmd import get_book


def _engine(ctx: click.Context, rebuild: bool = False):
    from ..search import engine_for

    book = get_book(ctx)
    try:
        return book, engine_for(book, rebuild=rebuild)
    except Exception as exc:  # the index could not even be built in memory
        fail(f"search is unavailable: {type(exc).__name__}: {exc}", code=1)


def _highlight(hit) -> str:
    out, last = [], 0
    for start, end in hit.marks:
        out.append(hit.snippet[last:start])
        out.append(style(hit.snippet[start:end], bold=True, fg="yellow"))
        last = end
    out.append(hit.snippet[last:])
    return "".join(out)


def _wrap_marked(text: str, indent: str) -> str:
    """Wrap a snippet that may contain colour codes: wrap on the plain words."""
    import textwrap

    limit = width() - len(indent)
    lines, line, visible = [], [], 0
    for word in text.split(" "):
        plain = click.unstyle(word)
        if line and visible + 1 + len(plain) > limit:
            lines.append(" ".join(line))
            line, visible = [], 0
        visible += (1 if line else 0) + len(plain)
        line.append(word)
    if line:
        lines.append(" ".join(line))
    return textwrap.indent("\n".join(lines), indent)


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
    text = words_or_fail(query, "search")
    if all_games:
        if chapter is not None:
            fail("--chapter needs one rulebook; drop --all-games or pick one with --game")
        _search_all_games(text, limit, as_json)
        return
    book, engine = _engine(ctx)
    if chapter is not None:
        chapter = chapter.strip().rstrip(".")
        if chapter not in {n.id for n in book.chapters}:
            known = ", ".join(n.id for n in book.chapters)
            fail(f"no chapter {chapter!r} in this rulebook (chapters: {known})")
    try:
        hits = engine.search(text, limit=limit, chapter=chapter)
    except Exception as exc:  # pragma: no cover - defensive: never a traceback
        fail(f"search failed: {type(exc).__name__}: {exc}", code=1)
    cards = _card_hits(book, text)
    if as_json:
        echo_json([*(_card_json(c, book) for c in cards), *({**h.to_dict(), "game": book.meta.id} for h in hits)])
        return
    if cards:
        click.echo(_card_lines(cards))
    if not hits and cards:
        return
    if not hits:
        from ..search.query import clean, rule_number
        rid = rule_number(clean(text))
        if rid is not None and "." in rid and book.get(rid) is not None:
            click.echo(f"Rule {rid} is in chapter {book.get(rid).chapter}, not in chapter {chapter}.")
        elif rid is not None and "." in rid:
            close = book.suggest(rid)
            hint = f" Closest: {', '.join(close)}." if close else ""
            click.echo(f"No rule {rid} in this rulebook.{hint}")
        else:
            where = f" in chapter {chapter}" if chapter else ""
            click.echo(f"No results{where}.")
        return
    click.echo("\n".join(_render_hits([(book, h) for h in hits])))


def _card_hits(book, text: str) -> list:
    """Cards the query names (the game's card pool): full or bare names, also inside a
    longer query ("Chrome Fang saldırı"), or every word of the query in one card's name."""
    from ..cardsite import pool_for
    pool = pool_for(book)
    if pool is None:
        return []
    from ..cards import find, lookup
    from ..cards.matching import EXACT, NAME, WORDS, key_tokens
    found = [c for m in find(text, pool) for c in m.cards]
    matches = lookup(text, pool)
    if matches and (matches[0].tier in (EXACT, NAME)
                    or matches[0].tier == WORDS and len("".join(key_tokens(text))) >= 4):
        found += [m.card for m in matches]
    return list(dict.fromkeys(found))[:8]


def _card_json(card, book) -> dict:
    return {"id": card.slug, "kind": "card", "title": card.display, "text": "", "path": [],
            "rule": "", "snippet": "", "highlights": [], "score": 0.0, "game": book.meta.id}


def _card_lines(cards: list) -> str:
    lines = [style("Kartlar", fg="magenta") + " (judge card AD):"]
    lines += [f"    {style(c.display, bold=True)}  {style(c.slug, dim=True)}" for c in cards]
    return "\n".join(lines)


def _render_hits(hits: list, show_game: bool = False) -> list[str]:
    out: list[str] = []
    for rank, (book, hit) in enumerate(hits, start=1):
        crumb = " › ".join(hit.path)
        prefix = book.meta.cite_prefix
        if hit.kind == "term":
            head = f"{rank:>2}. {style('Terim', fg='magenta')} {style(hit.title, bold=True)}"
            if hit.rule:
                head += f"  {style(f'{prefix} {hit.rule}'.strip(), fg='cyan')}"
        else:
            head = f"{rank:>2}. {style(prefix, fg='cyan')} {style(hit.id, bold=True)}".replace(". . ", ". ")
            if crumb:
                head += f"  {style(crumb, dim=True)}"
        out.append(head)
        if show_game:
            out.append("    " + style(f"{book.meta.game} [{book.meta.language}]", dim=True))
        if hit.kind == "term" and crumb:
            out.append("    " + style(crumb, dim=True))
        if hit.snippet:
            out.append(_wrap_marked(_highlight(hit), "    "))
    return out


def _search_all_games(text: str, limit: int, as_json: bool) -> None:
    """Every rulebook searched with its own analysis. Scores of different indexes do not
    compare, so hits are interleaved by rank: each game's best first."""
    from ..rulebook import load_rulebook, rulebook_folders
    from ..search import engine_for

    merged = []
    for game_id in rulebook_folders():
        book = load_rulebook(game_id)
        try:
            hits = engine_for(book).search(text, limit=limit)
        except Exception as exc:  # pragma: no cover - defensive: never a traceback
            fail(f"search failed in {game_id}: {type(exc).__name__}: {exc}", code=1)
        merged.extend((rank, -h.score, book, h) for rank, h in enumerate(hits))
    merged.sort(key=lambda item: item[:2])
    merged = [(book, h) for _, _, book, h in merged]
    merged = merged[:limit]
    if as_json:
        echo_json([{**h.to_dict(), "game": b.meta.id} for b, h in merged])
    elif not merged:
        click.echo("No results.")
    else:
        click.echo("\n".join(_render_hits(merged, show_game=True)))


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
    _, engine = _engine(ctx, rebuild=rebuild)
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
