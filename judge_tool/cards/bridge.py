"""Cards of the pool inside scenario files: `hand = ["Chrome Fang"]` with no [cards]
block. The scenario loader calls `pool_card` for a name it does not define locally
(a local [cards.NAME] block always wins, so a scenario can override a card)."""

from __future__ import annotations

from functools import lru_cache

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Iterable

from ..engine.errors import SpecError
from ..engine.state import CardDef
from .matching import key_tokens
from .pool import CardFacts, Pool, load_pool


@lru_cache(maxsize=8)
def _name_index(pool: Pool) -> tuple[dict, dict]:
    """(full name or slug -> cards, bare name -> cards), keyed by folded tokens."""
    full: dict[tuple[str, ...], list[CardFacts]] = {}
    bare: dict[tuple[str, ...], list[CardFacts]] = {}
    for c in pool:
        full.setdefault(tuple(key_tokens(c.display)), []).append(c)
        full.setdefault(tuple(c.slug.split("-")), []).append(c)
        bare.setdefault(tuple(key_tokens(c.name)), []).append(c)
    return full, bare


def resolve_name(name: str, pool: Pool | None = None) -> list[CardFacts]:
    """Cards a scenario name means: the full name ("V: Streetkid", "V Streetkid"), the
    slug, or a name shared by no other card ("Chrome Fang"); any case, ASCII letters."""
    pool = pool or load_pool()
    key = tuple(key_tokens(name))
    if not key:
        return []
    full, bare = _name_index(pool)
    hits = list(dict.fromkeys(full.get(key, []) + full.get(tuple(name.lower().split("-")), [])))
    return hits or list(bare.get(key, []))


def card_def(card: CardFacts, written: str) -> CardDef:
    """The engine's card definition, named as the scenario wrote it."""
    return CardDef(written, card.type, card.cost, card.power or 0, frozenset(card.keywords),
                   card.sell_tag, frozenset(card.tags), card.effects(written),
                   color=(card.color or "").lower(), ram=card.ram)


def pool_card(name: str, path: str, local: Iterable[str] = ()) -> CardDef:
    hits = resolve_name(name)
    if not hits:
        pool = load_pool()
        options = list(local) + [c.display for c in pool]
        import difflib              # an unknown name only: not on every start
        close = difflib.get_close_matches(name, options, n=1, cutoff=0.6)
        raise SpecError(path, f"no card {name!r} under [cards] or in the card pool",
                        f"did you mean {close[0]!r}?" if close else "")
    if len(hits) > 1:
        shown = ", ".join(repr(c.display) for c in hits)
        raise SpecError(path, f"{name!r} names {len(hits)} cards of the pool: write one of {shown}")
    card = hits[0]
    if card.unsupported:
        raise SpecError(path, f"{card.display!r} is in the card pool but the engine cannot express its effect yet "
                              f"({card.unsupported}); define it under [cards.{name!r}] with what the scenario needs")
    return card_def(card, name)
