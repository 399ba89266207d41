"""The `judge ask` evaluation set (tests/ask_eval.toml): no wrong answer, ever; a floor on
the share answered right of those with a definite answer; the set's own shape."""

from __future__ import annotations

from collections import Counter

import pytest

from judge_tool.ask import ask
from judge_tool.ask.evaluate import grade, load_cases

CASES = load_cases()


def test_eval_set_shape():
    assert all(c.set in ("heldout", "dev") for c in CASES)
    assert sum(c.set == "heldout" for c in CASES) >= 60
    assert sum(c.compound for c in CASES) * 3 >= len(CASES)
    assert sum(c.want == "unanswered" for c in CASES) * 5 >= len(CASES)
    assert len({c.q for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.q[:60])
def test_never_wrong(case, book):
    answer = ask(case.q, book=book)
    graded = grade(case, answer)
    assert graded.grade != "wrong", (case.want, answer.to_dict())
    if answer.kind == "unanswered":
        assert answer.value is None and answer.not_understood


def test_share_right_of_definite(book):
    counts = Counter(grade(c, ask(c.q, book=book)).grade for c in CASES if c.want != "unanswered")
    definite = sum(counts.values())
    assert counts["right"] / definite >= 0.50, counts
