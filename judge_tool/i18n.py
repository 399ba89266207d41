"""Interface strings in the reader's language: one message catalogue per language
(`judge_tool/locales/<lang>.toml`), chosen by the rulebook and overridable.

The catalogues are data: nested TOML tables flattened to dotted keys ("rule.note"), each
value a `str.format` template ("{n} kural"). Every catalogue has the same keys (a test
checks it); a key missing in one language falls back to English, then to the key itself,
so a new string never breaks a command.

Which language: `--lang` (the CLI) > `JUDGE_LANG` (the environment) > the rulebook's
language > Turkish. Rule text is never translated; only the words around it are.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start; names for the type checker only
if TYPE_CHECKING:
    from typing import Any

LANGUAGES = ("tr", "ru", "hr", "fr", "en")
DEFAULT = "tr"
FALLBACK = "en"
ENV = "JUDGE_LANG"


class UnknownLanguage(ValueError):
    def __init__(self, code: str) -> None:
        super().__init__(f"no interface language {code!r} (known: {', '.join(LANGUAGES)})")
        self.code = code


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


@lru_cache(maxsize=None)
def catalogue(lang: str) -> Mapping[str, str]:
    """The flat {key: template} of one language (empty if the file is missing). Turkish
    and English (the fallback) sit in the compiled cache's main file with the rulebook;
    the other languages in a file of their own (a cold command reads only what it needs)."""
    from .datacache import cached
    group = "main" if lang in (DEFAULT, FALLBACK) else "i18n"
    return cached(f"i18n:{lang}", lambda: _read_catalogue(lang), group=group)


def _read_catalogue(lang: str) -> Mapping[str, str]:
    import tomllib
    from pathlib import Path
    path = Path(__file__).resolve().parent / "locales" / f"{lang}.toml"
    try:
        return _flatten(tomllib.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        return {}


def normalize_lang(code: str | None) -> str | None:
    """"fr_FR.UTF-8", "FR", "fr-CA" -> "fr"; None for empty."""
    if not code:
        return None
    return code.strip().lower().replace("_", "-").split("-")[0].split(".")[0] or None


def choose(book_language: str | None = None, explicit: str | None = None) -> str:
    """The interface language: explicit (--lang) > JUDGE_LANG > the rulebook's > Turkish.
    An explicit or environment code we have no catalogue for is an error."""
    for code in (explicit, os.environ.get(ENV)):
        code = normalize_lang(code)
        if code:
            if code not in LANGUAGES:
                raise UnknownLanguage(code)
            return code
    code = normalize_lang(book_language)
    return code if code in LANGUAGES else DEFAULT


class Messages:
    """`m("rule.note")`, `m("search.count", n=3)`: one language's strings."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT
        self._own = catalogue(self.lang)

    @property
    def _fallback(self) -> Mapping[str, str]:
        """English, read only when a key is missing from the own catalogue: a Turkish
        `judge ask` finds every key in Turkish and does not unpickle English (~120 KB)."""
        return catalogue(FALLBACK)

    def has(self, key: str) -> bool:
        return key in self._own

    def __call__(self, key: str, **values: Any) -> str:
        template = self._own.get(key)
        if template is None:
            template = self._fallback.get(key, key)
        return template.format(**values) if values else template

    def get(self, key: str, default: str = "", **values: Any) -> str:
        """Like calling, but `default` when no catalogue has the key."""
        if key not in self._own and key not in self._fallback:
            return default
        return self(key, **values)

    def prefix(self, prefix: str) -> dict[str, str]:
        """Every string under a prefix, keys without it ("site.js." -> the JS strings)."""
        keys = set(self._fallback) | set(self._own)
        return {k[len(prefix):]: self(k) for k in sorted(keys) if k.startswith(prefix)}


@lru_cache(maxsize=None)
def messages(lang: str | None = None) -> Messages:
    return Messages(lang or DEFAULT)


def language_name(code: str, lang: str) -> str:
    """"ru" named in the interface language `lang` ("Rusça", "русский", "Russian")."""
    return messages(lang).get(f"language.{code}", code)


def editorial_notes(node: Any, m: Messages, skip: tuple[str, ...] = (), note: bool = True) -> list[str]:
    """A rule node's editorial facts (`editorial: title-added, ref-outside 309.2`) as
    sentences in the reader's language (codes in `skip` left out: the site shows
    "title-added" as a badge), then its free-text note."""
    out = []
    for item in getattr(node, "editorial", ()) or ():
        code, _, arg = item.partition(" ")
        if code not in skip:
            out.append(m(f"editorial.{code}", ref=arg))
    for start in getattr(node, "extra", ()) or ():
        out.append(f"{m('official.not_in_official')}: “{start} …”")
    if note and getattr(node, "note", ""):
        out.append(node.note)
    return out
