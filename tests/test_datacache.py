"""The compiled data cache: built once per data version, read back checksum-verified,
rebuilt with a one-line notice when damaged or stale, and never touching other files."""

from __future__ import annotations

import os
import time

import pytest

from judge_tool import datacache


def _decoded(path) -> dict:
    """The entries of a compiled file, each unpickled (the file keeps each as a pickle)."""
    import pickle
    return {name: pickle.loads(raw) for name, raw in datacache._read(path).items()}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_TOOL_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("JUDGE_TOOL_NO_DATACACHE", raising=False)
    datacache.reset()
    yield tmp_path / "cache" / "compiled"
    datacache.reset()


def test_built_once_then_read_back(cache, capsys):
    calls = []

    def build():
        calls.append(1)
        return {"rules": ("9.23.2",)}

    assert datacache.cached("t:x", build) == {"rules": ("9.23.2",)}
    datacache.reset()
    assert datacache.cached("t:x", build) == {"rules": ("9.23.2",)}
    assert calls == [1]
    assert capsys.readouterr().err == ""
    files = list(cache.glob("*.pickle"))
    assert len(files) == 1 and files[0].read_bytes().startswith(datacache.MAGIC)


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage", "empty"])
def test_damaged_file_is_detected_and_rebuilt_with_a_notice(cache, capsys, damage):
    datacache.cached("t:x", lambda: list(range(100)))
    path = next(cache.glob("*.pickle"))
    data = bytearray(path.read_bytes())
    if damage == "flip":
        data[-5] ^= 0xFF
    elif damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "garbage":
        data = bytearray(datacache.MAGIC + b"\0" * 40)
    else:
        data = bytearray()
    path.write_bytes(bytes(data))
    datacache.reset()
    calls = []
    assert datacache.cached("t:x", lambda: calls.append(1) or list(range(100))) == list(range(100))
    assert calls == [1]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "damaged" in err and "Traceback" not in err
    assert _decoded(path) == {"t:x": list(range(100))}


def test_stale_versions_removed_other_files_kept(cache, capsys):
    cache.mkdir(parents=True)
    old_ours = cache / "0123456789abcdef01234567.pickle"
    old_ours.write_bytes(datacache.MAGIC + b"\0" * 40)
    day_ago = time.time() - datacache.STALE_SECONDS - 60
    os.utime(old_ours, (day_ago, day_ago))
    recent_other_version = cache / "fedcba9876543210fedcba98.pickle"
    recent_other_version.write_bytes(datacache.MAGIC + b"\0" * 40)
    theirs = cache / "someone-else.pickle"
    theirs.write_bytes(b"not ours")
    note = cache / "notes.txt"
    note.write_text("keep")
    datacache.cached("t:x", lambda: 1)
    assert not old_ours.exists()
    # another version in use (a second install sharing the cache) is left alone
    assert recent_other_version.exists()
    assert theirs.read_bytes() == b"not ours" and note.read_text() == "keep"
    assert "rebuilt" in capsys.readouterr().err


def test_a_file_writable_by_others_is_not_trusted(cache, capsys):
    datacache.cached("t:x", lambda: "good")
    path = next(cache.glob("*.pickle"))
    os.chmod(path, 0o666)
    datacache.reset()
    assert datacache.cached("t:x", lambda: "rebuilt") == "rebuilt"
    assert "damaged" in capsys.readouterr().err


def test_unwritable_cache_still_answers(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("JUDGE_TOOL_CACHE", str(blocker))
    datacache.reset()
    try:
        assert datacache.cached("t:x", lambda: 42) == 42
    finally:
        datacache.reset()


@pytest.fixture
def walked(monkeypatch):
    """The key of a checkout or an editable install (a walk over the files), also where the
    tests run against a regular install (CI), whose key is its RECORD's (tested below)."""
    monkeypatch.setattr(datacache, "_wheel_record", lambda package, data: None)
    datacache.reset()
    yield
    datacache.reset()


def test_key_follows_the_data(cache, tmp_path, walked):
    """A changed data file gives a new key (so a new compiled file)."""
    from judge_tool.resources import data_root
    _assert_touching_changes_the_key(data_root() / "rules" / "concepts.toml")


def _assert_touching_changes_the_key(path) -> None:
    """A newer modification time of `path` gives a new key (restored afterwards)."""
    key = datacache.data_key()
    stat = path.stat()
    try:
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        datacache.reset()
        assert datacache.data_key() != key
    finally:
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        datacache.reset()


def test_cli_uses_the_compiled_rulebook(run_judge, tmp_path):
    first = run_judge("rule", "9.23.2")
    assert first.returncode == 0, first.stderr
    compiled = list((tmp_path / "cache" / "compiled").glob("*.pickle"))
    assert compiled
    again = run_judge("rule", "9.23.2")
    assert again.stdout == first.stdout and again.stderr == ""


def test_entries_are_unpickled_only_when_asked_for(cache):
    datacache.cached("t:a", lambda: [1])
    datacache.cached("t:b", lambda: {"x": 2})
    datacache.reset()
    assert datacache.cached("t:b", lambda: pytest.fail("built again")) == {"x": 2}
    assert set(datacache._values["main"]) == {"t:b"}
    assert set(datacache._entries["main"]) == {"t:a", "t:b"}


def test_key_follows_new_and_changed_code_and_data(cache, tmp_path, walked):
    """A checkout (or an editable install) is walked: a new data file and an edited
    source file each give a new key."""
    from judge_tool.resources import data_root
    key = datacache.data_key()
    extra = data_root() / "glossary" / "zz-test-extra.txt"
    extra.write_text("# test\n")
    try:
        datacache.reset()
        assert datacache.data_key() != key
    finally:
        extra.unlink()
        datacache.reset()
    assert datacache.data_key() == key
    source = data_root() / "judge_tool" / "limits.py"
    if source.is_file():                  # a checkout: the package beside the data
        _assert_touching_changes_the_key(source)


def _installed_copy(tmp_path):
    """The layout a regular `pip install` makes: site/judge_tool (code and _data) and a
    dist-info whose RECORD lists the package's files."""
    import shutil

    import judge_tool
    from judge_tool.resources import data_root
    site = tmp_path / "site"
    package = site / "judge_tool"
    shutil.copytree(os.path.dirname(judge_tool.__file__), package,
                    ignore=shutil.ignore_patterns("__pycache__", "_data"))
    for name in ("rules", "glossary", "cards", "scenarios"):
        shutil.copytree(data_root() / name, package / "_data" / name)
    info = site / "judge_tool-0.1.0.dist-info"
    info.mkdir()
    (info / "RECORD").write_text("judge_tool/__init__.py,sha256=abc,10\njudge_tool/_data/rules/x,,\n")
    return site, package, info / "RECORD"


def test_regular_install_keys_on_its_record(tmp_path):
    """In an installed copy the key comes from the RECORD (no walk): a data file touched
    behind pip's back keeps the key, a reinstall (new RECORD) changes it; the commands
    work from any directory."""
    import subprocess
    import sys
    site, package, record = _installed_copy(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(site), "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
    code = ("import judge_tool.datacache as d, judge_tool.resources as r; "
            "assert str(r.data_root()).startswith(%r), r.data_root(); print(d.data_key())" % str(package))

    def key() -> str:
        res = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, cwd=tmp_path, timeout=60)
        assert res.returncode == 0, res.stderr
        return res.stdout.strip()

    first = key()
    concepts = package / "_data" / "rules" / "concepts.toml"
    os.utime(concepts, ns=(0, 1_000_000_000))
    assert key() == first
    record.write_text(record.read_text() + "judge_tool/_data/rules/y,,\n")
    assert key() != first
    rule = subprocess.run([sys.executable, "-m", "judge_tool", "rule", "9.23.2"], env=env,
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert rule.returncode == 0 and "9.23.2.1" in rule.stdout, rule.stderr


def test_without_a_record_an_installed_copy_is_walked(tmp_path):
    site, package, record = _installed_copy(tmp_path)
    assert datacache._wheel_record(str(package), str(package / "_data")) is not None
    assert datacache._wheel_record(str(package), str(tmp_path)) is None     # data elsewhere
    record.write_text("other_package/__init__.py,,\n")
    assert datacache._wheel_record(str(package), str(package / "_data")) is None
    record.unlink()
    assert datacache._wheel_record(str(package), str(package / "_data")) is None


def test_cached_rulebook_is_the_rulebook(cache):
    """The rulebook read back from the compiled cache (its nodes unpickled one by one, on
    first use) is the one the loader makes: every node, the order, the metadata, lookups,
    a missing number, and pickled again."""
    import pickle

    from judge_tool.rulebook import PackedNodes, load_folder, load_rulebook, rulebook_folders
    fresh = load_folder(rulebook_folders()["cyberpunk-tcg"])
    load_rulebook.cache_clear()
    datacache.cached("rulebook:cyberpunk-tcg", lambda: fresh)        # written to the cache
    datacache.reset()
    load_rulebook.cache_clear()
    try:
        book = load_rulebook()
    finally:
        load_rulebook.cache_clear()
    assert isinstance(book.nodes, PackedNodes)
    assert book.get("9.23.2.2") == fresh.get("9.23.2.2") and "9.23.2.2" in book
    assert book.get("99.99") is None and "99.99" not in book and len(book) == len(fresh)
    with pytest.raises(KeyError):
        book.nodes["99.99"]
    assert book.meta == fresh.meta and list(book) == list(fresh)
    assert book == fresh and dict(book.nodes) == dict(fresh.nodes)
    assert pickle.loads(pickle.dumps(book)) == fresh


def test_the_record_stamp_notices_any_rewrite(tmp_path):
    """The installed copy's key stands on its RECORD's stamp (CRC-32, length, inode, time),
    not a SHA-256 of it: other text of the same length, or the same text written anew (pip
    reinstalling), changes it; reading it again unchanged does not."""
    site, package, record = _installed_copy(tmp_path)
    data = str(package / "_data")
    first = datacache._wheel_record(str(package), data)
    assert first is not None and first == datacache._wheel_record(str(package), data)
    text = record.read_text()
    stat = record.stat()
    swapped = text.replace("sha256=abc", "sha256=abd")
    assert len(swapped) == len(text) and swapped != text
    record.write_text(swapped)
    os.utime(record, ns=(stat.st_atime_ns, stat.st_mtime_ns))      # same time, other text
    second = datacache._wheel_record(str(package), data)
    assert second is not None and second != first
    record.unlink()
    record.write_text(swapped)                                     # same text, a new file
    os.utime(record, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))
    assert datacache._wheel_record(str(package), data) not in (None, first, second)
