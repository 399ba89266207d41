"""Search quality and speed.

    python bench/bench_search.py            # everything
    python bench/bench_search.py --quality  # recall@1, recall@3, MRR vs the Ctrl-F baseline
    python bench/bench_search.py --speed    # build times, warm query, cold `judge search`
    python bench/bench_search.py --ablation # which analysis fields earn their keep

Quality: tests/search_eval.toml, all queries and the held-out part, side by side with a
plain case-insensitive substring search over the seed text (what Ctrl-F gives a judge).
Speed: index build for the rulebook and for a synthetic rulebook 50x larger, the median
of warm queries, and the wall time of a cold `judge search` process next to bare Python.
Targets: 50x build < 60 s, warm query < 10 ms, cold search < 12x bare Python.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import MappingProxyType

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

from _timing import judge_argv, median_ms, wall_times  # noqa: E402

from judge_tool.rulebook import Rulebook, load_rulebook  # noqa: E402
from judge_tool.search import Engine, reset_engines  # noqa: E402
from judge_tool.search.evaluate import baseline_ranking, load_eval, score, tool_ranking  # noqa: E402

EVAL = REPO / "tests" / "search_eval.toml"
SEEDS = REPO.parent / "shared" / "seeds"


def quality(book) -> None:
    queries = load_eval(EVAL)
    subsets = {"all": queries,
               "held-out": [q for q in queries if q.set == "heldout"],
               "held-out 2": [q for q in queries if q.set == "heldout2"],
               "dev": [q for q in queries if q.set == "dev"]}
    tool = tool_ranking(book)
    base = baseline_ranking(SEEDS, book) if SEEDS.is_dir() else None
    print(f"search quality on {EVAL.relative_to(REPO)} ({len(queries)} queries)")
    print(f"{'':10} {'':>4}   {'judge search':^26}   {'Ctrl-F over the seed text':^26}")
    print(f"{'set':10} {'n':>4}   {'R@1':>7} {'R@3':>7} {'MRR':>7}     {'R@1':>7} {'R@3':>7} {'MRR':>7}")
    for name, subset in subsets.items():
        s = score(subset, tool)
        row = f"{name:10} {len(subset):>4}   {s.recall1:7.3f} {s.recall3:7.3f} {s.mrr:7.3f}"
        if base is not None:
            b = score(subset, base)
            row += f"     {b.recall1:7.3f} {b.recall3:7.3f} {b.mrr:7.3f}"
        else:
            row += "     (seeds not found: baseline skipped)"
        print(row)
    misses = score(queries, tool).misses
    for q, want, got in misses:
        print(f"  miss@3: {q!r} want {'/'.join(want)} got {', '.join(got)}")


def ablation(book) -> None:
    """Which analysis earns its keep: field sets, and Snowball's Turkish stemmer in place
    of turkish.search_stem (recall@3 / MRR, all queries and held-out)."""
    import judge_tool.search.query as Q
    from judge_tool.search import analysis as A

    queries = load_eval(EVAL)
    held = [q for q in queries if q.set == "heldout"]
    weights = ("W_STEM", "W_PRE", "W_PRE4", "W_HEAD_STEM")
    saved = {w: getattr(Q, w) for w in weights}
    variants = [
        ("exact words only", {"W_STEM": 0, "W_PRE": 0, "W_PRE4": 0, "W_HEAD_STEM": 0}),
        ("exact + stem", {"W_PRE": 0, "W_PRE4": 0}),
        ("exact + prefix (5, 4)", {"W_STEM": 0, "W_HEAD_STEM": 0}),
        ("exact + stem + prefix (shipped)", {}),
    ]
    print("analysis ablation (R@3 / MRR)")
    print(f"{'variant':<36} {'all':>13} {'held-out':>13}")
    tool = tool_ranking(book)
    for label, zero in variants:
        for w in weights:
            setattr(Q, w, zero.get(w, saved[w]))             # 0: the field is not queried
        a, h = score(queries, tool), score(held, tool)
        print(f"{label:<36} {a.recall3:6.3f}/{a.mrr:.3f} {h.recall3:6.3f}/{h.mrr:.3f}")
    for w in weights:
        setattr(Q, w, saved[w])

    class SnowballTurkish(A.TurkishAnalysis):
        version = "tr-snowball"

        def _stem_uncached(self, key: str) -> str:
            import snowballstemmer
            return snowballstemmer.stemmer("turkish").stemWord(key) or key

    A.register("tr", SnowballTurkish)
    reset_engines()
    try:
        a, h = score(queries, tool), score(held, tool)
        print(f"{'exact + Snowball stem + prefix':<36} {a.recall3:6.3f}/{a.mrr:.3f} {h.recall3:6.3f}/{h.mrr:.3f}")
    finally:
        A.register("tr", A.TurkishAnalysis)
        reset_engines()


def scaled_book(book: Rulebook, factor: int) -> Rulebook:
    """`factor` copies of every chapter under new chapter numbers (9 -> 109, 209, …)."""
    nodes = {}
    order = []
    for k in range(factor):
        def shift(rule_id: str) -> str:
            head, dot, rest = rule_id.partition(".")
            return f"{int(head) + 100 * k}{dot}{rest}" if head.isdigit() else rule_id
        for node in book:
            new = dataclasses.replace(
                node, id=shift(node.id), parent=shift(node.parent) if node.parent else None,
                children=tuple(shift(c) for c in node.children),
                refs=tuple(shift(r) for r in node.refs),
                text=f"{node.text} (kopya {k})" if node.text else node.text)
            nodes[new.id] = new
            order.append(new.id)
    meta = dataclasses.replace(book.meta, id=f"{book.meta.id}-x{factor}")
    return Rulebook(meta=meta, nodes=MappingProxyType(nodes), _order=tuple(order))


def time_build(book, cache: Path, runs: int = 1) -> float:
    times = []
    for _ in range(runs):
        shutil.rmtree(cache, ignore_errors=True)
        start = time.perf_counter()
        engine = Engine(book, cache=cache)
        times.append(time.perf_counter() - start)
        engine.close()
    return statistics.median(times)


def speed(book) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="judge-bench-"))
    try:
        print("search speed")
        t = time_build(book, tmp / "c1", runs=5)
        print(f"{'index build, rulebook':<40} {t * 1000:9.1f} ms  ({len(book)} rules, median of 5)")
        big = scaled_book(book, 50)
        t = time_build(big, tmp / "c50", runs=1)
        mark = "ok" if t < 60 else "OVER TARGET"
        print(f"{'index build, synthetic rulebook x50':<40} {t:9.2f} s   ({len(big)} rules; target < 60 s: {mark})")

        engine = Engine(book, cache=tmp / "c1")
        queries = [q.q for q in load_eval(EVAL)]
        for q in queries:                       # warm every code path once
            engine.search(q)
        times = []
        for _ in range(5):
            for q in queries:
                start = time.perf_counter()
                engine.search(q, limit=5)
                times.append(time.perf_counter() - start)
        med = statistics.median(times) * 1000
        p90 = statistics.quantiles(times, n=10)[-1] * 1000
        mark = "ok" if med < 10 else "OVER TARGET"
        print(f"{'warm query (eval set, limit 5)':<40} {med:9.2f} ms  median, p90 {p90:.2f} ms "
              f"(target < 10 ms: {mark})")
        engine.close()

        env = {"JUDGE_TOOL_CACHE": str(tmp / "cli"), "NO_COLOR": "1"}
        argv = [*judge_argv(), "search", "çatışma", "eşit", "güç"]
        wall_times(argv, runs=1, env=env)       # build the index once: what follows is a cold process, warm cache
        bare = median_ms(wall_times([sys.executable, "-c", "pass"], runs=15))
        cold = median_ms(wall_times(argv, runs=15, env=env))
        rule = median_ms(wall_times([*judge_argv(), "rule", "9.23.2"], runs=15, env=env))
        mark = "ok" if cold < 12 * bare else "OVER TARGET"
        print(f"{'python -c pass':<40} {bare:9.1f} ms")
        print(f"{'judge search (cold process)':<40} {cold:9.1f} ms  ({cold / bare:.1f}x bare Python; target < 12x: {mark})")
        print(f"{'judge rule 9.23.2 (for comparison)':<40} {rule:9.1f} ms  ({rule / bare:.1f}x bare Python)")
    finally:
        reset_engines()
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quality", action="store_true")
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--ablation", action="store_true", help="compare analysis variants")
    args = parser.parse_args()
    both = not (args.quality or args.speed or args.ablation)
    book = load_rulebook()
    if args.quality or both:
        with tempfile.TemporaryDirectory(prefix="judge-bench-q-") as cache:
            os.environ["JUDGE_TOOL_CACHE"] = cache
            quality(book)
            reset_engines()
    if args.ablation or both:
        with tempfile.TemporaryDirectory(prefix="judge-bench-a-") as cache:
            os.environ["JUDGE_TOOL_CACHE"] = cache
            print()
            ablation(book)
            reset_engines()
        if both:
            print()
    if args.speed or both:
        speed(book)


if __name__ == "__main__":
    main()
