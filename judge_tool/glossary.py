"""The glossary: one TOML file per term under glossary/ (judge_tool/_data/glossary when
installed). Each entry names the Turkish term, the official English term, aliases, a kind,
a Turkish definition drawn from the rules text, the defining rule and related rules.

Optional matching keys (used by the linker, see linking.py):
  stems   = extra lemma forms the suffix grammar inflects, for compounds whose written
            form carries a possessive: "Tepki Adımı" -> stem "tepki adım" (so that
            "Tepki Adımı’na", "adımında" are recognised).
  match   = regular expressions (on Turkish-lower-cased text) for phrasal or verbal forms
            the word grammar cannot see: "mağlup edilir", "1 €$".
  exclude = regular expressions, anchored at a candidate link's start, that veto it:
            "ele geçirmek" is not the hand, "geçerlidir" is not "valid".

Lookup (`Glossary.lookup`) accepts Turkish, English or ASCII-typed input in any case,
inflected forms ("kuşanmayı") and multi-word names ("go solo").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from . import limits, tomlfile
from .lazyre import lazy
from .resources import data_path
from .tomlfile import DataError
from .turkish import fold, split_inflected, tokenize

DEFAULT_GAME = "cyberpunk-tcg"

# Kinds in display order, with the Turkish label used by `judge terms` / `judge define`.
KINDS: dict[str, str] = {
    "keyword": "etki anahtar kelimesi",
    "trigger": "tetikleyici anahtar kelime",
    "action": "oyun aksiyonu",
    "zone": "alan",
    "phase": "aşama / adım",
    "card-type": "kart türü",
    "concept": "kavram",
}

_REQUIRED = ("slug", "term", "english", "kind", "definition", "rule")
_OPTIONAL_LISTS = ("aliases", "related", "stems", "match", "exclude")
_SLUG_RE = lazy(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_ID_RE = lazy(r"^\d+(?:\.(?:\d+|[a-z]))*$")


class GlossaryError(DataError):
    """A glossary file is malformed (``file:line: [key: ]message``)."""

    def __init__(self, file: Path | str, message: str, line: int = 0, key: str = "") -> None:
        super().__init__(file, line, message, key)


@dataclass(frozen=True)
class Term:
    """One glossary entry: the term, its names and its definition."""

    slug: str
    term: str
    english: str
    kind: str
    aliases: tuple[str, ...]
    definition: str
    rule: str
    related: tuple[str, ...]
    stems: tuple[str, ...] = ()
    match: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    file: str = field(default="", compare=False)

    @property
    def names(self) -> tuple[str, ...]:
        """Every written name: the Turkish term, the English term, then the aliases."""
        return tuple(dict.fromkeys((self.term, self.english, *self.aliases)))

    @property
    def kind_label(self) -> str:
        return KINDS.get(self.kind, self.kind)

    def to_dict(self) -> dict:
        return {
            "slug": self.slug, "term": self.term, "english": self.english,
            "aliases": list(self.aliases), "kind": self.kind, "definition": self.definition,
            "rule": self.rule, "related": list(self.related),
        }


def _clean_name(name: str) -> str:
    """"[PLAY]" -> "PLAY": card-text brackets are not part of a keyword's name."""
    return name.replace("[", " ").replace("]", " ").strip()


# Nouns that only say which class a named thing belongs to ("ikame etkisi" is an etki), so
# the word before them names the term alone. Folded.
CLASS_NOUNS = frozenset({"etki", "effect", "asama", "phase", "adim", "step"})


def _is_class_noun(word: str) -> bool:
    return word in CLASS_NOUNS or any(
        stem in CLASS_NOUNS for stem, _ in split_inflected(word, CLASS_NOUNS, ascii_only=True))


def name_key(name: str) -> str:
    """Lookup key of a whole name: folded, brackets and hyphens as spaces, one space."""
    text = fold(_clean_name(name)).replace("-", " ").replace("_", " ")
    return " ".join(text.split())


class Glossary:
    """The terms of one game's glossary, with lookup by any of their names."""

    def __init__(self, terms: Iterable[Term], folder: Path | None = None, language: str = "") -> None:
        self.terms: tuple[Term, ...] = tuple(terms)
        self.folder = folder
        self.language = language        # another rulebook's language: lookup by its stems too
        self._by_stems: dict[tuple[str, ...], Term] | None = None
        self._by_slug: dict[str, Term] = {}
        self._exact: dict[str, list[Term]] = {}
        self._folded: dict[str, list[Term]] = {}
        self._multi: dict[tuple[str, ...], list[tuple[str, Term]]] = {}
        self._last_words: set[str] = set()
        for t in self.terms:
            if t.slug in self._by_slug:
                raise GlossaryError(t.file or t.slug, f"duplicate slug {t.slug!r}")
            self._by_slug[t.slug] = t
            for name in (t.slug, *t.names):
                self._exact.setdefault(_clean_name(name), []).append(t)
            for name in (*t.names, *t.stems, t.slug):
                key = name_key(name)
                if not key:
                    continue
                self._folded.setdefault(key, []).append(t)
                words = tuple(key.split())
                self._multi.setdefault(words[:-1], []).append((words[-1], t))
                self._last_words.add(words[-1])
        self.head_words: dict[str, str] = self._head_words()

    def __repr__(self) -> str:
        return f"Glossary({len(self.terms)} terms, folder={self.folder})"

    def __iter__(self) -> Iterator[Term]:
        return iter(self.terms)

    def __len__(self) -> int:
        return len(self.terms)

    def __contains__(self, slug: object) -> bool:
        return slug in self._by_slug

    def get(self, slug: str) -> Term | None:
        return self._by_slug.get(slug)

    def of_kind(self, kind: str) -> list[Term]:
        return [t for t in self.terms if t.kind == kind]

    def lookup(self, query: str) -> Term | None:
        """The term a judge means by `query`: exact spelling first ("PLAY" is the trigger,
        "Play" the action), then any case / ASCII spelling, then inflected forms."""
        raw = " ".join(_clean_name(query).split())
        if not raw:
            return None
        if "[" in query:                        # "[play]": brackets mark a card keyword
            cards = [t for t in self._folded.get(name_key(raw), ()) if t.kind in ("keyword", "trigger")]
            if cards:
                return cards[0]
        if hits := self._exact.get(raw):
            return hits[0]
        key = name_key(raw)
        if "'" in key:                          # "Tepki Adımı’na": the suffix after ’ goes
            key = " ".join(w.split("'")[0] for w in key.split())
        if not key:
            return None
        if hits := self._folded.get(key):
            return _prefer(hits, key)
        words = key.split()
        head, last = tuple(words[:-1]), words[-1]
        lemmas = {stem for stem, _ in split_inflected(last, self._last_words, ascii_only=True)}
        for word, term in self._multi.get(head, ()):
            if word in lemmas:
                return term
        return self._by_head_word(key) or self._by_language_stems(raw)

    def _by_language_stems(self, query: str) -> Term | None:
        """Another rulebook's language: a name matched word by word through that language's
        own analysis (judge_tool.search.analysis: elision, folding, stemming), so
        "reakcije", "declaration d'intention" and "эффектов замещения" find their term."""
        if not self.language or self.language == "tr":
            return None
        from .search.analysis import analysis_for

        analysis = analysis_for(self.language)

        def stems(text: str) -> tuple[str, ...]:
            return tuple(analysis.stem(k) for k in analysis.keys(_clean_name(text)))

        if self._by_stems is None:
            self._by_stems = {}
            for t in self.terms:
                for name in (*t.names, *t.stems):
                    self._by_stems.setdefault(stems(name), t)
        return self._by_stems.get(stems(query)) if stems(query) else None

    def _head_words(self) -> dict[str, str]:
        """Words that name a term on their own: the head of a name whose other words are
        only a class noun ("ikame etkisi", "başlangıç aşaması", "replacement effect"), when
        exactly one term has that head and no term is named by the word itself."""
        heads: dict[str, set[str]] = {}          # head -> slugs of every name it starts
        classed: set[str] = set()                # heads of "<word> <class noun>" names
        for key, terms in self._folded.items():
            words = key.split()
            if len(words) < 2:
                continue
            heads.setdefault(words[0], set()).update(t.slug for t in terms)
            if len(words[0]) >= 3 and all(_is_class_noun(w) for w in words[1:]):
                classed.add(words[0])
        return {w: next(iter(heads[w])) for w in sorted(classed)
                if len(heads[w]) == 1 and w not in self._folded}

    def _by_head_word(self, key: str) -> Term | None:
        """One word that is the head of exactly one term's name: "ikame" -> ikame etkisi."""
        if " " in key:
            return None
        lemmas = {key} | {stem for stem, _ in split_inflected(key, self.head_words, ascii_only=True)}
        slugs = {self.head_words[w] for w in lemmas if w in self.head_words}
        return self._by_slug[slugs.pop()] if len(slugs) == 1 else None

    def suggest(self, query: str, n: int = 3) -> list[Term]:
        """The closest terms to an unknown query (for "did you mean")."""
        key = name_key(query[:limits.MAX_WORD_CHARS])
        if not key or not any(ch.isalpha() for ch in key):
            return []                            # "*", "9.17", "🙂": nothing is close
        names = list(self._folded)
        picks: list[Term] = []
        import difflib
        for match in difflib.get_close_matches(key, names, n=n * 4, cutoff=0.5):
            for term in self._folded[match]:
                if term not in picks:
                    picks.append(term)
        if len(picks) < n:                      # share a word: "sokak" -> Street Cred
            words = set(key.split())
            for name in names:
                if words & set(name.split()):
                    for term in self._folded[name]:
                        if term not in picks:
                            picks.append(term)
        if len(picks) < n:                      # otherwise simply the most similar names
            matcher = difflib.SequenceMatcher(b=key, autojunk=False)
            scored = []
            for name in names:
                matcher.set_seq1(name)
                scored.append((-matcher.ratio(), name))
            for _, name in sorted(scored):
                for term in self._folded[name]:
                    if term not in picks:
                        picks.append(term)
                if len(picks) >= n:
                    break
        return picks[:n]


def _prefer(hits: list[Term], key: str) -> Term:
    """Several terms share a folded name (only "play"/"attack"-like pairs): prefer the one
    whose Turkish or English name it is over one that lists it as an alias."""
    for term in hits:
        if key in (name_key(term.term), name_key(term.english)):
            return term
    return hits[0]


# --- loading -----------------------------------------------------------------------

def _as_str_list(raw: dict, key: str, path: Path, text: str = "") -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise GlossaryError(path, "must be a list of non-empty strings", tomlfile.line_of(text, key), key)
    return tuple(v.strip() for v in value)


def parse_term(path: Path) -> Term:
    try:
        raw, text = tomlfile.load(path, "glossary file")
    except DataError as exc:
        raise GlossaryError(exc.file, exc.message, exc.line, exc.key) from None
    for key in _REQUIRED:
        if key not in raw:
            raise GlossaryError(path, "missing", 0, key)
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise GlossaryError(path, f"must be a non-empty string, not {tomlfile.type_name(raw[key])}",
                                tomlfile.line_of(text, key), key)
    unknown = set(raw) - set(_REQUIRED) - set(_OPTIONAL_LISTS)
    if unknown:
        raise GlossaryError(path, f"unknown keys: {', '.join(sorted(unknown))}")
    slug = raw["slug"].strip()
    if not _SLUG_RE.match(slug):
        raise GlossaryError(path, f"slug {slug!r} is not lower-case-with-hyphens")
    if slug != path.stem:
        raise GlossaryError(path, f"slug {slug!r} does not match the file name")
    kind = raw["kind"].strip()
    if kind not in KINDS:
        raise GlossaryError(path, f"kind {kind!r} is not one of {', '.join(KINDS)}")
    related = _as_str_list(raw, "related", path, text)
    for rule_id in (raw["rule"].strip(), *related):
        if not _ID_RE.match(rule_id):
            raise GlossaryError(path, f"{rule_id!r} is not a rule number")
    patterns = _as_str_list(raw, "match", path, text) + _as_str_list(raw, "exclude", path, text)
    for pattern in patterns:
        try:
            re.compile(pattern, re.IGNORECASE)
        except re.error as exc:
            raise GlossaryError(path, f"bad pattern {pattern!r}: {exc}") from None
    return Term(
        slug=slug, term=raw["term"].strip(), english=raw["english"].strip(), kind=kind,
        aliases=_as_str_list(raw, "aliases", path, text),
        definition=" ".join(raw["definition"].split()),
        rule=raw["rule"].strip(), related=related,
        stems=_as_str_list(raw, "stems", path, text),
        match=_as_str_list(raw, "match", path, text),
        exclude=_as_str_list(raw, "exclude", path, text),
        file=path.name,
    )


def _order(terms: Iterable[Term]) -> tuple[Term, ...]:
    kind_rank = {k: i for i, k in enumerate(KINDS)}
    return tuple(sorted(terms, key=lambda t: (kind_rank[t.kind], t.slug)))


def load_glossary_folder(folder: Path) -> Glossary:
    paths = sorted(folder.glob("*.toml"))
    if len(paths) > limits.MAX_GLOSSARY_FILES:
        raise GlossaryError(folder, f"more than {limits.MAX_GLOSSARY_FILES:,} term files")
    terms = [parse_term(path) for path in paths]
    return Glossary(terms=_order(terms), folder=folder)


def glossary_folder(game: str = DEFAULT_GAME) -> Path | None:
    """glossary/ holds the default game's terms; another game's live in glossary/<game>/."""
    if not re.fullmatch(limits.GAME_ID_PATTERN, game):
        return None                 # a folder path or a bad id never becomes a path here
    try:
        root = data_path("glossary")
    except FileNotFoundError:
        return None
    if (root / game).is_dir():
        return root / game
    if game == DEFAULT_GAME and root.is_dir():
        return root
    return None


@lru_cache(maxsize=None)
def load_glossary(game: str = DEFAULT_GAME) -> Glossary:
    """The glossary of `game` (an empty one when the game has none)."""
    folder = glossary_folder(game)
    if folder is None:
        return Glossary(terms=())
    from .datacache import cached
    return cached(f"glossary:{game}", lambda: _glossary_of(game, folder), group="ref")


def _glossary_of(game: str, folder: Path) -> Glossary:
    glossary = load_glossary_folder(folder)
    if game != DEFAULT_GAME:
        try:
            from .rulebook import load_rulebook
            glossary.language = load_rulebook(game).meta.language
        except (KeyError, FileNotFoundError, ValueError):
            pass
    return glossary


def problems(glossary: Glossary, book) -> list[str]:
    """References to rules the rulebook does not have."""
    found: list[str] = []
    for term in glossary:
        for rule_id in (term.rule, *term.related):
            if rule_id not in book:
                found.append(f"{term.file or term.slug}: rule {rule_id} does not exist")
    return found


def tokens_of(name: str) -> list[str]:
    """The words of a name as written (for the linker)."""
    return [t.text for t in tokenize(_clean_name(name))]
