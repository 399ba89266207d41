"""Card effects as data: a small declarative vocabulary, no card-specific Python.

An effect is a TOML table on a card. Its kind follows from its keys:
`trigger` → triggered, `cost` → activated, `persistent` → persistent,
`replace` → replacement; a Program's plain `do` list resolves when it is played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Mapping

from .errors import SpecError
from .conditions import CHECKS, parse_conditions
from .targets import parse_filter, parse_target
from .schema import MISSING, Reader, did_you_mean, expect_choice, expect_type, join

# trigger keyword -> Turkish gloss (for labels and docs)
TRIGGERS: Mapping[str, str] = MappingProxyType({
    "PLAY": "bu kart oynandığında",
    "ATTACK": "bu birim saldırdığında",
    "DEFEATED": "bu kart mağlup edildiğinde",
    "CALL": "bu Legend çağrıldığında",
    "SPENT": "bu birim veya Legend harcandığında",
    "STEALS_GIG": "bu birim bir Gig çaldığında",
    "RIVAL_WOULD_STEAL": "rakip bir birim bir Gig çalacağında",
    "FRIENDLY_DEFEATED": "bir dost birim mağlup edildiğinde",
    "START_OF_TURN": "turunun başında",
    "END_OF_TURN": "turunun sonunda",
    "WINS_FIGHT": "bu birim bir çatışmayı kazandığında",
    "LOSES_FIGHT": "bu birim bir çatışmayı kaybettiğinde",
    "FIGHTS": "bu birim çatıştığında",
    "FRIENDLY_ATTACKS": "bir dost birim saldırdığında",
    "RIVAL_ATTACKS": "bir rakip birim saldırdığında",
})

CONDITIONS = tuple(CHECKS)         # the `if` keys (engine/conditions.py)
TRIGGER_FILTERS = ("equipped", "each_turn")
SCOPES = ("self", "other_friendly_units", "friendly_units", "rival_units", "all_units")
RESTRICTIONS = ("attack", "attack_gigs", "attack_units", "block", "be_defeated",
                "be_defeated_in_fight", "ready", "be_attacked")
ALLOWANCES = ("attack_ready_units", "attack_with_lag")
FIGHT_RESULTS = ("win", "lose")
WHILE = ("attacking", "fighting", "stealing")
REPLACEABLE = ("defeat", "draw", "steal", "trash")
WHOSE = ("self", "friendly", "rival", "any")
REDIRECTS = ("removed", "deck_bottom", "hand")

_REQ = MISSING
TARGET = "target"          # a parameter type: a target word or a filter table (targets.py)
OPTIONS = "options"        # a parameter type: [{ label, do = [actions] }, ...] (choose one)
WORDS_OF_RESTRICT = "restrict-words"   # a restriction name or a list of them
UNTIL = ("turn", "attack", "fight", "next_turn", "permanent")
# verb -> {param: (types, default, choices)}
VERBS: Mapping[str, Mapping[str, tuple]] = MappingProxyType({
    "draw": {"n": (int, 1, None), "up_to": (bool, False, None)},
    "trash": {"n": (int, 1, None), "up_to": (bool, False, None)},
    "search": {"n": (int, _REQ, None), "take": (int, 0, None), "type": (str, "", None),
               "to": (str, "hand", ("hand", "trash")), "reveal": (bool, False, None),
               "rest": (str, "top", ("top", "bottom", "bottom_any_order", "hand", "trash"))},
    "power": {"amount": (int, _REQ, None), "per_gear": (bool, False, None),
              "target": (TARGET, "self", None),
              "until": (str, "turn", ("turn", "attack", "fight"))},
    "adjust_gig": {"by": (int, _REQ, None), "direction": (str, "any", ("any", "up", "down")),
                   "gig": (str, "any", ("any", "friendly", "rival", "stolen")),
                   "exact": (bool, False, None)},
    "steal_gig": {"value_at_most": (int, 20, None), "value_at_least": (int, 1, None)},
    "swap_gigs": {},
    "play_from_trash": {"type": (str, "unit", ("unit", "gear")), "max_cost": (int, 99, None),
                        "free": (bool, True, None), "other": (bool, True, None)},
    "bottom_deck": {"target": (TARGET, "self", None)},
    "discard": {"cost": ((int, str), -1, None)},
    "prevent_steal": {},
    "defeat": {"target": (TARGET, "self", None)},
    "end_attack": {},
    "ready": {"target": (TARGET, "self", None)},
    "spend": {"target": (TARGET, "self", None)},
    "restrict": {"what": (WORDS_OF_RESTRICT, _REQ, None), "target": (TARGET, "self", None),
                 "until": (str, "turn", UNTIL)},
    "allow": {"what": (str, _REQ, ALLOWANCES), "target": (TARGET, "self", None),
              "until": (str, "turn", UNTIL)},
    "fight_result": {"result": (str, _REQ, FIGHT_RESULTS), "target": (TARGET, "self", None),
                     "until": (str, "fight", UNTIL)},
    "return_to_hand": {"target": (TARGET, "self", None)},
    "shuffle_into_deck": {"target": (TARGET, "self", None)},
    "remove": {"target": (TARGET, "self", None)},
    "move_gear": {"target": (TARGET, _REQ, None), "to": (TARGET, _REQ, None)},
    "gain_control": {"target": (TARGET, _REQ, None)},
    "sell": {"target": (TARGET, _REQ, None)},
    "choose": {"options": (OPTIONS, _REQ, None)},
    "win_game": {},
    "shuffle": {},
})


@dataclass(frozen=True)
class Action:
    """One step of an effect, as the card data writes it."""

    verb: str
    params: Mapping[str, Any]
    optional: bool = False
    then: tuple["Action", ...] = ()
    condition: Mapping[str, Any] = field(default_factory=dict)   # "Then, if …": checked when reached
    unless: Mapping[str, Any] = field(default_factory=dict)      # the other branch of "… instead if …"

    def get(self, key: str) -> Any:
        return self.params[key]


@dataclass(frozen=True)
class Cost:
    """What an activated effect costs."""

    eddies: int = 0
    spend: bool = False
    order: tuple[str, ...] = ()      # "eddies"/"spend" in printed order


@dataclass(frozen=True)
class EffectDef:
    """One effect of a card, as data: when it applies and what it does."""

    kind: str                       # triggered | activated | persistent | replacement | program
    label: str
    text: str = ""
    triggers: tuple[str, ...] = ()
    trigger_if: Mapping[str, Any] = field(default_factory=dict)
    cost: Cost | None = None
    quick: bool = False
    condition: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[Action, ...] = ()
    optional: bool = False
    box: str = ""                   # Gears: "top" (the Gear's own) or "bottom" (inherited)
    scope: str = ""                 # persistent
    power: int = 0
    while_: str = ""
    cost_reduction: int = 0
    reduction_type: str = ""
    replaces: str = ""              # replacement
    index: int = 0
    restrict: tuple[str, ...] = ()  # persistent: "can't ..."
    allow: tuple[str, ...] = ()     # persistent: "can ..."
    fight: str = ""                 # persistent: wins / loses its fights (9.17.4)
    filter: Any = None              # persistent: only cards matching this Filter
    of: str = "self"                # replacement: whose event (self/friendly/rival/any)
    wins: bool = False              # persistent: an alternate win condition (its `if`), 1.12
    redirect: str = ""              # replacement: where the card goes instead (removed/deck_bottom/hand)
    once_per_turn: bool = False     # triggered/activated/replacement: at most once each turn


def parse_action(data: Any, path: str) -> Action:
    r = Reader(data, path)
    verb = r.get("do", str)
    if verb not in VERBS:
        raise SpecError(r.at("do"), f"unknown action {verb!r}", did_you_mean(verb, VERBS))
    params: dict[str, Any] = {}
    for name, (types, default, choices) in VERBS[verb].items():
        if types == TARGET:
            raw = r.raw(name, default)
            params[name] = parse_target(raw, r.at(name))
        elif types == OPTIONS:
            raw = r.get(name, list)
            params[name] = tuple(_option(o, join(r.at(name), i)) for i, o in enumerate(raw))
            if len(params[name]) < 2:
                raise SpecError(r.at(name), "'choose' needs at least two options")
        elif types == WORDS_OF_RESTRICT:
            params[name] = _words(r, name, RESTRICTIONS)
            if not params[name]:
                raise SpecError(r.at(name), "name at least one restriction")
        else:
            params[name] = r.get(name, types, default, choices)
    optional = r.get("optional", bool, False)
    then_raw = r.get("then", list, [])
    condition = MappingProxyType(parse_conditions(r, "if"))
    unless = MappingProxyType(parse_conditions(r, "unless"))
    r.finish()
    if verb == "discard" and isinstance(params["cost"], str):
        expect_choice(params["cost"], ("gig_value",), r.at("cost"))
    for key in ("n", "amount", "by", "take"):
        if key in params and isinstance(params[key], int) and params[key] < 0 and key != "amount":
            raise SpecError(r.at(key), "must not be negative")
    then = tuple(parse_action(a, join(r.at("then"), i)) for i, a in enumerate(then_raw))
    return Action(verb, MappingProxyType(params), optional, then, condition, unless)


@dataclass(frozen=True)
class Option:
    """One choice of a modal effect."""

    label: str
    actions: tuple[Action, ...]


def _option(raw: Any, path: str) -> Option:
    r = Reader(raw, path)
    label = r.get("label", str)
    actions = _actions(r, "do")
    r.finish()
    return Option(label, actions)


def _actions(r: Reader, key: str) -> tuple[Action, ...]:
    raw = r.get(key, list, [])
    return tuple(parse_action(a, join(r.at(key), i)) for i, a in enumerate(raw))


def _mapping(r: Reader, key: str, allowed: tuple[str, ...]) -> Mapping[str, Any]:
    raw = r.get(key, dict, {})
    sub = Reader(raw, r.at(key))
    out = {}
    for name in allowed:
        if sub.has(name):
            out[name] = sub.get(name, bool if name in ("equipped", "attacking", "each_turn") else int)
    sub.allowed.extend(allowed)
    sub.finish()
    return MappingProxyType(out)


def _words(r: Reader, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    raw = r.get(key, (list, str), [])
    items = [raw] if isinstance(raw, str) else raw
    for i, w in enumerate(items):
        path = r.at(key) if isinstance(raw, str) else join(r.at(key), i)
        expect_type(w, str, path)
        expect_choice(w, allowed, path)
    return tuple(items)


def parse_effect(data: Any, path: str, card_name: str, card_type: str, index: int) -> EffectDef:
    r = Reader(data, path)
    kinds = [k for k in ("trigger", "cost", "persistent", "replace") if r.has(k)]
    if len(kinds) > 1:
        raise SpecError(path, f"an effect has one kind; found {', '.join(kinds)}")
    text = r.get("text", str, "")
    label = r.get("label", str, "")
    box = r.get("box", str, "bottom" if card_type == "gear" else "", ("top", "bottom", ""))
    condition = MappingProxyType(parse_conditions(r, "if"))
    optional = r.get("optional", bool, False)
    common = dict(text=text, condition=condition, optional=optional, box=box, index=index)
    if not kinds:
        if card_type != "program":
            raise SpecError(path, "needs one of 'trigger', 'cost', 'persistent' or 'replace' "
                                  "(only a Program's effect resolves on play without one)")
        actions = _actions(r, "do")
        r.finish()
        return EffectDef(kind="program", label=label or card_name, actions=actions, **common)
    kind = kinds[0]
    if kind == "trigger":
        raw = r.get("trigger", (str, list))
        triggers = [raw] if isinstance(raw, str) else raw
        for i, t in enumerate(triggers):
            tpath = r.at("trigger") if isinstance(raw, str) else join(r.at("trigger"), i)
            expect_type(t, str, tpath)
            if t not in TRIGGERS:
                raise SpecError(tpath, f"unknown trigger {t!r}", did_you_mean(t, TRIGGERS))
        if not triggers:
            raise SpecError(r.at("trigger"), "needs at least one trigger")
        trigger_if = _mapping(r, "trigger_if", TRIGGER_FILTERS)
        actions = _actions(r, "do")
        once = r.get("once_per_turn", bool, False)
        r.finish()
        return EffectDef(kind="triggered", label=label or f"{card_name} {'+'.join(triggers)}",
                         triggers=tuple(triggers), trigger_if=trigger_if, actions=actions,
                         once_per_turn=once, **common)
    if kind == "cost":
        craw = r.get("cost", dict)
        c = Reader(craw, r.at("cost"))
        eddies = c.get("eddies", int, 0)
        spend = c.get("spend", bool, False)
        c.finish()
        if eddies < 0:
            raise SpecError(join(r.at("cost"), "eddies"), "must not be negative")
        order = tuple(k for k in craw if (k == "eddies" and eddies) or (k == "spend" and spend))
        quick = r.get("quick", bool, False)
        actions = _actions(r, "do")
        once = r.get("once_per_turn", bool, False)
        r.finish()
        return EffectDef(kind="activated", label=label or f"{card_name} etkinleştirme",
                         cost=Cost(eddies, spend, order), quick=quick, actions=actions,
                         once_per_turn=once, **common)
    if kind == "persistent":
        scope = r.get("persistent", str, choices=SCOPES)
        power = r.get("power", int, 0)
        while_ = r.get("while", str, "", WHILE + ("",))
        reduction = r.get("cost_reduction", int, 0)
        rtype = r.get("reduction_type", str, "", ("", "unit", "gear", "program"))
        restrict = _words(r, "restrict", RESTRICTIONS)
        allow = _words(r, "allow", ALLOWANCES)
        fight = r.get("fight", str, "", FIGHT_RESULTS + ("",))
        flt = parse_filter(r.raw("filter"), r.at("filter")) if r.has("filter") else r.raw("filter", None)
        wins = r.get("win_game", bool, False)
        if wins and not condition:
            raise SpecError(r.at("win_game"), "an alternate win condition needs its condition in 'if'")
        r.finish()
        return EffectDef(kind="persistent", label=label or f"{card_name} sürekli", scope=scope,
                         power=power, while_=while_, cost_reduction=reduction,
                         reduction_type=rtype, restrict=restrict, allow=allow, fight=fight,
                         filter=flt, wins=wins, **common)
    replaces = r.get("replace", str, choices=REPLACEABLE)
    of = r.get("of", str, "self", WHOSE)
    redirect = r.get("redirect", str, "", REDIRECTS + ("",))
    flt = parse_filter(r.raw("filter"), r.at("filter")) if r.has("filter") else r.raw("filter", None)
    actions = _actions(r, "instead")
    once = r.get("once_per_turn", bool, False)
    if redirect and replaces not in ("defeat", "trash"):
        raise SpecError(r.at("redirect"), "'redirect' sends a card elsewhere: only for defeat or trash")
    if replaces == "trash" and not redirect:
        raise SpecError(r.at("redirect"), "a trash replacement says where the card goes instead: "
                                          "redirect = \"removed\", \"deck_bottom\" or \"hand\"")
    if not actions and not redirect:
        raise SpecError(r.at("instead"), "a replacement effect needs 'instead' actions or a 'redirect'")
    r.finish()
    return EffectDef(kind="replacement", label=label or f"{card_name} ikame", replaces=replaces,
                     actions=actions, of=of, redirect=redirect, filter=flt, once_per_turn=once, **common)
