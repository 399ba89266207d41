"""Typos judges make are read as the words meant, and shown (ask/spelling.py): never a
number, a card name, a real word, or a word two readings are about as close to."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from judge_tool.ask import ask
from judge_tool.ask.spelling import correct

EVAL = Path(__file__).parent / "ask_eval"


@pytest.mark.parametrize("question, typed, read", [
    # a letter doubled
    ("23 güçlü birimm Gig alanına saldırıyor, kaç Gig çalar?", "birimm", "birim"),
    ("kac gig calar 9 guclu biirim", "biirim", "birim"),
    ("Gig'lerim 4 ve 5, Street Cred kaçç?", "kaçç", "kac"),
    ("my deck has 2 cards and I must draw 3, do I loose", "loose", "lose"),
    # a letter left out
    ("how many gigs does a 15 powr unit steal", "powr", "power"),
    ("a 5 cost card with a 2 reducton, what do I pay", "reducton", "reduction"),
    ("rakibin turunda legnd cagirabilir miyim", "legnd", "legend"),
    ("Does an ATTACK efect resolve before my opponent can react?", "efect", "effect"),
    # two letters swapped
    ("How many Gigs does a 25 pwoer unit steal?", "pwoer", "power"),
    ("attacker 6 power, defender 2 power: who wnis?", "wnis", "wins"),
    ("can I attack his spent unit with my raedy unit?", "raedy", "ready"),
    ("my deck has 3 crads and I draw 2, do I lose?", "crads", "cards"),
    # a question particle glued to its verb
    ("turum basladiginda gig alanimda 7 zar var kazanirmiyim", "kazanirmiyim", "kazanir miyim"),
    ("bu tur kart sattim tekrar satabilirmiyim", "satabilirmiyim", "satabilir miyim"),
    ("destemde 1 kart var 2 kart cekersem kaybedermiyim", "kaybedermiyim", "kaybeder miyim"),
])
def test_a_typo_is_read_as_the_word_meant(question, typed, read):
    fixed, fixes = correct(question)
    assert [(f.typed, f.read) for f in fixes] == [(typed, read)]
    assert read in fixed and typed not in fixed.split()


@pytest.mark.parametrize("question", [
    "1O guclu birim kac gig calar",                      # a number is never corrected
    "my 2O power unit attacks the gig area, how many gigs",
    "Animals Wreker kac gig calar",                      # a card name's words
    "Emergency Atlsu attacks Rockn' Rockerboy. Who wins?",
    "best unit wins?",                                   # real words: best/beat, eski/eksi
    "Eski kart",
    "I will attack later",
    "at least one gig left",
    "saldıranımı blokladı",                              # "my attacker" (object), no "mı"
    "Destemde 1 kart var, etki üstten 3 kart aramamı istiyor",
    "cal",                                               # too short to tell
])
def test_what_is_never_corrected(question):
    assert correct(question) == (question, [])


def test_two_readings_about_as_close_leave_the_word_unread():
    # "etksi": "etkisi" (an effect) or "eksi" (minus), one slip each
    assert correct("DEFEATED etksi birim cope gitmeden once mi bekleme durumuna gecer?")[1] == []


def test_a_correction_is_shown_first_in_the_questions_language():
    tr = ask("kac gig calar 9 guclu biirim")
    assert tr.understood[0] == "'biirim' → 'birim' olarak okundu" and tr.value == 1
    en = ask("How many Gigs does a 25 pwoer unit steal?")
    assert en.understood[0] == "read 'pwoer' as 'power'" and en.value == 3
    assert en.question == "How many Gigs does a 25 pwoer unit steal?"


def test_questions_typed_right_are_left_alone():
    """Every evaluation question but the typo'd ones is read as typed (a glued "mı" aside)."""
    from judge_tool import turkish
    from judge_tool.ask.spelling import _spoken
    words, marks = _spoken()
    spoken = set(words) | {typed for typed, _ in marks}
    changed = []
    for part in sorted(EVAL.glob("*.toml")):
        if part.name == "words.toml":
            continue
        for case in tomllib.loads(part.read_text(encoding="utf-8"))["q"]:
            for fix in correct(case["q"])[1]:
                # a spoken short form ('bi' -> 'bir', 'w/' -> 'with') is read, shown, never a typo
                if turkish.fold(fix.typed) in spoken:
                    continue
                if fix.read.replace(" ", "") != fix.typed:
                    changed.append((case["q"], fix))
    assert not changed
