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
from .trace import Step, note

DIE_SIDES = (4, 6, 8, 10, 12, 20)

if TYPE_CHECKING:
    FightWinner = Literal["attacker", "defender"]


def effective(value: int) -> int:
    """A negative game value counts as 0 for every reference and comparison (golden rule)."""
    return value if value > 0 else 0


def _shown(value: int) -> str:
    return f"{value} (negatif → 0)" if value < 0 else str(value)


def steal_count(power: int, dice_present: int | None = None,
                trace: list[Step] | None = None) -> int:
    """How many Gigs an attacker with `power` steals; capped by the dice present if given."""
    p = effective(power)
    if p == 0:
        x = 0
        note(trace, R.STEAL_ZERO, f"güç {_shown(power)}: 0 Gig çalar")
    else:
        x = p // 10 + 1
        note(trace, R.STEAL_FORMULA, f"X = ⌊{p}/10⌋+1 = {x}")
    if dice_present is not None:
        if dice_present <= 0:
            note(trace, R.STEAL_EMPTY, "Gig alanında zar yok: hiçbir Gig çalınamaz")
            return 0
        if x > dice_present:
            note(trace, R.STEAL_CAP, f"alanda {dice_present} Gig var: X = {x} yerine {dice_present}")
            x = dice_present
    return x


def fight_result(attacker_power: int, defender_power: int,
                 trace: list[Step] | None = None) -> FightWinner | None:
    """Who wins a fight: the higher power; equal powers mean both lose (None)."""
    a, d = effective(attacker_power), effective(defender_power)
    if a > d:
        note(trace, R.FIGHT_WIN, f"saldıran {_shown(attacker_power)} > savunan {_shown(defender_power)}: saldıran kazanır")
        note(trace, R.FIGHT_WIN_OTHER_LOSES, "savunan çatışmayı kaybeder")
        return "attacker"
    if d > a:
        note(trace, R.FIGHT_WIN, f"savunan {_shown(defender_power)} > saldıran {_shown(attacker_power)}: savunan kazanır")
        note(trace, R.FIGHT_WIN_OTHER_LOSES, "saldıran çatışmayı kaybeder")
        return "defender"
    note(trace, R.FIGHT_TIE, f"güçler eşit ({a} = {d}): kazanan yok, iki birim de kaybeder")
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
        note(trace, R.FIGHT_ZERO_POWER, "savunanın gücü 0: saldıranı mağlup edemez")
    if defender_loses and a == 0:
        note(trace, R.FIGHT_ZERO_POWER, "saldıranın gücü 0: savunanı mağlup edemez")
    return attacker_defeated, defender_defeated


def street_cred(values: Iterable[int], trace: list[Step] | None = None) -> int | None:
    """Sum of the friendly Gig values; None (Null, which is not 0) with no Gigs."""
    vals = list(values)
    if not vals:
        note(trace, R.STREET_CRED_NULL, "Gig alanı boş: Street Cred Null (0 değil)")
        return None
    total = sum(vals)
    note(trace, R.STREET_CRED, f"Street Cred = {' + '.join(map(str, vals))} = {total}")
    return total


def payable_cost(cost: int | None, reduction: int = 0, free: bool = False,
                 trace: list[Step] | None = None) -> int:
    """€$ to pay to play a card. A negative `reduction` is an increase. Reductions never go
    below 1 €$; "free" pays nothing and ignores every change. A Null cost cannot be paid."""
    if cost is None:
        raise ValueError("a Null cost cannot be paid")
    if free:
        note(trace, R.FREE, f"ücretsiz oynanır: bedel {cost} ve tüm değişiklikler yok sayılır, 0 €$ ödenir")
        return 0
    amount = cost - reduction
    if reduction > 0:
        floor = min(cost, 1)
        if amount < floor:
            note(trace, R.REDUCTION_MIN, f"{cost} - {reduction} = {amount}, ama indirim 1 €$ altına inemez: {floor} €$")
            return floor
        note(trace, R.COST_REDUCTION, f"ödenecek = {cost} - {reduction} = {amount} €$ (kartın bedeli {cost} kalır)")
        return amount
    if reduction < 0:
        note(trace, R.COST_REDUCTION, f"ödenecek = {cost} + {-reduction} = {amount} €$ (kartın bedeli {cost} kalır)")
        return amount
    note(trace, R.PAY, f"bedel {cost} €$")
    return amount


def _sides(die: str | int) -> int:
    if isinstance(die, int):
        return die
    text = die.strip().lower()
    return int(text[1:]) if text.startswith("d") else int(text)


def may_choose_d20(fixer_dice: Iterable[str | int], trace: list[Step] | None = None) -> bool:
    """The d20 may be rolled in only when it is the last die in the fixer area."""
    sides = [_sides(d) for d in fixer_dice]
    if 20 not in sides:
        return False
    others = [s for s in sides if s != 20]
    if others:
        note(trace, R.D20_LAST, f"fixer alanında başka zar var ({', '.join(f'd{s}' for s in others)}): d20 seçilemez")
        return False
    note(trace, R.D20_LAST, "d20 fixer alanındaki son zar: seçilebilir")
    return True


def draw_loses(n: int, deck_count: int, trace: list[Step] | None = None) -> bool:
    """Drawing n cards one at a time loses when a draw finds the deck empty."""
    if n <= 0:
        return False
    if n > deck_count:
        note(trace, R.DRAW_TOO_MANY, f"{n} kart çekilecek, destede {deck_count} var: {deck_count + 1}. çekiş boş desteden, oyuncu kaybeder")
        return True
    note(trace, R.DRAW_EACH, f"{n} kart teker teker çekilir; destede {deck_count} var, kayıp yok")
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


def can_attack(*, ready: bool = True, lagging: bool = False, adrenaline: bool = False, go_solo: bool = False,
               in_field: bool = True, target: Literal["gigs", "unit"] | None = None,
               rival_gigs: int = 0, target_spent: bool = True, rival_spent_units: int = 0,
               trace: list[Step] | None = None) -> Verdict:
    """May this Unit declare an attack? With `target` None, is there any valid target at all."""
    steps: list[Step] = []

    def verdict(ok: bool, rule: str, reason: str) -> Verdict:
        steps.append(Step(rule, reason))
        if trace is not None:
            trace.extend(steps)
        return Verdict(ok, reason, tuple(s.rule for s in steps), tuple(steps))

    if not in_field:
        return verdict(False, R.DECLARE_UNIT, "saldıran birim saha alanında olmalı")
    if not ready:
        return verdict(False, R.DECLARE_UNIT, "harcanmış birim saldıramaz: hazır bir dost birim gerekir")
    if lagging:
        if adrenaline:
            steps.append(Step(R.ADRENALINE, "ADRENALINE: gecikmeli olsa da saldırabilir"))
        elif go_solo:
            steps.append(Step(R.GO_SOLO_ATTACK, "GO SOLO: Legend bu tur saldırabilir"))
        else:
            return verdict(False, R.DECLARE_LAG, "gecikmeli (Lag) birim saldıramaz")
    if target == "gigs":
        if rival_gigs < 1:
            return verdict(False, R.TARGET_EMPTY_GIGS, "rakip Gig alanı boş: geçerli hedef değil")
        return verdict(True, R.TARGET_GIGS, f"rakip Gig alanında {rival_gigs} Gig var: geçerli hedef")
    if target == "unit":
        if not target_spent:
            return verdict(False, R.TARGET_UNIT, "hedef rakip birim hazır: yalnızca harcanmış rakip birim geçerli hedeftir")
        return verdict(True, R.TARGET_UNIT, "harcanmış rakip birim: geçerli hedef")
    if rival_gigs < 1 and rival_spent_units < 1:
        return verdict(False, R.NO_TARGET, "geçerli saldırı hedefi yok")
    return verdict(True, R.DECLARE_UNIT, "saldırabilir; geçerli hedef var")
