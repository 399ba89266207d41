"""The understood situation as a scenario file, run on the rules engine (`judge check`'s
code): the engine, not `ask`, decides the answer, and `judge ask --scenario` prints the
same file with the answer as its expectation, so `judge check` on it agrees by
construction and by test.

Where the question leaves a decision open that cannot change the answer (which Gig the
attacker picks), the file scripts the first legal option; the run is retried with one more
scripted pick until the engine takes the script.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Iterator

from .say import Reason

ATTACKER, DEFENDER, BLOCKER = "Saldıran", "Savunan", "Bloklayan"
_SIZES = (4, 6, 8, 10, 12, 20)


@dataclass
class Built:
    """A scenario as data, and how to read the answer from the engine's run."""

    data: dict[str, Any]
    read: str                        # which outcome answers the question (see `value_of`)
    picks: list[str] = field(default_factory=list)   # Gig ids the attacker may pick, in order
    # Other ways to script the open decisions, tried in order when the engine refuses one
    # (a choice the engine does not ask for is an error, as in `judge check`).
    variants: list[dict[str, Any]] = field(default_factory=lambda: [{}])
    # A family's own reading of the run (judge_tool/ask/family_timing.py): run -> (value,
    # the `[expect]` table that states it); `read` is then only a name.
    reader: Any = None


class NotModelled(Reason):
    """The situation is outside what a scenario file can state: no ruling."""


def _dice(owner: str, n: int, other: str | None = None) -> list[str]:
    """`n` Gig dice for a Gig area: the owner's own sizes first, then the other player's
    (a Gig area can hold stolen dice); values 1."""
    if n > 12:
        raise NotModelled("scenario.gigs_in_area")
    own = [f"d{s}=1" for s in _SIZES[:min(n, 6)]]
    more = [f"{other}.d{s}=1" for s in _SIZES[:max(0, n - 6)]] if other else []
    return own + more


def _ids(gigs: list[str], owner: str) -> list[str]:
    return [g.split("=")[0] if "." in g else f"{owner}.{g.split('=')[0]}" for g in gigs]


def build(kind: str, args: dict[str, Any], title: str) -> Built:
    base: dict[str, Any] = {"title": title[:120] or "judge ask", "question": title[:300] or "?"}
    if kind == "steal":
        power = args["power"]
        present = args.get("dice_present")
        n = present if present is not None else 12
        unit = {"type": "unit", "power": power}
        gigs = _dice("B", n, "A")
        attack: dict[str, Any] = {"do": "attack", "unit": ATTACKER, "target": "gigs"}
        cards = {ATTACKER: unit}
        field_b: list[Any] = []
        if args.get("blocked"):
            cards[BLOCKER] = {"type": "unit", "power": args.get("blocker_power", 1),
                              "keywords": ["BLOCKER"]}
            field_b = [BLOCKER]
            attack["reactions"] = [{"do": "block", "unit": BLOCKER}]
        else:
            attack["reactions"] = []
        if args.get("target") == "no_target":
            # no valid target at all (9.3.2.4): an empty Gig area, no spent Unit
            target = "any"
            state_b["gigs"] = []
        elif args.get("target") == "unit":
            # a spent rival Unit attacked: a fight, no Steal Step (9.15)
            cards[DEFENDER] = {"type": "unit", "power": 1}
            field_b = field_b + [{"card": DEFENDER, "spent": True}]
            attack["target"] = DEFENDER
        data = {**base, "cards": cards,
                "state": {"turn_player": "A", "turn": 3,
                          "A": {"deck": 5, "field": [ATTACKER]},
                          "B": {"deck": 5, "field": field_b, "gigs": gigs}},
                "actions": [attack]}
        read = "remaining" if args.get("remaining") else "stolen"
        return Built(data, read, _ids(gigs, "B"))
    if kind == "fight":
        cards = {ATTACKER: {"type": "unit", "power": args["attacker_power"]},
                 DEFENDER: {"type": "unit", "power": args["defender_power"]}}
        for side, card in (("attacker", ATTACKER), ("defender", DEFENDER)):
            # card effects said in words: wins/loses its fights (9.17.4), can't be
            # defeated in a fight (9.19.3)
            effects: list[dict[str, Any]] = []
            if args.get(f"{side}_fight"):
                effects.append({"persistent": "self", "fight": args[f"{side}_fight"]})
            if args.get(f"{side}_undefeatable"):
                effects.append({"persistent": "self", "restrict": ["be_defeated_in_fight"]})
            if effects:
                cards[card]["effects"] = effects
        data = {**base, "cards": cards,
                "state": {"turn_player": "A", "turn": 3,
                          "A": {"deck": 5, "field": [ATTACKER]},
                          "B": {"deck": 5, "field": [{"card": DEFENDER, "spent": True}]}},
                "actions": [{"do": "attack", "unit": ATTACKER, "target": DEFENDER,
                             "reactions": []}]}
        return Built(data, "fight")
    if kind == "attack":
        keywords = ["ADRENALINE"] if args.get("adrenaline") else []
        unit: dict[str, Any] = {"card": ATTACKER}
        if args.get("lagging"):
            unit["lag"] = True
        attacked = bool(args.get("attacked"))
        if args.get("ready") is False and not attacked:
            unit["spent"] = True
        cards = {ATTACKER: {"type": "unit", "power": 1, "keywords": keywords}}
        state_b: dict[str, Any] = {"deck": 5}
        target = "gigs"
        gigs: list[str] = []
        own_units: list[Any] = []
        if args.get("target") == "no_target":
            # no valid target at all (9.3.2.4): an empty Gig area, no spent Unit
            target = "any"
            state_b["gigs"] = []
        elif args.get("target") == "unit":
            cards[DEFENDER] = {"type": "unit", "power": 1}
            target_card = {"card": DEFENDER, "spent": bool(args.get("target_spent"))}
            if args.get("own_target"):
                own_units.append(target_card)   # the asker's own Unit (9.3.2.1: no target)
            else:
                state_b["field"] = [target_card]
            target = DEFENDER
        else:
            gigs = _dice("B", args.get("rival_gigs", 1) + attacked, "A")
            state_b["gigs"] = gigs
        if attacked and args.get("target") in ("no_target", "unit"):
            gigs = state_b["gigs"] = _dice("B", 1, "A")      # the earlier attack's target
        state_a: dict[str, Any] = {"deck": 5, "field": [unit] + own_units}
        actions: list[dict[str, Any]] = []
        if attacked:
            # the Unit attacked earlier this turn: that attack, on the rival's Gig area,
            # spends it (9.3.3); the attack asked about comes second
            if args.get("go_solo") or args.get("rival_turn") or args.get("lagging"):
                raise NotModelled("attack.go_solo_state")
            actions.append({"do": "attack", "unit": ATTACKER, "target": "gigs", "reactions": []})
        if args.get("go_solo"):
            # GO SOLO (11.25.1): the Legend is played from the Legends area this turn
            if args.get("ready") is False or args.get("rival_turn"):
                raise NotModelled("attack.go_solo_state")
            cards[ATTACKER] = {"type": "legend", "cost": 1, "power": 1, "keywords": ["GO SOLO"]}
            state_a = {"deck": 5, "eddies": 1, "legends": [{"card": ATTACKER, "face_up": True}]}
            actions.append({"do": "play", "card": ATTACKER, "from": "legends"})
        attack = {"do": "attack", "unit": ATTACKER, "target": target, "reactions": []}
        if args.get("rival_turn"):
            # the asker (A) attacks in B's turn: refused as no Main Phase action of A's (8.15)
            attack["player"] = "A"
        actions.append(attack)
        data = {**base, "cards": cards,
                "state": {"turn_player": "B" if args.get("rival_turn") else "A", "turn": 3,
                          "A": state_a, "B": state_b},
                "actions": actions}
        return Built(data, "legal", _ids(gigs, "B"))
    if kind == "blocker":
        blocker: dict[str, Any] = {"card": BLOCKER}
        if args.get("blocker_spent"):
            blocker["spent"] = True
        if args.get("blocker_lag"):
            blocker["lag"] = True
        keywords = [] if args.get("blocker_keyword") is False else ["BLOCKER"]
        cards = {ATTACKER: {"type": "unit", "power": 1},
                 BLOCKER: {"type": "unit", "power": 1, "keywords": keywords}}
        target = BLOCKER if args.get("blocker_target") else "gigs"
        data = {**base, "cards": cards,
                "state": {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [ATTACKER]},
                          "B": {"deck": 5, "field": [blocker], "gigs": ["d4=1"]}},
                "actions": [{"do": "attack", "unit": ATTACKER, "target": target,
                             "reactions": [{"do": "block", "unit": BLOCKER}]}]}
        return Built(data, "block_legal")
    if kind == "sell":
        card = "Satılık"
        data = {**base, "cards": {card: {"type": "unit", "cost": 1,
                                                  "sell_tag": args.get("sell_tag", True)}},
                "state": {"turn_player": "B" if args.get("rival_turn") else "A", "turn": 3,
                          "A": {"deck": 5, "hand": [card],
                                "sold_this_turn": bool(args["sold_this_turn"])},
                          "B": {"deck": 5}},
                "actions": [{"do": "sell", "card": card, "player": "A"}]}
        return Built(data, "legal")
    if kind == "call":
        legend = "Legend"
        cards = {legend: {"type": "legend"}}
        # A spent face-down Legend can be called (it keeps its orientation, 11.11.1.3)
        # but pays nothing: the Eddies pay, so the engine's payment is forced.
        down = {"card": legend, "spent": True}
        asked = args["call_asked"]
        if asked == "rival_turn":               # in the React Step of the rival's attack
            cards[ATTACKER] = {"type": "unit", "power": 1}
            data = {**base, "cards": cards,
                    "state": {"turn_player": "B", "turn": 4,
                              "A": {"deck": 5, "legends": [down], "eddies": 1,
                                    "gigs": ["d4=1"]},
                              "B": {"deck": 5, "field": [ATTACKER]}},
                    "actions": [{"do": "attack", "unit": ATTACKER, "target": "gigs",
                                 "reactions": [{"do": "call", "legend": legend}]}]}
            return Built(data, "legal")
        if asked == "rival_no_attack":          # the rival's Main Phase, no attack
            data = {**base, "cards": cards,
                    "state": {"turn_player": "B", "turn": 4,
                              "A": {"deck": 5, "legends": [down], "eddies": 1},
                              "B": {"deck": 5}},
                    "actions": [{"do": "call", "legend": legend, "player": "A"}]}
            return Built(data, "legal")
        if asked == "end_phase":                # the turn is ending (8.16): no Main Phase action
            data = {**base, "cards": cards,
                    "state": {"turn_player": "B" if args["turn_end"] == "rival" else "A", "turn": 4,
                              "phase": "end",
                              "A": {"deck": 5, "legends": [down], "eddies": 1},
                              "B": {"deck": 5}},
                    "actions": [{"do": "call", "legend": legend, "player": "A"}]}
            return Built(data, "legal")
        state_a: dict[str, Any] = {"deck": 5, "legends": [down], "eddies": 5}
        if asked == "face_up":                  # only a face-down Legend is called (11.11.1)
            state_a["legends"] = [{"card": legend, "face_up": True}]
        if asked == "again":
            state_a["called_this_turn"] = bool(args["called_this_turn"])
        if asked == "unpaid":                   # no ready Eddie, every Legend spent
            state_a["eddies"] = 0
        if asked == "per_turn":                 # a second call in the turn: once a turn
            state_a["called_this_turn"] = True
        data = {**base, "cards": cards,
                "state": {"turn_player": "A", "turn": 3, "A": state_a, "B": {"deck": 5}},
                "actions": [{"do": "call", "legend": legend}]}
        return Built(data, "paid" if asked == "cost" else "legal")
    if kind == "win":
        have = args["gigs"]
        if have > 12:
            raise NotModelled("scenario.gigs_12")
        gigs = _dice("A", have, "B")
        if args["when"] == "start":
            # whose Gigs (A = the asker, B = the rival) and whose turn starts
            holder = "B" if args.get("gigs_of") == "rival" else "A"
            other = "A" if holder == "B" else "B"
            turn = "B" if args.get("turn_of") == "rival" else "A"
            held = _dice(holder, have, other)
            # the other player's Gigs, when the question gives them: its own sizes the
            # holder has not stolen, then the holder's sizes the holder does not hold
            mine = args.get("other_gigs") or 0
            if have + mine > 2 * len(_SIZES):
                raise NotModelled("scenario.gigs_both_areas")
            free = [f"d{s}=1" for s in _SIZES[max(0, have - 6):]] + \
                [f"{holder}.d{s}=1" for s in _SIZES[min(have, 6):]]
            data = {**base, "state": {"turn_player": turn, "turn": 3, "phase": "start",
                                      holder: {"deck": 5, "gigs": held, "fixer": []},
                                      other: {"deck": 5, "gigs": free[:mine], "fixer": []}},
                    "actions": [{"do": "start_phase"}]}
            return Built(data, "wins" if holder == "A" else "rival_wins")
        if args["when"] == "overtime_begins":
            # the turn ends with both fixer areas empty for the second turn running: overtime
            # begins (8.17, official 1.11.1) with the asker's Gigs in place (1.11.2)
            data = {**base, "state": {"turn_player": "A", "turn": 14, "phase": "main",
                                      "empty_fixer_turns": 2,
                                      "A": {"deck": 5, "gigs": gigs, "fixer": []},
                                      "B": {"deck": 5, "fixer": []}},
                    "actions": [{"do": "pass"}]}
            return Built(data, "wins")
        k = args["steal"]
        # the rival's dice: sizes the asker does not already hold as stolen "B." dice
        taken = max(0, have - len(_SIZES))
        sizes = _SIZES[taken:taken + k]
        if len(sizes) < k:
            raise NotModelled("scenario.gigs_12")
        rival = [f"d{s}=1" for s in sizes]
        cards = {ATTACKER: {"type": "unit", "power": 10 * (k - 1) + 1}}
        state: dict[str, Any] = {"turn_player": "A", "turn": 3,
                                 "A": {"deck": 5, "field": [ATTACKER], "gigs": gigs},
                                 "B": {"deck": 5, "gigs": rival}}
        if args.get("overtime"):
            state.update(overtime=True, turn=16)    # 1.11: 7 Gigs win at once
        data = {**base, "cards": cards, "state": state,
                "actions": [{"do": "attack", "unit": ATTACKER, "target": "gigs",
                             "reactions": []}]}
        return Built(data, "wins")
    if kind == "cost":
        card = "Kart"
        changes = args.get("changes") or ([args["reduction"]] if args.get("reduction") else [])
        cards: dict[str, Any] = {card: {"type": "program", "cost": args["cost"]}}
        field_a = []
        for i, change in enumerate(changes, 1):
            name = f"İndirim {i}" if change > 0 else f"Artış {i}"
            cards[name] = {"type": "unit", "effects": [
                {"label": name, "persistent": "self", "cost_reduction": change}]}
            field_a.append(name)
        play: dict[str, Any] = {"do": "play", "card": card}
        state_a: dict[str, Any] = {"deck": 5, "hand": [card], "field": field_a, "eddies": 99}
        read = "paid"
        if "eddies" in args:                        # "can I afford it?"
            amount = args["amount"]
            legends = [f"L{i}" for i in range(1, args["legends"] + 1)]
            for name in legends:
                cards[name] = {"type": "legend"}
            # Legends that cannot pay: spent ones (3.7) and face-up ones without a Sell Tag
            # (5.7.2.2); spent Eddies (5.8.1.3)
            idle = [{"card": f"L{len(legends) + i}", "spent": True}
                    for i in range(1, args.get("legends_spent", 0) + 1)]
            idle += [{"card": f"L{len(legends) + len(idle) + i}", "face_up": True}
                     for i in range(1, args.get("legends_up", 0) + 1)]
            for item in idle:
                cards[item["card"]] = {"type": "legend"}
            eddies: Any = args["eddies"]
            if args.get("eddies_spent"):
                eddies = {"ready": args["eddies"], "spent": args["eddies_spent"]}
            state_a.update(eddies=eddies, legends=legends + idle)
            if args["eddies"] + len(legends) >= amount > 0:
                from_eddies = min(args["eddies"], amount)
                play["pay"] = {"eddies": from_eddies, "legends": legends[:amount - from_eddies]}
            read = "legal"
        data = {**base, "cards": cards,
                "state": {"turn_player": "A", "turn": 3, "A": state_a, "B": {"deck": 5}},
                "actions": [play]}
        return Built(data, read)
    if kind == "street_cred" and args.get("swap"):
        return _street_cred_swapped(args, base)
    if kind == "street_cred" and ("taken" in args or "gained" in args):
        return _street_cred_both_ways(args, base)
    if kind == "street_cred" and args.get("stolen"):
        return _street_cred_after_steal(args, base)
    if kind == "street_cred" and args.get("adjust"):
        return _street_cred_adjusted(args, base)
    if kind == "street_cred":
        values = args["values"]
        if len(values) > 6:
            raise NotModelled("scenario.gigs_6")
        sizes = []
        for v in values:
            size = next((s for s in _SIZES if s >= v and s not in sizes), None)
            if size is None or v < 1:
                raise NotModelled("scenario.gig_value", value=v)
            sizes.append(size)
        gigs = [f"d{s}={v}" for s, v in zip(sizes, values)]
        a_state: dict[str, Any] = {"deck": 5, "gigs": gigs}
        if args.get("fixer"):
            a_state["fixer"] = list(args["fixer"])      # dice not rolled in (5.10.3)
        data = {**base, "state": {"turn_player": "A", "turn": 3,
                                  "A": a_state, "B": {"deck": 5}},
                "actions": [{"do": "pass"}]}
        return Built(data, "street_cred")
    if kind == "draw" and args.get("at_start"):
        # the Start Phase: the 7-Gig check, ready, then draw 1 (8.6.4)
        data = {**base, "state": {"turn_player": "A", "turn": 3, "phase": "start",
                                  "A": {"deck": args["deck_count"], "fixer": []},
                                  "B": {"deck": 5, "fixer": []}},
                "actions": [{"do": "start_phase"}]}
        return Built(data, "loses")
    if kind == "draw":
        n, k = args["n"], args["deck_count"]
        card = "Çekiş"
        data = {**base,
                "cards": {card: {"type": "program", "cost": 0,
                                 "effects": [{"label": "Çek", "do": [{"do": "draw", "n": n}]}]}},
                "state": {"turn_player": "A", "turn": 3,
                          "A": {"deck": k, "hand": [card]}, "B": {"deck": 5}},
                "actions": [{"do": "play", "card": card}]}
        return Built(data, "loses")
    raise NotModelled("scenario.kind", kind=kind)


def _sizes(values: list[int], taken: list[int] = ()) -> list[int]:
    """A die size for each Gig value, no size twice for one owner."""
    out = list(taken)
    for v in values:
        size = next((s for s in _SIZES if s >= v and s not in out), None)
        if size is None or v < 1:
            raise NotModelled("scenario.gig_value", value=v)
        out.append(size)
    return out[len(taken):]


def _street_cred_adjusted(args: dict[str, Any], base: dict[str, Any]) -> Built:
    """Street Cred after effects changed Gig values: each change is a Program that
    changes one chosen friendly Gig by exactly the amount (6.4), played in turn."""
    values, known = list(args["values"]), list(args.get("sizes") or [0] * len(args["values"]))
    if len(values) > 6:
        raise NotModelled("scenario.gigs_6")
    sizes = [0] * len(values)
    targets = []
    for old, new, size in args["adjust"]:
        k = next(i for i, v in enumerate(values) if v == old and i not in targets)
        targets.append(k)
        want = size or known[k]
        if not want:
            want = next((s for s in _SIZES if s >= max(old, new) and s not in sizes), 0)
        if not want or want in sizes:
            raise NotModelled("scenario.gig_value", value=old)
        sizes[k] = want
    for k, v in enumerate(values):
        if not sizes[k]:
            sizes[k] = known[k] or next((s for s in _SIZES if s >= v and s not in sizes), 0)
        if not sizes[k] or sizes.count(sizes[k]) > 1 or v > sizes[k]:
            raise NotModelled("scenario.gig_value", value=v)
    cards: dict[str, Any] = {}
    actions, choices = [], []
    for n, ((old, new, _), k) in enumerate(zip(args["adjust"], targets), 1):
        name = f"Etki {n}"
        cards[name] = {"type": "program", "cost": 0, "effects": [{"do": [
            {"do": "adjust_gig", "by": abs(new - old), "direction": "up" if new > old else "down",
             "exact": True, "gig": "friendly"}]}]}
        actions.append({"do": "play", "card": name})
        if len(values) > 1:
            choices.append({"decision": "gig", "player": "A", "pick": f"A.d{sizes[k]}"})
    gigs = [f"d{s}={v}" for s, v in zip(sizes, values)]
    data = {**base, "cards": cards,
            "state": {"turn_player": "A", "turn": 3,
                      "A": {"deck": 5, "gigs": gigs, "hand": list(cards)}, "B": {"deck": 5}},
            "actions": actions}
    if choices:
        data["choices"] = choices
    return Built(data, "street_cred")


def _street_cred_swapped(args: dict[str, Any], base: dict[str, Any]) -> Built:
    """Street Cred after a swap (6.6): a Program of A swaps the friendly Gig named with the
    rival's one Gig, both values kept; then A's Street Cred is read."""
    values, (mine, theirs) = list(args["values"]), args["swap"]
    if len(values) > 6:
        raise NotModelled("scenario.gigs_6")
    sizes = _sizes(values)
    size_b = _sizes([theirs])[0]
    name = "Takas"
    cards = {name: {"type": "program", "cost": 0, "effects": [{"do": [{"do": "swap_gigs"}]}]}}
    data = {**base, "cards": cards,
            "state": {"turn_player": "A", "turn": 3,
                      "A": {"deck": 5, "hand": [name],
                            "gigs": [f"d{s}={v}" for s, v in zip(sizes, values)]},
                      "B": {"deck": 5, "gigs": [f"d{size_b}={theirs}"]}},
            "actions": [{"do": "play", "card": name}]}
    if len(values) > 1:
        data["choices"] = [{"decision": "gig", "player": "A",
                            "pick": f"A.d{sizes[values.index(mine)]}"}]
    return Built(data, "street_cred")


def _street_cred_both_ways(args: dict[str, Any], base: dict[str, Any]) -> Built:
    """Street Cred after steals each way: A is the player whose Street Cred is asked. On
    B's turn a Unit of B steals the Gigs taken from A; then, on A's turn, a Program of A
    steals each Gig A gained, one by one (value named exactly); A's Street Cred is read.
    A total given without its Gigs is modelled as the Gigs taken plus one Gig holding the
    rest: only the sum counts (11.2.1)."""
    values = list(args["values"] if "values" in args else args["model_values"])
    taken, gained = list(args.get("taken", [])), list(args.get("gained", []))
    if len(values) > 6 or len(gained) > 6:
        raise NotModelled("scenario.gigs_6")
    sizes = []
    for v in sorted(values, reverse=True):
        size = next((s for s in _SIZES if s >= v and s not in sizes), None)
        if size is None or v < 1:
            raise NotModelled("scenario.gig_value", value=v)
        sizes.append(size)
    dice_a = list(zip(sizes, sorted(values, reverse=True)))
    sizes_b = _sizes(gained)
    cards: dict[str, Any] = {}
    actions: list[dict[str, Any]] = []
    picks_b, picks_a = [], []
    state_a: dict[str, Any] = {"deck": 5, "gigs": [f"d{s}={v}" for s, v in dice_a]}
    state_b: dict[str, Any] = {"deck": 5, "gigs": [f"d{s}={v}" for s, v in zip(sizes_b, gained)]}
    left = list(dice_a)
    if taken:
        unit = "Çalan"
        cards[unit] = {"type": "unit", "power": 10 * (len(taken) - 1) + 1}
        state_b["field"] = [unit]
        for v in taken:
            hit = next(p for p in left if p[1] == v)
            left.remove(hit)
            picks_b.append({"decision": "steal", "player": "B", "pick": f"A.d{hit[0]}"})
        actions += [{"do": "attack", "unit": unit, "target": "gigs", "reactions": []}]
        if gained:
            actions += [{"do": "pass"}, {"do": "start_phase"}]
    for n, (size, v) in enumerate(zip(sizes_b, gained), 1):
        name = f"Çalma {n}"
        cards[name] = {"type": "program", "cost": 0, "effects": [{"do": [
            {"do": "steal_gig", "value_at_least": v, "value_at_most": v}]}]}
        state_a.setdefault("hand", []).append(name)
        actions.append({"do": "play", "card": name})
        picks_a.append({"decision": "steal", "player": "A", "pick": f"B.d{size}"})
    turn = {"turn_player": "B", "turn": 4} if taken else {"turn_player": "A", "turn": 3}
    data = {**base, "cards": cards, "state": {**turn, "A": state_a, "B": state_b},
            "actions": actions}
    if gained and taken:
        state_a["fixer"], state_b["fixer"] = [], []
    variants = [{"choices": picks_b + picks_a}, {"choices": picks_b or None},
                {"choices": picks_a or None}, {"choices": None}]
    return Built(data, "street_cred", variants=variants)


def _street_cred_after_steal(args: dict[str, Any], base: dict[str, Any]) -> Built:
    """Street Cred after a steal: the steal is run (a Unit stealing exactly the Gigs named,
    the thief picking them), then A's Street Cred is read."""
    values, stolen, thief = args["values"], args["stolen"], args["thief"]
    if len(values) > 6 or len(stolen) > 6:
        raise NotModelled("scenario.gigs_6")
    power = 10 * (len(stolen) - 1) + 1             # a power that steals exactly that many
    unit = "Çalan"
    cards = {unit: {"type": "unit", "power": power}}
    if thief == "rival":                           # B steals from A's Gigs
        sizes = _sizes(values)
        gigs_a = [f"d{s}={v}" for s, v in zip(sizes, values)]
        picks, left = [], list(zip(sizes, values))
        for v in stolen:
            hit = next(p for p in left if p[1] == v)
            left.remove(hit)
            picks.append(f"A.d{hit[0]}")
        state = {"turn_player": "B", "turn": 4, "A": {"deck": 5, "gigs": gigs_a},
                 "B": {"deck": 5, "field": [unit]}}
        choices = [{"decision": "steal", "player": "B", "pick": p} for p in picks]
    else:                                          # A steals the named Gigs from B
        sizes_a = _sizes(values)
        sizes_b = _sizes(stolen)
        state = {"turn_player": "A", "turn": 3,
                 "A": {"deck": 5, "field": [unit],
                       "gigs": [f"d{s}={v}" for s, v in zip(sizes_a, values)]},
                 "B": {"deck": 5, "gigs": [f"d{s}={v}" for s, v in zip(sizes_b, stolen)]}}
        choices = []
    data = {**base, "cards": cards, "state": state,
            "actions": [{"do": "attack", "unit": unit, "target": "gigs", "reactions": []}]}
    if choices:
        data["choices"] = choices
    # When every Gig there is stolen the engine asks no choice.
    return Built(data, "street_cred", variants=[{}, {"choices": None}])


def value_of(built: Built, run: Any) -> Any:
    if built.reader is not None:
        return built.reader(run)[0]
    out = run.outcome
    if built.read == "stolen":
        return out.stolen
    if built.read == "remaining":
        return len(run.state.players["B"].gigs)
    if built.read == "fight":
        return out.fights[-1]["result"] if out.fights else None
    if built.read == "legal":
        return bool(out.legal)
    if built.read == "block_legal":
        return bool(out.legal)
    if built.read == "street_cred":
        return run.summary()["street_cred"]["A"]
    if built.read == "loses":
        return out.winner == "B"
    if built.read == "paid":
        return run.state.players["A"].eddies_spent
    if built.read == "wins":
        return out.winner == "A"
    if built.read == "rival_wins":
        return out.winner == "B"
    raise ValueError(built.read)


def expectation(built: Built, value: Any, run: Any) -> dict[str, Any]:
    """The `[expect]` table that states the answer for `judge check`."""
    if built.reader is not None:
        return built.reader(run)[1]
    if built.read == "stolen":
        return {"stolen": value}
    if built.read == "remaining":
        return {"B": {"gig_count": value}}
    if built.read == "fight":
        return {"fight": value or "none", "defeated": sorted(run.outcome.defeated)}
    if built.read in ("legal", "block_legal"):
        out = {"legal": value}
        if not value:
            out["illegal_rule"] = run.outcome.illegal_rule
        return out
    if built.read == "street_cred":
        return {"street_cred": {"A": value}}
    if built.read == "loses":
        return {"winner": "B" if value else "none"}
    if built.read == "paid":
        return {"A": {"eddies_spent": value}}
    if built.read == "wins":
        return {"winner": "A" if value else "none"}
    if built.read == "rival_wins":
        return {"winner": "B" if value else "none"}
    raise ValueError(built.read)


def tries(built: Built) -> Iterator[dict[str, Any]]:
    """The scenario tables `run` tries in turn: each variant, with ever more scripted picks."""
    for variant in built.variants:
        for k in range(0, len(built.picks) + 1):
            data = {key: value for key, value in {**built.data, **variant}.items()
                    if value is not None}
            from .family_cards import place
            data = place(data)      # cards the question named, in place of their stand-ins
            if k:
                data["choices"] = [{"decision": "steal", "pick": p} for p in built.picks[:k]]
            data["expect"] = {"legal": True}      # a placeholder: the run's outcome is read
            yield data


def _fresh(value: Any) -> Any:
    """New tables and arrays all the way down, as `tomllib` would give for the text."""
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    return value


def run(built: Built) -> tuple[Any, Any, str]:
    """(value, the engine's run, the scenario TOML with the answer as expectation). The
    table goes to the scenario parser as it is (`to_toml` writes exactly this table: see
    tests/test_ask_eval.py), so it is `judge check`'s reading, without the TOML round trip."""
    from ..engine.lines import LazyLineMap
    from ..engine.scenario import ScenarioFileError, ScenarioRunError, run_once, scenario_from_table
    last: Exception | None = None
    for data in tries(built):
        try:
            scn = scenario_from_table(_fresh(data), "<ask>",
                                      lines=LazyLineMap(lambda data=data: to_toml(data)))
            result = run_once(scn)
        except ScenarioRunError as exc:
            last = exc
            continue
        except ScenarioFileError as exc:
            # a situation no scenario file may state (four Legends in a Legends area):
            # no ruling, never a traceback
            raise NotModelled("scenario.invalid", detail=str(exc)) from None
        value = value_of(built, result)
        data["expect"] = expectation(built, value, result)
        return value, result, to_toml(data)
    raise NotModelled("scenario.not_taken", detail=str(last))


# ---------------------------------------------------------------------- TOML writing

# What json.dumps(text, ensure_ascii=False) escapes, and how (a TOML basic string reads
# the same escapes): written out here so `ask` does not import json for a few strings.
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\f": "\\f", "\n": "\\n",
            "\r": "\\r", "\t": "\\t"}


def _quoted(text: str) -> str:
    return '"' + "".join(_ESCAPES.get(ch) or (f"\\u{ord(ch):04x}" if ch < " " else ch)
                         for ch in text) + '"'


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_scalar(v)}" for k, v in value.items()) + " }"
    raise TypeError(type(value))


def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() and key.isascii() \
        else _quoted(key)


def to_toml(data: dict[str, Any]) -> str:
    """A scenario file a judge can read and edit: top-level keys, then [cards.X], [state],
    [state.A/B], [[actions]], [[choices]], [expect]."""
    lines: list[str] = []
    for key in ("title", "question", "refs"):
        if key in data:
            lines.append(f"{key} = {_scalar(data[key])}")
    for name, card in data.get("cards", {}).items():
        lines += ["", f"[cards.{_key(name)}]"]
        for k, v in card.items():
            if k == "effects":
                continue
            lines.append(f"{k} = {_scalar(v)}")
        for effect in card.get("effects", []):
            lines += ["", f"[[cards.{_key(name)}.effects]]"]
            lines += [f"{k} = {_scalar(v)}" for k, v in effect.items()]
    state = data.get("state", {})
    lines += ["", "[state]"]
    lines += [f"{k} = {_scalar(v)}" for k, v in state.items() if not isinstance(v, dict)]
    for player in ("A", "B"):
        if player in state:
            lines += ["", f"[state.{player}]"]
            lines += [f"{k} = {_scalar(v)}" for k, v in state[player].items()]
    for table in ("actions", "rolls", "choices"):
        for row in data.get(table, []):
            lines += ["", f"[[{table}]]"]
            lines += [f"{k} = {_scalar(v)}" for k, v in row.items()]
    expect = data.get("expect", {})
    lines += ["", "[expect]"]
    lines += [f"{k} = {_scalar(v)}" for k, v in expect.items() if not isinstance(v, dict)
              or k in ("street_cred", "resolved_at", "power")]
    for player in ("A", "B"):
        if isinstance(expect.get(player), dict):
            lines += ["", f"[expect.{player}]"]
            lines += [f"{k} = {_scalar(v)}" for k, v in expect[player].items()]
    return "\n".join(lines) + "\n"
