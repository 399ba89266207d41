"""Small timing helpers shared by the bench scripts (wall time of whole commands).

Cold-process figures are medians of interleaved runs (bare Python, then the command, in
turn), so a burst of load on a shared machine hits both sides alike. Before timing, the
package is byte-compiled (as `pip install` does) and each command runs once, so the figure
is the everyday start: the search index and the compiled data cache already exist."""

from __future__ import annotations

import compileall
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

BARE = [sys.executable, "-c", "pass"]


def judge_argv() -> list[str]:
    exe = shutil.which("judge")
    return [exe] if exe else [sys.executable, "-m", "judge_tool"]


def byte_compile() -> None:
    """Write the .pyc files a normal install has (PYTHONDONTWRITEBYTECODE may be set)."""
    import judge_tool
    compileall.compile_dir(str(Path(judge_tool.__file__).parent), quiet=2)


def _once(argv: list[str], env: dict) -> float:
    return _run(argv, env)[0]


def _run(argv: list[str], env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system of the child)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def wall_times(argv: list[str], runs: int = 15, env: dict | None = None) -> list[float]:
    full_env = {**os.environ, **(env or {})}
    return [_once(argv, full_env) for _ in range(runs)]


def paired_ms(argv: list[str], runs: int = 15, env: dict | None = None) -> tuple[float, float]:
    """(bare Python median ms, command median ms), wall time, measured in turn."""
    wall, _cpu = paired(argv, runs, env)
    return wall


def paired(argv: list[str], runs: int = 15, env: dict | None = None
           ) -> tuple[tuple[float, float], tuple[float, float]]:
    """((bare, command) median wall ms, (bare, command) median CPU ms), measured in turn.
    On a shared, loaded machine the CPU figures are the steadier ones."""
    full_env = {**os.environ, **(env or {})}
    _once(argv, full_env)                         # warm: index and compiled data exist
    rows: dict[str, list[tuple[float, float]]] = {"bare": [], "cmd": []}
    for _ in range(runs):
        rows["bare"].append(_run(BARE, full_env))
        rows["cmd"].append(_run(argv, full_env))

    def med(name: str, i: int) -> float:
        return statistics.median(r[i] for r in rows[name]) * 1000
    return (med("bare", 0), med("cmd", 0)), (med("bare", 1), med("cmd", 1))


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def compare_to_bare_python(label: str, argv: list[str], runs: int = 15, env: dict | None = None) -> float:
    """Print the command next to bare Python; return the ratio."""
    byte_compile()
    bare, cmd = paired_ms(argv, runs, env)
    print(f"{'python -c pass':<40} {bare:8.1f} ms")
    print(f"{label:<40} {cmd:8.1f} ms   ({cmd / bare:.1f}x bare Python)")
    return cmd / bare
