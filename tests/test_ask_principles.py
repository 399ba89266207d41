"""Rule principles in `judge ask` (judge_tool/ask/principles.toml): number-free yes/no
questions one rule settles. The data must cite official numbers, each shown the way the
rulebook has it (Turkish text, or the official-rule mark), and the reader must stay strict:
a negated, an either-or or a longer question is never read as the principle."""

from __future__ import annotations

import pytest

from judge_tool import official
from judge_tool.ask import ask
from judge_tool.ask.principles import table


def test_every_principle_cites_official_numbers_as_the_rulebook_has_them(book):
    for p in table().principles:
        assert p.rules and all(official.exists(r) for r in p.rules), p.id
        assert p.official_only <= set(p.rules), p.id
        for r in p.rules:
            # official-only numbers have no Turkish text; the others must have it
            assert (book.get(r) is None) == (r in p.official_only), (p.id, r)
        # one the judge reads, unless the Turkish text has none for it at all (the game's
        # end, a die's roll): then the answer names the official number with the mark
        # (test_a_principle_with_no_turkish_rule_names_the_official_number)
        for field in (p.topic, p.answer, p.why):
            assert set(field) == {"tr", "en"} and all(field.values()), p.id


def test_principle_ids_are_unique():
    ids = [p.id for p in table().principles]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("question, kind, value, rule", [
    ("İndirim kartın bedel değerini değiştirir mi?", "cost", False, "11.8.2"),
    ("harcanmış legendi çağırınca harcanmış kalır mı", "call", True, "11.11.1.3"),
    ("If an effect flips my legend face up, does CALL trigger?", "call", False, "11.18.1"),
    ("Satılan kart Eddies alanına kapalı mı konur?", "sell", True, "11.9.1"),
    ("Does selling a card through an effect use up my sell action?", "sell", True, "11.9.2.2"),
    ("Bir birime birden fazla Gear takabilir miyim?", "gear", True, "11.6.2"),
    ("Legend'imi sahaya oynadım, lag ile mi girer?", "call", True, "11.3.1"),
    ("Null Street Cred çift sayılır mı?", "street_cred", False, "11.2.3"),
])
def test_a_principle_is_answered_with_its_rule(book, question, kind, value, rule):
    answer = ask(question, book=book)
    assert answer.kind == kind and answer.value == value and type(answer.value) is type(value)
    assert rule in answer.rules and answer.trace and answer.understood


def test_an_official_only_deciding_rule_is_marked_in_the_trace(book):
    answer = ask("Can I sell a legend?", book=book)
    assert answer.kind == "sell" and answer.value is False
    # the step cites the number with Turkish text; the deciding official-only one is
    # named in its text with the official mark
    assert answer.rules == ["11.9.2"] and [s.rule for s in answer.trace] == ["11.9.2"]
    assert "5.7.2.1: official rule" in answer.trace[0].text


def test_a_principle_with_no_turkish_rule_names_the_official_number(book):
    # the game's end (official 1.12-1.17) has no Turkish text: the step names the number with
    # the official mark and no rule without text is cited
    answer = ask("Ben pes edersem kaybeder miyim?", book=book)
    assert answer.kind == "win" and answer.value is True and answer.rules == []
    assert answer.trace == [] and "1.16: resmi kural" in answer.answer


@pytest.mark.parametrize("question", [
    "Rakibim pes ederse kaybeder miyim?",                   # the rival conceded: I do not lose
    "If I concede, does my rival lose?",                   # the conceding player loses
    "rakip pes etti, kaybettim mi",
    "Both decks are empty and each player draws at the same time. Is it a tie?",
    "Kartım 'şu koşulda kazanırsın' diyor, koşulu sağlamadım. Kazanır mıyım?",   # negated
])
def test_the_game_end_principles_read_one_way_round(book, question):
    answer = ask(question, book=book)
    assert answer.kind == "unanswered", (question, answer.kind, answer.value)


@pytest.mark.parametrize("question", [
    "İndirim kartın bedel değerini değiştirmez mi?",       # negated
    "Legend'ımı bir etki açmadı, CALL tetiklenir mi?",     # negated stem ("açmadı")
    "Sattığım kart kapalı mı açık mı girer?",              # either-or: not yes or no
    "Does a reduction lower the cost I pay?",              # the amount paid, not the value
    "Sattığım kartı aynı turda oynayabilir miyim?",        # a word no principle lists
    "Can my rival equip a gear to his unit?",              # the rival's own equip
    "Bir etki Legend çağırmamı sağladı; CALL tetiklenir mi?",   # the Call a Legend action
    "Legend'imi sahaya oynadım, lagsız mı girer?",         # "-sız" (without) on a stem
    "Null Street Cred çift sayılmaz mı?",                  # negated verb after a noun stem
    "Çöpten oynadığım kartın bedeli ödenmez mi?",          # negated passive of a listed verb
])
def test_anything_more_than_the_principle_gets_no_ruling(book, question):
    answer = ask(question, book=book)
    assert answer.kind == "unanswered", (question, answer.kind, answer.value)


@pytest.mark.parametrize("question", ["can a gear hold more than one unit",
                                      "bir gear birden fazla birime takılabilir mi"])
def test_an_unless_sequence_keeps_the_words_in_their_relation(book, question):
    """One Gear on several Units is not several Gears on one Unit: no ruling, while the
    principle's own question (the count on the Gears) is still answered."""
    assert ask(question, book=book).kind == "unanswered"
    assert ask("bir birime birden fazla gear takılabilir mi", book=book).value is True
