"""`judge import-official`: the publisher's rules JSON (made-up text here, never the real
one), validated, stored in the user's data folder, shown beside the Turkish and searched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge_tool import official
from judge_tool.official_import import OfficialImportError, parse_served

FIXTURE = Path(__file__).parent / "fixtures" / "official_rules_madeup.json"
REFERENCE = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "cyberpunk-cr-en.jsonl"


@pytest.fixture
def data_env(tmp_path):
    return {"JUDGE_TOOL_DATA": str(tmp_path / "data"), "JUDGE_LANG": "en"}


def _served(**change) -> bytes:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["items"][1].update(change)
    return json.dumps(data).encode()


def test_made_up_file_imports_numbered_rules_only():
    reduced = parse_served(FIXTURE.read_bytes())
    assert reduced["updated_at"] == "2031-02-03T04:05:06Z"
    assert sorted(reduced["rules"]) == ["1.11", "9.9", "9.9.1"]
    assert reduced["rules"]["9.9"]["hash"] == official.text_hash("9.9", "A zorblax widget frobnicates the quux.")


@pytest.mark.parametrize("raw,message", [
    (b"{", "not JSON"),
    (b"[]", "top level must be an object"),
    (b'{"items": []}', "no 'updated_at'"),
    (b'{"updated_at": "x", "items": {}}', "'items' must be a list"),
    (b'{"updated_at": "x", "items": [3]}', "item 1: must be an object"),
    (b'{"updated_at": "x", "items": []}', "no numbered rules"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_bad_files_get_one_line_errors(raw, message):
    with pytest.raises(OfficialImportError) as info:
        parse_served(raw)
    assert message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("change,message", [
    ({"depth": "2"}, "item 2: 'depth' must be an integer"),
    ({"is_numbered": 1}, "item 2: 'is_numbered' must be true/false"),
    ({"display_number": "nine"}, "is not a rule number"),
    ({"stable_anchor": None}, "item 2: 'stable_anchor' must be a string"),
])
def test_item_types_are_checked(change, message):
    with pytest.raises(OfficialImportError) as info:
        parse_served(_served(**change))
    assert message in str(info.value)


def test_missing_key_is_named():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    del data["items"][2]["sort_order"]
    with pytest.raises(OfficialImportError, match="item 3: missing key 'sort_order'"):
        parse_served(json.dumps(data).encode())


def test_size_limit(run_judge, tmp_path, data_env, monkeypatch):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(9_000_000)
    res = run_judge("import-official", str(big), env=data_env)
    assert res.returncode == 2 and "over the limit" in res.stderr and "Traceback" not in res.stderr


def test_import_then_english_beside_turkish(run_judge, data_env, tmp_path):
    res = run_judge("import-official", str(FIXTURE), env=data_env)
    assert res.returncode == 0, res.stderr
    assert "2031-02-03" in res.stdout
    stored = Path(data_env["JUDGE_TOOL_DATA"]) / "official-rules-en.json"
    assert stored.is_file()                       # in the user's folder, not the package
    out = run_judge("rule", "9.9", "--en", env=data_env).stdout
    assert "BLOCKER" in out and "A zorblax widget frobnicates the quux." in out
    assert "2031-02-03" in out
    assert "changed after the Turkish text was aligned" in out   # made-up text != aligned hash
    data = json.loads(run_judge("rule", "9.9", "--en", "--json", env=data_env).stdout)
    assert data["english"] == "A zorblax widget frobnicates the quux."
    assert data["official_changed"] is True and data["english_version"] == "2031-02-03T04:05:06Z"
    assert data["subrules"][0]["english"] == "Plimbo wibbles twice before the snark."


def test_official_rule_without_turkish_shows_the_english(run_judge, data_env):
    run_judge("import-official", str(FIXTURE), env=data_env)
    res = run_judge("rule", "1.11", "--en", env=data_env)
    assert res.returncode == 0
    assert "Turkish text does not include" in res.stdout
    assert "Grommets are counted by the vorpal clerk." in res.stdout and "2031-02-03" in res.stdout


def test_without_import_en_says_how_to_import(run_judge, data_env):
    res = run_judge("rule", "9.9", "--en", env=data_env)
    assert res.returncode == 0 and "judge import-official" in res.stdout


def test_search_finds_imported_english_and_forgets_it_on_reimport(run_judge, data_env, tmp_path):
    run_judge("import-official", str(FIXTURE), env=data_env)
    res = run_judge("search", "frobnicates", "--json", env=data_env)
    assert res.returncode == 0, res.stderr
    assert "9.9" in [h["id"] for h in json.loads(res.stdout)][:3]
    other = tmp_path / "other.json"
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["items"][1]["body_markdown"] = "9.9. Nothing to see."
    other.write_text(json.dumps(data), encoding="utf-8")
    run_judge("import-official", str(other), env=data_env)
    res = run_judge("search", "frobnicates", "--json", env=data_env)
    hits = json.loads(res.stdout) if res.returncode == 0 and res.stdout.strip() else []
    assert "9.9" not in [h["id"] for h in hits][:3]


def _reference_as_served(lines: list[str]) -> dict:
    """The reference capture in the publisher's served shape (in memory only)."""
    items = []
    for n, line in enumerate(lines):
        e = json.loads(line)
        body = e["text"]
        if e["is_numbered"]:
            body = body[len(e["id"]) + 1:].lstrip() if body.startswith(e["id"] + ".") else body
        items.append({"display_number": e["id"] if e["is_numbered"] else None,
                      "stable_anchor": e["anchor"], "stable_key": e["anchor"],
                      "parent_id": e["parent"], "node_type": e["kind"], "title": e["title"],
                      "body_markdown": body, "is_numbered": e["is_numbered"],
                      "depth": e["depth"], "sort_order": n})
    return {"updated_at": "2026-08-01", "items": items}


def test_reference_converted_to_the_served_shape_imports_unchanged(run_judge, data_env, tmp_path):
    if not REFERENCE.is_file():
        pytest.skip("official reference (../shared/reference) not present")
    served = _reference_as_served(REFERENCE.read_text(encoding="utf-8").splitlines())
    reduced = parse_served(json.dumps(served).encode())
    numbering = official.load()
    assert len(reduced["rules"]) == sum(1 for _ in numbering.rules()) + len(numbering.chapters())
    changed = [n for n, r in reduced["rules"].items() if r["hash"] != numbering.hash(n)]
    assert changed == []                           # the Turkish is aligned with this version
    path = tmp_path / "served.json"
    path.write_text(json.dumps(served), encoding="utf-8")
    assert run_judge("import-official", str(path), env=data_env).returncode == 0
    out = run_judge("rule", "10.6.2", "--en", env=data_env).stdout
    assert "2026-08-01" in out and "changed after" not in out


def test_site_build_adds_the_english_beside_each_rule(tmp_path, monkeypatch):
    from judge_tool.official_import import store
    from judge_tool.sitebuild import build
    monkeypatch.setenv("JUDGE_TOOL_DATA", str(tmp_path / "data"))
    store(FIXTURE.read_bytes())
    out = tmp_path / "site"
    build(out, game="cyberpunk-tcg")
    chapter = (out / "bolum-9.html").read_text(encoding="utf-8")
    assert "A zorblax widget frobnicates the quux." in chapter and "2031-02-03" in chapter
    assert "hizalandıktan sonra değişmiş" in chapter
    missing = (out / "resmi-kurallar.html").read_text(encoding="utf-8")
    assert "Grommets are counted by the vorpal clerk." in missing
