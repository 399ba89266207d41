"""Gig-value and Street Cred conditions (engine/conditions.py): min Gigs (6.3.1, 6.3.3),
different values, Gigs with a value, even Street Cred (Null is neither even nor odd,
5.11.4.1), a Street Cred difference with the rival, "no such card", and an action's own
`if` ("Then, if …"). One small Program per case, checked when it resolves (10.3.3)."""

from __future__ import annotations

import textwrap

import pytest

from judge_tool.engine.scenario import ScenarioFileError, parse_scenario, run_once


def play(effect: str, a: str = "", b: str = "", after: str = ""):
    """Play the 0-cost Program "Kosul" (its effect lines given) with A to act."""
    text = textwrap.dedent("""\
        title = "t"
        question = "q"
        [cards.L1]
        type = "legend"
        [cards.L2]
        type = "legend"
        [cards.Kosul]
        type = "program"
        cost = 0
        [[cards.Kosul.effects]]
        {effect}
        [state]
        turn_player = "A"
        [state.A]
        deck = 5
        hand = ["Kosul"]
        {a}
        [state.B]
        deck = 3
        {b}
        [[actions]]
        do = "play"
        card = "Kosul"
        {after}
        [expect]
        legal = true
        """).format(effect=effect, a=a, b=b, after=after)
    return run_once(parse_scenario(text))


def hand(r) -> int:
    return len(r.state.players["A"].hand)


def draws(cond: str, mine: list[str], theirs: list[str]) -> bool:
    gigs = lambda g: ("gigs = " + repr(g)).replace("'", '"')  # noqa: E731
    r = play(f'if = {{ {cond} }}\ndo = [{{ do = "draw", n = 1 }}]', gigs(mine), gigs(theirs))
    return hand(r) == 1


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
    ("gigs_valued = { at_least = 8, count = 2 }", ["d8=8", "d10=9"], [], True),
    ("gigs_valued = { at_least = 8, count = 2 }", ["d8=8", "d10=7"], [], False),
    ("gigs_valued = { at_least = 8, count = 2 }", ["d8=8"], ["d10=9"], False),   # friendly only
    ("gigs_valued = { at_least = 8 }", ["d4=2", "d12=8"], [], True),             # count 1
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


def test_the_trace_says_why():
    r = play('if = { street_cred_even = true }\ndo = [{ do = "draw", n = 1 }]')
    assert any("Null" in s.text and s.rule == "10.3.3" for s in r.trace)
    assert any(s.rule == "10.3.1" for s in r.trace)


def test_wrong_value_type_is_a_spec_error():
    with pytest.raises(ScenarioFileError, match="must be an integer"):
        draws('min_gigs_at_least = "one"', [], [])


# ---------------------------------------------------------------- "Then, if …" on one action

THEN_IF = """do = [
  { do = "adjust_gig", by = 1, gig = "friendly" },
  { do = "draw", n = 1, if = { different_gig_values_at_least = 2 } },
  { do = "draw", n = 1 },
]"""


def _then_if(pick: int) -> int:
    after = f'[[choices]]\ndecision = "gig"\npick = "A.d6"\n[[choices]]\ndecision = "value"\npick = {pick}'
    return hand(play(THEN_IF, 'gigs = ["d4=3", "d6=3"]', after=after))


def test_an_action_condition_is_read_after_the_parts_before_it():
    # 3 and 3 are one value; the adjustment before the condition makes them two (10.3.3)
    assert _then_if(4) == 2


def test_a_false_action_condition_skips_only_that_part():
    assert _then_if(2) == 2     # 3 → 2 makes two different values as well
    r = play('do = [\n  { do = "draw", n = 1, if = { min_gigs_at_least = 1 } },\n  { do = "draw", n = 1 },\n]',
             'gigs = ["d4=3"]')
    assert hand(r) == 1          # the second draw still happens (10.2.1)
    assert any(s.rule == "10.3.1" for s in r.trace)


def test_an_unknown_action_condition_is_a_clear_error():
    with pytest.raises(ScenarioFileError, match="min_gig"):
        play('do = [{ do = "draw", n = 1, if = { min_gig = 1 } }]')


# ---------------------------------------------------------------- controls_none

@pytest.mark.parametrize("legends,want", [
    ('[{ card = "L1", face_up = true }]', True),
    ('[{ card = "L1", face_up = true }, { card = "L2", face_up = false }]', False),
    ("[]", True),                                   # no face-down Legend at all
])
def test_controls_none(legends, want):
    r = play('if = { controls_none = { zone = "legends", face_up = false } }\ndo = [{ do = "draw", n = 1 }]',
             f"legends = {legends}")
    assert (hand(r) == 1) is want
