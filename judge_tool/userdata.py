"""The user's own data folder: imports of the publisher's texts (official rules, card
database, FAQ) live here, never inside the package.

One place decides the folder and how a file is written into it, so that an import can
never land outside it or leave a half-written file behind.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "JUDGE_TOOL_DATA"


def data_dir() -> Path:
    """``$JUDGE_TOOL_DATA``, else ``$XDG_DATA_HOME/judge-tool``, else
    ``~/.local/share/judge-tool``. A relative XDG path is invalid per the spec and ignored."""
    explicit = os.environ.get(ENV_VAR)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "judge-tool"


class UserDataError(Exception):
    """A file could not be stored in the user's data folder (message is one line)."""


def _check_name(name: str) -> None:
    if not name or "/" in name or "\\" in name or name in {".", ".."} or name.startswith("."):
        raise UserDataError(f"not a plain file name: {name!r}")


def user_file(name: str) -> Path:
    """The path of ``name`` directly inside the data folder (no sub-paths, no escapes)."""
    _check_name(name)
    return data_dir() / name


def write_atomic(name: str, data: bytes) -> Path:
    """Write ``name`` in the data folder: a temporary file in the same folder, then a rename,
    so a reader sees the old file or the new one, never half of one. Refuses to replace a
    symlink or anything that is not a regular file."""
    target = user_file(name)
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise UserDataError(f"{target} is not a regular file; not replacing it")
        import tempfile
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise UserDataError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target


def read_user_file(name: str) -> bytes | None:
    """The bytes of ``name`` in the data folder, or None when it was never imported."""
    path = user_file(name)
    if not path.is_file():
        return None
    return path.read_bytes()
