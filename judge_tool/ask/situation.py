"""The situation `ask` understood, as data and as the short lines a judge checks at a
glance ("Anladığım: …" / "Understood: …") before reading the answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Situation:
    """What the question states and asks, in the terms the engine runs on."""

    family: str
    asked: str                                   # "count", "yesno" or "outcome"
    facts: dict[str, Any] = field(default_factory=dict)
    subject: tuple[str, str] | None = None       # a yes/no fight question: (event, who)

    def lines(self, language: str) -> list[str]:
        asked = _asked_line(self.family, self.asked, language)
        if self.subject is not None:
            event, who = self.subject
            if language == "en":
                who_text = {"both": "both Units", "attacker": "the attacker",
                            "defender": "the defender"}[who]
                asked = f"asked: is {who_text} " + {"defeat": "defeated", "win": "the winner",
                                                    "lose": "the loser"}[event] + " (yes/no)"
            else:
                who_text = {"both": "iki birim de", "attacker": "saldıran",
                            "defender": "savunan"}[who]
                asked = f"soru: {who_text} " + {"defeat": "mağlup edilir mi", "win": "kazanır mı",
                                                "lose": "kaybeder mi"}[event] + " (evet/hayır)"
        facts = dict(self.facts)
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


_TR = {
    "power": "saldıran birimin gücü: {}",
    "dice_present": "rakibin Gig alanındaki Gig sayısı: {}",
    "my_gigs": "Gig alanımdaki Gig sayısı: {}",
    "my_remaining": "soru: çalmadan sonra bende kalan Gig",
    "remaining": "soru: çalmadan sonra rakipte kalan Gig",
    "attacker_power": "saldıran birimin gücü: {}",
    "defender_power": "savunan birimin gücü: {}",
    "ready": "saldıracak birim hazır: {}",
    "lagging": "saldıracak birim gecikmeli (Lag): {}",
    "adrenaline": "ADRENALINE: {}",
    "target": "saldırı hedefi: {}",
    "rival_gigs": "rakibin Gig alanındaki Gig sayısı: {}",
    "target_spent": "hedef birim harcanmış: {}",
    "values": "Gig değerleri: {}",
    "stolen": "çalınan Gig değerleri: {}",
    "rival_turn": "rakibin turu: {}",
    "sold_this_turn": "bu tur zaten kart satıldı: {}",
    "called_this_turn": "bu tur zaten Legend çağrıldı: {}",
    "gigs": "Gig sayısı: {}",
    "gigs_of": "Gig'lerin sahibi: {}",
    "turn_of": "başlayan tur: {}",
    "steal": "bu tur çalınan: {}",
    "when": "ne zaman: {}",
    "thief": "çalan: {}",
    "changes": "indirimler/artışlar (ayrı ayrı): {}",
    "eddies": "hazır Eddie: {}",
    "legends": "hazır Legend: {}",
    "cost": "kartın bedeli: {} €$",
    "reduction": "toplam indirim: {} €$",
    "free": "ücretsiz: {}",
    "fixer_dice": "fixer alanındaki zarlar: {}",
    "blocker_power": "bloklayanın gücü: {}",
    "blocked": "BLOCKER ile bloklandı: {}",
    "deck_before": "destede önce: {} kart",
    "already_drawn": "önceden çekilen: {} kart",
    "blocker_spent": "BLOCKER harcanmış: {}",
    "blocker_target": "BLOCKER zaten saldırının hedefi: {}",
    "blocker_lag": "BLOCKER gecikmeli (Lag): {}",
    "n": "çekilecek kart: {}",
    "deck_count": "destede şimdi: {} kart",
    "up_to": "“en fazla” çekiş: {}",
}
_EN = {
    "power": "attacking Unit's power: {}",
    "dice_present": "Gigs in the rival Gig area: {}",
    "my_gigs": "Gigs in my Gig area: {}",
    "my_remaining": "asked: Gigs I have left after the steal",
    "remaining": "asked: Gigs the rival has left after the steal",
    "attacker_power": "attacker's power: {}",
    "defender_power": "defender's power: {}",
    "ready": "attacking Unit ready: {}",
    "lagging": "attacking Unit lagging (Lag): {}",
    "adrenaline": "ADRENALINE: {}",
    "target": "attack target: {}",
    "rival_gigs": "Gigs in the rival Gig area: {}",
    "target_spent": "target Unit spent: {}",
    "values": "Gig values: {}",
    "stolen": "stolen Gig values: {}",
    "rival_turn": "the rival's turn: {}",
    "sold_this_turn": "a card already sold this turn: {}",
    "called_this_turn": "a Legend already called this turn: {}",
    "gigs": "Gigs: {}",
    "gigs_of": "whose Gigs: {}",
    "turn_of": "whose turn starts: {}",
    "steal": "stolen this turn: {}",
    "when": "when: {}",
    "thief": "stolen by: {}",
    "changes": "reductions/increases (each): {}",
    "eddies": "ready Eddies: {}",
    "legends": "ready Legends: {}",
    "cost": "card's cost: {} €$",
    "reduction": "total reduction: {} €$",
    "free": "free: {}",
    "fixer_dice": "dice in the fixer area: {}",
    "deck_before": "deck before: {} cards",
    "already_drawn": "already drawn: {} cards",
    "blocker_spent": "BLOCKER spent: {}",
    "blocker_target": "BLOCKER already the attack's target: {}",
    "blocker_lag": "BLOCKER lagging (Lag): {}",
    "blocker_power": "blocker's power: {}",
    "blocked": "blocked by a BLOCKER: {}",
    "n": "cards to draw: {}",
    "deck_count": "cards in the deck now: {}",
    "up_to": "“up to” draw: {}",
}
_ASKED_TR = {"count": "soru: kaç", "yesno": "soru: evet mi hayır mı", "outcome": "soru: sonuç (kim kazanır)"}
_ASKED_EN = {"count": "asked: how many", "yesno": "asked: yes or no", "outcome": "asked: the outcome (who wins)"}
_FAMILY_ASKED_TR = {"blocker": "soru: BLOCKER bloklayabilir mi",
                    "sell": "soru: kart satılabilir mi", "call": "soru: Legend çağırma",
                    "win": "soru: oyunu kazanır mı","steal": "soru: kaç Gig çalınır", "street_cred": "soru: Street Cred kaç",
                    "cost": "soru: kaç €$ ödenir", "cost:yesno": "soru: bedel ödenebilir mi", "fight": "soru: çatışmayı kim kazanır",
                    "attack": "soru: saldırı yapılabilir mi", "d20": "soru: d20 seçilebilir mi",
                    "draw": "soru: oyuncu kaybeder mi"}
_FAMILY_ASKED_EN = {"blocker": "asked: may the BLOCKER block",
                    "sell": "asked: may a card be sold", "call": "asked: calling a Legend",
                    "win": "asked: does the player win","steal": "asked: how many Gigs are stolen", "street_cred": "asked: the Street Cred",
                    "cost": "asked: how many €$ are paid",
                    "cost:yesno": "asked: can it be paid for", "fight": "asked: who wins the fight",
                    "attack": "asked: may it attack", "d20": "asked: may the d20 be chosen",
                    "draw": "asked: does the player lose"}


def _shown(value: Any, language: str) -> str:
    if isinstance(value, bool):
        return ("yes" if value else "no") if language == "en" else ("evet" if value else "hayır")
    if value is None:
        return "belirtilmedi" if language == "tr" else "not given"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) if value else ("yok" if language == "tr" else "none")
    if isinstance(value, str) and value in _VALUE_WORDS:
        tr, en = _VALUE_WORDS[value]
        return tr if language == "tr" else en
    return str(value)


# Symbolic values of the situation's facts, as the judge reads them (Turkish, English).
_VALUE_WORDS = {
    "gigs": ("rakibin Gig alanı", "the rival Gig area"),
    "start": ("turun başı", "the start of the turn"),
    "steal": ("tur içinde çalma", "a steal during the turn"),
    "rival": ("rakip", "the rival"),
    "me": ("ben", "me"),
    "unit": ("rakip birim", "a rival Unit"),
}


def _line(family: str, key: str, value: Any, language: str) -> str | None:
    table = _EN if language == "en" else _TR
    if key not in table or (key in ("remaining", "my_remaining", "up_to") and not value):
        return None
    if key == "reduction" and not value:
        return None
    if key in ("dice_present", "my_gigs") and value is None:
        return None
    return table[key].format(_shown(value, language))


def _asked_line(family: str, asked: str, language: str) -> str:
    table = _FAMILY_ASKED_EN if language == "en" else _FAMILY_ASKED_TR
    return (table.get(f"{family}:{asked}") or table.get(family)
            or (_ASKED_EN if language == "en" else _ASKED_TR).get(asked, ""))
