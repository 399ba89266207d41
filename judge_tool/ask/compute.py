"""Turning a recognised question into an answer: the engine computes the value and the
trace; this module only words the one-line answer around it."""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from . import Answer
from .families import Call
from .asked import asked_form, asks_loser
from .lexicon import Reading
from .say import Reason, messages_for, say, yes_no


def _engine():
    """The engine's pure rule functions (`judge_tool.engine`, or its `rules_math` module)."""
    from .. import engine
    if hasattr(engine, "steal_count"):
        return engine
    from ..engine import rules_math
    return rules_math


def _unique(ids) -> list[str]:
    return list(dict.fromkeys(ids))


def _shown(power: int) -> str:
    return f"{power}→0" if power < 0 else str(power)


def _fight(eng, args: dict, reading: Reading, trace: list) -> tuple[Any, str]:
    a, d = args["attacker_power"], args["defender_power"]
    value = eng.fight_result(a, d)
    defeats = None
    if hasattr(eng, "fight_defeats"):
        defeats = eng.fight_defeats(a, d, trace=trace)   # the result plus the 0-power rule
    else:
        eng.fight_result(a, d, trace=trace)
    sa, sd = _shown(a), _shown(d)
    key = {"attacker": "attacker_wins", "defender": "defender_wins", None: "tie"}.get(value)
    line = say(reading, f"ask_answer.fight.{key}", a=sa, d=sd) if key else str(value)
    if not isinstance(defeats, tuple) or len(defeats) != 2:
        return value, line
    attacker_defeated, defender_defeated = defeats
    losers = {"attacker": (False, True), "defender": (True, False)}.get(value, (True, True))
    spared = any(lost and not defeated for lost, defeated in
                 zip(losers, (attacker_defeated, defender_defeated)))
    if reading.has("defeat") or spared:
        # Losing and being defeated differ only where a 0-power Unit is involved (9.19.2).
        if attacker_defeated and defender_defeated:
            said = "both_defeated"
        elif attacker_defeated or defender_defeated:
            said = "attacker_defeated" if attacker_defeated else "defender_defeated"
        else:
            said = "none_defeated"
        line = f"{line}; {say(reading, f'ask_answer.fight.{said}')}"
    for side, power, lost, defeated in (("attacker", a, losers[0], attacker_defeated),
                                        ("defender", d, losers[1], defender_defeated)):
        if lost and defeated and power <= 0:
            # 9.19.2 stops a 0-power Unit from defeating, it does not protect one.
            trace.append(eng.Step(eng.R.FIGHT_ZERO_POWER,
                                  say(reading, f"ask_answer.fight.zero_power_{side}")))
    return value, line


def answer(question: str, kind: str, call: Call, reading: Reading) -> Answer:
    from .families import OWN, TIMING_KINDS
    if kind in OWN:                 # a family in its own module runs its own scenario
        return OWN[kind](question, call, reading)
    if kind in TIMING_KINDS:
        from .family_timing import answer as timing_answer
        return timing_answer(question, kind, call, reading)
    eng = _engine()
    trace: list = list(call.steps)          # the family's working (a Gear, "up to X")
    args = call.args
    value: Any
    if kind == "steal" and (args.get("blocked") or args.get("target") == "unit"):
        # Blocked, or a Unit attacked: the target is a Unit, there is a Fight Step and no
        # Steal Step (9.15, 9.21); the engine runs it.
        stolen = value = 0
        line = ""
    elif kind == "steal":
        stolen = eng.steal_count(args["power"], args.get("dice_present"), trace=trace)
        value = stolen
        line = say(reading, "ask_answer.steal.count_one" if value == 1 else
                   "ask_answer.steal.count", n=value)
        if args.get("remaining"):
            # "rakipte kaç Gig kalır": what the steal leaves of the Gigs there.
            dice = args["dice_present"]
            value = dice - stolen
            # the attacked Gig area's side: the rival's, or mine when the rival attacks me
            mine = "ask_combat.steal_left_mine" if args.get("defending") == "me" else "ask_answer.steal.left"
            line = say(reading, mine + "_one" if value == 1 else mine, n=value, dice=dice,
                       stolen=stolen)
    elif kind == "fight" and any(k in args for k in FIGHT_EFFECTS):
        value, line = ENGINE_DECIDES, ""    # card effects said in words: the engine runs them
    elif kind == "fight":
        value, line = _fight(eng, args, reading, trace)
    elif kind == "attack" and (args.get("rival_turn") or args.get("own_target")):
        value = ENGINE_DECIDES          # attacking outside one's Main Phase: the engine says
        line = ""
    elif kind == "attack":
        # the earlier attack is the run's to declare; here it only left the Unit spent
        verdict = eng.can_attack(**{k: v for k, v in args.items() if k != "attacked"}, trace=trace)
        value = bool(verdict)
        line = say(reading, "ask_answer.attack.yes" if value else "ask_answer.attack.no")
    elif kind in ENGINE_ONLY:
        value, line = None, ""          # only the engine's procedure decides
    elif kind == "street_cred":
        value = eng.street_cred(_after_steal(args), trace=trace)
        if value is None:
            line = say(reading, "ask_answer.street_cred.null")
        else:
            line = say(reading, "ask_answer.street_cred.value", n=value)
    elif kind == "cost":
        value = eng.payable_cost(args["cost"], args.get("reduction", 0), args.get("free", False),
                                 trace=trace)
        line = say(reading, "ask_answer.cost.amount", n=value)
    elif kind == "d20":
        value = eng.may_choose_d20(args["fixer_dice"], trace=trace,
                                  unnamed=args.get("fixer_unnamed", 0))
        line = say(reading, "ask_answer.d20.yes" if value else "ask_answer.d20.no")
    elif kind == "draw":
        value = eng.draw_loses(args["n"], args["deck_count"], trace=trace)
        line = say(reading, "ask_answer.draw.yes" if value else "ask_answer.draw.no")
        if args.get("up_to") and not value:
            line += ": " + say(reading, "ask_answer.draw.up_to")
    else:                                   # pragma: no cover - families are closed
        raise ValueError(f"unknown question family {kind!r}")
    scenario = None
    if kind == "cost" and not args.get("free"):
        value, line, trace, scenario = _cost_on_the_engine(reading, args, question, value,
                                                           list(call.steps))
    elif kind in SCENARIO_KINDS:
        value, trace, scenario, run = _on_the_engine(kind, args, question, value,
                                                     list(call.steps))
        if kind == "fight" and not line:
            line = _fight_line(reading, args, run)
        if kind == "fight" and asked_form(reading) == "yesno":
            value, line = _fight_yesno(reading, run, line, args.get("subject"))
        elif kind == "fight" and asks_loser(reading):
            line = f"{_loser_line(reading, run)}. {line}"
        if kind == "steal":
            value, line = _steal_line(reading, args, value, run, line)
        if kind == "draw" and not args.get("manner") and value is False and args["n"] > 0:
            # no draw met an empty deck: the lose condition of drawing more than the deck
            # holds (11.5.2.3) was checked and is not met; the judge sees why it is No
            from ..engine.cite import R
            from ..engine.trace import Step
            trace.append(Step.said(R.DRAW_TOO_MANY, "draw.never_empty", n=args["n"],
                                   deck=args["deck_count"]))
        if kind == "draw" and args.get("manner"):
            # "one at a time?" / "all at once?": the run draws each card on its own step
            from ..engine.cite import R
            each = sum(st.rule == R.DRAW_EACH for st in run.trace) == args["n"]
            value = each if args["manner"] == "one_by_one" else not each
            trace = [st for st in run.trace if st.rule == R.DRAW_EACH]
            line = say(reading, "ask_answer.draw.each_yes" if value else "ask_answer.draw.each_no")
        if kind == "attack" and (not line or value is False):
            line = say(reading, "ask_answer.attack.yes" if value else "ask_answer.attack.no")
            if not value and run.outcome.illegal_reason:
                line += f": {_why_illegal(reading, run.outcome)}"
        if kind == "blocker":
            line = _blocker_line(reading, value, run)
        elif kind in ("sell", "call") and (args.get("per_turn") or args.get("call_asked") == "per_turn"):
            # how often a turn: the engine refuses the action once it was taken this turn
            if value is not False:
                raise EngineDisagrees("engine.disagrees", kind=kind, engine=repr(value), quick="1")
            value = 1
            line = say(reading, f"ask_answer.{kind}.per_turn")
        elif kind in ("sell", "call", "win"):
            line = _turn_line(kind, reading, args, value, run)
    if kind == "cost" and args.get("asked"):
        value, line = _cost_asked(reading, args, value)
    if kind == "steal" and args.get("dice_present") is None and args.get("target") != "unit":
        call.assumptions.append(say(reading, "ask_combat.steal_my_gigs_not_given"
                                    if args.get("defending") == "me" else "ask_assume.steal.gigs_not_given"))
    rules = _unique(step.rule for step in trace)
    from .asked import ANSWERS
    from .situation import Situation
    if kind == "street_cred" and args.get("fixer_asked"):
        # "do fixer dice count?": counted only if the engine's Street Cred took them
        value = value is not None
        line = say(reading, "ask_answer.street_cred.fixer_yes" if value else
                   "ask_answer.street_cred.fixer_no")
    if kind == "street_cred" and "parity" in args:
        # "Street Cred'im çift mi?": Null is neither even nor odd (official 5.11.4.1)
        want = 0 if args["parity"] == "even" else 1
        value = value is not None and value % 2 == want
        line = f"{say(reading, 'ask_answer.yes' if value else 'ask_answer.no')} — {line}"
    if kind == "street_cred" and "claimed" in args:
        # "Street Cred'im 12 mi?": the engine's Street Cred against the value asked about
        claimed = None if args["claimed"] == "null" else args["claimed"]
        value = value == claimed and (value is None) == (claimed is None)
        line = f"{say(reading, 'ask_answer.yes' if value else 'ask_answer.no')} — {line}"
    asked = ("yesno" if kind in ("cost", "street_cred") and asked_form(reading) == "yesno"
             else ANSWERS[kind][0])
    if kind == "draw" and args.get("manner"):
        asked = "each"              # how the cards are drawn, not whether one loses
    if kind == "street_cred" and args.get("fixer_asked"):
        asked = "fixer"             # whether the fixer area's dice count
    if kind == "street_cred" and "parity" in args:
        asked = f"parity_{args['parity']}"     # "is my Street Cred even?"
    if kind == "cost" and args.get("asked") == "amount":
        asked = "amount"            # "3 mü öderim?": whether the amount said is the one paid
    if kind == "fight" and asked == "outcome" and asks_loser(reading):
        asked = "loser"             # "kim kaybeder", "who loses", "which is defeated"
    situation = Situation(kind, asked,
                          {k: v for k, v in call.args.items() if k not in call.defaults})
    if kind == "fight" and asked_form(reading) == "yesno":
        from .asked import yesno_subject
        situation.subject = call.args.get("subject") or yesno_subject(reading)
    return Answer(question, kind, value, line, rules, trace, list(call.assumptions),
                  language=reading.language, understood=situation.lines(reading.language),
                  scenario=scenario)


# Families answered by running a scenario on the engine (the code behind `judge check`).
SCENARIO_KINDS = ("steal", "fight", "attack", "street_cred", "draw", "blocker", "sell", "call",
                  "win")
ENGINE_DECIDES = object()   # a quick value the engine alone gives
# Families no quick computation answers: the engine's procedure alone decides.
ENGINE_ONLY = ("blocker", "sell", "call", "win")
# The rules that decide each family's answer: the engine's steps citing them are shown
# (the whole run's trace is in the scenario, `judge check --explain`).
DECIDING = {
    "steal": ("STEAL_EMPTY", "STEAL_ZERO", "STEAL_FORMULA", "STEAL_CAP", "BLOCKER",
              "BLOCKER_REDIRECT", "REACT_NEXT", "FIGHT_ONLY_UNIT"),
    "fight": ("9.17", "9.19"),
    "attack": ("9.3", "11.23", "11.3", "11.25"),
    "street_cred": ("11.2",),
    "draw": ("11.5", "8.6.4", "1.14"),
    "blocker": ("9.9", "11.24"),
    "sell": ("8.11", "11.9"),
    "call": ("8.12", "11.11", "9.8", "11.8.1"),
    "win": ("8.6.1", "9.23.2", "9.23.5", "8.17"),
}


class EngineDisagrees(Reason):
    """The scenario run and the quick computation differ: no ruling is given."""


def _on_the_engine(kind: str, args: dict, question: str, quick: Any,
                   working: list) -> tuple[Any, list, str]:
    """Run the situation as a scenario; (its value, the deciding steps, the scenario TOML).
    The quick value must agree with the run: anything else is an engine question, not a
    ruling."""
    from . import scenario_build
    built = scenario_build.build(kind, args, question)
    value, run, text = scenario_build.run(built)
    expected = {"fight": {None: "both_lose"}, "street_cred": {None: "null"}}.get(kind, {}).get(quick, quick)
    from ..engine.cite import R
    # a named card's own text forbids the attack (Corpo Security "cannot attack", 9.3.1;
    # Ruthless Lowlife cannot attack Gig areas, 9.3.2.3): the quick computation never sees
    # card effects, the engine does
    card_forbids = kind == "attack" and value is False and not run.outcome.legal \
        and getattr(run.outcome.illegal_phrase, "key", "") == "illegal.restricted"
    if kind not in ENGINE_ONLY and quick is not ENGINE_DECIDES and value != expected \
            and not card_forbids:
        raise EngineDisagrees("engine.disagrees", kind=kind, engine=repr(value), quick=repr(quick))
    if kind == "fight":
        value = None if value == "both_lose" else value
    if kind == "street_cred":
        value = None if value == "null" else value
        from ..engine.rules_math import street_cred
        from ..engine.cite import R
        steps: list = [st for st in run.trace if st.rule.startswith(("9.23.5", "9.23.3"))
                       or (args.get("adjust") and st.rule == "10.2")
                       or (args.get("swap") and st.rule in (R.SWAP, R.SWAP_NOT_STEAL))]
        street_cred(run.state.players["A"].street_cred_values(), steps)
        return value, working + steps, text, run
    prefixes = DECIDING[kind]
    if not run.outcome.legal:           # an illegal attack decides: its rule is cited
        prefixes = prefixes + (run.outcome.illegal_rule,)
    exact = kind == "steal"         # its section's parents are working, not deciding
    if exact:
        from ..engine.cite import R
        fought = args.get("blocked") or args.get("target") == "unit"
        prefixes = tuple(getattr(R, name, name) for name in prefixes
                         if name not in ("REACT_NEXT", "FIGHT_ONLY_UNIT") or fought)
    steps = [st for st in run.trace
             if any(st.rule == p or (not exact and st.rule.startswith(p + ".")) for p in prefixes)]
    if kind == "call" and args.get("call_asked") == "cost":
        # what a call costs: the once-a-turn check is not what decides it
        from ..engine.cite import R
        steps = [st for st in steps if st.rule != R.CALL_ONCE_TURN]
    return value, working + _unique_steps(steps), text, run


def _after_steal(args: dict) -> list[int]:
    """The Gig values once the stolen ones left (the rival stole) or joined (I stole)."""
    values = list(args["values"] if "values" in args else args["model_values"])
    for v in args.get("taken", []):                 # steals by both players (or from a total)
        values.remove(v)
    values += args.get("gained", [])
    for old, new, _ in args.get("adjust", []):      # an effect changed a Gig's value
        values[values.index(old)] = new
    if args.get("swap"):                            # my Gig for the rival's (6.6)
        mine, theirs = args["swap"]
        values.remove(mine)
        values.append(theirs)
    for v in args.get("stolen", []):
        if args["thief"] == "rival":
            values.remove(v)
        else:
            values.append(v)
    return values


def _cost_on_the_engine(reading: Reading, args: dict, question: str, quick: int,
                        working: list) -> tuple[Any, str, list, str]:
    """The card is played on the engine with the reductions on the field: the €$ it
    spends is the amount; with Eddies and Legends given, a second run pays with them."""
    from . import scenario_build
    from ..engine.cite import R
    plain = {k: v for k, v in args.items() if k not in ("eddies", "legends")}
    built = scenario_build.build("cost", plain, question)
    paid, run, text = scenario_build.run(built)
    if paid != quick:
        raise EngineDisagrees("engine.disagrees", kind="cost", engine=repr(paid), quick=repr(quick))
    rules = (R.COST_REDUCTION, R.REDUCTION_MIN, R.PAY, R.COST_FULL, R.FREE, R.LEGEND_PAY)
    steps = [st for st in run.trace if st.rule in rules]
    if "eddies" not in args:
        return paid, say(reading, "ask_answer.cost.amount", n=paid), working + _unique_steps(steps), text
    built = scenario_build.build("cost", {**args, "amount": paid}, question)
    legal, run, text = scenario_build.run(built)
    out = run.outcome
    if not legal and out.illegal_rule != R.COST_FULL:
        raise EngineDisagrees("engine.play_illegal", rule=out.illegal_rule)
    # the first run only found the amount: its payment (from a purse of 99) is not shown
    steps = [st for st in steps if st.rule not in (R.PAY, R.LEGEND_PAY, R.COST_FULL)]
    steps += [st for st in run.trace if st.rule in rules and st not in steps]
    have = args["eddies"] + args["legends"]
    parts = say(reading, "ask_answer.cost.eddies_legends" if args["legends"] else
                "ask_answer.cost.eddies", eddies=args["eddies"], legends=args["legends"])
    line = say(reading, "ask_answer.cost.paid" if legal else "ask_answer.cost.short",
               paid=paid, have=have, parts=parts)
    return legal, line, working + _unique_steps(steps), text


def _cost_asked(reading: Reading, args: dict, paid: int) -> tuple[bool, str]:
    """A yes/no about the amount paid: is it nothing ("free"), is anything paid at all
    for a card played for free ("pays"), can a card played for free be played with what
    the player has ("plays")."""
    asked = args["asked"]
    if asked == "free":
        value = paid == 0
    elif asked == "pays":
        value = paid > 0
    elif asked == "amount":
        value = paid == args["claimed"]         # "3 mü öderim?": the amount said
    else:
        value = paid <= args.get("eddies", 0) + args.get("legends", 0)
    return value, say(reading, f"ask_answer.cost.asked_{asked}", head=yes_no(reading, value), n=paid)


def _turn_line(kind: str, reading: Reading, args: dict, value: Any, run) -> str:
    out = run.outcome
    if kind == "call" and args.get("call_asked") == "cost":
        return say(reading, "ask_answer.call.cost", n=value)
    head = yes_no(reading, value)
    if kind == "win":
        if args.get("when") == "overtime_begins":
            return f"{head}: " + (say(reading, "ask_combat.win_overtime_begins") if value else
                                  say(reading, "ask_combat.win_overtime_fewer", n=args.get("gigs")))
        if value and args.get("overtime"):
            # in overtime 7 Gigs win at once (official 1.11), not at the start of a turn
            return f"{head}: {say(reading, 'ask_combat.win_overtime')}"
        if not value and args.get("when") == "start" and (args.get("gigs") or 0) < 7 and \
                args.get("gigs_of", "me") == args.get("turn_of", "me"):
            # fewer than 7 at the start of the owner's own turn: that is why, not the moment
            return f"{head}: {say(reading, 'ask_combat.win_fewer', n=args.get('gigs'))}"
        if value:
            why = "checked_at_start"
        elif args.get("gigs_of", "me") != args.get("turn_of", "me"):
            why = "owner_turn_only"
        else:
            why = "your_turn_only"
        return f"{head}: {say(reading, f'ask_answer.win.{why}')}"
    if value:
        if kind == "call" and args.get("call_asked") == "rival_turn":
            return say(reading, "ask_answer.call.rival_react_step")
        return head
    return f"{head}: {_why_illegal(reading, out)}" if out.illegal_reason else head


def role_reason(phrase, lang: str) -> str | None:
    """The engine's reason told by role ("only the turn player …"), for a reason that
    names players by their scenario letters (`[ask_answer] why.*`); None for the others."""
    from ..i18n import messages
    key = f"ask_answer.why.{phrase.key.removeprefix('illegal.')}"
    m = messages(lang)
    if not phrase.key.startswith("illegal.") or not m.has(key):
        return None
    values = {k: (v.render(lang) if hasattr(v, "render") else v) for k, v in phrase.values}
    return m(key, **{k: v for k, v in values.items() if k == "what"})


def _why_illegal(reading: Reading, outcome) -> str:
    """Why the engine found the action illegal: its reason in the question's language (the
    engine's words come from the catalogue); the rule it broke when the reason is text."""
    from ..engine.cite import R
    from .say import language_of
    if outcome.illegal_rule in (R.MAIN_ACTIONS, R.SELL_ACTION, R.CALL_ACTION, R.PLAY_ACTION,
                                R.ACTIVATE_ACTION, R.ATTACK_ACTION):
        # an action tried outside its player's Main Phase: the action's own rule in words
        # ("you attack only … in your own Main Phase"), not the engine's player letters
        m = messages_for(reading)
        key = "ask_react.illegal_" + outcome.illegal_rule.replace(".", "_")
        if m.has(key):
            return m(key)
    phrase = getattr(outcome, "illegal_phrase", None)
    if phrase is not None:
        lang = language_of(reading)
        role = role_reason(phrase, lang)
        return role if role is not None else phrase.render(lang)
    if reading.language == "en" or not outcome.illegal_reason:
        return say(reading, "ask_answer.illegal_rule", rule=outcome.illegal_rule)
    return outcome.illegal_reason


def _blocker_line(reading: Reading, value: bool, run) -> str:
    from ..engine.cite import R
    out = run.outcome
    if not value and out.illegal_rule not in (R.REACT_BLOCKER, R.BLOCKER, R.BLOCKER_TARGET,
                                              R.BLOCKER_REDIRECT):
        raise EngineDisagrees("engine.attack_illegal", rule=out.illegal_rule)
    if value:
        return say(reading, "ask_answer.blocker.yes")
    return say(reading, "ask_answer.blocker.no", reason=_why_illegal(reading, out))


def _steal_line(reading: Reading, args: dict, value: int, run, line: str) -> tuple[Any, str]:
    if args.get("blocked"):
        line = say(reading, "ask_answer.steal.blocked", n=value)
    elif args.get("target") == "unit":
        line = say(reading, "ask_answer.steal.unit_target", n=value)
    if asked_form(reading) == "yesno":
        stolen = value if not args.get("remaining") else None
        if stolen is None:
            raise EngineDisagrees("engine.yesno_remaining")
        yes = stolen > 0
        claimed = args.get("claimed_gigs")
        if claimed is not None:
            # "will it steal 2?": it steals exactly the engine's count (9.23.2); "can it
            # steal 2?" of fewer than that may mean "at least": no ruling
            if stolen > claimed and reading.has("can"):
                raise EngineDisagrees("steal.claimed_fewer", n=claimed, stolen=stolen)
            yes = stolen == claimed
        return yes, f"{yes_no(reading, yes)} — {line}"
    return value, line


FIGHT_EFFECTS = ("attacker_fight", "defender_fight", "attacker_undefeatable", "defender_undefeatable")


def _fight_line(reading: Reading, args: dict, run) -> str:
    """The outcome of a fight the engine ran with card effects: who wins (by power, or by
    the effect, 9.17.4) and who is defeated (a Unit that can't be defeated is not, 9.19.3)."""
    from .scenario_build import ATTACKER, DEFENDER
    fight = run.outcome.fights[-1]
    result = fight["result"]
    if args.get("attacker_fight") or args.get("defender_fight"):
        line = say(reading, f"ask_combat.fight_by_effect_{result}")
    else:
        key = {"attacker": "attacker_wins", "defender": "defender_wins"}.get(result, "tie")
        line = say(reading, f"ask_answer.fight.{key}", a=_shown(fight["attacker_power"]),
                   d=_shown(fight["defender_power"]))
    gone = [name in run.outcome.defeated for name in (ATTACKER, DEFENDER)]
    said = {(True, True): "both_defeated", (True, False): "attacker_defeated",
            (False, True): "defender_defeated", (False, False): "none_defeated"}[tuple(gone)]
    return f"{line}; {say(reading, f'ask_answer.fight.{said}')}"


def _loser_line(reading: Reading, run) -> str:
    """"Who loses?": the fight's loser(s) (9.17.2, 9.17.3), before the outcome sentence,
    which says who is defeated (a loser that can't be defeated is not, 9.19.3)."""
    fight = run.outcome.fights[-1]
    side = {"attacker": "defender", "defender": "attacker"}.get(fight["result"], "both")
    who = say(reading, f"ask_answer.fight.loser_{side}", a=_shown(fight["attacker_power"]),
              d=_shown(fight["defender_power"]))
    return say(reading, "ask_answer.fight.loser", who=who)


def _fight_yesno(reading: Reading, run, line: str,
                 subject: tuple[str, str] | None = None) -> tuple[bool, str]:
    """"Is the attacker defeated?", "ikisi de mağlup olur mu?": yes or no from the run's
    outcome, with the fight's outcome as the one sentence."""
    from .asked import yesno_subject
    from .scenario_build import ATTACKER, DEFENDER
    event, who = subject or yesno_subject(reading)
    fight = run.outcome.fights[-1]
    result = fight["result"]
    # the Units that fought: their names (a card the question named runs under its own name)
    names = {"attacker": ATTACKER, "defender": DEFENDER}
    for side in names:
        names[side] = _name_of(run, fight[side], names[side])
    sides = ("attacker", "defender") if who == "both" else (who,)
    if event == "defeat":
        value = all(names[s] in run.outcome.defeated for s in sides)
    elif event == "survive":
        value = not any(names[s] in run.outcome.defeated for s in sides)
    elif event == "win":
        value = all(result == s for s in sides)
    else:
        value = all(result in (other, "both_lose") for s in sides
                    for other in (("defender", "attacker")[s == "defender"],))
    return value, f"{yes_no(reading, value)} — {line}"


def _name_of(run, uid: str, default: str) -> str:
    """The name of the card with `uid`, wherever it is now (trash, field …)."""
    for player in run.state.players.values():
        for zone in ("field", "trash", "hand", "deck", "removed", "legends"):
            for c in getattr(player, zone, ()) or ():
                if getattr(c, "uid", None) == uid:
                    return c.name
    return default


def _unique_steps(steps: list) -> list:
    seen, out = set(), []
    for st in steps:
        if (st.rule, st.text) not in seen:
            seen.add((st.rule, st.text))
            out.append(st)
    return out
