"""Conditions as data: each `if` key is one small check returning (holds, Turkish gloss).

A check sees a `View`: the game, the effect's controller, its source card (or the last
known information of it) and the event (`trig`: the attacker, the defeated card, a die).
Adding a condition = one entry in CHECKS and one line in docs/scenarios.md.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Callable

from .rules_math import effective, street_cred
from .schema import Reader, expect_type, join
from .targets import parse_filter

if TYPE_CHECKING:
    from .game import Game
    from .state import Card


@dataclass
class View:
    """What a condition is checked against: the game, seen by one player."""

    game: "Game"
    controller: str
    card: "Card | None"
    snapshot: Any
    trig: dict

    def me(self):
        return self.game.p(self.controller)

    def them(self):
        from .state import rival
        return self.game.p(rival(self.controller))


def _yes(ok: bool) -> str:
    return "evet" if ok else "hayır"


def _sc(view: View, rival_side: bool) -> int | None:
    p = view.them() if rival_side else view.me()
    return street_cred(p.street_cred_values())


def _power(v: View, want: int):
    if v.card is not None:
        value = effective(v.game.power(v.card))
    elif v.snapshot is not None:
        value = effective(v.snapshot.power)
    else:
        value = 0
    return value >= want, f"güç {value} ≥ {want}: {_yes(value >= want)}"


def _power_at_most(v: View, want: int):
    value = effective(v.game.power(v.card)) if v.card is not None else (
        effective(v.snapshot.power) if v.snapshot is not None else 0)
    return value <= want, f"güç {value} ≤ {want}: {_yes(value <= want)}"


def _equipped(v: View, want: bool):
    has = bool(v.card.gears) if v.card is not None else bool(v.snapshot and v.snapshot.equipped)
    return has == want, f"kuşanmış: {_yes(has)}"


def _attacking(v: View, want: bool):
    att = v.card is not None and v.game.is_attacking(v.card)
    return att == want, f"saldırıyor: {_yes(att)}"


def _sc_at_least(v: View, want: int):
    sc = _sc(v, False)
    ok = sc is not None and sc >= want
    return ok, f"Street Cred {'Null' if sc is None else sc} ≥ {want}: {_yes(ok)}"


def _sc_at_most(v: View, want: int):
    sc = _sc(v, False)
    ok = sc is not None and sc <= want
    return ok, f"Street Cred {'Null' if sc is None else sc} ≤ {want}: {_yes(ok)}"


def _rival_sc_at_least(v: View, want: int):
    sc = _sc(v, True)
    ok = sc is not None and sc >= want
    return ok, f"rakip Street Cred {'Null' if sc is None else sc} ≥ {want}: {_yes(ok)}"


def _sc_vs_rival(v: View, want: str):
    mine, theirs = _sc(v, False), _sc(v, True)
    if mine is None or theirs is None:    # Null is not a number (2.10.2): no comparison holds
        ok = False
    else:
        ok = {"higher": mine > theirs, "lower": mine < theirs, "equal": mine == theirs,
              "at_least": mine >= theirs}[want]
    shown = lambda x: "Null" if x is None else x  # noqa: E731
    return ok, f"Street Cred {shown(mine)} / rakip {shown(theirs)} ({want}): {_yes(ok)}"


def _count(getter: Callable[[View], int], text: str, at_most: bool = False):
    def check(v: View, want: int):
        n = getter(v)
        ok = n <= want if at_most else n >= want
        return ok, f"{text} {n} {'≤' if at_most else '≥'} {want}: {_yes(ok)}"
    return check


def _gig_value_at_least(v: View, want: int):
    values = [d.value for d in v.me().gigs]
    ok = any(x >= want for x in values)
    return ok, f"değeri ≥ {want} dost Gig: {_yes(ok)}"


def _max_gigs(v: View, want: int):
    n = sum(1 for d in v.me().gigs if d.value == d.sides)
    return n >= want, f"en yüksek değerde Gig {n} ≥ {want}: {_yes(n >= want)}"


def _min_gigs(v: View, want: int):
    n = sum(1 for d in v.me().gigs if d.value == 1)     # the lowest value is always 1 (6.3.3)
    return n >= want, f"en düşük değerde Gig {n} ≥ {want}: {_yes(n >= want)}"


def _different_values(v: View, want: int):
    n = len({d.value for d in v.me().gigs})
    return n >= want, f"farklı değerli dost Gig {n} ≥ {want}: {_yes(n >= want)}"


@dataclass(frozen=True)
class GigCount:
    """`gigs_valued = { at_least = 8, count = 2 }`: n friendly Gigs with value ≥ v."""
    at_least: int
    count: int


def _gigs_valued(v: View, want: GigCount):
    n = sum(1 for d in v.me().gigs if d.value >= want.at_least)
    ok = n >= want.count
    return ok, f"değeri ≥ {want.at_least} dost Gig {n} ≥ {want.count}: {_yes(ok)}"


def _parse_gig_count(raw: Any, path: str) -> GigCount:
    r = Reader(raw, path)
    out = GigCount(r.get("at_least", int), r.get("count", int, 1))
    r.finish()
    return out


def _sc_even(v: View, want: bool):
    sc = _sc(v, False)
    if sc is None:      # Null Street Cred is neither even nor odd (5.11.4.1)
        return False, "Street Cred Null: ne çift ne tek"
    even = sc % 2 == 0
    return even == want, f"Street Cred {sc} çift: {_yes(even)}"


def _sc_differs_by(v: View, want: int):
    mine, theirs = _sc(v, False), _sc(v, True)
    ok = mine is not None and theirs is not None and abs(mine - theirs) >= want
    shown = lambda x: "Null" if x is None else x  # noqa: E731
    return ok, f"Street Cred {shown(mine)} / rakip {shown(theirs)}, fark ≥ {want}: {_yes(ok)}"


def _tags_of(key: str, text: str):
    def check(v: View, want: list[str]):
        tags = {t.upper() for t in v.trig.get(key + "_tags", ())}
        ok = bool(tags & {w.upper() for w in want})
        return ok, f"{text} etiketleri {sorted(tags) or '-'} ∋ {'/'.join(want)}: {_yes(ok)}"
    return check


def _controls(v: View, flt):
    cards = v.game.candidates(flt, v.controller, v.card.uid if v.card else "")
    ok = len(cards) >= flt.count
    return ok, f"uygun kart {len(cards)} ≥ {flt.count}: {_yes(ok)}"


def _controls_none(v: View, flt):
    """"All friendly Legends are face-up" = no face-down friendly Legend: true with none at all."""
    cards = v.game.candidates(flt, v.controller, v.card.uid if v.card else "")
    return not cards, f"uygun kart {len(cards)} = 0: {_yes(not cards)}"


# key -> (value type, check)
CHECKS: dict[str, tuple[type, Callable]] = {
    "power_at_least": (int, _power),
    "power_at_most": (int, _power_at_most),
    "equipped": (bool, _equipped),
    "attacking": (bool, _attacking),
    "street_cred_at_least": (int, _sc_at_least),
    "street_cred_at_most": (int, _sc_at_most),
    "rival_street_cred_at_least": (int, _rival_sc_at_least),
    "street_cred_vs_rival": (str, _sc_vs_rival),
    "hand_at_least": (int, _count(lambda v: len(v.me().hand), "elde kart")),
    "hand_at_most": (int, _count(lambda v: len(v.me().hand), "elde kart", True)),
    "gigs_at_least": (int, _count(lambda v: len(v.me().gigs), "Gig")),
    "gigs_at_most": (int, _count(lambda v: len(v.me().gigs), "Gig", True)),
    "rival_gigs_at_least": (int, _count(lambda v: len(v.them().gigs), "rakip Gig")),
    "rival_gigs_at_most": (int, _count(lambda v: len(v.them().gigs), "rakip Gig", True)),
    "gig_value_at_least": (int, _gig_value_at_least),
    "max_gigs_at_least": (int, _max_gigs),
    "min_gigs_at_least": (int, _min_gigs),
    "gigs_valued": (GigCount, _gigs_valued),
    "different_gig_values_at_least": (int, _different_values),
    "street_cred_even": (bool, _sc_even),
    "street_cred_differs_by_at_least": (int, _sc_differs_by),
    "units_at_least": (int, _count(lambda v: len(v.me().field), "dost birim")),
    "rival_units_at_least": (int, _count(lambda v: len(v.them().field), "rakip birim")),
    "trash_at_least": (int, _count(lambda v: len(v.me().trash), "çöpte kart")),
    "eddies_at_least": (int, _count(lambda v: v.me().eddies_ready + v.me().eddies_spent, "Eddie")),
    "attacker_tags": (list, _tags_of("attacker", "saldıran")),
    "defeated_tags": (list, _tags_of("defeated", "mağlup edilen")),
    "controls": (dict, _controls),
    "controls_none": (dict, _controls_none),
}
SC_VS = ("higher", "lower", "equal", "at_least")


def parse_conditions(r: Reader, key: str) -> dict:
    raw = r.get(key, dict, {})
    sub = Reader(raw, r.at(key))
    out: dict[str, Any] = {}
    for name, (typ, _check) in CHECKS.items():
        if not sub.has(name):
            sub.allowed.append(name)
            continue
        if typ is GigCount:
            out[name] = _parse_gig_count(sub.get(name, dict), sub.at(name))
            continue
        value = sub.get(name, typ)
        if name == "street_cred_vs_rival":
            from .schema import expect_choice
            expect_choice(value, SC_VS, sub.at(name))
        if typ is list:
            for i, x in enumerate(value):
                expect_type(x, str, join(sub.at(name), i))
            value = tuple(value)
        if typ is dict:
            value = parse_filter(value, sub.at(name))
        out[name] = value
    sub.finish()
    return out


def evaluate(conds: dict, view: View) -> tuple[bool, list[str]]:
    ok = True
    parts = []
    for key, want in conds.items():
        good, text = CHECKS[key][1](view, want)
        ok = ok and good
        if text:
            parts.append(text)
    return ok, parts
