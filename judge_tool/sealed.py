"""Files the tool writes for itself and reads back as code or pickles (the compiled data
cache, the compiled dataclass methods and patterns): a header of our own, a CRC-32 of the payload,
written atomically, and read only when the file is a regular file owned by this user and
not writable by others. Loading what such a file holds runs code, so anything else is
refused: the owner and permission check is the guard against tampering (no checksum kept
beside the data can be); the CRC finds a damaged or half-written file (SHA-256 here cost
~2 ms of every cold start). `os` and `zlib` only, so the earliest imports can use it."""

from __future__ import annotations

import os
import stat
import zlib

try:                                # the C module: no pure-Python hashlib to import
    from _sha256 import sha256      # for keys and digests (datacache, classcode)
except ImportError:  # pragma: no cover - Python 3.12+ names it _sha2
    from hashlib import sha256

DIGEST = 4                          # CRC-32, big-endian


def checksum(payload: bytes) -> bytes:
    return zlib.crc32(payload).to_bytes(DIGEST, "big")


def is_ours(path: str | os.PathLike, magic: bytes) -> bool:
    """The file starts with our header (so clean-up may remove it)."""
    try:
        with open(path, "rb") as fh:
            return fh.read(len(magic)) == magic
    except OSError:
        return False


def read_sealed(path: str | os.PathLike, magic: bytes, limit: int) -> bytes | None:
    """The payload of ``path``; None if there is no such file. A file that is damaged,
    too big, not ours or open to other users raises ValueError (the reason)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        raise ValueError("not a regular file")
    if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o022):
        raise ValueError("not owned by this user or writable by others")
    if st.st_size > limit:
        raise ValueError("too big")
    with open(path, "rb") as fh:
        data = fh.read(limit + 1)
    head = len(magic) + DIGEST
    if len(data) < head or data[: len(magic)] != magic:
        raise ValueError("no header")
    payload = data[head:]
    if checksum(payload) != data[len(magic):head]:
        raise ValueError("checksum mismatch")
    return payload


def write_sealed(path: str | os.PathLike, magic: bytes, payload: bytes) -> None:
    """Write header, checksum and payload beside ``path``, then rename it into place."""
    folder, name = os.path.split(os.fspath(path))
    write_atomic(path, magic + checksum(payload) + payload,
                 os.path.join(folder, f".{name}.{os.getpid()}.tmp"))


def write_atomic(path: str | os.PathLike, data: bytes, tmp: str | os.PathLike,
                 mode: int = 0o600) -> None:
    """Write ``data`` to ``tmp`` (never through a symlink), then rename it over ``path``:
    a reader sees the old file or the new one, never half of one. OSError when that is
    not possible (the temporary file is removed)."""
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), mode)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_table(path: str, magic: bytes, limit: int, what: str) -> dict:
    """The table (a marshalled dict) a sealed file holds: {} when there is none or it
    cannot be read; a damaged or untrusted one is removed (when it carries our header)
    with a one-line notice naming `what` ("compiled class cache")."""
    import marshal
    try:
        payload = read_sealed(path, magic, limit)
        table = marshal.loads(payload) if payload is not None else {}
        if not isinstance(table, dict):
            raise ValueError("not a table")
    except (ValueError, EOFError, TypeError) as exc:
        from .cachedir import notice
        notice(f"{what} {path} is damaged ({exc}); rebuilding it")
        if is_ours(path, magic):
            try:
                os.unlink(path)
            except OSError:
                pass
        return {}
    except OSError:
        return {}
    return table


def write_table(path: str, magic: bytes, table: dict, limit: int) -> bool:
    """Write `table` marshalled into a sealed file; whether it was written (not when it
    is bigger than `limit` or the folder is read-only)."""
    import marshal
    try:
        payload = marshal.dumps(table)
        if len(payload) > limit:
            return False
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_sealed(path, magic, payload)
    except (OSError, ValueError):
        return False
    return True
