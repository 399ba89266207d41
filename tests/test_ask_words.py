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
          "ask_unclear.")
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
                key = first.value if isinstance(first, ast.Constant) else None
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
        full = f"ask_unclear.{key}" if kind == "reason" else key
        assert full in english, (file, line, full)
        for lang in LANGUAGES:
            own = catalogue(lang)
            assert full in own, (lang, file, line, full)
            assert _fields(own[full]) <= kwargs, (lang, file, line, full, kwargs)
        seen += 1
    assert seen >= 16


# Reasons still written inline in Python (English for every question, or built at run
# time): none may be added, and the number only goes down as they move to the catalogue.
INLINE_REASONS_MAX = 87


def test_no_new_inline_reason():
    inline = [(file, line) for file, line, kind, key, _ in _calls()
              if kind == "reason" and not _is_key(key)]
    assert len(inline) <= INLINE_REASONS_MAX, inline


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
ENGLISH = re.compile(r"\b(the|is|are|of|which|whose|not|and|with|what|who|when|a|an)\b",
                     re.IGNORECASE)
TURKISH_LETTERS = re.compile(r"[ğışİĞŞ]")


def _human(answer) -> list[tuple[str, str]]:
    """The fields a judge reads (text output and the --json fields meant for people)."""
    out = [("answer", answer.answer)]
    out += [("understood", u) for u in answer.understood]
    out += [("assumption", a) for a in answer.assumptions]
    out += [("not_understood", n) for n in answer.not_understood]
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
        hit = next((p for p in foreign if p in text), None)
        english = ENGLISH.search(_without_card_names(text))
        if hit or english:
            problems.append(f"{field}: {text!r} ({hit or english.group(0)})")
    return problems


# Questions of a part still answered partly in the other language (being moved to the
# catalogue): the number only goes down; a part not named here (a new one) must have none.
# econ.toml (s19): the engine's illegal-play reasons (sell, call) and the glossary's
# Turkish definitions answer its English questions.
WRONG_LANGUAGE_MAX = {"core.toml": 15, "misc.toml": 10, "probe.toml": 13, "timing.toml": 15,
                      "econ.toml": 8}


@pytest.mark.parametrize("part", sorted(p.name for p in EVAL.glob("*.toml")))
def test_answers_speak_the_questions_language(part, book):
    problems = {}
    for case in load_cases(EVAL / part):
        found = _wrong_language(case, book)
        if found:
            problems[case.q] = found
    assert len(problems) <= WRONG_LANGUAGE_MAX.get(part, 0), list(problems.items())
