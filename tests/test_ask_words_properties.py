"""Properties of `judge ask` over the evaluation set (tests/ask_eval/): a question typed the
way a hurried judge types it must get the ruling the set expects, or no ruling; never
another ruling.

- folding: the question with its Turkish letters typed as ASCII ("güçlü" -> "guclu");
- a typo: one slip in one word (a letter dropped, doubled, swapped with the next one, or a
  neighbouring key), chosen from the question's own text (zlib.crc32, so every run makes the
  same typos); a slip that makes another real word (one the reader or the rule text knows:
  "birimim" -> "birimin") is a different question and is skipped;
- a clause the reader cannot know the meaning of, added at the end: a bare negation
  ("ama değil", "but not") or a number nobody explains ("ayrıca 4 tane var", "we are on
  turn 4").

The oracle is the set's own expectation: a question that must be left unanswered stays
unanswered, whatever is done to it. Sampling: every question of the set whose crc32 is 0
mod `SAMPLE` (a fixed sixth, about 480 questions and 2,000 asks, ~10 s); set
JUDGE_ASK_PROPERTIES=all to run over the whole set (~1 min).
"""

from __future__ import annotations

import os
import re
import zlib
from pathlib import Path

import pytest

from judge_tool import turkish
from judge_tool.ask import ask
from judge_tool.ask.evaluate import Case, load_cases, value_of

ALL = os.environ.get("JUDGE_ASK_PROPERTIES") == "all"
SAMPLE = 6
CASES = [c for c in load_cases(Path(__file__).parent / "ask_eval")
         if ALL or zlib.crc32(c.q.encode()) % SAMPLE == 0]
_WORD = re.compile(r"[^\W\d_]{4,}")
_KEYS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
CLAUSES = {
    "tr": ("ama değil", "ama degil", "ayrıca 4 tane var", "4. turdayız"),
    "en": ("but not", "and there is also 4", "we are on turn 4"),
}


def _near(ch: str) -> list[str]:
    for r, row in enumerate(_KEYS):
        if ch in row:
            i = row.index(ch)
            return [c for rr in (r - 1, r, r + 1) if 0 <= rr < len(_KEYS)
                    for c in _KEYS[rr][max(0, i - 1):i + 2] if c != ch]
    return []


def _real(word: str) -> bool:
    """A word the reader or the rule text knows: a slip into it makes another question."""
    from judge_tool.ask.lexicon import read
    from judge_tool.ask.spelling import vocabulary
    key = turkish.fold(word)
    real, seen, _, _ = vocabulary()
    return bool(read(key).at(0)) or key in real or key in seen


def typo(question: str) -> str | None:
    """The question with one slip in one of its words, or None (no word takes one)."""
    words = list(_WORD.finditer(question))
    seed = zlib.crc32(question.encode())
    for attempt in range(8):
        s = seed + attempt * 7919
        if not words:
            return None
        m = words[s % len(words)]
        w = m.group(0)
        i = 1 + (s // 7) % (len(w) - 1)
        op = (s // 13) % 4
        if op == 0:
            slip = w[:i] + w[i + 1:]                          # a letter dropped
        elif op == 1:
            slip = w[:i] + w[i] + w[i:]                       # a letter doubled
        elif op == 2:
            slip = w[:i - 1] + w[i] + w[i - 1] + w[i + 1:]    # two letters swapped
        else:
            near = _near(w[i].lower())
            if not near:
                continue
            slip = w[:i] + near[(s // 17) % len(near)] + w[i + 1:]   # a neighbouring key
        if slip == w or _real(slip):
            continue
        return question[:m.start()] + slip + question[m.end():]
    return None


def with_clause(question: str, clause: str) -> str:
    body = question.rstrip()
    end = ""
    if body.endswith(("?", ".")):
        body, end = body[:-1].rstrip(), body[-1]
    return f"{body}, {clause}{end}"


def _check(case: Case, variant: str, book) -> str | None:
    got = value_of(ask(variant, book=book))
    if got == "unanswered" or (got == case.want and type(got) is type(case.want)):
        return None
    return f"want {case.want!r} got {got!r}: {variant!r} (from {case.q!r})"


def _language(case: Case) -> str:
    from judge_tool.ask.lexicon import read
    return read(case.q).language


@pytest.mark.parametrize("kind", ["fold", "typo", "clause"])
def test_a_hurried_question_gets_the_same_ruling_or_none(kind, book):
    bad, tried = [], 0
    for case in CASES:
        if kind == "fold":
            variants = [turkish.ascii_fold(case.q)]
            variants = [v for v in variants if v != case.q]
        elif kind == "typo":
            variants = [v for v in [typo(case.q)] if v is not None]
        else:
            variants = [with_clause(case.q, c) for c in CLAUSES[_language(case)]]
        for variant in variants:
            tried += 1
            problem = _check(case, variant, book)
            if problem:
                bad.append(problem)
    assert tried >= (50 if kind != "clause" else 300)
    assert not bad, "\n".join(bad)


def test_the_typos_are_slips_of_one_word():
    """The generator itself: one word changed, by one slip, never into a known word."""
    made = [(c.q, typo(c.q)) for c in CASES[:200]]
    made = [(q, t) for q, t in made if t is not None]
    assert len(made) >= 100
    for q, t in made:
        a, b = q.split(), t.split()
        assert len(a) == len(b)
        changed = [(x, y) for x, y in zip(a, b) if x != y]
        assert len(changed) == 1 and abs(len(changed[0][0]) - len(changed[0][1])) <= 1


_LETTER = re.compile(r"(?<![\w.])[AB](?![\w.=])")


def test_an_answer_names_players_by_role_never_by_letter(book):
    """The scenario's players are "A" and "B"; a judge reads "you", "the rival" or a role
    ("the turn player"), never a letter, in the answer, the understood lines and the
    assumptions ("sıra B oyuncusunda" was shown before)."""
    asked = ["rakibimin turunda saldirabilir miyim", "rakibin turunda kart satabilir miyim",
             "can I call a legend on my opponent's turn when nobody is attacking?",
             "Rakibimin turunda kimse saldırmıyorken Legend çağırabilir miyim?"]
    bad = []
    for q in asked + [c.q for c in CASES]:
        answer = ask(q, book=book)
        for text in [answer.answer, *answer.understood, *answer.assumptions]:
            if _LETTER.search(text):
                bad.append((q, text))
    assert not bad


def test_an_answer_names_no_stand_in_card(book):
    """The scenario's stand-in card ("Satılık", "For Sale") is the engine's; a judge reads
    "the card"."""
    for q, stand_in in (("Satış etiketi olmayan bir kartı satabilir miyim?", "Satılık"),
                        ("can I sell a card without a sell tag?", "For Sale")):
        answer = ask(q, book=book)
        assert answer.value is False and stand_in not in answer.answer
