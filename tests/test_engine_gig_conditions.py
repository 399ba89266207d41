"""Gig-value and Street Cred conditions (engine/conditions.py): min Gigs (6.3.1, 6.3.3),
different values, even Street Cred (Null is neither even nor odd, 5.11.4.1) and a Street
Cred difference with the rival. One small Program per case: it draws 1 only if the
condition holds when it resolves (10.3.3)."""

from __future__ import annotations

import textwrap

import pytest

from judge_tool.engine.scenario import ScenarioFileError, parse_scenario, run_once


def draws(cond: str, mine: list[str], theirs: list[str]) -> bool:
    text = textwrap.dedent(f"""\
        title = "t"
        question = "q"
        [cards.Kosul]
        type = "program"
        cost = 0
        [[cards.Kosul.effects]]
        label = "Kosul"
        if = {{ {cond} }}
        do = [{{ do = "draw", n = 1 }}]
        [state]
        turn_player = "A"
        [state.A]
        deck = 3
        hand = ["Kosul"]
        gigs = {mine!r}
        [state.B]
        deck = 3
        gigs = {theirs!r}
        [[actions]]
        do = "play"
        card = "Kosul"
        [expect]
        legal = true
        """).replace("'", '"')
    r = run_once(parse_scenario(text))
    return len(r.state.players["A"].hand) == 1


CASES = [
    # (condition, friendly Gigs, rival Gigs, draws?)
    ("min_gigs_at_least = 1", ["d4=1", "d6=3"], [], True),
    ("min_gigs_at_least = 1", ["d4=2", "d20=20"], [], False),      # a max Gig is not a min Gig
    ("min_gigs_at_least = 2", ["d4=1", "d12=1"], [], True),
    ("min_gigs_at_least = 1", [], ["d4=1"], False),                 # only friendly Gigs count
    ("different_gig_values_at_least = 2", ["d4=3", "d6=3"], [], False),
    ("different_gig_values_at_least = 2", ["d4=3", "d6=4"], [], True),
    ("different_gig_values_at_least = 3", ["d4=3", "d6=4", "d8=4"], [], False),
    ("different_gig_values_at_least = 3", ["d4=3", "d6=4", "d8=5"], [], True),
    ("street_cred_even = true", ["d4=3", "d6=5"], [], True),        # 8
    ("street_cred_even = true", ["d4=3", "d6=4"], [], False),       # 7
    ("street_cred_even = false", ["d4=3", "d6=4"], [], True),       # odd wanted: 7
    ("street_cred_even = true", [], [], False),                     # Null: neither (5.11.4.1)
    ("street_cred_even = false", [], [], False),
    ("street_cred_differs_by_at_least = 10", ["d20=15"], ["d4=4"], True),   # 11
    ("street_cred_differs_by_at_least = 10", ["d4=4"], ["d20=14"], True),   # either way
    ("street_cred_differs_by_at_least = 10", ["d20=13"], ["d4=4"], False),  # 9
    ("street_cred_differs_by_at_least = 10", ["d20=20"], [], False),        # Null rival
]


@pytest.mark.parametrize("cond,mine,theirs,want", CASES)
def test_condition_decides_the_draw(cond, mine, theirs, want):
    assert draws(cond, mine, theirs) is want


def test_the_trace_says_why(tmp_path):
    text = textwrap.dedent("""\
        title = "t"
        question = "q"
        [cards.Kosul]
        type = "program"
        cost = 0
        [[cards.Kosul.effects]]
        if = { street_cred_even = true }
        do = [{ do = "draw", n = 1 }]
        [state]
        turn_player = "A"
        [state.A]
        deck = 3
        hand = ["Kosul"]
        [state.B]
        deck = 3
        [[actions]]
        do = "play"
        card = "Kosul"
        [expect]
        legal = true
        """)
    r = run_once(parse_scenario(text))
    assert any("Null" in s.text and s.rule == "10.3.3" for s in r.trace)
    assert any(s.rule == "10.3.1" for s in r.trace)


def test_wrong_value_type_is_a_spec_error():
    with pytest.raises(ScenarioFileError, match="must be an integer"):
        draws('min_gigs_at_least = "one"', [], [])
