"""Trigger timing in `judge ask`: the rule cited is the one that decides the question (a
judge repeats the number), not a neighbouring rule that happens to give the same Yes/No."""

from __future__ import annotations

import pytest

from judge_tool.ask import ask


@pytest.mark.parametrize("question, value", [
    ("Does my opponent get to block before my ATTACK effect resolves?", False),
    ("Does my opponent block before my ATTACK effect resolves?", False),
    ("Does my opponent get to react before my ATTACK effect resolves?", False),
    ("Will my opponent be able to play a QUICK program before my ATTACK effect resolves?", False),
    ("Do I get to resolve my ATTACK effect before my opponent blocks?", True),
    ("Can my ATTACK effect resolve before my opponent blocks?", True),
    ("Saldırıyorum; ATTACK etkim var. Rakip BLOCKER kullanmadan önce mi çözülür?", True),
])
def test_acting_against_an_attack_effect_cites_the_attack_rule(book, question, value):
    # a player doing something (block, react, QUICK) against the ATTACK effect: 11.21.2.2
    answer = ask(question, book=book)
    assert answer.value is value
    assert "11.21.2.2" in answer.rules and "10.13" not in answer.rules


@pytest.mark.parametrize("question, value", [
    ("On my turn, does my opponent resolve his pending effect before mine?", False),
    ("My turn: both of us have pending effects. Does my opponent resolve first?", False),
    ("Benim turumda rakibimin etkisi benimkinden önce mi çözülür?", False),
])
def test_two_players_pending_effects_cite_the_turn_player_rule(book, question, value):
    answer = ask(question, book=book)
    assert answer.value is value and "10.13" in answer.rules


@pytest.mark.parametrize("question", [
    "Rakibim önce mi bloklar, ATTACK etkim mi önce çözülür?",
    "rakip once mi bloklar attack etkim mi once cozulur",
])
def test_which_of_two_comes_first_is_answered_with_the_moment(book, question):
    # "does he block first, or does my effect resolve first?": never a bare Yes
    answer = ask(question, book=book)
    assert answer.value == "declare" and "11.21.2.2" in answer.rules


@pytest.mark.parametrize("question, value", [
    ("Two mandatory replacement effects could apply to my rival's unit being defeated. "
     "Does my rival choose which one applies?", True),
    ("Birimime iki zorunlu ikame etkisi uygulanabiliyor. Hangisinin uygulanacağını rakibim "
     "mi seçer?", False),
    ("Do I decide which of the two mandatory replacement effects applies to my rival's unit?",
     False),
])
def test_does_this_player_choose_is_yes_or_no(book, question, value):
    # "which" inside "choose which one applies" asks nothing itself: Yes / No, never a player
    answer = ask(question, book=book)
    assert answer.value is value and "10.28.1" in answer.rules


@pytest.mark.parametrize("question, form", [
    ("Does my rival choose which one applies?", "yesno"),
    ("Hangisinin uygulanacağını ben mi seçerim?", "yesno"),
    ("Who chooses which one applies?", "outcome"),
    ("Hangisinin uygulanacağını kim seçer?", "outcome"),
])
def test_an_indirect_which_is_no_question_of_its_own(question, form):
    from judge_tool.ask.asked import asked_form
    from judge_tool.ask.lexicon import read
    assert asked_form(read(question)) == form
