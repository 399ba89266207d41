"""Each game procedure of the engine, checked against the rules text with small scenarios."""

from __future__ import annotations

import textwrap

import pytest

from judge_tool.engine.cite import R
from judge_tool.engine.effects import EffectDef
from judge_tool.engine.errors import DecisionError
from judge_tool.engine.game import Game, Pending
from judge_tool.engine.scenario import ScenarioRunError, parse_scenario, run_once, run_scenario
from judge_tool.engine.script import Script
from judge_tool.engine.state import GameState, Player


def run(text: str):
    text = textwrap.dedent(text)
    if not text.lstrip().startswith("title"):
        text = 'title = "t"\nquestion = "q"\n' + text
    if "[expect]" not in text:
        text += "\n[expect]\nlegal = true\n"
    return run_once(parse_scenario(text))


def rules(r) -> list[str]:
    return [s.rule for s in r.trace]


def first(r, rule: str) -> int:
    return rules(r).index(rule)


CARDS = """
[cards.Solo]
type = "unit"
cost = 3
power = 5

[cards.Dev]
type = "unit"
cost = 6
power = 9

[cards.Kalkan]
type = "unit"
cost = 2
power = 7
keywords = ["BLOCKER"]

[cards.Zirh]
type = "gear"
cost = 1
power = 2
"""


# ---------------------------------------------------------------- Start Phase (8.6)

def test_start_phase_runs_in_order_and_ready_includes_eddies():
    r = run(CARDS + """
    [cards.Saat]
    type = "legend"
    [[cards.Saat.effects]]
    label = "Saat tur başı"
    trigger = "START_OF_TURN"
    do = [{ do = "draw", n = 1 }]

    [state]
    phase = "start"
    [state.A]
    deck = ["Dev", "Solo"]
    field = [{ card = "Solo", spent = true }]
    legends = [{ card = "Saat", face_up = true, spent = true }]
    eddies = { ready = 0, spent = 2 }
    fixer = ["d6"]
    [[actions]]
    do = "start_phase"
    [[rolls]]
    value = 4
    """)
    order = [first(r, x) for x in ("8.6.1", "8.6.2.1", "8.6.2.2", "8.6.3", "8.6.4", "8.6.5.2", "8.6.5.3", "8.8")]
    assert order == sorted(order)
    a = r.state.players["A"]
    # the start-of-turn effect resolved before the ready step, then the draw step drew the 2nd card
    assert [c.name for c in a.hand] == ["Dev", "Solo"]
    assert a.eddies_ready == 2 and not any(c.spent for c in [*a.field, *a.legends])
    assert [str(d) for d in a.gigs] == ["A.d6=4"] and a.fixer == []


def test_start_phase_empty_deck_loses_immediately_before_rolling():
    r = run("""
    [state]
    phase = "start"
    [state.A]
    deck = 0
    fixer = ["d4"]
    [[actions]]
    do = "start_phase"
    """)
    assert r.outcome.winner == "B"
    assert "8.6.4.1" in rules(r) and "8.6.5.2" not in rules(r)
    assert r.state.players["A"].fixer == [4]


def test_seven_gigs_win_is_checked_before_anything_else():
    r = run("""
    [state]
    phase = "start"
    [state.A]
    deck = 0
    gigs = ["d4=1", "d6=1", "d8=1", "d10=1", "d12=1", "d20=1", "B.d4=1"]
    [[actions]]
    do = "start_phase"
    """)
    assert r.outcome.winner == "A" and rules(r)[-1] == "8.6.1"


def test_roll_in_needs_choice_and_d20_only_last():
    with pytest.raises(ScenarioRunError, match=r"decision 'roll_in'.*8\.6\.5\.1"):
        run("""
        [state]
        phase = "start"
        [state.A]
        deck = 2
        fixer = ["d4", "d6"]
        [[actions]]
        do = "start_phase"
        """)
    r = run("""
    [state]
    phase = "start"
    [state.A]
    deck = 2
    fixer = ["d20"]
    [[actions]]
    do = "start_phase"
    [[rolls]]
    value = 20
    """)
    assert [str(d) for d in r.state.players["A"].gigs] == ["A.d20=20"]


def test_missing_roll_names_player_die_and_rule():
    with pytest.raises(ScenarioRunError) as exc:
        run("""
        [state]
        phase = "start"
        [state.A]
        deck = 2
        fixer = ["d12"]
        [[actions]]
        do = "start_phase"
        """)
    assert "missing roll: player A rolls a d12" in str(exc.value) and "8.6.5.2" in str(exc.value)


def test_roll_for_the_wrong_die_is_an_error():
    with pytest.raises(ScenarioRunError, match="for a d8"):
        run("""
        [state]
        phase = "start"
        [state.A]
        deck = 2
        fixer = ["d12"]
        [[actions]]
        do = "start_phase"
        [[rolls]]
        die = "d8"
        value = 3
        """)


# ---------------------------------------------------------------- Main Phase actions

def test_sell_once_per_turn_and_needs_sell_tag():
    base = """
    [cards.Cip]
    type = "unit"
    sell_tag = true
    [cards.Tas]
    type = "unit"
    [state.A]
    deck = 3
    hand = ["Cip", "Cip", "Tas"]
    """
    r = run(base + '[[actions]]\ndo = "sell"\ncard = "Cip"\n')
    assert r.outcome.legal and r.state.players["A"].eddies_ready == 1
    r = run(base + '[[actions]]\ndo = "sell"\ncard = "Cip"\n[[actions]]\ndo = "sell"\ncard = "Cip"\n')
    assert r.outcome.illegal_rule == "8.11.1"
    r = run(base + '[[actions]]\ndo = "sell"\ncard = "Tas"\n')
    assert r.outcome.illegal_rule == "11.9.2"


def test_call_legend_costs_one_keeps_orientation_once_per_turn():
    base = """
    [cards.L1]
    type = "legend"
    [cards.L2]
    type = "legend"
    [state.A]
    deck = 3
    eddies = 2
    legends = [{ card = "L1", spent = true }, "L2"]
    """
    r = run(base + '[[actions]]\ndo = "call"\nlegend = "L1"\npay = { eddies = 1 }\n')
    l1 = r.state.players["A"].legends[0]
    assert l1.face_up and l1.spent and r.state.players["A"].eddies_ready == 1
    r = run(base + '[[actions]]\ndo = "call"\nlegend = "L1"\npay = { eddies = 1 }\n'
                   '[[actions]]\ndo = "call"\nlegend = "L2"\npay = { eddies = 1 }\n')
    assert r.outcome.illegal_rule == "11.11.2"


def test_defender_who_called_as_reaction_cannot_call_again_that_turn():
    r = run(CARDS + """
    [cards.L1]
    type = "legend"
    [cards.L2]
    type = "legend"
    [state.A]
    deck = 3
    field = ["Solo", "Dev"]
    [state.B]
    deck = 3
    eddies = 2
    legends = ["L1", "L2"]
    gigs = ["d4=1", "d6=2", "d8=3"]
    [[actions]]
    do = "attack"
    unit = "Solo"
    target = "gigs"
    reactions = [{ do = "call", legend = "L1", pay = { eddies = 1 } }]
    [[actions]]
    do = "attack"
    unit = "Dev"
    target = "gigs"
    reactions = [{ do = "call", legend = "L2", pay = { eddies = 1 } }]
    [[choices]]
    decision = "steal"
    pick = "B.d4"
    """)
    assert r.outcome.illegal_rule == "11.11.2"


def test_play_unit_enters_ready_with_lag_and_pays():
    r = run(CARDS + """
    [state.A]
    deck = 3
    hand = ["Solo"]
    eddies = 4
    [[actions]]
    do = "play"
    card = "Solo"
    """)
    solo = r.state.players["A"].field[0]
    assert solo.lag and not solo.spent and r.state.players["A"].eddies_ready == 1


def test_cannot_play_without_enough_eddies():
    r = run(CARDS + """
    [state.A]
    deck = 3
    hand = ["Dev"]
    eddies = 2
    [[actions]]
    do = "play"
    card = "Dev"
    """)
    assert r.outcome.illegal_rule == "11.1.2"
    assert [c.name for c in r.state.players["A"].hand] == ["Dev"]


def test_ambiguous_payment_is_a_missing_decision():
    with pytest.raises(ScenarioRunError, match="missing payment"):
        run(CARDS + """
        [cards.L1]
        type = "legend"
        [state.A]
        deck = 3
        hand = ["Zirh"]
        field = ["Solo"]
        eddies = 2
        legends = ["L1"]
        [[actions]]
        do = "play"
        card = "Zirh"
        """)


def test_face_up_legend_without_sell_tag_never_pays_official_5_7_2_2():
    # 11.8.1 (Turkish): a cost is paid by spending Eddies or Legend cards. The official
    # 5.7.2.2 (CR 1.3: the official rules decide) forbids a face-up Legend without a Sell
    # Tag; the Turkish text is silent, so the step is marked.
    r = run(CARDS + """
    [cards.L1]
    type = "legend"
    [state.A]
    deck = 3
    hand = ["Zirh"]
    field = ["Solo"]
    legends = [{ card = "L1", face_up = true }]
    [[actions]]
    do = "play"
    card = "Zirh"
    target = "Solo"
    pay = { legends = ["L1"] }
    """)
    assert not r.outcome.legal and r.outcome.illegal_rule == "5.7.2.2"
    assert any(step.rule == "5.7.2.2" and "Türkçe metinde yok" in step.text for step in r.trace)


def test_face_up_legend_with_sell_tag_pays():
    r = run(CARDS + """
    [cards.L1]
    type = "legend"
    sell_tag = true
    [state.A]
    deck = 3
    hand = ["Zirh"]
    field = ["Solo"]
    legends = [{ card = "L1", face_up = true }]
    [[actions]]
    do = "play"
    card = "Zirh"
    target = "Solo"
    """)
    assert r.outcome.legal and r.state.players["A"].legends[0].spent


def test_gear_needs_friendly_unit_or_face_up_legend():
    r = run(CARDS + """
    [state.A]
    deck = 3
    hand = ["Zirh"]
    eddies = 1
    [state.B]
    field = ["Solo"]
    [[actions]]
    do = "play"
    card = "Zirh"
    target = "Solo"
    """)
    assert r.outcome.illegal_rule == "10.1.3"


def test_lagging_unit_cannot_activate_spend_icon():
    r = run("""
    [cards.Tasci]
    type = "unit"
    [[cards.Tasci.effects]]
    cost = { spend = true }
    do = [{ do = "draw", n = 1 }]
    [state.A]
    deck = 3
    field = [{ card = "Tasci", lag = true }]
    [[actions]]
    do = "activate"
    card = "Tasci"
    """)
    assert r.outcome.illegal_rule == "11.3.1.2"


def test_eddies_plus_spend_cannot_be_paid_with_the_source_legend():
    r = run("""
    [cards.Rogue]
    type = "legend"
    sell_tag = true
    [[cards.Rogue.effects]]
    cost = { eddies = 1, spend = true }
    do = [{ do = "draw", n = 1 }]
    [state.A]
    deck = 3
    legends = [{ card = "Rogue", face_up = true }]
    [[actions]]
    do = "activate"
    card = "Rogue"
    """)
    assert not r.outcome.legal and r.outcome.illegal_rule == "10.19.2"


def test_only_turn_player_takes_main_phase_actions():
    r = run(CARDS + """
    [state.B]
    deck = 3
    hand = ["Solo"]
    eddies = 3
    [[actions]]
    do = "play"
    player = "B"
    card = "Solo"
    """)
    assert r.outcome.illegal_rule == "8.13"     # playing a card is a Main Phase action


# ---------------------------------------------------------------- attack declaration

@pytest.mark.parametrize("unit, target, rule", [
    ('{ card = "Solo", spent = true }', '"gigs"', "9.3.1"),
    ('{ card = "Solo", lag = true }', '"gigs"', "9.3.1.1"),
    ('"Solo"', '"Dev"', "9.3.2.1"),                 # a ready rival unit is not a valid target
])
def test_attack_declaration_legality(unit, target, rule):
    r = run(CARDS + f"""
    [state.A]
    deck = 3
    field = [{unit}]
    [state.B]
    field = ["Dev"]
    gigs = ["d4=2"]
    [[actions]]
    do = "attack"
    unit = "Solo"
    target = {target}
    reactions = []
    """)
    assert r.outcome.illegal_rule == rule
    assert r.state.players["B"].gigs and r.state.players["B"].gigs[0].id == "B.d4"


def test_empty_gig_area_is_not_a_target():
    r = run(CARDS + """
    [state.A]
    field = ["Solo"]
    [[actions]]
    do = "attack"
    unit = "Solo"
    target = "gigs"
    """)
    assert r.outcome.illegal_rule == "9.3.2.2"


def test_attack_triggers_resolve_before_react_step():
    r = run(CARDS + """
    [cards.Hizli]
    type = "unit"
    power = 2
    [[cards.Hizli.effects]]
    trigger = "ATTACK"
    do = [{ do = "draw", n = 1 }]
    [state.A]
    deck = 3
    field = ["Hizli"]
    [state.B]
    gigs = ["d4=2"]
    [[actions]]
    do = "attack"
    unit = "Hizli"
    target = "gigs"
    reactions = []
    """)
    assert first(r, "11.5.2.1") < first(r, "9.7")


def test_missing_reactions_when_defender_could_react():
    with pytest.raises(ScenarioRunError, match=r"reactions.*BLOCKER Kalkan"):
        run(CARDS + """
        [state.A]
        field = ["Solo"]
        [state.B]
        field = ["Kalkan"]
        gigs = ["d4=2"]
        [[actions]]
        do = "attack"
        unit = "Solo"
        target = "gigs"
        """)


def test_blocker_cannot_redirect_to_itself_and_only_defender_reacts():
    r = run(CARDS + """
    [state.A]
    field = ["Solo"]
    [state.B]
    field = [{ card = "Kalkan", spent = true }]
    [[actions]]
    do = "attack"
    unit = "Solo"
    target = "Kalkan"
    reactions = [{ do = "block", unit = "Kalkan" }]
    """)
    assert r.outcome.illegal_rule in ("9.9", "11.24.3")
    r = run(CARDS + """
    [state.A]
    field = ["Solo", "Kalkan"]
    [state.B]
    gigs = ["d4=2"]
    [[actions]]
    do = "attack"
    unit = "Solo"
    target = "gigs"
    reactions = [{ do = "block", unit = "Kalkan", player = "A" }]
    """)
    assert r.outcome.illegal_rule == "9.7.1"


# ---------------------------------------------------------------- fight

def test_fight_loser_goes_to_trash_with_its_gears():
    r = run(CARDS + """
    [state.A]
    field = [{ card = "Solo", gears = ["Zirh"] }]
    [state.B]
    field = [{ card = "Dev", spent = true }]
    [[actions]]
    do = "attack"
    unit = "Solo"
    target = "Dev"
    reactions = []
    """)
    a = r.state.players["A"]
    assert r.outcome.fights[0]["attacker_power"] == 7
    assert r.outcome.fights[0]["result"] == "defender"
    assert a.field == [] and sorted(c.name for c in a.trash) == ["Solo", "Zirh"]
    assert "4.12" in rules(r)


def test_defeated_uses_last_known_power():
    r = run(CARDS + """
    [cards.Kahin]
    type = "unit"
    power = 4
    [[cards.Kahin.effects]]
    trigger = "DEFEATED"
    if = { power_at_least = 6 }
    do = [{ do = "draw", n = 1 }]
    [state.A]
    deck = 2
    field = [{ card = "Kahin", gears = ["Zirh"] }]
    [state.B]
    field = [{ card = "Dev", spent = true }]
    [[actions]]
    do = "attack"
    unit = "Kahin"
    target = "Dev"
    reactions = []
    """)
    # in the trash it has no Gear; its last known power on the field was 4 + 2 = 6
    assert len(r.state.players["A"].hand) == 1
    assert "10.10.1" in rules(r)


def test_attack_ends_when_attacker_leaves_during_attack_trigger():
    r = run(CARDS + """
    [cards.Kacak]
    type = "unit"
    power = 3
    [[cards.Kacak.effects]]
    trigger = "ATTACK"
    do = [{ do = "bottom_deck" }]
    [state.A]
    deck = 1
    field = ["Kacak"]
    [state.B]
    field = ["Kalkan"]
    gigs = ["d4=2"]
    [[actions]]
    do = "attack"
    unit = "Kacak"
    target = "gigs"
    """)
    assert r.outcome.stolen == 0 and r.outcome.attacks[0]["ended"] == "9.26.1"
    assert "9.7" not in rules(r)                  # never reached the React Step
    assert "9.27.1" in rules(r)
    assert [c.name for c in r.state.players["A"].deck] == ["?", "Kacak"]


# ---------------------------------------------------------------- steal

def test_steal_choices_one_at_a_time_and_cap():
    r = run(CARDS + """
    [state.A]
    field = ["Dev"]
    [state.B]
    gigs = ["d4=1", "d6=5", "d8=8"]
    [[actions]]
    do = "attack"
    unit = "Dev"
    target = "gigs"
    reactions = []
    [[choices]]
    decision = "steal"
    pick = "B.d8"
    """)
    assert r.outcome.stolen == 1 and r.state.players["A"].gigs[0].id == "B.d8"
    r = run("""
    [cards.Dev]
    type = "unit"
    power = 25
    [state.A]
    field = ["Dev"]
    [state.B]
    gigs = ["d4=1", "d6=5"]
    [[actions]]
    do = "attack"
    unit = "Dev"
    target = "gigs"
    reactions = []
    """)
    assert r.outcome.stolen == 2 and "9.23.3.3" in rules(r)


def test_gig_value_cannot_change_while_being_stolen():
    r = run("""
    [cards.Hirsiz]
    type = "unit"
    power = 5
    [cards.Bozucu]
    type = "unit"
    [[cards.Bozucu.effects]]
    label = "Bozucu"
    trigger = "RIVAL_WOULD_STEAL"
    do = [{ do = "adjust_gig", by = 3, gig = "stolen" }]
    [state.A]
    field = ["Hirsiz"]
    [state.B]
    field = ["Bozucu"]
    gigs = ["d6=2"]
    [[actions]]
    do = "attack"
    unit = "Hirsiz"
    target = "gigs"
    reactions = []
    [[choices]]
    decision = "value"
    pick = 5
    """)
    assert [str(d) for d in r.state.players["A"].gigs] == ["B.d6=2"]
    assert "6.7.5" in rules(r)


def test_swap_is_not_stealing():
    r = run("""
    [cards.T]
    type = "unit"
    [[cards.T.effects]]
    cost = { spend = true }
    do = [{ do = "swap_gigs" }]
    [[cards.T.effects]]
    trigger = "STEALS_GIG"
    do = [{ do = "draw", n = 1 }]
    [state.A]
    deck = 2
    field = ["T"]
    gigs = ["d4=1"]
    [state.B]
    gigs = ["d6=6"]
    [[actions]]
    do = "activate"
    card = "T"
    """)
    assert r.outcome.stolen == 0 and r.state.players["A"].hand == []
    assert [str(d) for d in r.state.players["A"].gigs] == ["B.d6=6"]


# ---------------------------------------------------------------- end of turn, overtime

def test_end_of_turn_removes_this_turn_effects_and_lag():
    r = run("""
    [cards.U]
    type = "unit"
    power = 3
    [cards.Saat]
    type = "unit"
    [[cards.Saat.effects]]
    label = "Saat tur sonu"
    trigger = "END_OF_TURN"
    do = [{ do = "draw", n = 1 }]
    [[cards.Saat.effects]]
    label = "Saat güç"
    cost = { spend = true }
    do = [{ do = "power", amount = 4, target = "friendly_unit" }]
    [state.A]
    deck = 2
    field = [{ card = "U", lag = true }, "Saat"]
    [[actions]]
    do = "activate"
    card = "Saat"
    [[actions]]
    do = "pass"
    [[choices]]
    decision = "target"
    pick = "U"
    """)
    order = [first(r, x) for x in ("8.9", "8.16.1", "8.16.2", "11.3.2", "8.17", "8.18")]
    assert order == sorted(order)
    g = r.game
    u = r.state.players["A"].field[0]
    assert g.power(u) == 3 and not u.lag
    assert len(r.state.players["A"].hand) == 1
    assert r.state.turn_player == "B" and r.state.turn == 2 and r.state.phase == "start"


def test_overtime_begins_after_two_turns_started_with_empty_fixers_official_1_11():
    # 8.17 (Turkish) says Overtime starts after the turn "if its conditions are met"; the
    # official 1.11.1 gives them: two consecutive turns begun with both fixer areas empty.
    r = run("""
    [state]
    phase = "start"
    empty_fixer_turns = 1
    [state.A]
    deck = 3
    gigs = ["d4=1", "d6=2", "d8=3", "d10=4", "d12=5", "d20=6"]
    [state.B]
    deck = 3
    [[actions]]
    do = "start_phase"
    [[actions]]
    do = "pass"
    """)
    assert r.state.overtime and r.state.winner is None
    assert any(s.rule == "1.11.1" and "Türkçe metinde yok" in s.text for s in r.trace)


def test_overtime_does_not_begin_while_a_fixer_still_has_dice():
    r = run("""
    [state]
    phase = "start"
    empty_fixer_turns = 1
    [state.A]
    deck = 3
    [state.B]
    deck = 3
    fixer = ["d20"]
    [[actions]]
    do = "start_phase"
    [[actions]]
    do = "pass"
    """)
    assert not r.state.overtime and r.state.empty_fixer_turns == 0


def test_seven_gigs_when_overtime_begins_win_at_once_official_1_11_2():
    r = run("""
    [state]
    empty_fixer_turns = 2
    [state.A]
    deck = 3
    gigs = ["d4=1", "d6=2", "d8=3", "d10=4", "d12=5", "d20=6", "B.d4=2"]
    [state.B]
    deck = 3
    [[actions]]
    do = "pass"
    """)
    assert r.state.overtime and r.outcome.winner == "A"
    assert r.trace[-1].rule == "1.11.2"


def test_in_overtime_the_seventh_gig_wins_at_once_official_1_11():
    r = run("""
    [cards.U]
    type = "unit"
    power = 5
    [state]
    overtime = true
    [state.A]
    deck = 3
    field = ["U"]
    gigs = ["d4=1", "d6=2", "d8=3", "d10=4", "d12=5", "d20=6"]
    [state.B]
    deck = 3
    gigs = ["d6=3"]
    [[actions]]
    do = "attack"
    unit = "U"
    target = "gigs"
    reactions = []
    """)
    assert r.outcome.winner == "A" and r.trace[-1].rule == "1.11"


# ---------------------------------------------------------------- draw / trash / search

def test_draw_x_one_at_a_time_loses_on_the_missing_card():
    r = run("""
    [cards.P]
    type = "program"
    cost = 0
    [[cards.P.effects]]
    do = [{ do = "draw", n = 3 }]
    [cards.K]
    type = "unit"
    [state.A]
    deck = ["K"]
    hand = ["P"]
    [[actions]]
    do = "play"
    card = "P"
    """)
    assert r.outcome.winner == "B"
    assert [c.name for c in r.state.players["A"].hand] == ["K"]
    assert rules(r).count("11.5.2.1") == 1 and rules(r)[-1] == "11.5.2.3"


def test_trash_x_from_a_short_deck_does_not_lose():
    r = run("""
    [cards.P]
    type = "program"
    cost = 0
    [[cards.P.effects]]
    do = [{ do = "trash", n = 3 }]
    [state.A]
    deck = 1
    hand = ["P"]
    [[actions]]
    do = "play"
    card = "P"
    """)
    assert r.outcome.winner is None and len(r.state.players["A"].trash) == 2
    assert rules(r).count("11.7.2.1.1") == 2


def test_search_exact_count_is_enforced():
    r = run("""
    [cards.P]
    type = "program"
    cost = 0
    [[cards.P.effects]]
    do = [{ do = "search", n = 2, take = 1, to = "trash" }]
    [cards.X]
    type = "unit"
    [cards.Y]
    type = "unit"
    [state.A]
    deck = ["X", "Y"]
    hand = ["P"]
    [[actions]]
    do = "play"
    card = "P"
    [[choices]]
    decision = "search"
    pick = []
    """)
    assert r.outcome.illegal_rule == "10.31.2"


@pytest.mark.parametrize("where", ["trash", "hand"])
def test_search_rest_goes_to_the_place_the_effect_names(where):
    r = run(f"""
    [cards.P]
    type = "program"
    cost = 0
    [[cards.P.effects]]
    do = [{{ do = "search", n = 3, take = 1, to = "hand", rest = "{where}" }}]
    [cards.X]
    type = "unit"
    [cards.Y]
    type = "unit"
    [cards.Z]
    type = "unit"
    [state.A]
    deck = ["X", "Y", "Z", "X"]
    hand = ["P"]
    [[actions]]
    do = "play"
    card = "P"
    [[choices]]
    decision = "search"
    pick = ["Y"]
    """)
    a = r.state.players["A"]
    trash = sorted(c.name for c in a.trash if c.name != "P")     # the Program itself
    assert [c.name for c in a.deck] == ["X"]
    if where == "trash":
        assert [c.name for c in a.hand] == ["Y"] and trash == ["X", "Z"]
    else:
        assert sorted(c.name for c in a.hand) == ["X", "Y", "Z"] and not trash


@pytest.mark.parametrize("reaction, rule", [
    ('do = "sell"\n    card = "S"', "8.11"),
    ('do = "attack"\n    unit = "D"', "8.15"),
])
def test_selling_or_attacking_in_the_react_step_is_refused(reaction, rule):
    r = run(f"""
    [cards.X]
    type = "unit"
    power = 4
    [cards.D]
    type = "unit"
    power = 5
    [cards.S]
    type = "unit"
    sell_tag = true
    [state]
    turn_player = "A"
    [state.A]
    field = ["X"]
    [state.B]
    field = ["D"]
    hand = ["S"]
    gigs = ["d6=3"]
    [[actions]]
    do = "attack"
    unit = "X"
    target = "gigs"
    [[actions.reactions]]
    {reaction}
    """)
    assert not r.outcome.legal and r.outcome.illegal_rule == rule
    assert [c.name for c in r.state.players["B"].hand] == ["S"]


# ---------------------------------------------------------------- pending effects

def _bare_game() -> Game:
    state = GameState(players={"A": Player("A"), "B": Player("B")}, turn_player="A")
    return Game(state, Script())


def test_pending_turn_player_first_and_current_player_finishes_new_ones():
    g = _bare_game()
    eff = EffectDef(kind="triggered", label="x")
    made = []

    def pend(player: str, name: str) -> Pending:
        g._seq += 1
        pe = Pending(g._seq, player, EffectDef(kind="triggered", label=name), name, name)
        g.pending.append(pe)
        return pe

    pend("B", "B1")
    pend("A", "A1")
    order = []

    def fake_resolve(pe):
        order.append(pe.effect.label)
        if pe.effect.label == "B1" and not made:     # while B resolves, both get a new one
            made.append(1)
            pend("A", "A2")
            pend("B", "B2")

    g.resolve = fake_resolve
    g.resolve_pending()
    assert eff.kind == "triggered"
    assert order == ["A1", "B1", "B2", "A2"]
    assert R.PENDING_TURN_PLAYER in [s.rule for s in g.trace]


def test_several_own_pending_effects_need_an_order_choice():
    g = _bare_game()
    for name in ("E1", "E2"):
        g._seq += 1
        g.pending.append(Pending(g._seq, "A", EffectDef(kind="triggered", label=name), name, name))
    with pytest.raises(DecisionError, match=r"decision 'pending'.*10\.12"):
        g.resolve_pending()


# ---------------------------------------------------------------- replacement effects

REPL = """
[cards.Top]
type = "unit"
power = 9
[cards.Hedef]
type = "unit"
power = 1
[cards.Zorunlu]
type = "gear"
[[cards.Zorunlu.effects]]
label = "Zorunlu"
replace = "defeat"
instead = [{ do = "defeat", target = "this_gear" }]
[cards.Secmeli]
type = "gear"
[[cards.Secmeli.effects]]
label = "Secmeli"
replace = "defeat"
optional = true
instead = [{ do = "defeat", target = "this_gear" }]
"""


def test_mandatory_replacement_before_optional():
    r = run(REPL + """
    [state.A]
    field = ["Top"]
    [state.B]
    field = [{ card = "Hedef", spent = true, gears = ["Secmeli", "Zorunlu"] }]
    [[actions]]
    do = "attack"
    unit = "Top"
    target = "Hedef"
    reactions = []
    """)
    assert r.outcome.defeated == ["Zorunlu"]
    assert "10.28" in rules(r)


def test_optional_replacement_may_be_declined():
    r = run(REPL + """
    [state.A]
    field = ["Top"]
    [state.B]
    field = [{ card = "Hedef", spent = true, gears = ["Secmeli"] }]
    [[actions]]
    do = "attack"
    unit = "Top"
    target = "Hedef"
    reactions = []
    [[choices]]
    decision = "may"
    player = "B"
    pick = false
    """)
    assert sorted(r.outcome.defeated) == ["Hedef"]
    assert "10.26" in rules(r)


def test_go_solo_mechanic_replacement_applies_first():
    r = run("""
    [cards.Top]
    type = "unit"
    power = 9
    [cards.Solo]
    type = "legend"
    cost = 3
    power = 4
    keywords = ["GO SOLO"]
    [cards.Kutu]
    type = "gear"
    [[cards.Kutu.effects]]
    label = "Kutu"
    replace = "defeat"
    instead = [{ do = "defeat", target = "this_gear" }]
    [state.A]
    field = ["Top"]
    [state.B]
    field = [{ card = "Solo", go_solo = true, spent = true, gears = ["Kutu"] }]
    [[actions]]
    do = "attack"
    unit = "Top"
    target = "Solo"
    reactions = []
    """)
    rs = rules(r)
    assert rs.index("10.30") < rs.index("10.29") < rs.index("10.25")
    assert r.outcome.defeated == ["Kutu"]


def test_go_solo_legend_is_removed_from_game_instead_of_trash():
    r = run("""
    [cards.Top]
    type = "unit"
    power = 9
    [cards.Solo]
    type = "legend"
    cost = 3
    power = 4
    keywords = ["GO SOLO"]
    [state.A]
    field = ["Top"]
    [state.B]
    field = [{ card = "Solo", go_solo = true, spent = true }]
    [[actions]]
    do = "attack"
    unit = "Top"
    target = "Solo"
    reactions = []
    """)
    b = r.state.players["B"]
    assert [c.name for c in b.removed] == ["Solo"] and b.trash == []


def test_enumerate_runs_every_face():
    text = textwrap.dedent("""
    title = "t"
    question = "q"
    [state]
    phase = "start"
    [state.A]
    deck = 2
    fixer = ["d6"]
    [[actions]]
    do = "start_phase"
    [[rolls]]
    value = "enumerate"
    [expect]
    winner = "none"
    [expect.faces."1-3"]
    street_cred = { A = 1 }
    """)
    res = run_scenario(parse_scenario(text))
    assert res.enumerated and len(res.runs) == 6
    # faces 1-3 must give Street Cred 1: only face 1 does; faces 4-6 have no face rule
    assert [r.passed for r in res.runs] == [True, False, False, True, True, True]
    assert not res.passed


# ---------------------------------------------------------------- QUICK reactions, early ends

QUICK = """
[cards.Saldirgan]
type = "unit"
power = 6
[cards.Kacan]
type = "unit"
power = 2
[[cards.Kacan.effects]]
label = "Kacis"
cost = { eddies = 1 }
quick = true
do = [{ do = "bottom_deck" }]
[[cards.Kacan.effects]]
label = "Uyan"
cost = { eddies = 1 }
quick = true
do = [{ do = "ready" }]
[[cards.Kacan.effects]]
label = "Yavas"
cost = { eddies = 1 }
do = [{ do = "draw", n = 1 }]
[state.A]
field = ["Saldirgan"]
[state.B]
deck = 2
eddies = 1
field = [{ card = "Kacan", spent = true }]
"""


def test_quick_effect_target_leaves_field_ends_attack():
    r = run(QUICK + """
    [[actions]]
    do = "attack"
    unit = "Saldirgan"
    target = "Kacan"
    reactions = [{ do = "activate", card = "Kacan", effect = "Kacis" }]
    """)
    assert r.outcome.fights == [] and r.outcome.attacks[0]["ended"] == "9.26.2"
    assert "hedef Kacan artık saldırıldığı alanda değil" in " ".join(s.text for s in r.trace)
    assert [c.name for c in r.state.players["B"].deck][-1] == "Kacan"


def test_target_that_is_readied_is_no_longer_valid():
    r = run(QUICK + """
    [[actions]]
    do = "attack"
    unit = "Saldirgan"
    target = "Kacan"
    reactions = [{ do = "activate", card = "Kacan", effect = "Uyan" }]
    """)
    assert r.outcome.fights == [] and "geçerli hedef değil" in r.trace[-3].text + r.trace[-2].text
    assert r.state.players["B"].field[0].uid == "Kacan"


def test_non_quick_effect_is_not_a_reaction():
    r = run(QUICK + """
    [[actions]]
    do = "attack"
    unit = "Saldirgan"
    target = "Kacan"
    reactions = [{ do = "activate", card = "Kacan", effect = "Yavas" }]
    """)
    assert r.outcome.illegal_rule == "9.10"


def test_quick_effect_also_usable_in_own_main_phase():
    r = run(QUICK.replace("[state.A]", "[state]\nturn_player = \"B\"\n[state.A]") + """
    [[actions]]
    do = "activate"
    card = "Kacan"
    effect = "Uyan"
    """)
    assert r.outcome.legal and not r.state.players["B"].field[0].spent


def test_trigger_during_resolution_waits_for_the_current_effect():
    r = run("""
    [cards.Duvar]
    type = "unit"
    power = 9
    [cards.Feda]
    type = "unit"
    power = 1
    [[cards.Feda.effects]]
    label = "Feda DEFEATED"
    trigger = "DEFEATED"
    do = [{ do = "play_from_trash", max_cost = 9 }, { do = "bottom_deck" }]
    [cards.Yedek]
    type = "unit"
    cost = 2
    [[cards.Yedek.effects]]
    label = "Yedek PLAY"
    trigger = "PLAY"
    do = [{ do = "draw", n = 1 }]
    [state.A]
    deck = 2
    field = ["Feda"]
    trash = ["Yedek"]
    [state.B]
    field = [{ card = "Duvar", spent = true }]
    [[actions]]
    do = "attack"
    unit = "Feda"
    target = "Duvar"
    reactions = []
    """)
    texts = [s.text for s in r.trace]
    pend = next(i for i, t in enumerate(texts) if t.startswith("bekleyen etki: Yedek PLAY"))
    bottom = next(i for i, t in enumerate(texts) if "destenin altına" in t)
    resolved = texts.index("Yedek PLAY çözümlenir")
    assert pend < bottom < resolved
    assert r.outcome.resolved == ["Feda DEFEATED", "Yedek PLAY"]
    assert len(r.state.players["A"].hand) == 1


def test_go_solo_legend_plays_as_ready_unit_that_can_attack_this_turn():
    r = run("""
    [cards.Johnny]
    type = "legend"
    cost = 3
    power = 6
    keywords = ["GO SOLO"]
    [state.A]
    deck = 2
    eddies = 3
    legends = [{ card = "Johnny", face_up = true }]
    [state.B]
    gigs = ["d6=2"]
    [[actions]]
    do = "play"
    card = "Johnny"
    from = "legends"
    [[actions]]
    do = "attack"
    unit = "Johnny"
    target = "gigs"
    reactions = []
    """)
    a = r.state.players["A"]
    assert r.outcome.legal and r.outcome.stolen == 1
    assert a.legends == [] and a.field[0].go_solo and a.eddies_ready == 0
    assert "11.25.1" in rules(r)


def test_null_cost_legend_cannot_go_solo():
    r = run("""
    [cards.Kerry]
    type = "legend"
    keywords = ["GO SOLO"]
    [state.A]
    eddies = 3
    legends = [{ card = "Kerry", face_up = true }]
    [[actions]]
    do = "play"
    card = "Kerry"
    from = "legends"
    """)
    assert r.outcome.illegal_rule == "4.5.3"   # official: a Null-cost Legend cannot be played to the field


def test_go_solo_legend_keeps_its_gear():
    # 11.6.1.2: a Gear stays equipped unless it or its card leaves the field and Legends area;
    # a GO SOLO Legend moves from the Legends area to the field, so its Gear comes along.
    r = run(CARDS + """
    [cards.Solo2]
    type = "legend"
    cost = 1
    power = 4
    keywords = ["GO SOLO"]
    [state.A]
    deck = 3
    eddies = 1
    legends = [{ card = "Solo2", face_up = true, gears = ["Zirh"] }]
    [[actions]]
    do = "play"
    card = "Solo2"
    from = "legends"
    """)
    assert r.outcome.legal, r.outcome
    field = r.state.players["A"].field
    assert [c.name for c in field] == ["Solo2"] and [g.name for g in field[0].gears] == ["Zirh"]
    assert any(step.rule == "11.6.1.2" for step in r.trace)


def test_fight_triggers_resolve_before_the_losers_are_defeated():
    # Official 9.18-9.19: effects triggered by the fight become pending when the loser is
    # known and resolve before the loser is defeated. The Turkish 9.18 says "after the
    # fight"; the engine follows the official rule and marks the step.
    r = run("""
    [cards.Buyuk]
    type = "unit"
    cost = 3
    power = 9
    [cards.Kacak]
    type = "unit"
    cost = 2
    power = 2
    [[cards.Kacak.effects]]
    label = "Kaç"
    trigger = "LOSES_FIGHT"
    do = [{ do = "draw", n = 1 }]
    [state]
    turn_player = "A"
    turn = 5
    [state.A]
    deck = 5
    field = ["Buyuk"]
    [state.B]
    deck = 5
    field = [{ card = "Kacak", spent = true }]
    [[actions]]
    do = "attack"
    unit = "Buyuk"
    target = "Kacak"
    reactions = []
    """)
    texts = [(s.rule, s.text) for s in r.trace]
    defeat_at = next(i for i, (rule, text) in enumerate(texts) if rule == "9.19.1" and "Kacak" in text)
    resolve_at = next(i for i, (rule, text) in enumerate(texts) if "Kaç" in text and "çözümlen" in text)
    assert resolve_at < defeat_at, texts
    assert any(rule == "9.18" and "Türkçe metin farklı" in text for rule, text in texts)
    assert [c.name for c in r.state.players["B"].trash] == ["Kacak"]
    assert len(r.state.players["B"].hand) == 1


def test_loses_fight_bottom_deck_escapes_the_defeat():
    # the case: "loses a fight: bottom-deck it" resolves first, so no defeat
    r = run("""
    [cards.Buyuk]
    type = "unit"
    power = 9
    [cards.Kacak]
    type = "unit"
    power = 2
    [[cards.Kacak.effects]]
    trigger = "LOSES_FIGHT"
    do = [{ do = "bottom_deck" }]
    [state.A]
    deck = 5
    field = ["Buyuk"]
    [state.B]
    deck = 5
    field = [{ card = "Kacak", spent = true }]
    [[actions]]
    do = "attack"
    unit = "Buyuk"
    target = "Kacak"
    reactions = []
    """)
    b = r.state.players["B"]
    assert r.outcome.defeated == [] and b.trash == [] and b.deck[-1].name == "Kacak"


def test_a_face_up_legend_with_a_sell_tag_is_offered_as_payment():
    # 11.8.1: Eddies and/or Legend cards in the Legends area pay; with two ways to pay the
    # engine asks instead of choosing (never decides silently).
    with pytest.raises(Exception, match="missing payment"):
        run(CARDS + """
        [cards.L1]
        type = "legend"
        sell_tag = true
        [state.A]
        deck = 3
        hand = ["Zirh"]
        field = ["Solo"]
        eddies = 1
        legends = [{ card = "L1", face_up = true }]
        [[actions]]
        do = "play"
        card = "Zirh"
        target = "Solo"
        """)


def test_absurd_deck_size_is_a_clear_error():
    with pytest.raises(Exception, match="over the limit for 'deck'"):
        run("""
        [state.A]
        deck = 100000000
        """)


def test_a_file_that_is_not_utf8_is_a_clear_error(tmp_path):
    from judge_tool.engine.scenario import ScenarioFileError, load_scenario
    path = tmp_path / "latin1.toml"
    path.write_bytes('title = "Çatışma"\n'.encode("latin-1", "replace") + b"\xff\xfe")
    with pytest.raises(ScenarioFileError, match="UTF-8"):
        load_scenario(path)


def test_a_power_effect_conditioned_on_power_does_not_loop():
    # the condition is read without the effect itself: 5 >= 5 holds, so +2 applies once
    r = run("""
    [cards.U]
    type = "unit"
    power = 5
    [[cards.U.effects]]
    persistent = "self"
    if = { power_at_least = 5 }
    power = 2
    [state.A]
    deck = 1
    field = ["U"]
    """)
    assert r.game.power(r.state.players["A"].field[0]) == 7
