"""Trace steps: what the engine did, each with the rule number that made it happen.

A step's words come from the message catalogue (`[engine_step]` in `judge_tool/locales/
<lang>.toml`, all five files, same placeholders), never from Python strings, so a trace can
be shown in the reader's language (`judge ask` answers an English question in English):

    self.step(R.STEAL_FORMULA, "steal.formula", p=19, x=2)      # Game
    note(trace, R.STEAL_FORMULA, "steal.formula", p=19, x=2)    # pure helpers

The key is under `engine_step.` (the prefix is added). Values are numbers, player names,
card names or ids (stand-in names of `judge ask` scenarios are shown in the reader's
language through `[engine_name]`), or a `Phrase` (a catalogue piece itself: "bu tur" /
"this turn"). `Step.text` is the Turkish text (the rulebook's language): what `judge check`
prints and what tests and ask families read; `Step.in_language(lang)` renders another one.
A step whose key is not in the catalogue is taken as text written inline (shown as
written; tests/test_engine_words.py counts them and the count may only go down).
"""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

TABLE = "engine_step"
NAMES = "engine_name"
BASE = "tr"                 # the language of `Step.text` (the rulebook's)


class Phrase:
    """A catalogue piece used as a value inside a step ("bu tur" / "this turn"), rendered in
    the step's language: `Phrase("span.turn")`, `Phrase("verb.draw")`."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        self.values = tuple(values.items())

    def render(self, lang: str) -> str:
        return render(self.key, self.values, lang)

    def __repr__(self) -> str:
        return f"Phrase({self.key!r})"

    def __str__(self) -> str:          # in prompts and messages: the rulebook's language
        return self.render(BASE)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, self.values) == (other.key, other.values)

    def __hash__(self) -> int:
        return hash((self.key, self.values))


class Names:
    """A list of card names or ids as one value ("Saldıran, Savunan"), each shown in the
    step's language."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Any, sep: str = ", ") -> None:
        self.items = tuple(items)
        self.sep = sep

    def render(self, lang: str) -> str:
        return self.sep.join(str(_value(i, lang)) for i in self.items)

    def __str__(self) -> str:
        return self.render(BASE)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Names) and (self.items, self.sep) == (other.items, other.sep)

    def __hash__(self) -> int:
        return hash((self.items, self.sep))


def _messages(lang: str):
    from ..i18n import messages
    return messages(lang)


def known(key: str) -> bool:
    """Is `key` a step key of the catalogue (else it is text written inline)?"""
    return _messages(BASE).has(f"{TABLE}.{key}")


_STANDINS: dict[str, dict[str, str]] = {}


def _standins(lang: str) -> dict[str, str]:
    """{Turkish stand-in name: the name in `lang`} from `[engine_name]`."""
    if lang not in _STANDINS:
        base = _messages(BASE).prefix(f"{NAMES}.")
        own = _messages(lang).prefix(f"{NAMES}.")
        _STANDINS[lang] = {tr: own.get(key, tr) for key, tr in base.items()}
    return _STANDINS[lang]


def name_in(name: str, lang: str) -> str:
    """A card name, id or effect label in `lang`: a stand-in of `judge ask`'s scenarios
    ("Saldıran", "Saldıran#2", "Kart 3", "A: ATTACK etkisi", "Çek [d6]") translated, any
    other name (a real card's, a scenario author's) unchanged."""
    if lang == BASE or not name:
        return name
    table = _standins(lang)
    if name in table:
        return table[name]
    for sep in ("#", " ["):             # "Saldıran#2", "ATTACK etkisi [d6]"
        head, found, tail = name.rpartition(sep)
        if found and head in table:
            return f"{table[head]}{sep}{tail}"
    head, found, tail = name.rpartition(" ")
    if found and tail.isdigit() and head in table:      # "Kart 3"
        return f"{table[head]} {tail}"
    player, found, rest = name.partition(": ")
    if found and len(player) == 1 and rest in table:   # "A: ATTACK etkisi"
        return f"{player}: {table[rest]}"
    return name


def _value(value: Any, lang: str) -> Any:
    if isinstance(value, (Phrase, Names)):
        return value.render(lang)
    if isinstance(value, str):
        return name_in(value, lang)
    return value


def render(key: str, values: tuple = (), lang: str = BASE) -> str:
    """One step key with its values in `lang`; an unknown key is inline text, as written."""
    m = _messages(lang)
    full = f"{TABLE}.{key}"
    if not m.has(full) and not _messages(BASE).has(full):
        return key
    return m(full, **{k: _value(v, lang) for k, v in values})


@dataclass(frozen=True)
class Step:
    """One explained step. `rule` is an official rule id that exists in the rulebook; `text`
    its words in Turkish; `key`/`values` (when it came from the catalogue) render it in any
    language; `official` marks a step where only the official rule decides (CR 1.3)."""

    rule: str
    text: str
    key: str = field(default="", compare=False)
    values: tuple = field(default=(), compare=False)
    official: bool = field(default=False, compare=False)

    @classmethod
    def said(cls, rule: str, key: str, official: bool = False, **values: Any) -> "Step":
        """A step from the catalogue (`key` under `[engine_step]`)."""
        items = tuple(values.items())
        text = render(key, items)
        if official:
            text = f"{text} ({render('mark.official_only')})"
        return cls(rule, text, key, items, official)

    def in_language(self, lang: str) -> "Step":
        """This step with its words in `lang` (itself when written inline or Turkish)."""
        if not self.key or lang == BASE or not known(self.key):
            return self
        text = render(self.key, self.values, lang)
        if self.official:
            text = f"{text} ({render('mark.official_only', (), lang)})"
        return Step(self.rule, text, self.key, self.values, self.official)

    def to_dict(self) -> dict:
        return {"rule": self.rule, "text": self.text}

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


def note(trace: list[Step] | None, rule: str, key: str, **values: Any) -> None:
    """Append a step if a trace is being collected (pure helpers take `trace=None`)."""
    if trace is not None:
        trace.append(Step.said(rule, key, **values))


# Marks on steps where the official rule decides (CR 1.3): the Turkish text has no such
# sentence, or says something else (the rulebook keeps its sentence with a note). The words
# are in the catalogue (`engine_step.mark.*`); these Turkish forms stay for code that reads
# them (older steps written inline).
OFFICIAL_ONLY = "resmi kural; Türkçe metinde yok"
DIFFERS = "Türkçe metin farklı: bkz. not"
FORCED = "zorunlu karar: tek geçerli seçenek"
