"""`judge ask`: accuracy on the phrasing set (tests/ask_phrasings.toml) per set and per
family, and the median cold wall time of `judge ask` next to bare Python.

    python bench/bench_ask.py            # accuracy + timing
    python bench/bench_ask.py --misses   # also list the phrasings answered wrong
    python bench/bench_ask.py --runs 5   # fewer timing runs
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tomllib
from collections import defaultdict
from pathlib import Path

from _timing import compare_to_bare_python, judge_argv

from judge_tool.ask import ask
from judge_tool.rulebook import load_rulebook

PHRASINGS = Path(__file__).resolve().parent.parent / "tests" / "ask_phrasings.toml"


def accuracy(show_misses: bool) -> None:
    entries = tomllib.loads(PHRASINGS.read_text(encoding="utf-8"))["phrasing"]
    book = load_rulebook()
    by_set: dict[str, list[bool]] = defaultdict(list)
    by_kind: dict[str, list[bool]] = defaultdict(list)
    misses = []
    times = []
    for entry in entries:
        want = None if entry["value"] == "null" else entry["value"]
        start = time.perf_counter()
        answer = ask(entry["q"], book=book)
        times.append(time.perf_counter() - start)
        ok = (answer.kind, answer.value) == (entry["kind"], want)
        by_set[entry["set"]].append(ok)
        by_kind[entry["kind"]].append(ok)
        if not ok:
            misses.append((entry["set"], entry["q"], (entry["kind"], want), (answer.kind, answer.value)))
    everything = [ok for oks in by_set.values() for ok in oks]
    print(f"phrasings: {len(everything)} ({PHRASINGS.name})")
    print(f"{'all':<34} {sum(everything):4d}/{len(everything):<4d} {100 * sum(everything) / len(everything):6.1f} %")
    for name in sorted(by_set):
        oks = by_set[name]
        print(f"{'set ' + name:<34} {sum(oks):4d}/{len(oks):<4d} {100 * sum(oks) / len(oks):6.1f} %")
    for name in sorted(by_kind):
        oks = by_kind[name]
        print(f"{'  kind ' + name:<34} {sum(oks):4d}/{len(oks):<4d}")
    print(f"{'ask() in process (median)':<34} {statistics.median(times) * 1000:8.2f} ms")
    if show_misses:
        for set_name, q, want, got in misses:
            print(f"  MISS [{set_name}] {q!r}: expected {want}, got {got}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list the wrong answers")
    parser.add_argument("--runs", type=int, default=15, help="cold runs per command")
    args = parser.parse_args()
    accuracy(args.misses)
    compare_to_bare_python("judge ask (cold process, family)",
                           [*judge_argv(), "ask", "19 güçlü birim kaç Gig çalar?"], runs=args.runs)
    compare_to_bare_python("judge ask --json (cold, family)",
                           [*judge_argv(), "ask", "--json", "who wins, 8 power vs 3 power"],
                           runs=args.runs)
    compare_to_bare_python("judge ask (cold, search fallback)",
                           [*judge_argv(), "ask", "BLOCKER ne işe yarar?"], runs=args.runs)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
