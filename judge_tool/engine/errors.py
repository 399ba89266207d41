"""Errors of the engine and of scenario files.

`SpecError` and `DecisionError` mean the *scenario* is wrong or incomplete (exit 2);
`Illegal` means a scripted action breaks a rule — that is an outcome, not an error.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class."""


class SpecError(EngineError):
    """A scenario or card definition is malformed. `path` is the key path (e.g.
    `state.A.field[0].gears`); the loader turns it into a file line."""

    def __init__(self, path: str, message: str, hint: str = "") -> None:
        self.path = path
        self.message = message
        self.hint = hint
        super().__init__(self.render())

    def render(self) -> str:
        where = f"{self.path}: " if self.path else ""
        hint = f" ({self.hint})" if self.hint else ""
        return f"{where}{self.message}{hint}"


class DecisionError(EngineError):
    """A roll or choice the script must give is missing, does not fit, or is left over.
    Names the decision, who makes it and the rule behind it."""

    def __init__(self, message: str, *, decision: str = "", player: str = "", rule: str = "",
                 path: str = "") -> None:
        self.decision = decision
        self.player = player
        self.rule = rule
        self.path = path
        super().__init__(message)


class Illegal(EngineError):
    """A scripted action or choice is not allowed by the rules. `reason` is a
    `trace.Phrase` (words from the catalogue, shown in the reader's language) or text;
    `.reason` is its Turkish text, `.phrase` the Phrase (None for text)."""

    def __init__(self, rule: str, reason) -> None:
        self.rule = rule
        self.phrase = reason if hasattr(reason, "render") else None
        self.reason = str(reason)
        super().__init__(f"{rule}: {self.reason}")


class GameOver(EngineError):
    """The game ended (win/lose/tie) — it happens instantly, even mid-effect."""

    def __init__(self, winner: str) -> None:
        self.winner = winner
        super().__init__(winner)


class NeedEnumeration(EngineError):
    """Raised by the dice script for an `"enumerate"` roll: the runner re-runs every face."""

    def __init__(self, index: int, sides: int) -> None:
        self.index = index
        self.sides = sides
        super().__init__(f"roll {index} d{sides}")
