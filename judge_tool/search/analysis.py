"""Text analysis for search: one `Analysis` per rulebook language, chosen from
`book.meta.language`.

An analysis turns text into three parallel term streams, one term per word, so word
positions line up across them:

* ``exact``  — the folded word (Turkish lower case, then ASCII: "ÇATIŞMAYI" -> "catismayi");
  phrases and precise matches use it;
* ``stem``   — the folded word with inflectional suffixes stripped ("catismayi" -> "catis");
* ``prefix`` — the first few letters of the folded word ("saldiran", "saldirisi" -> "saldi"),
  a fixed-length truncation that is known to work well for agglutinative languages and
  catches what the stemmer misses.

Documents and queries go through the same functions, so whatever the stemmer does wrong it
does the same way on both sides. Whoosh only stores and scores the terms; no whoosh
analyzer is pickled into the index, so the analysis can change freely (bump `version`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from .. import turkish


@dataclass(frozen=True)
class Word:
    key: str      # folded form, the ``exact`` term
    start: int    # offsets in the analysed text
    end: int


class Analysis:
    """Language-neutral defaults: Unicode case folding and accent stripping, a Snowball
    stemmer when one exists for the language, a 5-letter prefix."""

    language = ""
    version = "generic-1"
    prefix_len = 5
    min_stem = 3
    stopwords: frozenset[str] = frozenset()
    # English words judges type in any language; removed from queries only.
    query_stopwords: frozenset[str] = frozenset(
        "a an the of to in on at is are was be it its i my me you your do does did can could "
        "should would will what when where which who whom how why if then than and or not no "
        "with without from for by as into this that these those there their they we our "
        "any some".split()
    )

    def __init__(self, language: str = "") -> None:
        self.language = language or self.language
        self._snowball: Any = None       # loaded on first use (the import costs ~25 ms)
        self._stem = lru_cache(maxsize=65536)(self._stem_uncached)
        if type(self).version == Analysis.version:
            algo = _SNOWBALL_NAMES.get(self.language, "none")
            self.version = f"generic-1-{algo}"

    def snowball(self) -> Any:
        if self._snowball is None:
            self._snowball = False
            name = _SNOWBALL_NAMES.get(self.language)
            if name:
                try:
                    import snowballstemmer
                    if name in snowballstemmer.algorithms():
                        self._snowball = snowballstemmer.stemmer(name)
                except ImportError:  # pragma: no cover - a declared dependency
                    pass
        return self._snowball

    # --- folding and words ---------------------------------------------------------
    def fold(self, text: str) -> str:
        decomposed = unicodedata.normalize("NFKD", text.casefold())
        return "".join(ch for ch in decomposed if not unicodedata.combining(ch))

    def words(self, text: str) -> list[Word]:
        out = []
        for tok in turkish.tokenize(text):
            key = self.fold(tok.text.replace("'", "").replace("’", ""))
            if key:
                out.append(Word(key, tok.start, tok.end))
        return out

    def keys(self, text: str) -> list[str]:
        return [w.key for w in self.words(text)]

    # --- term streams --------------------------------------------------------------
    def stem(self, key: str) -> str:
        return self._stem(key)

    def _stem_uncached(self, key: str) -> str:
        stemmer = self.snowball()
        if not stemmer or key.isdigit():
            return key
        return stemmer.stemWord(key) or key

    def prefix(self, key: str) -> str:
        return key[: self.prefix_len]

    def streams(self, text: str) -> tuple[list[str], list[str], list[str]]:
        keys = self.keys(text)
        return keys, [self.stem(k) for k in keys], [self.prefix(k) for k in keys]

    def is_stopword(self, key: str) -> bool:
        return key in self.stopwords

    def is_query_stopword(self, key: str) -> bool:
        return key in self.stopwords or key in self.query_stopwords


_SNOWBALL_NAMES = {
    "ru": "russian", "fr": "french", "de": "german", "es": "spanish", "it": "italian",
    "pt": "portuguese", "nl": "dutch", "en": "english", "sr": "serbian", "hr": "serbian",
    "pl": "polish", "tr": "turkish",
}


_TR_STOP = frozenset("""
    bir ve ile bu su o da de mi mu mi mu midir mudur misin musun miyim muyum miyiz
    ne zaman nasil neden niye nicin hangi hangisi kac nedir nelerdir ki ya veya yada ama fakat
    icin gibi olarak olan olur olursa oluyor olabilir mi midir mudur var yok mudur
    ben benim sen senin biz siz onu ona onun bunu buna bunun sey seyi
    """.split())


class TurkishAnalysis(Analysis):
    """Turkish: I/İ lower-casing and ASCII folding from `turkish.fold`, so "İKAME",
    "ikame" and "IKAME" meet and "QUICK" stays "quick"; `turkish.search_stem` (a light
    suffix stripper on the folded form); a 5-letter prefix."""

    language = "tr"
    stopwords = _TR_STOP

    @cached_property
    def version(self) -> str:   # changes whenever the stemmer's tables do
        import hashlib
        tables = " ".join([*turkish.SEARCH_SUFFIXES, "|", *sorted(turkish.SEARCH_KEEP),
                           "|", str(turkish.SEARCH_MIN_STEM)])
        return f"tr-{hashlib.sha1(tables.encode()).hexdigest()[:8]}"

    def fold(self, text: str) -> str:
        return turkish.fold(text)

    def _stem_uncached(self, key: str) -> str:
        return turkish.search_stem(key)


class EnglishAnalysis(Analysis):
    """English as judges type it into a non-English rulebook's search (glossary names):
    plural, -ing and -ed endings only, so "effects", "stealing", "trashed" meet their
    glossary names without loading a full stemmer."""

    language = "en"
    version = "en-1"

    def _stem_uncached(self, key: str) -> str:
        if len(key) <= 3 or not key.isalpha():
            return key
        for suffix, repl in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
            if key.endswith(suffix) and len(key) - len(suffix) >= 3:
                if suffix == "s" and key.endswith("ss"):
                    return key
                if suffix == "es" and not key[:-2].endswith(("s", "x", "z", "ch", "sh")):
                    continue
                return key[: -len(suffix)] + repl
        return key


_REGISTRY: dict[str, type[Analysis]] = {"tr": TurkishAnalysis, "en": EnglishAnalysis}


@lru_cache(maxsize=None)
def analysis_for(language: str) -> Analysis:
    """The analysis for a rulebook language code ("tr", "ru", "fr", "hr", …). Languages
    without a dedicated class get the generic one with their Snowball stemmer."""
    code = (language or "").lower().split("-")[0].split("_")[0]
    cls = _REGISTRY.get(code, Analysis)
    return cls(code)


def register(language: str, cls: type[Analysis]) -> None:
    _REGISTRY[language] = cls
    analysis_for.cache_clear()
