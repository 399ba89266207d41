"""The card pool: load time, lookup speed over every card typed sloppily, and the cold
wall time of `judge card` / `judge cards --stats` next to bare Python."""

from __future__ import annotations

import statistics
import time

from _timing import compare_to_bare_python, judge_argv

from judge_tool.cards import load_pool, lookup
from judge_tool.cards.pool import card_names, load_folder
from judge_tool.resources import data_path
from judge_tool.turkish import ascii_fold


def main() -> None:
    times = []
    for _ in range(10):
        start = time.perf_counter()
        load_folder(data_path("cards"))
        times.append(time.perf_counter() - start)
    pool = load_pool()
    print(f"cards: {len(pool)}, expressible {sum(c.expressible for c in pool)}")
    print(f"{'pool load (parse + validate)':<34} {statistics.median(times) * 1000:8.2f} ms (median of 10)")
    start = time.perf_counter()
    card_names.cache_clear()
    card_names()
    print(f"{'name scan (judge rule)':<34} {(time.perf_counter() - start) * 1000:8.2f} ms")
    queries = [ascii_fold(c.display).lower().replace(":", "") for c in pool]
    start = time.perf_counter()
    found = sum(1 for q, c in zip(queries, pool) if [m.card for m in lookup(q, pool)] == [c])
    per = (time.perf_counter() - start) / len(queries) * 1000
    print(f"{'lookup, per query':<34} {per:8.2f} ms ({found}/{len(queries)} found exactly)")
    compare_to_bare_python("judge card deadman (cold)", [*judge_argv(), "card", "deadman"], runs=7)
    compare_to_bare_python("judge cards --stats (cold)", [*judge_argv(), "cards", "--stats"], runs=7)


if __name__ == "__main__":
    main()
