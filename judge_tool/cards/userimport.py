"""The publisher's card list and FAQ, imported by the user into their own data folder
(userdata.py), never into the package and never fetched by the tool.

Accepted shapes (JSON): a list of objects, or an object with the list under "items",
"cards", "data" or "faq". A card object has at least `slug` and `name` (also read:
`subname`/`display_name`, `rules_text`, `card_type`, `color`, `cost`, `power`, `ram`,
`is_eddiable`, `classifications`, `keywords`, `set`, `print_number`, `printings`). A FAQ
object has `id`, `question`, `answer`, optionally `scope` and the card it concerns
(`card`, `card_slug`, `slug` or `cards`). Everything is validated with one-line errors
and size limits; an import replaces the previous one of its kind (kept as *.previous.json).
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from ..turkish import fold
from ..userdata import UserDataError, read_user_file, write_atomic
from .matching import key_tokens
from .pool import CardFacts, load_pool

CARDS_FILE = "cards-import.json"
FAQ_FILE = "faq-import.json"
MAX_FILE_BYTES = 20_000_000
MAX_ITEMS = 5000
MAX_TEXT = 10_000


class ImportError_(Exception):
    """A file cannot be imported (message is one line)."""


def _short(value: Any) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= 60 else text[:59] + "…"


def _items(data: Any, where: str) -> list:
    if isinstance(data, dict):
        for key in ("items", "cards", "data", "faq", "entries"):
            if isinstance(data.get(key), list):
                return data[key]
        raise ImportError_(f"{where}: a JSON list, or an object with the list under 'items', 'cards' or 'faq'")
    if isinstance(data, list):
        return data
    raise ImportError_(f"{where}: not a list of cards or FAQ entries")


def _text(item: dict, key: str, where: str, required: bool = False) -> str | None:
    value = item.get(key)
    if value is None:
        if required:
            raise ImportError_(f"{where}: missing {key!r}")
        return None
    if not isinstance(value, str):
        raise ImportError_(f"{where}: {key!r} must be text, not {type(value).__name__}")
    if len(value) > MAX_TEXT:
        raise ImportError_(f"{where}: {key!r} is longer than {MAX_TEXT} characters")
    return value


def _number(item: dict, key: str, where: str) -> int | None:
    value = item.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ImportError_(f"{where}: {key!r} must be a number, not {_short(value)!r}")
    if isinstance(value, str):
        if not value.strip().lstrip("+").isdigit():
            raise ImportError_(f"{where}: {key!r} must be a number, not {_short(value)!r}")
        value = int(value)
    if not 0 <= value <= 999:
        raise ImportError_(f"{where}: {key!r} = {value} is out of range (0..999)")
    return value


def _strings(item: dict, key: str, where: str) -> list[str]:
    value = item.get(key) or []
    if not isinstance(value, list) or not all(isinstance(x, str) and len(x) <= 200 for x in value):
        raise ImportError_(f"{where}: {key!r} must be a list of short texts")
    return value


def _card(item: Any, where: str) -> dict:
    if not isinstance(item, dict):
        raise ImportError_(f"{where}: a card must be an object")
    slug = _text(item, "slug", where, required=True)
    name = _text(item, "name", where, required=True)
    subname = _text(item, "subname", where)
    display = _text(item, "display_name", where) or (f"{name}: {subname}" if subname else name)
    eddiable = item.get("is_eddiable")
    if eddiable is not None and not isinstance(eddiable, bool):
        raise ImportError_(f"{where}: 'is_eddiable' must be true or false")
    printings = []
    raw_printings = item.get("printings") or []
    if not isinstance(raw_printings, list) or len(raw_printings) > 100:
        raise ImportError_(f"{where}: 'printings' must be a list (at most 100)")
    for i, p in enumerate(raw_printings):
        pw = f"{where}: printings[{i}]"
        if not isinstance(p, dict):
            raise ImportError_(f"{pw}: must be an object")
        s = p.get("set") if isinstance(p.get("set"), dict) else {}
        printings.append({"set": _text(s, "code", pw) or "", "set_name": _text(s, "name", pw) or "",
                          "number": _text(p, "collector_number", pw) or ""})
    top_set = item.get("set") if isinstance(item.get("set"), dict) else {}
    if top_set and not printings:
        printings.append({"set": _text(top_set, "code", where) or "", "set_name": _text(top_set, "name", where) or "",
                          "number": _text(item, "print_number", where) or ""})
    return {
        "slug": slug, "name": name, "subname": subname, "display_name": display,
        "rules_text": _text(item, "rules_text", where), "card_type": _text(item, "card_type", where),
        "color": _text(item, "color", where), "cost": _number(item, "cost", where),
        "power": _number(item, "power", where), "ram": _number(item, "ram", where),
        "is_eddiable": eddiable, "classifications": _strings(item, "classifications", where),
        "keywords": _strings(item, "keywords", where), "printings": printings,
    }


def _faq(item: Any, where: str) -> dict:
    if not isinstance(item, dict):
        raise ImportError_(f"{where}: a FAQ entry must be an object")
    fid = item.get("id")
    if isinstance(fid, bool) or not isinstance(fid, (str, int)) or str(fid) == "":
        raise ImportError_(f"{where}: missing 'id' (text or number)")
    cards = item.get("cards")
    refs = []
    if cards is not None:
        if not isinstance(cards, list) or not all(isinstance(c, (str, dict)) for c in cards):
            raise ImportError_(f"{where}: 'cards' must be a list of slugs or names")
        refs = [c if isinstance(c, str) else str(c.get("slug") or c.get("name") or "") for c in cards]
    for key in ("card", "card_slug", "slug", "card_name"):
        value = item.get(key)
        if isinstance(value, dict):
            value = value.get("slug") or value.get("name")
        if isinstance(value, str) and value:
            refs.append(value)
    return {"id": str(fid), "scope": _text(item, "scope", where) or "",
            "question": _text(item, "question", where, required=True),
            "answer": _text(item, "answer", where, required=True), "cards": refs[:50]}


def _kind(items: list) -> str:
    first = next((x for x in items if isinstance(x, dict)), {})
    if "question" in first or "answer" in first:
        return "faq"
    return "cards"


def import_files(files: tuple[str, ...] | list[str]) -> dict:
    """Validate every file first, then store: a bad file imports nothing."""
    cards: list[dict] = []
    faq: list[dict] = []
    sources: dict[str, list[str]] = {"cards": [], "faq": []}
    for name in files:
        path = Path(name)
        try:
            size = path.stat().st_size
            if not path.is_file():
                raise ImportError_(f"{name}: not a file")
            if size > MAX_FILE_BYTES:
                raise ImportError_(f"{name}: {size} bytes is more than the {MAX_FILE_BYTES} allowed")
            raw = path.read_bytes()
        except OSError as exc:
            raise ImportError_(f"{name}: cannot read ({exc.strerror or exc})") from None
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except UnicodeDecodeError:
            raise ImportError_(f"{name}: not UTF-8 text") from None
        except json.JSONDecodeError as exc:
            raise ImportError_(f"{name}:{exc.lineno}: not valid JSON ({exc.msg})") from None
        except RecursionError:
            raise ImportError_(f"{name}: JSON nested too deeply") from None
        items = _items(data, name)
        if len(items) > MAX_ITEMS:
            raise ImportError_(f"{name}: {len(items)} entries is more than the {MAX_ITEMS} allowed")
        if not items:
            raise ImportError_(f"{name}: no entries")
        kind = _kind(items)
        if kind == "faq":
            faq.extend(_faq(x, f"{name}: entry {i + 1}") for i, x in enumerate(items))
        else:
            cards.extend(_card(x, f"{name}: card {i + 1}") for i, x in enumerate(items))
        sources[kind].append(path.name)
    today = date.today().isoformat()
    paths: dict[str, str] = {}
    try:
        for kind, entries, file in (("cards", cards, CARDS_FILE), ("faq", faq, FAQ_FILE)):
            if not entries:
                continue
            previous = read_user_file(file)
            if previous is not None:
                write_atomic(file.replace(".json", ".previous.json"), previous)
            payload = {"imported": today, "sources": sources[kind], kind: entries}
            paths[kind] = str(write_atomic(file, json.dumps(payload, ensure_ascii=False, indent=1).encode("utf-8")))
    except UserDataError as exc:
        raise ImportError_(str(exc)) from None
    unknown = len(unknown_cards()) if cards else 0
    return {"imported": today, "cards": len(cards), "faq": len(faq), "paths": paths, "unknown": unknown}


def _load(file: str) -> dict | None:
    raw = read_user_file(file)
    if raw is None:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return data if isinstance(data, dict) else None


def _same_card(entry: dict, card: CardFacts) -> bool:
    if entry.get("slug") == card.slug:
        return True
    return key_tokens(entry.get("display_name") or "") == key_tokens(card.display)


def _refers_to(ref: str, card: CardFacts) -> bool:
    return ref == card.slug or key_tokens(ref) == key_tokens(card.display)


def differences(entry: dict, card: CardFacts) -> list[dict]:
    """Facts of the import that differ from the library (errata, new printings):
    {"fact", "ours", "theirs"} (fact "printing": a printing in a set the library lacks)."""
    pool = load_pool()
    out: list[dict] = []

    def differ(fact: str, ours: Any, theirs: Any, same: bool | None = None) -> None:
        if theirs is None or theirs in ("", [], set()):
            return
        if same if same is not None else ours == theirs:
            return
        shown = [", ".join(x) if isinstance(x, (list, tuple)) else x for x in (ours, theirs)]
        out.append({"fact": fact, "ours": "—" if shown[0] in (None, "") else shown[0], "theirs": shown[1]})

    differ("cost", card.cost, entry.get("cost"))
    differ("power", card.power, entry.get("power"))
    differ("ram", card.ram, entry.get("ram"))
    differ("sell_tag", card.sell_tag, entry.get("is_eddiable"))
    if entry.get("card_type"):
        differ("type", card.type, entry["card_type"], fold(entry["card_type"]) == card.type)
    if entry.get("color"):
        differ("color", card.color, entry["color"], fold(entry["color"]) == card.color)
    tags = entry.get("classifications") or []
    differ("tags", list(card.tags), tags, {fold(t) for t in tags} == {fold(t) for t in card.tags})
    kws = entry.get("keywords") or []
    differ("keywords", list(card.keywords), kws, {fold(k) for k in kws} == {fold(k) for k in card.keywords})
    for p in entry.get("printings") or []:
        if p.get("set") and p["set"] not in pool.publisher_sets:
            out.append({"fact": "printing", "ours": None,
                        "theirs": f"{p.get('set_name') or p['set']} {p.get('number') or ''}".rstrip()})
    return out


def imported_for(card: CardFacts) -> dict | None:
    """What the user's imports say about one card, or None without imports."""
    cards = _load(CARDS_FILE)
    faq = _load(FAQ_FILE)
    out: dict[str, Any] = {}
    if cards:
        entry = next((e for e in cards.get("cards", []) if isinstance(e, dict) and _same_card(e, card)), None)
        if entry is not None:
            out["date"] = cards.get("imported", "?")
            out["card"] = entry
            out["differences"] = differences(entry, card)
    if faq:
        items = [e for e in faq.get("faq", []) if isinstance(e, dict)
                 and any(_refers_to(r, card) for r in e.get("cards", []))]
        if items:
            out["faq_date"] = faq.get("imported", "?")
            out["faq"] = items
    return out or None


def unknown_cards() -> list[dict]:
    """Imported cards the library does not know (a new set, a promo)."""
    cards = _load(CARDS_FILE)
    if not cards:
        return []
    pool = load_pool()
    return [e for e in cards.get("cards", []) if isinstance(e, dict)
            and not any(_same_card(e, c) for c in pool)]
