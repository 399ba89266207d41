"""A negated auxiliary that opens an English question ("Can't a lagging unit attack?") negates
the question's verb, not the state after it: it must never read as "not lagging" (that read
answered "Yes, it can attack", heldout28 probes, session 5)."""

from __future__ import annotations

import pytest

from judge_tool.ask import ask


@pytest.mark.parametrize("q", [
    "Can't a lagging unit attack?",
    "Can't a lagging unit attack the gig area?",
    "Doesn't a lagging unit attack the rival's spent unit?",
    "Couldn't my lagging unit attack his gig area with 2 gigs?",
    "Can't my lagging unit attack?",
])
def test_a_negative_question_keeps_the_state(q, book):
    answer = ask(q, book=book)
    # right ("No, it cannot attack") or no ruling; never the lag read away
    assert answer.value is not True, answer.to_dict()


def test_a_stated_negation_still_negates(book):
    # the same words not opening the question negate the state
    answer = ask("My unit isn't lagging and it's ready. Can it attack the rival's gig area with 2 gigs?",
                 book=book)
    assert answer.kind == "unanswered" or answer.value is True, answer.to_dict()
