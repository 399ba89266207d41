"""`ask` hands the scenario parser its table as it is, not as TOML text (no round trip on
every question): that is `judge check`'s reading only if the printed scenario file is the
same table. Checked for every table the evaluation set makes the engine run."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_tool.ask import ask, scenario_build
from judge_tool.ask.evaluate import load_cases

CASES = load_cases(Path(__file__).parent / "ask_eval")


@pytest.fixture
def tables(monkeypatch):
    """Every table `scenario_build.run` hands to the engine, as it was handed."""
    seen: list[dict] = []
    real = scenario_build.tries

    def recording(built):
        for data in real(built):
            seen.append(copy.deepcopy(data))
            yield data
    monkeypatch.setattr(scenario_build, "tries", recording)
    return seen


def test_each_table_run_is_what_its_scenario_file_says(book, tables):
    answered = 0
    for case in CASES:
        tables.clear()
        answer = ask(case.q, book=book)
        for data in tables:
            assert tomllib.loads(scenario_build.to_toml(data)) == data, case.q
        if answer.scenario is not None:
            printed = tomllib.loads(answer.scenario)
            ran = tables[-1]
            assert {k: v for k, v in printed.items() if k != "expect"} == \
                {k: v for k, v in ran.items() if k != "expect"}, case.q
            answered += 1
    assert answered >= 20


def test_a_table_the_parser_refuses_names_the_line_of_its_file():
    from judge_tool.engine.lines import LazyLineMap
    from judge_tool.engine.scenario import ScenarioFileError, parse_scenario, scenario_from_table
    data = {"title": "t", "question": "q", "state": {"A": {"deck": -1}}, "expect": {"legal": True}}
    text = scenario_build.to_toml(data)
    with pytest.raises(ScenarioFileError) as from_text:
        parse_scenario(text, "<ask>")
    with pytest.raises(ScenarioFileError) as from_table:
        scenario_from_table(data, "<ask>", lines=LazyLineMap(lambda: text))
    assert str(from_table.value) == str(from_text.value) and from_text.value.line > 0


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_strings_are_written_as_json_writes_them(text):
    """The scenario file's strings: the escapes json.dumps(ensure_ascii=False) writes
    (which TOML reads back), without importing json on every question."""
    import json
    assert scenario_build._quoted(text) == json.dumps(text, ensure_ascii=False)
