"""Rule principles in `judge ask`: yes/no questions with no numbers that one rule settles
for every situation ("İndirim kartın bedel değerini düşürür mü?", "does a sold card enter
the Eddies area spent?", "bir etki Legend'ımı açtı, CALL tetiklenir mi?").

Why data and not a family: such a question has no situation to run on the engine, only a
proposition the rulebook states (11.8.2, 11.9.1, 11.18.1 …). Each principle, its words and
its answer live in principles.toml; this module only matches. The match is strict
(precision over coverage): every word of the question must be one the principle lists (or a
shared asking word), each of its word groups must be present, and no number may appear
except those it allows. A question two principles with different answers fit gets no
ruling. Negated forms are never listed, so "değiştirmez mi" or "doesn't" fall through.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..lazyre import lazy

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any


@dataclass(frozen=True)
class Principle:
    """One rule principle: the words that ask it and the answer the rule gives."""

    id: str
    family: str                         # the answer's kind (sell, call, cost, gear)
    value: Any                          # True / False or a number
    rules: tuple[str, ...]              # official numbers: the deciding rule first
    official_only: frozenset[str]       # of those, the ones the Turkish text lacks
    need: tuple[tuple[tuple[str, ...], ...], ...]   # groups of patterns (word sequences)
    may: frozenset[str]                 # further words the question may contain
    numbers: frozenset[str]             # numbers the question may contain
    topic: dict[str, str]               # the understood line, per language
    answer: dict[str, str]              # the answer line, per language
    why: dict[str, str]                 # the trace line, per language
    values: str = ""                    # "same": every number said is one value ("5 geldi, 5
                                        # ile"); "differ": two values are said ("9 geldi, 12")
    unless: tuple[tuple[str, ...], ...] = ()    # word sequences that put the question's words
                                        # in another relation ("more than one unit")


@dataclass(frozen=True)
class Table:
    """The shared asking words and every principle, read once from the data."""

    filler: frozenset[str]
    principles: tuple[Principle, ...]


def table() -> Table:
    """From the compiled data cache: a cold `ask` does not parse TOML."""
    from ..datacache import cached
    return cached("ask:principles", _build, group="ask")


def _build() -> Table:
    import tomllib
    from pathlib import Path
    raw = tomllib.loads((Path(__file__).parent / "principles.toml").read_text(encoding="utf-8"))
    out = []
    for p in raw["principle"]:
        out.append(Principle(
            p["id"], p["family"], p["value"], tuple(p["rules"]),
            frozenset(p.get("official_only", ())),
            tuple(tuple(tuple(w.split()) for w in group) for group in p["need"]),
            frozenset(w for entry in p.get("may", ()) for w in entry.split()),
            frozenset(str(n) for n in p.get("numbers", ())),
            dict(p["topic"]), dict(p["answer"]), dict(p["why"]), p.get("values", ""),
            tuple(tuple(w.split()) for w in p.get("unless", ()))))
    return Table(frozenset(raw["words"]["filler"]), tuple(out))


def _fits(word: str, pattern: str) -> bool:
    """A pattern ending in "*" is a stem with any ending but a negative one ("çevir*" is
    not "çevirmedi", "çevirmez", "çevirmiyor"); else the word itself."""
    if pattern.endswith("*"):
        stem = pattern[:-1]
        return word.startswith(stem) and not _NEGATIVE.match(word[len(stem):])
    return word == pattern


_PARTICLES = frozenset({"mi", "mu"})    # folded: mı, mi, mu, mü

# A Turkish negative suffix right after a stem: "-maz/-mez", "-madı", "-mıyor", "-madan",
# "-mamış", "-mayan", "-masa" (folded), and "-sız/-suz" (without: "lagsız", "etkisiz").
# "-mak" (the infinitive) is not one.
_NEGATIVE = lazy(r"m[aeiu](z|d|y|s|n|m|l)|s[iu]z")


def _words(question: str) -> list[str]:
    """The question's words, folded, an apostrophe ending cut off ("Legend'ımı" ->
    "legend")."""
    from ..turkish import fold, tokenize
    return [fold(t.stem_part).replace("'", "") for t in tokenize(question)]


def matches(principle: Principle, words: list[str], filler: frozenset[str]) -> bool:
    """Every group present and every word accounted for."""
    said = {w for w in words if w.isdigit()}
    if principle.values == "same" and len(said) > 1:
        return False            # "9 geldi, 12 olarak koyabilir miyim": another value proposed
    if principle.values == "differ" and len(said) < 2:
        return False
    for seq in principle.unless:
        if any(all(_fits(words[i + j], seq[j]) for j in range(len(seq)))
               for i in range(len(words) - len(seq) + 1)):
            return False
    used: set[int] = set()
    for group in principle.need:
        found = False
        for seq in group:
            n = len(seq)
            for i in range(len(words) - n + 1):
                if all(_fits(words[i + j], seq[j]) for j in range(n)):
                    used.update(range(i, i + n))
                    found = True
        if not found:
            return False
    for i, w in enumerate(words):
        if i in used:
            continue
        if w.isdigit():
            if w not in principle.numbers:
                return False
            continue
        if w in filler or any(_fits(w, p) for p in principle.may):
            continue
        if any(_fits(w, seq[0]) for group in principle.need for seq in group if len(seq) == 1):
            continue            # a group's word said twice ("harcanmış … harcanmış")
        return False
    return True


def find(question: str) -> Principle | None:
    """The one principle the question asks, or None (none, or several that disagree)."""
    words = _words(question)
    if not words or sum(w in _PARTICLES for w in words) > 1:
        return None         # "hazır mı harcanmış mı": a choice between two, not yes or no
    t = table()
    hits = [p for p in t.principles if matches(p, words, t.filler)]
    if not hits:
        return None
    if len({(p.family, repr(p.value)) for p in hits}) > 1:
        return None
    return hits[0]


def answer(question: str, language: str):
    """An Answer when the question asks one principle; None otherwise."""
    principle = find(question)
    if principle is None:
        return None
    from . import Answer
    from ..engine.trace import Step, render
    from .say import language_of, say
    lang = language_of(language)
    cited = [r for r in principle.rules if r not in principle.official_only]
    # the step cites the first number with Turkish text (every cited number has it); an
    # official-only number that decides is named in the step's text with the official mark
    mark = render("mark.official_only", (), lang)
    if not cited:
        # the Turkish text has no rule for it at all (the game's end, official 1.12-1.17): the
        # answer names the official numbers with the mark; no rule and no step is cited, as
        # every cited number must have Turkish text
        numbers = ", ".join(principle.rules)
        line = f"{principle.answer[lang]} ({numbers}: {mark})"
        understood = [say(lang, "ask_principle.asked", topic=principle.topic[lang])]
        return Answer(question, principle.family, principle.value, line, [], [],
                      language=language, understood=understood)
    notes = "".join(f" ({r}: {mark})" for r in principle.rules if r in principle.official_only)
    trace = [Step(cited[0], principle.why[lang] + notes)]
    understood = [say(lang, "ask_principle.asked", topic=principle.topic[lang])]
    return Answer(question, principle.family, principle.value, principle.answer[lang], cited,
                  trace, language=language, understood=understood)
