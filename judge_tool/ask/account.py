"""Token-level bookkeeping: every number and every word of a question is either used by
the family that answers it, a function word, or reported as not understood.

A question with anything not understood gets no ruling (issue 11: precision over
coverage): a word the reader does not know could change the answer ("gücü yarıya
inince"), and a game word the family does not model (a BLOCKER in a steal question) means
the question is about something else.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .. import turkish
from .lexicon import Item, Lexicon, Reading

# Concepts that carry the question's grammar, not its game facts: any family may use them.
GRAMMAR = frozenset({
    "how_many", "who", "can", "yesno", "negation", "condition", "conditional", "after",
    "only", "other", "left", "remain", "values", "versus", "both", "result", "choose", "what",
    "again", "now",
})


@dataclass(frozen=True)
class Filler:
    """Words a question may hold without changing the answer (read from the cues)."""

    words: frozenset[str]
    verbs: tuple[str, ...]
    endings: frozenset[str] = frozenset()   # the verb endings of the cue data ([spelling])


@lru_cache(maxsize=1)
def _filler() -> Filler:
    """From the compiled data cache: reading the cue files means tomllib on every start."""
    from ..datacache import cached
    return cached("ask:filler", _read_filler, group="ask")


def _read_filler() -> Filler:
    from .lexicon import load_cues
    raw = load_cues()
    words, verbs = set(), set()
    for lang in raw.get("filler", {}).values():
        for w in lang:
            for part in turkish.fold(w).replace("'", "").split():
                (verbs.add(part[:-1]) if part.endswith("-") else words.add(part))
    endings = frozenset(turkish.fold(e) for e in raw.get("spelling", {}).get("verb_endings", []))
    return Filler(frozenset(words), tuple(sorted(verbs, key=len, reverse=True)), endings)


# A suffix never starts with two consonants, and a negative ending turns a harmless verb
# ("verilirse") into a fact that changes the answer ("verilmezse"): such words are not filler.
_NEGATIVE_VERB = ("maz", "mez", "mad", "med", "mam", "mem", "may", "mey", "miy", "muy")


def _verb_form(key: str, stem: str, endings: frozenset[str] | None = None) -> bool:
    """`key` reads as the filler verb `stem` plus a verb ending of the cue data: "olursa",
    "dedi", not "destemde" ("de-"), "devre", "değiştirdi" (a verb of its own) or a typo
    ("olayan" for "olmayan", "defated"), and never a negative form."""
    if not key.startswith(stem):
        return False
    rest = key[len(stem):]
    if any(neg in rest[:6] for neg in _NEGATIVE_VERB):
        return False
    known = _filler().endings if endings is None else endings
    # "-ken" ("while") goes after any tense: "edil-ecek-ken", "ol-ur-ken", "de-miş-ken"
    if rest and rest not in known and not (rest.endswith("ken") and rest[:-3] in known):
        return False
    vowels = "aeiou"
    if not rest or rest[0] in vowels or len(rest) == 1 or rest[1] in vowels:
        return True
    # after a vowel the aorist -r and the buffer -y- start a cluster: "de-r-sem", "iste-y-ip"
    return stem[-1] in vowels and rest[0] in "ry"


def is_filler(item: Item) -> bool:
    f = _filler()
    key = item.key
    if key in f.words or any(_verb_form(key, v, f.endings) for v in f.verbs):
        return True
    # Inflected forms of stems of three letters or more ("benim" from "ben" is listed):
    # "one" must not read as "o" + "-ne".
    return bool(turkish.split_inflected(key, f.words, ascii_only=True, min_stem=3))


def not_understood(reading: Reading, uses: frozenset[str], used: set[int],
                   facts: frozenset[str] = frozenset()) -> list[str]:
    """What in the question the answering family did not account for, in question order:
    numbers it did not use, game words outside `uses`, words of its `facts` it did not
    read (`reading.consumed`), negations nobody read, and words nobody knows. `used` holds
    the indices of the numbers the family used."""
    out: list[str] = []
    used_numbers = used
    for item in reading.items:
        if item.garbled:
            out.append(item.text)       # "satmdım": did it happen or not? (lexicon)
            continue
        if item.i in used or item.i in reading.consumed or item.joined or item.i in reading.settled:
            continue
        if (item.neg_verb or "negation" in reading.at(item.i)) and item.i not in reading.consumed \
                and not reading.at(item.i) & uses & _negative_concepts():
            # Default-deny for negations: "değil", "not", "bloklamadı" flip a fact, so one
            # that no fact of the family's reading took is reported, whatever its concepts.
            out.append(item.text)
            continue
        if item.number is not None:
            if item.i not in used_numbers:
                out.append(item.text)
            continue
        if item.die is not None:
            if "d20" not in uses and "dice" not in uses:
                out.append(item.text)
            continue
        concepts = reading.at(item.i)
        if concepts & facts:
            # a fact the family did not read (used and consumed words were skipped above)
            out.append(item.text)
            continue
        if concepts:
            if concepts & uses:
                continue
            if concepts & _family_keys():
                # an action another family answers ("satabilirim": sell, with "-abil"
                # read as grammar) is not understood, whatever grammar it carries
                out.append(item.text)
                continue
            if concepts & GRAMMAR and not (_suffix_only(reading, item.i) and not is_filler(item)):
                continue
            out.append(item.text)
        elif not is_filler(item) and not _punctuation(item) and not _pronoun_one(reading, item):
            out.append(item.text)
    return out


def _negative_concepts() -> frozenset[str]:
    from .lexicon import load_lexicon
    return load_lexicon().negative


def _family_keys() -> frozenset[str]:
    """The concepts that make a family (`key` of each [family.X]): the actions asked about."""
    from .lexicon import load_lexicon
    return frozenset(k for fam in load_lexicon().families.values() for k in fam.get("key", ()))


def _suffix_only(reading: Reading, index: int) -> bool:
    """Every concept on word `index` was read from an ending ("-rse", "-abil") rather than
    from the word itself: "engellenirse", "inerse". The ending is understood, the verb it
    sits on is not, so the word must still be reported."""
    from .lexicon import load_lexicon
    infix = load_lexicon().infix
    here = [m for m in reading.matches if m.start <= index < m.end]
    return bool(here) and all(m.end - m.start == 1 and m.cue in infix.get(m.concept, ())
                              for m in here)


def _punctuation(item: Item) -> bool:
    return not any(ch.isalnum() for ch in item.key)


def sign_words(reading: Reading) -> set[int]:
    """"eksi 2", "minus 2": the sign word is read into the number after it."""
    from .lexicon import load_lexicon
    signs = load_lexicon().signs
    return {a.i for a, b in zip(reading.items, reading.items[1:])
            if a.key in signs and b.number is not None and b.sign}


_NEG_MODAL = ("cannot", "cant", "wont", "never", "immune", "unaffected")
_NEG_INFIX = ("amaz", "emez", "amay", "emey", "ilmez", "ilmaz", "ulmaz", "ulmez")


def negative_modals(reading: Reading) -> list[str]:
    """"can't be defeated", "mağlup edilemez", "kaybetmez": a card text saying what cannot
    happen. A fight family question with one is about an effect it does not model."""
    out = []
    for item in reading.items:
        if item.i in reading.consumed:
            continue            # read by the family ("mağlup edilemez": fight_effects)
        key = item.key.replace("'", "")
        if key in _NEG_MODAL or any(x in key[2:] for x in _NEG_INFIX):
            out.append(item.text)
    return out


def _pronoun_one(reading: Reading, item: Item) -> bool:
    """"another one", "the one": the lexicon did not read it as the number 1."""
    from .lexicon import _pronoun_one as pronoun
    return item.key == "one" and pronoun(reading.items[:item.i])


_LIST_JOIN = ("and", "ve", "ile", "or", "veya", "&", "+")


# "onun 8 Gig'i var, benim 3", "his 8 gigs, mine 3": an owner word says whose the number
# is, of the thing the clause before named
_OWNER_ELLIPSIS = ("benim", "benimki", "onun", "onunki", "seninki", "rakibin", "rakibimin",
                   "mine", "his", "hers", "theirs", "yours")


_THERE_IS = ("var", "vardir", "are", "is")


def detached_numbers(reading: Reading, used: set[int]) -> list[str]:
    """Numbers a family used that nothing in the question ties to a game fact: alone in a
    clause with no game word ("…, and there is also 4"), unsigned, not listed beside such a number
    ("8, 10 and 12"), not right after a game word ("My Gigs: 8") and not compared ("8 vs 8").
    Whatever the family
    took it for is a guess, so it is reported."""
    items = reading.items
    numbers = [it for it in items if it.number is not None]

    def game_word(k: int) -> bool:
        return bool(reading.at(k) - GRAMMAR) or items[k].die is not None

    tied = {it.i for it in numbers
            if it.sign                  # "+5", "-2": a change, of what the clauses before say
            or any(game_word(x.i) for x in items if x.clause == it.clause and x.i != it.i)
            or (it.i > 0 and game_word(it.i - 1))
            # "iki indirim var: 2 ve 3", "Gigs there are: 4 and 6": after a game word and "var"
            or (it.i > 1 and items[it.i - 1].key in _THERE_IS and game_word(it.i - 2))
            or any("versus" in reading.at(k) for k in (it.i - 1, it.i + 1) if 0 <= k < len(items))
            or (it.i > 0 and items[it.i - 1].key in _OWNER_ELLIPSIS)}
    changed = True
    while changed:
        changed = False
        for it in numbers:
            if it.i in tied:
                continue
            for k in (it.i - 1, it.i + 1, it.i - 2, it.i + 2):
                if k in tied and 0 <= k < len(items) and items[k].number is not None and \
                        all(b.key in _LIST_JOIN for b in items[min(k, it.i) + 1:max(k, it.i)]):
                    tied.add(it.i)
                    changed = True
                    break
    return [it.text for it in numbers if it.i in used and it.i not in tied]
