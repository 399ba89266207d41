"""Where the tool keeps its caches (the search index, the compiled data): one small
module, so a command that only needs the folder does not import the search code."""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False      # typing costs ~3 ms of every cold start (see datacache.py)
if TYPE_CHECKING:
    from pathlib import Path


def cache_folder() -> str:
    """``$JUDGE_TOOL_CACHE``, else ``$XDG_CACHE_HOME/judge-tool``, else
    ``~/.cache/judge-tool``. A string (``os.path`` only): the compiled dataclass methods
    are found before anything has imported pathlib."""
    explicit = os.environ.get("JUDGE_TOOL_CACHE")
    if explicit:
        return os.path.expanduser(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    # the XDG spec: a relative path is invalid and is ignored
    base = xdg if xdg and os.path.isabs(xdg) else os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "judge-tool")


def cache_root() -> Path:
    """`cache_folder` as a Path."""
    from pathlib import Path
    return Path(cache_folder())


def notice(message: str) -> None:
    """One line on stderr about the tool's own caches, never a traceback."""
    try:
        print(f"judge: {message}", file=sys.stderr)
    except Exception:  # pragma: no cover - stderr closed
        pass
