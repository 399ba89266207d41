"""Every rule number the engine cites, in one place.

The engine never writes a rule number as a literal elsewhere: a step cites `R.X`. So the
set of ids the engine can ever cite is known statically (`ALL_RULE_IDS`) and a test checks
each is an official Comprehensive Rules number (judge_tool.official); tests/test_citations.py
holds the reviewed table of what each name cites and why.
"""

from __future__ import annotations


class R:
    """Rule ids by meaning. Names say what the engine uses the rule for."""

    # values (the golden rule that a negative value counts as 0, official 2.10.1, has no
    # Turkish node; the engine applies it and cites the rule of the comparison instead)
    STREET_CRED = "11.2.1"
    STREET_CRED_NULL = "11.2.3"

    # turn structure
    START_PHASE = "8.6"
    WIN_SEVEN_GIGS = "8.6.1"
    START_REMOVE = "8.6.2.1"
    START_TRIGGERS = "8.6.2.2"
    READY_ALL = "8.6.3"
    START_DRAW = "8.6.4"
    START_DRAW_EMPTY = "8.6.4.1"
    ROLL_CHOOSE = "8.6.5.1"
    D20_LAST = "8.6.5.1.1"
    ROLL = "8.6.5.2"
    ROLL_PLACE = "8.6.5.3"
    MAIN_PHASE = "8.8"
    PASS_TURN = "8.9"
    MAIN_ACTIONS = "8.10"
    SELL_ACTION = "8.11"              # each Main Phase action's own rule: cited when the
    PLAY_ACTION = "8.13"              # action is tried outside its player's Main Phase
    ACTIVATE_ACTION = "8.14"
    ATTACK_ACTION = "8.15"
    SELL_ONCE = "8.11.1"
    CALL_ACTION = "8.12"
    CALL_ONCE = "8.12.1"
    CALL_REACT = "8.12.2"
    ACTIVATE_LAG = "8.14.1"
    END_TRIGGERS = "8.16.1"
    END_THIS_TURN = "8.16.2"
    OVERTIME = "8.17"
    NEXT_TURN = "8.18"

    # attack
    ATTACK = "9.1"
    DECLARE_UNIT = "9.3.1"
    DECLARE_LAG = "9.3.1.1"
    TARGET_UNIT = "9.3.2.1"
    TARGET_GIGS = "9.3.2.2"
    TARGET_EMPTY_GIGS = "9.3.2.2"
    NO_TARGET = "9.3.2.4"
    TARGET_BY_EFFECT = "9.3.2.3"
    DECLARE_SPEND = "9.3.3"
    DECLARE_TELL = "9.3.4"
    ATTACKING = "9.4"
    WHILE_ATTACKING = "9.5"
    AFTER_DECLARE = "9.6"
    REACT_STEP = "9.7"
    REACT_ONLY_DEFENDER = "9.7.1"
    REACT_CALL = "9.8"
    REACT_BLOCKER = "9.9"             # BLOCKER is activated on a READY Unit as a reaction
    BLOCKER_REDIRECT = "9.9.1"
    REACT_QUICK = "9.10"
    REACT_QUICK_PROGRAM = "9.10.1"
    REACT_PENDING = "9.11"
    REACT_END = "9.12"
    REACT_LEFT_FIELD = "9.13"
    REACT_NEXT = "9.14"
    FIGHT_ONLY_UNIT = "9.15"
    FIGHT_STEP = "9.16"
    WHILE_FIGHTING = "9.16.1"
    FIGHT = "9.17"
    FIGHT_WIN = "9.17.1"
    FIGHT_WIN_OTHER_LOSES = "9.17.1.1"
    FIGHT_LOSE = "9.17.2"
    FIGHT_TIE = "9.17.3"
    FIGHT_TRIGGERS = "9.18"
    FIGHT_DEFEAT = "9.19.1"
    FIGHT_ZERO_POWER = "9.19.2"
    FIGHT_PREVENTED = "9.19.3"
    FIGHT_END = "9.20"
    STEAL_ONLY_GIGS = "9.21"
    STEAL_EMPTY = "9.22"
    WHILE_STEALING = "9.23.1"
    STEAL_BY_POWER = "9.23.2"
    STEAL_ZERO = "9.23.2.1"
    STEAL_FORMULA = "9.23.2.2"
    STEAL_ANY_VALUE = "9.23.3.1"
    STEAL_ONE_AT_A_TIME = "9.23.3.2"
    STEAL_CAP = "9.23.3.3"
    STEAL_PREVENT = "6.7.4"
    STEAL_MOVE = "9.23.5.1"
    STEAL_EACH = "9.23.5.2"
    STOLEN_TRIGGERS = "9.23.6"
    STEAL_VALUE_FIXED = "6.7.5"
    STEAL_END = "9.25"
    END_ATTACKER_GONE = "9.26.1"
    END_TARGET_GONE = "9.26.2"
    END_TARGET_INVALID = "9.26.3"
    END_BY_EFFECT = "9.26.4"
    END_EARLY = "9.27.1"
    END_FINISH_EFFECT = "9.27.2"
    END_PENDING = "9.28"
    END_REMOVE_WHILE = "9.29"

    # official rules the Turkish text lacks or words differently (the engine follows them)
    WIN_START = "1.10"
    OVERTIME_WIN = "1.11"
    OVERTIME_BEGINS = "1.11.1"
    OVERTIME_ALREADY = "1.11.2"
    ALT_WIN = "1.12"
    NEGATIVE_ZERO = "2.10.1"
    CANT_BEATS_CAN = "2.6"
    CARD_OVER_RULES = "2.5"
    AS_MUCH_AS_POSSIBLE = "2.4"
    UP_TO_ZERO = "2.8"
    LEGEND_INVALID_AREA = "4.4.1"
    LEGEND_TO_FIELD = "4.5"
    LEGEND_ORIENTATION = "4.5.1"
    LEGEND_LAG = "4.5.2"
    LEGEND_NULL = "4.5.3"
    LEGEND_NO_SELL_TAG = "5.7.2.2"
    LEGEND_FACE_DOWN_EFFECT = "5.7.6"
    ADJUST_SAME = "6.4.5"
    ADJUST_OFF_FACE = "6.4.4"
    CONTROL = "1.7.3"
    FRIENDLY_EFFECT = "10.20.1"
    RESOLVE_AS_MUCH = "10.2.1"
    SELL_BY_EFFECT = "11.9.2.1"
    STEAL_BY_EFFECT = "6.7.1.2"
    STEAL_CHOOSE = "6.7.2.1"
    STEAL_CONTROL = "6.7.2.3"
    STEAL_TRIGGER_AFTER = "6.7.3"
    SELL_EFFECT_COUNTS = "11.9.2.2"
    FIGHT_BY_EFFECT = "9.17.4"
    FIGHT_RESULT = "9.19"

    # effects
    RESOLVE_IN_ORDER = "10.2"
    RESOLVE_MAX = "10.2.1"
    RESOLVING_BLOCKS = "10.2.3"
    NO_INTERRUPT = "10.2.4"
    CONDITION_FALSE = "10.3.1"
    CONDITION_AT_RESOLUTION = "10.3.3"
    NO_LEGAL_CHOICE = "10.7"
    LAST_KNOWN = "10.10.1"
    PENDING_BLOCKS = "10.11.1"
    PENDING_ANY_ORDER = "10.12"
    PENDING_TURN_PLAYER = "10.13"
    PENDING_NEW = "10.14"
    PENDING_NEW_BOTH = "10.14.1"
    TRIGGER_PENDING = "10.16"
    TRIGGER_CONDITION = "10.16.1"
    TRIGGER_TOGETHER = "10.16.2"
    TRIGGER_EACH_TIME = "10.16.3"
    ACTIVATE_CHOOSE = "10.20.1"
    ACTIVATE_NOT_PENDING = "10.18.1"
    ACTIVATE_PAY = "10.20.4"
    ACTIVATE_RESOLVE = "10.20.6"
    ACTIVATE_PENDING = "10.20.7"
    ACTIVATE_COSTS = "10.19.2"
    ACTIVATE_COST_ORDER = "10.19.3"
    PERSISTENT_AREA = "10.22.3"
    PERSISTENT_DURATION = "10.23"
    REPLACEMENT = "10.25"
    REPLACEMENT_OPTIONAL = "10.26"
    REPLACEMENT_IMPOSSIBLE = "10.27"
    REPLACEMENT_MANDATORY_FIRST = "10.28"
    REPLACEMENT_CHOOSE_MANDATORY = "10.28.1"
    REPLACEMENT_CHOOSE_OPTIONAL = "10.28.2"
    REPLACEMENT_RECHECK = "10.29"
    REPLACEMENT_ONCE = "10.29.1"
    REPLACEMENT_MECHANIC = "10.30"
    CHOICE = "10.31"
    CHOICE_NONE = "10.31.1"
    CHOICE_AS_MANY = "10.31.2"
    CHOICE_NUMBER = "10.31.3"

    # card types, areas, Gigs (chapters 4-6)
    EQUIP_TARGET = "10.1.3"
    GEAR_TO_TRASH = "4.12"
    GEAR_FOLLOWS = "4.12.1"
    PROGRAM_TRASH = "4.14"           # a played Program resolves, then goes to the trash
    LEGEND_PAY = "11.8.1"
    ADJUST_NONE = "10.31"            # the chosen change may be none
    ACTIVATION_CONDITION = "10.9"    # invalid activation conditions: cannot activate
    SWAP = "10.19"
    SWAP_NOT_STEAL = "6.7"
    STEAL_WOULD = "6.7.4"
    DEFEAT_TO_TRASH = "9.19.1.1"

    # terms
    COST_FULL = "11.1.2"
    LAG_ENTER = "11.3.1"
    LAG_NO_ATTACK = "11.3.1.1"
    LAG_NO_SPEND = "11.3.1.2"
    LAG_ENDS = "11.3.2"
    PLAY = "11.4.1"
    PLAY_INVALID = "11.4.1.1"
    PLAY_FROM_HAND = "11.4.2"
    PLAY_BY_EFFECT = "11.4.2"
    DRAW = "11.5.1"
    DRAW_EACH = "11.5.2.1"
    DRAW_UP_TO = "11.5.2.2"
    DRAW_TOO_MANY = "11.5.2.3"
    EQUIP = "11.6.1"
    GEAR_STAYS = "11.6.1.2"
    GEAR_INHERIT = "11.6.4"
    GEAR_POWER = "11.6.5"
    TRASH_EACH = "11.7.2.1.1"
    PAY = "11.8.1"
    COST_REDUCTION = "11.8.2"
    REDUCTION_MIN = "11.8.3"
    FREE = "11.8.4"
    FREE_CONDITIONS = "11.8.4.1"
    SELL = "11.9.1"
    SELL_TAG = "11.9.2"
    CALL = "11.11.1"
    CALL_FACE_DOWN = "11.11.1"
    CALL_ORIENTATION = "11.11.1.3"
    CALL_ONCE_TURN = "11.11.2"
    BOTTOM_DECK = "11.12.1"
    BOTTOM_DECK_RANDOM = "11.12.1.3"
    SEARCH = "11.13.1"
    SEARCH_RETURN = "11.13.2"
    SEARCH_STILL_IN_DECK = "11.13.3"
    SEARCH_FAIL_HIDDEN = "11.13.4"
    SEARCH_DECLINE = "11.13.4.1"
    SPEND_ICON = "11.15.1"
    SPEND_ICON_PURPOSE = "11.15.2"
    SPEND_ICON_FIRST = "11.15.3"
    EDDIE_COST = "11.16.1.1"
    CALL_MEANS = "11.18.1"           # only a flip by the Call a Legend action is a CALL
    CALL_TRIGGER = "11.18.2"
    DEFEATED_MEANS = "11.19.1"       # only a defeat is a DEFEATED (not a bounce, a removal)
    DEFEATED_TRIGGER = "11.19.2"      # enters pending once defeated and in the trash
    PLAY_TRIGGER = "11.20.2"
    ATTACK_MEANS = "11.21.1"         # only this Unit attacking is an ATTACK (not a block)
    ATTACK_TRIGGER = "11.21.2"
    ATTACK_SPEND_TRIGGERS = "11.21.2.1"
    ATTACK_BEFORE_REACT = "11.21.2.2"
    ADRENALINE = "11.23.2"
    BLOCKER = "11.24.2"
    BLOCKER_TARGET = "11.24.3"
    GO_SOLO = "11.25.1"
    GO_SOLO_ATTACK = "11.25.1"       # "it can attack this turn" (not the ADRENALINE rule)
    QUICK = "11.26.2"
    QUICK_COST = "11.26.3"


# Official numbers the engine cites that have no Turkish sentence: a step citing one is
# marked "resmi kural; Türkçe metinde yok" (trace.OFFICIAL_ONLY). A test keeps this in step
# with the rulebook.
OFFICIAL_ONLY_IDS: frozenset[str] = frozenset({
    R.WIN_START, R.OVERTIME_WIN, R.OVERTIME_BEGINS, R.OVERTIME_ALREADY, R.ALT_WIN,
    R.NEGATIVE_ZERO, R.CANT_BEATS_CAN, R.CARD_OVER_RULES, R.AS_MUCH_AS_POSSIBLE, R.UP_TO_ZERO,
    R.LEGEND_INVALID_AREA, R.LEGEND_TO_FIELD, R.LEGEND_ORIENTATION, R.LEGEND_LAG, R.LEGEND_NULL,
    R.LEGEND_NO_SELL_TAG, R.LEGEND_FACE_DOWN_EFFECT, R.ADJUST_SAME, R.ADJUST_OFF_FACE,
    R.CONTROL, R.PROGRAM_TRASH, R.STEAL_CHOOSE, R.STEAL_CONTROL, R.STEAL_TRIGGER_AFTER,
})

ALL_RULE_IDS: frozenset[str] = frozenset(
    value for name, value in vars(R).items() if name.isupper() and isinstance(value, str)
)
