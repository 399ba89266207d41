"""Turkish text handling: the one source of truth for case folding, ASCII folding,
tokenisation and sentence splitting.

Search, glossary linking, `ask` and the site's JavaScript (generated from the tables
below) all fold text the same way, so "ÇATIŞMA", "catisma" and "çatışma" meet.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Turkish dotted/dotless i: Python's str.lower() maps "I" to "i" and "İ" to "i̇" (with a
# combining dot), both wrong for Turkish.
TR_LOWER = {"I": "ı", "İ": "i"}
TR_UPPER = {"i": "İ", "ı": "I"}

# Letters a judge without a Turkish keyboard types instead. Also used by the site's JS.
ASCII_FOLD = {
    "ç": "c", "ğ": "g", "ı": "i", "ö": "o", "ş": "s", "ü": "u",
    "â": "a", "î": "i", "û": "u", "é": "e", "è": "e", "ê": "e", "à": "a",
    "ä": "a", "ë": "e", "ï": "i", "ô": "o", "ù": "u",
}

# Typographic variants folded to one form before anything else.
PUNCT_FOLD = {
    "’": "'", "‘": "'", "`": "'", "´": "'",
    "“": '"', "”": '"', "„": '"', "«": '"', "»": '"',
    "–": "-", "—": "-", "\u00a0": " ",
}

APOSTROPHES = "'’"

_LOWER_TABLE = str.maketrans(TR_LOWER)
_UPPER_TABLE = str.maketrans(TR_UPPER)
_ASCII_TABLE = str.maketrans(ASCII_FOLD)
_PUNCT_TABLE = str.maketrans(PUNCT_FOLD)

# A word: letters/digits, optionally joined by an apostrophe to a Turkish suffix
# ("Gig’i", "Aşama’ya") or by a hyphen ("d20'yi" stays one word).
WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


def tr_lower(text: str) -> str:
    """Lower-case with Turkish I/İ rules."""
    return text.translate(_LOWER_TABLE).lower()


def tr_upper(text: str) -> str:
    return text.translate(_UPPER_TABLE).upper()


def ascii_fold(text: str) -> str:
    """Replace Turkish (and other accented) letters by their ASCII base letters."""
    text = text.translate(_ASCII_TABLE)
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """The matching key: Turkish lower case, then ASCII. "ÇATIŞMA" -> "catisma",
    "QUICK" -> "quick" (the dotless ı from Turkish lowering folds back to i)."""
    return ascii_fold(tr_lower(text.translate(_PUNCT_TABLE)))


def normalize_space(text: str) -> str:
    return " ".join(text.split())


def normalize_punct(text: str) -> str:
    return text.translate(_PUNCT_TABLE)


@dataclass(frozen=True)
class Token:
    text: str   # as written
    start: int  # offset in the original string
    end: int

    @property
    def stem_part(self) -> str:
        """The word without an apostrophe suffix: "Gig’i" -> "Gig"."""
        for mark in APOSTROPHES:
            if mark in self.text:
                return self.text.split(mark, 1)[0]
        return self.text

    @property
    def key(self) -> str:
        return fold(self.text.replace("’", "").replace("'", ""))


def tokenize(text: str) -> list[Token]:
    return [Token(m.group(0), m.start(), m.end()) for m in WORD_RE.finditer(text)]


def words(text: str) -> list[str]:
    """Folded words without apostrophes: the unit search and matching work on."""
    return [t.key for t in tokenize(text)]


_LIST_MARKER = re.compile(r"^\s*(?:\d+\.|[•\-*])\s+")
_OPEN_QUOTES = "“«\""
_CLOSE_QUOTES = "”»\""


def strip_list_marker(line: str) -> str:
    return _LIST_MARKER.sub("", line, count=1)


def split_sentences(paragraph: str) -> list[str]:
    """Split at . ! ? : ; followed by a space and a capital letter, digit or quote,
    never inside “…” quotes (quoted card texts contain whole sentences)."""
    text = normalize_space(paragraph)
    sentences: list[str] = []
    depth = 0
    start = 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in "“«":
            depth += 1
        elif ch in "”»":
            depth = max(0, depth - 1)
        elif ch in ".!?:;" and depth == 0 and i + 2 < n and text[i + 1] == " ":
            nxt = text[i + 2]
            if nxt.isupper() or nxt.isdigit() or nxt in _OPEN_QUOTES:
                sentences.append(text[start:i + 1].strip())
                start = i + 2
        i += 1
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return _merge_labels(sentences)


def _merge_labels(sentences: list[str]) -> list[str]:
    """A short "Label:" (e.g. "Zafer koşulu kontrolü:") belongs to the sentence after it."""
    merged: list[str] = []
    carry = ""
    for sentence in sentences:
        if carry:
            sentence = f"{carry} {sentence}"
            carry = ""
        if sentence.endswith(":") and len(sentence.split()) <= 5:
            carry = sentence
            continue
        merged.append(sentence)
    if carry:
        merged.append(carry)
    return merged
