"""The search index's life in the cache: where it goes, atomic builds, two cold processes at
once, damaged and half-written indexes, an unwritable cache, an older rulebook."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from judge_tool.rulebook import load_folder
from judge_tool.search import Engine, reset_engines
from judge_tool.search.index import MARKER, cache_root

REPO = Path(__file__).resolve().parent.parent

META = """id = "mini"
game = "Mini"
language = "tr"
version = "1"
date = "2026-11-30"
source_prefixes = { "000" = "x.txt" }
chapters = ["09.md"]
"""

CHAPTER = """# 9. Saldırı

## Çatışma Adımı

### 9.17. Çatışma

**9.17.1.** Daha yüksek güce sahip olan birim çatışmayı kazanır.

**9.17.3.** Her iki birimin gücü eşitse iki birim de çatışmayı kaybeder.

## Çalma Adımı

**9.22.** Gig alanında zar yoksa hiçbir Gig çalınamaz.
"""


def make_book(folder: Path, chapter: str = CHAPTER) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "rulebook.toml").write_text(META, encoding="utf-8")
    (folder / "09.md").write_text(chapter, encoding="utf-8")
    return folder


@pytest.fixture
def mini(tmp_path):
    return load_folder(make_book(tmp_path / "book"))


@pytest.fixture(autouse=True)
def _no_cached_engines():
    reset_engines()
    yield
    reset_engines()


def index_dirs(cache: Path) -> list[Path]:
    root = cache / "index" / "mini"
    return sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []


# --- location -------------------------------------------------------------------------

def test_cache_location(monkeypatch, tmp_path):
    monkeypatch.delenv("JUDGE_TOOL_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "judge-tool"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_root() == tmp_path / "home" / ".cache" / "judge-tool"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("JUDGE_TOOL_CACHE", str(tmp_path / "explicit"))
    assert cache_root() == tmp_path / "explicit"


def test_built_once_then_reused(mini, tmp_path):
    cache = tmp_path / "cache"
    first = Engine(mini, cache=cache, use_glossary=False)
    assert first.opened.built and first.opened.path is not None
    assert (first.opened.path / MARKER).is_file()
    assert [h.id for h in first.search("eşit güç", limit=1)] == ["9.17.3"]
    first.close()
    second = Engine(mini, cache=cache, use_glossary=False)
    assert not second.opened.built and second.opened.path == first.opened.path
    assert [h.id for h in second.search("catisma esit", limit=1)] == ["9.17.3"]
    second.close()
    # nothing temporary left behind
    assert [p.name for p in (cache / "index" / "mini").iterdir()] == [first.opened.key]


def test_rebuild_on_request(mini, tmp_path):
    cache = tmp_path / "cache"
    Engine(mini, cache=cache, use_glossary=False, rebuild=True).close()
    again = Engine(mini, cache=cache, use_glossary=False, rebuild=True)
    assert again.opened.built and again.search("kazanır")
    again.close()
    assert len(index_dirs(cache)) == 1


# --- an older rulebook ------------------------------------------------------------------

def test_changed_rulebook_gets_a_new_index_and_the_old_one_goes(tmp_path):
    cache = tmp_path / "cache"
    folder = make_book(tmp_path / "book")
    old = Engine(load_folder(folder), cache=cache, use_glossary=False)
    old_path = old.opened.path
    assert not old.search("berabere")
    old.close()
    make_book(folder, CHAPTER.replace("eşitse", "eşitse (berabere)"))
    new = Engine(load_folder(folder), cache=cache, use_glossary=False)
    assert new.opened.built and new.opened.path != old_path
    assert [h.id for h in new.search("berabere", limit=1)] == ["9.17.3"]
    new.close()
    assert index_dirs(cache) == [new.opened.path]


def test_analyzer_version_is_part_of_the_key(mini, tmp_path, monkeypatch):
    from judge_tool.search import index as index_mod
    cache = tmp_path / "cache"
    first = Engine(mini, cache=cache, use_glossary=False)
    first_key = first.opened.key              # the index opens on first need
    first.close()
    monkeypatch.setattr(index_mod, "SCHEMA_VERSION", index_mod.SCHEMA_VERSION + "-next")
    second = Engine(mini, cache=cache, use_glossary=False)
    assert second.opened.built and second.opened.key != first_key
    second.close()


# --- damage -------------------------------------------------------------------------------

def _damage(path: Path, how: str) -> None:
    files = [p for p in path.iterdir() if p.is_file() and p.name != MARKER]
    if how == "marker-missing":
        (path / MARKER).unlink()
    elif how == "marker-garbage":
        (path / MARKER).write_text("{not json", encoding="utf-8")
    elif how == "truncated":
        biggest = max(files, key=lambda p: p.stat().st_size)
        biggest.write_bytes(biggest.read_bytes()[: biggest.stat().st_size // 2])
    elif how == "garbage-same-size":
        for p in files:
            p.write_bytes(b"\x00" * p.stat().st_size)
    elif how in ("marker-null", "marker-list", "marker-number", "marker-files-wrong"):
        body = {"marker-null": "null", "marker-list": "[]", "marker-number": "7",
                "marker-files-wrong": '{"files": {"../x": "big"}, "crc32": {}}'}[how]
        (path / MARKER).write_text(body, encoding="utf-8")
    elif how == "one-byte-flipped":
        # same size, one byte inside a segment changed: only a checksum notices
        for p in files:
            data = bytearray(p.read_bytes())
            if len(data) > 64:
                data[len(data) // 2] ^= 0xFF
                p.write_bytes(bytes(data))
    elif how == "zlib-garbage":
        for p in files:
            if p.suffix in (".seg", ".trm", ".pst", ".fdt") or p.stat().st_size > 1000:
                p.write_bytes(b"x\x9c" + b"\xff" * (p.stat().st_size - 2))
    elif how == "file-missing":
        for p in files:
            p.unlink()
    elif how == "empty-dir":
        for p in path.iterdir():
            p.unlink()
    else:  # pragma: no cover
        raise ValueError(how)


@pytest.mark.parametrize("how", ["marker-missing", "marker-garbage", "truncated",
                                 "garbage-same-size", "file-missing", "empty-dir",
                                 "marker-null", "marker-list", "marker-number",
                                 "marker-files-wrong", "one-byte-flipped", "zlib-garbage"])
def test_damaged_index_is_detected_and_rebuilt(mini, tmp_path, capsys, how):
    cache = tmp_path / "cache"
    first = Engine(mini, cache=cache, use_glossary=False)
    path = first.opened.path
    first.close()
    _damage(path, how)
    capsys.readouterr()
    again = Engine(mini, cache=cache, use_glossary=False)
    assert again.opened.built and again.opened.path == path
    assert [h.id for h in again.search("eşit güç", limit=1)] == ["9.17.3"]
    again.close()
    err = capsys.readouterr().err
    assert err.count("\n") <= 1 and "Traceback" not in err
    assert index_dirs(cache) == [path]


def test_half_written_build_is_ignored_and_cleaned_later(mini, tmp_path):
    cache = tmp_path / "cache"
    root = cache / "index" / "mini"
    stale = root / ".tmp-deadbeef-crashed"
    stale.mkdir(parents=True)
    (stale / "_MAIN_1.toc").write_bytes(b"half")
    (stale / "judge-build.json").write_text('{"pid": 1, "host": "elsewhere"}')  # ours, by its marker
    old = time.time() - 7200
    os.utime(stale, (old, old))
    engine = Engine(mini, cache=cache, use_glossary=False)
    assert engine.opened.built and engine.search("çalınamaz")
    engine.close()
    assert not stale.exists()


# --- no writable cache -------------------------------------------------------------------

def test_unwritable_cache_falls_back_to_memory(mini, tmp_path, capsys):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache folder should be")
    engine = Engine(mini, cache=blocker / "cache", use_glossary=False)
    assert engine.opened.path is None
    assert [h.id for h in engine.search("eşit güç", limit=1)] == ["9.17.3"]
    engine.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("judge: ") and "in-memory" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write to a read-only directory")
def test_read_only_cache_dir(mini, tmp_path, capsys):
    cache = tmp_path / "cache"
    cache.mkdir()
    cache.chmod(0o555)
    try:
        engine = Engine(mini, cache=cache, use_glossary=False)
        assert engine.opened.path is None and engine.search("eşit güç")
        engine.close()
    finally:
        cache.chmod(0o755)
    assert "in-memory" in capsys.readouterr().err


@pytest.mark.skipif(os.geteuid() != 0 or not hasattr(os, "fork"), reason="needs root to drop to another user")
def test_read_only_cache_dir_as_another_user(mini, tmp_path):
    """CI runs as root, who may write anywhere: a forked child drops to user nobody and
    meets a cache folder it may read but not write."""
    import tempfile

    warm = Engine(mini, cache=tmp_path / "warm", use_glossary=False)     # imports done here:
    warm.search("eşit güç")                                              # the child cannot read
    warm.close()                                                         # root's site-packages
    cache = Path(tempfile.mkdtemp(prefix="judge-ro-", dir="/tmp"))
    cache.chmod(0o555)
    err_path = Path(tempfile.mkstemp(prefix="judge-ro-err-", dir="/tmp")[1])
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:                                   # the child: never returns to pytest
        status = 1
        try:
            with open(err_path, "w") as err:
                os.dup2(err.fileno(), 2)
                sys.stderr = open(2, "w", closefd=False)   # not pytest's capture
                os.setgid(65534)
                os.setuid(65534)
                engine = Engine(mini, cache=cache, use_glossary=False)
                ok = engine.opened.path is None and [h.id for h in engine.search("eşit güç", limit=1)] == ["9.17.3"]
                os.write(write_end, b"ok" if ok else b"wrong")
                sys.stderr.flush()
                status = 0
        except BaseException:                      # report, never continue pytest in the child
            import traceback
            os.write(2, traceback.format_exc().encode())   # fd 2 is the error file by now
        finally:
            os._exit(status)
    os.close(write_end)
    _, status = os.waitpid(pid, 0)
    result = os.read(read_end, 16)
    os.close(read_end)
    notice = err_path.read_text()
    cache.chmod(0o755)
    cache.rmdir()
    err_path.unlink()
    assert status == 0 and result == b"ok", (status, result, notice)
    assert notice.count("\n") == 1 and "in-memory" in notice


def test_read_only_cache_with_a_good_index_is_used(mini, tmp_path, capsys):
    cache = tmp_path / "cache"
    Engine(mini, cache=cache, use_glossary=False, rebuild=True).close()
    for p in [cache, *cache.rglob("*")]:
        p.chmod(0o555 if p.is_dir() else 0o444)
    try:
        engine = Engine(mini, cache=cache, use_glossary=False)
        assert not engine.opened.built and engine.opened.path is not None
        assert engine.search("eşit güç")
        engine.close()
    finally:
        for p in [cache, *cache.rglob("*")]:
            p.chmod(0o755 if p.is_dir() else 0o644)
    assert capsys.readouterr().err == ""


def test_cli_unwritable_cache_one_line_notice(run_judge, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run_judge("search", "eşit güç", env={"JUDGE_TOOL_CACHE": str(blocker / "c")})
    assert result.returncode == 0 and "9.17.3" in result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("judge: ") and "Traceback" not in result.stderr


# --- two cold processes at once ------------------------------------------------------------

RACER = textwrap.dedent("""
    import json, os, sys, time
    sys.path.insert(0, {repo!r})
    from pathlib import Path
    from judge_tool.rulebook import load_folder
    from judge_tool.search import Engine
    from judge_tool.search import index as index_mod
    _build = index_mod.build_into
    builds = []
    def slow_build(*args, **kwargs):      # widen the window: every process builds, then races
        builds.append(1)
        marker = _build(*args, **kwargs)
        time.sleep(0.5)
        return marker
    index_mod.build_into = slow_build
    book = load_folder(Path(sys.argv[1]))
    import judge_tool.search.query, judge_tool.search.analysis  # imports before the start line,
    import whoosh.filedb.filestore, whoosh.searching             # so the build itself races
    from judge_tool import datacache, resources
    resources.data_root()
    engine = Engine(book, cache=Path(sys.argv[2]), use_glossary=False)  # opens nothing yet
    engine.names
    barrier, racers = Path(sys.argv[3]), int(sys.argv[4])   # start together, however slow
    (barrier / str(os.getpid())).touch()                     # the machine is: each waits
    deadline = time.time() + 60                              # until all are ready
    while len(list(barrier.iterdir())) < racers and time.time() < deadline:
        time.sleep(0.001)
    hits = engine.search("eşit güç", limit=1)
    print(json.dumps({{"built": len(builds), "path": str(engine.opened.path),
                      "top": hits[0].id if hits else None}}))
""")


@pytest.mark.parametrize("processes", [2, 4])
def test_concurrent_cold_starts_all_succeed(tmp_path, processes):
    folder = make_book(tmp_path / "book")
    cache = tmp_path / "cache"
    script = tmp_path / "racer.py"
    script.write_text(RACER.format(repo=str(REPO)), encoding="utf-8")
    barrier = tmp_path / "ready"
    barrier.mkdir()
    procs = [subprocess.Popen([sys.executable, str(script), str(folder), str(cache), str(barrier),
                               str(processes)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(processes)]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert "Traceback" not in err and err == ""
        results.append(json.loads(out))
    assert all(r["top"] == "9.17.3" for r in results)
    assert sum(r["built"] for r in results) >= 2           # the race really happened
    paths = {r["path"] for r in results}
    assert len(paths) == 1 and "None" not in paths           # all use the one installed index
    root = cache / "index" / "mini"
    assert [p.name for p in root.iterdir()] == [Path(next(iter(paths))).name]


def test_concurrent_cli_cold_starts(run_judge, tmp_path):
    """Two real `judge search` processes on an empty cache."""
    cache = tmp_path / "shared-cache"
    env = {**os.environ, "NO_COLOR": "1", "JUDGE_TOOL_CACHE": str(cache)}
    from conftest import judge_command
    procs = [subprocess.Popen([*judge_command(), "search", "çatışma", "eşit"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
             for _ in range(2)]
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and err == "", err
        assert "9.17" in out
    entries = list((cache / "index" / "cyberpunk-tcg").iterdir())
    assert len(entries) == 1 and not entries[0].name.startswith(".")


def test_relative_xdg_cache_home_is_ignored(monkeypatch, tmp_path):
    # the XDG base directory spec: relative paths are invalid and must be ignored
    monkeypatch.delenv("JUDGE_TOOL_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative-cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache_root() == tmp_path / ".cache" / "judge-tool"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "judge-tool"
