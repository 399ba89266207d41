"""The game state: plain mutable dataclasses the procedures work on.

Card definitions are immutable (`CardDef`); what is on the table is a `Card` instance with
its own orientation, Lag and equipped Gears. Dice are identified by owner and size
("A.d8"): a player owns one die of each size, so the id is unique for the whole game.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Iterator, Literal

    from .effects import EffectDef

    CardType = Literal["unit", "gear", "program", "legend", "unknown"]

PLAYERS = ("A", "B")
KEYWORDS = ("ADRENALINE", "BLOCKER", "GO SOLO", "QUICK")


def rival(player: str) -> str:
    return "B" if player == "A" else "A"


@dataclass(frozen=True)
class CardDef:
    """A card as printed: what the scenario's [cards] table defines."""

    name: str
    type: CardType
    cost: int | None = 0
    power: int = 0
    keywords: frozenset[str] = frozenset()
    sell_tag: bool = False
    tags: frozenset[str] = frozenset()
    effects: tuple["EffectDef", ...] = ()
    color: str = ""
    ram: int | None = None

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


UNKNOWN_CARD = CardDef(name="?", type="unknown", cost=None, power=0)


@dataclass
class Card:
    """One physical card. Orientation, Lag and Gears matter only on the field/Legends area."""

    uid: str
    defn: CardDef
    owner: str
    spent: bool = False
    lag: bool = False
    face_up: bool = True
    gears: list["Card"] = _field(default_factory=list)
    go_solo: bool = False        # a Legend played to the field by GO SOLO

    @property
    def name(self) -> str:
        return self.defn.name

    @property
    def type(self) -> CardType:
        return self.defn.type

    def __repr__(self) -> str:  # short, for error messages
        return f"<{self.uid}>"


@dataclass
class Die:
    """A die on the table and the face it shows."""

    owner: str
    sides: int
    value: int

    @property
    def id(self) -> str:
        return f"{self.owner}.d{self.sides}"

    def __str__(self) -> str:
        return f"{self.id}={self.value}"


@dataclass
class Player:
    """One player's zones, Eddies and turn counters."""

    name: str
    deck: list[Card] = _field(default_factory=list)        # top first
    hand: list[Card] = _field(default_factory=list)
    field: list[Card] = _field(default_factory=list)
    legends: list[Card] = _field(default_factory=list)
    eddies_ready: int = 0
    eddies_spent: int = 0
    trash: list[Card] = _field(default_factory=list)       # bottom first, new cards appended
    fixer: list[int] = _field(default_factory=list)        # die sizes still in the fixer area
    gigs: list[Die] = _field(default_factory=list)
    removed: list[Card] = _field(default_factory=list)
    sold_turn: int | None = None
    called_turn: int | None = None

    def units(self) -> Iterator[Card]:
        return iter(self.field)

    def street_cred_values(self) -> list[int]:
        return [d.value for d in self.gigs]


@dataclass
class Modifier:
    """A power change with a duration ("turn": until End of Turn; "attack"/"fight": while)."""

    target: str          # card uid
    amount: int
    until: Literal["turn", "attack", "fight", "permanent", "next_turn"]
    source: str          # label of the effect, for the trace
    status: str = ""     # "" (power), "restrict:<what>", "allow:<what>" or "fight:<win|lose>"
    player: str = ""     # whose "next turn" ends it (until = "next_turn")


@dataclass
class GameState:
    """The whole board: players, turn, phase, modifiers, winner."""

    players: dict[str, Player]
    turn_player: str = "A"
    turn: int = 1
    phase: Literal["start", "main", "end", "over"] = "main"
    modifiers: list[Modifier] = _field(default_factory=list)
    winner: str | None = None      # "A", "B" or "tie" once the game is over
    overtime: bool = False         # official 1.11: begun, 7 Gigs at any point win
    empty_fixer_turns: int = 0     # consecutive turns, up to this one, begun with both fixers empty
    used: set = _field(default_factory=set)   # once-per-turn effects used this turn ("uid|label", or "label")

    def player(self, name: str) -> Player:
        return self.players[name]

    def all_cards_in_play(self) -> Iterator[tuple[str, Card]]:
        """Units on the field and Legends in the Legends area, with their controller."""
        for name, p in self.players.items():
            for c in p.field:
                yield name, c
            for c in p.legends:
                yield name, c

    def find_in_play(self, uid: str) -> tuple[str, str, Card] | None:
        """(controller, area, card) of a card on the field or in the Legends area."""
        for name, p in self.players.items():
            for c in p.field:
                if c.uid == uid:
                    return name, "field", c
            for c in p.legends:
                if c.uid == uid:
                    return name, "legends", c
        return None

    def find_gear(self, uid: str) -> tuple[str, Card, Card] | None:
        """(controller, holder, gear) of an equipped Gear."""
        for name, holder in self.all_cards_in_play():
            for g in holder.gears:
                if g.uid == uid:
                    return name, holder, g
        return None

    def find_die(self, die_id: str) -> tuple[str, Die] | None:
        for name, p in self.players.items():
            for d in p.gigs:
                if d.id == die_id:
                    return name, d
        return None

    def clone(self) -> "GameState":
        import copy                     # rarely used: not on every start
        return copy.deepcopy(self)
