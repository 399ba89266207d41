"""`judge ask` (react): which step follows the React Step once it is over.

"Rakibim Gig alanıma saldırdı ve Tepki Adımını bitirdim; Çatışma Adımına geçilir mi?" (no: a
Gig area attacked goes on to the Steal Step), "rakip harcanmis birimime saldirdi tepki adimi
bitti, calma adimi olur mu" (no: a Unit attacked is fought), "I ended the React Step; does the
fight happen?" with the target said. When the React Step ends the attack goes on to the Fight
Step if its target is a Unit, to the Steal Step if it is a Gig area (9.14, 9.15, 9.21).

Read into `{"case": "next_step", "target": "unit" | "gigs", "asked": "fight" | "steal"}` only
when the attack's target is said once, the React Step is said to be over, one of the two steps
is asked about and nothing else happened (no reaction, no Unit leaving: other cases read those).
The scenario runs the attack with the React Step ended at once; the value is whether the run
reached the step asked about, and the engine's steps are the citations.
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

    from .lexicon import Reading

from .families import Call

# anything that changes the attack or acts in the step: read by the other react cases
_OTHER = ("block", "quick", "call", "program", "play", "effect", "activate", "several",
          "how_many", "field", "defeat", "return_hand", "removed", "pending", "resolve", "gear",
          "legend", "sell", "win", "lose", "power", "who", "what", "negation", "lag", "twice")


_STEP_VERBS = ("gec", "olur", "olacak", "yasan", "gelir", "baslar", "happen", "occur", "follow",
               "take", "start", "begin")


def extract(reading: Reading) -> Call | None:
    from .family_timing import _nothing_done, _yesno
    if not (reading.has("end_step") and reading.has("react") and reading.has("attack")) \
            or reading.numbers or not _yesno(reading):
        return None
    before = set(reading.consumed)
    _nothing_done(reading)      # "ended it without doing anything": no reaction taken
    call = _read(reading)
    if call is None:
        reading.consumed.intersection_update(before)
    return call


def _read(reading: Reading) -> Call | None:
    from .family_timing import _spent_target
    if any(reading.has(c) for c in _OTHER if c != "negation") or any(
            m.start not in reading.consumed for m in reading.of("negation")):
        return None
    asked = [c for c in ("fight", "steal") if reading.has(c)]
    if len(asked) != 1:
        return None
    gigs, units = reading.has("gig_area"), reading.has("unit")
    if gigs == units:
        return None             # the target not said, or said twice
    ended = [m.start for m in reading.of("end_step")]
    step = asked[0]
    if not all(m.start > max(ended) for m in reading.of(step)):
        return None             # the step asked about comes after the React Step's end
    if step == "steal" and not any(m.end < len(reading.items) and "step" in reading.at(m.end)
                                   for m in reading.of("steal")):
        return None             # "is a Gig stolen?": that also takes the power (9.23.2.1)
    _spent_target(reading)      # "harcanmış birimime saldırdı": every attacked Unit is spent
    said = {k for m in reading.of(step) for k in range(m.start, m.end)}
    # the verb of the step asked: "Çatışma Adımına geçilir mi", "çalma adımı olur mu",
    # "does the fight happen" (read with it)
    last = max(said)
    for k in (last + 1, last + 2, last + 3):
        # "Çatışma Adımına mı geçilir": the step word and the particle may come between
        if k < len(reading.items) and reading.items[k].key.startswith(_STEP_VERBS):
            said.add(k)
            break
    reading.consumed.update(said)
    return Call({"case": "next_step", "target": "gigs" if gigs else "unit", "asked": step},
                used=said)


def scenario(args: dict[str, Any], title: str) -> dict[str, Any]:
    """A attacks B's spent Unit or B's Gig area; B ends the React Step with no reaction."""
    from .family_timing import _ATTACKER, _DEFENDER, _attack, _base
    data = _base(title)
    data["cards"] = {_ATTACKER: {"type": "unit", "power": 4}, _DEFENDER: {"type": "unit", "power": 2}}
    data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                     "B": {"deck": 5, "gigs": ["d6=3"],
                           "field": [{"card": _DEFENDER, "spent": True}]}}
    target = _DEFENDER if args["target"] == "unit" else "gigs"
    data["actions"] = [_attack(target=target, reactions=[{"do": "end"}])]
    return data


def on_engine(args: dict[str, Any], title: str) -> tuple[Any, list, str, Any]:
    from ..engine.cite import R
    from .family_timing import _not_modelled, _run, _step_index, _steps
    rule = R.FIGHT_ONLY_UNIT if args["asked"] == "fight" else R.STEAL_ONLY_GIGS

    def read(run):
        return _step_index(run, rule) is not None, {"legal": bool(run.outcome.legal)}
    value, run, text = _run(scenario(args, title), read)
    if not run.outcome.legal or _step_index(run, R.REACT_NEXT) is None:
        raise _not_modelled("the step after the React Step")
    steps = _steps(run, (R.REACT_END, R.REACT_NEXT, R.FIGHT_ONLY_UNIT, R.STEAL_ONLY_GIGS))
    return value, steps, text, run


def lines(args: dict[str, Any], m) -> tuple[list[str], list[str]]:
    return [m(f"ask_nextstep.target_{args['target']}"), m("ask_nextstep.ended"),
            m(f"ask_nextstep.asked_{args['asked']}")], []


def line(args: dict[str, Any], value: Any, run, m) -> str:
    head = m("ask_timing.yes") if value else m("ask_timing.no")
    return f"{head}: " + m(f"ask_nextstep.why_{args['target']}")
