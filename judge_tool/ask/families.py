"""Question families: which family a reading belongs to, the numbers in their roles, and the
engine call that answers it.

Every answer is computed by `judge_tool.engine`; this module only decides what to ask it.
A family's `extract` returns the engine arguments plus the assumptions made (and any
working shown before the engine's, such as a Gear's power), or None when the question lacks
what the family needs (the next family is tried, then search). It raises `Unclear` when the
question is the family's but cannot be read safely: that question goes to search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Callable

from ..engine.cite import R
from ..engine.trace import Step
from .lexicon import Item, Lexicon, Match, Reading
from .say import Reason, say


# --------------------------------------------------------------------------- positions

def _cues_around(reading: Reading, item: Item, concepts: tuple[str, ...], window: int = 3,
                 prefer: str = "right", barrier: tuple[str, ...] = (),
                 bonus: float = 0.5) -> list[tuple[float, str]]:
    """The `concepts` within `window` words of `item` in its clause, as (score, concept),
    best first. The score is the distance in words, less a half for the preferred side:
    by default the right ("19 güçlü", "5 bedelli", "3 dice"), since both languages put
    the noun after a number more often than before it (a large `bonus` makes any cue on
    the preferred side beat every cue on the other). A `barrier` concept between the
    number and a cue ("vs", "karşı") hides the cue."""
    found: list[tuple[float, str]] = []
    asked = [q for q in reading.matches if q.concept == "how_many"]
    walls = [b for b in reading.matches if b.concept in barrier]
    for m in reading.matches:
        if m.concept not in concepts:
            continue
        if any(q.start <= m.start <= q.end for q in asked):
            continue        # "kaç Gig", "how many Gigs": the quantity asked, not a number's role
        if m.start > item.i:
            dist = m.start - item.i
            side = "right"
        elif m.end <= item.i:
            dist = item.i - m.end + 1
            side = "left"
        else:
            continue
        if dist > window:
            continue
        lo, hi = min(m.start, item.i), max(m.end, item.i + 1)
        if any(it.clause != item.clause for it in reading.items[lo:hi]):
            continue
        if any(lo < w.start and w.end <= hi and not (w.start <= m.start < w.end) for w in walls):
            continue
        found.append((dist - bonus if side == prefer else float(dist), m.concept))
    return sorted(found)


def _near(reading: Reading, item: Item, concepts: tuple[str, ...], window: int = 3,
          **kw) -> tuple[float, str] | None:
    found = _cues_around(reading, item, concepts, window, **kw)
    return found[0] if found else None


def _role(reading: Reading, item: Item, roles: tuple[str, ...], window: int = 3, **kw) -> str | None:
    hit = _near(reading, item, roles, window, **kw)
    return hit[1] if hit else None


def _assign(reading: Reading, items: list[Item], roles: dict[str, str], window: int = 3,
            many: tuple[str, ...] = ()) -> dict[int, str]:
    """Give numbers their roles together: `roles` maps cue concepts to roles ("cost" ->
    "cost", "reduction" -> "reduction"). A role goes to one number (unless in `many`);
    the pairing that gives most numbers a role, then the closest cues, wins. So in
    "bedel 5 indirim 2" the 5 is the cost although "indirim" is just as near to it."""
    options = []
    for item in items:
        cues = _cues_around(reading, item, tuple(roles), window)
        best: dict[str, float] = {}
        for score, concept in cues:
            role = roles[concept]
            best[role] = min(best.get(role, score), score)
        options.append([(None, 0.0)] + sorted(((r, sc) for r, sc in best.items()), key=lambda x: x[1]))
    best_plan: tuple[tuple, list] | None = None

    def walk(k: int, used: set, plan: list, count: int, cost: float) -> None:
        nonlocal best_plan
        if k == len(items):
            # Most numbers with a role, then most kinds of role (a cost and a reduction
            # rather than two reductions), then the closest cues.
            key = (-count, -len({r for r in plan if r}), cost)
            if best_plan is None or key < best_plan[0]:
                best_plan = (key, list(plan))
            return
        for role, score in options[k]:
            if role is not None and role in used and role not in many:
                continue
            plan.append(role)
            walk(k + 1, used | {role} if role else used, plan, count + (role is not None),
                 cost + score)
            plan.pop()

    if len(items) > 8:                     # a pasted text, not a question: nearest cue only
        return {it.i: opts[1][0] for it, opts in zip(items, options) if len(opts) > 1}
    walk(0, set(), [], 0, 0.0)
    plan = best_plan[1] if best_plan else []
    return {item.i: role for item, role in zip(items, plan) if role is not None}


_NEG_BEFORE = ("hic", "no", "not", "without", "never")
_ACTIONS = frozenset({"attack", "block", "steal", "play", "call", "sell", "draw", "fight", "defeat",
                      "pay", "win"})


def _negative_question_opener(reading: Reading, k: int) -> bool:
    """The first word of its clause is an English negated auxiliary (folded "n't": "cant",
    "doesnt", "isnt"), which makes the clause a negative question."""
    items = reading.items
    first = k == 0 or items[k - 1].clause != items[k].clause
    return first and items[k].key.endswith("nt") and "negation" in reading.at(k)


# "doesn't have QUICK": the verb "have" between an English negation and the state it negates
_EN_HAVE = ("have", "has", "having")


_STATES = frozenset({"spent", "ready", "lag"})
_KEYWORD_NOUNS = frozenset({"quick", "adrenaline", "go_solo"})


def _negated(reading: Reading, start: int, end: int, reach: int = 2) -> bool:
    """Is the concept at words [start, end) negated? Turkish puts the negation after
    ("ADRENALINE'i yok", "gecikmeli değil", "ADRENALINE olmadan"; only "hiç" comes
    before), English before ("without ADRENALINE", "not lagging", "no Gigs"); "-sIz"
    negates the word itself ("ADRENALINE'siz")."""
    items = reading.items
    clause = items[start].clause
    own = [k for k in range(start, end) if items[k].negated]
    if own:
        # "hiç kart satmadım": "hiç" only stresses the negative verb
        reading.consumed.update(own + [k for k in range(max(0, start - reach - 1), start)
                                       if items[k].key == "hic" and items[k].clause == clause])
        return True
    if reading.language == "en":
        # a negated auxiliary opening the question ("Can't a lagging unit attack?", "Doesn't
        # …") negates the question's verb, not the state after it: it is not this state's
        around = [k for k in range(max(0, start - reach), start)
                  if not _negative_question_opener(reading, k)]
    else:
        # Turkish puts the negation after; "hiç" and an English word ("no gigs" typed in a
        # question read as Turkish) come before.
        around = [k for k in range(max(0, start - reach), start) if items[k].key in _NEG_BEFORE]
        for k in range(end, min(len(items), end + reach)):
            if reading.at(k) & _ACTIONS:
                # "Gig alanıma saldırdı, bloklamadım": a negative verb of another action
                # (or one after it) negates that action, not the noun before it
                break
            if reading.at(k) & _KEYWORD_NOUNS:
                # "saldırdığında QUICK olmayan bir program": the negation after a keyword
                # is the keyword's, not the word before it
                break
            if k > end - 1 and reading.at(k) & _STATES and not ({"spent", "ready", "lag"}
                                                                 & reading.at(start)):
                # "BLOCKER'ım hazır değil": the negation after a state is the state's
                break
            around.append(k)
    # a negation before the concept negates the next concept only: in "without ADRENALINE
    # played this turn" the "without" is ADRENALINE's, not "played this turn"'s
    found = [k for k in around if items[k].clause == clause and "negation" in reading.at(k)
             and not (k < start and any(reading.at(j) - {"negation"} for j in range(k + 1, start)
                                        if items[j].key not in _EN_HAVE))]
    reading.consumed.update(found)      # the negation is accounted for by this reading
    return bool(found)


def _present(reading: Reading, concept: str, reach: int = 2) -> bool | None:
    """True if the concept is named and not negated, False if named only negated, None if
    not named."""
    matches = reading.of(concept)
    if not matches:
        return None
    for m in matches:                   # every mention is read as this one fact
        reading.consumed.update(range(m.start, m.end))
    # every match is read (not only up to the first): each negation it finds is accounted for
    return any([not _negated(reading, m.start, m.end, reach) for m in matches])


# ----------------------------------------------------------------------------- families

class Unclear(Reason):
    """The question is this family's but cannot be read safely (two powers for one Unit, a
    power change that could be either Unit's): it goes to search, not to another family."""


@dataclass
class Call:
    """What to ask the engine."""

    args: dict[str, Any]
    assumptions: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)   # working shown before the engine's
    used: set[int] = field(default_factory=set)        # item indices of the numbers used
    # keys of `args` the question did not state (engine defaults): never shown as understood
    defaults: set[str] = field(default_factory=set)
    # item indices of numbers the family knows cannot change its answer (ask/context.py)
    context: set[int] = field(default_factory=set)


def _negative(reading: Reading) -> str:
    """The golden rule that a negative value counts as 0 is official rule 2.10.1, which
    the Turkish rulebook has no node for: it is said in the assumptions, never cited."""
    return say(reading, "ask_assume.power.negative")


_STEAL_ROLES = ("power", "gig", "gig_area")


def _block_words(reading: Reading) -> list[Match]:
    """The block words: "blokla-", "BLOCKER", and "engelle-" when a BLOCKER is named (then
    it is read; alone it may be "prevent" and stays unread, so it is reported)."""
    blocks = reading.of("block")
    if not any(m.cue == "blocker" for m in blocks):
        return blocks
    hinder = reading.of("hinder")
    for m in hinder:
        reading.consumed.update(range(m.start, m.end))
    return blocks + hinder


def _blocked(reading: Reading, named: bool = False) -> bool:
    """A BLOCKER blocked the attack ("BLOCKER ile blokladım", "I block with a BLOCKER");
    not when the block is negated ("BLOCKER kullanmadı"). A BLOCKER only named ("rakibin
    BLOCKER'ı var", "they have a blocker") blocked nothing yet: `Unclear`, since whether
    it is used decides the answer (9.9). `named`: a fight's BLOCKER is the blocking Unit
    by its role ("my blocker has 4 power"), named is enough."""
    blocks = _block_words(reading)
    if not blocks:
        return False
    if not all([not _negated(reading, m.start, m.end, reach=3) for m in blocks]):
        return False
    if not named and all(m.cue == "blocker" for m in blocks) and not _blocker_used(reading, blocks):
        raise Unclear("block.blocker_named")
    return True


def _blocker_used(reading: Reading, blocks: list[Match]) -> bool:
    """A BLOCKER named with its use: a use verb in its clause ("BLOCKER'ımı kullandım",
    "I used my BLOCKER", "BLOCKER'ı devreye soktu") or the instrumental ("BLOCKER'ımla",
    "BLOCKER ile", "with a BLOCKER")."""
    items = reading.items
    for m in blocks:
        clause = items[m.start].clause
        if any(reading.at(it.i) & {"choose", "activate"} for it in items if it.clause == clause):
            return True
        last = items[m.end - 1]
        after = items[m.end] if m.end < len(items) else None
        before = items[m.start - 1] if m.start > 0 else None
        if last.key.endswith(("la", "le")) or (after is not None and after.key in ("ile", "yla", "yle")):
            return True
        # "with a BLOCKER", "by my BLOCKER": the instrument; but "a unit with BLOCKER" (a
        # Unit word right before "with") gives the Unit its keyword, no use of it
        for w in (m.start - 1, m.start - 2):
            if w > 0 and items[w].key in ("with", "by") and items[w].clause == items[m.start].clause:
                if "unit" not in reading.at(w - 1):
                    return True
                break
            if w == 0 and items[w].key in ("with", "by"):
                return True
    return False



def _block_said(reading: Reading) -> bool:
    """A block is said, not only a BLOCKER named: a block verb ("blokladım", "I block")
    or a BLOCKER used (`_blocker_used`). "BLOCKER'lı birim", "a unit with BLOCKER" name
    the keyword only."""
    blocks = _block_words(reading)
    return any(m.cue != "blocker" for m in blocks) or _blocker_used(reading, blocks)

def _ready_blocker(reading: Reading, m: Match) -> bool:
    """"hazır BLOCKER'ım", "my ready 8 power BLOCKER", "hazır BLOCKER birimimle": a ready
    word in the BLOCKER's own noun phrase (only its power between) describes the blocker,
    which must be ready to block (9.9)."""
    items = reading.items
    if not any(b.cue != "blocker" for b in _block_words(reading)):
        return False        # "hazır BLOCKER'ı var": a BLOCKER named, no block said
    k = m.end
    while k < len(items) and items[k].clause == items[m.start].clause and k <= m.end + 2 and \
            (items[k].number is not None or ("power" in reading.at(k) and "block" not in reading.at(k))):
        k += 1
    return k < len(items) and items[k].clause == items[m.start].clause and \
        any(b.start == k for b in reading.of("block"))


def _unit_target_steal(reading: Reading) -> Call | None:
    """"12 güçlü birimim rakibin harcanmış birimine saldırdı, kaç Gig çalar?", "my unit
    attacks their spent unit, how many gigs": a Unit attacked fights and steals nothing
    (9.15, 9.21). Read only with no Gig area named, the target a Unit in the attack's
    target phrase, and every number a power; a ready target is no legal attack: reported."""
    verbs = [m for m in reading.of("attack")
             if not reading.at(m.start) & {"attacker", "defender"}]
    if reading.has("gig_area") or len(reading.of("attack")) != 1 or len(verbs) != 1 \
            or not reading.has("unit") or len(reading.of("unit")) > 2:
        return None             # one attack verb, by one Unit on one Unit
    try:
        attacker_part, target_part = _attack_parts(reading)
    except Unclear:
        return None
    asked = {k for m in reading.of("how_many") + reading.of("gig_question") + reading.of("steal")
             for k in range(m.start, m.end)}
    target_part = target_part - asked
    clause = reading.items[verbs[0].start].clause
    if not any(m.start in target_part and reading.items[m.start].clause == clause
               for m in reading.of("unit")) or \
            any(m.start in target_part for m in reading.of("gig")):
        return None             # the Unit attacked is named with the attack verb
    if any(m.start in target_part for m in reading.of("ready")):
        raise Unclear("target.ready")
    powers = [it for it in reading.numbers if not it.sign and
              (_role(reading, it, ("power",)) == "power" or _adjective(reading, it))]
    if len(powers) != len(reading.numbers):
        return None
    mine = [it for it in powers if it.i not in target_part]
    for concept in ("unit", "spent", "rival", "defender"):
        for m in reading.of(concept):
            if m.start in target_part:
                reading.consumed.update(range(m.start, m.end))
    args: dict[str, Any] = {"power": mine[0].number if len(mine) == 1 else 1, "target": "unit",
                            "target_spent": True, "dice_present": None}
    # (whose Unit is attacked is not shown: the answer's line says a Unit was the target)
    defaults = {"target", "target_spent", "dice_present"}
    assumptions = []
    if len(mine) != 1:
        defaults.add("power")
        assumptions.append(say(reading, "ask_assume.steal.unit_target_power_one"))
    return Call(args, assumptions, [], {it.i for it in powers}, defaults)


def _no_block_states(reading: Reading) -> set[int]:
    """"BLOCKER'ım harcanmıştı, bloklayamadım", "rakip 3 güçlü BLOCKER'la bloklamadı": with
    the block said not to have happened, the BLOCKER's state only tells why and its power
    changes nothing; the attack stays on the Gig area. The state words are read (consumed);
    the indices of the BLOCKER's power numbers are returned (read, used for nothing)."""
    blocks = _block_words(reading)
    verbs = [m for m in blocks if m.cue != "blocker"]
    keywords = [m for m in blocks if m.cue == "blocker"]
    if not verbs or not keywords or not all(_negated(reading, m.start, m.end, reach=3) for m in verbs):
        return set()
    items = reading.items
    for concept in ("spent", "ready", "lag"):
        for m in reading.of(concept):
            if any(items[k.start].clause == items[m.start].clause and 0 < m.start - k.end + 1 <= 2
                   for k in keywords):
                reading.consumed.update(range(m.start, m.end))
    powers: set[int] = set()
    for k in keywords:
        # "3 güçlü BLOCKER'la", "a 3 power blocker": the number right before, its power word
        # between
        j = k.start - 1
        if j >= 0 and "power" in reading.at(j) and items[j].number is None:
            j -= 1
        if j >= 0 and items[j].number is not None and not items[j].sign \
                and items[j].clause == items[k.start].clause and j < k.start - 1:
            powers.add(j)
    return powers


def _power_adjective(reading: Reading, item: Item) -> bool:
    """"12 güçlü birimim", "a 12 power unit": the power word right after the number makes
    it a Unit's power, whatever Gig word is near."""
    items = reading.items
    nxt = _after_number(reading, item)
    if nxt >= len(items) or items[nxt].clause != item.clause or "power" not in reading.at(nxt):
        return False
    if reading.language == "tr":
        return items[nxt].key.endswith(("lu", "lü", "li", "lı"))
    return nxt + 1 < len(items) and "unit" in reading.at(nxt + 1)


def extract_blocked_steal(reading: Reading) -> Call | None:
    """A Gig area attack that a BLOCKER redirected (9.9.1): the attack's target is now the
    blocker, so there is no Steal Step (9.21). The powers, if given, go to their Units as in
    a fight; those not given cannot change the count and are said to be taken as 1."""
    powers = [it for it in reading.numbers if _role(reading, it, ("power",)) == "power"
              or _adjective(reading, it)]
    assumptions: list[str] = []
    if len(powers) >= 2:
        fight = extract_fight(reading)
        if fight is None:
            raise Unclear("steal.whose_power")
        args = {"power": fight.args["attacker_power"],
                "blocker_power": fight.args["defender_power"]}
        used = fight.used
        renamed = {"attacker_power": "power", "defender_power": "blocker_power"}
        defaults = {renamed.get(key, key) for key in fight.defaults}
        assumptions += fight.assumptions
    elif len(powers) == 1:
        item = powers[0]
        # The blocker's power is said with the blocker ("3 güçlü BLOCKER", "a 10-power
        # BLOCKER"); any other power is the attacker's. Either way the count is 0.
        named = any(item.i < m.start <= item.i + 3 and reading.items[m.start].clause == item.clause
                    for m in reading.of("block"))
        known = "blocker_power" if named else "power"
        args = {"power": 1, "blocker_power": 1, known: item.number}
        defaults = {"power", "blocker_power"} - {known}
        used = {item.i}
        assumptions.append(say(reading, "ask_assume.steal.blocked_power_one"))
    else:
        args = {"power": 1, "blocker_power": 1}
        defaults = {"power", "blocker_power"}
        used = set()
        assumptions.append(say(reading, "ask_assume.steal.blocked_powers_one"))
    dice = [it for it in reading.numbers if it.i not in used
            and _role(reading, it, ("gig", "gig_area")) is not None]
    args["dice_present"] = dice[0].number if dice else None
    if dice:
        used = used | {dice[0].i}
    args["blocked"] = True
    if _area_owner(reading) == "mine":
        args["defending"] = "me"        # the rival attacked my Gig area (shown so)
    for m in reading.of("ready"):
        if _ready_blocker(reading, m):
            reading.consumed.update(range(m.start, m.end))      # the blocker was ready
    return Call(args, assumptions, [], used, defaults)


def _unit_count(reading: Reading) -> Item | None:
    """"2 birimimle", "two units", "iki birim": a number of attacking Units (>= 2); one
    attack steals once, so a steal question with several is not read."""
    items = reading.items
    for item in reading.numbers:
        nxt = item.i + 1
        power_before = item.i > 0 and "power" in reading.at(item.i - 1)    # "gücü 21 birim"
        if not item.suffix and not item.sign and (item.number or 0) >= 2 and nxt < len(items) \
                and items[nxt].clause == item.clause and "unit" in reading.at(nxt) \
                and not power_before:
            return item
    return None


def _both_units(reading: Reading) -> bool:
    """"both my units have 10 power", "birimlerimin ikisi de": two attacking Units named by
    "both" beside a Unit word; whether the count asked is each one's or their total is not
    said, so it is never read as one attacker's."""
    items = reading.items
    for m in reading.of("both"):
        near = range(max(0, m.start - 3), min(len(items), m.end + 3))
        if any("unit" in reading.at(k) and items[k].clause == items[m.start].clause
               and _plural_word(items[k].key) for k in near):
            return True
    return False


def _plural_word(key: str) -> bool:
    """A plural noun by its ending: English "-s", Turkish "-lar/-ler" ("units", "birimlerim")."""
    return key.endswith("s") or "ler" in key or "lar" in key


def extract_steal(reading: Reading) -> Call | None:
    if _game_outcome_asked(reading):
        return None         # "… steals from their gig area, does my opponent lose the game"
    if reading.has("street_cred"):
        # "rakibimden 8'lik bir Gig çaldım. Street Cred'im kaç?": the steal is a fact of a
        # Street Cred question (that family reads it), never a steal count asked
        return None
    if reading.of("steal") and not reading.has("gig_question") and all(
            _lasting_form(reading, m) for m in reading.of("steal")) and \
            any(reading.has(c) for c in ("win", "defeat", "survive", "result", "fight")):
        # "+4 while stealing … who wins": stealing names only how long a change lasts, and a
        # fight's outcome is asked (the fight family reads it)
        return None
    if _unit_count(reading) is not None or _both_units(reading):
        raise Unclear("steal.several_attackers")
    if reading.of("go_solo") and _present(reading, "go_solo"):
        # "GO SOLO ile oynadığım 12 güçlü Legend'ım": played as a Unit (11.25.1), it steals
        # by its power like any attacker; a Legend without GO SOLO stays unread
        for m in reading.of("legend") + reading.of("play"):
            reading.consumed.update(range(m.start, m.end))
    if _blocked(reading) and (reading.has("steal") or reading.has("gig_question")):
        return extract_blocked_steal(reading)
    refused = _no_block_states(reading)
    on_unit = _unit_target_steal(reading)
    if on_unit is not None:
        return on_unit
    if reading.has("passive") and (not reading.has("gig_area") or any(
            it.key.startswith("birimim") or (it.key == "unit" and it.i > 0 and reading.items[it.i - 1].key == "my")
            for it in reading.items)):
        # "birimim 15 güçlü bir birim tarafından saldırıya uğradı": a passive attack whose
        # subject may be a Unit (a fight, no Steal Step); only "gig alanım … tarafından
        # saldırıldı" is read
        return None
    scale = _power_scale(reading)       # "gücü yarıya indi", "üç katına çıktı"
    base: Item | None = None
    dice = None
    dice_items: list[Item] = []
    free: list[Item] = []
    gear = _gear_powers(reading, reading.numbers)
    # "2 tane +3 güç", "two +2 gears": a count of the same power change
    times = {k: c for k, c in _multipliers(reading).items() if reading.items[k].sign}
    counters = {c.i for c in times.values()}
    # "iki kez +4 güç", "+4 twice": the same change given more than once
    repeats = _change_repeats(reading)
    if set(repeats) & set(times):
        raise Unclear("steal.count_not_change")
    for n, words in repeats.values():
        counters |= words
    if scale is not None:
        counters |= scale[2]            # "üç katına": the count is no power
    from .context import cost_numbers
    plain = [it for it in reading.numbers if not it.sign and it not in gear
             and it.i not in counters | refused | cost_numbers(reading)]
    lost_at = [it for it in plain if _lost_power(reading, it)]
    # "30'luk birimim Gig alanına": a number written as the Unit's adjective is its power,
    # whatever Gig word stands near it
    described = [it for it in plain if (_adjective(reading, it) or _power_adjective(reading, it))
                 and not it.sign]
    if any(_gig_value(reading, it) for it in plain):
        raise Unclear("steal.gig_value")
    # (the power taken by a described number, the others are read for the Gig count only)
    roles = _assign(reading, [it for it in plain if not any(it is x for x in lost_at + described)],
                    {"gig": "dice", "gig_area": "dice"} if described else
                    {"power": "power", "gig": "dice", "gig_area": "dice"})
    roles.update({it.i: "power" for it in described})
    # each as a signed change ("loses 8": -8), a copy: the reading's own words stay as typed
    lost = [replace(it, number=-abs(it.number), sign="-") for it in lost_at]
    for item in plain:
        role = roles.get(item.i)
        if any(item is it for it in lost_at):
            continue                # a power change: read with the signed ones below
        if role == "power" or (role is None and _adjective(reading, item)):
            if base is not None:
                raise Unclear("steal.two_powers")
            base = item
        elif role == "dice":
            if dice is None:
                dice = item.number
                dice_items.append(item)
            else:
                free.append(item)
        elif _role(reading, item, _STEAL_ROLES) == "power":
            raise Unclear("steal.second_power")
        else:
            free.append(item)
    mods = list(gear)
    idle_steps: list[Step] = []
    for item in (it for it in reading.numbers if it.sign):
        role = _role(reading, item, _STEAL_ROLES)
        if role == "gig" and _stolen_object_only(reading, item):
            role = None         # "Gig çalarken +10 alıyor": the Gigs are what it steals
        elif role in ("gig", "gig_area") and _area_after_verb(reading, item):
            role = None         # "+3 aldı Gig alanına saldırırsa": the Gig area attacked
        if item.i in times and (role == "power" or reading.has("gear")):
            mods += [item] * times[item.i].number      # each of the several changes
        elif item.i in times:
            raise Unclear("steal.count_not_change")
        elif item.sign == "-" and base is None and role in ("power", None) and item.i not in repeats \
                and _minus_is_power(reading, item):
            base = item         # "-3 güçlü birim", "gücü eksi 2": the power itself
        elif role == "power" or (role is None and base is not None):
            # "+2 güç alan", "-3 güç"; a bare "+3 alıyor", "gets +2 while attacking" next to
            # the Unit's power: nothing else in a steal takes a sign
            mods += [item] * repeats.get(item.i, (1, set()))[0]
        elif item.i in repeats:
            raise Unclear("steal.count_not_change")
        else:
            raise Unclear("steal.signed_not_change")
    # "+5 while fighting", "çatışırken +5": a change that lasts only while fighting (9.16.1);
    # an attack on a Gig area has a Steal Step and no Fight Step (9.15), so it counts nothing
    idle = [m for m in mods if m.sign and m not in gear and _other_step_change(reading, m, "fight")]
    mods = [m for m in mods if not any(m is i for i in idle)]
    for m in idle:
        idle_steps.append(Step(R.WHILE_FIGHTING, say(reading, "ask_combat.change_only_fighting",
                                                     change=f"{m.number:+d}")))
    if any(_change_on_trigger(reading, m, ("steal",)) for m in mods if m.sign):
        raise Unclear("steal.change_when_steals")
    if base is not None and _stated_after_change(reading, [base], [m for m in mods if m.sign and m not in gear]):
        raise Unclear("power.stated_after_change")
    if reading.has("previous") and any(m.sign for m in mods):
        raise Unclear("power.change_earlier_turn")
    mods += lost
    if base is None and free and not mods and not _counts_gigs(reading, free[0]):
        base, free = free[0], free[1:]      # (never "3 gig çaldı": a count of Gigs)
    if dice is None and free and _gig_number(reading, free[0]):
        dice = free[0].number
        dice_items.append(free.pop(0))
    if base is None:
        if mods:
            raise Unclear("steal.change_without_power")
        return None
    if _yesno_about_other_verb(reading):
        return None         # another family may read what is asked
    own = _attackers_own_gigs(reading, base, dice_items + free)
    if own:
        dice_items = [d for d in dice_items if d not in own]
        free = [f for f in free if f not in own]
        if not dice_items and free and _gig_number(reading, free[0]):
            dice_items.append(free.pop(0))
        dice = dice_items[0].number if dice_items else None
    claimed = _claimed(reading, dice_items, free)
    if claimed is not None:
        (dice_items if claimed in dice_items else free).remove(claimed)
        if not dice_items and free:
            dice_items.append(free.pop(0))
        dice = dice_items[0].number if dice_items else None
    if _gear_unpowered(reading, gear + [m for m in mods if m.sign]):
        raise Unclear("power.gear_unpowered")
    if _to_some_unit(reading, [m for m in mods if m.sign]):
        raise Unclear("power.some_unit")
    _effect_sources(reading, [m for m in mods if m.sign])
    # (whose Unit attacks, "birimim 40 güçlü": the other player's Gig area is attacked)
    own_empty = _empty_elsewhere(reading, _owner_near(reading, base) if base is not None else None)
    if own_empty and any(_dice_owner(reading, it) != own_empty for it in dice_items):
        raise Unclear("steal.gig_count_unread")
    if dice is None and _gig_area_empty(reading) and not own_empty:
        dice = 0
    if dice is None and _gig_count_hinted(reading):
        raise Unclear("steal.gig_count_unread")
    if scale is not None:
        first = _scale_order(reading, scale, mods) if mods else "scale"
        if first is None:
            raise Unclear("combat.scale_with_changes")     # which comes first is not said
        power, assumptions, steps = _scaled_power(reading, base, scale, mods, first), [], []
        args: dict[str, Any] = {"power": power, "dice_present": dice}
        args["power_working"] = _scale_text(base.number, scale, [m.number for m in mods], first)
        rounded = (base.number + (sum(m.number for m in mods) if first == "changes" else 0)) \
            * scale[0] % scale[1] != 0
        assumptions.append(say(reading, "ask_combat.scaled_rounding" if rounded else "ask_combat.scaled",
                               working=args["power_working"], low=power))
        if power < 0:
            assumptions.append(_negative(reading))
    else:
        power, assumptions, steps = _power_working(reading, base, mods)
        args = {"power": power, "dice_present": dice}
    if mods and scale is None:
        args["power_working"] = _sum_text(base.number, [m.number for m in mods])
    if _asks_remaining(reading):
        if dice is None:
            raise Unclear("steal.remaining_unknown")
        args["remaining"] = True
    if any(_claimed_count(reading, d) for d in dice_items):
        raise Unclear("steal.gigs_asked")
    if claimed is not None:
        if args.get("remaining"):
            raise Unclear("steal.gigs_asked")
        args["claimed_gigs"] = claimed.number
    _turn_fits(reading, base)
    attacker_owner = _owner_near(reading, base)
    counted = {o for o in (_dice_owner(reading, d) for d in dice_items) if o}
    defending = _area_owner(reading) or {"mine": "rival", "rival": "mine"}.get(
        attacker_owner or "") or (next(iter(counted)) if len(counted) == 1 else None)
    if attacker_owner and attacker_owner == defending:
        raise Unclear("steal.own_gig_area")
    if counted and (len(counted) > 1 or counted != {defending}):
        # "benim 1 gigim var, 25 güçlü birimim saldırırsa": the attacker's own Gigs
        # are no cap on what it steals from the other Gig area
        raise Unclear("steal.gigs_elsewhere")
    if args.get("remaining"):
        whose = _remaining_whose(reading)
        if whose is not None and defending is not None and whose != defending:
            # "benim kaç Gig'im olur": the attacker's own Gigs after the steal, not modelled
            raise Unclear("steal.remaining_attacker")
    if defending == "mine":
        args["defending"] = "me"        # the rival attacks my Gig area (shown so)
    used = {base.i} | {m.i for m in mods + idle} | {d.i for d in dice_items} | counters | refused
    if claimed is not None:
        used.add(claimed.i)
    return Call(args, assumptions, idle_steps + steps, used, context={it.i for it in own})


def _attackers_own_gigs(reading: Reading, base: Item, counts: list[Item]) -> list[Item]:
    """"6 gigim var, 12 güçlü birimim rakibin Gig alanına saldırıyor", "i have 6 gigs, my
    12 power unit attacks their gig area": a Gig count of the attacker's own player, right
    before a Gig word. The steal count is read from the attacker's power and the attacked
    Gig area (9.23.2, 9.23.3.3): the attacker's own Gigs are context (ask/context.py)."""
    owner = _owner_near(reading, base)
    # the attacked Gig area must be said to be the other player's: "benim 1 gigim var, 25
    # güçlü birimim saldırırsa" names no Gig area, and the one count may be meant as the cap;
    # a count said to be the other player's ("Benim 5 Gig'im var, rakibin 2 Gig'i kaldı")
    # is that cap, so the attacker's own count is context
    if owner is None:
        return []
    other = {"mine": "rival", "rival": "mine"}[owner]
    area = _area_owner(reading)
    if area != other and not (area is None and any(
            not it.sign and _dice_owner(reading, it) == other for it in counts)):
        return []
    items = reading.items
    return [it for it in counts if not it.sign and it.number is not None and it.number >= 0
            and it.i + 1 < len(items) and "gig" in reading.at(it.i + 1)
            and "gig_area" not in reading.at(it.i + 1) and _dice_owner(reading, it) == owner]


_RESULT_AFTER = ("oldu", "olmus", "oluyor", "olmustu", "kaldi", "kalmis")
_RESULT_BEFORE = ("now", "currently", "became", "becomes", "simdi", "artik", "toplam", "total")
_PAST_POWER_ENDS = ("ydu", "ydi", "ymis", "ymus")
_PARTICIPLES = ("alan", "veren", "kazanan", "olan", "eden")


def _stated_after_change(reading: Reading, bases: list[Item], signed: list[Item]) -> bool:
    """A power stated as the result of a change told with it: "+2 aldı, 9 güçlü oldu",
    "şu an 7 güçlü", "is now 9 power", "9 power after a +2", or a change told first in
    a finished form and the power after it ("bu tur -4 aldı, 11 güçlü"): the stated power
    may already hold the change, so adding it again could be wrong. A change before the
    power is read only as a lasting effect ("saldırırken +3", "while fighting"), a
    participle ("+5 güç alan 7 güçlü birim") or with the power said in the past
    ("7 güçlüydü", "was 7 power")."""
    items = reading.items
    if not signed or not bases:
        return False
    for base in bases:
        before = [items[k].key for k in range(max(0, base.i - 3), base.i)]
        word = items[base.i + 1] if base.i + 1 < len(items) else None
        after = items[base.i + 2].key if base.i + 2 < len(items) else ""
        if any(k in _RESULT_BEFORE for k in before) or after in _RESULT_AFTER \
                or any(a == "su" and b == "an" for a, b in zip(before, before[1:])) \
                or (word is not None and word.key in _RESULT_AFTER):
            return True
    for s in signed:
        if any(k >= 0 and items[k].key == "after" for k in (s.i - 1, s.i - 2)):
            return True     # "9 power after a +2"
    first = min(bases, key=lambda it: it.i)
    word = items[first.i + 1].key if first.i + 1 < len(items) else ""
    if word.endswith(_PAST_POWER_ENDS) or any(items[k].key in ("was", "had") for k in
                                               range(max(0, first.i - 2), first.i)):
        return False        # "7 güçlüydü", "was 7 power": the power before the change
    for s in (s for s in signed if s.i < first.i):
        near = [items[k].key for k in range(max(0, s.i - 3), min(len(items), s.i + 4))]
        if any(k.endswith(("rken", "rkan")) or k == "while" for k in near):
            continue        # "saldırırken +3", "+4 while fighting": lasting, not applied yet
        if any(k in _PARTICIPLES for k in near[near.index(s.key) + 1:] if s.key in near):
            continue        # "+5 güç alan 7 güçlü birim"
        return True
    return False


_TRIGGER_ENDS = ("nca", "nce", "inda", "inde", "unda", "unde", "ktan", "kten", "kca", "kce",
                 "rsa", "rse")
_TRIGGER_BEFORE = ("when", "whenever", "after", "once", "if", "each", "every")


def _change_on_trigger(reading: Reading, item: Item, concepts: tuple[str, ...]) -> bool:
    """A power change said with a "when it steals / fights / wins" form of the action
    asked about ("çalınca +3", "Gig çaldığında +3", "çatışınca +3", "+3 whenever it
    fights", "kazanınca +3"): a trigger of that action, pending only after it (9.23.6
    after the Gigs are moved, 9.18 after the losers are determined), so it does not change
    the count or the result; "çalarken", "while fighting" (9.23.1, 9.16.1) do."""
    items = reading.items
    for m in reading.matches:
        if m.concept not in concepts or items[m.start].clause != item.clause \
                or abs(m.start - item.i) > 4:
            continue
        key = items[m.start].key
        lead = [items[k].key for k in range(max(0, m.start - 2), m.start)
                if items[k].clause == item.clause]
        if key.endswith(("rken", "rkan")) or "while" in lead:
            continue
        if key.endswith(_TRIGGER_ENDS) or any(w in _TRIGGER_BEFORE for w in lead):
            return True
    return False


def _lasting_form(reading: Reading, m: Match) -> bool:
    """The step word is said as how long something lasts: "çalarken", "while stealing"."""
    items = reading.items
    return items[m.start].key.endswith(("rken", "rkan")) or any(
        items[k].key in ("while", "during") for k in range(max(0, m.start - 2), m.start))


def _other_step_change(reading: Reading, item: Item, step: str) -> bool:
    """A power change said to last only during another step of the attack: "çatışırken +5",
    "+5 while fighting", "during the fight" (step "fight", 9.16.1), "çalarken +4", "+4 while
    stealing" (step "steal", 9.23.1). The step's word in the change's clause, at most four
    words away, in its "-rken" form or after "while"/"during"; the words are read."""
    items = reading.items
    for m in reading.of(step):
        if items[m.start].clause != item.clause or abs(m.start - item.i) > 4:
            continue
        key = items[m.start].key
        lead = [k for k in range(max(0, m.start - 2), m.start) if items[k].clause == item.clause
                and items[k].key in ("while", "during")]
        if key.endswith(("rken", "rkan")) or lead:
            # "Gig çalarken", "while stealing gigs": the Gigs are the verb's object
            objects = [k for k in (m.start - 1, m.end) if 0 <= k < len(items)
                       and items[k].clause == item.clause and "gig" in reading.at(k)
                       and items[k].number is None]
            reading.consumed.update(list(range(m.start, m.end)) + lead + objects)
            return True
    return False


def _stolen_object_only(reading: Reading, item: Item) -> bool:
    """The Gig words near a signed number are all the object of a steal verb between them
    and the number ("Gig çalarken +10", "while stealing gigs, +3"): no Gig is counted by
    it, so the number is read as a power change like a bare "+3 alıyor"."""
    gigs = [m for m in reading.matches if m.concept in ("gig", "gig_area")
            and abs(m.start - item.i) <= 3 and reading.items[m.start].clause == item.clause]
    steals = [m for m in reading.of("steal") if reading.items[m.start].clause == item.clause]
    return bool(gigs) and all(
        any(g.end <= s.start and s.end <= item.i or item.i < s.start and s.end <= g.start
            for s in steals) for g in gigs)


def _area_after_verb(reading: Reading, item: Item) -> bool:
    """"+3 aldı Gig alanına": every Gig word near a signed number is a Gig area named after
    another word that follows the number (its verb: the clause ended without a comma); the
    area is the attack's target, it counts nothing."""
    items = reading.items
    near = [m for m in reading.matches if m.concept in ("gig", "gig_area")
            and abs(m.start - item.i) <= 3 and items[m.start].clause == item.clause]
    areas = reading.of("gig_area")
    return bool(near) and all(
        m.start > item.i + 1 and any(a.start <= m.start < a.end for a in areas)
        and not any(items[k].number is not None or reading.at(k) & {"gig", "power", "unit"}
                    for k in range(item.i + 1, m.start))
        for m in near)


def _counts_gigs(reading: Reading, item: Item) -> bool:
    """The number is said of a Gig word right after it ("3 gig çaldı", "2 gigs"): a count
    of Gigs, never a power."""
    items = reading.items
    k = item.i + 1
    return k < len(items) and items[k].clause == item.clause and "gig" in reading.at(k) \
        and "power" not in reading.at(k)


def _gig_number(reading: Reading, item: Item) -> bool:
    """A number left without a role is a Gig count only where Gigs are named near it
    ("rakibin Gig alanında 2 tane var"), not by the question ("kaç Gig"); a bare number
    beside a power ("9 ya da 10 güçlü") is not."""
    items = reading.items
    asked = {k for m in reading.of("gig_question") for k in range(m.start, m.end)}
    return any(items[m.start].clause == item.clause and abs(m.start - item.i) <= 3
               and m.start not in asked for m in reading.of("gig") + reading.of("gig_area"))


def _claimed(reading: Reading, dice: list[Item], free: list[Item]) -> Item | None:
    """"Can a 5 power unit steal 2 gigs?", "9 güçlü birim 1 Gig çalar mı?": in a yes/no
    question the one Gig number that is the steal verb's object is the count asked about
    (compared with the count the engine gives); in any other question it is no ruling."""
    from .asked import asked_form
    if asked_form(reading) != "yesno":
        if any(_claimed_count(reading, it) for it in dice):
            raise Unclear("steal.gigs_asked")
        return None
    found = [it for it in dice + free if _claimed_count(reading, it)]
    if len(found) > 1:
        raise Unclear("steal.gigs_asked")
    return found[0] if found else None


_MY_UNIT = ("birimim", "birimimle", "birimimin", "birimimi", "birimime")


_NOUNS = frozenset({"unit", "attacker", "defender", "block"})


def _my_suffix(reading: Reading, k: int) -> bool:
    """A Unit or role noun with the first person possessive: "saldıranımı", "BLOCKER'ımla"
    (not "birimi", whose stem already ends in -im)."""
    key = reading.items[k].key
    return any(m.end - m.start == 1 and m.concept in _NOUNS and " " not in m.cue
               and key.startswith(m.cue.rstrip("-")) and
               key[len(m.cue.rstrip("-")):].startswith(("im", "um"))
               for m in reading.matches if m.start == k)


def _owner_near(reading: Reading, item: Item) -> str | None:
    """Whose Unit a power number describes: "rakibin 9 güçlü birimi", "his 9 power unit"
    -> "rival"; "benim 9 güçlü birimim", "my 9 power unit" -> "mine"; else None."""
    items = reading.items
    own_noun = False
    for k in range(item.i + 1, min(len(items), item.i + 4)):     # "15 güçlü birimim"
        if items[k].clause != item.clause:
            break
        if items[k].key in _MY_UNIT or _my_suffix(reading, k):
            return "mine"                                        # "… saldıranımı"
        if reading.at(k) & _NOUNS:
            own_noun = True
            break
    for k in range(item.i - 1, max(-1, item.i - 5), -1):         # the nearest owner before
        if items[k].clause != item.clause or reading.at(k) & {"gig", "gig_area", "area"}:
            break               # "Rakibin Gig alanına 14 güçle": the rival owns the area
        if items[k].number is not None:
            break               # "birimim 5 güçlü savunan 6": another Unit's power
        if own_noun and reading.at(k) & _NOUNS:
            break               # "Rakibin BLOCKER'ı 10 güçlü saldıranımı": another phrase
        if "rival" in reading.at(k) and "turn" not in reading.at(k + 1):
            return "rival"
        if items[k].key in ("my", "benim", "mine"):
            return "mine"       # "mine has 12"
        if k == item.i - 1 and _unit_pronoun(items[k].key) is not None:
            reading.consumed.add(k)
            return _unit_pronoun(items[k].key)      # "benimki 8", "theirs 6"
        if not own_noun and items[k].key in ("birimim", "birimimin"):
            return "mine"       # "Saldıran birimim 5 güçlü": the number is its predicate
    return None


def _turn_fits(reading: Reading, attacker: Item) -> None:
    """Only the turn player attacks (official 8.15): "rakibimin turunda benim birimim
    saldırır" describes no legal attack, so it gets no ruling."""
    turn = _turn_owner(reading)
    owner = _owner_near(reading, attacker)
    if turn and owner and turn != owner:
        raise Unclear("steal.other_players_turn")


def _area_owner(reading: Reading) -> str | None:
    """Whose Gig area is attacked: "Gig alanıma", "my gig area" -> "mine"; "rakibin Gig
    alanına", "his gig area" -> "rival"; None when not said."""
    items = reading.items
    owners = set()
    for m in reading.of("gig_area"):
        area = items[m.end] if m.end < len(items) and "area" in reading.at(m.end) else items[m.end - 1]
        if reading.language != "en" and not _dative(items, area.i):
            continue            # "Gig alanımda 2 Gig var": where Gigs are, not what is attacked
        if area.key.startswith("alanim"):
            owners.add("mine")
            continue
        before = [k for k in range(max(0, m.start - 2), m.start)
                  if items[k].clause == items[m.start].clause]
        if any("rival" in reading.at(k) for k in before):
            owners.add("rival")
        elif any(items[k].key in ("my", "benim") for k in before):
            owners.add("mine")
    return owners.pop() if len(owners) == 1 else None


def _dice_owner(reading: Reading, item: Item) -> str | None:
    """Whose Gigs a Gig count is: "1 gigim", "Gig alanımda 2 Gig", "I have 1 gig" -> "mine";
    "rakibimin 1 Gig'i", "my opponent has 4" -> "rival"; None when not said."""
    items = reading.items
    nxt = items[item.i + 1] if item.i + 1 < len(items) else None
    if nxt is not None and "gig" in reading.at(nxt.i) and nxt.key.endswith(("im", "um", "imi", "umu")):
        return "mine"
    for k in range(item.i - 1, max(-1, item.i - 5), -1):
        if items[k].clause != item.clause:
            break
        if "rival" in reading.at(k):
            return "rival"
        # "I've got 1 gig": the apostrophe is dropped from the key ("ive")
        if items[k].key in ("my", "benim", "i", "ive") or items[k].key.startswith("alanim"):
            return "mine"
    return None


def _yesno_about_other_verb(reading: Reading) -> bool:
    """"rakibin 2 Gig'i vardı, birimim ikisini de çaldı. Diğer birimim Gig alanına
    saldırabilir mi?": a yes/no question whose last part has no steal (or Gig-losing) verb
    asks something else about a steal told before it: not a steal question."""
    from .asked import asked_form
    if asked_form(reading) != "yesno" or not reading.items:
        return False
    last = reading.items[-1].part
    return not any(reading.items[m.start].part == last
                   for m in reading.of("steal") + reading.of("lose"))


def _claimed_count(reading: Reading, item: Item) -> bool:
    """"Can a 5 power unit steal 2 gigs?", "2 Gig çalabilir mi?": the Gig number is the
    steal verb's object (the count asked about), not the Gigs in the rival's area."""
    items = reading.items
    near = range(item.i - 2, item.i) if reading.language == "en" else range(item.i + 1, item.i + 4)
    # ("2 Gig kaybeder miyim?", "do I lose 2 gigs?": the Gigs lost are the Gigs stolen)
    return any(0 <= k < len(items) and items[k].clause == item.clause and
               reading.at(k) & {"steal", "lose"} for k in near)


def _lost_power(reading: Reading, item: Item) -> bool:
    """"loses 8 (power) this turn", "8 güç kaybeder": a number the Unit loses is a power
    change, not a Gig count or a second power. (A Gig number lost is `_claimed_count`.)"""
    items = reading.items
    if item.sign or "gig" in {c for k in range(item.i + 1, min(len(items), item.i + 3))
                              for c in reading.at(k)}:
        return False
    if reading.language == "en":
        return item.i > 0 and "lose" in reading.at(item.i - 1) and \
            items[item.i - 1].clause == item.clause
    k = item.i + 1
    if k < len(items) and "power" in reading.at(k):
        k += 1
    return k < len(items) and items[k].clause == item.clause and "lose" in reading.at(k)


def _gear_powers(reading: Reading, items: list[Item]) -> list[Item]:
    """Numbers that are a Gear's power ("3 güçlü Gear", "a Gear with 3 power"): the Unit
    that equips the Gear gains it (11.6.5), so they add to the Unit's power."""
    if not reading.has("gear"):
        return []
    if all([_negated(reading, m.start, m.end) for m in reading.of("gear")]):
        return []       # "gücü 0 ve Gear'ı yok", "no gear": no Gear's power to gain
    if any(_counts_gears(reading, it) for it in reading.numbers):
        raise Unclear("power.gear_count")
    out = []
    for item in items:
        if item.sign or _role(reading, item, ("power",)) != "power":
            continue
        if _role(reading, item, ("unit", "gear"), bonus=10) == "gear":
            out.append(item)
    if out and _gear_left(reading):
        raise Unclear("power.gear_left")
    return out


_COUNT_WORDS = ("tane", "adet")
# What a Gear may be said to undergo that takes it off its Unit (4.12, 11.6.1.2, 11.6.6)
_GEAR_LEAVES = frozenset({"defeat", "move", "trash", "removed", "undo", "return_hand",
                          "to_hand", "sell"})


# "taşı-" is also "carry": "Gear taşıyor", "Gear taşıyan birim" (the Unit holds it)
_CARRIES = ("tasiy", "tasir", "tasiyan")


def _gear_left(reading: Reading) -> bool:
    """"3 güçlü gear'ı mağlup edildi", "gear'ı başka birime taşıdım", "the gear got
    trashed": a Gear said to leave its Unit (the words after it, up to the next Unit that
    is not "another" one) gives it no power; read as equipped it added a power the Unit no
    longer has."""
    items = reading.items
    for m in reading.of("gear"):
        for k in range(m.end, min(len(items), m.end + 4)):
            if items[k].clause != items[m.start].clause:
                break
            here = reading.at(k)
            if "unit" in here and not (k > 0 and "other" in reading.at(k - 1)):
                break
            if here & _GEAR_LEAVES and not (here & _GEAR_LEAVES == {"move"} and (
                    items[k].key.startswith(_CARRIES) or "where" in reading.at(k - 1))):
                return True
    return False


def _counts_gears(reading: Reading, item: Item) -> bool:
    """"3 güçlü iki Gear", "two 3 power gears", "iki tane 3 güçlü Gear": a number of Gears
    (two or more) that share one unsigned power; read as a power of its own it added a
    wrong amount. ("two +2 gears" is a known multiplier, `_multipliers`.)"""
    items = reading.items
    if item.sign or item.suffix or (item.number or 0) < 2:
        return False
    k = item.i + 1
    if k < len(items) and "power" in reading.at(k):
        return False                    # "2 güçlü Gear": the Gear's power
    before = item.i >= 2 and "power" in reading.at(item.i - 1) and \
        items[item.i - 2].number is not None and not items[item.i - 2].sign
    shared = before
    while k < len(items) and k - item.i <= 4 and items[k].clause == item.clause:
        if "gear" in reading.at(k):
            return shared
        if items[k].number is not None and not items[k].sign:
            shared = True               # "two 3 power gears"
        elif not (items[k].key in _COUNT_WORDS or "power" in reading.at(k)):
            return False
        k += 1
    return False


def _to_some_unit(reading: Reading, mods: list[Item]) -> bool:
    """"Rakibim bir birimime -5 verdi": a change given to one of the player's Units, not
    said to be the one asked about ("bir", or "diğer"/"another", before the Unit word the
    change goes to)."""
    items = reading.items
    for mod in mods:
        for k in range(max(0, mod.i - 3), mod.i):
            if "unit" in reading.at(k) and k >= 1 and items[k - 1].key == "bir" \
                    and items[k - 1].clause == mod.clause == items[k].clause:
                return True
        # "diğer birimime +3 verdi", "gives +3 power to another unit": a change beside
        # another Unit is that Unit's, not the attacker's
        for k in range(max(1, mod.i - 3), min(len(items), mod.i + 6)):
            if k != mod.i and "unit" in reading.at(k) and "other" in reading.at(k - 1) \
                    and items[k - 1].clause == mod.clause == items[k].clause:
                return True
    return False


def _effect_sources(reading: Reading, mods: list[Item]) -> None:
    """"+4 güç veren bir etki", "minus 3 from an effect": an effect word with a power change
    beside it (same clause, within five words) is where the change comes from, and is read;
    any other effect word ("bir etki bu birimin kazandığını söylüyor") stays unread and is
    reported (a `fact` of steal and fight)."""
    items = reading.items
    for m in reading.of("effect"):
        if any(mod.clause == items[m.start].clause and
               (0 < m.start - mod.i <= 5 or 0 <= mod.i - m.end < 5) for mod in mods):
            reading.consumed.update(range(m.start, m.end))


def _gear_unpowered(reading: Reading, numbers: list[Item]) -> bool:
    """A Gear named with no power next to it ("Gear takılı 9 güçlü birim", "my unit has
    a Gear"): the Unit gains the Gear's power (11.6.5), so the power is not known."""
    items = reading.items
    for m in reading.of("gear"):
        if _negated(reading, m.start, m.end):
            # "Gear'ı yok", "no gear", "Gear'sız": no Gear, no power gained (11.6.3)
            reading.consumed.update(range(m.start, m.end))
            continue
        clause = items[m.start].clause
        if not any(it.clause == clause and (m.start - 4 <= it.i < m.start or m.end <= it.i < m.end + 4)
                   and it in numbers for it in reading.numbers):
            return True
    return False


_SCALE_COUNT = {"ikiye": 2, "uce": 3, "double": 2, "doubles": 2, "doubled": 2, "doubling": 2,
                "triple": 3, "triples": 3, "tripled": 3, "tripling": 3}
_SCALE_VERB = ("in", "dus", "dur", "cik")


def _power_scale(reading: Reading) -> tuple[int, int, set[int]] | None:
    """"gücü yarıya indi", "halves its power", "ikiye katlandı", "iki katına çıktı",
    "doubled": the Unit's power scaled by an effect, as (times, divided by, the words read).
    None when no scale word is said; Unclear when one is said without the Unit's power in
    its clause, more than once, or with a count that is not read."""
    items = reading.items
    found: list[Match] = []
    for m in sorted(reading.of("halve") + reading.of("multiply"), key=lambda m: m.start - m.end):
        if not any(m.start < f.end and f.start < m.end for f in found):
            found.append(m)             # "cut in half" once, not also "in half" and "half"
    if not found:
        return None
    if len(found) > 1:
        raise Unclear("combat.scale_twice")
    m = found[0]
    clause = items[m.start].clause
    words = set(range(m.start, m.end))
    if m.concept == "halve":
        num, den = 1, 2
        # "cuts its power in half": the verb of the phrase
        words |= {k for k in range(max(0, m.start - 6), m.start)
                  if items[k].clause == clause and items[k].key in ("cut", "cuts", "cutting")}
    else:
        key = items[m.start].key
        num = _SCALE_COUNT.get(key, 0)
        prev = items[m.start - 1] if m.start > 0 and items[m.start - 1].clause == clause else None
        if not num and prev is not None:
            num = prev.number if prev.number is not None and not prev.sign else \
                _SCALE_COUNT.get(prev.key, 0)
            words.add(prev.i)
        if num < 2:
            raise Unclear("combat.scale_count")
        den = 1
    nxt = m.end
    verb = nxt < len(items) and items[nxt].clause == clause and items[nxt].number is None and \
        items[nxt].key.startswith(_SCALE_VERB)
    if verb:
        words.add(nxt)                  # "yarıya indi(rdi)", "yarıya düştü", "katına çıktı"
    power_said = any(items[k].clause == clause and "power" in reading.at(k) and k not in words
                     for k in range(max(0, m.start - 4), min(len(items), m.end + 4)))
    # "Gig'lerinin yarısı", "half the gigs": Gigs halved, not a power (the word before the
    # scale, or the first word after it and its verb, past "the"/"of")
    asked = {k for q in reading.of("gig_question") for k in range(q.start, q.end)}
    after = max(words) + 1
    while after < len(items) and items[after].key in ("the", "of", "their", "his", "my"):
        after += 1
    # (after "katına çıktı" a new phrase starts: "… çıktı, Gig alanına saldırınca")
    near = [k for k in (m.start - 1, None if verb else after)
            if k is not None and 0 <= k < len(items) and items[k].clause == clause]
    gigs = any(reading.at(k) & {"gig", "gig_area"} and k not in asked for k in near)
    if not power_said or gigs:
        raise Unclear("combat.scale_what")
    return num, den, words


def _scale_order(reading: Reading, scale: tuple[int, int, set[int]], mods: list[Item]) -> str | None:
    """"yarıya indi, sonra +3 aldı" -> "scale" (first); "+3 aldı, ardından yarıya indi" ->
    "changes"; None when the order is not said (an "after" word between the two)."""
    at = min(scale[2])
    afters = [m.start for m in reading.of("after")] + \
        [it.i for it in reading.items if it.key in ("then",)]
    if all(m.i > at for m in mods) and any(at < a < min(m.i for m in mods) for a in afters):
        reading.consumed.update(a for a in afters if at < a < min(m.i for m in mods))
        return "scale"
    if all(m.i < at for m in mods) and any(max(m.i for m in mods) < a < at for a in afters):
        reading.consumed.update(a for a in afters if max(m.i for m in mods) < a < at)
        return "changes"
    return None


def _scaled_power(reading: Reading, base: Item, scale: tuple[int, int, set[int]],
                  mods: list[Item] = (), first: str = "scale") -> int:
    """The power after the scale (and any changes, in the order said); the words are read
    (with the effect word that scales it). The rules say nothing of rounding a halved power:
    where rounding down or up would steal a different number of Gigs, no ruling."""
    from ..engine.rules_math import steal_count
    num, den, words = scale
    change = sum(m.number for m in mods)
    reading.consumed.update(words)
    items = reading.items
    clause = items[min(words)].clause
    for m in reading.of("effect"):
        if items[m.start].clause == clause and abs(m.start - min(words)) <= 5:
            reading.consumed.update(range(m.start, m.end))
    start = base.number + (change if first == "changes" else 0)
    low = start * num // den + (change if first == "scale" else 0)
    high = -(-start * num // den) + (change if first == "scale" else 0)
    if steal_count(low) != steal_count(high):
        raise Unclear("combat.scale_rounding")
    return low


def _scale_text(base: int, scale: tuple[int, int, set[int]], changes: list[int] = (),
                first: str = "scale") -> str:
    num, den, _ = scale
    factor = f"× {num}" if den == 1 else f"× {num}/{den}"
    terms = " ".join(f"{'-' if c < 0 else '+'} {abs(c)}" for c in changes)
    if first == "changes" and changes:
        start = base + sum(changes)
        value = start * num / den
        return f"({base} {terms}) {factor} = {value:g}"
    value = base * num / den + sum(changes)
    return f"{base} {factor}{' ' + terms if changes else ''} = {value:g}"


def _sum_text(base: int, mods: list[int]) -> str:
    terms = " ".join(f"{'-' if m < 0 else '+'} {abs(m)}" for m in mods)
    return f"{base} {terms} = {base + sum(mods)}"


def _power_working(reading: Reading, base: Item, mods: list[Item],
                   side: str | None = None) -> tuple[int, list[str], list[Step]]:
    """A Unit's power: its base plus the changes given with it (a signed number, a Gear's
    power), with the working as an assumption (and the Gear rule as a step)."""
    changes = [m.number for m in mods]
    power = base.number + sum(changes)
    assumptions: list[str] = []
    steps: list[Step] = []
    if mods:
        working = _sum_text(base.number, changes)
        key = {"attacker": "working_attacker", "defender": "working_defender"}.get(side, "working")
        assumptions.append(say(reading, f"ask_assume.power.{key}", working=working))
        if reading.has("gear"):
            steps.append(Step(R.GEAR_POWER, say(reading, "ask_step.gear_power", working=working)))
    if power < 0:
        assumptions.append(_negative(reading))
    return power, assumptions, steps


def _asks_remaining(reading: Reading) -> bool:
    """"rakipte kaç Gig kalır", "how many Gigs does the rival have left", "saldırıdan sonra
    rakibimin kaç Gig'i olur", "how many gigs will my opponent have": the question is what
    a Gig area holds after the steal."""
    items = reading.items
    for q in reading.of("gig_question"):
        for m in reading.of("remain"):
            if not q.end <= m.start <= q.end + 4:
                continue
            if items[m.start].clause != items[q.start].clause:
                continue
            if any(q.end <= s.start < m.start for s in reading.of("steal")):
                continue
            return True
        after = [k for k in range(q.end, min(len(items), q.end + 5))
                 if items[k].clause == items[q.start].clause]
        if any(items[k].key in _WILL_HAVE_TR for k in after[:2]):
            return True                     # "kaç Gig'i olur / olacak"
        keys = [items[k].key for k in after]
        if "will" in keys and any(k in ("have", "has") for k in keys):
            return True                     # "how many gigs will he have"
        if any(k in ("have", "has") for k in keys) and (
                reading.has("after") or any(it.key == "end" for it in items)):
            return True                     # "how many gigs does he have after the attack"
    return False


# "kaç Gig'i olur", "kaç Gig'im olacak": what a Gig area holds afterwards
_WILL_HAVE_TR = ("olur", "olacak", "olacagi", "olucak", "olurmu", "olacakmi", "kalir")


def _remaining_whose(reading: Reading) -> str | None:
    """Whose Gigs a remaining-count question asks about: "rakibimin kaç Gig'i", "how many
    gigs will my opponent have" -> "rival"; "benim kaç Gig'im", "how many gigs will I have"
    -> "mine"; None when not said."""
    items = reading.items
    for q in reading.of("gig_question"):
        clause = items[q.start].clause
        near = [k for k in range(max(0, q.start - 2), min(len(items), q.end + 4))
                if items[k].clause == clause and not q.start <= k < q.end - 1]
        if any("rival" in reading.at(k) for k in near):
            return "rival"
        gig_word = items[q.end - 1].key
        if any(items[k].key in ("i", "my", "benim", "bende") for k in near) or \
                gig_word.endswith(("im", "imiz", "um")):
            return "mine"
    return None


def _adjective(reading: Reading, item: Item) -> bool:
    """"19'luk birim", "19luk", "a 19-power unit": the number describes the Unit."""
    if not item.suffix.startswith(("lik", "luk", "li", "lu")):
        return False
    nxt = _after_number(reading, item)
    return nxt < len(reading.items) and "unit" in reading.at(nxt)


def _after_number(reading: Reading, item: Item) -> int:
    """The word after a number, past the units word of a spelled one ("on *sekizlik*")."""
    nxt = item.i + 1
    while nxt < len(reading.items) and reading.items[nxt].joined:
        nxt += 1
    return nxt


def _gig_value(reading: Reading, item: Item) -> bool:
    """"8'lik Gig'i var", "8lik gig": the number is the value a Gig shows, not how many."""
    if not item.suffix.startswith(("lik", "luk")):
        return False
    nxt = _after_number(reading, item)
    return nxt < len(reading.items) and "gig" in reading.at(nxt) \
        and "gig_area" not in reading.at(nxt)


def _minus_is_power(reading: Reading, item: Item) -> bool:
    """A minus number is the Unit's power itself only where it is written as one: an
    adjective ("-3 güçlü birim", "-3'lük", "a -2 power unit") or after the power noun ("gücü
    eksi 2", "power is -1"). Elsewhere ("-3 güç aldı", "got -2 power", "-4 güç verildi") it is
    a change, and a change with no power beside it gives no ruling."""
    if item.suffix.startswith(("lik", "lık", "luk", "lük", "li", "lı", "lu", "lü")):
        return True
    items = reading.items
    nxt = item.i + 1
    if nxt < len(items) and items[nxt].clause == item.clause and "power" in reading.at(nxt):
        if items[nxt].key.endswith(("lu", "li", "te", "de")):
            return True         # "-3 güçlü", "-3 güçte": the adjective or the state
        after = nxt + 1
        if after < len(items) and reading.at(after) & {"unit", "attacker", "defender"}:
            return True         # "a -2 power unit", "negative 2 power attacker"
        return False
    for k in range(item.i - 1, max(item.i - 4, -1), -1):
        if items[k].clause != item.clause or items[k].number is not None:
            break
        if "power" in reading.at(k):
            return True         # "gücü eksi 2", "power is -1", "power of -3"
    return False


def _gig_count_hinted(reading: Reading) -> bool:
    """"rakibimin son Gig'i kaldı", "his last gig", "only gigs": "only"/"last" beside a Gig
    word says how many Gigs are there to steal without a number read; taking the area as
    large would overstate the Gigs stolen (9.23.3.3)."""
    items = reading.items
    gigs = reading.of("gig") + reading.of("gig_area")
    return any(abs(g.start - m.start) <= 3 and items[g.start].clause == items[m.start].clause
               for m in reading.of("only") for g in gigs)


def _gig_area_empty(reading: Reading) -> bool:
    """"boş Gig alanı", "Gig alanı boşsa", "rakibin hiç Gig'i yok", "no Gigs"."""
    if reading.has("empty") and (reading.has("gig_area") or reading.has("gig")):
        return True
    return any([_negated(reading, m.start, m.end) for m in reading.of("gig") + reading.of("gig_area")])


# "gigim", "giglerim", "alanım", "alanımda": a Gig word with the first person possessive
_MY_GIG_WORD = re.compile(r"(gig(ler)?|alan)(im|imiz)(da|de|a|e|in|i)?$")


def _empty_gig_owner(reading: Reading, k: int) -> str | None:
    """Whose Gigs an emptiness at word `k` is said of: "gig alanım boş", "hiç gigim yok",
    "I have no gigs", "my gig area is empty" -> "mine"; "rakibin gig alanı boş", "he has
    no gigs" -> "rival"; None when not said (or both are named)."""
    items = reading.items
    clause = items[k].clause
    near = [j for j in range(max(0, k - 4), min(len(items), k + 2)) if items[j].clause == clause]
    rival = any("rival" in reading.at(j) or items[j].key in ("he", "she", "they", "his", "her", "their")
                for j in near if j <= k)
    mine = any(_MY_GIG_WORD.match(items[j].key) for j in near
               if reading.at(j) & {"gig", "gig_area", "area"}) or any(
        _first_person_owner(reading, j) for j in near if j < k)
    if rival == mine:
        return None
    return "rival" if rival else "mine"


def _first_person_owner(reading: Reading, j: int) -> bool:
    """Word `j` names the asker as an owner: "my"/"benim"/"mine" (not "my opponent"), or
    "I" with "have"/"got" right after ("I have no gigs"; "Can I attack" owns nothing)."""
    items = reading.items
    key = items[j].key
    if j + 1 < len(items) and "rival" in reading.at(j + 1):
        return False
    if key in ("i", "ive"):
        return key == "ive" or (j + 1 < len(items) and items[j + 1].key in ("have", "has", "got", "had"))
    return key in _FIRST_PERSON_WORDS and key not in ("me", "ben")


def _attacked_area_owner(reading: Reading) -> str | None:
    """Whose Gig area the attack verb names: Turkish, the dative Gig area (`_area_owner`);
    English, the first Gig area after the verb ("attacks the rival gig area"), "my gig area
    is empty" before it being no target."""
    if reading.language != "en":
        return _area_owner(reading)
    items = reading.items
    verbs = reading.of("attack")
    if not verbs:
        return None
    if _english_passive(reading, verbs[0]):
        # "can my gig area be attacked": the subject before the verb is the attacked area
        named = [m for m in reading.of("gig_area") if m.start < verbs[0].start]
        named = named[-1:]
    else:
        named = [m for m in reading.of("gig_area") if m.start > verbs[0].start][:1]
    if not named:
        return None
    m = named[0]
    before = [k for k in range(max(0, m.start - 3), m.start) if items[k].clause == items[m.start].clause]
    if any("rival" in reading.at(k) or items[k].key in ("his", "her", "their") for k in before):
        return "rival"
    if any(items[k].key in ("my", "mine") for k in before):
        return "mine"
    return None


def _empty_elsewhere(reading: Reading, attacker: str | None = None) -> str | None:
    """Every emptiness said of a Gig area is the attacking side's own ("benim gig alanım boş,
    … rakibin Gig alanına saldırıyor", "rakibimin hiç gigi yok, … gig alanıma saldırdı"): it
    says nothing of the attacked area. Returns whose Gig area is attacked, or None. Whose
    Unit attacks (`attacker`, when known) makes the other player's area the attacked one
    unless the question names another."""
    side = _attacked_area_owner(reading) or {"mine": "rival", "rival": "mine"}.get(attacker or "")
    if side is None:
        return None
    other = "mine" if side == "rival" else "rival"
    items = reading.items
    spots = []
    for m in reading.of("empty"):       # the Gig word nearest the emptiness word is the emptied
        near = [g.start for g in reading.of("gig") + reading.of("gig_area")
                if items[g.start].clause == items[m.start].clause]
        if near:
            spots.append(min(near, key=lambda k: abs(k - m.start)))
    negated = [m for m in reading.of("gig") + reading.of("gig_area")
               if reading.items[m.start].negated or _negated_quietly(reading, m)]
    spots += [m.start for m in negated]
    if not spots or any(_empty_gig_owner(reading, k) != other for k in spots):
        return None
    # the emptiness is read (as the attacking side's, which decides nothing)
    for m in negated:
        _negated(reading, m.start, m.end)
    reading.consumed.update(k for m in reading.of("empty") for k in range(m.start, m.end))
    return side


def _negated_quietly(reading: Reading, m: Match) -> bool:
    """`_negated` without marking the negation read (a check, not a reading)."""
    before = set(reading.consumed)
    found = _negated(reading, m.start, m.end)
    reading.consumed.clear()
    reading.consumed.update(before)
    return found


_RELATION = ("attack", "attacker", "defender", "fight", "versus", "block", "passive")


def _fight_states(reading: Reading) -> None:
    """Spent and ready words in a fight: a spent Unit is a legal target (and an attacker is
    spent by attacking, 9.3.3), so "spent" is read and changes nothing; a ready Unit that is
    attacked is no legal target (9.3.2.1), so such a question gets no ruling."""
    items = reading.items
    for m in reading.of("spent"):
        if any(b.cue == "blocker" and abs(b.start - m.start) <= 3
               and items[b.start].clause == items[m.start].clause for b in reading.of("block")):
            raise Unclear("fight.spent_blocker")
        reading.consumed.update(range(m.start, m.end))
    attacker_part, _ = _attack_parts(reading)
    verbs = [m.start for m in reading.of("attack")
             if not reading.at(m.start) & {"attacker", "defender"}]
    for m in reading.of("ready"):
        blocker = _ready_blocker(reading, m)
        # "… birimime saldırdı ama benim birimim hazır": a state said after the attack verb
        # may be the target's (9.3.2.1), whatever clause it is in
        after_verb = bool(verbs) and m.start > verbs[0]
        if not (blocker or (m.start in attacker_part and not reading.has("passive")
                            and not after_verb)):
            raise Unclear("target.ready")
        reading.consumed.update(range(m.start, m.end))


def _side_of(reading: Reading, item: Item, sides: tuple[str, ...]) -> str | None:
    """The Unit a power number describes: the role noun right after its power word
    (`_side_after`), else the nearest role word, before it first. A role word right before
    the number that differs from the one after ("saldıran 8 güçlü savunan 5") could be
    either reading: no ruling."""
    after = _side_after(reading, item)
    before = item.i - 1
    adjacent = None
    # ("12 güçlü saldıranı 5 güçlü BLOCKER": the word before 5 is the 12's own noun)
    if before >= 0 and reading.items[before].clause == item.clause and \
            not (before >= 1 and "power" in reading.at(before - 1)):
        here = reading.at(before)
        adjacent = next(({"block": "defender"}.get(c, c) for c in sides if c in here), None)
    if after and adjacent and after != adjacent:
        noun = reading.items[item.i + 2].key if item.i + 2 < len(reading.items) else ""
        if noun in _BARE_ROLES:
            raise Unclear("fight.role_both_sides")
        # "Rakibin BLOCKER'ı 10 güçlü saldıranımı": a role noun with a case ending after
        # the power word is the noun the number describes; the one before is another phrase
        return after
    if after or adjacent:
        return after or adjacent
    if item.i >= 1 and reading.items[item.i - 1].clause == item.clause and (
            reading.items[item.i - 1].key in ("benim", "my", "onun", "his", "their")
            or "rival" in reading.at(item.i - 1)):
        # "Rakibin BLOCKER'ı benim 8 güçlü birimimi": the owner opens the number's own
        # noun phrase; a role word before it is another Unit's, so only one after counts
        for k in range(item.i + 1, min(len(reading.items), item.i + 4)):
            if reading.items[k].clause != item.clause or reading.items[k].number is not None:
                break
            here = [c for c in sides if c in reading.at(k)]
            if here:
                return {"block": "defender"}.get(here[0], here[0])
        return None
    return _role(reading, item, sides, prefer="left", barrier=("versus",), bonus=10)


# A role word without a case ending can head the next predicate ("savunan 5 güçlü"); with
# one ("saldıranımı", "BLOCKER'ı") it is the noun its adjective describes.
_BARE_ROLES = ("saldiran", "savunan", "saldirgan", "savunucu", "attacker", "defender", "blocker")


def _side_after(reading: Reading, item: Item) -> str | None:
    """"14 güçlü saldıranımı", "6 güçle blokladı", "a 9 power attacker": the role noun
    or verb right after the number's power word is the Unit the number describes, whatever
    role word stands before it ("Rakibimin BLOCKER'ı benim 14 güçlü saldıranımı")."""
    items = reading.items
    k = item.i + 1
    if k >= len(items) or "power" not in reading.at(k) or items[k].clause != item.clause:
        return None
    k += 1
    if k >= len(items) or items[k].clause != item.clause:
        return None
    if k + 1 < len(items) and items[k + 1].number is not None and \
            items[k + 1].clause == item.clause and items[k].key in _BARE_ROLES:
        return None         # "saldıran 8 güçlü savunan 5 güçlü": a list of predicates
    here = reading.at(k)
    if "hinder" in here and any(m.cue == "blocker" for m in reading.of("block")):
        here = here | {"block"}         # "11 güçle engelledi" with a BLOCKER named: blocked
    for concept in ("attacker", "defender", "block"):
        if concept in here and not (concept == "block" and "attack" in here):
            return {"block": "defender"}.get(concept, concept)
    return None


_RELATIVE_EN = ("that", "which", "who", "whom")
_PASSIVE_AUX = ("was", "is", "were", "are", "been", "be", "being", "got", "gets", "get")
_VERBS_EN = ("attack", "attacks", "attacked", "attacking", "block", "blocks", "blocked", "blocking")


def _relative_role(reading: Reading) -> bool:
    """An attack or block verb inside a noun phrase ("4 güçlü birimime saldıran birim",
    "birimimin saldırdığı birim", "tarafından saldırılan", "bloklanan birim", "the unit
    attacked by my 4 power unit", "the unit that attacked my 7 power unit", "the unit my
    7 power unit attacked had 9"): which Unit attacks is said by the clause's grammar, which
    the role reading does not follow, so no ruling."""
    items = reading.items
    for m in reading.of("attack") + reading.of("block"):
        k = m.start
        key = items[k].key
        prev = items[k - 1] if k > 0 and items[k - 1].clause == items[k].clause else None
        nxt = items[k + 1] if k + 1 < len(items) and items[k + 1].clause == items[k].clause else None
        if reading.language != "en":
            if key.endswith(("lan", "len", "nan", "nen", "ilmis", "ulmus", "lanmis", "lenmis")):
                return True             # a passive participle: "saldırılan", "bloklanan"
            if re.search(r"[dt][iu]g[iu]", key):
                return True             # "saldırdığı", "blokladığım birim"
            if key.endswith(("an", "en")) and prev is not None and \
                    reading.at(prev.i) & {"unit", "rival", "block", "attacker", "defender"} and \
                    prev.key.endswith(("a", "e", "i", "u")) and not prev.key.endswith(("in", "un")):
                return True             # "birimime saldıran birim": the participle's object
            continue
        if key not in _VERBS_EN:
            continue                    # "attacker", "BLOCKER": a role noun says its role
        if prev is not None and prev.key in _RELATIVE_EN:
            return True                 # "the unit that attacked my 7 power unit"
        roles = {"attacker", "defender"} | ({"block"} if prev is not None and prev.key != "unit" else set())
        if key in ("attacked", "blocked") and nxt is not None and nxt.key == "by" and \
                (prev is None or (prev.key not in _PASSIVE_AUX and not reading.at(prev.i) & roles)):
            return True                 # "the unit attacked by my 4 power unit"
        if key in ("attacked", "blocked") and nxt is not None and nxt.key in ("had", "has", "have", "is", "was"):
            return True                 # "the unit my 7 power unit attacked had 9 power"
    return False


_OUTCOME = ("win", "lose", "defeat", "both", "result", "survive", "steal")


# "oyunu", "maçı", "the game", "match": the game itself as what is won or lost (folded keys)
_GAME_WORDS = ("oyunu", "oyunun", "maci", "macin", "game", "match")


def _game_outcome_asked(reading: Reading) -> bool:
    """"oyunu kim kazanır", "do I win the game", "does my opponent lose the game": the game's
    outcome is asked (1.5, 1.10), never a fight's winner or a steal count."""
    items = reading.items
    for it in items:
        if it.key not in _GAME_WORDS:
            continue
        if any(reading.at(k) & {"win", "lose"} for k in range(max(0, it.i - 3), min(len(items), it.i + 3))
               if items[k].clause == it.clause):
            return True
    return False


def extract_fight(reading: Reading) -> Call | None:
    if not any(reading.has(c) for c in _RELATION):
        return None         # two Units with powers, but nothing says they fight
    if _game_outcome_asked(reading):
        return None         # "…, oyunu kim kazanır": the game's winner, not the fight's
    if _outcome_not_asked(reading):
        return None
    powers: list[Item] = []
    units = 0
    count_at = -99
    from .context import cost_numbers
    costs = cost_numbers(reading)       # "4 maliyetli 10 güçlü": a cost is no power
    for item in reading.numbers:
        if item.i in costs:
            continue
        if _counts_units(reading, item):
            units = item.number or 0
            count_at = item.i
            continue        # "8 güçlü iki birim": a number of Units, not a power
        role = _role(reading, item, ("power", "gig", "cost", "card", "deck"))
        if role == "gig" and item.sign and _stolen_object_only(reading, item):
            role = None         # "Gig çalarken +3 alıyor": the Gigs are what it steals
        if role in (None, "power"):
            powers.append(item)
    gear = _gear_powers(reading, powers)
    bases = [it for it in powers if not it.sign and it not in gear]
    mods = gear + [it for it in powers if it.sign == "+"]
    repeats = _change_repeats(reading)
    for item in (it for it in powers if it.sign == "-"):
        # "gücü eksi 2": a power while the two Units lack one; after that a change.
        (bases if len(bases) < 2 and item.i not in repeats and _minus_is_power(reading, item)
         else mods).append(item)
    counters: set[int] = set()
    for n, words in repeats.values():
        counters |= words
    powers = [it for it in powers if it.i not in counters]
    bases = [it for it in bases if it.i not in counters]
    # "iki kez +2 güç", "+2 twice": the same change given more than once
    mods = [m for m in mods if m.i not in counters for _ in range(repeats.get(m.i, (1, set()))[0])]
    # "+4 while stealing", "çalarken +4": a change that lasts only while stealing (9.23.1);
    # an attack on a Unit has a Fight Step and no Steal Step (9.15), so it counts nothing
    idle = [m for m in mods if m.sign and m not in gear and _other_step_change(reading, m, "steal")]
    mods = [m for m in mods if not any(m is i for i in idle)]
    counters |= {m.i for m in idle}
    idle_steps = [Step(R.WHILE_STEALING, say(reading, "ask_combat.change_only_stealing",
                                             change=f"{m.number:+d}")) for m in idle]
    bases.sort(key=lambda it: it.i)
    if len(bases) > 2:
        raise Unclear("fight.three_powers")
    if len(bases) == 1 and units == 2 and not mods and abs(bases[0].i - count_at) <= 3:
        # "8 güçlü iki birim", "two units of 8 power": both have the one power given.
        p = bases[0].number
        return Call({"attacker_power": p, "defender_power": p},
                    [_negative(reading)] if p < 0 else [],
                    used={bases[0].i} | {it.i for it in reading.numbers if _counts_units(reading, it)})
    if len(bases) < 2:
        return None
    if _gear_unpowered(reading, gear + [it for it in powers if it.sign]):
        raise Unclear("power.gear_unpowered")
    if _to_some_unit(reading, [it for it in powers if it.sign]):
        raise Unclear("power.some_unit")
    _effect_sources(reading, [it for it in powers if it.sign])
    if any(_change_on_trigger(reading, m, ("fight", "win", "lose", "defeat")) for m in mods if m.sign):
        raise Unclear("fight.change_when_fights")
    if _stated_after_change(reading, bases, [m for m in mods if m.sign and m not in gear]):
        raise Unclear("power.stated_after_change")
    if reading.has("previous") and any(m.sign for m in mods):
        raise Unclear("power.change_earlier_turn")
    if _relative_role(reading):
        raise Unclear("fight.relative_role")
    first, second = bases[0], bases[1]
    _fight_states(reading)
    assumptions: list[str] = []
    roles_guessed = False
    # Who is who: the role word before a number in Turkish and English alike ("saldıranın
    # gücü 8", "attacker 9"), else the one after ("an 8 power attacker"); never across
    # "vs"/"karşı".
    # A blocker is the defending Unit once it blocks (9.9.1).
    sides = ("attacker", "defender", "block")
    as_side = {"block": "defender"}
    by_block = _block_verb_roles(reading, first, second)
    side1 = _side_of(reading, first, sides)
    side2 = _side_of(reading, second, sides)
    if any(_side_of(reading, it, ("block",)) for it in (first, second)) and any(
            _negated(reading, m.start, m.end, reach=3) for m in _block_words(reading)):
        # "9 güçlü BLOCKER'ımla bloklamadım", "I didn't use my 9 power blocker": the
        # BLOCKER's power is no defender's; the Unit that defends is another one
        raise Unclear("fight.blocker_not_used")
    side1, side2 = as_side.get(side1, side1), as_side.get(side2, side2)
    if by_block is not None:
        # "6 güçlü birimim 10 güçlü birimini blokladı", "8 güçlü birim 4 güçlü birim
        # tarafından bloklanırsa", "A blocks B": the block verb's subject and object say
        # who blocks (the defender) and who is blocked (the attacker); a role word that
        # says otherwise is no ruling
        strong = (_side_after(reading, first), _side_after(reading, second))
        strong = tuple(as_side.get(x, x) for x in strong)
        if any(x is not None and x != y for x, y in zip(strong, by_block)):
            raise Unclear("fight.role_both_sides")
        side1, side2 = by_block
    if side1 and side2 and side1 == side2:
        side2 = None
    if side1 is None and side2 is not None:
        side1 = "defender" if side2 == "attacker" else "attacker"
    if side1 is None and side2 is None:
        # "6 güçlü birimin saldırısını blokladı", "a 6 power unit's attack", "the attack
        # of a 6 power unit": the Unit whose attack it is attacks
        owns1, owns2 = _attack_owner(reading, first), _attack_owner(reading, second)
        if owns1 != owns2:
            side1 = "attacker" if owns1 else "defender"
    if side1 is None:
        if reading.has("passive"):
            side1 = "defender"
        elif reading.has("attack") and _dative_unit(reading, first) and not _dative_unit(reading, second):
            side1 = "defender"
        elif reading.language == "en" and reading.has("attack") and _with_attacker(reading, second):
            side1 = "defender"          # "I attack his 6 power unit with my 4 power unit"
        elif _verb_subject(reading, second) and not _verb_subject(reading, first):
            side1 = "defender"          # "Their 3 power unit is spent. My 10 power unit attacks it."
        elif _instrumental_attacker(reading, second) and not _instrumental_attacker(reading, first):
            side1 = "defender"          # "… 5 güçlü birimi …, 8 güçlü birimimle ona saldırırsam"
        else:
            # "His spent unit has 9 power and mine has 12. Mine attacks.": the attack verb's
            # subject decides when each Unit's owner is said; else the first named attacks
            verb_owner = _attack_subject_owner(reading)
            o1, o2 = _owner_near(reading, first), _owner_near(reading, second)
            side1 = "defender" if verb_owner and o2 == verb_owner and o1 not in (None, verb_owner) \
                else "attacker"
            if not reading.has("attack"):
                # who attacks is not said: "15'e karşı 6", "8 vs 12" lists the attacker
                # first; any other wording (or the Units' owners said: whose Unit wins is
                # what the judge hears) is a guess, and only a tie reads the same either way
                roles_guessed = o1 is not None or o2 is not None or not reading.has("versus")
                assumptions.append(say(reading, "ask_assume.fight.first_attacker", n=first.number))
    attacker, defender = (first, second) if side1 == "attacker" else (second, first)
    _turn_fits(reading, attacker)
    owned: dict[str, list[Item]] = {"attacker": [], "defender": []}
    for mod in mods:
        whose = _recipient(reading, mod)
        if whose is not None:
            # "bir etki benim birimime +2 veriyor": the Unit named with the change gets it
            owners = _side_owners(reading, attacker, defender)
            sides = [side for side, owner in owners.items() if owner == whose]
            said = _role_said_before(reading, mod)
            if len(sides) != 1 or (said and said != sides[0]):
                raise Unclear("fight.change_either")
            if sides[0] == "defender" and _while_attacking(reading, mod):
                # "rakibin birimi saldırırken +3 alıyor" of the Unit that defends: a
                # change that lasts while it attacks (9.5) is not read as applying now
                raise Unclear("fight.while_attacking_defender")
            owned[sides[0]].append(mod)
            continue
        owner = _mod_owner(reading, mod, {"attacker": attacker, "defender": defender})
        if owner is None:
            raise Unclear("fight.change_either")
        owned[owner].append(mod)
    steps: list[Step] = list(idle_steps)
    values = {}
    negative = False
    workings = {}
    for side, base in (("attacker", attacker), ("defender", defender)):
        value, notes, more = _power_working(reading, base, owned[side], side)
        values[side] = value
        if owned[side]:
            workings[f"{side}_power_working"] = _sum_text(base.number, [m.number for m in owned[side]])
        negative = negative or value < 0
        assumptions += [n for n in notes if n != _negative(reading)]
        steps += more
    if negative:
        assumptions.append(_negative(reading))
    if roles_guessed and (mods or values["attacker"] != values["defender"]):
        # "rakibimin 12 güçlü birimi var, benim 9 güçlü birimim onunla dövüşürse": the
        # winner's role would rest on a guess (the first named need not be the attacker)
        raise Unclear("fight.roles_unsaid")
    args = {"attacker_power": values["attacker"], "defender_power": values["defender"],
            **workings}
    if _blocked(reading, named=True):
        # "Gig alanıma saldırdı, BLOCKER'ımla blokladım": the redirected attack's first
        # target (9.9.1) changes nothing in the fight
        for m in reading.of("gig_area") + reading.of("area") + reading.of("gig"):
            if not any(it.number is not None and abs(it.i - m.start) <= 1 for it in reading.items):
                reading.consumed.update(range(m.start, m.end))
    # whose Unit is which must agree with the roles read ("rakibin 3 güçlü birimine 2
    # güçlü birimimle saldırırsam": mine attacks); a clash is no ruling
    owners = _side_owners(reading, attacker, defender)
    from .fight_effects import says_result
    if reading.has("undefeatable") or reading.has("effect") or says_result(reading):
        # "çatışmada mağlup edilemez" (9.19.3), "bir etki X'in kazandığını söylüyor" (9.17.4),
        # "rakibin birimi 'çatışmayı kaybeder' diyor" (a card's text, no effect word)
        from .asked import asked_form
        from .fight_effects import asks_inside, statuses
        args.update(statuses(reading, owners))
        if asked_form(reading) == "yesno" and asks_inside(reading):
            raise Unclear("combat.effect_unclear")
    subject = _owner_subject(reading, attacker, defender)
    if subject is not None:
        args["subject"] = subject
    # "iki birim 3'e 3 çatıştı", "two units, 5 and 7": the count agrees with the two powers
    pair = {count_at} if units == 2 else set()
    return Call(args, assumptions, steps, {first.i, second.i} | {m.i for m in mods} | counters | pair)


def _outcome_not_asked(reading: Reading) -> bool:
    """"My 10 power unit beat his 6 power unit. Can my unit attack again?": a yes/no
    question asks about the fight's outcome only when its last part names one (win, lose,
    defeated, survive; no Gig stolen once blocked); an outcome told before it is a fact of
    another question."""
    from .asked import asked_form
    if asked_form(reading) != "yesno" or not reading.items:
        return False
    last = reading.items[-1].part
    return not any(reading.items[m.start].part == last for c in _OUTCOME for m in reading.of(c))


def _recipient(reading: Reading, mod: Item) -> str | None:
    """"bir etki benim birimime +2 veriyor", "gives my unit +2", "+2 to his unit": a Unit
    word beside a power change (no other number between) names whose Unit gets it: "mine"
    or "rival"; "?" when a Unit word is there but whose it is not said; None when none."""
    items = reading.items
    for step in (-1, 1):
        k = mod.i + step
        while 0 <= k < len(items) and abs(k - mod.i) <= 3 and items[k].clause == mod.clause:
            if items[k].number is not None:
                break
            pronoun = _unit_pronoun(items[k].key)
            if pronoun is not None:
                # "benimki saldırırken +2 alıyor", "theirs gets +3": the pronoun stands for
                # that player's Unit
                reading.consumed.add(k)
                return pronoun
            if "unit" in reading.at(k):
                prev = k - 1 if k > 0 and items[k - 1].clause == mod.clause else None
                if prev is not None and "power" in reading.at(prev):
                    return None     # "my 5 power unit gets +2": the Unit of a power given
                if items[k].key in _MY_UNIT or _my_suffix(reading, k) or \
                        (prev is not None and items[prev].key in ("my", "benim")):
                    return "mine"
                if prev is not None and "rival" in reading.at(prev):
                    return "rival"
                return "?"
            k += step
    return None


def _unit_pronoun(key: str) -> str | None:
    """A possessive pronoun that stands for a player's Unit ("benimki", "mine" -> "mine";
    "onunki", "rakibinki", "theirs" -> "rival"), folded; None for any other word. ("his"
    and "her" are left out: they also stand before a noun.)"""
    from .asked import _MINE_PRONOUNS, _THEIRS_PRONOUNS
    if key in _MINE_PRONOUNS:
        return "mine"
    if key in _THEIRS_PRONOUNS and key not in ("his", "her"):
        return "rival"
    return None


def _owner_subject(reading: Reading, attacker: Item, defender: Item) -> tuple[str, str] | None:
    """A yes/no fight question about "my unit" / "their unit" / "do I win?": the side it
    asks about, from whose Unit attacks and whose defends; Unclear when that is not read."""
    from .asked import asked_form, yesno_subject
    if asked_form(reading) != "yesno":
        return None
    asked = yesno_subject(reading)
    if asked is not None and asked[1] == "unclear":
        # "…birimi yenebilir mi": which Unit is the verb's subject is not told
        raise Unclear("fight.whose_unit_asked")
    if asked is None or asked[1] not in ("mine", "rival"):
        return None
    owners = _side_owners(reading, attacker, defender)
    sides = [side for side, owner in owners.items() if owner == asked[1]]
    if len(sides) != 1:
        raise Unclear("fight.whose_unit_asked")
    return asked[0], sides[0]


def _side_owners(reading: Reading, attacker: Item, defender: Item) -> dict[str, str | None]:
    """Whose Unit attacks and whose defends: from the owner next to each power ("benim 7
    güçlü birimim", "his spent 2 power unit"), the person of the attack or block verb
    ("saldırırsam", "I attack", "rakip blokladı", "BLOCKER'ımla"); the two are always the
    two players, so one side read gives the other. Unclear when they clash."""
    other = {"mine": "rival", "rival": "mine"}
    said: dict[str, set[str]] = {"attacker": set(), "defender": set()}
    for side, item in (("attacker", attacker), ("defender", defender)):
        owner = _owner_near(reading, item)
        if owner:
            said[side].add(owner)
    items = reading.items
    for concept, side in (("attack", "attacker"), ("block", "defender")):
        for m in reading.of(concept):
            word = items[m.start]
            if concept == "attack" and reading.at(m.start) & {"attacker", "defender"}:
                continue
            before = [k for k in range(max(0, m.start - 3), m.start)
                      if items[k].clause == word.clause]
            if concept == "attack" and before and _unit_pronoun(items[before[-1]].key):
                # "benimki saldırıyor", "mine attacks": the pronoun is the attacking Unit
                reading.consumed.add(before[-1])
                said[side].add(_unit_pronoun(items[before[-1]].key))
                continue
            if reading.language == "en":
                if any(items[k].key == "i" for k in before[-2:]):
                    said[side].add("mine")
                elif any("rival" in reading.at(k) for k in before[-2:]):
                    said[side].add("rival")
                elif concept == "attack":
                    subject = _en_subject_owner(reading, m.start)
                    if subject:
                        said[side].add(subject)         # "my 10 power unit attacks it"
                continue
            if m.cue == "blocker":
                if word.key.startswith("blockerim"):
                    said[side].add("mine")              # "BLOCKER'ımla"
                elif before and "rival" in reading.at(before[-1]):
                    said[side].add("rival")             # "Rakibin BLOCKER'ı"
                continue
            if word.key.endswith("m"):
                said[side].add("mine")                  # "saldırırsam", "blokladım"
            elif before and "rival" in reading.at(before[0]) and \
                    not _owns_something(reading, before[0]):
                said[side].add("rival")                 # "rakip saldırdı"
            elif concept == "attack":
                subject = _subject_unit_owner(reading, m.start)
                if subject:
                    said[side].add(subject)             # "10 güçlü birimim ona saldırdı"
    out: dict[str, str | None] = {}
    for side in ("attacker", "defender"):
        if len(said[side]) > 1:
            raise Unclear("fight.owner_both_ways")
        out[side] = next(iter(said[side]), None)
    a, d = out["attacker"], out["defender"]
    if a and d and a == d:
        raise Unclear("fight.owner_same")
    out["attacker"] = a or other.get(d or "")
    out["defender"] = d or other.get(a or "")
    return out


def _unit_noun(reading: Reading, item: Item) -> Item | None:
    """The Unit word right after a number's power word ("6 güçlü birimini"), past one
    owner word between ("11 güçlü rakip birimini", "5 güçlü benim birimim")."""
    items = reading.items
    k = item.i + 1
    if k < len(items) and "power" in reading.at(k):
        k += 1
    if k + 1 < len(items) and items[k].clause == item.clause and "unit" not in reading.at(k) \
            and ("rival" in reading.at(k) or items[k].key in ("benim", "bizim")):
        k += 1
    if k < len(items) and "unit" in reading.at(k) and items[k].clause == item.clause:
        return items[k]
    return None


def _block_verb_roles(reading: Reading, first: Item, second: Item) -> tuple[str, str] | None:
    """Who blocks and who is blocked, from a block VERB (not the BLOCKER keyword) after
    both Units: Turkish active "[özne] [nesne-i] blokladı" (the object in the accusative
    is blocked: the attacker), passive "[X] [Y] tarafından bloklandı" (X is blocked);
    English "X blocks Y", "X is blocked by Y". None when not read that way."""
    items = reading.items
    verbs = [m for m in reading.of("block") if m.start > second.i
             and items[m.start].key.startswith(("blokla", "block")) and m.cue != "blocker"
             and not items[m.start].key.startswith("blocker")]
    if len(verbs) != 1 or len(reading.of("block")) != 1:
        return None
    verb = items[verbs[0].start]
    a, b = _unit_noun(reading, first), _unit_noun(reading, second)
    if a is None or b is None:
        return None
    if reading.language == "en":
        return None             # English puts the verb between the two: read elsewhere
    passive = verb.key.startswith("bloklan")
    if passive:
        if b.i + 1 < len(items) and items[b.i + 1].key == "tarafindan" and items[b.i + 1].i < verb.i:
            return ("attacker", "defender")        # "X, Y tarafından bloklandı"
        return None
    case_a, case_b = _unit_case(reading, a), _unit_case(reading, b)
    if case_a == "nom" and case_b in ("acc", "i"):
        return ("defender", "attacker")            # "X Y'yi blokladı": Y is blocked
    if case_a == "acc" and case_b == "nom":
        return ("attacker", "defender")            # "Y'yi X blokladı": the same, Y first
    return None


_UNIT_STEM = "birim"
# After "birim": the endings of the accusative with a possessive ("birimimi", "birimini",
# "birimlerini") and of the nominative ("birim", "birimim", "birimimiz"). A bare "birimi"
# is the accusative or "his unit"; it is the subject only after its owner in the genitive
# ("rakibin 11 güçlü birimi", "11 güçlü rakip birimi").
_ACC_ENDINGS = ("imi", "ini", "umu", "unu", "lerimi", "lerini", "larini", "imizi")
_NOM_ENDINGS = ("", "im", "imiz", "ler", "lerim")


def _unit_case(reading: Reading, noun: Item) -> str | None:
    """"nom" or "acc" for a Turkish Unit noun as the block verb's subject or object, "i"
    for a bare "birimi" (the object next to a subject in the nominative); None when its
    ending does not say."""
    key = noun.key
    if not key.startswith(_UNIT_STEM):
        return None
    rest = key[len(_UNIT_STEM):]
    if rest in _ACC_ENDINGS:
        return "acc"
    if rest in _NOM_ENDINGS:
        return "nom"
    if rest == "i":
        items = reading.items
        owner = [k for k in range(max(0, noun.i - 3), noun.i) if items[k].clause == noun.clause
                 and "rival" in reading.at(k)]
        if owner and (items[owner[-1]].key.endswith(("in", "un")) or owner[-1] == noun.i - 1):
            return "nom"
        return "i"          # after a subject in the nominative, the object
    return None


def _attack_owner(reading: Reading, item: Item) -> bool:
    """Is the number's Unit the owner of the attack named right after it ("6 güçlü birimin
    saldırısı", "a 6 power unit's attack") or right before it ("the attack of a 6 power
    unit")? Then it is the attacker, whatever comes first in the sentence."""
    items = reading.items
    k = item.i + 1
    if k < len(items) and "power" in reading.at(k):
        k += 1
    if k + 1 < len(items) and "unit" in reading.at(k) and items[k + 1].clause == item.clause \
            and "attack" in reading.at(k + 1) and not reading.at(k + 1) & {"attacker", "defender"}:
        word, nxt = items[k], items[k + 1]
        if reading.language == "en":
            if word.text.lower().endswith(("'s", "’s", "s'")) and nxt.key == "attack":
                return True
        elif word.key.endswith(("in", "un", "nin", "nun")) and nxt.key.startswith("saldiri") \
                and nxt.key != "saldiri":
            return True             # genitive Unit, possessed attack noun ("saldırısını")
    if reading.language == "en":
        back = [x.key for x in items[max(0, item.i - 3):item.i]]
        if "of" in back and back.index("of") >= 1 and back[back.index("of") - 1] == "attack":
            return True
    return False


def _verb_subject(reading: Reading, item: Item) -> bool:
    """The number's Unit is the subject of an attack verb in its clause: "my 10 power unit
    attacks it", "10 güçlü birimim ona saldırdı" (a nominative Unit word after the power
    word, a finite attack verb after it with no other number between)."""
    items = reading.items
    k = item.i + 1
    if k < len(items) and "power" in reading.at(k):
        k += 1
    if k >= len(items) or items[k].clause != item.clause or "unit" not in reading.at(k):
        return False
    if reading.language == "en":
        # the verb right after the Unit ("a 2 power unit it attacked" is a relative clause)
        j = k + 1
        return j < len(items) and items[j].clause == item.clause and \
            "attack" in reading.at(j) and not reading.at(j) & {"attacker", "defender"}
    if items[k].key not in ("birim", "birimim", "birimi"):
        return False            # "birime", "birimimle": not the subject
    for j in range(k + 1, min(len(items), k + 5)):
        if items[j].clause != item.clause or items[j].number is not None:
            return False
        if "attack" in reading.at(j) and not reading.at(j) & {"attacker", "defender"}:
            return items[j].key.startswith(_ATTACK_VERBS)
    return False


def _instrumental_attacker(reading: Reading, item: Item) -> bool:
    """Turkish: the number's Unit is in the instrumental ("8 güçlü birimimle", "birimiyle")
    before an attack verb of its clause: the Unit one attacks with."""
    if reading.language == "en":
        return False
    items = reading.items
    k = item.i + 1
    if k < len(items) and "power" in reading.at(k):
        k += 1
    if k >= len(items) or items[k].clause != item.clause or "unit" not in reading.at(k) \
            or not items[k].key.endswith(("le", "la")):
        return False
    return any(items[j].clause == item.clause and items[j].key.startswith(_ATTACK_VERBS)
               for j in range(k + 1, min(len(items), k + 6)))


def _attack_subject_owner(reading: Reading) -> str | None:
    """Whose Unit the one attack verb's subject is: "I attack", "saldırırsam" -> "mine";
    "Mine attacks", "my 12 power unit attacks" -> "mine"; "theirs attacks", "rakip saldırdı"
    -> "rival"; None when not read or when there is more than one attack verb."""
    from .asked import _MINE_PRONOUNS, _THEIRS_PRONOUNS
    items = reading.items
    verbs = [m for m in reading.of("attack") if not reading.at(m.start) & {"attacker", "defender"}]
    if len(verbs) != 1:
        return None
    v = verbs[0].start
    before = [k for k in range(max(0, v - 3), v) if items[k].clause == items[v].clause]
    if reading.language == "en":
        if before and items[before[-1]].key in _MINE_PRONOUNS + ("i",):
            return "mine"
        if before and items[before[-1]].key in _THEIRS_PRONOUNS + ("he", "she", "they"):
            return "rival"
        return _en_subject_owner(reading, v)
    if items[v].key.endswith("m"):
        return "mine"                               # "saldırırsam", "saldırdım"
    if before and _unit_pronoun(items[before[-1]].key):
        return _unit_pronoun(items[before[-1]].key)  # "benimki saldırıyor"
    return None


def _en_subject_owner(reading: Reading, verb: int) -> str | None:
    """English: whose Unit is the subject right before an attack verb ("my 10 power unit
    attacks it" -> "mine", "their spent unit attacks" -> "rival"); None if not read."""
    items = reading.items
    clause = items[verb].clause
    k = verb - 1
    if k < 0 or items[k].clause != clause or "unit" not in reading.at(k):
        return None
    for j in range(k - 1, max(-1, k - 6), -1):
        if items[j].clause != clause or reading.at(j) & {"unit", "attack"}:
            break
        if items[j].key in ("my", "mine"):
            return "mine"
        if "rival" in reading.at(j):
            return "rival"
    return None


_ATTACK_VERBS = ("saldird", "saldirir", "saldiriyor", "saldiracak", "saldirmis", "saldirsa")


def _subject_unit_owner(reading: Reading, verb: int) -> str | None:
    """Turkish: whose Unit is the subject of a third-person attack verb: the nominative Unit
    word before it ("Benim 10 güçlü birimim harcanmış o birime saldırdı" -> "mine";
    "rakibin 3 güçlü birimi benim birimime saldırdı" -> "rival"), skipping the target and
    other cases ("birime", "birimimle"); in the verb's clause, or the clause before when the
    verb's own has no Unit word ("benim birimim 10 güçlü ve saldırıyor"). None if not read."""
    items = reading.items
    if not items[verb].key.startswith(_ATTACK_VERBS):
        return None         # "saldırısını" (its attack) is a noun: no subject to read
    clause = items[verb].clause
    here = [k for k in range(verb - 1, -1, -1) if items[k].clause == clause]
    if not any("unit" in reading.at(k) for k in here):
        here = [k for k in range(verb - 1, -1, -1) if items[k].clause == clause - 1]
    for k in here:
        if "unit" not in reading.at(k):
            continue
        key = items[k].key
        if key == "birimim":
            return "mine"
        if key == "birimi":
            near = [j for j in range(k - 1, max(-1, k - 4), -1)
                    if items[j].clause == items[k].clause]
            for j in near:
                if "unit" in reading.at(j):
                    break
                if "rival" in reading.at(j):
                    return "rival"
    return None


def _with_attacker(reading: Reading, item: Item) -> bool:
    """English "attack X with my 4 power unit": the number sits in a "with … unit" phrase
    after the attack verb, so it is the attacker's."""
    items = reading.items
    verbs = [m for m in reading.of("attack") if m.end <= item.i
             and not reading.at(m.start) & {"attacker", "defender"}]
    if not verbs:
        return False
    lo = verbs[-1].end
    withs = [k for k in range(lo, item.i) if items[k].key == "with"
             and items[k].clause == item.clause]
    return bool(withs) and item.i - withs[-1] <= 3 and any(
        "unit" in reading.at(k) for k in range(item.i + 1, min(len(items), item.i + 3)))




def _mod_owner(reading: Reading, mod: Item, sides: dict[str, Item]) -> str | None:
    """Whose power a change is: the one Unit whose power is given in the same clause ("8
    güçlü saldıran +2 güç alırsa, savunan 9"), else the side named next to it ("saldıran
    +2 güç alırsa"), else, in a clause of its own, the one Unit of the clause before
    ("savunanın gücü 9, +2 güç aldı"); None when it could be either."""
    same = [side for side, base in sides.items() if base.clause == mod.clause]
    said = _role_said_before(reading, mod)
    if said and len(same) == 1 and said != same[0]:
        raise Unclear("fight.change_other_clause")
    # "4 güçlü birimim -6 aldı", "a 4 power unit that got +1": the Unit phrase right before;
    # "saldırırken +2 aldı", "+2 while attacking": only the attacker attacks
    found = {x for x in (said, _phrase_side(reading, mod, sides),
                         "attacker" if _while_attacking(reading, mod) else None) if x}
    if len(found) > 1:
        raise Unclear("fight.change_either")
    if found:
        return found.pop()      # "saldıranın gücü -3 oldu", "attacker gets -3"
    if len(same) == 1:
        return same[0]
    named = _role(reading, mod, ("attacker", "defender"), prefer="left", barrier=("versus",),
                  bonus=10)
    if named:
        return named
    if not same:
        earlier = [b.clause for b in sides.values() if b.clause < mod.clause]
        if earlier:
            last = max(earlier)
            before = [side for side, base in sides.items() if base.clause == last]
            if len(before) == 1:
                return before[0]
    return None


_RELATIVE = ("that", "which", "who", "got", "gets", "get", "has", "had", "with", "a", "an")


def _phrase_side(reading: Reading, mod: Item, sides: dict[str, Item]) -> str | None:
    """The side whose power-and-Unit phrase stands right before the change: "4 güçlü
    birimim -6 aldı", "a 4 power unit that got +1" (the change is that Unit's)."""
    items = reading.items
    k = mod.i - 1
    with_ = False
    while k >= 0 and items[k].key in _RELATIVE and items[k].clause == mod.clause:
        with_ = with_ or items[k].key == "with"
        k -= 1
    # "my 5 power attacker, which got +1": an English relative pronoun after the comma
    # opens the change's clause and names the phrase before the comma
    across = reading.language == "en" and k >= 0 and items[k + 1].key in ("which", "that", "who") \
        and items[k].clause == mod.clause - 1
    if k < 0 or (items[k].clause != mod.clause and not across) or not (
            "unit" in reading.at(k) or (across and reading.at(k) & {"attacker", "defender"})):
        return None
    clause = items[k].clause
    if with_ and not reading.has("passive") and any(m.start < k and items[m.start].clause == mod.clause
                     and not reading.at(m.start) & {"attacker", "defender"}
                     for m in reading.of("attack")):
        # "attacks their unit with +3": the unit's, or the attack's? not read ("attacked
        # by a unit with +3": the attacker's either way)
        raise Unclear("fight.change_either")
    k -= 1
    if k >= 0 and "power" in reading.at(k) and items[k].number is None:
        k -= 1
    if k < 0 or items[k].clause != clause:
        return None
    return next((side for side, base in sides.items() if base.i == k), None)


def _while_attacking(reading: Reading, mod: Item) -> bool:
    """"saldırırken +2 aldı", "+2 while attacking", "gets +3 when it attacks": a change that
    applies while attacking is the attacker's (9.5)."""
    items = reading.items
    for k in range(max(0, mod.i - 3), min(len(items), mod.i + 4)):
        if items[k].clause != mod.clause or k == mod.i:
            continue
        if items[k].key.startswith("saldirirken"):
            return True
        if items[k].key in ("while", "when") and k + 1 < len(items) and \
                items[k + 1].key in ("attacking", "attacks") or \
                (items[k].key == "when" and k + 2 < len(items) and items[k + 2].key == "attacks"):
            return True
    return False


def _role_said_before(reading: Reading, mod: Item) -> str | None:
    """The role word right before a power change, with at most a power or "gets" word in
    between ("saldıranın gücü -3", "the attacker gets +2", "savunan +4 aldı")."""
    items = reading.items
    for k in range(mod.i - 1, max(-1, mod.i - 4), -1):
        if items[k].clause != mod.clause:
            return None
        here = reading.at(k)
        if "attacker" in here:
            return "attacker"
        if "defender" in here:
            return "defender"
        if any(m.start == k and m.cue == "blocker" for m in reading.of("block")) and \
                any(m.cue != "blocker" for m in reading.of("block")):
            # "blocked by their BLOCKER; the BLOCKER gets +7": with a block told, the BLOCKER
            # is the defending Unit (9.9.1)
            return "defender"
        if not (here & {"power"} or items[k].key in ("gets", "got", "get", "has", "had")):
            return None
    return None


def _counts_units(reading: Reading, item: Item) -> bool:
    """"iki birim", "two units": a bare number right before a Unit word."""
    nxt = item.i + 1
    return not item.suffix and nxt < len(reading.items) and "unit" in reading.at(nxt) \
        and not reading.items[nxt].key.endswith(("a", "e"))


def _gigs_named_as_target(reading: Reading, target_part: set[int]) -> bool:
    """A Gig area (or "there", "oraya") is what the attack verb's own clause attacks, not
    only a Gig area told in another sentence or clause."""
    clauses = {reading.items[m.start].clause for m in reading.of("attack")}
    return any(m.start in target_part and reading.items[m.start].clause in clauses
               for m in reading.of("gig_area") + reading.of("gig") + reading.of("area")) \
        or any(reading.items[k].key in _TARGET_PRONOUNS + ("there",) for k in target_part
               if reading.items[k].clause in clauses)


def _dative_unit(reading: Reading, item: Item) -> bool:
    """Is the number's unit the target of "saldır-" ("7 güçlü birime")? Dative on the
    number itself or on the unit word within two words after it."""
    if item.suffix in ("a", "e", "ya", "ye"):
        return True
    for k in range(item.i + 1, min(len(reading.items), item.i + 4)):
        if "unit" in reading.at(k):
            return _dative(reading.items, k)     # not "birimimle" (with my unit)
    return False


# A state as what happens to the Unit, asked ("saldırınca birimim harcanır mı", "does
# attacking spend my unit"): the finite verb of becoming spent, never a state before the
# attack. Grammar of the verb, folded.
_BECOMES_SPENT = ("harcanir", "harcaniyor", "harcanacak", "harcanirmi", "spend", "spends")


def extract_attack(reading: Reading) -> Call | None:
    if any(reading.items[m.start].key in _BECOMES_SPENT for m in reading.of("spent")):
        return None                     # what attacking does, not whether it may attack
    if reading.has("both"):
        # "ikisi de ölür mü", "do both die?": a fight's outcome, never one attack's legality
        return None
    assumptions: list[str] = []
    used: set[int] = set()
    # "rakibin Gig alanı boş, harcanmış birimi de yok", "no gigs and no spent units": no
    # valid target at all (9.3.2.4); the attacking Unit's own state is read as ever
    none_left = _no_target_said(reading)
    if none_left == "spent_attacker":
        return None
    # "Birimim bu tur saldırdı, tekrar saldırabilir mi?": the same Unit attacked earlier this
    # turn, and declaring that attack spent it (9.3.3); the run declares it first
    attacked = _attacked_this_turn(reading)
    if attacked is None and _played_earlier(reading) and any(
            it.key in ("attacked",) + _ATTACKED_TR or it.key.startswith(_PARTICIPLE_TR)
            for it in reading.items):
        # "a unit I played last turn that attacked this turn", "geçen tur oynadığım ve bu tur
        # saldıran birimim": a past attack beside the earlier turn, not read as this Unit's
        # attack (which spent it, 9.3.3), may be just that: no ruling
        return None
    attacker_part, target_part = _attack_parts(reading, skip=attacked)
    if _rival_unit_subject(reading, attacker_part):
        # "rakibimin hazır birimi gig alanıma saldırabilir mi", "can their unit attack my
        # unit": the rival's Unit attacks; this family reads the asker's own attack only
        return None
    if attacked is not None:
        outside = [m for m in reading.of("rival") if m.start not in target_part
                   or not _owns_something(reading, m.start)]
        units = [m for m in reading.of("unit") if m.start not in target_part]
        if outside or len(units) > 1 or none_left is not None:
            # the rival's Unit attacked, or a second Unit of the asker's is named: which
            # Unit attacked is not the one asked about, or not read safely
            return None
    board = None
    if none_left is None and any(m.start in attacker_part and _rivals_clause(reading, m.start)
           for c in ("spent", "ready", "lag", "adrenaline") for m in reading.of(c)):
        # "rakibin harcanmış bir birimi var", "he has a spent unit": a state in a clause
        # about the rival's things is no state of the asker's attacking Unit; with no
        # target named it tells the rival's board (`_rival_board`), else it is not read
        board = _rival_board(reading, attacker_part, target_part)
        if board is None:
            return None
        attacker_part = attacker_part - board.pop("words")
    if none_left is None and any(_describes_target(reading, m, target_part)
           for m in reading.of("lag") + reading.of("adrenaline")):
        raise Unclear("attack.target_lag")
    earlier = _played_earlier(reading)
    if earlier and any(k not in reading.consumed for m in reading.of("lag")
                       for k in range(m.start, m.end)):
        raise Unclear("attack.earlier_and_lag")
    lagging = bool(_present(reading, "lag")) and not earlier
    if not lagging and not earlier and _played_this_turn(reading):
        lagging = True          # "bu tur birimimi oynadım", "I played my unit this turn"
    adrenaline = bool(_present(reading, "adrenaline"))
    args: dict[str, Any] = {"lagging": lagging, "adrenaline": adrenaline}
    if lagging and attacked is None:
        # "Lag'li birimim bir etkiyle hazırlandı", "my lagging unit was readied by an effect":
        # readying leaves Lag on until the end of the turn (11.3.2); the Unit is ready
        readied = [m for m in reading.of("ready_step") if m.start in attacker_part
                   and not _negated(reading, m.start, m.end)]
        if readied:
            clauses = {reading.items[m.start].clause for m in readied}
            for m in readied + [e for e in reading.of("effect")
                                if reading.items[e.start].clause in clauses]:
                reading.consumed.update(range(m.start, m.end))
            args["ready"] = True
    solo = _present(reading, "go_solo")
    if solo is False or (solo and (adrenaline or earlier)):
        return None             # "GO SOLO'suz Legend", GO SOLO with another permission
    if solo:
        # a Legend played with GO SOLO this turn is a ready Unit that can attack this turn
        # (11.25.1): the scenario plays it, so its Lag is the engine's
        for m in reading.of("legend") + reading.of("play"):
            reading.consumed.update(range(m.start, m.end))
        args["go_solo"] = True
        args["lagging"] = lagging = True
    defaults = {key for key, said in (("lagging", lagging), ("adrenaline", adrenaline))
                if not said and not (key == "lagging" and earlier)}
    if _present(reading, "lag") is False and not (earlier or solo or attacked is not None
                                                  or "ready" in args
                                                  or reading.has("ready") or reading.has("spent")):
        # "lag'ı olmayan birimim saldırabilir mi", "my unit is not lagging": no Lag says
        # nothing of whether the Unit is ready (9.3.1); with its state unsaid, no ruling
        return None
    if none_left is not None:
        if _turn_owner(reading) == "rival" or _rival_acts(reading, attacker_part):
            return None
        args["target"] = "no_target"
        for m in reading.of("attack"):
            reading.consumed.update(range(m.start, m.end))
        zero = _zero_gigs(reading)
        return Call(args, assumptions, used=used | ({zero} if zero is not None else set()),
                    defaults=defaults)
    turn_owner = _turn_owner(reading)
    if turn_owner == "rival":
        args["rival_turn"] = True       # attacking is a Main Phase action of the turn player
    if _rival_acts(reading, attacker_part):
        # "Rakibim benim turumda saldırabilir mi", "can my opponent attack": the rival
        # attacks, and this family reads every question as the asker's own attack.
        return None
    # words read as whose turn it is ("rakibin turunda") name no target
    target_part = {k for k in target_part if k not in reading.consumed
                   and "turn" not in reading.at(k)}

    def state_in(part: set[int], concept: str) -> bool | None:
        found = [m for m in reading.of(concept) if m.start in part]
        if not found:
            return None
        for m in found:
            reading.consumed.update(range(m.start, m.end))
        return any([not _negated(reading, m.start, m.end) for m in found])

    # The attacking Unit's own state ("harcanmış birimim saldırabilir mi").
    spent_attacker, ready_attacker = state_in(attacker_part, "spent"), state_in(attacker_part, "ready")
    if spent_attacker and ready_attacker:
        raise Unclear("attack.spent_and_ready")
    if spent_attacker or ready_attacker is False:
        args["ready"] = False
    if attacked is not None:
        if ready_attacker or lagging or adrenaline or solo or earlier or "rival_turn" in args:
            raise Unclear("attack.attacked_and_state")
        args["ready"] = False
        args["attacked"] = True
    if board is not None:
        # no target chosen: the one the rival's board makes valid, the Gig area if it has
        # Gigs (9.3.2.2), else the spent rival Unit (9.3.2.1)
        if board["rival_gigs"] > 0:
            args.update(target="gigs", rival_gigs=board["rival_gigs"])
        elif board["rival_spent"]:
            args.update(target="unit", target_spent=True)
        else:
            args["target"] = "no_target"    # no Gigs and every Unit ready: none (9.3.2.4)
        return Call(args, assumptions, used=used | _board_used(board), defaults=defaults)
    own = [m for m in reading.of("own") if m.start in target_part]
    for m in own:
        reading.consumed.update(range(m.start, m.end))
    for m in reading.of("own"):
        # "kendi hazır birimimle": the attacking Unit is the asker's own in any case
        if m.start in attacker_part and any(_my_suffix(reading, k) or reading.items[k].key in _MY_UNIT
                                            for k in range(m.end, min(len(reading.items), m.end + 3))):
            reading.consumed.update(range(m.start, m.end))
    # (a Gig area said only as the asker's own, "benim gig alanım boş", names no target)
    target_gigs = any(m.start in target_part for m in reading.of("gig_area") + reading.of("gig")) \
        or (any(_empty_gig_owner(reading, m.start) != "mine" for m in reading.of("gig_area"))
            and not any(m.start in target_part for m in reading.of("unit")))
    named = any(m.start in target_part for m in reading.of("unit") + reading.of("rival")
                + reading.of("gig_area") + reading.of("gig"))
    if not named and any(m.start in target_part for m in reading.of("spent") + reading.of("ready")):
        # "My unit attacked already this turn and is still spent": a state word after the
        # verb with no target named there describes the subject, not a target
        raise Unclear("attack.state_whose")
    target_unit = any(m.start in target_part for m in
                      reading.of("unit") + reading.of("rival") + reading.of("spent") + reading.of("ready"))
    # "Benim 0 Gig'im var", "I have 5 gigs": the attacking player's own Gigs make no target
    # valid or invalid (9.3.2: a spent rival Unit, the rival's Gig area): context
    own_gigs = {it.i for it in reading.numbers if not it.sign and it.number >= 0
                and _role(reading, it, ("gig", "gig_area")) is not None
                and _dice_owner(reading, it) == "mine"}
    if target_gigs and own:
        raise Unclear("steal.own_gig_area")     # one's own Gig area: not modelled
    if target_gigs and _attacked_area_owner(reading) == "mine" and not _passive_attack(reading) \
            and _may_attack_asked(reading):
        # "rakip gig alanıma saldırabilir mi", "Gig alanıma saldırabilir mi?": the rival
        # attacks the asker's Gig area; this family reads the asker's own attack
        raise Unclear("attack.rival_attacks_mine")
    if target_gigs:
        args["target"] = "gigs"
        counts = [it for it in reading.numbers
                  if _role(reading, it, ("gig", "gig_area")) is not None]
        counts = [it for it in counts if it.i not in own_gigs]
        own_empty = _empty_elsewhere(reading, attacker="mine")
        if own_empty and any(_dice_owner(reading, it) != own_empty for it in counts):
            # "hiç gigim yok ama 0 gigle de olsa": whose Gigs the count is is not read
            return None
        if _gig_area_empty(reading) and not own_empty:
            if not _gigs_named_as_target(reading, target_part):
                # "Birimimle saldırabilir miyim? Rakibin gig alanı boş.": the empty Gig
                # area is told, not named as the target; a spent rival Unit would still
                # be one (9.3.2.1), and whether there is one is not said
                raise Unclear("attack.target_unsaid")
            args["rival_gigs"] = 0
        elif counts:
            args["rival_gigs"] = counts[0].number
            used.add(counts[0].i)
        else:
            args["rival_gigs"] = 1
            defaults.add("rival_gigs")
            if not reading.has("nonempty"):
                assumptions.append(say(reading, "ask_assume.attack.rival_has_gig"))
    elif target_unit:
        args["target"] = "unit"
        spent = state_in(target_part, "spent")
        ready = state_in(target_part, "ready")
        if own:
            # "kendi harcanmış birimime", "my own unit": only a rival Unit is a target
            # (9.3.2.1), whatever its state
            args["own_target"] = True
            args["target_spent"] = spent is not False and ready is not True
            if spent is None and ready is None:
                defaults.add("target_spent")
        elif spent is None and ready is None:
            # "Can my unit attack a unit?": only a spent rival Unit can be attacked
            # (9.3.2.1), so the target's state decides and is not said.
            return None
        else:
            args["target_spent"] = bool(spent) if spent is not None else not ready
    else:
        # (ADRENALINE alone decides nothing: it matters only for a Unit with Lag, 11.23.2)
        if not (reading.has("lag") or "ready" in args or "rival_turn" in args or earlier or solo):
            return None
        # "rakibin 2 Gig'i var": the rival's Gigs told make his Gig area the target (9.3.2.2)
        told = [it for it in reading.numbers if not it.sign and it.number > 0
                and it.i not in own_gigs and _dice_owner(reading, it) == "rival"
                and _role(reading, it, ("gig", "gig_area")) is not None]
        if len(told) == 1:
            args.update(target="gigs", rival_gigs=told[0].number)
            used.add(told[0].i)
        else:
            assumptions.append(say(reading, "ask_assume.attack.valid_target"))
            args["rival_gigs"] = 1
            defaults.update({"rival_gigs", "target"})
    # "10 güçlü hazır birimimle", "gücü 0 olan birimim", "their 4 power unit": a Unit's
    # power decides no attack's legality (9.3: a ready Unit without Lag, a valid target)
    used |= {it.i for it in reading.numbers if not it.sign and it.i not in used
             and _role(reading, it, ("power", "gig", "gig_area"), window=1) == "power"}
    return Call(args, assumptions, used=used, defaults=defaults, context=own_gigs)


# An attack verb in a past form with a Unit as its subject. Turkish: the third person
# ("birimim bu tur saldırdı", never "saldırdım": the player attacked, with which Unit is
# not said) after a Unit word that is no dative target, or a participle right before a
# Unit word ("bu tur saldıran birimim", "saldırdığım birimle"). English: "attacked" after a
# Unit word, "it", or "that"/"which" after a Unit word. Grammar of the verb, folded.
_ATTACKED_TR = ("saldirdi", "saldirmis", "saldirmisti")
_PARTICIPLE_TR = ("saldiran", "saldirdig", "saldirmis")
_ADVERBS_EN = ("already", "has", "had", "just", "have")


def _unit_attacked(reading: Reading, k: int) -> bool:
    items = reading.items
    key = items[k].key
    if reading.language == "en":
        if key != "attacked":
            return False
        j = k - 1
        while j >= 0 and items[j].key in _ADVERBS_EN:
            j -= 1
        if j >= 0 and items[j].key in ("that", "which"):
            j -= 1
            return j >= 0 and "unit" in reading.at(j)
        return j >= 0 and ("unit" in reading.at(j) or items[j].key == "it")
    if key.startswith(_PARTICIPLE_TR) and k + 1 < len(items) and "unit" in reading.at(k + 1):
        return True
    return key in _ATTACKED_TR and any(
        "unit" in reading.at(j) and not _dative(items, j) and items[j].clause == items[k].clause
        for j in range(k))
# "zaten", "already": an attack earlier this turn, without "bu tur"
_ALREADY = ("zaten", "already")
# "another", "diğer birimim": a second Unit of the asker's, never the one that attacked
_SECOND = ("baska", "diger", "other", "another", "else", "farkli", "different", "second",
           "ikinci", "disinda", "besides", "except", "haric", "haricinde", "both", "ikisi")
# "he", "they": the rival said as a pronoun
_THIRD_EN = ("he", "she", "they", "his", "her", "their", "them", "opponent")


def _attacked_this_turn(reading: Reading) -> int | None:
    """The asker's Unit asked about attacked earlier this turn ("Birimim bu tur saldırdı,
    tekrar saldırabilir mi?", "can I attack with a unit that attacked already this turn"):
    two attack verbs, the earlier attack a past form said of this turn (or "already"), not
    negated, and no rival, second Unit, Legend or readying word anywhere (a readied Unit may
    attack again: no ruling). Returns the past verb's index (the words are read), or None."""
    items = reading.items
    verbs = reading.of("attack")
    if len(verbs) != 2:
        return None
    past = [m for m in verbs if m.end - m.start == 1 and _unit_attacked(reading, m.start)]
    if len(past) != 1 or _negated(reading, past[0].start, past[0].end):
        return None
    done = past[0]
    asked = next(m for m in verbs if m is not done)
    if "can" not in reading.at(asked.start) and not any(
            "can" in reading.at(k) for k in range(max(0, asked.start - 3), asked.start)):
        return None
    # a turn with its number ("we are on turn 4", "4. turdayız") tells which turn this is
    # (context), not another turn
    from .lexicon import load_lexicon
    spelled = load_lexicon().numbers

    def numeral(k: int) -> bool:
        return 0 <= k < len(items) and (items[k].key[:1].isdigit() or items[k].key in spelled)
    turns = [t for t in reading.of("turn") if not (numeral(t.start - 1) or numeral(t.end))]
    this_turn = [t for t in turns if t.start > 0 and items[t.start - 1].key in _THIS]
    if len(this_turn) != len(turns):
        # "geçen tur saldırdı", "attacked on turn 3. It is turn 4 now": another turn, whose
        # player and whether the Unit readied since the question leaves open (a past attack
        # of the Unit is never left out of the reading)
        raise Unclear("attack.attacked_when")
    already = [k for k in range(len(items)) if items[k].key in _ALREADY]
    if not this_turn and not already:
        # "My unit attacked. Can it attack …?", "attacked on turn 3": when is not said
        raise Unclear("attack.attacked_when")
    words = {items[k].key for k in range(len(items))}
    if words & set(_SECOND) or (reading.language == "en" and words & set(_THIRD_EN)):
        return None
    if any(reading.has(c) for c in ("legend", "go_solo", "play", "block", "fight")):
        return None
    if reading.has("ready") or reading.has("ready_step"):
        raise Unclear("attack.attacked_readied")
    reading.consumed.update(range(done.start, done.end))
    for t in this_turn:
        reading.consumed.update(range(t.start - 1, t.end))
    reading.consumed.update(already)
    for m in reading.of("again"):
        reading.consumed.update(range(m.start, m.end))
        if m.start > 0 and items[m.start - 1].key == "bir":
            reading.consumed.add(m.start - 1)           # "bir daha"
    return done.start


_FIRST_PERSON_WORDS = ("my", "i", "me", "mine", "benim", "ben", "bende")
_WHOLE = ("tum", "tumu", "butun", "hepsi", "all", "every")


def _no_target_said(reading: Reading) -> str | None:
    """The question says the rival has no valid attack target at all (9.3.2.4): the Gig
    area empty ("boş", "no gigs") and no spent Unit ("harcanmış birimi yok", "no spent
    units", "tüm birimleri hazır", "all his units are ready", "hiç birimi yok"), said of
    the rival (in that clause or the one before, with no first-person word). Returns
    "none" (the words are read), "spent_attacker" when a spent word is left for the
    attacking Unit (not read here), or None when not said."""
    if (not _gig_area_empty(reading) and _zero_gigs(reading) is None) or _empty_elsewhere(reading):
        return None
    items = reading.items

    def rivals(k: int) -> bool:
        clause = items[k].clause
        if any(items[j].key in _FIRST_PERSON_WORDS or _my_suffix(reading, j)
               for j in range(len(items)) if items[j].clause == clause):
            return False
        return any("rival" in reading.at(j) for j in range(len(items))
                   if items[j].clause in (clause, clause - 1))

    def whole(k: int) -> bool:
        return any(items[j].key in _WHOLE and items[j].clause == items[k].clause
                   for j in range(max(0, k - 4), min(len(items), k + 4)))

    said: list[Match] = []
    for m in reading.of("spent") + reading.of("unit"):
        if rivals(m.start) and _negated(reading, m.start, m.end, reach=3):
            said.append(m)              # "harcanmış birimi yok", "no spent units", "no units"
    for m in reading.of("ready"):
        if rivals(m.start) and whole(m.start) and not _negated(reading, m.start, m.end):
            said.append(m)              # "tüm birimleri hazır", "all his units are ready"
    if not said:
        return None
    for m in said:
        reading.consumed.update(range(m.start, m.end))
        clause = items[m.start].clause
        for j in range(len(items)):
            if items[j].clause == clause and (items[j].key in _WHOLE or
                                              reading.at(j) & {"unit", "spent", "ready"}):
                reading.consumed.add(j)
    if any(k not in reading.consumed for m in reading.of("spent") for k in range(m.start, m.end)):
        return "spent_attacker"
    for m in reading.of("gig") + reading.of("gig_area") + reading.of("empty") + reading.of("ready") \
            + reading.of("rival"):
        reading.consumed.update(range(m.start, m.end))
    clauses = {items[m.start].clause for m in said}
    # "he has no spent units": the rival said as a pronoun in those clauses
    reading.consumed.update(j for j in range(len(items)) if items[j].clause in clauses
                            and items[j].key in ("he", "she", "they", "his", "her", "their"))
    return "none"


def _zero_gigs(reading: Reading) -> int | None:
    """"rakibin 0 Gig'i var", "the rival has zero gigs": a count of 0 said of the rival's
    Gigs (a Gig word right after it, no first person there): the index of the number."""
    items = reading.items
    for it in reading.numbers:
        if it.number == 0 and not it.sign and it.i + 1 < len(items) and \
                "gig" in reading.at(it.i + 1) and items[it.i + 1].clause == it.clause and \
                _dice_owner(reading, it) == "rival":
            return it.i
    return None


def _rivals_clause(reading: Reading, k: int) -> bool:
    """Word `k` sits in a clause that names the rival before it and the asker nowhere
    ("rakibin … harcanmış bir birimi var", "he has a spent unit")."""
    items = reading.items
    clause = [j for j in range(len(items)) if items[j].clause == items[k].clause]
    if not any(j < k and "rival" in reading.at(j) for j in clause):
        return False
    # "my opponent's unit": a first-person word right before the rival word only names the
    # rival ("Rakibimin" likewise carries the asker in the rival word itself)
    # ("birimimle rakibin Gig alanına": a Unit of mine before the rival word is still mine)
    return not any(((items[j].key in _FIRST_PERSON_WORDS
                     and not (j + 1 < len(items) and "rival" in reading.at(j + 1)))
                    or _my_suffix(reading, j))
                   and "rival" not in reading.at(j) for j in clause)


def _rival_board(reading: Reading, attacker_part: set[int],
                 target_part: set[int]) -> dict[str, Any] | None:
    """The rival's board told in clauses about the rival while the attack names no target
    ("rakibin Gig alanı boş ama harcanmış bir birimi var, hazır birimimle saldırabilir
    miyim", "tüm birimleri hazır, Gig alanında 2 Gig var"): a spent rival Unit (a state not
    negated), or every rival Unit ready and the Gigs counted. Returns rival_gigs,
    rival_spent, the number read ("gig_item") and the words read ("words"), or None when
    the board is not told safely (a Lag or ADRENALINE of the rival's, a target named, a
    spent word negated, all ready with the Gigs not told)."""
    items = reading.items
    if any(reading.at(k) & {"unit", "gig_area", "gig", "rival", "legend"} for k in target_part):
        return None
    states = [m for c in ("spent", "ready", "lag", "adrenaline") for m in reading.of(c)
              if m.start in attacker_part and _rivals_clause(reading, m.start)]
    if any(reading.at(m.start) & {"lag", "adrenaline"} for m in states):
        return None
    clauses = {items[m.start].clause for m in states}
    spent = [m for m in states if "spent" in reading.at(m.start)]
    ready = [m for m in states if "ready" in reading.at(m.start)]
    if any(_negated(reading, m.start, m.end) for m in spent + ready):
        return None
    whole = any(items[j].key in _WHOLE and items[j].clause in clauses for j in range(len(items)))
    if ready and (spent or not whole):
        return None         # "one of his units is ready": the others' states are not told
    # the Gigs: in the rival's clauses or the clause after one ("tüm birimleri hazır, Gig
    # alanında 2 Gig var"), with no first-person word there
    near = clauses | {c + 1 for c in clauses}
    def mine(c: int) -> bool:
        return any((items[j].key in _FIRST_PERSON_WORDS or _my_suffix(reading, j))
                   and "rival" not in reading.at(j) for j in range(len(items)) if items[j].clause == c)
    gig_words = [m for m in reading.of("gig") + reading.of("gig_area") + reading.of("empty")
                 if items[m.start].clause in near and not mine(items[m.start].clause)]
    if len(gig_words) < len(reading.of("gig") + reading.of("gig_area")):
        return None         # a Gig word of the asker's or elsewhere: not read here
    counts = [it for it in reading.numbers if not it.sign and it.clause in near
              and _role(reading, it, ("gig", "gig_area")) is not None]
    words = {k for k in range(len(items)) if items[k].clause in clauses and
             (reading.at(k) & {"unit", "spent", "ready", "rival"} or items[k].key in _WHOLE)}
    board: dict[str, Any] = {"rival_spent": bool(spent)}
    if len(counts) == 1 and counts[0].number == 0:
        board["rival_gigs"] = 0         # "rakibin 0 Gig'i var"
        board["gig_item"] = counts[0].i
    elif _gig_area_empty(reading):
        if counts:
            return None
        board["rival_gigs"] = 0
    elif len(counts) == 1 and counts[0].number > 0:
        board["rival_gigs"] = counts[0].number
        board["gig_item"] = counts[0].i
    elif counts or gig_words or not spent:
        return None         # no Gigs told while every rival Unit is ready, or unclear counts
    else:
        board["rival_gigs"] = 0     # a spent rival Unit is a valid target whatever the Gigs
    for m in states + gig_words:
        reading.consumed.update(range(m.start, m.end))
    reading.consumed.update(words)
    board["words"] = words | {k for m in gig_words for k in range(m.start, m.end)}
    return board


def _board_used(board: dict[str, Any]) -> set[int]:
    """The Gig count a board read (`_rival_board`), as a used number."""
    item = board.pop("gig_item", None)
    return set() if item is None else {item}


def _may_attack_asked(reading: Reading) -> bool:
    """The attack verb itself is asked as an ability ("saldırabilir mi", "can … attack"), not
    told ("rakibim gig alanıma saldırdı; bloklayabilir miyim")."""
    return any("can" in reading.at(k) for m in reading.of("attack")
               for k in range(max(0, m.start - 3), m.end))


def _passive_attack(reading: Reading) -> bool:
    """The attack verb is a passive ("saldırılabilir", "saldırıldı", "be attacked")."""
    verbs = reading.of("attack")
    if not verbs:
        return False
    if reading.language == "en":
        return _english_passive(reading, verbs[0])
    return any("saldiril" in reading.items[m.start].key for m in verbs)


# English auxiliaries that make "attacked" a passive ("be attacked", "gets attacked")
_PASSIVE_AUX = {"be", "is", "are", "was", "were", "been", "being", "get", "gets", "got",
                "getting"}


def _english_passive(reading: Reading, verb: Any) -> bool:
    """"attacked" right after a form of "be"/"get" (an adverb between: "be ever attacked")."""
    items = reading.items
    if not items[verb.start].key.startswith("attacked"):
        return False
    for k in range(verb.start - 1, max(-1, verb.start - 3), -1):
        if items[k].key in _PASSIVE_AUX:
            return True
        if items[k].key not in ("ever", "still", "not", "never", "also", "even", "then"):
            return False
    return False


def _attack_parts(reading: Reading, skip: int | None = None) -> tuple[set[int], set[int]]:
    """Word indices describing the attacking Unit and the attack target, so each state word
    ("harcanmış", "ready", "bu tur oynanan") goes to the Unit it describes. English: the
    target follows the verb, except a "with my … unit" phrase (the attacker). Turkish: the
    target is the dative phrase before the verb in the verb's clause ("rakibin harcanmış
    birimine"); everything else before the verb (the subject, an instrumental "birimimle",
    a predicate "birimim harcanmış,") describes the attacker."""
    items = reading.items
    every = set(range(len(items)))
    verbs = [m for m in reading.of("attack") if m.start != skip
             and "attacker" not in reading.at(m.start) and "defender" not in reading.at(m.start)]
    if not verbs:
        return set(), every
    verb = verbs[0]
    if verb.end < len(items) and "defender" in reading.at(verb.end):
        # "attack target"/"saldırı hedefi": the noun phrase before is the target, a phrase
        # after ("for my non-lagging unit") the attacker.
        return set(range(verb.end + 1, len(items))), set(range(0, verb.start))
    if reading.language == "en" and _english_passive(reading, verb):
        # "Can a spent unit be attacked (by …)?": the subject is the target, a "by"
        # phrase the attacker
        by = next((k for k in range(verb.end, len(items)) if items[k].key == "by"), None)
        attacker = set(range(by, len(items))) if by is not None else set()
        if by is not None:
            reading.consumed.add(by)
        return attacker, every - attacker - set(range(verb.start, verb.end))
    if reading.language == "en":
        target = set(range(verb.end, len(items)))
        for k in range(verb.end, len(items)):
            if items[k].key == "with" and any("unit" in reading.at(j) for j in
                                              range(k + 1, min(len(items), k + 5))):
                target -= set(range(k, len(items)))
                break
        pronoun = next((k for k in sorted(target) if items[k].key in _TARGET_PRONOUNS), None)
        if pronoun is not None and not any(reading.at(k) & {"unit", "gig", "gig_area", "area"}
                                           for k in target):
            target |= _rival_unit_clause(reading, verb)      # "their unit is spent, …attack it"
        return every - target - set(range(verb.start, verb.end)), target
    clause = items[verb.start].clause
    target_noun = None
    for k in range(verb.start - 1, -1, -1):
        if items[k].clause != clause:
            break
        if reading.at(k) & {"unit", "gig_area", "area", "block", "legend"} and _dative(items, k):
            target_noun = k
            break
    pronoun = next((k for k in range(verb.start - 1, -1, -1) if items[k].clause == clause
                    and items[k].key in _TARGET_PRONOUNS), None)
    if target_noun is None and pronoun is not None:
        # "rakibin birimi harcanmış, ona saldırabilir miyim": the Unit the clause before
        # describes is the target the pronoun names
        described = _rival_unit_clause(reading, verb)
        if described:
            return every - described - {pronoun} - set(range(verb.start, verb.end)), \
                described | {pronoun}
    if target_noun is None:
        if any(reading.at(k) & {"unit", "gig_area", "block", "legend"} and _dative(items, k)
               for k in range(0, verb.start)):
            # "Rakibimin harcanmış birimine, … birimimle saldırmam": a target before a
            # comma; which state words are whose is not read safely
            raise Unclear("attack.target_other_clause")
        return every - set(range(verb.start, verb.end)), set()
    begin = target_noun
    # back to the subject, to an instrumental ("ADRENALINE ile", "birimimle"), or to the
    # owner in the genitive ("rakibin …"; "harcanmış rakip birime" is an adjective)
    while begin > 0 and items[begin - 1].clause == clause and not (
            reading.at(begin - 1) & {"unit", "block", "legend"}) \
            and items[begin - 1].key != "ile" and not items[begin - 1].soon \
            and not ("rival" in reading.at(begin) and items[begin].key.endswith(("in", "un"))):
        begin -= 1
    target = set(range(begin, target_noun + 1))
    return every - target - set(range(verb.start, verb.end)), target


# A pronoun that names the attack's target: "ona saldır-", "attack it". Grammar words of
# the two languages, not cue words (a cue would need reading in every family).
_TARGET_PRONOUNS = ("ona", "buna", "suna", "it")


def _rival_unit_clause(reading: Reading, verb: Match) -> set[int]:
    """The one earlier clause about a rival Unit and none of the asker's ("rakibin birimi
    hazır", "their unit is spent"): its words, or none."""
    items = reading.items
    here = items[verb.start].clause
    found = {items[m.start].clause for m in reading.of("unit")
             if items[m.start].clause < here and _rivals_clause(reading, m.start)}
    if len(found) != 1:
        return set()
    c = found.pop()
    words = {k for k in range(len(items)) if items[k].clause == c}
    if any(reading.at(k) & {"gig", "gig_area", "attack"} for k in words):
        return set()
    return words


_THIS = ("bu", "this")


def _played_this_turn(reading: Reading) -> bool:
    """"bu tur birimimi oynadım", "I played my unit this turn": a play verb and "this turn"
    in one clause with the Unit (or "it") and no other card named there: the Unit entered
    this turn and has Lag (4.7). The words are read; a play word read by nothing else
    is a fact the attack family reports (when the Unit was played decides its Lag)."""
    items = reading.items
    for m in reading.of("play"):
        if m.start in reading.consumed:
            continue
        clause = [k for k in range(len(items)) if items[k].clause == items[m.start].clause]
        this_turn = [t for t in reading.of("turn") if t.start in clause and t.start > 0
                     and items[t.start - 1].key in _THIS and items[t.start - 1].clause == items[t.start].clause]
        unit = any("unit" in reading.at(k) or items[k].key in ("it", "onu") for k in clause)
        other = any(reading.at(k) & {"program", "gear", "legend", "card", "rival"} for k in clause)
        if this_turn and unit and not other:
            reading.consumed.update(range(m.start, m.end))
            for t in this_turn:
                reading.consumed.update(range(t.start - 1, t.end))
            return True
    return False


def _played_earlier(reading: Reading) -> bool:
    """"Geçen tur oynadığım birim", "played last turn": the Unit has no Lag now (every Unit
    loses it at the end of each turn, 11.3.2). The words are read."""
    items = reading.items
    found = False
    for m in reading.of("play") + reading.of("lag"):
        if _previous_turn(reading, items[m.start].clause) and not (
                m.concept == "lag" and "turn" in reading.at(m.end - 1)):
            # "came into play last turn": the lag cue names the entry, the turn is earlier
            reading.consumed.update(range(m.start, m.end))
            found = True
    return found


def _rival_acts(reading: Reading, indices) -> bool:
    """A rival word among `indices` that is neither whose turn it is (read by
    `_turn_owner`) nor the owner of a thing ("rakibin Gig'i"): the rival is the one who
    acts, and families that read the asker's own action must not answer."""
    return any(k not in reading.consumed and not _owns_something(reading, k)
               for k in indices if "rival" in reading.at(k))


def _rival_unit_subject(reading: Reading, attacker_part: set[int]) -> bool:
    """The attack verb's subject is the rival's Unit: a rival word owning a Unit word in the
    verb's clause, before the verb, that is no dative or instrumental ("rakibimin hazır
    birimi … saldırabilir mi", "can my opponent's unit attack")."""
    items = reading.items
    verbs = [m for m in reading.of("attack") if not reading.at(m.start) & {"attacker", "defender"}]
    if not verbs:
        return False
    v = verbs[0].start
    for k in sorted(attacker_part):
        if k >= v or "rival" not in reading.at(k) or items[k].clause != items[v].clause:
            continue
        for j in range(k + 1, min(v, k + 4)):
            if items[j].clause != items[k].clause or "turn" in reading.at(j):
                break
            if "unit" in reading.at(j):
                if reading.language == "en" or (items[j].key.endswith("i")
                                                and not items[j].key.endswith("ini")):
                    return True
                break
    return False


def _owns_something(reading: Reading, k: int) -> bool:
    """The rival word at `k` names the owner of what follows ("Rakibin 1 Gig'i var", "rival
    has no gigs", "rakibin harcanmış birimine"), not the one who acts."""
    items = reading.items
    for j in range(k + 1, min(len(items), k + 4)):
        if items[j].clause != items[k].clause:
            continue
        if "attack" in reading.at(j) or items[j].key in ("my", "benim"):
            # "can the rival attack my gig area": a verb or "my" first: the thing after it
            # is not the rival's, the rival is the one who acts
            return False
        if reading.at(j) & {"gig", "gig_area", "area", "unit", "block", "legend", "deck"}:
            return True
    return False


def _describes_target(reading: Reading, match: Match, target: set[int]) -> bool:
    """A state said of the target: in its phrase, and (English) before a Unit word ("attack
    a lagging unit"), not a clause about the attacker ("attack the turn it was played")."""
    if match.start not in target:
        return False
    if reading.language != "en":
        return True
    items = reading.items
    return any("unit" in reading.at(k) and items[k].clause == items[match.start].clause
               for k in range(match.end, min(len(items), match.end + 3)))


def _dative(items: list[Item], k: int) -> bool:
    """"birime", "alanına": a dative ending; the instrumental ("birimimle", "birim ile")
    and the locative ("alanında") end in a vowel too but name no target."""
    key = items[k].key
    if key.endswith(("la", "le")) or (k + 1 < len(items) and items[k + 1].key == "ile"):
        return False
    if key.endswith(("da", "de", "ta", "te")):
        return False                    # the locative: "Gig alanında 3 Gig var"
    return key.endswith(("a", "e"))


def extract_blocker(reading: Reading) -> Call | None:
    """May this BLOCKER block? Its state (spent, ready, Lag) and whether it is already the
    attack's target; the engine's block procedure decides."""
    if reading.numbers:
        return None                     # powers or counts: a fight or a steal question
    from .family_util import obliged
    if obliged(reading):
        return None                     # "bloklamak zorunda mıyım": a block is never required
    if _asks_attack(reading):
        return None                     # "BLOCKER'lı birim saldırabilir mi?": not a block asked
    words = _block_words(reading)

    def noun(m: Match) -> bool:
        return m.cue.split()[0] == "blocker"     # "BLOCKER", "the BLOCKER keyword"
    # the verb's own negation sits right before it ("not block"); "no BLOCKER block" is
    # the noun's
    negated = {m: _negated(reading, m.start, m.end, reach=2 if noun(m) else 1) for m in words}
    if any(on for m, on in negated.items() if not noun(m)):
        return None                     # "bloklamazsam": not whether it may block
    if reading.has("attack") and not _block_said(reading):
        return None                     # "BLOCKER'lı birim saldırabilir mi": attack asked
    if not reading.has("can"):
        # "Blocker kullanınca savunan birim blocker olur mu?", "does blocking spend the
        # blocker", "blok yapan birim harcanır mı": no "may": not whether it may block (a
        # state word there is what blocking does, not the BLOCKER's state before it)
        return None
    keyword = not any(on for m, on in negated.items() if noun(m))
    if not keyword and not any(not noun(m) for m in words):
        return None                     # "BLOCKER'ı yok" and no block asked about
    attacked = _attacked_other(reading, words)
    if attacked:
        # "Rakibim benim harcanmış birimime saldırırken BLOCKER'ımla …", "attacks my spent
        # unit. Can another unit with BLOCKER block?": the attacked Unit is not the BLOCKER,
        # so its state words are its own (read here), and the BLOCKER is no target
        for concept in ("spent", "ready", "lag"):
            for m in reading.of(concept):
                if m.start in attacked:
                    reading.consumed.update(range(m.start, m.end))
        spent, ready = _state_outside(reading, "spent", attacked), _state_outside(reading, "ready", attacked)
        target = reading.has("defender")
    else:
        spent = _present(reading, "spent")
        ready = _present(reading, "ready")
        target = reading.has("defender") or _attacked_directly(reading)
    assumptions: list[str] = []
    if spent and ready:
        raise Unclear("attack.spent_and_ready_at_once")
    is_spent = bool(spent) or (ready is False)
    if target and ready:
        raise Unclear("target.ready")
    if target and not is_spent:
        is_spent = True
        assumptions.append(say(reading, "ask_assume.blocker.target_spent"))
    lag = _state_outside(reading, "lag", attacked) if attacked else _present(reading, "lag")
    if not keyword:
        # "BLOCKER'ı olmayan birimimle bloklayabilir miyim?": only a BLOCKER blocks (9.9)
        args = {"blocker_keyword": False, "blocker_spent": bool(spent) or ready is False,
                "blocker_target": bool(target), "blocker_lag": bool(lag)}
        return Call(args, assumptions, defaults={"blocker_spent", "blocker_target",
                                                 "blocker_lag"})
    if spent is None and ready is None and not target and not lag:
        # "BLOCKER'ım bloklayabilir mi?", "… gecikmeli değil": nothing is said that decides
        # it (a spent BLOCKER may not block, 9.9): taking it as ready would answer a
        # question not asked.
        return None
    args = {"blocker_spent": is_spent, "blocker_target": bool(target),
            "blocker_lag": bool(lag)}
    defaults = {key for key in ("blocker_target", "blocker_lag") if not args[key]}
    if not is_spent and spent is None and ready is None:
        defaults.add("blocker_spent")
    return Call(args, assumptions, defaults=defaults)


# English words that open a clause inside the asked one ("… when he attacks"): a verb after
# them is not the one asked about.
_EN_SUBORDINATE = frozenset({"when", "while", "if", "as", "after", "before", "during",
                             "whenever", "once", "since", "because", "until", "that"})


def _asks_attack(reading: Reading) -> bool:
    """The verb asked about is the attack verb ("Bu tur oynanan BLOCKER'lı birim saldırabilir
    mi?", "Can my unit with BLOCKER attack?"): the question is whether it may attack, and a
    BLOCKER named as the Unit's keyword does not make it a block question. Turkish: the
    question's last verb (before its particle); English: the first verb after the modal
    that opens the question, unless a subordinate word comes first."""
    from .asked import _TR_PARTICLES
    items = reading.items
    if not items:
        return False
    if reading.language != "en":
        k = len(items) - 1
        while k >= 0 and items[k].key in _TR_PARTICLES:
            k -= 1
        return k >= 0 and "attack" in reading.at(k) and \
            not reading.at(k) & {"attacker", "defender"}
    opening = ([m for m in reading.matches if m.concept == "can"] or
               [m for m in reading.matches if m.concept == "yesno"])[:1]
    for m in opening:                   # the modal that opens the question, not "if it is"
        clause = items[m.start].clause
        for k in range(m.end, len(items)):
            here = reading.at(k)
            if items[k].clause != clause or items[k].key in _EN_SUBORDINATE:
                break
            if "attack" in here and not here & {"attacker", "defender"}:
                return True
            if here & {"choose", "activate"} or any(
                    b.start == k and b.cue.split()[0] != "blocker" for b in reading.of("block")):
                break                   # "can I use / block …": another verb is asked
    return False


def _attacked_other(reading: Reading, words: list[Match]) -> set[int]:
    """The words of the attacked Unit's phrase when it is another Unit than the BLOCKER
    named apart ("benim harcanmış birimime saldırırken BLOCKER'ımla", "attacks my spent
    unit … with BLOCKER"); empty when the attack's object is the BLOCKER or not read."""
    items = reading.items
    nouns = {k for m in words if m.cue.split()[0] == "blocker" for k in range(m.start, m.end)}
    if not nouns:
        return set()
    for verb in reading.of("attack"):
        if reading.at(verb.start) & {"attacker", "defender"}:
            continue
        clause = items[verb.start].clause
        if reading.language == "en":
            phrase: set[int] = set()
            for k in range(verb.end, min(len(items), verb.end + 4)):
                if items[k].clause != clause or k in nouns:
                    break
                phrase.add(k)
                if "unit" in reading.at(k):
                    return phrase
            continue
        for k in range(verb.start - 1, max(-1, verb.start - 4), -1):
            if items[k].clause != clause:
                break
            if "unit" in reading.at(k) and _dative(items, k) and k not in nouns and \
                    not (k - 1) in nouns:
                phrase = {k}
                j = k - 1
                while j >= 0 and items[j].clause == clause and j not in nouns and (
                        reading.at(j) & {"spent", "ready", "lag"} or items[j].key in ("benim", "my")):
                    phrase.add(j)
                    j -= 1
                return phrase
    return set()


def _state_outside(reading: Reading, concept: str, outside: set[int]) -> bool | None:
    """Like `_present`, for the words of `concept` outside `outside`: None if none, else
    whether one is said without a negation (those read are consumed)."""
    found = [m for m in reading.of(concept) if m.start not in outside]
    if not found:
        return None
    for m in found:
        reading.consumed.update(range(m.start, m.end))
    return any([not _negated(reading, m.start, m.end) for m in found])


def _attacked_directly(reading: Reading) -> bool:
    """"Rakip BLOCKER birimime saldırıyor", "the rival attacks my BLOCKER": the blocker is
    the object of the attack verb (a dative in Turkish, the word after it in English)."""
    items = reading.items
    if _attacked_passive(reading):
        return True
    for verb in reading.of("attack"):
        if reading.language == "en":
            after = range(verb.end, min(len(items), verb.end + 3))
            if any("block" in reading.at(k) and items[k].clause == items[verb.start].clause
                   for k in after):
                return True
        else:
            for k in range(max(0, verb.start - 3), verb.start):
                if items[k].clause == items[verb.start].clause and \
                        reading.at(k) & {"unit", "block"} and _dative(items, k):
                    return True         # "BLOCKER birimime saldırıyor", not "birimimle"
    return False


_BE = ("is", "are", "was", "were", "being", "been", "gets", "got", "get", "getting")
# Turkish passive participles and verbs of "saldır-" ("saldırılan", "saldırıldı") and of
# "saldırıya uğra-" ("uğrayan", "uğradı").
_TR_PASSIVE = ("saldiril", "ugra")


def _attacked_passive(reading: Reading) -> bool:
    """The BLOCKER is the subject of a passive attack verb: "saldırılan BLOCKER'ım",
    "BLOCKER birimim saldırıya uğradı", "my BLOCKER is (the one) being attacked". An attack
    on something else in the same clause ("Gig alanıma saldırıldı, BLOCKER'la blokladım")
    has a Gig area or a dative between them, so it is not read so."""
    items = reading.items
    blocks = [m for m in reading.of("block") if m.cue == "blocker"]

    def between_clear(lo: int, hi: int) -> bool:
        return all(items[k].clause == items[lo].clause and not reading.at(k) & {"gig_area", "gig", "area"}
                   for k in range(lo, hi + 1))

    for k, item in enumerate(items):
        if reading.language == "en":
            if item.key != "attacked" or not any(
                    items[j].key in _BE and items[j].clause == item.clause
                    for j in range(max(0, k - 4), k)):
                continue
            if any(m.start < k and k - m.start <= 6 and between_clear(m.start, k) for m in blocks):
                return True
            continue
        if not item.key.startswith(_TR_PASSIVE):
            continue
        participle = item.key.endswith(("an", "en"))
        for m in blocks:
            if participle and 0 < m.start - k <= 2 and between_clear(k, m.start):
                return True             # "saldırılan BLOCKER'ım"
            if 0 < k - m.start <= 3 and between_clear(m.start, k) and \
                    not _dative(items, m.end - 1) and not items[m.end - 1].key.endswith(("la", "le")):
                return True             # "BLOCKER birimim saldırıldı / saldırıya uğradı"
    return False


def _past_mine(reading: Reading, concept: str) -> bool | None:
    """Did I already do it this turn? "sattım", "çağırdım", "I sold", "already called":
    True; "satmadım", "haven't sold": False; None when not said."""
    items = reading.items
    found = None
    for m in reading.of(concept):
        key = items[m.start].key
        if _previous_turn(reading, items[m.start].clause):
            continue            # "geçen turumda sattım": not this turn
        nxt = items[m.end] if m.end < len(items) else None
        if reading.language != "en" and nxt is not None and nxt.clause == items[m.start].clause \
                and nxt.key.startswith(_LIGHT_VERBS):
            # "satış yaptım", "çağırma yapmadım": the noun's light verb carries the person
            reading.consumed.add(nxt.i)
            m = Match(m.concept, m.start, m.end + 1, m.cue)
            key = nxt.key
        if reading.language == "en":
            past = key.endswith("ed") or key in ("sold", "did")
            if not past or (m.start > 0 and items[m.start - 1].key in ("be", "being")):
                continue        # "can a unit be sold": a passive asked, no sale done
            negated = _negated(reading, m.start, m.end, reach=3)
            if negated and m.end < len(items) and items[m.end].key in ("anything", "any") \
                    and items[m.end].clause == items[m.start].clause:
                reading.consumed.add(m.end)     # "I haven't sold anything": nothing at all
        else:
            if not key.endswith(("dim", "tim", "dım", "tım", "madim", "medim", "mistim", "mistim")):
                continue
            negated = "mad" in key[2:] or "med" in key[2:]
            if negated:
                _negated(reading, m.start, m.end, reach=3)     # accounts for it (and "hiç")
        found = (found or False) or not negated
        if negated and found is None:
            found = False
    return found


# Turkish light verbs after an action noun: "satış yap-", "satış et-"
_LIGHT_VERBS = ("yap", "ett", "etm")


def _twice(reading: Reading) -> bool:
    """"iki kart satabilir miyim", "two Legends in one turn", "bir tane daha": a second one
    in the same turn."""
    items = reading.items
    if reading.has("repeat"):
        return True                 # "twice"
    for m in reading.of("again"):
        nxt = items[m.end].key if m.end < len(items) else ""
        if items[m.start].key == "daha" and nxt in _EARLIER:
            continue            # "daha önce hiç çağırmadım": "earlier", not "once more"
        return True
    return any(it.number == 2 and not it.sign for it in reading.numbers)


def _another_unplaced(reading: Reading) -> bool:
    """"bir Legend daha çağırabilir miyim?", "can I sell another one?": "one more" is asked
    with nothing saying the first was in this turn (no turn word, no "same", no past action
    read): once a turn decides only if it was, so the question is not read."""
    if reading.has("repeat") or reading.has("turn") or _same_turn(reading):
        return False
    if any(it.number == 2 and not it.sign for it in reading.numbers):
        return False
    return bool(reading.of("again"))


# "daha önce", "daha evvel": earlier (folded), after which "daha" is no "again"
_EARLIER = ("once", "evvel", "onceden")


def _rival_turn(reading: Reading) -> bool:
    """"rakibin turunda", "during my opponent's turn", "rakibim saldırırken"."""
    return _turn_owner(reading) == "rival"


_MY_TURN = ("turum", "turumu", "turumun", "turumda", "turuma", "turumdan", "turumdayken")


def _turn_owner(reading: Reading) -> str | None:
    """Whose turn the question is in: "rival" ("rakibin turunda", "his turn"), "mine"
    ("kendi turumda", "turumun başında", "my turn") or None. The owner words read are
    accounted for; a question naming both turns is not read."""
    items = reading.items
    owners: set[str] = set()
    def at(k: int) -> Item | None:
        return items[k] if 0 <= k < len(items) and items[k].clause == items[m.start].clause else None

    for m in reading.of("turn"):
        # the owner right before the turn word ("rakibin turunda", "my opponent's turn",
        # "rakip turunda"), past "kendi"/"own" ("rakibin kendi turunda" is the rival's);
        # "Rakibim bu tur" is the rival doing something this turn, "Rakibim benim turumda"
        # my turn
        k = m.start - 1
        word = at(k)
        own = word is not None and ("own" in reading.at(k) or word.key in ("my", "benim"))
        if own:
            before = at(k - 1)
            if before is not None and "rival" in reading.at(k - 1) and \
                    before.key.endswith(("in", "un", "s")) and not word.key in ("my", "benim"):
                owners.add("rival")
                reading.consumed.update({k - 1, k})
            else:
                owners.add("mine")
                reading.consumed.add(k)
        elif word is not None and "rival" in reading.at(k):
            owners.add("rival")
            reading.consumed.add(k)
        elif items[m.start].key in _MY_TURN:
            owners.add("mine")
    if len(owners) > 1:
        raise Unclear("turn.both_turns")
    return owners.pop() if owners else None


def _one_turn(reading: Reading) -> set[int]:
    """"in one turn", "1 turda": the 1 that says the same turn."""
    return {it.i for it in reading.numbers if it.number == 1 and not it.sign
            and it.i + 1 < len(reading.items) and "turn" in reading.at(it.i + 1)}


def _previous_turn(reading: Reading, clause: int) -> bool:
    """"geçen turumda", "last turn" in `clause`: it speaks of an earlier turn (read)."""
    items = reading.items
    found = [m for m in reading.of("previous") if items[m.start].clause == clause
             and m.end < len(items) and "turn" in reading.at(m.end)]
    for m in found:
        reading.consumed.update(range(m.start, m.end + 1))
    return bool(found)


_THIS = ("bu", "this")
# "again" words that repeat the action, not count one more ("daha", "another", "second")
_AGAIN_ONLY = ("again", "tekrar", "yine", "yeniden")


def _again_after_earlier_turn(reading: Reading, concept: str) -> bool:
    """"Last turn I sold a card. Can I sell again this turn?", "Geçen tur Legend çağırdım,
    bu tur yine çağırabilir miyim?": the action was done in an earlier turn and "again" is
    asked of "this turn" (named), so nothing was done this turn. Not with "twice", a "2",
    or without "this turn" ("can I sell another?" stays unread)."""
    items = reading.items
    if reading.has("repeat") or any(it.number == 2 and not it.sign for it in reading.numbers):
        return False
    if any(items[m.start].key not in _AGAIN_ONLY for m in reading.of("again")):
        return False            # "bir Legend daha", "another", "one more": a count, unread
    earlier = [m for m in reading.of(concept)
               if _previous_turn(reading, items[m.start].clause)]
    if not earlier:
        return False
    this = [m for m in reading.of("turn") if m.start > 0 and items[m.start - 1].key in _THIS
            and items[m.start].clause != items[earlier[0].start].clause]
    if not this:
        return False
    reading.consumed.update({m.start - 1 for m in this} | {m.start for m in this})
    reading.consumed.update(k for m in reading.of("again") for k in range(m.start, m.end))
    return True


def _per_turn_asked(reading: Reading, thing: str) -> bool:
    """"kaç kez / kaç kere", "how many times", "kaç Legend / kaç kart", "how many cards":
    how often the action may be taken is asked, with no other number than "bir tur" / "1"
    (a turn)."""
    items = reading.items
    if any(it.number not in (1, None) or it.sign for it in reading.numbers):
        return False
    # "her turda", "per turn", "each turn": a turn, like "bir turda"
    reading.consumed.update(m.start for m in reading.of("each")
                            if m.end < len(items) and "turn" in reading.at(m.end))
    for q in reading.of("how_many"):
        nxt = q.end
        if nxt < len(items) and (reading.at(nxt) & {"times", thing} or "card" in reading.at(nxt)):
            return True
    return False


def extract_sell(reading: Reading) -> Call | None:
    from .asked import asked_form
    if asked_form(reading) == "count":
        # "Ana aşamada aksiyon olarak bir turda kaç kart satabilirim?": the Sell action is
        # taken once a turn (8.11.1); effects that sell are not asked, so the action (or the
        # Main Phase) must be named
        if not _per_turn_asked(reading, "card") or not (reading.has("event") or reading.has("main_phase")) \
                or _rival_acts(reading, range(len(reading.items))) or reading.has("rival"):
            return None
        return Call({"sold_this_turn": True, "per_turn": True}, used=_one_turn(reading) | {
            it.i for it in reading.numbers if it.number == 1 and not it.sign})
    rival_turn = _turn_owner(reading) == "rival"
    if _rival_attacks(reading):
        # "rakibim saldırırken", "while my opponent attacks": the rival's turn (the attack
        # words are read; any other attack word is a fact the family does not read). Only
        # when the asker is the one who would sell ("satabilir miyim", "can I sell")
        if not _asker_does(reading, "sell"):
            return None
        rival_turn = True
        reading.consumed.update(k for m in reading.of("attack") for k in range(m.start, m.end))
    if _rival_acts(reading, range(len(reading.items))) or _rival_does(reading, "sell"):
        return None                     # "can my opponent sell": not the asker's sale
    if rival_turn:
        # selling is a Main Phase action of the turn player (official 11.9.2)
        if reading.has("previous") or any(it.number is not None for it in reading.items):
            return None
        # "Bu tur hiç kart satmadım, rakibimin turunda …": whether one was sold is read
        # (it does not change the answer: not the asker's Main Phase)
        sold = _past_mine(reading, "sell")
        return Call({"rival_turn": True, "sold_this_turn": bool(sold)},
                    defaults=set() if sold is not None else {"sold_this_turn"})
    tag = _present(reading, "sell_tag")
    sold = _past_mine(reading, "sell")
    twice = _twice(reading)
    if twice and sold is None and _again_after_earlier_turn(reading, "sell"):
        twice, sold = False, False      # "Last turn I sold a card. Can I sell again this turn?"
    if twice and sold is None and not reading.has("repeat") and reading.has("previous") and \
            not any(it.number == 2 and not it.sign for it in reading.numbers):
        # "I sold a card last turn, can I sell another one?": "another" after a sale of an
        # earlier turn is not a second sale this turn (was "No", 8.11.1)
        raise Unclear("econ.sell_turn")
    # "1 kart sattım", "sell one": one card is what a sale sells; "iki kart" is a second
    used = {it.i for it in reading.numbers if it.number in (1, 2) and not it.sign} | \
        _one_turn(reading)
    if len(reading.numbers) > len(used):
        return None
    if tag is False:
        # a card without a Sell Tag cannot be sold by the action (3.12.1), whatever else
        return Call({"sold_this_turn": bool(sold) or twice, "sell_tag": False}, used=used,
                    defaults=set() if sold is not None or twice else {"sold_this_turn"})
    if sold is None and not twice and reading.has("previous") and \
            all(k in reading.consumed for m in reading.of("previous") for k in range(m.start, m.end)):
        sold = False            # "geçen turumda sattım": nothing sold this turn is said
    if sold is None and not twice:
        if tag and not reading.has("now"):
            # "Satış Etiketli kartımı satabilir miyim?", "Mantis Blades'ı satabilir miyim?"
            # (a named card reads as its Sell Tag): whether the card may be sold is asked;
            # the once-a-turn limit is the assumption the Yes rests on, said with it. Not
            # with "şimdi" / "now": then whether the action is still open this turn is asked
            return Call({"sold_this_turn": False}, used=used, defaults={"sold_this_turn"},
                        assumptions=[say(reading, "ask_assume.sell.none_yet")])
        raise Unclear("sell.already_sold")
    if sold is None and _another_unplaced(reading):
        raise Unclear("econ.another_when")      # "bir kart daha satabilir miyim?"
    if sold or twice:
        _later_this_turn(reading)
    return Call({"sold_this_turn": bool(sold) or twice}, used=used)


def _asker_does(reading: Reading, concept: str) -> bool:
    """The asker is the subject of the asked `concept` verb: "satabilir miyim",
    "satabilirim", "can I sell"; not "satabilir mi" (he) or "can he sell"."""
    items = reading.items
    for m in reading.of(concept):
        if reading.language == "en":
            if any(items[k].key == "i" for k in range(max(0, m.start - 3), m.start)):
                return True
            continue
        verb = items[m.end - 1]
        nxt = items[m.end] if m.end < len(items) else None
        if verb.key.endswith(("im", "rim")) or (nxt is not None and nxt.key in ("miyim", "muyum")):
            return True
    return False


def extract_call(reading: Reading) -> Call | None:
    from .asked import asked_form
    form = asked_form(reading)
    face_down_called(reading)
    from .family_util import obliged
    if obliged(reading) and form != "count":
        return None                 # "Legend çağırmak zorunda mıyım": a call is never required
    if form == "count":
        if _per_turn_asked(reading, "legend") and not (reading.has("cost") or reading.has("pay")):
            # "bir turda kaç kez Legend çağırabilirim", "how many legends can I call a
            # turn": once a turn (11.11.2), each call flipping one Legend
            return Call({"call_asked": "per_turn"}, used=_one_turn(reading) | {
                it.i for it in reading.numbers if it.number == 1 and not it.sign})
        if reading.numbers or reading.has("times") or not (reading.has("cost") or reading.has("pay")):
            # "kaç kere çağırabilirim", "kaç Legend çağırabilirim" ask how many calls, not
            # what one costs: the cost is answered only when a cost or payment is named
            return None
        items = reading.items
        if any(q.end < len(items) and "legend" in reading.at(q.end) for q in reading.of("how_many")):
            # "Legend çağırmak için kaç Legend harcarım?": the 1 €$ may be an Eddie or a
            # Legend (11.8.1), so how many Legends are spent is not the cost
            raise Unclear("econ.other_count")
        return Call({"call_asked": "cost"})
    if reading.has("pay"):
        unpaid = _call_unpaid(reading)
        if unpaid is not None:
            return unpaid
        # "Can I pay for calling a legend by spending another legend?", "başka bir
        # Legend'ı harcayarak ödeyebilir miyim?": how the call is paid is asked ("another
        # Legend" is a payer, not a second call); the family answers only when and how often
        raise Unclear("econ.call_pay")
    if _rival_does(reading, "call"):
        return None
    ending = _call_at_turn_end(reading)
    if ending is not None:
        return ending
    face_up = _called_face_up(reading)
    if face_up:
        # "Açık Legend'ı çağırabilir miyim?": only a face-down Legend is called (11.11.1),
        # whatever the turn or what was called before
        reading.consumed.update(face_up)
        return Call({"call_asked": "face_up"})
    called = _past_mine(reading, "call")
    twice = _twice(reading)
    from .family_timing import _said_moment
    said = _said_moment(reading)        # "rakibimin saldırısı bitince", "before he attacks"
    if said is not None:
        # a moment that is not the React Step: in the rival's Main Phase with no attack a
        # Legend is not called (11.11.2.2); any other moment, or a call already made, is not read
        if said not in ("after_attack", "rival_turn") or called is not None or twice \
                or not _asker_does(reading, "call") or reading.numbers:
            raise Unclear("react.moment")
        return Call({"call_asked": "rival_no_attack"})
    if twice and called is None and _again_after_earlier_turn(reading, "call"):
        twice, called = False, False    # "Geçen tur çağırdım, bu tur yine çağırabilir miyim?"
    if twice and called is None and reading.has("previous"):
        # "I called a Legend last turn. Can I call another one?": "another" after a call of
        # an earlier turn is not a second call this turn (was "No", 11.11.2)
        raise Unclear("econ.call_turn")
    # "call one", "1 Legend çağırdım": one Legend is what a call flips
    used = {it.i for it in reading.numbers if it.number in (1, 2) and not it.sign} | \
        _one_turn(reading)
    if len(reading.numbers) > len(used):
        return None
    turns = _turns_by_clause(reading)
    if called:
        turns = _call_turns(reading, turns)
    if called and len(set(turns.values())) == 2:
        # "Rakibimin turunda bir Legend çağırdım, kendi turumda yine çağırabilir miyim?":
        # the call made and the call asked are in the turns their clauses name
        made = _clause_turn(reading, turns, [m.start for m in reading.of("call")
                                             if _said_done(reading.items[m.start])])
        asked = _clause_turn(reading, turns, [m.start for m in reading.of("call")
                                              if not _said_done(reading.items[m.start])])
        if made is None or asked is None:
            raise Unclear("econ.call_turn")
        # "bir daha", "again": the call asked, in the turn its clause names
        reading.consumed.update(k for m in reading.of("again") for k in range(m.start, m.end))
        reading.consumed.update(k for m in reading.of("turn") for k in
                                range(max(0, m.start - 3), m.start)
                                if reading.at(k) & {"rival", "own", "next"})
        _rival_attacks(reading)             # "… when he attacks": the rival's attack
        if _rival_acts(reading, range(len(reading.items))):
            return None
        if asked == "rival" and made != asked:
            return Call({"call_asked": "rival_turn"}, used=used)
        return Call({"call_asked": "again", "called_this_turn": made == asked}, used=used)
    if called and reading.has("react") and set(turns.values()) == {"mine"}:
        # "Can I call a Legend as a reaction if I already called one in my own turn?": a
        # reaction is taken in the rival's turn (9.7.1), another turn than the call made
        if _rival_acts(reading, range(len(reading.items))):
            return None
        reading.consumed.update(k for m in reading.of("turn") for k in
                                range(max(0, m.start - 3), m.start) if reading.at(k) & {"own"})
        return Call({"call_asked": "rival_turn"}, used=used)
    rival_turn = _rival_turn(reading)
    if rival_turn and reading.has("attack") and not _said_past(reading, "attack") \
            and _present(reading, "attack") is False and not called and not twice:
        # "rakibimin turunda kimse saldırmıyorken": outside the React Step of an attack
        return Call({"call_asked": "rival_no_attack"}, used=used)
    rival = rival_turn or _rival_attacks(reading)
    if called is None and not twice and not rival and _rival_plays_only(reading):
        # "My rival plays a Program. Can I call a Legend?": read before the rival's words
        # are taken for the rival acting
        return Call({"call_asked": "rival_no_attack"}, used=used)
    if _rival_acts(reading, range(len(reading.items))):
        return None                     # "my opponent called a legend": not the asker's call
    if rival and not _asker_does(reading, "call"):
        return None                     # "rakibim saldırırken çağırabilir mi": he or I?
    if rival and (called or twice):
        if _same_turn(reading):
            # "Rakip saldırdı, Tepki Adımı'nda çağırdım; aynı turda bir daha?": once a turn;
            # "ikinci saldırısı", "his second attack": another attack of that turn
            reading.consumed.update(m.start for m in reading.of("again")
                                    if m.end < len(reading.items) and "attack" in reading.at(m.end))
            return Call({"call_asked": "again", "called_this_turn": True}, used=used)
        raise Unclear("call.called_then_rival")
    if rival:
        return Call({"call_asked": "rival_turn"})
    if called is None and not twice and reading.has("previous") and \
            all(k in reading.consumed for m in reading.of("previous") for k in range(m.start, m.end)):
        called = False          # "geçen tur çağırdım": nothing called this turn is said
    if called is None and not twice and _rival_plays_only(reading):
        # "Rakibim birim oynadığında Legend çağırabilir miyim?": the rival playing a card is
        # his Main Phase with no attack, where no Legend is called (11.11.2), whatever was
        # called before
        return Call({"call_asked": "rival_no_attack"}, used=used)
    if called is None and not twice:
        raise Unclear("call.already_called")
    if called is None and _another_unplaced(reading):
        raise Unclear("econ.another_when")      # "bir Legend daha çağırabilir miyim?"
    if called or twice:
        _later_this_turn(reading)
        _effect_calls(reading)
    return Call({"call_asked": "again", "called_this_turn": bool(called) or twice}, used=used)


def _effect_calls(reading: Reading) -> None:
    """"Bir kart etkisi Legend çağır diyor ama bu tur zaten çağırdım": an effect that tells
    the player to call is still held to once a turn (official 5.7.3), so after a call made
    this turn the effect's words ("kart etkisi", "a card effect") change nothing: read."""
    items = reading.items
    # "biri efektle biri normal": the call by the action, beside the one by an effect
    reading.consumed.update(k for k, it in enumerate(items)
                            if it.key in ("normal", "normalde", "normally") and reading.has("effect"))
    for m in reading.of("effect"):
        reading.consumed.update(range(m.start, m.end))
        k = m.start - 1
        while k >= 0 and items[k].clause == items[m.start].clause and \
                (items[k].key in ("a", "an", "the", "bir") or "card" in reading.at(k)):
            reading.consumed.add(k)
            k -= 1


def _call_unpaid(reading: Reading) -> Call | None:
    """"Hiç hazır Eddie'm yok ve bütün Legend'larım harcanmış; Legend çağırabilir miyim?":
    no ready Eddie and no Legend that can pay, each said, so the 1 €$ of a call (11.11.1)
    cannot be paid (11.1.2), whatever the turn: No. Anything else about paying stays
    unread; the Legend called is the one noun left uncounted."""
    from .econ_pay import read_payers
    payers = read_payers(reading)
    if payers.eddies != 0 or payers.legends != 0 or payers.uncounted not in (None, "legends") \
            or len(reading.numbers) > len(payers.used) or reading.has("reduction") \
            or reading.has("free") or reading.has("sell"):
        return None
    _rival_attacks(reading)             # "rakibim saldırıyor": no payment either way
    if _rival_acts(reading, range(len(reading.items))):
        return None
    items = reading.items
    payer_clauses = {it.clause for it in items if reading.at(it.i) & {"legend", "pay"}}
    # "hiç hazır Eddie'm yok": the words that say none is ready
    reading.consumed.update(it.i for it in items if it.clause in payer_clauses and (
        it.key in ("hic", "no", "any", "none") or reading.at(it.i) & {"ready", "spent"}))
    return Call({"call_asked": "unpaid"}, used=set(payers.used),
                steps=[Step(R.CALL, say(reading, "ask_step.call.costs_one"))])


def _rival_plays_only(reading: Reading) -> bool:
    """The rival plays a card (a rival word right before the play verb, its subject) and
    nothing else of a moment is said: no attack, reaction, block, step, phase, turn, effect
    or number; the asker is the one calling. The rival's words are read here."""
    if not _asker_does(reading, "call") or reading.numbers or not _rival_does(reading, "play"):
        return False
    if any(reading.has(c) for c in ("attack", "react", "block", "step", "main_phase",
                                    "end_phase", "turn", "effect", "quick", "previous",
                                    "again", "pending", "trigger")):
        return False
    items = reading.items
    cards = {"unit", "program", "gear", "card"}
    for m in reading.of("play"):
        reading.consumed.update(k for k in range(max(0, m.start - 3), m.end)
                                if k >= m.start or reading.at(k) & ({"rival"} | cards))
        # "plays a Program": the English object after the verb
        k = m.end
        while k < len(items) and k < m.end + 2 and items[k].clause == items[m.start].clause \
                and (items[k].key in ("a", "an", "the") or reading.at(k) & cards):
            reading.consumed.add(k)
            k += 1
    return not any("rival" in reading.at(k) and k not in reading.consumed
                   for k in range(len(items)))


def _later_this_turn(reading: Reading) -> None:
    """"later this (same) turn": after a call made this turn, "later" only places the one
    asked in that same turn (read when a turn word follows it in its clause)."""
    items = reading.items
    for k, it in enumerate(items):
        if it.key == "later" and any(reading.at(j) & {"turn", "main_phase"}
                                     and items[j].clause == it.clause
                                     for j in range(k + 1, min(len(items), k + 5))):
            reading.consumed.add(k)
        # "at the start of my main phase": where in that same turn the earlier one was
        if it.key in ("start", "beginning", "basinda", "basinda") and any(
                "main_phase" in reading.at(j) and items[j].clause == it.clause
                for j in range(k + 1, min(len(items), k + 4))):
            reading.consumed.add(k)


def _call_at_turn_end(reading: Reading) -> Call | None:
    """"End phase'de Legend çağırabilir miyim?", "during my opponent's end phase": when the
    turn is ending (8.16) no action is taken, so no Legend is called, in either player's
    turn and whatever was called before (a call is a Main Phase action or a reaction to an
    attack, 11.11.2). Only the phase named as such: "turun sonunda", "at the end of my
    turn" may mean late in the Main Phase, and stays unread. Read only with the asker
    calling and nothing else of a moment said (an attack only as absent: "saldırı
    olmadan"); None when no End Phase is named."""
    ends = reading.of("end_phase")
    if not ends:
        return None
    if any(reading.has(c) for c in ("react", "step", "main_phase", "pay", "cost", "unit",
                                    "next", "gig_area")) \
            or any(it.number != 1 or it.sign for it in reading.numbers) \
            or not _asker_does(reading, "call") \
            or (reading.has("attack") and _present(reading, "attack") is not False):
        raise Unclear("react.moment")
    owner = _turn_owner(reading)
    items = reading.items
    for m in ends:
        # "my opponent's end phase", "rakibin end phase'i": the owner right before it
        k = m.start - 1
        if owner is None and k >= 0 and items[k].clause == items[m.start].clause and \
                "rival" in reading.at(k) and items[k].key.endswith(("in", "un", "s", "nin")):
            owner = "rival"
            reading.consumed.add(k)
    if reading.has("rival") and owner != "rival":
        raise Unclear("react.moment")       # "rakip …, end phase'de": whose end phase?
    for m in ends:
        reading.consumed.update(range(m.start, m.end))
    _past_mine(reading, "call")             # "daha önce çağırdım": it changes nothing here
    # "call one", "bir Legend": one Legend is what a call flips
    return Call({"call_asked": "end_phase", "turn_end": "rival" if owner == "rival" else "me"},
                used={it.i for it in reading.numbers})


def face_down_called(reading: Reading) -> None:
    """"kapalı Legend'ımı çağırmak", "call my face-down Legend": calling flips a face-down
    Legend (11.11.1), so the word says what every call is; read only right before the one
    Legend called (a face-down Legend's QUICK effect is another question, 3.4.1)."""
    if not reading.has("call") or len(reading.of("legend")) != 1 or reading.has("face_up"):
        return
    legend = reading.of("legend")[0]
    items = reading.items
    for m in reading.of("face_down"):
        between = [items[k].key for k in range(m.end, legend.start)]
        if between in ([], ["bir"], ["one"]) and not any(
                reading.at(k) & {"effect", "activate", "quick"} for k in range(len(reading.items))):
            reading.consumed.update(range(m.start, m.end))


def _called_face_up(reading: Reading) -> set[int]:
    """"Açık Legend'ı (tekrar) çağırabilir miyim?", "can I call a face-up legend?": the
    one Legend named is face-up and is what the call is of (the words read), else empty.
    Not when another Legend, a face-down one, a number or a turn is in the question."""
    items = reading.items
    legends, ups = reading.of("legend"), reading.of("face_up")
    if len(legends) != 1 or len(ups) != 1 or reading.has("face_down") or reading.has("other") \
            or reading.numbers or reading.has("turn") or reading.has("rival"):
        return set()
    legend, up = legends[0], ups[0]
    if not (0 <= legend.start - up.end <= 2 and items[up.start].clause == items[legend.start].clause):
        return set()
    words = set(range(up.start, up.end)) | set(range(legend.start, legend.end))
    words |= {k for m in reading.of("again") for k in range(m.start, m.end)}
    # "açık bir Legend", "açık duran (bir) Legend", "a face-up legend": an article or a
    # participle of being ("duran", "olan") between the two says nothing more
    between = [items[k].key for k in range(up.end, legend.start)]
    if between not in ([], ["a"], ["an"], ["the"], ["bir"], ["duran"], ["olan"],
                       ["duran", "bir"], ["olan", "bir"]):
        return set()
    return words | set(range(up.end, legend.start))


def _rival_does(reading: Reading, concept: str) -> bool:
    """"my opponent called a legend", "rakibim kart sattı": a rival word right before the
    action's verb is its subject; families that read the asker's own action stop."""
    items = reading.items
    for m in reading.of(concept):
        clause = items[m.start].clause
        for k in range(max(0, m.start - 3), m.start):
            between = range(k + 1, m.start)
            if items[k].clause == clause and "rival" in reading.at(k) and \
                    not any(items[j].key in ("ben", "i", "me", "bana") or
                            reading.at(j) & _OTHER_ACTS for j in between):
                return True
    return False


# Between a rival word and the verb: "rakibin turunda" (whose turn), "rakibim saldırırken"
# (the rival's own verb) — then the rival is not the verb's subject.
_OTHER_ACTS = frozenset({"turn", "attack", "attacker", "call", "sell", "draw", "steal", "play",
                         "block"})


def _said_past(reading: Reading, concept: str) -> bool:
    """"saldırmadı", "didn't attack": the action is told in the past (the turn it was in
    may be over), not as the moment asked about ("saldırmıyorken", "not attacking")."""
    items = reading.items
    for m in reading.of(concept):
        key = items[m.start].key
        if reading.language == "en":
            if any(items[k].key in ("didnt", "did", "hasnt", "havent", "had")
                   for k in range(max(0, m.start - 3), m.start)):
                return True
        elif _PAST_VERB.search(key) or key.endswith(("mamis", "memis")):
            return True
    return False


# A finite past verb ending: "saldırdı", "saldırmadı", "saldırdık" (not "saldırı", "-madan")
_PAST_VERB = re.compile(r"[dt][iu](m|n|k|niz|nuz|lar|ler)?$")


def _said_done(item: Item) -> bool:
    """"çağırdım", "called": an action the question says was done (not the one asked)."""
    key = item.key
    return key.endswith(("dim", "tim", "dum", "tum")) or key in ("called", "sold")


def _turns_by_clause(reading: Reading) -> dict[int, str]:
    """Each clause that names a turn, with whose: "rakibimin turunda" -> "rival",
    "kendi turumda", "my next turn", "turumda" -> "mine"."""
    items = reading.items
    out: dict[int, str] = {}
    for m in reading.of("turn"):
        clause = items[m.start].clause
        before = [k for k in range(max(0, m.start - 3), m.start) if items[k].clause == clause]
        if any("rival" in reading.at(k) for k in before):
            owner = "rival"
        elif items[m.start].key in _MY_TURN or any(
                "own" in reading.at(k) or items[k].key in ("my", "benim") for k in before):
            owner = "mine"
        else:
            continue
        if out.get(clause, owner) != owner:
            raise Unclear("econ.turns_clause")
        out[clause] = owner
    return out


def _call_turns(reading: Reading, turns: dict[int, str]) -> dict[int, str]:
    """`_turns_by_clause` and the clauses that place a call in a turn without a turn word:
    a React Step ("tepki adımında çağırdım", "in the react step") is the rival's turn (a
    call is a reaction only to a rival's attack, 11.11.2.2); the asker's own Main Phase
    ("ana aşamamda", "in my main phase") is the asker's. A clause naming both is left out."""
    items = reading.items
    out = dict(turns)
    for clause in {it.clause for it in items}:
        if clause in out:
            continue
        here = [it.i for it in items if it.clause == clause]
        react = any(reading.at(k) & {"react"} for k in here)
        mine = [m for m in reading.of("main_phase") if items[m.start].clause == clause and (
            any(items[k].key.startswith("asamam") for k in range(m.start, m.end)) or
            (m.start and items[m.start - 1].key == "my"))]
        rival_main = any("rival" in reading.at(k) for m in reading.of("main_phase")
                         if items[m.start].clause == clause
                         for k in range(max(0, m.start - 3), m.start))
        if react and not mine and not rival_main:
            out[clause] = "rival"
        elif mine and not react and not rival_main:
            out[clause] = "mine"
            reading.consumed.update(k for m in mine for k in range(max(0, m.start - 1), m.end)
                                    if items[k].key == "my" or "own" in reading.at(k))
    return out


def _clause_turn(reading: Reading, turns: dict[int, str], indices: list[int]) -> str | None:
    owners = {turns.get(reading.items[k].clause) for k in indices}
    return owners.pop() if len(owners) == 1 else None


def _rival_attacks(reading: Reading) -> bool:
    """"rakip bana saldırdığında", "when my opponent attacks", "rakibin birimi saldırıyor":
    the rival is the one attacking (a rival word shortly before the attack verb)."""
    items = reading.items
    for m in reading.of("attack"):
        clause = items[m.start].clause
        # "Rakibin birimi benim birimime saldırdı": a "benim" before the target does not
        # push the rival out of reach
        reach = 3 + any(items[k].key == "benim" for k in range(max(0, m.start - 3), m.start))
        before = [k for k in range(max(0, m.start - reach), m.start) if items[k].clause == clause]
        # "rakibin birimine": the rival's Unit in the dative is the target, not the attacker
        rivals = [k for k in before if "rival" in reading.at(k) and not (
            reading.language != "en" and (_dative(items, k) or (
                k + 1 < m.start and "unit" in reading.at(k + 1) and _dative(items, k + 1))))]
        if rivals and not any(items[k].key in ("ben", "i") for k in before):
            reading.consumed.update(rivals)     # the rival is read as the attacker
            return True
    return False


def _same_turn(reading: Reading) -> bool:
    """"aynı turda", "in the same turn"; "aynı Tepki Adımında", "in the same react step"
    (one React Step is in one turn)."""
    items = reading.items
    return any(it.key in ("ayni", "same") and it.i + 1 < len(items)
               and reading.at(it.i + 1) & {"turn", "react", "step"} for it in items)


def extract_win(reading: Reading) -> Call | None:
    """"7 Gig ile turuma başlarsam kazanır mıyım", "6 Gig'im var ve 1 Gig çaldım, kazandım
    mı": the win is checked at the start of the turn (8.6.1), never in the middle."""
    counts = [it for it in reading.numbers if not it.sign
              and _role(reading, it, ("gig", "steal", "power")) == "gig"]
    if not counts:
        return None
    have = counts[0]
    start = reading.has("start") and reading.has("turn")
    used = {have.i}
    owners = {}
    mine_nth = _my_nth_from_rival(reading, have)
    if _present(reading, "overtime"):
        return _win_overtime(reading, have, mine_nth)
    aside = _fixer_aside(reading, counts, start)
    if aside is not None:
        return aside
    both = _both_counts(reading)
    if both is not None:
        return both
    if reading.has("rival") and not mine_nth:
        # "Rakibimin 7 Gig'i var, benim turumun başında kazanır mı": the win is checked at
        # the start of the Gigs' owner's own turn (official 1.10), so whose Gigs, whose
        # turn and who is asked about must all be read.
        owners = _win_owners(reading)
        if reading.has("steal") or not start:
            raise Unclear("win.rival_gigs_not_start")
    if reading.has("steal"):
        stolen = [it for it in reading.numbers if it is not have and not it.sign]
        if not stolen and not start and (mine_nth or not reading.has("rival")) and have.number >= 1 \
                and have.suffix.startswith(_ORDINAL_ENDS) and (
                    _past_mine(reading, "steal") or any(it.key == "i" for it in reading.items)):
            # "Ana fazımda 7. Gig'imi çaldım", "I steal my 7th gig": the count one steal
            # reached, in the middle of the turn (run as that one steal; the Main phase,
            # if named, is that middle)
            for m in reading.of("main_phase"):
                reading.consumed.update(range(m.start, m.end))
            return Call({"gigs": have.number - 1, "steal": 1, "when": "steal"},
                        [say(reading, "ask_assume.win.no_overtime")] if have.number >= 7 else [],
                        used=used)
        if len(stolen) != 1 or start:
            raise Unclear("win.stolen_when")
        if not _past_mine(reading, "steal") and "steal" not in reading.at(stolen[0].i + 1) \
                and not any(it.key in ("i",) for it in reading.items):
            raise Unclear("win.who_stole")
        return Call({"gigs": have.number, "steal": stolen[0].number, "when": "steal"},
                    [say(reading, "ask_assume.win.no_overtime")] if reading.has("win")
                    and have.number + stolen[0].number >= 7 else [],
                    used=used | {stolen[0].i})
    if not start and len(reading.numbers) == 1 and reading.has("main_phase") \
            and not reading.has("rival") and have.number >= 1 \
            and (have.suffix.startswith(_ORDINAL_ENDS) or _past_mine(reading, "reach")) \
            and (_past_mine(reading, "reach") or any(it.key in ("i", "my") for it in reading.items)
                 or have.suffix.startswith(_ORDINAL_ENDS)):
        # "i got my 7th gig in my main phase", "ana fazımda 7 Gig'e ulaştım": a count reached
        # in the middle of the turn, however it was reached; run as one steal that reaches it
        for m in reading.of("main_phase") + reading.of("reach"):
            reading.consumed.update(range(m.start, m.end))
        return Call({"gigs": have.number - 1, "steal": 1, "when": "steal"},
                    [say(reading, "ask_assume.win.main_reached", n=have.number)]
                    + ([say(reading, "ask_assume.win.no_overtime")] if have.number >= 7 else []),
                    used=used)
    if len(reading.numbers) != 1 or not start:
        raise Unclear("win.when_counted")
    # A "not yet" to 7 Gigs holds outside overtime only: in overtime 7 Gigs win at once
    # (official 1.11; the Turkish rulebook has no text for it), so the answer says so.
    late = owners.get("gigs_of", "me") != owners.get("turn_of", "me") and have.number >= 7
    _deck_after_check(reading)
    return Call({"gigs": have.number, "when": "start", **owners},
                [say(reading, "ask_assume.win.no_overtime")] if late else [], used=used)


_DECK_WORDS = ("deck", "empty", "none_left", "draw", "card")


def _fixer_aside(reading: Reading, counts: list[Item], start: bool) -> Call | None:
    """"Gig alanımda 6 zar, fixer alanımda 1 zar var; turumun başında kazanır mıyım?": dice
    still in the fixer area are no friendly Gigs (5.10.3, 6.1.3), so only the Gig area's
    count is checked at the start of the turn. None unless exactly one other count is
    given, at the start of the asker's own turn, with no steal and no rival named."""
    items = reading.items
    fixers = reading.of("fixer")
    if not fixers:
        return None

    def next_to_fixer(it: Item) -> Match | None:
        # the fixer words nearest the number, in its clause, with no other number between
        for m in fixers:
            lo, hi = sorted((it.i, m.start))
            if items[m.start].clause == it.clause and hi - lo <= 5 and not any(
                    items[k].number is not None for k in range(lo + 1, hi)):
                return m
        return None

    aside = [it for it in reading.numbers if next_to_fixer(it) is not None]
    kept = [it for it in counts if it not in aside]
    if not aside:
        return None
    if len(aside) != 1 or len(kept) != 1 or len(reading.numbers) != 2 or not start \
            or reading.has("steal") or reading.has("rival") or reading.has("choose") \
            or any(it.sign for it in reading.numbers) or _turn_owner(reading) == "rival":
        raise Unclear("win.when_counted")
    place = next_to_fixer(aside[0])
    lo, hi = min(aside[0].i, place.start), max(aside[0].i + 2, place.end)
    for k in range(lo, min(hi, len(items))):
        if reading.at(k) & {"gig", "fixer", "area"}:
            reading.consumed.add(k)
    have = kept[0]
    return Call({"gigs": have.number, "when": "start"},
                [say(reading, "ask_assume.win.fixer_aside", n=aside[0].number)],
                used={have.i, aside[0].i})


def _deck_after_check(reading: Reading) -> None:
    """"Turumun başında 7 Gig'im var ama destem boş", "…, do I win before I have to draw?":
    the deck and the Start Phase draw come after the 7-Gig check (8.6.1 before 8.6.4), so
    their words are read as facts that change nothing; a negation on them ("kart yok") too."""
    for k, _ in enumerate(reading.items):
        if reading.at(k) & set(_DECK_WORDS):
            reading.consumed.add(k)
            nxt = k + 1
            if nxt < len(reading.items) and (reading.items[nxt].neg_verb
                                             or "negation" in reading.at(nxt)):
                reading.consumed.add(nxt)


_FIRST_PERSON_EN = ("i", "my", "me", "mine")
_FIRST_PERSON_GIGS = ("im", "um", "imde", "imda", "umda", "umde", "imdeki", "imdaki")


def _count_owner(reading: Reading, item: Item) -> str | None:
    """Whose Gigs a count is, from the nearest owner word in its clause: "rakibimde 5",
    "onun 8 Gig'i", "my rival has 7" -> "rival"; "benim 3", "Gig alanımda 7", "I have 2",
    "7 Gig'im" -> "mine"; None when neither is said."""
    items = reading.items
    order = [k for k in range(item.i - 1, item.i - 4, -1)] + [item.i + 1, item.i + 2]
    for k in order:
        if not 0 <= k < len(items) or items[k].clause != item.clause or items[k].number is not None:
            continue
        if "rival" in reading.at(k):
            return "rival"
        key = items[k].key
        if key in _FIRST_PERSON_EN or key in ("benim", "bende", "bizim") or \
                (reading.at(k) & {"gig", "gig_area"} and key.endswith(_FIRST_PERSON_GIGS)):
            return "mine"
    return None


def _both_counts(reading: Reading) -> Call | None:
    """"Turumun başında 7 Gig'im var, rakibimde 5", "at the start of my turn I have 6 gigs
    and my rival has 7": each player's Gigs given. The win is checked for the player whose
    turn starts (official 1.10), so the count of the player asked about is run with both
    owners and the other count placed in the other Gig area; None unless exactly two counts
    are given, one for each player, at the start of a turn, with no steal."""
    numbers = reading.numbers
    ordinal = reading.language != "en"     # "7. Gig'im" is an ordinal; "has 7. do i" is not
    if len(numbers) != 2 or any(it.sign or (ordinal and it.suffix.startswith(".")) for it in numbers) \
            or reading.has("steal") or not (reading.has("start") and reading.has("turn")):
        return None
    if any(_role(reading, it, ("gig", "steal", "power")) == "power" for it in numbers):
        return None
    owners = [_count_owner(reading, it) for it in numbers]
    if None in owners or owners[0] == owners[1]:
        raise Unclear("win.whose")
    turn = _turn_owner(reading)
    asked = _win_subject(reading)
    if turn is None or asked is None:
        raise Unclear("win.whose")
    count = {o: it for o, it in zip(owners, numbers)}
    other = "rival" if asked == "mine" else "mine"
    side = {"mine": "me", "rival": "rival"}
    late = asked != turn and count[asked].number >= 7
    return Call({"gigs": count[asked].number, "when": "start", "gigs_of": side[asked],
                 "turn_of": side[turn], "other_gigs": count[other].number},
                [say(reading, "ask_assume.win.no_overtime")] if late else [],
                used={it.i for it in numbers})


_ORDINAL_ENDS = ("th", "st", "nd", "rd", "inci", "nci", "unci", "uncu", ".")


def _overtime_begins(reading: Reading) -> set[int]:
    """The words of "uzatma başladığında", "when overtime begins", "the start of overtime":
    a start word right after the overtime word (or right before it, "start of overtime")."""
    items = reading.items
    for o in reading.of("overtime"):
        for m in reading.of("start"):
            after = 0 <= m.start - o.end <= 1
            before = 0 <= o.start - m.end <= 1
            if (after or before) and items[m.start].clause == items[o.start].clause \
                    and not any("turn" in reading.at(k) for k in range(min(o.start, m.start),
                                                                        max(o.end, m.end))):
                return set(range(m.start, m.end))
    return set()


def _my_nth_from_rival(reading: Reading, have: Item) -> bool:
    """"rakibimden 7. Gig'imi çaldım", "rakibin Gig alanından 7. Gig'imi çaldım", "I steal
    my 7th gig from my rival": the rival is only where the stolen Gig came from (the
    ablative, "from"), and the ordinal count is the asker's own ("Gig'imi", "my 7th"). Then
    naming the rival says nothing about the rival's Gigs, and its words are read."""
    items = reading.items
    if not reading.has("steal") or not have.suffix.startswith(_ORDINAL_ENDS) \
            or len(reading.numbers) != 1 or not reading.has("rival"):
        return False
    after = items[have.i + 1] if have.i + 1 < len(items) else None
    before = items[have.i - 1] if have.i > 0 else None
    mine = (after is not None and "gig" in reading.at(after.i)
            and after.key.endswith(("imi", "umu", "im", "um"))) \
        or (before is not None and before.key == "my")
    if not mine:
        return False
    words: set[int] = set()
    for m in reading.of("rival"):
        k = m.end - 1
        while k + 1 < len(items) and items[k + 1].clause == items[m.start].clause \
                and reading.at(k + 1) & {"gig", "gig_area", "area"} and k + 1 != have.i:
            k += 1
        ablative = items[k].key.endswith(("den", "dan", "ten", "tan"))
        lead = [j for j in (m.start - 1, m.start - 2) if j >= 0]
        source = any(items[j].key == "from" and all(items[x].key in ("my", "the", "their", "his", "her")
                                                     for x in range(j + 1, m.start)) for j in lead)
        if not (ablative or source) or k >= have.i > m.start:
            return False
        words |= set(range(m.start, k + 1))
    reading.consumed.update(words)
    return True


def _win_overtime(reading: Reading, have: Item, mine_nth: bool = False) -> Call:
    """In overtime a player with 7 Gigs wins at once (official 1.11): "Uzatmada 6 Gig'im
    var, 1 Gig çaldım", "uzatmada 7 Gig'e ulaştım". A count reached without a steal is
    run as one Gig stolen to reach it (how it was reached cannot change the answer)."""
    if reading.has("rival") and not mine_nth:
        raise Unclear("win.rival_gigs_not_start")
    for m in reading.of("main_phase"):
        reading.consumed.update(range(m.start, m.end))      # in overtime any moment wins
    others = [it for it in reading.numbers if it is not have and not it.sign]
    begins = _overtime_begins(reading)
    if begins:
        # "Uzatma başladığında zaten 7 Gig'im vardı", "overtime began and I have 8": the
        # Gigs held when overtime begins (official 1.11.2), no steal
        if reading.has("steal") or others or have.sign:
            raise Unclear("win.when_counted")
        reading.consumed.update(begins)
        return Call({"gigs": have.number, "when": "overtime_begins", "overtime": True},
                    used={have.i})
    ordinal = have.suffix.startswith(_ORDINAL_ENDS)
    if reading.has("steal") and not (ordinal and not others):
        if len(others) != 1 or reading.numbers[-1].sign:
            raise Unclear("win.stolen_when")
        if not _past_mine(reading, "steal") and "steal" not in reading.at(others[0].i + 1) \
                and not any(it.key in ("i",) for it in reading.items):
            raise Unclear("win.who_stole")
        return Call({"gigs": have.number, "steal": others[0].number, "when": "steal",
                     "overtime": True}, used={have.i, others[0].i})
    if others or have.number < 1:
        raise Unclear("win.when_counted")
    before = min(have.number - 1, 6)      # the run starts below 7 (7 held would win at once)
    return Call({"gigs": before, "steal": have.number - before, "when": "steal",
                 "overtime": True},
                [say(reading, "ask_assume.win.overtime_reached", n=have.number)],
                used={have.i}, defaults={"gigs", "steal"})


def _win_owners(reading: Reading) -> dict[str, str]:
    """Whose Gigs ("gigs_of"), whose turn starts ("turn_of"), both "me" or "rival", when the
    rival is named in a win question; Unclear unless each is read and the player asked
    about ("kazanır mıyım", "does he win") is the Gigs' owner."""
    gigs = _owner_of(reading, "gig")
    turn = _turn_owner(reading)
    asked = _win_subject(reading)
    if gigs is None or turn is None or asked is None:
        raise Unclear("win.whose")
    if asked != gigs:
        raise Unclear("win.asked_other_player")
    side = {"mine": "me", "rival": "rival"}
    return {"gigs_of": side[gigs], "turn_of": side[turn]}


_I_WIN_TR = ("rim", "rum", "dim", "dum", "tim", "tum", "miyim", "muyum")


def _win_subject(reading: Reading) -> str | None:
    """Who "kazanır mıyım" / "kazanır mı" / "do I win" / "does he win" asks about."""
    items = reading.items
    for m in reading.of("win"):
        word = items[m.start]
        nxt = items[m.start + 1].key if m.start + 1 < len(items) else ""
        if reading.language == "en":
            before = [items[k] for k in range(max(0, m.start - 2), m.start)]
            if any(it.key == "i" for it in before):
                return "mine"
            if any("rival" in reading.at(it.i) for it in before):
                return "rival"
            continue
        if word.key.endswith(_I_WIN_TR) or nxt in ("miyim", "muyum"):
            return "mine"
        if nxt in ("mi", "mu") or word.key.endswith(("di", "du", "ti", "tu")):
            return "rival"              # third person: the rival named in the question
    return None


def _owner_of(reading: Reading, concept: str) -> str | None:
    """Whose Gigs or whose Street Cred the question names: "rakibin Gig'leri", "his street
    cred" -> "rival"; "Gig'lerim", "Street Cred'im", "my gigs" -> "mine"; None when not
    said. Raises Unclear when both are said of the one concept."""
    items = reading.items
    owners = set()
    for m in reading.of(concept):
        word = items[m.end - 1].key
        clause = items[m.start].clause
        before = [k for k in range(max(0, m.start - 3), m.start) if items[k].clause == clause]
        # "rakibimin turunda 7 Gig'im", "in my rival's turn": the rival owns the turn
        before = [k for k in before if not (k + 1 < m.start and "turn" in reading.at(k + 1))]
        if any("rival" in reading.at(k) and not _source(reading, k) for k in before):
            owners.add("rival")                                  # "my opponent has 7 gigs"
        elif any(items[k].key in ("my", "benim") for k in before) or word.endswith(("im", "um")):
            owners.add("mine")
    if len(owners) > 1:
        raise Unclear("owner.both_gigs" if concept == "gig" else "owner.both_street_cred")
    return owners.pop() if owners else None


_PLACE = frozenset({"gig", "gig_area", "area"})
_MY_PLACE_END = ("im", "um", "imda", "imde", "umda", "umde", "imdaki", "imdeki", "umdaki",
                 "imin", "umun", "imdakiler", "imdekiler")


def _both_players_gig_places(reading: Reading) -> bool:
    """Gig places of both players named: "Gig alanımda … rakibin alanında …", "my gig area
    has a 4, the rival's has a 6", "benimkinde 5, rakipte 4". A rival a Gig is taken from
    ("rakibimden") is no place of his."""
    items = reading.items
    mine = rival = False
    for it in items:
        here = reading.at(it.i)
        if "rival" in here and not _source(reading, it.i):
            nxt = [k for k in range(it.i + 1, min(len(items), it.i + 3))
                   if items[k].clause == it.clause]
            if it.key.endswith(("te", "ta", "de", "da", "nde", "nda")) or \
                    any(reading.at(k) & _PLACE for k in nxt) or \
                    (nxt and items[nxt[0]].key in ("has", "had", "have")):
                rival = True
        if it.key in ("benimkinde", "benimkinin", "mine") or (
                here & _PLACE and (it.key.endswith(_MY_PLACE_END) or any(
                    items[k].key in ("my", "benim") and not any(
                        "rival" in reading.at(j) for j in range(k + 1, it.i))
                    for k in range(max(0, it.i - 2), it.i)))):
            mine = True
    return mine and rival


def _source(reading: Reading, k: int) -> bool:
    """"rakibimden (8'lik bir Gig çaldım)", "from my opponent": the rival a Gig is taken
    from (ablative), not the owner of the Gigs counted."""
    key = reading.items[k].key
    return key.endswith(("den", "dan", "ten", "tan")) or (
        k > 0 and reading.items[k - 1].key == "from")


_COUNTS_TOWARD = ("sayilir", "sayilirlar", "sayiliyor", "dahil", "count", "counts", "counted",
                  # "Street Cred'e eklenir mi?", "part of my Street Cred?", "included in"
                  "eklenir", "eklenirler", "ekleniyor", "part", "included", "added")
_COUNT_LINKS = ("toward", "towards", "to", "in", "my", "the", "a", "any", "of", "e", "a", "ye",
                "ya", "ine", "ina", "icin")


def _fixer_counted_asked(reading: Reading) -> Call | None:
    """"Fixer alanındaki zarlar Street Cred'e sayılır mı?", "do gig dice in my fixer area
    count toward my street cred?": a yes/no with no value said. The dice of the fixer area
    are no friendly Gigs (official 5.10.3, 6.1.3): run as a Gig area with no Gig and the
    d20 in the fixer area, whose Street Cred the engine reads."""
    items = reading.items
    articles = {it.i for it in reading.numbers if it.key in ("a", "an", "bir")}
    if not reading.has("fixer") or len(reading.numbers) > len(articles) or reading.has("steal") or \
            not any(it.key in _COUNTS_TOWARD for it in items):
        return None
    reading.consumed.update(k for k in range(len(items)) if items[k].key in _COUNTS_TOWARD
                            or items[k].key in _COUNT_LINKS or items[k].die is not None
                            or k in articles
                            or reading.at(k) & {"fixer", "area", "gig", "dice"})
    return Call({"values": [], "fixer": ["d20"], "fixer_asked": True},
                [say(reading, "ask_econ.fixer_not_gigs")],
                [Step(R.STREET_CRED, say(reading, "ask_step.street_cred.gig_area_only"))])


_SAME_AS = ("same", "equal", "equals", "sayilir", "sayiliyor", "esit", "demek", "ayni", "as",
            # "0 kabul edilir mi?", "considered / treated as 0?"
            "kabul", "edilir", "considered", "treated")


def _null_as_zero_asked(reading: Reading) -> Call | None:
    """"Is null street cred the same as 0?", "Street Cred'im null iken 0 sayılır mı?": a
    yes/no on Null against 0, with no Gig value said. Run as an empty Gig area (Null,
    11.2.3) whose Street Cred is compared with the 0 asked about."""
    items = reading.items
    zeros = [it for it in reading.numbers if it.number == 0 and not it.sign]
    if not reading.has("null") or len(zeros) != 1 or len(reading.numbers) != 1 \
            or reading.has("steal") or reading.has("fixer") \
            or not any(it.key in _SAME_AS for it in items):
        return None
    reading.consumed.update(k for k in range(len(items)) if items[k].key in _SAME_AS
                            or items[k].key in ("the", "to", "iken", "ken", "when", "if")
                            or "null" in reading.at(k) or k == zeros[0].i)
    return Call({"values": [], "claimed": 0}, used={zeros[0].i})


def extract_street_cred(reading: Reading) -> Call | None:
    from .asked import asked_form
    if asked_form(reading) == "yesno":
        counted = _fixer_counted_asked(reading) or _null_as_zero_asked(reading)
        if counted is not None:
            return counted
    if asked_form(reading) != "yesno" and reading.has("steal") and not reading.has("swap"):
        after = _cred_after_steals(reading)
        if after is not None:
            return after
    gigs_of, cred_of = _owner_of(reading, "gig"), _owner_of(reading, "street_cred")
    if gigs_of and cred_of and gigs_of != cred_of:
        raise Unclear("cred.gigs_and_cred_players")
    if _both_players_gig_places(reading):
        # "gig alanımda 4 var, rakibin alanında 6 var": values in two players' areas are
        # no one Street Cred (they were summed into one)
        raise Unclear("owner.both_gigs")
    claim: dict[str, Any] = {}
    claimed_at: set[int] = set()
    if asked_form(reading) == "yesno":
        # "Street Cred'im 12 mi?", "is my street cred null?": the value asked about
        parity = _parity_asked(reading)
        found = _claimed_cred(reading) if parity is None else None
        if found is None and parity is None:
            return None
        if parity is not None:
            # "Street Cred'im çift mi?", "is my street cred odd?": even or odd asked
            claim["parity"], words = parity
            claimed_at = set(words)             # "tek" is read as a number: not a value
            reading.consumed.update(words)
        else:
            claim["claimed"], index = found
            claimed_at = {index}
            reading.consumed.add(index)
    if _gig_area_empty(reading) and not reading.has("steal"):
        # "Gig alanım boşken Street Cred 0 mı?": the 0 is the value asked about.
        if not claim and any(it.number is not None for it in reading.items):
            return None
        _fixer_apart(reading)       # "fixer alanımda d12 ve d20 var": no Gigs (5.10.3)
        return Call({"values": [], **claim}, used={it.i for it in reading.numbers})
    total = _stated_total(reading)
    if total is not None and total.i not in claimed_at:
        # "Street Cred'im 15", "I have 20 street cred": a total, not Gig values (read only
        # beside steals, `_cred_after_steals`)
        raise Unclear("cred.total_given")
    if reading.has("swap"):
        return _swapped(reading, claim, claimed_at, gigs_of, cred_of)
    only = _only_gig_stolen(reading)
    if only:
        # "Tek Gig'im çalındı", "my only gig got stolen": no Gig is left, whatever its value
        reading.consumed.update(only)
        return Call({"values": [], **claim}, [say(reading, "ask_econ.only_gig_stolen")],
                    used=claimed_at | only)
    from .econ_gigs import gig_sizes, read_adjustments
    sizes = gig_sizes(reading)          # "d6 Gig'im 2": the die a value stands on
    if any(it.i not in reading.consumed for it in reading.dice) and not _fixer_apart(reading):
        # "d20'yi attım, 20 geldi": a die rolled in, the Gig area's other Gigs unsaid
        raise Unclear("econ.die_named")
    stolen_items, thief, pronoun = _stolen(reading)
    values: list[int] = []
    counted: int | None = None
    numbers = [it for it in reading.numbers if it.i not in {x.i for x in stolen_items}
               and it.i not in claimed_at and it.i not in reading.consumed]
    # "Bir etki 8'i 2 azalttı", "an effect decreased it by 3": a Gig value changed
    adjusts, adjust_used = read_adjustments(reading, numbers, sizes)
    if adjusts and (stolen_items or reading.has("steal")):
        raise Unclear("econ.gig_change")
    numbers = [it for it in numbers if it.i not in adjust_used]
    loose = _loose_numbers(reading, numbers)
    numbers = [it for it in numbers if it.i not in loose]
    # "iki tane 6'lık", "two 5s": the first number counts Gigs showing the second
    times = {k: c for k, c in _multipliers(reading).items()
             if c.i in {it.i for it in numbers} and k in {it.i for it in numbers}}
    counters = {c.i for c in times.values()}
    if any(c.number > 6 for c in times.values()):
        raise Unclear("cred.two_counts")
    for item in numbers:
        if item.i in counters:
            continue
        if item.i in times:
            values += [item.number] * times[item.i].number
            continue
        nxt = reading.items[item.i + 1] if item.i + 1 < len(reading.items) else None
        is_count = nxt is not None and nxt.clause == item.clause and "gig" in reading.at(nxt.i) \
            and not item.suffix
        if is_count:
            if counted is not None:
                raise Unclear("cred.two_counts")
            counted = item.number
        else:
            values.append(item.number)
    if counted is not None and counted != len(values):
        raise Unclear("cred.count_values_disagree")
    if not values and not stolen_items:
        if _gig_area_empty(reading) or (reading.has("negation") and reading.has("gig")):
            return Call({"values": [], **claim}, used=claimed_at)
        return None
    used = {it.i for it in reading.numbers if it.i not in loose} | \
        ({pronoun.i} if pronoun is not None else set())
    for it in numbers:
        if it.i in sizes and it.number > sizes[it.i]:
            raise Unclear("econ.gig_face")          # "d6 Gig'im 8": no such face
    if adjusts:
        after = list(values)
        for a in adjusts:
            if a.old not in after:
                raise Unclear("econ.gig_change")
            after[after.index(a.old)] = a.new
        if len({a.old for a in adjusts}) != len(adjusts):
            raise Unclear("econ.gig_change")
        known = [sizes.get(it.i, 0) for it in numbers]
        return Call({"values": values, "gig_changes": [f"{a.old} → {a.new}" for a in adjusts],
                     "adjust": [[a.old, a.new, a.size] for a in adjusts], "sizes": known,
                     **claim}, used=used)
    if not reading.has("steal"):
        _one_owner_of_values(reading, numbers)
        return Call({"values": values, **claim}, used=used)
    stolen = [it.number for it in stolen_items]
    if pronoun is not None:
        if len(values) != 1 or stolen:
            raise Unclear("cred.which_it")
        stolen = list(values)
    if not stolen or thief is None:
        raise Unclear("cred.which_stolen")
    if "rival" in (gigs_of, cred_of):
        # the rival's Gigs: a steal by me takes from them, a steal by the rival adds
        thief = {"me": "rival", "rival": "me"}.get(thief, thief)
    if thief == "rival":
        left = list(values)
        for v in stolen:
            if v not in left:
                raise Unclear("cred.stolen_not_listed", value=v)
            left.remove(v)
    return Call({"values": values, "stolen": stolen, "thief": thief, **claim}, used=used)


_SWAP_LINK = ("for", "with", "and", "the", "a", "my", "ile", "benim")


def _swapped(reading: Reading, claim: dict[str, Any], claimed_at: set[int],
             gigs_of: str | None, cred_of: str | None) -> Call:
    """"Gig'lerim 2 ve 6; 6'mı rakibin 11'iyle takas ettim", "my gigs are 2 and 6, I swap my
    6 for the rival's 11": a swap (6.6) moves my Gig to the rival and the rival's to me, both
    values kept (6.6.1). Read only for the asker's own Street Cred, with the asker's Gig
    values listed, one swap in one part, naming exactly my Gig (one of those listed) and the
    rival's Gig (a number right after a rival word); anything else gets no ruling."""
    items = reading.items
    swaps = reading.of("swap")
    if len(swaps) != 1 or reading.has("steal") or "rival" in (gigs_of, cred_of) \
            or reading.dice or reading.has("effect") and reading.has("increase"):
        raise Unclear("cred.swap")
    part = items[swaps[0].start].part
    inside = [it for it in reading.numbers if it.part == part and it.i not in claimed_at]
    listed = [it for it in reading.numbers if it.part != part and it.i not in claimed_at]
    if len(inside) != 2 or not listed or any(it.sign for it in inside + listed) \
            or _loose_numbers(reading, listed):
        raise Unclear("cred.swap")

    def rivals(it: Item) -> int | None:
        # the rival word right before the number ("the rival's 11", "rakibin 3'üyle")
        for k in (it.i - 1, it.i - 2):
            if k >= 0 and items[k].part == part and "rival" in reading.at(k):
                return k
            if k >= 0 and items[k].key not in ("the", "a"):
                break
        return None

    marks = [rivals(it) for it in inside]
    if sum(m is not None for m in marks) != 1:
        raise Unclear("cred.swap")
    theirs = inside[0] if marks[0] is not None else inside[1]
    mine = inside[1] if theirs is inside[0] else inside[0]
    values = [it.number for it in listed]
    # "my other Gigs are 3 and 1": the list leaves out the Gig swapped away
    others = [k for k in range(len(items)) if "other" in reading.at(k) and items[k].part != part
              and items[k].clause in {it.clause for it in listed}]
    if others:
        values.append(mine.number)
        reading.consumed.update(others)
    elif mine.number not in values:
        raise Unclear("cred.swap")
    reading.consumed.update(range(swaps[0].start, swaps[0].end))
    reading.consumed.update(m for m in marks if m is not None)
    reading.consumed.update(it.i for it in items if it.part == part and it.key in _SWAP_LINK)
    if reading.language != "en":
        # "takas ettim": the light verb of the swap noun
        reading.consumed.update(k for k in range(swaps[0].end, min(len(items), swaps[0].end + 1))
                                if items[k].key.startswith(("et", "yap")))
    return Call({"values": values, "swap": [mine.number, theirs.number], **claim},
                used={it.i for it in inside + listed} | claimed_at)


# "son Gig'imi de çaldı", "my last gig was stolen": the one left, so the only one
_ONLY_ONE = ("tek", "only", "sole", "single", "yegane", "son", "last")
# What ties a number to the Gig area: a Gig value stands in a clause that names a Gig, the
# Gig area, a value, the Street Cred or a steal, or in a list with such a number.
_GIG_CLAUSE = frozenset({"gig", "gig_area", "values", "street_cred", "steal"})
_LIST_JOIN = ("and", "ve", "ile", "or", "veya", "&")


def _loose_numbers(reading: Reading, numbers: list[Item]) -> set[int]:
    """Numbers tied to no Gig ("… what's my street cred, and there are 4 of them"): not
    Gig values. They are left unused, so the question is not answered on a guess."""
    items = reading.items
    anchored = {it.i for it in numbers
                if any(_GIG_CLAUSE & reading.at(x.i) or x.die is not None
                       for x in items if x.clause == it.clause)
                or (it.i > 0 and _GIG_CLAUSE & reading.at(it.i - 1))}     # "My Gigs: 8, 10"
    changed = True
    while changed:
        changed = False
        for it in numbers:
            if it.i in anchored:
                continue
            near = [k for k in (it.i - 1, it.i + 1, it.i - 2, it.i + 2) if 0 <= k < len(items)]
            for k in near:
                between = items[min(k, it.i) + 1:max(k, it.i)]
                if k in anchored and items[k].number is not None and \
                        all(b.key in _LIST_JOIN for b in between):
                    anchored.add(it.i)
                    changed = True
                    break
    return {it.i for it in numbers} - anchored


def _only_gig_stolen(reading: Reading) -> set[int]:
    """"Tek Gig'im çalındı", "rakibim tek Gig'imi çaldı", "my only gig got stolen": the
    asker's one Gig taken by the rival (the words read), or an empty set. No other number
    may be said (the value asked about aside) and the asker must not be the thief."""
    items = reading.items
    steals = reading.of("steal")
    if not steals or any(it.number is not None and not it.key.startswith("tek")
                         and it.i not in reading.consumed for it in items):
        return set()
    for it in items:
        if it.key not in _ONLY_ONE or it.i + 1 >= len(items):
            continue
        gig = items[it.i + 1]
        if "gig" not in reading.at(gig.i) or gig.clause != it.clause:
            continue
        mine = gig.key.startswith("gig") and gig.key[3:].startswith(("im", "um")) or \
            (it.i > 0 and items[it.i - 1].key == "my")
        verbs = [m for m in steals if items[m.start].part == it.part]
        if not mine or not verbs:
            continue
        verb = items[verbs[0].start].key
        if verb.endswith(("dim", "tim", "dik", "tik")) or any(
                x.key == "i" for x in items[max(0, verbs[0].start - 2):verbs[0].start]):
            return set()                # "tek Gig'imi çaldım"? the asker is no thief of his own
        words = {it.i, gig.i} | {k for m in verbs for k in range(m.start, m.end)}
        words |= {k for k in range(it.i, verbs[0].end) if "rival" in reading.at(k)
                  or items[k].key in ("got", "was", "has", "been", "my")}
        return words
    return set()


def _fixer_apart(reading: Reading) -> bool:
    """"Fixer alanımda d20 ve d12 var, Gig alanımda 4 ve 6": dice in the fixer area are no
    Gigs and count toward no Street Cred (5.10.3). The fixer words are read when every die
    and no number of the question stands in a part that names the fixer area."""
    items = reading.items
    parts = {items[m.start].part for m in reading.of("fixer")}
    # "Fixer area: the d20": a part that is only the area's name labels the part after it
    parts |= {p + 1 for p in parts if all(reading.at(it.i) & {"fixer", "area"} or
                                          it.key in ("my", "the", "in")
                                          for it in items if it.part == p)}
    if not parts or any(it.part not in parts for it in reading.dice) or \
            any(it.part in parts for it in reading.numbers):
        return False
    reading.consumed.update(k for m in reading.of("fixer") for k in range(m.start, m.end))
    return True


_NULL_WORDS = ("null", "gecersiz")
_COUNTS_AS = ("count", "counts", "equal", "equals")
_COUNTS_AS_TR = ("sayilir", "kabul", "edilir", "olur")
_LIK = ("lik", "luk")


_PARITY = {"cift": "even", "even": "even", "odd": "odd", "tek": "odd"}


def _one_owner_of_values(reading: Reading, numbers: list[Item]) -> None:
    """"I have Gigs showing 3 and 3 and my rival's show 5", "Gig'lerim 4, rakibimin 6": a
    rival word between the values says some are the rival's: two players' Gigs, never one
    Street Cred (they were summed into one)."""
    at = sorted(it.i for it in numbers)
    if at and any("rival" in reading.at(k) and not _source(reading, k)
                  for k in range(at[0] + 1, at[-1])):
        raise Unclear("owner.both_gigs")    # "… 3 and 3 and my rival's show 5"


def _parity_asked(reading: Reading) -> tuple[str, set[int]] | None:
    """"Street Cred'im çift mi?", "street credim tek mi", "is my street cred even / an odd
    number?": the parity word right after the Street Cred word, then only the question's
    end ("mi", "sayı mı", "number"). "tek" is odd only there ("tek Gig'im" is one Gig)."""
    items = reading.items
    for m in reading.of("street_cred"):
        k = m.end
        while k < len(items) and items[k].key in ("is", "was", "now", "simdi", "artik", "a", "an"):
            k += 1
        if k >= len(items) or items[k].key not in _PARITY or items[k].part != items[m.start].part:
            continue
        words = {k}
        j = k + 1
        if j < len(items) and items[j].key in ("sayi", "number", "sayilir"):
            words.add(j)
            j += 1
        if j < len(items) and items[j].key in ("mi", "mu"):
            words.add(j)
            j += 1
        if j < len(items):
            continue                    # more after it: not read
        if items[k].key == "tek" and not (words - {k}):
            continue                    # "tek" alone at the end: not sure
        return _PARITY[items[k].key], words
    return None


def _claimed_cred(reading: Reading) -> tuple[int | str, int] | None:
    """The value a yes/no question asks the Street Cred to be, and its word's index:
    "Street Cred'im 12 mi?", "street credim sıfır mı", "is my street cred 18?", "is it
    null?"; None when no value follows the Street Cred word."""
    items = reading.items
    for m in reading.of("street_cred"):
        k = m.end
        while k < len(items) and items[k].key in ("is", "was", "=", "now", "simdi", "artik"):
            k += 1
        if k >= len(items) or items[k].part != items[m.start].part:
            continue
        link = []
        if k + 1 < len(items) and items[k].key in _COUNTS_AS and items[k + 1].key in ("as", "to"):
            link, k = [k, k + 1], k + 2     # "does my street cred count as 0", "equal to 0"
        j = k + 1
        while j < len(items) and j - k <= 2 and items[j].key in _COUNTS_AS_TR:
            j += 1                      # "Street Cred'im 0 sayılır mı?", "0 kabul edilir mi"
        if j > k + 1 and j < len(items) and items[j].key in ("mi", "mu"):
            link += list(range(k + 1, j))
        else:
            j = k + 1
            rest = range(j + 1, len(items))
            if j < len(items) and items[j].key in ("mi", "mu") and 1 <= len(rest) <= 2 and \
                    all(items[r].key in _COUNTS_AS_TR for r in rest):
                link += list(rest)      # "Street Cred'im 0 mı sayılır?", "… mı kabul edilir"
        nxt = items[j] if j < len(items) else None
        ends = nxt is None or nxt.key in ("mi", "mu") or nxt.part != items[k].part or \
            (reading.language == "en" and "condition" in reading.at(nxt.i))
        if ends:
            reading.consumed.update(link)
        if not ends:
            continue
        if items[k].number is not None and not items[k].sign:
            return items[k].number, k
        if items[k].key in _NULL_WORDS:
            return "null", k
    return None


_ONE = ("onu", "it", "bunu")


def _stolen(reading: Reading) -> tuple[list[Item], str | None, Item | None]:
    """The Gigs a steal took, by value ("rakip 4'ü çaldı", "the rival stole the 6"), who
    stole them ("rival" or "me"), and a pronoun standing for the one Gig ("onu çaldı")."""
    taken: list[Item] = []
    thief: str | None = None
    pronoun: Item | None = None
    for who, items, one in _steal_events(reading):
        if thief is not None and who != thief:
            raise Unclear("cred.both_stole")
        thief = who
        taken += items
        pronoun = pronoun or one
    return taken, thief, pronoun


_PASSIVE_EN = ("got", "was", "were", "been", "gets", "is", "are", "get")
_THIRD_PAST = ("di", "ti", "du", "tu", "mis", "mus")


def _passive_owner(keys: list[str], mine: tuple[str, ...], theirs: tuple[str, ...],
                   reading: Reading | None = None, span: list[Item] | None = None) -> str | None:
    """Whose Gig a steal's object names: "me" ("benim", "my", "Gig'im/Gig'imi"), "rival"
    ("rakibin", "his") or None when not said or both."""
    owners = set()
    if any(k in mine for k in keys):
        owners.add("me")
    if any(k in theirs for k in keys):
        owners.add("rival")
    if reading is not None and span is not None:
        for it in span:
            if "rival" in reading.at(it.i):
                owners.add("rival")
            elif "gig" in reading.at(it.i) and it.key.startswith("gig") and \
                    it.key[3:].lstrip("'").startswith(("im", "um", "lerim", "larim")):
                owners.add("me")
    return owners.pop() if len(owners) == 1 else None


def _steal_events(reading: Reading) -> list[tuple[str | None, list[Item], Item | None]]:
    """Each steal verb of the question: who stole ("rival", "me" or None), the Gig values it
    took, and a pronoun standing for the one Gig ("onu çaldı"); in question order."""
    items = reading.items
    out: list[tuple[str | None, list[Item], Item | None]] = []
    verbs = reading.of("steal")
    for n, m in enumerate(verbs):
        taken: list[Item] = []
        pronoun: Item | None = None
        verb = items[m.start]
        part = verb.part
        # each verb's words stop at the steal verbs beside it ("he stole the 10 and I
        # stole his 8")
        lo = verbs[n - 1].end if n else 0
        hi = verbs[n + 1].start if n + 1 < len(verbs) else len(items)
        if reading.language == "en":
            span = [it for it in items[m.end:hi] if it.part == part]
            before = [it for it in items[lo:m.start] if it.part == part]
            mine = any(it.key == "i" for it in before[-2:])
            theirs = any("rival" in reading.at(it.i) or it.key in ("they", "he", "she")
                         for it in before)
            if not (mine or theirs) and before and before[-1].key in _PASSIVE_EN:
                # "my 5 got stolen", "his 8 was stolen": the Gig's owner lost it
                span = before
                owner = _passive_owner([it.key for it in before], ("my",), ("his", "her", "their"))
                mine, theirs = owner == "rival", owner == "me"
        else:
            span = [it for it in items[lo:m.start] if it.part == part]
            mine = verb.key.endswith(("dim", "tim", "dik", "tik"))
            theirs = not mine and (any("rival" in reading.at(it.i) or it.key == "benden"
                                       for it in span)
                                   or verb.key.endswith(("dilar", "tilar", "diler", "tiler")))
            if not (mine or theirs) and verb.key.startswith("calin"):
                # "5'lik Gig'im çalındı": passive, the Gig's owner lost it
                owner = _passive_owner([it.key for it in span], ("benim",), ("onun",),
                                       reading, span)
                mine, theirs = owner == "rival", owner == "me"
            elif not (mine or theirs) and verb.key.endswith(_THIRD_PAST) and \
                    _passive_owner([it.key for it in span], ("benim",), (), reading, span) == "me":
                # "benim 5'lik Gig'imi çaldı": a third person took the asker's Gig
                theirs = True
        who = "me" if mine else ("rival" if theirs else None)
        for it in span:
            if it.number is not None:
                nxt = items[it.i + 1] if it.i + 1 < len(items) else None
                if nxt is not None and "gig" in reading.at(nxt.i) and it.number == 1 and \
                        not it.text[:1].isdigit() and any(t.number is not None and t.suffix.startswith(_LIK)
                                                          for t in taken):
                    reading.consumed.add(it.i)
                    continue            # "8'lik bir Gig çaldım": the article of the one Gig
                if nxt is not None and "gig" in reading.at(nxt.i) and it.key in ("a", "an") \
                        and _value_follows(reading, nxt.i, part):
                    reading.consumed.add(it.i)
                    continue            # "I steal a gig showing 5": the article of the one Gig
                if nxt is not None and "gig" in reading.at(nxt.i) and \
                        not it.suffix.startswith(_LIK + ("li", "lu")):
                    raise Unclear("cred.count_not_values")     # "2 Gig'imi çaldı": a count
                taken.append(it)                # "4'lük Gig'ini", "3'lu gigini": a value
            elif it.key in _ONE and pronoun is None:
                pronoun = it
        out.append((who, taken, pronoun))
    return out


_THIRD_PERSON = ("onun", "his", "her", "their", "ona", "its")


def _stated_total(reading: Reading) -> Item | None:
    """A Street Cred total the question states ("Street Cred'im 17", "my street cred is
    20", "15 Street Cred'im var", "I had 12 street cred"): its number, or None."""
    items = reading.items
    for m in reading.of("street_cred"):
        k = m.end
        while k < len(items) and items[k].key in ("is", "was", "=", "of"):
            k += 1
        if k < len(items) and items[k].number is not None and items[k].part == items[m.start].part \
                and not items[k].sign and not items[k].suffix.startswith(_LIK) \
                and not (k + 1 < len(items) and items[k + 1].number is not None
                         and items[k + 1].part == items[k].part):
            return items[k]
        before = items[m.start - 1] if m.start > 0 else None
        if before is not None and before.number is not None and not before.sign \
                and before.part == items[m.start].part and not any(
                    items[j].number is not None or reading.at(j) & {"gig", "values", "dice"}
                    for j in range(before.i) if items[j].part == before.part):
            return before
    return None


def _outside_steals(reading: Reading) -> Reading:
    """The reading without the Gig words of a steal's own part ("rakibin 3'lü Gig'ini
    çaldım"): what is left says whose Gigs are listed."""
    parts = {reading.items[m.start].part for m in reading.of("steal")}
    keep = [m for m in reading.matches if not (
        m.concept in ("gig", "gig_area", "rival", "area") and reading.items[m.start].part in parts)]
    return Reading(reading.question, reading.items, keep, reading.language)


def _rival_gig_stolen(reading: Reading) -> bool:
    """A steal from the rival named beside the asker's own Gigs ("Gig alanımda 6 ve 9 var,
    rakibin 3'lü Gig'ini çaldım"): whose Gigs are listed is read outside the steal's part."""
    try:
        _owner_of(reading, "gig")
    except Unclear:
        return True
    return _both_players_gig_places(reading)


def _cred_after_steals(reading: Reading) -> Call | None:
    """Street Cred after steals the question counts from a stated total ("Street Cred'im
    17, rakibin 4'lük Gig'ini çaldım") or with steals by both players ("Gig'lerim 3, 8 ve
    10; rakip 10'u çaldı, ben de onun 5'ini çaldım"). Every Gig taken is named by its value
    and its thief: the owner's Street Cred loses what the other player stole from them and
    gains what they stole (11.2.1). None when neither is said (the one-thief reading)."""
    if _only_gig_stolen(reading):
        return None                     # "tek Gig'im çalındı": read apart
    total = _stated_total(reading)
    events = _steal_events(reading)
    thieves = {who for who, _, _ in events}
    outside = _outside_steals(reading)
    if not events or (total is None and len(thieves) < 2 and not _rival_gig_stolen(reading)):
        return None
    if reading.has("power") or reading.has("attack"):
        return None                     # a Unit's power beside the values: the steal family's
    if None in thieves or any(one is not None for _, _, one in events) or \
            any(not taken for _, taken, _ in events):
        raise Unclear("cred.which_stolen")
    for _, taken, _ in events:
        for it in taken:
            nxt = reading.items[it.i + 1] if it.i + 1 < len(reading.items) else None
            if nxt is not None and nxt.key in ("of", "tane", "adet", "gigs"):
                raise Unclear("cred.count_not_values")     # "steals 2 of my gigs"
    stolen_at = {it.i for _, taken, _ in events for it in taken}
    cred_of = _owner_of(reading, "street_cred")
    numbers = [it for it in reading.numbers if it.i not in stolen_at and it.i not in reading.consumed
               and (total is None or it.i != total.i)]
    if any(it.sign or it.die is not None for it in reading.numbers) or any(
            it.i not in reading.consumed for it in reading.dice):
        return None
    if total is not None:
        if numbers or total.number < 1:
            return None                 # "12 from a 5, a 3 and a 4": values beside a total
        owner = cred_of or "mine"
        for m in reading.of("street_cred"):
            # the rival's total: each Street Cred word is the rival's ("rakibin", "his"),
            # never a bare "street cred kaç" that may be the asker's own
            near = range(max(0, m.start - 3), m.start)
            if owner == "rival" and not any("rival" in reading.at(j) or
                                            reading.items[j].key in _THIRD_PERSON for j in near):
                raise Unclear("owner.both_street_cred")
        values: list[int] = []
    else:
        gigs_of = _owner_of(outside, "gig")
        if _both_players_gig_places(outside):
            raise Unclear("owner.both_gigs")
        if gigs_of and cred_of and gigs_of != cred_of:
            raise Unclear("cred.gigs_and_cred_players")
        owner = cred_of or gigs_of or "mine"
        if _loose_numbers(reading, numbers) or not numbers:
            return None
        for it in numbers:
            nxt = reading.items[it.i + 1] if it.i + 1 < len(reading.items) else None
            if nxt is not None and "gig" in reading.at(nxt.i) and not it.suffix:
                raise Unclear("cred.count_not_values")
        values = [it.number for it in numbers]
    own = "me" if owner == "mine" else "rival"
    taken = [it.number for who, items, _ in events if who != own for it in items]
    gained = [it.number for who, items, _ in events if who == own for it in items]
    if any(not 1 <= v <= 20 for v in taken + gained):
        raise Unclear("cred.which_stolen")
    args: dict[str, Any] = {"cred_of": "me" if owner == "mine" else "rival"}
    args.update({k: v for k, v in (("taken", taken), ("gained", gained)) if v})
    if total is not None:
        rest = total.number - sum(taken)
        if rest < 0:
            raise Unclear("cred.which_stolen")
        args.update(total=total.number, model_values=taken + ([rest] if rest else []))
        assumptions = [say(reading, "ask_econ.cred_rest", rest=rest)] if rest and taken else []
        if rest and not taken:
            assumptions = [say(reading, "ask_econ.cred_total", total=total.number)]
    else:
        left = list(values)
        for v in taken:
            if v not in left:
                raise Unclear("cred.stolen_not_listed", value=v)
            left.remove(v)
        args["values"] = values
        assumptions = []
    used = {it.i for it in reading.numbers}
    return Call(args, assumptions, used=used)


_SHOWING = ("showing", "shows", "worth", "of", "with", "at")


def _value_follows(reading: Reading, gig: int, part: int) -> bool:
    """"a gig showing 5", "a gig of 6", "a gig worth 3": right after the Gig word, a value
    word and one digit number in the same part (that value word is read)."""
    items = reading.items
    k = gig + 1
    if k + 1 < len(items) and items[k].part == part and items[k].key in _SHOWING \
            and items[k + 1].number is not None and items[k + 1].text[:1].isdigit() \
            and not items[k + 1].sign and items[k + 1].part == part:
        reading.consumed.add(k)
        return True
    return False


_SEPARATE = ("ayri", "ayrı", "separate", "different", "farkli", "tane", "adet", "distinct")


def _multipliers(reading: Reading) -> dict[int, Item]:
    """"iki ayrı 2 indirim", "two separate -2 reductions", "2 tane 1 indirim": the first
    number counts how many times the second applies. Maps the counted number's index to
    the count."""
    out: dict[int, Item] = {}
    items = reading.items
    for item in reading.numbers:
        if item.sign or item.number is None or item.number < 1:
            continue
        k = item.i + 1
        if k + 2 < len(items) and reading.at(k) & {"reduction", "increase"} \
                and items[k + 1].key == "of" and items[k + 2].number is not None \
                and items[k + 2].clause == item.clause:
            out[items[k + 2].i] = item          # "three reductions of 2"
            continue
        if not item.text[:1].isdigit() and k + 1 < len(items) \
                and reading.at(k) & {"reduction", "increase"} \
                and items[k + 1].number is not None and items[k + 1].clause == item.clause \
                and not _listed_after(items, k + 1):
            out[items[k + 1].i] = item          # "tek indirim 1", "two reductions 2"
            continue
        separated = k < len(items) and items[k].key in _SEPARATE
        if separated:
            k += 1
        if k >= len(items) or items[k].number is None or items[k].clause != item.clause:
            continue
        if separated or (not item.text[:1].isdigit()):
            out[items[k].i] = item
    return out


def _listed_after(items: list[Item], k: int) -> bool:
    """Another number follows the one at `k` in a list ("2 ve 3", "2, 3"): the amounts are
    listed one by one, so a count word before them counts none of them."""
    j = k + 1
    if j < len(items) and items[j].key in _LIST_JOINS:
        j += 1
    return j < len(items) and items[j].number is not None


_REPEAT_COUNTS = {"twice": 2, "thrice": 3}


def _change_repeats(reading: Reading) -> dict[int, tuple[int, set[int]]]:
    """"iki kez +4 güç aldı", "üç kere -2", "gets +4 twice", "+10 three times": a power
    change given more than once. Maps the signed number's index to (how many times, the
    indices of the count words). The count stands right before the change, or (English, or
    Turkish with a gaining verb after it) right after it (a power word may sit between);
    "iki kez saldırdı" (a repeated action) is none."""
    items = reading.items
    counts: list[tuple[int, int, int]] = []        # (start, end, count)
    for m in reading.of("repeat"):
        n = _REPEAT_COUNTS.get(items[m.start].key)
        if n:
            counts.append((m.start, m.end, n))
    for m in reading.of("times"):
        prev = items[m.start - 1] if m.start > 0 else None
        if prev is not None and prev.number is not None and not prev.sign and prev.number >= 2 \
                and prev.clause == items[m.start].clause:
            counts.append((prev.i, m.end, prev.number))
    out: dict[int, tuple[int, set[int]]] = {}
    for start, end, n in counts:
        clause = items[start].clause
        change = None
        if end < len(items) and items[end].sign and items[end].clause == clause:
            change = items[end]                     # "iki kez +4"
        else:
            k = start - 1
            if k >= 0 and "power" in reading.at(k) and items[k].number is None:
                k -= 1                              # "+2 power twice", "+3 güç iki kez"
            if k >= 0 and items[k].sign and items[k].clause == clause:
                after = reading.at(end) if end < len(items) and items[end].clause == clause else set()
                if reading.language == "en" or after & {"take", "power"}:
                    change = items[k]               # "+4 twice", "+3 güç iki kez aldı"
        if change is None or change.i in out:
            continue
        out[change.i] = (n, set(range(start, end)))
    return out


_ARTICLE_ONE = ("bir", "a", "an")


def _counts_something_else(reading: Reading) -> bool:
    """"kaç Legend", "how many cards": the count asked is of a thing other than the €$
    paid ("kaç Eddie öderim", "kaç €$", "how much do I pay")."""
    from .account import GRAMMAR
    items = reading.items
    for q in reading.of("how_many"):
        if any("pay" in reading.at(k) for k in range(q.start, q.end)):
            continue                    # "how much" is itself the amount paid
        if q.end < len(items) and items[q.end].clause == items[q.start].clause:
            here = reading.at(q.end) - GRAMMAR
            if here and not here & {"pay", "cost"}:
                return True
    return False


def _counts_legends(reading: Reading) -> bool:
    """"kaç Legend harcarım", "how many legends do I spend": the count asked is of Legends."""
    items = reading.items
    return any(q.end < len(items) and "legend" in reading.at(q.end) for q in reading.of("how_many"))


def _paid_differs(cost: int, reduction: int, free: bool) -> bool:
    """Whether what is paid differs from the cost value: when it does not ("bedeli 1 olan
    kart 1 indirimle": 1 either way), asking one or the other is the same question."""
    from ..engine.rules_math import payable_cost
    return payable_cost(cost, reduction, free) != cost


def _asks_cost_value(reading: Reading) -> bool:
    """"What is the card's cost value now?", "kartın bedel değeri", "kartın bedeli şimdi
    kaç?": the card's cost itself is asked (a reduction leaves it as printed, 11.8.2), not
    what is paid ("kaç €$ öderim", "costs how much", "how much do I pay")."""
    items = reading.items
    for c in reading.of("cost"):
        near = range(max(0, c.start - 2), min(len(items), c.end + 2))
        if any("values" in reading.at(k) for k in near if items[k].clause == items[c.start].clause):
            return True
    if not reading.has("pay"):
        # "kartın bedeli kaç olur?", "what's its cost?": the cost asked, nothing said of paying
        return True
    return reading.has("now")


_CARD_TYPES = ("unit", "gear", "program")


_LIST_JOINS = ("ve", "and", "ile", "&")
_LIST_END = frozenset({"how_many", "what", "pay", "reduction", "increase"})


def _listed_roles(reading: Reading, numbers: list[Item], roles: dict[int, str],
                  listed: tuple[str, ...]) -> None:
    """A number listed right after one with a role takes that role: "indirim 2 ve 2 ve 2",
    "reductions of 1, 1 and 1" (the list's "ve"/"and" starts a new clause, so the cue word
    is out of the later numbers' reach)."""
    items = reading.items
    for item in numbers:
        if item.i in roles or item.sign:
            continue
        k = item.i - 1
        if k >= 0 and items[k].key in _LIST_JOINS:
            k -= 1
        nxt = items[item.i + 1] if item.i + 1 < len(items) else None
        # the list goes on or ends ("2 ve 2 ve 2 ne öderim"); "indirim 2, 3 kartım var"
        # is another fact
        ends = nxt is None or nxt.number is not None or nxt.key in _LIST_JOINS or \
            not reading.at(nxt.i) - _LIST_END
        if k >= 0 and items[k].number is not None and roles.get(k) in listed and \
                not items[k].sign and ends:
            roles[item.i] = roles[k]


def _after_colon_roles(reading: Reading, numbers: list[Item], roles: dict[int, str],
                       listed: tuple[str, ...]) -> None:
    """"three reductions: 1, 1 and 2", "iki indirim var: 2 ve 1": the first number of a list
    that opens the sentence part right after the change word takes its role (the rest of
    the list follows it, `_listed_roles`; the count is checked by `_change_counts`)."""
    items = reading.items
    for item in numbers:
        k = item.i - 1
        if item.i in roles or item.sign or k < 0 or items[k].part == item.part:
            continue
        if items[k].key in _THERE_IS and k > 0 and items[k - 1].part == items[k].part:
            k -= 1                      # "iki indirim var: 2 ve 3"
        cues = reading.at(k) & set(listed)
        if len(cues) == 1:
            roles[item.i] = cues.pop()


_THERE_IS = ("var", "vardir", "are", "is")
# words a gapped clause may hold besides its number: "bir etki 3", "biri 2", "one 2"
_GAP_WORDS = ("bir", "biri", "birisi", "one", "a", "an", "another", "diger", "digeri",
              "baska", "other", "de", "da", "ise")


def _gapped_roles(reading: Reading, numbers: list[Item], roles: dict[int, str],
                  listed: tuple[str, ...]) -> None:
    """"bir etki 3, başka bir etki de 1 azaltıyor", "biri 2, diğeri 3 indiriyor": the verb
    said once at the end serves the clause before it too. A number alone in its clause
    (only effect words, articles and "other" words beside it) takes the role of the number
    of the very next clause when that one ends in "<number> <change word>"."""
    items = reading.items
    for item in numbers:
        if item.i in roles or item.sign:
            continue
        own = [it for it in items if it.clause == item.clause and it.i != item.i]
        if not own or any(it.number is not None or (
                it.key not in _GAP_WORDS and reading.at(it.i) - {"effect", "other"})
                for it in own):
            continue
        nxt = [it for it in items if it.clause == item.clause + 1]
        if len(nxt) < 2:
            continue
        last, before = nxt[-1], nxt[-2]
        if before.number is None or before.sign or roles.get(before.i) not in listed \
                or not reading.at(last.i) & {roles[before.i]} \
                or any(it.number is not None for it in nxt[:-2]):
            continue
        roles[item.i] = roles[before.i]
        reading.consumed.update(it.i for it in own)


def _card_types(reading: Reading) -> None:
    """A card type named as the card paid for ("6 bedelli Gear'ı", "a 5 cost unit",
    "bedeli dokuz olan birime") is read; one said elsewhere ("indirim sadece Gear'lar
    için", "for each unit") is a condition the question does not settle, left unread
    (a `fact` of the cost family, so it is reported)."""
    items = reading.items
    for m in reading.matches:
        if m.concept not in _CARD_TYPES:
            continue
        clause = items[m.start].clause
        if any(c.concept == "cost" and 0 < m.start - c.start <= 3 and items[c.start].clause == clause
               for c in reading.of("cost")):
            reading.consumed.update(range(m.start, m.end))
        # "Elimdeki birim 8 bedelli": the type, its cost number, the cost word
        elif any(c.start - m.end == 1 and items[m.end].number is not None
                 and not items[m.end].sign and items[c.start].clause == clause
                 for c in reading.of("cost")):
            reading.consumed.update(range(m.start, m.end))


def _asking_part(reading: Reading) -> int:
    return reading.items[-1].part if reading.items else 0


def _free_asked(reading: Reading) -> bool:
    """"bedavaya mı oynarım?", "bedava mı olur", "do I get it for free?", "for nothing?":
    the free word stands in the asking sentence with nothing but the question's verb
    after it (no payment, cost, change or number), so whether it is free is asked."""
    items = reading.items
    part = _asking_part(reading)
    for m in reading.of("free"):
        if items[m.start].part != part:
            continue
        after = range(m.end, len(items))
        if not any(reading.at(k) & {"pay", "cost", "reduction", "increase"}
                   or items[k].number is not None for k in after):
            reading.consumed.update(range(m.start, m.end))      # "for nothing": read
            return True
    return False


def _free_fact_asks(reading: Reading, payers) -> str | None:
    """What a yes/no asks about a card played for free (the free word said before the
    question): "pays" ("bir şey öder miyim", "do I still pay anything") when only paying is
    asked after it, "plays" ("oynayabilir miyim" with the Eddies or Legends counted) when
    playing is; None for anything else."""
    items = reading.items
    part = _asking_part(reading)
    frees = [m for m in reading.of("free")]
    if not frees:
        return None
    last = max(m.end for m in frees)
    after = [k for k in range(last, len(items)) if items[k].part == part]
    said = set().union(*(reading.at(k) for k in after)) if after else set()
    if "pay" in said and not said & {"play", "can"} and \
            payers.eddies is None and payers.legends is None:
        return "pays"           # ("eddie öder miyim": the Eddies asked of, not counted)
    if said & {"play"} and not said & {"pay", "cost"} and \
            (payers.eddies is not None or payers.legends is not None) and not payers.uncounted:
        return "plays"
    return None


def _effect_counts(reading: Reading, numbers: list[Item]) -> set[int]:
    """"one effect lowers it by 1", "bir etki": a number word right before the effect word
    counts effects, not €$. One effect is just "an effect"; more ("two effects") may each
    change the amount, which the question does not size."""
    items = reading.items
    out: set[int] = set()
    for item in numbers:
        nxt = item.i + 1
        if item.text[:1].isdigit() or item.sign or nxt >= len(items) \
                or not reading.at(nxt) & {"effect", "card"}:
            continue
        if item.number != 1:
            raise Unclear("cost.count_not_reduction")
        out.add(item.i)                 # ("-1 from one card and -2 from another")
    return out


def _by_amounts(reading: Reading, numbers: list[Item], roles: dict[int, str],
                reach: int = 6) -> None:
    """"lowers it by 1 and another raises it by 2": a number after "by" is the amount of
    the change verb before it (within `reach` words of its clause), whatever cue stands
    after the number."""
    items = reading.items
    for item in numbers:
        if item.sign or item.i == 0 or items[item.i - 1].key != "by":
            continue
        for k in range(item.i - 2, max(-1, item.i - reach), -1):
            if items[k].clause != item.clause:
                break
            here = reading.at(k) & {"reduction", "increase"}
            if here:
                roles[item.i] = here.pop()
                break


def _change_counts(reading: Reading, numbers: list[Item], roles: dict[int, str]) -> set[int]:
    """"iki indirim 2 ve 3", "two reductions, 1 and 1": a number word right before the
    reduction (or increase) word counts the amounts listed after it, so it is no amount
    itself. A count that differs from the amounts listed is no reading at all."""
    items = reading.items
    out: set[int] = set()
    for item in numbers:
        role = roles.get(item.i)
        nxt = item.i + 1
        if role not in ("reduction", "increase") or item.text[:1].isdigit() or item.sign \
                or nxt >= len(items) or not reading.at(nxt) & {"reduction", "increase"}:
            continue
        later = [it for it in numbers if it.i > nxt and roles.get(it.i) == role
                 and it.clause in (item.clause, item.clause + 1, item.clause + 2)]
        if not later:
            continue
        if len(later) != item.number:
            raise Unclear("cost.count_not_reduction")
        out.add(item.i)
    return out


def _rival_card(reading: Reading) -> bool:
    """"rakibimin 4 bedelli kartına …, ben kaç öderim", "my opponent's 4 cost card …, what
    do I pay": the card whose cost I am said to pay is the rival's (a rival word owns the
    card word, only a number or a cost word between; no card of mine named). I pay nothing
    for it: the amount would answer another question."""
    items = reading.items
    i_pay = any(items[m.start].key.endswith(("rim", "rum", "im", "um", "mem", "mam")) or any(
        items[k].key in ("i", "ben") for k in range(max(0, m.start - 3), m.start))
        for m in reading.of("pay"))
    my_card = any(items[m.start].key.endswith(("im", "ima", "imi", "um", "uma", "umu")) or (
        m.start > 0 and items[m.start - 1].key in ("my", "benim")) for m in reading.of("card"))
    if not i_pay or my_card:
        return False
    for m in reading.of("card"):
        for k in range(m.start - 1, max(-1, m.start - 4), -1):
            if items[k].clause != items[m.start].clause:
                break
            here = reading.at(k)
            if "rival" in here:
                if items[k].key.endswith(("in", "un", "s")) or items[k].key in ("his", "their", "her"):
                    return True
                break
            if not (items[k].number is not None or here <= {"cost", "power"}):
                break
    return False


def extract_cost(reading: Reading) -> Call | None:
    from .asked import asked_form
    from .econ_pay import plus_joins, read_payers
    if _rival_card(reading):
        raise Unclear("cost.rival_card")
    payers = read_payers(reading)
    resources = {k: v for k, v in (("eddies", payers.eddies), ("legends", payers.legends))
                 if v is not None}
    res_used = payers.used
    counts = _multipliers(reading)
    counters = {it.i for it in counts.values()}
    numbers = [it for it in reading.numbers if it.i not in res_used and it.i not in counters]
    # "3 mü öderim?", "do I pay 2?": the amount the question says is paid (an Eddie count
    # so said is read by `read_payers` as that amount, never as Eddies the player has)
    from .econ_pay import paid_asked
    # with Eddies or Legends given, "can I pay 3?" asks whether they pay a cost of 3
    paid_said = [] if resources else [it for it in numbers if not it.sign and it.die is None
                                      and paid_asked(reading, it.i, it.i)]
    if payers.paid is not None or paid_said:
        if asked_form(reading) != "yesno" or len(paid_said) + (payers.paid is not None) != 1 \
                or payers.paid == -1 or resources:
            raise Unclear("econ.paid_asked")
        claimed = payers.paid if payers.paid is not None else paid_said[0].number
        numbers = [it for it in numbers if it not in paid_said]
    else:
        claimed = None
    effect_counts = _effect_counts(reading, numbers)
    numbers = [it for it in numbers if it.i not in effect_counts]
    cost = None
    cost_item: Item | None = None
    changes: list[int] = []               # each reduction (+) or increase (-), as stated
    free_numbers: list[Item] = []
    # "reduces my 3-cost Gear by 1": a "by" amount belongs to its change verb, however far
    # back in the clause; it is settled first, so the other numbers pair with the rest
    by_roles: dict[int, str] = {}
    _by_amounts(reading, numbers, by_roles, reach=8)
    roles = _assign(reading, [it for it in numbers if it.i not in by_roles],
                    {"cost": "cost", "reduction": "reduction", "increase": "increase"},
                    many=("reduction", "increase"))
    roles.update(by_roles)
    _after_colon_roles(reading, numbers, roles, ("reduction", "increase"))
    _gapped_roles(reading, numbers, roles, ("reduction", "increase"))
    _listed_roles(reading, numbers, roles, ("reduction", "increase"))
    _by_amounts(reading, numbers, roles)
    counted = _change_counts(reading, numbers, roles)
    for item in numbers:
        if item.i in counted:
            continue
        role = roles.get(item.i)
        times = counts[item.i].number if item.i in counts else 1
        if item.sign:
            # "cost 5 minus 2", "-2 indirim", "+1 €$": a change, never the cost itself.
            up = role == "increase" or (item.sign == "+" and role != "reduction")
            changes += [-abs(item.number) if up else abs(item.number)] * times
        elif role == "cost" and cost is None and times == 1:
            cost, cost_item = item.number, item
        elif role == "reduction":
            changes += [item.number] * times
        elif role == "increase":
            changes += [-item.number] * times
        elif times == 1:
            free_numbers.append(item)
        else:
            raise Unclear("cost.count_not_reduction")
    if cost is None and free_numbers:
        cost_item = free_numbers.pop(0)
        cost = cost_item.number
    used = {it.i for it in reading.numbers} - {it.i for it in free_numbers}
    _card_types(reading)
    free = bool(_present(reading, "free"))
    free_asked = free and asked_form(reading) == "yesno" and _free_asked(reading)
    if free_asked:
        free = False            # "bedavaya mı oynarım?": whether it ends up free is asked
    if _present(reading, "reduction") is False and changes:
        raise Unclear("cost.reduction_not_apply")
    # "5 bedelli kartıma indirim var": a reduction (or an increase) whose amount is not said
    if reading.has("reduction") and not any(c > 0 for c in changes) and _present(reading, "reduction"):
        raise Unclear("econ.reduction_amount")
    joins = plus_joins(reading)         # "2 Eddie artı 2 Legend": no increase
    if any(m.start not in joins for m in reading.of("increase")) \
            and not any(c < 0 for c in changes) and _present(reading, "increase"):
        raise Unclear("econ.increase_amount")
    if _present(reading, "legend") is False:
        resources.setdefault("legends", 0)      # "hiç Legend'ım yok", "no legends"
    assumptions = []
    if cost is None:
        if not free:
            return None
        cost = 0
        assumptions.append(say(reading, "ask_assume.cost.not_given"))
    if asked_form(reading) == "count" and _counts_something_else(reading) and not (
            free and not free_asked and _counts_legends(reading)):
        # "5 bedelli kart için kaç Legend harcamam gerekir?": not the amount paid; for a
        # card played for free nothing is paid (11.8.4), so no Legend is spent either
        raise Unclear("econ.other_count")
    asked_what = "free" if free_asked else None
    if claimed is not None:
        if free_asked:
            raise Unclear("econ.paid_asked")
        args = {"cost": cost, "reduction": sum(changes), "free": free, "asked": "amount",
                "claimed": claimed}
        if len(changes) > 1:
            args["changes"] = changes
        return Call(args, assumptions, used=used | {it.i for it in paid_said},
                    defaults={"asked"} | (set() if free else {"free"}))
    if free and asked_form(reading) == "yesno":
        # "ücretsiz oynuyorum, bir şey öder miyim?": nothing is paid (11.8.4); "… 0
        # Eddie'm var, oynayabilir miyim?": nothing is needed. Any other yes/no is not read.
        asked_what = _free_fact_asks(reading, payers)
        if asked_what is None:
            raise Unclear("econ.free_yesno")
    if free_asked and (payers.eddies is not None or payers.legends is not None
                       or payers.uncounted):
        raise Unclear("econ.free_yesno")
    if (changes or free) and asked_form(reading) != "yesno" and _asks_cost_value(reading) \
            and _paid_differs(cost, sum(changes), free):
        # a reduction changes what is paid, never the cost value (11.8.2): which is asked?
        raise Unclear("econ.cost_value")
    args: dict[str, Any] = {"cost": cost, "reduction": sum(changes), "free": free}
    defaults: set[str] = set() if free else {"free"}
    if len(changes) > 1:
        args["changes"] = changes
    if asked_what is not None:
        # the yes/no is about paying nothing ("free") or paying at all ("pays"), or a free
        # card's being playable with what the player has ("plays")
        args["asked"] = asked_what
        defaults.add("asked")
        if asked_what != "plays":
            return Call(args, assumptions, used=used, defaults=defaults)
    if asked_form(reading) == "yesno":
        if not (reading.has("play") or reading.has("pay")):
            # "Is an 8 cost card a legend?", "2 bedelli kart saldırabilir mi?": a yes/no
            # that asks neither about playing the card nor about paying for it
            return None
        if payers.uncounted == "eddies":
            # "I have some eddies", "Eddie'lerim var": named, not counted
            raise Unclear("econ.eddies_count")
        if payers.uncounted == "legends":
            # "my legends are face-up", "açık Legend'ım": how many can pay is not said
            raise Unclear("econ.legends_count")
        if "eddies" not in resources and "legends" not in resources:
            raise Unclear("cost.pay_with")
        if "legends" not in resources and _present(reading, "legend"):
            # "my legends are face-up": Legends named but not counted
            raise Unclear("econ.legends_count")
        args["eddies"] = resources.get("eddies", 0)
        args["legends"] = resources.get("legends", 0)
        for key in ("eddies_spent", "legends_spent", "legends_up"):
            if getattr(payers, key):
                args[key] = getattr(payers, key)
        taken = [k for k in ("eddies", "legends") if args[k] and k not in payers.state_said]
        if taken:
            # "4 Eddie'm ve 2 Legend'ım var": a spent one cannot pay (3.7); not said: ready
            assumptions.append(say(reading, "ask_econ.ready_assumed" if len(taken) == 2
                                   else f"ask_econ.ready_assumed_{taken[0]}"))
        for key in ("eddies", "legends"):
            if key not in resources:
                defaults.add(key)
        if "legends" not in resources:
            # An unspent Legend pays 1 €$ too (11.8.1): "no" with Eddies alone is "no" only
            # when the player has no such Legend, so the answer says what it took.
            assumptions.append(say(reading, "ask_assume.cost.no_legend"))
        if "eddies" not in resources:
            assumptions.append(say(reading, "ask_assume.cost.no_eddie"))
    elif resources:
        raise Unclear("cost.no_yesno")
    return Call(args, assumptions, used=used, defaults=defaults)


def extract_d20(reading: Reading) -> Call | None:
    assumptions: list[str] = []
    if any(die != 20 for die in _asked_dice(reading)) or _obliged(reading):
        # "d4'ü seçebilir miyim?", "d8'i seçmek zorunda mıyım?": not the d20 rule's question
        # (may the d20 be chosen?); the roll-in itself is mandatory (8.6.5), which it does
        # not answer
        return None
    # the rules are the same for either player: "rakibimin fixer alanında …, seçebilir mi"
    # is read when the rival is the one player named throughout
    if not _one_player(reading) and _turn_owner(reading) == "rival":
        return None                     # a Gig is rolled in at the start of one's own turn
    chosen = _listed_with(reading, [it for it in reading.dice
                                    if it.die != 20 and (_chosen_first(reading, it)
                                                         or _in_gig_area(reading, it))])
    if chosen:
        return _d20_after(reading, chosen)
    # "fixer alanımda d8 kalmadı", "no d8 left": a die said not to be there
    others = [it.die for it in reading.dice if it.die != 20
              and not _negated(reading, it.i, it.i + 1, reach=2)]
    if others:
        # "d20'yi d6'dan önce seçebilir miyim" names the other die: it is still there. A
        # player has one die of each size (7.2): a die named twice is one die.
        return Call({"fixer_dice": [f"d{s}" for s in sorted(set(others))] + ["d20"]})
    counted = [it for it in reading.numbers if _role(reading, it, ("gig",)) == "gig"]
    # "gig alanımda 5 gig var", "I have 5 gigs": Gigs rolled in already, not the fixer
    # area's dice: context, the d20's rule counts only what is left in the fixer area
    placed = {it.i for it in counted if _in_gig_area(reading, it) or _dice_owner_only(reading, it)}
    counted = [it for it in counted if it.i not in placed]
    if placed and not counted and not (reading.has("only") or reading.has("none_left")):
        return None
    if placed and not counted:
        return Call({"fixer_dice": ["d20"]}, used=placed)
    if counted:
        n = counted[0].number
        used = {counted[0].i} | placed
        if _besides_d20(reading, counted[0]):
            # "d20 ve bir zar daha", "the d20 and 2 other dice": the count is of the others
            assumptions.append(say(reading, "ask_econ.d20_besides", n=n))
            return Call({"fixer_dice": ["d20"], "fixer_unnamed": n}, assumptions, used=used)
        if n <= 1:
            return Call({"fixer_dice": ["d20"]}, used=used)
        assumptions.append(say(reading, "ask_assume.d20.others_d4", n=n))
        return Call({"fixer_dice": ["d20"], "fixer_unnamed": n - 1}, assumptions, used=used)
    other = reading.of("other")
    if other and all(_in_gig_area(reading, reading.items[m.start]) for m in other):
        # "all my other dice are in my gig area": rolled in, not in the fixer area
        reading.consumed.update(k for m in other for k in range(m.start, m.end))
        if reading.has("only") or reading.has("none_left"):
            return Call({"fixer_dice": ["d20"]})
        return None
    if other:
        if all([_negated(reading, m.start, m.end, reach=3) for m in other]):
            return Call({"fixer_dice": ["d20"]})
        assumptions.append(say(reading, "ask_assume.d20.other_die"))
        return Call({"fixer_dice": ["d20"], "fixer_unnamed": 1}, assumptions)
    if reading.has("only") or reading.has("none_left"):
        return Call({"fixer_dice": ["d20"]})
    turn = _own_turn_number(reading)
    if turn is not None and not reading.numbers:
        n, words = turn
        reading.consumed.update(words)
        if n == 1:
            # "ilk turumda d20'yi seçebilir miyim": no Gig was rolled in before the first
            # turn's roll-in, so the fixer area holds all six dice placed at setup (7.8.1)
            return Call({"fixer_dice": [f"d{s}" for s in (4, 6, 8, 10, 12, 20)]},
                        [say(reading, "ask_assume.d20.first_turn")])
        if n > 6:
            return None             # six dice, one a turn: the fixer area is empty by then
        # "ikinci turumda": one die rolled in each earlier turn of the asker's, the d20 last
        others = 6 - n
        return Call({"fixer_dice": ["d20"], "fixer_unnamed": others},
                    [say(reading, "ask_assume.d20.nth_turn", n=n, left=7 - n)])
    return None


_FIRST = ("ilk", "first", "birinci")
# the asker's own n-th turn: "ikinci turumda", "on my third turn" (a game turn, "2. turda",
# may be the other player's first, so only a turn of the asker's is read)
_NTH = {"ikinci": 2, "second": 2, "ucuncu": 3, "third": 3, "dorduncu": 4, "fourth": 4,
        "besinci": 5, "fifth": 5, "altinci": 6, "sixth": 6, "yedinci": 7, "seventh": 7}
_MY_TURN_TR = ("turum", "turumda", "turumun", "turumdayim")


def _own_turn_number(reading: Reading) -> tuple[int, set[int]] | None:
    """"ilk turumda" (1), "ikinci turumda", "on my third turn" (2, 3): the number of the
    asker's own turn and the words that say it; the first turn also unowned ("ilk turda",
    every player's first turn has a full fixer area). None when not said."""
    items = reading.items
    if _turn_owner(reading) == "rival":
        return None
    for it in items[:-1]:
        nxt = items[it.i + 1]
        if nxt.clause != it.clause or "turn" not in reading.at(nxt.i):
            continue
        if it.key in _FIRST:
            return 1, {it.i, nxt.i}
        if it.key in _NTH and (nxt.key in _MY_TURN_TR or (
                it.i > 0 and items[it.i - 1].key == "my")):
            return _NTH[it.key], {it.i, nxt.i}
    return None


def _asked_dice(reading: Reading) -> list[int]:
    """The dice a "may I choose/roll …?" verb asks about: in Turkish the die right before
    the verb (its object; "d6'dan önce" only orders), in English the die right after it
    ("can I pick the d4 …"). The family answers only for the d20 (8.6.5.1.1); a question
    about another die is not its question."""
    items = reading.items
    out = []
    for it in items:
        if "choose" not in reading.at(it.i):
            continue
        k = it.i
        if reading.language == "en":
            if not any("can" in reading.at(j) for j in range(max(0, k - 3), k)):
                continue
            ahead = [items[j] for j in range(k + 1, min(len(items), k + 5))
                     if items[j].clause == it.clause]
            die = next((x for x in ahead if x.die is not None), None)
        else:
            if "can" not in reading.at(k):
                continue
            back = [items[j] for j in range(k - 1, max(-1, k - 5), -1)
                    if items[j].clause == it.clause]
            die = next((x for x in back if x.die is not None
                        and not x.suffix.startswith(_ABLATIVE_DIE)), None)
        if die is not None:
            out.append(die.die)
    return out


# "must I / do I have to / zorunda mıyım": an obligation asked, not a permission.
_MUST_TR = ("zorunda", "zorunlu", "mecbur")
_MUST_EN = frozenset({"must", "have", "has", "need", "needs", "forced", "obliged", "required"})


def _obliged(reading: Reading) -> bool:
    items = reading.items
    for it in items:
        if it.key.startswith(_MUST_TR):
            return True
        if it.key in _MUST_EN and (it.key in ("must", "obliged", "required", "forced")
                                   or (it.i + 1 < len(items) and items[it.i + 1].key == "to")):
            return True
    return False


_ABLATIVE_DIE = ("dan", "den", "tan", "ten", "da", "de", "ta", "te")


def _dice_owner_only(reading: Reading, item: Item) -> bool:
    """"5 gigim var", "I have 5 gigs": a count of the player's own Gigs with no area named
    in its clause (they are in the Gig area: the fixer area's dice are no friendly Gigs,
    5.10.3)."""
    items = reading.items
    if any(reading.at(k) & {"fixer", "gig_area"} for k in range(len(items))
           if items[k].clause == item.clause):
        return False
    return _dice_owner(reading, item) == "mine"


def _in_gig_area(reading: Reading, die: Item) -> bool:
    """"d4 ve d6 Gig alanımda", "Gig alanımda d4, d6 ve d8 var", "my d4 is in my gig
    area": a die said to stand in the Gig area was rolled in already, it is not in the
    fixer area. The dice listed together share a place: the first area named after the
    list (before another die, in the list's last clause); none there, the last one named
    before the list (in its first clause)."""
    items = reading.items

    def listed(k: int) -> bool:
        return items[k].die is not None or items[k].key in _LIST_JOINS

    lo = hi = die.i
    while lo > 0 and listed(lo - 1):
        lo -= 1
    while hi + 1 < len(items) and listed(hi + 1):
        hi += 1

    def place(indices, clause: int) -> str | None:
        for j in indices:
            if items[j].clause != clause or items[j].die is not None:
                return None
            here = reading.at(j) & {"gig_area", "fixer"}
            if here:
                return "fixer" if "fixer" in here else "gig_area"
        return None

    where = place(range(hi + 1, len(items)), items[hi].clause)
    if where is None:
        where = place(range(lo - 1, -1, -1), items[lo].clause)
    return where == "gig_area"


def _listed_with(reading: Reading, chosen: list[Item]) -> list[Item]:
    """"d4, d6 ve d12'yi attım": the dice listed before a chosen one share its verb."""
    items = reading.items
    out = list(chosen)
    for die in chosen:
        k = die.i - 1
        while k >= 0 and (items[k].die is not None or items[k].key in _LIST_JOINS):
            if items[k].die not in (None, 20) and items[k] not in out:
                out.append(items[k])
            k -= 1
    return sorted(out, key=lambda it: it.i)


# First person on a word: "alanımda", "destemde" (-(I)m + a case ending), "miyim".
_MINE_END = ("mda", "mde", "mdaki", "mdeki", "mdan", "mden", "ma", "me")
_FIRST_PERSON = ("ben", "benim", "bana", "bende", "benden", "i", "my", "me", "mine", "miyim",
                 "muyum", "ive", "im")
_ACTOR_LIKE = frozenset({"rival"})


# the asker as the one made to draw: "bana … çektiriyor", "makes me draw" (not "ona", "him")
_TO_ME = ("bana", "me")


def _owned_card(owner: Item, card: Item) -> bool:
    """"rakibimin kartı", "rakibin kartıyla", "my rival's card": a card said as the rival's
    (genitive owner, possessed card); not "Rakibim kart çekerken" (the rival drawing)."""
    if owner.text.endswith(("'s", "’s")):
        return True
    return owner.key.endswith(("in", "un")) and card.key.startswith(("karti", "kartin"))


def _one_player(reading: Reading) -> bool:
    """Is the rival the one player named throughout ("Rakibimin fixer alanında sadece d20
    var, d20'yi seçebilir mi?", "Rakibimin destesinde 1 kart var, 2 kart çekerse kaybeder
    mi?")? The rival words are then read (the rules are the same for either player). A
    rival word that owns an effect ("rakibin etkisi", "opponent's effect") is read too and
    does not make the rival the player asked about. False when no rival is named."""
    items = reading.items
    rivals = [it.i for it in items if "rival" in reading.at(it.i)]
    if not rivals:
        return False
    acting = []
    for k in rivals:
        nxt = items[k + 1] if k + 1 < len(items) else None
        if nxt is not None and nxt.clause == items[k].clause and "effect" in reading.at(nxt.i):
            reading.consumed.add(k)     # the effect's owner, not the player asked about
        elif nxt is not None and nxt.clause == items[k].clause and "card" in reading.at(nxt.i) \
                and _owned_card(items[k], nxt) \
                and any("draw" in reading.at(j) for j in range(nxt.i + 1, len(items))
                        if items[j].clause == nxt.clause) \
                and any(items[j].key in _TO_ME for j in range(nxt.i + 1, len(items))
                        if items[j].clause == nxt.clause):
            # "Rakibimin kartı bana 2 kart çektiriyor", "my rival's card makes me draw 2":
            # the card's owner makes the draw happen, the player asked about draws
            reading.consumed.add(k)
        elif _makes_me_draw(reading, k):
            reading.consumed.add(k)     # "rakibim bana 2 kart çektirdi", "he made me draw 2"
        elif reading.language != "en" and nxt is not None and nxt.clause == items[k].clause \
                and "turn" in reading.at(nxt.i) and any(
                    items[j].key in _TO_ME for j in range(nxt.i + 1, len(items))
                    if items[j].clause == nxt.clause):
            # "rakibin turunda bir etki bana 1 kart çektiriyor": the rival owns the turn in
            # which the asker is made to draw; the rival does not draw
            reading.consumed.add(k)
        else:
            acting.append(k)
    if not acting:
        return False
    things = [it for it in items if reading.at(it.i) & {"fixer", "area", "deck"}]
    # "my opponent", "benim rakibim": the rival's name, not the asker acting
    # "benim etkim ona 2 kart çektiriyor", "my effect makes him draw": the asker owns the
    # effect that makes the rival draw; the rival is still the one player who draws
    owns_effect = {it.i for it in items if it.key in _FIRST_PERSON and it.i + 1 < len(items)
                   and reading.at(it.i + 1) & {"effect", "card"}
                   and items[it.i + 1].clause == it.clause}
    mine = any(it.key in _FIRST_PERSON and it.i not in owns_effect and not (
                   it.i + 1 < len(items) and "rival" in reading.at(it.i + 1))
               for it in items) or any(it.key.endswith(_MINE_END) for it in things)
    if mine:
        raise Unclear("econ.two_players")
    reading.consumed.update(acting)
    reading.consumed.update(owns_effect)
    return True


_MAKE_EN = ("made", "makes", "make", "forced", "forces", "force")


def _makes_me_draw(reading: Reading, k: int) -> bool:
    """"rakibim bana 2 kart çektirdi", "my opponent made me draw 2": the rival word is the
    subject of a causative draw whose drawer is the asker ("bana", "me" right after the
    rival word or right after the causing verb); the rival does not draw."""
    items = reading.items
    clause = items[k].clause
    after = [it for it in items[k + 1:k + 7] if it.clause == clause]
    if reading.language == "en":
        for a, b, c in zip(after, after[1:], after[2:]):
            if a.key in _MAKE_EN and b.key in _TO_ME and "draw" in reading.at(c.i):
                return True
        return False
    return bool(after) and after[0].key in _TO_ME and any(
        it.key.startswith("cektir") for it in after[1:])


def _besides_d20(reading: Reading, count: Item) -> bool:
    """A count of dice said besides the d20: "bir zar daha", "2 other dice", "d20 ve 1
    zar", "d20 dışında 1 zar"."""
    items = reading.items
    after = range(count.i + 1, min(len(items), count.i + 4))
    if any(items[k].clause == count.clause and reading.at(k) & {"again", "other"} for k in after):
        return True
    before = [items[k] for k in range(max(0, count.i - 3), count.i)]
    return any(it.die == 20 for it in before)


_PAST_DONE = ("tim", "dim", "tum", "dum", "ti", "di", "tu", "du", "mistim", "mustum")
_PAST_CHOSE = ("rolled", "chose", "chosen", "picked", "selected")


def _chosen_first(reading: Reading, die: Item) -> bool:
    """Was this die rolled in before the d20 is asked about? "d4 seçersem", "d4'ü
    seçtikten sonra", "d4'ten sonra", "after choosing the d4", "if I choose the d4"."""
    items = reading.items
    for k in range(die.i + 1, min(len(items), die.i + 3)):
        if items[k].clause != die.clause or items[k].die is not None:
            break
        if {"choose", "conditional"} <= reading.at(k):
            return True
        if "choose" in reading.at(k) and items[k].key.endswith(_PAST_DONE):
            return True                 # "d12'yi attım", "d4'ü seçtim", "seçti"
    nxt = die.i + 1
    if die.suffix.startswith(("dan", "den", "tan", "ten")) and nxt < len(items) \
            and "after" in reading.at(nxt):
        return True
    if reading.language == "en":
        before = [k for k in range(max(0, die.i - 4), die.i) if items[k].clause == die.clause]
        if any("after" in reading.at(k) for k in before):
            return True
        if any(items[k].key in _PAST_CHOSE for k in before):
            return True                 # "I rolled in the d4", "after I chose the d6"
        verbs = [k for k in before if "choose" in reading.at(k)]
        if verbs and any("condition" in reading.at(k) for k in range(max(0, verbs[0] - 3), verbs[0])):
            return True
    return False


_OTHER_DICE = frozenset({4, 6, 8, 10, 12})


def _d20_after(reading: Reading, chosen: list[Item]) -> Call | None:
    """The fixer area once the `chosen` dice are rolled in: the dice listed (or counted)
    less those; None when what is left is not said."""
    listed = [it.die for it in reading.dice if it.die != 20 and it not in chosen]
    left = list(listed)
    for it in chosen:
        if it.die in left:
            left.remove(it.die)
    counted = [it for it in reading.numbers if _role(reading, it, ("gig",)) == "gig"]
    if not listed and not counted and {it.die for it in chosen} >= _OTHER_DICE:
        # the d4, d6, d8, d10 and d12 all rolled in: the d20 is what is left (7.8.1)
        left, used = [], set()
    elif not listed and not counted and (reading.has("only") or reading.has("none_left")):
        left, used = [], set()          # "after choosing the d8, only the d20 is left"
    elif not listed:
        # a count beside a chosen die ("d8'i seçtikten sonra 2 zar kaldı", "3 dice, I
        # picked the d4"): before or after the choice is not said safely
        raise Unclear("d20.dice_left")
    else:
        used = set()
    fixer = [f"d{s}" for s in left] + ["d20"]
    names = ", ".join(f"d{it.die}" for it in chosen)
    # "d6'yı attım, sonraki turda d20'yi atabilir miyim?": the next roll-in is made from
    # what the roll said leaves, so "next turn" is that roll-in (read)
    reading.consumed.update(k for m in reading.of("next") for k in range(m.start, m.end))
    return Call({"fixer_dice": fixer}, [say(reading, "ask_assume.d20.left_after", names=names,
                                            fixer=", ".join(fixer))], used=used)


_PAST_DRAW_TR = ("cekti", "cekmis", "cektik", "cekilmis", "cekildi")
_PAST_DRAW_EN = ("drew", "drawn")
_ONE_CARD = ("onu", "bunu", "it", "that", "birini", "one")


_THEN = ("sonra", "ardindan", "then", "afterwards", "next")


def _draws_then(reading: Reading) -> set[int]:
    """"I draw 1 at the start of my turn, then an effect makes me draw 3", "turumun başında
    1 kart çekiyorum, sonra …": a draw told before "then/sonra" and another draw is one
    already made (the story is told in order); the starts of those draw matches."""
    items = reading.items
    draws = reading.of("draw")
    out = set()
    for a in draws:
        if any(b.start > a.end and any(items[k].key in _THEN for k in range(a.end, b.start))
               for b in draws):
            out.add(a.start)
    return out


def _start_of_turn_near(reading: Reading, m: Match) -> bool:
    """"turumun başında çektim", "at the start of my turn I drew": the Start Phase draw,
    which is one card (8.6.4)."""
    items = reading.items
    clause = items[m.start].clause
    span = range(max(0, m.start - 5), min(len(items), m.end + 6))
    starts = [k for k in span if "start" in reading.at(k) and items[k].clause == clause]
    turns = [k for k in span if "turn" in reading.at(k) and items[k].clause == clause]
    return any(abs(a - b) <= 3 for a in starts for b in turns)


def _past_draws(reading: Reading) -> tuple[list[Match], int, set[int], bool]:
    """Draws the question says already happened ("2 kart çektim", "I drew it", a draw
    told before "then/sonra" another one): their matches, how many cards they took, the
    words read for it, and whether the story is told in order (a pronoun or no count:
    "onu çektim", "turumun başında çektim"; or "then"): a deck count said before such a
    draw is the count before it. A draw already made empties the deck before the one
    asked about (issue 11: "one card in my deck; I drew it at the start of my turn; now
    draw 1")."""
    past, total, used = [], 0, set()
    in_order = False
    items = reading.items
    then = _draws_then(reading)
    # one draw per verb: "kart çek" and "çek-" end on the same word
    verbs: dict[int, Match] = {}
    for m in reading.of("draw"):
        if m.end not in verbs or m.start > verbs[m.end].start:
            verbs[m.end] = m
    draws = sorted(verbs.values(), key=lambda m: m.start)
    if len(draws) > 1 and all(_past_draw_tr(items[m.start].key) or items[m.start].key in
                              _PAST_DRAW_EN or m.start in then for m in draws):
        # "… onu çektim, sonra bir etki 1 kart çektirdi. Kaybeder miyim?": every draw is
        # told in the past; the last one is the draw asked about
        draws = draws[:-1]
        then.add(draws[-1].start)
    for m in draws:
        key = items[m.start].key
        if not (_past_draw_tr(key) or key in _PAST_DRAW_EN or m.start in then):
            continue
        past.append(m)
        in_order = in_order or m.start in then
        clause = items[m.start].clause
        if reading.language == "en":
            near = [items[k] for k in range(m.end, min(len(items), m.end + 2))]
        else:
            near = [items[k] for k in range(max(0, m.start - 3), m.start)][::-1]
        near = [it for it in near if it.clause == clause]
        number = next((it for it in near if it.number is not None and not it.sign), None)
        if number is not None:
            total += number.number
            used.add(number.i)
            continue
        pronoun = next((it for it in near if it.key in _ONE_CARD), None)
        if pronoun is not None:
            total += 1
            used.add(pronoun.i)
            in_order = True
            continue
        last = _last_card_words(reading, m)
        if last:
            # "son kartımı çektim", "I drew my last card": one card, and the deck is empty
            # after it (`_deck_emptied`)
            total += 1
            used.update(last)
            in_order = True
            continue
        if _start_of_turn_near(reading, m):
            total += 1                  # the Start Phase draws one card (8.6.4)
            in_order = True
            continue
        raise Unclear("draw.already_drawn")
    return past, total, used, in_order


def _last_card_words(reading: Reading, m: Match) -> set[int]:
    """"son kartımı çektim", "destemdeki tek kartı çektim", "I drew my last card", "drew
    the only card": a past draw whose object is the deck's last card (a "last/only" word
    right before the card word, no number between), as the indices of those two words;
    empty when the draw names no such card."""
    items = reading.items
    clause = items[m.start].clause
    if reading.language == "en":
        span = range(m.end, min(len(items), m.end + 4))
    else:
        span = range(max(0, m.start - 3), m.start)
    for k in span:
        if k < 1 or items[k].clause != clause or "card" not in reading.at(k) \
                or "draw" in reading.at(k):
            continue
        j = k - 1
        if items[j].number is not None and not items[j].sign and j > 0:
            j -= 1                      # "son 2 kartımı", "my last two cards"
        if "only" in reading.at(j) and items[j].clause == clause and items[j].number is None:
            return set(range(j, k + 1))
    return set()


def _deck_emptied(reading: Reading, past: list[Match]) -> bool:
    """Did a draw already made take the deck's last card (`_last_card_words`)?"""
    return any(_last_card_words(reading, m) for m in past)


def _past_draw_tr(key: str) -> bool:
    """"çektim", "çekmiştim", "çektirdi" (made to draw): a draw already made; the causative
    "çektirirse", "çektirecek" is not one."""
    if key.startswith("cektir"):
        return key.startswith(("cektirdi", "cektirmis", "cektirildi"))
    return key.startswith(_PAST_DRAW_TR)


_PAST_TR = ("vardi", "idi", "kalmisti", "vardir")
_PAST_EN = ("had", "was", "were", "held", "contained")


def _said_in_past(reading: Reading, item: Item) -> bool:
    """Is the deck count stated for before ("Destemde 3 kart vardı", "I had 4 cards")?"""
    words = [it for it in reading.items if it.part == item.part]
    keys = {it.key for it in words}
    return bool(keys & set(_PAST_EN)) or any(k.startswith(_PAST_TR) or k.endswith(("ydi", "ydı"))
                                             for k in keys)


_SOURCE = frozenset({"unit", "attack", "play", "legend", "gear", "program", "call", "defeat"})
_SOURCE_LINK = ("my", "the", "his", "her", "their", "its", "s")
_SAYS = ("says", "said", "diyor", "der", "dedi", "yaziyor")


def _effect_source(reading: Reading) -> None:
    """"birimimin ATTACK etkisi 1 kart çek diyor", "my unit's ATTACK trigger says draw 2":
    the card and trigger an effect comes from change nothing of a draw (11.5.2): every draw
    is the same game action. The words right before an effect or trigger word, in its
    clause, that only name such a source are read (an owner, the rival's, stays a fact)."""
    items = reading.items
    # "my unit's PLAY says draw 2", "Legend'ımın CALL'u 1 kart çek diyor": a trigger word
    # right before a saying verb stands for the effect it starts
    said = [m for c in ("play", "attack", "call", "defeat") for m in reading.of(c)
            if m.end < len(items) and items[m.end].key in _SAYS
            and items[m.end].clause == items[m.start].clause]
    for m in reading.of("effect") + reading.of("pending") + said:
        k = m.start - 1
        named = []
        while k >= 0 and items[k].clause == items[m.start].clause and (
                reading.at(k) & _SOURCE and not reading.at(k) & {"rival", "draw", "deck"}
                or items[k].key in _SOURCE_LINK):
            named.append(k)
            k -= 1
        if any(reading.at(j) & _SOURCE for j in named):
            reading.consumed.update(named)
            if "pending" in reading.at(m.start):
                reading.consumed.update(range(m.start, m.end))


_MANNER_NOT = ("lose", "win", "empty", "none_left", "up_to", "left", "remain")
_THEM = ("them", "they", "onlari", "onlarin")


def _draw_manner(reading: Reading) -> Call | None:
    """"Draw 3 diyen etkide üç kartı tek seferde alabilir miyim?", "do I draw them one at a
    time?": how the cards of a "draw X" are drawn (11.5.2.1), asked yes or no about one way.
    Read only with one count X of 2 or more (said once or repeated, "draw 3 … all three"),
    no deck count and nothing about losing; the engine's run of that draw answers."""
    ways = [w for w in ("one_by_one", "at_once") if reading.has(w)]
    if len(ways) != 1 or any(reading.has(c) for c in _MANNER_NOT):
        return None
    counts = {it.number for it in reading.numbers}
    if len(counts) != 1 or any(it.sign for it in reading.numbers) or min(counts) < 2:
        return None
    if not reading.has("draw"):
        return None
    items = reading.items
    for m in reading.of(ways[0]):
        reading.consumed.update(range(m.start, m.end))
    # the taking verb and the deck's top the cards come from are what is asked about
    reading.consumed.update(k for k in range(len(items))
                            if reading.at(k) & {"take", "choose", "to_hand", "top", "deck", "hand",
                                                "return_hand"} or items[k].key in _THEM)
    return Call({"n": counts.pop(), "deck_count": max(counts | {0}) if counts else 0,
                 "manner": ways[0]}, used={it.i for it in reading.numbers})


_PHASE_STEMS = ("asama", "faz", "adim")


def _draw_phase_words(reading: Reading) -> bool:
    """"Başlangıç aşamasında", "çekme adımında", "in the start phase", "the draw step": the
    phase or step a draw word or a start word names is the Start Phase's draw (8.6.4); the
    phase word is read with it. True when a draw word names the step ("çekme adımı", "the
    draw step"): that draw is the Start Phase's one card."""
    step = False
    for it in reading.items:
        if it.i and (it.key.startswith(_PHASE_STEMS) or it.key in ("phase", "step")) \
                and reading.at(it.i - 1) & {"start", "draw"} \
                and reading.items[it.i - 1].clause == it.clause:
            reading.consumed.add(it.i)
            step = step or "draw" in reading.at(it.i - 1)
    return step


def extract_draw(reading: Reading) -> Call | None:
    from .asked import asked_form
    if asked_form(reading) == "yesno" and (reading.has("one_by_one") or reading.has("at_once")):
        manner = _draw_manner(reading)
        if manner is not None:
            manner.args["deck_count"] = manner.args["n"]    # a deck that holds them all
            return manner
    if reading.has("one_by_one") or reading.has("at_once"):
        return None         # how the cards are drawn, asked beside something else
    if asked_form(reading) == "yesno" and not (reading.has("lose") or reading.has("win")):
        # the family answers "does the player lose?" only: "do I pick up all three at
        # once?" asks something else (no ruling rather than a ruling on losing)
        return None
    _effect_source(reading)
    draw_step = _draw_phase_words(reading)
    n = k = None
    k_item: Item | None = None
    rest: list[Item] = []
    rival = _one_player(reading)
    at_start = not reading.has("draw")
    if at_start and not _turn_starts(reading, rival):
        return None
    past, drawn, past_used, in_order = _past_draws(reading)
    # "rakibim bana 2 kart çektirdi, kaybettim mi?": no draw besides those already made, so
    # the draw asked about is the one made
    only_past = bool(past) and not [m for m in reading.of("draw") if not any(
        m.start < p.end and p.start < m.end for p in past)]
    if past:
        reading = Reading(reading.question, reading.items,
                          [m for m in reading.matches if m not in past], reading.language)
    picked = _picked_count(reading)
    if picked is None and reading.has("up_to") and (_pick_words(reading) or _whole_words(reading)):
        return None                     # "hepsini seçersem", "hepsini çekersem": not a count
    numbers = [it for it in reading.numbers if it.i not in past_used and it is not picked]
    roles = _assign(reading, numbers, {"draw": "draw", "deck": "deck", "left": "deck"},
                    window=4)
    n_item: Item | None = None
    for item in numbers:
        role = roles.get(item.i)
        if role == "draw" and n is None:
            n, n_item = item.number, item
        elif role == "deck" and k is None:
            k, k_item = item.number, item
        else:
            rest.append(item)
    assumptions: list[str] = []
    if k is None and (_none_left_to_draw(reading) or _empty_deck(reading)):
        k = 0
    if k is None:
        one = _one_card_near(reading, "deck", 3, before_a_draw=False)
        if one is not None:
            k = 1                       # "destemde bir kart var", "a card left in my deck"
            reading.consumed.add(one)
    if n is None and rest and k is not None:
        n_item = rest.pop(0)
        n = n_item.number
    if k is None and rest and n is not None:
        k_item = rest.pop(0)
        k = k_item.number
    emptied = bool(past) and _deck_emptied(reading, past)
    if k is None and emptied and not rest:
        k = drawn                       # "son kartımı çektim": the deck held what was drawn
    if k is None:
        return None
    extra: dict[str, Any] = {}
    if only_past:
        return _made_draw(reading, k, k_item, drawn, in_order, past, past_used, rest)
    if past and not reading.has("draw"):
        return None                     # only draws already made: nothing is asked of a draw
    if past and emptied and k_item is None:
        extra = {"already_drawn": drawn}
        k = 0
    elif past:
        told_first = in_order and k_item is not None and k_item.i < min(m.start for m in past)
        if k_item is None or not (_said_in_past(reading, k_item) or told_first):
            # "Deck has 1 card. I drew 1 earlier": is the 1 before or after that draw?
            raise Unclear("draw.before_or_after")
        if drawn > k:
            raise Unclear("draw.more_than_deck")
        extra = {"deck_before": k, "already_drawn": drawn}
        k -= drawn
        if emptied and k:
            raise Unclear("draw.before_or_after")   # "3 kart vardı, son kartımı çektim"
    if at_start:
        if n is not None or rest:
            return None
        # "destemde kart yok ve turum başladı": the Start Phase draws 1 (8.6.4)
        return Call({"deck_count": k, "n": 1, "at_start": True}, used={k_item.i} if k_item else set(),
                    defaults={"n"})
    if n is None and draw_step and len(reading.of("draw")) == 1 and _turn_starts(reading, rival):
        n = 1                           # "turun başında … çekme adımında": one card (8.6.4)
    if n is None:
        one = _one_card_near(reading, "draw", 2)
        if one is not None:
            n = 1                       # "bir kart çekersem", "draw a card"
            reading.consumed.add(one)
        elif k > 0:
            # "destemde 3 kart var, bir etki kart çektirirse": the count decides
            raise Unclear("econ.draw_count")
        else:
            n = 1
            assumptions.append(say(reading, "ask_assume.draw.one_card"))
    up_to = n_item is not None and any(0 <= n_item.i - m.end <= 1 for m in reading.of("up_to"))
    if picked is not None and (not up_to or picked.number > n):
        return None                     # a chosen count outside an "up to X" it fits
    if up_to:
        # "en fazla 3 kart çek": the player first chooses how many, then draws exactly
        # that many (11.5.2.2), so no more than the deck holds need be chosen.
        steps = [Step(R.DRAW_UP_TO, say(reading, "ask_step.draw.up_to", n=n))]
        if picked is not None:
            # "… 3 seçersem", "I pick 2": the number chosen is drawn, even past the deck
            return Call({**extra, "n": picked.number, "deck_count": k, "up_to": True},
                        assumptions, steps,
                        {x.i for x in (n_item, k_item, picked) if x is not None} | past_used)
        if n > k:
            assumptions.append(say(reading, "ask_assume.draw.up_to_capped", n=n, k=k))
            n = k
        return Call({**extra, "n": n, "deck_count": k, "up_to": True}, assumptions, steps,
                    {x.i for x in (n_item, k_item) if x is not None} | past_used)
    return Call({**extra, "n": n, "deck_count": k}, assumptions,
                used={x.i for x in (n_item, k_item) if x is not None} | past_used)


def _made_draw(reading: Reading, k: int, k_item: Item | None, drawn: int, in_order: bool,
               past: list[Match], past_used: set[int], rest: list[Item]) -> Call | None:
    """"destemde 2 kart var(dı), rakibim bana 2 kart çektirdi, kaybettim mi?": the draw asked
    about is the one already made, of `drawn` cards from a deck of `k`. A count said for
    before the draw ("vardı", told first) is run as it is; a count whose moment is not said
    is run only when both readings agree (it holds the cards drawn: before the draw nothing
    was missing, after it the draw had been made)."""
    if rest or not reading.has("lose"):
        return None
    used = {k_item.i} | past_used if k_item is not None else set(past_used)
    if k_item is None:
        if not _deck_emptied(reading, past):
            # "destem boş, kart çektim": empty before the draw or after it is not said
            raise Unclear("draw.before_or_after")
        # "son kartımı çektim": the deck held exactly what was drawn
        return Call({"n": drawn, "deck_count": drawn}, used=used)
    before = _said_in_past(reading, k_item) or (
        in_order and k_item.i < min(m.start for m in past))
    if before:
        return Call({"n": drawn, "deck_count": k}, used=used)
    if k < drawn:
        raise Unclear("draw.before_or_after")
    return Call({"n": drawn, "deck_count": k},
                [say(reading, "ask_assume.draw.either_count", k=k, n=drawn)], used=used)


_PICK_BETWEEN = ("to", "draw", "i", "only")


def _pick_words(reading: Reading) -> list[Match]:
    """The `choose` words that pick a count (the draw family's `pick_stems` cue data)."""
    from .lexicon import load_lexicon
    stems = tuple(load_lexicon().families["draw"].get("pick_stems", ()))
    return [m for m in reading.of("choose") if reading.items[m.start].key.startswith(stems)]


def _whole_words(reading: Reading) -> bool:
    """"hepsini", "all of them": a whole amount said with no number (draw `whole_stems`)."""
    from .lexicon import load_lexicon
    stems = tuple(load_lexicon().families["draw"].get("whole_stems", ()))
    return any(it.key.startswith(stems) for it in reading.items)


def _picked_count(reading: Reading) -> Item | None:
    """The count the player picks for "draw up to X" (11.5.2.2): a number right before a
    picking verb ("3 seçersem", "2'yi seçtim") or right after one, across "to draw" ("I
    choose 3", "if I pick to draw 2"). None without "up to" or without such a number."""
    if not reading.has("up_to"):
        return None
    items = reading.items
    found: list[Item] = []
    for m in _pick_words(reading):
        back = m.start - 1
        if back > 0 and "card" in reading.at(back) and items[back - 1].number is not None:
            back -= 1                   # "2 kart seçersem", "3 cards I pick"
        before = items[back] if back >= 0 else None
        if before is not None and before.number is not None and not before.sign \
                and before.clause == items[m.start].clause:
            found.append(before)
            continue
        for k in range(m.end, min(len(items), m.end + 3)):
            if items[k].number is not None and not items[k].sign:
                if items[k].clause == items[m.start].clause:
                    found.append(items[k])
                break
            if items[k].key not in _PICK_BETWEEN:
                break
    if len(found) != 1 or _previous_turn(reading, found[0].clause):
        return None                     # two picks, or one made in an earlier turn
    return found[0]


def _one_card_near(reading: Reading, concept: str, after: int, before_a_draw: bool = True) -> int | None:
    """The index of the article before a card word ("bir kart", "a card") in the clause of a
    `concept` cue, from 3 items before it to `after` items after it: "bir kart çekersem"
    (concept draw), "destemde bir kart var" (concept deck; with `before_a_draw` False, not
    when a draw follows the card word: "bir kart çekiyorum" is a draw, not the deck)."""
    items = reading.items
    for m in reading.of(concept):
        clause = items[m.start].clause
        for k in range(max(0, m.start - 3), min(len(items) - 1, m.end + after)):
            it, nxt = items[k], items[k + 1]
            if it.key in _ARTICLE_ONE and it.number is None and it.clause == clause \
                    and nxt.clause == clause and "card" in reading.at(nxt.i) \
                    and (before_a_draw or not any(
                        "draw" in reading.at(j) for j in range(k + 2, min(len(items), k + 4))
                        if items[j].clause == clause)):
                return k
    return None


# a turn word with the third person possessive ("turu", "turunun başında"): in a question
# about the rival alone, the rival's turn
_HIS_TURN = ("turu", "turunun", "turunda", "turuna", "turunu")


def _turn_starts(reading: Reading, rival: bool = False) -> bool:
    """"turum başladı", "at the start of my turn", "turumun başında": my turn starts (its
    Start Phase draws a card); the rival's turn only in a question about the rival alone."""
    items = reading.items
    owner = _turn_owner(reading)
    if owner is None and rival and any(items[t.start].key in _HIS_TURN for t in reading.of("turn")):
        owner = "rival"             # "rakibimin destesi boş ve turu başlıyor": his turn
    if (owner == "rival") != rival:
        return False
    return any(abs(s.start - t.start) <= 3 and items[s.start].clause == items[t.start].clause
               for s in reading.of("start") for t in reading.of("turn"))


_RAN_OUT = ("bitti", "bitmis", "tukendi", "tukenmis")


def _none_left_to_draw(reading: Reading) -> bool:
    """"No cards left" is the deck's only when the deck is named or the cards are the ones to
    draw ("çekecek kartım yok", "no cards left to draw"): "kartım kalmadı" alone may be the
    hand, where drawing loses nothing."""
    if not reading.has("none_left"):
        return False
    if reading.has("deck"):
        return True
    items = reading.items
    for none in reading.of("none_left"):
        for draw in reading.of("draw"):
            if 0 <= none.start - draw.end <= 1 and reading.language != "en":
                return True             # "çekecek kartım yok", "çekecek kartım kalmadı"
            between = [items[k].key for k in range(none.end, draw.start)]
            if 0 < draw.start - none.end <= 2 and between[-1:] == ["to"]:
                return True             # "no cards (left) to draw"
    return False


def _empty_deck(reading: Reading) -> bool:
    items = reading.items
    for m in reading.of("deck"):
        if _negated(reading, m.start, m.end, reach=3):
            return True
        near = range(max(0, m.start - 2), min(len(items), m.end + 2))
        if any("empty" in reading.at(k) for k in near):
            return True
        # "destem bitti", "rakibimin destesi tükenmiş": no card is left in it
        out = [k for k in range(m.end, min(len(items), m.end + 2))
               if items[k].key.startswith(_RAN_OUT) and items[k].clause == items[m.start].clause]
        # "my deck ran out", "his deck is out of cards"
        out += [k for k in range(m.end, min(len(items) - 1, m.end + 2))
                if items[k].key in ("ran", "run", "runs", "is") and items[k + 1].key == "out"
                and items[k].clause == items[m.start].clause for k in (k, k + 1)]
        if out:
            reading.consumed.update(out)
            return True
    return False


def _repeated(reading: Reading) -> bool:
    """"2 kez saldırırsa", "attacks 3 times", "twice": an action done more than once (not
    a power change given more than once: `_change_repeats`)."""
    counted = {k for _, words in _change_repeats(reading).values() for k in words}
    if any(m.start not in counted for m in reading.of("repeat")):
        return True
    for m in reading.of("times"):
        if m.start in counted:
            continue
        prev = reading.items[m.start - 1] if m.start > 0 else None
        if prev is not None and prev.number is not None and prev.number >= 2 \
                and prev.clause == reading.items[m.start].clause:
            return True
    return False


EXTRACT: dict[str, Callable[[Reading], Call | None]] = {
    "steal": extract_steal,
    "fight": extract_fight,
    "attack": extract_attack,
    "street_cred": extract_street_cred,
    "blocker": extract_blocker,
    "sell": extract_sell,
    "call": extract_call,
    "win": extract_win,
    "cost": extract_cost,
    "d20": extract_d20,
    "draw": extract_draw,
}

# Ties go to the family earlier in this list.
ORDER = ("timing", "react", "win", "steal", "fight", "draw", "d20", "call", "sell", "cost", "street_cred", "blocker",
         "attack")


def candidates(reading: Reading, lexicon: Lexicon) -> list[str]:
    """Families whose needs the reading meets, best first."""
    only: tuple[str, ...] | None = None
    if _repeated(reading):
        # "2 kez saldırırsa": quick rulings are for one action; a family about a rule
        # that speaks of repetition ("applied twice", 10.29.1) says so (REPEAT_OK).
        only = REPEAT_OK
        if not only:
            return []
    present = reading.concepts()
    if any(it.die == 20 for it in reading.items):
        present.add("d20")
    # "19 güçlü birim 3 güçlü birime saldırırsa": two powers and an attack make a fight,
    # unless the question is whether the attack is allowed at all; "... saldıran mağlup
    # olur mu?", "are both defeated?" ask the fight's outcome even as a yes/no question.
    counted = {k for _, words in _change_repeats(reading).values() for k in words}
    try:
        counted |= (_power_scale(reading) or (0, 0, set()))[2]
    except Unclear:
        pass
    powers = [it for it in reading.numbers if it.sign != "+" and not _counts_units(reading, it)
              and it.i not in counted and _role(reading, it, ("power",)) == "power"]
    pair = len(powers) >= 2 or (len(powers) == 1 and any(
        it.number == 2 and _counts_units(reading, it) for it in reading.numbers))
    fighting = present & {"attack", "attacker", "defender", "block", "fight", "defeat"}
    outcome = present & {"win", "lose", "defeat", "both", "result", "survive"}
    if pair and fighting and (outcome or not present & {"can", "yesno"}):
        present.add("two_powers")
    scored = []
    for name in ORDER:
        spec = lexicon.families.get(name)
        if not spec or (only is not None and name not in only):
            continue
        need = spec.get("need", [])
        if not all(present & set(group) for group in need):
            continue
        score = 3 * len(present & set(spec.get("key", []))) + len(present & set(spec.get("bonus", [])))
        scored.append((-score, ORDER.index(name), name))
    return [name for _, _, name in sorted(scored)]


# Trigger timing and the React Step live in their own module (issue 11 item 5), the
# largest of the families: imported only when a question reaches one of its two families
# (a steal count or a fight never loads it).
TIMING_KINDS = ("timing", "react")


def _extract_timing(reading: Reading) -> Call | None:
    from .family_timing import extract_timing
    return extract_timing(reading)


def _extract_react(reading: Reading) -> Call | None:
    from .family_timing import extract_react
    return extract_react(reading)


EXTRACT.update(timing=_extract_timing, react=_extract_react)


# Families kept in their own modules (judge_tool/ask/family_*.py): each gives NAME, FORMS
# (the question forms it answers, asked.ANSWERS), `extract(reading) -> Call | None` and
# `answer(question, call, reading) -> Answer` (it runs its own scenario on the engine). A
# module is imported only when a question reaches its family (the lexicon's `need`).
MODULES = {"deck_search": ("family_search", ("yesno", "count"), False),
           "replace": ("family_replace", ("yesno", "outcome", "none", "count"), True),
           "gear": ("family_gear", ("outcome", "yesno", "none", "count"), False),
           "phase_order": ("family_phaseorder", ("yesno",), False)}
OWN: dict[str, Callable] = {}
# "iki kez kart satabilir miyim": selling and calling are once a turn, so a repeated one is
# their own question (`_twice`)
REPEAT_OK: tuple[str, ...] = tuple(n for n, (_, _, again) in MODULES.items() if again) + (
    "sell", "call")


def _module(name: str):
    from importlib import import_module
    return import_module(f".{MODULES[name][0]}", __package__)


def _register() -> None:
    global ORDER
    from .asked import ANSWERS
    for name, (_, forms, _) in MODULES.items():
        EXTRACT[name] = lambda reading, _n=name: _module(_n).extract(reading)
        OWN[name] = lambda question, call, reading, _n=name: _module(_n).answer(
            question, call, reading)
        ANSWERS[name] = forms
        ORDER = ORDER + (name,)


_register()
