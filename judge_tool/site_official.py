"""What the static site says about the official numbering: each rule's official link, how
complete the Turkish text is (site-wide and per chapter), a permalink for every official
rule the Turkish text does not include, and the imported official English.

Kept apart from sitebuild.py (which lays out pages) so the site's layout can change without
touching this, and this without touching the layout: sitebuild only calls `parts()` and
hands the result to the templates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MISSING_PAGE = "resmi-kurallar.html"


@dataclass(frozen=True)
class MissingRule:
    """An official rule the Turkish text lacks."""

    id: str
    url: str
    parent: str | None
    parent_in_text: bool
    nearest: tuple[str, ...]
    english: str | None = None


@dataclass
class OfficialParts:
    """What the site shows about the official numbering."""

    urls: dict[str, str] = field(default_factory=dict)           # rule id -> official link
    coverage: dict[str, tuple[int, int]] = field(default_factory=dict)   # chapter -> (have, total)
    have: int = 0
    total: int = 0
    missing: list[MissingRule] = field(default_factory=list)
    english: dict[str, str] = field(default_factory=dict)        # rule id -> imported English
    changed: set[str] = field(default_factory=set)               # official text changed since
    english_version: str | None = None

    @property
    def enabled(self) -> bool:
        return bool(self.urls)

    def missing_url(self, rule_id: str) -> str:
        return f"{MISSING_PAGE}#{missing_anchor(rule_id)}"

    @property
    def missing_chapters(self) -> set[str]:
        return {m.id.split(".", 1)[0] for m in self.missing}

    def chapter_coverage(self, chapter: str) -> tuple[int, int] | None:
        return self.coverage.get(chapter)


def missing_anchor(rule_id: str) -> str:
    return f"r{rule_id}"


def parts(book: Any) -> OfficialParts:
    """Everything the site shows about the official rules of `book` (empty without data)."""
    from .official import for_book
    numbering = for_book(book)
    if numbering is None:
        return OfficialParts()
    out = OfficialParts()
    for number in numbering.numbers():
        url = numbering.url(number)
        if url:
            out.urls[number] = url
    for chapter, have, total in numbering.coverage(book):
        out.coverage[chapter] = (have, total)
        out.have += have
        out.total += total
    imported = None
    if book.meta.id == "cyberpunk-tcg":
        from .official_import import load_imported
        imported = load_imported()
    if imported is not None:
        out.english_version = imported.updated_at
        for number in numbering.numbers():
            body = imported.body(number)
            if body:
                out.english[number] = body
                if imported.changed(number):
                    out.changed.add(number)
    for number in numbering.numbers():          # chapters and rules, in official order
        if book.get(number) is not None:
            continue
        parent = numbering.parent(number)
        out.missing.append(MissingRule(
            number, out.urls.get(number, ""), parent,
            parent is not None and book.get(parent) is not None,
            tuple(numbering.nearest_with_text(number, book)), out.english.get(number)))
    return out


def search_entries(official: OfficialParts) -> dict[str, str]:
    """{rule id: page#anchor} for the site search: a number typed opens its own permalink,
    even when the Turkish text does not include that rule."""
    return {m.id: official.missing_url(m.id) for m in official.missing}
