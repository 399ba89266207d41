"""Concepts shared across games (rules/concepts.toml): which rules of each game define
replacement effects, partial resolution, paying costs, … so a judge can compare them."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from .resources import data_path
from .turkish import fold


@dataclass(frozen=True)
class Concept:
    """A game concept and the rules that define it in each rulebook."""

    slug: str
    title: str
    title_tr: str
    description: str
    rules: Mapping[str, tuple[str, ...]]   # game id -> rule ids
    titles: Mapping[str, str] = field(default_factory=dict)   # language -> its name there

    def names(self) -> list[str]:
        return [self.slug, self.slug.replace("-", " "), self.title, self.title_tr, *self.titles.values()]

    def title_in(self, lang: str) -> str:
        """The concept's name in a language (English when it has none there)."""
        return self.titles.get(lang) or self.title


@lru_cache(maxsize=None)
def load_concepts() -> tuple[Concept, ...]:
    from .datacache import cached
    return cached("concepts", _read_concepts, group="ref")


def _read_concepts() -> tuple[Concept, ...]:
    from . import tomlfile
    from .tomlfile import DataError

    path = data_path("rules", "concepts.toml")
    if not path.is_file():
        return ()
    raw, text = tomlfile.load(path, "concepts file")
    out = []
    for c in tomlfile.want(raw, "concept", list, path, text, default=[], items=dict):
        def want(key, kind, default=...):
            return tomlfile.want(c, key, kind, path, text, default=default)
        slug = want("slug", str)
        rules = want("rules", dict, {})
        for game, ids in rules.items():
            if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                raise DataError(path, tomlfile.line_of(text, game), "must be a list of rule numbers",
                                f"{slug}.rules.{game}")
        titles = {k[6:]: v for k, v in c.items() if k.startswith("title_") and v}
        for lang, title in titles.items():
            if not isinstance(title, str):
                raise DataError(path, tomlfile.line_of(text, f"title_{lang}"), "must be a string",
                                f"{slug}.title_{lang}")
        title = want("title", str, slug)
        out.append(Concept(
            slug=slug, title=title, title_tr=want("title_tr", str, ""),
            description=want("description", str, ""),
            rules=MappingProxyType({g: tuple(ids) for g, ids in rules.items()}),
            titles=MappingProxyType({"en": title, "tr": want("title_tr", str, ""), **titles}),
        ))
    return tuple(out)


def find_concept(query: str) -> Concept | None:
    key = fold(query).strip()
    for concept in load_concepts():
        if key in {fold(n) for n in concept.names() if n}:
            return concept
    matches = [c for c in load_concepts() if any(key and key in fold(n) for n in c.names() if n)]
    if len(matches) == 1:
        return matches[0]
    return _by_stems(query)


def _by_stems(query: str) -> Concept | None:
    """A concept named in any rulebook's language, inflected ("reakcije", "реакции",
    "effets de remplacement"): every word of the query, stemmed by that language's own
    analysis, is a word of the concept's name in that language; one concept only."""
    from .search.analysis import analysis_for

    found = []
    for concept in load_concepts():
        for lang, name in concept.titles.items():
            analysis = analysis_for(lang)
            want = {analysis.stem(k) for k in analysis.keys(query) if not analysis.is_stopword(k)}
            have = {analysis.stem(k) for k in analysis.keys(name)}
            if want and want <= have:
                found.append(concept)
                break
    return found[0] if len(found) == 1 else None


def suggest_concepts(query: str, n: int = 3) -> list[str]:
    names = {fold(name): c.slug for c in load_concepts() for name in c.names() if name}
    close = difflib.get_close_matches(fold(query[:64]), list(names), n=n * 2, cutoff=0.3)
    return list(dict.fromkeys(names[c] for c in close))[:n] or [c.slug for c in load_concepts()][:n]
