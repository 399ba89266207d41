"""`judge rule` answers every official number; `judge coverage`; official links."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge_tool import official
from judge_tool.cli import cli


@pytest.fixture(scope="module")
def invoke():
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(cli, list(args), env={"NO_COLOR": "1", "JUDGE_LANG": "en"})
    return run


def test_every_official_number_answers(invoke, book):
    numbering = official.load()
    for number in numbering.numbers():
        res = invoke("rule", number, "--only", "--json")
        assert res.exit_code == 0, (number, res.output)
        data = json.loads(res.output)
        assert data["official_url"] == numbering.url(number)
        if numbering.has_text(number, book):
            assert data["id"] == number and (data["text"] or data["title"])
        else:
            assert data.get("in_text") is False or not data.get("text"), number


def test_missing_official_rule_says_so_with_link_parent_and_nearest(invoke, book):
    res = invoke("rule", "1.11")
    assert res.exit_code == 0
    assert "CR 1.11 is an official rule that the Turkish text does not include." in res.output
    assert official.official_url("1.11") in res.output
    assert "Parent rule: CR 1" in res.output
    data = json.loads(invoke("rule", "10.4.1", "--json").output)
    assert data["parent"] == "10.4" and data["parent_in_text"] is True
    assert data["nearest"] and all(book.get(r).text for r in data["nearest"])


def test_a_number_that_is_not_official_is_still_an_error(invoke):
    for number in ("9.99", "12", "1.11.9", "9.2.0"):
        res = invoke("rule", number)
        assert res.exit_code == 2, number


def test_turkish_interface_by_default(book):
    res = CliRunner().invoke(cli, ["rule", "2.1"], env={"NO_COLOR": "1", "JUDGE_LANG": ""})
    assert res.exit_code == 0 and "Türkçe metinde yer almıyor" in res.output


def test_cite_with_url(invoke):
    res = invoke("rule", "9.9", "--cite", "--url")
    line = res.output.strip()
    assert line.startswith("CR 9.9 — ") and "BLOCKER" in line
    assert line.endswith(f"({official.official_url('9.9')})") and "\n" not in line
    assert invoke("rule", "9.9", "--url").output.strip() == official.official_url("9.9")
    missing = invoke("rule", "2.1", "--cite", "--url").output.strip()
    assert missing.startswith("CR 2.1 — ") and official.official_url("2.1") in missing


def test_every_json_rule_carries_its_official_link(invoke):
    data = json.loads(invoke("rule", "9.23", "--json").output)
    assert data["official_url"] and all(s["official_url"] for s in data["subrules"])
    exported = json.loads(invoke("export").output)
    assert all(item["official_url"] == official.official_url(item["id"]) for item in exported)


def test_coverage_per_chapter(invoke, book):
    res = invoke("coverage", "--json")
    assert res.exit_code == 0
    data = json.loads(res.output)
    numbering = official.load()
    assert data["official"] == 660
    assert data["with_text"] == sum(numbering.has_text(e.id, book) for e in numbering.rules())
    by = {c["chapter"]: c for c in data["chapters"]}
    assert by["1"]["with_text"] == 0 and by["1"]["official"] == 32 and "1.11" in by["1"]["missing"]
    assert by["9"]["with_text"] <= by["9"]["official"]
    assert "10.4.1" in by["10"]["missing"] and "10.6.2" not in by["10"]["missing"]
    text = invoke("coverage").output
    assert f"{data['with_text']}/660" in text


def test_coverage_of_a_game_without_official_numbering_is_a_clear_error():
    res = CliRunner().invoke(cli, ["--game", "berserk", "coverage"], env={"NO_COLOR": "1"})
    assert res.exit_code == 2
