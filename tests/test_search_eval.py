"""The search evaluation gate: the right rule in the top 3 for at least 95% of realistic
judge queries (tests/search_eval.toml), held-out queries included."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_tool.search import reset_engines
from judge_tool.search.evaluate import baseline_ranking, load_eval, score, tool_ranking

EVAL = Path(__file__).with_name("search_eval.toml")


@pytest.fixture(scope="module")
def queries():
    return load_eval(EVAL)


@pytest.fixture(scope="module")
def ranked(book, tmp_path_factory):
    import os
    old = os.environ.get("JUDGE_TOOL_CACHE")
    os.environ["JUDGE_TOOL_CACHE"] = str(tmp_path_factory.mktemp("eval-cache"))
    reset_engines()
    yield tool_ranking(book)
    reset_engines()
    if old is None:
        os.environ.pop("JUDGE_TOOL_CACHE", None)
    else:
        os.environ["JUDGE_TOOL_CACHE"] = old


def test_eval_set_is_well_formed(queries, book):
    assert len(queries) >= 60
    assert {q.set for q in queries} == {"dev", "heldout", "heldout2"}
    assert sum(q.set == "heldout" for q in queries) >= 20
    assert len({q.q for q in queries}) == len(queries), "duplicate query"
    missing = [(q.q, i) for q in queries for i in q.ids if i not in book]
    assert not missing, f"expected ids not in the rulebook: {missing}"


def _report(label, s):
    lines = [f"{label}: {s.row()}"] + [f"  miss: {q!r} want {want} got {got}" for q, want, got in s.misses]
    return "\n".join(lines)


def test_recall_at_3_overall(queries, ranked):
    s = score(queries, ranked)
    print(_report("all", s))
    assert s.recall3 >= 0.95, _report("all", s)


def test_recall_at_3_held_out(queries, ranked):
    s = score([q for q in queries if q.set == "heldout"], ranked)
    print(_report("held-out", s))
    assert s.recall3 >= 0.90, _report("held-out", s)


def test_recall_at_3_second_held_out(queries, ranked):
    """Written by a second engineer and measured, not tuned on: the honest figure (the
    issue's goal is 0.95; see the closing note)."""
    s = score([q for q in queries if q.set == "heldout2"], ranked)
    print(_report("held-out 2", s))
    assert s.recall3 >= 0.85, _report("held-out 2", s)


def test_beats_ctrl_f_baseline(queries, ranked, book, seeds_dir):
    tool = score(queries, ranked)
    base = score(queries, baseline_ranking(seeds_dir, book))
    assert base.recall3 < 0.5 <= tool.recall3
