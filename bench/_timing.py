"""Small timing helpers shared by the bench scripts (wall time of whole commands)."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time


def judge_argv() -> list[str]:
    exe = shutil.which("judge")
    return [exe] if exe else [sys.executable, "-m", "judge_tool"]


def wall_times(argv: list[str], runs: int = 15, env: dict | None = None) -> list[float]:
    times = []
    full_env = {**os.environ, **(env or {})}
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=full_env)
        times.append(time.perf_counter() - start)
    return times


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def compare_to_bare_python(label: str, argv: list[str], runs: int = 15, env: dict | None = None) -> None:
    bare = median_ms(wall_times([sys.executable, "-c", "pass"], runs))
    cmd = median_ms(wall_times(argv, runs, env))
    print(f"{'python -c pass':<34} {bare:8.1f} ms")
    print(f"{label:<34} {cmd:8.1f} ms   ({cmd / bare:.1f}x bare Python)")
