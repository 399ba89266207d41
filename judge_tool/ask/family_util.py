"""What the families kept in their own modules (family_search, family_replace, family_gear)
share: their words in the message catalogue, running their scenario on the engine (the code
behind `judge check`) and the Answer built from the run.

Each such family states the situation as a scenario dict, runs it, reads the value from the
run and writes the value back as the scenario's `[expect]`, so `judge ask --scenario` prints
a file `judge check` passes with the same answer.
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable

from .lexicon import Reading
from .scenario_build import NotModelled


def words(reading: Reading):
    """The catalogue in the question's language (Turkish or English): `m("ask_misc.x")`."""
    from .say import messages_for
    return messages_for(reading)


def yes_no(reading: Reading, value: bool) -> str:
    return words(reading)("ask_misc.yes" if value else "ask_misc.no")


def run(data: dict[str, Any], expect_of: Callable[[Any], dict[str, Any]],
        variants: Iterable[dict[str, Any]] = ({},)) -> tuple[Any, str]:
    """Run the scenario (each variant of its scripted decisions in turn, until the engine
    takes one) the way every family does (`scenario_build.run`); (the run, the scenario TOML
    with `expect_of(run)` as its expectation)."""
    from .scenario_build import Built
    from .scenario_build import run as run_built
    built = Built(data, "custom", variants=list(variants),
                  reader=lambda result: (None, expect_of(result)))
    _, result, text = run_built(built)
    return result, text


def deciding(run_result: Any, prefixes: tuple[str, ...]) -> list:
    """The run's steps that decide the answer: rules equal to or under `prefixes`, each
    once, only those the Turkish rulebook has text for (an official-only number is in the
    scenario's full trace, `judge check --explain`)."""
    from ..engine.cite import OFFICIAL_ONLY_IDS
    seen, out = set(), []
    for st in run_result.trace:
        if st.rule in OFFICIAL_ONLY_IDS:
            continue
        if not any(st.rule == p or st.rule.startswith(p + ".") for p in prefixes):
            continue
        if (st.rule, st.text) in seen:
            continue
        seen.add((st.rule, st.text))
        out.append(st)
    return out


def answer(question: str, kind: str, reading: Reading, value: Any, line: str, steps: list,
           understood: list[str], scenario: str, assumptions: list[str] | None = None):
    from . import Answer
    rules = list(dict.fromkeys(st.rule for st in steps))
    if not rules:
        raise NotModelled("scenario.no_deciding_rule")
    return Answer(question, kind, value, line, rules, steps, list(assumptions or []),
                  language=reading.language, understood=understood, scenario=scenario)


def clause_of(reading: Reading, concept: str) -> int | None:
    """The clause of the last word read as `concept` (None if none)."""
    found = reading.of(concept)
    return reading.items[found[-1].start].clause if found else None


def in_clause(reading: Reading, concept: str, clause: int | None) -> bool:
    return clause is not None and any(reading.items[m.start].clause == clause
                                      for m in reading.of(concept))


def asked_clause(reading: Reading) -> int:
    """The clause that asks: the one with the question word ("kaç", "how many", "nereye",
    "who"), else the last clause."""
    for concept in ("how_many", "where", "who", "what"):
        found = reading.of(concept)
        if found:
            return reading.items[found[-1].start].clause
    return reading.items[-1].clause if reading.items else 0


def keys(reading: Reading) -> set[str]:
    return {it.key for it in reading.items}


def _read_obligation() -> tuple[tuple[str, ...], ...]:
    from .. import turkish
    from .lexicon import load_cues
    raw = load_cues().get("obligation", {})
    return tuple(tuple(turkish.fold(w).replace("'", "").split()) for lang in raw.values()
                 for w in lang)


def obliged(reading: Reading) -> tuple[int, ...]:
    """The question asks whether something MUST be done ("zorunda mıyım", "do I have to",
    "gerekir mi"): the words are function words to the other families, but a "may I"
    answer to a "must I" question is wrong (a reaction may be taken, 9.7, never must). The
    indices of the words (empty when none)."""
    from ..datacache import cached
    phrases = cached("ask:obligation", _read_obligation, group="ask")
    ks = [it.key for it in reading.items]
    for k in range(len(ks)):
        for p in phrases:
            stem = p[-1].endswith("-")
            head, last = p[:-1], p[-1].rstrip("-")
            if tuple(ks[k:k + len(head)]) == head and k + len(head) < len(ks) and (
                    ks[k + len(head)].startswith(last) if stem else ks[k + len(head)] == last):
                return tuple(range(k, k + len(p)))
    return ()
