"""An English yes/no question in the past ("Did my unit win?", "Was my unit defeated?") is a
yes/no question: it gets Yes/No, never the who-wins outcome (issue 11 item 3; found by the red
team's probes, session 5)."""

from __future__ import annotations

import pytest

from judge_tool.ask import ask


@pytest.mark.parametrize("q, want", [
    ("My 4 power unit attacked his spent 6 power unit. Did my unit win?", False),
    ("My 9 power unit attacked his spent 2 power unit. Did my unit win the fight?", True),
    ("His 3 power unit attacked my spent 8 power unit. Was his unit defeated?", True),
])
def test_a_past_yes_no_question_gets_yes_or_no(q, want, book):
    answer = ask(q, book=book)
    assert answer.value in (want, None), answer.to_dict()
    assert answer.value is not None or answer.kind == "unanswered"
