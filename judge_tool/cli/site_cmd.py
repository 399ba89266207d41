"""`judge site build --out DIR`: the static HTML rules site."""

from __future__ import annotations

import time
from pathlib import Path

import click

from .output import fail


@click.group()
def site() -> None:
    """The static HTML rules site (works offline, straight from disk)."""


@site.command()
@click.option("--out", "out", required=True, metavar="DIR",
              type=click.Path(file_okay=True, dir_okay=True, path_type=Path),
              help="Folder to write the site into: new, empty, or a previous site build.")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing on success.")
@click.option("--force", is_flag=True,
              help="Also write into a non-empty folder that is not a site build (nothing in "
                   "it is deleted; never the root or home folder).")
@click.option("--base-url", "base_url", default=None, metavar="URL",
              help="Where the site will be hosted (https://…/): copied links and citations "
                   "use it. Without it links are relative (never file:///).")
@click.pass_context
def build(ctx: click.Context, out: Path, quiet: bool, force: bool, base_url: str | None) -> None:
    """Render every chapter, the glossary, the scenarios and the printable page into DIR;
    every other rulebook gets a section of its own (oyun/ID/) and each shared concept a page.
    With `judge --game ID site build` only that rulebook is built.

    Open DIR/index.html in any browser; no server or connection is needed. A folder that
    is not empty is used only if it holds an earlier build (its .judge-site.json); then
    only the files of that build are replaced."""
    from click.core import ParameterSource

    from ..rulebook import RulebookError
    from ..sitebuild import SiteError, build as build_site

    # `judge site build` builds every rulebook (one section each); `judge --game X site
    # build` builds X alone.
    root = ctx.find_root()
    chosen = root.get_parameter_source("game") not in (None, ParameterSource.DEFAULT)
    game = (ctx.obj or {}).get("game") if chosen else None
    started = time.perf_counter()
    try:
        lang = (root.obj or {}).get("lang")
        inp, files = build_site(out.expanduser(), game, force, base_url=base_url, lang=lang)
    except SiteError as exc:
        fail(str(exc))
    except KeyError:
        fail(f"no rulebook {game!r}")
    except RulebookError as exc:
        fail(f"rulebook data is broken: {exc}", code=1)
    except Exception as exc:  # a template or data bug: still one line, never a traceback
        fail(f"site build failed: {type(exc).__name__}: {exc}", code=1)
    if quiet:
        return
    seconds = time.perf_counter() - started
    size = sum(len(b) for b in files.values())
    pages = sum(1 for name in files if name.endswith(".html"))
    click.echo(f"site: {pages} pages, {len(files)} files, {size / 1024:.0f} KiB in {out} "
               f"({seconds:.2f} s); open {out / 'index.html'}")
    for note in inp.notes:
        click.echo(f"note: {note}", err=True)
