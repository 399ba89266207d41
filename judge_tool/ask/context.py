"""Numbers that are context: said in the question, unable to change what is asked.

Issue 11: every number is either used by the family that answers or reported as not
understood. A few kinds of number, tied to their words without doubt, are a third case
in the families whose rule cannot read them: the turn's number ("turn 3", "3. turdayım")
and the cards in a hand ("elimde 2 kart var", "2 cards in my hand"). A steal count is
the attacker's power (9.23.2), a fight compares powers (9.17), Street Cred adds the Gig
values (11.2.1): no turn number and no hand size enters them. The question is answered and
the number is shown among the understood lines as context, never silently dropped.

Conservative by design: a number with a sign, a number the family used, or a number with a
power, cost or reduction word beside it is never context; a draw, deck or win question never
reads a hand size as context (hand and deck decide those).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .lexicon import Reading

# kind -> the families whose rule cannot read that number
FAMILIES = {
    # the d20 may be chosen only when no other Gig is left in the fixer area (8.6.5.1.1):
    # the fixer area decides, never the turn's number or the hand
    "turn": frozenset({"steal", "fight", "street_cred", "attack", "d20"}),
    "hand": frozenset({"steal", "fight", "street_cred", "attack", "d20"}),
    # a Unit's cost: a steal count, a fight and an attack's legality read power, Lag,
    # readiness and targets (9.3, 9.17, 9.23.2), never what the Unit cost to play
    "cost": frozenset({"steal", "fight", "attack", "blocker"}),
}
# An attack's legality reads no turn's number, but on a player's first turn (turn 1 or 2,
# whoever counts) every Unit of theirs was played this turn and lags (11.3.1): only a later
# turn's number is context there.
MIN_TURN = {"attack": 3}

_DIGITS = re.compile(r"(\d+)([a-z]*)")
_TURN_EN = ("turn", "round")
# "turn 3 teyim", "turn 3'teyim", "turn 3te": the locative with "I am" / "we are"
_COPULA = frozenset({"te", "de", "ta", "da", "teyim", "deyim", "tayim", "dayim", "teyiz",
                     "deyiz", "tayiz", "dayiz", "tesin", "desin", "tayken", "teyken"})
# "3. tur", "3. turdayım", "3. turumda", "3rd turn": the turn, and where one stands in it
_TURN_TR = frozenset({"tur", "turda", "turdayim", "turdayiz", "turdasin", "turumda",
                      "turumdayim", "turunda", "turundayim", "turundayiz", "turdeyim"})
_ORDINAL_EN = ("st", "nd", "rd", "th")
_HAND_TR = frozenset({"elimde", "elinde", "elimizde"})
_CARD_TR = frozenset({"kart", "kartim", "kartimiz", "karti"})
_CARD_EN = frozenset({"card", "cards"})
_HAND_EN = frozenset({"hand"})
_OWNER_EN = frozenset({"my", "his", "her", "their", "your", "the"})
# a word beside the number that says it is a power, a cost or a change of one
_NEAR = frozenset({"power", "cost", "reduce", "reduction", "discount", "gig", "gig_area",
                   "eddie", "ram", "damage"})

_POWER = _NEAR - {"gig", "gig_area"}
_NOT_COST = _NEAR - {"cost", "eddie"}
# words that put a cost question in play: then a cost is never context
_COST_CHANGE = frozenset({"reduction", "increase", "reduce", "discount"})


@dataclass(frozen=True)
class Context:
    """One context number: its kind ("turn", "hand"), value and the words it took."""

    kind: str
    value: int
    words: frozenset[int]


def context_numbers(reading: Reading, family: str, used: set[int],
                    vouched: set[int] = frozenset(), lag_said: bool = False) -> list[Context]:
    """The context numbers of `reading` for `family`, in question order (see the module);
    `vouched`: numbers the family itself knows cannot change its answer (`Call.context`:
    the attacker's own Gigs in a steal count), each with the Gig word after it;
    `lag_said`: the question says whether the Unit lags, so no turn's number can."""
    out: list[Context] = []
    items = reading.items
    for k in sorted(vouched - used):
        words = {k, k + 1} if k + 1 < len(items) and "gig" in reading.at(k + 1) else {k}
        if not items[k].sign and not any(_near_power(reading, j, _POWER) for j in words):
            out.append(Context("gigs", items[k].number, frozenset(words)))
    for kind, finder in (("turn", _turns), ("hand", _hands), ("cost", _costs)):
        if family not in FAMILIES[kind]:
            continue
        for value, words in finder(reading):
            # a Gig word may follow a turn ("3. turumda Gig'lerim"), never a hand's cards;
            # a cost's own word is beside it by definition
            near = {"turn": _POWER, "hand": _NEAR, "cost": _NOT_COST}[kind]
            if words & used or any(_near_power(reading, k, near) for k in words):
                continue
            if kind == "turn" and value < MIN_TURN.get(family, 0) and not lag_said:
                continue
            out.append(Context(kind, value, frozenset(words)))
    taken: set[int] = set()
    kept = []
    for c in sorted(out, key=lambda c: min(c.words)):
        if not c.words & taken:
            kept.append(c)
            taken |= c.words
    return kept


def _near_power(reading: Reading, k: int, near: frozenset[str] = _NEAR) -> bool:
    """A power, cost or Gig word right beside word `k` of the phrase, or a signed number."""
    items = reading.items
    if items[k].sign:
        return True
    for j in (k - 1, k + 1):
        if 0 <= j < len(items) and items[j].clause == items[k].clause and \
                reading.at(j) & near:
            return True
    return False


def _free_after(reading: Reading, k: int) -> bool:
    """Nothing after word `k` in its clause is a game word: "turn 3 gigs" is no turn."""
    items = reading.items
    if k + 1 >= len(items) or items[k + 1].clause != items[k].clause:
        return True
    from .account import GRAMMAR
    nxt = items[k + 1]
    return nxt.number is None and nxt.die is None and not (reading.at(k + 1) - GRAMMAR)


def _turns(reading: Reading) -> list[tuple[int, set[int]]]:
    from .lexicon import tr_turn_number, turn_form
    items = reading.items
    out = []
    for a, b in zip(items, items[1:]):
        # "turn 3", "turn 3teyim", "turn 3 teyim": the reader keeps the number as a word
        m = _DIGITS.fullmatch(b.key)
        if a.key == "tur" and m and tr_turn_number(items, a.i):
            out.append((int(m.group(1)), {a.i, b.i}))      # "Tur 6'dayız", "tur 5, …"
            continue
        if a.key in _TURN_EN and m and b.number is None and b.clause == a.clause \
                and not b.sign and (not m.group(2) or m.group(2) in _COPULA):
            words, last = {a.i, b.i}, b.i
            if not m.group(2) and last + 1 < len(items) and items[last + 1].key in _COPULA \
                    and items[last + 1].clause == b.clause:
                last += 1
                words.add(last)
                out.append((int(m.group(1)), words))      # a copula closes the phrase
            elif _free_after(reading, last):
                out.append((int(m.group(1)), words))
            continue
        # "3. tur", "üçüncü turdayım", "3rd turn": an ordinal (never "3 tur": three turns)
        ordinal = a.suffix == "." or (a.key[:1].isdigit() and a.suffix in _ORDINAL_EN)
        # the reader keeps "3. tur" as words (lexicon._turn_numbers): the digits say the value
        digits = _DIGITS.fullmatch(a.key)
        value = a.number if a.number is not None else (int(digits.group(1)) if digits else None)
        if value is not None and value > 0 and ordinal and b.clause == a.clause and (
                b.key in _TURN_TR or b.key in _TURN_EN or turn_form(b.key)) and (
                b.key not in ("tur", *_TURN_EN) or _free_after(reading, b.i)):
            # "3. turumda": the locative closes the phrase; a bare "3. tur" or "3rd turn"
            # must not run into a game word
            out.append((value, {a.i, b.i}))
    return out


def _hands(reading: Reading) -> list[tuple[int, set[int]]]:
    """"elimde 2 kart (var)", "2 cards in (my) hand", "my hand has 2 cards"."""
    items = reading.items
    n = len(items)
    out = []

    def at(k: int) -> str:
        return items[k].key if 0 <= k < n else ""

    for it in reading.numbers:
        k = it.i
        if it.sign or it.suffix or it.number < 0:
            continue
        same = [j for j in range(k - 2, k + 5) if 0 <= j < n and items[j].clause == it.clause]
        if at(k - 1) in _HAND_TR and at(k + 1) in _CARD_TR and {k - 1, k + 1} <= set(same):
            out.append((it.number, {k - 1, k, k + 1}))
        elif at(k + 1) in _CARD_EN and at(k + 2) == "in" and k + 2 in same:
            end = k + 3 + (at(k + 3) in _OWNER_EN)
            if at(end) in _HAND_EN and end in same:
                out.append((it.number, set(range(k, end + 1))))
        elif at(k - 1) == "has" and at(k - 2) in _HAND_EN and at(k + 1) in _CARD_EN \
                and {k - 2, k + 1} <= set(same):
            out.append((it.number, {k - 2, k - 1, k, k + 1}))
    return out


def _costs(reading: Reading) -> list[tuple[int, set[int]]]:
    """A Unit's cost said beside its cost word: "3 maliyetli", "4 bedelli", "5 eddie
    maliyetli", "maliyeti 3", "a 4-cost unit", "costs 5". Never when a reduction or an
    increase is said (a cost question is then in play) and never with a sign."""
    if any(reading.has(c) for c in _COST_CHANGE):
        return []
    items = reading.items
    n = len(items)
    out = []

    def cost_at(k: int, clause: int) -> bool:
        return 0 <= k < n and items[k].clause == clause and "cost" in reading.at(k)

    for it in reading.numbers:
        k = it.i
        if it.sign or it.number < 0:
            continue
        eddie = k + 1 < n and items[k + 1].clause == it.clause and items[k + 1].number is None \
            and "pay" in reading.at(k + 1) and items[k + 1].key.startswith("eddie")
        after = k + 1 + eddie
        if cost_at(after, it.clause):
            out.append((it.number, set(range(k, after + 1))))
        elif cost_at(k - 1, it.clause) and not cost_at(k + 1, it.clause) \
                and not (k >= 2 and items[k - 2].number is not None) \
                and not (k + 1 < n and items[k + 1].clause == it.clause
                         and "power" in reading.at(k + 1)):
            # "maliyeti 3", "costs 5"; not "4-cost 17 power" (the 17 is the power)
            words = {k - 1, k}
            if k >= 2 and items[k - 2].clause == it.clause and items[k - 2].number is None \
                    and reading.at(k - 2) & {"card", "unit"}:
                words.add(k - 2)        # "Kartın bedeli 6": whose cost, in the genitive
            out.append((it.number, words))
    return out


def cost_numbers(reading: Reading) -> set[int]:
    """The numbers `_costs` reads as a Unit's cost: a steal or fight family leaves them
    unread (never a power or a Gig count), and `context_numbers` shows them."""
    return {k for _, words in _costs(reading) for k in words
            if reading.items[k].number is not None}
