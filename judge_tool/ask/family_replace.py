"""`judge ask` family: the order of replacement effects (official 10.24-10.30). Who chooses
when several mandatory replacements could apply to one event (the player the event is
about, or whoever controls the card it is about, 10.28.1; the same for several optional ones chosen,
10.28.2); mandatory before optional (10.28); an optional replacement may be declined
(10.26); a replacement that cannot be performed is not applied (10.27); the same
replacement applies to one event only once (10.29.1).

The question is a rule question ("who chooses?"); it is answered by running a small
situation that has exactly what the question describes (a Unit that would be defeated,
with the replacement effects it names) and reading who the engine asks, or what applied.
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from .families import Call, Unclear
from .family_util import asked_clause, deciding, in_clause, keys, run, words, yes_no
from .family_util import answer as make_answer
from .lexicon import Reading

NAME = "replace"
FORMS = ("yesno", "outcome", "none", "count")
REPEAT_OK = True            # "applied twice" is the rule asked about (10.29.1)

_MUST = ("zorunda", "zorundami", "zorundamiyim", "mecbur", "mecburmuyum", "must", "obliged",
         "have", "required", "forced", "gerekir", "gerekiyor")
_SEVERAL = ("iki", "two", "birden", "multiple", "several", "both", "ikisi", "more")
_TWICE_TR = ("iki", "ikinci")
_CHOOSE_WHO = ("choose", "chooses", "pick", "picks", "decide", "decides", "secer", "secer?",
               "karar")
UNIT, GUARD = "Birim", "Koruyucu"


def _asked(reading: Reading) -> str | None:
    clause = asked_clause(reading)
    ks = keys(reading)
    if in_clause(reading, "who", clause) and (in_clause(reading, "choose", clause) or ks & {
            "karar", "decides", "decide"}):
        if reading.has("first") and not in_clause(reading, "choose", clause):
            return None
        return "who"
    if in_clause(reading, "first", clause) or (reading.has("first") and reading.has("who")):
        return "first"
    from .asked import asked_form
    if asked_form(reading) != "yesno":
        return None
    if reading.has("impossible"):
        return "impossible"
    if _twice(reading):
        return "twice"
    if reading.has("optional") and ks & set(_MUST):
        return "must"
    if reading.has("optional") and reading.has("can") and _declines(reading):
        return "decline"            # "kullanmamayı seçebilir miyim", "may I choose not to"
    if _me_asked(reading) and (reading.has("choose") or ks & {"karar", "decide"}):
        return "i_choose"           # "Seçimi ben mi yaparım?", "do I choose?"
    return None


def _declines(reading: Reading) -> bool:
    """A verbal noun in the negative ("uygulamamayı", "kullanmamayı") or "not to apply":
    declining is what is asked; the word is read here."""
    items = reading.items
    for it in items:
        if it.key.endswith(("mamayi", "memeyi")):
            reading.consumed.add(it.i)
            return True
        if reading.language == "en" and it.key == "not" and it.i + 1 < len(items) and \
                items[it.i + 1].key in ("to", "apply", "use"):
            reading.consumed.add(it.i)
            return True
    return False


def _me_asked(reading: Reading) -> bool:
    ks = [it.key for it in reading.items]
    pairs = list(zip(ks, ks[1:]))
    if reading.language == "en":
        return any(a in ("do", "can", "must", "should") and b == "i" for a, b in pairs)
    return any(a == "ben" and b in ("mi", "mi?") for a, b in pairs)


def _twice(reading: Reading) -> bool:
    """"the same replacement on the same event twice": said with "aynı"/"same" and never
    with "another event" (a replacement may apply to each new event)."""
    if reading.has("other") or not keys(reading) & {"ayni", "same"}:
        return False
    if reading.has("repeat"):
        return True
    for m in reading.of("times"):
        before = reading.items[m.start - 1] if m.start else None
        if before is not None and (before.number == 2 or before.key in _TWICE_TR):
            return True
    return bool(reading.has("again") and reading.has("apply"))


def _owner(reading: Reading) -> str | None:
    """Whose Unit the event is about: "benim birimim", "my unit" → "me"; "rakibin birimi",
    "opponent's unit" → "rival"; None when not said."""
    items = reading.items
    mine = rival = False
    for m in reading.of("unit"):
        it = items[m.start]
        prev = [items[k] for k in range(max(0, m.start - 2), m.start) if items[k].clause == it.clause]
        if any("rival" in reading.at(p.i) for p in prev):
            rival = True                # "my opponent's unit", "rakibimin birimi"
        elif it.key.startswith(("birimim", "birimimi")) or any(p.key in ("my", "benim") for p in prev):
            mine = True
    if mine and rival:
        raise Unclear("replace.whose_unit")
    return "me" if mine else "rival" if rival else None


def extract(reading: Reading) -> Call | None:
    if not reading.has("replacement"):
        return None
    asked = _asked(reading)
    if asked is None:
        return None
    ks = keys(reading)
    several = bool(ks & set(_SEVERAL)) or any(it.number == 2 for it in reading.numbers)
    mandatory, optional = reading.has("mandatory"), reading.has("optional")
    used = {it.i for it in reading.numbers if it.number == 2}
    # "one replacement effect": the article, not a count
    used |= {it.i for it in reading.numbers if it.number == 1 and it.i + 1 < len(reading.items)
             and "replacement" in reading.at(it.i + 1)}
    if asked in ("who", "i_choose"):
        if not several or (mandatory == optional):
            raise Unclear("replace.mandatory_optional")
        kind = "mandatory" if mandatory else "optional"
    elif asked == "first":
        if not (mandatory and optional):
            raise Unclear("replace.which_compete")
        kind = "mixed"
    elif asked in ("must", "decline"):
        kind = "optional"
    elif asked == "twice":
        kind = "same"
        used |= {it.i for it in reading.numbers if it.number == 2}
    else:
        kind = "impossible"
    if reading.numbers and {it.i for it in reading.numbers} - used:
        raise Unclear("replace.number_unused")
    owner = _owner(reading) if asked in ("who", "i_choose") else None
    if asked == "i_choose" and owner is None:
        raise Unclear("replace.whose_unit")
    return Call({"asked": asked, "kind": kind, "owner": owner}, used=used)


def _scenario(args: dict, question: str) -> tuple[dict, list[dict]]:
    asked, kind, owner = args["asked"], args["kind"], args["owner"]
    asked = {"i_choose": "who", "decline": "must"}.get(asked, asked)
    unit_side = "B" if owner == "rival" else "A"
    effects_side = _effects_side_of(args)
    of = "friendly" if effects_side == unit_side else "rival"
    cards: dict[str, Any] = {
        UNIT: {"type": "unit", "power": 1},
        "Yok Et": {"type": "program", "cost": 0, "effects": [
            {"label": "Yok Et", "do": [{"do": "defeat", "target": {
                "side": "rival", "type": "unit", "name": UNIT}}]}]},
    }
    guards: list[str] = []

    def guard(name: str, effect: dict) -> None:
        cards[name] = {"type": "unit", "power": 1, "effects": [effect]}
        guards.append(name)

    draw = [{"do": "draw", "n": 1}]
    if kind in ("mandatory", "optional") and asked == "who":
        for i in (1, 2):
            eff = {"label": f"İkame {i}", "replace": "defeat", "of": of, "instead": draw}
            if kind == "optional":
                eff["optional"] = True
            guard(f"{GUARD} {i}", eff)
    elif kind == "mixed":
        guard(f"{GUARD} 1", {"label": "Zorunlu ikame", "replace": "defeat", "of": of,
                             "instead": [{"do": "draw", "n": 1}]})
        guard(f"{GUARD} 2", {"label": "İsteğe bağlı ikame", "replace": "defeat", "of": of,
                             "optional": True, "instead": [{"do": "draw", "n": 2}]})
    elif kind == "optional":
        guard(GUARD, {"label": "İsteğe bağlı ikame", "replace": "defeat", "of": of,
                      "optional": True, "instead": draw})
    elif kind == "same":
        cards[UNIT]["effects"] = [{"label": "Aynı ikame", "replace": "defeat", "of": "self",
                                   "instead": [{"do": "defeat", "target": "self"}]}]
    else:                                           # impossible: nothing to draw
        cards[UNIT]["effects"] = [{"label": "Yapılamayan ikame", "replace": "defeat",
                                   "of": "self", "instead": [{"do": "draw", "n": 2}]}]
    killer = "A" if unit_side == "B" else "B"
    state: dict[str, Any] = {"turn_player": killer, "turn": 4,
                             "A": {"deck": 5}, "B": {"deck": 5}}
    state[unit_side]["field"] = [UNIT]
    state[killer]["hand"] = ["Yok Et"]
    if guards:
        state[effects_side].setdefault("field", [])
        state[effects_side]["field"] = state[effects_side]["field"] + guards
    if kind == "impossible":
        state[unit_side]["deck"] = 0
    data = {"title": question[:120] or "judge ask", "question": question[:300] or "?",
            "cards": cards, "state": state, "actions": [{"do": "play", "card": "Yok Et"}]}
    variants: list[dict] = [{}]
    if asked == "who":
        decision = [] if kind == "mandatory" else [
            {"decision": "may", "player": effects_side, "pick": True},
            {"decision": "may", "player": effects_side, "pick": True}]
        variants = [{"choices": decision + [{"decision": "replacement", "player": p,
                                             "pick": "İkame 1"}]} for p in ("A", "B")]
    elif asked == "must":
        variants = [{"choices": [{"decision": "may", "player": effects_side, "pick": False}]}]
    return data, variants


def _effects_side_of(args: dict) -> str:
    """"Do I have to apply it?": the asker controls the optional effect (on their own
    Unit). Otherwise the effects sit with the player whose Unit is not affected, so the
    run shows the affected player choosing."""
    if args["asked"] in ("must", "decline"):
        return "A"
    return "A" if args["owner"] == "rival" else "B"


def answer(question: str, call: Call, reading: Reading):
    args = call.args
    asked, owner = args["asked"], args["owner"]
    data, variants = _scenario(args, question)
    if asked in ("i_choose", "decline"):
        # "do I choose?" is "who chooses?" asked of the asker; "may I decline?" is "must I
        # apply it?" turned round
        call = Call({**args, "asked": {"i_choose": "who", "decline": "must"}[asked]},
                    call.assumptions, used=call.used)
        got = answer(question, call, reading)
        value = (got.value == "me") if asked == "i_choose" else (not got.value)
        m = words(reading)
        got.value = value
        if asked == "i_choose":
            got.answer = f"{yes_no(reading, value)}: " + m(
                "ask_misc.replace.who_me" if value else "ask_misc.replace.who_rival")
        else:
            got.answer = m("ask_misc.replace.must_no", head=yes_no(reading, value))
        return got
    unit_side = "B" if owner == "rival" else "A"
    effects_side = _effects_side_of(args)

    def expect_of(result) -> dict:
        out: dict[str, Any] = {"defeated": list(result.outcome.defeated)}
        if asked == "first":
            out[effects_side] = {"hand_count": len(result.state.players[effects_side].hand)}
        return out

    result, text = run(data, expect_of, variants)
    m = words(reading)
    if asked == "who":
        chooser = next(c for c in data_choices(text) if c["decision"] == "replacement")["player"]
        if owner is None:
            if chooser != unit_side:
                raise Unclear("replace.engine_chooser")
            value = "affected"
        else:
            value = "me" if chooser == "A" else "rival"
        line = m(f"ask_misc.replace.who_{value}")
    elif asked == "first":
        drawn = len(result.state.players[effects_side].hand)
        value = {1: "mandatory", 2: "optional"}.get(drawn)
        if value != "mandatory":
            raise Unclear("replace.engine_order")
        line = m("ask_misc.replace.first_mandatory")
    else:
        survived = UNIT not in result.outcome.defeated
        # must: declined and the Unit is defeated → not obliged; twice / impossible: the
        # replacement did not apply (again) and the Unit is defeated.
        value = survived
        line = m(f"ask_misc.replace.{asked}_{'yes' if value else 'no'}", head=yes_no(reading, value))
    steps = deciding(result, ("10.25", "10.26", "10.27", "10.28", "10.29", "10.30"))
    return make_answer(question, NAME, reading, value, line, steps,
                       _understood(reading, args), text, call.assumptions)


def data_choices(text: str) -> list[dict]:
    import tomllib
    return tomllib.loads(text).get("choices", [])


def _understood(reading: Reading, args: dict) -> list[str]:
    m = words(reading)
    lines = [m(f"ask_misc.replace.kind_{args['kind']}" + ("_several" if args["asked"] == "who" else ""))]
    if args["owner"]:
        lines.append(m(f"ask_misc.replace.unit_{args['owner']}"))
    lines.append(m(f"ask_misc.replace.asked_{args['asked']}"))
    return lines
