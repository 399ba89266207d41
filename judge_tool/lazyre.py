"""Regular expressions compiled on first use instead of at import: a module's patterns
cost nothing to the commands that never use them (the loaders' parsing patterns are not
needed when the data comes from the compiled cache). Issue 16: about 20 ms of a cold
start went to compiling patterns at import."""

from __future__ import annotations

import re


class LazyPattern:
    """Stands for ``re.compile(pattern, flags)``; compiled on the first attribute used.
    Each attribute (``.match``, ``.sub``, …) is then kept on the instance, so later calls
    cost the same as on a compiled pattern."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._args = (pattern, flags)

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):          # copy/pickle probing: not a pattern attribute
            raise AttributeError(name)
        value = getattr(re.compile(*self._args), name)
        self.__dict__[name] = value
        return value

    def __repr__(self) -> str:
        return f"lazy({self._args[0]!r})"


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern compiled on first use (typed as the compiled pattern it stands for)."""
    return LazyPattern(pattern, flags)  # type: ignore[return-value]
