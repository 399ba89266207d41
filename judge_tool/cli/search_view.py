"""How `judge search` prints its hits: pure functions from the query to the text or JSON it
prints. Click-free, so the click command (`search_cmd.search`) and the fast path
(`fastpath.py`) share one code path and print the same bytes."""

from __future__ import annotations

import re

from .output import fail, json_text, style, ui, width, words_or_fail
from .rules_view import book_for

# the SGR sequences `style` writes (what click.unstyle removes)
_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")


def engine_of(game: str, rebuild: bool = False):
    """(rulebook, search engine) of `game`; an index that cannot even be built in memory
    is a one-line error."""
    from ..search import engine_for

    book = book_for(game)
    try:
        return book, engine_for(book, rebuild=rebuild)
    except Exception as exc:  # the index could not even be built in memory
        fail(f"search is unavailable: {type(exc).__name__}: {exc}", code=1)


def search_command(game: str, query: tuple[str, ...], as_json: bool = False,
                   all_games: bool = False, limit: int = 5, chapter: str | None = None) -> str:
    """What `judge search QUERY…` prints."""
    text = words_or_fail(query, "search")
    if all_games:
        if chapter is not None:
            fail("--chapter needs one rulebook; drop --all-games or pick one with --game")
        return _search_all_games(text, limit, as_json)
    book, engine = engine_of(game)
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
        return json_text([*(_card_json(c, book) for c in cards),
                          *({**h.to_dict(), "game": book.meta.id} for h in hits)])
    out = [_card_lines(cards)] if cards else []
    if not hits and cards:
        return "\n".join(out)
    if not hits:
        from ..search.query import clean, rule_number
        rid = rule_number(clean(text))
        m = ui(None, book)
        if rid is not None and "." in rid and book.get(rid) is not None:
            out.append(m("error.rule_in_other_chapter", rule=rid, chapter=book.get(rid).chapter,
                         other=chapter))
        elif rid is not None and "." in rid:
            close = book.suggest(rid)
            hint = f" {m('error.closest', items=', '.join(close))}" if close else ""
            out.append(m("error.no_rule", rule=rid) + hint)
        elif chapter:
            out.append(m("error.no_results_in_chapter", chapter=chapter))
        else:
            out.append(m("error.no_results"))
        return "\n".join(out)
    return "\n".join(out + _render_hits([(book, h) for h in hits]))


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
    limit = width() - len(indent)
    lines, line, visible = [], [], 0
    for word in text.split(" "):
        plain = _ANSI.sub("", word)
        if line and visible + 1 + len(plain) > limit:
            lines.append(" ".join(line))
            line, visible = [], 0
        visible += (1 if line else 0) + len(plain)
        line.append(word)
    if line:
        lines.append(" ".join(line))
    # textwrap.indent: the prefix on every line that is not blank
    return "".join(indent + line if line.strip() else line
                   for line in "\n".join(lines).splitlines(True))


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


def _search_all_games(text: str, limit: int, as_json: bool) -> str:
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
        return json_text([{**h.to_dict(), "game": b.meta.id} for b, h in merged])
    if not merged:
        return "No results."
    return "\n".join(_render_hits(merged, show_game=True))
