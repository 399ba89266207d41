"""The site and the official numbering: each rule's official link, coverage on the home
page and each chapter, a permalink for every official rule the Turkish text does not
include, and a rule number typed in search opening that rule and no other."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from judge_tool import official


@pytest.fixture(scope="module")
def site(tmp_path_factory, book):
    from judge_tool.sitebuild import build
    out = tmp_path_factory.mktemp("site-official")
    build(out, game="cyberpunk-tcg")
    return out


def test_every_rule_links_to_its_official_page(site, book):
    html = "".join(p.read_text(encoding="utf-8") for p in site.glob("bolum-*.html"))
    for node in book:
        url = official.official_url(node.id)
        assert url and f'href="{url}"' in html, node.id


def test_home_and_chapters_say_how_complete_they_are(site, book):
    numbering = official.load()
    rows = {c: (h, t) for c, h, t in numbering.coverage(book)}
    have, total = sum(h for h, _ in rows.values()), sum(t for _, t in rows.values())
    index = (site / "index.html").read_text(encoding="utf-8")
    assert f"{have}/{total}" in index
    chapter = (site / "bolum-9.html").read_text(encoding="utf-8")
    h, t = rows["9"]
    assert f"{h}/{t} resmî kuralın Türkçe metni var" in chapter


def test_each_missing_official_rule_has_a_permalink(site, book):
    page = (site / "resmi-kurallar.html").read_text(encoding="utf-8")
    numbering = official.load()
    missing = [n for n in numbering.numbers() if book.get(n) is None]
    assert "1.11" in missing and "10.4.1" in missing
    for number in missing:
        assert f'id="r{number}"' in page, number
        assert official.official_url(number) in page
    assert 'id="r10.6.2"' not in page           # has Turkish text since the split


def _search(site: Path, query: str) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node not installed")
    script = f"""
      global.window = global;
      require({json.dumps(str(site / 'assets' / 'search-data.js'))});
      require({json.dumps(str(site / 'assets' / 'search.js'))});
      const e = JudgeSearch.create();
      console.log(JSON.stringify(e.search({json.dumps(query)}, 5, false)));
    """
    res = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


@pytest.mark.parametrize("typed,first", [("9.2", "9.20"), ("9.1", "9.10"), ("10.1", "10.10")])
def test_a_typed_number_never_opens_a_different_rule(site, typed, first):
    hits = _search(site, typed)
    assert hits and hits[0]["id"] == typed
    assert all(h["id"] == typed or h["id"].startswith(typed + ".") for h in hits)
    assert first not in [h["id"] for h in hits]


def test_a_missing_official_number_opens_its_permalink(site):
    hits = _search(site, "1.11")
    assert hits[0]["id"] == "1.11" and hits[0]["url"] == "resmi-kurallar.html#r1.11"
    assert _search(site, "9.99") == []
