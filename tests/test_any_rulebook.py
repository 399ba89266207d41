"""Shared code paths make no Cyberpunk-specific assumption: a tiny fake rulebook with an
odd numbering scheme (letters, gaps, several chapters in one file) works end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FAKE_META = """id = "fake"
game = "Fake Game"
cite_prefix = "FG"
title = "Fake rules"
language = "en"
version = "0.1"
date = "2026-01-01"
numbering = "project"
gaps = ["100.b"]
ref_markers = ["see rule"]
source_prefixes = { "900" = "fake.txt" }
chapters = ["all.md"]
"""

FAKE_RULES = """# 100. Beginnings

### 100.a. Lettered heading

**100.a.1** The first lettered rule, see rule 200.
<!-- src: 900:1 -->

**100.c** A rule after a gap in the printed letters.
> An example of it.
<!-- src: 900:2 -->

# 200. Second chapter in the same file

**200.1** Another rule.
<!-- src: 900:3 -->
"""


@pytest.fixture
def fake_book(tmp_path) -> Path:
    folder = tmp_path / "fake"
    folder.mkdir()
    (folder / "rulebook.toml").write_text(FAKE_META, encoding="utf-8")
    (folder / "all.md").write_text(FAKE_RULES, encoding="utf-8")
    return folder


def test_loader_handles_odd_numbers(fake_book):
    from judge_tool.rulebook import load_folder
    book = load_folder(fake_book)
    assert [n.id for n in book] == ["100", "100.a", "100.a.1", "100.c", "200", "200.1"]
    assert book.get("100.a.1").refs == ("200",)
    assert [c.id for c in book.chapters] == ["100", "200"]
    assert book.cite_id(book.get("100.c")) == "FG 100.c"


def test_cli_on_fake_rulebook(run_judge, fake_book):
    res = run_judge("--game", str(fake_book), "rule", "100.a", "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["children"] == ["100.a.1"] and data["game"] == "fake"
    res = run_judge("--game", str(fake_book), "rule", "100.c", "--cite")
    # project-made numbers say so in a citation, in the rulebook's language (en here)
    assert res.stdout.strip() == "FG 100.c (project number, not official) — A rule after a gap in the printed letters."
    res = run_judge("--game", str(fake_book), "rule", "100.b")
    assert res.returncode == 2 and "gap" in res.stderr
    res = run_judge("--game", str(fake_book), "toc")
    assert "200. Second chapter in the same file" in res.stdout
    res = run_judge("--game", str(fake_book), "export", "--json")
    assert len(json.loads(res.stdout)) == 6


def test_games_lists_every_shipped_rulebook(run_judge):
    res = run_judge("games", "--json")
    ids = {g["id"] for g in json.loads(res.stdout)}
    assert {"cyberpunk-tcg", "berserk", "l5r", "altered"} <= ids
