"""The rules engine: game state, procedures and scenario files.

Importing the package gives the pure rules math only (cheap, no CLI, no third-party
libraries); the procedures live in `game`, scenario files in `scenario`.
"""

from __future__ import annotations

from .cite import ALL_RULE_IDS, R
from .rules_math import (Verdict, can_attack, draw_loses, effective, fight_defeats, fight_result,
                         may_choose_d20, payable_cost, steal_count, street_cred)
from .trace import Step

__all__ = [
    "ALL_RULE_IDS", "R", "Step", "Verdict", "can_attack", "draw_loses", "effective",
    "fight_defeats", "fight_result", "may_choose_d20", "payable_cost", "steal_count",
    "street_cred",
]
