"""`judge ask`: the evaluation report (tests/ask_eval/, right / wrong / unanswered per
family and per set), the in-process time of `ask()`, and the median cold wall and CPU time
of `judge ask` next to a bare `python -c pass` run in turn on the same machine.

    python bench/bench_ask.py            # report + timing (wall and CPU, next to bare Python)
    python bench/bench_ask.py --misses   # also list what was not answered right
    python bench/bench_ask.py --runs 5   # fewer timing runs
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from _timing import byte_compile, judge_argv, paired

from judge_tool.ask import ask
from judge_tool.ask.evaluate import grade, load_cases, table
from judge_tool.rulebook import load_rulebook


# The cold runs: the everyday start (fast path, index and compiled cache in place).
COLD = [
    ("judge ask (steal)", ["ask", "19 güçlü birim kaç Gig çalar?"]),
    ("judge ask --json (fight)", ["ask", "--json", "who wins, 8 power vs 3 power"]),
    ("judge ask (unanswered)", ["ask", "QUICK Program ne zaman oynanır?"]),
]


def report(show_misses: bool) -> None:
    book = load_rulebook()
    cases = load_cases(Path(__file__).resolve().parent.parent / "tests" / "ask_eval")
    graded, times, cpu = [], [], []
    for case in cases:
        start, start_cpu = time.perf_counter(), time.process_time()
        answer = ask(case.q, book=book)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        graded.append(grade(case, answer))
    print(f"evaluation set: {len(cases)} questions "
          f"({sum(c.compound for c in cases)} compound, "
          f"{sum(c.want == 'unanswered' for c in cases)} to be left unanswered)")
    for by in ("family", "set"):
        print("\n".join(table(graded, by)))
        print()
    print(f"{'ask() in process (median)':<34} {statistics.median(times) * 1000:8.2f} ms wall, "
          f"{statistics.median(cpu) * 1000:.2f} ms CPU")
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
    byte_compile()
    print(f"{'cold, medians (ms)':<32} {'wall':>7} {'bare':>6} {'ratio':>6} {'cpu':>7} "
          f"{'bare':>6} {'ratio':>6}")
    for label, words in COLD:
        (bare, cmd), (cbare, ccmd) = paired([*judge_argv(), *words], args.runs)
        print(f"{label:<32} {cmd:7.1f} {bare:6.1f} {cmd / bare:5.1f}x {ccmd:7.1f} {cbare:6.1f} "
              f"{ccmd / cbare:5.1f}x")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
