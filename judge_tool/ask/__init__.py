"""`judge ask`: quick rulings for the questions judges hear most.

`ask("19 güçlü birim kaç Gig çalar?")` reads the question (`lexicon`), picks the question
family and the numbers in their roles (`families`), has the engine compute the answer with
its trace of rule ids, and falls back to search for anything else. Pure functions: no I/O
beyond loading data, no printing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .families import EXTRACT, Call, Unclear, candidates
from .lexicon import Reading, load_lexicon, read

__all__ = ["Answer", "ask", "read", "recognise", "KINDS"]

KINDS = ("steal", "fight", "attack", "street_cred", "cost", "d20", "draw", "search")
# Families are written for this game's rules; other rulebooks get search only.
FAMILY_GAME = "cyberpunk-tcg"


@dataclass
class Answer:
    question: str
    kind: str                       # one of KINDS
    value: Any                      # int, bool, "attacker"/"defender" or None
    answer: str                     # the one-line answer
    rules: list[str]                # cited rule ids, in order of use
    trace: list[Any]                # engine Steps (rule, text)
    assumptions: list[str] = field(default_factory=list)
    hits: list[Any] = field(default_factory=list)   # search hits (search kind only)
    missing: list[str] = field(default_factory=list)  # engine citations the rulebook lacks
    language: str = "tr"

    def to_dict(self) -> dict:
        return {
            "question": self.question,
            "kind": self.kind,
            "value": self.value,
            "answer": self.answer,
            "rules": list(self.rules),
            "trace": [{"rule": s.rule, "text": s.text} for s in self.trace],
            "assumptions": list(self.assumptions),
        }


def recognise(question: str) -> tuple[str, Call | None, Reading]:
    """The family of a question and the engine arguments, or ("search", None, reading)."""
    lexicon = load_lexicon()
    reading = read(question, lexicon)
    for family in candidates(reading, lexicon):
        try:
            call = EXTRACT[family](reading)
        except Unclear:
            break       # the family's question, unreadable: search, not another family
        if call is not None:
            return family, call, reading
    return "search", None, reading


def ask(question: str, book=None, game: str = FAMILY_GAME, limit: int = 3) -> Answer:
    """Answer a question. `book` is the rulebook for search and for checking citations
    (loaded when needed)."""
    question = " ".join(question.split())
    if game == FAMILY_GAME:
        kind, call, reading = recognise(question)
    else:
        kind, call, reading = "search", None, read(question)
    if call is None:
        return _search_answer(question, reading, book, game, limit)
    from . import compute
    answer = compute.answer(question, kind, call, reading)
    if book is not None:
        # Cite only rules the rulebook has; a gap between the engine's citations and the
        # rulebook data is reported (`missing`), never shown as a rule without text.
        answer.missing = [r for r in answer.rules if book.get(r) is None]
        answer.rules = [r for r in answer.rules if book.get(r) is not None]
    return answer


def _search_answer(question: str, reading: Reading, book, game: str, limit: int) -> Answer:
    from .fallback import search_hits
    if book is None:
        from ..rulebook import load_rulebook
        book = load_rulebook(game)
    hits = search_hits(book, question, limit)
    ids = [h.id for h in hits]
    if reading.language == "en":
        line = ("No quick-ruling pattern matched; closest rules: " + ", ".join(ids)) if ids \
            else "No quick-ruling pattern matched and no rule found."
    elif getattr(book.meta, "language", "tr") != "tr":    # another rulebook answers in its language
        from ..i18n import choose, messages
        m = messages(choose(book.meta.language))
        line = m("ask.no_pattern_rules", ids=", ".join(ids)) if ids else m("ask.no_pattern")
    else:
        line = ("Hızlı karar kalıplarına uymadı; en yakın kurallar: " + ", ".join(ids)) if ids \
            else "Hızlı karar kalıplarına uymadı ve kural bulunamadı."
    return Answer(question, "search", None, line, ids, [], hits=hits, language=reading.language)
