"""Compiled dataclass methods kept between runs, so a cold start does not compile them again.

`dataclasses` writes each class's ``__init__``, ``__repr__`` and ``__eq__`` (a frozen
class's ``__setattr__``, ``__delattr__`` and ``__hash__`` too) as source text and compiles
it every time the class statement runs: 0.5–1 ms a class, and some 50 classes lie on
`judge ask`'s path alone, the largest cost of its start after click. The text depends only
on the class's fields, so the compiled code is looked up by that very text in a
table kept in one file per interpreter and bytecode version
(``<cache>/compiled/classcode<format>-<tag>-<magic>.marshal``), unmarshalled only when used; a
new or changed class is compiled as before and added to the file when the process ends.
Only the package's own classes are kept (a test's or a library's are compiled as usual).
`dataclasses` still builds every method itself, from the same code: only the `compile`
call is saved.

The table holds code, so it is read only as `sealed` allows (our header, a checksum, a
regular file owned by this user and not writable by others); a damaged file is replaced
with a one-line notice. ``JUDGE_TOOL_NO_DATACACHE=1`` turns it off with the data cache.

`dataclasses` itself is imported here, with its `inspect` and `copy` imports deferred to
their first use (`DEFERRED`): ~10 ms of every cold start. Every class of the package has a
docstring, so dataclasses never needs inspect to write one (tests/test_cold_imports.py).
"""

from __future__ import annotations

import builtins
import marshal
import os
import sys

MAGIC = b"JUDGECM4"              # 4: the source text itself is the key (no SHA-256 per method)
MAX_BYTES = 4_000_000
# Entries kept beyond those this process used, so `judge rule` and `judge ask` (different
# classes) do not drop each other's code; old texts fall out once the table is this big.
MAX_ENTRIES = 1_000
OURS = "judge_tool"              # only the package's own classes are kept (not a test's)

TYPE_CHECKING = False      # typing costs ~3 ms of every cold start (see datacache.py)
if TYPE_CHECKING:
    from typing import Any

_table: dict[bytes, bytes] = {}  # the source text (UTF-8) -> marshal.dumps(code)
_used: set[bytes] = set()
_state = {"file": "", "new": 0}


def _digest(source: str) -> bytes:
    """The table key of `source`: the text itself (a few hundred bytes; hashing it cost
    more than the dict lookup, and an exact key cannot collide)."""
    return source.encode("utf-8", "surrogatepass")


def _compiled(source: str) -> Any:
    """The code of `source`, as `exec` compiles it inside `dataclasses` (no __future__
    flags of ours)."""
    return compile(source, "<string>", "exec", dont_inherit=True)


def _exec(source: Any, *args: Any, **kwargs: Any) -> None:
    """`exec` as `dataclasses` calls it, with the code of our own classes reused (any other
    call goes to `exec` unchanged)."""
    scope = args[0] if args else kwargs.get("globals")
    if isinstance(source, str) and isinstance(scope, dict) and \
            str(scope.get("__name__", "")).startswith(OURS):
        key = _digest(source)
        packed = _table.get(key)
        code = None
        if packed is not None:
            try:
                code = marshal.loads(packed)
            except (ValueError, EOFError, TypeError):
                code = None
        if type(code).__name__ != "code":
            code = _compiled(source)
            _table[key] = marshal.dumps(code)
            _state["new"] += 1
        _used.add(key)
        source = code
    elif isinstance(source, str):   # compiled here, it would take this module's __future__
        source = _compiled(source)  # annotations: another class's __init__ gets strings
    builtins.exec(source, *args, **kwargs)


def table_file() -> str:
    """One file per interpreter and bytecode version (code objects are not portable)."""
    from .cachedir import cache_folder
    tag = f"{sys.implementation.cache_tag}-{_magic_number().hex()}"
    return os.path.join(cache_folder(), "compiled", f"classcode{MAGIC[-1:].decode()}-{tag}.marshal")


def _magic_number() -> bytes:
    """importlib.util.MAGIC_NUMBER, from the import system's own (always loaded) module:
    importlib.util would import contextlib and warnings on every start."""
    bootstrap = sys.modules.get("_frozen_importlib_external")
    magic = getattr(bootstrap, "MAGIC_NUMBER", None)
    if isinstance(magic, bytes):
        return magic
    from importlib.util import MAGIC_NUMBER
    return MAGIC_NUMBER


def _load(path: str) -> None:
    from .sealed import read_table
    table = read_table(path, MAGIC, MAX_BYTES, "compiled class cache")
    _table.update((k, v) for k, v in table.items() if isinstance(k, bytes) and isinstance(v, bytes))


def save() -> None:
    """Write the table if this process compiled something new (at exit)."""
    path = _state["file"]
    if not _state["new"] or not path:
        return
    keep = _table if len(_table) <= MAX_ENTRIES else {k: _table[k] for k in _used}
    from .sealed import write_table
    if write_table(path, MAGIC, keep, MAX_BYTES):
        _state["new"] = 0           # else a read-only cache: compile next time as well


class _OnFirstUse:
    """Stands for a module `dataclasses` imports but rarely uses: the real module is
    imported (and put in its place) when an attribute is first asked for."""

    def __init__(self, owner: Any, name: str) -> None:
        self._owner, self._name = owner, name

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__"):  # the import system's look (__spec__): no module yet
            raise AttributeError(attribute)
        import importlib
        real = importlib.import_module(self._name)
        if getattr(self._owner, self._name, None) is self:
            setattr(self._owner, self._name, real)
        return getattr(real, attribute)


# Modules `dataclasses` imports for rare uses only (3.11–3.13): `inspect` (ast, dis,
# tokenize…, ~10 ms) writes the docstring of a class that has none, `copy` serves
# asdict/astuple. Our classes all have docstrings, so a cold start needs neither.
DEFERRED = ("inspect", "copy")


def _import_dataclasses() -> Any:
    """`import dataclasses`, with the modules of DEFERRED imported on first use (when
    none of them is loaded yet: otherwise the plain import)."""
    if "dataclasses" in sys.modules or any(name in sys.modules for name in DEFERRED):
        import dataclasses
        return dataclasses
    stand_ins = {name: _OnFirstUse(None, name) for name in DEFERRED}
    sys.modules.update(stand_ins)       # what `import inspect` inside dataclasses finds
    try:
        import dataclasses
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
    for stand_in in stand_ins.values():
        stand_in._owner = dataclasses   # replaced there by the real module on first use
    return dataclasses


# The functions of `dataclasses` that compile generated methods with the module-level name
# `exec` (3.11, 3.12: _create_fn; 3.13: _FuncBuilder). Without one of them the hook is
# not set and dataclasses work as they always do.
HOOKED = ("_create_fn", "_FuncBuilder")


def install(module: Any = None) -> bool:
    """Route `dataclasses`' compiling through the table (once per process); whether the
    hook is in place."""
    if module is None:
        module = _import_dataclasses()
    if os.environ.get("JUDGE_TOOL_NO_DATACACHE"):
        return False
    if getattr(module, "exec", None) is _exec:
        return True
    if not any(callable(getattr(module, name, None)) for name in HOOKED):
        return False
    try:
        _state["file"] = table_file()
    except Exception:               # no home folder: nothing to keep the table in
        return False
    _load(_state["file"])
    module.exec = _exec             # its `exec` calls find this before the builtin
    import atexit
    atexit.register(save)
    return True


def stats() -> dict[str, int]:
    """Entries known and compiled in this process (tests, bench)."""
    return {"known": len(_table), "compiled": _state["new"], "used": len(_used)}

