"""Shared output helpers: errors, colour (respecting NO_COLOR), wrapping, JSON.

Click-free on purpose: the fast path (`cli/fastpath.py`) renders `judge rule` and `judge
define` through these very functions without importing click (≈45 ms of a cold start), so
the click commands and the fast path print the same bytes from one code path."""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start; names for the type checker only
if TYPE_CHECKING:
    from typing import Any, NoReturn

WIDTH_MAX = 80
# SGR codes, the same click.style writes (tests/test_fastpath.py compares them)
_COLORS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35,
           "cyan": 36, "white": 37}
_FLAGS = (("bold", 1, 22), ("dim", 2, 22), ("underline", 4, 24))
_RESET = "\033[0m"


class Exit(Exception):
    """A command ends with this exit code; its one-line message is already on stderr.
    The click group turns it into click's Exit, the fast path into its return code."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def echo(text: str = "", err: bool = False) -> None:
    """Print a line (what click.echo does for text: write, newline, flush). Styles are only
    ever added when colour is on (`style`), so nothing needs stripping here."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    stream.write(text + "\n")
    stream.flush()


def shorten(text: str, limit: int = 80) -> str:
    """User input echoed in a message: one line, control characters escaped, at most
    `limit` characters."""
    from ..safepath import printable
    return printable(str(text), limit)


def fail(message: str, code: int = 2) -> NoReturn:
    """A one-line error and a non-zero exit; never a traceback."""
    error_line(message)
    raise Exit(code)


def error_line(message: str) -> None:
    """`judge: <message>` on stderr, control characters escaped; a closed stderr is quiet."""
    from ..safepath import printable
    try:
        echo(f"judge: {printable(message)}", err=True)
    except (OSError, ValueError):
        pass


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


def ui(ctx: Any = None, book: Any = None):
    """The interface strings for this command: `--lang` > JUDGE_LANG > the rulebook's
    language (judge_tool.i18n). `ui(ctx, book)("rule.note")`. Without a click context (the
    fast path, which runs only without `--lang`) there is no explicit language."""
    from ..i18n import UnknownLanguage, choose, messages

    if ctx is None and "click" in sys.modules:
        import click
        ctx = click.get_current_context(silent=True)
    explicit = ((ctx.find_root().obj or {}) if ctx else {}).get("lang")
    language = getattr(getattr(book, "meta", None), "language", None)
    try:
        return messages(choose(language, explicit))
    except UnknownLanguage as exc:
        fail(str(exc), code=2)


def unknown_rule(exc: Any, m: Any) -> str:
    """The one-line message for a rule number the rulebook does not have (an UnknownRule),
    in the reader's language, with the closest numbers. A number over the limits keeps its
    own message, which names the limit."""
    if exc.over_limit:
        return str(exc)
    text = m("error.rule_gap" if exc.gap else "error.no_rule", rule=repr(exc.query))
    return f"{text} {m('error.closest', items=', '.join(exc.suggestions))}" if exc.suggestions else text


def check_language(explicit: str | None) -> None:
    """A bad `--lang` or JUDGE_LANG ends every command up front (exit 2), before any data."""
    from ..i18n import UnknownLanguage, choose
    try:
        choose(None, explicit)
    except UnknownLanguage as exc:
        fail(str(exc), code=2)


def color_enabled() -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return sys.stdout.isatty() or bool(os.environ.get("FORCE_COLOR"))
    except (AttributeError, ValueError):
        return False


def style(text: str, fg: str | None = None, **flags: bool) -> str:
    """`text` in a colour (the eight basic ones) and bold / dim / underline when colour is
    on; plain otherwise."""
    return ansi(text, fg, **flags) if color_enabled() else text


def ansi(text: str, fg: str | None = None, **flags: bool) -> str:
    """The SGR-styled text click.style would make for these arguments."""
    unknown = set(flags) - {name for name, _, _ in _FLAGS}
    if unknown:
        raise TypeError(f"unsupported style {sorted(unknown)}")
    bits = [f"\033[{_COLORS[fg]}m"] if fg else []
    for name, on, off in _FLAGS:
        if flags.get(name) is not None:
            bits.append(f"\033[{on if flags[name] else off}m")
    return "".join(bits) + text + _RESET


def width() -> int:
    try:
        columns = int(os.environ.get("COLUMNS", "") or os.get_terminal_size(sys.__stdout__.fileno()).columns)
    except (OSError, ValueError, AttributeError):
        columns = WIDTH_MAX
    return max(40, min(WIDTH_MAX, columns))


def wrap(text: str, indent: str = "", subsequent: str | None = None) -> str:
    """`textwrap.fill(text, width(), initial_indent=indent, subsequent_indent=…,
    break_long_words=False, break_on_hyphens=False)`, the same lines (a test compares them
    on generated text): importing textwrap compiles its hyphenation pattern, ~1 ms of every
    cold start, for a split this simple."""
    return fill(text, width(), indent, indent if subsequent is None else subsequent)


# what textwrap's replace_whitespace turns into spaces; it then splits at runs of spaces only
_WHITESPACE = "\t\n\x0b\x0c\r "
_TO_SPACE = str.maketrans(_WHITESPACE, " " * len(_WHITESPACE))


def fill(text: str, width: int, indent: str = "", subsequent: str = "") -> str:
    """textwrap's algorithm for those options (tabs expanded, whitespace made spaces, a word
    longer than a line kept whole on a line of its own, whitespace dropped at line ends)."""
    if width <= 0:
        raise ValueError(f"invalid width {width!r} (must be > 0)")
    import re
    text = text.expandtabs(8).translate(_TO_SPACE)
    chunks = [chunk for chunk in re.split("( +)", text) if chunk]
    chunks.reverse()
    lines: list[str] = []
    while chunks:
        line: list[str] = []
        size = 0
        prefix = subsequent if lines else indent
        room = width - len(prefix)
        if chunks[-1].strip() == "" and lines:
            del chunks[-1]
        while chunks and size + len(chunks[-1]) <= room:
            size += len(chunks[-1])
            line.append(chunks.pop())
        if chunks and len(chunks[-1]) > room and not line:
            line.append(chunks.pop())
        if line and line[-1].strip() == "":
            del line[-1]
        if line:
            lines.append(prefix + "".join(line))
    return "\n".join(lines)


def echo_json(data: Any) -> None:
    echo(json_text(data))


def json_text(data: Any) -> str:
    """The JSON every `--json` prints (UTF-8 kept, indented)."""
    import json
    return json.dumps(data, ensure_ascii=False, indent=2)


def words_or_fail(args: tuple[str, ...], command: str) -> str:
    """Free text from arguments that may start with a minus ("-3 güçlü birim"): numbers
    pass, anything that looks like a mistyped option is still an error."""
    for arg in args:
        if arg.startswith("-") and len(arg) > 1 and (arg[1].isalpha() or arg[1] == "-"):
            fail(f"no such option: {arg.split()[0]} (see 'judge {command} --help')")
    return limited(" ".join(" ".join(args).split()), f"{command} text")
