"""`judge ask` (react): a reaction takes the attacker or the defending Unit off the field.

"Tepki Adımında QUICK programımla saldıran birimi mağlup ettim; çatışma yine de olur mu?"
(no), "My QUICK program bounced the attacking unit back to its owner's hand during the React
Step. Does it still steal my gigs?" (no), "savunan birimimi elime geri aldım, saldırı devam
eder mi?" (no): with either Unit of the attack gone from the field, the attack is over
(9.13, 9.26.1, 9.26.2), so nothing is fought over and no Gig changes hands.

The question is read into `{"case": "react_leave", "who": "attacker" | "defender", "how":
"defeat" | "return_hand" | "removed", "asked": "fight" | "steal" | "continue"}`. The
scenario has the defending player play a QUICK Program in the React Step whose effect does
that to the Unit; the value is read from the run (a fight, Gigs stolen, the attack ended
at 9.13). Anything else: None (the other react cases read the question, or no ruling).
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

    from .lexicon import Reading

from .families import Call

_HOW = ("defeat", "return_hand", "removed")
_ASKED = (("fight", "fight"), ("steal", "steal"), ("continue", "continue"))
# "still", "hâlâ", "yine de": the attack goes on *still*? (read with the question)
_STILL = ("still", "hala", "halen")
_PLAYER = ("oyuncu", "player")
_LIGHT_VERB = ("et", "ed")


def _removal(reading: Reading) -> tuple[str, list[int]] | None:
    """How the Unit left the field and the removal words: one kind only."""
    found = {c: reading.of(c) for c in _HOW if reading.of(c)}
    if len(found) != 1:
        return None
    how, matches = next(iter(found.items()))
    words = [k for m in matches for k in range(m.start, m.end)]
    nxt = max(words) + 1
    if reading.language != "en" and nxt < len(reading.items) and \
            reading.items[nxt].key.startswith(_LIGHT_VERB):
        words.append(nxt)           # "mağlup ettim / edersem / edebilir": the light verb
    return how, words


def _role(reading: Reading, words: list[int]) -> tuple[str, int] | None:
    """The Unit removed: "saldıran birimi", "the attacking unit", "savunan birimimi", "the
    defending unit", said in the removal's clause (never "the attacking player")."""
    items = reading.items
    clause = items[words[0]].clause
    roles = []
    for concept in ("attacker", "defender"):
        for m in reading.of(concept):
            if items[m.start].clause != clause:
                continue
            nxt = items[m.end].key if m.end < len(items) else ""
            if nxt.startswith(_PLAYER) or items[m.start].key.startswith(_PLAYER):
                return None
            roles.append((concept, m.start))
    if len({r for r, _ in roles}) != 1:
        return None
    return roles[0]


def _asked(reading: Reading, clause: int) -> str | None:
    """What the asking clause asks: the fight, the steal or the attack going on."""
    items = reading.items
    asked = {name for concept, name in _ASKED
             if any(items[m.start].clause == clause for m in reading.of(concept))}
    if len(asked) != 1:
        return None
    return asked.pop()


def extract(reading: Reading) -> Call | None:
    if not (reading.has("react") or reading.has("quick")) or reading.numbers:
        return None
    removal = _removal(reading)
    if removal is None:
        return None
    how, words = removal
    role = _role(reading, words)
    if role is None:
        return None
    who, at = role
    items = reading.items
    asking = [it.clause for it in items if reading.at(it.i) & {"yesno", "can"}]
    end = max(words) + 1
    if not asking or any("can" in reading.at(k) for k in range(words[0], min(len(items), end + 1))):
        return None                 # "can I defeat the attacker?": the removal is asked
    asked = _asked(reading, asking[-1])
    if asked is None or not any(items[m.start].clause == asking[-1] and m.start >= end
                                for concept, _ in _ASKED for m in reading.of(concept)):
        return None                 # what is asked comes after the removal said
    target = "unit" if who == "defender" or asked == "fight" else "gigs"
    if who == "defender" and (reading.has("gig_area") or asked == "steal"):
        return None                 # a defending Unit and a Gig area attacked: which?
    reading.consumed.update(words)
    reading.consumed.update(range(at, at + 1))
    for concept, _ in _ASKED:
        for m in reading.of(concept):
            if items[m.start].clause == asking[-1]:
                reading.consumed.update(range(m.start, m.end))
    reading.consumed.update(it.i for it in items if it.key in _STILL)
    return Call({"case": "react_leave", "who": who, "how": how, "asked": asked,
                 "target": target})


_DO = {"defeat": "defeat", "return_hand": "return_to_hand", "removed": "remove"}


def scenario(args: dict[str, Any], title: str) -> dict[str, Any]:
    """A attacks with "Saldıran" (B's Gig area or B's spent "Savunan"); in the React Step
    B plays a QUICK Program that takes the Unit asked about off the field."""
    from .family_timing import _ATTACKER, _DEFENDER, _attack, _base
    unit = "rival_unit" if args["who"] == "attacker" else "friendly_unit"
    program = {"type": "program", "cost": 1, "keywords": ["QUICK"], "effects": [
        {"label": "QUICK Program", "do": [{"do": _DO[args["how"]], "target": unit}]}]}
    cards: dict[str, Any] = {_ATTACKER: {"type": "unit", "power": 4},
                             "QUICK Program": program}
    state: dict[str, Any] = {"turn_player": "A", "turn": 3,
                             "A": {"deck": 5, "field": [_ATTACKER]},
                             "B": {"deck": 5, "gigs": ["d6=3"], "eddies": 1,
                                   "hand": ["QUICK Program"]}}
    target = "gigs"
    if args["target"] == "unit":
        cards[_DEFENDER] = {"type": "unit", "power": 2}
        state["B"]["field"] = [{"card": _DEFENDER, "spent": True}]
        target = _DEFENDER
    reaction = {"do": "play", "card": "QUICK Program", "pay": {"eddies": 1}}
    data = _base(title)
    data.update(cards=cards, state=state, actions=[_attack(target, reactions=[reaction])])
    return data


def on_engine(args: dict[str, Any], title: str) -> tuple[Any, list, str, Any]:
    from ..engine.cite import R
    from .family_timing import _run, _step_index, _steps

    def read(run):
        ended = _step_index(run, R.REACT_LEFT_FIELD) is not None
        value = {"fight": bool(run.outcome.fights), "steal": run.outcome.stolen > 0,
                 "continue": not ended}[args["asked"]]
        return value, {"legal": bool(run.outcome.legal), "stolen": run.outcome.stolen}
    value, run, text = _run(scenario(args, title), read)
    if not run.outcome.legal:
        from .family_timing import _not_modelled
        raise _not_modelled("a reaction that takes a Unit off the field")
    steps = _steps(run, (R.REACT_QUICK_PROGRAM, R.REACT_LEFT_FIELD, R.END_ATTACKER_GONE,
                         R.END_TARGET_GONE))
    return value, steps, text, run


def lines(args: dict[str, Any], m) -> tuple[list[str], list[str]]:
    return [m(f"ask_react.leave_{args['who']}_{args['how']}"),
            m(f"ask_react.leave_asked_{args['asked']}")], [m("ask_timing.assumed_defender")]


def line(args: dict[str, Any], value: Any, run, m) -> str:
    head = m("ask_timing.yes") if value else m("ask_timing.no")
    return f"{head}: " + m("ask_react.leave_ends")
