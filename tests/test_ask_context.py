"""Context numbers (ask/context.py, issue 11): a turn number or the cards in a hand, said in
a question whose rule cannot read them, are shown as context and the question is answered;
anywhere the number could matter, or when its words are not a turn or a hand without
doubt, it stays not understood."""

from __future__ import annotations

import pytest

from judge_tool.ask import ask, understand
from judge_tool.ask.context import context_numbers
from judge_tool.ask.lexicon import read


@pytest.mark.parametrize("question, family, kind, value", [
    ("turn 3 teyim 12 guclu birimim gig alanina saldiriyor kac gig calar", "steal", "turn", 3),
    ("turn 4'teyiz, 8 güçlü birimim saldırdı", "fight", "turn", 4),
    ("3. turdayım, 30 güçlü birimim gig alanına saldırıyor", "steal", "turn", 3),
    ("it's turn 5, my 14 power unit attacks", "fight", "turn", 5),
    ("elimde 2 kart var, giglerim 3 ve 5", "street_cred", "hand", 2),
    ("I have 5 cards in my hand and my 21 power unit attacks", "steal", "hand", 5),
    ("my hand has 4 cards, my 10 power unit attacks", "steal", "hand", 4),
    ("rakibimin 2. turu, 7 güçlü birimi saldırıyor", "fight", "turn", 2),
    ("3. turumuzdayiz, 14 guclu birimim saldirdi", "steal", "turn", 3),
    ("turn 4, my ready unit attacks their spent unit", "attack", "turn", 4),
    ("3 maliyetli 9 güçlü birimim saldırıyor", "steal", "cost", 3),
    ("a 4-cost 17 power unit attacks", "steal", "cost", 4),
    ("maliyeti 5 olan 8 guclu birimim", "fight", "cost", 5),
    ("my unit costs 2, it attacks", "attack", "cost", 2),
    ("Tur 6'dayız, 14 güçlü birimim saldırıyor", "steal", "turn", 6),
    ("5. turdayım, fixer alanımda sadece d20 var", "d20", "turn", 5),
    ("elimde 3 kart var, fixer alanimda d8 ve d20 var", "d20", "hand", 3),
    ("tur 5, giglerim 4 ve 10", "street_cred", "turn", 5),
    ("my 9 pwr unit (it cost 4) hits their gig area", "steal", "cost", 4),
    ("Kartın bedeli 6, gücü 0", "steal", "cost", 6),
])
def test_a_turn_or_a_hand_is_context_where_it_cannot_matter(question, family, kind, value):
    found = context_numbers(read(question), family, set())
    assert [(c.kind, c.value) for c in found] == [(kind, value)]


@pytest.mark.parametrize("question, family", [
    ("elimde 2 kart var, destemde 1 kart var, 2 kart çekersem", "draw"),     # hand vs deck
    ("elimde 2 kart var, 6 gigim var, kazanır mıyım", "win"),
    ("turn 1, can my unit attack", "attack"),                                  # turn 1 may matter
    ("3 tur sonra 8 güçlü birimim saldırırsa", "steal"),                      # three turns
    ("elimde 12 güçlü kart var, 8 güçlü birimim", "steal"),                   # a power
    ("turn 3 gigs face up, my 12 power unit", "steal"),                        # no turn number
    ("elimde +2 kart var", "steal"),                                           # a change
    ("turn 2, my ready unit attacks their spent unit", "attack"),              # a first turn
    ("3 maliyetli birimimi 1 indirimle oynadım, 9 güçlü", "steal"),           # a cost question
    ("maliyeti 3 olan birim", "cost"),                                         # the cost family
    ("4 cost 12 power unit", "draw"),
    ("bu tur 5 güçlü birimim saldırdı", "steal"),                             # a power
    ("tur 5 güçlü birimim saldırdı", "steal"),                                # not the clause's end
    ("birimin bedeli 4 ama 2 indirim aldı, 8 güçlü", "steal"),                # a cost changed
    ("bedeli 3 gücü 9 olan birimim", "steal"),                                # cost or power?
    ("the unit costs 4", "cost"),                                             # the cost asked
])
def test_no_context_where_the_number_could_matter(question, family):
    assert context_numbers(read(question), family, set()) == []


def test_a_number_the_family_used_is_never_context():
    reading = read("elimde 2 kart var, 8 güçlü birimim")
    two = next(it.i for it in reading.items if it.number == 2)
    assert context_numbers(reading, "steal", {two}) == []


@pytest.mark.parametrize("question, value, line", [
    ("turn 3 teyim 12 guclu birimim rakibin gig alanina saldiriyor kac gig calar", 2,
     "bağlam, kararı değiştirmez: tur 3"),
    ("i have 3 cards in hand, my 6 power unit attacks their 8 power unit, who wins",
     "defender", "context, does not change the answer: 3 cards in hand"),
])
def test_the_answer_shows_the_context_first(question, value, line):
    answer = ask(question)
    assert answer.value == value
    assert answer.understood[0] == line


def test_an_effect_that_reads_the_hand_keeps_the_question_unanswered():
    family, call, _, left = understand(
        "elimdeki kart sayısı kadar güç alıyor, elimde 3 kart var, 5 güçlü birimim gig "
        "alanına saldırıyor kaç gig çalar")
    assert call is None and "elimdeki" in left


@pytest.mark.parametrize("question, value", [
    ("i have 6 gigs, my 12 power unit attacks their gig area, they have 1 gig. how many do i steal", 1),
    ("6 gigim var, 12 güçlü birimim rakibin gig alanına saldırıyor, kaç gig çalar", 2),
    ("I've got 1 gig; my 19 power unit hits my opponent's gig area. Gigs stolen?", 2),
])
def test_the_attackers_own_gigs_are_context_of_a_steal_from_the_other_area(question, value):
    family, call, reading, left = understand(question)
    assert (family, left) == ("steal", [])
    assert [k for k, _ in reading.context] == ["gigs"]
    assert ask(question).value == value


@pytest.mark.parametrize("question", [
    "benim 1 gigim var, 25 güçlü birimim saldırırsa kaç gig çalar?",   # no Gig area named
    "6 gigim var, 12 güçlü birimim rakibin gig alanına saldırıyor, kazanır mıyım",  # a win
    "my 9 power unit attacks their gig area, i already have 6 gigs. how many gigs will i have after",
])
def test_the_attackers_own_gigs_stay_unanswered_where_they_may_matter(question):
    assert ask(question).kind == "unanswered"


def test_the_defenders_gigs_are_the_cap_not_context():
    family, call, reading, left = understand(
        "rakibimin 1 gigi var, 25 güçlü birimim rakibin gig alanına saldırıyor, kaç gig çalar")
    assert reading.context == [] and ask(
        "rakibimin 1 gigi var, 25 güçlü birimim rakibin gig alanına saldırıyor, kaç gig çalar").value == 1


@pytest.mark.parametrize("question", ["3. turdayım, 8 güçlü birimim", "3rd turn, my 12 power unit",
                                      "5. turumda gig'lerim 4 ve 6"])
def test_a_turns_ordinal_is_no_number_a_family_reads(question):
    reading = read(question)
    assert reading.items[0].number is None
    assert [(c.kind, c.value) for c in context_numbers(reading, "fight", set())][:1] == \
        [("turn", int(question[0]))]


@pytest.mark.parametrize("question, value", [
    ("Benim 0 Gig'im var, hazır birimim rakibin Gig alanına saldırabilir mi?", True),
    ("i have 0 gigs, can my ready unit attack the rival's gig area", True),
    ("benim 3 gigim var, rakibin 0 gigi var, hazir birimim gig alanina saldirabilir mi", False),
])
def test_the_attacking_players_own_gigs_never_make_the_target(question, value):
    """Only the rival's Gig area is a target (9.3.2.2): "I have 0 gigs" was read as the
    rival's count and answered No."""
    answer = ask(question)
    assert answer.value is value
    assert answer.understood[0].startswith(("bağlam", "context"))
