"""Which shipped scenarios use a card: the card's full name (or a name no other card
shares) written in the scenario file, on the board or as a local [cards.NAME] block. The
files are scanned as text with the card-name finder (no TOML parse: `judge card` stays
quick)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .matching import find
from .pool import card_names


def scenario_cards(path: Path) -> tuple[str, set[str]]:
    """(title, slugs of pool cards named in the scenario file)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return "", set()
    title = ""
    for line in text.splitlines():
        if line.startswith("title = "):
            title = line.split("=", 1)[1].strip().strip('"')
            break
    slugs = {m.cards[0].slug for m in find(text, card_names()) if len(m.cards) == 1}
    return title, slugs


@lru_cache(maxsize=1)
def usage_index() -> dict[str, list[tuple[str, str]]]:
    """slug -> [(scenario file name, title)] over the shipped scenarios."""
    from ..resources import data_path     # as engine.scenario.shipped_scenarios, without the engine

    out: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(data_path("scenarios").glob("*.toml")):
        title, slugs = scenario_cards(path)
        for slug in sorted(slugs):
            out.setdefault(slug, []).append((path.name, title))
    return out


def scenarios_for(slug: str) -> list[tuple[str, str]]:
    return usage_index().get(slug, [])
