"""What a question asks: a number ("kaç", "how many"), yes or no ("… mı?", "can I …?"),
or an outcome ("kim kazanır", "ne olur", "who wins"). A family answers only the form it
computes, so a yes/no question never gets a count (issue 11: "can I play it?" answered
with a cost)."""

from __future__ import annotations

from .lexicon import Reading

# Turkish question particles: a yes/no question whatever else the sentence holds.
_TR_PARTICLES = ("mi", "mu", "miyim", "muyum", "misin", "musun", "midir", "mudur", "miyiz",
                 "muyuz", "mudur", "midir", "mi?", "mu?")

# The forms each family answers; the first is its own. "none" is a question typed as a
# bare statement ("bedel 5 indirim 2", "8 vs 12"): the family's own answer.
ANSWERS: dict[str, tuple[str, ...]] = {
    "steal": ("count", "none", "yesno"),
    # yes/no only about a value the question names ("Street Cred'im 12 mi?", extract reads it)
    "street_cred": ("count", "none", "outcome", "yesno"),
    "cost": ("count", "none", "yesno"),
    "fight": ("outcome", "none", "yesno"),
    "attack": ("yesno",),
    "blocker": ("yesno",),
    "sell": ("yesno", "count"),
    "call": ("yesno", "count"),
    "win": ("yesno",),
    "d20": ("yesno",),
    "draw": ("yesno", "outcome", "none"),
    # family_timing reads what is asked itself (when, yes/no, who first) and gives no
    # ruling on any other form
    "timing": ("count", "yesno", "outcome", "several", "none"),
    "react": ("yesno", "outcome", "several", "none"),
}


def _particle(reading: Reading) -> bool:
    return any(it.key in _TR_PARTICLES for it in reading.items)


# Turkish first person optative or wish before the question particle: "çağırayım mı",
# "bloklasam mı" ("should I call / block?"): advice asked, which no family answers.
_TR_OPTATIVE = ("ayim", "eyim", "sam", "sem")
_TR_BARE_PARTICLES = ("mi", "mu", "mi?", "mu?")


def _advice(reading: Reading) -> bool:
    items = reading.items
    return reading.language != "en" and any(
        items[k].key.endswith(_TR_OPTATIVE) and items[k + 1].key in _TR_BARE_PARTICLES
        and items[k].number is None for k in range(len(items) - 1))


def asked_form(reading: Reading) -> str:
    """"count", "yesno", "outcome", "several" (more than one question), "advice" ("should
    I …?", answered by no family) or "none"."""
    if _advice(reading):
        return "advice"
    outcome = any(not embedded_who(reading, m.start) for m in reading.of("who")) \
        or reading.has("result")
    # "ne öderim", "what is my Street Cred": a value is asked, read as a number.
    count = reading.has("how_many") or (reading.has("what") and not outcome)
    yesno = _particle(reading) or (reading.language == "en" and not count and not outcome and
                                   _en_yesno(reading))
    if reading.language == "tr" and not (count or outcome or yesno) and reading.has("can"):
        yesno = True            # "saldırabilir miyim" without the particle: "saldırabilirim?"
    forms = [f for f, on in (("count", count), ("outcome", outcome), ("yesno", yesno)) if on]
    if len(forms) > 1 or _questions(reading) > 1:
        return "several"
    if reading.language == "en" and (count or outcome) and _en_second_yesno(reading):
        return "several"        # "who wins and do I lose gigs?"
    return forms[0] if forms else "none"


# "Hangisinin uygulanacağını ben mi seçerim?", "Does my rival choose which one applies?":
# a "which/who" that opens a clause a verb takes as its object asks nothing itself; the
# question is the yes/no around it.
_TR_INDIRECT = ("acagini", "ecegini", "acagina", "ecegine", "digini", "dugunu", "tigini",
                "tugunu", "dugunu", "digine", "dugune")
_EN_TAKES_WH = frozenset({"choose", "chooses", "pick", "picks", "decide", "decides", "know",
                          "knows", "determine", "determines", "tell", "tells", "say", "says"})


# the verbs of a relative clause that tells a Unit's state ("…unit, which has -1 power")
_EN_RELATIVE_VERBS = frozenset({"has", "had", "got", "gets", "is", "was", "gained", "lost"})


def embedded_who(reading: Reading, start: int) -> bool:
    """The "who/which" word at `start` opens an indirect question (the object of a verb)."""
    items = reading.items
    if reading.language == "en":
        if start > 0 and items[start].key in ("which", "who") and items[start - 1].clause \
                == items[start].clause - 1 and reading.at(start - 1) & {"unit", "attacker", "defender"} \
                and start + 1 < len(items) and items[start + 1].key in _EN_RELATIVE_VERBS:
            return True         # "their 1 power unit, which has -1 power": a relative clause
        return start > 0 and items[start - 1].key in _EN_TAKES_WH and items[start - 1].clause \
            == items[start].clause and items[0].key not in ("who", "which", "whose")
    return any(items[k].key.endswith(_TR_INDIRECT) for k in range(start + 1, min(len(items), start + 3))
               if items[k].clause == items[start].clause)


def _questions(reading: Reading) -> int:
    """How many sentences end in a question mark ("Is my unit defeated? Is theirs?")."""
    return sum(1 for chunk in reading.question.split("?")[:-1] if any(ch.isalnum() for ch in chunk))


def _en_second_yesno(reading: Reading) -> bool:
    """An English auxiliary after "and"/"or" and before a subject: a second, yes/no question
    joined to the first ("… and do I lose gigs?")."""
    items = reading.items
    for m in reading.matches:
        if m.concept not in ("yesno", "can") or m.start == 0:
            continue
        nxt = items[m.end].key if m.end < len(items) else ""
        if items[m.start - 1].key in ("and", "or") and nxt in _EN_SUBJECT:
            return True
    return False


# Words that may stand before the auxiliary of an English yes/no question in its clause.
_EN_LEAD = frozenset({"so", "then", "but", "and", "now", "ok", "okay", "well", "also", "and,"})


def _en_yesno(reading: Reading) -> bool:
    """An English yes/no question starts its clause with the auxiliary or modal ("Is the
    attacker defeated?", "…, can it attack?", "Legal?"); "the attacking unit is 8 power"
    states a fact and asks nothing."""
    items = reading.items
    for m in reading.matches:
        if m.concept not in ("yesno", "can"):
            continue
        clause = items[m.start].clause
        if all(items[k].key in _EN_LEAD for k in range(m.start)
               if items[k].clause == clause):
            return True
        nxt = items[m.end].key if m.end < len(items) else ""
        if nxt in _EN_SUBJECT:
            return True                 # the inverted order: "… with seven gigs do I win?"
    if items and reading.question.rstrip().endswith("?"):
        # "…. Enough for a 5-cost Gear?": a yes/no without its auxiliary, the asking
        # sentence opened by "enough"
        last = items[-1].part
        first = next(it for it in items if it.part == last)
        if first.key in _EN_ELLIPTIC:
            return True
    return False


_EN_ELLIPTIC = frozenset({"enough", "sufficient"})


_EN_SUBJECT = frozenset({"i", "you", "he", "she", "it", "they", "we", "my", "your", "his",
                         "her", "their", "its", "the", "a", "an", "this", "that", "there",
                         "both", "either", "any"})


def family_answers(family: str, form: str, reading: Reading) -> bool:
    if family == "fight" and form == "yesno":
        return yesno_subject(reading) is not None
    return form in ANSWERS.get(family, ())


_ROLES = {"attacker": "attacker", "defender": "defender", "block": "defender"}


def yesno_subject(reading: Reading) -> tuple[str, str] | None:
    """A yes/no fight question's (event, who): ("defeat", "both") for "ikisi de mağlup
    olur mu", ("defeat", "attacker") for "is the attacker defeated?", ("win", "defender")
    for "savunan kazanır mı". None when the question does not say whose fate it asks."""
    events = [m for m in reading.matches if m.concept in ("defeat", "win", "lose", "survive")]
    if not events:
        return None
    # The last event named; "mağlup" is both a defeat and a loss word: defeat it is.
    last = max(m.start for m in events)
    event = min((m for m in events if m.start == last),
                key=lambda m: ("survive", "defeat", "win", "lose").index(m.concept))
    items = reading.items
    clause = items[event.start].clause
    if any(items[m.start].clause == clause for m in reading.of("both")):
        return event.concept, "both"
    if reading.language != "en" and _transitive_tr(reading, event):
        # "0 güçlü birimim saldıranı yenebilir mi", "saldıran savunanı yener mi": the verb's
        # object (accusative) stands before it; the subject is the one asked about
        who = _tr_subject(reading, event)
        if who is not None:
            return event.concept, who
    for k in range(event.start - 1, max(-1, event.start - 5), -1):
        if items[k].clause != clause:
            break
        roles = [_ROLES[c] for c in reading.at(k) if c in _ROLES]
        if roles:
            return event.concept, roles[0]
    owner = _subject_owner(reading, event.start, event.end)
    return (event.concept, owner) if owner else None


def _transitive_tr(reading: Reading, event) -> bool:
    """A Turkish active verb that takes the other Unit as its object: "yener", "yenebilir"
    (not the passive "yenilir"), "mağlup eder/edebilir", "yok eder" (not "edilir")."""
    items = reading.items
    key = items[event.start].key
    if key.startswith("yen") and not key.startswith("yenil"):
        return True
    nxt = items[event.start + 1].key if event.start + 1 < len(items) else ""
    return key in ("maglup", "yok") and nxt.startswith(("et", "ed")) and not nxt.startswith("edil")


# Case endings after a Unit or role word (folded): the accusative marks the verb's object
# ("saldıranı", "birimimi", "birimini", "benimkini"); no ending or the first person
# possessive a subject ("saldıran", "birimim", "BLOCKER'ım"); "-i"/"-u" alone is the
# accusative or a possessed subject ("rakibin birimi"): told by a genitive owner before it.
_ACCUSATIVE = ("imi", "umu", "ini", "unu", "ni", "yi", "yu")
_NOMINATIVE = ("", "im", "um", "imiz", "umuz")
_UNIT_STEMS = ("birim", "saldiran", "savunan", "blocker", "unit", "benimki", "onunki",
               "rakibinki", "rakibiminki")


def _tr_subject(reading: Reading, event) -> str:
    """The subject of a Turkish transitive fight verb: "attacker"/"defender" (a role word),
    "mine"/"rival" (an owned Unit), or "unclear" when the words before it do not tell
    which Unit is the subject and which the object (only one nominative may stand there)."""
    items = reading.items
    clause = items[event.start].clause
    words = [k for k in range(event.start) if items[k].clause == clause
             and (reading.at(k) & {"unit", "attacker", "defender"} or items[k].key.startswith(_UNIT_STEMS))]
    if not words:
        return None
    cases = {}
    for k in words:
        key = items[k].key
        stem = next((s for s in sorted(_UNIT_STEMS, key=len, reverse=True) if key.startswith(s)), None)
        rest = key[len(stem):] if stem else None
        genitive = k > 0 and items[k - 1].key.endswith(("in", "nin", "un", "nun", "im")) and \
            items[k - 1].clause == clause and "rival" in reading.at(k - 1) | (
                {"rival"} if items[k - 1].key in ("onun", "benim") else set())
        if rest is None:
            cases[k] = "other"
        elif rest in _NOMINATIVE:
            cases[k] = "nom"
        elif rest in _ACCUSATIVE:
            cases[k] = "acc"
        elif rest in ("i", "u"):
            cases[k] = "nom" if genitive else "amb"
        else:
            cases[k] = "other"      # a genitive, an instrumental: neither subject nor object
    nominative = [k for k in words if cases[k] == "nom"]
    objects = [k for k in words if cases[k] in ("acc", "amb")]
    if len(words) == 1 and cases[words[0]] == "nom":
        return None                 # "birimim yener mi": no object said, read as before
    if len(nominative) != 1 or not objects or any(cases[k] == "amb" and k < nominative[0]
                                                    for k in objects):
        return "unclear"
    k = nominative[0]
    roles = [_ROLES[c] for c in reading.at(k) if c in _ROLES]
    if roles:
        return roles[0]
    key = items[k].key
    if key.startswith(("benimki",)) or key.endswith(("im", "um")) or \
            any(items[j].key in _MY_WORDS for j in range(max(0, k - 3), k)):
        return "mine"
    if key.startswith(("onunki", "rakibinki", "rakibiminki")) or \
            any("rival" in reading.at(j) for j in range(max(0, k - 3), k)):
        return "rival"
    return "unclear"


# "birimim", "benim birimim", "my unit": the asker's Unit; "rakibin birimi", "onun birimi",
# "their unit": the rival's. The fight family maps the owner to attacker or defender.
_MY_WORDS = ("my", "benim", "mine")
_FIRST_PERSON_TR = ("miyim", "muyum", "mıyım", "müyüm")
# "does mine win?", "benimki kazanır mı", "is theirs defeated?": a possessive pronoun that
# stands for the Unit (folded keys)
_MINE_PRONOUNS = ("mine", "benimki", "benimkisi", "bizimki")
_THEIRS_PRONOUNS = ("theirs", "hers", "his", "onunki", "onunkisi", "rakibinki", "rakibiminki",
                    "onlarinki")


def _subject_owner(reading: Reading, start: int, end: int) -> str | None:
    """Whose Unit a yes/no fight question asks about: "mine" or "rival" from the owner of
    the Unit word before the event ("benim birimim mağlup olur mu", "is their unit
    defeated?") or the person of the question ("kazanır mıyım", "do I win?"); None when
    not said."""
    items = reading.items
    clause = items[start].clause
    nxt = items[end].key if end < len(items) and items[end].clause == clause else ""
    if reading.language != "en" and nxt in _FIRST_PERSON_TR:
        return "mine"                    # "kazanır mıyım", "kaybeder miyim"
    before = [k for k in range(max(0, start - 4), start) if items[k].clause == clause]
    unit = [k for k in before if "unit" in reading.at(k)]
    if reading.language == "en":
        if not unit and any(items[k].key == "i" for k in before[-2:]):
            return "mine"               # "do I win?"
        if not unit and any(items[k].key in ("he", "she", "they") for k in before[-2:]):
            return "rival"
    if not unit:
        # the pronoun is read here only (no filler: "benimki +1 aldı" says whose change)
        for k in before[-2:]:
            for owner, pronouns in (("mine", _MINE_PRONOUNS), ("rival", _THEIRS_PRONOUNS)):
                if items[k].key in pronouns:
                    reading.consumed.add(k)
                    return owner
        return None
    u = unit[-1]
    near = [k for k in before if k <= u]
    if any("rival" in reading.at(k) for k in near):
        return "rival"
    if any(items[k].key in _MY_WORDS for k in near) or (
            reading.language != "en" and items[u].key.endswith(("im", "imin", "um"))):
        return "mine"
    return None


def asks_loser(reading: Reading) -> bool:
    """"Kim kaybeder?", "who loses?", "hangisi mağlup olur?", "which one is defeated?": an
    outcome question asked as the loser, with no win word."""
    if reading.has("win"):
        return False
    items = reading.items
    for m in reading.matches:
        if m.concept in ("lose", "defeat"):
            if any(w.concept == "who" and 0 <= m.start - w.end <= 3
                   and items[w.start].clause == items[m.start].clause for w in reading.of("who")):
                return True
    return False
