"""`judge ask` (timing): how many times a "when this Unit steals a Gig" effect becomes pending.

"Birimim 3 Gig çaldı; 'Gig çaldığında' tetiklenen etkisi kaç kez beklemeye girer?" (3: once
for each Gig stolen, 10.16.3), "My 12 power unit attacks my rival's Gig area, which has 3
Gigs. How many times does its steal trigger become pending?" (2). Either the Gigs stolen are
said, or the attacker's power and the Gigs in the attacked Gig area (fewer Gigs there cap the
steal, 9.23.3.3). The scenario has the Unit steal them; the value is the number of times the
engine put the effect into pending. Anything else: None (no ruling).
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

    from .lexicon import Reading

from .families import Call

_DICE = ("d4", "d6", "d8", "d10", "d12", "d20")      # one die of each size (one owner)
_PAST_STEAL = ("caldi", "caldim", "caldik", "stole", "steals", "stealing")


def _roles(reading: Reading) -> dict[str, Any] | None:
    """{"stolen" | "power" | "area": (item index, value)} for each number; None when a
    number's role is not one of these, or is said twice."""
    items = reading.items
    out: dict[str, tuple[int, int]] = {}
    for it in reading.numbers:
        nxt = it.i + 1
        if it.key in ("a", "an", "bir") and nxt < len(items) and items[nxt].key in ("gig", "gigi"):
            out.setdefault("article", []).append(it.i)      # "steals a Gig": the trigger's words
            continue
        if it.sign or it.number is None or nxt >= len(items):
            return None
        if "power" in reading.at(nxt):
            role = "power"
        elif "gig" in reading.at(nxt) and "gig_area" not in reading.at(nxt):
            near = [items[k].key for k in range(nxt + 1, min(len(items), nxt + 3))] + [
                items[k].key for k in range(max(0, it.i - 2), it.i)]     # "stole 3 Gigs"
            role = "stolen" if any(k in _PAST_STEAL for k in near) else "area"
        elif "gig" in reading.at(nxt) and items[nxt].key.endswith(("li", "lu")) and \
                nxt + 1 < len(items) and "area" in reading.at(nxt + 1):
            role = "area"           # "5 Gig'li alana": an area holding 5 Gigs
        else:
            return None
        if role in out:
            return None
        out[role] = (it.i, it.number)
    return out


def extract(reading: Reading, trigger: str | None) -> Call | None:
    if trigger != "STEALS_GIG" or not reading.has("how_many") or not reading.has("times"):
        return None
    roles = _roles(reading)
    if roles is None:
        return None
    articles = roles.pop("article", [])
    if set(roles) == {"stolen"}:
        n = roles["stolen"][1]
        power, area = 10 * (n - 1) + 1, n
    elif set(roles) == {"power", "area"}:
        power, area = roles["power"][1], roles["area"][1]
    else:
        return None
    if not (1 <= area <= len(_DICE)) or not 1 <= power <= 999:
        return None
    # "kaç kez", "how many times": read here
    reading.consumed.update(m.start for m in reading.of("times"))
    return Call({"case": "steal_count", "trigger": "STEALS_GIG", "power": power, "area": area,
                 "stolen_said": "stolen" in roles, "asked": "count"},
                used={i for i, _ in roles.values()} | set(articles))


def scenario(args: dict[str, Any], title: str) -> dict[str, Any]:
    from .family_timing import _ATTACKER, _LABELS, _attack, _base, _effect
    data = _base(title)
    label = _LABELS["STEALS_GIG"]
    dice = [f"{d}=1" for d in _DICE[:args["area"]]]
    data["cards"] = {_ATTACKER: {"type": "unit", "power": args["power"],
                                 "effects": [_effect(label, "STEALS_GIG")]}}
    data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 20, "field": [_ATTACKER]},
                     "B": {"deck": 5, "gigs": dice}}
    data["actions"] = [_attack()]
    steals = min(args["power"] // 10 + 1, args["area"])
    choices: list[dict[str, Any]] = []
    if steals < args["area"]:              # the attacking player picks the Gigs, one by one
        choices += [{"decision": "steal", "player": "A", "pick": f"B.{d}"}
                    for d in _DICE[:steals]]
    # the attacking player orders their own pending effects (10.12); the last is forced
    choices += [{"decision": "pending", "player": "A", "pick": f"{label} [B.{d}]"}
                for d in _DICE[:steals - 1]]
    if choices:
        data["choices"] = choices
    return data


def on_engine(args: dict[str, Any], title: str) -> tuple[Any, list, str, Any]:
    from ..engine.cite import R
    from .family_timing import _LABELS, _not_modelled, _run, _steps
    label = _LABELS["STEALS_GIG"]

    def count(run):
        hits = [st for st in run.trace if st.rule == R.STOLEN_TRIGGERS
                and st.text.startswith("bekleyen etki: " + label)]
        if not hits:
            raise _not_modelled("the steal trigger did not become pending")
        return len(hits), {"legal": True, "stolen": run.outcome.stolen}
    value, run, text = _run(scenario(args, title), count)
    if args["stolen_said"] and run.outcome.stolen != args["area"]:
        raise _not_modelled("the Gigs stolen")
    steps = _steps(run, (R.STEAL_FORMULA, R.STEAL_CAP, R.STEAL_MOVE, R.STEAL_EACH,
                         R.STOLEN_TRIGGERS, R.TRIGGER_EACH_TIME))
    return value, steps, text, run


def lines(args: dict[str, Any], m) -> tuple[list[str], list[str]]:
    from .family_timing import trigger_line
    out = [trigger_line(m, "STEALS_GIG")]
    if args["stolen_said"]:
        out.append(m("ask_stealcount.stolen", n=args["area"]))
    else:
        out.append(m("ask_stealcount.power", n=args["power"]))
        out.append(m("ask_stealcount.area", n=args["area"]))
    out.append(m("ask_stealcount.asked"))
    return out, []


def line(args: dict[str, Any], value: Any, run, m) -> str:
    return m("ask_stealcount.answer", n=value)
