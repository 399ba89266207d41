"""`judge coverage` and `judge import-official` (how `judge rule` shows the official side
of a rule is in official_view.py)."""

from __future__ import annotations

from pathlib import Path

import click

from .output import echo_json, fail, style, ui


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
