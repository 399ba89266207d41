"""Which shipped scenarios use a card: by name in the board (resolved like the scenario
loader does) or through a local [cards.NAME] block named after the card."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from .bridge import resolve_name


def _names_in_state(state: Any) -> Iterator[str]:
    if not isinstance(state, dict):
        return
    for player in ("A", "B"):
        side = state.get(player)
        if not isinstance(side, dict):
            continue
        for zone in ("deck", "hand", "trash", "removed"):
            items = side.get(zone)
            if isinstance(items, list):
                yield from (x for x in items if isinstance(x, str))
        for zone in ("field", "legends"):
            for item in side.get(zone) or []:
                if isinstance(item, str):
                    yield item
                elif isinstance(item, dict):
                    if isinstance(item.get("card"), str):
                        yield item["card"]
                    yield from (g for g in item.get("gears") or [] if isinstance(g, str))


def scenario_cards(path: Path) -> tuple[str, set[str]]:
    """(title, slugs of pool cards the scenario uses)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return "", set()
    slugs: set[str] = set()
    local = data.get("cards") if isinstance(data.get("cards"), dict) else {}
    for name in set(_names_in_state(data.get("state"))) | set(local):
        if name == "?":
            continue
        hits = resolve_name(name)
        if len(hits) == 1:
            slugs.add(hits[0].slug)
    return str(data.get("title", "")), slugs


@lru_cache(maxsize=1)
def usage_index() -> dict[str, list[tuple[str, str]]]:
    """slug -> [(scenario file name, title)] over the shipped scenarios."""
    from ..engine.scenario import shipped_scenarios

    out: dict[str, list[tuple[str, str]]] = {}
    for path in shipped_scenarios():
        title, slugs = scenario_cards(path)
        for slug in slugs:
            out.setdefault(slug, []).append((path.name, title))
    return out


def scenarios_for(slug: str) -> list[tuple[str, str]]:
    return usage_index().get(slug, [])
