"""Turkish text handling: the one source of truth for case folding, ASCII folding,
tokenisation and sentence splitting.

Search, glossary linking, `ask` and the site's JavaScript (generated from the tables
below) all fold text the same way, so "ÇATIŞMA", "catisma" and "çatışma" meet.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from .lazyre import lazy

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
WORD_RE = lazy(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


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


_NAME_SPLIT = lazy(r"[^0-9a-z]+")


# Turkish case endings a question may glue to a card name without an apostrophe ("Emergency
# Atlusa", "psycho squada", "minotauru"): `cards.matching.find` reads them on a name's last
# word, and `ask` scans for them before the card names are loaded.
NAME_CASE_ENDINGS = ("a", "e", "ya", "ye", "i", "u", "yi", "yu", "da", "de", "ta", "te", "dan",
                     "den", "tan", "ten", "in", "un", "nin", "nun", "la", "le", "yla", "yle",
                     # with a possessive before the case ("psycho squadıma", "Atlusumu")
                     "im", "imi", "ima", "ime", "imin", "imla", "imle", "imda", "imde",
                     "um", "umu", "uma", "umun", "umla", "umda",
                     "ini", "ina", "ine", "inin", "unu", "una", "unun")


@lru_cache(maxsize=4096)
def name_keys(text: str) -> tuple[str, ...]:
    """A name's folded alphanumeric tokens: "Rockn' Rockerboy" -> ("rockn", "rockerboy")
    (card names in running text: `cards.matching`, and `ask`'s check for one)."""
    return tuple(t for t in _NAME_SPLIT.split(fold(text).replace("'", "")) if t)


def normalize_space(text: str) -> str:
    return " ".join(text.split())


def normalize_punct(text: str) -> str:
    return text.translate(_PUNCT_TABLE)


@dataclass(frozen=True)
class Token:
    """A word of a text and where it stands."""

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


_LIST_MARKER = lazy(r"^\s*(?:\d+\.|[•\-*])\s+")
_OPEN_QUOTES = "“„«\""
_CLOSE_QUOTES = "”»\""


def strip_list_marker(line: str) -> str:
    return _LIST_MARKER.sub("", line, count=1)


# Opening quote -> its closing quote (Turkish/English “…”, Croatian/German „…“, «…»).
QUOTE_PAIRS = {"“": "”", "„": "“", "«": "»"}


def split_sentences(paragraph: str) -> list[str]:
    """Split at . ! ? : ; followed by a space and a capital letter, digit or quote,
    never inside quotes (quoted card texts contain whole sentences). A sentence may
    also end inside a closing quote: „… Personality.“ Ako …"""
    text = normalize_space(paragraph)
    sentences: list[str] = []
    closers: list[str] = []
    start = 0
    n = len(text)

    def boundary_after(j: int) -> bool:
        return j + 1 < n and text[j] == " " and (
            text[j + 1].isupper() or text[j + 1].isdigit() or text[j + 1] in _OPEN_QUOTES)

    for i, ch in enumerate(text):
        if closers and ch == closers[-1]:
            closers.pop()
            if not closers and i > 0 and text[i - 1] in ".!?" and boundary_after(i + 1):
                sentences.append(text[start:i + 1].strip())
                start = i + 2
        elif ch in QUOTE_PAIRS:
            closers.append(QUOTE_PAIRS[ch])
        elif ch in ".!?:;" and not closers and boundary_after(i + 1):
            sentences.append(text[start:i + 1].strip())
            start = i + 2
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


# --- inflection ------------------------------------------------------------------
#
# Glossary terms appear in rule text inflected: "çatışmayı", "etkisini", "Gig’i",
# "rakibinize", "alanlarındaki". Rather than list every form, a word is read as a known
# stem plus a suffix chain, and the chain is checked against the nominal suffix grammar
# below: [derivation] [plural] [possessive] [case] [-ki [plural] [case]] [copula].
#
# Suffixes are written with archiphonemes: A = a/e, I = ı/i/u/ü, D = d/t. Vowel harmony
# is not enforced (loan stems such as "Gig", "Legend", "Gear" take suffixes by their
# pronunciation, and ASCII-typed input has lost the vowel distinctions); the buffer
# consonants y/n/s and the choice between the vowel- and consonant-initial allomorph
# are enforced, as they decide which forms exist at all.
#
# Each pair: (allomorph after a vowel-final stem, allomorph after a consonant-final stem).

SUFFIX_DERIVATION = {"with": ("lI", "lI"), "without": ("sIz", "sIz")}   # gecikmeli, bedelsiz
SUFFIX_PLURAL = ("lAr", "lAr")
SUFFIX_POSSESSIVE = {
    "1sg": ("m", "Im"), "2sg": ("n", "In"), "3sg": ("sI", "I"),
    "1pl": ("mIz", "ImIz"), "2pl": ("nIz", "InIz"), "3pl": ("lArI", "lArI"),
}
THIRD_PERSON = frozenset({"3sg", "3pl"})
SUFFIX_CASE = {
    "acc": ("yI", "I"), "dat": ("yA", "A"), "loc": ("DA", "DA"), "abl": ("DAn", "DAn"),
    "gen": ("nIn", "In"), "ins": ("ylA", "lA"),
}
# After a third-person possessive the case suffixes take the pronominal n: "alanına".
SUFFIX_CASE_PRONOMINAL = {
    "acc": "nI", "dat": "nA", "loc": "nDA", "abl": "nDAn", "gen": "nIn", "ins": "ylA",
}
SUFFIX_RELATIVE = "kI"             # after locative or genitive: "sahadaki", "elinizdeki"
RELATIVE_AFTER = frozenset({"loc", "gen"})
SUFFIX_COPULA = ("DIr", "DIr")     # "geçerlidir"

VOWELS = "aeıioöuü"
ARCHI_VOWELS = "AI"
# Stem-final consonants that soften before a vowel: "rakip" -> "rakibi", "güç" -> "gücü".
SOFTENING = {"p": "b", "ç": "c", "t": "d", "k": "ğ"}
SOFTENING_ASCII = {"p": "b", "t": "d", "k": "g"}
_HARDEN = {soft: (hard,) for hard, soft in SOFTENING.items()}
_HARDEN_ASCII = {soft: (hard,) for hard, soft in SOFTENING_ASCII.items()}

_ARCH_OF = str.maketrans({"a": "A", "e": "A", "ı": "I", "i": "I", "u": "I", "ü": "I",
                          "d": "D", "t": "D"})


def _pick(pair: tuple[str, str], after_vowel: bool) -> str:
    return pair[0] if after_vowel else pair[1]


def _ends_vowel(chain: str, stem_vowel: bool) -> bool:
    return stem_vowel if not chain else chain[-1] in ARCHI_VOWELS


@lru_cache(maxsize=None)
def suffix_chains(after_vowel: bool) -> frozenset[str]:
    """Every suffix chain of the grammar (archiphoneme spelling) after a stem ending in
    a vowel (`after_vowel`) or a consonant. About 1,300; built once per version of the
    code and kept in the compiled data cache (building them is ~1 ms of a cold `ask`)."""
    from .datacache import cached
    return cached(f"turkish:suffix-chains:{int(after_vowel)}", lambda: _suffix_chains(after_vowel))


def _suffix_chains(after_vowel: bool) -> frozenset[str]:
    chains: set[str] = {""}
    for deriv in (None, *SUFFIX_DERIVATION.values()):
        s0 = "" if deriv is None else _pick(deriv, after_vowel)
        for plural in (False, True):
            s1 = s0 + (_pick(SUFFIX_PLURAL, _ends_vowel(s0, after_vowel)) if plural else "")
            v1 = _ends_vowel(s1, after_vowel)
            for poss_name, poss in ((None, None), *SUFFIX_POSSESSIVE.items()):
                if plural and poss_name == "3pl":
                    continue            # "-lArI" already reads as plural + 3sg
                s2 = s1 if poss is None else s1 + _pick(poss, v1)
                v2 = _ends_vowel(s2, after_vowel)
                for case_name in (None, *SUFFIX_CASE):
                    if case_name is None:
                        s3 = s2
                    elif poss_name in THIRD_PERSON:
                        s3 = s2 + SUFFIX_CASE_PRONOMINAL[case_name]
                    else:
                        s3 = s2 + _pick(SUFFIX_CASE[case_name], v2)
                    chains.add(s3)
                    chains.add(s3 + _pick(SUFFIX_COPULA, _ends_vowel(s3, after_vowel)))
                    if case_name in RELATIVE_AFTER:
                        ki = s3 + SUFFIX_RELATIVE
                        ki_plural = ki + _pick(SUFFIX_PLURAL, True)
                        chains.update((ki, ki_plural))
                        for case2, pronominal in SUFFIX_CASE_PRONOMINAL.items():
                            chains.add(ki + pronominal)
                            chains.add(ki_plural + _pick(SUFFIX_CASE[case2], False))
    return frozenset(chains)


def is_suffix_chain(suffix: str, after_vowel: bool) -> bool:
    """Is `suffix` (lower case, Turkish or ASCII-folded letters) a valid nominal suffix
    chain after a stem ending in a vowel (`after_vowel`) or in a consonant?"""
    if not suffix:
        return True
    return suffix.translate(_ARCH_OF) in suffix_chains(after_vowel)


def split_inflected(word: str, stems, ascii_only: bool = False, min_stem: int = 2,
                    max_stem: int | None = None) -> list[tuple[str, str]]:
    """All ways to read `word` (lower case, no apostrophe) as stem + suffix chain with
    the stem in `stems` (anything supporting `in`), longest stem first.
    Handles consonant softening: "rakibinize" -> ("rakip", "inize")."""
    vowels = "aeiou" if ascii_only else VOWELS
    hardened = _HARDEN_ASCII if ascii_only else _HARDEN
    found: list[tuple[str, str]] = []
    top = len(word) if max_stem is None else min(len(word), max_stem)
    for cut in range(top, min_stem - 1, -1):
        head, rest = word[:cut], word[cut:]
        if head in stems and is_suffix_chain(rest, head[-1] in vowels):
            found.append((head, rest))
        if rest and rest[0] in vowels and head[-1] in hardened:
            for hard in hardened[head[-1]]:
                stem = head[:-1] + hard
                if stem in stems and is_suffix_chain(rest, False):
                    found.append((stem, rest))
    return found


def stem_key(token_text: str) -> tuple[str, str]:
    """(key of the part before an apostrophe, the apostrophe suffix): "Gig’i" -> ("gig", "i")."""
    text = normalize_punct(token_text)
    head, _, tail = text.partition("'")
    return tr_lower(head), tr_lower(tail.replace("'", ""))


# --- search stemming ----------------------------------------------------------------
#
# Search needs one stem per word, for words it has never seen (a judge's query) as well as
# for the rules text, and for ASCII-typed input. So unlike `split_inflected` (which reads a
# word against known stems) this strips suffixes by rule, on the folded form (`fold`),
# longest first, repeatedly, while at least SEARCH_MIN_STEM letters remain. It over-stems
# ("saldırı", "saldıran", "saldırmak" -> "sald"), which is what recall wants: documents
# and queries go through the same function, and search also matches exact words and
# prefixes, which rank the precise form first.

SEARCH_MIN_STEM = 3
SEARCH_SUFFIXES = tuple(sorted(set("""
    lar ler lari leri larin lerin larini lerini larinda lerinde larindan lerinden
    si su sini sunu sina sine suna sinda sinde sundan sindan sinden sinin sunun
    ni nu na ne nda nde ndan nden nin nun
    yi yu ya ye yla yle yken
    i u a e
    da de ta te dan den tan ten daki deki taki teki
    in un la le ile
    iz uz niz nuz miz muz imiz iniz umuz unuz siniz sunuz
    mak mek ma me mas mes masi mesi mesini masini
    an en yan yen ir ur ar er ilir ulur inir unur
    dik dig tik tig digi tigi dugu tugu digin tigin
    diginda diginde tiginda tiginde dugunda tugunda
    dikten tikten dukten tukten
    mis mus misti
    acak ecek yacak yecek acagi ecegi
    abil ebil yabil yebil abilir ebilir yabilir yebilir
    maz mez mayan meyen madan meden
    il ul
    iyor uyor yor
    arak erek yarak yerek ken iken ince unca ip up
    sa se ysa yse
    di du ti tu
    rim rum sam sem sak sek iyorum uyorum
""".split()), key=lambda s: (-len(s), s)))

# Words left alone: the cards' English keywords and short Turkish words whose endings only
# look like suffixes ("tur" is a turn, not "t" + copula).
SEARCH_KEEP = frozenset("""
    tur zar gig gear legend legends eddie eddies blocker quick adrenaline solo call
    play attack defeated street cred lag fixer program deste saha alan kart birim
""".split())


@lru_cache(maxsize=65536)
def search_stem(key: str) -> str:
    """Stem of a folded word (see `fold`) for search: "catismayi" and "çatışmayı" (folded)
    -> "catis", "zarlari" -> "zar", "saldiran" -> "sald"."""
    if key in SEARCH_KEEP or not key.isalpha():
        return key
    word = key
    for _ in range(6):
        for suffix in SEARCH_SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= SEARCH_MIN_STEM:
                word = word[: -len(suffix)]
                break
        else:
            break
        if word in SEARCH_KEEP:
            break
    return word
