"""Strict reading of TOML tables: unknown keys, wrong types and bad choices are errors
with the key path and a "did you mean"."""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Iterable

from .errors import SpecError

MISSING: Any = object()

# Every number a scenario file gives is bounded (the magnitude; signs are checked where they
# matter). A key not listed gets DEFAULT_LIMIT. Lists are at most MAX_ITEMS long.
LIMITS: dict[str, int] = {
    "power": 999, "amount": 999, "cost": 99, "max_cost": 99, "turn": 999, "eddies": 999,
    "ready": 999, "spent": 999, "deck": 1000, "n": 100, "take": 100, "by": 20,
    "value": 20, "at_least": 999, "at_most": 999,
}
DEFAULT_LIMIT = 1000
MAX_ITEMS = 1000


def check_limit(value: Any, key: str, path: str) -> None:
    """A number or a list beyond its limit is an error naming the key and the limit."""
    if isinstance(value, int) and not isinstance(value, bool):
        limit = LIMITS.get(key, DEFAULT_LIMIT)
        if abs(value) > limit:
            shown = str(value) if len(str(value)) <= 12 else f"{str(value)[:6]}…({len(str(value))} digits)"
            raise SpecError(path, f"{shown} is over the limit for {key!r} (at most {limit} in size)")
    elif isinstance(value, list) and len(value) > MAX_ITEMS:
        raise SpecError(path, f"{len(value)} items is over the limit for {key!r} (at most {MAX_ITEMS})")

_TYPE_NAMES = {bool: "a boolean", int: "an integer", str: "a string", list: "an array",
               dict: "a table", float: "a number"}


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    shown = key if key.replace("_", "").replace("-", "").isalnum() else f'"{key}"'
    return f"{path}.{shown}" if path else shown


def did_you_mean(word: str, options: Iterable[str]) -> str:
    import difflib                    # only for an error message
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""


def type_name(types: tuple[type, ...]) -> str:
    return " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in types)


def is_type(value: Any, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return bool in types
    return isinstance(value, types)


def expect_type(value: Any, types: type | tuple[type, ...], path: str) -> Any:
    types = types if isinstance(types, tuple) else (types,)
    if not is_type(value, types):
        got = _TYPE_NAMES.get(type(value), type(value).__name__)
        raise SpecError(path, f"must be {type_name(types)}, not {got}")
    return value


def expect_choice(value: Any, choices: Iterable[Any], path: str) -> Any:
    options = list(choices)
    if value not in options:
        shown = ", ".join(repr(o) for o in options)
        raise SpecError(path, f"{value!r} is not one of {shown}", did_you_mean(value, options))
    return value


class Reader:
    """Read one table: `get` each allowed key, then `finish()` rejects the rest."""

    def __init__(self, data: Any, path: str) -> None:
        expect_type(data, dict, path or "file")
        self.data: dict = data
        self.path = path
        self.allowed: list[str] = []

    def has(self, key: str) -> bool:
        return key in self.data

    def at(self, key: str | int) -> str:
        return join(self.path, key)

    def get(self, key: str, types: type | tuple[type, ...], default: Any = MISSING,
            choices: Iterable[Any] | None = None) -> Any:
        self.allowed.append(key)
        if key not in self.data:
            if default is MISSING:
                self._misspelt(key)
                raise SpecError(self.at(key), "missing required key")
            return default
        value = expect_type(self.data[key], types, self.at(key))
        check_limit(value, key, self.at(key))
        if choices is not None:
            expect_choice(value, choices, self.at(key))
        return value

    def raw(self, key: str, default: Any = MISSING) -> Any:
        self.allowed.append(key)
        if key not in self.data:
            if default is MISSING:
                raise SpecError(self.at(key), "missing required key")
            return default
        check_limit(self.data[key], key, self.at(key))
        return self.data[key]

    def _misspelt(self, key: str) -> None:
        """A required key is missing: if an unknown key looks like it, report that one."""
        unknown = [k for k in self.data if k != key]
        if did_you_mean(key, unknown):
            import difflib
            near = difflib.get_close_matches(key, unknown, n=1, cutoff=0.6)[0]
            raise SpecError(self.at(near), f"unknown key {near!r}", f"did you mean {key!r}?")

    def finish(self) -> None:
        for key in self.data:
            if key not in self.allowed:
                raise SpecError(self.at(key), f"unknown key {key!r}", did_you_mean(key, self.allowed))
