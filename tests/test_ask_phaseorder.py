"""The order of the Start Phase's steps and of the end of a turn in `judge ask`
(family_phaseorder): the answer is the order in which the engine takes the steps (8.6,
8.16-8.17), the rules of both steps are cited, and the same question asked the other way
round gets the other answer."""

from __future__ import annotations

import itertools

import pytest

from judge_tool.ask import ask

# how a judge names each step (Turkish with "-den/-meden önce", English with "before")
TR_REF = {"win": "7 Gig kontrolünden", "start_effects": "tur başı etkileri çözülmeden",
          "ready": "kartlar hazırlanmadan", "draw": "kart çekmeden",
          "roll": "fixer alanından Gig atmadan"}
TR_SUBJ = {"win": "7 Gig kontrolü", "start_effects": "tur başı etkileri",
           "ready": "kartlarım hazırlanır", "draw": "kart çekerim",
           "roll": "fixer alanından Gig atarım"}
EN_SUBJ = {"win": "does the 7 Gig check happen", "start_effects": "do start of turn effects resolve",
           "ready": "do I ready my spent cards", "draw": "do I draw",
           "roll": "do I roll in a Gig from my fixer area"}
EN_REF = {"win": "the 7 Gig check", "start_effects": "start of turn effects resolve",
          "ready": "I ready my cards", "draw": "I draw", "roll": "I roll a Gig from the fixer area"}
ORDER = ["win", "start_effects", "ready", "draw", "roll"]
RULE = {"win": "8.6.1", "start_effects": "8.6.2.2", "ready": "8.6.3", "draw": "8.6.4",
        "roll": "8.6.5.1"}
PAIRS = [(a, b) for a, b in itertools.permutations(ORDER, 2)]


QUESTION = {"tr": lambda a, b: f"Turumun başında {TR_REF[b]} önce mi {TR_SUBJ[a]}?",
            "en": lambda a, b: f"At the start of my turn, {EN_SUBJ[a]} before {EN_REF[b]}?"}


@pytest.mark.parametrize("language", sorted(QUESTION))
def test_start_phase_order(book, language):
    """Each ordered pair of steps, asked both ways round: every answer given is the engine's
    order with both steps' rules; at most a few wordings may go unanswered (18/20 Turkish,
    19/20 English answered when written)."""
    answered = 0
    for a, b in PAIRS:
        question = QUESTION[language](a, b)
        answer = ask(question, book=book)
        if answer.kind == "unanswered":
            continue
        answered += 1
        assert answer.value is (ORDER.index(a) < ORDER.index(b)), (question, answer.value)
        assert {RULE[a], RULE[b]} <= set(answer.rules), (question, answer.rules)
    assert answered >= len(PAIRS) - 3, answered


@pytest.mark.parametrize("question, value", [
    ("Turumun başında kart çekmeden önce mi harcanmış kartlarım hazırlanır?", True),
    ("tur basinda kartlarim hazirlanmadan once mi kart cekerim", False),
    ("At the start of my turn, do I draw before I ready my cards?", False),
    ("Do my start of turn effects resolve before I ready my spent cards?", True),
    ("tur basinda 7 gig kontrolunden once mi tur basi etkileri cozulur", False),
    ("Is the 7 Gig check done before I roll in a Gig from my fixer area?", True),
    ("Tur sonunda bu tur süren etkiler, tur sonu etkileri çözülmeden önce mi kalkar?", False),
    ("At the end of my turn, do my end of turn effects resolve before 'this turn' effects are "
     "removed?", True),
    ("Overtime, tur sonu etkilerinden sonra mı başlar?", True),
])
def test_phase_order_questions(book, question, value):
    answer = ask(question, book=book)
    assert answer.kind == "phase_order" and answer.value is value, answer.to_dict()


@pytest.mark.parametrize("question", [
    "Turumun başında önce ne olur?",                              # which step: no yes/no
    "Tur başında kart mı çekerim yoksa kartlarımı mı hazırlarım?",  # either/or
    "Tur başında kart çekmeden önce Legend çağırabilir miyim?",   # not a Start Phase step
    "At the start of my turn, do I draw before my opponent's end of turn effects resolve?",
])
def test_what_is_not_two_steps_is_not_answered_here(book, question):
    answer = ask(question, book=book)
    assert answer.kind != "phase_order", answer.to_dict()
