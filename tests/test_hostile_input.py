"""No tracebacks, ever, and every size has a limit: each reported hostile case reproduced
(long arguments, huge rule numbers, control characters, broken terminals, special files,
hostile rulebook folders, wrong scope), through the real entry point."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hostile import assert_contract, run_main

from judge_tool import limits

TEXT_COMMANDS = ["rule", "toc", "define", "ask", "search", "compare"]


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_TOOL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.fixture(scope="module", autouse=True)
def _warm(tmp_path_factory):
    """Load the rulebook, glossary, lexicons and search index once, so the one-second
    bound measures the work an input causes, not the first load on a busy machine."""
    old = os.environ.get("JUDGE_TOOL_CACHE")
    os.environ["JUDGE_TOOL_CACHE"] = str(tmp_path_factory.mktemp("warm-cache"))
    try:
        for args in (["ask", "19 güçlü birim kaç Gig çalar?"], ["search", "çatışma"],
                     ["define", "blocker"], ["compare"], ["ask", "qqq"]):
            run_main(*args)
    finally:
        if old is None:
            os.environ.pop("JUDGE_TOOL_CACHE", None)
        else:
            os.environ["JUDGE_TOOL_CACHE"] = old


# --- long arguments ------------------------------------------------------------------------

@pytest.mark.parametrize("command", TEXT_COMMANDS)
@pytest.mark.parametrize("text", ["9." * 50_000, "a" * 100_000, "9." * 1_000, "ğ" * 1_999,
                                  "1." + "1" * 5_000, "çalma " * 300])
def test_long_arguments_answer_within_a_second(command, text):
    res = run_main(command, text)
    assert_contract(res)
    if len(text) > limits.MAX_ARG_CHARS:
        assert res.code == 2 and "limit" in res.err, res.err


def test_limit_is_named_in_the_error():
    res = run_main("ask", "x " * 1_500)
    assert res.code == 2 and "2,000" in res.err
    res = run_main("search", "kural " * (limits.MAX_WORDS + 1))
    assert res.code == 2 and f"limit is {limits.MAX_WORDS}" in res.err
    res = run_main("rule", ".".join(["1"] * (limits.MAX_RULE_PARTS + 1)))
    assert res.code == 2 and f"the limit is {limits.MAX_RULE_PARTS}" in res.err


def test_number_over_python_digit_limit_is_not_a_crash():
    res = run_main("rule", "1." + "7" * 4_400)
    assert_contract(res)
    assert res.code == 2 and "ValueError" not in res.err


def test_too_many_arguments():
    res = run_main("search", *(["a"] * (limits.MAX_ARGS + 5)))
    assert_contract(res)
    assert res.code == 2


# --- control characters ------------------------------------------------------------------

@pytest.mark.parametrize("command", ["rule", "define", "compare", "toc"])
def test_control_characters_are_never_echoed_raw(command):
    res = run_main(command, "x\x1b]0;pwned\x07\nsecond line\r\x9b2J")
    assert_contract(res, codes=(2,))
    assert "\\x1b" in res.err and "\x1b" not in res.err
    assert res.err.count("\n") == 1


def test_control_characters_in_game_name():
    res = run_main("--game", "\x1b[31mred\nx", "rule", "1")
    assert_contract(res, codes=(2,))
    assert "\\x1b" in res.err


# --- scope -------------------------------------------------------------------------------

def test_unknown_game_check_all_fails():
    res = run_main("--game", "nosuchgame", "check", "--all")
    assert_contract(res, codes=(2,))
    assert "nosuchgame" in res.err


def test_check_all_against_a_game_the_engine_does_not_model():
    res = run_main("--game", "berserk", "check", "--all")
    assert_contract(res, codes=(2,))
    assert "Cyberpunk TCG" in res.err and res.out == ""


# --- special files ------------------------------------------------------------------------

@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null", "fifo", "folder"])
def test_special_files_are_refused_unopened(tmp_path, special):
    if special == "fifo":
        target = tmp_path / "s.toml"
        os.mkfifo(target)
    elif special == "folder":
        target = tmp_path / "dir.toml"
        target.mkdir()
    else:
        target = Path(special)
        if not target.exists():
            pytest.skip(f"{special} not here")
    res = run_main("check", str(target))
    assert_contract(res, codes=(2,))


@pytest.mark.parametrize("name", ["a" * 300 + ".toml", "a/" * 2_000 + "x.toml"])
def test_over_long_file_names(name):
    res = run_main("check", name)
    assert_contract(res, codes=(2,))


def test_over_long_site_out_name(tmp_path):
    res = run_main("--game", "cyberpunk-tcg", "site", "build", "--out", str(tmp_path / ("x" * 300)))
    assert_contract(res, codes=(1, 2), limit=5)


# --- hostile rulebook folders ---------------------------------------------------------------

BASE = 'id = "mybook"\ngame = "G"\nlanguage = "tr"\nversion = "1"\ndate = "2026-01-01"\n'
CHAPTER = "# 1. Bölüm\n\n**1.1.** Bir kural metni.\n"


def book_with(tmp_path: Path, toml: bytes | str, chapter: bytes | str = CHAPTER) -> Path:
    folder = tmp_path / "book"
    folder.mkdir(exist_ok=True)
    (folder / "rulebook.toml").write_bytes(toml if isinstance(toml, bytes) else toml.encode())
    (folder / "01.md").write_bytes(chapter if isinstance(chapter, bytes) else chapter.encode())
    return folder


CASES = {
    "latin-1 toml": (BASE.replace('"G"', '"Çığ"').encode("latin-1", "replace")
                     + 'chapters = ["01.md"]\n'.encode(), None, "not UTF-8"),
    "binary toml": (b"\x00\x01\x02\xff" * 100, None, "binary"),
    "bom toml": ("\ufeff" + BASE + 'chapters = ["01.md"]\n', None, ""),
    "deep array": (BASE + "chapters = " + "[" * 3_000 + "]" * 3_000 + "\n", None, "nested"),
    "deep dotted key": (BASE + "a" + ".a" * 20_000 + " = 1\nchapters = []\n", None, "nested"),
    "deep inline": (BASE + "x = " + "{a = " * 2_000 + "1" + "}" * 2_000 + "\nchapters=[]\n",
                    None, "nested"),
    "id is a number": (BASE.replace('id = "mybook"', "id = 7") + 'chapters = ["01.md"]\n',
                       None, "id: must be a string"),
    "chapters is a string": (BASE + 'chapters = "01.md"\n', None, "chapters: must be a list"),
    "chapter item is a table": (BASE + "chapters = [{a = 1}]\n", None, "chapters: items must be"),
    "scenarios is a string": (BASE + 'scenarios = "yes"\nchapters = ["01.md"]\n', None, "scenarios:"),
    "huge integer": (BASE + "x = " + "9" * 5_000 + '\nchapters = ["01.md"]\n', None, ""),
    "latin-1 chapter": (BASE + 'chapters = ["01.md"]\n', "# 1. Böl\n\n**1.1.** çöü\n".encode("latin-1"),
                        "01.md:1"),
    "binary chapter": (BASE + 'chapters = ["01.md"]\n', b"\x7fELF\x00\x00" * 50, "binary"),
    "bom chapter": (BASE + 'chapters = ["01.md"]\n', "\ufeff" + CHAPTER, ""),
    "missing chapter": (BASE + 'chapters = ["nope.md"]\n', None, "not found"),
    "too many chapters": (BASE + "chapters = [" + ",".join(['"01.md"'] * 500) + "]\n", None, "chapters"),
    "source_prefixes wrong": (BASE + 'source_prefixes = {a = 1}\nchapters = ["01.md"]\n', None,
                              "source_prefixes"),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("command", [["rule", "1.1"], ["search", "kural"], ["toc"]])
def test_hostile_rulebook_folder(tmp_path, case, command):
    toml, chapter, expected = CASES[case]
    folder = book_with(tmp_path, toml, chapter if chapter is not None else CHAPTER)
    res = run_main("--game", str(folder), *command)
    assert_contract(res, limit=2.0)
    if expected:
        assert res.code == 2, res.err
        assert expected in res.err, res.err
        assert "rulebook.toml" in res.err or ".md" in res.err
    elif case.startswith("bom"):
        assert res.code == 0, res.err


def test_type_error_has_file_line_key(tmp_path):
    folder = book_with(tmp_path, BASE + 'chapters = ["01.md"]\ncite_prefix = 3\n')
    res = run_main("--game", str(folder), "rule", "1.1")
    assert res.code == 2
    assert f"{folder / 'rulebook.toml'}:7: cite_prefix: must be a string, not an integer" in res.err


def test_big_chapter_is_refused_by_size(tmp_path):
    folder = book_with(tmp_path, BASE + 'chapters = ["01.md"]\n')
    with open(folder / "01.md", "wb") as fh:
        fh.truncate(limits.MAX_CHAPTER_BYTES + 1)
    res = run_main("--game", str(folder), "rule", "1.1")
    assert_contract(res, codes=(2,))
    assert f"{limits.MAX_CHAPTER_BYTES:,}" in res.err


def test_fifo_rulebook_toml_does_not_hang(tmp_path):
    folder = tmp_path / "book"
    folder.mkdir()
    os.mkfifo(folder / "rulebook.toml")
    res = run_main("--game", str(folder), "rule", "1.1")
    assert_contract(res, codes=(2,))


# --- broken terminals (real processes: the stream setup happens at start-up) ---------------

def _judge(*args: str, env: dict, stdout=subprocess.PIPE, tmp_path: Path) -> subprocess.CompletedProcess:
    full = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache"), "NO_COLOR": "1", **env}
    return subprocess.run([sys.executable, "-m", "judge_tool", *args], env=full, stdout=stdout,
                          stderr=subprocess.PIPE, timeout=60, cwd=tmp_path)


ENCODINGS = [{"PYTHONIOENCODING": "latin-1"}, {"PYTHONIOENCODING": "ascii"},
             {"LANG": "tr_TR.ISO-8859-9", "LC_ALL": "tr_TR.ISO-8859-9", "PYTHONUTF8": "0",
              "PYTHONIOENCODING": "iso-8859-9"}]


@pytest.mark.parametrize("env", ENCODINGS, ids=lambda e: "-".join(e.values()))
@pytest.mark.parametrize("args", [["--help"], ["rule", "9.23.2"], ["define", "çığxyz"],
                                  ["ask", "19 güçlü birim kaç Gig çalar?"], ["search", "çatışma"]])
def test_any_terminal_encoding_degrades_never_crashes(tmp_path, env, args):
    res = _judge(*args, env=env, tmp_path=tmp_path)
    err = res.stderr.decode("latin-1")
    assert res.returncode in (0, 2), err
    assert b"Traceback" not in res.stderr and b"UnicodeEncodeError" not in res.stderr
    if res.returncode == 0:
        assert res.stdout.strip()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [["--help"], ["rule", "9.23.2"], ["search", "çatışma"]])
def test_full_stdout_is_one_line_not_a_traceback(tmp_path, args):
    with open("/dev/full", "w") as full:
        res = _judge(*args, env={}, stdout=full, tmp_path=tmp_path)
    err = res.stderr.decode()
    assert res.returncode == 1, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert "No space left" in err


def test_closed_stdout_is_not_a_traceback(tmp_path):
    full = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
    res = subprocess.run([sys.executable, "-m", "judge_tool", "rule", "9.23.2"], env=full,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60,
                         preexec_fn=lambda: os.close(1))
    assert b"Traceback" not in res.stderr
    assert res.returncode in (0, 1)


def test_broken_pipe_is_quiet(tmp_path):
    full = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
    proc = subprocess.Popen([sys.executable, "-m", "judge_tool", "export", "--json"], env=full,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert b"Traceback" not in err and b"Exception ignored" not in err


@pytest.mark.parametrize("body", ["x = " + "9" * 5_000, "a" + ".a" * 30_000 + " = 1",
                                  "x = " + "[" * 5_000 + "]" * 5_000])
def test_hostile_scenario_toml_is_one_line_exit_2(tmp_path, body):
    path = tmp_path / "s.toml"
    path.write_text('title = "x"\n' + body + "\n", encoding="utf-8")
    res = run_main("check", str(path))
    assert_contract(res, codes=(2,))
    assert "engine error" not in res.err and "please report" not in res.err
