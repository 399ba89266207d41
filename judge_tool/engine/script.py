"""Scripted decisions: the dice results and player choices a scenario gives.

The engine never decides on a player's behalf: every roll and every choice with more than
one legal option is read from here, in order. A missing one stops the run with a message
naming the decision, who makes it and the rule; one that does not fit is an error too.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Sequence

from .errors import DecisionError, Illegal, NeedEnumeration
from .trace import Phrase

DECISIONS = {
    "roll_in": "fixer alanından atılacak zar",
    "pending": "önce çözümlenecek bekleyen etki",
    "steal": "çalınacak Gig",
    "gig": "seçilen Gig zarı",
    "value": "Gig'in yeni değeri",
    "target": "hedef kart",
    "may": "isteğe bağlı kısım yapılsın mı (true/false)",
    "number": "sayı (\"en fazla X\")",
    "search": "aramada seçilen kart(lar)",
    "discard": "elden atılacak kart",
    "play": "oynanacak kart",
    "replacement": "uygulanacak ikame etkisi",
    "option": "\"birini seç\" etkisinde seçilen seçenek (etiketi)",
    "act": "bekleyen etkiler çözümlenmeden denenen aksiyon",
    "act_resolving": "bir etki çözümlenirken denenen aksiyon",
}

# What a player may try while effects wait or one resolves (decisions `act`,
# `act_resolving`): the React Step's reactions, and the Main Phase's actions.
ACTS = ("attack", "play", "call", "sell", "activate", "block", "quick", "end")
REACTIONS = ("call", "block", "quick", "activate", "play")


@dataclass(frozen=True)
class RollSpec:
    """A die roll a scenario fixes in advance."""

    value: int | str              # a face, or "enumerate"
    player: str | None = None
    die: int | None = None
    path: str = ""


@dataclass(frozen=True)
class ChoiceSpec:
    """A decision a scenario makes in advance."""

    decision: str
    pick: Any
    player: str | None = None
    path: str = ""


@dataclass(frozen=True)
class Opt:
    """A legal option. `keys` are the words a script may use for it; options sharing a
    `group` are interchangeable (two copies of a card in hand), so any may be taken."""

    value: Any
    keys: tuple[str, ...]
    text: str
    group: str | None = None


class Script:
    def __init__(self, rolls: Sequence[RollSpec] = (), choices: Sequence[ChoiceSpec] = (),
                 fixed: dict[int, int] | None = None) -> None:
        self.rolls = list(rolls)
        self.choices = list(choices)
        self.fixed = dict(fixed or {})
        self.ri = 0
        self.ci = 0
        self.rolled: list[tuple[int, int, int]] = []     # (index, sides, value)

    # --- dice -------------------------------------------------------------------
    def roll(self, player: str, sides: int, rule: str, why: str) -> int:
        if self.ri >= len(self.rolls):
            raise DecisionError(
                f"missing roll: player {player} rolls a d{sides} ({why}; rule {rule})",
                decision="roll", player=player, rule=rule)
        spec = self.rolls[self.ri]
        if spec.player is not None and spec.player != player:
            raise DecisionError(f"{spec.path}: this roll is for player {spec.player}, but player "
                                f"{player} rolls now ({why}; rule {rule})", decision="roll",
                                player=player, rule=rule, path=spec.path)
        if spec.die is not None and spec.die != sides:
            raise DecisionError(f"{spec.path}: this roll is for a d{spec.die}, but the die rolled "
                                f"now is a d{sides} ({why}; rule {rule})", decision="roll",
                                player=player, rule=rule, path=spec.path)
        index = self.ri
        if spec.value == "enumerate":
            if index not in self.fixed:
                raise NeedEnumeration(index, sides)
            value = self.fixed[index]
        else:
            value = int(spec.value)
        if not 1 <= value <= sides:
            raise DecisionError(f"{spec.path}: a d{sides} cannot show {value}", decision="roll",
                                player=player, rule=rule, path=spec.path)
        self.ri += 1
        self.rolled.append((index, sides, value))
        return value

    # --- choices ----------------------------------------------------------------
    def choose(self, decision: str, player: str, rule: str, prompt: str,
               options: Sequence[Opt]) -> tuple[Any, str]:
        """The raw pick of the next scripted choice and its path; checks kind and player."""
        shown = "; ".join(o.text for o in options[:12])
        if self.ci >= len(self.choices):
            raise DecisionError(
                f"missing choice: player {player} decides {prompt} "
                f"(decision {decision!r}, rule {rule})" + (f"; options: {shown}" if shown else ""),
                decision=decision, player=player, rule=rule)
        spec = self.choices[self.ci]
        if spec.decision != decision:
            raise DecisionError(
                f"{spec.path}: expected decision {decision!r} — player {player} decides {prompt} "
                f"(rule {rule}) — but the script has {spec.decision!r}"
                + (f"; options: {shown}" if shown else ""),
                decision=decision, player=player, rule=rule, path=spec.path)
        if spec.player is not None and spec.player != player:
            raise DecisionError(f"{spec.path}: decision {decision!r} is made by player {player} "
                                f"(rule {rule}), not {spec.player}", decision=decision,
                                player=player, rule=rule, path=spec.path)
        self.ci += 1
        return spec.pick, spec.path

    def pick_one(self, decision: str, player: str, rule: str, prompt: str,
                 options: Sequence[Opt], known: Sequence[Opt] = (),
                 illegal_rule: str = "", illegal_why: str = "") -> Any:
        """Choose one option. A pick naming a known but illegal option is `Illegal`."""
        pick, path = self.choose(decision, player, rule, prompt, options)
        if not isinstance(pick, str):
            raise DecisionError(f"{path}: pick must be a string naming one of: "
                                + "; ".join(o.text for o in options), decision=decision,
                                player=player, rule=rule, path=path)
        found = match(pick, options)
        if found is None:
            if match(pick, known) is not None:
                raise Illegal(illegal_rule or rule, illegal_why or Phrase("illegal.not_an_option", pick=repr(pick)))
            raise DecisionError(f"{path}: {pick!r} matches no option; options: "
                                + "; ".join(o.text for o in options), decision=decision,
                                player=player, rule=rule, path=path)
        if found == "ambiguous":
            raise DecisionError(f"{path}: {pick!r} is ambiguous; use one of: "
                                + "; ".join(o.keys[0] for o in options if _hit(pick, o)),
                                decision=decision, player=player, rule=rule, path=path)
        return found.value

    def peek(self, decision: str, player: str) -> Any:
        """The pick of the next scripted choice if it is this decision by this player."""
        if self.ci < len(self.choices):
            spec = self.choices[self.ci]
            if spec.decision == decision and spec.player in (None, player):
                return spec.pick
        return None

    def take_forced(self, decision: str, player: str, keys: tuple[str, ...]) -> bool:
        """A decision with one legal option is made by the engine. A script may still
        state it: the next choice is used up if it is this decision and names that option."""
        if self.ci >= len(self.choices):
            return False
        spec = self.choices[self.ci]
        if spec.decision != decision or (spec.player is not None and spec.player != player):
            return False
        pick = spec.pick
        if isinstance(pick, list) and len(pick) == 1:
            pick = pick[0]
        if str(pick).strip().casefold() not in {str(k).casefold() for k in keys}:
            return False
        self.ci += 1
        return True

    def leftovers(self) -> list[str]:
        out = [f"{r.path}: roll not used (value {r.value})" for r in self.rolls[self.ri:]]
        out += [f"{c.path}: choice not used (decision {c.decision!r}, pick {c.pick!r})"
                for c in self.choices[self.ci:]]
        return out


def _hit(pick: str, opt: Opt) -> bool:
    p = pick.strip().casefold()
    return any(p == k.casefold() for k in opt.keys)


def match(pick: str, options: Sequence[Opt]) -> Opt | str | None:
    hits = [o for o in options if _hit(pick, o)]
    if not hits:
        return None
    if len(hits) == 1:
        return hits[0]
    if all(h.group is not None and h.group == hits[0].group for h in hits):
        return hits[0]
    return "ambiguous"
