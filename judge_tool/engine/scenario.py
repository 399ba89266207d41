"""Scenario files: TOML (read with `tomllib`), validated strictly, run on the engine,
checked against their expectations. The format is described in docs/scenarios.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, Callable

from .cite import R
from .effects import parse_effect
from .errors import DecisionError, GameOver, Illegal, NeedEnumeration, SpecError
from .game import Game, Outcome
from .lines import LazyLineMap, LineMap
from .rules_math import street_cred
from .schema import Reader, check_limit, did_you_mean, expect_choice, expect_type, join
from .script import ACTS, DECISIONS, ChoiceSpec, RollSpec, Script
from .state import KEYWORDS, PLAYERS, UNKNOWN_CARD, Card, CardDef, Die, GameState, Player
from .trace import Phrase, Step

DIE_SIZES = (4, 6, 8, 10, 12, 20)
ACTION_VERBS = ("start_phase", "sell", "call", "play", "activate", "attack", "pass")
REACTION_VERBS = ("block", "call", "play", "activate", "end", "sell", "attack")
# Where an effect resolved (`expect.resolved_at`; Game.moment): a phase, or the attack's step.
MOMENTS = ("start", "main", "end", "declare", "react", "fight", "fight_result", "steal",
           "attack_end")
RULE_ID = re.compile(r"^\d+(?:\.\d+)*$")
MAX_RUNS = 400           # enumerated runs of one file (two d20s); keeps a check under a second


class ScenarioFileError(Exception):
    """An invalid scenario file: `file:line: message`."""

    def __init__(self, file: str, line: int, message: str) -> None:
        self.file = file
        self.line = line
        self.message = message
        super().__init__(f"{file}:{line}: {message}" if line else f"{file}: {message}")


# ---------------------------------------------------------------------- spec objects

@dataclass(frozen=True)
class ActionSpec:
    """One action of a scenario file, where it was written."""

    verb: str
    player: str | None
    params: dict
    path: str


@dataclass
class Scenario:
    """A scenario file read and checked: cards, state, actions, expectations."""

    file: str
    title: str
    question: str
    refs: tuple[str, ...]
    cards: dict[str, CardDef]
    state: dict
    actions: list[ActionSpec]
    rolls: list[RollSpec]
    choices: list[ChoiceSpec]
    expect: dict
    lines: LineMap | LazyLineMap
    build: Callable[[], GameState] = field(repr=False, default=None)  # type: ignore[assignment]

    def line(self, path: str) -> int:
        return self.lines.find(path)


# ---------------------------------------------------------------------- loading

MAX_DECK = 1000          # a sanity bound: a scenario deck is a count of unnamed cards


def load_scenario(path: str | Path, rule_exists: Callable[[str], bool] | None = None) -> Scenario:
    """Read and validate a scenario. With `rule_exists`, rule numbers the file names
    (refs, cites, illegal_rule, attacks[].ended) must exist in the rulebook."""
    from pathlib import Path
    path = Path(path)
    from ..limits import MAX_TOML_BYTES
    from ..safepath import PathProblem, read_text
    try:
        # a FIFO or device is refused unopened, a size over the limit unread, a BOM dropped
        text = read_text(path, MAX_TOML_BYTES, "scenario file")
    except PathProblem as exc:
        raise ScenarioFileError(str(path), exc.line, exc.message) from None
    return parse_scenario(text, str(path), rule_exists)


def parse_scenario(text: str, file: str = "<scenario>",
                   rule_exists: Callable[[str], bool] | None = None) -> Scenario:
    import tomllib
    from ..tomlfile import DataError, check_limits
    try:
        check_limits(text, file)              # size and nesting (issue 16's limits)
        data = tomllib.loads(text)
    except DataError as exc:
        raise ScenarioFileError(file, exc.line, exc.message) from None
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = int(m.group(1)) if m else 0
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise ScenarioFileError(file, line, f"TOML syntax: {msg}") from None
    except RecursionError:
        raise ScenarioFileError(file, 0, "nested too deeply") from None
    except ValueError as exc:               # an integer of thousands of digits
        raise ScenarioFileError(file, 0, f"TOML value: {str(exc).split(';')[0]}") from None
    return scenario_from_table(data, file, rule_exists, LazyLineMap(text))


def scenario_from_table(data: dict, file: str = "<scenario>",
                        rule_exists: Callable[[str], bool] | None = None,
                        lines: LazyLineMap | None = None) -> Scenario:
    """`parse_scenario` for a table already in memory, as `tomllib` gives it (what `judge
    ask` builds): the same checks and the same run, without writing TOML text and parsing
    it back on every question. `lines` gives line numbers for errors (from text made only
    when an error needs it)."""
    lines = lines if lines is not None else LazyLineMap("")
    try:
        scn = _validate(data, file, lines)
        if rule_exists is not None:
            _check_rule_ids(scn, rule_exists)
        return scn
    except SpecError as exc:
        raise ScenarioFileError(file, lines.find(exc.path), exc.render()) from None


def _validate(data: dict, file: str, lines: LineMap | LazyLineMap) -> Scenario:
    r = Reader(data, "")
    title = r.get("title", str)
    question = r.get("question", str)
    refs = tuple(r.get("refs", list, []))
    for i, ref in enumerate(refs):
        expect_type(ref, str, join("refs", i))
        if not RULE_ID.match(ref):
            raise SpecError(join("refs", i), f"{ref!r} is not a rule number like 9.23.2.2")
    cards = _cards(r.get("cards", dict, {}))
    state_raw = r.get("state", dict, {})
    actions_raw = r.get("actions", list, [])
    rolls_raw = r.get("rolls", list, [])
    choices_raw = r.get("choices", list, [])
    expect_raw = r.get("expect", dict)
    r.finish()
    build, ids = _state(state_raw, cards)
    known = set(cards) | ids | {"?"}
    actions = [_action(a, join("actions", i), known) for i, a in enumerate(actions_raw)]
    rolls = [_roll(x, join("rolls", i)) for i, x in enumerate(rolls_raw)]
    choices = [_choice(x, join("choices", i)) for i, x in enumerate(choices_raw)]
    expect = _expect(expect_raw, "expect", known, top=True)
    enum = [x for x in rolls if x.value == "enumerate"]
    if "faces" in expect and not enum:
        raise SpecError("expect.faces", "[expect.faces] needs a roll with value = \"enumerate\"")
    runs = 1
    for x in enum:
        runs *= x.die or 20
    if runs > MAX_RUNS:
        raise SpecError(enum[-1].path, f"the \"enumerate\" rolls make up to {runs} runs; "
                                       f"the limit is {MAX_RUNS} (give some rolls a value)")
    scn = Scenario(file, title, question, refs, cards, state_raw, actions, rolls, choices, expect, lines)
    scn.build = build
    return scn


def _check_rule_ids(scn: Scenario, exists: Callable[[str], bool]) -> None:
    def check(rule: str, path: str) -> None:
        if rule != "no" and not exists(rule):
            raise SpecError(path, f"no rule {rule} in the rulebook")
    for i, ref in enumerate(scn.refs):
        check(ref, join("refs", i))

    def walk(exp: dict, path: str) -> None:
        if "illegal_rule" in exp:
            check(exp["illegal_rule"], join(path, "illegal_rule"))
        for i, c in enumerate(exp.get("cites", [])):
            check(c, join(join(path, "cites"), i))
        for i, row in enumerate(exp.get("attacks", [])):
            if "ended" in row:
                check(row["ended"], join(join(join(path, "attacks"), i), "ended"))
        for (lo, hi), sub in exp.get("faces", {}).items():
            walk(sub, join(join(path, "faces"), f"{lo}-{hi}" if lo != hi else str(lo)))
    walk(scn.expect, "expect")


def _cards(raw: dict) -> dict[str, CardDef]:
    out: dict[str, CardDef] = {}
    for name, spec in raw.items():
        path = join("cards", name)
        if name == "?":
            raise SpecError(path, "'?' is reserved for an unnamed card")
        r = Reader(spec, path)
        ctype = r.get("type", str, choices=("unit", "gear", "program", "legend"))
        cost_raw = r.get("cost", (int, str), None if ctype == "legend" else 0)
        if isinstance(cost_raw, str):
            expect_choice(cost_raw, ("null",), r.at("cost"))
            cost = None
        else:
            cost = cost_raw
        if cost is not None and cost < 0:
            raise SpecError(r.at("cost"), "a cost cannot be negative")
        power = r.get("power", int, 0)
        keywords = r.get("keywords", list, [])
        for i, k in enumerate(keywords):
            expect_type(k, str, join(r.at("keywords"), i))
            if k not in KEYWORDS:
                raise SpecError(join(r.at("keywords"), i), f"unknown keyword {k!r}", did_you_mean(k, KEYWORDS))
        sell = r.get("sell_tag", bool, False)
        tags = r.get("tags", list, [])
        for i, t in enumerate(tags):
            expect_type(t, str, join(r.at("tags"), i))
        color = r.get("color", str, "")
        ram = r.get("ram", int, None)
        r.get("text", str, "")
        effects_raw = r.get("effects", list, [])
        r.finish()
        effects = tuple(parse_effect(e, join(r.at("effects"), i), name, ctype, i)
                        for i, e in enumerate(effects_raw))
        labels = [e.label for e in effects]
        for i, lab in enumerate(labels):
            if labels.index(lab) != i:
                raise SpecError(join(join(r.at("effects"), i), "label"),
                                f"two effects of {name!r} share the label {lab!r}; give one a distinct label")
        out[name] = CardDef(name, ctype, cost, power, frozenset(keywords), sell,
                            frozenset(t.upper() for t in tags), effects, color=color.lower(), ram=ram)
    return out


def _card_ref(name: Any, cards: dict[str, CardDef], path: str, allow_unknown: bool = False) -> CardDef:
    expect_type(name, str, path)
    if name == "?" and allow_unknown:
        return UNKNOWN_CARD
    if name not in cards:
        # hook: a card of the pool used by name, with no [cards] block (judge_tool/cards/bridge.py)
        from ..cards.bridge import pool_card
        cards[name] = pool_card(name, path, cards)
    return cards[name]


def _die_size(text: str, path: str) -> int:
    m = re.fullmatch(r"d(\d+)", text.strip().lower())
    if not m or int(m.group(1)) not in DIE_SIZES:
        raise SpecError(path, f"{text!r} is not a Gig die (d4, d6, d8, d10, d12, d20)",
                        did_you_mean(text, [f"d{s}" for s in DIE_SIZES]))
    return int(m.group(1))


_GIG = re.compile(r"^(?:(?P<owner>[AB])\.)?(?P<die>d\d+)\s*=\s*(?P<value>-?\d+)$")


def _gig(spec: Any, player: str, path: str) -> tuple[str, int, int]:
    if isinstance(spec, str):
        m = _GIG.match(spec.strip())
        if not m:
            raise SpecError(path, f"{spec!r} is not a Gig like \"d6=4\" or \"B.d8=7\" (owner.die=value)")
        owner, sides, value = m.group("owner") or player, _die_size(m.group("die"), path), int(m.group("value"))
    else:
        r = Reader(spec, path)
        sides = _die_size(r.get("die", str), r.at("die"))
        value = r.get("value", int)
        owner = r.get("owner", str, player, PLAYERS)
        r.finish()
    if not 1 <= value <= sides:
        raise SpecError(path, f"a d{sides} shows 1..{sides}, not {value}")
    return owner, sides, value


def _state(raw: dict, cards: dict[str, CardDef]) -> tuple[Callable[[], GameState], set[str]]:
    r = Reader(raw, "state")
    turn_player = r.get("turn_player", str, "A", PLAYERS)
    turn = r.get("turn", int, 1)
    if turn < 1:
        raise SpecError(r.at("turn"), "turns are numbered from 1")
    phase = r.get("phase", str, "main", ("start", "main", "end"))
    overtime = r.get("overtime", bool, False)
    used = r.get("used_this_turn", list, [])
    for i, x in enumerate(used):
        expect_type(x, str, join(r.at("used_this_turn"), i))
    empty_fixer_turns = r.get("empty_fixer_turns", int, 0)
    if not 0 <= empty_fixer_turns <= 2:
        raise SpecError(r.at("empty_fixer_turns"), "counts turns toward overtime: 0, 1 or 2")
    players_raw = {name: r.get(name, dict, {}) for name in PLAYERS}
    r.finish()

    # (uid wish, defn, owner, extra) in a deterministic order; uids assigned afterwards
    specs: dict[str, dict] = {}
    explicit: dict[str, str] = {}
    dice_seen: dict[tuple[str, int], str] = {}
    die_count = {p: 0 for p in PLAYERS}
    legends_count = {p: 0 for p in PLAYERS}

    def claim_die(owner: str, sides: int, path: str) -> None:
        die_count[owner] += 1
        if die_count[owner] > 6:
            raise SpecError(path, f"player {owner} would own {die_count[owner]} dice; a player owns 6 "
                                  "(one each of d4, d6, d8, d10, d12, d20)")
        if (owner, sides) in dice_seen:
            raise SpecError(path, f"{owner}.d{sides} is already at {dice_seen[(owner, sides)]}; "
                                  "a player owns one die of each size")
        dice_seen[(owner, sides)] = path

    def claim_id(uid: str, path: str) -> None:
        if uid in explicit:
            raise SpecError(path, f"id {uid!r} is already used at {explicit[uid]}")
        explicit[uid] = path

    for pname, praw in players_raw.items():
        ppath = join("state", pname)
        pr = Reader(praw, ppath)
        spec: dict[str, Any] = {}
        deck = pr.get("deck", (int, list), 0)
        if isinstance(deck, int):
            if deck < 0:
                raise SpecError(pr.at("deck"), "a deck cannot have fewer than 0 cards")
            if deck > MAX_DECK:
                raise SpecError(pr.at("deck"), f"a deck of {deck} cards is not a game state (at most {MAX_DECK})")
            spec["deck"] = [UNKNOWN_CARD] * deck
        else:
            spec["deck"] = [_card_ref(c, cards, join(pr.at("deck"), i), True) for i, c in enumerate(deck)]
        for zone in ("hand", "trash", "removed"):
            items = pr.get(zone, list, [])
            spec[zone] = [_card_ref(c, cards, join(pr.at(zone), i), True) for i, c in enumerate(items)]
        field_items = []
        for i, item in enumerate(pr.get("field", list, [])):
            ipath = join(pr.at("field"), i)
            if isinstance(item, str):
                item = {"card": item}
            fr = Reader(item, ipath)
            defn = _card_ref(fr.get("card", str), cards, fr.at("card"))
            uid = fr.get("id", str, "")
            spent = fr.get("spent", bool, False)
            lag = fr.get("lag", bool, False)
            go_solo = fr.get("go_solo", bool, False)
            gears = [_card_ref(g, cards, join(fr.at("gears"), j)) for j, g in enumerate(fr.get("gears", list, []))]
            fr.finish()
            if defn.type == "gear":
                raise SpecError(ipath, f"{defn.name} is a Gear: it cannot be on the field by itself; "
                                       "list it under a Unit's gears = [...]")
            if defn.type == "program":
                raise SpecError(ipath, f"{defn.name} is a Program: Programs go to the trash after they resolve, never to the field")
            if defn.type == "legend":     # played to the field (4.5), by GO SOLO or not
                legends_count[pname] += 1
            elif go_solo:
                raise SpecError(join(ipath, "go_solo"), "only a Legend can be on the field by GO SOLO")
            for j, g in enumerate(gears):
                if g.type != "gear":
                    raise SpecError(join(join(ipath, "gears"), j), f"{g.name} is a {g.type}, not a Gear")
            if uid:
                claim_id(uid, join(ipath, "id"))
            field_items.append(dict(defn=defn, uid=uid, spent=spent, lag=lag, go_solo=go_solo, gears=gears))
        spec["field"] = field_items
        legend_items = []
        for i, item in enumerate(pr.get("legends", list, [])):
            ipath = join(pr.at("legends"), i)
            if isinstance(item, str):
                item = {"card": item}
            lr = Reader(item, ipath)
            defn = _card_ref(lr.get("card", str), cards, lr.at("card"))
            uid = lr.get("id", str, "")
            face_up = lr.get("face_up", bool, False)
            spent = lr.get("spent", bool, False)
            gears = [_card_ref(g, cards, join(lr.at("gears"), j)) for j, g in enumerate(lr.get("gears", list, []))]
            lr.finish()
            if defn.type != "legend":
                raise SpecError(ipath, f"{defn.name} is a {defn.type}: only Legends go in the Legends area")
            if gears and not face_up:
                raise SpecError(join(ipath, "gears"), "a Gear can only be equipped to a face-up Legend")
            for j, g in enumerate(gears):
                if g.type != "gear":
                    raise SpecError(join(join(ipath, "gears"), j), f"{g.name} is a {g.type}, not a Gear")
            legends_count[pname] += 1
            if uid:
                claim_id(uid, join(ipath, "id"))
            legend_items.append(dict(defn=defn, uid=uid, spent=spent, face_up=face_up, gears=gears))
        spec["legends"] = legend_items
        for zone in ("deck", "hand", "trash", "removed"):
            legends_count[pname] += sum(1 for d in spec[zone] if d.type == "legend")
        if legends_count[pname] > 3:
            raise SpecError(pr.at("legends"), f"player {pname} has {legends_count[pname]} Legends; a deck has 3")
        eddies = pr.get("eddies", (int, dict), 0)
        if isinstance(eddies, dict):
            er = Reader(eddies, pr.at("eddies"))
            ready, spent = er.get("ready", int, 0), er.get("spent", int, 0)
            er.finish()
        else:
            ready, spent = eddies, 0
        if ready < 0 or spent < 0:
            raise SpecError(pr.at("eddies"), "Eddie counts cannot be negative")
        spec["eddies"] = (ready, spent)
        fixer = []
        for i, d in enumerate(pr.get("fixer", list, [])):
            dpath = join(pr.at("fixer"), i)
            expect_type(d, str, dpath)
            sides = _die_size(d, dpath)
            claim_die(pname, sides, dpath)
            fixer.append(sides)
        spec["fixer"] = fixer
        gigs = []
        for i, g in enumerate(pr.get("gigs", list, [])):
            gpath = join(pr.at("gigs"), i)
            owner, sides, value = _gig(g, pname, gpath)
            claim_die(owner, sides, gpath)
            gigs.append((owner, sides, value))
        spec["gigs"] = gigs
        spec["sold"] = pr.get("sold_this_turn", bool, False)
        spec["called"] = pr.get("called_this_turn", bool, False)
        pr.finish()
        specs[pname] = spec

    # assign uids: explicit ids, then names, then name#2, name#3 ...
    taken = set(explicit)
    counts: dict[str, int] = {}

    def uid_for(defn: CardDef, wish: str) -> str:
        if wish:
            return wish
        n = counts.get(defn.name, 0) + 1
        while True:
            candidate = defn.name if n == 1 else f"{defn.name}#{n}"
            if candidate not in taken:
                counts[defn.name] = n
                taken.add(candidate)
                return candidate
            n += 1

    all_ids: set[str] = set(explicit)
    for pname in PLAYERS:
        spec = specs[pname]
        for item in spec["field"]:
            item["uid"] = uid_for(item["defn"], item["uid"])
            item["gear_uids"] = [uid_for(g, "") for g in item["gears"]]
        for item in spec["legends"]:
            item["uid"] = uid_for(item["defn"], item["uid"])
            item["gear_uids"] = [uid_for(g, "") for g in item["gears"]]
    for pname in PLAYERS:
        spec = specs[pname]
        for zone in ("hand", "deck", "trash", "removed"):
            spec[zone + "_uids"] = [uid_for(d, "") if d is not UNKNOWN_CARD else f"?#{pname}{zone}{i}"
                                    for i, d in enumerate(spec[zone])]
    all_ids |= taken

    def build() -> GameState:
        players = {}
        for pname in PLAYERS:
            spec = specs[pname]
            p = Player(pname)
            for zone in ("hand", "deck", "trash", "removed"):
                getattr(p, zone).extend(Card(u, d, pname) for u, d in zip(spec[zone + "_uids"], spec[zone]))
            for item in spec["field"]:
                c = Card(item["uid"], item["defn"], pname, spent=item["spent"], lag=item["lag"],
                         go_solo=item["go_solo"])
                c.gears = [Card(u, g, pname) for u, g in zip(item["gear_uids"], item["gears"])]
                p.field.append(c)
            for item in spec["legends"]:
                c = Card(item["uid"], item["defn"], pname, spent=item["spent"], face_up=item["face_up"])
                c.gears = [Card(u, g, pname) for u, g in zip(item["gear_uids"], item["gears"])]
                p.legends.append(c)
            p.eddies_ready, p.eddies_spent = spec["eddies"]
            p.fixer = list(spec["fixer"])
            p.gigs = [Die(o, s, v) for o, s, v in spec["gigs"]]
            p.sold_turn = turn if spec["sold"] else None
            p.called_turn = turn if spec["called"] else None
            players[pname] = p
        return GameState(players=players, turn_player=turn_player, turn=turn, phase=phase,
                         overtime=overtime, empty_fixer_turns=empty_fixer_turns, used=set(used))

    return build, all_ids


def _pay(raw: Any, path: str) -> dict:
    r = Reader(raw, path)
    eddies = r.get("eddies", int, 0)
    legends = r.get("legends", list, [])
    for i, x in enumerate(legends):
        expect_type(x, str, join(r.at("legends"), i))
    r.finish()
    if eddies < 0:
        raise SpecError(join(path, "eddies"), "cannot be negative")
    return {"eddies": eddies, "legends": legends}


def _known(ref: str, known: set[str], path: str) -> str:
    if ref not in known:
        raise SpecError(path, f"no card or id {ref!r} in this scenario", did_you_mean(ref, known))
    return ref


def _pay_param(r: "Reader") -> Any:
    """An optional `pay = {...}`: checked when given, None (the engine asks) when not."""
    return _pay(r.raw("pay"), r.at("pay")) if r.has("pay") else r.raw("pay", None)


def _action(raw: Any, path: str, known: set[str]) -> ActionSpec:
    r = Reader(raw, path)
    verb = r.get("do", str)
    if verb not in ACTION_VERBS:
        raise SpecError(r.at("do"), f"unknown action {verb!r} (one of {', '.join(ACTION_VERBS)})",
                        did_you_mean(verb, ACTION_VERBS))
    player = r.get("player", str, None, PLAYERS + (None,))
    params: dict[str, Any] = {}
    if verb == "sell":
        params["card"] = _known(r.get("card", str), known, r.at("card"))
    elif verb == "call":
        legend = r.get("legend", str, None)
        params["legend"] = legend and _known(legend, known, r.at("legend"))
        params["pay"] = _pay_param(r)
    elif verb == "play":
        params["card"] = _known(r.get("card", str), known, r.at("card"))
        target = r.get("target", str, None)
        params["target"] = target and _known(target, known, r.at("target"))
        params["from"] = r.get("from", str, "hand", ("hand", "legends"))
        params["pay"] = _pay_param(r)
    elif verb == "activate":
        params["card"] = _known(r.get("card", str), known, r.at("card"))
        params["effect"] = r.get("effect", str, None)
        params["pay"] = _pay_param(r)
    elif verb == "attack":
        params["unit"] = _known(r.get("unit", str), known, r.at("unit"))
        target = r.get("target", str)
        # "any": whichever target is valid; refused when there is none (9.3.2.4)
        params["target"] = target if target in ("gigs", "any") else _known(target, known, r.at("target"))
        if r.has("reactions"):
            reactions = r.get("reactions", list)
            params["reactions"] = [_reaction(x, join(r.at("reactions"), i), known) for i, x in enumerate(reactions)]
        else:
            r.allowed.append("reactions")
            params["reactions"] = None
    r.finish()
    return ActionSpec(verb, player, params, path)


def _reaction(raw: Any, path: str, known: set[str]) -> ActionSpec:
    r = Reader(raw, path)
    verb = r.get("do", str)
    if verb not in REACTION_VERBS:
        raise SpecError(r.at("do"), f"unknown reaction {verb!r} (one of {', '.join(REACTION_VERBS)})",
                        did_you_mean(verb, REACTION_VERBS))
    player = r.get("player", str, None, PLAYERS + (None,))
    params: dict[str, Any] = {}
    if verb in ("block", "attack"):
        params["unit"] = _known(r.get("unit", str), known, r.at("unit"))
    elif verb == "call":
        legend = r.get("legend", str, None)
        params["legend"] = legend and _known(legend, known, r.at("legend"))
    elif verb != "end":
        params["card"] = _known(r.get("card", str), known, r.at("card"))
        if verb == "activate":
            params["effect"] = r.get("effect", str, None)
    if verb not in ("block", "end", "sell", "attack"):
        params["pay"] = _pay_param(r)
    r.finish()
    return ActionSpec(verb, player, params, path)


def _roll(raw: Any, path: str) -> RollSpec:
    if isinstance(raw, (int, str)) and not isinstance(raw, bool):
        raw = {"value": raw}
    r = Reader(raw, path)
    value = r.get("value", (int, str))
    if isinstance(value, str):
        expect_choice(value, ("enumerate",), r.at("value"))
    player = r.get("player", str, None, PLAYERS + (None,))
    die = r.get("die", str, None)
    sides = _die_size(die, r.at("die")) if die is not None else None
    r.finish()
    if isinstance(value, int) and sides is not None and not 1 <= value <= sides:
        raise SpecError(r.at("value"), f"a d{sides} shows 1..{sides}, not {value}")
    return RollSpec(value, player, sides, path)


def _choice(raw: Any, path: str) -> ChoiceSpec:
    r = Reader(raw, path)
    decision = r.get("decision", str)
    if decision not in DECISIONS:
        raise SpecError(r.at("decision"), f"unknown decision {decision!r}", did_you_mean(decision, DECISIONS))
    pick = r.raw("pick")
    if decision in ("act", "act_resolving"):
        expect_choice(pick, ACTS, r.at("pick"))
    player = r.get("player", str, None, PLAYERS + (None,))
    r.finish()
    return ChoiceSpec(decision, pick, player, path)


# ---------------------------------------------------------------------- expectations

PLAYER_EXPECT = {
    "hand": list, "hand_count": int, "deck": list, "deck_top": list, "deck_count": int, "trash": list,
    "trash_count": int, "field": list, "gigs": list, "gig_count": int, "fixer": list,
    "eddies": int, "eddies_spent": int, "removed": list, "legends_face_up": list,
    "spent": list, "lag": list,
}


def _expect(raw: Any, path: str, known: set[str], top: bool) -> dict:
    r = Reader(raw, path)
    out: dict[str, Any] = {}
    simple = {
        "legal": (bool, None), "illegal_rule": (str, None),
        "winner": (str, ("A", "B", "tie", "none")), "loser": (str, ("A", "B", "none")),
        "fight": (str, ("attacker", "defender", "both_lose", "none")),
        "stolen": (int, None), "searched": (int, None), "defeated": (list, None), "resolved": (list, None),
        "resolved_at": (dict, None), "resolved_by": (list, None),
        "cites": (list, None), "attacks": (list, None), "street_cred": (dict, None), "power": (dict, None),
        "overtime": (bool, None), "turn": (int, None), "forced": (list, None),
        "turn_player": (str, PLAYERS),
    }
    for key, (types, choices) in simple.items():
        if r.has(key):
            out[key] = r.get(key, types, choices=choices)
    for key in ("illegal_rule",):
        if key in out and not RULE_ID.match(out[key]):
            raise SpecError(r.at(key), f"{out[key]!r} is not a rule number")
    for i, c in enumerate(out.get("cites", [])):
        expect_type(c, str, join(r.at("cites"), i))
        if not RULE_ID.match(c):
            raise SpecError(join(r.at("cites"), i), f"{c!r} is not a rule number")
    for key in ("defeated", "resolved", "forced"):
        for i, x in enumerate(out.get(key, [])):
            expect_type(x, str, join(r.at(key), i))
    for i, x in enumerate(out.get("resolved_by", [])):
        expect_choice(x, PLAYERS, join(r.at("resolved_by"), i))
    for label, moment in out.get("resolved_at", {}).items():
        expect_choice(moment, MOMENTS, join(r.at("resolved_at"), label))
    if "attacks" in out:
        rows = []
        for i, a in enumerate(out["attacks"]):
            ar = Reader(a, join(r.at("attacks"), i))
            row = {}
            if ar.has("stolen"):
                row["stolen"] = ar.get("stolen", int)
            if ar.has("fight"):
                row["fight"] = ar.get("fight", str, choices=("attacker", "defender", "both_lose"))
            if ar.has("ended"):
                row["ended"] = ar.get("ended", str)
            if ar.has("target"):
                row["target"] = ar.get("target", str)
            ar.allowed.extend(["stolen", "fight", "ended", "target"])
            ar.finish()
            rows.append(row)
        out["attacks"] = rows
    if "street_cred" in out:
        sr = Reader(out["street_cred"], r.at("street_cred"))
        sc = {}
        for pl in PLAYERS:
            if sr.has(pl):
                v = sr.get(pl, (int, str))
                if isinstance(v, str):
                    expect_choice(v, ("null",), sr.at(pl))
                sc[pl] = v
        sr.finish()
        out["street_cred"] = sc
    if "power" in out:
        for k, v in out["power"].items():
            _known(k, known, join(r.at("power"), k))
            expect_type(v, int, join(r.at("power"), k))
            check_limit(v, "power", join(r.at("power"), k))
    for pl in PLAYERS:
        if r.has(pl):
            pr = Reader(r.get(pl, dict), r.at(pl))
            row = {}
            for key, t in PLAYER_EXPECT.items():
                if pr.has(key):
                    row[key] = pr.get(key, t)
                    if t is list:
                        for i, x in enumerate(row[key]):
                            expect_type(x, str, join(pr.at(key), i))
                        if key == "gigs":
                            row[key] = [_norm_gig(x, pl, join(pr.at(key), i)) for i, x in enumerate(row[key])]
                        if key == "fixer":
                            row[key] = sorted(_die_size(x, join(pr.at(key), i)) for i, x in enumerate(row[key]))
            pr.finish()
            out[pl] = row
    if top and r.has("faces"):
        faces = {}
        fr = Reader(r.get("faces", dict), r.at("faces"))
        for key in list(fr.data):
            m = re.fullmatch(r"(\d+)(?:-(\d+))?", key)
            if not m:
                raise SpecError(fr.at(key), f"faces are keyed by a face or a range like \"1-3\", not {key!r}")
            lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
            faces[(lo, hi)] = _expect(fr.get(key, dict), fr.at(key), known, top=False)
        fr.finish()
        out["faces"] = faces
    r.finish()
    if not out:
        raise SpecError(path, "no expectations: say what should happen (e.g. stolen = 2)")
    return out


def _norm_gig(text: str, player: str, path: str) -> str:
    owner, sides, value = _gig(text, player, path)
    return f"{owner}.d{sides}={value}"


@dataclass
class Check:
    """One expectation of a scenario and whether the run met it."""

    key: str
    expected: Any
    actual: Any
    passed: bool

    def to_dict(self) -> dict:
        return {"key": self.key, "expected": self.expected, "actual": self.actual, "passed": self.passed}


def _names(cards: list[Card]) -> list[str]:
    return sorted(c.name for c in cards)


def evaluate(expect: dict, out: Outcome, state: GameState, trace: list[Step], game: Game) -> list[Check]:
    checks: list[Check] = []

    def add(key: str, expected: Any, actual: Any, passed: bool | None = None) -> None:
        checks.append(Check(key, expected, actual, expected == actual if passed is None else passed))

    if "legal" in expect:
        add("legal", expect["legal"], out.legal)
    if "illegal_rule" in expect:
        add("illegal_rule", expect["illegal_rule"], out.illegal_rule)
    if "winner" in expect:
        add("winner", expect["winner"], out.winner or "none")
    if "loser" in expect:
        lost = {"A": "B", "B": "A"}.get(out.winner or "", "none")
        add("loser", expect["loser"], lost)
    if "fight" in expect:
        add("fight", expect["fight"], out.fights[-1]["result"] if out.fights else "none")
    if "stolen" in expect:
        add("stolen", expect["stolen"], out.stolen)
    if "searched" in expect:
        add("searched", expect["searched"], out.searched)
    if "overtime" in expect:
        add("overtime", expect["overtime"], state.overtime)
    if "turn" in expect:
        add("turn", expect["turn"], state.turn)
    if "turn_player" in expect:
        add("turn_player", expect["turn_player"], state.turn_player)
    if "forced" in expect:
        add("forced", expect["forced"], out.forced)
    if "defeated" in expect:
        add("defeated", sorted(expect["defeated"]), sorted(out.defeated))
    if "resolved" in expect:
        add("resolved", expect["resolved"], out.resolved)
    if "resolved_by" in expect:
        add("resolved_by", expect["resolved_by"], out.resolved_by)
    for label, moment in expect.get("resolved_at", {}).items():
        add(f"resolved_at.{label}", moment, out.resolved_at.get(label, "not resolved"))
    if "cites" in expect:
        cited = {s.rule for s in trace}
        missing = [c for c in expect["cites"] if c not in cited]
        add("cites", expect["cites"], [c for c in expect["cites"] if c in cited], not missing)
    if "attacks" in expect:
        for i, row in enumerate(expect["attacks"]):
            actual = out.attacks[i] if i < len(out.attacks) else None
            for key, want in row.items():
                got = None if actual is None else actual.get(key)
                if key == "ended":
                    got = got or "no"
                add(f"attacks[{i}].{key}", want, got)
        if len(out.attacks) != len(expect["attacks"]):
            add("attacks.count", len(expect["attacks"]), len(out.attacks))
    if "street_cred" in expect:
        for pl, want in expect["street_cred"].items():
            got = street_cred(state.players[pl].street_cred_values())
            add(f"street_cred.{pl}", want, "null" if got is None else got)
    if "power" in expect:
        for ref, want in expect["power"].items():
            card = None
            for _, c in state.all_cards_in_play():
                if c.uid == ref or c.name == ref:
                    card = c
                    break
            add(f"power.{ref}", want, game.power(card) if card is not None else "not in play")
    for pl in PLAYERS:
        if pl not in expect:
            continue
        p = state.players[pl]
        for key, want in expect[pl].items():
            k = f"{pl}.{key}"
            if key == "hand":
                add(k, sorted(want), _names(p.hand))
            elif key == "hand_count":
                add(k, want, len(p.hand))
            elif key == "deck":
                add(k, want, [c.name for c in p.deck])
            elif key == "deck_top":
                add(k, want, [c.name for c in p.deck[:len(want)]])
            elif key == "deck_count":
                add(k, want, len(p.deck))
            elif key == "trash":
                add(k, sorted(want), _names(p.trash))
            elif key == "trash_count":
                add(k, want, len(p.trash))
            elif key == "field":
                add(k, sorted(want), _names(p.field))
            elif key == "gigs":
                add(k, sorted(want), sorted(f"{d.id}={d.value}" for d in p.gigs))
            elif key == "gig_count":
                add(k, want, len(p.gigs))
            elif key == "fixer":
                add(k, [f"d{s}" for s in want], [f"d{s}" for s in sorted(p.fixer)])
            elif key == "eddies":
                add(k, want, p.eddies_ready)
            elif key == "eddies_spent":
                add(k, want, p.eddies_spent)
            elif key == "removed":
                add(k, sorted(want), _names(p.removed))
            elif key == "legends_face_up":
                add(k, sorted(want), sorted(c.name for c in p.legends if c.face_up))
            elif key == "spent":
                add(k, sorted(want), sorted(c.uid for c in [*p.field, *p.legends] if c.spent))
            elif key == "lag":
                add(k, sorted(want), sorted(c.uid for c in p.field if c.lag))
    return checks


# ---------------------------------------------------------------------- running

@dataclass
class Run:
    """One run of a scenario (one set of dice rolls) and its checks."""

    rolls: dict[int, int]
    outcome: Outcome
    state: GameState
    trace: list[Step]
    checks: list[Check]
    game: Game = field(repr=False, default=None)  # type: ignore[assignment]

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    def summary(self) -> dict:
        o = self.outcome
        sc = {pl: street_cred(self.state.players[pl].street_cred_values()) for pl in PLAYERS}
        return {
            "legal": o.legal, "winner": o.winner or "none", "stolen": o.stolen,
            "fight": o.fights[-1]["result"] if o.fights else "none",
            "defeated": list(o.defeated),
            "street_cred": {k: ("null" if v is None else v) for k, v in sc.items()},
        }


@dataclass
class ScenarioResult:
    """Every run of a scenario and whether all passed."""

    file: str
    title: str
    question: str
    runs: list[Run]
    enumerated: bool
    checks: list[Check]

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    @property
    def trace(self) -> list[Step]:
        return self.runs[0].trace if self.runs else []

    def to_dict(self) -> dict:
        data = {
            "file": self.file, "title": self.title, "question": self.question,
            "passed": self.passed,
            "expectations": [c.to_dict() for c in self.checks],
            "trace": [s.to_dict() for s in self.trace],
        }
        if self.enumerated:
            data["runs"] = [{"rolls": {str(k): v for k, v in r.rolls.items()}, "passed": r.passed,
                             "outcome": r.summary()} for r in self.runs]
        return data


def _execute(game: Game, act: ActionSpec) -> None:
    s = game.s
    player = act.player or s.turn_player
    pr = act.params
    if act.verb == "start_phase":
        if s.phase != "start":
            raise Illegal(R.START_PHASE, Phrase("illegal.start_phase_only"))
        if player != s.turn_player:
            raise Illegal(R.START_PHASE, Phrase("illegal.whose_turn", player=s.turn_player))
        game.start_phase()
        return
    if s.phase == "start":
        game.start_phase()
    if act.verb == "sell":
        game.sell(player, pr["card"], act.path)
    elif act.verb == "call":
        game.call_legend(player, pr["legend"], pr["pay"], path=act.path)
    elif act.verb == "play":
        p = s.players[player]
        zone = "legends" if pr["from"] == "legends" else "hand"
        card = game.ref(pr["card"], getattr(p, zone), "card", act.path)
        if card is not None and player != s.turn_player and card.type == "program" \
                and card.defn.has("QUICK"):
            # 11.26.2: in the rival's turn a QUICK Program is played only as a reaction, in
            # the React Step of their attack, by the defending player
            raise Illegal(R.REACT_ONLY_DEFENDER, Phrase("illegal.quick_program_rival_turn", card=card.name))
        game.require_main(player, "play")
        if card is None:
            where = "hand" if zone == "hand" else "Legends area"
            raise DecisionError(f"{act.path}: player {player} has no {pr['card']!r} in the {where}")
        game.play_card(player, card, zone=zone, target=pr["target"], pay=pr["pay"], path=act.path)
    elif act.verb == "activate":
        if player != s.turn_player and s.phase == "main" and any(
                e.kind == "activated" and e.quick and (pr["effect"] is None or e.label == pr["effect"])
                for c in [*s.players[player].field, *s.players[player].legends]
                if c.uid == pr["card"] or c.name == pr["card"] for e, _g in game.effects_of(c)):
            # 11.26.2: in the rival's turn a QUICK effect is used only as a reaction
            raise Illegal(R.REACT_ONLY_DEFENDER, Phrase("illegal.quick_effect_rival_turn", card=pr["card"]))
        game.activate(player, pr["card"], pr["effect"], pr["pay"], path=act.path)
    elif act.verb == "attack":
        game.attack_unit(player, pr["unit"], pr["target"], pr["reactions"], act.path, _react)
    elif act.verb == "pass":
        game.end_turn(player)


def _react(game: Game, spec: ActionSpec, index: int) -> None:
    a = game.attack
    player = spec.player or a.defender
    if player != a.defender:
        raise Illegal(R.REACT_ONLY_DEFENDER, Phrase("illegal.defender_reacts", player=a.defender))
    if a.react_over:
        raise Illegal(R.REACT_END, Phrase("illegal.react_over", player=a.defender))
    pr = spec.params
    if spec.verb == "end":
        a.react_over = True
        game.step(R.REACT_END, "react.chooses_end", player=player)
    elif spec.verb == "block":
        game.block(player, pr["unit"], spec.path)
    elif spec.verb == "call":
        game.step(R.REACT_CALL, "react.call", player=player)
        game.step(R.CALL_REACT, "react.call_allowed")
        game.call_legend(player, pr["legend"], pr["pay"], reaction=True, path=spec.path)
    elif spec.verb in ("sell", "attack"):
        # tried in the React Step: Main Phase actions of the turn player (8.11, 8.15), which
        # no reaction (9.8-9.10) is; the defending player is never the turn player
        game.require_main(player, spec.verb)
        raise DecisionError(f"{spec.path}: {spec.verb!r} is not a reaction (rule {R.REACT_STEP})")
    elif spec.verb == "play":
        p = game.p(player)
        card = game.ref(pr["card"], p.hand, "card", spec.path)
        if card is None:
            raise DecisionError(f"{spec.path}: player {player} has no {pr['card']!r} in hand")
        game.step(R.REACT_QUICK_PROGRAM, "react.quick_program", player=player, card=card.name)
        game.play_card(player, card, pay=pr["pay"], reaction=True, path=spec.path)
    else:
        game.step(R.REACT_QUICK, "react.quick_effect", player=player)
        game.activate(player, pr["card"], pr["effect"], pr["pay"], reaction=True, path=spec.path)


class ScenarioRunError(Exception):
    """A run stopped on a decision problem: `file:line: message` (exit 2). The line may be
    given as a function, called only when the error is shown: `judge ask` tries several
    scriptings of one situation and drops the errors of those the engine refuses, and
    finding a line means writing out and scanning the scenario text."""

    def __init__(self, file: str, line: int | Callable[[], int], message: str) -> None:
        super().__init__(file, message)
        self.file, self.message = file, message
        self._line = line

    @property
    def line(self) -> int:
        if callable(self._line):
            self._line = self._line()
        return self._line

    def __str__(self) -> str:
        line = self.line
        return f"{self.file}:{line}: {self.message}" if line else f"{self.file}: {self.message}"


def run_once(scn: Scenario, fixed: dict[int, int] | None = None) -> Run:
    state = scn.build()
    script = Script(scn.rolls, scn.choices, fixed)
    game = Game(state, script)
    current = ""
    i = -1
    try:
        try:
            game.check_state()      # a state already won (7 Gigs in overtime, 1.11)
            for i, act in enumerate(scn.actions):
                current = act.path
                if state.winner is not None:
                    raise DecisionError(f"{act.path}: the game is already over (winner {state.winner}); "
                                        "remove the actions after the end")
                _execute(game, act)
                game.check_state()
                if game.pending:     # never expected: every procedure resolves what it triggers
                    game.resolve_pending()
        except Illegal as exc:
            game.out.legal = False
            game.out.illegal_rule = exc.rule
            game.out.illegal_reason = exc.reason
            game.out.illegal_phrase = exc.phrase
            game.step(exc.rule, "illegal.step", reason=exc.phrase or exc.reason)
            rest = i + 1
            if rest < len(scn.actions):
                raise DecisionError(f"{scn.actions[rest].path}: actions after an illegal action are not run; "
                                    "end the scenario at the illegal action") from None
            # rolls/choices meant for the rest of that action are not used: not an error
            script.ri, script.ci = len(script.rolls), len(script.choices)
        except GameOver:
            if i + 1 < len(scn.actions):
                raise DecisionError(f"{scn.actions[i + 1].path}: the game is already over "
                                    f"(winner {state.winner}); remove the actions after the end") from None
        left = script.leftovers()
        if left:
            raise DecisionError(left[0] + (f" (and {len(left) - 1} more)" if len(left) > 1 else ""))
    except DecisionError as exc:
        where = exc.path or current
        message = str(exc)
        if exc.path and message.startswith(exc.path + ": "):
            message = message[len(exc.path) + 2:]
        raise ScenarioRunError(scn.file, (lambda: scn.line(where)) if where else 0,
                               (f"{where}: " if where else "") + message) from None
    checks = evaluate(scn.expect, game.out, state, game.trace, game)
    return Run(dict(fixed or {}), game.out, state, game.trace, checks, game)


def run_scenario(scn: Scenario) -> ScenarioResult:
    runs: list[Run] = []
    enumerated = False

    def rec(fixed: dict[int, int]) -> None:
        nonlocal enumerated
        if len(runs) >= MAX_RUNS:
            raise ScenarioRunError(scn.file, 0, f"more than {MAX_RUNS} enumerated runs")
        try:
            runs.append(run_once(scn, fixed))
        except NeedEnumeration as need:
            enumerated = True
            for face in range(1, need.sides + 1):
                rec({**fixed, need.index: face})

    rec({})
    faces = scn.expect.get("faces", {})
    if enumerated and faces:
        first = min(runs[0].rolls) if runs[0].rolls else None
        for run in runs:
            face = run.rolls.get(first)
            for (lo, hi), sub in faces.items():
                if face is not None and lo <= face <= hi:
                    extra = evaluate(sub, run.outcome, run.state, run.trace, run.game)
                    for c in extra:
                        c.key = f"faces.{lo}-{hi}.{c.key}" if lo != hi else f"faces.{lo}.{c.key}"
                    run.checks.extend(extra)
    if not enumerated:
        checks = runs[0].checks
    else:
        checks = _aggregate(runs)
    return ScenarioResult(scn.file, scn.title, scn.question, runs, enumerated, checks)


def _aggregate(runs: list[Run]) -> list[Check]:
    order: list[str] = []
    by_key: dict[str, list[tuple[Run, Check]]] = {}
    for run in runs:
        for c in run.checks:
            if c.key not in by_key:
                order.append(c.key)
                by_key[c.key] = []
            by_key[c.key].append((run, c))
    out = []
    for key in order:
        items = by_key[key]
        failed = [(r, c) for r, c in items if not c.passed]
        expected = items[0][1].expected
        if failed:
            actual = {",".join(str(v) for v in r.rolls.values()): c.actual for r, c in failed}
        else:
            actual = expected
        out.append(Check(key, expected, actual, not failed))
    return out


def shipped_scenarios() -> list[Path]:
    from ..resources import data_path
    return sorted(data_path("scenarios").glob("*.toml"))
