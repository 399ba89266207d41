"""Query words that are not glossary terms, mapped to the words the rules text uses.

The glossary maps the game's *terms* ("steal" -> çalma). Queries also carry ordinary rules
vocabulary that is not a term ("tie", "empty", "optional", "once") and the jargon of other
card games ("tap", "graveyard"); `lexicon.toml` beside this file covers those, per
rulebook language, plus everyday Turkish for what the rules text words differently
("biter" -> "sona erer"). The table is data; this module only reads it.
"""

from __future__ import annotations

from pathlib import Path

from ..datacache import cached


def _read() -> dict:
    import tomllib
    return tomllib.loads((Path(__file__).with_name("lexicon.toml")).read_text(encoding="utf-8"))


_DATA = cached("search:lexicon", _read, group="search")

# language -> {English query word: rules-language words}
LEXICONS: dict[str, dict[str, str]] = {lang: dict(t.get("english", {})) for lang, t in _DATA.items()}
# language -> {stem of an everyday word: rules-text words}
SYNONYMS: dict[str, dict[str, str]] = {lang: dict(t.get("synonyms", {})) for lang, t in _DATA.items()}
