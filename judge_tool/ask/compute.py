"""Turning a recognised question into an answer: the engine computes the value and the
trace; this module only words the one-line answer around it."""

from __future__ import annotations

from typing import Any

from . import Answer
from .families import Call
from .lexicon import Reading


def _engine():
    """The engine's pure rule functions (`judge_tool.engine`, or its `rules_math` module)."""
    from .. import engine
    if hasattr(engine, "steal_count"):
        return engine
    from ..engine import rules_math
    return rules_math


def _unique(ids) -> list[str]:
    return list(dict.fromkeys(ids))


def answer(question: str, kind: str, call: Call, reading: Reading) -> Answer:
    eng = _engine()
    trace: list = []
    args = call.args
    en = reading.language == "en"
    value: Any
    if kind == "steal":
        value = eng.steal_count(args["power"], args.get("dice_present"), trace=trace)
        line = (f"{value} Gig" + ("s" if value != 1 else "")) if en else f"{value} Gig"
    elif kind == "fight":
        a, d = args["attacker_power"], args["defender_power"]
        value = eng.fight_result(a, d)
        if hasattr(eng, "fight_defeats"):
            eng.fight_defeats(a, d, trace=trace)       # the result plus the 0-power rule
        else:
            eng.fight_result(a, d, trace=trace)
        if en:
            line = {"attacker": f"The attacker ({a}) wins", "defender": f"The defender ({d}) wins",
                    None: f"Neither wins ({a} = {d}): both Units lose"}[value]
        else:
            line = {"attacker": f"Saldıran ({a}) kazanır", "defender": f"Savunan ({d}) kazanır",
                    None: f"Kazanan yok ({a} = {d}): iki birim de kaybeder"}[value]
    elif kind == "attack":
        verdict = eng.can_attack(**args, trace=trace)
        value = bool(verdict)
        if en:
            line = "Yes, it can attack" if value else "No, it cannot attack"
        else:
            line = "Evet, saldırabilir" if value else "Hayır, saldıramaz"
    elif kind == "street_cred":
        value = eng.street_cred(args["values"], trace=trace)
        if value is None:
            line = "Street Cred: Null (not 0)" if en else "Street Cred: Null (0 değil)"
        else:
            line = f"Street Cred: {value}"
    elif kind == "cost":
        value = eng.payable_cost(args["cost"], args.get("reduction", 0), args.get("free", False),
                                 trace=trace)
        line = f"{value} €$"
    elif kind == "d20":
        value = eng.may_choose_d20(args["fixer_dice"], trace=trace)
        if en:
            line = "Yes, the d20 may be chosen" if value else "No, the d20 may not be chosen"
        else:
            line = "Evet, d20 seçilebilir" if value else "Hayır, d20 seçilemez"
    elif kind == "draw":
        value = eng.draw_loses(args["n"], args["deck_count"], trace=trace)
        if en:
            line = "Yes, you lose the game" if value else "No, you do not lose"
        else:
            line = "Evet, oyunu kaybeder" if value else "Hayır, kaybetmez"
    else:                                   # pragma: no cover - families are closed
        raise ValueError(f"unknown question family {kind!r}")
    rules = _unique(step.rule for step in trace)
    return Answer(question, kind, value, line, rules, trace, list(call.assumptions),
                  language=reading.language)
