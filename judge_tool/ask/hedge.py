"""Numbers a question gives inexactly: a bound ("en az 20", "at least 10", "9'dan az",
"20+"), an estimate ("yaklaşık 15", "about 12"), alternatives ("9 ya da 10", "5 or 6",
"15-16"), a vague count ("birkaç Gig", "some gigs") or a change stated as "from X to Y"
("5'ten 3'e düştü", "went from 5 to 3", "5 -> 3") that no family has read.

Why: a ruling needs the exact number ("at least 20" power steals 3 or 4 Gigs), and such
words used to be read as filler, so the bound was answered as if it were exact. A question
with one gets no ruling, and the words are shown as what was not understood (issue 11:
precision over coverage). The words are data: `[hedge]` in cues.toml.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import turkish
from .lexicon import Reading

# "20+" (not "+2", a change), "15-16" / "15–16" / "15 - 16" ("5 -2", a space before the
# dash and none after, is a signed change: "-3 -4 -2 indirim")
_PLUS = re.compile(r"\d+\s*\+(?!\s*\d)")
_RANGE = re.compile(r"(?<![\d.])\d+(?:[–-]\s?|\s[–-]\s)\d+(?![\d.])")
_ABLATIVE = ("den", "dan", "ten", "tan")
_PARTICLES = frozenset({"mi", "mu", "midir", "mudur"})     # folded "mı", "mi", "mu", "mü"
# "5 -> 3", "5→3", "5 => 3": a change written as an arrow
_ARROW = re.compile(r"\d+\s*(?:-+>|=+>|→|⇒)\s*\d+")


@dataclass(frozen=True)
class Hedges:
    """The `[hedge]` cue lists, each a tuple of folded word sequences."""

    before: tuple[tuple[str, ...], ...]
    after: tuple[tuple[str, ...], ...]
    comparative: frozenset[str]
    between: tuple[tuple[str, ...], ...]
    vague: tuple[tuple[str, ...], ...]
    effect_bounds: tuple[tuple[str, ...], ...]
    effect_concepts: frozenset[str]
    unvalued: tuple[tuple[str, ...], ...] = ()
    vague_after: frozenset[str] = frozenset()
    vague_before: tuple[tuple[str, ...], ...] = ()


def _words(phrases: list[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(turkish.fold(p).replace("'", "").split()) for p in phrases)


def _read() -> Hedges:
    from .lexicon import load_cues
    raw = load_cues().get("hedge", {})
    return Hedges(_words(raw.get("before", [])), _words(raw.get("after", [])),
                  frozenset(turkish.fold(w) for w in raw.get("comparative", [])),
                  _words(raw.get("between", [])), _words(raw.get("vague", [])),
                  _words(raw.get("effect_bounds", [])), frozenset(raw.get("effect_concepts", [])),
                  _words(raw.get("unvalued", [])),
                  frozenset(turkish.fold(w) for w in raw.get("vague_after", [])),
                  _words(raw.get("vague_before", [])))


def _hedges() -> Hedges:
    from ..datacache import cached
    return cached("ask:hedges", _read, group="ask")


def _at(keys: list[str], k: int, phrase: tuple[str, ...]) -> bool:
    return tuple(keys[k:k + len(phrase)]) == phrase


def hedged(question: str, reading: Reading) -> list[str]:
    """The words (as typed) that make a number of the question inexact; empty if none."""
    h = _hedges()
    items = reading.items
    keys = [it.key for it in items]
    found: list[str] = []

    def phrase_at(start: int, phrase: tuple[str, ...]) -> None:
        found.append(" ".join(it.text for it in items[start:start + len(phrase)]))

    for n, item in enumerate(items):
        if item.number is None or item.sign or _discarded(keys, n):
            continue
        # before: "en az 20", "at least 10", "about 12 power"
        for phrase in h.before:
            start = n - len(phrase)
            for gap in (0, 1):
                s = start - gap
                if s >= 0 and _at(keys, s, phrase) and not (
                        phrase in h.effect_bounds and _effect_bound(reading, n, h)):
                    phrase_at(s, phrase)
        # after: "20 or more", "20 ve üzeri", "15 civarı", "9 güçten az", "20'den fazla"
        for skip in (1, 2):
            for phrase in h.after:
                nxt = n + skip + len(phrase)
                if _at(keys, n + skip, phrase) and (skip == 1 or items[n + 1].number is None) \
                        and not (nxt < len(items) and items[nxt].number is not None):
                    phrase_at(n + skip, phrase)
        ablative = item.suffix.startswith(_ABLATIVE) or (
            n + 1 < len(items) and items[n + 1].key.endswith(_ABLATIVE)
            and items[n + 1].number is None)
        if ablative:
            for k in (n + 1, n + 2):
                if k < len(items) and keys[k] in h.comparative:
                    found.append(items[k].text)
        # between: "9 ya da 10", "5 or 6 power", "3 ila 4", "2 gigs or 1" (one noun
        # between the first number and the word)
        for skip in (1, 2):
            if skip == 2 and (n + 1 >= len(items) or items[n + 1].number is not None):
                continue
            for phrase in h.between:
                k = n + skip + len(phrase)
                if _at(keys, n + skip, phrase) and k < len(items) and items[k].number is not None:
                    phrase_at(n + skip, phrase)
    # "2 gig mi çalar 1 mi", "1 mi 2 mi": two numbers each asked with the question particle
    # are alternatives, neither a fact of the board
    asked = [n for n, item in enumerate(items) if item.number is not None and not item.sign
             and any(keys[j] in _PARTICLES for j in range(n + 1, min(len(items), n + 3)))]
    if len(asked) > 1:
        found += [items[n].text for n in asked]
    # vague counts: "birkaç Gig", "some gigs", "a few cards"
    for k in range(len(items)):
        for phrase in h.vague:
            after = k + len(phrase)
            if _at(keys, k, phrase) and after < len(items) and items[after].number is None \
                    and reading.at(after) & {"gig", "card", "unit", "reduction", "increase",
                                             "legend", "power"}:
                phrase_at(k, phrase)
    # "rakibin Gig'i az kaldı", "kartım çok": a count of Gigs or cards said as "few"/"many"
    # right after the noun, with no number counting that noun
    counted = {"gig", "card"}
    for k in range(1, len(items)):
        if keys[k] in h.vague_after and items[k].number is None \
                and reading.at(k - 1) & counted and not reading.at(k) & counted \
                and items[k - 1].clause == items[k].clause \
                and not any(items[j].number is not None and items[j].clause == items[k].clause
                            for j in range(max(0, k - 3), min(len(items), k + 3))):
            found.append(items[k].text)
    # "low on gigs", "a handful of cards"
    for k in range(len(items)):
        for phrase in h.vague_before:
            after = k + len(phrase)
            if _at(keys, k, phrase) and after < len(items) and items[after].number is None \
                    and reading.at(after) & {"gig", "card"}:
                phrase_at(k, phrase)
    # "Gig'lerim 5 ve bir tane daha var": one more thing, its value not given
    for k in range(len(items)):
        for phrase in h.unvalued:
            after = k + len(phrase)
            if _at(keys, k, phrase) and (after >= len(items)
                                         or items[after].clause != items[k].clause
                                         or (items[after].number is None
                                             and reading.at(after) <= {"left"})):
                phrase_at(k, phrase)
    found += [m.group(0) for m in _PLUS.finditer(question)]
    found += [m.group(0) for m in _RANGE.finditer(question)]
    return list(dict.fromkeys(found))


def _discarded(keys: list[str], n: int) -> bool:
    """"10 değil 9", "not 10 but 9": the number is corrected away; only the one that
    replaces it counts (the family reads the correction)."""
    return (n + 1 < len(keys) and keys[n + 1] in ("degil", "degildi")) or (
        n > 0 and keys[n - 1] == "not")


def _effect_bound(reading: Reading, n: int, h: Hedges) -> bool:
    """"en fazla 3 kart çek", "draw up to 2", "search up to 3": the bound is the effect's
    own wording (11.5.2.2), read by the draw and search families."""
    items = reading.items
    near = range(max(0, n - 4), min(len(items), n + 4))
    return any(reading.at(k) & h.effect_concepts for k in near
               if k != n and items[k].clause == items[n].clause)


def changed(question: str, reading: Reading) -> list[str]:
    """The words (as typed) of a value stated as changed from one number to another that
    no family has read ("5'ten 3'e", "from 5 to 3", "5 -> 3"); empty if none."""
    found = _from_to(reading) + [m.group(0) for m in _ARROW.finditer(question)]
    return list(dict.fromkeys(found))


def _from_to(reading: Reading) -> list[str]:
    """A value stated as changed "from X to Y" ("maliyeti 5'ten 3'e düştü", "5ten 3e cikti",
    "went from 5 to 3", "from 5 down to 3") and left as two numbers: which one a family
    would read (the old value, the new one, or their difference as a change) is not
    settled, so it gives no ruling. A power change the lexicon reads (the new value takes
    the old one's place, `[correction]`) is no longer two numbers here. The words are the
    `[correction]` cues (the same ablative, dative and "from"/"to" the power reading uses)."""
    from .lexicon import load_lexicon
    words = load_lexicon().corrections
    items = reading.items
    n = len(items)
    found: list[str] = []

    def plain(k: int) -> bool:
        return 0 <= k < n and items[k].number is not None and not items[k].sign

    for k in range(n):
        if not plain(k):
            continue
        # Turkish: "5'ten 3'e", "5ten tam 3e" (at most one word between)
        if items[k].suffix in words.get("from_suffix", ()):
            for j in (k + 1, k + 2):
                if j < n and items[j].clause == items[k].clause and plain(j) \
                        and items[j].suffix in words.get("to_suffix", ()) \
                        and all(items[b].number is None for b in range(k + 1, j)):
                    found.append(" ".join(it.text for it in items[k:j + 1]))
                    break
        # English: "from 5 to 3", "from 5 down to 3"
        if k >= 1 and items[k - 1].key in words.get("from", ()):
            for t in (k + 1, k + 2):
                if t + 1 < n and items[t].key in words.get("to", ()) and plain(t + 1) \
                        and all(items[b].number is None for b in range(k + 1, t)):
                    found.append(" ".join(it.text for it in items[k - 1:t + 2]))
                    break
    return found
