"""`judge cards import`: the publisher's card list and FAQ, imported by the user into their
data folder. The files here are small and made up, in the publisher's formats."""

from __future__ import annotations

import json

import pytest

CARDS = {
    "items": [
        {   # a library card with an erratum (cost) and a new printing
            "slug": "chrome-fang", "name": "Chrome Fang", "subname": None,
            "display_name": "Chrome Fang", "card_type": "Unit", "color": "Red",
            "cost": 4, "power": 6, "ram": 1, "is_eddiable": False,
            "classifications": ["Ganger", "Netrunner", "Tyger Claws"], "keywords": [],
            "rules_text": "Made-up printed text for the test.",
            "printings": [
                {"collector_number": "008", "set": {"code": "welcometonightcityretail", "name": "WNC"}},
                {"collector_number": "X01", "set": {"code": "futureset", "name": "Future Set"}},
            ],
        },
        {   # a card the library does not know
            "slug": "neon-ghost", "name": "Neon Ghost", "subname": "Test Card",
            "card_type": "Unit", "color": "Blue", "cost": 3, "power": 2, "ram": 1,
            "is_eddiable": False, "classifications": [], "keywords": [], "rules_text": None,
        },
    ],
    "total": 2,
}

FAQ = [
    {"id": "faq-17", "scope": "card", "question": "Made-up question?", "answer": "Made-up answer.",
     "card": "chrome-fang"},
    {"id": 18, "scope": "general", "question": "Unrelated?", "answer": "Yes."},
]


@pytest.fixture
def data_env(tmp_path):
    folder = tmp_path / "userdata"
    return {"JUDGE_TOOL_DATA": str(folder)}, folder


def _write(tmp_path, name, data) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_import_then_card_shows_text_faq_and_differences(run_judge, tmp_path, data_env):
    env, folder = data_env
    cards, faq = _write(tmp_path, "cards.json", CARDS), _write(tmp_path, "faq.json", FAQ)
    res = run_judge("cards", "import", cards, faq, env=env)
    assert res.returncode == 0, res.stderr
    assert "2 kart" in res.stdout and "2 SSS" in res.stdout and "1 kart kütüphanede yok" in res.stdout
    assert (folder / "cards-import.json").is_file() and (folder / "faq-import.json").is_file()
    out = run_judge("card", "chrome fang", env=env).stdout
    assert "Made-up printed text for the test." in out
    assert "Fark: bedel: kütüphane 5, içe aktarım 4" in out
    assert "yeni baskı: Future Set X01" in out
    assert "[faq-17]" in out and "Made-up answer." in out and "Unrelated?" not in out
    data = json.loads(run_judge("card", "chrome fang", "--json", env=env).stdout)
    assert data["imported"]["faq"][0]["id"] == "faq-17"
    assert data["imported"]["date"] and data["cost"] == 5          # the library's fact stays


def test_unknown_cards_are_listed(run_judge, tmp_path, data_env):
    env, _ = data_env
    run_judge("cards", "import", _write(tmp_path, "c.json", CARDS), env=env)
    res = run_judge("cards", "--unknown", env=env)
    assert "Neon Ghost: Test Card" in res.stdout and "Chrome Fang" not in res.stdout
    rows = json.loads(run_judge("cards", "--unknown", "--json", env=env).stdout)
    assert [r["slug"] for r in rows] == ["neon-ghost"]


def test_without_import_nothing_is_shown(run_judge, data_env):
    env, _ = data_env
    out = run_judge("card", "chrome fang", env=env).stdout
    assert "Basılı metin" not in out and "Resmî SSS" not in out


@pytest.mark.parametrize("content, message", [
    ("{not json", "not valid JSON"),
    ('{"items": [{"name": "No Slug"}]}', "card 1: missing 'slug'"),
    ('[{"slug": "a", "name": "A", "cost": "lots"}]', "'cost' must be a number"),
    ('[{"slug": "a", "name": "A", "cost": 5000}]', "out of range"),
    ('[{"id": "f1", "question": "q?"}]', "entry 1: missing 'answer'"),
    ('[]', "no entries"),
    ('"just a string"', "not a list"),
])
def test_bad_files_are_one_line_errors_and_import_nothing(run_judge, tmp_path, data_env, content, message):
    env, folder = data_env
    good = _write(tmp_path, "good.json", CARDS)
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    res = run_judge("cards", "import", good, str(bad), env=env)
    assert res.returncode == 2 and res.stdout == ""
    assert len(res.stderr.strip().splitlines()) == 1 and message in res.stderr, res.stderr
    assert not (folder / "cards-import.json").exists()


def test_missing_and_binary_files(run_judge, tmp_path, data_env):
    env, _ = data_env
    res = run_judge("cards", "import", str(tmp_path / "nope.json"), env=env)
    assert res.returncode == 2 and "cannot read" in res.stderr
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00garbage")
    res = run_judge("cards", "import", str(tmp_path / "bin.json"), env=env)
    assert res.returncode == 2 and "UTF-8" in res.stderr


def test_size_limits(tmp_path, monkeypatch):
    from judge_tool.cards import userimport
    monkeypatch.setenv("JUDGE_TOOL_DATA", str(tmp_path / "d"))
    path = tmp_path / "big.json"
    path.write_text(json.dumps([{"slug": f"c{i}", "name": "C"} for i in range(20)]), encoding="utf-8")
    monkeypatch.setattr(userimport, "MAX_ITEMS", 10)
    with pytest.raises(userimport.ImportError_, match="more than the 10 allowed"):
        userimport.import_files([str(path)])
    monkeypatch.setattr(userimport, "MAX_FILE_BYTES", 100)
    with pytest.raises(userimport.ImportError_, match="bytes is more than"):
        userimport.import_files([str(path)])


def test_reimport_keeps_the_previous_file(tmp_path, monkeypatch):
    from judge_tool.cards import userimport
    folder = tmp_path / "d"
    monkeypatch.setenv("JUDGE_TOOL_DATA", str(folder))
    path = _write(tmp_path, "c.json", CARDS)
    userimport.import_files([path])
    first = (folder / "cards-import.json").read_bytes()
    userimport.import_files([path])
    assert (folder / "cards-import.previous.json").read_bytes() == first
