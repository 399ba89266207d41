"""From what a judge typed to ranked hits.

User input is plain text, never a query syntax: it is tokenised with the same analysis
as the documents and turned into scoring clauses (`score.py`) here, so quotes, AND/OR/NOT, ``*``,
``:``, brackets, control characters and emoji are just characters.

For every query word the clauses are: the exact folded word, its stem, its 5- and
4-letter prefixes, the same in titles and glossary names (which weigh more), and the
breadcrumb; a word that matches nothing in the index falls back to fuzzy matching (so
typos cost nothing when the query is right). Adjacent words also score as a phrase.
Glossary names found in the query (Turkish or English, any inflection) lift the term's
defining rule and its sub-rules, and an English name adds the Turkish term's words; other
English words go through `lexicon.EN_TR`.

Ranking after whoosh's BM25F: the share of the query's (idf-weighted) words a rule
contains, the defining-rule bonus, and glossary entries only ahead of rules when the query
is just the term's name.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

    from .score import Clause

from ..rulebook import ID_RE, normalize_id
from .analysis import Analysis, Word
from .index import english_stem, glossary_terms, term_names
from .score import Constant, DisMax, Fuzzy, Phrase, Scorer, Term

MAX_CHARS = 1000
MAX_WORDS = 24
CANDIDATES = 60

# Clause weights (tuned on the development half of tests/search_eval.toml only).
W_EXACT, W_STEM, W_PRE, W_PRE4 = 3.0, 2.0, 1.0, 0.5
W_HEAD, W_HEAD_STEM = 4.0, 3.0
W_CRUMB = 0.6
W_PHRASE, W_QUOTED = 1.5, 3.0
W_FUZZY = 1.2
W_EXPAND = 0.8
DEFINING_BONUS = 0.6      # x top score x how much of the query the term name covers
SUBTREE_SHARE = 0.5      # of the defining bonus, for the rules under a defining rule
TERM_DAMP = 0.4           # glossary entries whose name the query does not mention
WEAK_FIELDS = frozenset({"pre4", "crumb"})   # matches that do not rule out a typo
COORD_FLOOR = 0.35        # a hit matching none of the rarer query words keeps this share

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]")
_RULE_NUMBER = re.compile(r"^(?:cr|kural|rule|r)?\s*[:#]?\s*(\d+(?:\.(?:\d+|[a-z]))*[a-z]?)\.?$", re.IGNORECASE)
_INLINE_NUMBER = re.compile(r"\b\d+(?:\.\d+)+\b")


def clean(text: str) -> str:
    """Drop control and invisible formatting characters, cap the length."""
    text = unicodedata.normalize("NFC", str(text)[: MAX_CHARS * 4])
    text = _CONTROL.sub(" ", text)
    return text[:MAX_CHARS]


def rule_number(text: str, words: tuple[str, ...] = ()) -> str | None:
    """The rule id if the whole query is a rule number ("9.23.2", "CR 9.23.2", "r9.23.2.",
    and with the rulebook's citation `words`: "Берсерк 517.1.1", "Altered 6.5a")."""
    from ..rulebook import strip_citation

    if words:
        text = strip_citation(text, words)
    m = _RULE_NUMBER.match(unicodedata.normalize("NFKC", text).strip().rstrip(",;:)]"))
    if not m:
        return None
    rid = normalize_id(m.group(1))
    return rid if ID_RE.match(rid) else None


# --- glossary names ----------------------------------------------------------------

@dataclass(frozen=True)
class Name:
    """One written name of a glossary term."""

    words: tuple[str, ...]      # folded words of one written name of the term
    slug: str
    rule: str
    turkish: tuple[str, ...]    # the Turkish term's words (folded keys)


def glossary_names(glossary: Any, analysis: Analysis) -> "NameIndex":
    names: list[Name] = []
    for term in glossary_terms(glossary):
        slug = str(getattr(term, "slug", "") or "")
        if not slug:
            continue
        rule = str(getattr(term, "rule", "") or "")
        turkish, english = term_names(term)
        tr_keys = tuple(k for k in analysis.keys(getattr(term, "term", "") or "")
                        if not analysis.is_query_stopword(k))
        seen = set()
        for name in [*turkish, *english]:
            words = tuple(analysis.keys(name))
            if words and words not in seen:
                seen.add(words)
                names.append(Name(words, slug, rule, tr_keys))
    heads = {}
    for word, slug in (getattr(glossary, "head_words", None) or {}).items():
        keys = analysis.keys(word)
        if len(keys) == 1:
            heads[keys[0]] = slug
    return NameIndex(names, heads)


def word_lemmas(key: str, vocabulary: set[str]) -> set[str]:
    """The glossary-name words that `key` can be an inflection of: itself, a Turkish noun
    with suffixes ("catismayi" -> "catisma"), or an English plural ("effects")."""
    out = {key}
    try:
        from ..turkish import split_inflected
        out.update(stem for stem, _ in split_inflected(key, vocabulary, ascii_only=True, min_stem=3))
    except ImportError:  # pragma: no cover - older turkish.py
        pass
    en = english_stem(key)
    if en != key and en in vocabulary:
        out.add(en)
    return out


class NameIndex:
    """The glossary names, ready for matching against query words."""

    def __init__(self, names: list[Name], heads: dict[str, str] | None = None) -> None:
        self.names = names
        self.heads = dict(heads or {})       # a word that alone names a term -> its slug
        vocabulary = {w for name in names for w in name.words}
        self.vocabulary = vocabulary | {english_stem(w) for w in vocabulary}
        self.by_first: dict[str, list[Name]] = {}
        for name in names:
            for form in {name.words[0], english_stem(name.words[0])}:
                self.by_first.setdefault(form, []).append(name)

    def find(self, keys: list[str]) -> list[tuple[Name, int, int]]:
        """Glossary names that occur as a run of query words: (name, start, end), the
        longest kept where two overlap."""
        lemmas = [word_lemmas(k, self.vocabulary) for k in keys]
        found: dict[tuple, tuple[Name, int, int]] = {}
        for i, forms in enumerate(lemmas):
            for form in forms:
                for name in self.by_first.get(form, ()):
                    n = len(name.words)
                    if i + n > len(keys) or (name, ) in found:
                        continue
                    if all(w in lemmas[i + j] or english_stem(w) in lemmas[i + j]
                           for j, w in enumerate(name.words)):
                        found[(name, )] = (name, i, i + n)
        # a lone word that heads one term's name ("ikame" -> ikame etkisi), as
        # `judge define` reads it (Glossary.head_words)
        covered = {j for _name, a, b in found.values() for j in range(a, b)}
        for i, forms in enumerate(lemmas):
            if i in covered:
                continue
            for form in sorted(forms):
                slug = self.heads.get(form)
                named = [n for n in self.by_first.get(form, ()) if n.slug == slug and len(n.words) > 1]
                if slug and named:
                    first = min(named, key=lambda name: (len(name.words), name.words))
                    found[(first, )] = (first, i, i + 1)
                    break
        ordered = sorted(found.values(), key=lambda f: (-(f[2] - f[1]), f[1]))
        kept: list[tuple[Name, int, int]] = []
        for f in ordered:
            if any(k[1] <= f[1] and f[2] <= k[2] and (k[2] - k[1]) > (f[2] - f[1]) for k in kept):
                continue
            kept.append(f)
        return kept


def find_names(keys: list[str], names: "list[Name] | NameIndex") -> list[tuple[Name, int, int]]:
    index = names if isinstance(names, NameIndex) else NameIndex(names)
    return index.find(keys)


# --- the plan -----------------------------------------------------------------------

@dataclass
class QToken:
    """One content word of the query and everything it may match."""
    key: str
    stem: str
    pre: str
    idf: float = 0.0
    fuzzy: frozenset = frozenset()
    alt_keys: set[str] = field(default_factory=set)     # glossary / lexicon translations
    alt_stems: set[str] = field(default_factory=set)
    group: int | None = None                            # index of the token carrying our translation
    strong: bool = False                                # the word itself occurs in the index


@dataclass
class Plan:
    """How a query was read: its words and what they matched."""

    words: list[Word]
    content: list[int]                       # indexes of non-stopword words
    matched: dict[str, set[str]] = field(default_factory=lambda: {"exact": set(), "stem": set(), "pre": set()})
    fuzzy: set[str] = field(default_factory=set)
    defining: dict[str, float] = field(default_factory=dict)   # doc id -> coverage
    ids: set[str] = field(default_factory=set)                 # rule numbers in the text
    tokens: list[QToken] = field(default_factory=list)


_FOLDED: dict[tuple[int, str], dict[str, str]] = {}


def _folded_lexicon(key: int, lexicon: dict[str, str], analysis: Analysis) -> dict[str, str]:
    cache_key = (key, analysis.version)
    folded = _FOLDED.get(cache_key)
    if folded is None:
        folded = {" ".join(analysis.keys(k)): v for k, v in lexicon.items()}
        _FOLDED[cache_key] = folded
    return folded


def _lexicon_matches(keys: list[str], lexicon: dict[str, str], taken: set[int],
                     analysis: Analysis) -> list[tuple[int, int, str]]:
    """English phrases of the lexicon in the query (longest first, not overlapping)."""
    if not lexicon:
        return []
    folded = _folded_lexicon(id(lexicon), lexicon, analysis)
    out = []
    used = set(taken)
    for n in (4, 3, 2, 1):
        for i in range(len(keys) - n + 1):
            span = set(range(i, i + n))
            if span & used:
                continue
            tr = folded.get(" ".join(keys[i:i + n]))
            if tr:
                out.append((i, i + n, tr))
                used |= span
    return out


def build(text: str, scorer: Scorer, analysis: Analysis, names: "NameIndex | list[Name]",
          lexicon: dict[str, str] | None = None, synonyms: dict[str, str] | None = None
          ) -> tuple[list[Clause] | None, Plan]:
    """Return (the clauses whose scores add up, or None; Plan)."""
    tables = scorer.tables
    words = analysis.words(text)
    # dedupe while keeping order, cap the count
    seen: set[str] = set()
    uniq: list[Word] = []
    for w in words:
        if w.key not in seen:
            seen.add(w.key)
            uniq.append(w)
    words = uniq[:MAX_WORDS]
    keys = [w.key for w in words]
    content = [i for i, k in enumerate(keys) if not analysis.is_query_stopword(k)]
    if not content and words:
        content = list(range(len(words)))   # only stopwords: search them anyway
    plan = Plan(words, content)
    n_docs = max(1, tables.count)

    def has(fieldname: str, term: str) -> bool:
        return tables.doc_frequency(fieldname, term) > 0

    # translations: glossary names first, then the English lexicon for the rest.
    # A translation is attached to the first word of the span it covers; the other words
    # of the span count as covered when it matches (`group`).
    alts: dict[int, set[str]] = {}
    group: dict[int, int] = {}
    named_spans: set[int] = set()
    n_content = max(1, len(content))
    for name, start, end in find_names(keys, names):
        covered = [i for i in range(start, end) if i in content]
        if not covered:
            continue
        coverage = min(1.0, len(covered) / n_content)
        for doc_id in (name.rule, f"term:{name.slug}"):
            if doc_id and doc_id != "term:":
                plan.defining[doc_id] = max(plan.defining.get(doc_id, 0.0), coverage)
        own = set(keys[start:end]) | set(name.words)
        new = {k for k in name.turkish if k not in own}
        if new:
            alts.setdefault(covered[0], set()).update(new)
            for i in covered[1:]:
                group.setdefault(i, covered[0])
        named_spans.update(range(start, end))
    for start, end, tr in _lexicon_matches(keys, lexicon or {}, named_spans, analysis):
        tr_keys = [k for k in analysis.keys(tr) if not analysis.is_query_stopword(k)]
        span = [i for i in range(start, end) if i in content] or [start]
        if span[0] not in content:
            content.append(span[0])
        alts.setdefault(span[0], set()).update(tr_keys)
        for i in span[1:]:
            group.setdefault(i, span[0])
    content.sort()
    plan.content = content
    stems = [analysis.stem(k) for k in keys]
    for i in content:
        if i not in alts and i not in group and synonyms and stems[i] in synonyms:
            alts[i] = set(analysis.keys(synonyms[stems[i]]))

    clauses: list[Clause] = []
    token_at: dict[int, QToken] = {}
    for i in content:
        key = keys[i]
        tok = QToken(key, stems[i], analysis.prefix(key), group=group.get(i))
        for alt in alts.get(i, ()):
            if alt != key:
                tok.alt_keys.add(alt)
                tok.alt_stems.add(analysis.stem(alt))
        sub: list[Clause] = []
        for fieldname, term, weight in (
            ("exact", key, W_EXACT), ("stem", tok.stem, W_STEM), ("pre", tok.pre, W_PRE),
            ("pre4", key[:4], W_PRE4),
            ("head", key, W_HEAD), ("head_stem", tok.stem, W_HEAD_STEM),
            ("crumb", tok.stem, W_CRUMB),
        ):
            if weight > 0 and has(fieldname, term):
                sub.append(Term(fieldname, term, weight))
                tok.strong = tok.strong or fieldname not in WEAK_FIELDS
        for alt in sorted(tok.alt_keys):
            alt_stem = analysis.stem(alt)
            for fieldname, term, weight in (
                ("exact", alt, W_EXACT), ("stem", alt_stem, W_STEM),
                ("head", alt, W_HEAD), ("head_stem", alt_stem, W_HEAD_STEM),
            ):
                if has(fieldname, term):
                    sub.append(Term(fieldname, term, weight * W_EXPAND))
        dfs = [tables.doc_frequency(f, t)
               for f, t in (("exact", key), ("stem", tok.stem),
                            *(("stem", a) for a in tok.alt_stems)) if has(f, t)]
        df = min(dfs) if dfs else 0
        tok.idf = math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5)) if df else math.log(1.0 + n_docs)
        if not tok.strong and not tok.alt_keys and tok.group is None and len(key) >= 4 and not key.isdigit():
            maxdist = 1 if len(key) <= 6 else 2
            fz = [Fuzzy("exact", key, W_FUZZY, maxdist, 1),
                  Fuzzy("head", key, W_FUZZY * 1.3, maxdist, 1)]
            expanded = {t for q in fz for t in scorer.expand(q)}
            if expanded:
                tok.fuzzy = frozenset(expanded)
                plan.fuzzy.update(expanded)
                sub.extend(fz)
        if tok.strong:
            plan.matched["exact"].add(key)
            plan.matched["stem"].add(tok.stem)
            if len(key) >= analysis.prefix_len:
                plan.matched["pre"].add(tok.pre)
        plan.matched["exact"].update(tok.alt_keys)
        plan.matched["stem"].update(tok.alt_stems)
        plan.tokens.append(tok)
        token_at[i] = tok
        if sub:
            clauses.append(DisMax(tuple(sub)))

    for tok in plan.tokens:         # words covered by another word's translation
        if tok.group is not None and tok.group in token_at:
            lead = token_at[tok.group]
            tok.alt_keys |= lead.alt_keys
            tok.alt_stems |= lead.alt_stems

    # phrases: runs of 2-3 adjacent words that start and end with a content word
    # (stopwords inside count: "sell for turn")
    for n in (2, 3):
        for i in range(len(keys) - n + 1):
            run = keys[i:i + n]
            if analysis.is_query_stopword(run[0]) or analysis.is_query_stopword(run[-1]):
                continue
            if all(has("exact", k) for k in run):
                clauses.append(Phrase("exact", tuple(run), 1, W_PHRASE))
            if all(has("head", k) for k in run):
                clauses.append(Phrase("head", tuple(run), 1, W_PHRASE * 1.5))
    for quoted in re.findall(r'"([^"]+)"', text.replace("“", '"').replace("”", '"')):
        run = analysis.keys(quoted)
        if len(run) >= 2 and all(has("exact", k) for k in run):
            clauses.append(Phrase("exact", tuple(run), 0, W_QUOTED))

    # the defining rules of named terms are candidates even if their text differs
    for doc_id in plan.defining:
        clauses.append(Constant(doc_id, 0.01))
    for rid in _INLINE_NUMBER.findall(text):
        plan.ids.add(rid)
        clauses.append(Constant(rid, 0.01))

    if not clauses:
        return None, plan
    return clauses, plan


# --- snippets -----------------------------------------------------------------------

SNIPPET_WORDS = 32


def word_matches(word: Word, plan: Plan, analysis: Analysis) -> bool:
    key = word.key
    if key in plan.matched["exact"] or key in plan.fuzzy:
        return True
    if analysis.is_query_stopword(key):
        return False
    if analysis.stem(key) in plan.matched["stem"]:
        return True
    return len(key) >= analysis.prefix_len and analysis.prefix(key) in plan.matched["pre"]


def snippet(text: str, plan: Plan, analysis: Analysis,
            size: int = SNIPPET_WORDS) -> tuple[str, list[tuple[int, int]]]:
    """The best window of `text` and the (start, end) spans of matched words in it."""
    words = analysis.words(text)
    if not words:
        return text[:200], []
    hits = [word_matches(w, plan, analysis) for w in words]
    best, best_score = 0, -1.0
    if len(words) > size:
        for start in range(0, len(words) - size + 1):
            window = [analysis.stem(words[j].key) for j in range(start, start + size) if hits[j]]
            # more distinct matched words; the text's own start unless a later window
            # has clearly more (a definition reads best from its first words)
            score = len(set(window)) + 0.01 * len(window) - 0.03 * start
            if score > best_score:
                best, best_score = start, score
    lo = best
    hi = min(len(words), best + size)
    start_char = 0 if lo == 0 else words[lo].start
    end_char = len(text) if hi == len(words) else words[hi - 1].end
    prefix = "" if start_char == 0 else "… "
    suffix = "" if end_char >= len(text) else " …"
    body = text[start_char:end_char]
    out = prefix + body + suffix
    marks = [(len(prefix) + w.start - start_char, len(prefix) + w.end - start_char)
             for w, hit in zip(words[lo:hi], hits[lo:hi]) if hit]
    return out, marks


def coverage(plan: Plan, keys: set[str], stems: set[str], prefixes: set[str],
             prefix_len: int) -> float:
    """The idf-weighted share of the query's content words that a document contains
    (by the same signals the query uses: a field weighted 0 is not consulted)."""
    use_stem = W_STEM > 0
    use_prefix = W_PRE > 0 or W_PRE4 > 0
    total = got = 0.0
    for tok in plan.tokens:
        total += tok.idf
        if (tok.key in keys
                or (use_stem and tok.stem in stems)
                or (use_prefix and len(tok.key) >= prefix_len and tok.pre in prefixes)
                or (tok.fuzzy and not keys.isdisjoint(tok.fuzzy))
                or (tok.alt_keys and not keys.isdisjoint(tok.alt_keys))
                or (use_stem and tok.alt_stems and not stems.isdisjoint(tok.alt_stems))):
            got += tok.idf
    return got / total if total else 1.0
