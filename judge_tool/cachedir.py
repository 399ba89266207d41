"""Where the tool keeps its caches (the search index, the compiled data): one small
module, so a command that only needs the folder does not import the search code."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def cache_root() -> Path:
    """``$JUDGE_TOOL_CACHE``, else ``$XDG_CACHE_HOME/judge-tool``, else
    ``~/.cache/judge-tool``."""
    explicit = os.environ.get("JUDGE_TOOL_CACHE")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    # the XDG spec: a relative path is invalid and is ignored
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / "judge-tool"


def notice(message: str) -> None:
    """One line on stderr about the tool's own caches, never a traceback."""
    try:
        print(f"judge: {message}", file=sys.stderr)
    except Exception:  # pragma: no cover - stderr closed
        pass
