"""The click-free fast path (judge_tool/cli/fastpath.py) prints exactly what the click
commands print, with the same exit code, for every input: generated rule numbers and
terms, flags in any order, unknown numbers, errors, colour, narrow terminals, a bad
JUDGE_LANG, non-UTF-8 terminals, a full or closed standard output. And it never imports
click for the forms it takes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import assert_contract, run_main
from judge_tool.cli import fastpath

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                      HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module", autouse=True)
def warm_cache(tmp_path_factory):
    """One compiled cache for the module; no colour unless a case asks for it."""
    old = {k: os.environ.get(k) for k in ("JUDGE_TOOL_CACHE", "NO_COLOR", "FORCE_COLOR")}
    os.environ["JUDGE_TOOL_CACHE"] = str(tmp_path_factory.mktemp("fast-cache"))
    os.environ["NO_COLOR"] = "1"
    os.environ.pop("FORCE_COLOR", None)
    run_main("rule", "9.23.2")
    run_main("define", "blocker")
    yield
    for key, value in old.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def both(*args: str, env: dict | None = None, charset: str = "utf-8", **contract):
    """Run ARGS on the fast path and through click; they must agree byte for byte."""
    fast = run_main(*args, env=env, charset=charset)
    slow = run_main(*args, env=env, charset=charset, fast=False)
    assert (fast.code, fast.out, fast.err) == (slow.code, slow.out, slow.err), args
    assert_contract(fast, **contract)
    return fast


# --- which forms it takes ----------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["rule", "9.23.2"], ["rule", "--json", "9.23.2"], ["rule", "9.23.2", "--cite", "--url"],
    ["define", "blocker"], ["define", "go", "solo", "--json"], ["define", "--full", "kuşanma"],
])
def test_simple_forms_are_taken(args):
    assert fastpath.parse(args) is not None


@pytest.mark.parametrize("args", [
    [], ["--help"], ["rule"], ["rule", "--help"], ["rule", "-h", "1"], ["rule", "1", "2"],
    ["rule", "--", "1"], ["rule", "-3"], ["rule", "1", "--jsn"], ["define"], ["define", "-x"],
    ["--game", "berserk", "rule", "1"], ["--lang", "en", "rule", "1"], ["toc"], ["check", "x"],
    ["rule", "1", "--full"], ["define", "x", "--only"], ["Rule", "1"],
])
def test_everything_else_goes_to_click(args):
    assert fastpath.parse(args) is None


def test_click_only_environment(monkeypatch):
    monkeypatch.setenv("_JUDGE_COMPLETE", "bash_source")
    assert fastpath.parse(["rule", "1"]) is None
    monkeypatch.delenv("_JUDGE_COMPLETE")
    monkeypatch.setenv("JUDGE_TOOL_NO_FASTPATH", "1")
    assert fastpath.parse(["rule", "1"]) is None


def test_fast_table_matches_the_click_commands():
    """Every fast flag is the click command's boolean flag under the same name, the word
    count is the click argument's, and the default game is the group's."""
    import click

    from judge_tool.cli import cli
    game = next(p for p in cli.params if p.name == "game")
    assert game.default == fastpath.DEFAULT_GAME
    for name, spec in fastpath.FAST.items():
        command = cli.get_command(click.Context(cli), name)
        options = {opt: p for p in command.params if isinstance(p, click.Option) for opt in p.opts}
        for flag, param in spec.flags.items():
            assert flag in options and options[flag].is_flag, (name, flag)
            assert options[flag].name == param, (name, flag)
            assert not options[flag].get_default(click.Context(command)), (name, flag)
        (argument,) = [p for p in command.params if isinstance(p, click.Argument)]
        # a form without words is never fast, so an optional argument (ask's) is fine too
        assert (argument.nargs == -1) == spec.many and (argument.required or spec.many)


@pytest.mark.parametrize("forms, absent", [
    ([["rule", "9.23.2"], ["define", "blocker", "--json"], ["rule", "99.99"]], ["click"]),
    ([["ask", "19 güçlü birim kaç Gig çalar?"], ["ask", "--json", "who wins 8 vs 3"]], ["click"]),
    ([["search", "çatışma"], ["search", "--json", "fight tie"]], ["click", "whoosh"]),
], ids=["rule-define", "ask", "search"])
def test_fast_forms_do_not_import_click(tmp_path, forms, absent):
    """Nor whoosh for a search: the index is scored from the compiled cache (the first
    run builds both, so the second is the one checked)."""
    code = ("import sys\nfrom judge_tool.cli import main\n"
            f"for args in {forms!r}:\n"
            "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
            f"print([m in sys.modules for m in {absent!r}], file=sys.stderr)\n")
    env = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
    env.pop("JUDGE_TOOL_NO_FASTPATH", None)
    for _ in range(2):
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, timeout=300)
    assert res.stderr.strip().splitlines()[-1] == str([False] * len(absent)), res.stderr


@pytest.mark.parametrize("fg", [None, "black", "red", "green", "yellow", "blue", "magenta",
                                "cyan", "white"])
@pytest.mark.parametrize("flags", [{}, {"bold": True}, {"dim": True}, {"underline": True},
                                   {"bold": True, "underline": True}, {"bold": False},
                                   {"dim": True, "underline": False}])
def test_styles_are_clicks_bytes(fg, flags):
    """output.ansi (click-free) writes exactly what click.style writes."""
    import click

    from judge_tool.cli.output import ansi
    assert ansi("Kural 9.23 › ç", fg, **flags) == click.style("Kural 9.23 › ç", fg=fg, **flags)


# --- same output, same exit code ---------------------------------------------------------

@pytest.fixture(scope="module")
def numbers():
    from judge_tool.official import _default
    from judge_tool.rulebook import load_rulebook
    book = load_rulebook()
    official = [e.id for e in _default().rules()][:400]
    return sorted({n.id for n in book} | set(official))


@pytest.fixture(scope="module")
def names():
    from judge_tool.glossary import load_glossary
    return sorted({name for t in load_glossary() for name in (t.term, t.english, *t.aliases)})


RULE_FLAGS = ["--only", "--cite", "--url", "--json"]
junk = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30).filter(
    lambda s: not s.startswith("-"))


@settings(max_examples=120, **SETTINGS)
@given(data=st.data(), flags=st.lists(st.sampled_from(RULE_FLAGS), unique=True, max_size=3),
       at=st.integers(0, 3), prefix=st.sampled_from(["", "CR ", "r", "kural "]))
def test_rule_same_on_both_paths(numbers, data, flags, at, prefix):
    number = data.draw(st.one_of(st.sampled_from(numbers).map(lambda n: prefix + n),
                                 st.sampled_from(numbers).map(lambda n: n + ".9"), junk))
    args = ["rule", *flags]
    args.insert(1 + min(at, len(flags)), number)
    both(*args)


@settings(max_examples=120, **SETTINGS)
@given(data=st.data(), flags=st.lists(st.sampled_from(["--full", "--json"]), unique=True),
       case=st.sampled_from([str, str.upper, str.lower, lambda s: s + "ları"]))
def test_define_same_on_both_paths(names, data, flags, case):
    term = data.draw(st.one_of(st.sampled_from(names).map(case), junk.filter(str.strip)))
    both("define", *term.split(), *flags)


@pytest.mark.parametrize("env", [
    {"FORCE_COLOR": "1", "NO_COLOR": None}, {"COLUMNS": "40"}, {"COLUMNS": "200"},
    {"JUDGE_LANG": "en"}, {"JUDGE_LANG": "xx"}, {"JUDGE_LANG": "ru", "COLUMNS": "50"},
], ids=str)
@pytest.mark.parametrize("args", [
    ["rule", "9.23.2"], ["rule", "1.11"], ["rule", "1.11", "--json"], ["rule", "6", "--url"],
    ["rule", "99.99"], ["rule", "9.23.2", "--en"], ["define", "blocker"],
    ["define", "go", "solo", "--full"], ["define", "zzqx"], ["define", "x" * 3000],
], ids=" ".join)
def test_environment_same_on_both_paths(env, args):
    both(*args, env=env)


@pytest.mark.parametrize("charset", ["latin-1", "iso-8859-9", "ascii"])
@pytest.mark.parametrize("args", [["rule", "9.23.2"], ["define", "kuşanma"], ["define", "çığxyz"]])
def test_non_utf8_terminal_same_on_both_paths(charset, args):
    res = both(*args, charset=charset)
    assert res.code in (0, 2)


def test_control_characters_same_on_both_paths():
    res = both("rule", "x\x1b]0;pwned\x07\nsecond line\r\x9b2J")
    assert "\x1b" not in res.err and res.code == 2


# --- real processes: the console script's streams ----------------------------------------

def _judge(args: list[str], fast: bool, tmp_path: Path, env: dict | None = None, **kw):
    full = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache"), "NO_COLOR": "1",
            **(env or {})}
    full.pop("JUDGE_TOOL_NO_FASTPATH", None)
    if not fast:
        full["JUDGE_TOOL_NO_FASTPATH"] = "1"
    kw.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "judge_tool", *args], env=full,
                          stderr=subprocess.PIPE, timeout=120, cwd=tmp_path, **kw)


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "latin-1"}, {"PYTHONIOENCODING": "ascii"},
                                 {"LC_ALL": "tr_TR.ISO-8859-9", "PYTHONUTF8": "0",
                                  "PYTHONIOENCODING": "iso-8859-9"}], ids=str)
def test_terminal_encodings_same_bytes(tmp_path, env):
    for args in (["rule", "9.23.2"], ["define", "çığxyz"]):
        fast, slow = (_judge(args, f, tmp_path, env) for f in (True, False))
        assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
        assert b"Traceback" not in fast.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [["rule", "9.23.2"], ["define", "blocker", "--json"]])
def test_full_stdout_one_line_exit_1_on_both_paths(tmp_path, args):
    results = []
    for fast in (True, False):
        with open("/dev/full", "w") as full:
            res = _judge(args, fast, tmp_path, stdout=full)
        err = res.stderr.decode()
        assert res.returncode == 1 and len(err.strip().splitlines()) == 1, err
        assert "No space left" in err and "Traceback" not in err
        results.append(err)
    assert results[0] == results[1]


def test_closed_stdout_quiet_on_both_paths(tmp_path):
    for fast in (True, False):
        res = _judge(["define", "blocker"], fast, tmp_path, stdout=subprocess.DEVNULL,
                     preexec_fn=lambda: os.close(1))
        assert b"Traceback" not in res.stderr and res.returncode in (0, 1)


def test_real_process_exit_runs_atexit_and_keeps_the_code(tmp_path):
    """A real process on the fast path ends without the interpreter's teardown, but its
    atexit functions still run (a cache that saves itself at exit) and the code is kept."""
    marker = tmp_path / "atexit-ran"
    code = ("import atexit, sys\n"
            f"atexit.register(lambda: open({str(marker)!r}, 'w').close())\n"
            "sys.argv = ['judge', 'rule', '99.99']\n"
            "from judge_tool.cli import main\nmain()\n")
    env = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
    env.pop("JUDGE_TOOL_NO_FASTPATH", None)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=120)
    assert res.returncode == 2 and "99.99" in res.stderr and "kural yok" in res.stderr, res.stderr
    assert marker.exists()
