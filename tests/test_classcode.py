"""The compiled dataclass methods kept between runs (judge_tool/classcode.py): classes made
with the table behave exactly as `dataclasses` makes them without it, a second start
compiles nothing, and a damaged or untrusted table is never run."""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from judge_tool import classcode
from judge_tool.sealed import write_sealed

PROBE = ("import json, judge_tool.engine.scenario, judge_tool.ask, judge_tool.rulebook; "
         "from judge_tool import classcode; print(json.dumps(classcode.stats()))")


CLASSES = """
from dataclasses import InitVar, dataclass, field


@dataclass(frozen=True, order=True)
class Frozen:
    a: int
    b: str = "x"
    c: tuple = field(default=(), compare=False)


@dataclass
class Plain:
    n: int
    items: list = field(default_factory=list)
    scale: InitVar[int] = 1
    seen: bool = field(default=False, init=False, repr=False)

    def __post_init__(self, scale: int) -> None:
        self.n *= scale


@dataclass(kw_only=True, slots=True)
class Keywords:
    x: int
    y: "list[int]" = field(default_factory=list)
"""


def _classes():
    """A spread of dataclass features, defined afresh on each call in a module of the
    package (only the package's own classes go through the table)."""
    import sys
    import types
    module = types.ModuleType("judge_tool._classcode_probe")
    sys.modules[module.__name__] = module
    try:
        exec(compile(CLASSES, "<probe>", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module.Frozen, module.Plain, module.Keywords


def _describe(Frozen, Plain, Keywords) -> list:
    f1, f2 = Frozen(1, "y", (3,)), Frozen(1, "y")
    try:
        f1.a = 2
        frozen_error = None
    except dataclasses.FrozenInstanceError as exc:
        frozen_error = str(exc)
    p = Plain(2, scale=3)
    k = Keywords(x=1)
    return [
        repr(f1), f1 == f2, hash(f1) == hash(f2), f1 < Frozen(2), frozen_error,
        repr(p), p.n, p == Plain(6), repr(k), k == Keywords(x=1, y=[]),
        [str(inspect.signature(c)) for c in (Frozen, Plain, Keywords)],
        [str(c.__init__.__annotations__) for c in (Frozen, Plain, Keywords)],
        [sorted(vars(c)) for c in (Frozen, Plain)], Keywords.__slots__,
        [c.__doc__ for c in (Frozen, Plain, Keywords)],
    ]


def test_classes_behave_as_dataclasses_makes_them():
    if getattr(dataclasses, "exec", None) is not classcode._exec:
        pytest.skip("the table is turned off in this environment")
    before = classcode.stats()["used"]
    with_table = _describe(*_classes())
    assert classcode.stats()["used"] > before       # the probe's methods went through it
    with_table_again = _describe(*_classes())      # now from reused code objects
    del dataclasses.exec                           # dataclasses' own compile
    try:
        plain = _describe(*_classes())
    finally:
        dataclasses.exec = classcode._exec
    assert with_table == plain == with_table_again


def _probe(cache: Path, **env: str) -> tuple[dict, str]:
    full = {**os.environ, "JUDGE_TOOL_CACHE": str(cache), **env}
    full.pop("JUDGE_TOOL_NO_DATACACHE", None)
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=full, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), proc.stderr


def _table(cache: Path) -> Path:
    found = list((cache / "compiled").glob("classcode*.marshal"))
    assert len(found) == 1
    return found[0]


def test_second_start_compiles_nothing(tmp_path):
    first, err = _probe(tmp_path / "cache")
    assert first["compiled"] >= 20 and err == ""
    assert _table(tmp_path / "cache").stat().st_mode & 0o077 == 0
    second, err = _probe(tmp_path / "cache")
    assert second["compiled"] == 0 and second["used"] == first["used"] and err == ""


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
    assert stats["compiled"] >= 20
    assert err.count("\n") == 1 and "damaged" in err and "Traceback" not in err
    stats, err = _probe(cache)
    assert stats["compiled"] == 0 and err == ""


def test_table_open_to_others_is_never_run(tmp_path):
    """A table another user could have written is refused, even with a good checksum:
    here every entry would exit the process."""
    cache = tmp_path / "cache"
    _probe(cache)
    path = _table(cache)
    import marshal
    evil = marshal.dumps(compile("raise SystemExit(7)", "<string>", "exec"))
    write_sealed(path, classcode.MAGIC, marshal.dumps({k: evil for k in classcode._table}))
    os.chmod(path, 0o666)
    stats, err = _probe(cache)                  # exit 0: the table was not used
    assert stats["compiled"] >= 20 and "damaged" in err


def test_no_hook_without_the_functions_it_knows():
    """A `dataclasses` without the functions that call `exec` (another Python) is left as
    it is: plain dataclasses."""
    import types
    stand_in = types.ModuleType("dataclasses")
    stand_in.dataclass = dataclass
    assert classcode.install(stand_in) is False and not hasattr(stand_in, "exec")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown")
def test_table_of_another_user_is_never_run(tmp_path):
    cache = tmp_path / "cache"
    _probe(cache)
    path = _table(cache)
    import marshal
    evil = marshal.dumps(compile("raise SystemExit(7)", "<string>", "exec"))
    write_sealed(path, classcode.MAGIC, marshal.dumps({k: evil for k in classcode._table}))
    os.chown(path, 12345, 12345)
    stats, err = _probe(cache)
    assert stats["compiled"] >= 20 and "damaged" in err


def test_turned_off_with_the_data_cache(tmp_path):
    env = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache"),
           "JUDGE_TOOL_NO_DATACACHE": "1"}
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 0 and json.loads(proc.stdout)["known"] == 0
    assert not (tmp_path / "cache" / "compiled").exists()


def test_other_classes_compile_as_dataclasses_compiles_them():
    """A class outside the package goes to `exec` unchanged, without this module's
    `from __future__ import annotations` (its __init__ would get the names of dataclasses'
    locals as string annotations)."""
    scope = {"__name__": "not_ours"}
    source = "import dataclasses\n@dataclasses.dataclass\nclass P:\n    a: int\n    b: str = 'x'\n"
    exec(compile(source, "<probe>", "exec", dont_inherit=True), scope)
    assert scope["P"].__init__.__annotations__ == {"a": int, "b": str, "return": None}
    assert str(inspect.signature(scope["P"])) == "(a: int, b: str = 'x') -> None"
