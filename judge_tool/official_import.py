"""The official English rules, imported by the user (`judge import-official FILE`).

The file is the JSON the publisher serves for its Comprehensive Rules page: top level
`updated_at` and `items`; each item `display_number`, `stable_anchor`, `stable_key`,
`parent_id`, `node_type`, `title`, `body_markdown`, `is_numbered`, `depth`, `sort_order`.
It is validated, reduced to the numbered rules and stored in the user's data folder
(judge_tool.userdata), never in the package. Nothing is fetched: the user brings the file.

Each rule's text is compared with the hash of the official text the Turkish was aligned with
(official.tsv), so a rule whose official wording changed since is flagged.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Mapping

from . import official
from .rulebook import normalize_id
from .userdata import read_user_file, user_file, write_atomic

FILE_NAME = "official-rules-en.json"
MAX_BYTES = 8_000_000          # the real page is ~0.3 MB
MAX_ITEMS = 20_000
MAX_FIELD_CHARS = 100_000

# key -> accepted JSON types (None allowed where the publisher leaves a field empty)
ITEM_KEYS: Mapping[str, tuple[type, ...]] = {
    "display_number": (str, type(None)),
    "stable_anchor": (str,),
    "stable_key": (str,),
    "parent_id": (str, type(None)),
    "node_type": (str,),
    "title": (str, type(None)),
    "body_markdown": (str, type(None)),
    "is_numbered": (bool,),
    "depth": (int,),
    "sort_order": (int, float),
}


class OfficialImportError(ValueError):
    """The file is not the official rules JSON (message is one line)."""


def _type_name(types: tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", float: "a number", bool: "true/false",
             type(None): "null"}
    return " or ".join(names.get(t, t.__name__) for t in types)


def parse_served(raw: bytes) -> dict:
    """Validate the publisher's JSON and reduce it to what the tool keeps:
    {"updated_at", "rules": {number: {"anchor", "title", "body", "hash"}}}."""
    if len(raw) > MAX_BYTES:
        raise OfficialImportError(f"file is {len(raw):,} bytes, over the limit of {MAX_BYTES:,}")
    import json                     # here, not on every start: search only checks for a file
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise OfficialImportError("file is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise OfficialImportError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise OfficialImportError("top level must be an object with 'updated_at' and 'items'")
    for key in ("updated_at", "items"):
        if key not in data:
            raise OfficialImportError(f"top level has no {key!r} (expected 'updated_at' and 'items')")
    updated = data["updated_at"]
    if not isinstance(updated, str) or not updated.strip() or len(updated) > 100:
        raise OfficialImportError("'updated_at' must be a non-empty date string")
    items = data["items"]
    if not isinstance(items, list):
        raise OfficialImportError("'items' must be a list")
    if len(items) > MAX_ITEMS:
        raise OfficialImportError(f"'items' has {len(items):,} entries, over the limit of {MAX_ITEMS:,}")
    rules: dict[str, dict[str, str]] = {}
    for n, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise OfficialImportError(f"item {n}: must be an object")
        for key, types in ITEM_KEYS.items():
            if key not in item:
                raise OfficialImportError(f"item {n}: missing key {key!r}")
            value = item[key]
            if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
                raise OfficialImportError(f"item {n}: {key!r} must be {_type_name(types)}")
            if isinstance(value, str) and len(value) > MAX_FIELD_CHARS:
                raise OfficialImportError(f"item {n}: {key!r} is over {MAX_FIELD_CHARS:,} characters")
        if not item["is_numbered"] or not item["display_number"]:
            continue
        number = normalize_id(item["display_number"])
        if not official.ID_PATTERN.match(number):
            raise OfficialImportError(f"item {n}: display_number {item['display_number'][:40]!r} is not a rule number")
        body = (item["body_markdown"] or item["title"] or "").strip()
        rules[number] = {"anchor": item["stable_anchor"], "title": item["title"] or "",
                         "body": body, "hash": official.text_hash(number, body)}
    if not rules:
        raise OfficialImportError("no numbered rules in 'items'")
    return {"updated_at": updated.strip(), "rules": rules}


@dataclass(frozen=True)
class Imported:
    """The user's imported official English."""

    updated_at: str
    rules: Mapping[str, Mapping[str, str]]

    def body(self, number: str) -> str | None:
        rule = self.rules.get(number)
        return strip_number(number, rule["body"]) if rule else None

    def changed(self, number: str) -> bool | None:
        """True when the official text differs from the one the Turkish was aligned with
        (None when the rule is not imported or has no recorded hash)."""
        rule = self.rules.get(number)
        numbering = official.load()
        aligned = numbering.hash(number) if numbering is not None else None
        if rule is None or not aligned:
            return None
        return rule["hash"] != aligned


def strip_number(number: str, body: str) -> str:
    """"9.9. You may …" -> "You may …"; a heading "### Cost" -> "Cost"."""
    import re
    text = re.sub(rf"^{re.escape(number)}\.?\s*", "", body.strip())
    return re.sub(r"^#+\s*", "", text)


def store(raw: bytes) -> tuple[Imported, str]:
    """Validate and save; returns what was stored and where."""
    import json
    reduced = parse_served(raw)
    path = write_atomic(FILE_NAME, json.dumps(reduced, ensure_ascii=False).encode("utf-8"))
    _load.cache_clear()
    return Imported(reduced["updated_at"], reduced["rules"]), str(path)


def load_imported() -> Imported | None:
    """The stored import, or None (never imported, or unreadable: then it is ignored)."""
    path = user_file(FILE_NAME)
    try:
        stat = path.stat()
    except OSError:
        return None
    return _load(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=2)
def _load(path: str, mtime: int, size: int) -> Imported | None:
    raw = read_user_file(FILE_NAME)
    if raw is None or len(raw) > MAX_BYTES:
        return None
    import json
    try:
        data: Any = json.loads(raw.decode("utf-8"))
        return Imported(str(data["updated_at"]), dict(data["rules"]))
    except (ValueError, KeyError, TypeError):
        return None


def fingerprint() -> str:
    """Changes whenever the import changes (the search index key includes it)."""
    path = user_file(FILE_NAME)
    try:
        stat = path.stat()
    except OSError:
        return "none"
    return f"{stat.st_size}:{stat.st_mtime_ns}"


def english_bodies(book: Any) -> dict[str, str]:
    """{rule id: imported English} for the rules of `book` (empty unless the Cyberpunk TCG
    rulebook and an import exists): search indexes them beside the Turkish."""
    if getattr(getattr(book, "meta", None), "id", None) != official.DEFAULT_GAME:
        return {}
    imported = load_imported()
    if imported is None:
        return {}
    return {node.id: body for node in book if (body := imported.body(node.id))}
