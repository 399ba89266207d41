"""Where the data lives: inside the wheel (judge_tool/_data) or, in a source checkout,
beside the package. One function so no other module guesses paths."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def data_root() -> Path:
    """The folder that holds rules/, glossary/, scenarios/ and site/."""
    installed = _PACKAGE_DIR / "_data"
    if (installed / "rules").is_dir():
        return installed
    checkout = _PACKAGE_DIR.parent
    if (checkout / "rules").is_dir():
        return checkout
    raise FileNotFoundError(
        "judge_tool data not found: expected judge_tool/_data/rules (installed) "
        "or rules/ beside the package (source checkout)"
    )


def data_path(*parts: str) -> Path:
    return data_root().joinpath(*parts)
