"""`judge ask` (timing): an effect that triggers while another one resolves (10.14, 10.14.1).

"PLAY etkim çözülürken rakibimin birimini mağlup etti ve onun DEFEATED etkisi tetiklendi;
PLAY etkim bitmeden onun etkisi çözülür mü?" (no: the new one waits, 10.14), "a new one
triggered mid-resolution: does it go pending?" (yes), "etkim çözülürken iki
oyuncunun da yeni etkisi tetiklendi, benim yeni etkim önce mi çözülür?" (the player who is
resolving finishes all of theirs first, 10.14.1), "… bu etki ne zaman çözülür?".

The question is read into `{"case": "during", "outer": …, "asked": …, …}`; the scenario has
an effect (PLAY or ATTACK) whose resolution defeats Units with DEFEATED effects, and the
value is read from the run: where the new effect resolved, whether it resolved before the
first effect finished, who resolved first. Anything not read exactly: None (the other timing
cases read the question, or no ruling).
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

    from .lexicon import Reading

from .families import Call

_INTERRUPT = ("interrupt", "interrupts", "interrupted", "yarida", "kesintiye", "keser", "kesilir",
              "immediately", "hemen", "aninda", "instantly")
_FINISH = ("bitmeden", "bitirmeden", "finishes", "finish", "finished", "tamamlanmadan")
_NEW = ("yeni", "new", "ones")
_THROUGH = ("halfway", "through", "middle", "mid", "midway")
_OUTER = ("PLAY", "ATTACK")


def _resolving_at(reading: Reading) -> int | None:
    """The word that says an effect is resolving right now: "çözülürken", "çözerken",
    "while … resolving", "halfway through resolving", "in the middle of resolving"."""
    from .family_pending import _waiting
    wait = _waiting(reading)
    if wait is not None:
        return wait[0] if wait[1] == "resolving" else None
    keys = [it.key for it in reading.items]
    resolve = {m.start for m in reading.of("resolve")}
    if reading.language == "en":
        for i, k in enumerate(keys):
            if k in ("through", "middle", "mid", "during") and any(
                    j in resolve for j in range(i + 1, min(len(keys), i + 4))):
                return i
    return None


def _new_triggers(reading: Reading, at: int) -> list[int]:
    """The trigger verbs of the new effect: "tetiklendi", "triggers" ("A new effect
    triggers while …" names it first in English)."""
    return [it.i for it in reading.items if it.i != at and "pending" in reading.at(it.i)
            and it.key.startswith(("tetik", "trigger"))]


def _whose_new(reading: Reading, at: int, trigger: int, skip: int = -1) -> str | None:
    """Whose new effect triggers: "both" when the question says so ("iki oyuncunun da",
    "both players", "benim … ve onun …" between the resolving word and the trigger verb);
    else "rival" or "mine" from the owner words there (for the scenario only: the answer to
    "does it wait / when" is the same for either), None when not said."""
    items = reading.items
    keys = [it.key for it in items]
    if any(k in ("both", "ikisinin", "ikimizin") for k in keys) or any(
            it.number == 2 and it.i + 1 < len(items) and items[it.i + 1].key.startswith(
                ("oyuncu", "player")) for it in reading.numbers):
        return "both"
    lo, hi = (max(at, skip), trigger) if at < trigger else (0, trigger)
    window = range(lo + 1, hi)
    rival = any("rival" in reading.at(i) for i in window)
    mine = any((keys[i] in ("my", "mine", "benim") and not (
        i + 1 < len(keys) and "rival" in reading.at(i + 1)))       # "my opponent's": theirs
        or keys[i].startswith(("birimim", "etkim")) for i in window)
    if rival and mine:
        return "both"
    return "rival" if rival else "mine" if mine else None


def _who_resolves(reading: Reading, at: int) -> str | None:
    """Who is resolving: "etkim çözülürken", "while I resolve", "my PLAY effect" -> "me";
    "rakibim … çözerken", "while my opponent resolves" -> "rival"."""
    items = reading.items
    keys = [it.key for it in items]
    ahead = 3 if reading.language == "en" else 1          # "while I'm resolving …"
    before = [i for i in range(max(0, at - 6), min(len(items), at + ahead))]
    # "rakibin turunda", "during my rival's turn": whose turn it is, not who resolves
    rival = any("rival" in reading.at(i) and not (
        i + 1 < len(items) and "turn" in reading.at(i + 1)) for i in before)
    mine = any(keys[i] in ("i", "im", "my", "benim") and not (
        i + 1 < len(items) and ("rival" in reading.at(i + 1) or "turn" in reading.at(i + 1)))
        or keys[i].startswith(("etkim", "etkimi")) for i in before)
    if rival and mine:
        return None                     # both named there: not read
    if rival:
        return "rival"
    if mine or keys[at] in ("cozerken",):
        return "me"
    return None


def _asked(reading: Reading, at: int) -> str | None:
    from .family_timing import _asks_when, _me_first, _rival_first, _yesno
    keys = [it.key for it in reading.items]
    if _asks_when(reading):
        return "when"
    if reading.has("who") and (reading.has("first") or any(k in ("once", "first") for k in keys)):
        return "who"                    # "who / which one first": "which" when not both players'
    if not _yesno(reading):
        return None
    if reading.language == "en" and any(
            k in _FINISH and i and keys[i - 1] in ("i", "it", "we", "you", "they", "he", "she")
            for i, k in enumerate(keys)):
        return None     # "Do I finish the first one before …?": finishing is what is asked,
        #                 the other way round from "does it resolve before it finishes?"
    if any(k in _INTERRUPT for k in keys) or any(k in _FINISH for k in keys):
        return "interrupt"
    if reading.language == "en":
        if _me_first(reading):
            return "me_first"
        if _rival_first(reading):
            return "rival_first"
    else:
        claimed = _claimed_first_tr(reading)
        if claimed is not None:
            return claimed
    last_pending = [it.i for it in reading.items if "pending" in reading.at(it.i)
                    and not it.key.startswith(("tetik", "trigger"))]
    if last_pending and last_pending[-1] > at:
        return "pending"               # "does the new one become pending?"
    return None


_MINE_TR = ("ben", "benim", "benimki", "benimkiler", "benimkisi")


def _claimed_first_tr(reading: Reading) -> str | None:
    """Whose effects a Turkish yes/no question says go first: "Önce benimki mi çözülür?",
    "benim DEFEATED etkim önce mi" (the owner, a few words back across the effect's own
    words); with "-den" right before "önce" the owner named there is the LATER one:
    "benim etkim rakibinkinden önce mi", "bu etki rakibin ATTACK etkisinden önce mi"
    (mine first). None when not said exactly."""
    items = reading.items
    keys = [it.key for it in items]
    marks = [i for i, k in enumerate(keys) if k in ("once", "ilk")]
    if len(marks) != 1:
        return None
    at = marks[0]

    def owner(i: int) -> str | None:
        if not 0 <= i < len(keys):
            return None
        if keys[i].startswith(_MINE_TR):
            return "me"
        return "rival" if "rival" in reading.at(i) else None

    named = owner(at - 1)
    if named is None and at >= 2 and keys[at - 1].startswith(("etkim", "etkisi", "etkileri")):
        for i in range(at - 2, max(-1, at - 4), -1):      # across the effect's own words only
            if owner(i) is not None:
                named = owner(i)
                break
            if not (keys[i].upper() in ("PLAY", "ATTACK", "DEFEATED", "CALL")
                    or "effect" in reading.at(i)):
                break
    if at and keys[at - 1].endswith(("den", "dan", "ten", "tan")):
        if named is None:
            return None
        other = "rival" if named == "me" else "me"
        said = any(owner(i) == other or (other == "me" and keys[i].startswith("etkim"))
                   for i in range(0, at - 1))
        return f"{other}_first" if said else None
    if named is None:
        named = owner(at + 1)                               # "Önce benimki mi"
    if named is None:
        return None
    return "me_first" if named == "me" else "rival_first"


def extract(reading: Reading, triggers: list[tuple[int, str]]) -> Call | None:
    at = _resolving_at(reading)
    if at is None:
        return None
    new = _new_triggers(reading, at)
    if not new:
        return None
    asked = _asked(reading, at)
    if asked is None:
        return None
    # the effect resolving is named next to the resolving word ("PLAY etkim çözülürken",
    # "resolving my PLAY effect"); the same keyword named again is the same effect
    outer = [kw for i, kw in triggers if abs(i - at) <= 4]
    inner = [kw for i, kw in triggers if abs(i - at) > 4 and kw not in outer]
    if len(set(outer)) > 1 or any(kw not in _OUTER for kw in outer) or any(
            kw != "DEFEATED" for kw in inner) or len(set(inner)) > 1:
        return None
    near = [i for i, kw in triggers if abs(i - at) <= 4]     # "my PLAY effect": not the new one's
    whose = _whose_new(reading, at, new[0], max(near, default=-1) + 1)
    resolver = _who_resolves(reading, at)
    if asked == "who" and whose != "both" and not reading.has("rival"):
        asked = "which"                 # "hangisi önce çözülür?": the current or the new one
    if asked in ("who", "me_first", "rival_first"):
        if whose != "both" or resolver is None:
            return None
    elif whose == "both":
        return None
    if asked == "when" and not outer:
        return None                     # the moment depends on what resolves
    from .families import _turn_owner
    turn = _turn_owner(reading)
    if turn is not None and resolver is not None and (turn == "mine") != (resolver == "me"):
        return None                     # the non-turn player resolving: not modelled here
    if resolver == "rival" and asked not in ("who", "me_first", "rival_first"):
        return None
    if outer == ["ATTACK"] and resolver == "rival":
        return None
    reading.consumed.add(at)
    reading.consumed.update(m.start for m in reading.of("other"))     # "başka bir etki"
    reading.consumed.update(it.i for it in reading.items if it.key in _FINISH + _INTERRUPT
                            + _NEW + _THROUGH or it.key.startswith("benimki"))
    for it in reading.items[1:]:
        prev = reading.items[it.i - 1]
        if ("defeat" in reading.at(prev.i) and it.key.startswith(("etti", "etmis", "edil")))or (
                prev.key in ("yarida",) and it.key.startswith("kal")):
            reading.consumed.add(it.i)       # "mağlup etti", "yarıda kalır"
    items = reading.items
    from .family_timing import pronoun_ones
    used = {it.i for it in reading.numbers if (
        it.key == "one" and (it.i + 1 < len(items) and items[it.i + 1].key == "of"
                             or it.i and items[it.i - 1].key in ("new", "a", "the")))
        or (whose == "both" and it.number == 2)} | pronoun_ones(reading)
    if {it.i for it in reading.numbers} - used:
        return None
    return Call({"case": "during", "outer": outer[0] if outer else None, "asked": asked,
                 "whose": whose or "rival", "resolver": resolver or "me",
                 "resolver_said": resolver is not None, "whose_said": whose is not None,
                 # the new effects stand as DEFEATED effects in the scenario; the keyword is
                 # the question's only when it names it (its rule is cited only then)
                 "trigger": inner[0] if inner else None}, used=used)


# ------------------------------------------------------------------------- on the engine

_OUTER_LABEL = {"PLAY": "PLAY etkisi", "ATTACK": "ATTACK etkisi", None: "PLAY etkisi"}
_NEW_MINE, _NEW_RIVAL = "Dost DEFEATED etkisi", "Kurban DEFEATED etkisi"


def scenario(args: dict[str, Any], title: str) -> dict[str, Any]:
    """A (the resolving player, the turn player) resolves an effect that defeats Units
    whose DEFEATED effects trigger meanwhile (A's own "Dost", B's "Kurban"), then draws."""
    from .family_timing import _ATTACKER, _attack, _base
    data = _base(title)
    outer = args.get("outer")
    whose = args["whose"]
    targets = {"both": ["friendly", "rival"], "mine": ["friendly"], "rival": ["rival"]}[whose]
    names = {"friendly": "Dost", "rival": "Kurban"}
    effect = {"label": _OUTER_LABEL[outer], "trigger": outer or "PLAY", "do": [
        {"do": "defeat", "target": {"side": side, "type": "unit", "name": names[side]}}
        for side in targets] + [{"do": "draw", "n": 1}]}
    draw = [{"do": "draw", "n": 1}]
    cards: dict[str, Any] = {
        "Dost": {"type": "unit", "power": 1, "effects": [
            {"label": _NEW_MINE, "trigger": "DEFEATED", "do": draw}]},
        "Kurban": {"type": "unit", "power": 1, "effects": [
            {"label": _NEW_RIVAL, "trigger": "DEFEATED", "do": draw}]},
    }
    a: dict[str, Any] = {"deck": 5, "field": ["Dost"] if "friendly" in targets else []}
    b: dict[str, Any] = {"deck": 5, "field": ["Kurban"] if "rival" in targets else [],
                         "gigs": ["d6=3"]}
    if outer == "ATTACK":
        cards[_ATTACKER] = {"type": "unit", "power": 4, "effects": [effect]}
        a["field"].append(_ATTACKER)
        actions = [_attack(reactions=[])]
    else:
        cards["Yeni Birim"] = {"type": "unit", "power": 2, "cost": 1, "effects": [effect]}
        a.update(hand=["Yeni Birim"], eddies=1)
        actions = [{"do": "play", "card": "Yeni Birim", "pay": {"eddies": 1}}]
    data["cards"] = cards
    data["state"] = {"turn_player": "A", "turn": 3, "A": a, "B": b}
    data["actions"] = actions
    return data


def on_engine(args: dict[str, Any], title: str) -> tuple[Any, list, str, Any]:
    from ..engine.cite import R
    from .family_timing import _not_modelled, _run, _step_index, _steps
    outer_label = _OUTER_LABEL[args.get("outer")]
    asked, resolver = args["asked"], args["resolver"]
    new_labels = {"both": [_NEW_MINE, _NEW_RIVAL], "mine": [_NEW_MINE],
                  "rival": [_NEW_RIVAL]}[args["whose"]]

    def read(run):
        out = run.outcome
        if outer_label not in out.resolved or any(n not in out.resolved for n in new_labels):
            raise _not_modelled("the effects did not resolve")
        if asked == "when":
            at = out.resolved_at[new_labels[0]]
            return at, {"legal": True, "resolved_at": {new_labels[0]: at}}
        if asked == "pending":
            ok = _step_index(run, R.PENDING_NEW) is not None
            return ok, {"legal": True, "cites": [R.PENDING_NEW]}
        if asked in ("interrupt", "which"):
            new_at = _step_index(run, R.RESOLVE_IN_ORDER, new_labels[0])
            start = _step_index(run, R.RESOLVE_IN_ORDER, outer_label)
            done = next((i for i, st in enumerate(run.trace) if start is not None and i > start
                         and st.rule == R.DRAW_EACH), None)
            if new_at is None or done is None:
                raise _not_modelled("the order of the two effects")
            return new_at < done, {"legal": True, "resolved": list(out.resolved)}
        first = out.resolved_by[out.resolved.index(outer_label) + 1]
        return first, {"legal": True, "resolved": list(out.resolved),
                       "resolved_by": list(out.resolved_by)}
    value, run, text = _run(scenario(args, title), read)
    if asked == "which":
        value = "new" if value else "current"
    if asked in ("who", "me_first", "rival_first"):
        # A is the resolving player in the scenario; the asker is A when they resolve
        asker = "A" if resolver == "me" else "B"
        if asked == "who":
            # in the scenario the resolving player is the turn player (A)
            value = "turn_player" if value == "A" else "other_player"
        elif asked == "me_first":
            value = value == asker
        else:
            value = value != asker
    rules = (R.PENDING_NEW, R.PENDING_NEW_BOTH, R.DEFEATED_TRIGGER, R.PLAY_TRIGGER,
             R.ATTACK_TRIGGER, R.ATTACK_BEFORE_REACT)
    steps = _steps(run, rules)
    for label in [outer_label] + new_labels:
        steps += [st for st in _steps(run, (), label) if st not in steps]
    return value, steps, text, run


def lines(args: dict[str, Any], m) -> tuple[list[str], list[str]]:
    out, assumed = [], []
    outer = args.get("outer")
    if outer:
        from .family_timing import trigger_line
        out.append(trigger_line(m, outer))
    else:
        assumed.append(m("ask_during.assumed_play"))
    # who resolves and whose the new effect is, when the question does not say, are the
    # scenario's choice (the answer is the same either way): assumptions, not understood
    (out if args.get("resolver_said", True) else assumed).append(
        m("ask_during.resolving_" + args["resolver"]))
    (out if args.get("whose_said", True) else assumed).append(m("ask_during.new_" + args["whose"]))
    out.append(m("ask_during.asked_" + args["asked"]))
    if args["whose"] != "both":
        assumed.append(m("ask_during.assumed_defeated"))
    return out, assumed


def line(args: dict[str, Any], value: Any, run, m) -> str:
    head = m("ask_timing.yes") if value is True else m("ask_timing.no") if value is False else ""
    asked = args["asked"]
    if asked == "when":
        return m(f"ask_timing.moment_{value}") + " " + m("ask_during.after_current")
    if asked == "who":
        return m("ask_during.first_resolving_player")
    if asked == "which":
        return m("ask_during.first_" + value)
    if asked in ("me_first", "rival_first"):
        return f"{head}: " + m("ask_during.first_resolving_player")
    if asked == "pending":
        return f"{head}: " + m("ask_during.waits")
    return f"{head}: " + m("ask_during.waits")
