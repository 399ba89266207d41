"""The shipped card pool: facts consistent with the glossary and the engine, names
unique, every effect readable by the engine, no card half-encoded, and bad data reported
as file:line."""

from __future__ import annotations

import collections

import pytest

from judge_tool.cards.pool import CardDataError, load_folder, load_pool
from judge_tool.engine.effects import TRIGGERS
from judge_tool.glossary import load_glossary


@pytest.fixture(scope="module")
def pool():
    return load_pool()


def test_pool_has_the_151_cards_of_september_2026(pool):
    assert len(pool) == 151
    assert collections.Counter(c.type for c in pool) == {"unit": 73, "program": 34, "legend": 27, "gear": 17}
    assert collections.Counter(c.color for c in pool) == {"red": 38, "yellow": 37, "green": 38, "blue": 38}


def test_tags_are_the_39_classifications(pool):
    tags = {t for c in pool for t in c.tags}
    assert len(tags) == 39
    assert {"Merc", "Corpo", "Arasaka", "Trauma Team"} <= tags


def test_slugs_and_full_names_are_unique(pool):
    assert len({c.slug for c in pool}) == len(pool)
    assert len({c.display.casefold() for c in pool}) == len(pool)
    assert len({(c.set, c.number) for c in pool}) == len(pool)


def test_keywords_and_triggers_are_glossary_terms():
    glossary = load_glossary()
    keywords = {t.english for t in glossary if t.kind == "keyword"}
    triggers = {t.english for t in glossary if t.kind == "trigger"}
    for card in load_pool():
        assert set(card.keywords) | set(card.mentions) <= keywords, card.slug
        assert set(card.triggers) <= triggers, card.slug


def test_costs_follow_the_card_types(pool):
    for c in pool:
        if c.type == "legend":
            assert (c.cost is None) == ("GO SOLO" not in c.keywords), c.slug
        else:
            assert c.cost is not None, c.slug
        assert (c.power is None) == (c.type == "program" or (c.type == "legend" and c.cost is None)), c.slug


def test_every_card_is_either_encoded_or_names_what_is_missing(pool):
    for c in pool:
        if c.unsupported:
            assert not c.effects_raw, c.slug
        else:
            effects = c.effects()          # parsed by the engine itself
            for eff in effects:
                for t in eff.triggers:
                    assert t in TRIGGERS
            # a printed trigger keyword on an expressible card has an effect using it
            used = {t for e in effects for t in e.triggers}
            assert set(c.triggers) <= used, c.slug


def test_no_printed_card_text_in_the_data(pool):
    """The data holds facts and our encoding: no free text field carries card wording."""
    for c in pool:
        for eff in c.effects_raw:
            assert "text" not in eff, c.slug


BAD = """\
set = "WNC"

[cards.good-card]
name = "Good Card"
type = "unit"
color = "red"
cost = 1
power = 1
number = "900"

[cards.bad-card]
name = "Bad Card"
type = "unit"
color = "purple"
cost = 1
power = 1
number = "901"
"""


def test_bad_data_is_reported_with_file_and_line(tmp_path):
    (tmp_path / "x.toml").write_text(BAD, encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_folder(tmp_path)
    assert err.value.line == 14 and "color" in err.value.message and "purple" in err.value.message


def test_half_encoding_is_refused(tmp_path):
    text = BAD.replace('color = "purple"', 'color = "blue"') + """unsupported = "x"
[[cards.bad-card.effects]]
trigger = "PLAY"
do = [{ do = "draw", n = 1 }]
"""
    (tmp_path / "x.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError, match="half"):
        load_folder(tmp_path)


def test_unknown_keyword_suggests_the_right_one(tmp_path):
    text = BAD.replace('color = "purple"', 'color = "blue"\nkeywords = ["BLOCKR"]')
    (tmp_path / "x.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError, match="BLOCKER"):
        load_folder(tmp_path)


def test_every_expressible_card_has_a_shipped_scenario(pool):
    from judge_tool.cards.usage import usage_index
    used = usage_index()
    missing = [c.slug for c in pool if c.expressible and c.slug not in used]
    assert missing == []


def test_scenarios_name_pool_cards_and_local_blocks_override():
    from judge_tool.engine.scenario import parse_scenario, run_scenario
    base = """
title = "t"
question = "q"
[state.A]
deck = 3
field = [{ card = "Emergency Atlus", gears = ["NetWatch Netdriver"] }]
[state.B]
gigs = ["d6=2"]
[[actions]]
do = "attack"
unit = "Emergency Atlus"
target = "gigs"
reactions = []
[expect]
stolen = 1
"""
    result = run_scenario(parse_scenario(base))
    assert result.passed and result.runs[0].outcome.resolved == ["NetWatch Netdriver SPENT"]
    override = base + """
[cards."NetWatch Netdriver"]
type = "gear"
cost = 3
power = 2
"""
    result = run_scenario(parse_scenario(override))
    assert result.passed and result.runs[0].outcome.resolved == []


@pytest.mark.parametrize("name, message", [
    ("Jackie Welles", "names 3 cards"),
    ("Chrome Fang", "cannot express"),
    ("Chrome Fangs", "did you mean 'Chrome Fang'"),
])
def test_pool_names_that_cannot_be_used_are_file_line_errors(name, message):
    from judge_tool.engine.scenario import ScenarioFileError, parse_scenario
    text = f'title = "t"\nquestion = "q"\n[state.A]\nhand = ["{name}"]\n[expect]\nlegal = true\n'
    with pytest.raises(ScenarioFileError) as err:
        parse_scenario(text, "x.toml")
    assert err.value.line == 4 and message in err.value.message


def test_the_fast_name_scan_reads_exactly_the_pool_names(pool):
    from judge_tool.cards.pool import card_names
    assert [(n.slug, n.name, n.subtitle) for n in card_names()] == \
        sorted([(c.slug, c.name, c.subtitle) for c in pool], key=lambda t: [n.slug for n in card_names()].index(t[0]))
    assert len(card_names()) == len(pool)


def test_each_turn_is_only_used_where_the_engine_reads_it(pool):
    """`trigger_if.each_turn` widens START/END_OF_TURN to the rival's turn; on any other
    trigger the engine ignores it, so a card using it there would be half-encoded."""
    for c in pool:
        for eff in c.effects():
            if eff.trigger_if.get("each_turn"):
                assert set(eff.triggers) <= {"START_OF_TURN", "END_OF_TURN"}, c.slug
