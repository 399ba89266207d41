"""The compiled data cache: what the loaders make of the shipped data (rulebooks, glossaries,
concepts, …), parsed and validated once per data version and then read back in a few
milliseconds, so a command does not parse dozens of TOML and Markdown files on every call.

* One file per data version: ``<cache>/compiled/<key>.pickle`` (plus ``<key>-search.pickle``
  for the search tables, which only `judge search` reads). The key hashes every file
  under the data folders (path, size, modification time) and every source file of the
  package (the code that reads them), so a changed rule, a new data folder from another
  module, or a changed loader gets a new file.
* Generic: an entry is whatever a loader returns (plain dataclasses, tuples, dicts), named
  by the caller: ``cached("rulebook:cyberpunk-tcg", build)``. Entries are added as
  commands ask for them.
* Written atomically (a temporary file, then a rename) and checksum-verified on reading
  (SHA-256 of the payload in the header). A damaged file is removed and rebuilt with a
  one-line notice; files of older versions are removed (only files that carry our header:
  nothing else in the folder is touched).
* Only a file owned by this user and not writable by others is read (it is a pickle).
* If the cache cannot be written the data is simply loaded the slow way.
"""

from __future__ import annotations

import copyreg
import os
import sys
import time
import types
from pathlib import Path
from typing import Any, Callable, TypeVar

from .cachedir import cache_root, notice
from .sealed import is_ours, read_sealed, sha256, write_sealed

try:                                # the C modules: no pure-Python wrappers to import
    import _pickle as pickle
except ImportError:  # pragma: no cover - other Pythons
    import pickle  # type: ignore[no-redef]

T = TypeVar("T")

MAGIC = b"JUDGECC1"
FORMAT = 1
DATA_DIRS = ("rules", "glossary", "cards", "scenarios")
MAX_CACHE_BYTES = 64_000_000
# Another version's compiled file is removed only once it has gone unused this long: two
# installs sharing one cache folder (a checkout and an installed copy, two versions)
# would otherwise delete each other's file on every run.
STALE_SECONDS = 24 * 3600

def _mappingproxy(data: dict) -> types.MappingProxyType:
    """Rebuilds a read-only mapping (loaders freeze their tables in MappingProxyType)."""
    return types.MappingProxyType(data)


copyreg.pickle(types.MappingProxyType, lambda mp: (_mappingproxy, (dict(mp),)))

_entries: dict[str, dict[str, Any]] = {}      # group -> entries
_key: str | None = None
_where: tuple[str, str] | None = None      # (data root, cache folder) the state is for


def _signature(root: Path, h: Any) -> None:
    """Feed path, size and mtime of every file under ``root`` into ``h`` (sorted)."""
    rows = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in files:
            if name.endswith((".pyc", ".pyo")):
                continue
            path = os.path.join(folder, name)
            try:
                st = os.stat(path)
            except OSError:
                continue
            rows.append(f"{os.path.relpath(path, root)}\0{st.st_size}\0{st.st_mtime_ns}")
    rows.sort()
    h.update("\n".join(rows).encode("utf-8", "surrogateescape"))


def data_key() -> str:
    """The data version: a hash over the data files and the package's code."""
    global _key
    _follow()
    if _key is None:
        from .resources import data_root
        h = sha256(f"{FORMAT}\0{sys.version_info[:2]}\0".encode())
        root = data_root()
        h.update(str(root).encode("utf-8", "surrogateescape"))
        for name in DATA_DIRS:
            _signature(root / name, h)
        _signature(Path(__file__).resolve().parent, h)
        _key = h.hexdigest()[:24]
    return _key


def folder() -> Path:
    return cache_root() / "compiled"


def _is_ours(path: Path) -> bool:
    return is_ours(path, MAGIC)


def _read(path: Path) -> dict[str, Any] | None:
    """The entries of ``path``; None if missing. A damaged file raises ValueError."""
    payload = read_sealed(path, MAGIC, MAX_CACHE_BYTES)
    if payload is None:
        return None
    try:
        entries = pickle.loads(payload)
    except Exception as exc:
        raise ValueError(f"unreadable ({type(exc).__name__})") from None
    if not isinstance(entries, dict):
        raise ValueError("not a table of entries")
    return entries


def _mtime(path: Path, default: float) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return default


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _follow() -> None:
    """Start over when the data root or the cache folder changed (tests do that)."""
    global _where
    from .resources import data_root
    where = (str(data_root()), str(folder()))
    if where != _where:
        reset()
        _where = where


def _file(group: str) -> Path:
    suffix = "" if group == "main" else f"-{group}"
    return folder() / f"{data_key()}{suffix}.pickle"


def _load(group: str) -> dict[str, Any]:
    _follow()
    if group not in _entries:
        _entries[group] = {}
        try:
            path = _file(group)
            found = _read(path)
        except ValueError as exc:
            notice(f"compiled data cache {path} is damaged ({exc}); rebuilding it")
            if _is_ours(path):
                _remove(path)
        except (OSError, RuntimeError):
            pass
        else:
            if found is not None:
                _entries[group] = found
    return _entries[group]


def _write(group: str, entries: dict[str, Any]) -> None:
    try:
        where = folder()
        where.mkdir(parents=True, exist_ok=True)
        payload = pickle.dumps(entries, protocol=5)
        if len(payload) > MAX_CACHE_BYTES:
            return
        write_sealed(_file(group), MAGIC, payload)
        key = data_key()
        now = time.time()
        stale = [p for p in where.glob("*.pickle") if not p.name.startswith(key)
                 and _is_ours(p) and now - _mtime(p, now) > STALE_SECONDS]
        for old in stale:
            _remove(old)
        if stale:
            notice("the data or the tool changed since the compiled data cache was made; "
                    "rebuilt it")
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass                     # read-only cache, or an entry that cannot be stored


def cached(entry: str, build: Callable[[], T], group: str = "main") -> T:
    """The value of ``entry`` for this data version: from the compiled cache, else
    ``build()`` (stored for next time). ``build`` must depend only on the shipped data and
    the package's code. ``group`` names a separate file for entries only some commands
    need (search's tables), so the others do not pay for reading them."""
    if disabled():
        return build()
    entries = _load(group)
    if entry in entries:
        return entries[entry]
    value = build()
    entries[entry] = value
    _write(group, entries)
    return value


def is_shipped(book: Any) -> bool:
    """The rulebook was loaded from the package's own data (not a judge's folder), so
    what is derived from it may be kept per data version."""
    from .resources import data_root
    try:
        folder = Path(book.meta.folder).resolve()
        return data_root().resolve() in folder.parents
    except (AttributeError, OSError, TypeError, RuntimeError):
        return False


def disabled() -> bool:
    """``JUDGE_TOOL_NO_DATACACHE=1`` loads everything from the data files (benchmarks)."""
    return bool(os.environ.get("JUDGE_TOOL_NO_DATACACHE"))


def reset() -> None:
    """Forget what this process read."""
    global _key, _where
    _entries.clear()
    _key, _where = None, None
