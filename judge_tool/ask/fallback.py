"""The fallback for questions outside the families: the top rules from `judge_tool.search`
(which imports whoosh only here, never on the quick-ruling path)."""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any


@dataclass(frozen=True)
class RuleHit:
    """One of the closest rules shown when no ruling is given."""

    id: str          # a rule id of the rulebook
    title: str
    text: str
    snippet: str
    score: float


def search_hits(book: Any, question: str, limit: int = 3) -> list[RuleHit]:
    """Rule hits for `question`, best first. Glossary-term hits count as their defining
    rule; hits whose id is not a rule of `book` are dropped, so every id cited exists."""
    from ..search import search
    out: dict[str, RuleHit] = {}
    for hit in search(book, question, limit=limit * 3):
        rule_id = hit.id if getattr(hit, "kind", "rule") == "rule" else getattr(hit, "rule", "")
        if not rule_id or rule_id in out or book.get(rule_id) is None:
            continue
        node = book.get(rule_id)
        out[rule_id] = RuleHit(rule_id, node.title, node.text, getattr(hit, "snippet", ""),
                               float(getattr(hit, "score", 0.0)))
        if len(out) >= limit:
            break
    return list(out.values())
