"""`judge ask`: quick rulings for the questions judges hear most.

`ask("19 güçlü birim kaç Gig çalar?")` reads the question (`lexicon`), picks the question
family and the numbers in their roles (`families`), has the engine compute the answer with
its trace of rule ids, and falls back to search for anything else. Pure functions: no I/O
beyond loading data, no printing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from .families import EXTRACT, Call, Unclear, candidates
from .lexicon import Reading, load_lexicon, read

__all__ = ["Answer", "ask", "read", "recognise", "KINDS"]

KINDS = ("steal", "fight", "attack", "street_cred", "cost", "d20", "draw", "blocker", "sell",
         "call", "win", "timing", "react", "define", "deck_search", "replace", "gear",
         "card", "unanswered")
# Families are written for this game's rules; other rulebooks get the closest rules only.
FAMILY_GAME = "cyberpunk-tcg"


@dataclass
class Answer:
    """What `judge ask` found: the ruling, how it was reached and what was not understood."""

    question: str
    kind: str                       # one of KINDS
    value: Any                      # int, bool, "attacker"/"defender", a slug or None
    answer: str                     # the one-line answer
    rules: list[str]                # cited rule ids, in order of use
    trace: list[Any]                # engine Steps (rule, text)
    assumptions: list[str] = field(default_factory=list)
    hits: list[Any] = field(default_factory=list)   # closest rules (unanswered only)
    missing: list[str] = field(default_factory=list)  # engine citations the rulebook lacks
    language: str = "tr"
    understood: list[str] = field(default_factory=list)      # "Anladığım" lines
    not_understood: list[str] = field(default_factory=list)  # unanswered: what and why
    scenario: str | None = None     # the scenario TOML the engine ran

    def to_dict(self) -> dict:
        data = {
            "question": self.question,
            "kind": self.kind,
            "value": self.value,
            "answer": self.answer,
            "understood": list(self.understood),
            "rules": list(self.rules),
            "trace": [{"rule": s.rule, "text": s.text} for s in self.trace],
            "assumptions": list(self.assumptions),
        }
        if self.kind == "unanswered":
            data["not_understood"] = list(self.not_understood)
        return data


def recognise(question: str) -> tuple[str, Call | None, Reading]:
    """The family of a question and the engine arguments, or ("unanswered", None,
    reading); see `understand` for what was not accounted for."""
    family, call, reading, _ = understand(question)
    return family, call, reading


def understand(question: str) -> tuple[str, Call | None, Reading, list[str]]:
    """(family, call, reading, not understood). A family answers only when it accounts for
    every number and word of the question and the question asks what it answers; otherwise
    the first candidate's leftovers are what was not understood."""
    from .account import detached_numbers, negative_modals, not_understood, sign_words
    from .asked import asked_form, family_answers
    from .hedge import changed, hedged
    lexicon = load_lexicon()
    reading = read(question, lexicon)
    inexact = hedged(question, reading)
    if inexact:
        # "en az 20", "9 ya da 10", "about 12": the exact number decides the answer
        from .say import Reason
        return "unanswered", None, reading, [Reason("hedge", words=", ".join(inexact)).text(reading)]
    change = changed(question, reading)
    if change:
        # "5'ten 3'e düştü", "from 5 to 3": which of the two values counts is not settled
        from .say import Reason
        return "unanswered", None, reading, [Reason("hedge_change", words=", ".join(change)).text(reading)]
    form = asked_form(reading)
    first: list[str] | None = None
    for family in candidates(reading, lexicon):
        uses = frozenset(lexicon.families[family].get("uses", ()))
        reading.consumed.clear()        # what this family reads, not what an earlier one did
        try:
            call = EXTRACT[family](reading)
        except Unclear as exc:
            return "unanswered", None, reading, [exc.text(reading)]
        if call is None:
            continue
        facts = frozenset(lexicon.families[family].get("facts", ()))
        left = not_understood(reading, uses, call.used | sign_words(reading), facts)
        if family == "fight":
            left += [w for w in negative_modals(reading) if w not in left]
        left += [w for w in detached_numbers(reading, call.used) if w not in left]
        if not family_answers(family, form, reading):
            left = left + [_form_note(reading, form)]
        reading.context = []
        if left:
            left = _with_context(reading, family, call, left, uses, facts)
        if not left:
            return family, call, reading, []
        if first is None:
            first = left
    if first is None:
        first = not_understood(reading, frozenset(), set()) or [_tr_en_reading(
            reading, "no_family")]
    return "unanswered", None, reading, first


def _with_context(reading: Reading, family: str, call: Call, left: list[str],
                  uses: frozenset[str], facts: frozenset[str]) -> list[str]:
    """What is left once the numbers that cannot change this family's answer ("turn 3",
    "elimde 2 kart") are read as context (`context`); they go to `reading.context`."""
    from .account import not_understood, sign_words
    from .context import context_numbers
    found = context_numbers(reading, family, call.used, call.context,
                            lag_said=family == "attack" and "lagging" not in call.defaults)
    if not found:
        return left
    words = set().union(*(c.words for c in found))
    again = not_understood(reading, uses, call.used | sign_words(reading) | words, facts)
    texts = {reading.items[k].text for k in words}
    # only the context words drop out: every other reason given stays
    rest = [w for w in left if w not in texts or w in again]
    if len(rest) < len(left):
        reading.context = [(c.kind, c.value) for c in found]
    return rest


def _term_changed(typed: str, fixes) -> bool:
    """"Kart sayma ne demek?": in a "what does X mean" question the word asked about is the
    whole question, and a letter changed makes another word ("sayma" counting, "satma"
    selling). Only swapped or doubled letters ("blokcer", "adernaline", "strret": the same
    letters) are read as the term meant."""
    from .define import term_asked
    term = term_asked(typed)
    if term is None:
        return False
    from .. import turkish
    words = set(term.split())
    return any(turkish.fold(f.typed) in words and set(turkish.fold(f.typed)) != set(turkish.fold(f.read))
               for f in fixes)


def _tr_en_reading(reading: Reading, key: str) -> str:
    from .situation import _messages
    return _messages(reading.language)(f"ask_lines.{key}")


def _form_note(reading: Reading, form: str) -> str:
    return _tr_en_reading(reading, f"form.{form}")


def ask(question: str, book=None, game: str = FAMILY_GAME, limit: int = 3) -> Answer:
    """Answer a question. `book` is the rulebook for the closest rules and for checking
    citations (loaded when needed). Typos are read as the words meant (`spelling`) and
    each correction is shown first among the understood lines."""
    question = " ".join(question.split())
    if game != FAMILY_GAME:
        reading = read(question)
        return _unanswered(question, reading, book, game, limit, [])
    from .spelling import correct
    typed = question
    question, fixes = correct(question)
    if fixes and _term_changed(typed, fixes):
        question, fixes = typed, []
    answer = _ask(question, book, game, limit)
    if fixes:
        from .say import say
        answer.question = typed
        answer.understood = [say(answer, "ask_words.typo", typed=f.typed, read=f.read)
                             for f in fixes] + answer.understood
    return answer


def _ask(question: str, book, game: str, limit: int) -> Answer:
    from .define import define_answer
    defined = define_answer(question)
    if defined is not None:
        return defined
    from .define import meaning_asked
    if meaning_asked(question):
        # "X ne demek": what a word means, never a family's ruling on a situation
        from .say import Reason
        plain = read(question)
        return _unanswered(question, plain, book, game, limit,
                           [Reason("econ.term_unknown").text(plain)])
    from .family_cards import all_placed, bound, read_cards
    plain = read(question)
    from .card_facts import answer as card_fact
    fact = card_fact(question, plain.language)      # "X'in bedeli kaç?": the card pool's
    if isinstance(fact, list):
        return _unanswered(question, plain, book, game, limit, fact)
    if fact is not None:
        return fact
    named = read_cards(question, plain.language)   # card names: their facts
    if named is not None and named.problems:
        return _unanswered(question, plain, book, game, limit, named.problems)
    texts = named.texts() if named is not None else [(question, "power")]
    tried = []
    for text, mode in texts:
        kind, call, reading, left = understand(text)
        if call is not None and kind == "attack" and mode == "power" and len(texts) > 1:
            # the attack family reads a power as a fact that decides nothing, so a named
            # Unit is placed by its keywords (the text without its power), not its power
            continue
        if call is not None:
            if named is not None:
                named.use(mode)
            break
        tried.append((reading, left))
    if call is None and named is None:
        # no situation a family runs: a principle one rule settles for every game state
        # ("İndirim kartın bedel değerini düşürür mü?"), read strictly from principles.toml
        from .principles import answer as principle
        stated = principle(question, plain.language)
        if stated is not None:
            return stated
    if call is None:
        # what was not understood, from a reading of the question whose leftovers are the
        # question's own words (not a card's stand-in words such as "güçlü")
        said = question.casefold()
        first = next((t for t in tried if all(" " in w or w.casefold() in said for w in t[1])),
                     None)
        if first is None:
            # every reading left a card's stand-in word ("10 güçlü birim'a"): only the
            # question's own words are shown, never the stand-in's
            reading0, left0 = tried[0]
            own = [w for w in left0 if " " in w or w.casefold() in said]
            first = (reading0, own or [_tr_en_reading(reading0, "no_family")])
        return _unanswered(question, first[0], book, game, limit, first[1])
    if named is not None and named.timing_problems(kind):
        # a card read only for its type and keywords: only a React Step question may use it
        return _unanswered(question, reading, book, game, limit, named.timing_problems(kind))
    from . import compute
    from .scenario_build import NotModelled
    try:
        with bound(named):
            answer = compute.answer(question, kind, call, reading)
    except (NotModelled, compute.EngineDisagrees, Unclear) as exc:
        return _unanswered(question, reading, book, game, limit, [exc.text(reading)])
    if reading.context:
        # "turn 3", "elimde 2 kart": said, and unable to change this answer (`context`)
        from .say import say
        answer.understood = [say(answer, "ask_words.context", what=say(
            answer, f"ask_words.context_{kind}", n=value)) for kind, value in reading.context] \
            + answer.understood
    if reading.corrections:
        # "10 değil 9 güçlü": the power the question corrected to, shown first
        from .say import say
        answer.understood = [say(answer, "ask_words.correction", old=old, new=new)
                             for old, new in reading.corrections] + answer.understood
    if named is not None:
        if kind == "cost" and call.args.get("free") and answer.scenario is None:
            # a card played for free pays nothing whatever it is (11.8.4): no board is run,
            # so there is nothing to place it in; its cost was read from the card
            for n in named.named:
                n.placed = True
        if not all_placed(named):
            from .family_cards import not_placed
            return _unanswered(question, reading, book, game, limit, not_placed(named, reading.language))
        answer.question = question
        answer.understood = named.lines(reading.language) + answer.understood
        answer.assumptions = named.assumed(reading.language) + answer.assumptions
    # the engine's steps in the question's language (Turkish, also typed without Turkish
    # letters, or English); families read them in Turkish before this point
    from ..engine.trace import Step
    from .say import language_of
    lang = language_of(reading)
    answer.trace = [s.in_language(lang) if isinstance(s, Step) else s for s in answer.trace]
    if book is not None:
        # Cite only rules the rulebook has; a gap between the engine's citations and the
        # rulebook data is reported (`missing`), never shown as a rule without text.
        answer.missing = [r for r in answer.rules if book.get(r) is None]
        answer.rules = [r for r in answer.rules if book.get(r) is not None]
    return answer


def _unanswered(question: str, reading: Reading, book, game: str, limit: int,
                left: list[str]) -> Answer:
    from .fallback import search_hits
    if book is None:
        from ..rulebook import load_rulebook
        book = load_rulebook(game)
    hits = search_hits(book, question, limit)
    ids = [h.id for h in hits]
    from ..i18n import choose, messages
    # the question's language where the families answer; elsewhere the rulebook's
    from .say import language_of
    lang = language_of(reading) if game == FAMILY_GAME else choose(getattr(book.meta, "language", "tr"))
    line = messages(lang)("ask.unanswered")
    return Answer(question, "unanswered", None, line, ids, [], hits=hits,
                  language=reading.language, not_understood=list(left))
