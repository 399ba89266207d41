"""What a player can pay with (judge_tool/ask/econ_pay.py): "one of them" said of a group,
and one Legend of the player's named in the singular with its state, are counts; a plural
or stateless Legend is not (no default)."""

from __future__ import annotations

import pytest

from judge_tool.ask.econ_pay import read_payers
from judge_tool.ask.lexicon import read


@pytest.mark.parametrize("question,eddies,spent", [
    ("3 Eddie'm var, biri harcanmış", 2, 1),
    ("5 eddiem var birisi harcanmis", 4, 1),
    ("4 Eddie'm var ama bir tanesi hazır", 1, 3),
    ("I have 4 eddies and one of them is spent", 3, 1),
])
def test_one_of_a_group(question, eddies, spent):
    payers = read_payers(read(question))
    assert (payers.eddies, payers.eddies_spent) == (eddies, spent)


@pytest.mark.parametrize("question,legends,spent,up", [
    ("Kapalı Legend'ım hazır", 1, 0, 0),
    ("kapali legendim harcanmis", 0, 1, 0),
    ("Açık Legend'ımda satış etiketi var", 1, 0, 0),
    ("acik legendimin satis etiketi yok", 0, 0, 1),
    ("My face-down legend is spent", 0, 1, 0),
    ("My face-up legend has no sell tag. I have that legend", 0, 0, 1),
])
def test_one_legend_named_in_the_singular_with_its_state(question, legends, spent, up):
    payers = read_payers(read(question))
    assert payers.uncounted is None
    assert (payers.legends, payers.legends_spent, payers.legends_up) == (legends, spent, up)


@pytest.mark.parametrize("question", [
    "Kapalı Legend'larım hazır",        # plural: how many is not said
    "My face-down legends are ready",
    "Legend'ım var",                    # no state: not described as a payer
])
def test_plural_or_stateless_legends_stay_uncounted(question):
    payers = read_payers(read(question))
    assert payers.legends is None
