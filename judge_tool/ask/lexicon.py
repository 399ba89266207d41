"""Reading a question: words, numbers and dice, and which concepts the words name.

The concepts and their cue words are data (`cues.toml` next to this file), merged with the
names and aliases of glossary terms, so "çalınır", "stolen" and "ÇALAR" all mark the steal
concept without a pattern per phrasing. All normalisation goes through `judge_tool.turkish`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Iterable

from .. import turkish

# Endings that follow a nominal suffix chain in questions but are not part of the nominal
# grammar in `turkish`: the conditional ("boşsa", "gücündeyse"), "-ken" ("varken",
# "boşken"), the past copula ("güçlüydü", "hazırmış" after a vowel; "hazırdı", "spentti",
# "harcanmıştı" after a consonant) and the -lIk adjective ("19'luk", "5'lik").
_CLITICS = ("ysa", "yse", "sa", "se", "yken", "ken", "ydi", "ydu", "ymis", "ymus",
            "di", "du", "ti", "tu")
_LIK = ("lik", "luk")
# English inflections tried on a word: "steals", "attacking", "reduced", "attacker".
_EN_ENDINGS = (("ing", ""), ("ing", "e"), ("ers", ""), ("er", ""), ("ed", ""), ("ed", "e"),
               ("d", ""), ("es", ""), ("s", ""))
DIE_SIDES = (4, 6, 8, 10, 12, 20)
_NUMBER = re.compile(r"(\d+)([a-z]*)")
_DIE = re.compile(r"d(\d+)([a-z]*)")
# English "it's", "there's", "that's": a pronoun with "is" glued on, never a possessive
# ("its" is): read as the two words ("the turn it's played" as "the turn it is played")
_IS_GLUED = re.compile(r"\b(it|there|that|here|who|what|where|he|she)['’]s\b", re.IGNORECASE)
# "another one", "the one", "which one": a pronoun, not the number 1.
_DETERMINERS = frozenset({"another", "the", "this", "that", "which", "any", "each", "every", "no"})
def _pronoun_one(before: list[Item]) -> bool:
    """"another one", "the one", "the only one": a pronoun, not the number 1 ("only one
    die" is a count)."""
    if not before:
        return False
    if before[-1].key in _DETERMINERS:
        return True
    return before[-1].key == "only" and len(before) > 1 and before[-2].key in _DETERMINERS


_BOUNDARY = re.compile(r"[,;:.!?()\[\]]|\s-\s|\bve\b|\band\b")


@dataclass
class Item:
    """One word of the question."""

    i: int
    text: str                    # as written
    key: str                     # folded, apostrophes removed
    clause: int                  # clauses are split at , ; : . ? ! ( ) and "ve"/"and"
    part: int = 0                # parts are split at punctuation only
    number: int | None = None    # "19", "19'luk", "19luk" -> 19; "-2", "eksi 2" -> -2
    sign: str = ""               # "+" or "-" when the number is written with a sign
    suffix: str = ""             # what follows the digits or the apostrophe: "luk", "e"
    die: int | None = None       # "d20", "d20'yi", "20 yüzlü" -> 20
    forms: set[str] = field(default_factory=set)   # cue words this word is a form of
    negated: bool = False        # carries -sIz ("ADRENALINE'siz") or is a negative verb form
    neg_verb: bool = False       # a known verb in a negative form ("bloklamadı", "kullanmadı")
    garbled: bool = False        # a verb whose ending is one slip from a negative form
                                 # ("satmdım", "bloklaadım"): yes or no cannot be told
    joined: bool = False         # the units word of a spelled number ("on *dokuz*")
    soon: bool = False           # a word of "oynar oynamaz" ("as soon as"): an adverbial


@dataclass(frozen=True)
class Match:
    """A cue of a concept found in the question's words."""

    concept: str
    start: int   # item index of the first word
    end: int     # item index after the last word
    cue: str


@dataclass
class Reading:
    """A question read into words and concept matches."""

    question: str
    items: list[Item]
    matches: list[Match]
    language: str                 # "tr" or "en"
    # Words a family read as a fact or a negation of one (`families._negated`, `_present`):
    # a negation or a negative verb nobody read is reported (account.not_understood).
    consumed: set[int] = field(default_factory=set)
    # Words the reader itself accounted for: a power the question corrects ("10 değil 9
    # güçlü": the 10 and "değil") and the words that say so; (old, new) per correction,
    # shown first among the understood lines.
    settled: set[int] = field(default_factory=set)
    corrections: list[tuple[int, int]] = field(default_factory=list)
    # Numbers the answering family cannot read, shown as context (`context`): (kind, value)
    context: list[tuple[str, int]] = field(default_factory=list)

    def has(self, concept: str) -> bool:
        return any(m.concept == concept for m in self.matches)

    def of(self, concept: str) -> list[Match]:
        return [m for m in self.matches if m.concept == concept]

    def concepts(self) -> set[str]:
        return {m.concept for m in self.matches}

    def at(self, index: int) -> set[str]:
        """Concepts whose match covers word `index`."""
        return {m.concept for m in self.matches if m.start <= index < m.end}

    @property
    def numbers(self) -> list[Item]:
        return [it for it in self.items if it.number is not None]

    @property
    def dice(self) -> list[Item]:
        return [it for it in self.items if it.die is not None]


# --------------------------------------------------------------------------- the lexicon

# A cue: the words that name a concept in the question (one phrasing), folded; a trailing
# "-" marks a verb stem. A plain tuple, no class: the lexicon's ~1,300 cues are unpickled on
# every `judge ask`, and a tuple of strings loads ~3x cheaper than an object per cue.
Cue = tuple  # tuple[str, ...]


@dataclass
class Lexicon:
    """Everything `ask` reads a question with, loaded from the cue files."""

    concepts: dict[str, list[Cue]]
    infix: dict[str, tuple[str, ...]]
    exclude: dict[str, tuple[str, ...]]
    families: dict[str, dict]
    numbers: dict[str, int]
    tens: dict[str, dict[str, int]]       # language -> folded tens word -> value ("on" -> 10)
    language_words: dict[str, frozenset[str]]
    signs: dict[str, str]                 # folded sign word -> "+" or "-" ("eksi" -> "-")
    nominal: frozenset[str]               # every plain cue word (for split_inflected)
    verbs: tuple[str, ...]                # every verb stem, folded, without "-"
    glossary_terms: dict[str, list[str]]  # concept -> names taken from the glossary
    negative: frozenset[str] = frozenset()  # concepts that carry their own negation
    # [correction] of the cue files: the words that restate a power as another value
    # ("10 değil 9 güçlü", "gücü 23'ten 17'ye düştü", "was 14 power, reduced to 6")
    corrections: dict[str, tuple[str, ...]] = field(default_factory=dict)
    ordinals: dict[str, int] = field(default_factory=dict)   # "seventh", "yedinci" -> 7
    endings: frozenset[str] = frozenset()   # verb endings of the cue data ([spelling])
    filler_verbs: tuple[str, ...] = ()       # verb stems of the function words ("yap-", "ol-")
    # language -> endings a spelled number may carry like a digit's ("otuzluk" as "30luk",
    # "üçer" as "3er"): [numeral_endings] of the cue files
    numeral_endings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # first cue word -> (concept, the cue's place in its list, cue): reading a question
    # tries only the cues that start with one of its words
    starts: dict[str, list[tuple[str, int, Cue]]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.starts = {}
        for concept, cues in self.concepts.items():
            for index, cue in enumerate(cues):
                if cue:
                    self.starts.setdefault(cue[0], []).append((concept, index, cue))


def _fold_cue(text: str) -> tuple[str, ...]:
    words = []
    for raw in turkish.normalize_punct(text).replace("€$", " eddie ").split():
        verb = raw.endswith("-")
        key = turkish.fold(raw.rstrip("-")).replace("'", "")
        key = re.sub(r"[^\w]", "", key)
        if key:
            words.append(key + ("-" if verb else ""))
    return tuple(words)


def _glossary_names(queries: Iterable[str]) -> list[str]:
    """Names and aliases of the glossary terms the queries (slugs, or any name the glossary
    looks up) find; [] without a glossary."""
    names: list[str] = []
    for query in queries:
        term = _glossary_term(query)
        if term is None:
            continue
        for attr in ("term", "english"):
            value = getattr(term, attr, "")
            if isinstance(value, str) and value:
                names.append(value)
        names.extend(a for a in (getattr(term, "aliases", ()) or ()) if isinstance(a, str))
    return names


def _glossary_term(query: str):
    """One term. A slug is read from its own file (the glossary names each file after its
    slug), which keeps `judge ask` from parsing the whole glossary on every start; anything
    else goes through `Glossary.lookup`."""
    try:
        from ..glossary import glossary_folder, parse_term
        folder = glossary_folder()
        path = folder / f"{query}.toml" if folder is not None else None
        if path is not None and path.is_file():
            return parse_term(path)
    except ImportError:
        return None
    except Exception:                     # a glossary problem must not break `ask`
        pass
    glossary = _glossary()
    if glossary is None:
        return None
    try:
        term = glossary.lookup(query)
    except Exception:
        return None
    if isinstance(term, (list, tuple)):
        term = term[0] if term else None
    return term


@lru_cache(maxsize=1)
def _glossary():
    try:
        from ..glossary import load_glossary
        return load_glossary()
    except Exception:
        return None


def _verb_from_noun(word: str) -> str | None:
    """"çalma" -> "çal": a glossary name that is a verbal noun (-mA, -mAk) gives the verb
    stem, so the term also matches "çalar", "çalınır"."""
    for ending in ("mak", "mek", "ma", "me"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return None


@lru_cache(maxsize=1)
def load_lexicon() -> Lexicon:
    from ..datacache import cached
    return cached("ask:lexicon", _build_lexicon, group="ask")


def load_cues() -> dict:
    """cues.toml merged with every cues-*.toml beside it (one file per part of `ask`, so
    families can grow without editing one shared file): tables are merged key by key, a
    list under the same key is extended."""
    import tomllib
    from pathlib import Path
    here = Path(__file__).parent
    raw = tomllib.loads((here / "cues.toml").read_text(encoding="utf-8"))
    for extra in sorted(here.glob("cues-*.toml")):
        _merge(raw, tomllib.loads(extra.read_text(encoding="utf-8")))
    return raw


def _merge(into: dict, more: dict) -> None:
    for key, value in more.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        elif isinstance(value, list) and isinstance(into.get(key), list):
            into[key] = into[key] + value
        else:
            into[key] = value


def _build_lexicon() -> Lexicon:
    raw = load_cues()
    concepts: dict[str, list[Cue]] = {}
    infix: dict[str, tuple[str, ...]] = {}
    exclude: dict[str, tuple[str, ...]] = {}
    from_glossary: dict[str, list[str]] = {}
    for name, spec in raw.get("concept", {}).items():
        cues = [_fold_cue(w) for w in spec.get("words", [])]
        names = _glossary_names(spec.get("glossary", []))
        from_glossary[name] = names
        for glossary_name in names:
            words = _fold_cue(glossary_name)
            if not words:
                continue
            cues.append(words)
            if len(words) == 1:
                stem = _verb_from_noun(words[0])
                if stem:
                    cues.append((stem + "-",))
        seen: set[tuple[str, ...]] = set()
        concepts[name] = [c for c in cues if c and not (c in seen or seen.add(c))]
        infix[name] = tuple(turkish.fold(x) for x in spec.get("infix", []))
        exclude[name] = tuple(_fold_cue(x)[0] for x in spec.get("not", []) if _fold_cue(x))
    nominal = frozenset(w for cues in concepts.values() for c in cues for w in c
                        if not w.endswith("-"))
    verbs = tuple(sorted({w[:-1] for cues in concepts.values() for c in cues for w in c
                          if w.endswith("-")}, key=len, reverse=True))
    numbers = {turkish.fold(k): int(v) for k, v in raw.get("numbers", {}).items()}
    tens = {lang: {turkish.fold(k): int(v) for k, v in table.items()}
            for lang, table in raw.get("tens", {}).items()}
    language_words = {lang: frozenset(turkish.fold(w) for w in ws)
                      for lang, ws in raw.get("language", {}).items()}
    signs = {turkish.fold(w): ("-" if name == "minus" else "+")
             for name, ws in raw.get("signs", {}).items() for w in ws}
    negative = frozenset(name for name, spec in raw.get("concept", {}).items()
                         if spec.get("negative"))
    corrections = {k: tuple(turkish.fold(w).rstrip("-") for w in ws)
                   for k, ws in raw.get("correction", {}).items()}
    ordinals = {turkish.fold(k): int(v) for k, v in raw.get("ordinals", {}).items()}
    endings = frozenset(turkish.fold(e) for e in raw.get("spelling", {}).get("verb_endings", []))
    filler_verbs = tuple(sorted({turkish.fold(w)[:-1] for ws in raw.get("filler", {}).values()
                                 for w in ws if w.endswith("-")}, key=len, reverse=True))
    numeral_raw = raw.get("numeral_endings", {})
    numeral_endings = {lang: tuple(sorted({turkish.fold(e) for e in ends}, key=len, reverse=True))
                       for lang, ends in numeral_raw.items() if lang != "not"}
    numeral_endings["not"] = tuple(turkish.fold(w) for w in numeral_raw.get("not", []))
    return Lexicon(concepts, infix, exclude, raw.get("family", {}), numbers, tens,
                   language_words, signs, nominal, verbs, from_glossary, negative, corrections,
                   ordinals, endings, filler_verbs, numeral_endings)


# ------------------------------------------------------------------------------ reading

_SOFTENED = {"p": "b", "c": "c", "t": "d", "k": "g"}   # folded: ç->c, ğ->g


_VOWELS = "aeiou"                                     # folded


def _verb_forms(key: str, verbs: tuple[str, ...]) -> set[str]:
    """Verb stems `key` is a form of: "calinir" -> {"cal"}; "kaybeder" -> {"kaybet"};
    "oynuyorum" -> {"oyna"} (-Iyor drops the stem's last vowel). A final p/ç/t/k softens
    only in a stem of two syllables or more ("kaybet-" -> "kaybeder"; "sat-" -> "satar",
    so "sadece" is no form of "sat-")."""
    out = set()
    for stem in verbs:
        if key.startswith(stem):
            out.add(stem)
        elif len(stem) >= 3 and stem[-1] in _SOFTENED and \
                sum(ch in _VOWELS for ch in stem) >= 2 and \
                key.startswith(stem[:-1] + _SOFTENED[stem[-1]]) and len(key) > len(stem):
            out.add(stem)
        elif len(stem) >= 3 and stem[-1] in _VOWELS and \
                key.startswith((stem[:-1] + "iyor", stem[:-1] + "uyor")):
            out.add(stem)
    return out


# Voice suffixes a verb may carry before its negation: passive, reflexive, causative
# ("oyna-n-mayan", "harca-t-madı", "çek-il-mezse").
_VOICE = ("il", "ul", "in", "un", "n", "l", "t", "dir", "tir", "dur", "tur", "ir", "ur")
# The negative marker after a stem: -mA- before a tense or participle ("-madı", "-maz",
# "-mayan", "-mamış", "-madan", "-mayınca") or -mI- before "-yor" ("gerekmiyor"); the
# ability forms ("-amaz", "-amadı", "-amayan"). Verbal nouns look alike and are left out:
# "çatışmada", "gecikmede" (-mA-dA), "saldırmaya" (-mA-yA), "çekmem gerekirse" (-mA-m).
_NEGATIVE = ("madi", "medi", "madan", "meden", "maz", "mez", "mayan", "meyen", "mayac",
             "meyec", "mayinc", "meyinc", "mayip", "meyip", "mamis", "memis", "miyor", "muyor",
             "amaz", "emez", "amadi", "emedi", "amayan", "emeyen", "amayac", "emeyec",
             # the ability negative after a vowel ("oyna-yamam", "öde-yemez"), and in the
             # first person after a consonant ("sat-amam"): "I cannot …"
             "yamam", "yemem", "yamaz", "yemez", "yamadi", "yemedi", "yamay", "yemey", "amam",
             "emem",
             # the negative conditional and obligation ("bloklamasaydı", "engellemeseydi",
             # "oynamasam", "saldırmamalı")
             "masa", "mese", "mamal", "memel")


# Tense and participle markers that open a positive form ("çek-iyorsa", "sat-ar", "oyna-dıktan");
# "-iyor" is one slip from "-miyor", but "çekiyorsa" is a real word, not a typo.
_POSITIVE = ("iyor", "uyor", "yor", "abil", "ebil", "yabil", "yebil", "ir", "ur", "ar", "er",
             "di", "ti", "du", "tu", "mis", "mus", "ecek", "acak", "yecek", "yacak", "ince",
             "inca", "unca", "yince", "yinca", "ip", "up", "yip", "arak", "erek", "yarak",
             "yerek", "en", "an", "yen", "yan", "dik", "tik", "duk", "tuk", "dig", "tig", "dug",
             "tug", "mak", "mek",
             # verbal nouns in -mA with a case ("kullan-mamdan", "saldır-maya", "çatış-mada")
             # and "before one can" ("ver-emeden"): read as the verb was before
             "mamdan", "memden", "masin", "mesin", "masi", "mesi", "maya", "meye", "mada", "mede",
             "amadan", "emeden", "yamadan", "yemeden")
_NEG_SLIP = "maeiu"       # the letters of the negative markers a slip adds, drops or mistypes


def garbled_negative(key: str, stem: str, endings: frozenset[str]) -> bool:
    """`key` is the verb `stem` with an ending that is not a form we know (a vowel right
    after a vowel-final stem is none either: "blokla-adım") and that one slip turns into a
    negative form: "satmdım", "bloklaadım", "kullanadı", "harcanamış" (for "satmadım",
    "bloklamadım", "kullanmadı", "harcanmamış"). Read as the positive verb, the typo would
    flip the fact; such a word is reported, never read."""
    if not key.startswith(stem) or key == stem:
        return False
    rest = key[len(stem):]
    tails = [rest] + [rest[len(v):] for v in _VOICE if rest.startswith(v)]
    for tail in tails:
        before = key[len(key) - len(tail) - 1]
        if not tail or ((tail in endings or tail.startswith(_POSITIVE)) and
                        not (tail[0] in _VOWELS and before in _VOWELS)):
            return False
    for tail in tails:
        slips = {tail[:i] + c + tail[i:] for i in range(len(tail) + 1) for c in _NEG_SLIP}
        slips |= {tail[:i] + tail[i + 1:] for i in range(len(tail))}
        slips |= {tail[:i] + "m" + tail[i + 1:] for i in range(len(tail))}
        slips |= {tail[:i] + tail[i + 1] + tail[i] + tail[i + 2:] for i in range(len(tail) - 1)}
        if any(s.startswith(_NEGATIVE) for s in slips):
            return True
    return False


def negative_verb(key: str, stem: str) -> bool:
    """`key` is the verb `stem` in a negative form: "bloklamadı", "kullanmadı",
    "oynanmayan", "harcanmamış", "saldıramaz". Such a word states that something did NOT
    happen, so the reader must use it as a negation or report it."""
    if not key.startswith(stem):
        return False
    rest = key[len(stem):]
    tails = [rest] + [rest[len(v):] for v in _VOICE if rest.startswith(v)]
    return any(t.startswith(_NEGATIVE) for t in tails)


def _strip_clitics(key: str) -> list[str]:
    out = [key]
    for clitic in _CLITICS:
        if key.endswith(clitic) and len(key) - len(clitic) >= 2:
            out.append(key[: -len(clitic)])
    return out


def _nominal_forms(key: str, nominal: frozenset[str]) -> tuple[set[str], bool]:
    """Cue words `key` is an inflected form of, and whether it carries -sIz ("without")."""
    forms: set[str] = set()
    negated = False
    for base in _strip_clitics(key):
        if base in nominal:
            forms.add(base)
        for stem, suffix in turkish.split_inflected(base, nominal, ascii_only=True, min_stem=3):
            forms.add(stem)
            if suffix.startswith(("siz", "suz")) and base not in nominal:
                negated = True
        for ending in _LIK:
            if base.endswith(ending):
                head = base[: -len(ending)]
                if head in nominal:
                    forms.add(head)
        for ending, add in _EN_ENDINGS:
            if base.endswith(ending) and len(base) - len(ending) >= 2:
                candidate = base[: -len(ending)] + add
                if candidate in nominal:
                    forms.add(candidate)
    return forms, negated


def _clauses(text: str, tokens: list[turkish.Token], boundary: re.Pattern = _BOUNDARY) -> list[int]:
    out, clause, prev_end = [], 0, 0
    for tok in tokens:
        if boundary.search(text[prev_end:tok.start]):
            clause += 1
        out.append(clause)
        prev_end = tok.end
    return out


_PUNCT = re.compile(r"[,;:.!?()\[\]]|\s-\s")
_ORDINAL_NEXT = ("gig", "birim", "tur", "zar", "kart", "legend", "saldır", "sald")


def _ordinal_periods(text: str, tokens: list[turkish.Token]) -> set[int]:
    """Positions of periods that make a Turkish ordinal ("7. Gig'imi", "2. birimi", "3.
    turumda"): right after a bare number and before a word in lower case or a game noun."""
    out = set()
    for a, b in zip(tokens, tokens[1:]):
        gap = text[a.end:b.start]
        if a.text.isdigit() and gap[:1] == "." and not gap[1:].strip() and len(gap) > 1:
            word = b.text
            if word[:1].islower() or turkish.fold(word).startswith(_ORDINAL_NEXT):
                out.add(a.end)
    return out


def _language(items: list[Item], lexicon: Lexicon) -> str:
    keys = [it.key for it in items]
    en = sum(k in lexicon.language_words.get("en", ()) for k in keys)
    tr = sum(k in lexicon.language_words.get("tr", ()) for k in keys)
    if any(ch in "çğıöşüÇĞİÖŞÜ" for it in items for ch in it.text):
        tr += 2
    return "en" if en > tr else "tr"


def _sign(text: str, start: int) -> str:
    """"-" or "+" glued to the number and not part of a range ("1-9") or a word; else ""."""
    if start == 0 or text[start - 1] not in "-−+":
        return ""
    if start == 1 or text[start - 2].isspace() or text[start - 2] in "(,:;":
        return "+" if text[start - 1] == "+" else "-"
    return ""


def _sign_words(items: list[Item], signs: dict[str, str]) -> None:
    """"eksi 2", "minus 2", "negative 2" -> -2; "artı 2", "plus 2" -> +2. The sign word
    keeps its own cues ("eksi" is also a reduction word)."""
    for word, nxt in zip(items, items[1:]):
        sign = signs.get(word.key)
        if sign and nxt.number is not None and not nxt.sign and nxt.clause == word.clause:
            nxt.sign = sign
            nxt.number = -abs(nxt.number) if sign == "-" else abs(nxt.number)


# The last questions read: one `ask` reads its question up to four times (the typo reader,
# the glossary, the card names, the families). A reading's words and matches are never
# changed after `read`; each caller gets its own `consumed`.
_READ_MEMO: dict[str, tuple[Lexicon, Reading]] = {}
_READ_MEMO_SIZE = 32


def read(question: str, lexicon: Lexicon | None = None) -> Reading:
    lexicon = lexicon or load_lexicon()
    known = _READ_MEMO.get(question)
    if known is not None and known[0] is lexicon:
        return _fresh(known[1])
    reading = _read(question, lexicon)
    if len(_READ_MEMO) >= _READ_MEMO_SIZE:
        _READ_MEMO.clear()
    _READ_MEMO[question] = (lexicon, reading)
    return _fresh(reading)


def _fresh(done: Reading) -> Reading:
    """A reading of the same words for one caller: its own `consumed` and copies of what
    the reader settled."""
    return Reading(done.question, done.items, done.matches, done.language,
                   settled=set(done.settled), corrections=list(done.corrections))


def _read(question: str, lexicon: Lexicon) -> Reading:
    text = turkish.normalize_punct(question).replace("€$", " eddie ").replace("€", " eddie ")
    text = _IS_GLUED.sub(r"\1 is", text)
    tokens = turkish.tokenize(text)
    ordinals = _ordinal_periods(text, tokens)
    if ordinals:
        # "7. Gig'imi", "2. birimi": a Turkish ordinal's period ends no clause
        text = "".join(" " if k in ordinals else ch for k, ch in enumerate(text))
    clauses = _clauses(text, tokens)
    parts = _clauses(text, tokens, _PUNCT)
    items: list[Item] = []
    for i, tok in enumerate(tokens):
        key = turkish.fold(tok.text).replace("'", "")
        head, _, tail = turkish.fold(tok.text).partition("'")
        item = Item(i=i, text=tok.text, key=key, clause=clauses[i], part=parts[i],
                    suffix=tail.replace("'", ""))
        m = _NUMBER.fullmatch(key)
        d = _DIE.fullmatch(key)
        if m and m.group(2).startswith("o"):
            # "1O", "2o": the letter O typed for a zero (no Turkish or English ending
            # starts with it) — never guessed: the word stays not understood
            m = None
        if m:
            item.number = int(m.group(1))
            item.suffix = m.group(2) or ("." if tok.end in ordinals else "")
            item.sign = _sign(text, tok.start)      # "-3 güçlü", "+2 güç"
            if item.sign == "-":
                item.number = -item.number
        elif d and int(d.group(1)) in DIE_SIDES:
            item.die = int(d.group(1))
            item.suffix = d.group(2)
        elif key in lexicon.numbers and not (key == "one" and _pronoun_one(items)) \
                and not _ate_a_change(items, key, clauses[i]):
            item.number = lexicon.numbers[key]
        elif head in lexicon.ordinals:
            # "seventh", "yedinci Gig'im": read as "7th", "7." (the ending marks the ordinal)
            item.number = lexicon.ordinals[head]
            item.suffix = "th" if head.endswith("th") else "."
        else:
            item.forms, item.negated = _nominal_forms(key, lexicon.nominal)
            stems = _verb_forms(key, lexicon.verbs)
            item.forms |= {v + "-" for v in stems}
            if any(negative_verb(key, v) for v in stems):
                item.neg_verb = item.negated = True
            elif not item.forms - {v + "-" for v in stems}:
                # the word is a form of its longest stem ("blokladım": "blokla-", not "blok-");
                # a function verb too ("satış yapmdım": "yap-")
                stems = stems or {v for v in lexicon.filler_verbs if key.startswith(v)}
                item.garbled = bool(stems) and \
                    garbled_negative(key, max(stems, key=len), lexicon.endings)
            if tail:
                # The apostrophe marks where a name ends and its suffix starts, and loan
                # names take suffixes by pronunciation ("ADRENALINE'i", "Street Cred'im"),
                # so the part before it is read on its own as well.
                head_forms, _ = _nominal_forms(head, lexicon.nominal)
                item.forms |= head_forms
                item.negated = item.negated or tail.startswith(("siz", "suz", "sız", "süz"))
        items.append(item)
    _as_soon_as(items, lexicon)
    _said_prohibitions(items, lexicon)
    language = _language(items, lexicon)
    _spelled_numbers(items, lexicon, language)
    _dice_from_sides(items, lexicon, language)
    if language == "tr":
        _detached_endings(items)
    _doubled_numerals(items)
    _article_counts(items)
    _turn_numbers(items)
    _sign_words(items, lexicon.signs)
    matches = _power_gain(items, _tag_question(items, _destroy_phrase(_match(items, lexicon))))
    settled: set[int] = set()
    corrections: list[tuple[int, int]] = []
    if any(it.number is not None for it in items):
        settled, corrections = _corrections(items, matches, lexicon.corrections)
        if settled:
            matches = [m for m in matches if not settled & set(range(m.start, m.end))]
    return Reading(question, items, matches, language, settled=settled, corrections=corrections)


# A Turkish intransitive verb ending after a change stem ("düştü", "iner", "çıkınca"); a
# causative ("düşürdü", "indirdi", "azalttı") says something lowered another Unit's power.
_INTRANSITIVE = re.compile(r"([dt][iu](m|n|k|niz|nuz|lar|ler)?|[iu]yor.*|m[iu]s.*|[iu]nc[ea]|"
                           r"[aeiu]rs[ae]|[aeiu]r|[ae]c[ae]k.*)")


def _corrections(items: list[Item], matches: list[Match],
                 words: dict[str, tuple[str, ...]]) -> tuple[set[int], list[tuple[int, int]]]:
    """A power the question states and then corrects or replaces: "10 değil 9 güçlü",
    "not 10 but 9 power", "gücü 23'ten 17'ye düştü", "power went from 12 to 8", "was 14
    power but got reduced to 6", "14 güçlü birimimin gücü 6'ya düştü". The later value
    stands where the power was said (the old number is no number any more), and the words
    of the correction are settled (read; no concept). Only next to a power word and never
    across the other Unit (a rival word or another number between), and a new value only
    when no other change is said; else nothing is read and the second power stays a
    question the families do not answer."""
    if not words:
        return set(), []
    power = {k for m in matches if m.concept == "power" for k in range(m.start, m.end)}
    rival = {k for m in matches if m.concept == "rival" for k in range(m.start, m.end)}
    unit = {k for m in matches if m.concept == "unit" for k in range(m.start, m.end)}
    n = len(items)
    settled: set[int] = set()
    out: list[tuple[int, int]] = []

    def plain(k: int) -> bool:
        return 0 <= k < n and items[k].number is not None and not items[k].sign \
            and k not in settled

    def key(k: int) -> str:
        return items[k].key if 0 <= k < n else ""

    def stem_of(k: int, stems: tuple[str, ...]) -> bool:
        return any(key(k).startswith(s) and _INTRANSITIVE.fullmatch(key(k)[len(s):])
                   for s in stems)

    def powered(k: int) -> bool:
        """A power word right after the number (or after "güçlü değil") or right before."""
        return (k + 1) in power or (k - 1) in power

    def move(old: int, new: int, words_read: set[int]) -> None:
        """The new value takes the old number's place; the rest is settled."""
        out.append((items[old].number, items[new].number))
        items[old].number, items[old].suffix = items[new].number, ""
        items[new].number = None
        settled.update(words_read | {new})

    def drop(old: int, new: int, words_read: set[int]) -> None:
        out.append((items[old].number, items[new].number))
        items[old].number = None
        settled.update(words_read | {old})

    # Turkish "10 değil 9": the number after "değil" stands; English "11, not 13": the one
    # before "not" stands ("not 10 but 9" aside)
    tr_not, en_not = words.get("not_tr", ()), words.get("not_en", ())
    buts = words.get("but", ())
    for k in range(n):
        # "10 değil 9 güçlü", "gücü 10 değil 9", "10 güçlü değil 9 güçlü"
        if plain(k) and (key(k + 1) in tr_not and plain(k + 2) and (powered(k + 2) or powered(k))):
            drop(k, k + 2, {k + 1})
        elif plain(k) and (k + 1) in power and key(k + 2) in tr_not and plain(k + 3) \
                and (k + 4) in power:
            drop(k, k + 3, {k + 1, k + 2})
        # "not 10 but 9 power"
        elif key(k) in en_not and plain(k + 1) and key(k + 2) in buts and plain(k + 3) \
                and powered(k + 3):
            drop(k + 1, k + 3, {k, k + 2})
        # "9 power, not 10", "power is 11, not 13": the phrase ends after the old number
        elif plain(k) and not (k >= 1 and key(k - 1) in en_not):
            j = k + 2 if (k + 1) in power else k + 1
            said = (k + 1) in power or (k - 1) in power or (key(k - 1) in ("is", "was") and (k - 2) in power)
            if said and key(j) in en_not and plain(j + 1) and not powered(j + 1) \
                    and (j + 2 >= n or items[j + 2].clause != items[j + 1].clause):
                drop(j + 1, k, {j})
    if any(it.sign for it in items) or any(m.concept in ("halve", "multiply") for m in matches):
        # "+3 aldı, sonra 8'e düştü", "12'den 6'ya yarıya indi": whether the new value
        # already holds the other changes is not said
        return settled, out
    for k in range(n - 2):
        # "gücü 23'ten 17'ye düştü"
        if plain(k) and plain(k + 1) and items[k].suffix in words.get("from_suffix", ()) \
                and items[k + 1].suffix in words.get("to_suffix", ()) \
                and stem_of(k + 2, words.get("verbs", ())) and powered(k):
            move(k, k + 1, {k + 2})
        # "power went from 12 to 8", "drops from 12 to 8"
        elif key(k) in words.get("from", ()) and plain(k + 1) and key(k + 2) in words.get("to", ()) \
                and plain(k + 3) and any((j in power) for j in range(k - 3, k)):
            read = {k, k + 2} | {j for j in (k - 1, k - 2) if key(j) in words.get("en_verbs", ())}
            move(k + 1, k + 3, read)
    # "got reduced to 6", "gücü 6'ya düştü": one earlier power of the same Unit
    for k in range(n):
        if not plain(k):
            continue
        if k >= 2 and key(k - 1) in words.get("to", ()) and key(k - 2) in words.get("en_verbs", ()):
            read = {k - 1, k - 2} | ({k - 3} if key(k - 3) in words.get("en_verbs", ()) else set())
            start = min(read)
        elif items[k].suffix in words.get("to_suffix", ()) and (k - 1) in power \
                and stem_of(k + 1, words.get("verbs", ())):
            read, start = {k + 1}, k - 1
        else:
            continue
        earlier = [j for j in range(k) if plain(j)]
        if not earlier and (k - 1) in power:
            # "birimimin gücü 20'ye çıktı", "its power got raised to 20": the only power
            # said is the one it has now; the change's words are read
            settled.update(read)
            continue
        if len(earlier) != 1 or not powered(earlier[0]):
            continue
        j = earlier[0]
        between = range(j + 1, start)
        if any(b in rival for b in between) or sum(b in unit for b in between) > 1:
            continue
        move(j, k, read)
    return settled, out


def _power_gain(items: list[Item], matches: list[Match]) -> list[Match]:
    """"+2 güç kazandı", "2 güç kazanır": "kazan-" right after a power word that follows a
    number gains power; it is no win. The verb is read as part of the power change."""
    power_at = {m.start for m in matches if m.concept == "power"}
    out = []
    for m in matches:
        k = m.start
        if m.concept == "win" and m.end == k + 1 and k >= 2 and (k - 1) in power_at \
                and items[k].key.startswith("kazan") and items[k - 2].number is not None \
                and items[k - 2].clause == items[k - 1].clause == items[k].clause:
            m = Match("power", k, k + 1, "güç kazan-")
        out.append(m)
    return sorted(out, key=lambda m: (m.start, m.end, m.concept))


def _destroy_phrase(matches: list[Match]) -> list[Match]:
    """"yok edilecek", "yok etti": "yok" opening the two-word verb "yok et-" (destroy, a
    defeat word) negates nothing; its negation match is dropped."""
    phrase = {m.start for m in matches if m.concept == "defeat" and m.end - m.start >= 2}
    return [m for m in matches if not (m.concept == "negation" and m.start in phrase)]


_TAG_PARTICLES = ("mi", "mı", "mi?", "mı?")


def _tag_question(items: list[Item], matches: list[Match]) -> list[Match]:
    """"…, değil mi?" at the end of a Turkish question asks for agreement ("I pay it, don't
    I?"): a yes/no question, not a negation of what was said. Only after a comma and as
    the last two words; "Gear değil mi?" without a comma stays a negation."""
    if len(items) < 3:
        return matches
    neg, particle = items[-2], items[-1]
    if neg.key != "degil" or particle.key not in _TAG_PARTICLES or neg.part == items[-3].part:
        return matches
    kept = [m for m in matches if not (m.concept == "negation" and m.start == neg.i)]
    return sorted(kept + [Match("yesno", neg.i, neg.i + 1, "degil mi")],
                  key=lambda m: (m.start, m.end, m.concept))


_AORIST = ("ar", "er", "ir", "ur", "r")
_AORIST_NEGATIVE = ("maz", "mez")


def _as_soon_as(items: list[Item], lexicon: Lexicon) -> None:
    """"oynar oynamaz", "girer girmez": a verb's aorist and its negative aorist side by side
    mean "as soon as it is played"; the second word negates nothing."""
    for a, b in zip(items, items[1:]):
        if not b.neg_verb or a.clause != b.clause or not a.key.endswith(_AORIST) \
                or not b.key.endswith(_AORIST_NEGATIVE):
            continue
        shared = _verb_forms(a.key, lexicon.verbs) & _verb_forms(b.key, lexicon.verbs)
        if any(b.key == stem + b.key[len(stem):] and b.key[len(stem):] in _AORIST_NEGATIVE
               for stem in shared):
            b.neg_verb = b.negated = False
            a.soon = b.soon = True


# Verbs that report what a card's text (or a player) says: "… diyor", "… yazıyor"
_REPORTING = frozenset({"diyor", "der", "dedi", "diyen", "yaziyor", "yazar", "yazan", "soyluyor"})


def _said_prohibitions(items: list[Item], lexicon: Lexicon) -> None:
    """"bir etki 'kart çekme' diyor": a verb's bare -mA form right before a reporting verb
    is a negative imperative ("don't draw"), not the verbal noun ("çekme aşaması"); it
    negates, so the reader must use it or report it."""
    for a, b in zip(items, items[1:]):
        if b.key not in _REPORTING or a.clause != b.clause or a.neg_verb:
            continue
        if any(a.key in (stem + "me", stem + "ma") for stem in _verb_forms(a.key, lexicon.verbs)):
            a.neg_verb = a.negated = True


def _spelled_numbers(items: list[Item], lexicon: Lexicon, language: str) -> None:
    """Tens words with the units after them are one number: "on dokuz" 19, "onbeş" 15,
    "yirmi bir" 21, "twenty one" 21. Turkish "on" (10) is read only in a Turkish question
    (it is English "on" otherwise), and "bir" after a tens word is the unit 1, not "a"."""
    tens = lexicon.tens.get(language, {})
    units = {k: v for k, v in lexicon.numbers.items() if 1 <= v <= 9}
    if language == "tr":
        units["bir"] = 1
    endings = lexicon.numeral_endings.get(language, ())
    for item in items:
        if item.number is not None or item.die is not None:
            continue
        if item.key in tens:
            item.number = tens[item.key]
            item.forms = set()
            continue
        glued = _glued_number(item.key, tens, units)
        if glued is not None:                  # "onbes", "yirmiuc": written as one word
            item.number, item.forms = glued, set()
            continue
        ended = None if item.key in lexicon.numeral_endings.get("not", ()) else \
            _numeral_with_ending(item.key, tens, units, endings)
        if ended is not None:                  # "otuzluk", "ikilik", "üçer": as "30luk", "3er"
            item.number, item.suffix = ended
            item.forms = set()
    for a, b in zip(items, items[1:]):
        if a.key in tens and b.clause == a.clause and not b.joined and (
                b.key in units or (b.suffix and b.number is not None and 1 <= b.number <= 9
                                   and b.key[:1].isalpha())):
            # "on dokuz" 19; "yirmi ikilik", "on üçer": the ending sits on the units word
            a.number = tens[a.key] + (units[b.key] if b.key in units else b.number)
            a.suffix = "" if b.key in units else b.suffix
            b.number, b.joined, b.forms, b.suffix = None, True, set(), ""


# "-5 yedi", "-2 yedim": after a signed change "yedi" is the verb "yemek" (took the change,
# table slang), not the number 7
_ATE = frozenset({"yedi", "yedim", "yedik"})


def _ate_a_change(items: list[Item], key: str, clause: int) -> bool:
    """The word is "yedi"/"yedim" right after a signed number of its clause."""
    if key not in _ATE or not items:
        return False
    a = items[-1]
    return a.number is not None and bool(a.sign) and a.clause == clause


def _glued_number(key: str, tens: dict[str, int], units: dict[str, int]) -> int | None:
    for word, value in tens.items():
        rest = key[len(word):]
        if key.startswith(word) and rest in units:
            return value + units[rest]
    return None


def _numeral_with_ending(key: str, tens: dict[str, int], units: dict[str, int],
                         endings: tuple[str, ...]) -> tuple[int, str] | None:
    """A number word with one of the numeral endings: (value, ending). The word's final
    consonant may soften before the ending ("dört" -> "dörder")."""
    for ending in endings:
        if not key.endswith(ending) or len(key) <= len(ending):
            continue
        stem = key[:-len(ending)]
        value = tens.get(stem, units.get(stem))
        if value is None:
            value = _glued_number(stem, tens, units)
        if value is None and stem[-1:] in _SOFTENED.values():
            hard = {v: k for k, v in _SOFTENED.items() if k != v}.get(stem[-1])
            if hard:
                base = stem[:-1] + hard
                value = tens.get(base, units.get(base, _glued_number(base, tens, units)))
        if value is not None:
            return value, ending
    return None


# Case and possessive endings typed apart from a number or a die, without the apostrophe
# ("7 yi çaldı", "d6 yı attım", "4 ü 9 yaptı", "rakibin 2 siyle"): the ending of that word.
_DETACHED = frozenset({
    "i", "ı", "u", "ü", "yi", "yı", "yu", "yü", "e", "a", "ye", "ya", "de", "da", "te", "ta",
    "den", "dan", "ten", "tan", "in", "ın", "un", "ün", "nin", "nın", "nun", "nün",
    "le", "la", "yle", "yla", "im", "ım", "um", "üm", "imi", "ımı", "umu", "ümü",
    "si", "sı", "su", "sü", "sini", "sını", "sunu", "sünü", "siyle", "sıyla", "suyla", "süyle",
    "iyle", "ıyla", "uyla", "üyle", "lik", "lık", "luk", "lük", "likten", "lıktan"})
_DETACHED_FOLDED = frozenset(turkish.fold(e) for e in _DETACHED)


def _detached_endings(items: list[Item]) -> None:
    """"7 yi", "d6 yi": in a Turkish question a bare ending right after a number or a die
    with no ending of its own belongs to it; the ending word is joined (no word of its own)."""
    for a, b in zip(items, items[1:]):
        if (a.number is not None or a.die is not None) and not a.suffix and not a.joined \
                and "'" not in a.text and b.key in _DETACHED_FOLDED and b.clause == a.clause \
                and b.number is None and b.die is None:
            a.suffix = b.key
            b.forms, b.joined, b.negated, b.neg_verb, b.garbled = set(), True, False, False, False


_ONE_GO = ("seferde", "kerede", "defada", "hamlede")


def _doubled_numerals(items: list[Item]) -> None:
    """"birer birer", "teker teker", "tek tek", "one by one": a numeral said twice in a row
    is the adverb "one at a time", no count (concept one_by_one reads the words)."""
    for a, b in zip(items, items[1:]):
        if a.key == b.key and a.number is not None and b.number is not None \
                and not a.text[:1].isdigit() and a.clause == b.clause:
            a.number = b.number = None
            a.suffix = b.suffix = ""
        elif a.number == 1 and not a.text[:1].isdigit() and b.key in _ONE_GO \
                and a.clause == b.clause:
            a.number, a.suffix = None, ""       # "tek seferde", "bir kerede": at once
        elif a.number is not None and not a.text[:1].isdigit() and b.key == "birden" \
                and a.clause == b.clause:
            a.number, a.suffix = None, ""       # "üçünü birden": all three at once
    for a, b, c in zip(items, items[1:], items[2:]):
        if a.key == c.key and b.key == "by" and a.number is not None and c.number is not None \
                and not a.text[:1].isdigit():
            a.number = c.number = None          # "one by one"
            a.suffix = c.suffix = ""


# "bir Gig'i var", "a gig", "one die": the article before a Gig or die word counts it. A
# Gig count changes a steal (the cap), so it is read as 1 rather than dropped; a family
# that does not use it then reports it instead of answering past it.
_ARTICLES = ("bir", "a", "an", "tek")
_COUNTED = ("gig", "zar", "die", "dice")


def _article_counts(items: list[Item]) -> None:
    for k, (a, b) in enumerate(zip(items, items[1:])):
        after = items[k + 2].key if k + 2 < len(items) else ""
        if a.key in _ARTICLES and a.number is None and b.clause == a.clause \
                and (b.key.startswith(_COUNTED) or b.key.split("'")[0] in _COUNTED) \
                and not after.startswith(("area", "alan", "zone")):
            a.number = 1


_LIK_DIE = ("zar", "die", "dice")
# "we are on turn 4", "round 3": the number names a turn, it is no power, cost or count
_TURN_WORDS = ("turn", "round")
# "3. tur", "3. turdayım", "3. turumda": the word after a turn's ordinal number
_TURN_ORDINAL_NEXT = frozenset({"tur", "turda", "turdayim", "turdayiz", "turdasin", "turumda",
                                "turumdayim", "turunda", "turundayim", "turundayiz"})
# every form of the noun "tur" after an ordinal, folded: "turu" (his turn), "turum", "turumuz",
# "turunda", "turundayken", "turdayiz" ("Rakibimin 2. turu", "3. turumuzdayız")
TURN_FORM = re.compile(r"tur(?:u|um|umuz|un|unuz|lari|leri)?(?:n?da(?:yim|yiz|sin|yken)?)?")


def turn_form(key: str) -> bool:
    """A folded word is a form of "tur" (a game turn) that may follow a turn's ordinal."""
    return key in _TURN_ORDINAL_NEXT or TURN_FORM.fullmatch(key) is not None


# "Tur 6'dayız", "tur 5'teyim": the locative with "I am" / "we are" after the turn's number
_TR_TURN_COPULA = frozenset({"da", "de", "ta", "te", "dayim", "deyim", "tayim", "teyim",
                             "dayiz", "deyiz", "tayiz", "teyiz", "dayken", "deyken",
                             "tayken", "teyken"})


def tr_turn_number(items: list[Item], k: int) -> bool:
    """Word `k` is "tur" opening its clause and the number after it is the turn's: with
    the locative ("Tur 6'dayız") or closing the clause ("tur 5, elimde …"). Never "bu tur
    5 güç" (a power after "this turn") nor "5 tur" (five turns)."""
    if k + 1 >= len(items) or items[k].key != "tur":
        return False
    a, b = items[k], items[k + 1]
    if (k and items[k - 1].clause == a.clause) or b.clause != a.clause or b.sign:
        return False
    m = _NUMBER.fullmatch(b.key)
    if not m or (b.number is None and not b.key[:1].isdigit()):
        return False
    if m.group(2):
        return m.group(2) in _TR_TURN_COPULA
    return k + 2 >= len(items) or items[k + 2].clause != b.clause


def _turn_numbers(items: list[Item]) -> None:
    """A number right after "turn"/"round" is the turn's number: no family reads one, so it
    is kept as a word and reported (a family would take it for a power or a count)."""
    for a, b in zip(items, items[1:]):
        if a.key in _TURN_WORDS and b.number is not None and not b.sign and b.clause == a.clause:
            b.number = None
        elif tr_turn_number(items, a.i):
            b.number = None         # "Tur 6'dayız", "tur 5, …": the turn's number
        elif a.number is not None and not a.sign and b.clause == a.clause and (
                (a.suffix == "." and a.key.isdigit() and turn_form(b.key))
                or (a.suffix in ("st", "nd", "rd", "th") and b.key in _TURN_WORDS)):
            a.number = None         # "3. turdayım": the turn's number, no power or count


def _dice_from_sides(items: list[Item], lexicon: Lexicon | None = None,
                     language: str = "tr") -> None:
    """"20 yüzlü zar", "20-sided die", "twenty-sided die" -> a d20; "yirmilik zar",
    "20'lik zar" -> the d20 too. Only 20 with -lIk: "8'lik Gig" is a Gig showing 8, and a
    die showing 20 can only be the d20."""
    for a, b in zip(items, items[1:]):
        if a.number in DIE_SIDES and (b.key.startswith("yuzlu") or b.key in ("sided", "side")):
            a.die, a.number = a.number, None
            b.forms, b.joined = set(), True     # part of the die's name
            continue
        if a.number is None and a.die is None and b.key.startswith(_LIK_DIE) \
                and b.clause == a.clause and lexicon is not None:
            tens = lexicon.tens.get(language, {})
            stem = a.key[:-3] if a.key.endswith(("lik", "luk")) else None
            if stem is not None and tens.get(stem) == 20:
                a.die, a.suffix, a.forms = 20, a.key[-3:], set()
        elif a.number == 20 and a.suffix in ("lik", "luk") and b.key.startswith(_LIK_DIE) \
                and b.clause == a.clause:
            a.die, a.number = 20, None


def _excluded(item: Item, stops: tuple[str, ...]) -> bool:
    return any(item.key.startswith(s) for s in stops)


def _words(item: Item) -> frozenset[str] | set[str]:
    """The cue words `item` can stand for (none for a number or a die)."""
    if item.number is not None or item.die is not None:
        return frozenset()
    return item.forms | {item.key}


def _match(items: list[Item], lexicon: Lexicon) -> list[Match]:
    # A cue is tried only where its first word stands (`Lexicon.starts`), not at every word.
    words = [_words(it) for it in items]
    best: dict[tuple[str, int, int], tuple[tuple[int, int], Match]] = {}

    def add(rank: tuple[int, int], match: Match) -> None:
        # One match per concept and span; the cue listed last names it.
        key = (match.concept, match.start, match.end)
        if key not in best or best[key][0] < rank:
            best[key] = (rank, match)

    for start, here in enumerate(words):
        for word in here:
            for concept, index, cue in lexicon.starts.get(word, ()):
                n = len(cue)
                span = items[start:start + n]
                if len(span) == n and \
                        all(w in words[start + k] for k, w in enumerate(cue[1:], 1)) and \
                        len({it.clause for it in span}) == 1 and \
                        not any(_excluded(it, lexicon.exclude.get(concept, ())) for it in span):
                    add((0, index), Match(concept, start, start + n, " ".join(cue)))
    for concept, infixes in lexicon.infix.items():
        for index, infix in enumerate(infixes):
            for item in items:
                if item.number is None and infix in item.key[2:]:
                    add((1, index), Match(concept, item.i, item.i + 1, infix))
    # A negative verb form negates like "değil" / "not" does.
    for it in items:
        if it.neg_verb:
            add((2, 0), Match("negation", it.i, it.i + 1, "-mA-"))
    return sorted((m for _, m in best.values()), key=lambda m: (m.start, m.end, m.concept))
