"""Typos judges make at the table ("birm", "etksi", "unti", "kazanirmiyim"), read against
the ask vocabulary — and shown, so a judge sees what was read.

A word that is not a real word of the vocabulary (`vocabulary()`: the Turkish rule text,
the glossary, the cue and filler words, English cue words with their endings; a Turkish
inflection the grammar accepts; a verb stem with a known ending) is compared with the real
words one edit away (a letter missing, doubled, extra or wrong, two letters swapped; two
edits for a long word). Each edit has a likelihood (`_edits`: a doubled letter or a left-out
vowel is likelier than a wrong key). The word is read as the likeliest candidate only when
every other reading is clearly less likely (`MARGIN`): two candidates that read differently
and are about as close leave the word not understood, and so the question unanswered.

Never corrected: numbers and dice ("1O" stays "1O"), a candidate that is a number, words
shorter than `MIN_LENGTH`, words with an apostrophe, card names' words and the words next to
them ("Animals Wreker"). A yes/no particle glued to its verb ("kazanirmiyim") is split off.
Each correction is shown as an understood line ("'birm' → 'birim'").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .lexicon import Lexicon

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
MIN_LENGTH = 4          # "cal": "call" or "çal"? too short to tell
LONG = 10               # words this long may have two typos
MARGIN = 0.2            # how much likelier the reading taken must be than the next one
GRAMMAR_ONLY = 0.3      # a candidate only the grammar accepts is less likely than a real word
_FILLER = "(filler)"
_ENGLISH_ENDINGS = ("s", "es", "ed", "d", "ing")
# A question particle glued to the verb before it ("kazanirmiyim", "secebilirmiyim").
_PARTICLE = re.compile(r"^(?P<verb>[a-z]{4,}?)(?P<mi>m[iu](?:yim|sin|yiz|siniz|dir|yum|sun|yuz|sunuz)?)$")


# A verb glued to "mi" ends in a tense ("kazanır mı", "seçebilir miyim", "kaybeder mi",
# "oynuyor mu"); "saldıranımı", "aramamı", "etkimi" (my …, as object) are nouns, not verbs.
_FINITE = ("ir", "ur", "er", "ar", "yor", "di", "du", "ti", "tu", "mis", "mus", "cek", "cak",
           "meli", "mali")


@dataclass(frozen=True)
class Fix:
    """One word read as another: `typed` in the question, `read` as understood."""

    typed: str
    read: str


def _meaning(word: str, lexicon: Lexicon) -> frozenset | None:
    """The concepts one word names, read as `lexicon.read` reads it (a function word is
    `_FILLER`); None when it names nothing."""
    from .account import is_filler
    from .lexicon import Item, _match, _nominal_forms, _verb_forms, negative_verb
    item = Item(i=0, text=word, key=word, clause=0)
    item.forms, item.negated = _nominal_forms(word, lexicon.nominal)
    stems = _verb_forms(word, lexicon.verbs)
    item.forms |= {v + "-" for v in stems}
    item.neg_verb = any(negative_verb(word, v) for v in stems)
    concepts = frozenset(m.concept for m in _match([item], lexicon))
    if concepts:
        return concepts | ({"negated"} if item.negated else set())
    return frozenset({_FILLER}) if is_filler(item) else None


def _ending(word: str, lexicon: Lexicon) -> str:
    """What follows the longest cue stem `word` starts with ("birimi" -> "i"): two words
    of one concept with different Turkish endings are different readings (a case ending
    says who attacks whom); English endings ("blocks", "bloks") mark no role."""
    stems = [s for s in lexicon.nominal if word.startswith(s)] + \
        [v for v in lexicon.verbs if word.startswith(v)]
    ending = word[len(max(stems, key=len)):] if stems else ""
    return "" if ending in _ENGLISH_ENDINGS else ending


def _number(word: str, lexicon: Lexicon) -> bool:
    return word in lexicon.numbers or any(word in t for t in lexicon.tens.values()) or \
        re.fullmatch(r"d?\d+\w*", word) is not None


def _real(word: str, lexicon: Lexicon) -> bool | None:
    """True: a word of the vocabulary; False: a word only the grammar builds (a verb stem
    of three letters or more with an ending of the cue data, a cue noun of four letters or
    more with a case ending); None: no word we know."""
    vocab, _, endings, _ = vocabulary()
    if word in vocab:
        return True
    if len(word) < MIN_LENGTH - 1:
        return None
    if any(word.startswith(v) and word[len(v):] in endings for v in lexicon.verbs if len(v) >= 3):
        return False
    if _inflected_noun(word, lexicon):
        return False        # a game noun with a case ending: "birimine", "destemden"
    return None


def _inflected_noun(word: str, lexicon: Lexicon) -> bool:
    from .. import turkish
    # the stem as typed (no softened consonant: "isndi" is no form of "isnt")
    return any(len(stem) >= MIN_LENGTH and suffix and word.startswith(stem) for stem, suffix in
               turkish.split_inflected(word, lexicon.nominal, ascii_only=True, min_stem=MIN_LENGTH))


_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_VOWEL = set("aeiou")


def _adjacent(a: str, b: str) -> bool:
    """Neighbouring keys on a QWERTY keyboard (Turkish Q has the same letters, folded)."""
    for r, row in enumerate(_ROWS):
        if a in row:
            i = row.index(a)
            near = set(row[max(0, i - 1):i + 2])
            for rr in (r - 1, r + 1):
                if 0 <= rr < len(_ROWS):
                    near |= set(_ROWS[rr][max(0, i - 1):i + 2])
            return b in near
    return False


def _edits(word: str) -> dict[str, float]:
    """Every string one typing slip away, with how unlikely it is (lower is likelier): a
    letter doubled, a letter left out (a vowel most of all), two letters swapped, a
    neighbouring key hit. An extra letter that doubles none and a far key are not slips we
    undo: "least"/"last", "tagi"/"tasi" are different words."""
    out: dict[str, float] = {}

    def put(cand: str, cost: float) -> None:
        if cand != word and cost < out.get(cand, 9.0):
            out[cand] = cost
    for i in range(len(word) + 1):
        a, b = word[:i], word[i:]
        if b:
            if (a and a[-1] == b[0]) or (len(b) > 1 and b[1] == b[0]):
                put(a + b[1:], 0.5)                                         # a doubled letter
            for c in _LETTERS:
                if c != b[0] and _adjacent(b[0], c):
                    put(a + c + b[1:], 0.85)                                 # a neighbouring key
        if len(b) > 1 and b[0] != b[1]:
            put(a + b[1] + b[0] + b[2:], 0.7)                                # two swapped
        if not a or not b:
            continue        # a letter added at either end makes another word ("indi"/"indir")
        for c in _LETTERS:                                                    # one left out
            twin = a[-1] == c or b[0] == c
            put(a + c + b, 0.6 if twin else 0.75 if c in _VOWEL else 0.8)
    return out


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def _best(word: str, lexicon: Lexicon, keep: frozenset | None = None) -> str | None:
    """The one word `word` is a typo of, or None. `keep`: concepts a candidate must name."""
    scored: list[tuple[float, str]] = []
    for cand, cost in _edits(word).items():
        if len(cand) < MIN_LENGTH - 1 or _number(cand, lexicon):
            continue
        real = _real(cand, lexicon)
        if real or (real is False and cost <= 0.8):
            # a word only the grammar builds is taken for a letter left out, doubled or
            # swapped, never for a wrong letter ("verblir" is no "verilir")
            scored.append((cost + (0 if real else GRAMMAR_ONLY), cand))
    if len(word) >= LONG:
        index = vocabulary_index()
        seen = {c for _, c in scored}
        for d in {word} | _deletions(word):
            for cand in index.get(d, ()):
                if cand not in seen and cand != word and not _number(cand, lexicon):
                    seen.add(cand)
                    scored.append((1.6, cand))
    best: dict[tuple[frozenset, str], tuple[float, str]] = {}
    for cost, cand in scored:
        meaning = _meaning(cand, lexicon)
        if meaning is None and cand in vocabulary()[3]:
            meaning = frozenset({f"({cand})"})      # a word of a cue ("street" of "street cred")
        if meaning is None or _FILLER in meaning or (keep and not keep <= meaning):
            continue        # never into a function word: that would hide the word, not read it
        # the ending is part of the reading: "birmi" is "birim" or "birimi" (the one blocked),
        # and the case ending decides who attacks whom
        reading = (meaning, _ending(cand, lexicon))
        if reading not in best or (cost, cand) < best[reading]:
            best[reading] = (cost, cand)
    ranked = sorted(best.values())
    if not ranked or (len(ranked) > 1 and ranked[1][0] - ranked[0][0] < MARGIN):
        return None
    return ranked[0][1]


def vocabulary() -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """(the real words: every word of the Turkish rule text, of the glossary and of the cue
    files, folded, English cue words with their endings; the words never corrected: Turkish
    words and the words judges write (`[spelling]` known_words, common_words); the verb
    endings of the cue data; the words of cues of several words, which name nothing
    alone). A candidate must also name a concept (`_meaning`)."""
    from ..datacache import cached
    return cached("ask:vocabulary", _build_vocabulary, group="spelling")


def vocabulary_index() -> dict[str, tuple[str, ...]]:
    """Each real word of 7+ letters under itself and each of its one-letter deletions: two
    words sharing a key are at most two edits apart (a long word's two typos)."""
    from ..datacache import cached
    return cached("ask:vocabulary-index", _build_index, group="spelling")


def _build_index() -> dict[str, tuple[str, ...]]:
    index: dict[str, set[str]] = {}
    for w in vocabulary()[0]:
        if len(w) >= LONG - 1:
            for d in {w} | _deletions(w):
                index.setdefault(d, set()).add(w)
    return {k: tuple(sorted(v)) for k, v in index.items()}


def _build_vocabulary() -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    from .. import turkish
    from ..glossary import load_glossary
    from ..rulebook import load_rulebook
    from .lexicon import load_cues, load_lexicon
    lexicon = load_lexicon()
    turkish_words: set[str] = set()

    def words_of(text: str) -> list[str]:
        return _WORD.findall(turkish.fold(text).replace("'", ""))
    for node in load_rulebook():
        turkish_words.update(words_of(node.text or ""))
        turkish_words.update(words_of(node.title or ""))
    english_names: set[str] = set()
    for term in load_glossary().terms:
        for text in (getattr(term, "name", ""), getattr(term, "text", ""),
                     *(getattr(term, "aliases", ()) or ())):
            turkish_words.update(words_of(text or ""))
        # a term's English name is English even where the Turkish text uses it ("ATTACK"
        # trigger): its English forms ("attacks") are real words too
        english_names.update(words_of(getattr(term, "english", "") or ""))
    words = set(turkish_words)
    raw = load_cues()
    parts: set[str] = set()
    for spec in raw.get("concept", {}).values():
        for cue in spec.get("words", []):
            cue_words = words_of(cue)
            for w in cue_words:
                words.add(w)
                if w not in turkish_words and not cue.rstrip().endswith("-"):
                    words.update(w + e for e in ("s", "es", "ed", "ing"))   # English words
                elif w in english_names and not cue.rstrip().endswith("-"):
                    # a term's English name is a noun or a verb: its -s form only ("attacks");
                    # "giging" is no word, and would take "giving" for a typo
                    words.update(w + e for e in ("s", "es"))
            if len(cue_words) > 1:
                parts.update(w for w in cue_words if len(w) >= MIN_LENGTH)
    for lang in raw.get("filler", {}).values():
        for w in lang:
            words.update(words_of(w))
    spelling = raw.get("spelling", {})
    endings = frozenset(turkish.fold(e) for e in spelling.get("verb_endings", []))
    seen = frozenset(turkish.fold(w) for key in ("known_words", "common_words")
                     for w in spelling.get(key, []))
    real = frozenset(w for w in words if len(w) >= 3 and not _number(w, lexicon))
    return real | parts, frozenset(turkish_words) | seen, endings, frozenset(parts)


def _spoken() -> tuple[dict[str, str], list[tuple[str, str]]]:
    """`[spelling] spoken` (folded word → full word) and `marks` (slash forms, longest
    first): short forms typed as spoken, from the cue data. Every question reads them, so
    they sit in the file every question reads with the lexicon (`ask`), not with the
    vocabulary (`spelling`, ~0.4 MB), which only a word nobody reads needs."""
    from ..datacache import cached
    return cached("ask:spoken", _build_spoken, group="ask")


def _build_spoken() -> tuple[dict[str, str], list[tuple[str, str]]]:
    from .. import turkish
    from .lexicon import load_cues
    spelling = load_cues().get("spelling", {})
    words = {turkish.fold(k): v for k, v in spelling.get("spoken", {}).items()}
    marks = sorted(spelling.get("marks", {}).items(), key=lambda kv: -len(kv[0]))
    return words, marks


def _spoken_marks(question: str) -> tuple[str, list[Fix]]:
    """"w/ 9 power" → "with 9 power": a slash form standing alone as a word."""
    fixes: list[Fix] = []
    for typed, full in _spoken()[1]:
        pattern = rf"(?<![\w/]){re.escape(typed)}(?![\w/])" if typed[-1].isalnum() \
            else rf"(?<![\w/]){re.escape(typed)}(?=\s|\d|$)"
        if re.search(pattern, question, flags=re.IGNORECASE):
            question = re.sub(pattern, full + (" " if not typed[-1].isalnum() else ""),
                              question, flags=re.IGNORECASE)
            fixes.append(Fix(typed, full))
    return re.sub(r"  +", " ", question), fixes


def _card_words() -> frozenset[str]:
    """Folded words of card names: a typo in or next to one may be a card name's."""
    from ..datacache import cached
    return cached("cards:name-words", _name_words, group="cards")


def _name_words() -> frozenset[str]:
    from ..cards.pool import card_names
    from ..turkish import name_keys
    return frozenset(w for card in card_names() for text in (card.name, card.subtitle or "")
                     for w in name_keys(text))


def _read_as(text: str, key: str, lexicon: Lexicon, card_near: bool) -> str | None:
    """What a word not understood is read as, or None."""
    from .lexicon import _verb_forms
    glued = _PARTICLE.match(key)
    if glued:
        verb = glued["verb"]
        meaning = _meaning(verb, lexicon)
        if verb.endswith(_FINITE) and ((_real(verb, lexicon) is not None and
                                        _verb_forms(verb, lexicon.verbs) and meaning
                                        and _FILLER not in meaning) or _light_verb(verb)):
            return f"{text[:len(verb)]} {text[len(verb):]}"
    if len(key) < MIN_LENGTH or card_near or _meaning(key, lexicon) is not None:
        return None
    return _best(key, lexicon)


def _light_verb(verb: str) -> bool:
    """"yapabilir", "olur", "eder": a function verb's finite form ("roll in yapabilirmiyim",
    "olurmu"), whose glued question particle is split off like a cue verb's."""
    from .account import _filler, _verb_form
    return any(_verb_form(verb, v) for v in _filler().verbs if len(v) >= 2)


def correct(question: str) -> tuple[str, list[Fix]]:
    """The question with its typos read as the words meant, and the corrections made. A
    question whose words are all read costs one lexicon reading: the vocabulary is loaded
    only for a word nobody reads."""
    from .. import turkish
    from .lexicon import load_lexicon, read
    lexicon = load_lexicon()
    question, fixes = _spoken_marks(question)
    reading = read(question, lexicon)
    items = reading.items
    spoken = _spoken()[0]
    suspects = []
    for item in items:
        key = turkish.fold(item.text)
        if key in spoken and not reading.at(item.i) and item.number is None:
            fixes.append(Fix(item.text, spoken[key]))     # "bi" → "bir", "u" → "you"
            continue
        text = item.text
        if item.number is not None or item.die is not None or "'" in text or \
                not _WORD.fullmatch(text):
            continue
        key = turkish.fold(text)
        glued = _PARTICLE.match(key) is not None and reading.language == "tr"
        if not glued and (reading.at(item.i) or _meaning(key, lexicon) is not None):
            continue        # read already: another reading would change it, not mend it
        if _number(key, lexicon) or (not glued and (_real(key, lexicon) is not None
                                                    or key in vocabulary()[1])):
            continue        # a real word, even one no family reads ("eski", "karar")
        suspects.append((item, key))
    if not suspects and not fixes:
        return question, []
    cards = _card_words()
    for item, key in suspects:
        if key in cards:
            continue
        near = [items[k] for k in (item.i - 1, item.i + 1) if 0 <= k < len(items)]
        card_near = any(turkish.fold(n.text).replace("'", "") in cards and
                        _real(turkish.fold(n.text).replace("'", ""), lexicon) is None for n in near)
        read_as = _read_as(item.text, key, lexicon, card_near)
        if read_as and read_as != item.text:
            fixes.append(Fix(item.text, read_as))
    fixes = list(dict.fromkeys(fixes))
    out = question
    for fix in fixes:
        if not _WORD.fullmatch(fix.typed):
            continue        # a slash form, replaced already
        out = re.sub(rf"(?<!\w){re.escape(fix.typed)}(?!\w)", lambda _m, r=fix.read: r, out)
    return out, fixes
