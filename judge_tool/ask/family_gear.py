"""`judge ask` family: a Gear whose holder leaves the field. The Gear goes with the Unit to
the Unit's new area (defeated: the trash; returned: the hand; bottom-decked: the deck;
removed: out of the game), and there it is no longer equipped (official 4.12, 4.12.1,
11.6.1.2), so it does not come back with the Unit and cannot be moved to another Unit
(moving is for an equipped Gear, 11.6.6).

The situation is run as a scenario: a Unit equipped with a Gear leaves by a Program's effect
(defeat, return to hand, bottom-deck, remove), and where the Gear ended up is read.
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from .families import _COUNT_WORDS, Call, Unclear
from .family_util import deciding, run, words, yes_no
from .family_util import answer as make_answer
from .lexicon import Reading

NAME = "gear"
FORMS = ("outcome", "yesno", "none", "count")

UNIT, GEAR, OTHER, EVENT, MOVE = "Birim", "Gear", "Diğer Birim", "Olay", "Taşıma"
# the event's concept -> the engine verb and the area the Unit (and its Gear) goes to
_EVENTS = {"defeat": ("defeat", "trash"), "return_hand": ("return_to_hand", "hand"),
           "bottom": ("bottom_deck", "deck"), "removed": ("remove", "removed"),
           "shuffle": ("shuffle_into_deck", "deck")}


_PLACES = ("deck", "field", "area", "to_hand", "trash", "rival", "removed")
_FIGHT_WORDS = frozenset({"fight", "lose", "win", "go", "move"})


def _subject_is_unit(reading: Reading, concept: str) -> bool:
    """The event is said of the Unit, not of the Gear: the nearest content word before it
    in its clause is a Unit word ("Gear takılı birimim mağlup edildi", "my equipped unit
    is returned"), not a Gear word ("Gear mağlup edilirse", "the Gear is defeated")."""
    from .account import GRAMMAR, is_filler
    items = reading.items
    repeated = _repeated_place(reading, concept)
    for m in reading.of(concept):
        if m in repeated:
            continue                    # "… çıkarıldı; Gear'ım da oyundan çıkar mı?": asked
        if any(reading.at(k) & _HOLDER for k in range(m.start, m.end)):
            continue                    # "returns my unit to my hand": the event names it
        clause = items[m.start].clause
        for k in range(m.start - 1, -1, -1):
            if items[k].clause != clause:
                if _subject_carried(reading, clause):
                    break
                return False
            here = reading.at(k)
            if "unit" in here or "legend" in here:
                break                   # the holder: a Unit, or a Legend (4.12.2)
            if "gear" in here and "equip" not in here:
                j = k - 1
                while j >= 0 and j in reading.consumed:
                    j -= 1              # "with non-QUICK Gear": a stand-in's words
                if "with" in (items[j].key if j >= 0 else "", items[j - 1].key if j > 0 else ""):
                    continue            # "my unit with a Gear attached … is defeated"
                if any("equip" in reading.at(j) and items[j].clause == clause
                       for j in range(max(0, k - 3), k)) and reading.language == "en":
                    continue            # "my unit wearing / equipped with the Gear …"
                return False
            if concept in here or k in reading.consumed:
                continue                # "bounced back to my hand": the same event again;
                                        # "rakibin etkisiyle": how it left
            if here & set(_PLACES) or is_filler(items[k]) or not here or here <= GRAMMAR \
                    or here <= _FIGHT_WORDS:     # "loses a fight and gets defeated"
                continue
            if "equip" in here:
                continue
            return False
        else:
            if not _object_is_unit(reading, m):
                return False
    return True


def _subject_carried(reading: Reading, clause: int) -> bool:
    """"Birimim mağlup edilmedi, destenin altına kondu", "my unit was not defeated, it got
    bounced": a clause with no subject of its own (nothing before its event but filler
    words, read by the caller) carries the subject of the clause before, when that clause
    names the Unit and no Gear on its own."""
    items = reading.items
    before = [k for k in range(len(items)) if items[k].clause == clause - 1]
    if not before:
        return False
    if any("gear" in reading.at(k) and "equip" not in reading.at(k) for k in before):
        return False
    return any(reading.at(k) & _HOLDER for k in before)


_HOLDER = frozenset({"unit", "legend"})


def _object_is_unit(reading: Reading, m) -> bool:
    """English active voice: "an effect bottom-decks my equipped unit": nothing before the
    event says what left, and the first content word after it in its clause is a Unit
    word (past "my", "equipped", "the")."""
    from .account import GRAMMAR, is_filler
    if reading.language != "en":
        return False
    items = reading.items
    clause = items[m.start].clause
    for k in range(m.end, len(items)):
        if items[k].clause != clause:
            return False
        here = reading.at(k)
        if here & _HOLDER:
            return True
        if "gear" in here and "equip" not in here:
            return False
        if here <= {"equip", "gear"} | GRAMMAR or here & set(_PLACES) or is_filler(items[k]) \
                or k in reading.consumed:
            continue
        return False
    return False


def _event(reading: Reading) -> str | None:
    found = [e for e in _EVENTS if reading.has(e)]
    if reading.has("beat") and "defeat" not in found:
        found.append("defeat")          # "fightta yendi": the loser of a fight is defeated
    if "bottom" in found and not reading.has("deck"):
        found.remove("bottom")
    if "shuffle" in found and (not reading.has("deck") or "bottom" in found):
        found.remove("shuffle")         # shuffled into the deck; "random order" of a bottom-deck
    if len(found) > 1 and _asked_place(reading, "return_hand"):
        found.remove("return_hand")     # "… mağlup oldu, Gear elime döner mi?": the question
    # "birimim mağlup edilmedi ama elime döndü": an event said not to have happened is not
    # how the Unit left (its negation is read here); with no other event the Unit did not
    # leave at all, and where its Gear goes is not asked
    denied = [e for e in found if _denied(reading, e)]
    if denied and len(denied) == len(found):
        raise Unclear("gear.denied")
    found = [e for e in found if e not in denied]
    if len(found) > 1:
        raise Unclear("gear.several_ways")
    if not found:
        return None
    concept = "beat" if found[0] == "defeat" and not reading.has("defeat") else found[0]
    if not _subject_is_unit(reading, concept):
        raise Unclear("gear.unit_or_gear")
    return found[0]


def _denied(reading: Reading, event: str) -> bool:
    """Every mention of the event is negated ("mağlup edilmedi", "was not defeated")."""
    from .families import _negated
    found = reading.of(event)

    def negated(m) -> bool:
        # the widest match of the event over these words ("mağlup" and "mağlup edilmedi")
        end = max(x.end for x in found if x.start < m.end and m.start < x.end)
        # a negation word that is a word of the event's own cue ("yok edildi") negates nothing
        cue_words = {k for x in found if x.end - x.start > 1 for k in range(x.start, x.end)}
        inside = [k for k in range(m.start, end) if reading.items[k].neg_verb
                  or ("negation" in reading.at(k) and k not in cue_words)]
        reading.consumed.update(inside)     # "mağlup edilmedi": the negation is the cue's own
        return bool(inside) or _negated(reading, m.start, end)

    if not found or not all(negated(m) for m in found):
        return False
    for m in found:
        reading.consumed.update(range(m.start, m.end))
    return True


def _asked_place(reading: Reading, event: str) -> bool:
    """The event's words are what is asked of the Gear, not how the Unit left: all of them
    in the asking clause, after a Gear word ("Gear elime döner mi?")."""
    from .family_util import asked_clause
    found = reading.of(event)
    clause = asked_clause(reading)
    items = reading.items
    if not found or any(items[m.start].clause != clause for m in found):
        return False
    return any("gear" in reading.at(k) and items[k].clause == clause
               for k in range(found[0].start))


def _asked(reading: Reading) -> str | None:
    from .asked import asked_form
    form = asked_form(reading)
    if reading.has("where") and form in ("outcome", "none", "yesno"):
        return "where"
    if form != "yesno":
        return None
    if len(_offered_zones(reading)) > 1:
        return "where"                  # "elimde mi kalır çöpte mi?": which of the two
    if _stays_equipped(reading):
        return None                     # "elde takılı kalır mı?": still equipped, not where
    if _asked_zone(reading):
        return "goes"
    if _moves(reading):
        return "move"
    if reading.has("again_play"):
        return "equipped"
    if reading.has("stay") and reading.has("field"):
        return "stay"
    return None


def _stays_equipped(reading: Reading) -> bool:
    """"takılı kalır mı", "stay equipped", "remain attached": whether the Gear is still
    equipped (4.12.1), which the answer on where it goes ("Evet: it goes to the hand")
    does not settle."""
    return any(e.end == s.start or s.end == e.start
               for e in reading.of("equip") for s in reading.of("stay"))


_OFFERED = {"trash": "trash", "to_hand": "hand", "hand": "hand", "deck": "deck",
            "field": "field"}


def _offered_zones(reading: Reading) -> set[str]:
    """The areas a Turkish either-or question offers, each followed by its own particle
    ("Gear elimde mi kalır çöpte mi?"): asking where, not yes or no."""
    if reading.language == "en":
        return set()
    from .asked import _TR_PARTICLES
    items = reading.items
    out = set()
    for k, it in enumerate(items[:-1]):
        if items[k + 1].key in _TR_PARTICLES and items[k + 1].clause == it.clause:
            zones = {_OFFERED[c] for c in reading.at(k) if c in _OFFERED}
            if len(zones) == 1:
                out |= zones
    return out


def _moves(reading: Reading) -> bool:
    """A word for moving the Gear to another Unit ("taşı-", "move"), not a word that only
    says where something goes ("Birim çöpe gider mi?": "gider" is read as both)."""
    goes = reading.of("go")
    return any(not any(g.start <= m.start < g.end for g in goes) and not _along(reading, m)
               for m in reading.of("move"))


# "move with", "onunla birlikte taşınır": the Gear goes along with its holder (4.12), which
# is no Move action to another Unit (11.6.6)
_ALONG = frozenset({"with", "along", "together", "onunla", "birlikte", "beraber"})


def _along(reading: Reading, m) -> bool:
    """The move word stands next to a word of going along (the word before or after)."""
    items = reading.items
    near = [k for k in (m.start - 1, m.end) if 0 <= k < len(items)]
    return any(items[k].key in _ALONG and items[k].clause == items[m.start].clause
               for k in near)


_ZONES = {"trash": "trash", "to_hand": "hand"}
# an event said again of the Gear in the asking clause names the area asked about
_EVENT_ZONES = {"removed": "removed", "return_hand": "hand", "bottom": "deck"}


def _repeated_place(reading: Reading, concept: str) -> list:
    """The matches of `concept` in the asking clause after a Gear word, when the same event
    is also said in another clause ("birimim oyundan çıkarıldı; Gear'ım da oyundan çıkar
    mı?"): they ask where the Gear goes, not how the Unit left."""
    from .family_util import asked_clause
    clause = asked_clause(reading)
    items = reading.items
    found = reading.of(concept)
    here = [m for m in found if items[m.start].clause == clause and any(
        "gear" in reading.at(k) and items[k].clause == clause for k in range(m.start))]
    return here if here and len(here) < len(found) else []


def _asked_zone(reading: Reading) -> str | None:
    """"Gear çöpe gider mi?", "does the Gear go to the trash?": the area named in the
    asking clause with a "go" word."""
    from .family_util import asked_clause, in_clause
    clause = asked_clause(reading)
    said = {z for e, z in _EVENT_ZONES.items() if _repeated_place(reading, e)}
    if len(said) == 1:
        return said.pop()
    if not (in_clause(reading, "go", clause) and in_clause(reading, "gear", clause)):
        return None
    if any(r.end == z.start for r in reading.of("rival") for c in _ZONES
           for z in reading.of(c)):
        return None     # "my rival's trash": a card goes to its owner's, never asked here
    events = [m for e in (*_EVENTS, "beat") for m in reading.of(e)
              if not (e == "return_hand" and _asked_place(reading, e) and len(
                  [x for x in (*_EVENTS, "beat") if reading.has(x)]) > 1)]
    named = {z for c, z in _ZONES.items() for m in reading.of(c)
             if reading.items[m.start].clause == clause
             and not any(e.start <= m.start < e.end for e in events)}   # "ele döner" is the event
    return named.pop() if len(named) == 1 else None


def _gear_subject(reading: Reading, m) -> bool:
    """The event at `m` is said of the Gear: the nearest content word before it in its
    clause is a Gear word that is not an equipped-Unit word ("Sadece Gear'ım mağlup
    edilirse", "if only the Gear is defeated")."""
    from .account import GRAMMAR, is_filler
    items = reading.items
    clause = items[m.start].clause
    for k in range(m.start - 1, -1, -1):
        if items[k].clause != clause:
            return False
        here = reading.at(k)
        if "unit" in here or "legend" in here:
            return False
        if "gear" in here:
            return "equip" not in here or here == {"gear", "equip"} and items[k].key == "gear"
        if is_filler(items[k]) or not here or here <= GRAMMAR | {"only"} or k in reading.consumed:
            continue
        return False
    return False


def _unit_asked(reading: Reading, event) -> str | None:
    """What a question whose Gear alone is defeated asks of the Unit, after the event:
    "birim de çöpe gider mi" / "is the Unit defeated too" ("leaves"), "does the Unit stay
    on the field" ("stays")."""
    from .asked import asked_form
    if asked_form(reading) != "yesno":
        return None
    items = reading.items
    # what follows the Gear's event ("…, birim de çöpe gider mi", "… birimim de yok edilir
    # mi"): the Unit named there and nothing said of a Gear
    after = range(event.end, len(items))
    said = set().union(*(reading.at(k) for k in after)) if len(after) else set()
    if any("gear" in reading.at(k) and "equip" not in reading.at(k) for k in after):
        return None
    if "unit" not in said:
        return None
    if "stay" in said and "go" not in said:
        return "stays"
    if ("go" in said and "trash" in said) or "defeat" in said:
        return "leaves"
    return None


def _gear_alone(reading: Reading) -> Call | None:
    """"Gear'ım mağlup edilirse birim de çöpe gider mi?": the Gear alone is defeated and
    the question asks whether its Unit goes too (it does not: 11.6.1.2, 9.19.1.1)."""
    events = [e for e in (*_EVENTS, "beat") if reading.has(e)]
    if events != ["defeat"] or reading.numbers or reading.has("legend"):
        return None
    found = reading.of("defeat")
    first = found[0]
    if not _gear_subject(reading, first):
        return None
    asked = _unit_asked(reading, first)
    if asked is None:
        return None
    for m in found:
        reading.consumed.update(range(m.start, m.end))
    return Call({"event": "gear_defeat", "asked": asked, "zone": None})


# what a Unit-power question with Gears may also hold; anything else is another family's
_POWER_ONLY = frozenset({"power", "unit", "gear", "equip", "how_many", "what", "yesno",
                         "total", "now", "other", "both", "top"})
_ARTICLES = ("bir", "a", "an")
_TOTAL = ("toplam", "total", "its", "the", "simdi", "now")


def _power_said(reading: Reading, it) -> str | None:
    """"5 güçlü birimime", "3 güçlü bir Gear", "a 2 power gear": the number, a power word
    right after it, then (past an article) a Unit word ("unit") or a Gear word ("gear");
    None when the number is said any other way."""
    items = reading.items
    k = it.i + 1
    if it.sign not in ("", "+") or it.die is not None or it.suffix or k >= len(items) \
            or "power" not in reading.at(k) or items[k].clause != it.clause:
        return None
    k += 1
    while k < len(items) and items[k].key in _ARTICLES:
        k += 1
    if _gear_count_at(reading, k, it.clause):
        k += 1                          # "2 güçlü iki Gear": two Gears of that power
    if k >= len(items) or items[k].clause != it.clause:
        return None
    here = reading.at(k)
    if "unit" in here and "gear" not in here and not it.sign:
        return "unit"
    if "gear" in here and "equip" not in here:
        return "gear"               # "3 güçlü Gear", "+3 güçlü Gear": the Gear's power
    return None


def _gear_count_at(reading: Reading, k: int, clause: int) -> bool:
    """Word k is a count of Gears ("iki Gear", "two gears"): a plain number from 2 to 9 with a
    Gear word right after it, in the same clause."""
    items = reading.items
    if k + 1 >= len(items) or items[k].clause != clause or items[k + 1].clause != clause:
        return False
    it = items[k]
    return it.number is not None and 2 <= it.number <= 9 and not it.sign and it.die is None \
        and not it.suffix and "gear" in reading.at(k + 1) and "power" not in reading.at(k + 1)


def _holding_words(reading: Reading) -> set[int]:
    """"has", "have", "var": the Unit holds the Gears said (the "left" words that only state
    what is there); empty when any other "left" word ("kalır", "remaining") is said."""
    found = [m for m in reading.of("left")]
    if any(m.end - m.start != 1 or reading.items[m.start].key not in ("has", "have", "var")
           for m in found):
        return set()
    return {m.start for m in found}


def _power_asked(reading: Reading) -> Call | None:
    """"5 güçlü birimime 3 güçlü bir Gear taktım, gücü kaç?": a Unit's power with its
    Gears (11.6.5), every number said as the Unit's or a Gear's power, and the power asked
    of the Unit in the asking clause."""
    from .asked import asked_form
    from .family_util import asked_clause
    if asked_form(reading) != "count" or not reading.numbers or reading.has("legend"):
        return None
    holding = _holding_words(reading)
    if reading.concepts() - _POWER_ONLY - ({"left"} if holding else set()):
        return None
    if any(reading.items[m.start].key not in _ON_TOP for m in reading.of("top")):
        return None                     # "top" only as "üstünde" (the Gears on the Unit)
    holding |= _on_top_words(reading)
    clause = asked_clause(reading)
    items = reading.items
    asked = [m for m in reading.of("power") if items[m.start].clause == clause
             and not (m.start and items[m.start - 1].number is not None)]
    if len(asked) != 1:
        return None
    k = asked[0].start - 1
    while k >= 0 and items[k].clause == clause and items[k].key in _TOTAL:
        k -= 1
    if k >= 0 and items[k].clause == clause and "gear" in reading.at(k) \
            and "equip" not in reading.at(k):
        return None                     # "Gear'ın gücü kaç": the Gear's own power
    counts = {it.i for it in reading.numbers if _gear_count_at(reading, it.i, it.clause)
              and it.i >= 2 and "power" in reading.at(it.i - 1)}
    roles = [(_power_said(reading, it), it) for it in reading.numbers if it.i not in counts]
    base = [it for r, it in roles if r == "unit"]
    gears = [it for r, it in roles if r == "gear"]
    if any(r is None for r, _ in roles) or len(base) != 1 or not gears:
        # "1 güçlü ve 4 güçlü iki Gear", "two 2 power gears", "gears with 1 and 3 power",
        # "Birimim 5 güçlü, üstünde …": the Gears' powers said as a list
        listed = _listed_powers(reading)
        if listed is None:
            raise Unclear("gear.number_unused")
        base_item, powers, used = listed
        reading.consumed.update(holding)
        return Call({"event": "power", "asked": "power", "zone": None,
                     "base": base_item.number, "gears": powers}, used=used)
    powers = []
    for g in gears:
        # "2 güçlü iki Gear": the count right after the power word repeats that power
        after = g.i + 2
        n = items[after].number if after in counts else 1
        powers += [g.number] * n
    reading.consumed.update(holding)
    return Call({"event": "power", "asked": "power", "zone": None, "base": base[0].number,
                 "gears": powers},
                used={it.i for _, it in roles} | counts)


# "ve", "and", commas are no words here: a list of powers ("1 ve 3 güçlü", "1 and 3 power")
_LIST_JOIN = ("ve", "and", "ile", "or")
# "üstünde", "on it": where the Gears are, said of the Unit (nothing more)
_ON_TOP = ("ustunde", "uzerinde", "ustundeki", "uzerindeki")


def _on_top_words(reading: Reading) -> set[int]:
    return {it.i for it in reading.items if it.key in _ON_TOP}


def _plain(it) -> bool:
    return it.number is not None and not it.sign and it.die is None and not it.suffix


def _plus(it) -> bool:
    """"+2 güçlü Gear": a Gear's power written as the bonus it gives (never "-")."""
    return it.number is not None and it.sign == "+" and it.die is None and not it.suffix


def _listed_powers(reading: Reading):
    """(the Unit's power item, the Gears' powers, the words read) for Gears whose powers are
    said as a list beside a Gear word, or None when any number is left without a sure role.
    Before the Gear word: "1 güçlü ve 4 güçlü iki Gear", "2 ve 1 güçlü iki Gear", "two 2
    power gears" (a count, then one power); after it: "gears with 1 and 3 power". A count
    of Gears must be 1 for each listed power or the number of powers listed. The Unit's
    power is the one other number: "5 güçlü birimim", or "Birimim 5 güçlü" (the Unit word
    right before it)."""
    items = reading.items
    if any(it.key in _ON_TOP for it in items) and any(
            m for m in reading.of("top") if items[m.start].key not in _ON_TOP):
        return None
    powers: list[int] = []
    used: set[int] = set()
    for m in reading.of("gear"):
        if "equip" in reading.at(m.start):
            continue
        clause = items[m.start].clause
        span: list[int] = []
        k = m.start - 1
        while k >= 0 and items[k].clause == clause and (
                _plain(items[k]) or _plus(items[k]) or "power" in reading.at(k)
                or items[k].key in _LIST_JOIN
                or items[k].key in _ARTICLES or items[k].key in _COUNT_WORDS):
            span.insert(0, k)
            k -= 1
        after: list[int] = []
        k = m.end
        if k < len(items) and items[k].key == "with" and items[k].clause == clause:
            k += 1
            while k < len(items) and items[k].clause == clause and (
                    _plain(items[k]) or "power" in reading.at(k) or items[k].key in _LIST_JOIN):
                after.append(k)
                k += 1
            if not after:
                return None
            span, after = after, [m.end] + after
        if not any("power" in reading.at(j) for j in span):
            continue
        got = _read_list(reading, span)
        if got is None:
            return None
        listed, count = got
        if count is not None:
            if len(listed) == 1:
                listed = listed * count
            elif len(listed) != count:
                return None
        powers += listed
        used.update(span, after)
    if not powers:
        return None
    rest = [it for it in reading.numbers if it.i not in used]
    if len(rest) != 1 or not _plain(rest[0]):
        return None
    base = rest[0]
    k = base.i
    nxt = items[k + 1] if k + 1 < len(items) else None
    if nxt is None or "power" not in reading.at(k + 1) or nxt.clause != base.clause:
        return None
    unit_after = k + 2 < len(items) and "unit" in reading.at(k + 2) and items[k + 2].clause == base.clause
    unit_before = k >= 1 and "unit" in reading.at(k - 1) and items[k - 1].clause == base.clause
    if unit_after == unit_before:
        return None
    used.update({k, k + 1})
    return base, powers, used


def _read_list(reading: Reading, span: list[int]) -> tuple[list[int], int | None] | None:
    """The powers and the count of Gears in a span of numbers, power words and joins; None
    when a number's role is not sure. A number before a power word is a power (with any
    numbers joined to it before: "2 ve 1 güçlü"); a number right before another number
    ("two 2 power") or last, after the powers ("… güçlü iki"), is the count."""
    items = reading.items
    powers: list[int] = []
    pending: list[int] = []
    count = None
    idx = [j for j in span if items[j].key not in _ARTICLES and items[j].key not in _COUNT_WORDS]
    for n, j in enumerate(idx):
        it = items[j]
        if not (_plain(it) or _plus(it)):
            continue
        nxt = items[idx[n + 1]] if n + 1 < len(idx) else None
        if _plus(it) and not (nxt is not None and ("power" in reading.at(nxt.i)
                                                   or nxt.key in _LIST_JOIN)):
            return None                 # "+2" is a power, never a count of Gears
        if nxt is not None and "power" in reading.at(nxt.i):
            powers += pending + [it.number]
            pending = []
        elif nxt is not None and nxt.key in _LIST_JOIN:
            pending.append(it.number)
        elif nxt is not None and _plain(nxt) and not powers and not pending and count is None:
            count = it.number
        elif nxt is None and powers and not pending and count is None:
            count = it.number
        else:
            return None
    if pending or not powers or (count is not None and not 1 <= count <= 9):
        return None
    return powers, count


def extract(reading: Reading) -> Call | None:
    if not (reading.has("gear") or reading.has("equip")):
        return None
    _by_an_effect(reading)
    _gear_quick(reading)
    alone = _gear_alone(reading)
    if alone is not None:
        return alone
    power = _power_asked(reading)
    if power is not None:
        return power
    event = _event(reading)
    if event is None:
        return None
    if len(_unit_owners(reading)) > 1:
        # "rakibimin birimi yenildi, benim birimimdeki gear nereye gider": the Unit that
        # left need not be the one holding the Gear
        raise Unclear("gear.other_unit")
    asked = _asked(reading)
    if asked is None:
        return None
    if reading.has("legend") and (reading.has("unit") or asked in ("move", "equipped")):
        raise Unclear("gear.legend_holder")
    gears, used = _gear_count(reading)
    if any(it.i not in used for it in reading.numbers):
        raise Unclear("gear.number_unused")
    if reading.has("fight") and event != "defeat":
        raise Unclear("gear.fight_and_other")
    for m in reading.of(event if event != "defeat" or reading.has("defeat") else "beat"):
        # the event's words are read here, even where the lexicon also sees a negation in
        # them ("döndü" reads like "don't" + a suffix)
        reading.consumed.update(range(m.start, m.end))
    args = {"event": event, "asked": asked, "zone": _asked_zone(reading)}
    if reading.has("legend"):
        # a Legend holding the Gear (on the field: both a Unit and a Legend, 4.2.1) leaves
        # and is removed from the game (4.4.1); its Gear stays in the area it went to (4.12.2)
        args["holder"] = "legend"
    if gears > 1:
        args["gears"] = gears
    return Call(args, used=used)


def _unit_owners(reading: Reading) -> set[str]:
    """Whose Units the question names: "rakibimin birimi", "their unit" -> "rival";
    "birimim", "birimimdeki", "my unit" -> "mine" (a rival word right before wins)."""
    items = reading.items
    owners = set()
    for m in reading.of("unit"):
        k = m.start
        before = [j for j in range(max(0, k - 3), k) if items[j].clause == items[k].clause]
        if any("rival" in reading.at(j) or items[j].key in ("their", "his", "her") for j in before):
            owners.add("rival")
        elif items[k].key.startswith("birimim") or any(items[j].key in ("my", "benim") for j in before):
            owners.add("mine")
    return owners


def _gear_count(reading: Reading) -> tuple[int, set[int]]:
    """"iki Gear takılı birimim", "my unit with two Gears attached": how many Gears the
    Unit holds (each goes with it, 4.12); (1, {}) when no count is said."""
    for it in reading.numbers:
        nxt = it.i + 1
        if not it.sign and it.number and 1 < it.number <= 4 and nxt < len(reading.items) \
                and "gear" in reading.at(nxt) and not it.suffix:
            return it.number, {it.i}
    return 1, set()


def _gear_quick(reading: Reading) -> None:
    """"QUICK olmayan Gear", "non-QUICK Gear": a named Gear's stand-in says whether it has
    QUICK (a React Step question turns on it); where the Gear goes it decides nothing, and
    its words are read here."""
    items = reading.items
    for m in reading.of("quick"):
        start = m.start
        if start and items[start - 1].key == "non" and items[start - 1].clause == items[start].clause:
            start -= 1                  # "non-QUICK Gear"
        k = m.end
        while k < len(items) and k - m.end < 2 and "negation" in reading.at(k):
            k += 1
        if k < len(items) and "gear" in reading.at(k) and "equip" not in reading.at(k):
            reading.consumed.update(range(start, k))


def _by_an_effect(reading: Reading) -> None:
    """"rakibin etkisiyle", "by an effect": what made the Unit leave, read here (an effect
    word in any other role is not)."""
    items = reading.items
    for m in reading.of("effect"):
        key = items[m.start].key
        back = [x.key for x in items[max(0, m.start - 3):m.start]]
        if m.start and "gear" in reading.at(m.start - 1):
            continue                    # "Gear'ın etkisiyle": the Gear's own effect
        if key.endswith(("iyle", "yle", "ile")) or (reading.language == "en" and "by" in back) \
                or _acting_effect(reading, m):
            reading.consumed.update(range(m.start, m.end))


def _acting_effect(reading: Reading, m) -> bool:
    """"Bir etki birimimi elime döndürdü", "an effect bottom-decks my unit": the effect is
    the one acting, said before the Unit it acts on in the same clause, with no Unit or
    Gear word before it there ("birimimin etkisi" is the Unit's own effect)."""
    items = reading.items
    clause = items[m.start].clause
    before = [k for k in range(m.start) if items[k].clause == clause]
    after = [k for k in range(m.end, len(items)) if items[k].clause == clause]
    if any({"unit", "gear", "equip"} & reading.at(k) for k in before):
        return False
    return any(reading.at(k) & _HOLDER for k in after)


def _scenario(args: dict, question: str) -> dict:
    verb, _ = _EVENTS[args["event"]]
    cards: dict[str, Any] = {
        UNIT: {"type": args.get("holder", "unit"), "power": 1, "cost": 1},
        GEAR: {"type": "gear", "power": 1, "cost": 1},
        EVENT: {"type": "program", "cost": 0, "effects": [{"label": EVENT, "do": [
            {"do": verb, "target": {"type": "unit", "name": UNIT}}]}]},
    }
    extra = [f"{GEAR} {i}" for i in range(2, args.get("gears", 1) + 1)]
    for name in extra:
        cards[name] = {"type": "gear", "power": 1, "cost": 1}
    field: list[Any] = [{"card": UNIT, "gears": [GEAR, *extra]}]
    hand = [EVENT]
    actions: list[dict] = [{"do": "play", "card": EVENT}]
    if args["asked"] == "move":
        cards[OTHER] = {"type": "unit", "power": 1, "cost": 1}
        cards[MOVE] = {"type": "program", "cost": 0, "effects": [{"label": MOVE, "do": [
            {"do": "move_gear", "target": {"zone": "gears"}, "to": {"type": "unit"}}]}]}
        field.append(OTHER)
        hand.append(MOVE)
        actions.append({"do": "play", "card": MOVE})
    if args["asked"] == "equipped":
        actions.append({"do": "play", "card": UNIT})
    return {"title": question[:120] or "judge ask", "question": question[:300] or "?",
            "cards": cards,
            "state": {"turn_player": "A", "turn": 3,
                      "A": {"deck": 5, "field": field, "hand": hand, "eddies": 2},
                      "B": {"deck": 5}},
            "actions": actions}


def _where(result) -> str | None:
    """Where the Gear is (a Gear the question named runs under its own name)."""
    a = result.state.players["A"]
    places = [zone for zone in ("trash", "hand", "deck", "removed")
              if any(c.type == "gear" for c in getattr(a, zone))]
    if any(g.type == "gear" for c in a.field for g in c.gears):
        places.append("field")
    return places[0] if len(places) == 1 else None


def _answer_gear_alone(question: str, call: Call, reading: Reading):
    """The Gear alone is defeated on the engine's board; whether its Unit is still on the
    field is read from the run."""
    asked = call.args["asked"]
    data = _scenario({"event": "defeat", "asked": asked}, question)
    data["cards"][EVENT]["effects"][0]["do"][0]["target"] = {"zone": "gears"}

    def expect_of(result) -> dict:
        a = result.state.players["A"]
        return {"A": {"field": [c.name for c in a.field], "trash": [c.name for c in a.trash]}}

    result, text = run(data, expect_of)
    if not result.outcome.legal:
        raise Unclear("gear.engine_illegal", rule=result.outcome.illegal_rule)
    a = result.state.players["A"]
    stayed = any(c.name == UNIT for c in a.field)
    if stayed == any(c.name == GEAR for g in a.field for c in g.gears) or \
            not any(c.name == GEAR for c in a.trash):
        raise Unclear("gear.engine_put", zone=str(stayed))
    value = stayed if asked == "stays" else not stayed
    m = words(reading)
    line = m(f"ask_misc.gear.alone_{asked}_{'yes' if value else 'no'}",
             head=yes_no(reading, value))
    steps = deciding(result, ("9.19.1", "11.6"))
    understood = [m("ask_misc.gear.alone_event"), m(f"ask_misc.gear.asked_unit_{asked}")]
    return make_answer(question, NAME, reading, value, line, steps, understood, text,
                       call.assumptions)


def _answer_power(question: str, call: Call, reading: Reading):
    """The Unit's power on the engine's board, holding Gears of the powers said; it must
    be the printed sum (11.6.5)."""
    from ..engine.trace import Step
    base, powers = call.args["base"], call.args["gears"]
    names = [GEAR] + [f"{GEAR} {i}" for i in range(2, len(powers) + 1)]
    cards: dict[str, Any] = {UNIT: {"type": "unit", "power": base, "cost": 1}}
    for name, n in zip(names, powers):
        cards[name] = {"type": "gear", "power": n, "cost": 1}
    data = {"title": question[:120] or "judge ask", "question": question[:300] or "?",
            "cards": cards,
            "state": {"turn_player": "A", "turn": 3,
                      "A": {"deck": 5, "field": [{"card": UNIT, "gears": names}]},
                      "B": {"deck": 5}}}
    got: dict[str, int] = {}

    def expect_of(result) -> dict:
        card = next(c for c in result.state.players["A"].field if c.name == UNIT)
        got["n"] = result.game.power(card)
        return {"power": {UNIT: got["n"]}, "A": {"field": [UNIT]}}

    _, text = run(data, expect_of)
    total = base + sum(powers)
    if got.get("n") != total:
        raise Unclear("gear.engine_power", engine=got.get("n"), printed=total)
    m = words(reading)
    steps = [Step.said("11.6.5", "card_fact.gears", card=m("ask_misc.gear.the_unit"), base=base,
                       added=sum(powers), n=total)]
    line = m("ask_misc.gear.power_total", base=base, added=sum(powers), n=total)
    understood = [m("ask_misc.gear.power_said", base=base,
                    gears=", ".join(str(n) for n in powers))]
    return make_answer(question, NAME, reading, total, line, steps, understood, text,
                       call.assumptions)


def answer(question: str, call: Call, reading: Reading):
    args = call.args
    if args["event"] == "power":
        return _answer_power(question, call, reading)
    if args["event"] == "gear_defeat":
        return _answer_gear_alone(question, call, reading)
    asked = args["asked"]
    data = _scenario(args, question)

    def expect_of(result) -> dict:
        a = result.state.players["A"]
        where = _where(result)
        out: dict[str, Any] = {}
        if where == "deck":
            out["A"] = {"deck_count": len(a.deck), "trash": [c.name for c in a.trash],
                        "field": [c.name for c in a.field]}
        elif where in ("trash", "hand", "removed"):
            out["A"] = {where: [c.name for c in getattr(a, where)],
                        "field": [c.name for c in a.field]}
        else:
            out["A"] = {"field": [c.name for c in a.field]}
        return out

    result, text = run(data, expect_of)
    if not result.outcome.legal:
        raise Unclear("gear.engine_illegal", rule=result.outcome.illegal_rule)
    where = _where(result)
    m = words(reading)
    expected = _EVENTS[args["event"]][1]
    if asked == "equipped":
        a = result.state.players["A"]
        unit = next((c for c in a.field if c.type == "unit" and c.name != OTHER), None)
        if unit is None:
            raise Unclear("gear.not_replayed")
        value = any(g.type == "gear" for g in unit.gears)
    elif where != expected:
        raise Unclear("gear.engine_put", zone=m.get(f"ask_misc.gear.zone_{where}", str(where)))
    elif any(c.type == "unit" and c.name != OTHER for c in result.state.players["A"].field):
        # the Unit did not leave (a replacement kept it: "defeat this Gear instead"): what
        # the question says of its Gear does not hold
        raise Unclear("gear.unit_stayed")
    elif asked == "where":
        value = where
    elif asked == "stay":
        value = where == "field"
    elif asked == "goes":
        value = where == args["zone"]
    else:                                           # move
        a = result.state.players["A"]
        value = any(g.type == "gear" for c in a.field for g in c.gears)
    zone = m("ask_react.gear_zone_shuffled") if args["event"] == "shuffle" else \
        m(f"ask_misc.gear.zone_{expected}")
    if asked == "where":
        line = m("ask_misc.gear.goes", zone=zone)
    elif asked == "goes":
        line = m("ask_misc.gear.goes_yes" if value else "ask_misc.gear.goes_no",
                 head=yes_no(reading, value), zone=zone)
    else:
        line = m(f"ask_misc.gear.{asked}_{'yes' if value else 'no'}", head=yes_no(reading, value),
                 zone=zone)
    steps = deciding(result, ("4.12", "11.6", "9.19.1", "11.12.1", "10.7"))
    understood = [m("ask_misc.gear.holder", event=m("ask_react.gear_event_shuffle") if args["event"] == "shuffle"
                    else m(f"ask_misc.gear.event_{args['event']}")),
                  m(f"ask_misc.gear.asked_{asked}",
                    zone=m(f"ask_misc.gear.zone_{args['zone']}") if args["zone"] else "")]
    if args.get("holder") == "legend":
        understood.insert(1, m("ask_misc.gear.legend_holder_line"))
    return make_answer(question, NAME, reading, value, line, steps, understood, text,
                       call.assumptions)
