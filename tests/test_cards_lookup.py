"""Card lookup from sloppy typing (tests/card_lookups.toml, per case), every card found
from its own name typed in ASCII and lower case, and card names in running text."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from judge_tool.cards import find, load_pool, lookup
from judge_tool.turkish import ascii_fold

CASES = tomllib.loads((Path(__file__).with_name("card_lookups.toml")).read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES["one"], ids=lambda c: c["slug"])
def test_one_card(case):
    for q in case["q"]:
        hits = lookup(q)
        assert [m.card.slug for m in hits] == [case["slug"]], q


@pytest.mark.parametrize("case", CASES["many"], ids=lambda c: c["q"][0])
def test_shared_names_list_every_card(case):
    for q in case["q"]:
        assert sorted(m.card.slug for m in lookup(q)) == case["slugs"], q


def test_no_match():
    for q in CASES["none"]["q"] if isinstance(CASES["none"], dict) else CASES["none"][0]["q"]:
        assert lookup(q) == [], q


def test_every_card_is_found_by_its_full_name_typed_sloppily():
    for card in load_pool():
        for typed in (card.display, ascii_fold(card.display).lower(), card.slug.replace("-", " "),
                      ascii_fold(card.display).upper().replace(":", "")):
            assert [m.card.slug for m in lookup(typed)] == [card.slug], typed


def test_every_card_is_found_by_its_subtitle_or_listed_by_its_name():
    for card in load_pool():
        hits = [m.card.slug for m in lookup(card.name.lower())]
        assert card.slug in hits, card.name
        if card.subtitle:
            assert card.slug in [m.card.slug for m in lookup(f"{card.name} {card.subtitle.split()[0]}")]


def test_names_in_running_text_with_spans_and_suffixes():
    text = "Chrome Fang'in saldırısında DEADMAN TRANSMITTER ne yapar? Jackie Welles de sahada."
    found = find(text)
    assert [text[m.start:m.end] for m in found] == ["Chrome Fang", "DEADMAN TRANSMITTER", "Jackie Welles"]
    assert [len(m.cards) for m in found] == [1, 1, 3]


def test_running_text_needs_a_capital_for_one_word_names():
    assert find("bir octant gibi") == []
    assert [m.cards[0].slug for m in find("Octant oynandı")] == ["octant"]
    assert find("v ile w") == []


def test_names_with_their_own_apostrophe_are_found_in_text():
    text = "Tyger's Whisper'ı ve (Don't Fear) The Reaper'ı oynadım; Chrome Fang'in gücü 6."
    assert [m.cards[0].slug for m in find(text)] == ["tyger-s-whisper", "don-t-fear-the-reaper", "chrome-fang"]
    assert [text[m.start:m.end] for m in find(text)][2] == "Chrome Fang"
