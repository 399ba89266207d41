""""X ne demek", "X nedir", "what does X mean", "what is X": the glossary's answer (the
data behind `judge define`), never a family's ruling."""

from __future__ import annotations

from .. import turkish
from ..lazyre import lazy

# The question around the term, on folded text: the term is group "t".
_PATTERNS = (
    lazy(r"^(?:peki\s+)?(?P<t>.+?)\s+(?:ne\s+demek(?:tir)?|ne\s+anlama\s+gelir|ne\s+anlama\s+geliyor"
         r"|nedir|ne\s+demektir|ne\s+ise\s+yarar|anlami\s+ne(?:dir)?)\s*\??$"),
    lazy(r"^what\s+(?:does|do)\s+(?P<t>.+?)\s+mean\s*\??$"),
    lazy(r"^what\s+(?:is|are)\s+(?:an?\s+|the\s+)?(?P<t>.+?)\s*\??$"),
    lazy(r"^(?:define|meaning\s+of|definition\s+of)\s+(?P<t>.+?)\s*\??$"),
)
# A word every pattern needs (the first: "ne", "nedir" or "anlami" after a space; the
# others: their first word): a question without one is no definition question, and the
# patterns (~1 ms to compile) are not even compiled for it.
_ASKING_WORDS = frozenset({"ne", "nedir", "anlami"})
_ASKING_START = ("what", "define", "meaning", "definition")


def term_asked(question: str) -> str | None:
    text = turkish.fold(turkish.normalize_punct(question)).strip()
    if not text.startswith(_ASKING_START) and \
            not any(word.rstrip("?") in _ASKING_WORDS for word in text.split()[1:]):
        return None
    for pattern in _PATTERNS:
        m = pattern.match(text)
        if m:
            term = m.group("t").strip(" '\"“”")
            if term and len(term.split()) <= 4 and not any(ch.isdigit() for ch in term):
                return term
    return None


def define_answer(question: str):
    """An `Answer` of kind "define" when the question asks what a glossary term means and
    the glossary knows it; None otherwise (the families or "unanswered" take over)."""
    term_text = term_asked(question)
    if term_text is None:
        return None
    from ..glossary import load_glossary
    term = load_glossary().lookup(term_text)
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
