"""`judge coverage`, `judge import-official`, and how `judge rule` shows an official rule the
Turkish text does not include (and the imported official English)."""

from __future__ import annotations

from pathlib import Path

import click

from ..official import Official
from ..rulebook import Rulebook
from .output import echo_json, fail, style, ui, wrap


def link_lines(label: str, link: str) -> list[str]:
    """"Official rule: <url>", the URL on its own line when both do not fit: a URL is
    never wrapped (it would stop working)."""
    from .output import width
    if len(label) + 2 + len(link) <= width():
        return [style(f"{label}: ", dim=True) + link]
    return [style(f"{label}:", dim=True), link]


def _label(book: Rulebook, rule_id: str) -> str:
    node = book.get(rule_id)
    return f"{rule_id} {node.label}" if node is not None and node.label else rule_id


def show_missing(ctx: click.Context, book: Rulebook, numbering: Official, number: str, *,
                 cite: bool, url: bool, en: bool, as_json: bool) -> None:
    """An official number with no Turkish text: say so, link it, and point at the nearest
    rules that have Turkish text. Exit 0: the number is right, the text is elsewhere."""
    from .rules_cmd import english_for
    m = ui(ctx, book)
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
        echo_json(data)
        return
    if cite or url:
        line = f"{prefix} {number} — {message}" if cite else ""
        if url:
            line = f"{line} ({link})" if line else link or ""
        click.echo(line.strip())
        return
    out = [wrap(message)]
    out.extend(link_lines(m("official.link"), link or ""))
    if parent is not None:
        out.append(style(f"{m('official.parent')}: ", dim=True) + f"{prefix} {_label(book, parent)}")
    if near:
        out.append(wrap(style(f"{m('official.nearest')}: ", dim=True) + ", ".join(near), subsequent="  "))
    if en:
        out.extend(english_lines(english, [number], book, m))
    click.echo("\n".join(out))


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


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def coverage(ctx: click.Context, as_json: bool) -> None:
    """How many official rules the Turkish text renders, per chapter."""
    from ..official import for_book
    from .rules_cmd import get_book
    book = get_book(ctx)
    m = ui(ctx, book)
    numbering = for_book(book)
    if numbering is None:
        fail(m("official.coverage_none"))
    rows = numbering.coverage(book)
    have = sum(r[1] for r in rows)
    total = sum(r[2] for r in rows)
    if as_json:
        echo_json({
            "game": book.meta.id, "version": book.meta.date,
            "chapters": [{"chapter": c, "title": (book.get(c).title if book.get(c) else None),
                          "with_text": h, "official": t,
                          "missing": [e.id for e in numbering.rules()
                                      if e.chapter == c and not numbering.has_text(e.id, book)]}
                         for c, h, t in rows],
            "with_text": have, "official": total,
        })
        return
    click.echo(style(m("official.coverage_title", date=book.meta.date), bold=True))
    for chapter, h, t in rows:
        node = book.get(chapter)
        title = node.title if node is not None else "—"
        bar = "#" * round(20 * h / t) if t else ""
        click.echo(f"  {chapter:>2}  {title[:30]:<30} {h:>4}/{t:<4} {bar:<20} {100 * h / t:5.1f}%")
    click.echo(f"      {m('official.coverage_total'):<30} {have:>4}/{total:<4} {'':<20} {100 * have / total:5.1f}%")


@click.command(name="import-official")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_context
def import_official(ctx: click.Context, file: Path) -> None:
    """Import the official English rules (the publisher's JSON) into your data folder."""
    from ..official_import import MAX_BYTES, OfficialImportError, store
    from ..userdata import UserDataError
    m = ui(ctx)
    try:
        size = file.stat().st_size
        if size > MAX_BYTES:
            fail(f"{file}: file is {size:,} bytes, over the limit of {MAX_BYTES:,}")
        raw = file.read_bytes()
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}")
    try:
        imported, path = store(raw)
    except OfficialImportError as exc:
        fail(f"{file}: {exc}")
    except UserDataError as exc:
        fail(str(exc), code=1)
    click.echo(m("official.imported", n=len(imported.rules), date=imported.updated_at, path=path))
