"""Every sentence `judge ask` prints comes from the message catalogue, in the question's
language: Turkish (also typed without Turkish letters) or English.

Why: a judge at the table repeats what the tool says; a Turkish question answered with an
English reason ("whose Gigs and whose turn") is read aloud wrong or not at all. Strings live
in `judge_tool/locales/<lang>.toml` (all five files, same placeholders), never in Python.

How to add an ask string:
- a reason for no ruling: `raise Unclear("steal.two_powers")` (also `NotModelled`,
  `EngineDisagrees`); the key is under `[ask_unclear]`: `ask_unclear.steal.two_powers`
  (a full key of another ask table works too: `NotModelled("ask_misc.card.no_place", …)`);
  values go as keywords: `Unclear("search.number_counts", number=item.text)`; `detail=`
  (an engine message for developers) is kept for `str()` only;
- any other line (answer, assumption, working step): `say(reading, "ask_answer.steal.count",
  n=3)` with the full key; `reading` may also be a language code.
A question's own words are shown as they were typed: `Unclear.said(item.text)`.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def language_of(where: Any) -> str:
    """"en" for an English question, else "tr" (ask answers the Turkish rulebook's game;
    ASCII-typed Turkish is Turkish). `where` is a Reading, an Answer or a language code."""
    code = where if isinstance(where, str) else getattr(where, "language", None)
    return "en" if code == "en" else "tr"


def messages_for(where: Any):
    """The catalogue in the question's language: `m("ask_lines.asked.count")`."""
    from ..i18n import messages
    return messages(language_of(where))


def say(where: Any, key: str, **values: Any) -> str:
    """One catalogue string (full key) in the question's language, formatted."""
    return messages_for(where)(key, **values)


def yes_no(where: Any, value: bool) -> str:
    """"Evet" / "Hayır", "Yes" / "No"."""
    return say(where, "ask_answer.yes" if value else "ask_answer.no")


class Reason(Exception):
    """Why a question gets no ruling: a key under `[ask_unclear]` and its values, shown in
    the question's language (`text`). `str()` is the English text (logs, tracebacks)."""

    table = "ask_unclear"

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values
        self.literal: str | None = None

    @classmethod
    def said(cls, words: str) -> "Reason":
        """The question's own words (not understood), shown as typed."""
        reason = cls("said")
        reason.literal = words
        return reason

    @property
    def full_key(self) -> str:
        return self.key if self.key.startswith("ask_") else f"{self.table}.{self.key}"

    def text(self, where: Any) -> str:
        if self.literal is not None:
            return self.literal
        full = self.full_key
        m = messages_for(where)
        if not m.has(full) and not messages_for("en").has(full):
            # an inline sentence not yet in the catalogue (tests/test_ask_words.py finds
            # them): shown as written rather than as a key
            return self.key.format(**self.values) if self.values else self.key
        return m(full, **self.values)

    def __str__(self) -> str:
        detail = self.values.get("detail")
        return self.text("en") + (f" ({detail})" if detail else "")
