"""`judge ask` (timing): may a player act while effects are pending, or while one resolves?

"PLAY etkim beklerken saldırabilir miyim?", "Can I play another card while my PLAY effect is
still pending?", "Tepki olarak Legend çağırdım, CALL etkisi çözülmeden BLOCKER'ımı
kullanabilir miyim?", "bir etki çözülürken kart oynayabilir miyim?". The question is read
into `{"case": "act_pending", "act": …, "context": …, "while": "pending"|"resolving"}`; the
scenario has the player try the action at that moment (engine decision `act` /
`act_resolving`), and the answer is whether the engine allowed it and the rule it cited
(10.11.1, 9.11, 9.12, 10.18.1, 10.2.3). Anything not read exactly is left to the other timing cases (or no ruling).
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

    from .lexicon import Reading

from .families import Call

_CAN_EN = ("can", "may", "could")
_MEANWHILE = ("bu", "o")             # "bu sırada", "o sırada": meanwhile


def _waiting(reading: Reading) -> tuple[int, str] | None:
    """Where the question says the action is tried while effects wait ("beklerken",
    "bekliyorken", "beklemedeyken", "bekleyen … varken", "çözülmeden", "bekliyor, bu
    sırada", "while … pending", "before it resolves", "is still pending") -> (index,
    "pending"), or while one resolves ("çözülürken", "while … resolving") -> (index,
    "resolving"); None when not said, or said twice."""
    items = reading.items
    keys = [it.key for it in items]
    found: list[tuple[int, str]] = []
    pending = {m.start for m in reading.of("pending")}
    resolve = {m.start for m in reading.of("resolve")}
    if reading.language == "en":
        for i, k in enumerate(keys):
            window = range(i + 1, min(len(keys), i + 8))
            if k == "while":
                # the first of the two words decides: "while my PLAY effect is pending",
                # "while I resolve my pending effects" (resolving)
                hit = next((j for j in window if (j in pending and keys[j] in ("pending", "waiting"))
                            or (j in resolve and keys[j] in ("resolving", "resolves", "resolve"))),
                           None)
                if hit is not None:
                    found.append((i, "resolving" if hit in resolve else "pending"))
            if k == "before" and any(j in resolve for j in range(i + 1, min(len(keys), i + 5))):
                found.append((i, "pending"))
            if k == "pending" and i > 0 and keys[i - 1] in ("is", "are", "still") \
                    and not any(f[1] == "pending" for f in found):
                found.append((i, "pending"))
        return found[0] if len({f[1] for f in found}) == 1 else None
    for i, k in enumerate(keys):
        if i in pending and k.startswith("bekl") and k.endswith("ken"):
            found.append((i, "pending"))                     # beklerken, bekliyorken
        elif i in pending and k.startswith("bekl") and any(
                keys[j] == "varken" for j in range(i + 1, min(len(keys), i + 4))):
            found.append((i, "pending"))                     # bekleyen bir etkim varken
        elif i in pending and k.startswith("bekliyor") and i + 2 < len(keys) \
                and keys[i + 1] in _MEANWHILE and keys[i + 2].startswith("sirada"):
            found.append((i, "pending"))                     # bekliyor, bu sırada
        elif i in resolve and k.endswith(("madan", "meden")):
            found.append((i, "pending"))                     # çözülmeden
        elif i in resolve and k.endswith("rken"):
            found.append((i, "resolving"))                   # çözülürken
    if len(found) != 1:
        return None
    return found[0]


# The action asked about: concept -> act (engine script.ACTS). Checked in this order.
_ACTS = (("sell", "sell"), ("activate", "activate"), ("block", "block"), ("quick", "quick"),
         ("call", "call"), ("attack", "attack"), ("play", "play"))
_REACTIONS = ("block", "quick", "call", "end")
_MAIN_ACTS = ("attack", "play", "call", "sell", "activate")


def _asked_act(reading: Reading, at: int) -> tuple[str, list[int]] | None:
    """The one action the question asks may be taken, and the indexes of its words: in
    Turkish after the "while" word ("…beklerken saldırabilir miyim"), in English between
    "can I" and "while/before" ("Can I attack before it resolves?")."""
    items = reading.items
    keys = [it.key for it in items]
    if reading.language == "en":
        cans = [i for i, k in enumerate(keys) if k in _CAN_EN]
        if len(cans) != 1:
            return None
        lo = cans[0] + 1
        hi = at if at > lo else len(keys)
    else:
        cans = [i for i in range(at + 1, len(keys)) if "can" in reading.at(i)]
        if len(cans) != 1:
            return None
        lo, hi = at + 1, cans[0] + 1
    region = [i for i in range(lo, hi)          # "the defending player": no "play"
              if not keys[i].startswith(("player", "oyuncu"))]
    concepts = {c: [i for i in region if c in reading.at(i)] for c, _ in _ACTS}
    concepts = {c: v for c, v in concepts.items() if v}
    ends = [i for i in region if "end_step" in reading.at(i)]
    react = [i for i in region if "react" in reading.at(i)]
    if ends and not concepts:
        steps = [i for i in range(len(keys)) if "step" in reading.at(i) or "react" in reading.at(i)]
        if not steps:
            return None
        return "end", ends
    if ends:
        return None
    if "quick" in concepts:                       # "QUICK Program oynayabilir miyim"
        words = concepts.pop("quick") + concepts.pop("play", []) + react
        if concepts:
            return None
        return "quick", words
    if react and not concepts:                    # "ikinci bir tepki verebilir miyim"
        return "quick", react
    if react:
        return None
    if "activate" in concepts:                    # "aktifleştirilen bir etkiyi kullanabilir"
        words = concepts.pop("activate")
        if concepts:
            return None
        return "activate", words
    if len(concepts) != 1:
        return None
    (concept, words), = concepts.items()
    return dict(_ACTS)[concept], words


def extract(reading: Reading, triggers: list[tuple[int, str]], described: str | None) -> Call | None:
    """The `act_pending` situation, or None when the question is not of this kind (or not
    one this case reads exactly: the other timing cases, or no ruling, then)."""
    wait = _waiting(reading)
    if wait is None:
        return None
    at, moment = wait
    act = _asked_act(reading, at)
    if act is None:
        return None
    what, words = act
    from .family_timing import _i_attack, _react_step, _rival_attacks, _rival_subject, _yesno
    if not _yesno(reading):
        return None
    kinds = sorted({kw for _, kw in triggers})
    if len(kinds) > 1:
        return None
    trigger = kinds[0] if kinds else described
    rival_acts = _rival_subject(reading)
    # "I block with a BLOCKER and that triggers an effect": a block of mine already taken is a
    # reaction, so the asker is in the React Step (9.9); the rival's block is not read here
    blocked = not reading.has("rival") and any(m.start not in words for m in reading.of("block"))
    react = _react_step(reading) or _rival_attacks(reading) or (
        reading.has("react") and what not in _REACTIONS) or trigger == "REACTION" or (
        blocked and what in _REACTIONS)
    if trigger == "REACTION":           # "tepki olarak … tetiklendi": a reaction's trigger
        trigger = None
    if moment == "resolving":
        # 10.2.3: nothing is played or activated while an effect resolves, whoever asks
        if what not in ("play", "activate", "quick") or react or trigger not in (None, "PLAY"):
            return None
        context = "main"
    elif trigger == "ATTACK":
        # the attacker's ATTACK effect waits before the React Step (11.21.2.2)
        if what not in _REACTIONS or what == "end" or _i_attack(reading) or not (
                rival_acts or _rival_attacks(reading)):
            return None
        context = "declare"
    elif react:
        # a reaction's triggered effect (9.11): the defending player acts next
        if what not in _REACTIONS or rival_acts or _i_attack(reading) or trigger not in (
                None, "CALL"):
            return None
        context = "react"
    else:
        if what not in _MAIN_ACTS or rival_acts or reading.has("rival") \
                or trigger not in (None, "PLAY", "CALL", "STEALS_GIG"):
            return None
        context = "main"
    reading.consumed.update(words)
    reading.consumed.add(at)
    # "başka bir birimle", "another card", "ikinci bir tepki": which one does not matter
    # (English says the act before or after the pending clause: "can I attack with another
    # unit while …", "While … is pending, can I play another card?")
    lo, hi = (at + 1, len(reading.items)) if reading.language != "en" else (0, len(reading.items))
    reading.consumed.update(m.start for m in reading.matches if m.concept in ("other", "again")
                            and lo <= m.start < hi)
    if reading.language != "en":
        for i, it in enumerate(reading.items):     # "bu sırada": meanwhile, read here
            if it.key.startswith("sirada") and i and reading.items[i - 1].key in _MEANWHILE:
                reading.consumed.update((i - 1, i))
            if it.key == "varken":
                reading.consumed.add(i)
    # who tries it: while an effect resolves nobody may (10.2.3), so the rival named as the
    # doer ("rakibim … oynayabilir mi") is the one the scenario has try, and the one shown
    actor = "rival" if moment == "resolving" and rival_acts else "me"
    from .family_timing import pronoun_ones
    return Call({"case": "act_pending", "trigger": trigger, "act": what, "context": context,
                 "while": moment, "asked": "yesno", "actor": actor},
                used=pronoun_ones(reading))       # "while one of my effects resolves"


# ------------------------------------------------------------------------- on the engine

def scenario(args: dict[str, Any], title: str) -> dict[str, Any]:
    """The scenario: the effect waits (or resolves); the player tries the action then."""
    from .family_timing import _ATTACKER, _LABELS, _attack, _base, _effect
    data = _base(title)
    trigger, context, what = args.get("trigger"), args["context"], args["act"]
    decision = "act_resolving" if args["while"] == "resolving" else "act"
    if context in ("react", "declare"):
        cards: dict[str, Any] = {_ATTACKER: {"type": "unit", "power": 4}}
        b: dict[str, Any] = {"deck": 5, "gigs": ["d6=3"]}
        reactions: list[dict[str, Any]] = []
        if context == "declare":
            cards[_ATTACKER]["effects"] = [_effect(_LABELS["ATTACK"], "ATTACK")]
        else:
            cards["Efsane"] = {"type": "legend", "effects": [_effect(_LABELS["CALL"], "CALL")]}
            b.update(legends=["Efsane"], eddies=1)
            reactions.append({"do": "call", "legend": "Efsane", "pay": {"eddies": 1}})
        data["cards"] = cards
        data["state"] = {"turn_player": "A", "turn": 3,
                         "A": {"deck": 5, "field": [_ATTACKER]}, "B": b}
        data["actions"] = [_attack(reactions=reactions)]
        data["choices"] = [{"decision": decision, "player": "B", "pick": what}]
        return data
    if trigger == "CALL":
        data["cards"] = {"Efsane": {"type": "legend", "effects": [_effect(_LABELS["CALL"], "CALL")]}}
        a: dict[str, Any] = {"deck": 5, "legends": ["Efsane"], "eddies": 1}
        actions: list[dict[str, Any]] = [{"do": "call", "legend": "Efsane", "pay": {"eddies": 1}}]
    elif trigger == "STEALS_GIG":
        data["cards"] = {_ATTACKER: {"type": "unit", "power": 4, "effects": [
            _effect(_LABELS["STEALS_GIG"], "STEALS_GIG")]}}
        a = {"deck": 5, "field": [_ATTACKER]}
        actions = [_attack()]
    else:                                   # PLAY, or any pending effect (one is assumed)
        data["cards"] = {"Yeni Birim": {"type": "unit", "power": 2, "cost": 1, "effects": [
            _effect(_LABELS["PLAY"], "PLAY")]}}
        a = {"deck": 5, "hand": ["Yeni Birim"], "eddies": 1}
        actions = [{"do": "play", "card": "Yeni Birim", "pay": {"eddies": 1}}]
    data["state"] = {"turn_player": "A", "turn": 3, "A": a, "B": {"deck": 5, "gigs": ["d6=3"]}}
    data["actions"] = actions
    data["choices"] = [{"decision": decision, "player": "B" if args.get("actor") == "rival"
                        else "A", "pick": what}]
    return data


def on_engine(args: dict[str, Any], title: str) -> tuple[Any, list, str, Any]:
    """(value, deciding steps, scenario TOML, run): the engine says whether the action
    could be taken then, and which rule refused it."""
    from ..engine.cite import R
    from .family_timing import _legal, _not_modelled, _run, _steps
    value, run, text = _run(scenario(args, title), _legal)
    rule = run.outcome.illegal_rule or ""
    if value or rule not in _WHY:
        raise _not_modelled("an action while effects are pending")
    steps = _steps(run, (R.PLAY_TRIGGER, R.CALL_TRIGGER, R.ATTACK_TRIGGER, R.STOLEN_TRIGGERS,
                         R.REACT_PENDING, R.ATTACK_BEFORE_REACT, rule))
    return value, steps, text, run


# the rule that refused the action -> the answer's reason (catalogue key under ask_pending)
_WHY = {"10.11.1": "why_pending", "9.11": "why_reaction", "9.12": "why_end",
        "10.18.1": "why_activate", "10.2.3": "why_resolving"}


def lines(args: dict[str, Any], m) -> tuple[list[str], list[str]]:
    out, assumed = [], []
    if args.get("trigger"):
        from .family_timing import trigger_line
        out.append(trigger_line(m, args["trigger"]))
    context = args["context"]
    if args["while"] == "resolving":
        out.append(m("ask_pending.context_resolving"))
    elif context == "react":
        out.append(m("ask_pending.context_reaction"))
        if args.get("trigger") is None:
            assumed.append(m("ask_pending.assumed_reaction"))
    elif context == "declare":
        out.append(m("ask_timing.context_attack_rival"))
        out.append(m("ask_pending.context_waiting"))
    else:
        out.append(m("ask_pending.context_waiting"))
    if args.get("trigger") is None and context == "main":
        assumed.append(m("ask_pending.assumed_play"))
    out.append(m("ask_timing.actor_defender" if context in ("react", "declare")
                 else "ask_timing.actor_rival" if args.get("actor") == "rival"
                 else "ask_timing.actor_me"))
    out.append(m(f"ask_pending.act_{args['act']}"))
    out.append(m("ask_pending.asked_resolving" if args["while"] == "resolving"
                 else "ask_pending.asked_waiting"))
    return out, assumed


def line(args: dict[str, Any], value: Any, run, m) -> str:
    head = m("ask_timing.yes") if value is True else m("ask_timing.no")
    return f"{head}: " + m("ask_pending." + _WHY[run.outcome.illegal_rule])
