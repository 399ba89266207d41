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
    # alternatives asked: "2 gigs or 1" was "No — 1 Gig" (the 1 read as the Gigs in the area)
    "15 guc 2 gig mi calar 1 mi",
    "does a 15 power unit steal 2 gigs or 1",
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
    # a count said as "few"/"many" after the noun, or "low on gigs"
    "12 güçlü birimim saldırıyor, rakibin Gig'i az, kaç Gig çalar?",
    "rakibin gigleri azaldi, 31 guclu birimim saldirirsa kac gig alir",
    "my 30 power unit hits the gig area and the rival is low on gigs, how many do i steal",
    # one more thing with no value
    "Gig'lerim 7 ve bir tane daha. Street Cred?",
    "my gigs are 2, 3 and another one. street cred?",
    "kartin bedeli 5, 1 indirim ve bi tane daha var, kac oderim",
]

EXACT = [
    ("9 güçlü birim 1 gig mi çalar?", True),             # one number asked: the claim
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
    ("I already called a legend this turn. Can I call another one in the same turn?", False),
    ("Bu tur bir kart sattım, bir tane daha satabilir miyim?", False),
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


# A value stated as changed "from X to Y": either read as Y (the power reading of the
# lexicon's [correction]) or no ruling; never X, X - Y or X + Y (the cost question
# "maliyeti 5'ten 3'e düştü" once paid 5 - 3 = 2).
_TR_WORD = {0: "sıfır", 1: "bir", 2: "iki", 3: "üç", 4: "dört", 5: "beş", 6: "altı",
            7: "yedi", 8: "sekiz", 9: "dokuz", 10: "on", 20: "yirmi", 30: "otuz"}


def _last_word(n: int) -> str:
    return _TR_WORD[n % 10] if n % 10 else _TR_WORD[n % 100]


def _ablative(n: int) -> str:
    """"5'ten", "6'dan", "7'den", "10'dan": vowel harmony and the hard consonant of the
    number's last word as spoken."""
    word = _last_word(n)
    vowel = [c for c in word if c in "aeıioöuü"][-1]
    d = "t" if word[-1] in "çfhkpsşt" else "d"
    return f"{n}'{d}{'a' if vowel in 'aıou' else 'e'}n"


def _dative(n: int) -> str:
    word = _last_word(n)
    vowel = [c for c in word if c in "aeıioöuü"][-1]
    a = "a" if vowel in "aıou" else "e"
    return f"{n}'{'y' if word[-1] in 'aeıioöuü' else ''}{a}"


def _from_to_cases():
    import random
    from judge_tool.turkish import ascii_fold
    rng = random.Random(11)
    cases = []
    for _ in range(14):
        x, y, z = rng.randint(1, 12), rng.randint(1, 12), rng.randint(1, 12)
        if x == y:
            continue
        tr_cost = f"Kartın bedeli {_ablative(x)} {_dative(y)} {'düştü' if y < x else 'çıktı'}, kaç Eddie öderim?"
        tr_gig = f"Gig'im {_ablative(x)} {_dative(y)} {'indi' if y < x else 'yükseldi'}, diğer Gig'im {z}. Street Cred'im kaç?"
        p, q = rng.randint(1, 29), rng.randint(1, 29)
        tr_power = f"birimimin gücü {_ablative(p)} {_dative(q)} {'düştü' if q < p else 'çıktı'}, Gig alanına saldırırsa kaç Gig çalar?"
        steal = q // 10 + 1
        cases += [(tr_cost, y), (tr_gig, y + z), (tr_power, steal)]
        cases += [(ascii_fold(t).replace("'", "").lower(), v)
                  for t, v in ((tr_cost, y), (tr_gig, y + z), (tr_power, steal))]
        cases += [(f"The card's cost went from {x} to {y}. How much do I pay?", y),
                  (f"my gig {'dropped' if y < x else 'rose'} from {x} to {y}, my other gig is {z}, street cred?", y + z),
                  (f"My unit's power went from {p} to {q}; it attacks the gig area. How many gigs?", steal)]
    return cases


@pytest.mark.parametrize("question,new_value", _from_to_cases())
def test_a_value_changed_from_x_to_y_is_read_as_y_or_not_ruled(question, new_value):
    answer = ask(question)
    assert answer.kind == "unanswered" or answer.value == new_value, (question, answer.value)


@pytest.mark.parametrize("question", [
    "kartın maliyeti 5'ten 3'e düştü, kaç eddie öderim",
    "kartin maliyeti 5ten 3e dustu kac eddie oderim",
    "The card's cost dropped from 5 to 3. How many eddies do I pay?",
    "cost went from 5 down to 3, what do I pay",
    "bedeli 5 -> 3 oldu, kaç öderim",
])
def test_the_cost_stated_from_x_to_y_never_pays_the_difference(question):
    answer = ask(question)
    assert answer.value != 2, (question, answer.kind, answer.value)
