"""The compiled data cache: what the loaders make of the shipped data (rulebooks, glossaries,
concepts, …), parsed and validated once per data version and then read back in a few
milliseconds, so a command does not parse dozens of TOML and Markdown files on every call.

* One file per data version and group: ``<cache>/compiled/<key>.pickle`` (the rulebook,
  Turkish and English strings: what every command reads) plus ``<key>-<group>.pickle`` for
  what only some commands read (``ref``: official numbering, glossary, link tables;
  ``search``, ``ask``, ``cards``, ``i18n``: the other languages' strings), so a cold
  command reads and checksums only its own files. The key hashes every file
  under the data folders (path, size, modification time) and every source file of the
  package (the code that reads them), so a changed rule, a new data folder from another
  module, or a changed loader gets a new file. A regular (non-editable) install changes
  only when pip rewrites it, so there the key stands on its RECORD (which lists every
  installed file with its SHA-256: its CRC-32, length, inode and time, `_wheel_record`)
  instead of walking ~400 files on every start.
* Inside the file each entry is a pickle of its own, unpickled only when a command asks
  for it: `judge define` does not pay for the official numbering, nor for the other
  languages' message catalogues.
* Generic: an entry is whatever a loader returns (plain dataclasses, tuples, dicts), named
  by the caller: ``cached("rulebook:cyberpunk-tcg", build)``. Entries are added as
  commands ask for them.
* Written atomically (a temporary file, then a rename) and checksum-verified on reading
  (CRC-32 of the payload in the header). A damaged file is removed and rebuilt with a
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
import zlib

from .cachedir import cache_folder, notice
from .sealed import is_ours, read_sealed, sha256, write_sealed

try:                                # the C modules: no pure-Python wrappers to import
    import _pickle as pickle
except ImportError:  # pragma: no cover - other Pythons
    import pickle  # type: ignore[no-redef]

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start; names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Callable, TypeVar

    T = TypeVar("T")

MAGIC = b"JUDGECC1"
FORMAT = 2                 # 2: each entry pickled on its own, unpickled when asked for
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

_entries: dict[str, dict[str, bytes]] = {}    # group -> entry name -> its pickle
_values: dict[str, dict[str, Any]] = {}       # group -> entry name -> value (this process)
_key: str | None = None
_where: tuple[str, str] | None = None      # (data root, cache folder) the state is for


def _signature(root: str, rows: list[str], tag: str, skip: str = "") -> None:
    """Append "tag/relative path, size, mtime" of every file under ``root`` to ``rows``
    (one os.scandir walk; symlinked folders not entered; hidden folders, __pycache__, .pyc
    and the folder named ``skip`` left out). String slicing, not os.path.relpath: this
    runs on every cold start of a checkout."""
    cut = len(root) + 1
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            try:
                if entry.is_dir():
                    if (name != "__pycache__" and name != skip and not name.startswith(".")
                            and not entry.is_symlink()):
                        stack.append(entry.path)
                    continue
                if name.endswith((".pyc", ".pyo")):
                    continue
                st = entry.stat()
            except OSError:
                continue
            rows.append(f"{tag}/{entry.path[cut:]}\0{st.st_size}\0{st.st_mtime_ns}")


def _wheel_record(package: str, data: str) -> bytes | None:
    """What stands for a regular (non-editable) install of this very package: its data
    inside the package (``_data``) and a dist-info beside it whose RECORD lists the
    package's files with their SHA-256. Such an install changes only by pip rewriting it
    (and its RECORD), so the RECORD stands for every file; None otherwise (a checkout, an
    editable install: their files are walked).

    The stamp is the RECORD's CRC-32 and length with its inode and modification time, not a
    SHA-256 of it: hashing the ~50 KB RECORD was ~2.7M instructions of every cold start (1.3%
    of a `judge ask`), CRC-32 (zlib, loaded already) ~0.3M. A RECORD pip rewrites is a new
    file (new inode and time) and, for another version, other text; the key needs to notice
    a change, it is no defence against someone forging one."""
    if data != os.path.join(package, "_data"):
        return None
    site = os.path.dirname(package)
    try:
        names = [n for n in os.listdir(site) if n.startswith("judge_tool-") and n.endswith(".dist-info")]
        if len(names) != 1:
            return None
        with open(os.path.join(site, names[0], "RECORD"), "rb") as fh:
            record = fh.read(4_000_000)
            st = os.fstat(fh.fileno())
    except OSError:
        return None
    if b"\njudge_tool/__init__.py," not in b"\n" + record:
        return None
    return f"{zlib.crc32(record)}\0{len(record)}\0{st.st_ino}\0{st.st_mtime_ns}".encode()


def data_key() -> str:
    """The data version: a hash over the data files and the package's code (for a regular
    install, over its RECORD, which lists both with their hashes). Computed once per
    process."""
    global _key
    _follow()
    if _key is None:
        from .resources import data_folder
        h = sha256(f"{FORMAT}\0{sys.version_info[:2]}\0".encode())
        root = data_folder()
        package = os.path.dirname(os.path.abspath(__file__))
        h.update(f"{root}\0{package}\0".encode("utf-8", "surrogateescape"))
        record = _wheel_record(package, root)
        if record is not None:
            h.update(b"record\0" + record)
        else:
            rows: list[str] = []
            for name in DATA_DIRS:
                _signature(os.path.join(root, name), rows, name)
            _signature(package, rows, "judge_tool", skip="_data")
            rows.sort()
            h.update("\n".join(rows).encode("utf-8", "surrogateescape"))
        _key = h.hexdigest()[:24]
    return _key


def folder() -> str:
    """``<cache>/compiled``, as text: paths here are ``os.path`` strings, so a cold start
    that finds everything in the cache never imports pathlib."""
    return os.path.join(cache_folder(), "compiled")


def _is_ours(path: str) -> bool:
    return is_ours(path, MAGIC)


def _read(path: str) -> dict[str, bytes] | None:
    """The entries of ``path`` (name -> that entry's pickle); None if missing. A damaged
    file raises ValueError."""
    payload = read_sealed(path, MAGIC, MAX_CACHE_BYTES)
    if payload is None:
        return None
    try:
        entries = pickle.loads(payload)
    except Exception as exc:
        raise ValueError(f"unreadable ({type(exc).__name__})") from None
    if not isinstance(entries, dict) or not all(isinstance(v, bytes) for v in entries.values()):
        raise ValueError("not a table of entries")
    return entries


def _mtime(path: str, default: float) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return default


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _follow() -> None:
    """Start over when the data root or the cache folder changed (tests do that)."""
    global _where
    from .resources import data_folder
    where = (data_folder(), folder())
    if where != _where:
        reset()
        _where = where


def _file(group: str) -> str:
    suffix = "" if group == "main" else f"-{group}"
    return os.path.join(folder(), f"{data_key()}{suffix}.pickle")


def _load(group: str) -> dict[str, bytes]:
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


def _write(group: str, entries: dict[str, bytes]) -> None:
    try:
        where = folder()
        os.makedirs(where, exist_ok=True)
        payload = pickle.dumps(entries, protocol=5)
        if len(payload) > MAX_CACHE_BYTES:
            return
        write_sealed(_file(group), MAGIC, payload)
        key = data_key()
        now = time.time()
        names = [n for n in os.listdir(where) if n.endswith(".pickle") and not n.startswith(key)]
        stale = [p for p in (os.path.join(where, n) for n in names)
                 if _is_ours(p) and now - _mtime(p, now) > STALE_SECONDS]
        for old in stale:
            _remove(old)
        if stale:
            notice("the data or the tool changed since the compiled data cache was made; "
                    "rebuilt it")
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass                     # a read-only cache folder


def cached(entry: str, build: Callable[[], T], group: str = "main") -> T:
    """The value of ``entry`` for this data version: from the compiled cache, else
    ``build()`` (stored for next time). ``build`` must depend only on the shipped data and
    the package's code. Each entry is unpickled only when asked for (a command pays for
    the entries it uses, and imports only their classes); ``group`` names a separate file
    for entries only some commands need (search's tables), so the others do not even read
    them."""
    if disabled():
        return build()
    entries = _load(group)
    values = _values.setdefault(group, {})
    if entry in values:
        return values[entry]
    if entry in entries:
        try:
            value = pickle.loads(entries[entry])
        except Exception:                # checksum fine but unloadable: build it anew
            del entries[entry]
        else:
            values[entry] = value
            return value
    value = build()
    values[entry] = value
    try:
        entries[entry] = pickle.dumps(value, protocol=5)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return value             # a value that cannot be stored: built every time
    _write(group, entries)
    return value


def is_shipped(book: Any) -> bool:
    """The rulebook was loaded from the package's own data (not a judge's folder), so
    what is derived from it may be kept per data version."""
    from .resources import data_folder
    try:
        folder = os.path.realpath(book.meta.folder)
        return folder.startswith(os.path.join(os.path.realpath(data_folder()), ""))
    except (AttributeError, OSError, TypeError, RuntimeError):
        return False


def disabled() -> bool:
    """``JUDGE_TOOL_NO_DATACACHE=1`` loads everything from the data files (benchmarks)."""
    return bool(os.environ.get("JUDGE_TOOL_NO_DATACACHE"))


def reset() -> None:
    """Forget what this process read."""
    global _key, _where
    _entries.clear()
    _values.clear()
    _key, _where = None, None
