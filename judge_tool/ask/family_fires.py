"""`judge ask` (timing): does a keyword trigger fire on an event that is not its condition?

"Birimim bir etkiyle elime geri dönünce DEFEATED etkisi tetiklenir mi?" (no: a bounce is no
defeat, 11.19.1), "If an effect removes my unit from the game, does its DEFEATED effect go
off?" (no), "BLOCKER ile blokladım, birimimin ATTACK etkisi tetiklenir mi?" (no: a block is
no attack, 11.21.1), "I play my Legend with GO SOLO. Does its CALL effect trigger?" (no: only
the Call a Legend action is a call, 11.18.1).

Read into `{"case": "fires", "trigger": "DEFEATED" | "ATTACK" | "CALL", "event": "to_hand" |
"removed" | "bottom" | "block" | "go_solo"}`. The scenario makes the event happen to a card
that has the trigger; the value is whether the effect went pending in the run, and the
engine's own step (the trigger not met, citing what the keyword is shorthand for) is the
citation. Anything else (a flip by a card effect, which the engine has no action for; two
events; an event that is itself asked): None, so another case reads it or no ruling.
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

    from .lexicon import Reading

from .families import Call

# (trigger, event): the events read for each trigger
_EVENTS = {"DEFEATED": ("to_hand", "removed", "bottom", "deck", "defeat"), "ATTACK": ("block",),
           "CALL": ("go_solo", "from_legends", "called")}
_HAND_VERBS = ("gonder", "dondur", "don", "yolla")
_INSTEAD = ("instead", "yerine", "would", "replace", "ikame")
# anything asked beside "does it trigger?": when, with what, how, in which order
_OTHER_ASKED = ("ayni", "anda", "same", "time", "once", "together", "birlikte", "zaman",
                "exactly", "hangi", "which", "how", "nasil", "kac", "many", "sira", "order",
                "kim", "who", "what", "ne")


def _when_asked(reading: Reading) -> bool:
    """"When does …?" ("when" opening a sentence), "ne zaman": the moment is asked; "does
    it trigger when …?" is a condition, not that."""
    items = reading.items
    return any(it.key == "when" and (it.i == 0 or items[it.i - 1].part != it.part)
               for it in items)
_REMOVE_EN = ("remove", "removes", "removed", "exile", "exiles", "exiled")
_GAME_EN = ("game", "play")
_DECK = ("deck", "deste", "destenin", "destemin", "destesinin", "desteye")
# what the asking verb may be: "tetiklenir mi", "trigger?", "go off", "fire"
_FIRE_EN = ("fire", "fires", "fired")


def _events(reading: Reading) -> dict[str, list[int]]:
    """The events said, each with the words that say it."""
    items = reading.items
    keys = [it.key for it in items]
    out: dict[str, list[int]] = {}
    hand = [k for m in reading.of("return_hand") for k in range(m.start, m.end)]
    if reading.language != "en":
        # "elime (geri) gönderdi", "eline yolladı": the hand word, then a sending verb
        for m in reading.of("to_hand"):
            nxt = [j for j in range(m.end, min(len(keys), m.end + 2))
                   if keys[j].startswith(_HAND_VERBS) or keys[j] == "geri"]
            if nxt and keys[nxt[-1]].startswith(_HAND_VERBS):
                hand += [*range(m.start, m.end), *nxt]
    if hand:
        out["to_hand"] = hand
    removed = [k for m in reading.of("removed") for k in range(m.start, m.end)]
    if reading.language == "en":
        for i, key in enumerate(keys):
            if key in _REMOVE_EN:
                tail = [j for j in range(i + 1, min(len(keys), i + 6)) if keys[j] in _GAME_EN]
                if tail and keys[tail[0] - 1] in ("the", "of") and (
                        "from" in keys[i + 1:tail[0]]):
                    removed += [i, *range(tail[0] - 2, tail[0] + 1)]
    if removed:
        out["removed"] = sorted(set(removed))
    for m in reading.of("bottom"):
        near = [j for j in range(max(0, m.start - 2), min(len(keys), m.end + 3))
                if keys[j].startswith(_DECK)]
        if near:
            out.setdefault("bottom", []).extend([*range(m.start, m.end), *near])
    for m in reading.of("shuffle"):
        near = [j for j in range(max(0, m.start - 3), min(len(keys), m.end + 3))
                if keys[j].startswith(_DECK)]
        if near:
            out.setdefault("deck", []).extend([*range(m.start, m.end), *near])
    blocks = [k for m in reading.of("block") for k in range(m.start, m.end)]
    if blocks:
        out["block"] = blocks
    solo = [k for m in reading.of("go_solo") for k in range(m.start, m.end)]
    if solo:
        out["go_solo"] = solo
    plays = [m for m in reading.of("play") if not keys[m.start].startswith(("player", "oyuncu"))]
    area = [m for m in reading.of("legend")
            if any(keys[j] in ("area", "alanindan", "alanimdan") for j in range(m.end, min(
                len(keys), m.end + 2)))]
    if plays and area:
        # "Legends alanımdan oynarsam", "play it from my Legends area": to the field (4.5)
        out["from_legends"] = [*range(plays[0].start, plays[0].end),
                               *range(area[0].start, min(len(keys), area[0].end + 1))]
    calls = [k for m in reading.of("call") for k in range(m.start, m.end)]
    if calls and not plays:
        out["called"] = calls       # (the CALL keyword itself is taken out in extract)
    fought = [k for c in ("fight", "lose", "defeat") for m in reading.of(c)
              for k in range(m.start, m.end)]
    if fought:
        out["defeat"] = fought
    return out


def extract(reading: Reading, triggers: list[tuple[int, str]]) -> Call | None:
    """The `fires` case, or None."""
    from .family_timing import _asks_when, _yesno
    kinds = {kw for _, kw in triggers}
    if len(kinds) != 1 or not _yesno(reading) or _asks_when(reading) or reading.numbers:
        return None
    trigger = kinds.pop()
    items = reading.items
    asks_can = any("can" in reading.at(it.i) and "pending" not in reading.at(it.i) for it in items)
    negated = reading.has("negation") or any(
        it.key.endswith(("madan", "meden", "mazsa", "mezse")) or it.key in ("without", "not")
        or it.negated for it in items)
    if negated or trigger not in _EVENTS or reading.has("resolve") or reading.has("before") \
            or reading.has("after") or reading.has("first") or asks_can \
            or any(it.key in _INSTEAD + _OTHER_ASKED for it in items) or _when_asked(reading):
        return None
    fire_en = [it.i for it in items if it.key in _FIRE_EN]
    asking = [m.start for m in reading.of("pending")] + fire_en
    yesno = [it.i for it in items if "yesno" in reading.at(it.i)]
    if not asking or not yesno or not any(
            items[k].clause == items[yesno[-1]].clause for k in asking):
        return None                 # "… tetiklendi; Gear da çöpe gider mi?": another verb asked
    if any(reading.has(c) for c in ("gear", "trash", "move", "where")):
        return None                 # where a card goes, a Gear: never this case
    keyword = {i for i, _ in triggers}
    events = _events(reading)
    if "defeat" in events:
        # the keyword itself ("DEFEATED etkisi") is no defeat said
        events["defeat"] = [k for k in events["defeat"] if k not in keyword]
        if not events["defeat"] or trigger != "DEFEATED":
            del events["defeat"]
        elif not (reading.has("fight") and reading.has("lose")):
            return None             # defeated how? (a fight it lost is read; see _defeated_context)
    if "called" in events:
        events["called"] = [k for k in events["called"] if k not in keyword]
        if not events["called"] or trigger != "CALL" or reading.has("rival"):
            del events["called"]    # the keyword is no call; a rival's call: whose CALL?
    said = [e for e in events if e in _EVENTS[trigger]]
    others = [e for e in events if e not in _EVENTS[trigger]]
    if len(said) != 1 or others:
        return None
    event = said[0]
    keys = [it.key for it in items]
    first = min(events[event])
    by_effect = any(m.start - 1 not in keyword and m.start not in keyword and (
        m.start < first or keys[max(0, m.start - 2):m.start][:1] == ["by"])
        for c in ("effect", "program") for m in reading.of(c))
    if event == "removed" and not by_effect:
        # "oyundan çıkarılırsa": by what? a defeated GO SOLO Legend is removed too (11.25.1),
        # and that removal follows a defeat; only a removal said to be an effect's is read
        return None
    if trigger == "ATTACK" and (reading.has("attacker") or _attacks_said(reading, triggers)):
        return None                 # an attack said besides the block: whose ATTACK?
    words = events[event]
    if event == "from_legends":
        # "kapalı Legend'ımı", "my face-down Legend": as the scenario has it (a face-up one
        # was called already, or has GO SOLO)
        words = words + [k for m in reading.of("face_down") for k in range(m.start, m.end)]
    if event == "called":
        # "harcanmış Legend'ımı çağırırsam": a called Legend keeps its orientation (11.11.1.3)
        # and its CALL effect still triggers; the state word is read here
        words = words + [k for c in ("spent", "ready") for m in reading.of(c)
                         for k in range(m.start, m.end)]
    reading.consumed.update(words)
    reading.consumed.update(fire_en)
    reading.consumed.update(i + 1 for i in keyword if i + 1 < len(items)
                            and items[i + 1].key in ("keyword", "anahtar"))
    return Call({"case": "fires", "trigger": trigger, "event": event, "asked": "yesno"})


def _attacks_said(reading: Reading, triggers: list[tuple[int, str]]) -> bool:
    """An attack word other than the ATTACK keyword itself ("rakip saldırdı", "he attacks")."""
    keyword = {i for i, _ in triggers}
    return any(m.start not in keyword for m in reading.of("attack"))


_DO = {"to_hand": "return_to_hand", "removed": "remove", "bottom": "bottom_deck",
       "deck": "shuffle_into_deck"}


def scenario(args: dict[str, Any], title: str) -> dict[str, Any]:
    """The event happens to a card with the trigger (a stand-in draw effect)."""
    from .family_timing import (_ATTACKER, _BLOCKER, _DEFENDER, _LABELS, _attack, _base,
                                _effect, _program_on_defender)
    trigger, event = args["trigger"], args["event"]
    label = _LABELS[trigger]
    data = _base(title)
    if event in _DO:
        # A plays a Program in its Main Phase that bounces / removes / bottom-decks B's Unit
        _program_on_defender(data, _DO[event], label)
    elif event == "block":
        # A attacks B's Gig area; B blocks with a BLOCKER that has an ATTACK effect
        data["cards"] = {_ATTACKER: {"type": "unit", "power": 4},
                         _BLOCKER: {"type": "unit", "power": 1, "keywords": ["BLOCKER"],
                                    "effects": [_effect(label, "ATTACK")]}}
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": {"deck": 5, "field": [_BLOCKER], "gigs": ["d6=3"]}}
        data["actions"] = [_attack(reactions=[{"do": "block", "unit": _BLOCKER}])]
    elif event == "defeat":
        # A attacks B's spent Unit and loses the fight: A's Unit is defeated (9.19.1)
        data["cards"] = {_ATTACKER: {"type": "unit", "power": 3, "effects": [
            _effect(label, "DEFEATED")]}, _DEFENDER: {"type": "unit", "power": 6}}
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": {"deck": 5, "field": [{"card": _DEFENDER, "spent": True}]}}
        data["actions"] = [_attack(target=_DEFENDER)]
    elif event == "called":
        # A calls its face-down Legend (which has a CALL effect) in its Main Phase
        data["cards"] = {"Efsane": {"type": "legend", "effects": [_effect(label, "CALL")]}}
        data["state"] = {"turn_player": "A", "turn": 3,
                         "A": {"deck": 5, "legends": ["Efsane"], "eddies": 1}, "B": {"deck": 5}}
        data["actions"] = [{"do": "call", "legend": "Efsane", "pay": {"eddies": 1}}]
    elif event == "from_legends":
        # A plays its face-down Legend (which has a CALL effect) from the Legends area (4.5)
        data["cards"] = {"Efsane": {"type": "legend", "cost": 2, "power": 3,
                                    "effects": [_effect(label, "CALL")]}}
        data["state"] = {"turn_player": "A", "turn": 3,
                         "A": {"deck": 5, "legends": ["Efsane"], "eddies": 2}, "B": {"deck": 5}}
        data["actions"] = [{"do": "play", "card": "Efsane", "from": "legends",
                            "pay": {"eddies": 2}}]
    else:
        # A plays its face-up GO SOLO Legend (which has a CALL effect) to the field
        data["cards"] = {"Efsane": {"type": "legend", "cost": 2, "power": 3,
                                    "keywords": ["GO SOLO"], "effects": [_effect(label, "CALL")]}}
        data["state"] = {"turn_player": "A", "turn": 3,
                         "A": {"deck": 5, "legends": [{"card": "Efsane", "face_up": True}],
                               "eddies": 2}, "B": {"deck": 5}}
        data["actions"] = [{"do": "play", "card": "Efsane", "from": "legends",
                            "pay": {"eddies": 2}}]
    return data


_MEANS = {"DEFEATED": "DEFEATED_MEANS", "ATTACK": "ATTACK_MEANS", "CALL": "CALL_MEANS"}
_TRIGGER = {"DEFEATED": "DEFEATED_TRIGGER", "ATTACK": "ATTACK_TRIGGER", "CALL": "CALL_TRIGGER"}
_EVENT_RULES = {"to_hand": ("RESOLVE_IN_ORDER",), "removed": ("RESOLVE_IN_ORDER",),
                "deck": ("RESOLVE_IN_ORDER",), "bottom": ("BOTTOM_DECK",), "block": ("BLOCKER",),
                "go_solo": ("GO_SOLO",), "from_legends": (),
                "defeat": ("FIGHT_DEFEAT", "DEFEAT_TO_TRASH"), "called": ("CALL",)}


def on_engine(args: dict[str, Any], title: str) -> tuple[Any, list, str, Any]:
    from ..engine.cite import R
    from .family_timing import _LABELS, _not_modelled, _run, _steps
    label = _LABELS[args["trigger"]]
    means = getattr(R, _MEANS[args["trigger"]])
    pending = getattr(R, _TRIGGER[args["trigger"]])

    def read(run):
        fired = any(st.rule == pending and label in st.text for st in run.trace)
        return fired, {"legal": bool(run.outcome.legal)}
    value, run, text = _run(scenario(args, title), read)
    said = any(st.rule == means and label in st.text for st in run.trace)
    if not run.outcome.legal or value == said:
        # either it fired or the engine said why not: never both, never neither
        raise _not_modelled("whether the trigger fires")
    rules = tuple(getattr(R, r) for r in _EVENT_RULES[args["event"]]) + (means, pending)
    return value, _steps(run, rules), text, run


def lines(args: dict[str, Any], m) -> tuple[list[str], list[str]]:
    from .family_timing import trigger_line
    return [trigger_line(m, args["trigger"]), m(f"ask_fires.event_{args['event']}"),
            m("ask_fires.asked")], []


def line(args: dict[str, Any], value: Any, run, m) -> str:
    if value:
        return m("ask_timing.yes") + ": " + m(f"ask_fires.fires_{args['trigger'].lower()}")
    why = "why_call_legends" if args["event"] == "from_legends" else \
        f"why_{args['trigger'].lower()}"
    return m("ask_timing.no") + ": " + m(f"ask_fires.{why}")
