"""`judge ask` family: the order of the steps of the Start Phase and of the end of a turn
(official 8.6, 8.16-8.18). "Tur başında kartlarım hazırlanmadan önce mi kart çekerim?",
"7 Gig kontrolü tur başı etkilerinden önce mi yapılır?", "At the end of my turn, are
'this turn' effects removed before my end of turn effects resolve?", "Uzatma tur sonu
etkileri çözülmeden önce mi başlar?".

The question must name exactly two steps of one of the two moments and ask, yes or no,
whether the one comes before (or after) the other. The answer is read from a run of the
engine's Start Phase (or end of turn): the order in which the engine took the two steps.
Anything else (a step not named exactly, "which comes first?", a third step) is left to the
other families or to no ruling.
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from .families import Call
from .family_util import answer as make_answer
from .family_util import deciding, run, words, yes_no
from .lexicon import Reading

NAME = "phase_order"
FORMS = ("yesno",)
REPEAT_OK = False

# the steps: name -> (moment, the engine's rule for it)
START, END = "start", "end"
STEPS = {"win": (START, "8.6.1"), "remove_next": (START, "8.6.2.1"),
         "start_effects": (START, "8.6.2.2"), "ready": (START, "8.6.3"),
         "draw": (START, "8.6.4"), "roll": (START, "8.6.5.1"),
         "end_effects": (END, "8.16.1"), "this_turn": (END, "8.16.2"),
         "overtime": (END, "8.17")}
_ROLL_TR = ("atar", "atabil", "atma", "attim", "atiyor", "atilir", "atilma", "atip", "atinca")
_ABLATIVE = ("den", "dan", "ten", "tan", "meden", "madan")
_CHECK_EN = ("check", "checked", "checks")
_PARTICLES = ("mi", "mu", "mı", "mü")     # "Gig zarı mı atarım": the roll's verb after it
_THIS = ("this", "bu")
_ARTICLES = ("a", "an", "one", "bir")
# what the timing family asks of a start of turn effect ("… kart çekmeden önce mi çözülür?")
_TIMING_ASKS = ("draw", "roll")


def _near(reading: Reading, i: int, concept: str, back: int, ahead: int = 0) -> list[int]:
    return [k for k in range(max(0, i - back), min(len(reading.items), i + ahead + 1))
            if concept in reading.at(k)]


def _effect_step(reading: Reading, i: int) -> tuple[str, list[int]] | None:
    """Which effects an effect word names: start-of-turn ones ("tur başı etkileri", "start
    of turn effects"), ones lasting "until the start of your next turn", end-of-turn ones,
    "this turn" ones; with the words that say so."""
    items = reading.items
    keys = [it.key for it in items]
    back = range(max(0, i - 6), i)
    if any("next" in reading.at(k) for k in back) and any(
            "lasting" in reading.at(k) for k in back) and any(
            "start" in reading.at(k) for k in back):
        return "remove_next", [k for k in back if reading.at(k) & {
            "next", "lasting", "start", "turn", "each"} or keys[k] in ("of", "the", "your", "my")]
    close = range(max(0, i - 3), i)
    if any("end_turn" in reading.at(k) for k in close):
        return "end_effects", [k for k in close if reading.at(k) & {"end_turn", "turn", "end_step"}
                               or keys[k] in ("of", "my", "your", "the")]
    this = [k for k in close if keys[k] in _THIS and k + 1 < i and "turn" in reading.at(k + 1)]
    if this:
        return "this_turn", [k for k in range(this[0], i)]
    if any("start" in reading.at(k) for k in close) and any("turn" in reading.at(k) for k in close):
        if any(k in ("next", "sonraki") for k in keys[max(0, i - 6):i]):
            return None
        return "start_effects", [k for k in close if reading.at(k) & {"start", "turn", "pending"}
                                 or keys[k] in ("of", "my", "your", "the")]
    return None


def _steps(reading: Reading) -> list[tuple[int, str, list[int]]] | None:
    """(index, step, words) of each step the question names, in question order; None when
    something reads as a step of this kind but not exactly."""
    items = reading.items
    keys = [it.key for it in items]
    out: list[tuple[int, str, list[int]]] = []
    for it in items:
        i, at = it.i, reading.at(it.i)
        if "effect" in at:
            found = _effect_step(reading, i)
            if found is None:
                return None
            out.append((i, found[0], found[1]))
        elif at & {"ready", "ready_step"}:
            words = [k for k in range(i + 1, min(len(items), i + 4))
                     if reading.at(k) & {"spent", "card"} or keys[k] in ("my", "all", "eddies")]
            if reading.language != "en":
                # "kartlarımı hazırlamadan": the object before the Turkish verb
                words += [k for k in range(max(0, i - 2), i)
                          if reading.at(k) & {"spent", "card"} and "effect" not in reading.at(k)]
            out.append((i, "ready", words))
        elif "draw" in at and not (i + 1 < len(items) and "draw" in reading.at(i + 1)):
            out.append((i, "draw", [k for k in range(max(0, i - 2), i) if reading.at(k) & {"card", "deck"}
                                    and (k == i - 1 or reading.at(k + 1) & {"card", "deck"})]))
        elif "overtime" in at:
            out.append((i, "overtime", []))
        elif it.number == 7 and i + 1 < len(items) and "gig" in reading.at(i + 1):
            check = [k for k in (i + 2,) if k < len(items) and (
                "phase_check" in reading.at(k) or keys[k] in _CHECK_EN)]
            out.append((i, "win", [i + 1] + check))
        elif "phase_check" in at and i and "win" in reading.at(i - 1):
            out.append((i, "win", [i - 1]))
        elif keys[i] in _CHECK_EN and i and "win" in reading.at(i - 1):
            out.append((i, "win", [i - 1]))
        elif "fixer" in at or (keys[i].startswith(_ROLL_TR) and i and (reading.at(i - 1) & {
                "gig", "dice"} or (i > 1 and keys[i - 1] in _PARTICLES and reading.at(i - 2) & {
                "gig", "dice"}))) or (keys[i] in ("roll", "rolled", "rolls") and any(
                reading.at(k) & {"gig", "dice"} for k in range(max(0, i - 2), min(len(items), i + 4)))):
            # "roll in a Gig", "is my Gig rolled in": the Gig and the word "in"
            out.append((i, "roll", [k for k in range(max(0, i - 2), min(len(items), i + 4))
                                    if reading.at(k) & {"gig", "dice"} or (
                                        k == i + 1 and keys[k] == "in")]))
    # a step said with two words ("fixer alanından Gig atmadan", "kart çekmeden"): once
    merged: list[tuple[int, str, list[int]]] = []
    for step in out:
        if merged and merged[-1][1] == step[1] and step[0] - max([merged[-1][0]] + merged[-1][2]) <= 6 \
                and items[step[0]].clause == items[merged[-1][0]].clause:
            merged[-1] = (merged[-1][0], step[1], merged[-1][2] + [step[0]] + step[2])
            continue
        merged.append(step)
    return merged


def _order_asked(reading: Reading, steps: list[tuple[int, str, list[int]]]) -> tuple[
        str, str, str, list[int]] | None:
    """(the step asked about, "before"/"after", the step it is compared with, the marker
    words) or None."""
    keys = [it.key for it in reading.items]
    (i, a, wa), (j, b, wb) = steps
    if reading.language == "en":
        marks = [k for k, key in enumerate(keys) if key in ("before", "after")]
        if len(marks) != 1 or not i < marks[0] < j:
            return None
        return a, keys[marks[0]], b, marks
    marks = [k for k, key in enumerate(keys) if key in ("once", "sonra")]
    if len(marks) == 1:
        m = marks[0]
        # "kart çekmeden önce", "tur başı etkilerinden sonra": the step with "-den" / "-meden"
        # right before the word is the one compared with
        if m == 0 or not keys[m - 1].endswith(_ABLATIVE):
            return None
        near = [(k, s) for k, s, w in steps if m - 3 <= max([k] + w) < m or m - 3 < k < m]
        if len(near) > 1:
            # "7 Gig kontrolü kart çekmeden önce": the step whose word is right before "önce"
            near = [(k, s) for k, s, w in steps if m - 1 in [k] + w]
        if len(near) != 1:
            return None
        ref = near[0][1]
        other = b if ref == a else a
        return other, "before" if keys[m] == "once" else "after", ref, marks
    if len(marks) == 2 and keys[marks[0]] == "once" and keys[marks[1]] == "sonra" \
            and marks[0] < i < marks[1] < j and not keys[marks[1] - 1].endswith(_ABLATIVE):
        return a, "before", b, marks             # "önce X, sonra mı Y?"
    return None


def extract(reading: Reading) -> Call | None:
    from .asked import asked_form
    if asked_form(reading) != "yesno":
        return None                 # "Do I …?", "Can I roll in … before …?": yes or no
    steps = _steps(reading)
    if not steps or len(steps) != 2 or steps[0][1] == steps[1][1]:
        return None
    moments = {STEPS[s][0] for _, s, _ in steps}
    if len(moments) != 1:
        return None
    asked = _order_asked(reading, steps)
    if asked is None:
        return None
    subject, relation, ref, marks = asked
    if subject == "start_effects" and ref in _TIMING_ASKS:
        return None     # "does the start of turn effect resolve before I draw?": the timing family's
    # the one number a question of this kind may hold is the 7 of "7 Gig kontrolü"; "a Gig",
    # "bir Gig" is the article
    articles = {it.i for it in reading.numbers if it.number == 1 and it.key in _ARTICLES
                and it.i + 1 < len(reading.items) and reading.at(it.i + 1) & {"gig", "dice", "card"}}
    if any(it.i not in articles and (it.number != 7 or not any(it.i == k for k, s, _ in steps))
           for it in reading.numbers):
        return None
    reading.consumed.update(marks)
    # "Başlangıç aşamasında / fazında", "in the start phase": the phase the steps are in
    reading.consumed.update(it.i for it in reading.items if it.i and (
        it.key.startswith(("asama", "faz")) or it.key == "phase") and "start" in reading.at(it.i - 1))
    for k, _s, w in steps:
        reading.consumed.add(k)
        reading.consumed.update(w)
    # the verb of the step ("hazırlanır", "kalkar", "removed", "başlar", "yapılır")
    reading.consumed.update(it.i for it in reading.items if it.key.endswith(_ABLATIVE) and any(
        it.i - 1 == max([k] + w) for k, _s, w in steps) and (reading.at(it.i) & {"resolve", "draw"}
                                                             or it.key.startswith("kalk")))
    used = {it.i for it in reading.numbers}      # the 7 of the check, the articles
    return Call({"subject": subject, "relation": relation, "ref": ref,
                 "moment": moments.pop()}, used=used)


def _scenario(args: dict[str, Any], question: str) -> dict[str, Any]:
    """The asker's turn at its start (a spent Unit with a start-of-turn effect, a Gig to
    roll in) or at its end (a Unit with an end-of-turn effect): the steps run in order."""
    effect = {"label": "Etki", "trigger": "START_OF_TURN" if args["moment"] == START
              else "END_OF_TURN", "do": [{"do": "draw", "n": 1}]}
    data: dict[str, Any] = {"title": question[:120] or "judge ask", "question": question[:300] or "?", "cards": {
        "Birim": {"type": "unit", "power": 1, "effects": [effect]}}}
    a: dict[str, Any] = {"deck": 5, "field": [{"card": "Birim", "spent": True}],
                         "gigs": ["d6=3"]}
    if args["moment"] == START:
        a["fixer"] = ["d8"]
        data["rolls"] = [{"player": "A", "die": "d8", "value": 5}]
        data["state"] = {"turn_player": "A", "turn": 3, "phase": "start", "A": a,
                         "B": {"deck": 5, "gigs": ["d4=2"]}}
        data["actions"] = [{"do": "start_phase"}]
    else:
        data["state"] = {"turn_player": "A", "turn": 3, "A": a,
                         "B": {"deck": 5, "gigs": ["d4=2"]}}
        data["actions"] = [{"do": "pass"}]
    return data


def answer(question: str, call: Call, reading: Reading):
    from .scenario_build import NotModelled
    args = call.args
    subject, ref = args["subject"], args["ref"]
    rules = {s: STEPS[s][1] for s in (subject, ref)}

    def first_at(result, rule: str) -> int | None:
        return next((n for n, st in enumerate(result.trace) if st.rule == rule), None)

    def expect_of(result) -> dict:
        # the run's end (the effect drew, the turn's draw): what `judge check` re-runs to;
        # the two steps' rules must be in its trace
        return {"cites": sorted(set(rules.values())), "resolved": list(result.outcome.resolved),
                "A": {"deck_count": len(result.state.players["A"].deck)}}

    result, text = run(_scenario(args, question), expect_of)
    at = {s: first_at(result, r) for s, r in rules.items()}
    if None in at.values() or result.outcome.winner is not None:
        raise NotModelled("scenario.no_deciding_rule")
    earlier = at[subject] < at[ref]
    value = earlier if args["relation"] == "before" else not earlier
    m = words(reading)
    first, then = (subject, ref) if earlier else (ref, subject)
    line = f"{yes_no(reading, value)}: " + m("ask_phase.order", first=m(f"ask_phase.step_{first}"),
                                              then=m(f"ask_phase.step_{then}"))
    parent = "8.6" if args["moment"] == START else "8.16"
    steps = deciding(result, tuple(sorted(set(rules.values()))))
    head = [st for st in result.trace if st.rule == parent][:1]
    understood = [m("ask_phase.moment_" + args["moment"]),
                  m("ask_phase.asked_" + args["relation"], step=m(f"ask_phase.step_{subject}"),
                    other=m(f"ask_phase.step_{ref}"))]
    return make_answer(question, NAME, reading, value, line, head + steps, understood, text,
                       call.assumptions)
