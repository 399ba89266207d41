"""Card names in `judge ask` questions ("Animals Wrecker kaç Gig çalar?", "Can Riding
Nomad attack the turn it is played?", "Mantis Blades takılı 9 güçlü birim …").

A named card is read as the facts that matter to the families (a Unit: its power and
keywords; a Gear: its power), so the question is understood as "10 güçlü birim kaç Gig
çalar?"; then the scenario the family runs gets the real card from the pool in place of
its stand-in Unit (a Gear is equipped to the Unit), so the engine runs the card's encoded
effects too and the quick value must still agree. No ruling when the name is shared by
cards whose facts or effects differ, when the card's effect is not in the engine
(`unsupported`), when an effect of it depends on a condition the question does not settle,
or when the card cannot be placed in the situation the family runs.
"""

from __future__ import annotations

import contextvars
from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from .scenario_build import ATTACKER, BLOCKER, DEFENDER, NotModelled
from .situation import _messages

_ROLES = (ATTACKER, DEFENDER, BLOCKER)
_BOUND: contextvars.ContextVar["Reading | None"] = contextvars.ContextVar("ask_cards", default=None)


@dataclass
class Named:
    """A card the question names, and whether it went into the scenario."""

    card: Any                       # CardFacts
    written: str                    # as the question wrote it
    placed: bool = False
    # The card's effect is not in the engine (or depends on an unsettled condition), but
    # what a React Step question asks of it (may it be played or used now?) depends only on
    # its type and keywords (9.7-9.10, 11.26): only the `react` family may use it, as a
    # stand-in with the card's facts and no effect. `problem` is the reason otherwise.
    timing_only: bool = False
    # Likewise for selling it from hand: only its Sell Tag decides (11.9.2); only the
    # `sell` family may use it
    sell_only: bool = False
    # Its missing effect only changes what playing it costs (card-facts.toml
    # [unsupported]): read in board questions, never for its cost
    own_cost_unknown: bool = False
    # Its effects are all in the engine but one has a condition the question does not
    # settle; what playing it costs does not depend on them (no encoded effect changes a
    # cost): only the `cost` family may use it, as a stand-in with its facts and no effect
    cost_only: bool = False
    problem: str = ""
    # its role in an attack as the wording gives it ("X'e saldırır": the defender; "X
    # saldırır", "X ile": the attacker), used only to tell two stand-ins of its power apart
    role: str | None = None
    at: int = -1                    # where the question names it (character offset)
    holder: str = ""                # a Gear placed on a named card's stand-in: that card


@dataclass
class CardReading:
    """The question with each card name replaced by its facts, and what was found."""

    text: str
    language: str = "tr"
    named: list[Named] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    bare: str = ""                  # Units named without their power ("can X attack?")
    plain: str = ""                 # Gears named without their power too ("X takılı birim")
    costed: str = ""                # cards named by their cost ("X'i oynamak kaç €$?")
    sold: str = ""                  # cards named by their Sell Tag ("X'i satabilir miyim?")
    with_power: bool = True         # which of the texts was understood
    mode: str = "power"             # "power", "bare" or "cost"
    paying: bool = False            # the question speaks of paying (a cost, Eddies, "free")

    def texts(self) -> list[tuple[str, str]]:
        # a question about selling reads the card as what decides it, its Sell Tag, first
        out = [(self.sold, "sell")] if self.sold else []
        if out and any(n.sell_only for n in self.named):
            return out              # read for its Sell Tag only
        if any(n.cost_only for n in self.named):
            return [(self.costed, "cost")] if self.costed else []
        out.append((self.text, "power"))
        for text, mode in ((self.bare, "bare"), (self.plain, "plain"), (self.costed, "cost")):
            if text and all(text != t for t, _ in out):
                out.append((text, mode))
        return out

    def use(self, mode: str) -> None:
        self.mode = mode
        self.with_power = mode == "power"

    def lines(self, language: str) -> list[str]:
        m = _messages(language)
        out = []
        for n in self.named:
            c = n.card
            kw = (" · " + ", ".join(c.keywords)) if c.keywords else ""
            out.append(m(f"ask_misc.card.facts_{c.type}", name=c.display,
                         power="-" if c.power is None else c.power,
                         cost="-" if c.cost is None else c.cost, keywords=kw))
        return out

    def timing_problems(self, kind: str) -> list[str]:
        """Why a card read only for its type and keywords cannot be used by `kind`."""
        return [n.problem for n in self.named
                if (n.timing_only and kind != "react") or (n.sell_only and kind != "sell")
                or (n.cost_only and kind != "cost")]

    def assumed(self, language: str) -> list[str]:
        m = _messages(language)
        return [m("ask_react.card_timing_only", name=n.card.display)
                for n in self.named if n.timing_only] + \
            [m("ask_misc.card.sell_only", name=n.card.display)
             for n in self.named if n.sell_only] + \
            [m("ask_misc.card.own_cost_unknown", name=n.card.display)
             for n in self.named if n.own_cost_unknown] + \
            [m("ask_misc.card.cost_only", name=n.card.display)
             for n in self.named if n.cost_only]


Reading = CardReading


def read_cards(question: str, language: str) -> CardReading | None:
    """None when the question names no card (the fast name scan, no pool load)."""
    if not _may_name_a_card(question):
        return None
    from ..cards.matching import find
    from ..cards.pool import card_names, load_pool
    if not find(question, card_names(), glued=True):
        return None
    m = _messages(language)
    mentions = find(question, load_pool(), glued=True)
    out = CardReading(question, language)
    from .lexicon import load_lexicon, read
    said = read(question, load_lexicon())
    out.paying = any(said.has(c) for c in _PAYING)
    if said.has("other"):
        # "Saul Bright ile saldırırsam diğer birimim …": a Unit other than the card is asked
        # about; the families read roles from numbers, so the card could take its place.
        out.problems.append(m("ask_misc.card.other"))
        return out
    pieces: list[str] = []
    bare: list[str] = []
    plain: list[str] = []
    costed: list[str] = []
    sold: list[str] = []
    at = 0
    for mention in mentions:
        written = question[mention.start:mention.end]
        card, problem = _one(_on_the_field(mention.cards, said), written, m)
        timing_only = sell_only = cost_only = False
        if problem and said.has("sell") and _sell_facts_only(mention.cards):
            card, sell_only = mention.cards[0], True
        elif problem and _cost_facts_only(mention.cards, said):
            card, cost_only = mention.cards[0], True
        elif problem and _timing_facts_only(mention.cards):
            card, timing_only = mention.cards[0], True
        elif problem:
            out.problems.append(problem)
            continue
        # an ending glued on without an apostrophe ("Atlusa") keeps its word apart
        glue = "'" if question[mention.end:mention.end + 1].isalpha() else ""
        pieces += [question[at:mention.start], _stand_in(card, language) + glue]
        bare += [question[at:mention.start],
                 _stand_in(card, language, power=card.type == "gear") + glue]
        plain += [question[at:mention.start], _stand_in(card, language, power=False) + glue]
        costed += [question[at:mention.start], _cost_stand_in(card, language) + glue]
        sold += [question[at:mention.start], _sell_stand_in(card, language) + glue]
        at = mention.end
        out.named.append(Named(card, written, timing_only=timing_only, sell_only=sell_only,
                               cost_only=cost_only,
                               own_cost_unknown=card is not None and not card.expressible
                               and not timing_only and not sell_only,
                               problem=problem or "",
                               role=_attack_role(question, mention.start, mention.end),
                               at=mention.start))
    pieces.append(question[at:])
    bare.append(question[at:])
    plain.append(question[at:])
    costed.append(question[at:])
    sold.append(question[at:])
    out.text = "".join(pieces)
    out.bare = "".join(bare)
    out.plain = "".join(plain)
    out.costed = "".join(costed) if len(out.named) == 1 and not out.named[0].timing_only \
        and not out.named[0].own_cost_unknown else ""
    # a card that can be in hand (a Legend is in the Legends area, not in hand): one card only
    out.sold = "".join(sold) if said.has("sell") and len(out.named) == 1 and \
        out.named[0].card.type != "legend" else ""
    return out


# Turkish endings that make a name the one attacked ("Rockerboy'a saldırır"): the dative,
# after a possessive too ("Wrecker'ına"); not the locative or instrumental
_DATIVE = ("a", "e", "ya", "ye", "na", "ne")
_NOT_DATIVE = ("la", "le", "da", "de", "ta", "te")
# English words between an attack verb and the name it takes ("attacks my rival's X")
_DETERMINERS = {"my", "the", "a", "an", "his", "her", "their", "rival's", "opponent's",
                "rivals", "opponents", "enemy"}


def _attack_role(question: str, start: int, end: int) -> str | None:
    """The attack role the wording gives a card name: the defender when it takes a dative
    ending or follows an English attack verb, the attacker otherwise ("X saldırırsa",
    "X ile"); None without a word of attacking, and in a passive ("… tarafından saldırıya
    uğradı", "is attacked by") unless the name is the dative target."""
    import re
    text = question.lower()
    if not re.search(r"sald[ıi]r|attack", text):
        return None
    ending = re.match(r"['’]?(\w*)", question[end:]).group(1).lower()
    if ending.endswith(_DATIVE) and not ending.endswith(_NOT_DATIVE):
        return DEFENDER
    before = [w for w in re.findall(r"[\w'’]+", text[:start]) if w not in _DETERMINERS]
    if before and before[-1].startswith("attack"):
        return DEFENDER
    if re.search(r"tarafından|tarafindan|sald[ıi]r[ıi]ya u[ğg]ra|sald[ıi]r[ıi]l|"
                 r"\b(?:is|was|were|are|be|been|being|gets?|got)\s+(?:\w+\s+)?attacked", text):
        return None             # a passive: who attacks is not read from a name's ending
    return ATTACKER


def _on_the_field(cards: tuple, said: Any) -> tuple:
    """A name shared by a Unit and a Legend, in a question about attacking, blocking or
    stealing: only a Unit (or a GO SOLO Legend, played as a Unit) can attack, block or be
    attacked (9.3, 11.24, 11.25), so the others are not the card meant. The question must
    not name a Legend itself."""
    if len(cards) < 2 or said.has("legend") or not any(
            said.has(c) for c in ("attack", "block", "steal")):
        return cards
    fielded = tuple(c for c in cards if c.type == "unit"
                    or (c.type == "legend" and "GO SOLO" in c.keywords))
    return fielded if fielded and len(fielded) < len(cards) else cards


# Words in a card's "unsupported" note that could bear on selling it (or on Eddies)
_SELL_WORDS = ("sat", "sell", "eddie")


def _sell_facts_only(cards: tuple) -> bool:
    """A card whose effect is not in the engine may still be read for its Sell Tag when
    selling it from hand is asked (11.9.2: only the tag decides): every card of the name is
    one that can be in hand (not a Legend) with the same tag, and nothing in its note or
    encoded effects is about selling or Eddies."""
    if any(c.type == "legend" for c in cards) or len({bool(c.sell_tag) for c in cards}) != 1:
        return False
    for card in cards:
        note = (card.unsupported or "").lower()
        if any(w in note for w in _SELL_WORDS) or any(
                w in repr(card.effects_raw).lower() for w in _SELL_WORDS):
            return False
    return True


# the concepts of a question about paying: what a card costs, Eddies, "for free"
_PAYING = ("cost", "pay", "free")


def _cost_facts_only(cards: tuple, said: Any) -> bool:
    """A card whose effects are all in the engine, one with a condition the question does
    not settle, may still be read for its cost in a question about paying (no encoded
    effect changes a cost; a change the engine lacks makes the card not `expressible`):
    one card (no shared name), with a cost, a Unit, Gear or Program (a Legend's cost is
    read only as its GO SOLO)."""
    if len(cards) != 1 or not any(said.has(c) for c in _PAYING):
        return False
    card = cards[0]
    return card.expressible and card.cost is not None and card.type != "legend"


# Words in a card's "unsupported" note that could bear on whether it may be played or used
# in the React Step: such a card gets no ruling even there.
_TIMING_WORDS = ("BLOCKER", "QUICK", "tepki", "kısıtla", "yasak", "oynanamaz", "oynayamaz",
                 "kullanamaz", "kullanılamaz", "çağrılamaz", "bloklayamaz")


def _timing_facts_only(cards: tuple) -> bool:
    """A card whose effect is not in the engine may still be read for its type and keywords
    (a React Step question): one card (no shared name), a Program or a Unit/Gear without
    QUICK (a QUICK effect on a permanent is used from the field, 11.26.1.2), with a cost,
    and nothing in its effects or note that restricts playing or using it."""
    if len(cards) != 1:
        return False
    card = cards[0]
    if card.type not in ("program", "unit") or card.cost is None:
        return False
    if card.type != "program" and ("QUICK" in card.keywords or card.power is None):
        return False
    note = card.unsupported or ""
    if any(w.lower() in note.lower() for w in _TIMING_WORDS):
        return False
    return not _restricts(card.effects_raw)


def _restricts(effect: Any) -> bool:
    if isinstance(effect, dict):
        return any(k in ("restrict", "allow", "quick") or _restricts(v) for k, v in effect.items())
    if isinstance(effect, list):
        return any(_restricts(v) for v in effect)
    return False


def _may_name_a_card(question: str) -> bool:
    """Whether a word of the question can start a card name (its key, or its key without
    an apostrophe suffix, as `cards.matching.find` reads words). When none can, `find`
    finds nothing, so the card names and the matcher are not even loaded: the first words
    come from the compiled cache."""
    from ..datacache import cached
    from ..turkish import NAME_CASE_ENDINGS, name_keys, tokenize
    firsts, one_word = cached("cards:name-starts", _name_starts, group="ask")   # read anyway
    for t in tokenize(question):
        key = "".join(name_keys(t.stem_part))
        if "".join(name_keys(t.text)) in firsts or key in firsts:
            return True
        # a one-word name with a case ending glued on ("minotauru"; as `find` reads it)
        if any(key.endswith(e) and key[:-len(e)] in one_word for e in NAME_CASE_ENDINGS):
            return True
    return False


def _name_starts() -> tuple[frozenset[str], frozenset[str]]:
    from ..cards.matching import first_words, one_word_names
    from ..cards.pool import card_names
    return first_words(card_names()), one_word_names(card_names())


def _one(cards: tuple, written: str, m) -> tuple[Any, str | None]:
    if len(cards) > 1:
        facts = {(c.type, c.power, c.cost, c.keywords, c.unsupported,
                  repr(c.effects_raw)) for c in cards}
        if len(facts) > 1:
            return None, m("ask_misc.card.shared", name=written,
                           names="; ".join(c.display for c in cards))
    card = cards[0]
    if not card.expressible and not _own_cost_only(card):
        if getattr(m, "lang", "tr") != "tr":
            # what is missing is written in the card data in Turkish only
            return None, m("ask_react.card_unsupported", name=card.display)
        return None, m("ask_misc.card.unsupported", name=card.display, why=card.unsupported)
    if card.type == "program":
        if any(_conditional(e) for e in card.effects_raw):
            return None, m("ask_misc.card.conditional", name=card.display)
        return card, None               # read as "QUICK Program" / a Program without QUICK
    if card.type == "legend" and not ("GO SOLO" in card.keywords and card.cost is not None):
        # a Legend is read only as played with GO SOLO, a Unit on the field (11.25)
        return None, m("ask_misc.card.type", name=card.display)
    if card.type not in ("unit", "gear", "legend") or card.power is None:
        return None, m("ask_misc.card.type", name=card.display)
    if any(_conditional(e) for e in card.effects_raw):
        return None, m("ask_misc.card.conditional", name=card.display)
    return card, None


def _own_cost_only(card: Any) -> bool:
    """Every part of the card's `unsupported` note changes only what is paid to play it."""
    from .card_facts import vocabulary      # card-facts.toml [unsupported], read with the rest
    harmless = vocabulary().own_cost
    parts = [p.strip() for p in (card.unsupported or "").split(";") if p.strip()]
    return bool(parts) and all(any(p.startswith(h) for h in harmless) for p in parts)


def _conditional(effect: Any) -> bool:
    """An effect with a condition anywhere ("if", "unless"): whether it applies depends on
    a board the question does not describe."""
    if isinstance(effect, dict):
        return any(k in ("if", "unless") or _conditional(v) for k, v in effect.items())
    if isinstance(effect, list):
        return any(_conditional(v) for v in effect)
    return False


def _stand_in(card: Any, language: str, power: bool = True) -> str:
    # BLOCKER is left out: the families read "BLOCKER" as the blocking (defending) Unit,
    # a role the question gives by its wording, not by the card's keyword. The card's
    # keywords are the engine's when it runs in place of the stand-in.
    kw = " ".join(k for k in card.keywords if k != "BLOCKER")
    if card.type == "program":
        # what decides a React Step question is whether it has QUICK (9.10.1)
        if "QUICK" in card.keywords:
            return "QUICK Program"
        return "non-QUICK Program" if language == "en" else "QUICK olmayan Program"
    if card.type == "gear" and not power:
        # a Gear may have QUICK (a React Step question turns on it, 11.26): said either way
        core = "Gear" if "QUICK" in card.keywords else (
            "non-QUICK Gear" if language == "en" else "QUICK olmayan Gear")
    elif card.type == "gear":
        core = f"{card.power} power Gear" if language == "en" else f"{card.power} güçlü Gear"
    elif card.type == "legend":
        # read as the families read "GO SOLO Legend" (its GO SOLO keyword is in `kw`)
        core = f"{card.power} power Legend" if power and language == "en" else (
            f"{card.power} güçlü Legend" if power else "Legend")
    elif power:
        core = f"{card.power} power unit" if language == "en" else f"{card.power} güçlü birim"
    else:
        core = "unit" if language == "en" else "birim"
    return f"{kw} {core}".strip()


def _sell_stand_in(card: Any, language: str) -> str:
    if card.sell_tag:
        return "card with a Sell Tag" if language == "en" else "Satış Etiketli kart"
    return "card without a Sell Tag" if language == "en" else "Satış Etiketi olmayan kart"


def _cost_stand_in(card: Any, language: str) -> str:
    if card.cost is None:
        return card.display
    return f"{card.cost} cost card" if language == "en" else f"{card.cost} bedelli kart"


class bound:
    """While answering, scenarios run with the named cards in place of their stand-ins
    (`with bound(reading): …`; a class, not contextlib's decorator: contextlib is not
    otherwise on a cold `judge ask`)."""

    def __init__(self, reading: CardReading | None) -> None:
        self._reading = reading
        self._token: contextvars.Token | None = None

    def __enter__(self) -> None:
        self._token = _BOUND.set(self._reading)

    def __exit__(self, *exc: object) -> None:
        _BOUND.reset(self._token)


def place(data: dict[str, Any]) -> dict[str, Any]:
    """The scenario with the named cards put in: a Unit in place of the stand-in Unit with
    its power (and keywords), a Gear equipped to the only Unit there is. Raises NotModelled
    when a card has no clear place."""
    reading = _BOUND.get()
    if reading is None or not reading.named:
        return data
    import copy
    data = copy.deepcopy(data)
    cards = data.get("cards", {})
    # a Gear first: its power comes off its holder's before the holder is matched by power
    done: set[str] = set()
    for named in sorted(reading.named, key=lambda n: n.card.type != "gear"):
        try:
            _place_one(data, cards, reading, named)
        except NotModelled:
            if named.card.display not in done:
                raise
            named.placed = True         # the same card named again ("… X nereye gider?")
        done.add(named.card.display)
    for named in reading.named:
        if named.holder and not _holds(data, named.holder, named.card.display):
            # the stand-in the Gear went on is not the card named with it
            raise NotModelled("ask_misc.card.no_place", name=named.card.display)
    if not cards:
        data.pop("cards", None)     # as the printed file reads: no [cards] table at all
    return data


def _place_one(data: dict, cards: dict, reading: CardReading, named: Named) -> None:
    """Put one named card into the scenario in place of its stand-in (NotModelled when it
    has no clear place)."""
    card = named.card
    if reading.mode == "sell":
        # the sell family's one stand-in card in hand, with the card's Sell Tag
        spots = [r for r, c in cards.items() if "sell_tag" in c]
        if len(spots) != 1 or bool(cards[spots[0]]["sell_tag"]) != bool(card.sell_tag):
            raise NotModelled("ask_misc.card.no_place", name=card.display)
        _rename(data, spots[0], card.display)
        if named.sell_only:
            # read for its Sell Tag only: it runs as the stand-in did, under its name
            cards[card.display] = {"type": card.type, "cost": card.cost,
                                   "sell_tag": bool(card.sell_tag)}
        del cards[spots[0]]
        named.placed = True
        return
    if reading.mode == "cost":
        # the cost family plays one stand-in card with the cost the question gave
        spots = [r for r, c in cards.items() if c.get("type") == "program"
                 and c.get("cost") == card.cost and not c.get("effects")]
        if len(spots) != 1:
            raise NotModelled("ask_misc.card.no_place", name=card.display)
        _rename(data, spots[0], card.display)
        del cards[spots[0]]
        _facts_only(cards, named)
        named.placed = True
        return
    if card.type == "program":
        # the React Step's stand-in Program with the same QUICK keyword; it is played
        # for the card's own cost
        quick = "QUICK" in card.keywords
        spots = [r for r, c in cards.items() if c.get("type") == "program"
                 and ("QUICK" in c.get("keywords", ())) == quick]
        if len(spots) != 1 or card.cost is None:
            raise NotModelled("ask_misc.card.no_place", name=card.display)
        _played_instead(data, cards, spots[0], named)
        return
    if card.type == "legend":
        _place_legend(data, cards, reading, named)
        return
    if card.type == "unit" and not reading.with_power:
        # a Unit played from hand (the React Step's "play a Unit"): the one plain
        # stand-in Unit in a hand, played for the card's own cost
        held = _in_hands(data, "unit")
        if len(held) == 1 and card.cost is not None:
            _played_instead(data, cards, held[0], named)
            return
    if card.type == "unit":
        # Without its power in the question (a legality question) the card takes the
        # place of the only stand-in Unit with the default power 1 whose keywords it
        # has; the engine then runs the card's own power.
        units = [r for r in _ROLES if r in cards and cards[r].get("type") == "unit"]
        if not units and not reading.with_power:
            # no role stand-in (a Gear's holder): the one plain stand-in Unit there is
            units = [r for r, c in cards.items() if c.get("type") == "unit" and not c.get("effects")]
        blockers = [r for r in units if "BLOCKER" in cards[r].get("keywords", ())]
        if not reading.with_power and len(units) != 1 and "BLOCKER" in card.keywords \
                and len(blockers) == 1 and not cards[blockers[0]].get("effects"):
            # "X'imle bloklayabilir miyim?": the one stand-in that blocks is the card
            units = blockers
        if not reading.with_power and len(units) > 1 and named.role in units \
                and cards[named.role].get("power") == 1 and not cards[named.role].get("effects"):
            # "X bu tur oynandı, rakibin hazır birimine saldırabilir mi?": the wording gives
            # its role (the one attacking, or the one attacked by a dative)
            units = [named.role]
        if not reading.with_power and len(units) != 1:
            # without a power to tell the roles apart, the card's role is known only
            # when the situation has one Unit ("can X block?" has an attacker too)
            raise NotModelled("ask_misc.card.no_place", name=card.display)
        spots = [r for r in units
                 if (cards[r].get("power") == card.power
                     or (not reading.with_power and cards[r].get("power") == 1))
                 and set(cards[r].get("keywords", ())) <= set(card.keywords)]
        if len(spots) > 1 and named.role:
            # two stand-ins with its power (a fight of equals): the one in its role
            spots = [r for r in spots if r == named.role]
        if len(spots) != 1:
            raise NotModelled("ask_misc.card.no_place", name=card.display)
        _rename(data, spots[0], card.display)
        del cards[spots[0]]
        _facts_only(cards, named)
    elif reading.mode == "plain" and card.type == "gear":
        # the Gear named without its power: the one plain stand-in Gear there is
        spots = [r for r, c in cards.items() if c.get("type") == "gear" and not c.get("effects")]
        if len(spots) != 1:
            raise NotModelled("ask_misc.card.no_place", name=card.display)
        _rename_gear(data, spots[0], card.display)
        del cards[spots[0]]
        _facts_only(cards, named)
    elif _gear_stand_ins(cards, card.power):
        # a Gear family's own stand-in Gear with the card's power ("X takılı 4 güçlü birim"):
        # the card takes its place
        spots = _gear_stand_ins(cards, card.power)
        if len(spots) != 1:
            raise NotModelled("ask_misc.card.no_place", name=card.display)
        _rename_gear(data, spots[0], card.display)
        del cards[spots[0]]
        _facts_only(cards, named)
    else:
        spots = [r for r in _ROLES if r in cards and cards[r].get("type") == "unit"]
        holder = _nearest_holder(reading, named)
        if len(spots) > 1 and holder is not None and card.power:
            # a Unit card named next to it ("Mantis Blades kuşanmış Emergency Atlus, …'a
            # saldırırsa", "Animals Wrecker'a Mantis Blades taktım"): the stand-in whose power
            # is that card's and the Gear's together (`place` then checks that the card
            # went there)
            spots = [r for r in spots if cards[r].get("power") == holder.card.power + card.power]
            if len(spots) > 1 and holder.role:
                spots = [r for r in spots if r == holder.role]     # the role its wording gives
            named.holder = holder.card.display
        if len(spots) != 1 or cards[spots[0]].get("power", 0) < card.power:
            raise NotModelled("ask_misc.card.no_place", name=card.display)
        cards[spots[0]]["power"] -= card.power
        _equip(data, spots[0], card.display)
        _facts_only(cards, named)
    named.placed = True


def _place_legend(data: dict, cards: dict, reading: CardReading, named: Named) -> None:
    """A GO SOLO Legend in place of the one stand-in Legend with its keywords (and its power,
    when the question gave it). The stand-in is played for the Eddies the family gave it, so
    the card goes in only when the question says nothing of paying: its player then has
    the Eddies for its own cost."""
    card = named.card
    spots = [r for r, c in cards.items() if c.get("type") == "legend" and not c.get("effects")
             and (c.get("power") == card.power or (not reading.with_power and c.get("power") == 1))
             and set(c.get("keywords", ())) <= set(card.keywords)]
    if len(spots) != 1 or reading.paying:
        raise NotModelled("ask_misc.card.no_place", name=card.display)
    extra = card.cost - int(cards[spots[0]].get("cost", 0))
    for side in ("A", "B"):
        state = data["state"].get(side, {})
        if any(isinstance(x, dict) and x.get("card") == spots[0] for x in state.get("legends", ())):
            eddies = state.get("eddies", 0)
            if not isinstance(eddies, int):
                raise NotModelled("ask_misc.card.no_place", name=card.display)
            state["eddies"] = eddies + max(0, extra)
    _rename(data, spots[0], card.display)
    del cards[spots[0]]
    _facts_only(cards, named)
    named.placed = True


def _nearest_holder(reading: CardReading, gear: Named) -> Named | None:
    """The Unit (or Legend) card named nearest the Gear's name, strictly nearer than any
    other, or None."""
    units = sorted(((abs(n.at - gear.at), i) for i, n in enumerate(reading.named)
                    if n.card is not None and n.card.type in ("unit", "legend")
                    and n.card.power is not None and n.at >= 0))
    if not units or (len(units) > 1 and units[0][0] == units[1][0]):
        return None
    return reading.named[units[0][1]]


def _holds(data: dict, holder: str, gear: str) -> bool:
    """Whether the scenario's field has `gear` equipped to the card `holder`."""
    return any(isinstance(x, dict) and x.get("card") == holder and gear in x.get("gears", ())
               for side in ("A", "B") for x in data["state"].get(side, {}).get("field", ()))


def _gear_stand_ins(cards: dict, power: int | None) -> list[str]:
    """The scenario's stand-in Gears (no effects) with this power."""
    return [r for r, c in cards.items() if c.get("type") == "gear" and not c.get("effects")
            and c.get("power") == power]


def _played_instead(data: dict, cards: dict, spot: str, named: Named) -> None:
    """The named card takes the stand-in's place and is played for its own cost."""
    card = named.card
    _rename(data, spot, card.display)
    del cards[spot]
    _facts_only(cards, named)
    _pay_cost(data, card.display, card.cost)
    named.placed = True


def _facts_only(cards: dict, named: Named) -> None:
    """A card read only for its facts runs as a stand-in under its name: its type, cost,
    power and keywords, no effect (the engine has none for it); a card whose missing effect
    changes only its own cost also keeps the effects the engine has."""
    if not (named.timing_only or named.own_cost_unknown or named.cost_only):
        return
    c = named.card
    card: dict[str, Any] = {"type": c.type, "cost": c.cost, "keywords": list(c.keywords)}
    if c.power is not None and c.type != "program":
        card["power"] = c.power
    if named.own_cost_unknown and c.effects_raw:
        # what the engine has of it (the missing part changes only its own cost)
        card["effects"] = [dict(e) for e in c.effects_raw]
    cards[c.display] = card


def _in_hands(data: dict, ctype: str) -> list[str]:
    """Plain stand-in cards of `ctype` (no effects) in a player's hand."""
    cards = data.get("cards", {})
    return [name for side in ("A", "B") for name in data["state"].get(side, {}).get("hand", ())
            if isinstance(name, str) and cards.get(name, {}).get("type") == ctype
            and not cards[name].get("effects")]


def _rename_gear(data: dict, old: str, new: str) -> None:
    """The stand-in Gear's name, also where it is equipped (a Unit's `gears` list)."""
    _rename(data, old, new)

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: ([new if g == old else g for g in v] if k == "gears" and isinstance(v, list)
                        else walk(v)) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value
    data["state"] = walk(data["state"])


def _rename(data: dict, old: str, new: str) -> None:
    def walk(value: Any, key: str | None = None) -> Any:
        if isinstance(value, dict):
            return {k: walk(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        if value == old and key in ("card", "unit", "target", "field", "hand", None):
            return new
        return value
    for part in ("state", "actions", "choices"):
        if part in data:
            data[part] = walk(data[part])

    def targets(value: Any) -> Any:
        # an effect aimed at the stand-in by name ({"target": {"name": …}})
        if isinstance(value, dict):
            return {k: (new if k == "name" and v == old else targets(v)) for k, v in value.items()}
        if isinstance(value, list):
            return [targets(v) for v in value]
        return value
    for name, card in data.get("cards", {}).items():
        if name != old and "effects" in card:
            card["effects"] = targets(card["effects"])


def _pay_cost(data: dict, name: str, cost: int) -> None:
    """The card is played paying its own cost: each play of it pays `cost` Eddies, and its
    player has the Eddies for it."""
    extra = 0

    def walk(value: Any) -> None:
        nonlocal extra
        if isinstance(value, dict):
            if value.get("card") == name and "pay" in value:
                extra += cost - int(value["pay"].get("eddies", 0))
                value["pay"] = {"eddies": cost}
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
    walk(data.get("actions", []))
    for side in ("A", "B"):
        state = data["state"].get(side, {})
        if name in state.get("hand", ()):
            eddies = state.get("eddies", 0)
            if isinstance(eddies, int):
                state["eddies"] = eddies + max(0, extra)


def _equip(data: dict, holder: str, gear: str) -> None:
    for side in ("A", "B"):
        field_ = data["state"].get(side, {}).get("field", [])
        for i, entry in enumerate(field_):
            name = entry if isinstance(entry, str) else entry.get("card")
            if name == holder:
                entry = {"card": entry} if isinstance(entry, str) else dict(entry)
                entry["gears"] = list(entry.get("gears", ())) + [gear]
                field_[i] = entry
                return
    raise NotModelled("card.no_unit_for_gear", gear=gear)


def all_placed(reading: CardReading | None) -> bool:
    return reading is None or all(n.placed for n in reading.named)


def not_placed(reading: CardReading, language: str) -> list[str]:
    m = _messages(language)
    return [m("ask_misc.card.no_place", name=n.card.display) for n in reading.named if not n.placed]
