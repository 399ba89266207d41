"""`judge ask` families for trigger timing and the React Step (issue 11 item 5).

- `timing`: when a triggered effect (PLAY, ATTACK, DEFEATED, CALL, a fight trigger, a
  steal trigger, the start of a turn) resolves, whether it resolves before something else
  (a block, the defeat, the draw), and whose pending effects go first.
- `react`: what may be done in the React Step, by whom and when (QUICK Programs and
  effects, calling a Legend, BLOCKER, other cards, after the step was ended).

The question is read into a small situation (`Call.args`): which case, which trigger,
who acts, what is done, when. The answer is never written here: each case is a scenario
run on the engine (`scenario_build.run`), and the value is read from the run (where the
engine resolved the effect, `resolved_at`; which player resolved first, `resolved_by`;
whether the action was legal and by which rule). Anything the reader cannot place
exactly raises `Unclear`: no ruling (issue 11: precision over coverage).
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any

from ..turkish import fold as turkish_fold
from .families import TIMING_KINDS as KINDS, Call, Unclear, _present, _same_turn, face_down_called
from .lexicon import Reading

# Trigger keywords as written on cards: the word itself, upper case or followed by an
# effect word ("ATTACK etkisi", "a DEFEATED effect", "play etkisi").
_KEYWORDS = {"play": "PLAY", "attack": "ATTACK", "defeated": "DEFEATED", "call": "CALL"}
_EFFECT_NEXT = ("etki", "effect", "trigger", "tetik", "ability", "yetenek")
_TR_TRIGGER_NAMES = (("saldiri", "ATTACK"), ("oynama", "PLAY"), ("cagirma", "CALL"))
_TR_ME = ("miyim", "muyum", "mıyım", "müyüm")
_TR_PARTICLE = ("mi", "mu", "mı", "mü", "mi?", "mu?")
_TR_FIRST = ("rsam", "rsem", "mam", "mem", "dim", "dum", "tim", "tum", "yorum", "rim", "rum",
             "ecegim", "acagim")


def trigger_line(m, trigger: str) -> str:
    """"tetikleyici: ATTACK" for a keyword as printed on cards; a trigger said in words
    ("turun başında", "Gig çaldığında") in the judge's language, never the engine's name."""
    name = trigger if trigger in _KEYWORDS.values() else m(f"ask_timing.trigger_name_{trigger}")
    return m("ask_timing.trigger", trigger=name)


# ----------------------------------------------------------------------- reading helpers

def _keys(reading: Reading) -> list[str]:
    return [it.key for it in reading.items]


def _trigger_words(reading: Reading) -> list[tuple[int, str]]:
    """(item index, keyword) of each trigger keyword named in the question."""
    out = []
    items = reading.items
    for it in items:
        head = it.key.split("'")[0]
        bare = it.text.split("'")[0].strip("[]")
        kw = _KEYWORDS.get(head) or _KEYWORDS.get(bare.lower())
        if kw is None:
            continue
        nxt = items[it.i + 1].key if it.i + 1 < len(items) else ""
        if (bare.isupper() and len(bare) >= 4) or nxt.startswith(_EFFECT_NEXT):
            out.append((it.i, kw))
    for it in items[:-1]:
        # "saldırı tetikleyicisi", "oynama tetikleyicisi", "çağırma tetikleyicisi": the
        # keyword said in Turkish with the word "trigger" right after it
        kw = next((k for stem, k in _TR_TRIGGER_NAMES if it.key.startswith(stem)), None)
        if kw and items[it.i + 1].key.startswith("tetikleyici") and (it.i, kw) not in out:
            out.append((it.i, kw))
    return sorted(out)


def _starts(reading: Reading) -> list[int]:
    """The index of the first word of each part of the question (split at punctuation)."""
    out, prev = [], None
    for it in reading.items:
        if prev is None or it.part != prev:
            out.append(it.i)
        prev = it.part
    return out


_EN_AUX = ("can", "may", "does", "do", "is", "will", "could", "must", "should", "am", "are",
           "would")


def _asks_when(reading: Reading) -> bool:
    """"ne zaman", "hangi adımda", "When does … resolve?", "at what point"."""
    keys = _keys(reading)
    pairs = list(zip(keys, keys[1:]))
    if ("ne", "zaman") in pairs or any(a == "hangi" and b.startswith("adim") for a, b in pairs):
        return True
    moment = [i for i, (a, b) in enumerate(pairs) if a == "hangi" and b in ("anda", "noktada")]
    if moment:
        # "hangi anda çözülür": at which moment (not "aynı anda", at the same time)
        reading.consumed.update(i + 1 for i in moment)
        return True
    if reading.language == "en":
        if any(keys[i] == "when" and i + 1 < len(keys) and keys[i + 1] in _EN_AUX
               for i in _starts(reading)):
            return True
        if ("what", "point") in pairs or ("which", "step") in pairs:
            reading.consumed.update(i + 1 for i, (a, b) in enumerate(pairs)
                                    if (a, b) == ("what", "point"))
            return True
        if keys and keys[-1] == "when" and reading.question.rstrip().endswith("?"):
            return True             # "… its DEFEATED effect resolves when?"
    return False


def _either_or(reading: Reading) -> bool:
    """"önce mi sonra mı", "before or after": the question offers two moments to choose
    from, so it asks when, never yes or no ("Evet" would answer neither)."""
    keys = _keys(reading)
    before = [i for i, k in enumerate(keys) if k in ("once", "before", "oncesinde")]
    after = [i for i, k in enumerate(keys) if k in ("sonra", "after", "sonrasinda")]
    if reading.language != "en" and "yoksa" in keys and any(
            k in _TR_PARTICLE for k in keys[:keys.index("yoksa")]) and any(
            k in _TR_PARTICLE for k in keys[keys.index("yoksa") + 1:]) and (before or after):
        return True     # "etkim mi çözülür yoksa kart mı çekerim önce?": which comes first
    if reading.language != "en" and sum(any(k in _TR_PARTICLE for k in keys[max(0, i - 1):i + 2])
                                        for i in before) > 1:
        return True     # "Rakibim önce mi bloklar, ATTACK etkim mi önce çözülür?": which first
    if not before or not after:
        return False
    lo, hi = min(before[0], after[0]), max(before[0], after[0])
    between = keys[lo + 1:hi]
    if reading.language == "en":
        return between == ["or"]
    return any(k in _TR_PARTICLE for k in between) or "yoksa" in between


# What a player may do (not an effect resolving): the verb of "does my opponent block
# before …" is an action, so the question is about acting before the effect resolves.
_ACTIONS = frozenset({"block", "react", "quick", "play", "call", "attack", "activate", "sell"})


def _acts_at(reading: Reading, k: int, triggers: set[int]) -> bool:
    """Item `k` names an action, not a trigger keyword ("ATTACK effect")."""
    return k not in triggers and bool(reading.at(k) & _ACTIONS)


def _subject_verb(reading: Reading, subject: int) -> str | None:
    """What the player named at `subject` is asked to do: "resolve" (resolving, going
    first) or "act" (blocking, reacting, playing, calling, attacking); None when neither
    is said. English reads from the subject up to "before" / "after"; Turkish reads the
    subject's clause (the verb comes last)."""
    items = reading.items
    triggers = {i for i, _ in _trigger_words(reading)}
    if reading.language == "en":
        span = []
        for k in range(subject + 1, len(items)):
            if items[k].key in ("before", "after", "until", "while", "or") \
                    or items[k].clause != items[subject].clause:
                break
            span.append(k)
    else:
        span = [k for k in range(subject + 1, len(items))
                if items[k].part == items[subject].part]
    for k in span:
        if "resolve" in reading.at(k) or items[k].key in ("first", "go", "goes"):
            return "resolve"
        if _acts_at(reading, k, triggers):
            return "act"
    return None


def _reaction_before(reading: Reading, before: int | None) -> bool:
    """A reaction is named next to "önce" / "before" ("before my opponent blocks",
    "rakip bloklamadan önce"): the question sets an effect against a reaction (11.21.2.2,
    9.11), not two players' pending effects (10.13)."""
    if before is None:
        return False
    triggers = {i for i, _ in _trigger_words(reading)}
    return any(k not in triggers and reading.at(k) & {"block", "react", "quick"}
               for k in range(max(0, before - 4), min(len(reading.items), before + 6)))


def _me_first(reading: Reading) -> bool:
    """The yes/no question asks whether the asker goes first: "ilk ben mi çözerim", "önce
    ben mi", "do I resolve first", "am I first" (not "do I get to block first": acting)."""
    keys = _keys(reading)
    pairs = list(zip(keys, keys[1:]))
    if reading.language == "en":
        return any(a in ("do", "am", "will", "should", "must") and b == "i"
                   and _subject_verb(reading, i + 1) != "act" for i, (a, b) in enumerate(pairs))
    return any(a == "ben" and b in _TR_PARTICLE and _subject_verb(reading, i) != "act"
               for i, (a, b) in enumerate(pairs))


def _rival_first(reading: Reading) -> bool:
    """The yes/no question asks whether the rival goes first: "rakibim önce mi çözer",
    "rakip mi önce", "does my opponent resolve first"."""
    keys = _keys(reading)
    if reading.language == "en":
        return any((a in ("do", "does", "will", "should", "must") and b in ("opponent", "rival")
                    and _subject_verb(reading, i + 1) != "act")
                   or (a in ("do", "does", "will") and b == "my" and c in ("opponent", "rival")
                       and _subject_verb(reading, i + 2) != "act")
                   for i, (a, b, c) in enumerate(zip(keys, keys[1:], keys[2:] + [""])))
    for i in range(len(keys) - 2):
        if "rival" in reading.at(i) and (
                (keys[i + 1] in ("once", "ilk") and keys[i + 2] in _TR_PARTICLE)
                or (keys[i + 1] in _TR_PARTICLE and keys[i + 2] in ("once", "ilk"))) \
                and _subject_verb(reading, i) != "act":
            return True         # not "rakibim önce mi bloklar": acting, not resolving
    return False


def _before(reading: Reading) -> int | None:
    """The index of "önce" / "before" / "prior to" in the question, or None."""
    for it in reading.items:
        if it.key in ("once", "before", "oncesinde", "prior"):
            return it.i
    for m in reading.of("resolve"):             # "çözülmeden", "çözümlenmeden": before it resolves
        if any(x in reading.items[m.start].key for x in ("meden", "madan")):
            return m.start
    bare = _bare_before(reading)                # "bir şey yapamadan", "saldırı bitmeden"
    return bare


def _bare_before(reading: Reading) -> int | None:
    """A verb in "-mAdAn" without "önce" that can only mean "before": the question's focus
    ("saldırı bitmeden mi çözülür?") or "before one can" ("bir şey yapamadan"). Elsewhere
    "-mAdAn" may also mean "without", so it is not read. Never the resolving verb itself."""
    resolves = {m.start for m in reading.of("resolve")}
    items = reading.items
    # "bloklamadan sonra": the verbal noun's ablative ("from blocking on"), i.e. after
    found = [it.i for it in items if len(it.key) > 6 and it.i not in resolves
             and it.key.endswith(("madan", "meden")) and it.number is None
             and not (it.i + 1 < len(items) and items[it.i + 1].key in ("sonra", "itibaren"))
             and (
                 it.key.endswith(("yamadan", "yemeden", "amadan", "emeden"))
                 or (it.i + 1 < len(items) and items[it.i + 1].key in _TR_PARTICLE)
                 # "saldırı bitmeden çözülür mü": right before the asked resolving verb
                 or (it.i + 2 < len(items) and it.i + 1 in resolves
                     and items[it.i + 2].key in _TR_PARTICLE))]
    return found[0] if len(found) == 1 else None


_EN_SUBJECTS = ("i", "my", "the", "a", "an", "he", "she", "they", "it", "we", "you", "your",
                "his", "her", "their", "this", "that")


def _yesno(reading: Reading) -> bool:
    keys = _keys(reading)
    if reading.language == "en":
        # "Can I …?", also after a phrase: "During the React Step, can I …?"
        return any(keys[i] in _EN_AUX for i in _starts(reading)) or (
            reading.question.rstrip().endswith("?") and any(
                a in _EN_AUX and b in _EN_SUBJECTS for a, b in zip(keys, keys[1:])))
    return any(k in _TR_ME + _TR_PARTICLE + ("miyiz", "muyuz") for k in keys)


def _first_person_subject(reading: Reading) -> bool:
    """The question asks about the asker: "… miyim?", "can I …", "do I …"."""
    keys = _keys(reading)
    if reading.language == "en":
        return any(a in ("can", "may", "do", "must", "could", "should") and b == "i"
                   for a, b in zip(keys, keys[1:]))
    if any(k in _TR_ME for k in keys):
        return True
    # a first-person verb: "oynarsam", "ödemem", "bloklarsam", "çağırdım"
    return any(any(f.endswith("-") for f in it.forms) and it.key.endswith(_TR_FIRST)
               for it in reading.items)


def _asks_about_me(reading: Reading) -> bool:
    """The yes/no question is about the asker ("… miyim?", "can I …"), whatever else they
    say they did ("oynadım")."""
    keys = _keys(reading)
    if reading.language == "en":
        return any(a in _EN_AUX and b == "i" for a, b in zip(keys, keys[1:]))
    return any(k in _TR_ME for k in keys)


def _rival_subject(reading: Reading) -> bool:
    """"Can my opponent …", "rakibim … oynayabilir mi" (the rival, not the asker)."""
    keys = _keys(reading)
    if reading.language == "en":
        return any(k in ("can", "may", "does", "could", "will") and any(
            "rival" in reading.at(j) for j in range(i + 1, min(len(keys), i + 3)))
            for i, k in enumerate(keys))
    return reading.has("rival") and not _asks_about_me(reading) and (
        any(k in _TR_PARTICLE for k in keys) or not _first_person_subject(reading))


def _negative_verb(reading: Reading, concept: str) -> bool | None:
    """Is the verb of `concept` negated on the word itself ("saldırmıyorken",
    "saldırmadan")? None when the concept is not named."""
    matches = reading.of(concept)
    if not matches:
        return None
    return any(_negative_verb_at(reading, m.start) for m in matches)


def _role_words(reading: Reading) -> set[str]:
    """Which player roles the question names: "attacker" ("saldıran oyuncu", "the attacking
    player", "the attacker"), "defender" ("savunan oyuncu", "defending player")."""
    out = set()
    keys = _keys(reading)
    if any(not (reading.language == "en" and m.start and keys[m.start - 1] in (
            "is", "are", "was", "were", "be", "been", "hes", "shes", "theyre", "its", "am",
            "im", "youre", "were", "ive"))
           for m in reading.of("attacker")):
        out.add("attacker")             # not "my opponent is attacking": that is a verb
    if any(it.key.startswith("savunan") or it.key in ("defending", "defender")
           for it in reading.items):
        out.add("defender")
    return out


def _rival_attacks(reading: Reading) -> bool:
    """"Rakibim saldırırken", "rakibin saldırısında", "my rival's attack", "opponent
    attacks": the rival is the attacking player."""
    items = reading.items
    for m in reading.of("attack"):
        if _negative_verb_at(reading, m.start) or (
                reading.language != "en" and items[m.start].key.endswith(_TR_I_ATTACK)):
            continue            # "rakibin birimine saldırdım": I attack the rival's Unit
        for k in range(max(0, m.start - 3), m.start):
            if "rival" in reading.at(k) and items[k].clause == items[m.start].clause:
                return True
    return _attacked_me(reading)


_EN_BE_ATTACKED = (("im", "being"), ("i", "am", "being"), ("i", "get"), ("i", "got"),
                   ("im",), ("i", "am"), ("i", "was"))


def _attacked_me(reading: Reading) -> bool:
    """"when I'm being attacked", "if I get attacked": the asker is attacked, so the rival
    attacks (the words are read here). Not "attacked by …" (its own reading)."""
    if reading.language != "en":
        return False
    items = reading.items
    keys = [it.key for it in items]
    for m in reading.of("attack"):
        if keys[m.start] != "attacked" or (m.end < len(items) and keys[m.end] == "by"):
            continue
        for p in _EN_BE_ATTACKED:
            if tuple(keys[max(0, m.start - len(p)):m.start]) == p:
                reading.consumed.update(range(m.start - len(p), m.end))
                return True
    return False


# first-person forms of "saldır-": "saldırdım", "saldırıyorum", "saldırırsam", "saldırdığımda"
_TR_I_ATTACK = ("dim", "dum", "tim", "tum", "yorum", "rsam", "rsem", "acagim", "ecegim",
                "digimda", "digimde", "digim", "dugumda")


def _negative_verb_at(reading: Reading, index: int) -> bool:
    it = reading.items[index]
    for form in it.forms:
        if form.endswith("-"):
            rest = it.key[len(form) - 1:]
            if len(rest) >= 2 and rest[0] == "m" and rest[1] in "aeiu" \
                    and not rest.startswith(("mak", "mek")):
                return True
    return False


def _i_attack(reading: Reading) -> bool:
    """"Saldırdığımda", "saldırıyorum", "I attack", "my unit attacks": the asker attacks."""
    for m in reading.of("attack"):
        it = reading.items[m.start]
        if _negative_verb_at(reading, m.start) or m.start and "rival" in reading.at(m.start - 1):
            continue
        if it.key.startswith("saldir") and any(x in it.key for x in (
                "digimda", "dugumda", "iyorum", "irsam", "dim")):
            return True
        if it.key.startswith("saldir") and "diginda" in it.key and not _rival_subject_before(
                reading, m.start):
            return True                 # "saldırdığında": you, unless "rakip birimi" did
        if it.key.startswith("saldirim"):
            return True                 # my attack: "kendi saldırımın", "saldırımda"
        if reading.language == "en" and m.start > 0 and (
                reading.items[m.start - 1].key == "my" or (
                    m.start > 1 and reading.items[m.start - 2].key == "my"
                    and reading.items[m.start - 1].key == "own")) \
                and it.key in ("attack", "attacks"):
            return True                 # "during my (own) attack"
        if reading.language == "en" and m.start > 0 and (reading.items[m.start - 1].key in (
                "i", "unit", "im") or reading.items[m.start - 1].key == "am" and m.start > 1
                and reading.items[m.start - 2].key == "i") and it.text.split("'")[0].islower():
            if not any("rival" in reading.at(k) for k in range(max(0, m.start - 3), m.start)):
                return True             # (not "my opponent's unit attacks")
    return False


# Dative endings: "rakibe", "rakip birime", "rakibin birimine": the rival is the target.
_DATIVE_ENDS = ("ye", "ya", "be", "ine", "ina", "une", "una", "ime", "ima", "ume", "uma")


def _rival_subject_before(reading: Reading, verb: int) -> bool:
    """"Rakip birimi saldırdığında", "rakibin birimi saldırdığında": the rival (or their
    Unit) is named right before the verb, not in the dative, so the rival attacks."""
    items = reading.items
    for k in range(max(0, verb - 3), verb):
        if "rival" in reading.at(k) and items[k].clause == items[verb].clause:
            return not any(items[j].key.endswith(_DATIVE_ENDS) for j in range(k, verb))
    return False


def _react_step(reading: Reading) -> bool:
    """The React Step is named: "Tepki Adımı", "React Step", "tepki olarak", "as a
    reaction"."""
    keys = _keys(reading)
    for m in reading.of("react"):
        nxt = keys[m.end] if m.end < len(keys) else ""
        if "step" in reading.at(m.end) if m.end < len(keys) else False:
            return True
        if nxt in ("olarak",) or (m.start > 0 and keys[m.start - 1] in ("as", "a")):
            return True
    return False


_ONE_BEFORE = ("the", "first", "new", "other", "that", "this", "last", "same", "older", "earlier")


def pronoun_ones(reading: Reading) -> set[int]:
    """English "one" that stands for a thing, not the count 1: "one of my effects", "the
    first one", "the new one"."""
    items = reading.items
    out = set()
    for it in reading.numbers:
        if it.key != "one":
            continue
        nxt = items[it.i + 1].key if it.i + 1 < len(items) else ""
        after = items[it.i + 2].key if it.i + 2 < len(items) else ""
        if (nxt == "of" and after in ("their", "his", "her", "my", "your", "the", "our")) or (
                it.i and items[it.i - 1].key in _ONE_BEFORE):
            out.add(it.i)
    return out


def _used_numbers(reading: Reading, allowed: dict[int, int],
                  counts: set[int] = frozenset()) -> set[int]:
    """The numbers the question states, each of which must be one of `allowed` (value ->
    count) or a count of pending effects read already (`counts`); any other number means
    the situation is not what this family reads."""
    used = set(counts)
    items = reading.items
    pronouns = pronoun_ones(reading)
    for it in reading.numbers:
        if it.i in pronouns:
            used.add(it.i)              # "one of their spent units", "the first one": no count
            continue
        if it.key == "bir" and it.i + 1 < len(items) and items[it.i + 1].key.startswith("sonraki"):
            used.add(it.i)              # "bir sonraki tepki": the next one, not a count
            continue
        if it.number == 1 and it.i + 1 < len(items) and items[it.i + 1].key in ("gig", "gigi") \
                and (reading.has("steal") or reading.has("start")):
            used.add(it.i)              # "steals a Gig", "steals one Gig": the trigger's words
            continue
        if it.i in counts or (it.number in allowed and not it.sign):
            used.add(it.i)
        else:
            raise Unclear("timing.number", number=it.text)
    return used


# ----------------------------------------------------------------------------- timing

_STILL = ("yine", "gene")       # with "de": "still" ("etki yine de çözülür mü?")


def _foreign(reading: Reading, family: str) -> None:
    """Every concept named must be one this family reads (or grammar): a word that is also
    an ability suffix ("indirilebilir") must not let a cost question through as a React
    Step question."""
    from .account import GRAMMAR, negative_modals
    from .lexicon import load_lexicon
    # a verbal noun with a case ending ("beklemeye", "oynamaya") is not a negative verb
    negative = [w for w in negative_modals(reading) if not turkish_fold(w).replace("'", "").endswith(
        ("meye", "maya", "meyi", "mayi"))]
    if negative:          # "oynayamaz mıyım?", "can't I …": yes and no would be ambiguous
        raise Unclear.said(negative[0])
    # grammar that could change what is asked here: "again" (a second Legend this turn),
    # "another", "face" (a face-up Legend), "left", "vs", "what happens"
    uses = set(load_lexicon().families[family].get("uses", ())) | (GRAMMAR - {
        "values", "versus", "remain", "again", "other", "result"})
    for m in reading.matches:
        if m.concept == "other" and m.cue in ("still", "hala", "halen"):
            continue                  # "can I still …" asks the same thing
        if m.concept == "again" and m.end < len(reading.items) and reading.items[
                m.start].key in _STILL and reading.items[m.end].key in ("de", "da"):
            continue                  # "yine de", "gene de": "still", not "again"
        if m.start in reading.consumed:
            continue                  # read by the family (the attack's spent target)
        if m.concept not in uses and m.concept not in ("conditional",):
            if any(o.concept in uses and o.start <= m.start and m.end <= o.end
                   and o.end - o.start > m.end - m.start for o in reading.matches):
                continue              # "birden fazla" is "several", not an increase
            raise Unclear.said(reading.items[m.start].text)


def _spent_target(reading: Reading) -> None:
    """"their spent units", "harcanmış birimime saldırdı": the attack's target is spent, as
    every attacked Unit is (9.3.2.1); read here. A spent word near a block is a BLOCKER's
    state and is left to the accounting."""
    items = reading.items
    blocks = [b.start for b in reading.of("block")]
    for m in reading.of("spent"):
        if any(abs(b - m.start) <= 3 for b in blocks):
            continue
        nxt = m.end if m.end < len(items) else None
        clause = items[m.start].clause
        attack = any(items[a.start].clause == clause for a in reading.of("attack"))
        if nxt is not None and items[nxt].key.endswith(("in", "un")) and nxt + 1 < len(items) \
                and reading.at(nxt + 1) & {"quick", "effect", "activate"}:
            continue    # "harcanmış birimimin QUICK etkisi": the Unit whose effect is used
        if nxt is not None and "unit" in reading.at(nxt) and attack:
            reading.consumed.update(range(m.start, m.end))


def _keyword_noun(reading: Reading, at: int) -> bool:
    """"My ATTACK trigger bounces the unit": "trigger" after a keyword, with the clause going
    on, is the effect's name; "does its DEFEATED trigger?" (an auxiliary before it, or the
    clause ending with it) is the verb."""
    items = reading.items
    if not any(i + 1 == at for i, _ in _trigger_words(reading)):
        return False
    if at + 1 >= len(items) or items[at + 1].clause != items[at].clause:
        return False
    return not any(items[k].key in _EN_AUX for k in range(max(0, at - 3), at - 1))


def extract_timing(reading: Reading) -> Call | None:
    """The `timing` situation: {"case": …, "trigger": …, "asked": …, …}."""
    if not (reading.has("resolve") or reading.has("pending")):
        return None
    if reading.language == "en" and not reading.has("resolve") and all(
            _keyword_noun(reading, m.start) for m in reading.of("pending")):
        return None     # "my ATTACK trigger bounces …": the keyword's noun, no timing asked
    if reading.has("how_many"):
        # "kaç kez beklemeye girer?": a steal trigger once per Gig stolen (10.16.3)
        from .family_stealcount import extract as extract_count
        return extract_count(reading, _described_trigger(reading))
    keys = _keys(reading)
    this_turn = any(k in ("bu", "this") and i + 1 < len(keys) and "turn" in reading.at(i + 1)
                    for i, k in enumerate(keys))
    if (reading.has("start") or reading.has("end_turn")) and any(
            reading.has(c) for c in ("ready", "ready_step", "phase_check", "lasting")) or (
            reading.has("end_turn") and this_turn):
        return None     # the steps of the Start Phase or of the turn's end: family_phaseorder
    from .family_fires import extract as extract_fires
    fires = extract_fires(reading, _trigger_words(reading))
    if fires is not None:
        # "elime dönünce DEFEATED tetiklenir mi?": an event that is not the trigger (11.19.1)
        _foreign(reading, "timing")
        return fires
    _spent_target(reading)
    bare = _bare_before(reading)
    if bare is not None:
        reading.consumed.add(bare)      # "saldırı bitmeden mi": "before", read here
    from .family_during import extract as extract_during
    from .family_pending import extract as extract_pending
    acting = extract_pending(reading, _trigger_words(reading), _described_trigger(reading)) \
        or extract_during(reading, _trigger_words(reading))
    if acting is None:
        _next_reaction(reading)
        _fight_ends(reading)
        _before_act_words(reading)
    _tie_words(reading)
    _foreign(reading, "timing")
    if acting is not None:
        return acting       # "… beklerken saldırabilir miyim?" (10.11.1, 9.11); "… çözülürken" (10.14)
    triggers = _trigger_words(reading)
    kinds = sorted({kw for _, kw in triggers})
    either = _either_or(reading)
    if either:                              # "önce mi yoksa sonra mı": "or", not "not"
        reading.consumed.update(it.i for it in reading.items if it.key == "yoksa")
    when = _asks_when(reading) or either
    before = _before(reading)
    who = reading.has("who") and (before is not None or reading.has("first") or reading.has("order"))
    yesno = _yesno(reading)
    counts = {it.i for it in reading.numbers if it.number is not None and 2 <= it.number <= 9
              and not it.sign and _counts_effects(reading, it.i)}
    used = _used_numbers(reading, {2: 1}, counts)
    players = {i for i in used if i + 1 < len(reading.items) and reading.items[i + 1].key.startswith(
        ("oyuncu", "player"))}                        # "iki oyuncunun da": both players
    if any(k in _TIE for k in _keys(reading)) or _both_lost(reading):
        # "berabere biten çatışmada iki birimin de …": the two Units of a tied fight are the
        # attacker and the defender, one of each player ("çatışmada iki birim de kaybetti":
        # both lost, a tie)
        players |= {it.i for it in reading.numbers if it.number == 2 and not it.sign
                    and it.i + 1 < len(reading.items) and "unit" in reading.at(it.i + 1)
                    and it.i not in counts}
        used |= players
    two = bool(counts - players)
    if any(reading.items[i].number == 2 and i not in counts | players
           for i in used - pronoun_ones(reading)):
        # "iki birim de mağlup oldu": two Units, not two pending effects of one player
        raise Unclear("timing.number", number=next(
            reading.items[i].text for i in sorted(used) if reading.items[i].number == 2
            and i not in counts | players))
    fight = reading.has("fight")
    lose = reading.has("lose")
    rival = reading.has("rival")
    if two:
        # "İki ATTACK etkim aynı anda tetiklendi, hangisinin önce … ben mi seçerim?",
        # "İki PLAY etkim … hangi sırayla çözerim?", "rakibin iki bekleyen etkisi var, …
        # ben mi seçerim?", "Must I resolve them in the order they triggered?" (10.12)
        call = _two_effects(reading, kinds, when, used)
        if call is None:
            raise Unclear("timing.two_effects")
        return call
    # "saldıran ve savunan oyuncunun etkileri", "the attacker's and the defender's effects":
    # the two sides of an attack are the two players
    sides = reading.has("attacker") and reading.has("defender")
    both = reading.has("both") or reading.has("players") or bool(players) or sides or (
        rival and any((it.key in ("benim", "my", "mine", "i") or it.key.startswith("etkim"))
                      and not (it.i + 1 < len(reading.items) and "rival" in reading.at(it.i + 1))
                      for it in reading.items))        # "my opponent" is no effect of mine
    first_asked = "me_first" if _me_first(reading) else "rival_first" if _rival_first(
        reading) else None
    if reading.language != "en":
        # "benim etkim rakibinkinden önce mi": the owner with "-den" is the later one
        from .family_during import _claimed_first_tr
        first_asked = _claimed_first_tr(reading)
        if first_asked is not None:          # "benimkinden", "benimki": read here
            reading.consumed.update(it.i for it in reading.items if it.key.startswith("benimki"))
    if not who and not when and yesno and both and not two and first_asked and (
            reading.has("first") or before is not None) and not _reaction_before(reading, before):
        # "Rakibimin turunda ikimizin de etkisi beklemede, ilk ben mi çözerim?": whose turn
        # it is decides (10.13); the question must say it.
        from .families import _turn_owner
        owner = _turn_owner(reading) or _attack_turn(reading, triggers)
        if owner is None:
            raise Unclear("timing_react.whose_turn")
        trigger = _who_first_trigger(reading, kinds)
        if trigger is False:
            raise Unclear("timing_react.which_pending")
        _consume_before_forms(reading)
        return Call({"case": "who_first", "trigger": trigger,
                     "asked": first_asked, "turn": owner}, used=used)
    if who and not when:
        # "Hangisi önce çözülür", "who resolves first": both players' effects at once.
        if not both or two or _reaction_before(reading, before):
            raise Unclear("timing.whose_pending")
        trigger = _who_first_trigger(reading, kinds)
        if trigger is False:
            raise Unclear("timing.which_pending")
        return Call({"case": "who_first", "trigger": trigger, "asked": "who"}, used=used)
    if len(kinds) > 1:
        raise Unclear("timing.several_triggers")
    trigger = kinds[0] if kinds else _described_trigger(reading)
    if trigger is None:
        raise Unclear("timing.which_trigger")
    args: dict[str, Any] = {"trigger": trigger}
    if trigger == "DEFEATED":
        keyword = {i for i, kw in triggers if kw == "DEFEATED"}
        if (reading.has("trash") or _before_defeat(reading, before, keyword)) and reading.has(
                "pending") and yesno and not when:
            # "çöpe gitmeden önce mi …?": the opposite of "when it is in the trash?"
            from .family_util import asked_clause, in_clause
            if in_clause(reading, "gear", asked_clause(reading)):
                return None             # "…; Gear da çöpe gider mi?": where the Gear goes
            _consume_before_forms(reading)
            return Call({**args, "case": "defeated_pending", "asked": "yesno",
                         "before_trash": before is not None}, used=used)
        if reading.has("beat"):
            fight = lose = True         # "yenilince": beaten, i.e. lost a fight
        if reading.has("block") and lose:
            fight = True                # "BLOCKER birimim kaybetti": the blocker's fight
        keyword = {i for i, kw in triggers if kw == "DEFEATED"}
        if fight and any(m.start not in keyword for m in reading.of("defeat")):
            lose = True                 # "defeated in a fight": it lost the fight (9.19.1)
        args["context"] = _defeated_context(reading, fight and lose)
        if args["context"] == "fight_defender" and reading.has("block"):
            args["blocked"] = True      # "BLOCKER birimim bloklayıp kaybetti"
    if trigger == "LOSES_FIGHT" and not (fight and lose):
        raise Unclear("timing.which_fight_trigger")
    if trigger in ("WINS_FIGHT", "FIGHTS", "LOSES_FIGHT") and _before(reading) is not None \
            and not reading.has("defeat"):
        raise Unclear("timing.before_what")
    if trigger == "PLAY":
        if reading.has("program"):
            # a QUICK Program may be played in the React Step: when it was played decides;
            # one played in the asker's own Main Phase (said) resolves there (10.11.1)
            if not reading.has("main_phase") or reading.has("rival") or reading.has("quick") \
                    or reading.has("react") or reading.has("unit") or reading.has("gear"):
                raise Unclear("timing.what_played")
            args["played"] = "program"
        elif not (reading.has("unit") or reading.has("gear")):
            raise Unclear("timing.what_played")
        else:
            # "Gear'ı birimime taktım": a Gear played is equipped to a Unit (4.10); not
            # "Gear takılı birim" (one already equipped)
            equips = any(not reading.items[m.start].key.startswith("takil")
                         for m in reading.of("equip"))
            args["played"] = "gear" if reading.has("gear") and (
                not reading.has("unit") or equips) else "unit"
    if trigger == "CALL":
        react = _react_step(reading) or _rival_attacks(reading) or any(
            "rival" in reading.at(m.start - 1) for m in reading.of("turn") if m.start)
        mine = reading.has("main_phase") or any(
            it.key.startswith("turum") or it.key in ("turumda", "turumun") for it in reading.items) or (
            reading.language == "en" and any(a == "my" and b in ("turn", "main") for a, b in zip(
                _keys(reading), _keys(reading)[1:])))
        if react == mine:
            # A Legend is called in its controller's Main Phase or as a reaction in the React
            # Step of a rival's attack (11.11.2.1, 11.11.2.2): the moment is not known unless
            # the question says which (official 11.18.2 + 10.11.1 either way)
            raise Unclear("timing_react.call_when")
        args["context"] = "react" if react else "main"
    if trigger == "REACTION":
        args["reaction"] = _reaction_kind(reading)
    if trigger == "ATTACK" and _rival_attacks(reading):
        # the rival's attack triggers the rival's ATTACK effects, not "my ATTACK effect"
        for i, _kw in triggers:
            near = [reading.items[k].key for k in range(max(0, i - 1), min(len(reading.items), i + 2))]
            if any(k in ("benim", "my", "mine") or k.startswith("etkim") for k in near):
                raise Unclear("timing.whose_attack_effect")
        args["attacker"] = "rival"
    # What is asked
    step = _asked_step(reading) if yesno and not when and _main_question(reading) == "resolve" \
        else None     # "… in my main phase … Can I attack before it resolves?" asks no step
    if step is not None:
        # "… çatışma adımında mı çözülür?", "does it resolve in the main phase?"
        _consume_before_forms(reading)
        return Call({**args, "case": "in_step", "asked": "yesno", "step": step}, used=used)
    if trigger == "PLAY" and reading.has("react") and yesno and not when:
        # "PLAY etkisi olan birimi oynadım, rakip (önce) tepki verebilir mi?"; "Rakibim …
        # oynadı, etki çözülmeden ben tepki verebilir miyim?": the other player reacts
        if not rival or _main_question(reading) == "resolve":
            raise Unclear("timing.who_reacts")
        _consume_before_forms(reading)
        return Call({**args, "case": "react_before_play", "asked": "yesno"}, used=used)
    if when and not either and (reading.has("can") or any(
            reading.items[m.start].key not in ("hangi", "which") for m in reading.of("who"))):
        # "PLAY etkisi ne zaman çözülür, rakip tepki verebilir mi?", "… ne zaman çözülür,
        # önce kim çözer?": a second question (may someone act? who first?) beside "when":
        # answering only "when" would drop it
        raise Unclear("ask_lines.form.several")
    if when:
        _consume_before_forms(reading)      # "ne zaman çözülür, rakip bloklamadan önce mi?"
        return Call({**args, "case": "when", "asked": "when"}, used=used)
    flip = False
    if before is None and yesno:
        before = _after_asked(reading)        # "… taşındıktan sonra mı …?": not before
        flip = before is not None
    if before is not None and yesno:
        _consume_before_forms(reading)
        after_what = _before_what(reading, before, trigger)
        if after_what is None:
            raise Unclear("timing.before_what")
        if after_what.startswith("act:"):
            # "Does the PLAY effect resolve before I can call a Legend?": no action while
            # it waits (10.11.1), so it resolves first
            if flip or _main_question(reading) != "resolve" or trigger not in ("PLAY", "CALL") \
                    or args.get("context", "main") != "main":
                raise Unclear("timing.resolve_or_act")
            return Call({**args, "case": "before_act", "asked": "yesno", "act": after_what[4:],
                         "context": "main", "while": "pending"}, used=used)
        if after_what in ("fight", "steal") and (flip or (trigger == "CALL" and args.get(
                "context") != "react")):
            raise Unclear("timing.before_what")     # a Legend called in the Main Phase: no fight
        if after_what in ("attack_end", "fight_end"):
            # "saldırı bitmeden / bittikten sonra": the end of the attack, read here
            reading.consumed.update(k for m in reading.of("end_step")
                                    for k in range(m.start, m.end))
        main = _main_question(reading)
        pending_asked = after_what == "move" and main is None and _pending_asked(reading)
        if flip and (main != "resolve" and not pending_asked):
            raise Unclear("timing.resolve_or_act")
        if (main is None and not pending_asked) or (
                main == "can" and after_what not in ("block", "call", "quick")):
            raise Unclear("timing.resolve_or_act")
        case = "can_before" if main == "can" else "before"
        if case == "can_before" and not (_rival_subject(reading) or reading.has("rival")):
            raise Unclear("timing.who_acts_before")
        if flip:
            # "… blokladıktan sonra mı çözülür?", "does it resolve after my opponent
            # blocks?": both events happen in the run, so "after" is "not before"
            case = "after"
        return Call({**args, "case": case, "asked": "yesno", "before": after_what}, used=used)
    raise Unclear("timing.what_asked")


def _before_defeat(reading: Reading, before: int | None, keyword: set[int]) -> bool:
    """"before it is defeated", "mağlup edilmeden önce": the "before" names the defeat itself
    (a defeat word that is not the DEFEATED keyword, right after "before" in English, right
    before "önce" in Turkish), not another event ("before the attack ends")."""
    if before is None:
        return False
    if reading.language == "en":
        span = range(before + 1, min(len(reading.items), before + 5))
    else:
        span = range(max(0, before - 2), before + 1)
    hits = [k for k in span if "defeat" in reading.at(k) and k not in keyword]
    others = [k for k in span if reading.at(k) & {"end_step", "attack", "block", "react", "draw"}]
    return bool(hits) and not others


def _defeated_context(reading: Reading, lost_fight: bool) -> str:
    """How the Unit with the DEFEATED effect was defeated, for the scenario: "fight" (it
    lost a fight of the asker's attack), "fight_defender" (it lost defending, or blocking,
    in the rival's attack), "effect_main" (a Program played in the Main Phase defeated it,
    said as such). Anything else (a QUICK card, the React Step, a fight it won) is not
    read: the moment depends on when the defeat happened."""
    if reading.has("win") or reading.has("react") or reading.has("quick"):
        raise Unclear("timing.how_defeated")
    if lost_fight:
        return "fight_defender" if _rival_attacks(reading) else "fight"
    if reading.has("program") and reading.has("main_phase") and not (
            reading.has("fight") or reading.has("attack") or reading.has("block")):
        return "effect_main"
    raise Unclear("timing.how_defeated")


def _after_asked(reading: Reading) -> int | None:
    """"… sonra mı çözülür / beklemeye girer?", "Does it go pending after …?": the index of
    "sonra" right before the question particle, or of "after" in an English yes/no question
    whose verb is resolving or going pending; None otherwise."""
    items = reading.items
    keys = _keys(reading)
    if reading.language == "en":
        hits = [i for i, k in enumerate(keys) if k == "after" and i > 0]
        return hits[0] if len(hits) == 1 and (reading.has("resolve") or _pending_asked(
            reading)) else None
    hits = [i for i, k in enumerate(keys) if k == "sonra" and i + 1 < len(items)
            and keys[i + 1] in _TR_PARTICLE]
    return hits[0] if len(hits) == 1 else None


def _pending_asked(reading: Reading) -> bool:
    """The yes/no verb is going pending ("beklemeye girer mi", "go pending", "become
    pending"), not resolving."""
    keys = _keys(reading)
    if reading.language == "en":
        return any(k == "pending" and i and keys[i - 1] in ("go", "goes", "become", "becomes",
                                                             "enter", "enters")
                   for i, k in enumerate(keys))
    return any(k.startswith(("beklemeye", "bekleme")) and i + 1 < len(keys)
               and keys[i + 1].startswith(("gir", "gec", "geç")) for i, k in enumerate(keys))


_IN_ORDER = ("tetiklendikleri", "tetiklenme", "triggered", "sirayla")
# words between a count and what it counts: "iki bekleyen etkim", "two of my effects",
# "üç tane PLAY etkisi"
_COUNT_GAP = ("of", "my", "his", "her", "their", "your", "our", "tane", "adet", "ayri", "farkli",
              "separate", "different", "benim", "onun")


def _counts_effects(reading: Reading, at: int) -> bool:
    """The number at `at` counts pending effects ("iki etkim", "üç bekleyen etki", "two of
    my effects", "I have three"), not Units or Legends ("iki birim de mağlup oldu": whose
    effects those are is not said)."""
    items = reading.items
    keywords = {i for i, _ in _trigger_words(reading)}
    for k in range(at + 1, min(len(items), at + 5)):
        if items[k].part != items[at].part:
            break
        concepts = reading.at(k)
        if concepts & {"effect", "pending"} or k in keywords:
            return True
        if items[k].key in _COUNT_GAP:
            continue
        return False
    # "I have two", "rakibimin de üç tane var": the count ends its part of the question
    back = {items[k].key for k in range(max(0, at - 2), at)}
    return (at + 1 >= len(items) or items[at + 1].part != items[at].part) and bool(
        back & {"have", "has", "got"})


def _two_effects(reading: Reading, kinds: list[str], when: bool, used: set[int]) -> Call | None:
    """Two pending effects of one player: may their controller pick the order (10.12)?
    Whose the two are is read next to the count ("iki etkim", "two of my effects", "I have
    two", "rakibin iki"); what is asked: "which first / in which order" (the controller
    chooses), "ben mi seçerim / do I choose" (yes when they are the asker's), "must I
    resolve them in the order they triggered" (no). None when not read exactly."""
    if when or len(kinds) > 1:
        return None
    items = reading.items
    keys = _keys(reading)
    at = min(i for i in used if items[i].number is not None and items[i].number >= 2
             and _counts_effects(reading, i))
    nxt = keys[at + 1] if at + 1 < len(keys) else ""
    back = keys[max(0, at - 2):at]
    if any("rival" in reading.at(k) and keys[k] not in ("them", "they", "their")
           for k in range(max(0, at - 2), at)):
        owner = "rival"                               # "rakibin iki", "my opponent has two"
    elif (nxt == "of" and at + 2 < len(keys) and keys[at + 2] == "my") or {"i", "ive"} & set(back) or (
            back[-1:] == ["my"]) or any(k.startswith("etkim") for k in keys[at + 1:at + 4]):
        owner = "mine"                                # "two of my", "I have two", "iki etkim"
    else:
        return None
    yesno = _yesno(reading)
    settle = [i for i, k in enumerate(keys) if k.startswith(("belirle", "karar"))]
    if settle and yesno:
        reading.consumed.update(settle)               # "sırayı ben mi belirlerim": choose
    if yesno and (reading.has("choose") or "decide" in keys or settle) and (_asks_about_me(reading) or any(
            a == "ben" and b in _TR_PARTICLE for a, b in zip(keys, keys[1:]))):
        asked = "i_choose"                            # "… ben mi seçerim?", "do I choose …?"
    elif reading.has("who") and (reading.has("first") or reading.has("order") or "once" in keys) \
            or not yesno and reading.has("order"):
        asked = "which"                               # "hangi sırayla", "which one … first"
    elif yesno and reading.has("order") and any(k in _IN_ORDER for k in keys) and (
            reading.language == "en" and ("must" in keys or ("have", "to") in zip(keys, keys[1:]))
            or any(k.startswith(("zorunda", "gerek")) for k in keys)):
        asked = "in_order"
    else:
        return None
    # "them", "they": the two effects, not the rival
    reading.consumed.update(i for i, k in enumerate(keys) if k in ("them", "they", "their")
                            and owner == "mine")
    reading.consumed.update(i for i, k in enumerate(keys) if k in _IN_ORDER or k.startswith(
        ("hangisini", "hangisinin")) or k == "together")      # "triggered together": at once
    return Call({"case": "order_mine", "trigger": kinds[0] if kinds else None, "asked": asked,
                 "owner": owner}, used=used)


_SAME_TIME = (("ayni", "anda"), ("same", "time"), ("at", "once"))


def _both_lost(reading: Reading) -> bool:
    """"çatışmada iki birim de kaybetti": both Units of a fight lost it (a tie, 9.17.3)."""
    items = reading.items
    return reading.has("fight") and reading.has("lose") and any(
        it.number == 2 and not it.sign and it.i + 2 < len(items) and "unit" in reading.at(it.i + 1)
        and items[it.i + 2].key in ("de", "da") for it in reading.numbers)


def _tie_words(reading: Reading) -> None:
    """"berabere kaldı" (the tie's verb), "each has a DEFEATED effect" (each of the two
    tied Units): read here with a tie word, so the accounting does not report them."""
    keys = _keys(reading)
    ties = [i for i, k in enumerate(keys) if k in _TIE]
    if not ties:
        return
    # "berabere kaldı / biten / bitti", "tied and ended": the tie's verb
    reading.consumed.update(i + 1 for i in ties if i + 1 < len(keys) and keys[i + 1].startswith(
        ("kal", "bit", "sonuclan", "ended")))
    reading.consumed.update(m.start for m in reading.of("each") if keys[m.start] == "each")
_TIE = ("tie", "tied", "berabere", "beraberlik", "esit", "eşit", "equal")


def _who_first_trigger(reading: Reading, kinds: list[str]) -> str | None | bool:
    """The trigger for the "who first" scenario: "ATTACK" (the turn player's ATTACK effect
    and the rival's "when a rival attacks" effect), None for the same stand-in scenario when
    the question names other triggers that became pending at the same time ("aynı anda",
    "at the same time", both Units lost a tie): whose turn it is decides (10.13) whatever
    they are; False when it cannot be read so (several kinds not said to be simultaneous)."""
    if not kinds or kinds == ["ATTACK"]:
        return kinds[0] if kinds else None
    if len(kinds) > 1:
        return False            # two different named triggers: is that moment even possible?
    keys = _keys(reading)
    pairs = set(zip(keys, keys[1:]))
    same_time = any(p in pairs for p in _SAME_TIME) or (
        kinds == ["DEFEATED"] and any(k in _TIE for k in keys))
    if same_time:
        reading.consumed.update(i for i, k in enumerate(keys) if k in _TIE)
        return None
    return False


def _attack_turn(reading: Reading, triggers: list[tuple[int, str]]) -> str | None:
    """Whose turn an attack shows: the rival attacking ("Rakibimin saldırısında") is the
    rival's turn; the asker's own ATTACK effect or attack ("attack etkim", "my ATTACK
    effect", "saldırdığımda") is the asker's."""
    items = reading.items
    keys = _keys(reading)
    rival = False
    for m in reading.of("attack"):
        key = keys[m.start]
        back = keys[max(0, m.start - 5):m.start]
        if _negative_verb_at(reading, m.start) or key.endswith(_WHEN_FORMS) or (
                "when" in back or "whenever" in back) or any(
                "'" in items[k].text or '"' in items[k].text
                for k in range(max(0, m.start - 3), m.start + 1)):
            continue            # "'rakip saldırınca' etkim": a trigger said in words, no attack
        if any("rival" in reading.at(k) and items[k].clause == items[m.start].clause
               for k in range(max(0, m.start - 3), m.start)):
            rival = True
    mine = any(kw == "ATTACK" and (i + 1 < len(keys) and keys[i + 1].startswith("etkim")
                                   or i and keys[i - 1] in ("my", "benim"))
               for i, kw in triggers)
    if rival and mine:
        return None
    return "rival" if rival else "mine" if mine else None


def _consume_before_forms(reading: Reading) -> None:
    """"bloklamadan önce", "mağlup edilmeden önce", "çözülmeden": a "-mAdAn" form before
    "önce", or on the resolving verb, says "before", not "not": read here, so the word
    accounting does not report it as a negation nobody read."""
    items = reading.items
    resolves = {m.start for m in reading.of("resolve")}
    for it in items:
        if not any(x in it.key for x in ("madan", "meden")):
            continue
        nxt = items[it.i + 1].key if it.i + 1 < len(items) else ""
        if it.i in resolves or nxt in ("once", "before", "sonra") or it.i == _bare_before(reading):
            reading.consumed.add(it.i)      # ("bloklamadan sonra": after blocking, read here)


def _main_question(reading: Reading) -> str | None:
    """Which verb the yes/no question is about: "resolve" ("Does it resolve before I can
    block?", "bloklamadan önce mi çözülür?") or "can" ("Can my opponent block before it
    resolves?", "etki çözülmeden rakip bloklayabilir mi?"); None when unclear or when the
    resolving is negated ("çözülmez mi", "doesn't it resolve")."""
    items = reading.items
    resolves = [m.start for m in reading.of("resolve")]
    if not resolves:
        return None
    if reading.language == "en":
        if any("negation" in reading.at(k) for k in range(max(0, resolves[0] - 3), resolves[0])):
            return None
        starts = [i for i in _starts(reading) if items[i].key in _EN_AUX]
        if not starts:
            return None
        aux = items[starts[-1]].key
        verb = _subject_verb(reading, starts[-1])
        if verb == "act":
            return "can"            # "Does my opponent get to block before …?": acting
        if aux in ("can", "may", "could"):
            return "resolve" if verb == "resolve" else "can"
        return "resolve" if any(r > starts[-1] for r in resolves) else None
    for r in resolves:
        key = items[r].key
        if any(x in key[3:] for x in ("mez", "maz", "mey", "may")):
            return None                               # "çözülmez mi": a negated question
    if any(any(x in items[r].key for x in ("meden", "madan")) for r in resolves):
        return "can"                                  # "etki çözülmeden …": before it resolves
    for r in resolves:
        around = [items[k].key for k in range(max(0, r - 2), min(len(items), r + 2))]
        if any(k in _TR_PARTICLE for k in around):
            return "resolve"
    return None


# A step or phase named in a yes/no question, and the moments (`Game.moment`) in it.
_STEP_MOMENTS = {"fight": ("fight", "fight_result"), "steal": ("steal",), "react": ("react",),
                 "main": ("main",), "start": ("start",), "end": ("end",)}
_STEP_CONCEPTS = (("fight", "fight"), ("steal", "steal"), ("react", "react"),
                  ("main_phase", "main"), ("start", "start"))


def _asked_step(reading: Reading) -> str | None:
    """The step a yes/no question asks about: "çatışma adımında mı", "Tepki Adımı'nda mı",
    "ana aşamada mı", "in the fight step", "during the main phase"; None when none is
    named right where the question asks."""
    items = reading.items
    keys = _keys(reading)
    spots: list[int] = []
    if reading.language == "en":
        for i, k in enumerate(keys):
            if k in ("step", "phase") and i >= 2 and any(
                    keys[j] in ("in", "during") for j in range(max(0, i - 4), i - 1)):
                spots.append(i)
    else:
        for i, k in enumerate(keys):
            if i + 1 < len(keys) and keys[i + 1] in _TR_PARTICLE and (
                    k.startswith(("adim", "asama")) or k.endswith(("sinda", "sında"))):
                spots.append(i)
    if len(spots) != 1:
        return None
    at = spots[0]
    for k in (at, at - 1):
        if k < 0:
            continue
        for concept, step in _STEP_CONCEPTS:
            if concept in reading.at(k):
                return step
    if any(m.start <= at < m.end for m in reading.of("end_turn")):
        return "end"
    return None


def _described_trigger(reading: Reading) -> str | None:
    """A trigger said in words: "çatışmayı kaybedince tetiklenen etki" (LOSES_FIGHT),
    "Gig çalınca tetiklenen" (STEALS_GIG), "turun başında tetiklenen" (START_OF_TURN)."""
    if not (reading.has("pending") or reading.has("effect")):
        return None
    found = []
    # "kaybeden birim", "the losing Unit": the other Unit named by its result, no trigger
    lose = any(not _result_noun(reading, m.start) for m in reading.of("lose"))
    win = any(not _result_noun(reading, m.start) for m in reading.of("win"))
    if reading.has("fight") and lose and not win:
        found.append("LOSES_FIGHT")
    elif reading.has("fight") and win and not lose:
        found.append("WINS_FIGHT")
    elif reading.has("fight") and not reading.has("defeat") and any(
            it.key in ("fights", "catistiginda", "catisinca", "catistigi") for it in reading.items):
        found.append("FIGHTS")
    # "Gig çaldığında", "çalınca" (a Unit steals); not the passive "çalındığında", which may
    # be any steal, by an effect too
    stole = any(reading.items[m.start].key.startswith("cal") and reading.items[m.start].key.endswith(
        _WHEN_FORMS) and not reading.items[m.start].key.startswith(("calind", "calinin"))
        for m in reading.of("steal"))
    if reading.has("steal") and reading.has("gig") and (
            reading.has("unit") or reading.has("attack") or stole):
        # a Unit's steal in its attack's Steal Step (a steal by an effect is not read)
        found.append("STEALS_GIG")
    if reading.has("start") and reading.has("turn") and not reading.has("end_turn"):
        found.append("START_OF_TURN")
    if _when_rival_attacks(reading):
        found.append("RIVAL_ATTACKS")
    if _by_reaction(reading) or _when_blocks(reading):
        found.append("REACTION")
    if reading.has("end_turn"):
        if any(m.start and "rival" in reading.at(m.start - 1) for m in reading.of("end_turn")):
            return None     # "rakibimin tur sonunda": an "at the end of each turn" effect?
        found.append("END_OF_TURN")
    return found[0] if len(found) == 1 else None


def _result_noun(reading: Reading, k: int) -> bool:
    """"kaybeden birim", "kazanan birim", "the losing unit", "the loser": a Unit named by
    its fight's result (a participle before a Unit word, or the noun), not a trigger."""
    items = reading.items
    key = items[k].key
    if key in ("loser", "winner", "losers", "winners"):
        return True
    return key in ("kaybeden", "kazanan", "losing", "winning") and k + 1 < len(items) \
        and "unit" in reading.at(k + 1)


_WHEN_FORMS = ("diginda", "dugunda", "inca", "ince", "unca", "ince", "tiginda", "tugunda")
_REACTION_ACTS = ("block", "quick", "call")


def _when_blocks(reading: Reading) -> bool:
    """A "when this Unit blocks" effect said as its trigger: "blokladığında tetiklenen",
    "bloklayınca", "a 'when this unit blocks' effect" (BLOCKER is a reaction: the effect
    resolves in the React Step, 9.11). Only with no other trigger said."""
    if _trigger_words(reading) or any(reading.has(c) for c in (
            "fight", "steal", "defeat", "start", "end_turn", "play", "call", "quick")):
        return False
    items = reading.items
    for m in reading.of("block"):
        key = items[m.start].key
        if key.endswith(_WHEN_FORMS):
            return True
        if reading.language == "en" and key in ("blocks", "block") and any(
                items[k].key == "when" for k in range(max(0, m.start - 3), m.start)):
            return True
    return False


def _by_reaction(reading: Reading) -> bool:
    """An effect triggered by a reaction in the React Step (9.11): "tepki olarak oynadığım
    QUICK Programın tetiklediği etki", "my blocker reaction triggers an effect", "I react
    with a QUICK program and it triggers …": a reaction word, one reaction act (BLOCKER, a
    QUICK card, calling a Legend), and a trigger verb after them. A trigger keyword other
    than CALL, a fight or a steal is a different question."""
    said = reading.has("react") or (reading.has("block") and _rival_attacks(reading))
    if not said or _trigger_words(reading) and {
            kw for _, kw in _trigger_words(reading)} != {"CALL"}:
        return False
    if any(reading.has(c) for c in ("fight", "steal", "defeat", "start", "end_turn", "play")
           if c != "play" or not reading.has("quick")):
        return False
    acts = [c for c in _REACTION_ACTS if reading.has(c)]
    if len(acts) > 1 or not (acts or reading.has("react")):
        return False
    react_at = [m.start for m in reading.of("react")]
    first_act = min(m.start for m in reading.of(acts[0])) if acts else min(react_at)
    first_react = min(react_at, default=first_act)
    triggers = [it.i for it in reading.items if "pending" in reading.at(it.i)
                and it.key.startswith(("tetik", "trigger"))]
    return bool(triggers) and min(first_act, first_react) < triggers[0]


def _before_act_words(reading: Reading) -> None:
    """"PLAY etkisi, başka birimle saldırmadan önce mi", "before I can sell a card": the
    action named before "önce/before" with a PLAY or CALL effect (`_before_what` "act:…"),
    read here: selling, activating, "another"."""
    if not {kw for _, kw in _trigger_words(reading)} & {"PLAY", "CALL"}:
        return
    before = _before(reading)
    if before is None:
        return
    for m in reading.matches:
        if m.concept in ("sell", "activate", "other") and abs(m.start - before) <= 4:
            reading.consumed.update(range(m.start, m.end))


def _fight_ends(reading: Reading) -> None:
    """"before the fight ends", "çatışma bitmeden": the end of the Fight Step, read here
    when a DEFEATED effect is asked about (`_before_what` "fight_end")."""
    named = {kw for _, kw in _trigger_words(reading)} | {_described_trigger(reading)}
    if not named & {"DEFEATED", "STEALS_GIG"}:
        return
    for m in reading.of("end_step"):
        # "çatışma bitmeden", "saldırı bittikten sonra", "before the attack ends"
        if any(reading.at(k) & {"fight", "attack"} for k in range(max(0, m.start - 2), m.start)):
            reading.consumed.update(range(m.start, m.end))


def _next_reaction(reading: Reading) -> None:
    """"başka tepki", "bir sonraki tepkim", "my next reaction": the React Step's next
    reaction, read here (the words are "other"/"next", not a second Legend or Unit)."""
    for m in reading.of("react"):
        for k in range(max(0, m.start - 2), m.start):
            if reading.at(k) & {"other", "next"} or reading.items[k].key == "bir":
                reading.consumed.add(k)
        # "before I can react again": the next reaction
        reading.consumed.update(k for k in range(m.end, min(len(reading.items), m.end + 2))
                                if reading.items[k].key == "again")


def _reaction_kind(reading: Reading) -> str:
    """Which reaction triggered the effect, for the scenario: BLOCKER (its Unit is spent
    and a "when spent" effect triggers) or calling a Legend (its CALL effect); a QUICK card
    stands as a called Legend (the moment is the same: before the next reaction, 9.11)."""
    return "block" if reading.has("block") else "call"


def _when_rival_attacks(reading: Reading) -> bool:
    """A trigger said in words, "'rakip bir birim saldırdığında' tetiklenen etkim", "my
    'when a rival unit attacks' effect": a rival word right before an attack verb in its
    "when" form."""
    items = reading.items
    for m in reading.of("attack"):
        key = items[m.start].key
        if _negative_verb_at(reading, m.start):
            continue
        if reading.language == "en":
            back = [items[k].key for k in range(max(0, m.start - 5), m.start)]
            when = "when" in back or "whenever" in back
        else:
            when = key.startswith("saldir") and key.endswith(_WHEN_FORMS)
        rival = any("rival" in reading.at(k) for k in range(max(0, m.start - 3), m.start)
                    if items[k].clause == items[m.start].clause)
        if when and rival:
            return True
    return False


def _before_what(reading: Reading, before: int, trigger: str) -> str | None:
    """What the question says the effect might resolve before: a block or reaction, the
    defeat, the turn's draw."""
    clause = reading.items[before].clause
    window = [k for k in range(max(0, before - 4), before + 9) if k < len(reading.items)
              and (k < before + 6 or reading.items[k].clause == clause)]
    near = set().union(*(reading.at(k) for k in window)) if window else set()
    if trigger in ("ATTACK", "CALL", "RIVAL_ATTACKS") and near & {"block", "react"}:
        return "block"
    if trigger == "ATTACK" and near & {"fight", "steal"} and len(near & {"fight", "steal"}) == 1:
        # "çatışmadan önce mi", "before any Gigs are stolen": the attack's later steps
        return "fight" if "fight" in near else "steal"
    if trigger == "CALL" and "fight" in near and not near & {"steal"}:
        return "fight"                  # a Legend called in the React Step, before the fight
    if trigger == "REACTION" and near & {"react"}:
        return "next_reaction"          # "başka tepki vermeden önce mi", "before my next reaction"
    if trigger == "DEFEATED" and near & {"end_step"} and near & {"fight", "attack"}:
        return "fight_end"              # "çatışma bitmeden mi": the Fight Step ends after (9.20)
    if trigger == "ATTACK" and near & {"call", "quick"}:
        # calling a Legend or a QUICK reaction: also only in the React Step
        return "call" if "call" in near and "quick" not in near else \
            "quick" if "quick" in near and "call" not in near else None
    if trigger in ("LOSES_FIGHT", "WINS_FIGHT", "FIGHTS") and near & {"defeat", "trash"}:
        return "defeat"                 # "kaybeden birim yok edilmeden / çöpe gitmeden önce"
    if trigger == "START_OF_TURN" and "draw" in near:
        return "draw"
    if trigger == "STEALS_GIG" and {"attack", "end_step"} <= near:
        return "attack_end"             # "saldırı bitmeden": the attack ends after it (9.25)
    if trigger == "STEALS_GIG" and "move" in near and "gig" in near:
        return "move"                   # "Gig taşınmadan önce", "before the Gig is moved"
    if trigger in ("PLAY", "CALL") and not near & {"react", "block", "quick"}:
        acts = [a for c, a in (("call", "call"), ("attack", "attack"), ("sell", "sell"),
                               ("activate", "activate")) if c in near and not (
                                   c == trigger.lower() and c == "call")]
        if len(acts) == 1:
            return "act:" + acts[0]     # "… before I can call a Legend / before attacking"
    if trigger == "START_OF_TURN" and {"gig", "choose"} <= near:
        return "roll"                   # "Gig zarı atmadan önce": the roll-in (8.6.5)
    if trigger == "END_OF_TURN" and {"turn", "start"} <= near:
        return "next_turn"              # "rakibin turu başlamadan önce" (8.18)
    return None


# ------------------------------------------------------------------------------ react

_MAY_REACT = ("quick_program", "quick_effect", "call", "block", "call_block", "block_quick",
              "call_quick")


def extract_react(reading: Reading) -> Call | None:
    """The `react` situation: who acts, what is done, when. A "must I …?" question is
    answered only for a reaction of the defending player in the React Step (none is ever
    required: they may end the step without one, 9.7, 9.12) and for a cost (11.26.3)."""
    from .family_util import obliged
    duty = obliged(reading)
    reading.consumed.update(duty)   # "zorunlu mu", "must": the duty asked, read below
    call = _extract_react(reading)
    if call is None or not duty:
        return call
    args = call.args
    if args["case"] == "pay_quick" and not args.get("free"):
        return call
    if args["case"] == "may" and args["when"] == "react" and args["actor"] == "defender" \
            and args["act"] in _MAY_REACT and not args.get("before") and not args.get("several") \
            and not args.get("after_block"):
        from dataclasses import replace
        return replace(call, args={**args, "case": "must_react"})
    raise Unclear("react.obliged")


_PERSON = ("oyuncu", "player", "taraf", "side", "rakip", "opponent", "rival", "kim")


def _which_thing(reading: Reading) -> bool:
    """"Tepki Adımında hangi kartları oynayabilirim?", "which cards can I play": "which" with
    a noun that is no player asks for the things themselves, never who may react."""
    items = reading.items
    for m in reading.of("who"):
        key = items[m.start].key
        if not key.startswith(("hangi", "which")) or key.startswith("hangimiz"):
            continue                  # "hangimiz": which of us
        nxt = [it.key for it in items[m.end:m.end + 3]]
        if nxt[:2] in (["of", "us"], ["of", "you"]) or nxt[:3] == ["of", "the", "players"]:
            continue                  # "which of us", "which of the players"
        if key.startswith("hangisi") or not (nxt and nxt[0].startswith(_PERSON)):
            return True
    return False


def _extract_react(reading: Reading) -> Call | None:
    """The `react` situation read as a "may" question (see extract_react)."""
    from .family_reactleave import extract as extract_leave
    left = extract_leave(reading)
    if left is not None:
        return left                 # a reaction took the attacker or the defender away
    from .family_attackend import extract as extract_attack_end
    ended = extract_attack_end(reading, _trigger_words(reading))
    if ended is not None:
        _foreign(reading, "react")
        return ended                # an ATTACK effect took one away: no React Step (9.6)
    from .family_nextstep import extract as extract_next
    following = extract_next(reading)
    if following is not None:
        _foreign(reading, "react")
        return following            # the React Step over: the Fight or the Steal Step (9.14)
    if _asks_step_exists(reading):
        # "Gig alanıma saldırınca Tepki Adımı var mı?": a plain attack goes on to the React
        # Step once its pending effects are resolved (9.6; the engine says so at 9.6)
        _foreign(reading, "react")
        return Call({"case": "step_exists", "asked": "yesno"}, used=pronoun_ones(reading))
    if not (reading.has("react") or reading.has("quick") or (reading.has("call") and (
            _block_context(reading) or (reading.has("fight") and reading.has("after"))))
            or (reading.has("block") and _i_attack(reading) and _asks_about_me(reading)
                and not _block_context(reading) and not reading.has("rival"))
            or (reading.has("play") and _in_rival_turn(reading) and not reading.has("attack")
                and any(reading.has(c) for c in ("unit", "gear", "program")))) \
            or reading.has("how_many"):
        # (a block already made, or the fight over, then a call; a BLOCKER in my own attack)
        return None
    if reading.has("resolve") or reading.has("pending"):
        return None                 # a timing question (extract_timing reads it)
    said_moment = _said_moment(reading)
    _spent_target(reading)
    _ready_blocker(reading)
    face_down_called(reading)
    if reading.has("end_step") and _asks_end_verb(reading):
        _nothing_done(reading)
    after_fight = _after_fight(reading)
    free = _without_paying(reading)
    _another_legend(reading)
    _sell_attack_words(reading)
    if reading.has("sell") and any(reading.has(c) for c in (
            "program", "effect", "activate", "call", "block", "quick", "play", "end_step",
            "several", "who", "pay", "cost")):
        # "sell a card and then play a QUICK program with the Eddie?": a sale beside another
        # act is read only as the one act asked ("Tepki Adımında kart satabilir miyim?")
        raise Unclear("react.step_what")
    _foreign(reading, "react")
    for neg in reading.of("negation"):
        if neg.start in reading.consumed:
            continue
        if _stresses_negative_verb(reading, neg.start):
            # "Bu tur hiç Legend çağırmadım, rakip saldırınca …": "hiç" only stresses the
            # negative verb after it; left unread here (a family that reads that verb, such
            # as the call family, accounts for it), never a reason to stop the others
            continue
        # only "QUICK olmayan", "non-QUICK", "saldırı yokken", "saldırmıyorken" are read
        near = set().union(*(reading.at(k) for k in range(max(0, neg.start - 2),
                                                          min(len(reading.items), neg.end + 2))))
        if not near & {"quick", "attack"}:
            raise Unclear.said(reading.items[neg.start].text)
        if near & {"quick"} and not near & {"attack"} and _present(reading, "quick", reach=3) is not False:
            # "a program that doesn't have QUICK": a negation beside QUICK that the QUICK
            # reading does not take (was read as a QUICK Program: wrong)
            raise Unclear.said(reading.items[neg.start].text)
        reading.consumed.update(range(neg.start, neg.end))
    if _rival_did(reading):
        raise Unclear("react.rival_did")
    if _block_context(reading) and any(
            "rival" in reading.at(k) and not any("attack" in reading.at(j) for j in range(k, m.start))
            and not _mine_block(reading.items[m.start].key)
            for m in reading.of("block") for k in range(max(0, m.start - 3), m.start)) \
            and not (_i_am_role(reading) and _role_words(reading) == {"attacker"}):
        # "Rakibim BLOCKER kullandıktan sonra …": the rival defends, the asker attacks;
        # read only when the asker says so ("Saldıran oyuncuyum; rakibim blokladıktan sonra")
        raise Unclear("react.who_blocked")
    twice = _two_legends(reading)
    both = _both_players(reading)
    acted = {m.concept for m in reading.matches
             if not reading.items[m.start].key.startswith(("player", "oyuncu"))}
    if both is not None and _asks_react_verb(reading) and _yesno(reading) and not acted & {
            "program", "effect", "activate", "call", "block", "unit", "gear", "quick", "play",
            "end_step"}:
        # "İki oyuncu da Tepki Adımı'nda tepki verebilir mi?", "can both players react?"
        _used_numbers(reading, {2: 1})
        return Call({"case": "who_reacts", "asked": "both"}, used={both} - {-1})
    if both is not None and _yesno(reading) and twice is None and not reading.has("end_step"):
        # "Tepki Adımında ikimiz de Legend çağırabilir miyiz?", "can both players call
        # legends in the react step": the act, done by the attacking player too
        act = _act(reading)
        if act in ("quick_program", "quick_effect", "call", "block") and _when(reading) == "react":
            _used_numbers(reading, {2: 1})
            return Call({"case": "who_reacts", "asked": "both", "act": act}, used={both} - {-1})
    if both is not None:
        raise Unclear("react.who_doing_what")     # both players doing something else
    used = _used_numbers(reading, {2: 1} if twice is not None else {})
    roles = _role_words(reading)
    if [kw for _, kw in _trigger_words(reading)] == ["PLAY"]:
        # "PLAY etkisi olan birimi oynadım, rakip (önce) tepki verebilir mi?"
        if not (reading.has("unit") or reading.has("gear")) or reading.has("program") \
                or not _yesno(reading) or _asks_about_me(reading) or roles \
                or not reading.has("rival") or reading.has("attack"):
            raise Unclear("react.played_react_when")
        played = "gear" if reading.has("gear") and not reading.has("unit") else "unit"
        return Call({"case": "react_before_play", "trigger": "PLAY", "played": played,
                     "asked": "yesno"}, used=used)
    if reading.has("who") and not _yesno_can(reading):
        if reading.has("what") or _which_thing(reading):
            # "didn't say with which unit. What should I do in the React Step?": a "what"
            # asks for the acts themselves, which no family lists; "which" is a detail
            raise Unclear("react.what_asked_step")
        # "Tepki Adımı'nı kim bitirir?", "Who decides when the React Step ends?" (9.12)
        if reading.has("end_step") and reading.has("react") and reading.has("step") and not any(
                reading.has(c) for c in ("program", "effect", "activate", "call", "block", "unit",
                                         "gear", "quick", "play", "several", "after")) and (
                not roles or _i_am_role(reading) or _role_is_me(reading)
                or _role_is_rival(reading)):
            # a role said to be the asker's or the rival's ("when I'm the one attacking",
            # "Saldıran rakibimse") only says who is who: the defending player ends it;
            # "bitirme kararı kimde", "kim karar verir": who decides it, the same question
            reading.consumed.update(it.i for it in reading.items if it.key.startswith("karar"))
            return Call({"case": "who_ends", "asked": "who"}, used=used)
        if reading.has("end_step"):
            raise Unclear("react.ending")
        # "Tepki Adımı'nda kim tepki verebilir?", "Who gets to act in the React Step?"
        if reading.has("quick") and (reading.has("react") or reading.has("attack")) and not roles:
            # "Saldırı sırasında QUICK Programı kim oynayabilir?": the act, by either player
            act = _act(reading)
            during_attack = reading.has("attack") and not reading.has("main_phase") \
                and not reading.has("turn") and not reading.has("end_step")
            if act not in ("quick_program", "quick_effect") or not (
                    during_attack or _when(reading) == "react"):
                raise Unclear("react.who_doing_what")
            return Call({"case": "who_reacts", "asked": "who", "act": act}, used=used)
        if not (reading.has("react") and (reading.has("step") or reading.has("can"))):
            raise Unclear("react.what_asked_step")
        if len(reading.of("react")) > 2 or reading.has("quick") or reading.has("program"):
            raise Unclear("react.who_doing_what")
        return Call({"case": "who_reacts", "asked": "who"}, used=used)
    if not _yesno(reading):
        raise Unclear("react.yesno")
    if _only_one(reading):
        # "Tepki Adımında sadece bir tepki verebilir miyim?": a limit of one asked (none:
        # as many as they like, 9.7) or leave to take just one? Not the act's legality
        raise Unclear("react.how_many")
    acts = {"program", "effect", "activate", "call", "block", "unit", "gear", "quick", "play",
            "sell"}
    if reading.has("end_step") and _asks_end_verb(reading) and _acts_named(reading, acts):
        # "I block with my BLOCKER. Can I then end the React Step?": ending is the act asked;
        # the block is what was done before it (read as the asked act, it gave a wrong No)
        return _end_after_block(reading, acts, roles, used)
    if reading.has("end_step") and not _acts_named(reading, acts) and (
            not roles or _asks_end_verb(reading)) \
            and reading.has("react") and reading.has("step") and not reading.has("several"):
        # "Tepki Adımı'nda pas geçersem Tepki Adımı biter mi?", "Does passing end the React
        # Step?": the defending player ends it; the attack goes on (9.12, 9.14)
        if reading.has("after"):
            raise Unclear("react.ending")
        if _asks_end_verb(reading):
            # "Tepki Adımını bitirebilir miyim?", "pas geçebilir miyim", "Can the attacking
            # player end the React Step?": whether this player may end it (9.12)
            actor = _actor(reading, roles, "react")
            return Call({"case": "may_end", "act": "end", "when": "react", "actor": actor,
                         "asked": "yesno", "actor_inferred": actor == "defender" and not roles
                         and not _rival_attacks(reading)}, used=used)
        if _rival_subject(reading):
            raise Unclear("react.ending")
        return Call({"case": "ends", "asked": "yesno"}, used=used)
    if reading.has("several") and _acts_named(reading, acts) == {"call"} and reading.has("legend") \
            and twice is None:
        # "Tepki Adımında birden fazla Legend çağırabilir miyim?": a second call in one
        # React Step (once per turn, 11.11.2)
        when = _when(reading)
        actor = _actor(reading, roles, when)
        if when != "react" or actor != "defender":
            raise Unclear("react.how_many")
        return Call({"case": "may", "act": "call_twice", "when": when, "actor": actor,
                     "asked": "yesno", "actor_inferred": not roles and not _rival_attacks(reading)},
                    used=used)
    if reading.has("several"):
        # "Tepki Adımı'nda birden fazla tepki verebilir miyim?" (as many as they want, 9.7)
        if any(reading.has(c) for c in acts - {"play"}) or roles or _rival_subject(reading) \
                or reading.has("end_step") or not reading.has("react"):
            raise Unclear("react.how_many")
        return Call({"case": "may", "act": "call_block", "when": "react", "actor": "defender",
                     "asked": "yesno", "actor_inferred": not _rival_attacks(reading),
                     "several": True}, used=used)
    if not _acts_named(reading, acts | {"pay", "cost"}) and (
            _asks_react_verb(reading) or _must_react_verb(reading)) \
            and not reading.has("end_step") and not reading.has("to_hand") \
            and _attack_asked(reading) is None:
        # "Rakip saldırdı, tepki verebilir miyim?": may this player react at all (9.7, 9.7.1);
        # a QUICK Program stands for any reaction in the scenario
        when = _when(reading)
        if when != "react":
            raise Unclear("timing_react.reaction_when")
        if not (_react_step(reading) or reading.has("step") or reading.has("attack") or roles):
            # "Can I react?", "tepki verebilir miyim": to what, and at which moment, is not
            # said (reactions exist only in the React Step of the rival's attack, 9.7.1)
            raise Unclear("timing_react.reaction_when")
        actor = _actor(reading, roles, when)
        return Call({"case": "may", "act": "quick_program", "when": "react", "actor": actor,
                     "asked": "yesno", "generic": True,
                     "actor_inferred": actor == "defender" and not roles
                     and not _rival_attacks(reading)}, used=used)
    before, view = _prior_acts(reading)
    if free and not before and all(reading.has(c) for c in ("quick", "program", "play")) \
            and not any(reading.has(c) for c in ("call", "block", "effect", "activate", "unit")):
        act = "pay"                 # "QUICK Programı bedelini ödemeden oynamak"
    else:
        act = _act(view)
    if act == "attack" and not (_rival_attacks(reading) or roles):
        # "Tepki adımında saldırabilir miyim?": whose attack, and who asks, is not said
        raise Unclear("react.who_acts")
    if before == ["call"] and act == "call":
        act, before = "call_twice", []       # "bir Legend çağırdım … bir tane daha?" (11.11.2)
    if twice is not None:
        if act != "call":
            raise Unclear("react.step_what")
        act = "call_twice"
    if reading.has("to_hand") and act not in ("quick_program", "program", "unit", "gear", "sell",
                                              "call_quick", "block_quick"):
        # ("elimdeki QUICK programı oynayıp Legend çağırmak": the hand holds the Program)
        raise Unclear("timing_react.card_in_hand")   # a QUICK effect is used from the field (11.26.1.2)
    when = "after_end" if after_fight and not said_moment else _when(reading)
    if after_fight and not said_moment and not (_rival_attacks(reading) or _react_step(reading)):
        raise Unclear("react.when")
    if when == "after_end" and not after_fight and said_moment != "after_end" \
            and not _end_said_first(reading):
        # "Can I block and then end the React Step?": the end comes after the act asked,
        # not before it (was read as "block after the step was ended": a wrong No)
        raise Unclear("react.when")
    if when == "after_end":
        _later(reading)
    actor = _actor(reading, roles, "rival_turn" if when == "rival_turn_any" else when)
    if when == "after_end" and actor == "defender" and not roles and _rival_ended(reading):
        actor = "attacker"          # "my opponent passed the React Step, can I …": he defends
    if act == "any_card":
        # any card at all: only the attacking player's answer does not depend on which
        # (no reaction at all, 9.7.1); a QUICK Program stands for it in the scenario
        if actor != "attacker" or when != "react":
            raise Unclear("react.card_what")
        return Call({"case": "may", "act": "quick_program", "when": "react", "actor": actor,
                     "asked": "yesno", "generic": True}, used=used)
    if free:
        # "QUICK Programı bedelini ödemeden oynayabilir miyim?": played as a reaction, its
        # cost is still paid (11.26.3)
        if act != "pay" or when != "react" or actor != "defender":
            raise Unclear("react.quick_when")
        return Call({"case": "pay_quick", "act": "quick_program", "when": "react",
                     "actor": "defender", "asked": "yesno", "free": True}, used=used)
    if act == "pay":
        if when != "react" or actor != "defender":
            raise Unclear("react.quick_when")
        return Call({"case": "pay_quick", "act": "quick_program", "when": "react",
                     "actor": "defender", "asked": "yesno"}, used=used)
    if when == "main" and act not in ("quick_program", "quick_effect", "program"):
        raise Unclear("react.main_phase_what")
    if when == "rival_turn_any":
        # a card that is never a reaction (a Unit, a Gear, a Program without QUICK) is played
        # only in its owner's own Main Phase (8.10, 8.13): attack or not, no (9.10.1)
        if act not in ("unit", "gear", "program"):
            raise Unclear("react.rival_turn_what")
        return Call({"case": "may", "act": act, "when": "rival_turn", "actor": actor,
                     "asked": "yesno", "rival_turn_any": True}, used=used)
    if when == "rival_turn" and act not in ("quick_program", "quick_effect"):
        raise Unclear("react.rival_turn_what")
    if when == "after_attack" and act not in ("quick_program", "quick_effect", "call"):
        raise Unclear("react.rival_turn_what")     # after his attack: a reaction, asked again
    if when in ("main", "rival_turn", "after_attack") and actor != "me":
        raise Unclear("react.who_acts")
    if act == "block" and when == "react" and actor == "defender" and not any(
            m.start in reading.consumed for m in reading.of("ready")):
        # "X ile bloklayabilir miyim?": whether it may block depends on its being ready and
        # not the attack's target (9.9, 11.24.3), which the question does not say
        raise Unclear("timing_react.blocker_state")
    inferred = actor == "defender" and not roles and not _rival_attacks(reading)
    if before and (when != "react" or actor != "defender"):
        raise Unclear("react.who_acts")
    args = {"case": "may", "act": act, "when": when, "actor": actor, "asked": "yesno",
            "actor_inferred": inferred, "after_block": _block_context(reading)
            and when == "react" and act != "block"}
    if before:
        args["before"] = before
    return Call(args, used=used)


_EXISTS_TR = ("var", "varmi", "olur", "oluyor", "yasanir", "gelir")
_EXISTS_EN = ("is", "there", "happen", "happens", "get", "have")
_HAPPEN_EN = ("happen", "happens", "occur", "occurs")
_EVERY = ("her", "every", "always", "hep", "always", "each", "herhangi", "any")
_NOT_PLAIN = ("program", "effect", "activate", "call", "block", "gear", "quick",
              "play", "sell", "end_step", "pay", "cost", "defeat", "fight", "steal",
              "pending", "resolve", "negation", "return_hand", "removed", "who", "how_many",
              "several", "after", "other")


def _asks_step_exists(reading: Reading) -> bool:
    """"Gig alanıma yapılan saldırıda da Tepki Adımı var mı?", "is there a React Step when
    he attacks one of my units?": an attack on a Unit or on a Gig area goes on to the React
    Step once its pending effects are resolved (9.6). Only the plain question: no act, no
    effect, no Unit leaving, no "every attack" (an attack may end before it, 9.6, 9.27)."""
    if not (reading.has("react") and reading.has("step") and reading.has("attack")) \
            or any(it.i not in pronoun_ones(reading) for it in reading.numbers) \
            or any(reading.has(c) for c in _NOT_PLAIN) \
            or any(it.key in _EVERY for it in reading.items) or not _yesno(reading):
        return False
    items = reading.items
    step = [m for m in reading.of("step") if m.start and "react" in reading.at(m.start - 1)]
    if len(step) != 1:
        return False
    at = step[0]
    if reading.language == "en":
        # "is there a React Step", "do I get a React Step"; "does the React Step happen"
        words = [k for k in range(max(0, at.start - 4), at.start) if items[k].key in _EXISTS_EN]
        words += [k for k in range(at.end, min(len(items), at.end + 2))
                  if items[k].key in _HAPPEN_EN]
        said = bool(words)
    else:
        words = [k for k in range(at.end, min(len(items), at.end + 2))
                 if items[k].key.startswith(_EXISTS_TR)]
        said = bool(words)
    if said:
        reading.consumed.update(words)
        _spent_target(reading)      # "one of my spent units": the target, as an attack needs
    return said


_END_DONE_EN = ("ended", "passed", "over", "finished", "closed")
_ACT_WORDS = ("call", "block", "program", "quick", "play", "effect", "activate", "unit", "gear",
              "sell", "attack")


def _end_said_first(reading: Reading) -> bool:
    """The React Step's end is said before the act asked about, or as done ("bitirdikten
    sonra", "bitti", "after I ended it", "once it is over"): "after_end" is then the
    moment of the act. "Can I block and then end it?" says the end after the act."""
    items = reading.items
    ends = reading.of("end_step")
    acts = [m.start for m in reading.matches if m.concept in _ACT_WORDS]
    for m in ends:
        key = items[m.start].key
        if acts and m.start < min(acts):
            return True
        if reading.language == "en":
            if key in _END_DONE_EN or any(items[k].key in ("after", "once", "when")
                                          for k in range(max(0, m.start - 5), m.start)):
                return True
        elif any(x in key for x in ("dikten", "diktan", "tikten", "tiktan", "ince", "ınca",
                                    "inca", "ti", "di")):
            return True
    return False


def _block_done(reading: Reading) -> bool:
    """The asker's block is said as done before the asking sentence or clause: "I block
    with my BLOCKER. Can I …", "BLOCKER ile blokladım, …", "BLOCKER kullandıktan sonra"."""
    if _block_context(reading):
        return True
    items = reading.items
    asking = max((it.part for it in items if "can" in reading.at(it.i)), default=None)
    for m in reading.of("block"):
        if asking is None or items[m.start].part >= asking:
            continue
        if reading.language == "en":
            if any(items[k].key in ("i", "we") for k in range(max(0, m.start - 2), m.start)):
                return True
        elif _mine_block(items[m.start].key):
            return True
    return False


def _end_after_block(reading: Reading, acts: set[str], roles: set[str], used: set[int]) -> Call:
    """May the defending player end the React Step after blocking? Read only when the block
    is the one act named and is said as done; the engine runs the block, then the end (9.12:
    nothing is pending after a block)."""
    if _acts_named(reading, acts) != {"block"} or not _block_done(reading) \
            or not (reading.has("react") and reading.has("step")) or reading.has("several") \
            or reading.has("pending") or reading.has("resolve"):
        raise Unclear("react.ending")
    actor = _actor(reading, roles, "react")
    if actor != "defender":
        raise Unclear("react.ending")
    _later(reading)
    for it in reading.items:
        if it.key in ("then", "sonra", "ardindan", "now", "simdi"):
            reading.consumed.add(it.i)
    return Call({"case": "may_end", "act": "end", "when": "react", "actor": actor,
                 "asked": "yesno", "before": ["block"], "actor_inferred": not roles
                 and not _rival_attacks(reading)}, used=used)


_EN_REACT_BETWEEN = ("still", "also", "ever", "then", "get", "to", "be", "able", "allowed", "even")
_EN_REACT_SUBJECTS = ("opponent", "rival", "opponents", "player", "players", "defending",
                      "attacking", "defender", "attacker", "both", "side")


def _asks_react_verb(reading: Reading) -> bool:
    """The verb asked about is reacting itself: "tepki verebilir miyim", "karşılık
    verebilir mi", "can I react", "may he respond" (not "saldırabilir miyim")."""
    items = reading.items
    for m in reading.of("react"):
        if reading.language == "en":
            if m.start > 1 and items[m.start - 2].key in _EN_AUX \
                    and items[m.start - 1].key in _EN_SUBJECTS + ("opponent", "rival"):
                return True
            # "can my opponent still react", "does he get to react", "is the defending player
            # able to react": the subject, then adverbs and "get to" / "be able to"
            k = m.start - 1
            while k > 0 and items[k].key in _EN_REACT_BETWEEN:
                k -= 1
            j = k
            while j > 0 and items[j].key in _EN_SUBJECTS + _EN_REACT_SUBJECTS:
                j -= 1
            if j < k and k < m.start - 1 and items[j].key in _EN_AUX:
                return True
            if m.start > 2 and any(items[k].key in _EN_AUX for k in range(
                    max(0, m.start - 4), m.start - 2)) and items[m.start - 1].key in (
                        "players", "player", "side"):
                return True                 # "can both players react", "can the attacking player react"
        else:
            here = items[m.start].key
            after = items[m.start + 1].key if m.start + 1 < len(items) else ""
            verb = after if here in ("tepki", "karsilik", "cevap") else here
            if verb.startswith("ver") and ("ebil" in verb or "abil" in verb):
                return True
    return False


def _must_react_verb(reading: Reading) -> bool:
    """"tepki vermek zorunda mıyım", "do I have to react": reacting itself is the verb
    of a "must" question (extract_react answers it only for the defending player)."""
    from .family_util import obliged
    if not obliged(reading):
        return False
    items = reading.items
    for m in reading.of("react"):
        key = items[m.start].key
        if reading.language == "en":
            if key in ("react", "respond"):
                return True
        elif key in ("tepki", "karsilik", "cevap") and m.start + 1 < len(items) \
                and items[m.start + 1].key.startswith("ver"):
            return True
    return False


_PAST_1ST = ("dim", "dum", "tim", "tum")
_EN_DONE = ("called", "played", "activated", "used")


def _prior_acts(reading: Reading) -> tuple[list[str], Reading]:
    """Reactions the asker says they already took in this React Step, in a sentence of
    their own before the asking one ("Tepki Adımında bir Legend çağırdım. Aynı Tepki
    Adımında QUICK Program da oynayabilir miyim?", "I called a Legend; can I also play a
    QUICK program?"): their kinds, and the question without them (what is asked)."""
    items = reading.items
    asking = max((it.part for it in items if "yesno" in reading.at(it.i) or "can" in reading.at(it.i)),
                 default=None)
    if asking is None:
        return [], reading
    done: list[tuple[str, int]] = []
    verbs: set[int] = set()
    for m in reading.matches:
        if m.concept not in ("call", "play", "activate") or items[m.start].part == asking \
                or m.start in verbs:
            continue
        verbs.add(m.start)                  # "called" and "call a legend": one act
        key = items[m.start].key
        if reading.language == "en":
            back = [x.key for x in items[max(0, m.start - 3):m.start]]
            first = key in _EN_DONE and "i" in back
        else:
            first = key.endswith(_PAST_1ST) and any(f.endswith("-") for f in items[m.start].forms)
        if not first:
            continue
        part = items[m.start].part
        here = {c for it in items if it.part == part for c in reading.at(it.i)}
        if m.concept == "call" and "legend" in here:
            done.append(("call", part))
        elif m.concept == "play" and {"quick", "program"} <= here:
            done.append(("quick_program", part))
        elif m.concept == "activate" and "quick" in here:
            done.append(("quick_effect", part))
        else:
            raise Unclear("react.step_what")
    if not done:
        return [], reading
    from dataclasses import replace
    parts = {p for _, p in done}
    # (a Legend word stays: "… can I call another one?" calls a Legend too)
    acts = ("call", "block", "program", "quick", "play", "effect", "activate", "unit", "gear")
    view = replace(reading, matches=[m for m in reading.matches if not (
        items[m.start].part in parts and m.concept in acts)])
    return [k for k, _ in done], view


def _mine_block(key: str) -> bool:
    """"BLOCKER'ımla", "blokladım", "bloklarsam": the asker blocks."""
    return key.startswith(("blockerim", "blokerim")) or (
        key.startswith("blok") and key.endswith(("dim", "dum", "tim", "rsam", "rsem", "yorum")))


def _acts_named(reading: Reading, acts: set[str]) -> set[str]:
    """The acts the question names: not the "play" in "player", nor a Unit that is not
    played ("rakibim birimiyle saldırdı": the attacker)."""
    out = {m.concept for m in reading.matches if m.concept in acts
           and not reading.items[m.start].key.startswith(("player", "oyuncu"))}
    if "unit" in out and "play" not in out:
        out.discard("unit")
    return out


def _after_fight(reading: Reading) -> bool:
    """"çatışma bittikten sonra", "after the fight": the attack is past its React Step;
    the fight words are read here."""
    items = reading.items
    for m in reading.of("fight"):
        nxt = [k for k in range(m.end, min(len(items), m.end + 3))
               if reading.at(k) & {"end_step", "after"}]
        back = [k for k in range(max(0, m.start - 2), m.start) if "after" in reading.at(k)]
        if nxt and reading.language == "tr" and any("after" in reading.at(k) for k in nxt):
            reading.consumed.update(range(m.start, nxt[-1] + 1))
            return True
        if back and reading.language == "en":
            reading.consumed.update(range(back[0], m.end))
            return True
    return False


def _without_paying(reading: Reading) -> bool:
    """"bedelini ödemeden", "without paying its cost", "bedava", "for free": read here
    (the negation too)."""
    items = reading.items
    frees = reading.of("free")
    if frees:
        for m in frees:
            reading.consumed.update(range(m.start, m.end))
        return True
    for m in reading.of("pay"):
        key = items[m.start].key
        if reading.language == "tr" and key.startswith("ode") and key.endswith(("meden", "madan")):
            reading.consumed.update(range(m.start, m.end))
            return True
        if reading.language == "en" and m.start and items[m.start - 1].key == "without":
            reading.consumed.update(range(m.start - 1, m.end))
            return True
    return False


def _another_legend(reading: Reading) -> None:
    """"Bir Legend çağırdım. Başka bir Legend'ı da çağırabilir miyim?", "… can I call
    another one?": after a call already made, "another" is the second call (11.11.2);
    read here."""
    if not (reading.has("call") and reading.has("legend")):
        return
    before, _ = _prior_acts(reading)
    if before != ["call"]:
        return
    items = reading.items
    for m in reading.of("other") + reading.of("again"):
        near = range(m.end, min(len(items), m.end + 3))
        if any("legend" in reading.at(k) or items[k].key == "one" for k in near) or (
                m.start and "legend" in reading.at(m.start - 1) and items[m.start].key == "daha"):
            # "başka bir Legend", "another one", "bir Legend daha"
            reading.consumed.update(range(m.start, m.end))
        elif m.end < len(items) and "attack" in reading.at(m.end) and _same_turn(reading):
            # "aynı turda ikinci saldırısı", "his second attack in the same turn"
            reading.consumed.update(range(m.start, m.end))


def _rival_ended(reading: Reading) -> bool:
    """"rakibim Tepki Adımını bitirdi", "my opponent passes the react step": the rival is
    the one who ended it (the defending player), said with the asker asking about
    themself."""
    items = reading.items
    for m in reading.of("end_step"):
        back = range(max(0, m.start - 5), m.start)
        if any("rival" in reading.at(k) and items[k].clause == items[m.start].clause
               and not any("attack" in reading.at(j) for j in range(k, m.start)) for k in back):
            return _asks_about_me(reading)
    return False


def _later(reading: Reading) -> None:
    """"later", "sonradan": after the React Step was ended, read with it."""
    for it in reading.items:
        if it.key in ("later", "sonradan", "sonrasinda", "afterwards"):
            reading.consumed.add(it.i)


def _nothing_done(reading: Reading) -> None:
    """"hiçbir şey yapmadan pas geçmek", "pass without doing anything", "end it doing
    nothing": ending the React Step with no reaction, which is what ending is (9.12)."""
    keys = _keys(reading)
    for i in range(len(keys)):
        for phrase in (("hicbir", "sey", "yapmadan"), ("bir", "sey", "yapmadan"),
                       ("hicbir", "tepki", "yapmadan"), ("hicbir", "tepki", "vermeden"),
                       ("hic", "tepki", "vermeden"), ("tepki", "vermeden"),
                       ("without", "doing", "anything"), ("doing", "nothing"),
                       ("without", "reacting"), ("without", "any", "reaction"),
                       ("without", "a", "reaction")):
            if tuple(keys[i:i + len(phrase)]) == phrase:
                reading.consumed.update(range(i, i + len(phrase)))


def _asks_end_verb(reading: Reading) -> bool:
    """The verb asked about is ending the React Step itself, with "can": "bitirebilir
    miyim", "pas geçebilir mi", "pas diyebilir miyim", "can I end / pass", "may the
    attacking player end it" (not "pas geçersem biter mi?": whether it ends)."""
    items = reading.items
    for m in reading.of("end_step"):
        if reading.language == "en":
            back = [x.key for x in items[max(0, m.start - 4):m.start]]
            if any(k in ("can", "may", "could") for k in back) and m.start and \
                    items[m.start - 1].key not in ("to",) or (back[-1:] == ["to"] and any(
                        k in ("allowed", "able") for k in back)):
                return True
            continue
        for k in range(m.start, min(len(items), m.end + 1)):
            key = items[k].key
            if k > m.start and not (reading.at(k) & {"can", "end_step"}):
                break
            if "ebil" in key or "abil" in key:
                return True
    return False


def _ready_blocker(reading: Reading) -> None:
    """"hazır bir BLOCKER", "a ready blocker": the BLOCKER used is ready, as the React
    Step's scenario has it (9.9); read here, not reported."""
    blocks = [b.start for b in reading.of("block")]
    for m in reading.of("ready"):
        if any(0 < b - m.start <= 3 for b in blocks) and not _negative_verb_at(reading, m.start):
            reading.consumed.update(range(m.start, m.end))


def _two_legends(reading: Reading) -> int | None:
    """"two legends", "iki Legend": the number 2 right before a Legend word, or None."""
    for it in reading.numbers:
        if it.number == 2 and not it.sign and it.i + 1 < len(reading.items) \
                and "legend" in reading.at(it.i + 1):
            return it.i
    return None


def _only_one(reading: Reading) -> bool:
    """"sadece bir", "yalnızca tek", "only one", "just a single": a count of one stressed by
    an "only" word right before it."""
    items = reading.items
    for m in reading.of("only"):
        k = m.end
        if k < len(items) and items[k].key in ("a", "an") and reading.language == "en":
            k += 1
        if items[m.start].key == "tek" or (k < len(items) and (
                items[k].number == 1 or items[k].key in ("bir", "tek", "single"))):
            return True
    return False


def _both_players(reading: Reading) -> int | None:
    """"iki oyuncu da", "both players", "ikimiz de": the index of the count word (its "2"),
    or -1 when no number is written; None when not said."""
    items = reading.items
    for it in items:
        nxt = items[it.i + 1].key if it.i + 1 < len(items) else ""
        if it.number == 2 and not it.sign and nxt.startswith(("oyuncu", "player")):
            return it.i
        if it.key == "both" and nxt.startswith("player"):
            return -1
        if it.key in ("ikimiz", "ikimizde") or (it.key == "her" and nxt == "iki"):
            return -1
    return None


def _yesno_can(reading: Reading) -> bool:
    return _yesno(reading) and reading.has("can") and not reading.has("who")


def _act(reading: Reading) -> str:
    """What is done: "quick_program", "program" (not QUICK), "unit", "gear",
    "quick_effect", "effect" (not QUICK), "call", "block", "call_block", "pay"."""
    quick = _present(reading, "quick", reach=3)
    program = reading.has("program")
    effect = reading.has("effect") or reading.has("activate")
    call = reading.has("call") and reading.has("legend")
    block = reading.has("block") and not _block_context(reading)
    pay = reading.has("pay") or reading.has("cost")
    play = reading.has("play") or (_asks_react_verb(reading) and _with_card(reading))
    sell = reading.has("sell")
    attack = _attack_asked(reading)
    if (sell or attack is not None) and not (program or effect or call or block or pay or play
                                             or quick is not None):
        # "Tepki Adımında kart satabilir miyim?", "can I attack back in the React Step?":
        # Main Phase actions of the turn player (8.11, 8.15), never reactions (9.8-9.10)
        if sell and attack is not None:
            raise Unclear("react.step_what")
        return "sell" if sell else "attack"
    if pay:
        if quick and program and play and not (call or block or effect):
            return "pay"
        raise Unclear("react.paid_for")
    if call and block and not (program or effect or quick is not None):
        return "call_block"
    if program and quick is True and play and (call != block) and not effect \
            and not (reading.has("gear") or reading.has("unit") and not block) \
            and any(it.key in _BOTH_ACTS for it in reading.items) and reading.has("can") \
            and not _either_or(reading):
        # "önce BLOCKER ile bloklayıp sonra QUICK Program", "block and also play a QUICK
        # program", "Legend çağırıp sonra bir QUICK Program": two reactions, both asked (9.7)
        return "block_quick" if block else "call_quick"
    picked = []
    if program:
        if quick is None:
            raise Unclear("react.program_quick")
        picked.append("quick_program" if quick else "program")
    elif effect and not reading.has("gear"):
        if quick is None:
            raise Unclear("react.effect_quick")
        picked.append("quick_effect" if quick else "effect")
    if (reading.has("gear") or reading.has("unit")) and play and not program and quick is True:
        # a Unit or Gear with QUICK: with no other text it may be played in the React Step
        # (11.26.1.1); with other text its QUICK effect is used from the field (11.26.1.2)
        raise Unclear("timing_react.quick_card")
    if reading.has("gear") and play and not program:
        if quick is None and not effect:
            # a Gear may carry QUICK (the card pool has one): whether it may be played on
            # the rival's turn depends on it, as for a Program
            raise Unclear("react.gear_quick")
        picked.append("gear")
    elif reading.has("unit") and play and not (program or effect):
        picked.append("unit")
    if call:
        picked.append("call")
    if block:
        picked.append("block")
    if not picked and play and reading.has("card") and not (effect or call or block):
        return "any_card"           # "kart oynayabilir mi?": which card is not said
    if len(picked) != 1:
        raise Unclear("react.step_what")
    if picked[0] in ("quick_program", "program", "unit", "gear") and not play:
        raise Unclear("react.card_what")
    return picked[0]


_CAN_EN = ("can", "may", "could")
# two acts asked together: "önce … sonra …", "hem … hem …", "… and also …", "then"
_BOTH_ACTS = ("sonra", "ardindan", "hem", "ayrica", "also", "then", "afterwards")


def _sell_attack_words(reading: Reading) -> None:
    """"Elimden bir kart satabilir miyim?", "hazır birimimle saldırabilir miyim?": the card
    sold is from the hand, the Unit attacking is ready; read here (the act is refused as a
    reaction whatever the card or Unit)."""
    items = reading.items
    spans = []
    for m in reading.of("sell"):
        spans += [h for h in reading.of("hand") if 0 < m.start - h.start <= 4 or (
            reading.language == "en" and 0 < h.start - m.start <= 5)]
    attack = _attack_asked(reading)
    if attack is not None:
        spans += [r for r in reading.of("ready") if abs(r.start - attack.start) <= 6
                  and r.end < len(items) and "unit" in reading.at(r.end)]
    if attack is not None and attack.end < len(items) and items[attack.end].key == "back":
        reading.consumed.add(attack.end)                  # "attack back"
    for m in spans:
        reading.consumed.update(range(m.start, m.end))


def _attack_asked(reading: Reading):
    """The attack the asker asks to make ("saldırabilir miyim", "saldırı yapabilir miyim",
    "can I attack back"), beside the rival's attack said as the situation; None when no
    attack word is the asked act. Only one such word is read."""
    items = reading.items
    found = []
    for m in reading.of("attack"):
        key = items[m.start].key
        nxt = items[m.end].key if m.end < len(items) else ""
        if reading.language == "en":
            if key != "attack" or not any(
                    items[k].key in _CAN_EN for k in range(max(0, m.start - 3), m.start)) or any(
                    "rival" in reading.at(k) for k in range(max(0, m.start - 3), m.start)):
                continue
        elif not (any(x in key for x in ("abil", "ebil")) or (
                nxt.startswith(("yapabil", "edebil")) and "attack" in reading.at(m.start))):
            continue
        found.append(m)
    if len(found) != 1:
        return None
    return found[0]


def _with_card(reading: Reading) -> bool:
    """"QUICK Programla karşılık vermek", "respond with a QUICK program": the card is
    played as the reaction."""
    items = reading.items
    for m in reading.of("program"):
        key = items[m.start].key
        if reading.language == "en":
            if any(items[k].key == "with" for k in range(max(0, m.start - 3), m.start)):
                return True
        elif key.endswith(("la", "le", "yla", "yle")):
            return True
    return False


def _in_rival_turn(reading: Reading) -> bool:
    """"rakibimin turunda", "during my opponent's turn": a turn word owned by the rival."""
    items = reading.items
    for m in reading.of("turn"):
        back = range(max(0, m.start - 2), m.start)
        if any("rival" in reading.at(k) and items[k].clause == items[m.start].clause for k in back):
            return True
    return False


_RESPOND = ("respond", "response", "karsilik", "cevap")


def _said_moment(reading: Reading) -> str | None:
    """The `when` of a moment the question says that is not the React Step
    (`react_moment`): "after_attack" (the rival's attack is over: his Main Phase goes on,
    9.29), "after_end" (the Fight or Steal Step: the React Step is over, 9.14),
    "rival_turn" (before the rival attacks); None when no moment is said. A moment this
    family does not read, or one whose turn is not said to be the rival's, is no ruling:
    never the React Step by default."""
    from .react_moment import moment
    said = moment(reading)
    if said is None:
        return None
    items = reading.items
    rival = _rival_attacks(reading) or _in_rival_turn(reading) or any(
        "rival" in reading.at(k) and items[k].clause == items[m.start].clause
        for c in ("attack", "main_phase") for m in reading.of(c)
        for k in range(max(0, m.start - 3), m.start))     # "rakip saldırmadan", "his main phase"
    if said == "later_step" and (rival or not _i_attack(reading)):
        return "after_end"
    if said in ("attack_over", "before_attack") and rival and not _i_attack(reading):
        return "after_attack" if said == "attack_over" else "rival_turn"
    if said == "attack_over" and _i_attack(reading) and not reading.has("rival"):
        return "main"       # "kendi saldırım bittikten sonra": my Main Phase goes on (9.29)
    raise Unclear("react.moment")


def _when(reading: Reading) -> str:
    """"react" (the React Step, a reaction, the rival attacking), "main" (the asker's own
    Main Phase), "rival_turn" (the rival's turn, no attack), "after_end" (after the React
    Step was ended)."""
    said_moment = _said_moment(reading)
    if said_moment is not None:
        return said_moment
    found = set()
    if reading.has("end_step") and (reading.has("react") or reading.has("step")):
        found.add("after_end")
    mine = reading.has("main_phase") or any(it.key.startswith("turum") for it in reading.items) \
        or (reading.language == "en" and any(a == "my" and (b == "turn" or b == "own" and c in (
            "turn", "main")) for a, b, c in zip(_keys(reading), _keys(reading)[1:],
                                                 _keys(reading)[2:] + [""])))
    attack_negated = _negative_verb(reading, "attack") is True or (
        reading.has("attack") and _present(reading, "attack") is False)
    if mine and any("rival" in reading.at(k) for m in reading.of("main_phase")
                    for k in range(max(0, m.start - 3), m.start)):
        if not attack_negated or any(reading.has(c) for c in ("react", "block", "end_step")):
            raise Unclear("react.rival_main")
        # "in his Main Phase, nobody attacking": the rival's turn with no attack
        mine = False
        found.add("rival_turn")
        for m in reading.of("main_phase"):
            reading.consumed.update(range(m.start, m.end))
    if mine:
        if any(reading.has(c) for c in ("attack", "react", "block", "end_step", "start", "draw")):
            raise Unclear("react.which_part")
        found.add("main")
    if attack_negated and (_react_step(reading) or reading.has("react") or reading.has("block")):
        raise Unclear("react.no_attack")      # "saldırmadı ama Tepki Adımı'nda …"
    if attack_negated and reading.has("turn"):
        found.add("rival_turn")
    elif _in_rival_turn(reading) and not any(reading.has(c) for c in (
            "attack", "react", "block", "end_step", "main_phase")) and not found \
            and _present(reading, "quick", reach=3) is not True:
        found.add("rival_turn_any")         # "rakibimin turunda", attack or not
    elif reading.has("react") and not (_react_step(reading) or _rival_attacks(reading)
                                       or reading.has("attack") or reading.has("block")) \
            and all(reading.items[m.start].key.startswith(_RESPOND) for m in reading.of("react")):
        # "can I respond with a QUICK program?": respond to what (an attack, the rival's
        # QUICK Program, an effect)? only "react"/"tepki" names the React Step by itself
        raise Unclear("react.when")
    elif _react_step(reading) or _rival_attacks(reading) or reading.has("react") or (
            reading.has("block") and (reading.has("after") or _block_context(reading)
                                      or _i_attack(reading))):
        if "after_end" not in found:
            found.add("react")
    if reading.has("quick") and reading.has("react") and not found:
        found.add("react")
    if "after_end" in found:
        found.discard("react")
    if len(found) != 1:
        raise Unclear("react.when")
    return found.pop()


def _me(reading: Reading) -> bool:
    """The asker is the subject of the yes/no question: "… miyim?", "can I …"; not when
    the particle is the third person and the rival is named ("blokladım, rakibim …
    oynayabilir mi?"), whatever the asker says they did."""
    if _asks_about_me(reading):
        return True
    keys = _keys(reading)
    if reading.language == "tr" and reading.has("rival") and any(k in _TR_PARTICLE for k in keys):
        # the rival named only in an earlier sentence ("Rakip saldırdı; … oynarsam bedelini
        # ödemem gerekir mi?"): the asking sentence's own verbs say who acts
        asking = max(it.part for it in reading.items if it.key in _TR_PARTICLE)
        if len(reading.items) > 2 and reading.items[-2].key == "degil":
            asking = reading.items[-3].part         # "…, değil mi?": the statement asks
        items = reading.items
        if any("rival" in reading.at(it.i) and not any(
                "attack" in reading.at(k) and items[k].clause == it.clause
                for k in range(it.i + 1, min(len(items), it.i + 4)))
               for it in items if it.part == asking):
            return False            # (the rival as the attack's subject, "Rakip saldırırken …", is not)
        return any(any(f.endswith("-") for f in it.forms) and it.key.endswith(_TR_FIRST)
                   for it in reading.items if it.part == asking)
    if reading.language == "en" and _rival_subject(reading):
        return False
    return _first_person_subject(reading)


_PAST_3RD = ("di", "du", "ti", "tu", "dı", "dü", "tı", "tü")
_ACT_CONCEPTS = ("play", "call", "block", "activate", "choose")


def _i_am_role(reading: Reading) -> bool:
    """The asker names their own role: "I'm the attacking player", "I am the defending
    player", "saldıran oyuncuyum", "savunan oyuncu benim"."""
    keys = _keys(reading)
    for i, k in enumerate(keys):
        if reading.language == "en" and k == "one" and 1 <= i and keys[i - 1] == "the" and (
                keys[max(0, i - 2)] == "im" or keys[max(0, i - 3):i - 1] == ["i", "am"]) \
                and i + 1 < len(keys) and keys[i + 1] in ("attacking", "defending"):
            return True                 # "I'm the one attacking"
        if k not in ("player", "oyuncu") and not k.startswith("oyuncuy"):
            continue
        if k.startswith("oyuncuy") and k.endswith(("yum", "yim", "ysam", "ysem", "yken")):
            return True                 # "saldıran oyuncuyum / oyuncuysam / oyuncuyken"
        if i + 1 < len(keys) and k == "oyuncu" and keys[i + 1] == "benim":
            return True
        back = keys[max(0, i - 4):i]
        if reading.language == "en" and ("im" in back or ("i" in back and "am" in back)
                                         or (back[:1] == ["as"] and len(back) <= 4)):
            return True                 # "I'm the attacking player", "As the defending player"
    return False


# the first person copula on a role word ("saldıranım", "savunansam", "saldıranken")
_TR_ROLE_ME = ("anim", "ansam", "anken", "animdir")
_ROLE_KEYS = ("saldiran", "savunan", "attacker", "defender", "attacking", "defending")


def _role_spots(keys: list[str]):
    """(i, j) for each role word ("saldıran", "defender") at i, with j the word after it and
    after an "oyuncu" / "player" that follows it."""
    for i, k in enumerate(keys):
        if not k.startswith(_ROLE_KEYS[:2]) and k not in _ROLE_KEYS[2:]:
            continue
        j = i + 1
        if j < len(keys) and keys[j] in ("oyuncu", "player"):
            j += 1
        yield i, j


def _role_is_me(reading: Reading) -> bool:
    """A role word said to be the asker, ending its clause: "Saldıran benim", "savunan
    oyuncu benim", "the attacker is me", "the attacking player is me" (not "saldıran benim
    birimim": that names a Unit)."""
    items = reading.items
    keys = [it.key for it in items]
    if reading.language == "tr" and any(k.startswith(_ROLE_KEYS[:2]) and k.endswith(_TR_ROLE_ME)
                                        for k in keys):
        return True                     # "Ben saldıranım", "savunansam", "saldıranken"
    for i, j in _role_spots(keys):
        if reading.language == "en":
            if keys[j:j + 2] == ["is", "me"]:
                return True
            back = keys[max(0, i - 3):i]
            if back[-1:] == ["the"]:
                back = back[:-1]
            if back[-1:] == ["im"] or back[-2:] == ["i", "am"]:
                return True             # "I'm defending", "I am the attacker"
            continue
        if j < len(keys) and keys[j] in ("benim", "ben") and items[j].clause == items[i].clause \
                and (j + 1 >= len(keys) or items[j + 1].clause != items[j].clause):
            return True
    return False


def _role_is_rival(reading: Reading) -> bool:
    """A role word said to be the rival: "Saldıran rakibim(se)", "savunan rakip", "the
    attacker is my opponent"."""
    keys = _keys(reading)
    for i, j in _role_spots(keys):
        if reading.language == "en":
            if keys[j:j + 1] == ["is"] and j + 1 < len(keys) and "rival" in reading.at(j + 1) \
                    or keys[j:j + 2] == ["is", "my"] and j + 2 < len(keys) \
                    and "rival" in reading.at(j + 2):
                return True
        elif j < len(keys) and "rival" in reading.at(j) and reading.items[j].clause == \
                reading.items[i].clause and not keys[j].endswith(_DATIVE_ENDS):
            return True
    return False


def _rival_did(reading: Reading) -> bool:
    """The rival has already done something of the React Step's kind ("Rakibim Tepki
    Adımı'nda Legend çağırdı", "my opponent played a QUICK Program"): the question is
    then about answering that, which this family does not read."""
    if not reading.has("rival"):
        return False
    items = reading.items
    for m in reading.matches:
        if m.concept not in _ACT_CONCEPTS:
            continue
        key = items[m.start].key
        rival_before = any("rival" in reading.at(k) and items[k].clause == items[m.start].clause
                           for k in range(max(0, m.start - 3), m.start))
        if reading.language == "en":
            if key.endswith("ed") or key in ("played", "called", "used", "blocked", "activated"):
                if any("rival" in reading.at(k) for k in range(max(0, m.start - 3), m.start)):
                    return True
            if key in ("plays", "calls", "uses", "blocks", "activates") and rival_before:
                return True             # "when my opponent calls a Legend, can I react?"
        elif key.endswith(_PAST_3RD):
            return True
        elif rival_before and (key.endswith(("inca", "ince", "unca", "unce", "rsa", "rse"))
                               or any(x in key for x in ("digin", "dugun", "tigin", "tugun"))):
            return True                 # "Rakibim Legend çağırınca / oynadığında, …"
    return False


def _actor(reading: Reading, roles: set[str], when: str) -> str:
    """"defender" (the defending player), "attacker" or "me" (the asker in their own or
    the rival's turn, no attack)."""
    me = _me(reading)
    if when in ("main", "rival_turn", "after_attack"):
        if not me or roles:
            raise Unclear("react.who_acts")
        return "me"
    if roles and len(roles) == 1 and (_i_am_role(reading) or _role_is_me(reading)):
        # the asker names their own role ("Saldıran benim", "I'm the defending player"):
        # they act in that role; the rival named as the subject acts in the other one
        role = next(iter(roles))
        if me:
            return role
        if _rival_subject(reading):
            return "defender" if role == "attacker" else "attacker"
        raise Unclear("react.who_acts_role")
    if roles and len(roles) == 1 and _role_is_rival(reading):
        # "Saldıran rakibim; … oynayabilir miyim?": the asker acts in the other role
        role = next(iter(roles))
        if me:
            return "defender" if role == "attacker" else "attacker"
        if _rival_subject(reading):
            return role
        raise Unclear("react.who_acts_role")
    if roles and len(roles) == 1 and not me:
        return roles.pop()
    if roles:
        raise Unclear("react.who_acts_role")
    if _i_attack(reading):
        if me:
            return "attacker"
        if _rival_subject(reading):
            return "defender"
        raise Unclear("react.who_acts")
    if me:
        if _attack_unowned(reading):
            # "Saldırıyı ben yaptım; …": an attack not said to be the rival's: the asker
            # may be the one attacking
            raise Unclear("react.who_acts")
        return "defender"
    if _rival_subject(reading) and _block_context(reading) and not _rival_attacks(reading):
        # "Blokladıktan sonra rakibim …": I blocked, so I defend and the rival attacks.
        return "attacker"
    if not reading.has("rival") and not _rival_subject(reading):
        # "… oynanır mı?": passive; in the React Step only the defending player acts
        return "defender"
    raise Unclear("react.who_acts")


_EN_I_ATTACK = (("i",), ("my",), ("im",), ("i", "am"), ("i", "made", "the"), ("i", "did", "the"),
                ("i", "declared", "the"), ("i", "declared", "an"), ("i", "made", "an"))


def _attack_unowned(reading: Reading) -> bool:
    """An attack said with the asker as its subject and not read as the rival's
    ("Saldırıyı ben yaptım", "saldırı yapan benim", "I made the attack"): the asker may be
    the one attacking, whatever else the question says."""
    if not reading.has("attack") or _rival_attacks(reading):
        return False
    items = reading.items
    keys = [it.key for it in items]
    for m in reading.of("attack"):
        clause = items[m.start].clause
        if reading.language == "en":
            if any(tuple(keys[max(0, m.start - len(p)):m.start]) == p for p in _EN_I_ATTACK):
                return True
            continue
        here = [it for it in items if it.clause == clause]
        if any(it.key in ("ben", "benim") for it in here) and not any(
                "rival" in reading.at(it.i) for it in here):
            return True
    return False


# --------------------------------------------------------------------- on the engine

_ATTACKER, _BLOCKER, _DEFENDER = "Saldıran", "Bloklayan", "Savunan"
_LABELS = {"ATTACK": "ATTACK etkisi", "PLAY": "PLAY etkisi", "DEFEATED": "DEFEATED etkisi",
           "CALL": "CALL etkisi", "LOSES_FIGHT": "Kaybedince etkisi",
           "WINS_FIGHT": "Kazanınca etkisi", "FIGHTS": "Çatışınca etkisi",
           "STEALS_GIG": "Gig çalınca etkisi", "START_OF_TURN": "Tur başı etkisi",
           "RIVAL_ATTACKS": "Rakip saldırınca etkisi", "END_OF_TURN": "Tur sonu etkisi",
           "REACTION": "Tepkinin tetiklediği etki"}
_DRAW = [{"do": "draw", "n": 1}]


def _effect(label: str, trigger: str) -> dict[str, Any]:
    return {"label": label, "trigger": trigger, "do": _DRAW}


def _base(title: str) -> dict[str, Any]:
    return {"title": title[:120] or "judge ask", "question": title[:300] or "?"}


def _program_on_defender(data: dict[str, Any], do: str, label: str) -> None:
    """A plays a Program in its Main Phase that does `do` to B's Unit, which has a DEFEATED
    effect: the board of every "what happens to its DEFEATED effect" question."""
    program = {"type": "program", "cost": 1, "effects": [{"label": "Program", "do": [
        {"do": do, "target": {"side": "rival", "type": "unit"}}]}]}
    data["cards"] = {"Program": program, _DEFENDER: {"type": "unit", "power": 2, "effects": [
        _effect(label, "DEFEATED")]}}
    data["state"] = {"turn_player": "A", "turn": 3,
                     "A": {"deck": 5, "hand": ["Program"], "eddies": 1},
                     "B": {"deck": 5, "field": [_DEFENDER]}}
    data["actions"] = [{"do": "play", "card": "Program", "pay": {"eddies": 1}}]


def _attack(target: str = "gigs", reactions: list | None = None, player: str | None = None) -> dict:
    act: dict[str, Any] = {"do": "attack", "unit": _ATTACKER, "target": target,
                           "reactions": reactions or []}
    if player:
        act["player"] = player
    return act


def _timing_scenario(args: dict[str, Any], title: str) -> tuple[dict[str, Any], str]:
    """The scenario of a timing case and the label of the effect asked about."""
    trigger, case = args.get("trigger"), args["case"]
    data = _base(title)
    label = _LABELS.get(trigger or "", "")
    unit: dict[str, Any] = {"type": "unit", "power": 4}
    if case == "who_first":
        label = "A: " + _LABELS["ATTACK"]
        unit["effects"] = [_effect(label, "ATTACK")]
        data["cards"] = {_ATTACKER: unit, "Gözcü": {"type": "unit", "power": 1, "effects": [
            _effect("B: rakip saldırınca etkisi", "RIVAL_ATTACKS")]}}
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": {"deck": 5, "field": ["Gözcü"], "gigs": ["d6=3"]}}
        data["actions"] = [_attack()]
        return data, label
    if case == "order_mine":
        first, second = "ATTACK etkisi 1", "ATTACK etkisi 2"
        unit["effects"] = [_effect(first, "ATTACK"), _effect(second, "ATTACK")]
        data["cards"] = {_ATTACKER: unit}
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": {"deck": 5, "gigs": ["d6=3"]}}
        data["actions"] = [_attack()]
        data["choices"] = [{"decision": "pending", "player": "A", "pick": second}]
        return data, second
    if trigger == "ATTACK":
        unit["effects"] = [_effect(label, "ATTACK")]
        data["cards"] = {_ATTACKER: unit}
        state_b: dict[str, Any] = {"deck": 5, "gigs": ["d6=3"]}
        via = args.get("before", "block")
        if via == "call":
            data["cards"]["Efsane"] = {"type": "legend"}
            state_b.update(legends=["Efsane"], eddies=1)
            reaction = {"do": "call", "legend": "Efsane", "pay": {"eddies": 1}}
        elif via == "steal":
            reaction = None             # no reaction: the attacker steals (9.23.5.1)
        elif via == "quick":
            data["cards"]["QUICK Program"] = _REACT_CARDS["quick_program"][1]
            state_b.update(hand=["QUICK Program"], eddies=1)
            reaction = {"do": "play", "card": "QUICK Program", "pay": {"eddies": 1}}
        else:
            data["cards"][_BLOCKER] = {"type": "unit", "power": 1, "keywords": ["BLOCKER"]}
            state_b["field"] = [_BLOCKER]
            reaction = {"do": "block", "unit": _BLOCKER}
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": state_b}
        data["actions"] = [_attack(reactions=[reaction] if reaction else [])]
        return data, label
    if trigger == "RIVAL_ATTACKS":
        # the asker (B) defends; the rival (A, the turn player) attacks B's Gig area
        data["cards"] = {_ATTACKER: {"type": "unit", "power": 4},
                         "Gözcü": {"type": "unit", "power": 1, "effects": [
                             _effect(label, "RIVAL_ATTACKS")]},
                         _BLOCKER: {"type": "unit", "power": 1, "keywords": ["BLOCKER"]}}
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": {"deck": 5, "field": ["Gözcü", _BLOCKER], "gigs": ["d6=3"]}}
        data["actions"] = [_attack(reactions=[{"do": "block", "unit": _BLOCKER}])]
        return data, label
    if trigger == "REACTION":
        # the asker (B) defends; the rival (A) attacks B's Gig area; B's reaction triggers
        # an effect of B's (9.11)
        cards: dict[str, Any] = {_ATTACKER: {"type": "unit", "power": 4}}
        b: dict[str, Any] = {"deck": 5, "gigs": ["d6=3"]}
        if args.get("reaction") == "block":
            cards[_BLOCKER] = {"type": "unit", "power": 1, "keywords": ["BLOCKER"],
                               "effects": [_effect(label, "SPENT")]}
            cards["Efsane"] = {"type": "legend"}
            b.update(field=[_BLOCKER], legends=["Efsane"], eddies=1)
            reactions = [{"do": "block", "unit": _BLOCKER},      # then the next reaction
                         {"do": "call", "legend": "Efsane", "pay": {"eddies": 1}}]
        else:
            cards["Efsane"] = {"type": "legend", "effects": [_effect(label, "CALL")]}
            cards[_BLOCKER] = {"type": "unit", "power": 1, "keywords": ["BLOCKER"]}
            b.update(legends=["Efsane"], eddies=1, field=[_BLOCKER])
            reactions = [{"do": "call", "legend": "Efsane", "pay": {"eddies": 1}},
                         {"do": "block", "unit": _BLOCKER}]
        data["cards"] = cards
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": b}
        data["actions"] = [_attack(reactions=reactions)]
        return data, label
    if trigger in ("WINS_FIGHT", "FIGHTS"):
        unit["effects"] = [_effect(label, trigger)]
        data["cards"] = {_ATTACKER: unit, _DEFENDER: {"type": "unit", "power": 2}}
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": {"deck": 5, "field": [{"card": _DEFENDER, "spent": True}]}}
        data["actions"] = [_attack(target=_DEFENDER)]
        return data, label
    if trigger == "DEFEATED" and args.get("context") == "effect_main":
        # A plays a Program in its Main Phase that defeats B's Unit (B's DEFEATED effect)
        _program_on_defender(data, "defeat", label)
        return data, label
    if trigger == "DEFEATED" and args.get("context") == "fight_defender":
        # the rival (A) attacks; the asker's (B) Unit loses the fight defending or blocking
        mine = {"type": "unit", "power": 1, "effects": [_effect(label, "DEFEATED")]}
        data["cards"] = {_ATTACKER: {"type": "unit", "power": 6}}
        if args.get("blocked"):
            mine["keywords"] = ["BLOCKER"]
            data["cards"][_BLOCKER] = mine
            data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                             "B": {"deck": 5, "field": [_BLOCKER], "gigs": ["d6=3"]}}
            data["actions"] = [_attack(reactions=[{"do": "block", "unit": _BLOCKER}])]
        else:
            data["cards"][_DEFENDER] = mine
            data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                             "B": {"deck": 5, "field": [{"card": _DEFENDER, "spent": True}]}}
            data["actions"] = [_attack(target=_DEFENDER)]
        return data, label
    if trigger in ("DEFEATED", "LOSES_FIGHT"):
        unit = {"type": "unit", "power": 3, "effects": [
            _effect(_LABELS["LOSES_FIGHT"], "LOSES_FIGHT"), _effect(_LABELS["DEFEATED"], "DEFEATED")]}
        data["cards"] = {_ATTACKER: unit, _DEFENDER: {"type": "unit", "power": 6}}
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": {"deck": 5, "field": [{"card": _DEFENDER, "spent": True}]}}
        data["actions"] = [_attack(target=_DEFENDER)]
        return data, label
    if trigger == "PLAY":
        card = {"gear": "Yeni Gear", "program": "Yeni Program"}.get(args.get("played", ""),
                                                                   "Yeni Birim")
        effect = _effect(label, "PLAY")
        if args.get("played") == "gear":
            effect["box"] = "top"                 # the Gear's own effect, not its holder's
        played: dict[str, Any] = {"type": args.get("played", "unit"), "cost": 1,
                                  "effects": [effect]}
        if played["type"] == "unit":
            played["power"] = 2
        elif played["type"] == "gear":
            played["power"] = 1
        state_a: dict[str, Any] = {"deck": 5, "hand": [card], "eddies": 1}
        cards = {card: played}
        if played["type"] == "gear":
            cards[_ATTACKER] = {"type": "unit", "power": 4}
            state_a["field"] = [_ATTACKER]
        state_b: dict[str, Any] = {"deck": 5}
        actions: list[dict] = [{"do": "play", "card": card, "pay": {"eddies": 1}}]
        if case == "react_before_play":
            cards["QUICK Program"] = {"type": "program", "cost": 1, "keywords": ["QUICK"],
                                      "effects": [{"label": "QUICK Program", "do": _DRAW}]}
            state_b.update(hand=["QUICK Program"], eddies=1)
            actions.append({"do": "play", "player": "B", "card": "QUICK Program",
                            "pay": {"eddies": 1}})
        data["cards"] = cards
        data["state"] = {"turn_player": "A", "turn": 3, "A": state_a, "B": state_b}
        data["actions"] = actions
        return data, label
    if trigger == "CALL":
        legend = {"type": "legend", "effects": [_effect(label, "CALL")]}
        if args.get("context") == "react":
            data["cards"] = {"Efsane": legend, _ATTACKER: {"type": "unit", "power": 4},
                             _BLOCKER: {"type": "unit", "power": 1, "keywords": ["BLOCKER"]}}
            data["state"] = {"turn_player": "B", "turn": 4,
                             "A": {"deck": 5, "field": [_BLOCKER], "legends": ["Efsane"],
                                   "eddies": 1, "gigs": ["d6=3"]},
                             "B": {"deck": 5, "field": [_ATTACKER]}}
            data["actions"] = [_attack(player="B", reactions=[
                {"do": "call", "legend": "Efsane", "pay": {"eddies": 1}},
                {"do": "block", "unit": _BLOCKER}])]
        else:
            data["cards"] = {"Efsane": legend}
            data["state"] = {"turn_player": "A", "turn": 3,
                             "A": {"deck": 5, "legends": ["Efsane"], "eddies": 1}, "B": {"deck": 5}}
            data["actions"] = [{"do": "call", "legend": "Efsane", "pay": {"eddies": 1}}]
        return data, label
    if trigger == "STEALS_GIG":
        unit["effects"] = [_effect(label, "STEALS_GIG")]
        data["cards"] = {_ATTACKER: unit}
        data["state"] = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
                         "B": {"deck": 5, "gigs": ["d6=3"]}}
        data["actions"] = [_attack()]
        return data, label
    if trigger == "START_OF_TURN":
        data["cards"] = {"Sabahçı": {"type": "unit", "power": 1,
                                     "effects": [_effect(label, "START_OF_TURN")]}}
        data["state"] = {"turn_player": "A", "turn": 3, "phase": "start",
                         "A": {"deck": 5, "field": ["Sabahçı"]}, "B": {"deck": 5}}
        if args.get("before") == "roll":
            data["state"]["A"]["fixer"] = ["d8"]
            data["rolls"] = [{"player": "A", "die": "d8", "value": 5}]
        data["actions"] = [{"do": "start_phase"}]
        return data, label
    if trigger == "END_OF_TURN":
        data["cards"] = {"Akşamcı": {"type": "unit", "power": 1,
                                     "effects": [_effect(label, "END_OF_TURN")]}}
        data["state"] = {"turn_player": "A", "turn": 3,
                         "A": {"deck": 5, "field": ["Akşamcı"]}, "B": {"deck": 5}}
        data["actions"] = [{"do": "pass"}]
        return data, label
    raise _not_modelled(trigger)


def _not_modelled(what: Any):
    from .scenario_build import NotModelled
    return NotModelled("timing.not_modelled", what=what)


_REACT_CARDS = {
    "quick_program": ("QUICK Program", {"type": "program", "cost": 1, "keywords": ["QUICK"],
                                        "effects": [{"label": "QUICK Program", "do": _DRAW}]}),
    "program": ("Program", {"type": "program", "cost": 1,
                            "effects": [{"label": "Program", "do": _DRAW}]}),
    "unit": ("Birim", {"type": "unit", "cost": 1, "power": 1}),
    "gear": ("Gear", {"type": "gear", "cost": 1, "power": 1}),
    "quick_effect": ("QUICK etkili birim", {"type": "unit", "power": 1, "effects": [
        {"label": "QUICK etkisi", "cost": {"eddies": 1}, "quick": True, "do": _DRAW}]}),
    "effect": ("Etkili birim", {"type": "unit", "power": 1, "effects": [
        {"label": "Etki", "cost": {"eddies": 1}, "do": _DRAW}]}),
}


def _react_scenario(args: dict[str, Any], title: str, actor: str | None = None) -> dict[str, Any]:
    """A (the turn player) attacks B's Gig area with "Saldıran"; the actor does the act."""
    act, when = args["act"], args["when"]
    actor = actor or args["actor"]
    data = _base(title)
    cards: dict[str, Any] = {_ATTACKER: {"type": "unit", "power": 4}}
    state = {"turn_player": "A", "turn": 3, "A": {"deck": 5, "field": [_ATTACKER]},
             "B": {"deck": 5, "gigs": ["d6=3"]}}
    who = "A" if actor in ("attacker",) or when == "main" else "B"
    side = state[who]

    def reaction(kind: str) -> dict[str, Any]:
        if kind in ("call", "call2"):
            name = "Efsane" if kind == "call" else "İkinci Efsane"
            cards[name] = {"type": "legend"}
            side.setdefault("legends", []).append(name)
            side["eddies"] = side.get("eddies", 0) + 1
            r = {"do": "call", "legend": name, "pay": {"eddies": 1}}
        elif kind == "block":
            cards[_BLOCKER] = {"type": "unit", "power": 1, "keywords": ["BLOCKER"]}
            side.setdefault("field", []).append(_BLOCKER)
            r = {"do": "block", "unit": _BLOCKER}
        elif kind == "sell":
            cards["Satılık Kart"] = {"type": "unit", "cost": 1, "power": 1, "sell_tag": True}
            side.setdefault("hand", []).append("Satılık Kart")
            r = {"do": "sell", "card": "Satılık Kart"}
        elif kind == "attack":
            cards["Karşı Saldıran"] = {"type": "unit", "power": 5}
            side.setdefault("field", []).append("Karşı Saldıran")
            r = {"do": "attack", "unit": "Karşı Saldıran"}
        else:
            name, card = _REACT_CARDS[kind]
            cards[name] = card
            side["eddies"] = side.get("eddies", 0) + 1
            if kind in ("quick_effect", "effect"):
                side.setdefault("field", []).append(name)
                r = {"do": "activate", "card": name, "pay": {"eddies": 1}}
            else:
                side.setdefault("hand", []).append(name)
                r = {"do": "play", "card": name, "pay": {"eddies": 1}}
        if who != "B":
            r["player"] = who
        return r

    kinds = ["call", "block"] if act == "call_block" else ["block", "quick_program"] \
        if act == "block_quick" else ["call", "quick_program"] if act == "call_quick" else \
        [] if act == "end" else \
        ["call", "call2"] if act == "call_twice" else [act]
    if when == "main":                       # A's own Main Phase, no attack
        r = reaction(kinds[0])
        r.pop("player", None)
        actions = [r]
    elif when == "rival_turn":               # A's turn, no attack: B acts
        r = reaction(kinds[0])
        actions = [{**r, "player": "B"}]
    elif when == "after_attack":             # A's attack is over (9.29): then B acts
        r = reaction(kinds[0])
        actions = [_attack(reactions=[{"do": "end"}]), {**r, "player": "B"}]
    else:
        reactions = [reaction(k) for k in kinds]
        if act == "end":
            reactions = [{"do": "end", "player": who} if who != "B" else {"do": "end"}]
        if when == "after_end":
            reactions.insert(0, {"do": "end"})
        for kind in reversed(args.get("before", [])):
            reactions.insert(0, reaction(kind))  # what the defending player already did
        if args.get("after_block"):
            # "Blokladıktan sonra …": the defending player blocked first
            cards[_BLOCKER] = {"type": "unit", "power": 1, "keywords": ["BLOCKER"]}
            state["B"].setdefault("field", []).append(_BLOCKER)
            reactions.insert(0, {"do": "block", "unit": _BLOCKER})
        actions = [_attack(reactions=reactions)]
    data.update(cards=cards, state=state, actions=actions)
    return data


def _run(data: dict[str, Any], reader) -> tuple[Any, Any, str]:
    from .scenario_build import Built, run
    return run(Built(data, "custom", reader=reader))


def _step_index(run, rule: str, text: str = "") -> int | None:
    for i, st in enumerate(run.trace):
        if st.rule == rule and st.text.startswith(text):
            return i
    return None


def _on_engine(kind: str, args: dict[str, Any], title: str) -> tuple[Any, list, str, Any]:
    """(value, deciding steps, scenario TOML, run)."""
    from ..engine.cite import R
    case = args["case"]
    if kind == "react" and case not in ("react_before_play", "react_leave", "attack_end", "next_step"):
        if case == "who_reacts":
            quick = {"act": args.get("act", "quick_program"), "when": "react"}
            ok, run_d, _ = _run(_react_scenario(quick, title, "defender"), _legal)
            no, run_a, text = _run(_react_scenario(quick, title, "attacker"), _legal)
            if not ok or no:
                raise _not_modelled("who may react")
            done = {"quick_program": (R.REACT_QUICK_PROGRAM,), "quick_effect": (R.REACT_QUICK,),
                    "call": (R.REACT_CALL, R.CALL_REACT), "block": (R.REACT_BLOCKER, R.BLOCKER)}
            steps = _steps(run_a, (R.REACT_STEP, R.REACT_ONLY_DEFENDER)) + _steps(
                run_d, done[quick["act"]])
            if args.get("asked") == "both":
                return False, steps, text, run_a    # only the defending player reacts
            return "defending_player", steps, text, run_a
        if case == "who_ends":
            no, run_a, _ = _run(_react_scenario(
                {"act": "end", "when": "react", "actor": "attacker"}, title), _legal)
            data = _react_scenario({"act": "end", "when": "react", "actor": "defender"}, title)
            ok, run_d, text = _run(data, _legal)      # the run whose scenario is printed
            if not ok or no:
                raise _not_modelled("who ends the React Step")
            steps = _steps(run_d, (R.REACT_STEP, R.REACT_END)) + _steps(run_a, (R.REACT_ONLY_DEFENDER,))
            return "defending_player", steps, text, run_d
        if case == "may_end":
            value, run, text = _run(_react_scenario(args, title), _legal)
            return value, _steps(run, (R.REACT_STEP, R.BLOCKER, R.REACT_END, R.REACT_NEXT,
                                       R.REACT_ONLY_DEFENDER)), text, run
        if case == "ends":
            def ended(run):
                over = _step_index(run, R.REACT_END, "B Tepki Adımı'nı bitirmeyi")
                nxt = _step_index(run, R.REACT_NEXT)
                ok = over is not None and nxt is not None and over < nxt
                return ok, {"legal": True, "stolen": run.outcome.stolen}
            data = _react_scenario({"act": "end", "when": "react", "actor": "defender"}, title)
            value, run, text = _run(data, ended)
            return value, _steps(run, (R.REACT_STEP, R.REACT_END, R.REACT_NEXT)), text, run
        if case == "step_exists":
            # a plain attack: after its pending effects, the React Step (9.6, 9.7)
            data = _react_scenario({"act": "end", "when": "react", "actor": "defender"}, title)

            def reached(run):
                return _step_index(run, R.REACT_STEP) is not None, {"legal": bool(run.outcome.legal)}
            value, run, text = _run(data, reached)
            return value, _steps(run, (R.AFTER_DECLARE, R.REACT_STEP)), text, run
        if case == "must_react":
            # "must I react?": the defending player may end the React Step with no reaction
            data = _react_scenario({"act": "end", "when": "react", "actor": "defender"}, title)
            value, run, text = _run(data, _legal)
            return not value, _steps(run, (R.REACT_STEP, R.REACT_END)), text, run
        if case == "pay_quick":
            def paid(run):
                # the cost was paid (a named card's own cost, not the stand-in's 1)
                spent = run.state.players["B"].eddies_spent
                return bool(run.outcome.legal) and spent > 0, {
                    "legal": True, "B": {"eddies_spent": spent}}
            value, run, text = _run(_react_scenario(args, title), paid)
            if args.get("free"):
                value = not value       # "without paying?": no, it is paid
            return value, _steps(run, (R.QUICK_COST, R.REACT_QUICK_PROGRAM, R.PAY)), text, run
        value, run, text = _run(_react_scenario(args, title), _legal)
        rules = (R.REACT_STEP, R.REACT_ONLY_DEFENDER, R.REACT_CALL, R.CALL_REACT, R.REACT_BLOCKER,
                 R.CALL_ONCE, R.CALL_ONCE_TURN,
                 R.BLOCKER, R.REACT_QUICK, R.REACT_QUICK_PROGRAM, R.QUICK, R.QUICK_COST, R.REACT_END)
        if args.get("when") == "after_attack":
            # the attack that ended is the setting, not the point: its end (9.29), then the act
            rules = (R.END_REMOVE_WHILE, R.QUICK, R.CALL_REACT, R.QUICK_COST)
        return value, _steps(run, rules + (run.outcome.illegal_rule or "",)), text, run
    own = _case_module(case)
    if own is not None:
        return own.on_engine(args, title)
    if case == "before_act":
        # the action is refused while the effect waits (10.11.1): the effect resolves first
        from .family_pending import on_engine
        legal, steps, text, run = on_engine(args, title)
        return not legal, steps, text, run
    data, label = _timing_scenario(args, title)
    if case == "react_before_play":
        value, run, text = _run(data, _legal)
        return value, _steps(run, (R.PLAY_TRIGGER, R.REACT_ONLY_DEFENDER), label), text, run
    if case == "who_first":
        def first(run):
            by = run.outcome.resolved_by
            tp = run.state.turn_player
            return ("turn_player" if by and by[0] == tp else "other_player"), {
                "legal": True, "resolved_by": list(by)}
        value, run, text = _run(data, first)
        if args.get("asked") in ("me_first", "rival_first"):
            first = "mine" if args["asked"] == "me_first" else "rival"
            value = (value == "turn_player") == (args["turn"] == first)
        rules = (R.PENDING_TURN_PLAYER,) if not args.get("trigger") else (
            R.ATTACK_TRIGGER, R.TRIGGER_PENDING, R.PENDING_TURN_PLAYER, R.ATTACK_BEFORE_REACT)
        return value, _steps(run, rules), text, run
    if case == "order_mine":
        def chose(run):
            got = list(run.outcome.resolved)
            return bool(got) and got[0] == label, {"legal": True, "resolved": got}
        value, run, text = _run(data, chose)
        # the controller (A) picked the later one first and the engine took it: any order
        asked = args.get("asked")
        if asked == "which":
            value = "controller" if value else None
        elif asked == "in_order":
            value = not value
        elif args.get("owner") == "rival":
            value = False if value else None       # the rival controls them, not the asker
        if value is None:
            raise _not_modelled("the order of one player's effects")
        # the stand-in effects are ATTACK effects: the ATTACK rule is cited only when the
        # question is about ATTACK effects (a PLAY question must not cite 11.21.2)
        rules = (R.PENDING_ANY_ORDER, R.ATTACK_TRIGGER) if args.get("trigger") == "ATTACK" \
            else (R.PENDING_ANY_ORDER,)
        return value, _steps(run, rules), text, run
    if case == "defeated_pending":
        def pending_after_trash(run):
            trash = _step_index(run, R.DEFEAT_TO_TRASH, _ATTACKER)
            pend = _step_index(run, R.DEFEATED_TRIGGER, f"bekleyen etki: {label}")
            ok = trash is not None and pend is not None and trash < pend
            return ok, {"legal": True, "resolved_at": {label: run.outcome.resolved_at.get(label)}}
        value, run, text = _run(data, pending_after_trash)
        if args.get("before_trash"):
            value = not value
        return value, _steps(run, (R.DEFEAT_TO_TRASH, R.DEFEATED_TRIGGER)), text, run

    def moment(run):
        # a steal trigger's label names its Gig: "Gig çalınca etkisi [B.d6]"
        hits = [k for k in run.outcome.resolved_at if k == label or k.startswith(label + " [")]
        if not hits:
            raise _not_modelled(f"{label} did not resolve")
        at = run.outcome.resolved_at[hits[0]]
        return at, {"legal": True, "resolved_at": {hits[0]: at}}
    at, run, text = _run(data, moment)
    rules = {"ATTACK": (R.ATTACK_TRIGGER, R.ATTACK_BEFORE_REACT, R.REACT_STEP),
             "PLAY": (R.PLAY_TRIGGER,), "CALL": (R.CALL_TRIGGER, R.REACT_PENDING, R.CALL_REACT),
             "DEFEATED": (R.FIGHT_DEFEAT, R.DEFEAT_TO_TRASH, R.DEFEATED_TRIGGER, R.FIGHT_END),
             "LOSES_FIGHT": (R.FIGHT_TRIGGERS, R.FIGHT_RESULT, R.FIGHT_DEFEAT),
             "WINS_FIGHT": (R.FIGHT_TRIGGERS, R.FIGHT_RESULT),
             "FIGHTS": (R.FIGHT_TRIGGERS, R.FIGHT_RESULT),
             "STEALS_GIG": (R.STEAL_MOVE, R.STOLEN_TRIGGERS),
             "START_OF_TURN": (R.START_TRIGGERS, R.START_DRAW),
             "RIVAL_ATTACKS": (R.WHILE_ATTACKING, R.TRIGGER_PENDING, R.REACT_STEP),
             "REACTION": (R.REACT_STEP, R.TRIGGER_PENDING, R.CALL_TRIGGER, R.REACT_PENDING),
             "END_OF_TURN": (R.PASS_TURN, R.END_TRIGGERS)}[args["trigger"]]
    if args.get("context") == "effect_main":
        # defeated by a Program's effect: it waits until the Program is done (10.14)
        rules = (R.DEFEAT_TO_TRASH, R.DEFEATED_TRIGGER, R.PENDING_NEW)
    steps = _steps(run, rules, label)
    if case == "when":
        return at, steps, text, run
    if case == "in_step":
        return at in _STEP_MOMENTS[args["step"]], steps, text, run
    # "… önce mi çözülür?": does the effect resolve before the block / the defeat / the draw?
    mark = {"block": R.BLOCKER, "defeat": R.FIGHT_DEFEAT, "draw": R.START_DRAW,
            "call": R.REACT_CALL, "quick": R.REACT_QUICK_PROGRAM, "roll": R.ROLL_CHOOSE,
            "next_turn": R.NEXT_TURN, "attack_end": R.STEAL_END, "fight_end": R.FIGHT_END,
            "next_reaction": R.BLOCKER if args.get("reaction") == "call" else R.REACT_CALL,
            "move": R.STEAL_MOVE, "fight": R.FIGHT_ONLY_UNIT, "steal": R.STEAL_MOVE}[args["before"]]
    done = _step_index(run, R.RESOLVE_IN_ORDER, label)
    if args["before"] == "move":       # a steal trigger: when it goes pending (9.23.6)
        done = next((i for i, st in enumerate(run.trace) if st.rule == R.STOLEN_TRIGGERS
                     and st.text.startswith("bekleyen etki: " + label)), None)
    other = _step_index(run, mark)
    if args["before"] == "fight_end":     # the step that ends the Fight Step is the last 9.20
        other = max((i for i, st in enumerate(run.trace) if st.rule == mark), default=None)
    if done is None or other is None:
        raise _not_modelled("the order of the two events")
    before = done < other
    steps += [st for st in _steps(run, (mark,)) if st not in steps]
    return (before if case == "before" else not before), steps, text, run


def _case_module(case: str):
    """The module of a timing case kept on its own (on_engine, lines, line), imported only
    when a question reaches it; None for the cases in this module."""
    if case == "act_pending":
        from . import family_pending as mod
    elif case == "during":
        from . import family_during as mod
    elif case == "steal_count":
        from . import family_stealcount as mod
    elif case == "react_leave":
        from . import family_reactleave as mod
    elif case == "fires":
        from . import family_fires as mod
    elif case == "attack_end":
        from . import family_attackend as mod
    elif case == "next_step":
        from . import family_nextstep as mod
    else:
        return None
    return mod


def _legal(run) -> tuple[Any, dict[str, Any]]:
    out = run.outcome
    expect: dict[str, Any] = {"legal": bool(out.legal)}
    if not out.legal:
        expect["illegal_rule"] = out.illegal_rule
    return bool(out.legal), expect


def _steps(run, rules: tuple[str, ...], label: str = "") -> list:
    """The run's steps that cite `rules`, and the resolution of the effect `label`."""
    from ..engine.cite import R
    out, seen = [], set()
    for st in run.trace:
        hit = st.rule in rules or (label and st.rule == R.RESOLVE_IN_ORDER
                                   and st.text.startswith(label))
        if hit and (st.rule, st.text) not in seen:
            seen.add((st.rule, st.text))
            out.append(st)
    return out


# ------------------------------------------------------------------------- the answer

def answer(question: str, kind: str, call: Call, reading: Reading):
    """The Answer: the situation read, the value from the engine's run, one sentence."""
    from . import Answer
    from .situation import _messages
    m = _messages(reading.language)
    args = call.args
    value, steps, text, run = _on_engine(kind, args, question)
    steps = _own_keyword_steps(reading, args, steps)
    understood, assumed = _lines(kind, args, m)
    line = _line(kind, args, value, run, m)
    rules = list(dict.fromkeys(st.rule for st in steps))
    return Answer(question, kind, value, line, rules, steps, list(call.assumptions) + assumed,
                  language=reading.language, understood=understood, scenario=text)


# A trigger keyword's own rules and the concept that says its event without the keyword
# ("Legend çağırdım", "birimi oynadım", "mağlup oldu", "saldırdı").
_KEYWORD_RULES = (("11.18.", "CALL", "call"), ("11.19.", "DEFEATED", "defeat"),
                  ("11.20.", "PLAY", "play"), ("11.21.", "ATTACK", "attack"))


_EFFECT_KEYWORD_RULES = (("11.24.", "block"), ("11.25.", "go_solo"), ("11.26.", "quick"))


def _own_keyword_steps(reading: Reading, args: dict[str, Any], steps: list) -> list:
    """The steps to cite, without a keyword's rule the question never brings up: the
    scenarios stand a PLAY, CALL or DEFEATED effect in for "an effect" ("while an effect
    resolves another triggers", "BLOCKER kullandım ve bir etkim tetiklendi"), and a judge
    must not be told that keyword's rule (a wrong rule number). A keyword named, or read as
    the effect's trigger (`args["trigger"]`, "Legend çağırınca tetiklenen"), keeps its
    rules; an action asked about ("Legend çağırabilir miyim?") does not. An attack said in
    words keeps the ATTACK rules (the attack the effects wait on, 11.21.2.2)."""
    said = {kw for _, kw in _trigger_words(reading)} | {args.get("trigger")}
    foreign = tuple(prefix for prefix, kw, concept in _KEYWORD_RULES
                    if kw not in said and not (kw == "ATTACK" and reading.has(concept)))
    # an effect keyword's rule (BLOCKER 11.24, GO SOLO 11.25, QUICK 11.26) likewise only
    # when the question brings the keyword up: "before my rival reacts" is no block
    foreign += tuple(prefix for prefix, concept in _EFFECT_KEYWORD_RULES
                     if not reading.has(concept))
    kept = [st for st in steps if not str(getattr(st, "rule", "")).startswith(foreign)] \
        if foreign else steps
    if steps and not kept:
        raise Unclear("timing.what_asked")
    return kept


def _lines(kind: str, args: dict[str, Any], m) -> tuple[list[str], list[str]]:
    case = args["case"]
    lines, assumed = [], []
    own = _case_module(case)
    if own is not None:
        return own.lines(args, m)
    if case == "before_act":
        from .family_pending import lines as pending_lines
        got, assumed = pending_lines(args, m)
        return got[:-1] + [m("ask_timing2.asked_before_act")], assumed
    if kind == "timing" or case == "react_before_play":
        if args.get("trigger") and args["trigger"] not in ("RIVAL_ATTACKS", "REACTION"):
            lines.append(trigger_line(m, args["trigger"]))
        if args.get("trigger") == "REACTION":
            lines.append(m("ask_pending.context_reaction"))
            assumed.append(m("ask_pending.assumed_reaction_block" if args.get("reaction") == "block"
                             else "ask_pending.assumed_reaction"))
        context = {"PLAY": "played_" + args.get("played", "unit"),
                   "DEFEATED": {"fight_defender": "lost_defending", "effect_main":
                                "defeated_by_program"}.get(args.get("context", ""), "lost_fight"),
                   "LOSES_FIGHT": "lost_fight",
                   "WINS_FIGHT": "won_fight", "FIGHTS": "fights",
                   "CALL": "call_" + args.get("context", "main"),
                   "ATTACK": "attack_rival" if args.get("attacker") == "rival" else "attack_mine",
                   "STEALS_GIG": "steals", "START_OF_TURN": "start"}.get(args.get("trigger"))
        if args.get("trigger") == "RIVAL_ATTACKS":
            lines.append(m("ask_react.context_rival_attacks"))
        if args.get("trigger") == "END_OF_TURN":
            lines.append(m("ask_react.context_end_of_turn"))
        if case == "who_first":
            context = "both_pending"
            if args.get("turn"):
                lines.append(m(f"ask_react.turn_{args['turn']}"))
            if not args.get("trigger"):
                assumed.append(m("ask_timing.assumed_who_first"))
        elif case == "order_mine":
            context = "two_mine"
            if args.get("owner") == "rival":
                lines.append(m("ask_timing2.owner_rival"))
            if args.get("trigger") != "ATTACK":
                assumed.append(m("ask_timing2.assumed_two_attack"))
        if case == "defeated_pending":
            assumed.append(m(f"ask_timing.assumed_{context}"))
        elif context:
            lines.append(m(f"ask_timing.context_{context}"))
        before = {"call": "block", "quick": "block"}.get(args.get("before", ""), args.get("before", ""))
        asked = {"when": "asked_when", "before": "asked_before_" + before,
                 "can_before": "asked_can_before", "react_before_play": "asked_react_before",
                 "who_first": "asked_who_first" if args.get("asked") not in (
                     "me_first", "rival_first") else "asked_" + args["asked"],
                 "order_mine": "asked_order", "after": "asked_after_move",
                 "defeated_pending": "asked_defeated_pending",
                 "in_step": "asked_in_step"}[case]
        own = asked in ("asked_me_first", "asked_rival_first", "asked_before_roll",
                        "asked_before_next_turn",
                        "asked_before_attack_end",
                        "asked_in_step")
        if case == "order_mine" and args.get("asked") in ("which", "in_order"):
            asked = "asked_" + args["asked"]
        elif case == "order_mine" and args.get("owner") == "rival":
            asked = "asked_i_choose"
        if case == "after" and args.get("before") != "move":
            # "… blokladıktan sonra mı çözülür?": the event named, after it
            lines.append(m("ask_timing2.asked_after_event",
                           event=m(f"ask_timing2.event_{before}")))
        elif asked in ("asked_before_next_reaction", "asked_before_fight_end", "asked_which",
                     "asked_in_order", "asked_i_choose", "asked_after_move", "asked_before_move"):
            lines.append(m(f"ask_timing2.{asked}"))
        elif asked == "asked_in_step":
            lines.append(m("ask_react.asked_in_step", step=m(f"ask_react.step_{args['step']}")))
        else:
            lines.append(m(f"ask_react.{asked}" if own else f"ask_timing.{asked}"))
        return lines, assumed
    if case == "who_reacts" and args.get("asked") == "both":
        act = [m(f"ask_timing.act_{args['act']}")] if args.get("act") else []
        return [m("ask_react.asked_both_react")] + act, assumed
    if case == "who_reacts":
        act = [m(f"ask_timing.act_{args['act']}")] if args.get("act") else []
        return [m("ask_timing.asked_who_reacts")] + act, assumed
    if case == "who_ends":
        return [m("ask_react.asked_who_ends")], assumed
    if case == "step_exists":
        return [m("ask_react.asked_step_exists")], [m("ask_react.assumed_attack_goes_on")]
    if case == "ends":
        return [m("ask_timing.asked_ends")], [m("ask_timing.assumed_defender")]
    for kind in args.get("before", ()):
        lines.append(m(f"ask_react.before_{kind}"))
    if case == "may_end":
        if args.get("actor_inferred"):
            assumed.append(m("ask_timing.assumed_defender"))
        else:
            lines.append(m(f"ask_timing.actor_{args['actor']}"))
        return lines + [m("ask_react.asked_may_end")], assumed
    if args.get("act") in ("block", "call_block", "block_quick"):
        assumed.append(m("ask_timing.assumed_blocker_ready"))
    if args.get("act") in ("call", "call_block", "call_quick"):
        assumed.append(m("ask_timing.assumed_call_once"))
    if args.get("act") == "call_twice":
        assumed.append(m("ask_timing.assumed_can_pay"))
    if args.get("act") not in ("block", "call_twice", "sell", "attack", None):
        assumed.append(m("ask_timing.assumed_can_pay"))
    if args.get("actor_inferred"):
        assumed.append(m("ask_timing.assumed_defender"))
    else:
        lines.append(m(f"ask_timing.actor_{args['actor']}"))
    if args.get("act") == "call_twice":
        lines.append(m("ask_react.act_call_twice"))
    elif args.get("generic"):
        lines.append(m("ask_react.act_any"))
        assumed.append(m("ask_react.assumed_example"))
    else:
        lines.append(m("ask_timing.act_several" if args.get("several")
                       else f"ask_timing.act_{args['act']}"))
    lines.append(m("ask_react.when_rival_turn_any") if args.get("rival_turn_any")
                 else m(f"ask_timing.when_{args['when']}"))
    lines.append(m("ask_react.asked_free" if args.get("free") else
                   "ask_timing.asked_pay" if case == "pay_quick" else
                   "ask_react.asked_must" if case == "must_react" else "ask_timing.asked_may"))
    return lines, assumed


def _line(kind: str, args: dict[str, Any], value: Any, run, m) -> str:
    case = args["case"]
    head = m("ask_timing.yes") if value is True else m("ask_timing.no") if value is False else ""
    own = _case_module(case)
    if own is not None:
        return own.line(args, value, run, m)
    if case == "before_act":
        return f"{head}: " + m("ask_pending.why_pending")
    if case == "when":
        return m(f"ask_timing.moment_{value}")
    if case == "in_step":
        moment = _moment_of(run, args)
        return f"{head}: " + m(f"ask_timing.moment_{moment}") if moment else head
    if case == "who_first" and args.get("asked") in ("me_first", "rival_first"):
        return f"{head}: " + m("ask_timing.first_turn_player")
    if case == "who_first":
        return m(f"ask_timing.first_{value}")
    if case == "who_reacts" and args.get("asked") == "both":
        return f"{head}: " + m("ask_timing.reacts_defending_player")
    if case == "who_reacts":
        return m("ask_timing.reacts_defending_player")
    if case == "ends":
        return f"{head}: " + m("ask_timing.ends_then")
    if case == "who_ends":
        return m("ask_react.ends_defending_player")
    if case == "may_end":
        return f"{head}: " + m("ask_timing.ends_then" if value else "ask_react.end_only_defender")
    if case in ("before", "can_before", "after"):
        moment = _moment_of(run, args)
        return f"{head}: " + m(f"ask_timing.moment_{moment}") if moment else head
    if case == "order_mine" and args.get("asked") == "which":
        return m("ask_timing2.order_controller")
    if case == "order_mine" and args.get("owner") == "rival":
        return f"{head}: " + m("ask_timing2.order_controller")
    if case == "order_mine":
        return f"{head}: " + m("ask_timing.order_yours")
    if case == "defeated_pending":
        return f"{head}: " + m("ask_timing.defeated_pending")
    if case == "react_before_play":
        return f"{head}: " + m("ask_timing.no_react_outside")
    if case == "pay_quick":
        return f"{head}: " + m("ask_timing.pay_still")
    if case == "must_react":
        return f"{head}: " + m("ask_react.must_no")
    if case == "step_exists":
        return f"{head}: " + m("ask_react.step_exists")
    out = run.outcome
    if args.get("act") == "call_twice":
        return f"{head}: " + m("ask_react.call_twice_yes" if value else "ask_react.call_twice_no")
    if value and args.get("generic"):
        return f"{head}: " + m("ask_react.may_any")
    if value:
        return f"{head}: " + m(f"ask_timing.may_{args['act']}")
    rule = (out.illegal_rule or "").replace(".", "_")
    why = m.get("ask_timing.illegal_" + rule, "") or m.get("ask_react.illegal_" + rule, "")
    if not why and getattr(out, "illegal_phrase", None) is not None:
        from .compute import role_reason
        why = role_reason(out.illegal_phrase, m.lang) or ""
    return f"{head}: {why or out.illegal_reason}" if why or out.illegal_reason else head


def _moment_of(run, args: dict[str, Any]) -> str:
    """Where the engine resolved the effect asked about (a steal trigger's label names its
    Gig: "Gig çalınca etkisi [B.d6]")."""
    label = _LABELS.get(args.get("trigger") or "", "")
    return next((v for k, v in run.outcome.resolved_at.items()
                 if label and (k == label or k.startswith(label + " ["))), "")


def _block_context(reading: Reading) -> bool:
    """The block is what already happened, not what is asked: "Blokladıktan sonra …",
    "react to my block", "after I block"."""
    keys = _keys(reading)
    for m in reading.of("block"):
        it = reading.items[m.start]
        if any(x in it.key for x in ("dikten", "diktan", "tikten", "tiktan", "dim", "dik")):
            return True
        nxt = keys[m.end] if m.end < len(keys) else ""
        if nxt.startswith("kullan") and any(x in nxt for x in ("dikten", "diktan", "dim", "dik")):
            return True                                  # "BLOCKER kullandıktan sonra"
        after = keys[m.end + 1] if m.end + 1 < len(keys) else ""
        if nxt.startswith("kullan") and nxt.endswith(("ip", "up")) and after in ("sonra", "ardindan"):
            return True                                  # "BLOCKER kullanıp sonra …"
        if m.start > 1 and keys[m.start - 1] in ("my", "the", "a", "his", "her", "their") \
                and keys[m.start - 2] in ("use", "activate", "with"):
            continue                                     # "can he use a BLOCKER": asked
        if m.start > 0 and keys[m.start - 1] in ("my", "the", "a", "used", "activated", "after") or (
                m.start > 1 and keys[m.start - 2] in ("after",)):
            return True
        if reading.language == "en" and it.key == "blocked" and m.start > 0 \
                and keys[m.start - 1] in ("i", "we"):
            return True                                  # "I blocked, can I still …"
    return False


def _stresses_negative_verb(reading: Reading, k: int) -> bool:
    """"hiç" (folded "hic") before a negated verb of its clause, within three words ("hiç
    Legend çağırmadım"): it stresses that verb and negates nothing of its own."""
    items = reading.items
    if items[k].key != "hic":
        return False
    return any(items[j].negated and items[j].clause == items[k].clause
               for j in range(k + 1, min(len(items), k + 4)))
