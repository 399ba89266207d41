"""The official numbering data (rules/cyberpunk-tcg/official.tsv) and judge_tool.official."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge_tool import official
from judge_tool.official_build import render, rows_from_reference

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO.parent / "shared" / "reference" / "cyberpunk-cr-en.jsonl"
DATA = REPO / "rules" / "cyberpunk-tcg" / "official.tsv"


@pytest.fixture(scope="session")
def reference_lines() -> list[str]:
    if not REFERENCE.is_file():
        pytest.skip("official reference (../shared/reference) not present")
    return REFERENCE.read_text(encoding="utf-8").splitlines()


def test_committed_data_is_what_the_generator_makes(reference_lines):
    fresh = render(rows_from_reference(reference_lines), REFERENCE.name)
    assert DATA.read_text(encoding="utf-8") == fresh, "run: python -m judge_tool.official_build"


def test_data_holds_numbers_and_anchors_only():
    cell = re.compile(r"^(?:\d+(?:\.\d+)*|rule-[0-9a-f-]{36}|rule|section|[01]|\d|[0-9a-f]{16}|)$")
    for line in DATA.read_text(encoding="utf-8").splitlines()[5:]:
        for value in line.split("\t"):
            assert cell.match(value), f"unexpected cell {value!r} in {line[:60]}"


def test_whole_numbering_is_known():
    data = official.load()
    assert data is not None
    assert sum(1 for _ in data.rules()) == 660
    assert data.chapters() == [str(n) for n in range(1, 12)]
    assert official.exists("1.11") and official.exists("10.6.2") and official.exists("9")
    assert not official.exists("9.99") and not official.exists("12") and not official.exists("")


def test_parent_looks_through_unnumbered_headings():
    assert official.parent("9.9") == "9"             # under the React Step heading
    assert official.parent("9.9.1") == "9.9"
    assert official.parent("9") is None
    assert official.parent("nope") is None


def test_official_url_uses_the_stable_anchor():
    url = official.official_url("9.9")
    assert url is not None and url.startswith("https://cyberpunktcg.com/comprehensive-rules#rule-")
    assert url.endswith(official.anchor("9.9"))
    assert official.anchor("9.9") != official.anchor("9.10")
    assert official.official_url("9.99") is None


def test_matches_the_reference_entry_by_entry(reference_lines):
    import json
    data = official.load()
    for line in reference_lines:
        entry = json.loads(line)
        if not entry["is_numbered"]:
            continue
        assert data.anchor(entry["id"]) == entry["anchor"]
        up = entry["parent"]
        while up and not up[0].isdigit():       # the numbered ancestor, past headings
            up = next(json.loads(l)["parent"] for l in reference_lines if json.loads(l)["id"] == up)
        assert data.parent(entry["id"]) == (up or None), entry["id"]


def test_every_turkish_node_is_an_official_number(book):
    assert [n.id for n in book if not official.exists(n.id)] == []


def test_nearest_rules_with_turkish_text(book):
    near = official.nearest_with_text("10.6.2", book)
    assert near and all(book.get(r) is not None and book.get(r).text for r in near)
    assert official.nearest_with_text("1.11", book)      # a chapter with no Turkish text
    assert official.nearest_with_text("9.99", book) == []


def test_text_hash_ignores_number_and_spacing():
    assert official.text_hash("9.9", "9.9.  Some  words") == official.text_hash("9.9", "Some words")
    assert official.text_hash("9.9", "Some words") != official.text_hash("9.9", "Other words")
