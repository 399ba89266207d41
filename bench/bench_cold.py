"""Cold start of every everyday command, side by side with bare `python -c pass`, against
the targets of issue 16 (rule, define, ask ≤ 5x; search ≤ 12x), and a warm in-process
query (≤ 10 ms).

    python bench/bench_cold.py            # 15 interleaved runs per command
    python bench/bench_cold.py --runs 31  # steadier on a busy machine

The "click path" rows run the same forms with JUDGE_TOOL_NO_FASTPATH=1 (what the fast
path saves). It times the `judge` on PATH: run it from a regular install too
(`pip install .` into a fresh venv), which is what users have.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from _timing import byte_compile, judge_argv, paired

CLICK_ONLY = {"JUDGE_TOOL_NO_FASTPATH": "1"}
COMMANDS = [
    ("judge rule 9.23.2", ["rule", "9.23.2"], 5),
    ("judge define blocker", ["define", "blocker"], 5),
    ("  same, click path: rule", ["rule", "9.23.2"], None, CLICK_ONLY),
    ("  same, click path: define", ["define", "blocker"], None, CLICK_ONLY),
    ("judge ask (steal)", ["ask", "19 güçlü birim kaç Gig çalar?"], 5),
    ("judge ask (fight)", ["ask", "8 güçlü birim 3 güçlü birime saldırırsa kim kazanır?"], 5),
    ("judge search çatışma", ["search", "çatışma"], 12),
]


def warm_in_process() -> list[tuple[str, float]]:
    """Median ms of a repeated query in one process (what a long-running bot pays)."""
    from judge_tool.ask import ask
    from judge_tool.glossary import load_glossary
    from judge_tool.rulebook import load_rulebook
    from judge_tool.search import engine_for

    book = load_rulebook()
    engine = engine_for(book)
    glossary = load_glossary()
    jobs = [
        ("rule lookup", lambda: book.resolve("9.23.2")),
        ("define lookup", lambda: glossary.lookup("blocker")),
        ("search query", lambda: engine.search("çatışma")),
        ("ask (steal)", lambda: ask("19 güçlü birim kaç Gig çalar?", book=book)),
    ]
    out = []
    for label, job in jobs:
        job()
        times = []
        for _ in range(30):
            start = time.perf_counter()
            job()
            times.append(time.perf_counter() - start)
        out.append((label, statistics.median(times) * 1000))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    byte_compile()
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{judge_argv()[0]}; load average {load}")
    print(f"{'command (medians, ms)':<28} {'wall':>7} {'bare':>6} {'ratio':>6} "
          f"{'cpu':>7} {'bare':>6} {'ratio':>6}  target")
    for label, argv, target, *env in COMMANDS:
        (bare, cmd), (cbare, ccmd) = paired([*judge_argv(), *argv], args.runs, *env)
        ratio, cratio = cmd / bare, ccmd / cbare
        goal = "" if target is None else f"≤{target}x {'ok' if ratio <= target else 'OVER'}"
        print(f"{label:<28} {cmd:7.1f} {bare:6.1f} {ratio:5.1f}x {ccmd:7.1f} {cbare:6.1f} "
              f"{cratio:5.1f}x  {goal}")
    for label, ms in warm_in_process():
        mark = "ok" if ms <= 10 else "OVER"
        print(f"{'warm in-process ' + label:<28} {ms:7.2f} ms  ≤10 ms {mark}")


if __name__ == "__main__":
    main()
