"""Shared fixtures. The seed texts live in ../shared/seeds beside the checkout; tests that
need them skip when the folder is absent, so the project's own tests pass without it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests assert behaviour, not speed: on a loaded CI machine hypothesis's default
# 200 ms deadline per example failed a pure arithmetic test. Speed is the bench's job.
settings.register_profile("judge", deadline=None)
settings.load_profile("judge")

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO.parent / "shared" / "seeds"


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    if not (SEEDS / "000_98b2ab66d0393cb8.txt").is_file():
        pytest.skip("seed texts (../shared/seeds) not present")
    return SEEDS


@pytest.fixture(scope="session")
def book():
    from judge_tool.rulebook import load_rulebook
    return load_rulebook()


def judge_command() -> list[str]:
    exe = shutil.which("judge")
    return [exe] if exe else [sys.executable, "-m", "judge_tool"]


@pytest.fixture
def run_judge(tmp_path):
    """Run the real `judge` command in a subprocess, from an unrelated directory."""
    def run(*args: str, env: dict | None = None, input: str | None = None):
        full_env = {**os.environ, "NO_COLOR": "1", "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
        if env:
            full_env.update(env)
        return subprocess.run(
            [*judge_command(), *args], capture_output=True, text=True,
            cwd=tmp_path, env=full_env, input=input, timeout=120,
        )
    return run
