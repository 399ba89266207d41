"""Finding glossary terms in a text (the linker's term matcher; see turkish.py for the
suffix grammar). Its own module so that a command that only reads the link tables kept in
the compiled cache (a cold `judge rule`) imports neither it nor the glossary and Turkish
modules behind it.

How a term is found:
  * every name of a term (Turkish term, English term, aliases, stems) is split into words;
    all words but the last must equal the text's words (Turkish lower case, Turkish
    letters kept), the last may carry a suffix chain: "çatışmayı", "Tepki Adımı’na";
  * a word written in capitals in the glossary ("PLAY", "GO SOLO") only matches capitals,
    so card keywords never link ordinary words;
  * a term's `match` patterns add phrasal forms, its `exclude` patterns veto candidates;
  * words of a multi-word name may be separated only by spaces and quotes;
  * overlapping candidates: the longest wins (then the earlier one).
Links never start or end inside a word.
"""

from __future__ import annotations

import re
from collections import namedtuple

from .glossary import Glossary, Term, tokens_of
from .lazyre import lazy
from .turkish import SOFTENING, WORD_RE, split_inflected, stem_key, tr_lower

# Between the words of a multi-word term: spaces and quotation marks only.
_GAP_RE = lazy(r"[\s\"'“”‘’«»]*")


class _Form(namedtuple("_Form", "term words upper")):
    __slots__ = ()
    term: Term
    words: tuple[str, ...]          # Turkish lower case
    upper: tuple[bool, ...]         # word must be written in capitals


class TermMatcher:
    """Finds glossary terms in a text. Build once per glossary (cheap), reuse."""

    def __init__(self, glossary: Glossary) -> None:
        self.glossary = glossary
        self._single: dict[str, list[_Form]] = {}
        self._multi: dict[str, list[_Form]] = {}
        self._stems: set[str] = set()
        self._patterns: list[tuple[Term, re.Pattern[str]]] = []
        self._excludes: dict[str, list[re.Pattern[str]]] = {}
        self._word_cache: dict[str, tuple[str, frozenset[str], tuple[_Form, ...], bool]] = {}
        for term in glossary:
            seen: set[tuple[str, ...]] = set()
            for name in (*term.names, *term.stems):
                raw = tokens_of(name)
                if not raw:
                    continue
                words = tuple(tr_lower(w).replace("’", "").replace("'", "") for w in raw)
                if words in seen:
                    continue
                seen.add(words)
                upper = tuple(len(w) > 1 and w.isupper() for w in raw)
                form = _Form(term, words, upper)
                if len(words) == 1:
                    self._single.setdefault(words[0], []).append(form)
                else:
                    self._multi.setdefault(words[0], []).append(form)
                self._stems.add(words[-1])
            for pattern in term.match:
                self._patterns.append((term, re.compile(pattern, re.IGNORECASE)))
            if term.exclude:
                self._excludes[term.slug] = [re.compile(p, re.IGNORECASE) for p in term.exclude]
        self._reach: dict[str, int] = {}         # first two letters -> longest stem
        for stem in self._stems:
            soft = stem[:-1] + SOFTENING.get(stem[-1], stem[-1])   # "rakib-" of "rakip"
            for variant in {stem, soft}:
                key = variant[:2]
                self._reach[key] = max(self._reach.get(key, 0), len(variant))

    def _word(self, word: str) -> tuple[str, frozenset[str], tuple[_Form, ...], bool]:
        """Per distinct written word (cached): its key (the part before an apostrophe,
        lower case), the glossary words it can be an inflection of, the one-word forms
        it matches, and whether it is written in capitals."""
        info = self._word_cache.get(word)
        if info is None:
            head, _ = stem_key(word)
            reach = self._reach.get(head[:2], 0)      # longest stem sharing its first letters
            lemmas = frozenset(stem for stem, _ in split_inflected(head, self._stems, max_stem=reach)) \
                if reach else frozenset()
            upper = word.replace("’", "'").split("'")[0].isupper()
            singles = tuple(f for lemma in lemmas for f in self._single.get(lemma, ())
                            if upper or not f.upper[0])
            info = self._word_cache[word] = (head, lemmas, singles, upper)
        return info

    def find(self, text: str) -> list[tuple[int, int, Term]]:
        """Non-overlapping (start, end, term) spans in `text`, in order."""
        if not text:
            return []
        tokens = [(m.start(), m.end(), m.group(0)) for m in WORD_RE.finditer(text)]
        cache = self._word_cache
        infos = [cache.get(word) or self._word(word) for _, _, word in tokens]
        candidates: list[tuple[int, int, int, Term]] = []   # (start, end, exactness, term)
        multi = self._multi
        for i, (start, end, _) in enumerate(tokens):
            key, _, singles, _ = infos[i]
            for form in singles:
                candidates.append((start, end, int(form.upper[0]), form.term))
            forms = multi.get(key)
            if forms and i + 1 < len(tokens):
                next_key, next_lemmas = infos[i + 1][0], infos[i + 1][1]
                for form in forms:
                    second = form.words[1]      # cheap test of the second word first
                    if second != next_key and (len(form.words) > 2 or second not in next_lemmas):
                        continue
                    span = self._match_multi(form, i, tokens, infos, text)
                    if span is not None:
                        candidates.append((start, span, int(any(form.upper)), form.term))
        for term, pattern in self._patterns:
            for m in pattern.finditer(text):
                s, e = m.start(), m.end()
                if s == e or (s > 0 and text[s - 1].isalnum()) or (e < len(text) and text[e].isalnum()):
                    continue
                candidates.append((s, e, 0, term))
        if self._excludes and candidates:
            candidates = [c for c in candidates if not self._excluded(c[3], text, c[0])]
        return _resolve(candidates)

    def _match_multi(self, form: _Form, i: int, tokens, infos, text: str) -> int | None:
        n = len(form.words)
        if i + n > len(tokens):
            return None
        if form.upper[0] and not infos[i][3]:
            return None
        for j in range(1, n):
            if _GAP_RE.fullmatch(text, tokens[i + j - 1][1], tokens[i + j][0]) is None:
                return None
            key, lemmas, _, upper = infos[i + j]
            if form.upper[j] and not upper:
                return None
            if j < n - 1:
                if key != form.words[j]:
                    return None
            elif form.words[j] not in lemmas:
                return None
        return tokens[i + n - 1][1]

    def _excluded(self, term: Term, text: str, start: int) -> bool:
        return any(p.match(text, start) for p in self._excludes.get(term.slug, ()))


def _resolve(candidates: list[tuple[int, int, int, Term]]) -> list[tuple[int, int, Term]]:
    """Longest first (capital-letter matches before case-free ones), then earliest; keep
    those that overlap nothing already kept."""
    chosen: list[tuple[int, int, Term]] = []
    taken: list[tuple[int, int]] = []
    for start, end, _, term in sorted(candidates, key=lambda c: (-(c[1] - c[0]), -c[2], c[0], c[3].slug)):
        if any(start < e and s < end for s, e in taken):
            continue
        taken.append((start, end))
        chosen.append((start, end, term))
    chosen.sort(key=lambda c: c[0])
    return chosen
