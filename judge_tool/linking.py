"""Cross-links in rule text: glossary terms (inflected forms included) and rule numbers.

`link_rulebook(book, glossary)` scans every node's text and examples once and returns a
`LinkIndex`: the links of each node (character spans into `node.text` or
`node.examples[N]`) and the backlinks of each rule (`cited_by`).

How a term is found (see turkish.py for the suffix grammar):
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
from collections.abc import Iterator

from .glossary import Glossary, Term, load_glossary, tokens_of
from .lazyre import lazy
from .rulebook import DEFAULT_GAME, Rulebook, id_key, load_rulebook
from .turkish import SOFTENING, WORD_RE, split_inflected, stem_key, tr_lower

# Between the words of a multi-word term: spaces and quotation marks only.
_GAP_RE = lazy(r"[\s\"'“”‘’«»]*")
# A dotted rule number standing alone: "9.23.2", "bkz. 11.3." (not "1.5x", not "a9.2").
_RULE_REF_RE = lazy(r"(?<![\w.])(\d+(?:\.\d+)+)(?![\w]|\.\d)")


# Plain collections.namedtuple (annotated for readers): typing's NamedTuple would import
# typing (~3 ms) and, in its class form, compile every string annotation (~10 ms) on each
# cold `judge rule`.
class Link(namedtuple("Link", "term start end target field kind")):
    """One link: a glossary term (term = its slug) or a rule number (term = None)."""
    __slots__ = ()
    term: str | None    # glossary slug; None for a rule-number link
    start: int          # character offsets into the field's text
    end: int
    target: str         # rule id the link points to
    field: str          # "text" or "example:N" (N = index into node.examples)
    kind: str           # "term" or "rule"

    def to_dict(self) -> dict:
        return {"term": self.term, "start": self.start, "end": self.end,
                "target": self.target, "field": self.field, "kind": self.kind}


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


def rule_refs_in(text: str, book: Rulebook) -> list[tuple[int, int, str]]:
    """Rule numbers written in `text` that exist in `book`."""
    found = []
    for m in _RULE_REF_RE.finditer(text):
        if m.group(1) in book:
            found.append((m.start(1), m.end(1), m.group(1)))
    return found


class LinkTables(namedtuple("LinkTables", "links rules_citing terms_citing mentions")):
    """A LinkIndex's tables after the whole-rulebook pass (kept in the compiled cache)."""
    __slots__ = ()
    links: dict[str, tuple[Link, ...]]
    rules_citing: dict[str, list[str]]
    terms_citing: dict[str, list[str]]
    mentions: dict[str, tuple[str, ...]]


class LinkIndex:
    """Links per node and backlinks per rule, for one rulebook and glossary.

    A node's term links are computed on first use (so `judge rule 9.23.2` links only the
    nodes it prints); `complete()` links every node at once. Backlinks from rule
    references need only the (cheap) rule-number scan and are built up front. For a
    shipped rulebook all of it comes from the compiled cache (`links_for`): building the
    term matcher alone costs more than a whole cold `judge rule`."""

    def __init__(self, book: Rulebook, glossary: Glossary, matcher: TermMatcher | None = None,
                 tables: "LinkTables | None" = None) -> None:
        self.book = book
        self.glossary = glossary
        self._matcher = matcher
        if tables is not None:          # the whole pass, done once per data version
            self._links = dict(tables.links)
            self._complete = True
            self._mentions = {k: list(v) for k, v in tables.mentions.items()}
            self._rules_citing = tables.rules_citing
            self._terms_citing = tables.terms_citing
            return
        self._links: dict[str, tuple[Link, ...]] = {}
        self._complete = False
        self._mentions: dict[str, list[str]] | None = None
        rules_citing: dict[str, list[str]] = {}
        for node in book:
            targets = list(node.refs)
            for text in (node.text, *node.examples):
                targets.extend(target for _, _, target in rule_refs_in(text, book))
            for target in dict.fromkeys(targets):
                if target != node.id:
                    rules_citing.setdefault(target, []).append(node.id)
        terms_citing: dict[str, list[str]] = {}
        for term in glossary:
            for rule_id in dict.fromkeys((term.rule, *term.related)):
                terms_citing.setdefault(rule_id, []).append(term.slug)
        self._rules_citing = rules_citing
        self._terms_citing = terms_citing

    def tables(self) -> "LinkTables":
        """Everything the whole-rulebook pass finds, as plain data (kept in the compiled
        cache for the shipped rulebooks)."""
        self.mentions("")
        return LinkTables(dict(self._links), self._rules_citing, self._terms_citing,
                          {k: tuple(v) for k, v in (self._mentions or {}).items()})

    @property
    def matcher(self) -> TermMatcher:
        if self._matcher is None:
            self._matcher = TermMatcher(self.glossary)
        return self._matcher

    def links(self, rule_id: str, field: str | None = None) -> list[Link]:
        """The node's links (all fields, or only `field`: "text", "example:0", …)."""
        found = self._links.get(rule_id)
        if found is None:
            node = self.book.get(rule_id)
            found = () if node is None else tuple(link_node(node, self.matcher, self.book))
            self._links[rule_id] = found
        return [l for l in found if field is None or l.field == field]

    def complete(self) -> "LinkIndex":
        """Link every node now (the whole-rulebook pass)."""
        if not self._complete:
            for node in self.book:
                self.links(node.id)
            self._complete = True
        return self

    def __iter__(self) -> Iterator[Link]:
        self.complete()
        for node in self.book:
            yield from self._links.get(node.id, ())

    def __len__(self) -> int:
        self.complete()
        return sum(len(v) for v in self._links.values())

    def rules_citing(self, rule_id: str) -> list[str]:
        """Rules that refer to `rule_id` (see-references and rule numbers in their text)."""
        return sorted(self._rules_citing.get(rule_id, []), key=id_key)

    def terms_citing(self, rule_id: str) -> list[str]:
        """Glossary slugs whose defining or related rules include `rule_id`."""
        return list(self._terms_citing.get(rule_id, []))

    def cited_by(self, rule_id: str) -> list[str]:
        """Backlinks: the citing rules' ids, then "glossary:<slug>" for each glossary entry
        that names `rule_id` as its defining or a related rule."""
        return self.rules_citing(rule_id) + [f"glossary:{s}" for s in self.terms_citing(rule_id)]

    def mentions(self, slug: str) -> list[str]:
        """Rules whose text or examples link the term `slug`, in document order."""
        if self._mentions is None:
            mentions: dict[str, list[str]] = {}
            for node in self.book:
                for link in self.links(node.id):
                    if link.term is not None:
                        bucket = mentions.setdefault(link.term, [])
                        if not bucket or bucket[-1] != node.id:
                            bucket.append(node.id)
            self._complete = True
            self._mentions = mentions
        return list(self._mentions.get(slug, []))


def link_text(text: str, field: str, matcher: TermMatcher, book: Rulebook) -> list[Link]:
    links = [Link(term.slug, s, e, term.rule, field, "term") for s, e, term in matcher.find(text)]
    term_spans = [(l.start, l.end) for l in links]
    for s, e, target in rule_refs_in(text, book):
        if not any(s < te and ts < e for ts, te in term_spans):
            links.append(Link(None, s, e, target, field, "rule"))
    links.sort(key=lambda l: l.start)
    return links


def link_node(node, matcher: TermMatcher, book: Rulebook) -> list[Link]:
    links = link_text(node.text, "text", matcher, book)
    for n, example in enumerate(node.examples):
        links.extend(link_text(example, f"example:{n}", matcher, book))
    return links


def link_rulebook(book: Rulebook, glossary: Glossary, matcher: TermMatcher | None = None) -> LinkIndex:
    """Link every node of `book` with `glossary` (the whole-rulebook pass)."""
    return LinkIndex(book, glossary, matcher).complete()


_BY_BOOK: dict[int, LinkIndex] = {}


def links_for(book: Rulebook, glossary: Glossary | None = None) -> LinkIndex:
    """The link index of this very rulebook object, with the glossary of its game unless
    one is given. Cached per rulebook object; for a shipped rulebook with its own glossary,
    the whole pass is done once per data version (datacache)."""
    index = _BY_BOOK.get(id(book))
    if index is None or index.book is not book or (glossary is not None and index.glossary is not glossary):
        if glossary is None:
            glossary = load_glossary(book.meta.id)
            index = LinkIndex(book, glossary, tables=_shipped_tables(book, glossary))
        else:
            index = LinkIndex(book, glossary)
        _BY_BOOK[id(book)] = index
    return index


def _shipped_tables(book: Rulebook, glossary: Glossary) -> LinkTables | None:
    from . import datacache
    if not datacache.is_shipped(book):
        return None
    return datacache.cached(f"links:{book.meta.id}", lambda: LinkIndex(book, glossary).tables())


def load_links(game: str = DEFAULT_GAME) -> LinkIndex:
    """The link index of the shipped rulebook and glossary of `game`."""
    return links_for(load_rulebook(game))
