"""`judge check` and `judge scenario new` as a user runs them (real subprocess)."""

from __future__ import annotations

import json

BAD_EXPECTATION = """\
title = "Yanlış beklenti"
question = "q"
[cards.Dev]
type = "unit"
power = 19
[state.A]
field = ["Dev"]
[state.B]
gigs = ["d4=1", "d6=2", "d8=3"]
[[actions]]
do = "attack"
unit = "Dev"
target = "gigs"
reactions = []
[[choices]]
decision = "steal"
pick = "B.d4"
[[choices]]
decision = "steal"
pick = "B.d6"
[expect]
stolen = 3
"""


def test_check_all_passes(run_judge):
    res = run_judge("check", "--all")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "PASS" in res.stdout and "FAIL" not in res.stdout
    assert res.stdout.strip().splitlines()[-1].endswith("0 failed")


def test_explain_prints_numbered_trace_with_values(run_judge):
    res = run_judge("check", "--all", "--explain")
    assert res.returncode == 0
    assert "9.23.2.2: X = ⌊19/10⌋+1 = 2" in res.stdout
    assert "Soru:" in res.stdout and " 1. " in res.stdout


def test_failed_expectation_exits_1(run_judge, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(BAD_EXPECTATION, encoding="utf-8")
    res = run_judge("check", str(path), "--explain")
    assert res.returncode == 1
    assert "FAIL" in res.stdout and "✗ stolen: beklenen 3, çıkan 2" in res.stdout
    assert "9.23.2.2: X = ⌊19/10⌋+1 = 2" in res.stdout


def test_invalid_file_exits_2_with_one_line(run_judge, tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(BAD_EXPECTATION.replace("reactions = []", "reaktions = []"), encoding="utf-8")
    res = run_judge("check", str(path))
    assert res.returncode == 2
    err = res.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"judge: {path}:14: ")
    assert "did you mean 'reactions'" in err[0] and "Traceback" not in res.stderr


def test_missing_decision_exits_2(run_judge, tmp_path):
    path = tmp_path / "short.toml"
    path.write_text(BAD_EXPECTATION.split("[[choices]]")[0] + "[expect]\nstolen = 2\n", encoding="utf-8")
    res = run_judge("check", str(path))
    assert res.returncode == 2
    assert "missing choice: player A" in res.stderr and "rule 9.23.3.2" in res.stderr


def test_json_output(run_judge, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(BAD_EXPECTATION, encoding="utf-8")
    res = run_judge("check", str(path), "--json")
    assert res.returncode == 1
    data = json.loads(res.stdout)
    [scn] = data["scenarios"]
    assert scn["file"] == str(path) and scn["title"] == "Yanlış beklenti" and scn["passed"] is False
    assert scn["expectations"] == [{"key": "stolen", "expected": 3, "actual": 2, "passed": False}]
    assert {"rule": "9.23.2.2", "text": "X = ⌊19/10⌋+1 = 2"} in scn["trace"]


def test_json_all_lists_every_shipped_scenario(run_judge):
    res = run_judge("check", "--all", "--json")
    assert res.returncode == 0
    data = json.loads(res.stdout)
    assert len(data["scenarios"]) >= 22 and all(s["passed"] for s in data["scenarios"])
    enumerated = [s for s in data["scenarios"] if "runs" in s]
    assert enumerated and len(enumerated[0]["runs"]) > 1


def test_scenario_new_writes_a_passing_template_and_never_overwrites(run_judge, tmp_path):
    path = tmp_path / "yeni.toml"
    res = run_judge("scenario", "new", str(path))
    assert res.returncode == 0 and path.is_file()
    assert run_judge("check", str(path)).returncode == 0
    path.write_text("# benim\n", encoding="utf-8")
    res = run_judge("scenario", "new", str(path))
    assert res.returncode == 2 and "already exists" in res.stderr
    assert path.read_text(encoding="utf-8") == "# benim\n"
    assert run_judge("scenario", "new", str(path), "--force").returncode == 0
    assert path.read_text(encoding="utf-8").startswith("# Senaryo şablonu")


def test_scenario_new_without_path_prints(run_judge):
    res = run_judge("scenario", "new")
    assert res.returncode == 0 and "[expect]" in res.stdout


def test_check_without_files_or_missing_file(run_judge):
    res = run_judge("check")
    assert res.returncode == 2 and res.stderr.startswith("judge: ")
    res = run_judge("check", "nope.toml")
    assert res.returncode == 2 and "Traceback" not in res.stderr
