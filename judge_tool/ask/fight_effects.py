"""Card effects a fight question states in words (issue 11, combat): a Unit that "can't be
defeated" in a fight (official 9.19.3: it still loses the fight, it only is not defeated) and
an effect that says a Unit wins or loses the fight (9.17.4: it supersedes the power
comparison). The engine models both (scenarios 50, 53, 54): this module only reads which Unit
has which; anything it cannot place is no ruling."""

from __future__ import annotations

from .families import Unclear, _MY_UNIT, _my_suffix
from .lexicon import Reading

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

# "… kazandığını söylüyor", "… diyor", "an effect says …": the verb that reports a card's text
_SAYS = frozenset({"says", "said", "say", "states", "soyluyor", "soyler", "soyledi", "diyor",
                   "der", "dedi", "diyen", "yaziyor", "yazar"})
_ROLES = {"attacker": "attacker", "defender": "defender", "block": "defender"}
_RIVAL_EN = frozenset({"his", "her", "their", "theirs"})


def statuses(reading: Reading, owners: dict[str, str | None]) -> dict[str, Any]:
    """The engine arguments for the fight's card effects said in words: `{side}_undefeatable`
    (True) and `{side}_fight` ("win"/"lose"), side "attacker" or "defender". `owners` maps
    each side to "mine"/"rival" (or None), from the fight family's reading."""
    args: dict[str, Any] = {}
    for m in reading.of("undefeatable"):
        side = _holder(reading, m.start, m.end, owners)
        reading.consumed.update(range(m.start, m.end))
        args[f"{side}_undefeatable"] = True
    for e in reading.of("effect"):
        said = _effect_says(reading, e, owners)
        if said is None:
            continue
        side, result = said
        if args.get(f"{side}_fight", result) != result:
            raise Unclear("combat.effect_both_ways")
        args[f"{side}_fight"] = result
    for said in _card_says(reading, owners):
        side, result = said
        if args.get(f"{side}_fight", result) != result:
            raise Unclear("combat.effect_both_ways")
        args[f"{side}_fight"] = result
    if args.get("attacker_fight") == "win" and args.get("defender_fight") == "win":
        raise Unclear("combat.effect_both_win")
    return args


def _side_of_owner(owner: str, owners: dict[str, str | None]) -> str:
    sides = [side for side, o in owners.items() if o == owner]
    if len(sides) != 1:
        raise Unclear("combat.status_whose")
    return sides[0]


def _side_named_at(reading: Reading, k: int, owners: dict[str, str | None]) -> str | None:
    """The side word `k` names: a role word's ("savunan", "BLOCKER'ım" as the blocker), or
    an owned Unit word's by its owner; None when `k` is neither. Unclear for a Unit word
    whose owner is not said."""
    roles = [_ROLES[c] for c in reading.at(k) if c in _ROLES]
    if roles:
        return roles[0]
    if "unit" not in reading.at(k):
        return None
    owner = _unit_owner(reading, k)
    if owner is None:
        raise Unclear("combat.status_whose")
    return _side_of_owner(owner, owners)


def _unit_owner(reading: Reading, k: int) -> str | None:
    """Whose the Unit word at `k` is: "birimim", "birimimin", "BLOCKER'ım", "my … unit" ->
    "mine"; "rakibin birimi", "his unit" -> "rival"; None when not said."""
    items = reading.items
    if items[k].key in _MY_UNIT or _my_suffix(reading, k):
        return "mine"
    clause = items[k].clause
    for j in range(k - 1, max(-1, k - 5), -1):
        if items[j].clause != clause or reading.at(j) & {"unit", "effect", "attack", "block"}:
            break           # "rakibin etkisi birimin …": the owner of the effect, not the Unit
        if items[j].key in ("my", "benim"):
            return "mine"
        if "rival" in reading.at(j) or items[j].key in _RIVAL_EN:
            return "rival"
    return None


def _holder(reading: Reading, start: int, end: int, owners: dict[str, str | None]) -> str:
    """The Unit a status phrase at [start, end) describes: the role or Unit word before it
    in its clause ("savunan mağlup edilemez", "my 3 power unit can't be defeated", "Rakibin
    birimi çatışmada mağlup edilemez"), or the Unit word right after it ("yenilemez
    birimime"). Unclear when none, or when whose it is cannot be told."""
    items = reading.items
    clause = items[start].clause
    for k in range(start - 1, max(-1, start - 7), -1):
        if items[k].clause != clause:
            break
        side = _side_named_at(reading, k, owners)
        if side is not None:
            return side
    k = end
    if k < len(items) and items[k].clause == clause and "unit" in reading.at(k):
        owner = _unit_owner(reading, k)
        if owner is not None:
            return _side_of_owner(owner, owners)
    raise Unclear("combat.status_whose")


def _effect_says(reading: Reading, e, owners: dict[str, str | None]) -> tuple[str, str] | None:
    """"bir etki benim birimimin çatışmayı kazandığını söylüyor", "an effect says the
    defending unit wins this fight": (side, "win"/"lose"). None when the effect's clause
    reports no fight result (the effect stays unread); Unclear when it does but the Unit or
    the result is not read safely."""
    items = reading.items
    clause = items[e.start].clause
    here = [k for k in range(len(items)) if items[k].clause == clause]
    says = [k for k in here if items[k].key in _SAYS]
    results = [m for m in reading.of("win") + reading.of("lose")
               if items[m.start].clause == clause and "defeat" not in reading.at(m.start)]
    if not says or not results:
        return None
    # a number in what the effect says is no ruling; one before the effect word in its
    # clause ("Rakibin savunan birimi 2 güçlü ama bir etki …") is a Unit's power
    told = range(min(e.start, min(says)), max(says) + 1)
    if len(results) > 1 or any(items[k].number is not None for k in here if k in told):
        raise Unclear("combat.effect_unclear")
    r = results[0]
    result = "win" if r.concept == "win" else "lose"
    lo, hi = (e.end, r.start) if e.end <= r.start else (r.end, e.start)
    side = None
    for k in range(lo, hi):
        if "unit" in reading.at(k) and k > 0 and items[k - 1].key in _THAT \
                and not any(c in _ROLES for c in reading.at(k)):
            # "o birimin", "that unit": the Unit named last before the effect word
            side = _last_named(reading, e.start, owners)
            reading.consumed.add(k - 1)
            break
        side = _side_named_at(reading, k, owners)
        if side is not None:
            break
    if side is None and e.start >= 2 and items[e.start - 1].key in ("bir",) and \
            items[e.start - 2].key in _FOR and e.start >= 3 and items[e.start - 3].clause == clause:
        # "harcanmış 3 güçlü birimim için bir etki …": the Unit the effect is for
        side = _side_named_at(reading, e.start - 3, owners)
        if side is not None:
            reading.consumed.add(e.start - 2)
    if side is None:
        raise Unclear("combat.status_whose")
    reading.consumed.update(range(e.start, e.end))
    reading.consumed.update(range(r.start, r.end))
    reading.consumed.update(says)
    return side, result


_THAT = frozenset({"o", "that", "this", "bu", "su"})
_FOR = frozenset({"icin", "for"})


def _last_named(reading: Reading, before: int, owners: dict[str, str | None]) -> str:
    """The side of the Unit named last before word `before` ("Rakibin savunan birimi 2
    güçlü ama bir etki o birimin …": the defender); Unclear when it is not told."""
    for k in range(before - 1, -1, -1):
        side = _side_named_at(reading, k, owners)
        if side is not None:
            return side
    raise Unclear("combat.status_whose")


def says_result(reading: Reading) -> bool:
    """A clause that reports a card's text ("… diyor", "which says …") and names a fight
    result, with no effect word: the fight's card effect must be read (or no ruling)."""
    return bool(_says_clauses(reading))


def _says_clauses(reading: Reading) -> list[int]:
    items = reading.items
    effect = {reading.items[e.start].clause for e in reading.of("effect")}
    says = {it.clause for it in items if it.key in _SAYS} - effect
    return sorted(c for c in says if any(
        items[m.start].clause == c and "defeat" not in reading.at(m.start)
        for m in reading.of("win") + reading.of("lose")))


def _card_says(reading: Reading, owners: dict[str, str | None]) -> list[tuple[str, str]]:
    """"rakibin birimi 'çatışmayı kaybeder' diyor", "their unit which says it loses
    fights": a card's text reported without an effect word. The Unit word before the
    result, at the clause's start, holds it; a result in the past ("kazandı", "won": a
    claim, not a card's text), a number in the clause, a player as the one who says it
    ("rakip … diyor") or two results is no ruling."""
    items = reading.items
    found = []
    for c in _says_clauses(reading):
        here = [k for k in range(len(items)) if items[k].clause == c]
        results = [m for m in reading.of("win") + reading.of("lose")
                   if items[m.start].clause == c and "defeat" not in reading.at(m.start)]
        if len(results) > 1 or any(items[k].number is not None for k in here):
            raise Unclear("combat.effect_unclear")
        r = results[0]
        key = items[r.start].key
        if key in ("won", "lost", "win", "lose") or key.endswith(("di", "du", "ti", "tu", "mis", "mus")):
            raise Unclear("combat.effect_unclear")
        units = [k for k in here if k < r.start and reading.at(k) & ({"unit"} | set(_ROLES))]
        if not units or units[0] - here[0] > 2:
            raise Unclear("combat.status_whose")
        k = units[0]
        if any("rival" in reading.at(j) and not items[j].key.endswith(("in", "un", "s"))
               for j in here if j < k):
            raise Unclear("combat.status_whose")     # "rakip 'birimim kazanır' diyor": his words
        side = _side_named_at(reading, k, owners)
        if side is None:
            raise Unclear("combat.status_whose")
        reading.consumed.update(range(r.start, r.end))
        reading.consumed.update(k2 for k2 in here if items[k2].key in _SAYS)
        found.append((side, "win" if r.concept == "win" else "lose"))
    return found


def asks_inside(reading: Reading) -> bool:
    """A yes/no question whose last win/defeat word is the one an effect's text reports
    ("… diyor, kazanır mı?" could ask about the effect): not read safely."""
    events = [m.start for m in reading.matches if m.concept in ("defeat", "win", "lose", "survive")]
    return bool(events) and max(events) in reading.consumed
