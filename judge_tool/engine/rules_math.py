"""The rules' arithmetic as pure functions, reusable by `judge ask` and the engine alike.

Each function takes an optional `trace` list; when given, it appends the steps (with rule
ids) that justify the answer. No game state, no I/O, no third-party imports.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Iterable, Literal

from .cite import R
from .trace import Phrase, Step, note

DIE_SIDES = (4, 6, 8, 10, 12, 20)

if TYPE_CHECKING:
    FightWinner = Literal["attacker", "defender"]


def effective(value: int) -> int:
    """A negative game value counts as 0 for every reference and comparison (golden rule)."""
    return value if value > 0 else 0


def _shown(value: int) -> Phrase | str:
    return Phrase("power.negative", value=value) if value < 0 else str(value)


def steal_count(power: int, dice_present: int | None = None,
                trace: list[Step] | None = None) -> int:
    """How many Gigs an attacker with `power` steals; capped by the dice present if given."""
    p = effective(power)
    if p == 0:
        x = 0
        note(trace, R.STEAL_ZERO, "steal.zero", power=_shown(power))
    else:
        x = p // 10 + 1
        note(trace, R.STEAL_FORMULA, "steal.formula", p=p, x=x)
    if dice_present is not None:
        if dice_present <= 0:
            note(trace, R.STEAL_EMPTY, "steal.no_dice")
            return 0
        if x > dice_present:
            note(trace, R.STEAL_CAP, "steal.cap", n=dice_present, x=x)
            x = dice_present
    return x


def fight_result(attacker_power: int, defender_power: int,
                 trace: list[Step] | None = None) -> FightWinner | None:
    """Who wins a fight: the higher power; equal powers mean both lose (None)."""
    a, d = effective(attacker_power), effective(defender_power)
    if a > d:
        note(trace, R.FIGHT_WIN, "fight.attacker_wins", a=_shown(attacker_power), d=_shown(defender_power))
        note(trace, R.FIGHT_WIN_OTHER_LOSES, "fight.defender_loses")
        return "attacker"
    if d > a:
        note(trace, R.FIGHT_WIN, "fight.defender_wins", a=_shown(attacker_power), d=_shown(defender_power))
        note(trace, R.FIGHT_WIN_OTHER_LOSES, "fight.attacker_loses")
        return "defender"
    note(trace, R.FIGHT_TIE, "fight.tie", a=a, d=d)
    return None


def fight_defeats(attacker_power: int, defender_power: int,
                  trace: list[Step] | None = None) -> tuple[bool, bool]:
    """(attacker defeated, defender defeated): a loser is defeated by the opposing Unit,
    unless that Unit has 0 power."""
    winner = fight_result(attacker_power, defender_power, trace)
    a, d = effective(attacker_power), effective(defender_power)
    attacker_loses = winner != "attacker"
    defender_loses = winner != "defender"
    attacker_defeated = attacker_loses and d > 0
    defender_defeated = defender_loses and a > 0
    if attacker_loses and d == 0:
        note(trace, R.FIGHT_ZERO_POWER, "fight.defender_zero")
    if defender_loses and a == 0:
        note(trace, R.FIGHT_ZERO_POWER, "fight.attacker_zero")
    return attacker_defeated, defender_defeated


def street_cred(values: Iterable[int], trace: list[Step] | None = None) -> int | None:
    """Sum of the friendly Gig values; None (Null, which is not 0) with no Gigs."""
    vals = list(values)
    if not vals:
        note(trace, R.STREET_CRED_NULL, "cred.null")
        return None
    total = sum(vals)
    note(trace, R.STREET_CRED, "cred.sum", values=" + ".join(map(str, vals)), total=total)
    return total


def payable_cost(cost: int | None, reduction: int = 0, free: bool = False,
                 trace: list[Step] | None = None) -> int:
    """€$ to pay to play a card. A negative `reduction` is an increase. Reductions never go
    below 1 €$; "free" pays nothing and ignores every change. A Null cost cannot be paid."""
    if cost is None:
        raise ValueError("a Null cost cannot be paid")
    if free:
        note(trace, R.FREE, "cost.free", cost=cost)
        return 0
    amount = cost - reduction
    if reduction > 0:
        floor = min(cost, 1)
        if amount < floor:
            note(trace, R.REDUCTION_MIN, "cost.minimum", cost=cost, reduction=reduction, amount=amount, floor=floor)
            return floor
        note(trace, R.COST_REDUCTION, "cost.reduced", cost=cost, reduction=reduction, amount=amount)
        return amount
    if reduction < 0:
        note(trace, R.COST_REDUCTION, "cost.increased", cost=cost, increase=-reduction, amount=amount)
        return amount
    note(trace, R.PAY, "cost.plain", cost=cost)
    return amount


def _sides(die: str | int) -> int:
    if isinstance(die, int):
        return die
    text = die.strip().lower()
    return int(text[1:]) if text.startswith("d") else int(text)


def may_choose_d20(fixer_dice: Iterable[str | int], trace: list[Step] | None = None,
                   unnamed: int = 0) -> bool:
    """The d20 may be rolled in only when it is the last die in the fixer area. `unnamed`
    counts other dice whose sizes are not known (any one of them keeps the d20 back)."""
    sides = [_sides(d) for d in fixer_dice]
    if 20 not in sides:
        return False
    others = [s for s in sides if s != 20]
    if unnamed > 0 and not others:
        note(trace, R.D20_LAST, "d20.others_unnamed", n=unnamed)
        return False
    if others:
        note(trace, R.D20_LAST, "d20.others", dice=", ".join(f"d{s}" for s in others))
        return False
    note(trace, R.D20_LAST, "d20.last")
    return True


def draw_loses(n: int, deck_count: int, trace: list[Step] | None = None) -> bool:
    """Drawing n cards one at a time loses when a draw finds the deck empty."""
    if n <= 0:
        return False
    if n > deck_count:
        note(trace, R.DRAW_TOO_MANY, "draw.too_many", n=n, deck=deck_count, nth=deck_count + 1)
        return True
    note(trace, R.DRAW_EACH, "draw.enough", n=n, deck=deck_count)
    return False


@dataclass(frozen=True)
class Verdict:
    """A yes/no ruling with its reason (Turkish) and the rules behind it."""

    ok: bool
    reason: str
    rules: tuple[str, ...]
    steps: tuple[Step, ...] = field(default=())

    def __bool__(self) -> bool:
        return self.ok

    @property
    def phrase(self) -> Phrase:
        """The reason as catalogue words (any language)."""
        last = self.steps[-1]
        return Phrase(last.key, **dict(last.values))


def can_attack(*, ready: bool = True, lagging: bool = False, adrenaline: bool = False, go_solo: bool = False,
               in_field: bool = True, target: Literal["gigs", "unit"] | None = None,
               rival_gigs: int = 0, target_spent: bool = True, rival_spent_units: int = 0,
               trace: list[Step] | None = None) -> Verdict:
    """May this Unit declare an attack? With `target` None, is there any valid target at all."""
    steps: list[Step] = []

    def verdict(ok: bool, rule: str, key: str, **values: object) -> Verdict:
        step = Step.said(rule, key, **values)
        steps.append(step)
        if trace is not None:
            trace.extend(steps)
        return Verdict(ok, step.text, tuple(s.rule for s in steps), tuple(steps))

    if not in_field:
        return verdict(False, R.DECLARE_UNIT, "attack.not_in_field")
    if not ready:
        return verdict(False, R.DECLARE_UNIT, "attack.spent")
    if lagging:
        if adrenaline:
            steps.append(Step.said(R.ADRENALINE, "attack.adrenaline"))
        elif go_solo:
            steps.append(Step.said(R.GO_SOLO_ATTACK, "attack.go_solo"))
        else:
            return verdict(False, R.DECLARE_LAG, "attack.lag")
    if target == "gigs":
        if rival_gigs < 1:
            return verdict(False, R.TARGET_EMPTY_GIGS, "attack.gigs_empty")
        return verdict(True, R.TARGET_GIGS, "attack.gigs_target", n=rival_gigs)
    if target == "unit":
        if not target_spent:
            return verdict(False, R.TARGET_UNIT, "attack.target_ready")
        return verdict(True, R.TARGET_UNIT, "attack.target_spent")
    if rival_gigs < 1 and rival_spent_units < 1:
        return verdict(False, R.NO_TARGET, "attack.no_target")
    return verdict(True, R.DECLARE_UNIT, "attack.may")
