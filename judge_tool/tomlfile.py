"""Reading a TOML data file the careful way, for every loader (rulebooks, glossaries,
concepts, scenarios): size and nesting limits checked before parsing, special files refused,
UTF-8 with the line of a bad byte, and typed access whose errors read
``file:line: key: message``.
"""

from __future__ import annotations

import re

from . import limits
from .lazyre import lazy
from .safepath import PathProblem, printable, read_text

TYPE_CHECKING = False      # typing, pathlib: ~7 ms of a cold start; names for the type checker only
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


class DataError(Exception):
    """A data file is malformed: ``file:line: key: message`` (line 0 when unknown)."""

    def __init__(self, file: Path | str, line: int, message: str, key: str = "") -> None:
        self.file = str(file)
        self.line = line
        self.key = key
        self.message = message
        text = f"{key}: {message}" if key else message
        super().__init__(printable(f"{self.file}:{line}: {text}", 400))


_KEY_LINE = lazy(r"""^\s*(\[\[?)?\s*([A-Za-z0-9_\-."' ]+?)\s*(\]\]?\s*(#.*)?$|=)""")


def _depth_scan(text: str, path: Path | str) -> None:
    """Refuse dotted keys and table headers nested deeper than the limit before tomllib
    sees them (its time grows with the square of dotted-key depth)."""
    in_multi: str | None = None
    for lineno, line in enumerate(text.splitlines(), start=1):
        if in_multi:
            if line.count(in_multi) % 2 == 1:
                in_multi = None
            continue
        for quote in ('"""', "'''"):
            if line.count(quote) % 2 == 1:
                in_multi = quote
        m = _KEY_LINE.match(line)
        if m and m.group(2).count(".") >= limits.MAX_TOML_DEPTH:
            raise DataError(path, lineno, f"key nested deeper than the limit of "
                                          f"{limits.MAX_TOML_DEPTH} levels")
        opens = max(line.count("["), line.count("{"))
        if opens > limits.MAX_TOML_DEPTH * 4:
            # cheap bound on inline nesting; the exact check runs after parsing
            depth = 0
            for ch in line:
                depth += ch in "[{"
                depth -= ch in "]}"
                if depth > limits.MAX_TOML_DEPTH:
                    raise DataError(path, lineno, f"value nested deeper than the limit of "
                                                  f"{limits.MAX_TOML_DEPTH} levels")


def _value_depth(value: Any) -> int:
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > limits.MAX_TOML_DEPTH:
            return depth
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def check_limits(text: str, path: Path | str) -> None:
    """Size and nesting limits, checked before a TOML parser sees the text (DataError)."""
    if len(text) > limits.MAX_TOML_BYTES:
        raise DataError(path, 0, f"file is over the limit of {limits.MAX_TOML_BYTES:,} bytes")
    _depth_scan(text, path)


def parse(text: str, path: Path | str) -> dict[str, Any]:
    """TOML text -> dict, or DataError (never RecursionError, never a long parse)."""
    check_limits(text, path)
    import tomllib
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:  # noqa: F821 - imported above, lazily
        line = getattr(exc, "lineno", 0) or _line_from_message(str(exc))
        raise DataError(path, line, f"not valid TOML: {_short_toml_error(exc)}") from None
    except RecursionError:
        raise DataError(path, 0, f"nested deeper than the limit of {limits.MAX_TOML_DEPTH} levels") from None
    except (ValueError, OverflowError, MemoryError) as exc:   # e.g. an integer of 5000 digits
        raise DataError(path, 0, f"not valid TOML: {printable(str(exc), 120)}") from None
    if _value_depth(raw) > limits.MAX_TOML_DEPTH:
        raise DataError(path, 0, f"nested deeper than the limit of {limits.MAX_TOML_DEPTH} levels")
    return raw


def _line_from_message(message: str) -> int:
    m = re.search(r"line (\d+)", message)
    return int(m.group(1)) if m else 0


def _short_toml_error(exc: Exception) -> str:
    return printable(re.sub(r"\s*\(at line \d+, column \d+\)|\s*\(at end of document\)", "",
                            str(exc)), 160)


def load(path: Path, what: str = "file") -> tuple[dict[str, Any], str]:
    """Read and parse a TOML file: (table, text). The text is kept for line numbers."""
    try:
        text = read_text(path, limits.MAX_TOML_BYTES, what)
    except PathProblem as exc:
        raise DataError(exc.file or path, exc.line, exc.message) from None
    return parse(text, path), text


def line_of(text: str, key: str) -> int:
    """The first line that sets ``key`` (``key =`` or ``"key" =``), 0 if not found."""
    pattern = re.compile(rf"""^\s*["']?{re.escape(key)}["']?\s*=""", re.MULTILINE)
    m = pattern.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else 0


_TYPE_NAMES = {str: "a string", int: "an integer", bool: "true or false", list: "a list",
               dict: "a table", float: "a number"}


def type_name(value: Any) -> str:
    for typ, name in ((bool, "a boolean"), (str, "a string"), (int, "an integer"),
                      (float, "a number"), (list, "a list"), (dict, "a table")):
        if isinstance(value, typ):
            return name
    return type(value).__name__


def want(raw: dict, key: str, kind: type, path: Path | str, text: str, *,
         default: Any = ..., items: type | None = None, max_items: int = 10_000) -> Any:
    """``raw[key]`` checked to be of ``kind`` (a list of ``items``); DataError otherwise."""
    if key not in raw:
        if default is ...:
            raise DataError(path, 0, "missing", key)
        return default
    value = raw[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        name = "a string" if isinstance(kind, tuple) else _TYPE_NAMES.get(kind, kind.__name__)
        raise DataError(path, line_of(text, key), f"must be {name}, not {type_name(value)}", key)
    if kind is list:
        if len(value) > max_items:
            raise DataError(path, line_of(text, key), f"more than {max_items:,} items", key)
        if items is not None:
            for item in value:
                if not isinstance(item, items) or (items is int and isinstance(item, bool)):
                    raise DataError(path, line_of(text, key),
                                    f"items must be {_TYPE_NAMES.get(items, items.__name__)}, "
                                    f"not {type_name(item)}", key)
    if kind is str and len(value) > limits.MAX_TOML_BYTES:
        raise DataError(path, line_of(text, key), "too long", key)
    return value
