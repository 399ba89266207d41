"""Finding cards from what a judge types: ASCII for accented letters, any case, partial
names, subtitles, small typos ("adam smasher ender", "deadman", "jakie welles"), and
card names inside free text (`find`, for `ask`, the rules linker and search).

Matching works on folded tokens (`turkish.fold`, the one normalisation shared with search
and linking), so "Álvarez", "alvarez" and "ALVAREZ" meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Callable

from ..turkish import NAME_CASE_ENDINGS, fold, name_keys, tokenize
from .pool import CardFacts, Pool, load_pool

MAX_QUERY = 200

# match tiers, best first
EXACT, NAME, WORDS, PREFIX, FUZZY = "exact", "name", "words", "prefix", "fuzzy"
_TIERS = (EXACT, NAME, WORDS, PREFIX, FUZZY)


def key_tokens(text: str) -> list[str]:
    """Folded alphanumeric tokens: "Rockn' Rockerboy" -> ["rockn", "rockerboy"]."""
    return list(name_keys(text))


@dataclass(frozen=True)
class Match:
    """A card a written name could mean, with how well it matched."""

    card: CardFacts
    tier: str
    score: float


def _card_tokens(card: CardFacts) -> list[str]:
    return key_tokens(card.display)


@lru_cache(maxsize=65536)
def _close(a: str, b: str) -> float:
    """Similarity of two tokens; 0 when too different to be a typo of each other. The
    cheap upper bounds of the ratio rule out most pairs before the ratio itself (which
    made a cold `judge search` spend ~20 ms comparing every word with every card name)."""
    if a == b:
        return 1.0
    if len(a) < 4 or len(b) < 3:
        return 0.0
    import difflib
    matcher = difflib.SequenceMatcher(None, a, b)
    if matcher.real_quick_ratio() < 0.75 or matcher.quick_ratio() < 0.75:
        return 0.0
    ratio = matcher.ratio()
    return ratio if ratio >= 0.75 else 0.0


@lru_cache(maxsize=8)
def _keys(pool: Pool) -> list[tuple[CardFacts, list[str], list[str], list[str]]]:
    """(card, all tokens, display tokens, name tokens), computed once per pool."""
    return [(c, _card_tokens(c), key_tokens(c.display), key_tokens(c.name)) for c in pool]


def lookup(query: str, pool: Pool | None = None) -> list[Match]:
    """Cards for a typed query, best first; only the best tier is returned, so one
    element means "this card" and several mean "which one?"."""
    pool = pool or load_pool()
    q = key_tokens(query[:MAX_QUERY])
    if not q:
        return []
    joined = "".join(q)
    found: dict[str, list[Match]] = {t: [] for t in _TIERS}
    keys = _keys(pool)
    for card, toks, display, name in keys:
        if q == display or "-".join(q) == card.slug or joined == "".join(display):
            found[EXACT].append(Match(card, EXACT, 1.0))
        elif q == name or joined == "".join(name):
            found[NAME].append(Match(card, NAME, 1.0))
        elif all(t in toks for t in q):
            found[WORDS].append(Match(card, WORDS, len(q) / len(toks)))
        elif all(any(c.startswith(t) for c in toks) for t in q) or (len(joined) >= 4 and joined in "".join(display)):
            found[PREFIX].append(Match(card, PREFIX, len(joined) / len("".join(display))))
    if not any(found.values()):
        for card, toks, display, name in keys:
            scores = [max((_close(t, c) for c in toks), default=0.0) for t in q]
            if all(scores) or (len(q) > 1 and sum(1 for s in scores if s) >= len(q) - 1 and sum(scores) / len(q) >= 0.6):
                found[FUZZY].append(Match(card, FUZZY, sum(scores) / len(q)))
    for tier in (WORDS, PREFIX):      # words of the name itself beat words of a subtitle
        in_name = [m for m in found[tier]
                   if all(any(n.startswith(t) for n in key_tokens(m.card.name)) for t in q)]
        if in_name:
            found[tier] = in_name
    for tier in _TIERS:
        if found[tier]:
            hits = sorted(found[tier], key=lambda m: (-m.score, m.card.display))
            if tier == FUZZY:
                best = hits[0].score
                hits = [m for m in hits if m.score >= best - 0.05]
            return hits
    return []


def suggest(query: str, n: int = 3, pool: Pool | None = None) -> list[CardFacts]:
    """Closest card names for a query that matched nothing."""
    import difflib
    pool = pool or load_pool()
    names = {fold(c.display): c for c in pool}
    close = difflib.get_close_matches(fold(query[:MAX_QUERY]), list(names), n=n, cutoff=0.4)
    return [names[k] for k in close]


# ---------------------------------------------------------------- names in free text

@dataclass(frozen=True)
class Mention:
    """A card name found in text: text[start:end], and the cards it may mean (several
    when only a shared name like "Jackie Welles" is written)."""

    start: int
    end: int
    cards: tuple[CardFacts, ...]

    def to_dict(self) -> dict:
        return {"start": self.start, "end": self.end, "slugs": [c.slug for c in self.cards]}


@lru_cache(maxsize=8)
def _forms(pool) -> dict[tuple[str, ...], tuple[CardFacts, ...]]:
    forms: dict[tuple[str, ...], list[CardFacts]] = {}
    for card in pool:
        display = tuple(key_tokens(card.display))
        name = tuple(key_tokens(card.name))
        for form in {display, name}:
            if len("".join(form)) < 3:          # "V" alone is not a name in running text
                continue
            forms.setdefault(form, [])
            if card not in forms[form]:
                forms[form].append(card)
    return {k: tuple(v) for k, v in forms.items()}


@lru_cache(maxsize=8)
def _by_first(pool) -> dict[str, list[tuple[str, ...]]]:
    """Card-name forms by their first word, longest first."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for form in _forms(pool):
        out.setdefault(form[0], []).append(form)
    for forms in out.values():
        forms.sort(key=len, reverse=True)
    return out


def _index(pool) -> tuple[Callable[[tuple[str, ...]], tuple], dict[str, list[tuple[str, ...]]]]:
    """(the cards of a name form, `_by_first`) for `pool`. The shipped names
    (`card_names()`, which `ask` scans every question with) have theirs in the compiled
    cache, by position in that tuple (the cards found are the very objects of `pool`):
    folding ~150 names costs ~2 ms of every cold `judge ask`."""
    from .pool import card_names
    if pool is not card_names():
        forms = _forms(pool)
        return forms.__getitem__, _by_first(pool)
    from ..datacache import cached
    at, by_first = cached("cards:name-index", lambda: _positions(pool), group="cards")
    return (lambda form: tuple(pool[i] for i in at[form])), by_first


def first_words(pool) -> frozenset[str]:
    """The keys a card name of `pool` can start with: `find` finds a name only at a word
    whose key (or its key without an apostrophe suffix) is one of them."""
    return frozenset(_index(pool)[1])


def one_word_names(pool) -> frozenset[str]:
    """The keys of `pool`'s one-word names: only these are found with a case ending glued
    on the word ("minotauru")."""
    return frozenset(f[0] for forms in _index(pool)[1].values() for f in forms if len(f) == 1)


def _positions(pool) -> tuple[dict[tuple[str, ...], tuple[int, ...]], dict[str, list[tuple[str, ...]]]]:
    where = {card: i for i, card in enumerate(pool)}
    forms = {form: tuple(where[card] for card in cards) for form, cards in _forms(pool).items()}
    return forms, _by_first(pool)


def _glued(word: set[str], last: str) -> int:
    """Length of a case ending glued to `last` in one of the word's keys, or 0."""
    for key in word:
        if key.startswith(last) and key[len(last):] in NAME_CASE_ENDINGS:
            return len(key) - len(last)
    return 0


def find(text: str, pool=None, glued: bool = False) -> list[Mention]:
    """Card names in running text (Turkish or English), longest first, with character
    spans. Suffixes after an apostrophe are ignored ("Chrome Fang'in") unless the
    apostrophe belongs to the name ("Tyger's Whisper", "(Don't Fear) The Reaper"); in
    running text a one-word name must be written with a capital letter ("Octant", not
    "octant"). `pool` may also be `pool.card_names()` (names only, fast) when the facts are
    not needed. `glued` (a question typed at the table, which names cards as it likes): also
    read a Turkish case ending written without an apostrophe on a name's last word
    ("Emergency Atlusa", "minotauru"; the name's span then ends before it), and a one-word
    name in lower case; whatever was read as a card is shown in what `ask` understood."""
    pool = pool or load_pool()
    cards_of, by_first = _index(pool)
    tokens = tokenize(text)
    # each word: (keys it may stand for, start, end without / with the apostrophe part, written)
    words = []
    for t in tokens:
        whole = "".join(key_tokens(t.text))
        stem = "".join(key_tokens(t.stem_part))
        words.append(({whole, stem}, t.start, t.start + len(t.stem_part), t.end, t.text))
    out: list[Mention] = []
    i = 0
    while i < len(words):
        best = None
        # (first key, whether only a one-word name may start there): a one-word name may
        # have a case ending glued on ("minotauru")
        firsts = [(k, False) for k in words[i][0]]
        if glued:
            firsts += [(k[:-len(e)], True) for k in words[i][0] for e in NAME_CASE_ENDINGS
                       if k.endswith(e) and len(k) > len(e)]
        for first, one_word in firsts:
            for form in by_first.get(first, ()):
                if one_word and len(form) > 1:
                    continue
                size = len(form)
                if i + size > len(words) or (best and size <= best[0]):
                    continue
                cut = 0
                if not all(form[j] in words[i + j][0] for j in range(size - 1)):
                    continue
                if form[-1] not in words[i + size - 1][0]:
                    cut = _glued(words[i + size - 1][0], form[-1]) if glued else 0
                    if not cut:
                        continue
                if size == 1 and not glued and not words[i][4][:1].isupper():
                    continue
                last = words[i + size - 1]
                end = last[3] if form[-1] == "".join(key_tokens(last[4])) else last[2]
                if cut:
                    end = last[3] - cut
                best = (size, Mention(words[i][1], end, cards_of(form)))
        if best is None:
            i += 1
        else:
            out.append(best[1])
            i += best[0]
    return out
