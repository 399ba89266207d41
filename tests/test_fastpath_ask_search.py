"""`judge ask` and `judge search` on the click-free fast path (cli/fastpath.py,
cli/ask_view.py, cli/search_view.py) print exactly what the click commands print, with the
same exit code: the ask set's questions (answered, unanswered, English, compound) and the
search set's queries, card names, rule numbers, `--json`, `--scenario`, `--all-games`,
errors, colour, narrow terminals, languages, non-UTF-8 terminals. (That the fast forms
import neither click nor whoosh: tests/test_fastpath.py.)"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import run_main
from test_fastpath import both as both_paths
from test_fastpath import warm_cache  # noqa: F401  (the shared module fixture)
from judge_tool.ask.evaluate import load_cases
from judge_tool.cli import fastpath

TESTS = Path(__file__).parent
QUESTIONS = sorted({c.q for c in load_cases(TESTS / "ask_eval")})
ASKED = random.Random(11).sample(QUESTIONS, min(60, len(QUESTIONS)))
QUERIES = sorted({c["q"] for c in tomllib.loads(
    (TESTS / "search_eval.toml").read_text(encoding="utf-8"))["query"]})
SEARCHED = random.Random(12).sample(QUERIES, min(50, len(QUERIES)))


@pytest.fixture(scope="module", autouse=True)
def warm(warm_cache):
    """test_fastpath's cache (and colour settings), with ask's data and the index in it."""
    run_main("ask", "19 güçlü birim kaç Gig çalar?")
    run_main("search", "çatışma")


def both(*args: str, env: dict | None = None, charset: str = "utf-8"):
    # a first ask or search reads more data than a rule: a longer time limit
    return both_paths(*args, env=env, charset=charset, limit=60)


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
def test_other_ask_forms_go_to_click(args):
    assert fastpath.parse(args) is None


@pytest.mark.parametrize("question", ASKED, ids=lambda q: q[:50])
def test_evaluation_questions_same_on_both_paths(question):
    both("ask", *question.split())


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(question=st.sampled_from(QUESTIONS),
       flags=st.lists(st.sampled_from(["--json", "--scenario"]), unique=True),
       at=st.integers(0, 2))
def test_ask_flags_anywhere_same_on_both_paths(question, flags, at):
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
def test_ask_environment_same_on_both_paths(env, question):
    both("ask", question, env=env)


@pytest.mark.parametrize("charset", ["latin-1", "ascii"])
def test_ask_non_utf8_terminal_same_on_both_paths(charset):
    both("ask", "19 güçlü birim kaç Gig çalar?", charset=charset)


def test_ask_control_characters_same_on_both_paths():
    both("ask", "19 güçlü\x1b]0;x\x07 birim kaç Gig çalar?")


@pytest.mark.parametrize("args", [
    ["search", "çatışma"], ["search", "fight", "tie", "--json"], ["search", "--all-games", "x"],
])
def test_plain_queries_are_taken(args):
    assert fastpath.parse(args) is not None


@pytest.mark.parametrize("args", [
    ["search"], ["search", "--help"], ["search", "-n", "3", "x"], ["search", "x", "--chapter", "9"],
    ["--game", "berserk", "search", "x"], ["search", "--", "x"], ["search", "x", "--jsn"],
])
def test_other_search_forms_go_to_click(args):
    assert fastpath.parse(args) is None


@pytest.mark.parametrize("query", SEARCHED, ids=lambda q: q[:50])
def test_evaluation_queries_same_on_both_paths(query):
    both("search", *query.split())


@pytest.mark.parametrize("args", [
    ["search", "çatışma", "--json"], ["search", "9.23.2"], ["search", "99.99.1"],
    ["search", "Chrome", "Fang"], ["search", "zzqxv"], ["search", "--all-games", "blocker"],
    ["search", "blocker", "--all-games", "--json"], ["search", "x" * 3000],
    ["search", "\x1b]0;x\x07 gig"],
], ids=" ".join)
def test_special_queries_same_on_both_paths(args):
    both(*args)


@pytest.mark.parametrize("env", [
    {"FORCE_COLOR": "1", "NO_COLOR": None}, {"COLUMNS": "40"}, {"JUDGE_LANG": "en"},
    {"JUDGE_LANG": "xx"},
], ids=str)
def test_search_environment_same_on_both_paths(env):
    both("search", "çatışma", "eşit", "güç", env=env)


@pytest.mark.parametrize("charset", ["latin-1", "ascii"])
def test_search_non_utf8_terminal_same_on_both_paths(charset):
    both("search", "çatışma", charset=charset)
