"""`judge ask` (react): a moment of the turn, said in a React Step question, that is not
the React Step.

Reactions are taken only in the React Step of the rival's attack (9.7.1); a QUICK card is
otherwise played only in one's own Main Phase (11.26.2). A question that says *when* it
asks ("rakibimin saldırısı bitti, …", "after his attack ends", "çatışmadan sonra", "tur
sonunda", "kart çekerken", "before he attacks", "Çatışma Adımında") must be read at that
moment, never at the React Step by default:

- "attack_over": the rival's attack (or its fight, its steal) has ended: his Main Phase
  goes on with no attack (9.20, 9.25, 9.29);
- "later_step": the Fight or Steal Step of the attack: the React Step is over (9.14);
- "before_attack": before the rival attacks: his Main Phase with no attack;
  (the asker's own attack over: their own Main Phase goes on, read as such);
- "unread": any other moment (the end of the turn, the start of the turn or its draw,
  "before the attack ends", "after he attacks" said as a verb): not read, so no ruling.

The words of a moment read here are consumed (`_foreign` then accepts them).
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from .lexicon import Reading

# English words saying that something is over ("the attack is over / done / finished")
_EN_OVER = ("over", "done", "finished", "ended", "complete", "completed")
# a determiner before an English noun "attack" / "fight" ("after the attack", "after his fight")
_EN_DET = ("the", "his", "her", "their", "my", "its", "that", "this", "opponents", "rivals",
           "opponent", "rival", "s")
_EN_BEFORE = ("before", "prior")
_TR_BEFORE = ("once", "oncesinde", "oncesi")
_AGENT = ("attack", "fight", "steal")


def _concepts(reading: Reading, k: int) -> set[str]:
    return set(reading.at(k)) if 0 <= k < len(reading.items) else set()


def _owner_attack(reading: Reading, at: int) -> set[str]:
    """The concepts of the words just before `at` in its clause (what ends or what is after)."""
    items = reading.items
    out: set[str] = set()
    for k in range(max(0, at - 3), at):
        if items[k].clause == items[at].clause:
            out |= _concepts(reading, k)
    return out


def _noun(reading: Reading, k: int) -> bool:
    """The attack, fight or steal named as a thing ("saldırı(sı)", "çatışma", "the
    attack"), not a verb or a role ("saldıran oyuncu", "saldırdı")."""
    key = reading.items[k].key
    if reading.language == "en":
        return key in ("attack", "fight", "steal", "attacks", "fights")
    return key.startswith(("saldiri", "catisma", "calma"))


def moment(reading: Reading) -> str | None:
    """The moment said (see the module docstring), or None when the question says none."""
    items = reading.items
    keys = [it.key for it in items]
    en = reading.language == "en"
    found: set[str] = set()
    used: set[int] = set()
    if reading.has("end_turn") or reading.has("start") or reading.has("draw"):
        found.add("unread")             # the end or the start of a turn, the draw (8.x)
    for i, it in enumerate(items):
        ends = "end_step" in reading.at(i) or (en and it.key in _EN_OVER)
        if not ends:
            continue
        # what ends: the closest thing named before ("saldırısı bitti", "the attack ends"),
        # or after in English ("the end of his turn", "the end of the attack")
        back = [(k, _concepts(reading, k) if _noun(reading, k) or not _concepts(reading, k)
                 & set(_AGENT) else set()) for k in range(max(0, i - 3), i)
                if items[k].clause == it.clause]
        ahead = [(k, _concepts(reading, k)) for k in range(i + 1, min(len(items), i + 5))
                 if items[k].clause == it.clause] if en and it.key == "end" else []
        near = [c for _, c in reversed(back)] + [c for _, c in ahead] if not ahead else \
            [c for _, c in ahead] + [c for _, c in reversed(back)]
        if any(c & {"react", "step"} for c in near):
            continue                    # the React Step ends: read by the react family
        what = next((c for c in near if c & ({"turn"} | set(_AGENT))), set())
        if "turn" in what:
            found.add("unread")         # the end of a turn
            continue
        if not what & set(_AGENT):
            continue
        if any(x in it.key for x in ("meden", "madan")) or any(
                keys[k] in (_EN_BEFORE if en else _TR_BEFORE) for k in range(max(0, i - 6), i + 2)
                if k < len(keys)):
            found.add("unread")         # "saldırı bitmeden", "before the attack ends": during it
            continue
        found.add("attack_over")
        used.add(i)
        used.update(k for k in range(i + 1, min(len(items), i + 3)) if "after" in reading.at(k))
        used.update(k for k, c in back + ahead if c & ({"after"} | set(_AGENT)))
    for m in reading.of("after"):
        i = m.start
        if en:
            k = i + 1
            while k < len(items) and (keys[k] in _EN_DET or "rival" in reading.at(k)):
                k += 1                  # "after the", "after my opponent's"
            if k >= len(items) or not _concepts(reading, k) & set(_AGENT):
                continue
            if keys[k] in ("attack", "fight") and keys[k - 1] in _EN_DET:
                if keys[k] == "fight" or any(j in used for j in range(k, min(len(items), k + 3))):
                    found.add("attack_over")    # "after the fight", "after the attack ends"
                    used.update(range(i, i + 1))
                else:
                    found.add("unread")         # "after the attack": declared, or over?
            else:
                found.add("unread")             # "after he attacks", "after attacking"
        else:
            if i in used:
                found.add("attack_over")        # "saldırı bittikten sonra"
                continue
            k = i - 1
            if k < 0 or not _concepts(reading, k) & set(_AGENT):
                continue
            if keys[k].startswith("catisma"):
                found.add("attack_over")        # "çatışmadan sonra", "bittikten sonra"
                used.update(range(k, i + 1))
            else:
                found.add("unread")             # "saldırdıktan sonra": after the declaration?
    for m in reading.of("step"):
        if any(_concepts(reading, k) & {"fight", "steal"} for k in range(max(0, m.start - 1),
                                                                           m.start)) or (
                en and any(_concepts(reading, k) & {"fight", "steal"}
                           for k in range(m.start - 1, m.start))):
            found.add("later_step")             # "Çatışma Adımında", "the Steal Step"
            used.update(range(m.start - 1, m.end))
    for i, k in enumerate(keys):
        if k in (_EN_BEFORE if en else _TR_BEFORE):
            near = range(max(0, i - 2), min(len(items), i + 5)) if en else range(max(0, i - 2), i)
            if any("attack" in reading.at(j) for j in near) and not reading.has("end_step"):
                found.add("before_attack")
                used.add(i)
                used.update(j for j in near if "attack" in reading.at(j)
                            and "negation" in reading.at(j))
    if not found:
        return None
    if len(found) > 1:
        return "unread"
    reading.consumed.update(used)
    for j in used:                      # "saldırmadan önce": the "-mAdAn" is not a negation
        for m in reading.of("negation"):
            if m.start == j:
                reading.consumed.update(range(m.start, m.end))
    return found.pop()
