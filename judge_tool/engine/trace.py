"""Trace steps: what the engine did, each with the rule number that made it happen."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One explained step. `rule` is an official rule id that exists in the rulebook."""

    rule: str
    text: str

    def to_dict(self) -> dict:
        return {"rule": self.rule, "text": self.text}

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


def note(trace: list[Step] | None, rule: str, text: str) -> None:
    """Append a step if a trace is being collected (pure helpers take `trace=None`)."""
    if trace is not None:
        trace.append(Step(rule, text))


# Marks on steps where the official rule decides (CR 1.3): the Turkish text has no such
# sentence, or says something else (the rulebook keeps its sentence with a note).
OFFICIAL_ONLY = "resmi kural; Türkçe metinde yok"
DIFFERS = "Türkçe metin farklı: bkz. not"
FORCED = "zorunlu karar: tek geçerli seçenek"
