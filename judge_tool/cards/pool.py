"""The card pool: one TOML file per set under cards/ (judge_tool/_data/cards when
installed), read strictly (unknown keys, wrong types and bad choices are `file:line`
errors) into immutable `CardFacts`.

A card's effects are stored in the rules engine's own format and parsed by the engine
(`engine.effects.parse_effect`), so the pool can never hold an effect the engine would
read differently. A card the engine cannot express yet says so (`unsupported`) and has
no effects: never half of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, Iterator

from ..resources import data_path

if TYPE_CHECKING:
    from ..engine.effects import EffectDef

# the engine's modules (and tomllib) are imported when cards are loaded, not when this
# module is: `card_names()` (for `judge rule`) needs none of them

TYPES = ("unit", "gear", "program", "legend")
COLORS = ("red", "yellow", "green", "blue")
PRINTED_TRIGGERS = ("PLAY", "ATTACK", "DEFEATED", "CALL")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_FILE_BYTES = 2_000_000


class CardDataError(Exception):
    """The shipped card data is malformed: `file:line: message`."""

    def __init__(self, file: str, line: int, message: str) -> None:
        self.file, self.line, self.message = file, line, message
        super().__init__(f"{file}:{line}: {message}" if line else f"{file}: {message}")


@dataclass(frozen=True)
class CardFacts:
    """One card of the pool: printed facts and what it does, in the engine's format."""

    slug: str
    name: str
    subtitle: str
    type: str
    color: str
    cost: int | None
    power: int | None
    ram: int | None
    sell_tag: bool
    tags: tuple[str, ...]
    keywords: tuple[str, ...]
    mentions: tuple[str, ...]
    triggers: tuple[str, ...]
    set: str
    number: str
    rarity: str
    unsupported: str
    effects_raw: tuple[dict, ...] = field(default=(), compare=False, repr=False)
    file: str = field(default="", compare=False)

    @property
    def display(self) -> str:
        """The full printed name: "Adam Smasher: Ender of Legends"."""
        return f"{self.name}: {self.subtitle}" if self.subtitle else self.name

    @property
    def expressible(self) -> bool:
        return not self.unsupported

    @property
    def collector(self) -> str:
        return f"{self.set} {self.number}"

    def effects(self, name: str | None = None) -> tuple[EffectDef, ...]:
        """The engine's effect objects; `name` is the card's name as a scenario wrote it
        (default effect labels are built from it)."""
        from ..engine.effects import parse_effect
        from ..engine.schema import join
        shown = name or self.display
        return tuple(parse_effect(e, join(join("cards", self.slug), "effects") + f"[{i}]", shown, self.type, i)
                     for i, e in enumerate(self.effects_raw))

    def to_dict(self) -> dict:
        return {
            "slug": self.slug, "name": self.name, "subtitle": self.subtitle or None,
            "display_name": self.display, "type": self.type, "color": self.color,
            "cost": self.cost, "power": self.power, "ram": self.ram, "sell_tag": self.sell_tag,
            "tags": list(self.tags), "keywords": list(self.keywords), "mentions": list(self.mentions),
            "triggers": list(self.triggers), "set": self.set, "number": self.number,
            "rarity": self.rarity, "expressible": self.expressible,
            "unsupported": self.unsupported or None, "effects": [dict(e) for e in self.effects_raw],
        }


class Pool:
    """All cards, in file order, with the set names."""

    def __init__(self, cards: list[CardFacts], sets: dict[str, str],
                 publisher_sets: dict[str, str] | None = None) -> None:
        self.cards = cards
        self.sets = sets                          # code -> display name
        self.publisher_sets = publisher_sets or {}  # publisher's set code -> our code
        self.by_slug = {c.slug: c for c in cards}

    def __iter__(self) -> Iterator[CardFacts]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, slug: str) -> CardFacts | None:
        return self.by_slug.get(slug)


def _read(path: Path) -> tuple[str, dict]:
    import tomllib
    if path.stat().st_size > MAX_FILE_BYTES:
        raise CardDataError(str(path), 0, f"larger than {MAX_FILE_BYTES} bytes")
    text = path.read_text(encoding="utf-8")
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        raise CardDataError(str(path), int(m.group(1)) if m else 0, f"TOML syntax: {exc}") from None


def _card(slug: str, raw: Any, set_code: str, path: str) -> CardFacts:
    from ..engine.effects import parse_effect
    from ..engine.errors import SpecError
    from ..engine.schema import Reader, did_you_mean, expect_type, join
    from ..engine.state import KEYWORDS
    if not SLUG_RE.match(slug):
        raise SpecError(path, f"{slug!r} is not a slug (lower-case letters, digits, hyphens)")
    r = Reader(raw, path)
    name = r.get("name", str)
    subtitle = r.get("subtitle", str, "")
    ctype = r.get("type", str, choices=TYPES)
    color = r.get("color", str, choices=COLORS)
    cost = r.get("cost", int, None)
    power = r.get("power", int, None)
    ram = r.get("ram", int, None)
    sell_tag = r.get("sell_tag", bool, False)
    tags = r.get("tags", list, [])
    keywords = r.get("keywords", list, [])
    mentions = r.get("mentions", list, [])
    triggers = r.get("triggers", list, [])
    number = r.get("number", str)
    rarity = r.get("rarity", str, "")
    unsupported = r.get("unsupported", str, "")
    effects = r.get("effects", list, [])
    r.finish()
    for key, items, allowed in (("tags", tags, None), ("keywords", keywords, KEYWORDS),
                                ("mentions", mentions, KEYWORDS), ("triggers", triggers, PRINTED_TRIGGERS)):
        for i, item in enumerate(items):
            expect_type(item, str, join(r.at(key), i))
            if allowed is not None and item not in allowed:
                raise SpecError(join(r.at(key), i), f"unknown {key[:-1]} {item!r}", did_you_mean(item, allowed))
        if len(set(items)) != len(items):
            raise SpecError(r.at(key), f"a {key[:-1]} is listed twice")
    for key, value in (("cost", cost), ("power", power), ("ram", ram)):
        if value is not None and value < 0:
            raise SpecError(r.at(key), "cannot be negative")
    if ctype in ("unit", "gear", "program") and cost is None:
        raise SpecError(r.at("cost"), f"a {ctype} has a printed cost")
    if ctype == "legend" and (cost is None) != (power is None):
        raise SpecError(r.at("cost"), "a GO SOLO Legend prints a cost and a power; others neither")
    if ctype == "legend" and cost is not None and "GO SOLO" not in keywords:
        raise SpecError(r.at("keywords"), "a Legend with a cost has GO SOLO")
    if ctype in ("unit", "gear") and power is None:
        raise SpecError(r.at("power"), f"a {ctype} has a printed power")
    if ctype == "program" and power is not None:
        raise SpecError(r.at("power"), "a Program has no power")
    if unsupported and effects:
        raise SpecError(r.at("effects"), "an unsupported card has no effects (never a half encoding)")
    card = CardFacts(slug, name, subtitle, ctype, color, cost, power, ram, sell_tag, tuple(tags),
                     tuple(keywords), tuple(mentions), tuple(triggers), set_code, number, rarity,
                     unsupported, tuple(effects))
    for i, eff in enumerate(effects):
        parse_effect(eff, join(r.at("effects"), i), card.display, ctype, i)
        trig = eff.get("trigger") if isinstance(eff, dict) else None
        for t in ([trig] if isinstance(trig, str) else trig or []):
            if t in PRINTED_TRIGGERS and t not in triggers:
                raise SpecError(join(r.at("effects"), i), f"trigger {t} is not in the card's printed triggers")
    return card


def load_folder(folder: Path) -> Pool:
    from ..engine.errors import SpecError
    from ..engine.lines import LineMap
    from ..engine.schema import Reader, did_you_mean, expect_type, join
    sets_file = folder / "sets.toml"
    sets: dict[str, str] = {}
    publisher: dict[str, str] = {}
    if sets_file.is_file():
        text, data = _read(sets_file)
        try:
            for code, raw in data.items():
                r = Reader(raw, code)
                sets[code] = r.get("name", str)
                for i, p in enumerate(r.get("publisher", list, [])):
                    publisher[expect_type(p, str, join(r.at("publisher"), i))] = code
                r.finish()
        except SpecError as exc:
            raise CardDataError(str(sets_file), LineMap(text).find(exc.path), exc.render()) from None
    cards: list[CardFacts] = []
    names: dict[str, str] = {}
    slugs: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        if path.name == "sets.toml":
            continue
        text, data = _read(path)
        try:
            r = Reader(data, "")
            set_code = r.get("set", str)
            if sets and set_code not in sets:
                raise SpecError("set", f"unknown set {set_code!r}", did_you_mean(set_code, sets))
            table = r.get("cards", dict)
            r.finish()
            for slug, raw in table.items():
                where = join("cards", slug)
                card = _card(slug, raw, set_code, where)
                if slug in slugs:
                    raise SpecError(where, f"slug {slug!r} is already used in {slugs[slug]}")
                key = card.display.casefold()
                if key in names:
                    raise SpecError(join(where, "name"), f"{card.display!r} is already a card in {names[key]}")
                slugs[slug] = names[key] = path.name
                cards.append(CardFacts(**{**card.__dict__, "file": str(path)}))
        except SpecError as exc:
            # the line map is built only for the error message: loading stays cheap
            raise CardDataError(str(path), LineMap(text).find(exc.path), exc.render()) from None
    return Pool(cards, sets, publisher)


@lru_cache(maxsize=1)
def load_pool() -> Pool:
    """The shipped pool (cached for the process and in the compiled data cache)."""
    from ..datacache import cached
    return cached("cards:pool", lambda: load_folder(data_path("cards")), group="cards")


@dataclass(frozen=True)
class CardName:
    """Just a card's names: what finding card names in text needs."""

    slug: str
    name: str
    subtitle: str

    @property
    def display(self) -> str:
        return f"{self.name}: {self.subtitle}" if self.subtitle else self.name


_TABLE_RE = re.compile(r'^\[cards\.([a-z0-9-]+)\]\s*$')
_NAME_RE = re.compile(r'^(name|subtitle) = "([^"\\]*)"\s*$')   # no escapes in card names


@lru_cache(maxsize=1)
def card_names() -> tuple[CardName, ...]:
    """The cards' names read straight from the data files' `[cards.SLUG]`, `name = "…"`
    and `subtitle = "…"` lines: a few milliseconds instead of the full load (TOML parse
    and validation), for `judge rule` marking card names in rule text. A test checks it
    gives exactly the names `load_pool` reads."""
    from ..datacache import cached
    return cached("cards:names", _scan_card_names, group="cards")


def _scan_card_names() -> tuple[CardName, ...]:
    out: list[CardName] = []
    for path in sorted(data_path("cards").glob("*.toml")):
        slug, fields = None, {}
        for line in path.read_text(encoding="utf-8").splitlines():
            m = _TABLE_RE.match(line)
            if m or line.startswith("[["):
                if slug and "name" in fields:
                    out.append(CardName(slug, fields["name"], fields.get("subtitle", "")))
                slug, fields = (m.group(1) if m else None), {}
                continue
            n = _NAME_RE.match(line)
            if slug and n:
                fields[n.group(1)] = n.group(2)
        if slug and "name" in fields:
            out.append(CardName(slug, fields["name"], fields.get("subtitle", "")))
    return tuple(out)
