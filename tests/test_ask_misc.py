"""`judge ask` families in their own modules (issue 11, part "misc"): searching a short
deck, the order of replacement effects, a Gear whose holder leaves, and card names. Each
answer comes from the engine's run of the scenario the family builds; these tests check
behaviour the evaluation set (tests/ask_eval/misc.toml) does not: what is printed, what a
scenario holds, and that anything unclear gives no ruling."""

from __future__ import annotations

import tomllib

import pytest

from judge_tool import official
from judge_tool.ask import ask
from judge_tool.ask.lexicon import load_lexicon, read
from judge_tool.engine.scenario import parse_scenario, run_scenario


def _checked(answer, book):
    """The answer's scenario passes `judge check` in process, its cited rules are official
    with Turkish text, and nothing printed is a raw catalogue key."""
    assert answer.kind != "unanswered", answer.not_understood
    assert answer.scenario
    result = run_scenario(parse_scenario(answer.scenario, "<ask>", book.__contains__))
    assert result.passed, [c.to_dict() for c in result.checks if not c.passed]
    assert answer.rules and all(official.exists(r) and book.get(r) for r in answer.rules)
    for text in [answer.answer, *answer.understood, *answer.assumptions]:
        assert "ask_misc." not in text
    return tomllib.loads(answer.scenario)


def test_the_families_cues_are_merged_into_the_lexicon():
    reading = read("Deste karıştırılır mı?", load_lexicon())
    assert reading.has("shuffle") and reading.has("deck")
    assert "deck_search" in load_lexicon().families


@pytest.mark.parametrize("question, looked, deck", [
    ("Destemde 1 kart var, etki üstteki 4 karta bak diyor. Kaç karta bakarım?", 1, 1),
    ("My deck has 6 cards. An effect says search the top 4 cards. How many cards do I look at?", 4, 6),
])
def test_search_looks_at_as_many_as_the_deck_holds(book, question, looked, deck):
    answer = ask(question, book=book)
    data = _checked(answer, book)
    assert answer.value == looked
    assert data["expect"]["searched"] == looked and len(data["state"]["A"]["deck"]) == deck
    if looked < 4:
        assert "11.13.3" in answer.rules


def test_search_with_a_short_deck_never_loses(book):
    answer = ask("Destemde 0 kart var, üstteki 2 karta bakmam gerekiyor, kaybeder miyim?", book=book)
    data = _checked(answer, book)
    assert answer.value is False and answer.answer.startswith("Hayır")
    assert data["expect"]["winner"] == "none"


@pytest.mark.parametrize("question", [
    "Üstteki 3 karta bak diyor, kaç karta bakarım?",            # deck size missing
    "Üstteki 3 karta bak, sonra desteyi karıştır diyor; deste karışır mı?",  # the effect shuffles
    "Destemde 2 kart var, üstteki 3 kartı ara ve sonra 1 kart çek diyor. Kaybeder miyim?",
    "Üstteki 3 karta bak, bir Gear'ı ele ekle; destemde 2 kart var. Kaç kart alırım?",
])
def test_search_questions_missing_what_decides_get_no_ruling(book, question):
    answer = ask(question, book=book)
    assert answer.kind == "unanswered" and answer.value is None and answer.not_understood


@pytest.mark.parametrize("question, value, rest", [
    ("Destemde 4 kart var; üstteki 3 kartı ara, birini eline al, kalanları çöpe at diyor. "
     "Destemde kaç kart kalır?", 1, "trash"),
    ("Search the top 3 cards, trash one and put the others in your hand. My deck has 5 "
     "cards. How many cards go to my hand?", 2, "hand"),
])
def test_search_rest_place_is_read_and_run(book, question, value, rest):
    answer = ask(question, book=book)
    data = _checked(answer, book)
    assert answer.value == value
    search = data["cards"]["Arayan"]["effects"][0]["do"][0]
    assert search["rest"] == rest and search["to"] != rest


@pytest.mark.parametrize("question", [
    "üstteki 3 kartı ara, birini eline al, çöpe at; destemde 5 kart var, destede kaç kart kalır",
    "Destemde 5 kart var, üstteki 3 kartı ara, birini eline al, kalanları geri koy. Kaç kart kalır?",
])
def test_search_with_two_places_unpaired_gets_no_ruling(book, question):
    answer = ask(question, book=book)
    assert answer.kind == "unanswered" and answer.not_understood


def test_replacement_chooser_is_read_from_who_the_engine_asks(book):
    answer = ask("Rakibimin iki zorunlu ikame etkisi benim birimimin mağlup edilmesine "
                 "uygulanabiliyor. Hangisini kim seçer?", book=book)
    data = _checked(answer, book)
    assert answer.value == "me"
    chooser = [c for c in data["choices"] if c["decision"] == "replacement"]
    assert chooser and chooser[0]["player"] == "A"
    # the effects are the rival's cards, the affected Unit is A's
    assert "Birim" in data["state"]["A"]["field"]
    assert any(name.startswith("Koruyucu") for name in data["state"]["B"]["field"])
    assert "10.28.1" in answer.rules


def test_mandatory_replacement_first(book):
    answer = ask("Which applies first, a mandatory or an optional replacement effect?", book=book)
    _checked(answer, book)
    assert answer.value == "mandatory" and "10.28" in answer.rules


@pytest.mark.parametrize("question", [
    "iki ikame etkisi var hangisi uygulanir",                        # mandatory? optional?
    "Aynı ikame etkisi başka bir olaya tekrar uygulanabilir mi?",     # another event
    "Two replacement effects apply to my unit. Who chooses?",        # kind not said
])
def test_replacement_questions_that_are_not_settled_get_no_ruling(book, question):
    assert ask(question, book=book).kind == "unanswered"


@pytest.mark.parametrize("question, where", [
    ("Gear takılı birimim mağlup edildi. Gear nereye gider?", "trash"),
    ("My equipped unit is returned to my hand. Where does its Gear go?", "hand"),
    ("Kuşanılı birim destenin altına konursa Gear nereye gider?", "deck"),
    ("If my equipped unit is removed from the game, where does the Gear go?", "removed"),
    # a Legend holder is removed from the game; its Gear stays where it went (4.12.2)
    ("Gear'lı Legend'ım mağlup edilirse Gear nereye gider?", "trash"),
    ("Gear takılı Legend'ım elime döndü, Gear nereye gider?", "hand"),
])
def test_gear_goes_with_its_holder(book, question, where):
    answer = ask(question, book=book)
    data = _checked(answer, book)
    assert answer.value == where
    field = data["state"]["A"]["field"][0]
    assert field["gears"] == ["Gear"]           # the run starts with the Gear equipped


@pytest.mark.parametrize("question", [
    "Gear mağlup edilirse birim ne olur?",                 # the Gear leaves, not the Unit
    "If the Gear is defeated, where does the unit go?",
    "Gear'ın sahibi sahadan ayrılırsa Gear nereye gider?",  # how it leaves is not said
    "rakibim gear takili birimimi fightta yendi, gear nereye gider",  # who beat whom
])
def test_gear_questions_that_are_not_clear_get_no_ruling(book, question):
    assert ask(question, book=book).kind == "unanswered"


@pytest.mark.parametrize("question", [
    "Does a Gear move with a Unit returned to hand?",
    "Does the gear move along with its unit when it goes to the trash?",
    "Gear birimle birlikte ele taşınır mı?",
    # "still equipped in the hand?": No by 4.12.1; the reply on where it goes said Evet
    "Birim ele dönünce gear elde takılı kalır mı?",
    "Does the gear stay equipped in my hand when the unit is bounced?",
    # "my rival's trash": the defeated Unit goes to its owner's trash (9.19.1.1) with its
    # Gear (4.12); the reply on "the trash" said Evet
    "Does the Gear go to my rival's trash when my unit is defeated?",
    "Birimim mağlup olunca Gear rakibin çöpüne gider mi?",
])
def test_going_along_or_staying_equipped_is_not_read_as_another_question(book, question):
    # the Gear goes with its holder (4.12) but is not equipped there (4.12.1): read as a
    # Move to another Unit (11.6.6) or as "does it go to the hand" the answers were the
    # opposite of the rule; no ruling until the family reads them
    assert ask(question, book=book).kind == "unanswered"


def test_a_named_unit_runs_as_the_pool_card(book):
    answer = ask("Animals Wrecker kaç Gig çalar?", book=book)
    data = _checked(answer, book)
    assert answer.value == 2
    assert answer.understood[0].startswith("kart: Animals Wrecker")
    assert "Animals Wrecker" in data["state"]["A"]["field"]
    assert "Animals Wrecker" not in data.get("cards", {})    # the pool's card, not a copy


def test_a_named_gear_is_equipped_in_the_scenario(book):
    answer = ask("Mantis Blades takılı 9 güçlü birim kaç Gig çalar?", book=book)
    data = _checked(answer, book)
    assert answer.value == 2
    unit = data["state"]["A"]["field"][0]
    assert unit["gears"] == ["Mantis Blades"] and data["cards"][unit["card"]]["power"] == 9
    assert "11.6.5" in answer.rules


def test_keywords_come_from_the_card(book):
    yes = ask("Can Riding Nomad attack the turn it is played?", book=book)
    no = ask("Emergency Atlus oynandığı tur saldırabilir mi?", book=book)
    _checked(yes, book)
    _checked(no, book)
    assert yes.value is True and no.value is False


@pytest.mark.parametrize("question, why", [
    ("Jackie Welles kaç Gig çalar?", "Jackie Welles: Ride or Die Choom"),       # shared name
    ("Chrome Fang kaç Gig çalar?", "Chrome Fang"),                            # unsupported
    ("How many gigs does Goro Takemura: Losing His Way steal?", "condition"),   # conditional
    ("Animals Wrecker 12 güçlü, kaç Gig çalar?", ""),                         # contradicts the card
    ("Corpo Security 5 güçlü birime saldırırsa kim kazanır?", ""),            # its effect decides
    ("V: Corporate Exile kaç Gig çalar?", ""),                                # a Legend
])
def test_cards_that_cannot_be_read_safely_get_no_ruling(book, question, why):
    answer = ask(question, book=book)
    assert answer.kind == "unanswered" and answer.value is None
    assert why in " ".join(answer.not_understood)


def test_an_unknown_word_in_a_misc_question_blocks_the_ruling(book):
    for question, word in [
        ("Destemde 1 kart var, etki üstteki 4 karta bak diyor. Kaç karta bakarım?", "etki"),
        ("Gear takılı birimim mağlup edildi. Gear nereye gider?", "mağlup"),
        ("İki zorunlu ikame etkisi aynı olaya uygulanabiliyorsa hangisinin uygulanacağını "
         "kim seçer?", "aynı"),
    ]:
        assert ask(question, book=book).kind != "unanswered"
        assert ask(question.replace(word, "zorblax"), book=book).kind == "unanswered"


def test_scenario_flag_for_a_search_question_passes_judge_check(run_judge, tmp_path):
    res = run_judge("ask", "--scenario", "Destemde 2 kart var, üstteki 3 karta bakmam "
                    "gerekiyor. Kaybeder miyim?")
    assert res.returncode == 0, res.stderr
    path = tmp_path / "s.toml"
    path.write_text(res.stdout, encoding="utf-8")
    check = run_judge("check", str(path))
    assert check.returncode == 0, check.stdout + check.stderr


def test_family_modules_agree_with_their_registration():
    """families.MODULES holds each module's name, forms and REPEAT_OK so that `ask` imports
    a family module only when a question reaches it; the module's own values must agree."""
    from judge_tool.ask import families
    for name, (module, forms, again) in families.MODULES.items():
        mod = families._module(name)
        assert mod.NAME == name and tuple(mod.FORMS) == forms, module
        assert bool(getattr(mod, "REPEAT_OK", False)) == again


def test_a_named_card_by_its_cost_is_played_in_the_cost_scenario(book):
    answer = ask("Animals Wrecker'ı 2 indirimle oynarsam kaç €$ öderim?", book=book)
    data = _checked(answer, book)
    assert answer.value == 4
    assert data["state"]["A"]["hand"] == ["Animals Wrecker"]
    assert data["actions"][0]["card"] == "Animals Wrecker"


# ------------------------------------------------------------- a named card's printed facts

@pytest.mark.parametrize("question, value, rule", [
    ("Maelstrom Goons'un bedeli nedir?", 3, "11.1.1.1"),        # effect not in the engine: facts are
    ("how much does Trauma Team Operatives cost", 6, "11.1.1.1"),
    ("Rita Wheeler BLOCKER mi", True, "11.24.1"),
    ("Does Modded Muramasa have ADRENALINE?", False, "11.23.1"),
    ("Emergency Atlus'u satabilir miyim", False, "11.9.2"),
])
def test_a_named_cards_printed_fact_is_the_pools_value(book, question, value, rule):
    from judge_tool.cards.matching import find
    answer = ask(question, book=book)
    assert answer.kind == "card" and answer.value == value and type(answer.value) is type(value)
    assert answer.rules == [rule] and [s.rule for s in answer.trace] == [rule]
    (mention,) = find(question, glued=True)
    assert mention.cards[0].display in answer.understood[0]


@pytest.mark.parametrize("question, value, rule", [
    ("psycho squad kac guclu", 6, "3.17.4"),
    ("mandibular upgrade gucu kac", 0, "3.17.3.2"),       # a Gear's printed power
    ("What is the RAM of Judy Álvarez: Nothing to Doubt?", 5, "3.20.1"),
])
def test_printed_power_and_ram_name_their_official_rule_without_citing_it(book, question, value, rule):
    # the rules that give them meaning have no Turkish text: named in the answer with the
    # official mark, never cited as a rule the judge could read (reviewed gaps)
    answer = ask(question, book=book)
    assert answer.kind == "card" and answer.value == value and type(answer.value) is int
    assert answer.rules == [] and answer.trace == [] and rule in answer.answer


@pytest.mark.parametrize("question, value", [
    ("Saul Bright bir Legend mı?", False),              # a Unit
    ("is mantis blades a gear", True),
    ("Detonate bir program mi", True),
    ("Adam Smasher Ender of Legends bir Legend mı?", True),
])
def test_a_named_cards_type_is_the_pools_and_names_its_official_rule(book, question, value):
    from judge_tool.cards.matching import find
    answer = ask(question, book=book)
    (mention,) = find(question, glued=True)
    assert answer.kind == "card" and answer.value is value
    assert mention.cards[0].display in answer.understood[0]
    # official 3.21.1 has no Turkish text: named with the official mark, not cited
    assert answer.rules == [] and "3.21.1" in answer.answer


def test_a_legend_asked_to_be_a_unit_gets_no_ruling(book):
    # on the field a Legend is a Unit too (official 4.2.1): where it is, the question leaves open
    answer = ask("Is V Corporate Exile a unit?", book=book)
    assert answer.kind == "unanswered" and "4.2.1" in " ".join(answer.not_understood)


@pytest.mark.parametrize("question, glued, found", [
    ("minotauru oynamak kac eddie", True, "Minotaur"),      # one word, ending glued on
    ("octant kac guclu", True, "Octant"),                   # one word in lower case
    ("octant kac guclu", False, None),                      # running text: capital needed
    ("Rakip ve ben saldırıyoruz", True, None),              # "ve" is not V + an ending
    ("Emergency Atlusa saldırdım", True, "Emergency Atlus"),
])
def test_how_a_question_may_write_a_card_name(question, glued, found):
    from judge_tool.ask.family_cards import _may_name_a_card
    from judge_tool.cards.matching import find
    mentions = find(question, glued=glued)
    assert [m.cards[0].name for m in mentions] == ([found] if found else [])
    if glued:
        assert _may_name_a_card(question) is bool(found)


@pytest.mark.parametrize("question, role", [
    ("Rockn' Rockerboy 8 güçlü rakip birime saldırırsa ne olur?", "attacker"),
    ("8 güçlü birimim Rockn' Rockerboy'a saldırırsa ne olur?", "defender"),
    ("Rakibimin Animals Wrecker'ı 10 güçlü birimime saldırdı, ne olur?", "attacker"),
    ("My 6 power unit attacks my opponent's Psycho Squad. Who wins?", "defender"),
])
def test_a_named_unit_in_a_fight_of_equals_takes_the_role_its_wording_gives(book, question, role):
    answer = ask(question, book=book)
    data = _checked(answer, book)
    assert answer.kind == "fight" and answer.value is None         # equal powers: both lose
    (attack,) = data["actions"]
    card = answer.understood[0].split(":")[1].split("—")[0].strip()
    assert (attack["unit"] if role == "attacker" else attack["target"]) == card


def test_a_named_unit_in_a_passive_fight_of_equals_is_not_given_a_role(book):
    # "… tarafından saldırıya uğradı": the name's ending does not tell who attacks
    answer = ask("Psycho Squad, 6 güçlü rakip birim tarafından saldırıya uğradı. Ne olur?", book=book)
    assert answer.kind == "unanswered"


def test_a_named_card_with_an_unsettled_condition_is_read_for_its_cost_only(book):
    paid = ask("Minotaur'un bedeli 2 azalırsa kaç öderim?", book=book)
    data = _checked(paid, book)
    assert paid.kind == "cost" and paid.value == 5
    assert "effects" not in data["cards"]["Minotaur"]           # run as its facts only
    assert any("Minotaur" in a for a in paid.assumptions)
    # its conditional PLAY effect could decide a fight: no ruling there
    assert ask("Minotaur 5 güçlü birime saldırırsa kim kazanır?", book=book).kind == "unanswered"


@pytest.mark.parametrize("question, holder, value", [
    ("Animals Wrecker'a Mantis Blades taktım, rakibin Saul Bright'ına saldırırsam kim kazanır?",
     "Animals Wrecker", "defender"),                     # 10 + 2 < 14
    ("Mantis Blades kuşanmış Emergency Atlus, Psycho Squad'a saldırırsa kim kazanır?",
     "Emergency Atlus", None),                           # 4 + 2 = 6: both lose
])
def test_a_gear_named_with_its_holder_card_is_equipped_to_that_card(book, question, holder, value):
    answer = ask(question, book=book)
    data = _checked(answer, book)
    assert answer.kind == "fight" and answer.value == value
    held = [x for side in ("A", "B") for x in data["state"][side].get("field", [])
            if isinstance(x, dict) and x.get("gears")]
    assert [(x["card"], x["gears"]) for x in held] == [(holder, ["Mantis Blades"])]


def test_a_units_power_with_its_gears_is_the_engines(book):
    answer = ask("Saul Bright'a Sandevistan kuşandırdım, gücü kaç?", book=book)
    data = _checked(answer, book)
    assert answer.kind == "card" and answer.value == 16 == data["expect"]["power"]["Saul Bright: Stormrider"]
    assert answer.rules == ["11.6.5"]


@pytest.mark.parametrize("question", [
    "Valentino Guerrera BLOCKER mı?",          # only mentions BLOCKER in its text
    "Riot Shield has BLOCKER?",                # a Gear's keyword goes to its holder
    "Padre kaç €$?",                           # a Legend with a Null cost
    "Rogue Amendiares kaç güçlü?",             # a Legend (7) and a Unit (4) share the name
    "Psycho Squad'ın gücü rakibin turunda kaç?",   # a word the facts do not account for
    "Mantis Blades taktım, gücü kaç?",         # no holder named
])
def test_a_card_fact_that_is_not_certain_gets_no_ruling(book, question):
    answer = ask(question, book=book)
    assert answer.kind == "unanswered" and answer.value is None and answer.not_understood


def test_a_card_with_a_sell_tag_is_left_to_the_sell_family(book):
    # whether it may be sold now depends on this turn's sales (8.11.1): not a card fact
    answer = ask("Can I sell Mantis Blades?", book=book)
    assert answer.kind != "card"


@pytest.mark.parametrize("question", [
    "Gear kuşanmış birimim çatışmada yenildi; birimin kendisi çöpe gider mi?",
    "My equipped unit was defeated. Does the unit go to the trash?",
])
def test_a_question_about_the_unit_is_not_read_as_moving_its_gear(book, question):
    # "gider" / "goes" says where something goes, not that a Gear is moved (11.6.6)
    assert ask(question, book=book).kind != "gear"


def test_a_gear_whose_holder_does_not_leave_gets_no_ruling(book):
    # Deadman Transmitter replaces its holder's defeat with its own: the Unit stays (10.25),
    # so "the Gear goes with its Unit" would be false
    answer = ask("Deadman Transmitter kuşanmış birimim yenildi. Gear nereye gider?", book=book)
    assert answer.kind == "unanswered" and answer.not_understood


@pytest.mark.parametrize("question, phase", [
    ("End phase'de Legend çağırabilir miyim?", "Tur Sonu"),
    ("can I call a legend during my end phase", "End of Turn"),
])
def test_a_main_phase_refusal_names_the_phase_in_the_readers_language(book, question, phase):
    """The engine's refusal said "(şu an: end)", the state's code word; the phase is named
    from the catalogue, in the question's language."""
    answer = ask(question, book=book)
    assert answer.value is False
    steps = " ".join(s.text for s in answer.trace if s.rule == "8.12")
    assert phase in steps and ": end)" not in steps


@pytest.mark.parametrize("question", [
    "Can Corpo Security attack the rival's gig area?",
    "corpo security rakibin gig alanina saldirabilir mi",
])
def test_a_card_whose_own_text_forbids_attacking_is_answered_by_the_engine(book, question):
    """The quick computation never sees card effects; the engine applies Corpo Security's
    own restriction (no Unit "that can attack", 9.3.1) and decides: No (was no ruling,
    "engine False, quick True", an internal message)."""
    answer = ask(question, book=book)
    assert answer.value is False and answer.kind != "unanswered"
    assert any(s.rule == "9.3.1" and "Corpo Security" in s.text for s in answer.trace)


@pytest.mark.parametrize("question", [
    "Is an 8 cost card a legend?",
    "2 bedelli kart saldırabilir mi?",
])
def test_a_yes_no_about_neither_playing_nor_paying_is_no_cost_question(book, question):
    # was "No: 8 €$ is needed, 1 available (0 Eddie + 1 Legend)", a neighbouring question
    assert ask(question, book=book).kind != "cost"


def test_choosing_not_to_find_in_the_trash_gets_no_ruling():
    """11.13.4.1 lets a search of a hidden area fail on purpose; the trash is public, and
    "çöpümde" is where the search looks, not where a card goes (was Yes)."""
    from judge_tool.ask import ask
    assert ask("Arama etkisi çöpümde bir birim bulmamı söylüyor, bulmamayı seçebilir miyim?"
               ).kind == "unanswered"


@pytest.mark.parametrize("question", [
    "If I play Saul Bright for free, how much do I pay?",
    "Animals Wrecker'ı bedavaya oynarsam kaç Eddie öderim?",
])
def test_a_named_card_played_for_free_pays_nothing(book, question):
    # no board is run for a free play: the card had no place to go and got no ruling
    answer = ask(question, book=book)
    assert answer.kind == "cost" and answer.value == 0
    assert any(s.rule == "11.8.4" for s in answer.trace)
