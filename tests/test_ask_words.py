"""Everything `judge ask` prints is in the question's language (issue 11: "Anladığım: …" /
"Understood: …"; unanswered questions say what was not understood): a Turkish question
(also typed without Turkish letters) gets no English sentence, an English one no Turkish
sentence, and every string comes from the message catalogue (judge_tool/locales/*.toml)."""

from __future__ import annotations

import ast
import re
import string
from functools import lru_cache
from pathlib import Path

import pytest

from judge_tool.ask import ask
from judge_tool.ask.evaluate import load_cases
from judge_tool.ask.lexicon import read
from judge_tool.i18n import LANGUAGES, catalogue

ASK = Path(__file__).resolve().parent.parent / "judge_tool" / "ask"
EVAL = Path(__file__).parent / "ask_eval"
# The catalogue tables `judge ask` prints from.
TABLES = ("ask.", "ask_lines.", "ask_misc.", "ask_timing.", "ask_answer.", "ask_assume.",
          "ask_unclear.", "engine_step.", "engine_name.", "ask_words.")
REASONS = ("Unclear", "NotModelled", "EngineDisagrees")


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


# ------------------------------------------------------------------ the code's keys

def _calls():
    """(file, line, kind, key or None, keyword names) of every catalogue use in ask/:
    `say(x, "key", …)` and `Unclear("key", …)` (also NotModelled, EngineDisagrees).
    `key` is None when the string is built at run time (an f-string or a variable)."""
    for path in sorted(ASK.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            kwargs = {k.arg for k in node.keywords if k.arg}
            if name in REASONS and node.args:
                first = node.args[0]
                # `Unclear("a.x" if … else "a.y")`: both keys
                options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for option in options:
                    key = option.value if isinstance(option, ast.Constant) else None
                    yield path.name, node.lineno, "reason", key, kwargs
            elif name == "say" and len(node.args) >= 2:
                first = node.args[1]
                key = first.value if isinstance(first, ast.Constant) else None
                yield path.name, node.lineno, "say", key, kwargs


def _is_key(text) -> bool:
    return isinstance(text, str) and re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)+", text) is not None


def test_every_ask_key_is_in_all_five_catalogues_with_its_placeholders():
    english = catalogue("en")
    seen = 0
    for file, line, kind, key, kwargs in _calls():
        if not _is_key(key):
            continue
        full = f"ask_unclear.{key}" if kind == "reason" and not key.startswith("ask_") else key
        assert full in english, (file, line, full)
        for lang in LANGUAGES:
            own = catalogue(lang)
            assert full in own, (lang, file, line, full)
            assert _fields(own[full]) <= kwargs, (lang, file, line, full, kwargs)
        seen += 1
    assert seen >= 170


def test_no_reason_is_written_inline():
    """A reason for no ruling is a catalogue key (`Unclear("steal.two_powers")`), never an
    English sentence or a string built at run time (the question's own words go through
    `Unclear.said`)."""
    inline = [(file, line, key) for file, line, kind, key, _ in _calls()
              if kind == "reason" and not _is_key(key)]
    assert not inline


# ------------------------------------------------------------------ the output's language

@lru_cache(maxsize=None)
def _only_in(lang: str, other: str) -> tuple[str, ...]:
    """Pieces of `lang`'s ask strings (between placeholders) of two words or more that are
    in none of `other`'s ask strings: seen in an answer, they are the wrong language."""
    mine, theirs = catalogue(lang), catalogue(other)
    their_text = "\n".join(v for k, v in theirs.items() if k.startswith(TABLES))
    pieces = set()
    for key, template in mine.items():
        if not key.startswith(TABLES) or template == theirs.get(key):
            continue
        for literal, *_ in string.Formatter().parse(template):
            for piece in re.split(r"[:;()—,]", literal):
                piece = piece.strip(" .'\"“”")
                if len(piece.split()) >= 2 and piece not in their_text:
                    pieces.add(piece)
    return tuple(sorted(pieces, key=len, reverse=True))


# Words no Turkish sentence of ours has, and every English reason had.
# ("not" and "an" are Turkish words too: "bkz. not", "istediği an".)
ENGLISH = re.compile(r"\b(?:(?i:the|is|are|of|which|whose|and|with|what|who|when)|a)\b")
TURKISH_LETTERS = re.compile(r"[ğışİĞŞ]")


def _human(answer) -> list[tuple[str, str]]:
    """The fields a judge reads (text output and the --json fields meant for people). A
    definition's term and text are the Turkish glossary's (data, not interface): only the
    words around them are checked."""
    if answer.kind == "define":
        return [("answer", answer.answer.split(": ")[0])] + [
            ("understood", u.split(": ")[0]) for u in answer.understood]
    out = [("answer", answer.answer)]
    out += [("understood", u) for u in answer.understood]
    out += [("assumption", a) for a in answer.assumptions]
    out += [("not_understood", n) for n in answer.not_understood]
    # the engine's steps come from the catalogue in the question's language (engine/trace.py)
    out += [("trace", step.text) for step in answer.trace]
    return out


def _question_words(question: str) -> str:
    return question.casefold()


@lru_cache(maxsize=1)
def _card_names() -> tuple[str, ...]:
    from judge_tool.cards import load_pool
    names = {n for c in load_pool().cards for n in (c.name, c.subtitle) if n}
    return tuple(sorted(names, key=len, reverse=True))


def _without_card_names(text: str) -> str:
    """Card names are English proper names ("Adam Smasher: Ender of Legends")."""
    for name in _card_names():
        text = text.replace(name, "")
    return text


def _without_quoted(text: str, question: str) -> str:
    """The question's words quoted in parentheses ("(4'ten 10'a)") are not the answer's
    language: "10'a" is no English "a"."""
    return re.sub(r"\(([^()]*)\)", lambda m: "()" if all(
        part.strip().casefold() in question.casefold() for part in m.group(1).split(","))
        else m.group(0), text)


def _wrong_language(case, book) -> list[str]:
    lang = read(case.q).language
    answer = ask(case.q, book=book)
    problems = []
    if lang == "en":
        foreign = _only_in("tr", "en")
        for field, text in _human(answer):
            if field == "not_understood" and text.casefold() in _question_words(case.q):
                continue
            hit = next((p for p in foreign if p in text), None)
            if hit or TURKISH_LETTERS.search(text):
                problems.append(f"{field}: {text!r} ({hit or 'Turkish letters'})")
        return problems
    foreign = _only_in("en", "tr")
    for field, text in _human(answer):
        if field == "not_understood" and text.casefold() in _question_words(case.q):
            continue        # the question's own words, as typed
        bare = _without_card_names(text)        # card names are English ("Queen of the …")
        bare = _without_quoted(bare, case.q)    # "(4'ten 10'a)": the question's own words
        hit = next((p for p in foreign if p in bare), None)
        english = ENGLISH.search(bare)
        if hit or english:
            problems.append(f"{field}: {text!r} ({hit or english.group(0)})")
    return problems


@pytest.mark.parametrize("part", sorted(p.name for p in EVAL.glob("*.toml")))
def test_answers_speak_the_questions_language(part, book):
    problems = {}
    for case in load_cases(EVAL / part):
        found = _wrong_language(case, book)
        if found:
            problems[case.q] = found
    assert not problems, list(problems.items())


# ------------------------------------------------------------------ what the CLI prints

TR_LABELS = ("Anladığım:", "Motorun izi:", "Varsayım:", "Kurallar:")
EN_LABELS = ("Understood:", "Engine trace:", "Assumed:", "Rules:")


@pytest.mark.parametrize("question, mine, theirs", [
    ("Saldıranın gücü eksi 2, savunanın gücü 0; kim kazanır?", TR_LABELS, EN_LABELS),
    ("saldiranin gucu eksi 2, savunanin gucu 0; kim kazanir?", TR_LABELS, EN_LABELS),
    ("negative 2 power attacker vs 0 power defender, who wins?", EN_LABELS, TR_LABELS),
])
def test_an_answer_is_printed_in_the_questions_language(question, mine, theirs, monkeypatch):
    from judge_tool.cli.ask_view import ask_command
    monkeypatch.delenv("JUDGE_LANG", raising=False)
    text = ask_command("cyberpunk-tcg", (question,))
    assert all(label in text for label in mine), text
    assert not any(label in text for label in theirs), text


@pytest.mark.parametrize("question, mine, theirs", [
    ("Rakibimin 7 Gig'i var, turumun başında kazanır mıyım?",
     ("Karar verilmedi", "Anlaşılmayan:", "sorulan oyuncu, Gig'leri verilen oyuncu değil"),
     ("No ruling", "Not understood", "the player asked about")),
    ("rakibimin 7 gigi var, turumun basinda kazanir miyim?",
     ("Karar verilmedi", "Anlaşılmayan:", "sorulan oyuncu, Gig'leri verilen oyuncu değil"),
     ("No ruling", "Not understood", "the player asked about")),
    ("My rival has 7 gigs, do I win at the start of my turn?",
     ("No ruling", "Not understood:", "the player asked about is not the one whose Gigs"),
     ("Karar verilmedi", "Anlaşılmayan", "sorulan oyuncu")),
])
def test_what_was_not_understood_is_said_in_the_questions_language(question, mine, theirs,
                                                                    monkeypatch, capsys):
    from judge_tool.cli.ask_view import ask_command
    from judge_tool.cli.output import Exit
    monkeypatch.delenv("JUDGE_LANG", raising=False)
    text = ask_command("cyberpunk-tcg", (question,))
    assert all(label in text for label in mine), text
    assert not any(label in text for label in theirs), text
    # `--scenario` has nothing to print: its one error line says why, in the same language
    with pytest.raises(Exit):
        ask_command("cyberpunk-tcg", (question,), as_scenario=True)
    err = capsys.readouterr().err
    assert mine[-1] in err and not any(label in err for label in theirs[-1:]), err
    assert ("senaryo yok" in err) == (mine[0] == "Karar verilmedi"), err


@pytest.mark.parametrize("env", ["en", "tr", "ru"])
def test_the_questions_language_wins_over_the_interface_language(env, monkeypatch):
    """A ruling is repeated at the table in the language it was asked in: JUDGE_LANG (or
    --lang) does not turn a Turkish ruling's labels English, nor an English one's Turkish."""
    from judge_tool.cli.ask_view import ask_command
    monkeypatch.setenv("JUDGE_LANG", env)
    turkish = ask_command("cyberpunk-tcg", ("Rakibimin 7 Gig'i var, turumun başında kazanır mıyım?",))
    assert "Karar verilmedi" in turkish and "Anlaşılmayan:" in turkish and "En yakın kurallar:" in turkish
    english = ask_command("cyberpunk-tcg", ("Can my lagging unit attack?",))
    assert "Understood:" in english and "Rules:" in english and "Kurallar" not in english


# ------------------------------------------------------------------ spoken short forms

@pytest.mark.parametrize("question,typed,power", [
    ("bi birimim {p} güçlü, gig alanına saldırırsa kaç gig çalar", "bi", None),
    ("if ur unit has {p} power how many gigs does it steal", "ur", None),
    ("unit w/ {p} power attacks the gig area, how many gigs", "w/", None),
])
@pytest.mark.parametrize("p", [4, 16, 27])
def test_a_spoken_short_form_is_read_and_shown(question, typed, power, p, book):
    """"bi" (bir), "ur" (your), "w/" (with): read as the full word, and the reading is the
    first understood line, as a typo's is."""
    answer = ask(question.format(p=p), book=book)
    assert answer.kind == "steal" and answer.value == p // 10 + 1, answer.to_dict()
    assert f"'{typed}'" in answer.understood[0], answer.understood


@pytest.mark.parametrize("state", ["played this turn", "that entered the field this turn"])
def test_an_english_negation_reaches_only_the_next_concept(state, book):
    """"without ADRENALINE played this turn": the Unit lags (no ADRENALINE); the "without"
    never negates "played this turn" (heldout27 phrasing: it answered "may attack")."""
    answer = ask(f"my unit without adrenaline {state}, can it attack?", book=book)
    assert answer.value is not True, answer.to_dict()
    with_it = ask(f"my unit with adrenaline {state}, can it attack?", book=book)
    assert with_it.value is not False, with_it.to_dict()
