"""What a player can pay with, read from a question: Eddies (ready or spent) and Legends
(face-down, face-up with or without a Sell Tag, ready or spent).

Why a module of its own: "5 Eddie'm var ama 2'si harcanmış", "3 of them are spent",
"harcanmış bir Legend'ım", "satış etiketi olmayan açık bir Legend" each change what can be
paid (official 3.7, 5.7.2, 5.7.2.2, 5.8.1.3), and a count the question does not settle
("some eddies", "Legend'larım açık") must give no ruling, never a default. Every word read
here goes to `reading.consumed`; a word not read stays reported by the family's accounting.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from .lexicon import Item, Reading

_ARTICLE_ONE = ("bir", "a", "an", "single")
# Words that may stand between a count and its noun: "2 de kapalı Legend", "2 tane Eddie",
# "one more legend"; "yüzü" is the face word of "2 hazır yüzü kapalı Legend".
_PARTICLES = frozenset({"de", "da", "tane", "adet", "more", "daha", "my", "of", "tanesi", "yuzu"})
_PLUS_AND = ("arti", "plus")      # "artı 2 Legend": one more count, not a +2 change
_STATES = {"ready": "ready", "spent": "spent", "face_down": "down", "face_up": "up"}
# "hepsi harcanmış", "all of them are spent", "bütün Eddie'lerim harcanmış"
_ALL = frozenset({"hepsi", "hepsinin", "tumu", "tamami", "butun", "tum", "all", "both",
                  "ikisi", "ikisinin"})
_OF_THEM = frozenset({"tanesi", "tanesinin", "of", "them", "these", "those", "which", "are", "is", "was", "were", "de", "da",
                      "have", "has", "been", "already", "zaten"})
# "2 kapalı Legend'ım var ama biri harcanmış": one of them
_ONE_OF = frozenset({"biri", "birisi", "birinin", "birisinin"})
_COPULA = frozenset({"is", "are", "was", "were", "already", "zaten", "hala", "still"})
_POSSESSIVE = ("si", "su", "i", "u", "sin", "sun", "ü", "sı", "ı", "in", "un")


@dataclass
class Payers:
    """Eddies and Legends read from a question; None where a count is not said."""

    eddies: int | None = None           # ready Eddies
    eddies_spent: int = 0
    legends: int | None = None          # Legends that can pay 1 €$ each
    legends_spent: int = 0
    legends_up: int = 0                 # face-up without a Sell Tag: cannot pay (5.7.2.2)
    state_said: set[str] = field(default_factory=set)   # "eddies"/"legends": ready/spent said
    used: set[int] = field(default_factory=set)     # the numbers read
    uncounted: str | None = None        # "eddies" / "legends": named, not counted
    paid: int | None = None             # "6 Eddie mi öderim", "pay 6 eddies": the amount asked


def _eddie_noun(reading: Reading, k: int) -> bool:
    item = reading.items[k]
    if not item.key.startswith("eddie") or "pay" not in reading.at(k):
        return False
    nxt = k + 1
    return not (nxt < len(reading.items) and "area" in reading.at(nxt)
                and reading.items[nxt].clause == item.clause)


def _legend_noun(reading: Reading, k: int) -> bool:
    if "legend" not in reading.at(k):
        return False
    nxt = k + 1
    return not (nxt < len(reading.items) and "area" in reading.at(nxt))


def _eddies_area_before(reading: Reading, card: int) -> set[int]:
    """"Eddie alanımdaki 3 kart", "Eddies alanımda 4 kart var": the words of the Eddies
    area named just before the count of cards (empty when it is not)."""
    items = reading.items
    for k in range(card - 2, max(-1, card - 5), -1):
        if k < 0 or items[k].clause != items[card].clause:
            break
        if "area" in reading.at(k) and k > 0 and items[k - 1].key.startswith("eddie"):
            return {k - 1, k}
    return set()


def _states_at(reading: Reading, k: int) -> set[str]:
    return {_STATES[c] for c in reading.at(k) if c in _STATES}


def _count_before(reading: Reading, noun: int) -> tuple[int | None, int | None, set[int]]:
    """(count, index of the count word, words between) for the noun at `noun`: "2 hazır
    kapalı Legend", "2 de kapalı legendim", "bir Legend'ım", "one face-down legend"."""
    items = reading.items
    between: set[int] = set()
    k = noun - 1
    while k >= 0 and noun - k <= 5 and items[k].clause == items[noun].clause:
        it = items[k]
        if it.number is not None:
            if it.sign == "+" and _plus_join(reading, k - 1):
                # "2 Eddie artı 2 kapalı Legend": "artı" adds one count to another
                return abs(it.number), k, between | {k - 1}
            if it.sign:
                return None, None, set()
            return it.number, k, between
        if it.key in _ARTICLE_ONE and not reading.at(k):
            return 1, k, between
        if _states_at(reading, k) or it.key in _PARTICLES or "sell_tag" in reading.at(k):
            # "1 açık sell tagli Legend": the Sell Tag is read with the Legend's states
            between.add(k)
            k -= 1
            continue
        break
    return None, None, set()


def _plus_join(reading: Reading, k: int) -> bool:
    """Word k is "artı"/"plus" joining two counts of payers: a number right after it, then
    (past state words) an Eddie or Legend noun ("2 Eddie artı 2 hazır kapalı Legend")."""
    items = reading.items
    if not (0 <= k < len(items) - 2 and items[k].key in _PLUS_AND
            and items[k + 1].number is not None and items[k + 1].clause == items[k].clause):
        return False
    j = k + 2
    while j < len(items) and j <= k + 6 and items[j].clause == items[k].clause:
        if _eddie_noun(reading, j) or _legend_noun(reading, j):
            return True
        if not (_states_at(reading, j) or items[j].key in _PARTICLES):
            return False
        j += 1
    return False


def plus_joins(reading: Reading) -> set[int]:
    """The "artı"/"plus" words that join counts of payers (no cost increase)."""
    return {k for k in range(len(reading.items)) if _plus_join(reading, k)}


_PAY_STEMS = ("ode", "harca")
_PAY_PASSIVE = ("oden", "harcan")
_PAY_EN = ("pay", "paying", "spend", "spending")
_QUESTION = ("mi", "mu")


def paid_asked(reading: Reading, at: int, last: int) -> bool:
    """The number at `at` (its words through `last`: "6 Eddie", "3") is the amount the
    question says is paid, not what the player has: in Turkish the pay verb comes right
    after it ("6 Eddie öderim", "4 mü öderim", "3 Eddie ödemem gerekir mi"), in English
    right before it ("do I pay 6 eddies", "have to pay 3"). "6 Eddie'mle öderim", "pay
    with 6 eddies" say what pays."""
    items = reading.items
    if items[last].key.endswith(("le", "la", "yle", "yla")):
        return False
    j = last + 1
    if j < len(items) and items[j].key in _QUESTION:
        j += 1
    if j < len(items) and items[j].clause == items[at].clause \
            and items[j].key.startswith(_PAY_STEMS) \
            and not items[j].key.startswith(_PAY_PASSIVE):
        return True                     # not "3 Eddie'm harcanmış": spent, a state
    return at > 0 and items[at - 1].key in _PAY_EN and items[at - 1].clause == items[at].clause


def _amount_not_resource(reading: Reading, count_at: int, noun: int) -> bool:
    """"4 €$ bedelli", "1 €$ indirim", "costs 3 eddies", "kaç €$": an amount, not Eddies
    the player has."""
    items = reading.items
    after = reading.at(noun + 1) if noun + 1 < len(items) else set()
    if _plus_join(reading, noun + 1):
        after = set()           # "2 Eddie artı 2 Legend": "artı" adds a count, no increase
    if after & {"reduction", "increase", "cost"}:
        return True
    before = range(max(0, count_at - 2), count_at)
    if any(reading.at(k) & {"cost", "how_many"} for k in before
           if items[k].clause == items[count_at].clause):
        return True
    return False


def _sell_tag(reading: Reading, lo: int, hi: int) -> tuple[bool | None, set[int]]:
    """A Sell Tag said of the Legend at words [lo, hi): "satış etiketli", "satış etiketi
    olmayan", "with a sell tag", "without a sell tag"."""
    from .families import _negated
    items = reading.items
    clause = items[lo].clause
    for m in reading.of("sell_tag"):
        if items[m.start].clause != clause:
            continue
        if not (lo - 5 <= m.start <= hi + 3):
            continue
        words = set(range(m.start, m.end))
        before = m.start - 1
        if before >= 0 and items[before].key in ("with", "a", "an") or \
                before >= 0 and items[before].key in _ARTICLE_ONE:
            words.add(before)
            if before - 1 >= 0 and items[before - 1].key in ("with", "without"):
                words.add(before - 1)
        consumed = set(reading.consumed)
        negated = _negated(reading, m.start, m.end)
        words |= reading.consumed - consumed
        return (not negated), words
    return None, set()


def _one_of_mine(reading: Reading, noun: int) -> bool:
    """"açık Legend'ım(da)", "kapalı legendim", "my face-up legend", "that legend": one
    Legend of the player's, singular (not "Legend'larım", "my legends"), said with a state;
    the question's resources are the ones it names (as with a count)."""
    items = reading.items
    key = items[noun].key
    if not key.startswith("legend"):
        return False
    rest = key[len("legend"):]
    if rest:
        return rest.startswith(("im", "um")) and "lar" not in rest and "ler" not in rest
    k = noun - 1
    while k >= 0 and items[k].clause == items[noun].clause and _states_at(reading, k):
        k -= 1
    return k >= 0 and items[k].key in ("my", "that", "this")


def _partitive(reading: Reading, after: int) -> tuple[str, int | None, set[int]] | None:
    """"ama 2'si harcanmış", "3 of them are spent", "hepsi harcanmış", "all of them are
    ready": (state, count or None for all, words) said of the group ending at `after`."""
    items = reading.items
    for k in range(after + 1, min(len(items), after + 6)):
        it = items[k]
        if _eddie_noun(reading, k) or _legend_noun(reading, k):
            return None
        count: int | None
        if it.number is not None and not it.sign and (
                it.suffix.startswith(_POSSESSIVE) or it.key.endswith(("si", "su"))
                or (k + 1 < len(items) and items[k + 1].key in ("tanesi", "tanesinin"))
                or _copula_state(reading, k + 1)
                or (k + 2 < len(items) and items[k + 1].key == "of"
                    and items[k + 2].key in ("them", "these", "those", "which"))):
            count = it.number
        elif it.key in _ALL:
            count = None
        elif it.key in _ONE_OF or (it.key in ("bir", "bi") and k + 1 < len(items)
                                     and items[k + 1].key in ("tanesi", "tanesinin")):
            count = 1                       # "ama biri harcanmış", "bir tanesi hazır"
        else:
            continue
        words = {k}
        j = k + 1
        while j < len(items) and j - k <= 4:
            if items[j].key in _OF_THEM or items[j].key in _ALL:
                words.add(j)
                j += 1
                continue
            state = _states_at(reading, j) & {"spent", "ready"}
            if state:
                words.add(j)
                return state.pop(), count, words
            break
        return None
    return None


def _copula_state(reading: Reading, k: int) -> bool:
    """"(two) are spent", "are already spent", "is still ready": a copula at `k`, then
    a spent or ready state (an "already"/"still" may stand between)."""
    items = reading.items
    if k >= len(items) or items[k].key not in ("are", "were", "is", "was"):
        return False
    j = k + 1
    if j < len(items) and items[j].key in ("already", "still"):
        j += 1
    return j < len(items) and bool(_states_at(reading, j) & {"spent", "ready"})


def _rivals(reading: Reading, start: int) -> bool:
    """A rival word owns the payer phrase that begins at `start` ("rakibimin 3 Eddie'si",
    "his 2 legends"), not a turn ("rakibimin turunda 3 Eddie'm var")."""
    items = reading.items
    for j in range(max(0, start - 3), start):
        if items[j].clause != items[start].clause:
            continue
        if ("rival" in reading.at(j) or items[j].key in ("his", "her", "their")) and not any(
                reading.at(x) & {"turn"} for x in range(j + 1, start + 1)):
            return True
    return False


def _asker_pays(reading: Reading) -> bool:
    """The asker is the one who plays or pays: a first-person question or word ("oynayabilir
    miyim", "can I", "benim 4 Eddie'm"); "Rakibimin 3 Eddie'si var, … oynayabilir mi" is the
    rival's own payment."""
    items = reading.items
    return any((it.key in ("miyim", "muyum", "i", "ben", "benim", "my", "me") and not (
        it.i + 1 < len(items) and "rival" in reading.at(it.i + 1))) or
        it.key.endswith(("abilirim", "ebilirim", "rsam", "rsem")) for it in items)


def read_payers(reading: Reading) -> Payers:
    """The Eddies and Legends the question gives the player."""
    from .families import _negated
    items = reading.items
    out = Payers()
    last_group: dict | None = None
    groups: list[dict] = []
    for k, it in enumerate(items):
        kind = "eddies" if _eddie_noun(reading, k) else "legends" if _legend_noun(reading, k) else None
        area_words: set[int] = set()
        if kind is None and "card" in reading.at(k):
            area = _eddies_area_before(reading, k)
            if area:                        # "Eddie alanımdaki 3 kart": 3 Eddies
                kind, area_words = "eddies", area
        if kind is None:
            continue
        count, at, between = _count_before(reading, k)
        between |= area_words
        if _rivals(reading, k if at is None else min(at, k)) and _asker_pays(reading):
            # "rakibimin 3 eddiesiyle", "my opponent's eddies": only the payer's own Eddies
            # and Legends pay (11.8.1)
            from .families import Unclear
            raise Unclear("econ.rival_payers")
        if count is not None and kind == "eddies" and paid_asked(reading, at, k):
            out.paid = count if out.paid is None else -1
            out.used.add(at)
            reading.consumed.update(between | {k})
            continue
        if count is not None and kind == "eddies" and _amount_not_resource(reading, at, k):
            continue
        if any(q.start <= k < q.end for q in reading.of("how_many")):
            continue                        # "kaç Eddie", "how many legends": asked
        states = set()
        for j in between | {k}:
            states |= _states_at(reading, j)
        if "of" in {items[j].key for j in between}:
            # "2 of my legends are spent": some of them; how many there are is not said
            out.uncounted = out.uncounted or kind
            continue
        tail = set()
        j = k + 1
        while j < len(items) and j <= k + 3 and items[j].clause == it.clause:
            # "1 legend face down", "Legend'ım hazır", "1 legend is spent"
            if _states_at(reading, j):
                states |= _states_at(reading, j)
                tail |= {j} | {m2 for m in reading.matches if m.start <= j < m.end
                               for m2 in range(m.start, m.end)}
            elif not (items[j].key in _COPULA and j + 1 < len(items)
                      and _states_at(reading, j + 1)):
                break
            else:
                tail.add(j)
            j += 1
        lead = set()
        if at is not None:                  # "açık bir Legend", "harcanmış bir Legend'ım"
            j = at - 1
            while j >= 0 and items[j].clause == it.clause and _states_at(reading, j):
                states |= _states_at(reading, j)
                lead.add(j)
                j -= 1
        group = {"kind": kind, "count": count, "states": states, "noun": k, "at": at,
                 "words": between | tail | lead | {k} | ({at} if at is not None else set())}
        if kind == "legends" and "up" in states:
            tag, words = _sell_tag(reading, min(group["words"]), k + 1)
            group["tag"] = tag
            group["words"] |= words
        if count is None:
            if _negated(reading, k, k + 1):
                group["count"] = 0
            else:
                near = range(max(0, k - 2), min(len(items), k + 4))
                every = [j for j in near if items[j].key in _ALL and items[j].clause == it.clause]
                spent_after = [j for j in near if j > k and "spent" in _states_at(reading, j)]
                if every and (spent_after or "spent" in states):
                    group["count"] = None
                    group["all_spent"] = True
                    group["words"] |= set(every) | set(spent_after)
                elif kind == "legends" and _one_of_mine(reading, k) and \
                        (states or _states_at(reading, k - 1)):
                    group["count"] = 1      # "açık Legend'ım", "my face-up legend": one
                    j = k - 1
                    while j >= 0 and items[j].clause == it.clause and _states_at(reading, j):
                        group["states"] |= _states_at(reading, j)
                        group["words"].add(j)
                        j -= 1
                    if "up" in group["states"] and group.get("tag") is None:
                        tag, words = _sell_tag(reading, min(group["words"]),
                                               max(group["words"]) + 1)
                        group["tag"] = tag
                        group["words"] |= words
                elif kind == "legends" and any(g["kind"] == "legends" for g in groups) \
                        and k >= 1 and items[k - 1].key in ("that", "o", "this", "bu") \
                        and items[k].key in ("legend", "legendi", "legendla", "legendimla"):
                    # "... and that legend": the Legend already described
                    reading.consumed.update({k - 1, k})
                    continue
                else:
                    out.uncounted = out.uncounted or kind
                    continue
        part = _partitive(reading, max(group["words"]))
        if part is not None and group.get("count"):
            state, n, words = part
            n = group["count"] if n is None else n
            if n > group["count"]:
                out.uncounted = out.uncounted or kind
                continue
            group["split"] = (state, n)
            group["words"] |= words
            if items[min(words)].number is not None:
                out.used.add(min(words))
        groups.append(group)
        last_group = group
    del last_group
    for g in groups:
        reading.consumed.update(g["words"])
        if g["at"] is not None and items[g["at"]].number is not None:
            out.used.add(g["at"])
        n = g["count"] or 0
        states = g["states"]
        said = True
        if g.get("all_spent"):
            ready, spent = 0, 0
        elif "split" in g:
            state, m = g["split"]
            ready, spent = (n - m, m) if state == "spent" else (m, n - m)
        elif "spent" in states:
            ready, spent = 0, n
        else:
            ready, spent = n, 0
            said = "ready" in states or not n
        if said:
            out.state_said.add(g["kind"])
        if g["kind"] == "eddies":
            out.eddies = (out.eddies or 0) + ready
            out.eddies_spent += spent
            continue
        if "up" in states and "down" in states:
            out.uncounted = out.uncounted or "legends"
            continue
        if "up" in states and g.get("tag") is None:
            out.uncounted = out.uncounted or "legends"      # face-up: pays only with a Sell Tag
            continue
        if "up" in states and not g.get("tag"):
            out.legends = out.legends or 0
            out.legends_up += ready
            out.legends_spent += spent
            continue
        out.legends = (out.legends or 0) + ready
        out.legends_spent += spent
    return out
