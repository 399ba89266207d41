"""A Gig whose value an effect changed, read from a Street Cred question: "Bir etki 8'i 2
azalttı", "rakibin etkisi 9'u 3'e düşürdü", "bir etki onu 5 yaptı", "an effect decreased it
by 3", "increased the 4 to 6"; and the die a Gig value stands on ("d6 Gig'im 2", "my d8 gig
shows 5").

Why its own module: a change is valid only to a value on the die's faces (official 6.4.4)
and never to the value the Gig already has (6.4.5). A die not said is any die that can show
the old value: an increase is read only when every such die has the new value ("4 → 6" may
be a d4: no ruling). What is not read safely raises `Unclear`; every word read goes to
`reading.consumed`.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from .lexicon import Item, Reading

SIZES = (4, 6, 8, 10, 12, 20)
_SET_TR = ("yap", "cevir", "ayarla", "degistir", "getir")
_SET_EN = frozenset({"set", "sets", "made", "makes", "turned", "turns", "changed", "changes",
                     "adjusted", "adjusts"})
_UP_EN = frozenset({"raised", "raises", "raise", "increased", "increases", "increase", "upped"})
_DOWN_EN = frozenset({"decreased", "decreases", "decrease", "lowered", "lowers", "reduced",
                      "reduces", "dropped", "drops"})
_PRONOUN = frozenset({"onu", "bunu", "it", "this", "that", "sunu"})
_ONE_OF = frozenset({"birini", "birisini", "birini"})
_ACCUSATIVE = ("i", "u", "yi", "yu", "ni", "nu")
_DATIVE = ("e", "a", "ye", "ya")
_ABLATIVE = ("ten", "den", "tan", "dan")
_EN_LINK = frozenset({"the", "to", "by", "from", "a", "an", "of"})


@dataclass
class Adjust:
    """One Gig's value changed by an effect: from `old` to `new`, on a die of `size` sides
    (0: not said)."""

    old: int
    new: int
    size: int = 0


def gig_sizes(reading: Reading) -> dict[int, int]:
    """"d6 Gig'im 2'ydi", "my d8 gig shows 5", "d8'im 5": the die a Gig value stands on, as
    {index of the value's number: sides}. Only a die followed, in its part, by Gig or value
    words and then the number."""
    items = reading.items
    out: dict[int, int] = {}
    for die in reading.dice:
        k = die.i + 1
        while k < len(items) and k - die.i <= 4 and items[k].part == die.part:
            it = items[k]
            if it.number is not None:
                if not it.sign:
                    out[it.i] = die.die
                    reading.consumed.add(die.i)
                break
            if it.die is not None or not (reading.at(k) & {"gig", "values", "yesno"}
                                          or it.key in ("is", "was", "a", "shows", "showing")):
                break
            k += 1
    return out


def _change_parts(reading: Reading) -> list[tuple[int, int, str]]:
    """(part, verb index, "up"/"down"/"set") for each part that says a value changed. A
    "set" verb ("yaptı", "made") counts only beside an effect word ("Street Cred'im kaç
    yapar?" is a sum)."""
    effect_parts = {reading.items[m.start].part for m in reading.of("effect")}
    out = []
    for it in reading.items:
        at = reading.at(it.i)
        key = it.key
        way = None
        if key in _UP_EN or (reading.language != "en" and "increase" in at
                             and key.startswith(("art", "yuksel"))):
            way = "up"
        elif key in _DOWN_EN or (reading.language != "en" and "reduction" in at
                                 and key.startswith(("azal", "dusur", "indir", "eksilt"))):
            way = "down"
        elif (key in _SET_EN or (reading.language != "en" and key.startswith(_SET_TR))) \
                and it.part in effect_parts:
            way = "set"
        if way is not None:
            out.append((it.part, it.i, way))
    return out


def read_adjustments(reading: Reading, values: list[Item],
                     sizes: dict[int, int]) -> tuple[list[Adjust], set[int]]:
    """The changes the question states, and the indices of the numbers they use (amounts
    and new values; an old value named again, "8'i", is used too). `values` are the Gig
    value numbers said before the changes."""
    from .families import Unclear
    items = reading.items
    changes = _change_parts(reading)
    if not changes:
        return [], set()
    if len({p for p, _, _ in changes}) != len(changes):
        raise Unclear("econ.gig_change")
    effect_parts = {items[m.start].part for m in reading.of("effect")}
    out: list[Adjust] = []
    used: set[int] = set()
    spans = set()
    for part, _, _ in changes:
        if part in effect_parts:
            first = min(m.start for m in reading.of("effect") if items[m.start].part == part)
            spans |= {it.i for it in items if it.part == part and it.i > first}
    values = [v for v in values if v.i not in spans]
    for part, verb, way in changes:
        if part not in effect_parts:
            raise Unclear("econ.gig_change")      # a change no effect is said to make
        effect = min(m.start for m in reading.of("effect") if items[m.start].part == part)
        span = [it for it in items if it.part == part and it.i > effect]
        old: int | None = None
        old_at: int | None = None
        amount: int | None = None
        new: int | None = None
        for it in span:
            before = items[it.i - 1].key if it.i > 0 else ""
            if it.number is not None and not it.sign:
                suffix = it.suffix
                if reading.language == "en":
                    role = {"the": "old", "to": "new", "by": "amount", "from": "old"}.get(before)
                elif suffix.startswith(_ABLATIVE) or suffix in _ACCUSATIVE \
                        or suffix.startswith(("ini", "unu")):
                    role = "old"
                elif suffix in _DATIVE:
                    role = "new"
                elif not suffix:
                    role = "new" if way == "set" else "amount"
                else:
                    role = None
                if role is None:
                    raise Unclear("econ.gig_change")
                if role == "old":
                    if old is not None:
                        raise Unclear("econ.gig_change")
                    old, old_at = it.number, it.i
                elif role == "new":
                    if new is not None:
                        raise Unclear("econ.gig_change")
                    new = it.number
                else:
                    if amount is not None:
                        raise Unclear("econ.gig_change")
                    amount = it.number
                used.add(it.i)
                if before in _EN_LINK:
                    reading.consumed.add(it.i - 1)
            elif it.key in _PRONOUN and old is None:
                old_at = _the_one(reading, values, it)
                old = items[old_at].number
                reading.consumed.add(it.i)
            elif it.key in _ONE_OF and old is None:
                same = {v.number for v in values}
                if len(same) != 1:
                    raise Unclear("econ.gig_change")    # "birini" of different values
                old, old_at = values[0].number, values[0].i
                reading.consumed.add(it.i)
        if old is None:
            raise Unclear("econ.gig_change")
        if amount is not None and new is not None:
            raise Unclear("econ.gig_change")
        if amount is not None:
            new = old + amount if way == "up" else old - amount if way == "down" else None
        if new is None or new < 1:
            raise Unclear("econ.gig_change")
        if (way == "up" and new <= old) or (way == "down" and new >= old) or new == old:
            raise Unclear("econ.gig_change")      # 6.4.5: never to the value it has
        size = sizes.get(old_at, 0) if old_at is not None else 0
        if old_at is not None and old_at not in {v.i for v in values}:
            size = size or _size_of_named(values, sizes, old)
        smallest = size or next((s for s in SIZES if s >= old), 0)
        if not smallest or new > smallest or old > smallest:
            raise Unclear("econ.gig_face")         # 6.4.4: the new value may not be on it
        reading.consumed.update({verb, effect} | {k for k in range(effect, verb + 1)
                                                  if items[k].key in ("bir", "an", "a")})
        out.append(Adjust(old, new, size))
    return out, used


def _size_of_named(values: list[Item], sizes: dict[int, int], old: int) -> int:
    """The die of the listed Gig an old value names again ("8'i"): known only when every
    Gig with that value is on the same die."""
    found = {sizes.get(v.i, 0) for v in values if v.number == old}
    return found.pop() if len(found) == 1 else 0


def _the_one(reading: Reading, values: list[Item], pronoun: Item) -> int:
    """The value "onu"/"it" stands for: the one Gig value said before it, in its part or
    the part just before."""
    from .families import Unclear
    near = [v for v in values if v.i < pronoun.i and v.part in (pronoun.part, pronoun.part - 1)]
    if len(near) != 1:
        raise Unclear("econ.gig_change")
    return near[0].i
