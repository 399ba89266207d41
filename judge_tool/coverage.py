"""Check that every sentence of the seed texts lands in exactly one rule node.

The editorial changes recorded in rules/<game>/EDITORIAL.md are applied to the seed
first, so the check proves both the mapping and that the list of changes is complete.
Run: `python -m judge_tool.coverage SEEDS_DIR [GAME]`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from .rulebook import DEFAULT_GAME, Rulebook, load_rulebook
import re

from .turkish import normalize_punct, normalize_space, split_sentences, strip_list_marker

# A printed rule number at the start of a seed line ("517.2. …", "6.5.a …", "1. …").
_LEADING_NUMBER = re.compile(r"^\s*(?:\d+(?:\.(?:\d+|[a-z]))+\.?|\d+\.)\s+")


@dataclass(frozen=True)
class Edit:
    """A seed sentence changed in the rulebook, and why."""

    seed: str
    paragraph: int
    original: str
    edited: str
    reason: str


@dataclass(frozen=True)
class Cut:
    """A seed sentence that renders two official rules is cut before `before`; each piece
    then lands at the rule it renders (the cut side is shown as "…" in the rule text)."""
    seed: str
    paragraph: int
    before: str
    rules: str
    reason: str


@dataclass(frozen=True)
class Drop:
    """A sentence the seed repeats: dropped, its twin is kept at rule `kept`."""
    seed: str
    paragraph: int
    sentence: str
    kept: str
    reason: str


@dataclass(frozen=True)
class Extra:
    """A seed sentence that renders no official rule: kept at `rule`, marked there
    (`extra:` metadata) and shown with a note."""
    seed: str
    paragraph: int
    start: str
    rule: str
    reason: str


@dataclass(frozen=True)
class Marks:
    """What the editorial notes say was cut, dropped or added."""

    cuts: tuple[Cut, ...] = ()
    drops: tuple[Drop, ...] = ()
    extras: tuple[Extra, ...] = ()


@dataclass(frozen=True)
class Sentence:
    """One sentence of a seed file."""

    seed: str
    paragraph: int
    text: str


@dataclass(frozen=True)
class Placement:
    """Where a seed sentence ended up in the rulebook."""

    sentence: Sentence
    nodes: tuple[str, ...]


def _table_rows(markdown: str, header: tuple[str, ...]) -> list[list[str]]:
    """Rows of the first Markdown table whose header cells equal `header`."""
    rows: list[list[str]] = []
    in_table = False
    for line in markdown.splitlines():
        stripped = line.strip()
        if not stripped.startswith("|"):
            if in_table:
                break
            continue
        cells = [c.strip() for c in stripped.strip("|").split("|")]
        if not in_table:
            if tuple(c.lower() for c in cells) == header:
                in_table = True
            continue
        if all(set(c) <= set("-: ") for c in cells):
            continue
        rows.append(cells)
    return rows


def _unquote(cell: str) -> str:
    cell = cell.strip()
    if len(cell) >= 2 and cell[0] == cell[-1] == "`":
        cell = cell[1:-1]
    return cell.replace("\\|", "|")


def _editorial_text(book: Rulebook) -> str | None:
    """EDITORIAL.md beside the rulebook, read the safe way (a judge's own folder may hold a
    symlink out of it, a FIFO or a huge file: refused with a one-line error)."""
    from .limits import MAX_CHAPTER_BYTES
    from .safepath import optional_text
    return optional_text(Path(book.meta.folder), "EDITORIAL.md", MAX_CHAPTER_BYTES, "editorial notes")


def read_editorial(book: Rulebook) -> tuple[list[Edit], set[tuple[str, int]]]:
    text = _editorial_text(book)
    if text is None:
        return [], set()
    edits = [
        Edit(r[0], int(r[1]), _unquote(r[2]), _unquote(r[3]), r[4] if len(r) > 4 else "")
        for r in _table_rows(text, ("seed", "paragraph", "original", "edited", "reason"))
    ]
    headings = {(r[0], int(r[1])) for r in _table_rows(text, ("seed", "paragraph", "heading"))}
    return edits, headings


def read_marks(book: Rulebook) -> Marks:
    """The cut, dropped and extra sentences recorded in EDITORIAL.md."""
    text = _editorial_text(book)
    if text is None:
        return Marks()
    cuts = tuple(Cut(r[0], int(r[1]), _unquote(r[2]), r[3], r[4] if len(r) > 4 else "")
                 for r in _table_rows(text, ("seed", "paragraph", "cut before", "rules", "reason")))
    drops = tuple(Drop(r[0], int(r[1]), _unquote(r[2]), r[3], r[4] if len(r) > 4 else "")
                  for r in _table_rows(text, ("seed", "paragraph", "dropped sentence", "kept at", "reason")))
    extras = tuple(Extra(r[0], int(r[1]), _unquote(r[2]), r[3], r[4] if len(r) > 4 else "")
                   for r in _table_rows(text, ("seed", "paragraph", "sentence start", "rule", "reason")))
    return Marks(cuts, drops, extras)


def _cut(sentence: str, cuts: list[Cut]) -> list[str]:
    """`sentence` in pieces at each cut point it contains."""
    points = sorted({sentence.find(c.before) for c in cuts if c.before and sentence.find(c.before) > 0})
    bounds = [0, *points, len(sentence)]
    return [sentence[a:b].strip() for a, b in zip(bounds, bounds[1:]) if sentence[a:b].strip()]


def seed_sentences(book: Rulebook, seeds_dir: Path) -> tuple[list[Sentence], list[str]]:
    """The edited sentences of every seed of the rulebook (cut where EDITORIAL.md cuts
    them, without the dropped repeats), and problems found on the way (an editorial change,
    cut or drop whose text is not in its paragraph)."""
    edits, headings = read_editorial(book)
    marks = read_marks(book)
    problems: list[str] = []
    out: list[Sentence] = []
    for prefix, filename in book.meta.source_prefixes.items():
        path = seeds_dir / filename
        paragraphs = [l for l in path.read_text(encoding="utf-8").splitlines() if l.strip()]
        for number, paragraph in enumerate(paragraphs, start=1):
            if (prefix, number) in headings:
                continue
            for edit in (e for e in edits if e.seed == prefix and e.paragraph == number):
                if edit.original not in paragraph:
                    problems.append(f"EDITORIAL {prefix}:{number}: {edit.original!r} not in the seed")
                paragraph = paragraph.replace(edit.original, edit.edited, 1)
            body = strip_list_marker(_LEADING_NUMBER.sub("", paragraph, count=1))
            cuts = [c for c in marks.cuts if c.seed == prefix and c.paragraph == number]
            drops = {_key(d.sentence) for d in marks.drops if d.seed == prefix and d.paragraph == number}
            for cut in cuts:
                if cut.before not in body:
                    problems.append(f"EDITORIAL {prefix}:{number}: cut {cut.before!r} not in the seed")
            sentences = split_sentences(body)
            for gone in drops - {_key(x) for x in sentences}:
                problems.append(f"EDITORIAL {prefix}:{number}: dropped {gone!r} is not a sentence of the seed")
            for sentence in sentences:
                if _key(sentence) in drops:
                    continue
                for piece in _cut(sentence, cuts):
                    out.append(Sentence(prefix, number, piece))
    return out, problems


def _key(text: str) -> str:
    return normalize_space(normalize_punct(text))


def place_sentences(book: Rulebook, sentences: list[Sentence]) -> list[Placement]:
    """Where each sentence stands. A sentence that repeats in the seed ("ПРИМЕР.", a
    repeated list item) is told apart by the nodes' `src`: only nodes citing its line."""
    haystacks = [(n, _key(" ".join((n.text, *n.examples)))) for n in book]
    placements = []
    for s in sentences:
        nodes = [n for n, hay in haystacks if _key(s.text) in hay]
        if len(nodes) > 1:
            cited = [n for n in nodes if any(src.seed == s.seed and src.paragraph == s.paragraph
                                             for src in n.source)]
            nodes = cited or nodes
        placements.append(Placement(s, tuple(n.id for n in nodes)))
    return placements


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m judge_tool.coverage SEEDS_DIR [GAME]", file=sys.stderr)
        return 2
    book = load_rulebook(args[1] if len(args) > 1 else DEFAULT_GAME)
    sentences, problems = seed_sentences(book, Path(args[0]))
    placements = place_sentences(book, sentences)
    for p in problems:
        print(p)
    bad = 0
    for p in placements:
        if len(p.nodes) != 1:
            bad += 1
            where = ", ".join(p.nodes) or "no node"
            print(f"{p.sentence.seed}:{p.sentence.paragraph} in {where}: {p.sentence.text[:90]}")
    by_chapter: dict[str, int] = {}
    for p in placements:
        if len(p.nodes) == 1:
            chapter = p.nodes[0].split(".", 1)[0]
            by_chapter[chapter] = by_chapter.get(chapter, 0) + 1
    print(f"{len(placements)} sentences, {len(placements) - bad} placed once, {bad} problems; "
          + ", ".join(f"ch{c}: {n}" for c, n in sorted(by_chapter.items(), key=lambda kv: int(kv[0]))))
    return 1 if bad or problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
