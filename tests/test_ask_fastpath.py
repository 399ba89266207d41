"""`judge ask` on the click-free fast path (cli/fastpath.py, cli/ask_view.py) prints exactly
what the click command prints, with the same exit code: the evaluation set's questions
(answered, unanswered, English, compound), `--json`, `--scenario`, errors, colour, narrow
terminals, a bad JUDGE_LANG, non-UTF-8 terminals. And the fast form never imports click."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import assert_contract, run_main
from judge_tool.ask.evaluate import load_cases
from judge_tool.cli import fastpath

QUESTIONS = sorted({c.q for c in load_cases(Path(__file__).parent / "ask_eval")})
SAMPLE = random.Random(11).sample(QUESTIONS, min(60, len(QUESTIONS)))


@pytest.fixture(scope="module", autouse=True)
def warm_cache(tmp_path_factory):
    """One compiled cache for the module; no colour unless a case asks for it."""
    old = {k: os.environ.get(k) for k in ("JUDGE_TOOL_CACHE", "NO_COLOR", "FORCE_COLOR")}
    os.environ["JUDGE_TOOL_CACHE"] = str(tmp_path_factory.mktemp("ask-fast-cache"))
    os.environ["NO_COLOR"] = "1"
    os.environ.pop("FORCE_COLOR", None)
    run_main("ask", "19 güçlü birim kaç Gig çalar?")
    yield
    for key, value in old.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def both(*args: str, env: dict | None = None, charset: str = "utf-8"):
    fast = run_main(*args, env=env, charset=charset)
    slow = run_main(*args, env=env, charset=charset, fast=False)
    assert (fast.code, fast.out, fast.err) == (slow.code, slow.out, slow.err), args
    assert_contract(fast, limit=30)
    return fast


@pytest.mark.parametrize("args", [
    ["ask", "19 güçlü birim kaç Gig çalar?"], ["ask", "who", "wins", "8", "vs", "3", "--json"],
    ["ask", "--scenario", "23 güçlü birim kaç Gig çalar?"],
])
def test_plain_questions_are_taken(args):
    assert fastpath.parse(args) is not None


@pytest.mark.parametrize("args", [
    ["ask"], ["ask", "--help"], ["ask", "--limit", "5", "x"], ["ask", "-3", "güçlü", "birim"],
    ["--lang", "en", "ask", "x"], ["ask", "--", "x"], ["ask", "x", "--jsn"],
])
def test_everything_else_goes_to_click(args):
    assert fastpath.parse(args) is None


@pytest.mark.parametrize("question", SAMPLE, ids=lambda q: q[:50])
def test_evaluation_questions_same_on_both_paths(question):
    both("ask", *question.split())


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(question=st.sampled_from(QUESTIONS),
       flags=st.lists(st.sampled_from(["--json", "--scenario"]), unique=True),
       at=st.integers(0, 2))
def test_flags_anywhere_same_on_both_paths(question, flags, at):
    words = question.split()
    args = ["ask", *words]
    for flag in flags:
        args.insert(1 + min(at, len(words)), flag)
    both(*args)


@pytest.mark.parametrize("env", [
    {"FORCE_COLOR": "1", "NO_COLOR": None}, {"COLUMNS": "40"}, {"JUDGE_LANG": "en"},
    {"JUDGE_LANG": "xx"},
], ids=str)
@pytest.mark.parametrize("question", [
    "19 güçlü birim kaç Gig çalar?", "who wins, 8 power attacker vs 8 power defender",
    "QUICK Program ne zaman oynanır?", "x" * 2500,
], ids=lambda q: q[:30])
def test_environment_same_on_both_paths(env, question):
    both("ask", question, env=env)


@pytest.mark.parametrize("charset", ["latin-1", "ascii"])
def test_non_utf8_terminal_same_on_both_paths(charset):
    both("ask", "19 güçlü birim kaç Gig çalar?", charset=charset)


def test_control_characters_same_on_both_paths():
    both("ask", "19 güçlü\x1b]0;x\x07 birim kaç Gig çalar?")


def test_fast_ask_does_not_import_click(tmp_path):
    code = ("import sys\nfrom judge_tool.cli import main\n"
            "for args in (['ask', '19 güçlü birim kaç Gig çalar?'], ['ask', '--json', 'who wins 8 vs 3']):\n"
            "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
            "print('click' in sys.modules, file=sys.stderr)\n")
    env = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
    env.pop("JUDGE_TOOL_NO_FASTPATH", None)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=120)
    assert res.stderr.strip().splitlines()[-1] == "False", res.stderr
