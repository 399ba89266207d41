"""The `judge ask` evaluation set (tests/ask_eval/): no wrong answer, ever; a floor on
the share answered right of those with a definite answer; the set's own shape."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from judge_tool.ask import ask
from judge_tool.ask.evaluate import grade, load_cases

# The set lives beside this file: an installed package (CI) has no tests/ folder.
CASES = load_cases(Path(__file__).parent / "ask_eval")
BARE_KEY = re.compile(r"\b(?:ask|engine)_[a-z0-9_]+\.[a-z0-9_.]+")


def test_eval_set_shape():
    # "dev" (written while building) or "heldout", "heldout2", … (written, then measured once
    # before any change they led to)
    assert all(re.fullmatch(r"dev|heldout\d*[a-z]?", c.set) for c in CASES)
    assert sum(c.set == "heldout" for c in CASES) >= 60
    assert sum(c.compound for c in CASES) * 3 >= len(CASES)
    assert sum(c.want == "unanswered" for c in CASES) * 5 >= len(CASES)
    assert len({c.q for c in CASES}) == len(CASES)


def test_every_deciding_rule_is_an_official_number():
    """A case's `rule` is the number a judge would be told: it must exist in the official
    numbering (older sets carried numbers from before the renumbering, e.g. "11.5.3")."""
    from judge_tool import official
    bad = [(c.rule, c.q) for c in CASES
           for r in re.split(r"[/,]", c.rule) if r.strip() not in ("", "-")
           and not official.exists(r.strip())]
    assert not bad


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.q[:60])
def test_never_wrong(case, book):
    answer = ask(case.q, book=book)
    graded = grade(case, answer)
    assert graded.grade != "wrong", (case.want, answer.to_dict())
    if answer.kind == "unanswered":
        assert answer.value is None and answer.not_understood
    # a catalogue key that is missing is printed as the key itself: never shown to a judge
    shown = json.dumps(answer.to_dict(), ensure_ascii=False)
    assert not BARE_KEY.search(shown), BARE_KEY.search(shown).group(0)


def test_share_right_of_definite(book):
    """Floors on the share answered right of the questions with a definite answer: 95% on
    the questions written while building (dev, 97% at session 8's start), 75% on the whole
    set. The held-out parts are written to find what the reader misses and are kept as
    written (heldout3: 56% at its one measurement; session 7's area sets 26-51%), so every
    honest fresh set pulls the whole-set share down (80% at session 8's start, 4156/5182):
    the dev floor is the regression guard, the whole-set floor only a backstop. Until
    session 8 the floors were 90% (dev) and 79% (whole set)."""
    def share(cases):
        counts = Counter(grade(c, ask(c.q, book=book)).grade for c in cases
                         if c.want != "unanswered")
        return counts["right"] / sum(counts.values()), counts
    dev, counts = share([c for c in CASES if c.set == "dev"])
    assert dev >= 0.95, counts
    every, counts = share(CASES)
    assert every >= 0.75, counts


def test_every_scenario_answer_runs_under_check_to_the_same_answer(book, tmp_path):
    """`judge ask --scenario` output is a scenario `judge check` runs, and its expectation
    (the answer) holds: checked in process for every answered question of the set."""
    from judge_tool.ask.evaluate import value_of
    from judge_tool.engine.scenario import parse_scenario, run_scenario
    from judge_tool.cli.check_cmd import _rule_checker
    exists = _rule_checker(book)
    ran = 0
    for case in CASES:
        answer = ask(case.q, book=book)
        if answer.scenario is None:
            continue
        # rule numbers as `judge check` accepts them: the rulebook's or official ones (2.5)
        result = run_scenario(parse_scenario(answer.scenario, "<ask>", exists))
        assert result.passed, (case.q, [c.to_dict() for c in result.checks if not c.passed])
        keys = {c.key for c in result.checks}
        assert keys & {"stolen", "fight", "legal", "street_cred.A", "winner", "B.gig_count",
                       "A.eddies_spent", "searched", "defeated", "A.trash", "A.hand",
                       "A.removed", "A.deck_count", "A.field"}, keys
        assert value_of(answer) != "unanswered"
        ran += 1
    assert ran >= 20


def test_scenario_flag_output_passes_judge_check(run_judge, tmp_path):
    res = run_judge("ask", "--scenario", "opponent attacks my gig area with a 25 power unit and "
                    "I block with my BLOCKER, how many gigs does he steal?")
    if res.returncode == 1:       # not answered: said so in one line
        assert res.stderr.startswith("judge: no scenario") or "no scenario" in res.stderr
        res = run_judge("ask", "--scenario", "23 güçlü birim kaç Gig çalar?")
    assert res.returncode == 0, res.stderr
    path = tmp_path / "s.toml"
    path.write_text(res.stdout, encoding="utf-8")
    check = run_judge("check", str(path))
    assert check.returncode == 0, check.stdout + check.stderr
    assert "PASS" in check.stdout


def test_every_rule_ask_cites_is_an_official_number_with_turkish_text(book):
    """Citations come from the engine's trace; each must be an official rule number
    (judge_tool.official) and a rule of the Turkish rulebook."""
    from judge_tool import official
    cited = set()
    for case in CASES:
        answer = ask(case.q, book=book)
        cited |= set(answer.rules) | {step.rule for step in answer.trace}
    assert cited
    assert not [r for r in cited if not official.exists(r)]
    assert not [r for r in cited if book.get(r) is None]
