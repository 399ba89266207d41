"""The engine's trace steps come from the message catalogue (`[engine_step]` in
judge_tool/locales/*.toml, all five files), so a trace can be shown in the reader's language
(`judge ask` answers an English question with an English trace). See engine/trace.py.

Adding a step: `self.step(R.X, "area.name", n=3)` in Game, `note(trace, R.X, "area.name",
n=3)` in a pure helper; the key and its translations go into all five locale files (same
placeholders). A step written inline (an f-string or a Turkish sentence) is counted below:
the count may only go down."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from judge_tool.engine.trace import Phrase, Step, name_in, render
from judge_tool.i18n import LANGUAGES, catalogue

ENGINE = Path(__file__).resolve().parent.parent / "judge_tool" / "engine"
# call name -> index of the key among the positional arguments
KEY_AT = {"step": 1, "note": 2, "said": 1, "verdict": 2, "win": 2, "lose": 2, "Phrase": 0}
# Steps still written inline in engine/*.py; may only go down (0 is the goal).
INLINE_STEPS = 0


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _is_key(text) -> bool:
    return isinstance(text, str) and re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)+", text) is not None


def _calls():
    """(file, line, key or None, keyword names, has **values) of every step call."""
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            at = KEY_AT.get(name)
            if at is None or len(node.args) <= at:
                continue
            first = node.args[at]
            if isinstance(first, (ast.Name, ast.Attribute)):
                continue            # a helper passing a key on (win -> step, Verdict.phrase)
            if isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant) \
                    and name == "Phrase":
                continue            # Phrase(f"verb.{verb}"): checked by the enumerations test
            options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            kwargs = {k.arg for k in node.keywords if k.arg}
            spread = any(k.arg is None for k in node.keywords)
            for option in options:
                key = option.value if isinstance(option, ast.Constant) else None
                yield path.name, node.lineno, key, kwargs, spread


def test_every_step_key_is_in_all_five_catalogues_with_its_placeholders():
    seen = 0
    for file, line, key, kwargs, spread in _calls():
        if not _is_key(key):
            continue
        full = f"engine_step.{key}"
        for lang in LANGUAGES:
            own = catalogue(lang)
            assert full in own, (lang, file, line, full)
            if not spread:
                assert _fields(own[full]) <= kwargs, (lang, file, line, full, kwargs)
        seen += 1
    assert seen >= 30


def test_every_engine_string_has_the_same_placeholders_in_all_five_languages():
    base = {k: v for k, v in catalogue("tr").items() if k.startswith(("engine_step.", "engine_name."))}
    assert len(base) >= 30
    for lang in LANGUAGES:
        own = catalogue(lang)
        for key, template in base.items():
            assert key in own, (lang, key)
            assert _fields(own[key]) == _fields(template), (lang, key)
        if lang == "ru":
            # a Russian sentence has Russian words (game terms such as Gig, Legend stay)
            terms = r"{\w*}|Eddie|Legend|Gear|Gig|QUICK|Program|BLOCKER|Street Cred"
            bare = {k: re.sub(terms, "", v) for k, v in own.items() if k.startswith("engine_step.")}
            latin = [k for k, v in bare.items() if re.search("[a-z]{3}", v) and not re.search("[а-яё]", v)
                     and not v.startswith(("X =", "Street Cred ="))]
            assert not latin, latin


def test_steps_written_inline_only_go_down():
    inline = [(file, line) for file, line, key, _, _ in _calls() if not _is_key(key)]
    assert len(inline) <= INLINE_STEPS, len(inline)
    print(len(inline))


def test_a_step_renders_in_each_language_and_keeps_its_turkish_text():
    step = Step.said("9.23.2.2", "steal.formula", p=19, x=2)
    assert step.text == "X = ⌊19/10⌋+1 = 2"
    tie = Step.said("9.17.3", "fight.tie", a=4, d=4)
    assert "eşit" in tie.text
    assert tie.in_language("en").text == "equal powers (4 = 4): no winner, both Units lose"
    assert tie.in_language("en") == Step("9.17.3", "equal powers (4 = 4): no winner, both Units lose")
    assert tie.in_language("tr") is tie
    # a Phrase value is rendered in the step's language too
    neg = Step.said("9.17.1", "fight.attacker_wins", a=5, d=Phrase("power.negative", value=-2))
    assert "negatif" in neg.text and "negative" in neg.in_language("en").text
    # text written inline stays as written, in every language
    inline = Step.said("9.17", "bir şey oldu")
    assert inline.text == "bir şey oldu" and inline.in_language("en").text == "bir şey oldu"


def test_an_official_only_step_is_marked_in_its_language():
    step = Step.said("1.2", "fight.tie", official=True, a=1, d=1)
    assert step.text.endswith(f"({render('mark.official_only')})")
    assert step.in_language("en").text.endswith("(official rule; not in the Turkish text)")


def test_every_value_of_an_enumerated_phrase_is_in_the_catalogue():
    """Phrases keyed by a value of the engine's own tables (`Phrase(f"verb.{act.verb}")`)."""
    from judge_tool.engine.effects import ALLOWANCES, RESTRICTIONS, UNTIL, VERBS
    wanted = [f"verb.{v}" for v in VERBS] + [f"span.{u}" for u in UNTIL]
    wanted += [f"restrict.{w}" for w in RESTRICTIONS] + [f"allow.{w}" for w in ALLOWANCES]
    wanted += [f"direction.{d}" for d in ("any", "up", "down")]
    wanted += [f"replace.to_{d}" for d in ("removed", "deck_bottom", "hand")]
    wanted += [f"play.from_{z}" for z in ("trash", "legends")]
    from judge_tool.engine.targets import SIDES, TYPES, ZONES
    wanted += [f"filter.zone.{z}" for z in ZONES] + [f"filter.side.{x}" for x in SIDES]
    wanted += [f"filter.type.{t}" for t in (*TYPES, "card")]
    wanted += [f"action.{a}" for a in ("end_turn", "sell", "call", "activate", "attack", "play")]
    wanted += [f"phase.{p}" for p in ("start", "main", "end", "over")]
    for lang in LANGUAGES:
        own = catalogue(lang)
        missing = [k for k in wanted if f"engine_step.{k}" not in own]
        assert not missing, (lang, missing)


def test_every_illegal_reason_is_a_phrase():
    """`raise Illegal(R.X, Phrase("illegal.key", …))`: the reason a judge is told is shown in
    the question's language too (an f-string reason is Turkish everywhere)."""
    inline = []
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Illegal" \
                    and len(node.args) >= 2:
                why = node.args[1]
                parts = why.values if isinstance(why, ast.BoolOp) else [why]
                ok = all(isinstance(p, ast.Name) or isinstance(p, ast.Attribute)
                         or (isinstance(p, ast.Call) and getattr(p.func, "id", None) == "Phrase")
                         for p in parts)
                if not ok:
                    inline.append((path.name, node.lineno))
    assert not inline


def test_an_illegal_reason_renders_in_each_language():
    from judge_tool.engine.errors import Illegal
    exc = Illegal("9.9", Phrase("illegal.blocker_spent", card="Bloklayan"))
    assert exc.reason == "Bloklayan harcanmış: BLOCKER yalnızca hazır birimde etkinleştirilir"
    assert exc.phrase.render("en") == "Blocker is spent: BLOCKER is activated only on a ready Unit"
    assert Illegal("9.9", "metin").phrase is None
