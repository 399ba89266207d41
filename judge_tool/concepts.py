"""Concepts shared across games (rules/concepts.toml): which rules of each game define
replacement effects, partial resolution, paying costs, … so a judge can compare them."""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from .resources import data_path
from .turkish import fold


@dataclass(frozen=True)
class Concept:
    slug: str
    title: str
    title_tr: str
    description: str
    rules: Mapping[str, tuple[str, ...]]   # game id -> rule ids

    def names(self) -> list[str]:
        return [self.slug, self.slug.replace("-", " "), self.title, self.title_tr]


@lru_cache(maxsize=None)
def load_concepts() -> tuple[Concept, ...]:
    path = data_path("rules", "concepts.toml")
    if not path.is_file():
        return ()
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Concept(
            slug=c["slug"], title=c.get("title", c["slug"]), title_tr=c.get("title_tr", ""),
            description=c.get("description", ""),
            rules=MappingProxyType({g: tuple(ids) for g, ids in c.get("rules", {}).items()}),
        )
        for c in raw.get("concept", [])
    )


def find_concept(query: str) -> Concept | None:
    key = fold(query).strip()
    for concept in load_concepts():
        if key in {fold(n) for n in concept.names() if n}:
            return concept
    matches = [c for c in load_concepts() if any(key and key in fold(n) for n in c.names() if n)]
    return matches[0] if len(matches) == 1 else None


def suggest_concepts(query: str, n: int = 3) -> list[str]:
    names = {fold(name): c.slug for c in load_concepts() for name in c.names() if name}
    close = difflib.get_close_matches(fold(query[:64]), list(names), n=n * 2, cutoff=0.3)
    return list(dict.fromkeys(names[c] for c in close))[:n] or [c.slug for c in load_concepts()][:n]
