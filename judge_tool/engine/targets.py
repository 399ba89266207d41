"""Targets and filters as data: one small language for "which cards" that serves actions,
persistent effects, replacements and conditions.

A target is either a word (`"self"`, `"this_gear"`, `"it"` = the card of the event being
replaced or triggered on, `"friendly_unit"`, `"rival_unit"`, `"any_unit"`: one chosen Unit)
or a table:

    target = { side = "rival", zone = "field", power_at_most = 4, tags = ["CORPO"],
               spent = true, other = true, count = 1 }

Matching is pure: `matches(f, facts)` looks only at the facts the engine hands over.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from .errors import SpecError
from .schema import Reader, expect_type, join

SIDES = ("friendly", "rival", "any")
ZONES = ("field", "legends", "gears", "hand", "trash")
TYPES = ("unit", "gear", "program", "legend")
WORDS = ("self", "this_gear", "it", "friendly_unit", "rival_unit", "any_unit")


@dataclass(frozen=True)
class Filter:
    """Which cards an effect may choose."""

    side: str = "friendly"
    zone: str = "field"
    type: str = ""
    name: str = ""
    tags: tuple[str, ...] = ()            # any of these tags
    color: str = ""
    power_at_most: int | None = None
    power_at_least: int | None = None
    cost_at_most: int | None = None
    cost_at_least: int | None = None
    spent: bool | None = None
    equipped: bool | None = None
    face_up: bool | None = None
    other: bool = False                   # "another": not the source itself
    count: int = 1                        # how many to choose (as many as possible, 10.31.2)
    up_to: bool = False                   # "up to count": 0 is allowed
    all: bool = False                     # every matching card, no choice


@dataclass(frozen=True)
class Facts:
    """What a filter can see of one card."""

    uid: str
    name: str
    type: str
    controller: str               # or owner for cards out of play
    zone: str
    power: int                    # effective (a negative value counts as 0)
    cost: int | None
    tags: frozenset[str]
    color: str
    spent: bool
    equipped: bool
    face_up: bool


def parse_filter(raw: Any, path: str) -> Filter:
    r = Reader(raw, path)
    side = r.get("side", str, "friendly", SIDES)
    zone = r.get("zone", str, "field", ZONES)
    ctype = r.get("type", str, "", TYPES + ("",))
    name = r.get("name", str, "")
    tags_raw = r.get("tags", (list, str), [])
    tags = [tags_raw] if isinstance(tags_raw, str) else tags_raw
    for i, t in enumerate(tags):
        expect_type(t, str, join(r.at("tags"), i))
    color = r.get("color", str, "")
    vals = {k: r.get(k, int, None) for k in ("power_at_most", "power_at_least", "cost_at_most", "cost_at_least")}
    flags = {k: r.get(k, bool, None) for k in ("spent", "equipped", "face_up")}
    other = r.get("other", bool, False)
    count = r.get("count", int, 1)
    up_to = r.get("up_to", bool, False)
    every = r.get("all", bool, False)
    r.finish()
    if count < 1:
        raise SpecError(r.at("count"), "must be at least 1")
    return Filter(side, zone, ctype, name, tuple(t.upper() for t in tags), color.lower(), **vals,
                  **flags, other=other, count=count, up_to=up_to, all=every)


def parse_target(raw: Any, path: str, words: tuple[str, ...] = WORDS) -> str | Filter:
    if isinstance(raw, str):
        if raw not in words:
            from .schema import did_you_mean
            raise SpecError(path, f"{raw!r} is not a target word ({', '.join(words)}) or a table",
                            did_you_mean(raw, words))
        return raw
    return parse_filter(raw, path)


def matches(f: Filter, x: Facts, chooser: str, source: str) -> bool:
    """Does the card described by `x` pass filter `f` for the player `chooser`?"""
    if f.side == "friendly" and x.controller != chooser:
        return False
    if f.side == "rival" and x.controller == chooser:
        return False
    if f.zone != x.zone:
        return False
    if f.type:
        # Legends on the field are Units too (4.2.1)
        if not (x.type == f.type or (f.type == "unit" and x.type == "legend" and x.zone == "field")):
            return False
    if f.name and x.name != f.name:
        return False
    if f.tags and not (set(f.tags) & {t.upper() for t in x.tags}):
        return False
    if f.color and x.color != f.color:
        return False
    if f.power_at_most is not None and x.power > f.power_at_most:
        return False
    if f.power_at_least is not None and x.power < f.power_at_least:
        return False
    if f.cost_at_most is not None and (x.cost is None or x.cost > f.cost_at_most):
        return False
    if f.cost_at_least is not None and (x.cost is None or x.cost < f.cost_at_least):
        return False
    if f.spent is not None and x.spent != f.spent:
        return False
    if f.equipped is not None and x.equipped != f.equipped:
        return False
    if f.face_up is not None and x.face_up != f.face_up:
        return False
    if f.other and x.uid == source:
        return False
    return True


def describe(f: Filter) -> Any:
    """A short gloss of a filter for trace lines, in the step's language (catalogue words:
    `[engine_step] filter.*`)."""
    from .trace import Names, Phrase
    parts: list[Any] = [""]
    if f.tags:
        parts.append("[" + "/".join(f.tags) + "]")
    for key in ("power_at_most", "power_at_least", "cost_at_most", "cost_at_least"):
        if getattr(f, key) is not None:
            parts.append(Phrase(f"filter.{key}", n=getattr(f, key)))
    if f.spent is not None:
        parts.append(Phrase("filter.spent" if f.spent else "filter.ready"))
    if f.equipped is not None:
        parts.append(Phrase("filter.equipped" if f.equipped else "filter.not_equipped"))
    if f.other:
        parts.append(Phrase("filter.other"))
    return Phrase("filter.base", zone=Phrase(f"filter.zone.{f.zone}"), side=Phrase(f"filter.side.{f.side}"),
                  type=Phrase(f"filter.type.{f.type or 'card'}"), extra=Names(parts, " "))
