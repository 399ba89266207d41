"""The compiled regular expressions kept between runs (judge_tool/recache.py): a pattern
built from the table is the very pattern `re` compiles (same code, flags and groups, same
matches), a second start compiles none of the patterns `judge ask` uses, and a damaged or
untrusted table is never used."""

from __future__ import annotations

import json
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from judge_tool import recache
from judge_tool.sealed import write_sealed

PROBE = ("import json, sys\nfrom judge_tool.cli import main\nfrom judge_tool import recache\n"
         "try:\n    main(['ask', '19 güçlü birim kaç Gig çalar?'])\nexcept SystemExit:\n    pass\n"
         "print(json.dumps(recache.stats()), file=sys.stderr)\n")

# a spread of what patterns hold: groups (named, numbered, none), look-around, classes,
# repeats, inline and passed flags, Unicode, alternations, back references
PATTERNS = [
    (r"(\d+)([a-z]*)", 0), (r"^(?P<verb>[a-z]{4,}?)(?P<mi>m[iu](?:yim|sin)?)$", 0),
    (r"(?<![\w/])w/(?=\s|\d|$)", re.IGNORECASE), (r"[^\W\d_]+", re.UNICODE),
    (r"(?i)güç(?:lü|süz)?\b", 0), (r"^(?:cr|kural|rule|r)\s*[:#]?\s*", re.IGNORECASE),
    (r"(a)(b)?\2|x{2,5}?", 0), (r"^\d+(?:\.(?:\d+|[a-z]))*$", re.MULTILINE | re.DOTALL),
    (r"[,;:.!?()\[\]]|\s-\s|\bve\b|\band\b", 0), (r"İKAME|ikame|ı+", re.IGNORECASE),
    (r"(?x) a  b  # spaced\n c", 0), (r"\S{65,}", re.ASCII),
]
TEXTS = ["19 güçlü birim", "kazanirmiyim", "9 power w/ 3 dice", "GÜÇSÜZ birim",
         "Kural 9.23.2", "abb xxxx aab", "9.23.2\n1.1", "ve and, -", "İKAME ıı ikame",
         "abc", "x" * 70, ""]


def _behaviour(compiled: list[re.Pattern]) -> list:
    return [[p.pattern, p.flags, p.groups, dict(p.groupindex),
             [[m.span(), m.groups(), m.groupdict()] for t in TEXTS for m in p.finditer(t)]]
            for p in compiled]


def test_patterns_from_the_table_are_the_patterns_re_compiles():
    if not recache.install():
        pytest.skip("the table is turned off in this environment")
    re.purge()
    first = [recache._compile(p, int(f)) for p, f in PATTERNS]     # compiled and kept
    assert all((p, int(f)) in recache._table for p, f in PATTERNS)
    hits = recache.stats()["hits"]
    again = [recache._compile(p, int(f)) for p, f in PATTERNS]     # built from the table
    assert recache.stats()["hits"] == hits + len(PATTERNS)
    plain = [recache._state["original"](p, int(f)) for p, f in PATTERNS]
    assert again == plain == first                   # flags, text and code compared
    assert _behaviour(again) == _behaviour(plain)


def _probe(cache: Path, **env: str) -> tuple[dict, str]:
    full = {**os.environ, "JUDGE_TOOL_CACHE": str(cache), **env}
    full.pop("JUDGE_TOOL_NO_DATACACHE", None)
    full.pop("JUDGE_TOOL_NO_FASTPATH", None)
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=full, timeout=300)
    assert proc.returncode == 0, proc.stderr
    *lines, stats = proc.stderr.strip().splitlines()
    return json.loads(stats), "\n".join(lines)


def _table(cache: Path) -> Path:
    found = list((cache / "compiled").glob("recode*.marshal"))
    assert len(found) == 1
    return found[0]


def test_second_start_compiles_nothing(tmp_path):
    cache = tmp_path / "cache"
    _probe(cache)                        # builds the data cache too (more patterns)
    first, err = _probe(cache)
    assert first["hits"] >= 20 and first["compiled"] == 0 and err == ""
    assert _table(cache).stat().st_mode & 0o077 == 0


@pytest.mark.parametrize("damage", ["flip", "truncate", "empty"])
def test_damaged_table_is_replaced_with_one_notice(tmp_path, damage):
    cache = tmp_path / "cache"
    _probe(cache)
    path = _table(cache)
    data = bytearray(path.read_bytes())
    if damage == "flip":
        data[-3] ^= 0xFF
    elif damage == "truncate":
        data = data[: len(data) // 2]
    else:
        data = bytearray()
    path.write_bytes(bytes(data))
    stats, err = _probe(cache)
    assert stats["compiled"] >= 20 and stats["hits"] == 0
    assert err.count("\n") == 0 and "damaged" in err and "Traceback" not in err
    stats, err = _probe(cache)
    assert stats["compiled"] == 0 and err == ""


def _poisoned(path: Path) -> None:
    """Every entry replaced by the code of a pattern that matches anything: a table used
    would change what the questions are read as."""
    table = marshal.loads(path.read_bytes()[len(recache.MAGIC) + 4:])
    anything = recache._arguments(r"(?s).*", 0)
    write_sealed(path, recache.MAGIC, marshal.dumps({k: marshal.dumps(anything) for k in table}))


def test_table_open_to_others_is_never_used(tmp_path):
    cache = tmp_path / "cache"
    _probe(cache)
    path = _table(cache)
    _poisoned(path)
    os.chmod(path, 0o666)
    stats, err = _probe(cache)
    assert stats["hits"] == 0 and "damaged" in err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown")
def test_table_of_another_user_is_never_used(tmp_path):
    cache = tmp_path / "cache"
    _probe(cache)
    path = _table(cache)
    _poisoned(path)
    os.chown(path, 12345, 12345)
    stats, err = _probe(cache)
    assert stats["hits"] == 0 and "damaged" in err


def test_entry_the_matcher_refuses_is_compiled_again():
    """An entry that is not what this interpreter's matcher takes is dropped and the
    pattern compiled as `re` compiles it."""
    if not recache.install():
        pytest.skip("the table is turned off in this environment")
    key = (r"recache-probe-(\d+)", 0)
    recache._table[key] = marshal.dumps(("not", "arguments"))
    got = recache._compile(*key)
    assert got == recache._state["original"](*key) and got.match("recache-probe-12")[1] == "12"


def test_unwritable_cache_still_answers(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "compiled").write_text("a file where the folder would be")
    stats, err = _probe(cache)
    assert stats["compiled"] >= 20
    stats, err = _probe(cache)
    assert stats["hits"] == 0 and stats["compiled"] >= 20


def test_turned_off_with_the_data_cache(tmp_path):
    env = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache"),
           "JUDGE_TOOL_NO_DATACACHE": "1"}
    code = "import re, judge_tool; print(re._compiler.compile.__module__)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "re._compiler"
    assert not list((tmp_path / "cache").rglob("recode*"))
