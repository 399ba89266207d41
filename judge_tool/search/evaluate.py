"""Search evaluation: recall@k and MRR over a set of judge queries, and the baseline a judge
has without this tool — Ctrl-F (a case-insensitive substring search) in the seed text.

Used by tests/test_search_eval.py (the recall gate) and bench/bench_search.py (the table).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable


@dataclass(frozen=True)
class EvalQuery:
    """One query of the search evaluation set."""

    q: str
    ids: tuple[str, ...]
    set: str = "dev"


@dataclass(frozen=True)
class Scores:
    """How well search did on an evaluation set."""

    n: int
    recall1: float
    recall3: float
    mrr: float
    misses: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()  # (q, expected, got top 3)

    def row(self) -> str:
        return f"n={self.n:3d}  recall@1={self.recall1:.3f}  recall@3={self.recall3:.3f}  MRR={self.mrr:.3f}"


def load_eval(path: Path) -> list[EvalQuery]:
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    return [EvalQuery(item["q"], tuple(item["ids"]), item.get("set", "dev"))
            for item in data.get("query", [])]


def score(queries: Iterable[EvalQuery], ranked: Callable[[str], list[Any]], depth: int = 10) -> Scores:
    """`ranked(q)` returns, best first, either rule ids or lists of rule ids (a passage
    that covers several rules); a query's rank is the first position that holds one of
    its expected ids."""
    queries = list(queries)
    r1 = r3 = rr = 0.0
    misses = []
    for item in queries:
        got = ranked(item.q)[:depth]
        rank = None
        for pos, entry in enumerate(got, start=1):
            ids = entry if isinstance(entry, (list, tuple, set, frozenset)) else (entry,)
            if any(i in item.ids for i in ids):
                rank = pos
                break
        if rank == 1:
            r1 += 1
        if rank is not None and rank <= 3:
            r3 += 1
        else:
            top = tuple(",".join(sorted(e)) if isinstance(e, (list, tuple, set, frozenset)) else str(e)
                        for e in got[:3])
            misses.append((item.q, item.ids, top))
        if rank is not None:
            rr += 1.0 / rank
    n = max(1, len(queries))
    return Scores(len(queries), r1 / n, r3 / n, rr / n, tuple(misses))


def tool_ranking(book: Any, limit: int = 10) -> Callable[[str], list[str]]:
    from . import search

    def ranked(q: str) -> list[str]:
        return [h.rule or h.id for h in search(book, q, limit=limit)]
    return ranked


def seed_paragraphs(seeds: Path, book: Any) -> list[tuple[str, int, str]]:
    """(file, paragraph number, text) for every non-empty line of the rulebook's seeds."""
    out = []
    for name in book.meta.source:
        path = Path(seeds) / name
        if not path.is_file():
            continue
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        out.extend((name, i, line) for i, line in enumerate(lines, start=1))
    return out


def baseline_ranking(seeds: Path, book: Any) -> Callable[[str], list[frozenset[str]]]:
    """Ctrl-F: the seed paragraphs containing the query (case-insensitive), in reading
    order; each found paragraph stands for the rules made from it."""
    paragraphs = seed_paragraphs(seeds, book)
    rules_of: dict[tuple[str, int], set[str]] = {}
    for node in book:
        for src in node.source:
            rules_of.setdefault((src.file, src.paragraph), set()).add(node.id)
    lowered = [(f, p, text.casefold()) for f, p, text in paragraphs]

    def ranked(q: str) -> list[frozenset[str]]:
        needle = q.strip().casefold()
        if not needle:
            return []
        return [frozenset(rules_of.get((f, p), ())) for f, p, text in lowered if needle in text]
    return ranked
