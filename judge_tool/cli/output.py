"""Shared output helpers: errors, colour (respecting NO_COLOR), wrapping, JSON."""

from __future__ import annotations

import os
import sys
from typing import Any, NoReturn

import click

WIDTH_MAX = 80


def shorten(text: str, limit: int = 80) -> str:
    """User input echoed in a message: one line, control characters escaped, at most
    `limit` characters."""
    from ..safepath import printable
    return printable(str(text), limit)


def fail(message: str, code: int = 2) -> NoReturn:
    """A one-line error and a non-zero exit; never a traceback."""
    from ..safepath import printable
    try:
        click.echo(f"judge: {printable(message)}", err=True)
    except (OSError, ValueError):
        pass
    raise click.exceptions.Exit(code)


def limited(text: str, what: str = "text") -> str:
    """Free text from the command line within the limits (MAX_ARG_CHARS characters,
    MAX_WORDS words), else a one-line error; words over MAX_WORD_CHARS are cut."""
    import re

    from ..limits import MAX_ARG_CHARS, MAX_WORD_CHARS, MAX_WORDS
    if len(text) > MAX_ARG_CHARS:
        fail(f"the {what} is {len(text):,} characters; the limit is {MAX_ARG_CHARS:,}")
    words = len(re.findall(r"\w+", text))
    if words > MAX_WORDS:
        fail(f"the {what} has {words:,} words; the limit is {MAX_WORDS}")
    return re.sub(rf"\S{{{MAX_WORD_CHARS + 1},}}", lambda m: m.group()[:MAX_WORD_CHARS], text)


def ui(ctx: click.Context | None = None, book: Any = None):
    """The interface strings for this command: `--lang` > JUDGE_LANG > the rulebook's
    language (judge_tool.i18n). `ui(ctx, book)("rule.note")`."""
    from ..i18n import UnknownLanguage, choose, messages

    ctx = ctx or click.get_current_context(silent=True)
    explicit = ((ctx.find_root().obj or {}) if ctx else {}).get("lang")
    language = getattr(getattr(book, "meta", None), "language", None)
    try:
        return messages(choose(language, explicit))
    except UnknownLanguage as exc:
        fail(str(exc), code=2)


def color_enabled() -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return sys.stdout.isatty() or bool(os.environ.get("FORCE_COLOR"))
    except (AttributeError, ValueError):
        return False


def style(text: str, **kwargs: Any) -> str:
    return click.style(text, **kwargs) if color_enabled() else text


def width() -> int:
    try:
        columns = int(os.environ.get("COLUMNS", "") or os.get_terminal_size(sys.__stdout__.fileno()).columns)
    except (OSError, ValueError, AttributeError):
        columns = WIDTH_MAX
    return max(40, min(WIDTH_MAX, columns))


def wrap(text: str, indent: str = "", subsequent: str | None = None) -> str:
    import textwrap
    return textwrap.fill(
        text, width=width(), initial_indent=indent,
        subsequent_indent=indent if subsequent is None else subsequent,
        break_long_words=False, break_on_hyphens=False,
    )


def echo_json(data: Any) -> None:
    import json
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def words_or_fail(args: tuple[str, ...], command: str) -> str:
    """Free text from arguments that may start with a minus ("-3 güçlü birim"): numbers
    pass, anything that looks like a mistyped option is still an error."""
    for arg in args:
        if arg.startswith("-") and len(arg) > 1 and (arg[1].isalpha() or arg[1] == "-"):
            fail(f"no such option: {arg.split()[0]} (see 'judge {command} --help')")
    return limited(" ".join(" ".join(args).split()), f"{command} text")
