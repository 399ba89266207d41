"""Helpers for the hostile-input tests: run the real entry point (`judge_tool.cli.main`)
in-process with captured streams, and check the contract every run must keep."""

from __future__ import annotations

import time
from dataclasses import dataclass

from click.testing import CliRunner

CATCH_LIMIT_SECONDS = 1.0


@dataclass
class Run:
    code: int
    out: str
    err: str
    seconds: float


def run_main(*args: str, env: dict | None = None, input: str | None = None,
             charset: str = "utf-8", fast: bool = True) -> Run:
    """`judge ARGS` through `main()` (one-line errors, limits, stream handling included).
    `fast=False` sends every form to click (JUDGE_TOOL_NO_FASTPATH), so a test can run both
    paths; `charset` is the terminal's encoding."""
    from judge_tool.cli import main

    env = {**(env or {}), "JUDGE_TOOL_NO_FASTPATH": None if fast else "1"}
    runner = CliRunner(charset=charset)
    started = time.perf_counter()
    with runner.isolation(input=input, env=env) as (out, err, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        seconds = time.perf_counter() - started
        return Run(code, out.getvalue().decode(charset, "replace"),
                   err.getvalue().decode(charset, "replace"), seconds)


def assert_contract(res: Run, *, codes=(0, 1, 2), limit: float = CATCH_LIMIT_SECONDS) -> None:
    """Exit 0, 1 or 2; an error is one line on stderr starting with 'judge: ' (notices may
    add single lines); never a traceback; within the time limit; no raw control
    characters on stderr."""
    assert res.code in codes, (res.code, res.err[-500:])
    assert "Traceback" not in res.err and "Traceback" not in res.out, res.err[-2000:]
    if res.code != 0:
        lines = [line for line in res.err.splitlines() if line.strip()]
        assert lines, "an error must say something"
        assert all(line.startswith("judge: ") for line in lines), res.err[-500:]
        assert len(lines) <= 2, res.err[-1000:]       # the error, at most one notice before it
    for ch in res.err:
        assert ch == "\n" or ord(ch) >= 32 and ord(ch) != 127, repr(res.err[-200:])
    assert res.seconds < limit, f"took {res.seconds:.2f} s"
