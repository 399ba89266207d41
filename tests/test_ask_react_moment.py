"""A React Step question that says another moment of the turn ("after his attack ended",
"before he attacks", "at the end of his turn", "while he draws", "in the Fight Step") is
read at that moment, never at the React Step by default (9.7.1, 9.29, 11.26.2)."""

from __future__ import annotations

import pytest

from judge_tool.ask import ask
from judge_tool.ask.lexicon import read
from judge_tool.ask.react_moment import moment


@pytest.mark.parametrize("question, said", [
    ("Rakibimin saldırısı bitti, QUICK Program oynayabilir miyim?", "attack_over"),
    ("rakibin saldirisi bitince legend cagirabilir miyim", "attack_over"),
    ("rakibimin saldirisi bittikten sonra quick oynayabilir miyim", "attack_over"),
    ("catismadan sonra quick program oynayabilir miyim", "attack_over"),
    ("When his attack is over can I play a QUICK program?", "attack_over"),
    ("Once the fight is done, can I call a Legend?", "attack_over"),
    ("After the fight can I play a QUICK program?", "attack_over"),
    ("Çalma Adımında QUICK Program oynayabilir miyim?", "later_step"),
    ("Can I use a QUICK effect in the Fight Step?", "later_step"),
    ("Rakibim saldırmadan önce QUICK Program oynayabilir miyim?", "before_attack"),
    ("Before my opponent attacks, can I play a QUICK program?", "before_attack"),
    # moments not read: the turn's end or start, the draw, "before it ends", a verb "after"
    ("Rakibimin tur sonunda QUICK Program oynayabilir miyim?", "unread"),
    ("At the end of his turn can I call a Legend?", "unread"),
    ("rakip kart cekerken quick program oynayabilir miyim", "unread"),
    ("Rakibimin saldırısı bitmeden QUICK Program oynayabilir miyim?", "unread"),
    ("Before the attack ends can I play a QUICK program?", "unread"),
    ("rakibim saldirdiktan sonra quick program oynayabilir miyim", "unread"),
    ("After my opponent attacks, can I play a QUICK program?", "unread"),
    # the React Step itself, or no moment at all
    ("Tepki Adımını bitirdim, sonra QUICK Program oynayabilir miyim?", None),
    ("Tepki Adımını saldıran oyuncu bitirebilir mi?", None),
    ("Rakibim saldırdı, Tepki Adımında QUICK Program oynayabilir miyim?", None),
    ("rakip saldirinca blokladim, sonra legend cagirabilir miyim", None),
])
def test_the_moment_said_is_read(question, said):
    assert moment(read(question)) == said


@pytest.mark.parametrize("question", [
    "Rakibimin saldırısı sona erdi; şimdi elimden QUICK Program oynayabilir miyim?",
    "rakibin saldirisi bitti simdi quick etkimi kullanabilir miyim",
    "My rival's attack has finished. Can I play a QUICK program now, on his turn?",
    "Once my opponent's fight is over, may I activate a QUICK effect during his turn?",
    "Rakibim saldırmadan önce onun turunda QUICK Program oynayabilir miyim?",
    "Before my rival attacks can I use a QUICK effect in his turn?",
])
def test_a_quick_card_after_or_before_the_rivals_attack_is_no(book, question):
    # no React Step then: in the rival's turn a QUICK card is only a reaction (9.7.1, 11.26.2)
    answer = ask(question, book=book)
    assert answer.value is False and "9.7.1" in answer.rules
    assert "9.10.1" not in answer.rules          # the React Step's permission is not cited


@pytest.mark.parametrize("question", [
    "Rakibimin saldırısı bitti, Legend çağırabilir miyim?",
    "His attack is over. Can I call a Legend now?",
])
def test_calling_a_legend_after_the_rivals_attack_is_no(book, question):
    answer = ask(question, book=book)
    assert answer.value is False and "9.8" not in answer.rules


@pytest.mark.parametrize("question", [
    "Rakibimin turunun sonunda QUICK Program oynayabilir miyim?",
    "Can I call a Legend at the end of my opponent's turn?",
    "rakibim kart cekerken quick program oynayabilir miyim",
    "During my opponent's start phase can I play a QUICK program?",
    "Rakibim saldırdıktan sonra QUICK Program oynayabilir miyim?",
    "After he attacks can I call a Legend?",
    "Rakibimin saldırısı bitmeden Legend çağırabilir miyim?",
    "Can I react?",
    "tepki verebilir miyim",
])
def test_a_moment_not_read_gets_no_ruling(book, question):
    assert ask(question, book=book).value is None
