"""The situation `ask` understood, as data and as the short lines a judge checks at a
glance ("Anladığım: …" / "Understood: …") before reading the answer."""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any


@dataclass
class Situation:
    """What the question states and asks, in the terms the engine runs on."""

    family: str
    asked: str                                   # "count", "yesno" or "outcome"
    facts: dict[str, Any] = field(default_factory=dict)
    subject: tuple[str, str] | None = None       # a yes/no fight question: (event, who)

    def lines(self, language: str) -> list[str]:
        m = _messages(language)
        asked = _asked_line(self.family, self.asked, language)
        if self.subject is not None:
            event, who = self.subject
            if who == "both":
                asked = m(f"ask_lines.subject.{event}_both")    # "are both Units defeated"
            else:
                asked = m(f"ask_lines.subject.{event}", who=m(f"ask_lines.subject.{who}"))
        facts = dict(self.facts)
        if self.family == "cost" and isinstance(facts.get("changes"), list):
            # a reduction is kept as a positive number and an increase as a negative one:
            # shown as the judge says them ("+3 artış, -1 indirim") with the net change
            changes = facts["changes"]
            facts["changes"] = [m("ask_lines.value.increase", n=-c) if c < 0 else
                                m("ask_lines.value.reduction", n=c) for c in changes]
            if any(c < 0 for c in changes) and "reduction" in facts:
                net = -facts.pop("reduction")
                facts["net_change"] = f"+{net}" if net > 0 else str(net)
        unnamed = facts.pop("fixer_unnamed", 0)
        if unnamed and "fixer_dice" in facts:
            # dice the question only counted ("başka bir zar"): shown as counted, never as a
            # die the question did not name
            facts["fixer_dice"] = list(facts["fixer_dice"]) + [
                m("ask_lines.value.other_dice", n=unnamed)]
        if facts.pop("defending", None) == "me":
            # the rival attacks my Gig area: the count and what remains are mine
            facts = {{"dice_present": "my_gigs", "remaining": "my_remaining"}.get(k, k): v
                     for k, v in facts.items()}
        for key in ("power", "attacker_power", "defender_power"):
            working = facts.pop(f"{key}_working" if key != "power" else "power_working", None)
            if working is not None and key in facts:
                facts[key] = working        # "8 + 3 = 11": the base and every change
        return [line for key, value in facts.items()
                for line in [_line(self.family, key, value, language)] if line] + [asked]


# The lines' words are in the message catalogue (`[ask_lines]` in judge_tool/locales/*.toml):
# a fact `key` of the situation is shown as `ask_lines.fact.<key>` with its value.
FACTS = ("power", "dice_present", "my_gigs", "remaining", "my_remaining", "attacker_power", "defender_power", "ready", "attacked",
         "lagging", "adrenaline", "target", "rival_gigs", "target_spent", "values", "stolen",
         "rival_turn", "sold_this_turn", "sell_tag", "called_this_turn", "turn_end", "gigs", "gigs_of", "other_gigs", "turn_of",
         "steal", "when", "thief", "total", "cred_of", "taken", "gained",
         "changes", "gig_changes", "swap", "eddies", "eddies_spent", "legends", "legends_spent", "legends_up", "cost", "reduction", "net_change", "free", "fixer_dice",
         "blocker_power", "blocked", "deck_before", "already_drawn", "blocker_spent",
         "blocker_target", "blocker_lag", "n", "deck_count", "up_to", "at_start", "claimed",
         "claimed_gigs", "go_solo", "own_target", "overtime", "blocker_keyword",
         "attacker_fight", "defender_fight", "attacker_undefeatable", "defender_undefeatable")
# Symbolic values of the situation's facts, as the judge reads them.
VALUE_WORDS = ("gigs", "start", "steal", "overtime_begins", "rival", "me", "unit", "win", "lose",
               "no_target")


def _messages(language: str):
    from .say import messages_for      # one rule for the question's language
    return messages_for(language)


def _shown(value: Any, language: str) -> str:
    m = _messages(language)
    if isinstance(value, bool):
        return m("ask_lines.value.yes" if value else "ask_lines.value.no")
    if value is None:
        return m("ask_lines.value.not_given")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) if value else m("ask_lines.value.none")
    if isinstance(value, str) and value in VALUE_WORDS:
        return m(f"ask_lines.value.{value}")
    return str(value)


def _line(family: str, key: str, value: Any, language: str) -> str | None:
    if key not in FACTS or (key in ("remaining", "my_remaining", "up_to") and not value):
        return None
    if key == "reduction" and not value:
        return None
    if key in ("dice_present", "my_gigs") and value is None:
        return None
    return _messages(language)(f"ask_lines.fact.{key}", value=_shown(value, language))


def _asked_line(family: str, asked: str, language: str) -> str:
    m = _messages(language)
    for key in (f"ask_lines.family.{family}_{asked}", f"ask_lines.family.{family}",
                f"ask_lines.asked.{asked}"):
        text = m.get(key, None)
        if text is not None:
            return text
    return ""
