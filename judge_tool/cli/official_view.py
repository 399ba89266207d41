"""How `judge rule` shows the official side of a rule: its link, an official number the
Turkish text does not include, the imported official English. Click-free (shared by the
click commands and the fast path)."""

from __future__ import annotations

from ..official import Official
from ..rulebook import Rulebook
from .output import json_text, style, ui, width, wrap


def link_lines(label: str, link: str) -> list[str]:
    """"Official rule: <url>", the URL on its own line when both do not fit: a URL is
    never wrapped (it would stop working)."""
    if len(label) + 2 + len(link) <= width():
        return [style(f"{label}: ", dim=True) + link]
    return [style(f"{label}:", dim=True), link]


def _label(book: Rulebook, rule_id: str) -> str:
    node = book.get(rule_id)
    return f"{rule_id} {node.label}" if node is not None and node.label else rule_id


def missing_text(book: Rulebook, numbering: Official, number: str, *,
                 cite: bool, url: bool, en: bool, as_json: bool) -> str:
    """An official number with no Turkish text: say so, link it, and point at the nearest
    rules that have Turkish text. Exit 0: the number is right, the text is elsewhere."""
    from .rules_view import english_for
    m = ui(None, book)
    link = numbering.url(number)
    parent = numbering.parent(number)
    near = numbering.nearest_with_text(number, book)
    english = english_for(book) if en else None
    prefix = book.meta.cite_prefix
    message = m("official.missing", id=number)
    if as_json:
        data = {
            "id": number, "game": book.meta.id, "in_text": False, "official": True,
            "message": message, "citation": f"{prefix} {number}".strip(),
            "official_url": link, "parent": parent,
            "parent_in_text": parent is not None and book.get(parent) is not None,
            "nearest": near, "children": numbering.children(number),
        }
        if en:
            data["english"] = english.body(number) if english else None
            data["english_version"] = english.updated_at if english else None
        return json_text(data)
    if cite or url:
        line = f"{prefix} {number} — {message}" if cite else ""
        if url:
            line = f"{line} ({link})" if line else link or ""
        return line.strip()
    out = [wrap(message)]
    out.extend(link_lines(m("official.link"), link or ""))
    if parent is not None:
        out.append(style(f"{m('official.parent')}: ", dim=True) + f"{prefix} {_label(book, parent)}")
    if near:
        out.append(wrap(style(f"{m('official.nearest')}: ", dim=True) + ", ".join(near), subsequent="  "))
    if en:
        out.extend(english_lines(english, [number], book, m))
    return "\n".join(out)


def english_lines(english, numbers: list[str], book: Rulebook, m) -> list[str]:
    """The imported official English for these rules, with the version's date and a flag on
    rules whose official text changed since the Turkish was aligned."""
    if english is None:
        return [style(m("official.not_imported"), dim=True)]
    out = [style(m("official.english", date=english.updated_at), bold=True)]
    for number in numbers:
        body = english.body(number)
        if body is None:
            continue
        out.append(wrap(f"{number} {body}", subsequent="    "))
        if english.changed(number):
            out.append(wrap("  ! " + m("official.changed"), subsequent="    "))
    return out
