"""Property-based hostile input (hypothesis): every command driven through the real entry
point with generated text, rule numbers, TOML documents and rulebook folders. Each run ends
in under a second with exit 0, 1 or 2, errors are one line on stderr, never a traceback,
and nothing is written or removed outside the tool's cache and --out. A canary test
surrounds the cache and the output folder with files that must survive every command."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from hostile import assert_contract, run_main

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                      HealthCheck.function_scoped_fixture])

TEXT_COMMANDS = ["rule", "toc", "define", "ask", "search", "compare", "card"]

hostile_chars = st.characters(blacklist_categories=("Cs",))
hostile_text = st.one_of(
    st.text(hostile_chars, max_size=60),
    st.text(st.sampled_from("9.0-\x1b\n\r\t ⁹９.,;:()[]*?\"'\\/çğıİöşüÇĞÖŞÜ€$"), max_size=80),
    st.builds(lambda s, n: s * n, st.text(hostile_chars, min_size=1, max_size=4),
              st.integers(1, 1200)),
)


@pytest.fixture(scope="module")
def cache_dir():
    """One warm cache for the whole module (index and compiled data built once)."""
    folder = Path(tempfile.mkdtemp(prefix="judge-hostile-cache-"))
    old = os.environ.get("JUDGE_TOOL_CACHE")
    os.environ["JUDGE_TOOL_CACHE"] = str(folder)
    os.environ["NO_COLOR"] = "1"
    for args in (["search", "çatışma"], ["ask", "19 güçlü birim kaç Gig çalar?"],
                 ["define", "blocker"], ["rule", "9.23.2"], ["compare", "x"], ["toc"]):
        run_main(*args)
    yield folder
    if old is None:
        os.environ.pop("JUDGE_TOOL_CACHE", None)
    else:
        os.environ["JUDGE_TOOL_CACHE"] = old
    shutil.rmtree(folder, ignore_errors=True)


@settings(max_examples=60, **SETTINGS)
@given(command=st.sampled_from(TEXT_COMMANDS), text=hostile_text, fast=st.booleans())
def test_any_text_to_any_command(cache_dir, command, text, fast):
    assume(not text.startswith("-"))
    res = run_main(command, text, fast=fast)     # rule and define: fast path or click
    assert_contract(res)


@settings(max_examples=40, **SETTINGS)
@given(parts=st.lists(st.one_of(st.integers(0, 10**9), st.text("0123456789", min_size=1, max_size=30),
                                st.sampled_from(["a", "Z", "", "٣", "９"])),
                      min_size=1, max_size=40),
       prefix=st.sampled_from(["", "CR ", "r", "kural ", "#", "cr:"]),
       suffix=st.sampled_from(["", ".", ",", ")", " ", "…"]), fast=st.booleans())
def test_any_rule_number(cache_dir, parts, prefix, suffix, fast):
    number = prefix + ".".join(str(p) for p in parts) + suffix
    assume(not number.startswith("-"))
    for command in (["rule", number], ["rule", number, "--json"], ["toc", number], ["search", number]):
        assert_contract(run_main(*command, fast=fast))


# --- generated TOML documents and rulebook folders ------------------------------------------

def toml_value(draw_value) -> str:
    if isinstance(draw_value, bool):
        return "true" if draw_value else "false"
    if isinstance(draw_value, (int, float)):
        return repr(draw_value) if not isinstance(draw_value, float) or draw_value == draw_value else "nan"
    if isinstance(draw_value, str):
        return json.dumps(draw_value)
    if isinstance(draw_value, list):
        return "[" + ", ".join(toml_value(v) for v in draw_value) + "]"
    if isinstance(draw_value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in draw_value.items()) + "}"
    raise TypeError(draw_value)


values = st.recursive(
    st.one_of(st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=False),
              st.text(hostile_chars, max_size=20)),
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(st.text("abcxyz_-", min_size=1, max_size=5),
                                               children, max_size=3)),
    max_leaves=12,
)
KEYS = ["id", "game", "language", "version", "date", "chapters", "title", "numbering", "source",
        "source_prefixes", "ref_markers", "gaps", "cite_prefix", "scenarios", "extra"]
GOOD = {"id": "mybook", "game": "G", "language": "tr", "version": "1", "date": "2026-01-01",
        "chapters": ["01.md"]}
CHAPTER = "# 1. Bölüm\n\n**1.1.** Bir kural metni.\n"


@st.composite
def rulebook_docs(draw) -> bytes:
    doc = dict(GOOD)
    for key in draw(st.lists(st.sampled_from(KEYS), max_size=4, unique=True)):
        if draw(st.booleans()):
            doc.pop(key, None)
        else:
            doc[key] = draw(values)
    if draw(st.booleans()):
        doc["chapters"] = draw(st.lists(st.sampled_from(
            ["01.md", "../x.md", "/etc/passwd", "", ".", "sub/../01.md", "a" * 300, "nope.md",
             "01.md\x00", "link.md", "fifo.md"]), max_size=3))
    text = "\n".join(f"{k} = {toml_value(v)}" for k, v in doc.items()) + "\n"
    mangle = draw(st.sampled_from(["none", "none", "bom", "latin1", "truncate", "bytes", "deep"]))
    data = text.encode("utf-8")
    if mangle == "bom":
        data = b"\xef\xbb\xbf" + data
    elif mangle == "latin1":
        data = text.encode("latin-1", "replace") + b"\xff"
    elif mangle == "truncate":
        data = data[: draw(st.integers(0, len(data)))]
    elif mangle == "bytes":
        data = draw(st.binary(max_size=200))
    elif mangle == "deep":
        depth = draw(st.integers(20, 3000))
        data += (b"x = " + b"[" * depth + b"]" * depth + b"\n") if draw(st.booleans()) else \
            (b"a" + b".a" * depth + b" = 1\n")
    return data


def snapshot(root: Path, skip: Path | None = None) -> dict[str, str]:
    """Every file under root (except under `skip`): path -> content hash (symlinks: target)."""
    out = {}
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        if skip is not None and (here == skip or skip in here.parents):
            dirs[:] = []
            continue
        for name in files + [d for d in dirs if (here / d).is_symlink()]:
            path = here / name
            if path.is_symlink():
                out[str(path)] = "-> " + os.readlink(path)
            elif path.is_file():
                out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[str(path)] = "special"
    return out


@settings(max_examples=50, **SETTINGS)
@given(doc=rulebook_docs(), chapter=st.one_of(st.just(CHAPTER.encode()), st.binary(max_size=120),
                                              st.text(hostile_chars, max_size=200).map(str.encode)),
       command=st.sampled_from([["rule", "1.1"], ["toc"], ["search", "kural"], ["define", "x"],
                                ["ask", "kural?"], ["check", "--all"], ["export", "--json"]]))
def test_any_rulebook_folder(cache_dir, doc, chapter, command):
    with tempfile.TemporaryDirectory(prefix="judge-hostile-book-") as tmp:
        root = Path(tmp)
        (root / "outside.md").write_text("# 1. Gizli\n\n**1.1.** SECRET\n")
        book = root / "book"
        book.mkdir()
        (book / "rulebook.toml").write_bytes(doc)
        (book / "01.md").write_bytes(chapter)
        (book / "link.md").symlink_to(root / "outside.md")
        os.mkfifo(book / "fifo.md")
        before = snapshot(root)
        res = run_main("--game", str(book), *command)
        assert_contract(res, limit=2.0)
        assert "SECRET" not in res.out + res.err
        assert snapshot(root) == before


# --- canaries around the cache and the output folder ----------------------------------------

COMMANDS = [
    ["rule", "9.23.2"], ["rule", "9.23.2", "--json"], ["toc"], ["toc", "9"], ["export", "--json"],
    ["define", "blocker"], ["terms"], ["search", "çatışma"], ["search", "--all-games", "saldırı"],
    ["index", "--info"], ["index", "--rebuild"], ["ask", "19 güçlü birim kaç Gig çalar?"],
    ["ask", "BLOCKER ne işe yarar?"], ["check", "--all"], ["games"], ["compare"],
    ["compare", "replacement-effects"], ["--game", "berserk", "rule", "518.1"],
    ["--game", "../..", "rule", "1"], ["--game", "nosuch", "search", "x"], ["card", "octant"],
]


def test_canaries_survive_every_command(tmp_path, monkeypatch):
    root = tmp_path / "home"
    cache = root / "cache"
    out = root / "out"
    canaries: list[Path] = []

    def canary(path: Path, text: str = "canary") -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        canaries.append(path)

    canary(root / "notes.txt")
    canary(root / "index" / "x")
    canary(cache / "mine.txt")                         # someone else's file in the cache
    canary(cache / "index" / "other.db")
    canary(cache / "index" / "cyberpunk-tcg" / "not-ours" / "f")
    canary(cache / "index" / "cyberpunk-tcg" / ".tmp-looks-like-ours" / "f")
    canary(cache / "compiled" / "someone.pickle", "not our header")
    canary(cache / "compiled" / "notes.txt")
    canary(out.parent / "out-sibling.txt")
    canary(root / "elsewhere" / "style.css")
    os.utime(cache / "index" / "cyberpunk-tcg" / ".tmp-looks-like-ours", (0, 0))
    monkeypatch.setenv("JUDGE_TOOL_CACHE", str(cache))
    monkeypatch.setenv("HOME", str(root))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.chdir(root)

    def check_all(after: str) -> None:
        for path in canaries:
            assert path.is_file() and path.read_text() in ("canary", "not our header"), \
                f"{path} damaged after {after}"

    for command in COMMANDS:
        res = run_main(*command)
        assert_contract(res, limit=60)
        check_all(" ".join(command))
    # the site: into a fresh folder, again into its own build, and refused elsewhere
    for args in (["--out", str(out)], ["--out", str(out)], ["--out", str(root)],
                 ["--out", str(root), "--force"], ["--out", "/"]):
        res = run_main("--game", "cyberpunk-tcg", "site", "build", *args, "-q")
        assert_contract(res, limit=120)
        check_all("site build " + " ".join(args))
    # a symlink planted in the output folder is never written through
    shutil.rmtree(out / "assets")
    (out / "assets").symlink_to(root / "elsewhere")
    res = run_main("--game", "cyberpunk-tcg", "site", "build", "--out", str(out), "-q")
    assert_contract(res, codes=(2,), limit=120)
    check_all("site build through a symlink")
    assert sorted(p.name for p in (root / "elsewhere").iterdir()) == ["style.css"]
