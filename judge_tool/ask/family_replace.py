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
UNIT, GUARD, SHIELD = "Birim", "Koruyucu", "Kalkan"


def _asked(reading: Reading) -> str | None:
    clause = asked_clause(reading)
    ks = keys(reading)
    decides = in_clause(reading, "choose", clause) or bool(ks & {"karar", "decides", "decide"})
    if decides and sum(it.key in _PARTICLES for it in reading.items) > 1:
        return "who"                # "ben mi seçerim rakip mi?": one of two players, asked who
    from .asked import embedded_who
    claimed = _chooser_claimed(reading)
    whos = reading.of("who")
    if claimed is not None and decides and whos and all(embedded_who(reading, m.start)
                                                        for m in whos):
        # "Does my rival choose which one applies?", "hangisinin uygulanacağını ben mi
        # seçerim?": yes or no about the player named
        return "i_choose" if claimed == "me" else "rival_chooses"
    if in_clause(reading, "who", clause) and decides:
        return "who"                # "who decides which one applies first?" asks who
    from .asked import asked_form
    yesno = asked_form(reading) == "yesno" and not reading.has("who")
    if not yesno and (in_clause(reading, "first", clause) or (
            reading.has("first") and reading.has("who")) or (
            reading.has("who") and ks & set(_BEFORE))):
        return "first"              # "hangisi önce", "which one applies first"
    if not yesno and reading.has("who") and reading.has("apply") and {
            k for _, k in _kinds(reading)} == {"mechanic", "mandatory"}:
        return "first"              # "hangisi geçerli olur": the mechanic's supersedes (10.30)
    if not yesno:
        return None
    if ks & set(_BEFORE) and _first_claim(reading) is not None:
        return "first_claim"        # "önce isteğe bağlı olanı uygulayabilir miyim?"
    if reading.has("new_event") and reading.has("other") and not ks & {"ayni", "same"}:
        return "recheck"            # "another replacement on the new event?" (10.29)
    if reading.has("impossible") and reading.has("original_event"):
        if ks & {"ayni", "same"} or any(reading.has(c) for c in ("times", "repeat", "again")):
            return None                 # "iki kez uygulanamıyorsa": not 10.27's impossible
        return "impossible_original"    # "yapılamıyorsa asıl olay gerçekleşir mi?" (10.27)
    if reading.has("original_event") and not (reading.has("mandatory") or reading.has(
            "optional") or _another(reading)):
        return "original"           # "does the replaced event still happen?" (10.25)
    if reading.has("event") and ks & set(_BEFORE) and not _kinds(reading) and not _another(
            reading) and _replaced_event(reading):
        return "before_event"       # "yerine geçtiği olaydan önce mi uygulanır?" (10.25)
    if reading.has("impossible"):
        # what the asking clause asks of: the Unit's defeat ("birimim yine de mağlup olur
        # mu?": the original event) or the replacement ("uygulanır mı?"); else not read
        if in_clause(reading, "defeat", clause) and not in_clause(reading, "apply", clause):
            return "impossible_original"
        if in_clause(reading, "apply", clause) or in_clause(reading, "replacement", clause):
            return "impossible"
        return None
    if _twice(reading):
        return "twice"
    if reading.has("optional") and ks & set(_MUST):
        return "must"
    if reading.has("optional") and reading.has("can") and _declines(reading):
        return "decline"            # "kullanmamayı seçebilir miyim", "may I choose not to"
    if _me_asked(reading) and (reading.has("choose") or ks & {"karar", "decide"}):
        return "i_choose"           # "Seçimi ben mi yaparım?", "do I choose?"
    if claimed == "rival" and (reading.has("choose") or ks & {"karar", "decide", "decides"}):
        return "rival_chooses"      # "Seçimi rakibim mi yapar?", "does my opponent choose?"
    return None


_BEFORE = ("once", "before", "first", "ilk")
_PARTICLES = ("mi", "mu", "mi?", "mu?")
_KINDS = ("mechanic", "mandatory", "optional")
_ABLATIVE = ("dan", "den", "tan", "ten", "madan", "meden")


def _kinds(reading: Reading) -> list[tuple[int, str]]:
    """(index, kind) of each group of words naming a kind of replacement effect:
    "zorunlu" (mandatory), "isteğe bağlı" (optional), "oyun mekaniğinden" (mechanic)."""
    out: list[tuple[int, str]] = []
    for it in reading.items:
        here = reading.at(it.i) | ({"mechanic"} if "mechanic_rule" in reading.at(it.i) else set())
        kind = next((k for k in _KINDS if k in here), None)
        if kind is None:
            continue
        if out and out[-1][1] == kind and out[-1][0] >= it.i - 1:
            out[-1] = (it.i, kind)              # "isteğe bağlı": one group, its last word
        else:
            out.append((it.i, kind))
    return out


def _first_claim(reading: Reading) -> str | None:
    """The kind a yes/no question says applies first: "Önce isteğe bağlı olanı
    uygulayabilir miyim?" (optional), "X, zorunlu ikame etkisinden önce mi uygulanır?" (X),
    "zorunlu … uygulanmadan önce isteğe bağlı … uygulanabilir mi" (optional), "Does the
    optional one apply before the mandatory one?" (optional); None when it cannot be read
    exactly. The question must name exactly two kinds."""
    groups = _kinds(reading)
    if len({k for _, k in groups}) != 2:
        return None
    items = reading.items
    ks = [it.key for it in items]
    marks = [i for i, k in enumerate(ks) if k in _BEFORE + ("after", "sonra")]
    if len(marks) != 1:
        return None
    at = marks[0]
    word = ks[at]
    if reading.language == "en":
        clause = items[at].clause
        before = [k for i, k in groups if i < at and items[i].clause == clause]
        after = [k for i, k in groups if i > at and items[i].clause == clause]
        if word == "before" and len(before) == 1 and len(after) == 1 and before != after:
            return before[0]
        if word == "after" and len(before) == 1 and len(after) == 1 and before != after:
            return after[0]
        if word == "first" and len({k for i, k in groups if items[i].clause == clause}) == 1:
            return next(k for i, k in groups if items[i].clause == clause)
        return None
    if word in ("sonra", "after", "first", "before"):
        return None
    if at and ks[at - 1].endswith(_ABLATIVE):
        # "Y-den önce", "Y uygulanmadan önce": Y is the later one; the other is claimed
        later = [k for i, k in groups if at - 4 <= i < at]
        if not later:
            return None
        others = {k for _, k in groups} - {later[-1]}
        return others.pop() if len(others) == 1 else None
    part = items[at].part
    after = {k for i, k in groups if i > at and items[i].part == part}
    return after.pop() if len(after) == 1 else None


def _another(reading: Reading) -> bool:
    """"başka / another / diğer" (not "still / hâlâ", which asks the same thing)."""
    return any(m.cue not in ("still", "hala", "halen") for m in reading.of("other"))


def _replaced_event(reading: Reading) -> bool:
    """"yerine geçtiği olay", "the event it replaces": the event named is the replaced one."""
    ks = [it.key for it in reading.items]
    for i, k in enumerate(ks):
        if k.startswith("olay") and i and ks[i - 1].startswith("gectig") and i > 1 \
                and ks[i - 2] == "yerine":
            return True
        if k == "event" and i + 2 < len(ks) and ks[i + 1] in ("it", "that") \
                and ks[i + 2].startswith("replace"):
            return True
    return False


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


def _chooser_claimed(reading: Reading) -> str | None:
    """The player a yes/no question names as the one who chooses: "ben mi seçerim", "do I
    choose" ("me"); "rakibim mi seçer", "does my opponent choose" ("rival"); None else."""
    if _me_asked(reading):
        return "me"
    ks = [it.key for it in reading.items]
    for i, k in enumerate(ks):
        if "rival" not in reading.at(i):
            continue
        if reading.language == "en":
            back = ks[max(0, i - 2):i]
            if back[-1:] in (["does"], ["do"], ["can"], ["must"]) or (
                    back[-1:] in (["my"], ["the"]) and back[:1] in (["does"], ["do"], ["can"], ["must"])):
                return "rival"
        elif i + 1 < len(ks) and ks[i + 1] in ("mi", "mu", "mı", "mü", "mi?", "mu?"):
            return "rival"
    return None


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
    # "one replacement effect": the article, not a count; "the mandatory one", "the first
    # one": a pronoun
    used |= {it.i for it in reading.numbers if it.number == 1 and it.i + 1 < len(reading.items)
             and "replacement" in reading.at(it.i + 1)}
    # "one mandatory and one optional replacement": an article before the kind's word
    used |= {it.i for it in reading.numbers if it.number == 1 and it.i + 1 < len(reading.items)
             and reading.at(it.i + 1) & {"mandatory", "optional"}}
    # "both apply to one event", "bir olaya": the article of the event
    used |= {it.i for it in reading.numbers if it.number == 1 and it.i + 1 < len(reading.items)
             and "event" in reading.at(it.i + 1)}
    used |= {it.i for it in reading.numbers if it.key == "one" and it.i > 0 and (
        reading.items[it.i - 1].key in ("the", "first", "other", "another", "this", "that", "new")
        or reading.at(it.i - 1) & set(_KINDS))}
    mechanic = reading.has("mechanic") or reading.has("mechanic_rule")
    if asked in ("who", "i_choose", "rival_chooses"):
        if not several or (mandatory == optional) or mechanic:
            raise Unclear("replace.mandatory_optional")
        kind = "mandatory" if mandatory else "optional"
    elif asked in ("first", "first_claim"):
        if mechanic and mandatory and not optional:
            kind = "mechanic"
        elif mandatory and optional and not mechanic:
            kind = "mixed"
        else:
            raise Unclear("replace.which_compete")
    elif asked in ("recheck", "original", "before_event"):
        if mechanic or asked == "recheck" and mandatory and optional:
            raise Unclear("replace.which_compete")
        kind = asked
        used |= {it.i for it in reading.numbers if it.number == 2 and asked == "recheck"}
    elif asked in ("must", "decline"):
        kind = "optional"
    elif asked == "twice":
        kind = "same"
    elif asked == "impossible_original":
        kind = "impossible"
        used |= {it.i for it in reading.numbers if it.number == 2}
    else:
        kind = "impossible"
    if reading.numbers and {it.i for it in reading.numbers} - used:
        raise Unclear("replace.number_unused")
    owner = _owner(reading) if asked in ("who", "i_choose", "rival_chooses") else None
    if asked in ("i_choose", "rival_chooses") and owner is None:
        raise Unclear("replace.whose_unit")
    # "isteğe bağlı olanı", "zorunlu olandan": "the … one", read with its kind
    reading.consumed.update(it.i for it in reading.items[1:] if it.key.startswith("olan")
                            and reading.at(it.i - 1) & set(_KINDS))
    args = {"asked": asked, "kind": kind, "owner": owner}
    if asked == "first_claim":
        args["claimed"] = _first_claim(reading)
        # "zorunlu … uygulanmadan önce": "before", not a negation; read here
        reading.consumed.update(it.i for it in reading.items if it.key.endswith(
            ("madan", "meden")) and it.i + 1 < len(reading.items)
            and reading.items[it.i + 1].key in ("once", "before"))
    return Call(args, used=used)


def _scenario(args: dict, question: str) -> tuple[dict, list[dict]]:
    asked, kind, owner = args["asked"], args["kind"], args["owner"]
    asked = {"i_choose": "who", "rival_chooses": "who", "decline": "must"}.get(asked, asked)
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
    elif kind == "mechanic":
        # a GO SOLO Legend leaving the field is removed from the game (a game mechanic's
        # replacement, 11.25.1) and a card's mandatory replacement could also apply (10.30)
        cards[UNIT] = {"type": "legend", "power": 1, "cost": 1}
        guard(f"{GUARD} 1", {"label": "Zorunlu ikame", "replace": "defeat", "of": of,
                             "instead": draw})
    elif kind == "optional":
        guard(GUARD, {"label": "İsteğe bağlı ikame", "replace": "defeat", "of": of,
                      "optional": True, "instead": draw})
    elif kind in ("original", "before_event"):
        guard(GUARD, {"label": "Zorunlu ikame", "replace": "defeat", "of": of, "instead": draw})
    elif kind == "recheck":
        # the first replacement puts another event in place (defeat the Shield instead);
        # another replacement applies to that new event (10.29)
        cards[UNIT]["effects"] = [{"label": "İkame 1", "replace": "defeat", "of": "self",
                                   "instead": [{"do": "defeat", "target": {
                                       "side": "friendly", "name": SHIELD}}]}]
        cards[SHIELD] = {"type": "unit", "power": 1, "effects": [
            {"label": "İkame 2", "replace": "defeat", "of": "self", "instead": draw}]}
    elif kind == "same":
        cards[UNIT]["effects"] = [{"label": "Aynı ikame", "replace": "defeat", "of": "self",
                                   "instead": [{"do": "defeat", "target": "self"}]}]
    else:                                           # impossible: nothing to draw
        cards[UNIT]["effects"] = [{"label": "Yapılamayan ikame", "replace": "defeat",
                                   "of": "self", "instead": [{"do": "draw", "n": 2}]}]
    killer = "A" if unit_side == "B" else "B"
    state: dict[str, Any] = {"turn_player": killer, "turn": 4,
                             "A": {"deck": 5}, "B": {"deck": 5}}
    state[unit_side]["field"] = [{"card": UNIT, "go_solo": True} if kind == "mechanic" else UNIT]
    if kind == "recheck":
        state[unit_side]["field"].append(SHIELD)
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
    if asked in ("i_choose", "rival_chooses", "decline"):
        # "do I choose?" / "does my rival choose?" is "who chooses?" asked of one player;
        # "may I decline?" is "must I apply it?" turned round
        call = Call({**args, "asked": "must" if asked == "decline" else "who"},
                    call.assumptions, used=call.used)
        got = answer(question, call, reading)
        chooser = got.value
        value = (chooser == "me") if asked == "i_choose" else (chooser == "rival") \
            if asked == "rival_chooses" else (not got.value)
        m = words(reading)
        got.value = value
        if asked != "decline":
            got.answer = f"{yes_no(reading, value)}: " + m(f"ask_misc.replace.who_{chooser}")
        else:
            got.answer = m("ask_misc.replace.must_no", head=yes_no(reading, value))
        return got
    unit_side = "B" if owner == "rival" else "A"
    effects_side = _effects_side_of(args)

    def expect_of(result) -> dict:
        out: dict[str, Any] = {"defeated": list(result.outcome.defeated)}
        if asked in ("first", "first_claim") and args["kind"] == "mixed":
            out[effects_side] = {"hand_count": len(result.state.players[effects_side].hand)}
        if asked == "recheck":
            out[unit_side] = {"hand_count": len(result.state.players[unit_side].hand)}
        if args["kind"] == "mechanic":
            out["cites"] = ["10.30"]
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
    elif asked in ("first", "first_claim"):
        if args["kind"] == "mechanic":
            order = [st.rule for st in result.trace if st.rule in ("10.30", "10.25")]
            value = "mechanic" if order[:1] == ["10.30"] else None
        else:
            drawn = len(result.state.players[effects_side].hand)
            value = {1: "mandatory", 2: "optional"}.get(drawn)
        if value not in ("mandatory", "mechanic"):
            raise Unclear("replace.engine_order")
        line = m("ask_misc.replace.first_mandatory" if value == "mandatory"
                 else "ask_replace.first_mechanic")
        if asked == "first_claim":
            value = args["claimed"] == value
            line = f"{yes_no(reading, value)}: {line}"
    elif asked in ("recheck", "original", "before_event"):
        defeated = set(result.outcome.defeated)
        if asked == "recheck":
            # the Shield's own replacement took the place of the event the first one made
            value = not defeated and len(result.state.players[unit_side].hand) == 1
        elif asked == "original":
            value = UNIT in defeated
        else:
            value = UNIT not in defeated and any(st.rule == "10.25" for st in result.trace)
        line = f"{yes_no(reading, value)}: " + m(f"ask_replace.{asked}_{'yes' if value else 'no'}")
    elif asked == "impossible_original":
        # the replacement cannot be performed, so it is not applied: the original event
        # (the defeat) happens as it is (10.27)
        value = UNIT in result.outcome.defeated
        if not value:
            raise Unclear("replace.engine_order")
        line = m("ask_misc.replace.impossible_no", head=yes_no(reading, value))
    else:
        survived = UNIT not in result.outcome.defeated
        # must: declined and the Unit is defeated → not obliged; twice / impossible: the
        # replacement did not apply (again) and the Unit is defeated.
        value = survived
        line = m(f"ask_misc.replace.{asked}_{'yes' if value else 'no'}", head=yes_no(reading, value))
    steps = deciding(result, ("10.25", "10.26", "10.27", "10.28", "10.29", "10.30") + (
        # the scenario's mechanic is GO SOLO's; its rule is cited only when the question
        # names GO SOLO (10.30 decides)
        ("11.25.1",) if args["kind"] == "mechanic" and reading.has("go_solo") else ()))
    return make_answer(question, NAME, reading, value, line, steps,
                       _understood(reading, args), text, call.assumptions)


def data_choices(text: str) -> list[dict]:
    import tomllib
    return tomllib.loads(text).get("choices", [])


_OWN_KINDS = ("mechanic", "recheck", "original", "before_event")


def _understood(reading: Reading, args: dict) -> list[str]:
    m = words(reading)
    kind, asked = args["kind"], args["asked"]
    lines = [m(f"ask_replace.kind_{kind}") if kind in _OWN_KINDS else
             m(f"ask_misc.replace.kind_{kind}" + ("_several" if asked == "who" else ""))]
    if args["owner"]:
        lines.append(m(f"ask_misc.replace.unit_{args['owner']}"))
    if asked == "first_claim":
        lines.append(m("ask_replace.asked_claim", kind=m(f"ask_replace.name_{args['claimed']}")))
    elif asked == "impossible_original":
        lines.append(m("ask_replace.asked_original"))    # the original event: does it happen?
    elif asked in _OWN_KINDS:
        lines.append(m(f"ask_replace.asked_{asked}"))
    else:
        lines.append(m(f"ask_misc.replace.asked_{asked}"))
    return lines
