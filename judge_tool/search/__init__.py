"""Full-text search over a rulebook and its glossary.

    from judge_tool.search import search
    hits = search(book, "çatışma eşit güç", limit=5, chapter=None)

Each hit is a `Hit` (id, kind "rule" or "term", title, text, path, snippet, score, …).
The analysis is chosen from ``book.meta.language`` (see `analysis.py`); whoosh builds the
index on first use into the user's cache (see `index.py`), and a query is scored over a copy
of it kept as tables (`tables.py`, `score.py`): for the shipped rulebooks a search neither
imports whoosh nor opens its files.
"""

from __future__ import annotations

from functools import cached_property

from dataclasses import dataclass
from pathlib import Path

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from .analysis import Analysis, analysis_for

if TYPE_CHECKING:
    from .score import Scorer
    from .tables import Tables

BM25_B, BM25_K1 = 0.75, 1.2

__all__ = ["Hit", "Engine", "search", "engine_for", "index_info", "rebuild_index", "cache_root",
           "reset_engines"]


@dataclass(frozen=True)
class Hit:
    """One search result."""

    id: str                     # rule id, or the glossary slug for terms
    kind: str                   # "rule" or "term"
    title: str
    text: str                   # the node's full text (a term's definition)
    path: tuple[str, ...]       # breadcrumb
    snippet: str
    score: float
    marks: tuple[tuple[int, int], ...] = ()   # matched-word spans within `snippet`
    rule: str = ""              # the rule to read: the id itself, or a term's defining rule

    def marked(self, open_: str = "**", close: str = "**") -> str:
        out, last = [], 0
        for start, end in self.marks:
            out.append(self.snippet[last:start])
            out.append(open_ + self.snippet[start:end] + close)
            last = end
        out.append(self.snippet[last:])
        return "".join(out)

    def to_dict(self) -> dict:
        return {
            "id": self.id, "kind": self.kind, "title": self.title, "text": self.text,
            "path": list(self.path), "rule": self.rule, "snippet": self.snippet,
            "highlights": [list(m) for m in self.marks], "score": round(self.score, 4),
        }


def cache_root() -> Path:
    from .index import cache_root as root
    return root()


def load_glossary_for(book: Any) -> Any:
    """The glossary for this rulebook, or None if there is none (or it cannot be read)."""
    try:
        from .. import glossary as glossary_mod
    except ImportError:
        return None
    loader = getattr(glossary_mod, "load_glossary", None)
    if loader is None:
        return None
    try:
        return loader(book.meta.id)
    except (KeyError, FileNotFoundError):
        return None
    except Exception as exc:  # a broken glossary must not break search
        from .index import notice
        notice(f"glossary not used for search ({type(exc).__name__}: {exc})")
        return None


class Engine:
    """An opened index for one rulebook (+ glossary), reused across queries."""

    def __init__(self, book: Any, glossary: Any = None, *, rebuild: bool = False,
                 use_glossary: bool = True, cache: Path | None = None) -> None:
        self.book = book
        self.glossary = load_glossary_for(book) if (glossary is None and use_glossary) else glossary
        self.analysis: Analysis = analysis_for(getattr(book.meta, "language", "") or "")
        self._rebuild, self._cache = rebuild, cache
        self.terms = {str(getattr(t, "slug", "")): t for t in
                      (getattr(self.glossary, "terms", None) or [])}
        self._terms_cache: dict[str, tuple[set[str], set[str], set[str]]] = {}
        self._packed_terms: dict[str, tuple[str, str, str]] = {}
        if rebuild:
            self.opened                       # noqa: B018 - build now, as asked
        from .lexicon import LEXICONS, SYNONYMS
        self.lexicon = LEXICONS.get(self.analysis.language, {})
        self.synonyms = SYNONYMS.get(self.analysis.language, {})

    # The index is opened only when a query needs it (a bare rule number does not).
    @cached_property
    def opened(self):
        from .index import open_or_build
        return open_or_build(self.book, self.glossary, self.analysis, rebuild=self._rebuild,
                             cache=self._cache)

    @cached_property
    def key(self) -> str:
        """The index key (data, analysis, schema): known without opening the index."""
        if "opened" in self.__dict__:
            return self.opened.key
        from .index import key_for
        return key_for(self.book, self.glossary, self.analysis)

    @cached_property
    def tables(self) -> "Tables":
        """The index as tables (`tables.py`). For the shipped rulebooks they are kept in
        the compiled data cache per index key, so a search neither imports whoosh nor
        opens the index; for a judge's own folder they are read from the opened index."""
        from .index import _shipped
        from .tables import from_reader

        def build() -> "Tables":
            with self.opened.ix.reader() as reader:
                return from_reader(reader)

        if _shipped(self.book):
            from ..datacache import cached
            return cached(f"search-tables:{self.book.meta.id}:{self.key}", build, group="search")
        return build()

    @cached_property
    def scorer(self) -> "Scorer":
        from .score import Scorer
        return Scorer(self.tables, BM25_B, BM25_K1)

    @cached_property
    def names(self):
        from .query import glossary_names
        names, packed = self._tables(glossary_names)
        self._packed_terms = packed
        return names

    def _tables(self, glossary_names):
        """The glossary name index and every document's words, stems and prefixes: built
        once per data version for the shipped rulebooks (compiled data cache, search
        group), per process for a judge's own folder. The words are kept as one string
        per document and kind and made into sets only for the documents a query ranks:
        unpickling ~1,200 sets of words cost a cold search more than the search itself."""
        from .index import _shipped

        def build():
            names = glossary_names(self.glossary, self.analysis)
            packed: dict[str, tuple[str, str, str]] = {}
            if _shipped(self.book):
                ids = [node.id for node in self.book] + [f"term:{slug}" for slug in self.terms]
                for doc_id in ids:
                    packed[doc_id] = tuple(" ".join(sorted(words))      # type: ignore[assignment]
                                           for words in self._doc_terms(doc_id))
            return names, packed

        if _shipped(self.book):
            from ..datacache import cached
            return cached(f"search:{self.book.meta.id}:{self.key}", build, group="search")
        return build()

    def close(self) -> None:
        try:
            if "opened" in self.__dict__:
                self.opened.ix.close()
        except Exception:
            pass

    # --- searching -----------------------------------------------------------------
    def search(self, query: str, limit: int = 5, chapter: str | int | None = None) -> list[Hit]:
        from .query import clean, rule_number

        text = clean(query)
        limit = max(0, int(limit))
        if not text.strip() or limit == 0:
            return []
        chapter = None if chapter in (None, "") else str(chapter).strip().rstrip(".")
        from ..rulebook import citation_words

        rid = rule_number(text, citation_words(self.book.meta))
        if rid is not None:
            node = self.book.get(rid)
            if node is not None and (chapter is None or node.chapter == chapter):
                return [self._rule_hit(node, 1.0, None)]
            if "." in rid or node is not None:
                return []
        return self._text_search(text, limit, chapter)

    def _text_search(self, text: str, limit: int, chapter: str | None) -> list[Hit]:
        from .query import CANDIDATES, COORD_FLOOR, DEFINING_BONUS, SUBTREE_SHARE, TERM_DAMP, build, coverage

        names = self.names                     # fills the per-document word tables too
        clauses, plan = build(text, self.scorer, self.analysis, names, self.lexicon, self.synonyms)
        if clauses is None:
            return []
        tables = self.tables
        allowed = {d for d, c in enumerate(tables.chapters) if c == chapter} if chapter else None
        results = self.scorer.search(clauses, max(CANDIDATES, limit * 4), allowed)
        scored: list[tuple[float, str]] = []
        top = results[0][1] if results else 0.0
        for docnum, raw in results:
            doc_id = tables.ids[docnum]
            keys, stems, prefixes = self._doc_terms(doc_id)
            cover = coverage(plan, keys, stems, prefixes, self.analysis.prefix_len)
            named = plan.defining.get(doc_id, 0.0)
            is_term = doc_id.startswith("term:")
            if is_term and named < 0.99:
                named = 0.0            # the entry leads only when the query is just its name
            elif named and named < 0.99 and self._is_heading(doc_id):
                named *= SUBTREE_SHARE  # a bare heading: its rules below answer the rest
            if not named and not is_term:
                # inside a named term's defining rule: above passing mentions elsewhere
                parent = doc_id.rpartition(".")[0]
                while parent and not named:
                    named = plan.defining.get(parent, 0.0) * SUBTREE_SHARE
                    parent = parent.rpartition(".")[0]
            bonus = named * DEFINING_BONUS * top
            if doc_id in plan.ids:
                bonus += 0.5 * top
            base = raw * (COORD_FLOOR + (1 - COORD_FLOOR) * cover)
            if is_term and not named:
                base *= TERM_DAMP      # a definition that paraphrases rules: the rule comes first
            scored.append((base + bonus, doc_id))
        scored.sort(key=lambda s: (-s[0], s[1]))
        hits: list[Hit] = []
        shown: set[str] = set()        # rule ids already on screen (a term shows its rule)
        for score, doc_id in scored:
            if score <= 0.02 * max(top, 1e-9) and hits:
                break
            hit = self._hit(doc_id, score, plan)
            if hit is None or hit.rule in shown:
                continue
            if hit.kind == "term" and hit.rule:
                # the term's entry stands for its defining rule: drop that rule if listed
                hits = [h for h in hits if not (h.kind == "rule" and h.id == hit.rule)]
            shown.add(hit.rule)
            hits.append(hit)
            if len(hits) >= limit:
                break
        return hits

    def _is_heading(self, doc_id: str) -> bool:
        node = self.book.get(doc_id)
        return node is not None and not node.text

    def _english(self) -> dict[str, str]:
        """The imported official English per rule (empty without an import)."""
        if not hasattr(self, "_english_cache"):
            from ..official_import import english_bodies
            self._english_cache = english_bodies(self.book)
        return self._english_cache

    def _doc_terms(self, doc_id: str) -> tuple[set[str], set[str], set[str]]:
        """Every word of a document (text, examples, title, breadcrumb) as keys, stems and
        prefixes; computed on first need and kept."""
        cached = self._terms_cache.get(doc_id)
        if cached is not None:
            return cached
        packed = self._packed_terms.get(doc_id)
        if packed is not None:
            unpacked = tuple(set(words.split()) for words in packed)
            self._terms_cache[doc_id] = unpacked      # type: ignore[assignment]
            return unpacked                           # type: ignore[return-value]
        if doc_id.startswith("term:"):
            from .index import term_names
            term = self.terms.get(doc_id[5:])
            turkish, english = term_names(term) if term is not None else ([], [])
            parts = [*turkish, *english, str(getattr(term, "definition", "") or "")]
        else:
            node = self.book.get(doc_id)
            parts = [] if node is None else [node.title, node.text, *node.examples, *node.path,
                                             self._english().get(doc_id, "")]
        a = self.analysis
        keys = set(a.keys(" ".join(parts)))
        stems = {a.stem(k) for k in keys}
        prefixes = {a.prefix(k) for k in keys}
        self._terms_cache[doc_id] = (keys, stems, prefixes)
        return keys, stems, prefixes

    def _hit(self, doc_id: str, score: float, plan) -> Hit | None:
        if doc_id.startswith("term:"):
            term = self.terms.get(doc_id[5:])
            if term is None:
                return None
            return self._term_hit(term, score, plan)
        node = self.book.get(doc_id)
        return None if node is None else self._rule_hit(node, score, plan)

    def _rule_hit(self, node: Any, score: float, plan) -> Hit:
        from .query import snippet

        text = node.text or node.title
        source = text
        if plan is not None and node.examples:
            # show an example when the match is only there
            from .query import word_matches
            if not any(word_matches(w, plan, self.analysis) for w in self.analysis.words(text)):
                for example in node.examples:
                    if any(word_matches(w, plan, self.analysis) for w in self.analysis.words(example)):
                        source = example
                        break
        if plan is not None:
            snip, marks = snippet(source, plan, self.analysis)
        else:
            snip, marks = snippet(source, _empty_plan(), self.analysis)
        return Hit(node.id, "rule", node.label, text, tuple(node.path), snip, float(score),
                   tuple(marks), node.id)

    def _term_hit(self, term: Any, score: float, plan) -> Hit:
        from .index import term_names
        from .query import snippet

        turkish, english = term_names(term)
        title = turkish[0] if turkish else str(getattr(term, "slug", ""))
        others = [e for e in english[:2] if self.analysis.fold(e) != self.analysis.fold(title)]
        if others:
            title += f" ({', '.join(others)})"
        definition = str(getattr(term, "definition", "") or "")
        rule = str(getattr(term, "rule", "") or "")
        node = self.book.get(rule) if rule else None
        path = tuple(node.path) + ((node.label,) if node is not None and node.title else ()) if node else ()
        snip, marks = snippet(definition, plan, self.analysis)
        return Hit(str(getattr(term, "slug", "")), "term", title, definition, path, snip,
                   float(score), tuple(marks), rule)

    # --- info ------------------------------------------------------------------------
    def info(self) -> dict:
        from .index import folder_size

        opened = self.opened
        return {
            "rulebook": self.book.meta.id, "version": self.book.meta.version,
            "language": self.analysis.language, "analysis": self.analysis.version,
            "cache": str(cache_root()),
            "path": str(opened.path) if opened.path else None,
            "in_memory": opened.path is None, "key": opened.key,
            "documents": opened.ix.doc_count_all(),
            "rules": len(self.book), "terms": len(self.terms),
            "glossary": self.glossary is not None,
            "bytes": folder_size(opened.path),
            "built": opened.marker.get("built"), "build_seconds": opened.marker.get("build_seconds"),
            "built_now": opened.built,
        }


def _empty_plan():
    from .query import Plan
    return Plan([], [])


_ENGINES: dict[int, tuple[Any, Engine]] = {}


def engine_for(book: Any, *, rebuild: bool = False) -> Engine:
    """The cached engine for `book` (one per rulebook object per process)."""
    cached = _ENGINES.get(id(book))
    if cached is not None and cached[0] is book and not rebuild:
        return cached[1]
    if cached is not None:
        cached[1].close()
    engine = Engine(book, rebuild=rebuild)
    _ENGINES[id(book)] = (book, engine)
    return engine


def reset_engines() -> None:
    """Close every cached engine (tests; after changing the cache location)."""
    for _book, engine in list(_ENGINES.values()):
        engine.close()
    _ENGINES.clear()


def search(book: Any, query: str, limit: int = 5, chapter: str | int | None = None) -> list[Hit]:
    """Ranked hits for `query` in `book` (and its glossary). Never raises on odd input."""
    return engine_for(book).search(query, limit=limit, chapter=chapter)


def rebuild_index(book: Any) -> Engine:
    return engine_for(book, rebuild=True)


def index_info(book: Any) -> dict:
    return engine_for(book).info()
