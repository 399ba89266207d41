"""`judge card` and `judge cards` as a user runs them (real subprocess)."""

from __future__ import annotations

import json


def test_card_shows_facts_rules_what_it_does_and_scenarios(run_judge):
    res = run_judge("card", "deadman")
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert out.startswith("Deadman Transmitter")
    assert "Bedel 3" in out and "Güç +1" in out and "RAM 3" in out
    assert "10.24–10.30" in out                 # a Gear with a replacement effect
    assert "bunun yerine" in out                 # generated from the effect data
    assert "06-deadman-transmitter.toml" in out
    assert "resmî değildir" in out


def test_keywords_and_triggers_link_to_their_rules(run_judge):
    out = run_judge("card", "goro takemura hands").stdout
    assert "GO SOLO → 11.25" in out and "BLOCKER → 11.24" in out
    out = run_judge("card", "caliber").stdout
    assert "PLAY → 11.20" in out and "DEFEATED → 11.19" in out
    assert "eksik:" in out                       # unsupported: the missing mechanic named


def test_shared_name_gives_a_numbered_list_and_pick_chooses(run_judge):
    res = run_judge("card", "jackie", "welles")
    assert res.returncode == 0
    lines = res.stdout.splitlines()
    assert lines[0].startswith("3 kart")
    assert lines[1].lstrip().startswith("1. Jackie Welles:")
    picked = run_judge("card", "jackie", "welles", "--pick", "3")
    assert picked.stdout.startswith("Jackie Welles: Ride or Die Choom")


def test_card_json(run_judge):
    data = json.loads(run_judge("card", "sketchy ripper", "--json").stdout)
    assert data["slug"] == "sketchy-ripper" and data["cost"] == 2 and data["power"] == 0
    assert data["trigger_rules"] == {"ATTACK": "11.21"}
    assert any(r["rule"] == "11.13" for r in data["rules"])       # search
    assert data["description_tr"] and data["expressible"]
    many = json.loads(run_judge("card", "maxtac", "--json").stdout)
    assert len(many["matches"]) == 4


def test_unknown_card_is_a_one_line_error(run_judge):
    res = run_judge("card", "xyzzy")
    assert res.returncode == 2 and res.stdout == ""
    assert len(res.stderr.strip().splitlines()) == 1 and "Böyle bir kart yok" in res.stderr
    res = run_judge("card", "x" * 500)
    assert res.returncode == 2 and "too long" in res.stderr


def test_cards_filters(run_judge):
    data = json.loads(run_judge("cards", "--type", "gear", "--color", "kırmızı", "--json").stdout)
    assert {c["slug"] for c in data} == {"arasaka-emergency-radioport", "deadman-transmitter",
                                         "mantis-blades", "satori-sword-of-saburo"}
    data = json.loads(run_judge("cards", "--keyword", "go solo", "--cost", "5", "--json").stdout)
    assert {c["slug"] for c in data} == {"v-streetkid", "goro-takemura-hands-unclean",
                                         "sasha-yakovleva-won-t-let-you-down", "v-corporate-exile"}
    data = json.loads(run_judge("cards", "--tag", "trauma team", "--json").stdout)
    assert {c["slug"] for c in data} == {"deadman-transmitter", "trauma-team-operatives",
                                         "emergency-atlus", "nadia-fighting-through-grief"}
    assert run_judge("cards", "--type", "spell").returncode == 2
    assert run_judge("cards", "--keyword", "FLYING").returncode == 2


def test_cards_stats(run_judge):
    rows = json.loads(run_judge("cards", "--stats", "--json").stdout)
    total = rows[-1]
    assert total["type"] == "all" and total["total"] == 151
    assert sum(r["total"] for r in rows[:-1]) == 151
    text = run_judge("cards", "--stats").stdout
    assert f"{total['expressible']:>6} / 151" in text


def test_help_says_unofficial(run_judge):
    for cmd in ("card", "cards"):
        out = run_judge(cmd, "--help").stdout
        assert "not endorsed by the publisher" in out


def test_readme_shows_the_current_stats(run_judge):
    from pathlib import Path
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert run_judge("cards", "--stats").stdout.strip() in readme


def test_search_finds_cards_first(run_judge):
    res = run_judge("search", "deadman", "transmitter")
    assert res.stdout.startswith("Kartlar") and "Deadman Transmitter" in res.stdout.splitlines()[1]
    assert "10.24" in res.stdout                      # the rule naming it still comes
    data = json.loads(run_judge("search", "Chrome Fang saldırı", "--json").stdout)
    assert data[0] == {**data[0], "kind": "card", "id": "chrome-fang"}
    assert all(h["kind"] != "card" for h in json.loads(run_judge("search", "catisma", "--json").stdout))


def test_rule_names_the_cards_it_mentions(run_judge):
    assert "Kartlar: Deadman Transmitter" in run_judge("rule", "10.24", "--only").stdout
    data = json.loads(run_judge("rule", "10.24", "--only", "--json").stdout)
    assert {c["slugs"][0] for c in data["cards"]} == {"deadman-transmitter"}
    assert json.loads(run_judge("rule", "9.23.2", "--only", "--json").stdout)["cards"] == []
