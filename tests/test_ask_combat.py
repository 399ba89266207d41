"""combat's `judge ask` answers beyond their values: what the situation lines say, which
rules are cited, and that a corrected power is shown as read (issue 11)."""

from __future__ import annotations

import pytest

from judge_tool.ask import ask


def test_overtime_begins_cites_overtime_not_a_steal():
    a = ask("Overtime başladığında zaten 7 Gig'im vardı. Kazanır mıyım?")
    assert a.kind == "win" and a.value is True
    assert not any(r.startswith("9.23") for r in a.rules)      # no steal was described
    assert "8.17" in a.rules                                     # overtime begins (TR node)
    assert any("1.11.2" in s for s in [a.answer])               # the official rule, named
    assert not any("çalma" in line for line in a.understood)


def test_overtime_begins_with_fewer_is_no():
    a = ask("when overtime begins I have 6 gigs. do I win?")
    assert a.kind == "win" and a.value is False
    assert "6" in a.answer and "1.11.2" in a.answer


@pytest.mark.parametrize("q, loser", [
    ("Saldıran 10 güçlü, savunan 3 güçlü, savunan mağlup edilemez. Kim kaybeder?", "savunan (3)"),
    ("Attacker 2, defender 6. Who loses?", "the attacker (2)"),
    ("attacker 4, defender 4, who loses?", "both Units"),
])
def test_who_loses_is_answered_as_the_loser(q, loser):
    a = ask(q)
    assert a.kind == "fight"
    assert loser in a.answer.split(".")[0]
    assert "kaybeder" in a.understood[-1] or "loses" in a.understood[-1]


def test_who_wins_keeps_its_asked_line():
    a = ask("Attacker 10, defender 3. Who wins?")
    assert "wins" in a.understood[-1] and not a.answer.startswith("Loses")


@pytest.mark.parametrize("q, power", [
    ("Birimim 10 değil 9 güçlü, Gig alanına saldırırsa kaç Gig çalar?", 9),
    ("birimimin gucu 23'ten 17'ye dustu, gig alanina saldirirsa kac gig calar", 17),
    ("My unit was 14 power but got reduced to 6. It attacks the gig area, how many gigs?", 6),
])
def test_a_corrected_power_is_shown_first(q, power):
    a = ask(q)
    assert a.kind == "steal"
    assert str(power) in a.understood[0]
    assert a.value == power // 10 + 1


@pytest.mark.parametrize("q", [
    "12 güçlü birimim +3 aldı, sonra gücü 8'e düştü. Kaç Gig çalar?",       # which holds the +3?
    "12 güçlü birimim rakibin 9 güçlü birimine saldırdı, gücü 6'ya düştü, kim kazanır?",
    "kartın gücü 12'den 6'ya yarıya indi, kaç gig çalar",
])
def test_a_correction_that_could_mean_two_things_gets_no_ruling(q):
    assert ask(q).kind == "unanswered"


def test_both_players_gigs_go_into_the_scenario():
    a = ask("Turumun başında Gig alanımda 7 Gig var, rakibimde 5. Kazanır mıyım?")
    assert a.kind == "win" and a.value is True
    assert any("5" in line for line in a.understood)
    assert 'gigs = ["d6=1", "d8=1", "d10=1", "d12=1", "d20=1"]' in a.scenario


def test_more_gigs_than_dice_is_no_ruling():
    a = ask("at the start of my turn i have 6 gigs and my rival has 7. do i win?")
    assert a.kind == "unanswered" and "12" in a.not_understood[0]


@pytest.mark.parametrize("q, left", [
    ("Saldırıdan sonra rakibimin kaç Gig'i olur? 12 güçlü birimim onun 5 Gig'li alanına saldırıyor.", 3),
    ("After the attack how many gigs will my opponent have? My 22 power unit attacks his gig area with 4 gigs.", 1),
])
def test_what_a_gig_area_holds_afterwards_is_the_remaining_count(q, left):
    a = ask(q)
    assert a.kind == "steal" and a.value == left


def test_the_attackers_own_count_afterwards_gets_no_ruling():
    assert ask("My 12 power unit attacks his gig area with 5 gigs. How many gigs will I have?").kind \
        == "unanswered"


def test_the_attacked_units_state_is_not_the_blockers():
    a = ask("Rakibim benim harcanmış birimime saldırırken BLOCKER'ımla bloklayabilir miyim?")
    assert a.kind == "unanswered"
    a = ask("rakip harcanmis birimime saldiriyor, hazir blocker'imla bloklayabilir miyim")
    assert a.kind == "blocker" and a.value is True
    assert not any("hedef" in line for line in a.understood)


def test_the_block_verbs_subject_is_the_blocker():
    a = ask("7 güçlü birimim 11 güçlü rakip birimini bloklarsa hangisi mağlup olur?")
    assert a.kind == "fight" and a.value == "attacker"
    assert "11" in a.understood[0] and "7" in a.understood[1]       # attacker 11, defender 7
    a = ask("Rakibin hazır BLOCKER'ı benim 8 güçlü birimimi 11 güçle engelledi. Kim kazanır?")
    assert a.value == "defender" and "8" in a.understood[0]


@pytest.mark.parametrize("q", [
    "Bu tur oynanan BLOCKER'lı birim saldırabilir mi?",
    "BLOCKER'lı birimim rakibin harcanmış birimine saldırabilir mi?",
    "A 12 power unit with BLOCKER attacks the gig area. How many gigs?",
])
def test_a_blocker_named_as_a_keyword_is_no_block(q):
    a = ask(q)
    assert a.kind != "blocker" and a.value in (None, 2)


def test_a_blocker_that_is_the_target_is_still_a_block_question():
    a = ask("can my BLOCKER block if it is already the target of the attack?")
    assert a.kind == "blocker" and a.value is False


@pytest.mark.parametrize("q, power", [
    ("My unit's power is 11, not 13. It attacks the gig area. How many gigs?", 11),   # EN: N, not M
    ("gücü 11 değil 13, gig alanına saldırırsa kaç gig çalar", 13),                   # TR: N değil M
])
def test_which_number_a_correction_keeps_follows_the_language(q, power):
    a = ask(q)
    assert a.kind == "steal" and a.value == power // 10 + 1
    assert str(power) in a.understood[0]


@pytest.mark.parametrize("q, stand_in, role", [
    ("Bloklayan harcanmış, bloklayabilir mi?", "Bloklayan", "bloklayan birim"),
    ("harcanmis blocker'imla bloklayabilir miyim", "Bloklayan", "bloklayan birim"),
    ("Can a spent BLOCKER block?", "Blocker", "the blocking unit"),
    ("Rakip harcanmış birimime saldırdı, o birim BLOCKER ile kendini hedef yapabilir mi?",
     "Bloklayan", "bloklayan birim"),
])
def test_a_blocker_that_may_not_block_is_named_by_its_role(q, stand_in, role):
    """The engine's stand-in card ("Bloklayan", "Blocker") is not a name a judge repeats:
    the reason says "the blocking unit"."""
    a = ask(q)
    assert a.kind == "blocker" and a.value is False
    assert stand_in + " " not in a.answer and role in a.answer


@pytest.mark.parametrize("trigger, during, power, other, form", [
    # Turkish: "when it fights / wins" endings against "while fighting"
    ("çatışınca", "çatışırken", 5, 7, "{p} güçlü birimim {w} +3 alıyor, rakibin harcanmış {o} güçlü birimine saldırdı. Kim kazanır?"),
    ("kazandığında", "çatışırken", 2, 4, "{p} güçlü birimim {w} +3 alıyor, rakibin harcanmış {o} güçlü birimine saldırdı. Kim kazanır?"),
    ("whenever it fights", "while fighting", 1, 3, "My {p} power unit gets +3 {w}. It attacks their spent {o} power unit. Who wins?"),
])
def test_a_fight_trigger_change_is_not_counted_but_a_while_change_is(trigger, during, power, other, form):
    """9.18: an effect the fight triggers is pending only after the losers are determined,
    so "+3 when it fights" cannot decide the fight; "+3 while fighting" does (9.16.1)."""
    assert ask(form.format(p=power, w=trigger, o=other)).kind == "unanswered"
    a = ask(form.format(p=power, w=during, o=other))
    assert a.kind == "fight" and a.value == "attacker"


@pytest.mark.parametrize("trigger, during", [
    ("Gig çalınca", "Gig çalarken"), ("çaldığında", "çalarken"),
])
@pytest.mark.parametrize("power, change, gigs", [(8, 3, 2), (15, 5, 3)])
def test_a_steal_trigger_change_is_not_counted_but_a_while_change_is(trigger, during, power, change, gigs):
    """9.23.6: "when it steals" effects are pending after the Gigs move; 9.23.1: "while
    stealing" effects count. The Gig word before the steal verb is its object, no count."""
    q = "{p} güçlü birimim {w} +{c} alıyor, rakibin Gig alanına saldırırsa kaç Gig çalar?"
    assert ask(q.format(p=power, w=trigger, c=change)).kind == "unanswered"
    a = ask(q.format(p=power, w=during, c=change))
    assert a.kind == "steal" and a.value == gigs


@pytest.mark.parametrize("power, change", [(9, 2), (11, -4), (19, 3)])
@pytest.mark.parametrize("stated", [
    "Birimim bu tur {c:+d} aldı, {p} güçlü oldu. Gig alanına saldırırsa kaç Gig çalar?",
    "birimim {c:+d} aldi, {p} guclu, gig alanina saldirdi kac gig",
    "My unit got {c:+d} this turn and is now {p} power. How many gigs does it steal?",
    "My unit is {p} power after a {c:+d}. How many gigs?",
])
def test_a_power_stated_after_its_change_is_not_changed_again(stated, power, change):
    """"+2 aldı, 9 güçlü oldu": the 9 may already hold the +2; adding it again would be a
    wrong count, so no count is given. Told the other way round it is counted."""
    assert ask(stated.format(p=power, c=change)).kind == "unanswered"
    a = ask(f"Birimim {power} güçlü, bu tur {change:+d} aldı. Gig alanına saldırırsa kaç Gig çalar?")
    assert a.kind == "steal" and a.value == (power + change) // 10 + 1


@pytest.mark.parametrize("power", [0, 6, 13])
@pytest.mark.parametrize("q, want", [
    ("Rakibin Gig alanı boş, {p} güçlü hazır birimimle oraya saldırabilir miyim?", False),
    ("{p} güçlü hazır birimim rakibin harcanmış birimine saldırabilir mi, geçen tur oynadım", True),
    ("Can my ready {p} power unit, played last turn, attack their spent unit?", True),
    ("Bu tur oynadığım {p} güçlü birimimle rakibin harcanmış birimine saldırabilir miyim? ADRENALINE'i yok.", False),
])
def test_a_power_decides_no_attack_legality(q, want, power):
    """9.3: a ready Unit without Lag and a valid target; the Unit's power is read and the
    answer is the same for any power."""
    a = ask(q.format(p=power))
    assert a.kind == "attack" and a.value is want


def test_a_negation_after_a_blockers_state_is_the_states():
    """"blocker'im hazir degil": not ready, not "no BLOCKER" (the understood line must say
    what decided the No)."""
    answer = ask("rakip saldirdi, blocker'im hazir degil, bloklayabilir miyim")
    assert answer.value is False
    assert any("harcanmış: evet" in line for line in answer.understood)


def test_a_blocker_said_only_not_to_lag_gets_no_ruling():
    assert ask("rakip saldirdi blocker birimim gecikmeli degil bloklayabilir mi").kind == "unanswered"


def test_a_count_of_gigs_is_never_the_attackers_power():
    """"Rakibim 3 gig çaldı …; kaç gigim var?" was "1 Gig": the 3 Gigs stolen read as a
    3 power attacker."""
    assert ask("Rakibim 3 gig çaldı, benim 5 gigim kalmıştı; şimdi kaç gigim var?").kind \
        == "unanswered"


@pytest.mark.parametrize("question", [
    "rakibin gig alani bos, harcanmis birimi de yok. saldirabilir miyim",
    "Rakibin tüm birimleri hazır ve Gig alanı boş; hazır birimimle saldırabilir miyim?",
    "the rival's gig area is empty and he has no spent units. can i attack",
])
def test_no_valid_target_at_all_is_no_by_9_3_2_4(question):
    """An empty Gig area and no spent rival Unit leave no valid target (9.3.2.4): the
    engine's declaration with no target chosen refuses it (was no ruling)."""
    a = ask(question)
    assert a.kind == "attack" and a.value is False
    assert "9.3.2.4" in a.rules
    assert "target = \"any\"" in (a.scenario or "")


@pytest.mark.parametrize("question", [
    "benim harcanmis birimim yok, rakibin gig alani bos, saldirabilir miyim",   # mine, not his
    "Rakibin Gig alanı boş ama harcanmış bir birimi var, saldırabilir miyim?",  # a target
])
def test_no_target_is_only_read_of_the_rivals_side(question):
    a = ask(question)
    assert a.value is not False or "9.3.2.4" not in a.rules


def test_an_attack_with_any_target_takes_the_gig_area_when_it_has_gigs():
    from judge_tool.engine.scenario import parse_scenario, run_scenario
    text = """
title = "any target"
question = "Gig alanında Gig varken hedef seçilmeden saldırı"
refs = ["9.3.2.2"]
[cards."A1"]
type = "unit"
power = 12
[state.A]
deck = 3
field = ["A1"]
[state.B]
deck = 3
gigs = ["d6=3", "d4=2"]
[[actions]]
do = "attack"
unit = "A1"
target = "any"
[expect]
legal = true
stolen = 2
"""
    result = run_scenario(parse_scenario(text, "<test>", lambda r: True))
    assert result.passed, [c.to_dict() for c in result.checks if not c.passed]


@pytest.mark.parametrize("q", [
    "Birimim bu tur saldırdı, yine saldırabilir mi?",
    "my unit already attacked this turn. can it attack again?",
])
def test_unit_that_attacked_this_turn_is_spent(q):
    # declaring the earlier attack spent the Unit (9.3.3): the run declares it, then the
    # attack asked about is refused for want of a ready Unit (9.3.1)
    a = ask(q)
    assert a.kind == "attack" and a.value is False
    assert "9.3.3" in a.rules and "9.3.1" in a.rules
    assert a.trace[-1].rule == "9.3.1"


@pytest.mark.parametrize("q", [
    "Rakibin birimi bu tur saldırdı, benim birimim saldırabilir mi?",    # the rival's Unit
    "my unit attacked this turn, can i attack with my other unit?",      # another Unit
    "Bu tur saldırdım; birimim saldırabilir mi?",                        # which Unit: unsaid
    "Birimim bu tur saldırdı, sonra hazırlandı. Yine saldırabilir mi?",  # readied
])
def test_attacked_this_turn_not_read_for_another_unit(q):
    a = ask(q)
    assert not (a.kind == "attack" and a.value is False)


@pytest.mark.parametrize("question,value,rule", [
    ("rakibin gig alani bos ama harcanmis bir birimi var, hazir birimimle saldirabilir miyim",
     True, "9.3.2.1"),
    ("Rakibimin tüm birimleri hazır, Gig alanında 2 Gig var. Hazır birimimle saldırabilir miyim?",
     True, "9.3.2.2"),
    ("the rival has a spent unit and no gigs; my unit has lag. can it attack?", False, "9.3.1.1"),
])
def test_the_rivals_board_told_with_no_target_named_makes_the_valid_target(question, value, rule):
    """A spent rival Unit, or every rival Unit ready and Gigs in his area, told in clauses
    about the rival while the attack names no target: that target is the attack's (was no
    ruling); the asker's own Unit's state is read as ever."""
    a = ask(question)
    assert a.kind == "attack" and a.value is value
    assert rule in a.rules


@pytest.mark.parametrize("question", [
    "Rakibin bir birimi hazır, Gig alanı boş. Saldırabilir miyim?",     # the others' states
    "Rakibin tüm birimleri hazır. Hazır birimimle saldırabilir miyim?",  # the Gigs not told
])
def test_the_rivals_board_half_told_gives_no_ruling(question):
    assert ask(question).kind == "unanswered"


@pytest.mark.parametrize("question,value,rule", [
    ("birimim 9 guclu, catisirken +3 aliyor, gig alanina saldirirsa kac gig calar", 1, "9.16.1"),
    ("a 19 power unit with +1 during the fight attacks the gig area, gigs stolen?", 2, "9.16.1"),
    ("6 guclu birimim calarken +5 aliyor, rakibin harcanmis 10 guclu birimine saldirdi kim kazanir",
     "defender", "9.23.1"),
])
def test_a_change_lasting_only_in_the_other_step_counts_nothing(question, value, rule):
    """A Gig area attacked has no Fight Step and a Unit attacked no Steal Step (9.15): a
    change said to last only while fighting (9.16.1) or stealing (9.23.1) is not counted,
    and the trace says so under that rule (was no ruling)."""
    a = ask(question)
    assert a.value == value
    assert any(s.rule == rule and "9.15" in s.text for s in a.trace)


@pytest.mark.parametrize("question,value", [
    ("GO SOLO ile oynadığım 12 güçlü Legend'ım rakibin Gig alanına saldırırsa kaç Gig çalar?", 2),
    ("my unit has 0 power and no gear. how many gigs does it steal from the gig area?", 0),
])
def test_go_solo_legend_and_no_gear_in_a_steal(question, value):
    a = ask(question)
    assert a.kind == "steal" and a.value == value


def test_a_legend_without_go_solo_steals_no_ruling():
    assert ask("12 güçlü Legend'ım rakibin Gig alanına saldırırsa kaç Gig çalar?").kind == "unanswered"


@pytest.mark.parametrize("question,value", [
    ("0 güçlü birimim 5 güçlü saldıranı yenebilir mi?", False),     # was Yes: the object's
    ("8 güçlü saldıran 5 güçlü savunanı yener mi?", True),          # was No: the object's
    ("3 guclu saldiran 7 guclu savunani yenebilir mi", False),
])
def test_a_turkish_transitive_fight_verb_asks_about_its_subject(question, value):
    """"X Y'yi yener mi": the accusative before the verb is its object; the answer is the
    nominative subject's."""
    a = ask(question)
    assert a.kind == "fight" and a.value is value


def test_which_unit_is_the_subject_not_told_gives_no_ruling():
    # "rakibin 4 güçlü saldıranı": a possessed subject or an object, not told safely
    assert ask("rakibin 4 guclu saldirani benim 8 guclu savunanimi yener mi").kind == "unanswered"


@pytest.mark.parametrize("question", [
    "0 güçlü BLOCKER'ımla blokladım, saldıranı yenebilir mi?",
    "can a 0 power unit defeat another unit in a fight?",
])
def test_a_zero_power_unit_defeats_nothing(question):
    a = ask(question)
    assert a.value is False and "9.19.2" in a.rules


def test_a_zero_power_unit_being_defeated_is_no_such_principle():
    assert ask("can a 0 power unit be defeated?").kind == "unanswered"


@pytest.mark.parametrize("question,value", [
    ("the rival has zero gigs and all their units are ready. can my ready unit attack?", False),
    ("Played a legend with GO SOLO; the rival has zero gigs and every one of their units is "
     "ready. Can it attack at all?", False),        # was Yes: a board with no target
    ("rakibin 0 gigi var ama harcanmis bir birimi var, saldirabilir miyim", True),
])
def test_zero_rival_gigs_is_an_empty_gig_area(question, value):
    a = ask(question)
    assert a.kind == "attack" and a.value is value
    assert ("9.3.2.4" in a.rules) is (not value)


@pytest.mark.parametrize("question,value", [
    ("Rakibin savunan birimi 2 güçlü ama bir etki o birimin savaşı kazandığını söylüyor; "
     "9 güçlü saldıranım kaybeder mi?", True),
    ("rakibin 7 guclu birimi benim harcanmis 5 guclu birimime saldirdi; birimim icin bir etki "
     "catismayi kazandigini soyluyor, kim kazanir", "defender"),
])
def test_an_effect_that_says_who_wins_past_a_power_before_it(question, value):
    a = ask(question)
    assert a.kind == "fight" and a.value == value and "9.17.4" in a.rules


def test_a_number_in_what_the_effect_says_stays_no_ruling():
    q = "Rakibin harcanmış 5 güçlü birimine 3 güçlü birimimle saldırdım; bir etki 2 güçlü birimin kazandığını söylüyor. Kim kazanır?"
    assert ask(q).kind == "unanswered"


@pytest.mark.parametrize("question,value", [
    ("iki birim eşit güçte, kim kazanır", "both_lose"),
    ("if the attacker and defender have equal power who wins", "both_lose"),
    ("iki birim ayni gucte ama biri gear tasiyor, kim kazanir", None),    # before or after?
    ("same power but an effect says mine wins, who wins", None),          # 9.17.4
])
def test_same_power_in_words_is_a_tie(question, value):
    a = ask(question)
    assert a.value == value
    if value is not None:
        assert "9.17.3" in a.rules


def test_the_rivals_gig_count_told_makes_the_gig_area_the_target():
    a = ask("GO SOLO ile Legend'ımı oynadım, rakibin 2 Gig'i var. Bu tur saldırabilir mi?")
    assert a.kind == "attack" and a.value is True and "9.3.2.2" in a.rules


@pytest.mark.parametrize("question,value", [
    ("My 10 power attacker is blocked by their 4 power BLOCKER; the BLOCKER gets +7 while "
     "fighting. Who wins?", "defender"),
    ("the rival's blocker has 5 power and blocks my 5 power attacker, which got +1 this turn. "
     "who wins", "attacker"),
])
def test_whose_change_a_blocker_word_or_a_relative_clause_names(question, value):
    a = ask(question)
    assert a.value == value


def test_a_relative_which_is_no_who_question():
    # "…, which has -1 power": a relative clause; the question is the yes/no after it
    q = ("My spent 9 power unit gets attacked by their 1 power unit, which has -1 power this "
         "turn. Is my unit defeated?")
    assert ask(q).value is False


def test_a_gear_card_does_not_attack():
    a = ask("Gear kartımla tek başına saldırabilir miyim?")
    assert a.value is False and "9.3.1" in a.rules
    assert ask("Gear'lı birimimle saldırabilir miyim?").kind == "unanswered"


def test_a_lagging_unit_readied_keeps_its_lag():
    a = ask("my lagging unit was readied by an effect, can it attack the gig area?")
    assert a.kind == "attack" and a.value is False and "9.3.1.1" in a.rules
