"""Path confinement and careful reading: the only way the tool turns data into file paths
or opens a file a user named.

* ``check_id`` — a rulebook id becomes a folder name (cache, site): ``[a-z0-9-]+`` only.
* ``inside`` — a name from data (a chapter file) must stay inside its folder: no ``..``, no
  absolute path, and after resolving symlinks still inside.
* ``read_bytes`` / ``read_text`` — refuse FIFOs, devices and directories *before* opening
  (so a FIFO cannot hang us), refuse files over a size limit, decode UTF-8 (a BOM is
  allowed) and report the line of the first bad byte.
* ``write_inside`` — write a file under an output folder, never through a symlink.

Every problem is a ``PathProblem`` whose message is one line.
"""

from __future__ import annotations

import errno
import os
import stat

TYPE_CHECKING = False      # pathlib costs ~4 ms of a cold start: imported where a path is made
if TYPE_CHECKING:
    from pathlib import Path

from . import limits
from .lazyre import lazy

_ID_RE = lazy(limits.GAME_ID_PATTERN)


class PathProblem(Exception):
    """A path or file the tool refuses; ``str()`` is a one-line message."""

    def __init__(self, message: str, file: str | os.PathLike | None = None, line: int = 0) -> None:
        self.file = "" if file is None else str(file)
        self.line = line
        self.message = message
        shown = self.file if len(self.file) <= 120 else "…" + self.file[-119:]
        where = f"{shown}:{line}: " if shown and line else (f"{shown}: " if shown else "")
        super().__init__(printable(where + message))


def printable(text: str, limit: int = 300) -> str:
    """One line, control characters escaped (a newline cannot split an error line, an
    escape sequence cannot reach the terminal), at most ``limit`` characters."""
    out = []
    for ch in str(text):
        code = ord(ch)
        if ch in "\n\r\t":
            out.append(" ")
        elif code < 32 or code == 127 or 0x80 <= code < 0xA0 or ch in "\u2028\u2029":
            out.append(f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:           # lone surrogate from undecodable argv bytes
            out.append("\ufffd")
        else:
            out.append(ch)
    text = " ".join("".join(out).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_id(value: object, what: str = "rulebook id") -> str:
    """A rulebook id usable as a folder name: lower-case letters, digits and hyphens."""
    if not isinstance(value, str) or not _ID_RE.fullmatch(value):
        raise PathProblem(f"{what} {printable(repr(value), limits.ECHO_CHARS)} is not "
                          f"lower-case letters, digits and hyphens (at most 64)")
    return value


def inside(folder: Path, name: object, what: str = "file") -> Path:
    """``folder/name`` for a relative name from data, proven to stay inside ``folder``
    (symlinks resolved)."""
    if not isinstance(name, str) or not name.strip():
        raise PathProblem(f"{what} name must be a non-empty string")
    if "\0" in name or "\\" in name or len(name) > limits.MAX_PATH_CHARS:
        raise PathProblem(f"{what} {printable(repr(name), limits.ECHO_CHARS)} is not a plain relative path")
    from pathlib import PurePosixPath
    pure = PurePosixPath(name)
    if pure.is_absolute() or ".." in pure.parts:
        raise PathProblem(f"{what} {printable(repr(name), limits.ECHO_CHARS)} must be inside "
                          f"the folder (no absolute path, no '..')")
    path = folder / pure
    try:
        real = path.resolve()
        base = folder.resolve()
    except (OSError, RuntimeError) as exc:       # symlink loop, name too long
        raise PathProblem(f"{what} {printable(repr(name), limits.ECHO_CHARS)}: "
                          f"{_reason(exc)}") from None
    if real != base and base not in real.parents:
        raise PathProblem(f"{what} {printable(repr(name), limits.ECHO_CHARS)} leads outside "
                          f"the folder (through a symlink)")
    return path


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        if exc.errno == errno.ENAMETOOLONG:
            return "file name too long"
        return exc.strerror or type(exc).__name__
    if isinstance(exc, RuntimeError):
        return "symlink loop"
    return type(exc).__name__


def regular_file(path: Path, limit: int, what: str = "file") -> os.stat_result:
    """The stat of ``path`` if it is a regular file within ``limit`` bytes; checked before
    anything opens it, so a FIFO or a device is refused instead of read."""
    if len(str(path)) > limits.MAX_PATH_CHARS:
        raise PathProblem(f"{what} path is too long (limit {limits.MAX_PATH_CHARS} characters)")
    try:
        st = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            raise PathProblem(f"{what} not found", path) from None
        raise PathProblem(f"cannot read {what}: {_reason(exc)}", path) from None
    except ValueError:                           # embedded NUL
        raise PathProblem(f"{what} path is not valid") from None
    if stat.S_ISDIR(st.st_mode):
        raise PathProblem(f"{what} is a folder, not a file", path)
    if not stat.S_ISREG(st.st_mode):
        raise PathProblem(f"{what} is not a regular file (a FIFO, device or socket); refused", path)
    if st.st_size > limit:
        raise PathProblem(f"{what} is {st.st_size:,} bytes; the limit is {limit:,}", path)
    return st


def read_bytes(path: Path, limit: int, what: str = "file") -> bytes:
    regular_file(path, limit, what)
    try:
        # O_NONBLOCK: if the file was swapped for a FIFO after the check, open does not hang
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise PathProblem(f"cannot read {what}: {_reason(exc)}", path) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise PathProblem(f"{what} is not a regular file; refused", path)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise PathProblem(f"{what} is over the limit of {limit:,} bytes", path)
            chunks.append(chunk)
    except OSError as exc:
        raise PathProblem(f"cannot read {what}: {_reason(exc)}", path) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def decode(data: bytes, path: Path | str, what: str = "file") -> str:
    """UTF-8 text (a leading BOM dropped); binary or other encodings are refused with the
    line of the first bad byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    nul = data.find(b"\0")
    if nul >= 0:
        raise PathProblem(f"{what} is binary (a NUL byte), not UTF-8 text", path,
                          data.count(b"\n", 0, nul) + 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PathProblem(f"{what} is not UTF-8 text (byte 0x{data[exc.start]:02x}); save it as UTF-8", path,
                          data.count(b"\n", 0, exc.start) + 1) from None


def read_text(path: Path, limit: int, what: str = "file") -> str:
    return decode(read_bytes(path, limit, what), path, what)


def optional_text(folder: Path, name: str, limit: int, what: str = "file") -> str | None:
    """The text of an optional file beside a rulebook (``folder/name``), or None when there
    is none. Present means read the safe way: inside the folder (a symlink out of it is
    refused, never opened), a regular file (a FIFO is refused, not waited on), within
    ``limit`` bytes, UTF-8."""
    path = folder / name
    if not os.path.lexists(path):
        return None
    return read_text(inside(folder, name, what), limit, what)


# --- writing inside an output folder ---------------------------------------------------

def _real_dir(path: Path) -> None:
    """``path`` is a directory and not a symlink (creating it if missing)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        os.mkdir(path)
        return
    if stat.S_ISLNK(st.st_mode):
        raise PathProblem(f"{path} is a symlink; not writing through it")
    if not stat.S_ISDIR(st.st_mode):
        raise PathProblem(f"{path} is in the way (not a folder)")


def confined_target(out: Path, rel: str) -> Path:
    """The path of ``rel`` under ``out`` with every folder on the way a real folder (made
    if missing) and the file itself not a symlink: nothing is written outside ``out``."""
    from pathlib import PurePosixPath
    pure = PurePosixPath(rel)
    if pure.is_absolute() or ".." in pure.parts or not pure.parts:
        raise PathProblem(f"refusing to write {printable(rel)!r} outside the output folder")
    current = out
    for part in pure.parts[:-1]:
        current = current / part
        _real_dir(current)
    target = current / pure.parts[-1]
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return target
    if stat.S_ISLNK(st.st_mode):
        raise PathProblem(f"{target} is a symlink; not writing through it")
    if not stat.S_ISREG(st.st_mode):
        raise PathProblem(f"{target} is in the way (not a regular file)")
    return target


def write_inside(out: Path, rel: str, data: bytes) -> Path:
    """Write ``rel`` under ``out`` atomically (a temporary file beside it, then a rename)."""
    from .sealed import write_atomic
    target = confined_target(out, rel)
    write_atomic(target, data, target.with_name(f".{target.name}.judge-tmp"), 0o644)
    return target


def is_dangerous_out(out: Path) -> str:
    """Why ``out`` must never be a site output folder ("" when it may be)."""
    from pathlib import Path
    try:
        real = out.resolve()
    except (OSError, RuntimeError) as exc:
        return _reason(exc)
    if real == Path(real.anchor):
        return "it is the root folder"
    try:
        home = Path.home().resolve()
    except (OSError, RuntimeError, KeyError):
        home = None
    if home is not None and real == home:
        return "it is the home folder"
    return ""
