"""A named card's printed facts in `judge ask`: "Animals Wrecker'ın bedeli kaç?", "psycho
squad kac guclu", "does Riding Nomad have ADRENALINE?", "Rockn' Rockerboy'u satabilir
miyim?", "Animals Wrecker'a Mantis Blades taktım, gücü kaç olur?".

These are look-ups in the card pool (the data behind `judge card`), not rulings: the answer
is the printed value, with the rule that gives it meaning where the Turkish text has one
(the cost paid, 11.1.1.1; a keyword's definition; selling needs a Sell Tag, 11.9.2) and, for
a Unit with Gears, the power the engine computes on a board with them (11.6.5). A card's
printed power and RAM are stated by official rules the Turkish text lacks (3.17.4, 3.17.3.2,
3.20.1): the answer names the number with the official-rule mark and cites no rule (a cited
number must have Turkish text; reviewed gaps in tests/ask_citations.toml).

Read strictly (precision over coverage): every word besides the card names must be an
asking word or a fact word of card-facts.toml and exactly one fact is asked; anything else
goes on to the families. A name shared by cards whose asked fact differs, a Legend without a
cost or power, a keyword the card only mentions in its text: no ruling, and why.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

# the Turkish rule that gives a keyword its meaning (each has Turkish text)
_KEYWORD_RULES = {"BLOCKER": "11.24.1", "ADRENALINE": "11.23.1", "QUICK": "11.26.1",
                  "GO SOLO": "11.25.1"}
_COST_RULE = "11.1.1.1"        # the cost value in the top left corner is what is paid
_GEAR_POWER_RULE = "11.6.5"    # a holder's power counts its Gears' power
_SELL_RULE = "11.9.2"          # a card with a Sell Tag may be sold from hand
# printed power and RAM: official rules the Turkish text lacks (named in the answer, not cited)
_POWER_RULE = "3.17.4"         # base power is the printed power (a Unit's or a Legend's)
_GEAR_POWER_PRINTED = "3.17.3.2"   # for a Gear, the printed number is its power
_RAM_RULE = "3.20.1"           # a RAM value: a number and a colour
_TYPE_RULE = "3.21.1"          # a card's type: Legend, Unit, Gear or Program


@dataclass(frozen=True)
class Vocabulary:
    """The card-fact words of the cue data, read once: which fact or keyword a question names."""
    facts: dict[str, frozenset[str]]            # fact -> its words
    keywords: dict[str, tuple[tuple[str, ...], ...]]   # keyword -> its word sequences
    ask: frozenset[str]
    equip: frozenset[str]
    types: dict[str, frozenset[str]]            # card type -> the words naming it
    # `unsupported` note parts that change only what playing the card costs (family_cards)
    own_cost: tuple[str, ...] = ()


def vocabulary() -> Vocabulary:
    """From the compiled data cache: a cold `ask` does not parse TOML or import pathlib."""
    from ..datacache import cached
    return cached("ask:card-facts", _build_vocabulary)


def _build_vocabulary() -> Vocabulary:
    import tomllib
    from pathlib import Path
    raw = tomllib.loads((Path(__file__).parent / "card-facts.toml").read_text(encoding="utf-8"))
    return Vocabulary(
        {k: frozenset(v) for k, v in raw["fact"].items()},
        {k: tuple(tuple(seq) for seq in v) for k, v in raw["keyword"].items()},
        frozenset(raw["words"]["ask"]), frozenset(raw["words"]["equip"]),
        {k: frozenset(v) for k, v in raw.get("type", {}).items()},
        tuple(raw.get("unsupported", {}).get("own_cost", ())))


@dataclass
class Asked:
    """What a card-facts question asks: the fact, and the keyword for a keyword question."""

    fact: str                   # "cost", "power", "ram", "sell", "type" or "keyword"
    keyword: str = ""           # the keyword asked, or the one a cost is asked of ("GO SOLO")
    equipped: bool = False      # a Gear word ("taktım", "equipped") was said
    types: frozenset[str] = frozenset()   # card types the question names ("bir program mı")


def _words(question: str, spans: list[tuple[int, int]]) -> list[str]:
    """The question's words outside the card names, folded; an apostrophe ending is cut
    off ("BLOCKER'ı" -> "blocker", "What's" -> "what")."""
    from ..turkish import fold, tokenize
    out = []
    for t in tokenize(question):
        if any(s <= t.start < e for s, e in spans):
            continue                    # a name's word, or its case ending ("Wrecker'ın")
        out.append(fold(t.stem_part).replace("'", ""))
    return out


def _asked(words: list[str], question: str, vocab: Vocabulary) -> Asked | None:
    """The one fact asked, when every word is accounted for; None otherwise."""
    left = list(words)
    keywords = []
    for kw, seqs in vocab.keywords.items():
        for seq in seqs:
            n = len(seq)
            i = 0
            while i + n <= len(left):
                if tuple(left[i:i + n]) == seq:
                    keywords.append(kw)
                    del left[i:i + n]
                else:
                    i += 1
    facts = {f for f, ws in vocab.facts.items() if any(w in ws for w in left)}
    if "€" in question:
        facts.add("cost")
    types = frozenset(t for t, ws in vocab.types.items() if any(w in ws for w in left))
    left = [w for w in left if not any(w in ws for ws in vocab.types.values())]
    equipped = any(w in vocab.equip and w not in vocab.ask for w in left)
    known = vocab.ask | vocab.equip | frozenset().union(*vocab.facts.values())
    if any(w not in known for w in left):
        return None
    if keywords:
        if set(keywords) == {"GO SOLO"} and facts == {"cost"} and not equipped:
            # "X'in GO SOLO bedeli": the cost a GO SOLO Legend is played for
            return Asked("cost", "GO SOLO", types=types)
        if facts or len(set(keywords)) != 1 or equipped:
            return None
        return Asked("keyword", keywords[0], types=types)
    if not facts and len(types) == 1 and not equipped:
        # "Saul Bright bir Legend mı?": the card's type is the one fact asked
        return Asked("type", types=types)
    if len(facts) != 1:
        return None
    fact = facts.pop()
    if equipped and fact != "power":
        return None
    return Asked(fact, equipped=equipped, types=types)


def answer(question: str, language: str):
    """An Answer of kind "card" when the question only asks a named card's printed fact;
    the reasons for no ruling when it asks one that cannot be given; None when it asks
    anything else."""
    from .family_cards import _may_name_a_card
    if not _may_name_a_card(question):
        return None
    from ..cards.matching import find
    from ..cards.pool import card_names, load_pool
    if not find(question, card_names(), glued=True):
        return None
    mentions = find(question, load_pool(), glued=True)
    # a name's span with its case ending ("Wrecker'ın", "Atlusa")
    spans = [(m.start, _word_end(question, m.end)) for m in mentions]
    asked = _asked(_words(question, spans), question, vocabulary())
    if asked is None:
        return None
    from .lexicon import read
    reading = read(question)
    from .situation import _messages
    m = _messages(reading.language)
    gears = [x for x in mentions if all(c.type == "gear" for c in x.cards)]
    holders = [x for x in mentions if x not in gears]
    if asked.types and (asked.fact == "power" and asked.equipped or len(mentions) > 1):
        return None
    if asked.fact == "power" and (asked.equipped or len(mentions) > 1):
        if len(holders) != 1 or not gears or not asked.equipped:
            return _no(question, reading, [m("ask_misc.card.fact_holder")])
        return _with_gears(question, reading, holders[0], gears)
    if len(mentions) != 1:
        return None
    cards = mentions[0].cards
    if asked.fact != "type" and asked.types and any(c.type not in asked.types for c in cards):
        return None             # "Floor It bir birim mi?": the type named is not the card's
    if asked.keyword and asked.fact == "cost" and not all(asked.keyword in c.keywords
                                                           for c in cards):
        return None             # a GO SOLO cost of a card without GO SOLO
    written = question[mentions[0].start:mentions[0].end]
    return _fact(question, reading, cards, written, asked)


def _word_end(question: str, end: int) -> int:
    """The end of the word a name ends in ("Wrecker'ın": after the ending)."""
    while end < len(question) and (question[end].isalnum() or question[end] in "'’"):
        end += 1
    return end


def _value(card: Any, asked: Asked) -> Any:
    if asked.fact == "cost":
        return card.cost
    if asked.fact == "power":
        return card.power
    if asked.fact == "ram":
        return card.ram
    if asked.fact == "sell":
        return card.sell_tag
    if asked.fact == "type":
        return card.type in asked.types
    return asked.keyword in card.keywords


def _fact(question: str, reading: Any, cards: tuple, written: str, asked: Asked):
    from .situation import _messages
    m = _messages(reading.language)
    values = {_value(c, asked) for c in cards}
    if len(values) > 1:
        return _no(question, reading, [m("ask_misc.card.shared", name=written,
                                         names="; ".join(c.display for c in cards))])
    value = values.pop()
    card = cards[0]
    names = " / ".join(c.display for c in cards)
    if asked.fact == "cost" and value is None:
        return _no(question, reading, [m("ask_misc.card.fact_no_cost", name=names)])
    if asked.fact == "power" and value is None:
        return _no(question, reading, [m("ask_misc.card.fact_no_power", name=names)])
    if asked.fact == "ram" and value is None:
        return _no(question, reading, [m("ask_misc.card.fact_no_ram", name=names)])
    if asked.fact == "sell" and value:
        return None             # a Sell Tag: whether it may be sold now is the sell family's
    if asked.fact == "type" and "unit" in asked.types and any(c.type == "legend" for c in cards):
        # a Legend on the field is a Unit too, and any Legend may be played as one (official
        # 4.2.1, 4.5): whether it is one depends on where it is, which the question leaves open
        return _no(question, reading, [m("ask_misc.card.fact_legend_unit", name=names)])
    if asked.fact == "keyword":
        if any(c.type == "gear" for c in cards):
            return _no(question, reading, [m("ask_misc.card.fact_gear_keyword", name=names,
                                             keyword=asked.keyword)])
        if not value and any(asked.keyword in c.mentions for c in cards):
            return _no(question, reading, [m("ask_misc.card.fact_mentions", name=names,
                                             keyword=asked.keyword)])
    from ..engine.trace import Phrase, Step
    steps: list = []
    if asked.fact == "cost":
        line = m("ask_misc.card.fact_cost", name=names, n=value)
        steps.append(Step.said(_COST_RULE, "card_fact.cost", card=names, n=value))
        if asked.keyword:
            # "X'in GO SOLO bedeli": the keyword that plays the Legend for that cost
            steps.append(Step.said(_KEYWORD_RULES[asked.keyword], "card_fact.keywords",
                                   card=names, keywords=", ".join(card.keywords)))
    elif asked.fact == "power":
        # a printed power is card data; the rule that it is the card's (base) power is
        # official only (3.17.4; a Gear's 3.17.3.2), named in the answer with the mark
        # (no step: a cited number must have Turkish text; the answer names the official one)
        rule = _GEAR_POWER_PRINTED if card.type == "gear" else _POWER_RULE
        line = m("ask_misc.card.fact_power", name=names, n=value, rule=rule)
    elif asked.fact == "ram":
        line = m("ask_misc.card.fact_ram", name=names, n=value, rule=_RAM_RULE)
    elif asked.fact == "type":
        # the printed type is card data; the rule that names the types is official only
        # (3.21.1), named in the answer with the mark, not cited
        line = m("ask_misc.card.fact_type_yes" if value else "ask_misc.card.fact_type_no",
                 name=names, type=m(f"ask_misc.card.type_{card.type}"),
                 asked=m(f"ask_misc.card.type_{next(iter(asked.types))}"), rule=_TYPE_RULE)
    elif asked.fact == "sell":
        line = m("ask_misc.card.fact_sell_no", name=names)
        value = False
        steps.append(Step.said(_SELL_RULE, "card_fact.no_sell_tag", card=names))
    else:
        line = m("ask_misc.card.fact_keyword_yes" if value else "ask_misc.card.fact_keyword_no",
                 name=names, keyword=asked.keyword)
        shown = ", ".join(card.keywords) if card.keywords else Phrase("card_fact.none")
        steps.append(Step.said(_KEYWORD_RULES[asked.keyword], "card_fact.keywords", card=names,
                               keywords=shown))
    return _made(question, reading, value, line, steps, cards)


def _with_gears(question: str, reading: Any, holder: Any, gears: list):
    """A Unit (or a Legend played as one) named with the Gears equipped to it: its power
    on a board where it holds them, as the engine computes it (11.6.5), which must be the
    printed powers' sum."""
    from .situation import _messages
    m = _messages(reading.language)
    unit_cards = holder.cards
    gear_cards = [g.cards for g in gears]
    if len(unit_cards) > 1 or any(len(g) > 1 for g in gear_cards):
        shared = next(x for x in [holder, *gears] if len(x.cards) > 1)
        return _no(question, reading, [m("ask_misc.card.shared",
                                         name=question[shared.start:shared.end],
                                         names="; ".join(c.display for c in shared.cards))])
    unit = unit_cards[0]
    gear_list = [g[0] for g in gear_cards]
    if unit.type != "unit" or unit.power is None:
        return _no(question, reading, [m("ask_misc.card.fact_holder")])
    printed = unit.power + sum(g.power or 0 for g in gear_list)
    from .family_util import run
    from .scenario_build import NotModelled
    data = {"title": question[:120] or "judge ask", "question": question[:300] or "?",
            "state": {"turn_player": "A", "turn": 3,
                      "A": {"deck": 5, "field": [{"card": unit.display,
                                                  "gears": [g.display for g in gear_list]}]},
                      "B": {"deck": 5}}}
    engine_power: dict[str, int] = {}

    def expect_of(result) -> dict:
        card = next(c for c in result.state.players["A"].field if c.name == unit.display)
        engine_power["n"] = result.game.power(card)
        return {"power": {unit.display: engine_power["n"]},
                "A": {"field": [c.name for c in result.state.players["A"].field]}}

    try:
        _, text = run(data, expect_of)
    except NotModelled as exc:
        return _no(question, reading, [exc.text(reading)])
    if engine_power.get("n") != printed:
        return _no(question, reading, [m("ask_misc.card.fact_engine_power",
                                         engine=engine_power.get("n"), printed=printed)])
    from ..engine.trace import Step
    names = ", ".join(g.display for g in gear_list)
    steps = [Step.said(_GEAR_POWER_RULE, "card_fact.gears", card=unit.display, base=unit.power,
                       added=printed - unit.power, n=printed)]
    line = m("ask_misc.card.fact_power_gears", name=unit.display, gears=names, n=printed)
    out = _made(question, reading, printed, line, steps, (unit, *gear_list))
    out.scenario = text
    return out


def _made(question: str, reading: Any, value: Any, line: str, steps: list, cards):
    from . import Answer
    from .family_cards import CardReading, Named
    from .say import language_of
    lang = language_of(reading)
    shown = CardReading(question, reading.language, [Named(c, c.display) for c in cards])
    steps = [s.in_language(lang) for s in steps]
    return Answer(question, "card", value, line, list(dict.fromkeys(s.rule for s in steps)),
                  steps, language=reading.language, understood=shown.lines(reading.language))


def _no(question: str, reading: Any, why: list[str]) -> list[str]:
    """No ruling: what was not understood (the caller adds the closest rules)."""
    return why
