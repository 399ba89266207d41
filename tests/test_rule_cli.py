"""`judge rule`, `judge toc`, `judge export` as a user runs them (real subprocess)."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("spelling", ["9.23.2", "CR 9.23.2", "9.23.2.", "r9.23.2"])
def test_rule_accepts_spellings(run_judge, book, spelling):
    res = run_judge("rule", spelling)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("CR 9.23.2")
    # sub-rules are printed, with the steal formula text from the rulebook
    assert "9.23.2.2" in res.stdout
    formula = book.get("9.23.2.2").text.split()[0]
    assert formula in res.stdout


def test_rule_only_omits_subrules(run_judge):
    res = run_judge("rule", "9.23.2", "--only")
    assert res.returncode == 0
    assert "9.23.2.2" not in res.stdout


def test_rule_cite_is_one_line(run_judge, book):
    res = run_judge("rule", "9.23.2.2", "--cite")
    assert res.returncode == 0
    lines = res.stdout.strip().splitlines()
    assert len(lines) == 1
    assert lines[0] == f"CR 9.23.2.2 — {book.get('9.23.2.2').text}"


def test_rule_json(run_judge, book):
    res = run_judge("rule", "9.23.2", "--json")
    data = json.loads(res.stdout)
    for key in ("id", "title", "path", "text", "examples", "children", "refs", "source"):
        assert key in data
    assert data["id"] == "9.23.2"
    assert data["children"] == list(book.get("9.23.2").children)
    assert data["path"][0] == book.get("9").title
    assert all(isinstance(e, str) for e in data["examples"])


def test_unknown_rule_is_one_line_exit_2(run_judge):
    res = run_judge("rule", "9.23.9")
    assert res.returncode == 2
    assert res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in res.stderr
    assert "9.23" in lines[0]          # the closest existing ids are named


@pytest.mark.parametrize("bad", ["abc", "", "9..2", "99999", "☃", "9.23.2.2.2.2.2"])
def test_garbage_ids_never_trace(run_judge, bad):
    res = run_judge("rule", bad)
    assert res.returncode == 2
    assert "Traceback" not in res.stderr and len(res.stderr.strip().splitlines()) == 1


def test_output_fits_80_columns_and_no_color(run_judge):
    res = run_judge("rule", "10", env={"COLUMNS": "200"})
    assert res.returncode == 0
    assert "\x1b[" not in res.stdout
    # a URL stands alone on its line and is never broken
    assert max(len(line) for line in res.stdout.splitlines() if not line.startswith("https://")) <= 80
    assert all(" " not in line for line in res.stdout.splitlines() if line.startswith("https://"))


def test_color_only_when_asked(run_judge):
    res = run_judge("rule", "9.23.2", env={"NO_COLOR": "", "FORCE_COLOR": "1"})
    assert "\x1b[" in res.stdout
    res = run_judge("rule", "9.23.2", env={"NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert "\x1b[" not in res.stdout


def test_toc_lists_chapters(run_judge, book):
    res = run_judge("toc")
    assert res.returncode == 0
    for chapter in book.chapters:
        assert f"{chapter.id}. {chapter.title}" in res.stdout
    res = run_judge("toc", "9")
    assert book.get("8").title not in res.stdout


def test_export_json_is_every_node(run_judge, book):
    res = run_judge("export", "--json")
    data = json.loads(res.stdout)
    assert [d["id"] for d in data] == [n.id for n in book]
    assert data[0].keys() >= {"id", "title", "path", "text", "examples", "children", "refs", "source"}


def test_unknown_command_and_option(run_judge):
    res = run_judge("rulez", "9.23.2")
    assert res.returncode == 2 and "rule" in res.stderr and "Traceback" not in res.stderr
    res = run_judge("rule", "9.23.2", "--nope")
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1


def test_unknown_game(run_judge):
    res = run_judge("--game", "nope", "rule", "1")
    assert res.returncode == 2 and "cyberpunk-tcg" in res.stderr
