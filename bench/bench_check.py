"""`judge check`: how many shipped scenarios the engine checks per second.

    python bench/bench_check.py             # in-process throughput + one `check --all` wall time
    python bench/bench_check.py --seconds 5 # measure longer

Counts a scenario once even when an "enumerate" roll makes it run every face.
"""

from __future__ import annotations

import argparse
import time

from _timing import compare_to_bare_python, judge_argv

from judge_tool.engine.scenario import load_scenario, run_scenario, shipped_scenarios


def throughput(seconds: float) -> None:
    paths = shipped_scenarios()
    loaded = [load_scenario(p) for p in paths]
    runs = sum(len(run_scenario(s).runs) for s in loaded)

    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for scn in loaded:
            run_scenario(scn)
        done += len(loaded)
    run_only = done / (time.perf_counter() - start)

    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for path in paths:
            run_scenario(load_scenario(path))
        done += len(paths)
    with_load = done / (time.perf_counter() - start)

    print(f"shipped scenarios                  {len(paths):8d}   ({runs} engine runs with enumerated faces)")
    print(f"run only                           {run_only:8.0f} scenarios/s")
    print(f"parse + validate + run             {with_load:8.0f} scenarios/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=5, help="wall-time runs of `judge check --all`")
    args = parser.parse_args()
    throughput(args.seconds)
    compare_to_bare_python("judge check --all (wall, median)", [*judge_argv(), "check", "--all"], args.runs)


if __name__ == "__main__":
    main()
