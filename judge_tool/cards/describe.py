"""What a card does, in Turkish, generated from its effect data (phrases_tr.toml), and
the rules that matter for it (from the glossary: a keyword's defining rule, a Gear's
equip rules, a replacement effect's 10.24–10.30, …). Nothing here is card-specific."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine.effects import Action, EffectDef
from .pool import CardFacts

_PHRASES = Path(__file__).with_name("phrases_tr.toml")


@lru_cache(maxsize=1)
def phrases() -> dict[str, Any]:
    return tomllib.loads(_PHRASES.read_text(encoding="utf-8"))


def _p(section: str, key: str, **values: Any) -> str:
    return phrases()[section][key].format(**values)


def _signed(n: int) -> str:
    return f"{n:+d}"


def _holder(card: CardFacts, eff: EffectDef) -> dict[str, str]:
    """{holder}, {holder_acc}, {holder_dat}: the card the effect is about."""
    kind = card.type if card.type != "gear" else ("gear_top" if eff.box == "top" else "gear")
    forms = phrases()["holder"][kind]
    return {"holder": forms["nom"], "holder_acc": forms["acc"], "holder_dat": forms["dat"]}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_CASE = {"nom": 0, "acc": 1, "dat": 2}


def target_text(target: Any, holder: dict[str, str], case: str) -> str:
    """A target word or filter table (engine/targets.py) as a Turkish noun phrase in a case
    ("nom", "acc", "dat"): {side rival, type unit, power_at_most 5} -> "gücü en fazla 5
    olan bir rakip birimi"."""
    i = _CASE[case]
    if isinstance(target, str):
        if target == "self":
            return holder["holder" if case == "nom" else f"holder_{case}"]
        return phrases()["target"][target][i]
    t = phrases()["target"]
    f = target
    noun_kind = "gear" if f.zone == "gears" else (f.type or "card")
    many = f.all or f.count > 1
    noun = phrases()["nouns"][noun_kind]["all" if f.all else "one"][i]
    words: list[str] = []
    if f.all:
        words.append(t["other"] if f.other else "")
        words.append(t["all"])
    elif f.count > 1 or f.up_to:
        words.append((t["up_to"] if f.up_to else t["count"]).format(n=f.count))
    for key in ("power_at_most", "power_at_least", "cost_at_most", "cost_at_least"):
        if getattr(f, key) is not None:
            words.append(t[key].format(v=getattr(f, key)))
    if f.tags:
        words.append(t["tags"].format(tags="/".join(f.tags)))
    if f.color:
        words.append(t["color"].format(color=f.color))
    if f.name:
        words.append(t["name"].format(name=f.name))
    for key in ("spent", "equipped", "face_up"):
        value = getattr(f, key)
        if value is not None:
            words.append(t[f"{key}_{'true' if value else 'false'}"])
    if f.zone in ("hand", "trash", "legends", "gears"):
        words.append(t[f"zone_{f.zone}"])
    if not f.all and not many and not f.up_to:
        words.append(t["other_one"] if f.other else t["one"])
    words.append(t[f.side])
    words.append(noun)
    return " ".join(w for w in words if w)


def action_text(act: Action, holder: dict[str, str]) -> str:
    a = act.params
    v = act.verb
    target = a.get("target")
    if target is not None and not isinstance(target, str) or v in (
            "spend", "restrict", "allow", "fight_result", "return_to_hand", "shuffle_into_deck",
            "remove", "gain_control", "sell", "move_gear") or (v in ("defeat", "ready", "bottom_deck")
                                                               and target not in ("self", "this_gear")):
        return _targeted(act, holder)
    if v in ("draw", "trash"):
        text = _p("actions", f"{v}_up_to" if a["up_to"] else v, n=a["n"])
    elif v == "search":
        text = _p("actions", "search", n=a["n"])
        if a["take"]:
            kind = phrases()["card_types"].get(a["type"], a["type"])
            key = "search_take_hand" if a["to"] == "hand" else "search_take_trash"
            reveal = _p("actions", "reveal") if a["reveal"] else ""
            text += ", " + _p("actions", key, take=a["take"], type=kind, reveal=reveal).replace("  ", " ")
        text += ", " + phrases()["rest"][a["rest"]]
    elif v == "power":
        target = _p("actions", "power_self" if a["target"] == "self" else "power_friendly_unit", **holder)
        key = "power_per_gear" if a["per_gear"] else "power"
        text = _p("actions", key, target=target, until=phrases()["until"][a["until"]], amount=_signed(a["amount"]))
    elif v == "adjust_gig":
        text = _p("actions", "adjust_gig", gig=phrases()["gig"][a["gig"]], by=a["by"],
                  direction=phrases()["direction"][a["direction"]])
    elif v == "play_from_trash":
        text = _p("actions", "play_from_trash", max_cost=a["max_cost"],
                  other=_p("actions", "other") if a["other"] else "",
                  type=phrases()["card_types"][a["type"]], free=_p("actions", "free") if a["free"] else "")
    elif v == "discard":
        cost = a["cost"]
        text = (_p("actions", "discard") if cost == -1 else
                _p("actions", "discard_gig_value") if cost == "gig_value" else _p("actions", "discard_cost", cost=cost))
    elif v == "defeat":
        text = _p("actions", f"defeat_{a['target']}", **holder)
    elif v in ("bottom_deck", "ready"):
        text = _p("actions", v, **holder)
    elif v == "choose":
        options = [f"({chr(97 + i)}) {actions_text(o.actions, holder)}" for i, o in enumerate(a["options"])]
        text = _p("actions", "choose", options="; ".join(options))
    else:
        text = _p("actions", v)
    if act.optional:
        text = _p("actions", "optional", action=text)
    if act.then:
        text = _p("actions", "then", action=text, then=actions_text(act.then, holder))
    return text


def _targeted(act: Action, holder: dict[str, str]) -> str:
    """Actions on a chosen target (engine/targets.py)."""
    a, v = act.params, act.verb
    until = phrases()["until"].get(a.get("until", ""), "")
    if v == "power":
        text = _p("actions", "power_target", target=target_text(a["target"], holder, "dat"), until=until,
                  amount=_signed(a["amount"]))
    elif v in ("defeat", "ready", "bottom_deck"):
        text = _p("actions", f"{v}_target", target=target_text(a["target"], holder, "acc"))
    elif v in ("restrict", "allow"):
        words = a["what"] if isinstance(a["what"], (list, tuple)) else [a["what"]]
        what = ", ".join(phrases()[v][w] for w in words)
        text = _p("actions", v, target=target_text(a["target"], holder, "nom"), until=until, what=what)
    elif v == "fight_result":
        text = _p("actions", "fight_result", target=target_text(a["target"], holder, "nom"),
                  result=_p("actions", f"fight_{a['result']}"))
    elif v == "move_gear":
        text = _p("actions", "move_gear", target=target_text(a["target"], holder, "acc"),
                  to=target_text(a["to"], holder, "dat"))
    else:
        text = _p("actions", v, target=target_text(a["target"], holder, "acc"))
    text = " ".join(text.split())
    if act.optional:
        text = _p("actions", "optional", action=text)
    if act.then:
        text = _p("actions", "then", action=text, then=actions_text(act.then, holder))
    return text


def actions_text(actions: tuple[Action, ...], holder: dict[str, str]) -> str:
    def one(a: Action) -> str:
        text = action_text(a, holder)
        if a.unless:
            text = _p("effects", "unless", condition=_condition(a, a.unless), actions=text)
        if a.condition:
            text = _p("effects", "condition", condition=_condition(a), actions=text)
        return text
    return "; ardından ".join(one(a) for a in actions)


def _condition(eff: EffectDef | Action, conds: Any = None) -> str:
    table = phrases()["conditions"]
    parts = []
    for k, v in (eff.condition if conds is None else conds).items():
        entry = table.get(k)
        if isinstance(entry, dict):                       # street_cred_vs_rival.higher …
            parts.append(entry[str(v).lower() if isinstance(v, bool) else v])
        elif k == "gigs_valued":
            parts.append(entry.format(at_least=v.at_least, count=v.count))
        elif k in ("controls", "controls_none"):
            parts.append(entry.format(v=target_text(v, {"holder": "", "holder_acc": "", "holder_dat": ""}, "nom")))
        elif isinstance(v, bool):
            parts.append(entry if v else f"({k} = false)")
        elif entry is not None:
            parts.append(entry.format(v="/".join(v) if isinstance(v, (list, tuple)) else v))
        else:
            parts.append(f"{k} = {v}")
    return ", ".join(parts)


def effect_text(card: CardFacts, eff: EffectDef) -> str:
    """One sentence for one effect."""
    holder = _holder(card, eff)
    body = actions_text(eff.actions, holder)
    if eff.condition:
        body = _p("effects", "condition", condition=_condition(eff), actions=body)
    if eff.optional:
        body = _p("actions", "optional", action=body)
    if eff.kind == "triggered":
        when = " ya da ".join(_p("triggers", t, **holder) for t in eff.triggers)
        limits = [phrases()["trigger_if"][k] for k, v in eff.trigger_if.items() if v]
        if eff.once_per_turn:
            limits.append(phrases()["once"]["once_per_turn"])
        return _cap(f"{when}{' (' + ', '.join(limits) + ')' if limits else ''}: {body}.")
    if eff.kind == "activated":
        parts = []
        for key in eff.cost.order if eff.cost else ():
            parts.append(_p("effects", "cost_eddies", n=eff.cost.eddies) if key == "eddies" else _p("effects", "cost_spend"))
        text = _p("effects", "activated", cost=", ".join(parts) or "—", actions=body)
        if eff.once_per_turn:
            text += f" ({phrases()['once']['once_per_turn']})"
        return _cap((_p("effects", "quick") if eff.quick else "") + text + ".")
    if eff.kind == "persistent":
        out = []
        scope = phrases()["scopes"][eff.scope].format(**holder)
        if eff.filter is not None:
            words = target_text(eff.filter, holder, "nom").split()
            scope = " ".join(w for w in words if w not in ("bir", "dost", "rakip", "birim", "kart")) + " " + scope
        for key, table in (("restrict", "restrict"), ("allow", "allow")):
            if getattr(eff, key):
                what = ", ".join(phrases()[table][w] for w in getattr(eff, key))
                out.append(_p("effects", f"persistent_{key}", scope=scope,
                              what=(phrases()["while"][eff.while_] + " " if eff.while_ else "") + what))
        if eff.fight:
            out.append(_p("effects", "persistent_fight", scope=scope, what=phrases()["fight"][eff.fight]))
        if eff.wins:
            out.append(_p("effects", "persistent_wins"))
        if eff.power:
            out.append(_p("effects", "persistent_power", scope=scope,
                          **{"while": phrases()["while"].get(eff.while_, "") if eff.while_ else ""},
                          power=_signed(eff.power)).replace("  ", " "))
        if eff.cost_reduction:
            out.append(_p("effects", "persistent_reduction", type=eff.reduction_type or "bütün", n=eff.cost_reduction))
        text = "; ".join(" ".join(o.split()) for o in out) + "."
        if eff.condition:
            text = _p("effects", "condition", condition=_condition(eff), actions=text)
        return _cap(text)
    if eff.kind == "replacement":
        key = "replacement_optional" if eff.optional else "replacement"
        return _cap(_p("effects", key, actions=actions_text(eff.actions, holder), **holder) + ".")
    return _cap(_p("effects", "program", actions=body) + ".")


def describe(card: CardFacts) -> list[str]:
    """The card's effects in Turkish, one line each ([] for a card with no effect)."""
    if card.unsupported:
        return []
    return [effect_text(card, e) for e in card.effects()]


# ---------------------------------------------------------------- rules that matter

@dataclass(frozen=True)
class RuleRef:
    """A rule a card's page links to, and why."""

    slug: str          # glossary entry
    term: str          # its Turkish term
    rule: str          # the defining rule
    related: tuple[str, ...]
    why: str           # keyword | trigger | type | effect | action

    def to_dict(self) -> dict:
        return {"glossary": self.slug, "term": self.term, "rule": self.rule,
                "related": list(self.related), "why": self.why}


def rule_slugs(card: CardFacts) -> list[tuple[str, str]]:
    """(glossary slug, why) for every part of the card, in display order, no repeats."""
    table = phrases()["rules"]
    out: list[tuple[str, str]] = []

    def add(keys: list[str], why: str) -> None:
        for k in keys:
            if k not in [s for s, _ in out]:
                out.append((k, why))

    add(table["type"][card.type], "type")
    if card.sell_tag:
        add(table["sell_tag"], "type")
    for kw in card.keywords:
        add([f"keyword:{kw}"], "keyword")
    for t in card.triggers:
        add(table["trigger"].get(t, []), "trigger")
    if card.unsupported:
        return out
    for eff in card.effects():
        add(table["kind"][eff.kind], "effect")
        for t in eff.triggers:
            add(table["trigger"].get(t, []), "effect")
        if eff.cost is not None:
            for key in eff.cost.order:
                add(table["cost"][key], "effect")
        if eff.quick:
            add(["keyword:QUICK"], "effect")
        stack = list(eff.actions)
        while stack:
            act = stack.pop(0)
            add(table["action"].get(act.verb, []), "action")
            if act.optional:
                add(table["optional"], "action")
            stack.extend(act.then)
        if eff.optional:
            add(table["optional"], "action")
    return out


def rules_for(card: CardFacts, glossary) -> list[RuleRef]:
    """Glossary-backed rule references: keyword names resolve through the glossary
    (kind "keyword", English name), so BLOCKER leads to whatever rule defines it."""
    keyword_terms = {t.english: t for t in glossary if t.kind == "keyword"}
    refs: list[RuleRef] = []
    for slug, why in rule_slugs(card):
        term = keyword_terms.get(slug.split(":", 1)[1]) if slug.startswith("keyword:") else glossary.get(slug)
        if term is None:
            continue
        refs.append(RuleRef(term.slug, term.term, term.rule, tuple(term.related), why))
    return refs


def trigger_terms(card: CardFacts, glossary) -> dict[str, Any]:
    """Printed trigger keywords → glossary entries (kind "trigger", by English name)."""
    terms = {t.english: t for t in glossary if t.kind == "trigger"}
    return {t: terms.get(t) for t in card.triggers}
