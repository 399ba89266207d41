"""Sloppy forms judges type (issue 11, words): number words with the endings digits take
("otuzluk", "yirmi ikilik", "on üçer"), the past copula after a consonant ("spentti"),
"oynar oynamaz" (as soon as played), glued particles on a function verb, English
inflections of a term's name ("atacks")."""

from __future__ import annotations

import pytest

from judge_tool.ask import ask
from judge_tool.ask.lexicon import read
from judge_tool.ask.spelling import correct


def _numbers(question: str) -> list[tuple[int, str]]:
    return [(it.number, it.suffix) for it in read(question).items if it.number is not None]


@pytest.mark.parametrize("question, numbers", [
    ("otuzluk birim", [(30, "luk")]),
    ("yirmi ikilik birimim", [(22, "lik")]),
    ("on üçer güçlü", [(13, "er")]),
    ("ikişer güçlü", [(2, "ser")]),
    ("dörder güçlü", [(4, "er")]),          # "dört" softens before the ending
    ("kırklık birim", [(40, "lik")]),
])
def test_a_number_word_takes_the_endings_a_digit_takes(question, numbers):
    assert _numbers(question) == numbers


@pytest.mark.parametrize("question", ["ona saldırabilir miyim", "ondan sonra", "teker teker",
                                      "onu bloklarım"])
def test_words_that_only_start_like_a_number_stay_words(question):
    assert _numbers(question) == []


def test_as_soon_as_negates_nothing_and_a_lone_negative_still_does():
    soon = read("birimi oynar oynamaz saldırabilir miyim")
    assert not any(it.neg_verb for it in soon.items) and soon.has("lag")
    alone = read("birimi oynamaz saldırabilir miyim")
    assert any(it.neg_verb for it in alone.items)


@pytest.mark.parametrize("word, concept", [("spentti", "spent"), ("hazırdı", "ready"),
                                           ("harcanmıştı", "spent")])
def test_the_past_copula_after_a_consonant_keeps_the_state_word(word, concept):
    assert read(f"blockerim {word}").has(concept)


def test_an_english_term_name_with_an_ending_is_a_real_word_to_correct_to():
    text, fixes = correct("my unit atacks the gig area")
    assert text == "my unit attacks the gig area" and [f.read for f in fixes] == ["attacks"]


def test_a_particle_glued_to_a_function_verb_is_split():
    text, _ = correct("fixerda sadece d20 var roll in yapabilirmiyim")
    assert text.endswith("yapabilir miyim")


@pytest.mark.parametrize("question, want", [
    ("otuzluk unitim gig alanina girdi kac gig", 4),
    ("on sekizlik birim gig alanina saldirirsa kac gig", 2),
    ("rakip 25 guclu birimle saldirdi blockerim spentti bloklayamadim, kac gig kaybettim", 3),
])
def test_steal_counts_read_through_the_forms(question, want, book):
    answer = ask(question, book=book)
    assert (answer.kind, answer.value) == ("steal", want)


@pytest.mark.parametrize("question", [
    "rakibin 8lik gigi var 15 guclu birimim gig alanina saldirirsa kac gig calar",
    "rakibin sekizlik gigi var 15 guclu birimim saldirirsa kac gig calar",
])
def test_a_gigs_value_is_never_read_as_how_many_gigs(question, book):
    assert ask(question, book=book).kind == "unanswered"


@pytest.mark.parametrize("question", [
    "12 guclu birimim rakibin harcanmis birimine saldirdi kac gig calar",
    "my 14 power unit attacks their spent unit, how many gigs does it steal",
])
def test_a_unit_attacked_steals_no_gig_and_the_fight_step_is_cited(question, book):
    answer = ask(question, book=book)
    assert (answer.kind, answer.value) == ("steal", 0) and "9.15" in answer.rules


@pytest.mark.parametrize("question", [
    "my 15 power unit attacks, their unit is spent, how many gigs",     # target not said
    "Saldıran birimin gücü 29. Kaç Gig çalınır?",                       # no attack verb
])
def test_no_unit_target_is_read_where_the_attack_names_none(question, book):
    assert ask(question, book=book).value != 0


def test_a_power_said_as_what_it_rose_to_is_the_power(book):
    answer = ask("birimimin gucu 20'ye cikti, gig alanina saldirirsa kac gig calar", book=book)
    assert (answer.kind, answer.value) == ("steal", 3)


@pytest.mark.parametrize("question, want", [
    ("7 guclu birimim bu tur +3 aldi gig alanina saldirirsa kac gig calar", 2),   # the area after the verb
    ("birim gucu on dokuz, gig alanina vurursa kac tane calar", 2),               # "vur-": hit
])
def test_more_steal_phrasings(question, want, book):
    answer = ask(question, book=book)
    assert (answer.kind, answer.value) == ("steal", want)


def test_a_signed_number_right_before_a_gig_area_stays_unread(book):
    assert ask("9 guclu birimim +3 gig alanina saldirirsa kac gig calar", book=book).kind == "unanswered"


@pytest.mark.parametrize("question", [
    "i played my unit this turn, can it attack their spent unit",
    "bu tur birimimi oynadim, rakibin harcanmis birimine saldirabilir mi",
])
def test_a_unit_played_this_turn_with_words_between_has_lag(question, book):
    answer = ask(question, book=book)
    assert (answer.kind, answer.value) == ("attack", False) and "9.3.1.1" in answer.rules


@pytest.mark.parametrize("question", ["birimimi oynadim, gig alanina saldirabilir mi",
                                      "my unit was played, can it attack the gig area"])
def test_a_play_that_says_no_turn_gets_no_ruling(question, book):
    assert ask(question, book=book).kind == "unanswered"


@pytest.mark.parametrize("question, want", [("rakibin birimi harcanmis, ona saldirabilir miyim", True),
                                            ("their unit is ready, can i attack it", False)])
def test_a_pronoun_names_the_rival_unit_described_before(question, want, book):
    answer = ask(question, book=book)
    assert (answer.kind, answer.value) == ("attack", want)
