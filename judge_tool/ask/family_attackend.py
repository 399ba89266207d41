"""`judge ask` (react): an ATTACK effect takes the attacker or the defending Unit off the field.

"My ATTACK effect defeats the unit I'm attacking. Is there still a React Step?" (no),
"Saldırdığım birim ATTACK etkimle sahadan ayrıldı; rakibim yine de tepki verebilir mi?" (no),
"attack etkim saldiran kendi birimimi elime geri dondurdu, tepki adimi olur mu" (no): the
ATTACK effects resolve before the React Step (11.21.2.2); then, with the attacker or the
defending Unit gone, the attack ends (9.6) and no React Step comes.

Read into `{"case": "attack_end", "who": "attacker" | "defender", "how": "defeat" |
"return_hand" | "removed" | "leave"}`. The scenario has the attacker's ATTACK effect do that to
the Unit; the value is whether the React Step was reached in the run, and the engine's step at
9.6 (the attack ends) is the citation. Anything else: None.
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

    from .lexicon import Reading

from .families import Call

_HOW = ("defeat", "return_hand", "removed")
# "sahadan ayrıldı", "leaves the field", "left play": gone from the field, how not said
_LEAVE_TR = ("ayril", "cikti", "gitti")
_LEAVE_EN = ("leaves", "left")
# the Unit attacked, said without a role word: "saldırdığım birim", "the unit I'm attacking"
_ATTACKED_TR = ("saldirdigim", "saldirdigimiz")
_SELF = ("kendi", "own", "itself", "kendisini", "kendini")
_EN_ATTACKED = (("unit", "i'm", "attacking"), ("unit", "im", "attacking"), ("unit", "i", "attack"),
                ("unit", "i", "attacked"), ("unit", "it", "attacks"), ("unit", "it", "attacked"))
_DO = {"defeat": "defeat", "return_hand": "return_to_hand", "removed": "remove", "leave": "remove"}


def _how(reading: Reading, keyword: set[int]) -> tuple[str, list[int]] | None:
    """How the Unit left the field, and the words that say it: one kind only."""
    found: dict[str, list[int]] = {}
    for c in _HOW:
        words = [k for m in reading.of(c) for k in range(m.start, m.end) if k not in keyword]
        if words:
            found[c] = words
    keys = [it.key for it in reading.items]
    for m in reading.of("field"):
        nxt = keys[m.end] if m.end < len(keys) else ""
        back = keys[max(0, m.start - 2):m.start]
        if reading.language != "en" and nxt.startswith(_LEAVE_TR):
            found.setdefault("leave", []).extend([*range(m.start, m.end), m.end])
        elif reading.language == "en" and any(k in _LEAVE_EN for k in back):
            found.setdefault("leave", []).extend(
                [*range(m.start - len(back), m.end)])
    if len(found) != 1:
        return None
    return next(iter(found.items()))


def _who(reading: Reading, keyword: set[int]) -> tuple[str, list[int]] | None:
    """The Unit that left: the attacker or the defending Unit, said once."""
    keys = [it.key for it in reading.items]
    roles: dict[str, list[int]] = {}
    phrase: set[int] = set()
    for i, key in enumerate(keys):
        if key.startswith(_ATTACKED_TR):
            roles.setdefault("defender", []).append(i)
            phrase.add(i)
        if tuple(keys[i:i + 3]) in _EN_ATTACKED:
            roles.setdefault("defender", []).extend(range(i + 1, i + 3))
            phrase.update(range(i + 1, i + 3))
    for concept in ("attacker", "defender"):
        for m in reading.of(concept):
            if m.start in phrase:
                continue            # "the unit I'm attacking": the defending Unit
            nxt = keys[m.end] if m.end < len(keys) else ""
            if nxt.startswith(("player", "oyuncu")) or keys[m.start].startswith(("player", "oyuncu")):
                return None
            roles.setdefault(concept, []).extend(range(m.start, m.end))
    if len(roles) != 1:
        return None
    who, words = next(iter(roles.items()))
    return who, words + [i for i, k in enumerate(keys) if k in _SELF]


def _asked(reading: Reading) -> list[int] | None:
    """The asking part: is there a React Step, may the rival react; its words."""
    from .family_timing import _asks_react_verb, _EXISTS_EN, _EXISTS_TR, _rival_subject, _yesno
    if not _yesno(reading):
        return None
    items = reading.items
    steps = [m for m in reading.of("step") if m.start and "react" in reading.at(m.start - 1)]
    if len(steps) == 1:
        at = steps[0]
        if reading.language == "en":
            words = [k for k in range(max(0, at.start - 5), at.start)
                     if items[k].key in _EXISTS_EN + ("still",)] + [
                k for k in range(at.end, min(len(items), at.end + 3))
                if items[k].key in ("still", "happen", "happens", "occur", "occurs", "exist")]
        else:
            words = [k for k in range(at.end, min(len(items), at.end + 2))
                     if items[k].key.startswith(_EXISTS_TR)]
        if words:
            return words
    if _asks_react_verb(reading) and (_rival_subject(reading) or reading.has("rival")):
        return [m.start for m in reading.of("react")]
    return None


def extract(reading: Reading, triggers: list[tuple[int, str]]) -> Call | None:
    if [kw for _, kw in triggers] != ["ATTACK"] or reading.numbers or not reading.has("react"):
        return None
    if any(reading.has(c) for c in ("block", "quick", "call", "program", "play", "steal",
                                     "fight", "several", "who")):
        return None
    keyword = {i for i, _ in triggers}
    how = _how(reading, keyword)
    who = _who(reading, keyword)
    asked = _asked(reading)
    if how is None or who is None or asked is None:
        return None
    if "defender" == who[0] and reading.has("gig_area"):
        return None                 # a Gig area attacked has no defending Unit
    # "my attack trigger": the keyword's own noun, read with it
    reading.consumed.update(i + 1 for i in keyword if i + 1 < len(reading.items)
                            and "pending" in reading.at(i + 1))
    reading.consumed.update(how[1])
    reading.consumed.update(who[1])
    reading.consumed.update(asked)
    reading.consumed.update(it.i for it in reading.items if it.key in (
        "still", "yine", "hala", "hâlâ", "de", "da"))
    return Call({"case": "attack_end", "who": who[0], "how": how[0], "asked": "yesno"})


def scenario(args: dict[str, Any], title: str) -> dict[str, Any]:
    """A attacks B's spent Unit with a Unit whose ATTACK effect takes one of the two away."""
    from .family_timing import _ATTACKER, _DEFENDER, _attack, _base
    target: Any = "self" if args["who"] == "attacker" else {"side": "rival", "type": "unit"}
    effect = {"label": "ATTACK etkisi", "trigger": "ATTACK",
              "do": [{"do": _DO[args["how"]], "target": target}]}
    data = _base(title)
    data["cards"] = {_ATTACKER: {"type": "unit", "power": 4, "effects": [effect]},
                     _DEFENDER: {"type": "unit", "power": 2}}
    data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                     "B": {"deck": 5, "field": [{"card": _DEFENDER, "spent": True}]}}
    data["actions"] = [_attack(target=_DEFENDER, reactions=[])]
    return data


def on_engine(args: dict[str, Any], title: str) -> tuple[Any, list, str, Any]:
    from ..engine.cite import R
    from .family_timing import _not_modelled, _run, _step_index, _steps

    def read(run):
        return _step_index(run, R.REACT_STEP) is not None, {"legal": bool(run.outcome.legal)}
    value, run, text = _run(scenario(args, title), read)
    if not run.outcome.legal or value or _step_index(run, R.AFTER_DECLARE) is None:
        raise _not_modelled("an ATTACK effect that takes a Unit off the field")
    steps = _steps(run, (R.ATTACK_TRIGGER, R.ATTACK_BEFORE_REACT, R.AFTER_DECLARE,
                         R.END_ATTACKER_GONE, R.END_TARGET_GONE, R.END_EARLY))
    return value, steps, text, run


def lines(args: dict[str, Any], m) -> tuple[list[str], list[str]]:
    return [m("ask_attackend.trigger"), m(f"ask_attackend.{args['who']}_{args['how']}"),
            m("ask_attackend.asked")], []


def line(args: dict[str, Any], value: Any, run, m) -> str:
    head = m("ask_timing.yes") if value else m("ask_timing.no")
    return f"{head}: " + m("ask_attackend.why")
