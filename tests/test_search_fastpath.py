"""`judge search` on the click-free fast path (cli/fastpath.py, cli/search_view.py) prints
exactly what the click command prints, with the same exit code: the evaluation queries,
card names, rule numbers, `--json`, `--all-games`, errors, colour, narrow terminals,
languages, non-UTF-8 terminals. And the fast form never imports click."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from hostile import assert_contract, run_main
from judge_tool.cli import fastpath

QUERIES = sorted({c["q"] for c in tomllib.loads(
    (Path(__file__).parent / "search_eval.toml").read_text(encoding="utf-8"))["query"]})
SAMPLE = random.Random(12).sample(QUERIES, min(50, len(QUERIES)))


@pytest.fixture(scope="module", autouse=True)
def warm_cache(tmp_path_factory):
    """One compiled cache and index for the module; no colour unless a case asks for it."""
    old = {k: os.environ.get(k) for k in ("JUDGE_TOOL_CACHE", "NO_COLOR", "FORCE_COLOR")}
    os.environ["JUDGE_TOOL_CACHE"] = str(tmp_path_factory.mktemp("search-fast-cache"))
    os.environ["NO_COLOR"] = "1"
    os.environ.pop("FORCE_COLOR", None)
    run_main("search", "çatışma")
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
    assert_contract(fast, limit=60)
    return fast


@pytest.mark.parametrize("args", [
    ["search", "çatışma"], ["search", "fight", "tie", "--json"], ["search", "--all-games", "x"],
])
def test_plain_queries_are_taken(args):
    assert fastpath.parse(args) is not None


@pytest.mark.parametrize("args", [
    ["search"], ["search", "--help"], ["search", "-n", "3", "x"], ["search", "x", "--chapter", "9"],
    ["--game", "berserk", "search", "x"], ["search", "--", "x"], ["search", "x", "--jsn"],
])
def test_everything_else_goes_to_click(args):
    assert fastpath.parse(args) is None


@pytest.mark.parametrize("query", SAMPLE, ids=lambda q: q[:50])
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
def test_environment_same_on_both_paths(env):
    both("search", "çatışma", "eşit", "güç", env=env)


@pytest.mark.parametrize("charset", ["latin-1", "ascii"])
def test_non_utf8_terminal_same_on_both_paths(charset):
    both("search", "çatışma", charset=charset)


def test_fast_search_does_not_import_click_nor_whoosh(tmp_path):
    code = ("import sys\nfrom judge_tool.cli import main\n"
            "for args in (['search', 'çatışma'], ['search', 'çatışma'], ['search', '--json', 'fight tie']):\n"
            "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
            "print('click' in sys.modules, 'whoosh' in sys.modules, file=sys.stderr)\n")
    env = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
    env.pop("JUDGE_TOOL_NO_FASTPATH", None)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=300)
    # the first search builds the index (whoosh); a fresh process then needs neither
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                           timeout=300)
    assert again.stderr.strip().splitlines()[-1] == "False False", (res.stderr, again.stderr)
