"""Compiled regular expressions kept between runs, so a cold start does not parse and
compile its patterns again.

`re` turns a pattern into the matcher's code in Python (`re._parser`, `re._compiler`):
about 0.1–1 ms a pattern, and some 30 patterns lie on `judge ask`'s path (~6% of its
start). The code depends only on the pattern, the flags and the interpreter, so the
arguments `re` hands to the C matcher (`_sre.compile`: flags, code, groups, group names)
are kept in a table, one file per interpreter version and matcher version
(``<cache>/compiled/recode<format>-<tag>-<version>-<sre magic>.marshal``), and a known
pattern is built from them directly. The pattern built is the very one `re` builds: an
entry is stored only after the pattern built from it compared equal (flags, text, code)
with the one `re` compiled itself. A new pattern is compiled as before and added to the
file when the process ends. `re`'s own cache in the process is unchanged.

The table is read only as `sealed` allows (our header, a checksum, a regular file owned by
this user and not writable by others); a damaged file is replaced with a one-line notice.
``JUDGE_TOOL_NO_DATACACHE=1`` turns it off with the data cache, as does any `re` whose
compiling is not the one this module knows (then `re` works as it always does).
"""

from __future__ import annotations

import marshal
import os
import sys

MAGIC = b"JUDGERE1"
MAX_BYTES = 2_000_000
# Entries kept beyond those this process used, so commands that use different patterns
# do not drop each other's; old patterns fall out once the table is this big.
MAX_ENTRIES = 2_000

TYPE_CHECKING = False      # typing costs ~3 ms of every cold start (see datacache.py)
if TYPE_CHECKING:
    from typing import Any

_table: dict[tuple[str, int], bytes] = {}   # (pattern, flags) -> marshal of _sre.compile's args
_used: set[tuple[str, int]] = set()
_state: dict[str, Any] = {"file": "", "new": 0, "hits": 0, "original": None}


def _arguments(pattern: str, flags: int) -> tuple:
    """What `re._compiler.compile` passes to `_sre.compile` after the pattern: (flags,
    code, groups, groupindex, indexgroup), computed the way it computes them."""
    from re import _compiler, _parser
    parsed = _parser.parse(pattern, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]     # opcodes are int subclasses
    groupindex = parsed.state.groupdict
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (flags | parsed.state.flags, code, parsed.state.groups - 1, dict(groupindex),
            tuple(indexgroup))


def _compile(pattern: Any, flags: int = 0) -> Any:
    """`re._compiler.compile` for `re._compile`: a text pattern from the table, or compiled
    as `re` does and kept (bytes patterns and DEBUG go to `re` unchanged)."""
    import _sre
    original = _state["original"]
    if type(pattern) is not str or type(flags) is not int or flags & _DEBUG:
        return original(pattern, flags)
    key = (pattern, flags)
    packed = _table.get(key)
    if packed is not None:
        try:
            compiled = _sre.compile(pattern, *marshal.loads(packed))
        except (ValueError, EOFError, TypeError, RuntimeError, OverflowError):
            del _table[key]         # not what this interpreter's matcher takes: compile
        else:
            _used.add(key)
            _state["hits"] += 1
            return compiled
    compiled = original(pattern, flags)
    try:
        args = _arguments(pattern, flags)
        packed = marshal.dumps(args) if _sre.compile(pattern, *args) == compiled else None
    except Exception:               # a pattern this module does not read as re does
        packed = None
    if packed is not None:
        _table[key] = packed
        _used.add(key)
        _state["new"] += 1
    return compiled


_DEBUG = 128                        # re.DEBUG: re prints the parse; never from the table


def table_file() -> str:
    """One file per interpreter version and matcher version (the code is the matcher's)."""
    import _sre
    from .cachedir import cache_folder
    version = ".".join(str(n) for n in sys.version_info[:3])
    tag = f"{sys.implementation.cache_tag}-{version}-{_sre.MAGIC}-{_sre.CODESIZE}"
    return os.path.join(cache_folder(), "compiled", f"recode{MAGIC[-1:].decode()}-{tag}.marshal")


def _load(path: str) -> None:
    from .sealed import read_table
    table = read_table(path, MAGIC, MAX_BYTES, "compiled pattern cache")
    _table.update((k, v) for k, v in table.items()
                  if type(k) is tuple and len(k) == 2 and type(k[0]) is str
                  and type(k[1]) is int and type(v) is bytes)


def save() -> None:
    """Write the table if this process compiled a new pattern (at exit)."""
    path = _state["file"]
    if not _state["new"] or not path:
        return
    keep = _table if len(_table) <= MAX_ENTRIES else {k: _table[k] for k in _used if k in _table}
    from .sealed import write_table
    if write_table(path, MAGIC, keep, MAX_BYTES):
        _state["new"] = 0           # else a read-only cache: compile next time as well


def _knows(compiler: Any) -> bool:
    """This `re` compiles the way `_arguments` reads it (3.11–3.13)."""
    from re import _parser
    return callable(getattr(compiler, "compile", None)) and callable(
        getattr(compiler, "_code", None)) and callable(getattr(_parser, "parse", None))


def install() -> bool:
    """Route `re`'s compiling through the table (once per process); whether it is."""
    import re
    compiler = getattr(re, "_compiler", None)
    if os.environ.get("JUDGE_TOOL_NO_DATACACHE") or compiler is None:
        return False
    if getattr(compiler, "compile", None) is _compile:
        return True
    if not _knows(compiler):
        return False
    try:
        _state["file"] = table_file()
    except Exception:               # no home folder: nothing to keep the table in
        return False
    _load(_state["file"])
    _state["original"] = compiler.compile
    compiler.compile = _compile     # `re._compile` looks it up on every new pattern
    import atexit
    atexit.register(save)
    return True


def stats() -> dict[str, int]:
    """Entries known, compiled and taken from the table in this process (tests, bench)."""
    return {"known": len(_table), "compiled": _state["new"], "hits": _state["hits"],
            "used": len(_used)}
