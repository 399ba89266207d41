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

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from .. import turkish


@dataclass(frozen=True)
class Word:
    """A word of an analysed text and where it stands."""

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

    # One normalisation per language (shared by search, linking and the site's search.js,
    # which gets these tables in assets/search-data.js):
    # fold_table: letters mapped before accents are stripped (a letter mapped to itself is
    #   kept as it is: Russian "й" is a letter, not "и" with a mark);
    # fold_after: (from, to) replacements on the folded text (Croatian "dj" -> "d", so
    #   "određeni", "odredeni" and "odredjeni" meet);
    # elisions: elided words joined by an apostrophe that go ("l'état" is "état").
    fold_table: dict[str, str] = {}
    fold_after: tuple[tuple[str, str], ...] = ()
    elisions: tuple[str, ...] = ()

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
        table = self.fold_table
        out = []
        for ch in text.casefold():
            mapped = table.get(ch)
            if mapped is not None:
                out.append(mapped)
                continue
            if ch.isascii():
                out.append(ch)
                continue
            decomposed = unicodedata.normalize("NFKD", ch)
            out.append("".join(c for c in decomposed if not unicodedata.combining(c)))
        folded = "".join(out)
        for old, new in self.fold_after:
            folded = folded.replace(old, new)
        return folded

    def elided(self, token: str) -> int:
        """How many leading characters of a token are an elided word and its apostrophe
        ("l'état" -> 2, "qu’il" -> 3); 0 when none."""
        if not self.elisions:
            return 0
        low = token.casefold()
        for word in self.elisions:
            if low.startswith(word) and len(low) > len(word) + 1 and low[len(word)] in "'’":
                return len(word) + 1
        return 0

    def words(self, text: str) -> list[Word]:
        out = []
        for tok in turkish.tokenize(text):
            cut = self.elided(tok.text)
            key = self.fold(tok.text[cut:].replace("'", "").replace("’", ""))
            if key:
                out.append(Word(key, tok.start + cut, tok.end))
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
        try:                    # the C module: hashlib would load OpenSSL (~3 ms)
            from _sha1 import sha1
        except ImportError:  # pragma: no cover - other Pythons
            from hashlib import sha1
        tables = " ".join([*turkish.SEARCH_SUFFIXES, "|", *sorted(turkish.SEARCH_KEEP),
                           "|", str(turkish.SEARCH_MIN_STEM)])
        return f"tr-{sha1(tables.encode()).hexdigest()[:8]}"

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


class RussianAnalysis(Analysis):
    """Russian: "ё" is written "е" as often as not, so both are "е"; "й" stays a letter
    (it is not "и" with a mark); stress marks go. Snowball's Russian stemmer."""

    language = "ru"
    version = "ru-2"
    fold_table = {"ё": "е", "й": "й"}


class CroatianAnalysis(Analysis):
    """Croatian: "đ" is typed as "d" or "dj" without a Croatian keyboard, so "đ" and "dj"
    both fold to "d"; č/ć/š/ž lose their marks. Snowball's Serbian (Latin) stemmer."""

    language = "hr"
    version = "hr-2"
    fold_table = {"đ": "d"}
    fold_after = (("dj", "d"),)


class FrenchAnalysis(Analysis):
    """French: elided words go ("l'état", "d’un", "qu'il" -> "état", "un", "il"), accents
    and the ligatures œ/æ fold ("cœur" = "coeur"). Snowball's French stemmer."""

    language = "fr"
    version = "fr-2"
    fold_table = {"œ": "oe", "æ": "ae"}
    elisions = ("jusqu", "lorsqu", "puisqu", "quoiqu", "qu", "l", "d", "j", "n", "s", "m", "t", "c")


_REGISTRY: dict[str, type[Analysis]] = {"tr": TurkishAnalysis, "en": EnglishAnalysis,
                                       "ru": RussianAnalysis, "hr": CroatianAnalysis,
                                       "fr": FrenchAnalysis}


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
