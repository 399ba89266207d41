"""`judge ask` econ readings added in session 9: Gear powers said as a list (each listed
power is one Gear's, a count of Gears must fit the list), a call placed in a turn by its
React Step or the asker's own Main Phase, and "one more" with no turn said."""

from __future__ import annotations

import pytest

from judge_tool.ask import ask


@pytest.mark.parametrize("question, power", [
    ("3 güçlü birimime 1 güçlü ve 4 güçlü iki Gear taktım, gücü kaç?", 8),
    ("Birimim 5 güçlü, üstünde 2 ve 1 güçlü iki Gear var; gücü kaç?", 8),
    ("My 5 power unit is wearing two 2 power gears. What's its power?", 9),
    ("My 6 power unit has gears with 1 and 3 power. What's its power?", 10),
])
def test_gear_powers_said_as_a_list_add_up(question, power):
    answer = ask(question)
    assert answer.kind == "gear" and answer.value == power
    assert "11.6.5" in answer.rules


@pytest.mark.parametrize("question", [
    "5 güçlü birimime 1 ve 2 güçlü üç Gear taktım, gücü kaç?",       # three Gears, two powers
    "My 5 power unit has 2 gears with 3 power, what is its power?",  # count or power?
    "Gear'ın üst metni 2 güçlü birimime 3 güçlü Gear taktım, gücü kaç?",  # "top" as a textbox
])
def test_a_gear_list_that_does_not_fit_gets_no_ruling(question):
    assert ask(question).kind == "unanswered"


@pytest.mark.parametrize("question, value", [
    ("Rakibim saldırdı, tepki adımında Legend çağırdım; sonraki kendi turumda tekrar "
     "çağırabilir miyim?", True),
    ("Bu tur ana aşamamda zaten bir Legend çağırdım; rakibimin turunda saldırısına karşı "
     "bir tane daha çağırabilir miyim?", True),
    ("Ana aşamamda Legend çağırdım, ana aşamamda tekrar çağırabilir miyim?", False),
])
def test_a_call_is_placed_in_the_turn_its_clause_says(question, value):
    answer = ask(question)
    assert answer.kind == "call" and answer.value is value


@pytest.mark.parametrize("question", [
    "bir legend daha cagirabilir miyim",
    "can I sell another card?",
])
def test_one_more_with_no_turn_said_gets_no_ruling(question):
    assert ask(question).kind == "unanswered"
