"""`judge ask` family: searching the top of a deck that holds fewer cards than the search
asks for (official 11.13: you look at as many as there are, 11.13.3; a search is not a
draw, so nobody loses; the cards not moved go back in the same order, 11.13.2; a search
for a specific kind of card may fail on purpose, 11.13.4.1; "take N" takes as many as
possible, 10.31.2).

The question's numbers take their roles from the words next to them (the search size, the
deck count, how many are taken); the situation is run as a scenario: a Unit whose PLAY
effect does the search is played, and the value is read from the run.
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from .families import Call, Unclear, _assign
from .family_util import asked_clause, deciding, in_clause, run, words, yes_no
from .family_util import answer as make_answer
from .lexicon import Reading

NAME = "deck_search"
FORMS = ("yesno", "count")

_ROLES = {"top": "n", "search": "n", "deck": "k", "left": "k", "take": "t", "to_hand": "t",
          "trash": "t", "move": "t"}
_TYPES = ("gear", "unit", "program")
_NEGATIVE_FIND = ("bulmam", "bulmaz", "bulmayab", "bulmayacag")
_LIMIT_N, _LIMIT_K = 30, 60
# Questions whose answer no search size changes (the deck holding at least that many).
# Not "shuffle": a search said without its size is a card not described, and a card may
# itself say to shuffle (heldout8b leaves "must I shuffle while searching?" unanswered).
_SIZE_FREE = ("decline", "counted", "reveal_fail")
_ANY_SIZE = 3
SEARCHER = "Arayan"


def _asked(reading: Reading, form: str) -> str | None:
    clause = asked_clause(reading)
    if form == "count":
        if in_clause(reading, "remain", clause) and in_clause(reading, "deck", clause):
            return "left"               # "destede kaç kart kalır": the deck after the search
        if in_clause(reading, "counted", clause) or (
                in_clause(reading, "deck", clause) and _searching_only(reading, clause)):
            # "bakarken destemde kaç kart sayılır / var?": the deck while searching (11.13.3)
            return "in_deck"
        if any(in_clause(reading, c, clause) for c in ("take", "to_hand", "trash")):
            return "taken"
        if in_clause(reading, "search", clause):
            return "looked"
        return None
    if form != "yesno":
        return None
    if in_clause(reading, "reveal", clause) and _failed_find(reading) and _must(reading, clause):
        return "reveal_fail"            # "bulamazsam göstermem gerekir mi?" (11.13.4)
    asks = [c for c in ("lose", "shuffle", "find") if in_clause(reading, c, clause)]
    if not asks and in_clause(reading, "counted", clause):
        return "counted"                # "bakılan kartlar hâlâ destede sayılır mı?" (11.13.3)
    if not asks and in_clause(reading, "empty", clause) and in_clause(reading, "deck", clause) \
            and not in_clause(reading, "draw", clause):
        return "empty"                  # "is my deck now empty?" (the cards looked at stay)
    if len(asks) != 1:
        return None
    if asks[0] == "find":
        items = [it for it in reading.items if it.clause == clause]
        negative = any(it.key.startswith(_NEGATIVE_FIND) for it in items) or \
            in_clause(reading, "unwilling", clause) or in_clause(reading, "negation", clause)
        return "decline" if negative else None
    return asks[0]


_WHILE = ("while", "during", "when")
_NOTHING_EN = ("nothing", "no", "not", "dont", "don't", "didnt", "didn't", "doesnt", "doesn't")


def _failed_find(reading: Reading) -> bool:
    """"bulamazsam", "bulamadım", "finds nothing", "if I don't find", "fail to find": the
    search found nothing; the negation is read here."""
    items = reading.items
    for m in reading.of("find"):
        key = items[m.start].key
        if key.startswith(_NEGATIVE_FIND + ("bulama",)):
            reading.consumed.add(m.start)
            return True
        fail = [k for k in range(max(0, m.start - 2), m.end) if items[k].key == "fail"]
        near = [k for k in (*range(max(0, m.start - 2), m.start), *range(m.end, min(len(items), m.end + 2)))
                if items[k].key in _NOTHING_EN]
        if fail or near:
            reading.consumed.update(fail + near)
            return True
    return False


def _must(reading: Reading, clause: int) -> bool:
    """An obligation is asked ("gerekir mi", "zorunda mıyım", "must I", "do I have to")."""
    from .lexicon import load_lexicon
    stems = tuple(load_lexicon().families["deck_search"].get("must_stems", ()))
    items = [it for it in reading.items if it.clause == clause]
    for n, it in enumerate(items):
        if not it.key.startswith(stems):
            continue
        if it.key in ("have", "has", "need", "needs") and not (
                n + 1 < len(items) and items[n + 1].key == "to"):
            continue
        return True
    return False


def _searching_only(reading: Reading, clause: int) -> bool:
    """The asked clause names the search only as the time ("bakarken", "ararken", "while I
    look", "during the search"), so its count is of the deck, not of the cards looked at."""
    items = reading.items
    found = [m for m in reading.of("search") if items[m.start].clause == clause]
    return all(items[m.start].key.endswith("ken") or any(
        items[k].key in _WHILE for k in range(max(0, m.start - 2), m.start)) for m in found)


def extract(reading: Reading) -> Call | None:
    if not (reading.has("search") or (reading.has("top") and (reading.has("take") or reading.has("to_hand")))):
        # "üstteki 5 karttan 2'sini ele ekle" is a search too; "trash the top 2 cards" with
        # no look is the trash action (11.7.2), not a search
        return None
    if _search_negated(reading):
        raise Unclear("search.not_made")
    from .asked import asked_form
    asked = _asked(reading, asked_form(reading))
    if asked is None:
        return None
    if asked == "decline" and reading.has("trash") and not reading.has("deck"):
        return None                     # "çöpümde bir birim ara": the trash is no hidden
                                        # area (11.13.4.1 is about hidden ones)
    if asked == "reveal_fail":
        if not reading.has("deck") or reading.has("trash"):
            return None                 # 11.13.4 is about a hidden area: the deck is said
        # "rakibe göstermem gerekir mi", "show my opponent": the Rival is whom it is shown to
        clause = asked_clause(reading)
        reading.consumed.update(it.i for it in reading.items
                                if it.clause == clause and "rival" in reading.at(it.i))
    numbers = [it for it in reading.numbers if not it.sign]
    _of_them(reading, numbers)
    kind_counts = _kind_counts(reading, numbers)
    numbers = [it for it in numbers if it.i not in kind_counts]
    roles = _assign(reading, numbers, _ROLES, window=4)
    found: dict[str, Any] = {}
    used: set[int] = set()
    for item in numbers:
        role = roles.get(item.i)
        if role is None or role in found:
            raise Unclear("search.number_counts", number=item.text)
        found[role] = item.number
        used.add(item.i)
    if kind_counts and asked != "decline":
        raise Unclear("search.how_many_match")
    used |= kind_counts
    if "n" not in found and asked == "lose" and _deck_empty(reading):
        # "destem bitmişken arama etkisi gelirse kaybeder miyim?": with no card in the deck
        # no search of any size draws (11.13.3); one card stands for it
        found["n"] = 1
        assumptions_n = True
    else:
        assumptions_n = False
    assumptions: list[str] = []
    m = words(reading)
    defaults: set[str] = set()
    if "n" not in found and "k" not in found and asked in _SIZE_FREE and (
            asked == "reveal_fail" or not (_deck_empty(reading) or reading.has("none_left"))):
        # "arama yaparken baktığım kartlar destede sayılır mı?", "must I shuffle after
        # searching?": no size is said and none changes these answers (11.13.2-11.13.4),
        # so a search of a few cards in a deck that holds them stands for any
        found["n"] = _ANY_SIZE
        defaults.add("n")
        assumptions.append(m("ask_misc.search.size_assumed", n=_ANY_SIZE))
    if "n" not in found:
        raise Unclear("search.looks_at")
    n = found["n"]
    if assumptions_n:
        assumptions.append(m("ask_react.search_any_size"))
    if asked == "empty" and ("k" not in found or reading.has("take") or reading.has("to_hand")
                             or reading.has("trash")):
        raise Unclear("search.deck_holds")
    if asked in ("counted", "in_deck") and (reading.has("take") or reading.has("to_hand") or reading.has("trash")
                               or reading.has("bottom")):
        raise Unclear("search.takes")       # a card moved away is not "still in the deck"
    if "k" not in found:
        if _deck_empty(reading):
            found["k"] = 0
        elif asked in ("shuffle", "decline", "counted", "reveal_fail"):
            found["k"] = n              # the deck's size cannot change these answers
            defaults.add("k")
            assumptions.append(m("ask_misc.search.deck_assumed", n=n))
        else:
            raise Unclear("search.deck_holds")
    k = found["k"]
    if n < 1 or n > _LIMIT_N or k > _LIMIT_K:
        raise Unclear("search.too_big")
    kinds = [t for t in _TYPES if reading.has(t)]
    if len(kinds) > 1:
        raise Unclear("search.kinds")
    wanted = kinds[0] if kinds else None
    takes = reading.has("take") or reading.has("to_hand") or reading.has("trash")
    t = found.get("t")
    if t is None and takes:
        one = _one_of_them(reading)
        if one is not None:
            t = 1                       # "birini eline al", "add one of them"
            reading.consumed.add(one)
    if (takes or asked == "decline") and t is None:
        if asked == "taken":
            raise Unclear("search.takes")
        t = 1
        assumptions.append(m("ask_misc.search.take_assumed"))
    if asked == "taken" and wanted:
        raise Unclear("search.how_many_match")
    if asked == "decline" and not wanted:
        raise Unclear("search.no_kind")
    if asked == "shuffle" and reading.has("bottom"):
        raise Unclear("search.bottom_random")
    if reading.has("shuffle") and (asked != "shuffle" or len(reading.of("shuffle")) > 1):
        raise Unclear("search.shuffles")
    if asked == "decline":
        # "bulmamayı", "choose not to find", "I don't want to reveal it": the negations are
        # what the question asks about, read here
        for it in reading.items:
            if it.neg_verb or "negation" in reading.at(it.i):
                near = reading.at(it.i) | reading.at(min(it.i + 1, len(reading.items) - 1)) \
                    | reading.at(min(it.i + 2, len(reading.items) - 1))
                if near & {"find", "reveal", "unwilling", "choose"}:
                    reading.consumed.add(it.i)
    to, rest, counted = _places(reading)
    if rest in ("hand", "trash") and asked == "taken" and counted is None:
        raise Unclear("search.places")      # two places named: which one is counted?
    args = {"n": n, "k": k, "t": t, "type": wanted, "asked": asked, "to": to, "rest": rest,
            "counted": counted or to}
    return Call(args, assumptions, used=used, defaults=defaults)


_PLACE = {"to_hand": "hand", "trash": "trash", "bottom": "bottom"}
_JOINS = ("and", "ve", "then", "sonra", "ardından", "ardindan")


def _segments(reading: Reading) -> list[int]:
    """Each word's instruction: clauses, cut again at "and"/"ve"/"then" ("put one in your
    hand and trash the rest" is two instructions) and, in Turkish, before a rest word."""
    out, at, prev = [], 0, None
    tr = reading.language != "en"
    for it in reading.items:
        if prev is not None and (it.clause != prev or it.key in _JOINS or (
                tr and "rest" in reading.at(it.i) and "rest" not in reading.at(it.i - 1))):
            # a Turkish instruction starts with its object: "… ele al diğerini çöpe at"
            at += 1
        out.append(at)
        prev = it.clause
    return out


def _places(reading: Reading) -> tuple[str, str | None, str | None]:
    """Where the cards taken go, where the rest go, and which place the question counts.
    The effect's instructions are the clauses other than the asked one; a clause with
    "kalanları", "the rest", "diğerini" names the rest's place (11.13.2), the others the
    taken cards' place. Two places for the taken cards, or a rest word without a place,
    is not read (a count over one place would silently drop the other)."""
    asked = asked_clause(reading)
    items = reading.items
    seg = _segments(reading)
    rest_segs = {seg[m.start] for m in reading.of("rest")}
    asked_segs = {seg[it.i] for it in items if it.clause == asked}
    take_places: set[str] = set()
    rest_places: set[str] = set()
    counted: set[str] = set()
    for concept, place in _PLACE.items():
        for m in reading.of(concept):
            at = seg[m.start]
            if at in rest_segs:
                rest_places.add(place)
            elif at in asked_segs:
                counted.add(place)
            else:
                take_places.add(place)
    if not take_places and not rest_places:
        take_places, counted = counted, set()     # one clause holds the effect and the ask
    if rest_segs - asked_segs and not rest_places or len(rest_places) > 1 \
            or len(counted) > 1 or "bottom" in counted:
        raise Unclear("search.places")
    if rest_places:
        rest = rest_places.pop()
        take = take_places or {"hand"}
        if len(take) > 1 or take & {"bottom", rest}:
            raise Unclear("search.places")
        return take.pop(), rest, counted.pop() if counted else None
    if len(take_places - {"bottom"}) > 1:
        raise Unclear("search.places")          # "eline al … çöpe at" with no rest word
    to = "trash" if "trash" in take_places else "hand"
    rest_b = "bottom" if "bottom" in take_places else None
    return to, rest_b, counted.pop() if counted else None


_NEG_TR = ("maz", "mez", "amay", "emey", "mad", "med", "mayacak", "meyecek")
_ONE_OF = ("birini", "birisini", "birinı")


def _one_of_them(reading: Reading) -> int | None:
    """"birini eline al", "one of them": one card taken, said without a digit; the word
    stands right before the take."""
    items = reading.items
    takes = [m.start for c in ("take", "to_hand", "trash") for m in reading.of(c)]
    for it in items:
        if it.key in _ONE_OF and any(0 < t - it.i <= 2 for t in takes):
            return it.i
    return None


def _kind_counts(reading: Reading, numbers: list) -> set[int]:
    """"one is a Unit", "one of them is a Gear": how many of the cards are of the kind
    searched for, not a size; only a decline question reads it (there is one to find)."""
    items = reading.items
    out = set()
    for it in numbers:
        nxt = [x.key for x in items[it.i + 1:it.i + 5]]
        if nxt[:1] == ["of"] and nxt[1:2] == ["them"]:
            nxt = nxt[2:]
        if nxt[:1] in (["is"], ["are"]) and any(
                reading.at(k) & set(_TYPES) for k in range(it.i + 1, min(len(items), it.i + 6))):
            out.add(it.i)
    return out


def _of_them(reading: Reading, numbers: list) -> None:
    """"put 2 of them in my hand", "trash 1 of them": "them" are the cards looked at, not
    the rival; read here."""
    items = reading.items
    for it in numbers:
        k = it.i + 1
        if k + 1 < len(items) and items[k].key == "of" and items[k + 1].key == "them":
            reading.consumed.add(k + 1)
    for m in reading.of("counted"):
        if m.start and items[m.start - 1].key in ("they", "them", "those", "these"):
            reading.consumed.add(m.start - 1)            # "do they still count …"
        if m.start > 1 and items[m.start - 2].key in ("they", "those", "these"):
            reading.consumed.add(m.start - 2)
    for m in reading.of("move"):
        nxt = m.end
        if any("rest" in reading.at(k) for k in range(nxt, min(len(items), nxt + 2))) and any(
                reading.at(k) & {"to_hand", "trash", "bottom"}
                for k in range(nxt, min(len(items), nxt + 6))):
            reading.consumed.update(range(m.start, m.end))      # "put the rest in my hand"
        if nxt < len(items) and items[nxt].number is not None and (
                reading.has("to_hand") or reading.has("trash") or reading.has("bottom")):
            reading.consumed.update(range(m.start, m.end))      # "put 2 … in my hand"


def _search_negated(reading: Reading) -> bool:
    """"bakmazsam", "bakamazsam", "aramadım", "if I don't search": not a search made.
    ("bakmamı söylüyor" is "tells me to look": -mA there makes a noun, not a negation.)"""
    from .families import _negated
    for m in reading.of("search"):
        key = reading.items[m.start].key
        stem = "bak" if key.startswith("bak") else "ara" if key.startswith("ara") else ""
        if stem and any(key[len(stem):].startswith(n) or key[len(stem):].startswith("a" + n)
                        or key[len(stem):].startswith("e" + n) for n in _NEG_TR):
            return True
        if reading.language == "en" and _negated(reading, m.start, m.end):
            return True
    return False


def _deck_empty(reading: Reading) -> bool:
    if reading.has("none_left"):
        return True
    for mt in reading.of("deck"):
        near = range(max(0, mt.start - 2), min(len(reading.items), mt.end + 3))
        if any("empty" in reading.at(i) for i in near):
            return True
        # "deste bitmişken", "destem bitti": the deck ran out
        k = mt.end
        if k < len(reading.items) and reading.items[k].key.startswith(("bitmis", "bitti", "bitince")) \
                and "end_step" in reading.at(k):
            reading.consumed.add(k)
            return True
    return False


def _names(k: int) -> list[str]:
    return [f"Kart {i}" for i in range(1, k + 1)]


def _scenario(args: dict, question: str) -> dict:
    n, k, t, wanted = args["n"], args["k"], args["t"], args["type"]
    search: dict[str, Any] = {"do": "search", "n": n}
    if t:
        search.update(take=t, to=args["to"])
        if wanted:
            search["type"] = wanted
    if args["rest"]:
        search["rest"] = args["rest"]
    cards: dict[str, Any] = {SEARCHER: {"type": "unit", "power": 1, "cost": 0, "effects": [
        {"label": "Arama", "trigger": "PLAY", "do": [search]}]}}
    # Named cards, so the trace and the deck expectation show them; of the kind searched
    # for only when the question says there is one ("fail to find" on purpose).
    kind = wanted if args["asked"] == "decline" else "unit"
    names = _names(k)
    for name in names:
        cards[name] = {"type": kind, "cost": 1}
        if kind == "unit":
            cards[name]["power"] = 1
    deck: Any = names
    return {"title": question[:120] or "judge ask", "question": question[:300] or "?",
            "cards": cards,
            "state": {"turn_player": "A", "turn": 3, "A": {"deck": deck, "hand": [SEARCHER]},
                      "B": {"deck": 5}},
            "actions": [{"do": "play", "card": SEARCHER}]}


def answer(question: str, call: Call, reading: Reading):
    args = call.args
    asked = args["asked"]
    data = _scenario(args, question)
    variants: list[dict] = [{}]
    if asked == "decline":
        variants = [{"choices": [{"decision": "search", "player": "A", "pick": []}]}]
    elif args["t"]:
        # which of the cards looked at are taken cannot change a count or a loss: the first
        taken = _names(min(args["t"], args["n"], args["k"]))
        variants = [{"choices": [{"decision": "search", "player": "A", "pick": taken}]},
                    {"choices": [{"decision": "search", "player": "A", "pick": []}]}, {}]

    def expect_of(result) -> dict:
        a = result.state.players["A"]
        out: dict[str, Any] = {"searched": result.outcome.searched,
                               "winner": result.outcome.winner or "none"}
        if asked in ("shuffle", "left", "empty", "counted", "in_deck"):
            out["A"] = {"deck": [c.name for c in a.deck]}
        elif asked == "decline":
            out["legal"] = bool(result.outcome.legal)
            out["A"] = {"hand_count": len(a.hand)}
        elif asked == "taken":
            out["A"] = ({"trash_count": len(a.trash)} if args["counted"] == "trash"
                        else {"hand_count": len(a.hand)})
        return out

    result, text = run(data, expect_of, variants)
    if not result.outcome.legal and asked != "decline":
        raise Unclear("search.illegal", rule=result.outcome.illegal_rule)
    a = result.state.players["A"]
    m = words(reading)
    looked = result.outcome.searched
    if asked == "lose":
        value = result.outcome.winner == "B"
        line = m("ask_misc.search.lose_yes" if value else "ask_misc.search.lose_no",
                 head=yes_no(reading, value), looked=looked, n=args["n"])
    elif asked == "looked":
        value = looked
        key = "ask_misc.search.looked_short" if looked < args["n"] else "ask_misc.search.looked"
        line = m(key, looked=looked, n=args["n"], k=args["k"])
    elif asked == "taken":
        value = len(a.trash) if args["counted"] == "trash" else len(a.hand)
        line = m("ask_misc.search.taken", taken=value, looked=looked)
    elif asked == "left":
        value = len(a.deck)
        line = m("ask_misc.search.left", left=value, looked=looked)
    elif asked == "in_deck":
        value = len(a.deck)             # nothing moved: every card looked at still counts
        line = m("ask_react.search_in_deck", left=value, looked=looked)
    elif asked == "counted":
        value = len(a.deck) == args["k"] and looked > 0
        line = m("ask_react.search_counted_yes" if value else "ask_react.search_counted_no",
                 head=yes_no(reading, value), left=len(a.deck), looked=looked)
    elif asked == "empty":
        value = len(a.deck) == 0
        line = m("ask_react.search_empty_yes" if value else "ask_react.search_empty_no",
                 head=yes_no(reading, value), left=len(a.deck), looked=looked)
    elif asked == "reveal_fail":
        # nothing found in a hidden area: the cards looked at need not be shown (11.13.4)
        value = False
        line = m("ask_misc.search.reveal_fail_no", head=yes_no(reading, value))
    elif asked == "shuffle":
        # shuffled: the cards still in the deck are out of their first order (a card taken
        # away changes the deck, not its order: 11.13.2)
        now = [c.name for c in a.deck]
        value = now != [name for name in _names(args["k"]) if name in now]
        line = m("ask_misc.search.shuffle_yes" if value else "ask_misc.search.shuffle_no",
                 head=yes_no(reading, value))
    else:                                       # decline
        value = bool(result.outcome.legal) and len(a.hand) == 0
        line = m("ask_misc.search.decline_yes" if value else "ask_misc.search.decline_no",
                 head=yes_no(reading, value))
    steps = deciding(result, ("11.13", "10.31.2", "11.12.1"))
    if asked == "reveal_fail":
        from ..engine.cite import R
        from ..engine.trace import Step
        steps = list(steps) + [Step(R.SEARCH_FAIL_HIDDEN, m("ask_misc.search.reveal_fail_step"))]
    return make_answer(question, NAME, reading, value, line, steps,
                       _understood(reading, args, call.defaults), text, call.assumptions)


def _understood(reading: Reading, args: dict, defaults: set[str]) -> list[str]:
    m = words(reading)
    lines = [] if "n" in defaults else [m("ask_misc.search.effect", n=args["n"])]
    if args["t"]:
        what = m(f"ask_misc.type.{args['type']}") if args["type"] else m("ask_misc.type.card")
        where = m("ask_misc.search.to_trash" if args["to"] == "trash" else "ask_misc.search.to_hand")
        lines.append(m("ask_misc.search.take", t=args["t"], what=what, where=where))
    if args["rest"] in ("hand", "trash"):
        lines.append(m("ask_misc.search.rest_place", where=m(f"ask_misc.search.to_{args['rest']}")))
    if "k" not in defaults:
        lines.append(m("ask_misc.search.deck", k=args["k"]))
    lines.append(m(f"ask_react.search_asked_{args['asked']}") if args["asked"] in ("empty", "counted", "in_deck")
                 else m(f"ask_misc.search.asked_{args['asked']}"))
    return lines
