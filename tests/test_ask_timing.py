"""Trigger timing in `judge ask`: the rule cited is the one that decides the question (a
judge repeats the number), not a neighbouring rule that happens to give the same Yes/No."""

from __future__ import annotations

import pytest

from judge_tool.ask import ask


@pytest.mark.parametrize("question, value", [
    ("Does my opponent get to block before my ATTACK effect resolves?", False),
    ("Does my opponent block before my ATTACK effect resolves?", False),
    ("Does my opponent get to react before my ATTACK effect resolves?", False),
    ("Will my opponent be able to play a QUICK program before my ATTACK effect resolves?", False),
    ("Do I get to resolve my ATTACK effect before my opponent blocks?", True),
    ("Can my ATTACK effect resolve before my opponent blocks?", True),
    ("Saldırıyorum; ATTACK etkim var. Rakip BLOCKER kullanmadan önce mi çözülür?", True),
])
def test_acting_against_an_attack_effect_cites_the_attack_rule(book, question, value):
    # a player doing something (block, react, QUICK) against the ATTACK effect: 11.21.2.2
    answer = ask(question, book=book)
    assert answer.value is value
    assert "11.21.2.2" in answer.rules and "10.13" not in answer.rules


@pytest.mark.parametrize("question, value", [
    ("On my turn, does my opponent resolve his pending effect before mine?", False),
    ("My turn: both of us have pending effects. Does my opponent resolve first?", False),
    ("Benim turumda rakibimin etkisi benimkinden önce mi çözülür?", False),
])
def test_two_players_pending_effects_cite_the_turn_player_rule(book, question, value):
    answer = ask(question, book=book)
    assert answer.value is value and "10.13" in answer.rules


@pytest.mark.parametrize("question", [
    "Rakibim önce mi bloklar, ATTACK etkim mi önce çözülür?",
    "rakip once mi bloklar attack etkim mi once cozulur",
])
def test_which_of_two_comes_first_is_answered_with_the_moment(book, question):
    # "does he block first, or does my effect resolve first?": never a bare Yes
    answer = ask(question, book=book)
    assert answer.value == "declare" and "11.21.2.2" in answer.rules


@pytest.mark.parametrize("question, value", [
    ("Two mandatory replacement effects could apply to my rival's unit being defeated. "
     "Does my rival choose which one applies?", True),
    ("Birimime iki zorunlu ikame etkisi uygulanabiliyor. Hangisinin uygulanacağını rakibim "
     "mi seçer?", False),
    ("Do I decide which of the two mandatory replacement effects applies to my rival's unit?",
     False),
])
def test_does_this_player_choose_is_yes_or_no(book, question, value):
    # "which" inside "choose which one applies" asks nothing itself: Yes / No, never a player
    answer = ask(question, book=book)
    assert answer.value is value and "10.28.1" in answer.rules


@pytest.mark.parametrize("question, form", [
    ("Does my rival choose which one applies?", "yesno"),
    ("Hangisinin uygulanacağını ben mi seçerim?", "yesno"),
    ("Who chooses which one applies?", "outcome"),
    ("Hangisinin uygulanacağını kim seçer?", "outcome"),
])
def test_an_indirect_which_is_no_question_of_its_own(question, form):
    from judge_tool.ask.asked import asked_form
    from judge_tool.ask.lexicon import read
    assert asked_form(read(question)) == form


# A keyword's own rules (CALL 11.18, DEFEATED 11.19, PLAY 11.20, ATTACK 11.21) and words that
# bring it up in a question (the keyword, or its event told in words).
_KEYWORD_WORDS = {"11.18.": ("call", "çağır", "cagir", "legend"),
                  "11.19.": ("defeated", "defeat", "mağlup", "maglup", "yenil", "yok edil"),
                  "11.20.": ("play", "oyna"),
                  "11.21.": ("attack", "saldır", "saldir")}


def test_a_keyword_rule_is_cited_only_when_the_question_brings_it_up(book):
    """The scenarios stand a PLAY, CALL, DEFEATED or ATTACK effect in for "an effect"; its
    rule is no citation for a question that never names it ("while an effect resolves
    another triggers" is 10.14, not 11.20.2; "two PLAY effects pending" is 10.12, not
    11.21.2)."""
    from pathlib import Path

    from judge_tool.ask.evaluate import load_cases
    from judge_tool.ask.spelling import correct
    bad = []
    for case in load_cases(Path(__file__).parent / "ask_eval"):
        if case.family not in ("timing", "react", "replace"):
            continue
        answer = ask(case.q, book=book)
        if answer.kind == "unanswered":
            continue
        # the question as read: a typo read as the keyword ("DEFATED") brings it up too
        said = correct(case.q)[0].casefold()
        bad += [(r, case.q) for r in answer.rules for prefix, words in _KEYWORD_WORDS.items()
                if r.startswith(prefix) and not any(w in said for w in words)]
    assert not bad


@pytest.mark.parametrize("question", [
    "İki tane PLAY etkim aynı anda bekliyor, hangisini önce çözeceğimi ben seçebilir miyim?",
    "iki DEFEATED etkim ayni anda bekliyor, hangisini once cozecegimi ben mi secerim",
    "Two of my CALL effects are pending at once. Do I choose which resolves first?",
])
def test_two_pending_effects_of_a_keyword_cite_the_order_rule_only(book, question):
    answer = ask(question, book=book)
    assert answer.value is True and answer.rules == ["10.12"]


@pytest.mark.parametrize("question, who", [
    ("PLAY etkisi çözülürken rakibim QUICK program oynayabilir mi?", "B"),
    ("While my PLAY effect resolves, can my opponent play a card?", "B"),
    ("play etkim cozulurken kart oynayabilir miyim", "A"),
])
def test_the_doer_shown_and_run_is_the_one_the_question_names(book, question, who):
    import tomllib

    from judge_tool.i18n import messages
    answer = ask(question, book=book)
    assert answer.value is False and "10.2.3" in answer.rules
    tried = [c for c in tomllib.loads(answer.scenario)["choices"]
             if c["decision"] == "act_resolving"]
    assert [c["player"] for c in tried] == [who]
    lang = "en" if question.startswith("While") else "tr"
    key = "ask_timing.actor_rival" if who == "B" else "ask_timing.actor_me"
    assert messages(lang)(key) in answer.understood


@pytest.mark.parametrize("question, rules", [
    ("Bekleyen etkim varken Legend çağırabilir miyim?", ["10.11.1"]),
    ("Can I sell a card while an effect is pending?", ["10.11.1"]),
    ("Tepki Adımında BLOCKER kullandım ve bir etkim tetiklendi. Etki çözülmeden Legend "
     "çağırabilir miyim?", ["9.11"]),
    ("my two effects trigger at the same time, who picks the order?", ["10.12"]),
    ("Bir etki çözülürken yeni bir etki tetiklenirse yeni etki bekleme durumuna geçer mi?",
     ["10.14", "10.14.1", "10.2"]),
])
def test_an_action_asked_about_is_not_the_trigger(book, question, rules):
    # calling a Legend as the action asked about is no CALL effect: 11.18.2 is not cited,
    # nor the stand-in effects' keyword rules
    assert ask(question, book=book).rules == rules


@pytest.mark.parametrize("question, event", [
    ("ATTACK etkim rakip blokladıktan sonra mı çözülür?", "block"),
    ("Does my start of turn effect resolve after I draw?", "draw"),
    ("Tur sonu etkisi rakibin turu başladıktan sonra mı çözülür?", "next_turn"),
])
def test_after_is_understood_as_after_the_event_named(book, question, event):
    # "after" questions show "after <the event>", never another event's line
    from judge_tool.i18n import messages
    answer = ask(question, book=book)
    lang = "en" if question.startswith("Does") else "tr"
    m = messages(lang)
    assert answer.value is False
    assert m("ask_timing2.asked_after_event", event=m(f"ask_timing2.event_{event}")) \
        in answer.understood


@pytest.mark.parametrize("question, rival_first", [
    # whose turn it is ("rakibin turunda", "during my rival's turn") is not who resolves:
    # the player resolving is the one whose effect it is ("etkimi çözerken": me), 10.14.1
    ("rakibin turunda etkimi cozerken ikimizin de yeni etkisi tetiklendi, rakibin yeni "
     "etkisi benimkilerden once mi cozulur", False),
    ("Rakibimin turunda etkimi çözerken iki oyuncunun da yeni etkisi tetiklendi. Rakibimin "
     "yeni etkisi önce mi çözülür?", False),
    ("During my rival's turn, while I resolve my effect, new effects of both players "
     "trigger. Do my rival's new ones resolve first?", False),
    ("Benim turumda rakibim etkisini çözerken ikimizin de yeni etkisi tetiklendi, rakibimin "
     "yeni etkisi önce mi çözülür?", True),
])
def test_whose_turn_is_not_who_resolves(book, question, rival_first):
    answer = ask(question, book=book)
    assert answer.kind == "unanswered" or answer.value is rival_first, answer.to_dict()


def test_no_engine_name_is_shown_to_a_judge(book):
    """The engine's names of triggers ("START_OF_TURN", "STEALS_GIG") are never printed: a
    trigger said in words is shown in words (the keywords of the cards, ATTACK …, stay)."""
    import re
    from pathlib import Path

    from judge_tool.ask.evaluate import load_cases
    name = re.compile(r"\b[A-Z]+_[A-Z_]+\b")
    shown = 0
    for case in load_cases(Path(__file__).parent / "ask_eval"):
        if case.family not in ("timing", "react"):
            continue
        answer = ask(case.q, book=book)
        if answer.kind == "unanswered":
            continue
        texts = [answer.answer, *answer.understood, *answer.assumptions]
        assert not any(name.search(t) for t in texts), (case.q, texts)
        shown += 1
    assert shown > 100


@pytest.mark.parametrize("question", [
    "Rakibimin turunda iki birim de mağlup oldu. Önce kim çözer?",
    "rakibin turunda 2 birim birden oldu, defeated etkilerini once kim cozer",
    "On my rival's turn two units were defeated at once. Who resolves first?",
])
def test_a_count_of_units_is_not_a_count_of_one_players_effects(book, question):
    # two defeated Units say nothing of whose effects are pending: never "the controller
    # chooses" (10.12), which is about one player's own effects
    assert ask(question, book=book).kind == "unanswered"


@pytest.mark.parametrize("question, value", [
    ("Aynı anda beş etkim beklemede, sıralarını ben mi seçerim?", True),
    ("I have four pending effects at once. Which one do I resolve first?", "controller"),
    ("rakibimin uc tane bekleyen etkisi var, sirayi ben mi secerim", False),
])
def test_any_count_of_one_players_pending_effects_is_ordered_by_their_controller(book, question, value):
    answer = ask(question, book=book)
    assert answer.value == value and type(answer.value) is type(value)
    assert "10.12" in answer.rules


@pytest.mark.parametrize("question, value", [
    ("Saldıran benim; rakibim tepki adımında QUICK program oynayabilir mi?", True),
    ("Savunan oyuncu benim; rakibim tepki adımında QUICK program oynayabilir mi?", False),
    ("I'm the attacking player; can my opponent play a QUICK program in the react step?", True),
    ("I'm the defending player, can my opponent end the react step?", False),
    ("Ben saldıranım; rakip tepki adımını bitirebilir mi?", True),
    ("Saldıran benim; tepki adımında QUICK program oynayabilir miyim?", False),
    ("I'm defending. Can my opponent play a QUICK program during the React Step?", False),
    ("I am the defender. Can my rival end the React Step?", False),
    ("Saldıran rakibim; tepki adımında QUICK program oynayabilir miyim?", True),
    ("Savunan rakibim; tepki adımında QUICK program oynayabilir miyim?", False),
])
def test_the_asker_naming_their_role_puts_the_rival_in_the_other(question, value):
    """"Saldıran benim" names the asker's role, not the rival's who is asked about: the
    rival acts in the other role (was read as acting in the asker's: a wrong No / Yes)."""
    answer = ask(question)
    assert answer.kind == "react"
    assert answer.value is value


@pytest.mark.parametrize("question", [
    "Rakip saldırdığında QUICK olmayan bir programı tepki olarak oynayabilir miyim?",
    "rakip saldirinca quick olmayan programi oynayabilir miyim",
])
def test_a_negation_after_quick_is_quicks_not_the_attacks(book, question):
    # "saldırınca QUICK olmayan program": the program lacks QUICK; the attack happened (was
    # read as "no attack, but a React Step": no ruling)
    answer = ask(question, book=book)
    assert answer.kind == "react" and answer.value is False
    assert "9.10.1" in answer.rules


@pytest.mark.parametrize("question, value", [
    ("Tepki Adımında sadece bir tepki mi verebilirim?", False),
    ("Can the defending player take only one reaction in the React Step?", False),
    ("Can I take just one reaction in the React Step?", None),
    ("Tepki Adımında sadece bir Legend mi çağırabilirim?", None),
])
def test_only_one_reaction_asks_the_limit_never_the_acts_legality(book, question, value):
    # "only one" asks whether reactions are limited to one (no: 9.7); "just one" may ask
    # leave to take a single one, and a Legend's call has a limit of its own: no ruling
    answer = ask(question, book=book)
    assert answer.value is value
    assert (answer.kind == "unanswered") is (value is None)


@pytest.mark.parametrize("question, value, rule", [
    ("Does a DEFEATED effect go pending before the unit is defeated?", False, "11.19.2"),
    ("DEFEATED etkisi birim mağlup edilmeden önce mi beklemeye girer?", False, "11.19.2"),
    ("My unit is defeated in a fight. Does its DEFEATED trigger resolve before the attack ends?",
     True, "9.20"),
])
def test_before_the_defeat_is_not_before_another_event(book, question, value, rule):
    # "before it is defeated" asks when DEFEATED goes pending (once in the trash); "before the
    # attack ends" asks about the attack's end (a defeat word elsewhere is only the setting)
    answer = ask(question, book=book)
    assert answer.value is value and rule in answer.rules


@pytest.mark.parametrize("question, kind", [
    ("Rakibim saldırdığında harcanmış birimimin QUICK etkisini kullanabilir miyim?", "unanswered"),
    ("rakip saldirdiginda yorgun birimimin quick etkisini kullanabilir miyim", "unanswered"),
    ("Rakibim harcanmış birimime saldırdı; elimdeki QUICK programı oynayabilir miyim?", "react"),
])
def test_a_spent_unit_whose_quick_effect_is_used_is_not_the_attacks_target(book, question, kind):
    # "harcanmış birimimin QUICK etkisi": the spent Unit is the one whose effect is used (its
    # cost may spend it: no ruling); "harcanmış birimime saldırdı" is the attack's target
    assert ask(question, book=book).kind == kind
