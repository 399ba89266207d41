"""A number given as a bound, an estimate, one of alternatives or a vague count gets no
ruling (judge_tool/ask/hedge.py): the exact number decides the answer, so answering
"en az 20 güçlü birim" as if it were exactly 20 would be a ruling on another question."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge_tool.ask import ask
from judge_tool.ask.evaluate import load_cases
from judge_tool.ask.lexicon import read

HEDGED = [
    # bounds
    "Birimimin gücü en az 20, kaç Gig çalar?",
    "birimimin gucu en az 20 kac gig calar",
    "My unit has at least 20 power. How many gigs does it steal?",
    "20+ power unit attacks the gig area, how many gigs",
    "Birimim 9 güçten az, kaç Gig çalar?",
    "birimim 9 gucten az kac gig calar",
    "My unit has less than 9 power, how many gigs does it steal?",
    "Kartın bedeli en az 3, 2 indirim var. Kaç öderim?",
    "The card costs at least 3 and I have a 2 reduction. What do I pay?",
    "Turumun başında en az 6 Gig'im var. Kazanır mıyım?",
    "I have 20 or more power and attack the gig area. How many gigs?",
    "Birimim 20 ve üzeri güçlü, Gig alanına saldırırsa kaç Gig çalar?",
    "My deck has at most 2 cards. I draw 3. Do I lose?",
    # estimates
    "Birimim yaklaşık 15 güçlü, kaç Gig çalar?",
    "My unit has about 15 power, how many gigs does it steal?",
    "Saldıran 8 güçlü, savunan yaklaşık 8. Kim kazanır?",
    # alternatives
    "Birimim 9 ya da 10 güçlü, kaç Gig çalar?",
    "birimim 9 ya da 10 guclu kac gig calar",
    "My unit has 9 or 10 power, how many gigs?",
    "Gig'lerim 3 ve 4 ya da 5. Street Cred?",
    "My gigs are 3 and 4 or 5. What is my street cred?",
    "Kartın bedeli 3 veya 4, 1 indirim var. Kaç öderim?",
    "Birimim 15-16 güçlü, Gig alanına saldırırsa kaç Gig çalar?",
    "My 6 power unit attacks his spent 5 or 6 power unit. Who wins?",
    # vague counts
    "Rakibin Gig alanında birkaç Gig var. 12 güçlü birimim kaç Gig çalar?",
    "some gigs in his area, my 12 power unit attacks, gigs stolen?",
    "A few gigs are in his gig area and my 25 power unit attacks. How many do I steal?",
]

EXACT = [
    # the same questions with exact numbers, and effect wordings that are bounds by rule
    ("Birimimin gücü 20, kaç Gig çalar?", 3),
    ("My unit has 9 power, how many gigs?", 1),
    ("Kartın bedeli 3, 2 indirim var. Kaç öderim?", 1),
    ("Gig'lerim 3 ve 4. Street Cred?", 7),
    ("Destemde 1 kart var, etki en fazla 3 kart çek diyor, kaybeder miyim?", False),
    ("deck of 2 cards, effect says draw up to 5, do I lose?", False),
    ("deste bos, en fazla 2 kart cek diyor, kaybeder miyim", False),
    ("12 güçlü birimim bu tur +2 aldı, Gig alanına saldırırsa kaç Gig çalar?", 2),
    ("My 12 power unit got -3, how many gigs does it steal from the gig area?", 1),
    ("How many gigs does a 19 power unit steal?", 2),
]


@pytest.mark.parametrize("question", HEDGED)
def test_a_hedged_number_gets_no_ruling(question):
    answer = ask(question)
    assert answer.kind == "unanswered", (question, answer.kind, answer.value)
    assert answer.value is None and answer.not_understood


@pytest.mark.parametrize("question,value", EXACT)
def test_exact_numbers_and_effect_bounds_are_still_answered(question, value):
    answer = ask(question)
    assert answer.kind != "unanswered", (question, answer.not_understood)
    assert answer.value == value


_EFFECT_WORDS = re.compile(r"çek|cek|draw|ara|search|bak|look|take|al\b|trash|çöp", re.I)
# the first bare number that is not corrected away ("10 değil 9", "not 10 but 9") and
# names no die by its sides ("20'lik zar" is the d20, not a quantity)
_FIRST_NUMBER = re.compile(r"(?<![\w+-])(?<!not )(\d+)(?![\d.])(?! değil)(?!'?l[iıuü]k)")


def _bounded(question: str) -> str | None:
    """The question with "at least" / "en az" before its first bare number, or None."""
    m = _FIRST_NUMBER.search(question)
    if m is None:
        return None
    bound = "at least" if read(question).language == "en" else "en az"
    return question[:m.start()] + bound + " " + question[m.start():]


def _answered_cases():
    root = Path(__file__).parent / "ask_eval"
    cases = [c for c in load_cases(root) if c.want != "unanswered"
             and not _EFFECT_WORDS.search(c.q) and _FIRST_NUMBER.search(c.q)]
    return cases[::4]      # every fourth: the kind, not each question, is under test


@pytest.mark.parametrize("case", _answered_cases(), ids=lambda c: c.q[:60])
def test_any_bound_on_the_first_number_removes_the_ruling(case):
    """Property over the evaluation set: a bound before the question's first number
    ("en az 19 güçlü", "at least 19 power") makes the number inexact, so no answered
    question may keep a ruling."""
    bounded = _bounded(case.q)
    if bounded is None:
        pytest.skip("no bare number")
    answer = ask(bounded)
    assert answer.kind == "unanswered", (bounded, answer.kind, answer.value)
