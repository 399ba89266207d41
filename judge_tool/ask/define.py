""""X ne demek", "X nedir", "what does X mean", "what is X": the glossary's answer (the
data behind `judge define`), never a family's ruling."""

from __future__ import annotations

import re

from .. import turkish

# The question around the term, on folded text: the term is group "t".
_PATTERNS = (
    re.compile(r"^(?:peki\s+)?(?P<t>.+?)\s+(?:ne\s+demek(?:tir)?|ne\s+anlama\s+gelir|ne\s+anlama\s+geliyor"
               r"|nedir|ne\s+demektir|ne\s+ise\s+yarar|anlami\s+ne(?:dir)?)\s*\??$"),
    re.compile(r"^what\s+(?:does|do)\s+(?P<t>.+?)\s+mean\s*\??$"),
    re.compile(r"^what(?:\s+is|\s+are|'s|s)\s+(?:an?\s+|the\s+)?(?P<t>.+?)\s*\??$"),
    re.compile(r"^(?:define|meaning\s+of|definition\s+of)\s+(?P<t>.+?)\s*\??$"),
    re.compile(r"^what\s+does\s+it\s+mean\s+to\s+(?P<t>.+?)\s*\??$"),
)


def term_asked(question: str) -> str | None:
    text = turkish.fold(turkish.normalize_punct(question)).strip()
    for pattern in _PATTERNS:
        m = pattern.match(text)
        if m:
            term = m.group("t").strip(" '\"“”")
            if term and len(term.split()) <= 4 and not any(ch.isdigit() for ch in term):
                return term
    return None


# Forms that can only ask what a word means ("X nedir" / "what is X" also ask a value:
# "Street Cred'im nedir?", "what is my street cred?").
_MEANING = (_PATTERNS[0], _PATTERNS[1], _PATTERNS[3], _PATTERNS[4])
_NOT_MEANING = re.compile(r"^(?:\S+\s+)*(?:nedir|ne\s+ise\s+yarar)\s*\??$")


def meaning_asked(question: str) -> str | None:
    """The term when the question can only ask what it means ("X ne demek", "what does X
    mean", "meaning of X"): such a question is never answered by a family's ruling."""
    text = turkish.fold(turkish.normalize_punct(question)).strip()
    if _NOT_MEANING.match(text):
        return None
    for pattern in _MEANING:
        m = pattern.match(text)
        if m:
            return m.group("t").strip(" '\"“”") or None
    return None


# "Gear'ım ne işe yarar?", "Street Cred'im nedir?": a first-person possessive asks about
# the asker's own card or state, not what the word means (folded: 'im, 'um, 'm)
_MINE = re.compile(r"['’](?:i|u)?m$")


def _lookup(glossary, term_text: str):
    """The glossary term; a Turkish infinitive is also tried as its verbal noun
    ("ücretsiz oynamak" → "ücretsiz oynama", the form glossary names use)."""
    term = glossary.lookup(term_text)
    if term is None and term_text.endswith(("mak", "mek")):
        term = glossary.lookup(term_text[:-1])
    if term is None and _ANY_CARD.search(term_text):
        # "what does it mean to trash a card": the action, said of any card
        term = glossary.lookup(_ANY_CARD.sub("", term_text))
    return term


_ANY_CARD = re.compile(r"\s+(?:a|an|the)\s+cards?$")


def define_answer(question: str):
    """An `Answer` of kind "define" when the question asks what a glossary term means and
    the glossary knows it; None otherwise (the families or "unanswered" take over)."""
    term_text = term_asked(question)
    if term_text is None or _MINE.search(term_text):
        return None
    from ..glossary import load_glossary
    term = _lookup(load_glossary(), term_text)
    if term is None:
        return None
    from . import Answer
    from .lexicon import read
    language = read(question).language
    rules = [r for r in dict.fromkeys((term.rule, *term.related)) if r]
    from .say import say
    label = say(language, "ask_answer.define.label")
    understood = [say(language, "ask_answer.define.term", term=term.term)
                  + (f" ({term.english})" if term.english and term.english != term.term else "")]
    return Answer(question, "define", term.slug, f"{label}: {term.term} — {term.definition}",
                  rules, [], language=language, understood=understood)
