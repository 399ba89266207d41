"""`judge ask`: the evaluation report (tests/ask_eval/, right / wrong / unanswered per
family and per set) and the median cold wall time of `judge ask` next to a bare
`python -c pass` on the same machine.

    python bench/bench_ask.py            # report + timing
    python bench/bench_ask.py --misses   # also list what was not answered right
    python bench/bench_ask.py --runs 5   # fewer timing runs
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from _timing import compare_to_bare_python, judge_argv

from judge_tool.ask import ask
from judge_tool.ask.evaluate import grade, load_cases, table
from judge_tool.rulebook import load_rulebook


def report(show_misses: bool) -> None:
    book = load_rulebook()
    cases = load_cases(Path(__file__).resolve().parent.parent / "tests" / "ask_eval")
    graded, times = [], []
    for case in cases:
        start = time.perf_counter()
        answer = ask(case.q, book=book)
        times.append(time.perf_counter() - start)
        graded.append(grade(case, answer))
    print(f"evaluation set: {len(cases)} questions "
          f"({sum(c.compound for c in cases)} compound, "
          f"{sum(c.want == 'unanswered' for c in cases)} to be left unanswered)")
    for by in ("family", "set"):
        print("\n".join(table(graded, by)))
        print()
    print(f"{'ask() in process (median)':<34} {statistics.median(times) * 1000:8.2f} ms")
    if show_misses:
        for g in graded:
            if g.grade != "right":
                print(f"  {g.grade:<10} [{g.case.set}] {g.case.q!r}: want {g.case.want!r}, "
                      f"got {g.got!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list what was not answered right")
    parser.add_argument("--runs", type=int, default=15, help="cold runs per command")
    args = parser.parse_args()
    report(args.misses)
    compare_to_bare_python("judge ask (cold, steal)",
                           [*judge_argv(), "ask", "19 güçlü birim kaç Gig çalar?"], runs=args.runs)
    compare_to_bare_python("judge ask --json (cold, fight)",
                           [*judge_argv(), "ask", "--json", "who wins, 8 power vs 3 power"],
                           runs=args.runs)
    compare_to_bare_python("judge ask (cold, unanswered)",
                           [*judge_argv(), "ask", "QUICK Program ne zaman oynanır?"],
                           runs=args.runs)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
