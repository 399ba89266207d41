"""The built site, read as HTML (no browser): every rulebook's pages in its own language,
its own help and home text, chapter notes, lists, editor titles, stable anchors, sharing
and offline files, print and the quick reference."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from judge_tool.i18n import messages
from judge_tool.sitebuild import build, check_base_url, SiteError

TURKISH_UI = ["Alıntı", "Bağlantı", "Örnek:", "Not:", "Bkz.", "Sözlük", "İçindekiler", "Atıf yapan",
              "kural düğümü", "Kalıcı bağlantı"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("langsite") / "site"
    inp, files = build(out)
    return out, inp, files


def page(site, rel: str) -> str:
    return (site[0] / rel).read_text(encoding="utf-8")


def text_outside_other_langs(html: str, lang: str) -> str:
    """The page's text without elements marked with another language, scripts and tags."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    html = re.sub(r'<(\w+)[^>]*\slang="(?!%s")[^"]*"[^>]*>.*?</\1>' % lang, " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("game,lang", [("berserk", "ru"), ("l5r", "hr"), ("altered", "fr")])
def test_other_rulebooks_speak_their_language(site, game, lang):
    folder = site[0] / "oyun" / game
    pages = sorted(folder.glob("*.html"))
    assert len(pages) >= 5
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in html, path.name
        leaked = [w for w in TURKISH_UI if w in text_outside_other_langs(html, lang)]
        assert not leaked, (path.name, leaked)
    m = messages(lang)
    assert m("site.glossary") in (folder / "index.html").read_text(encoding="utf-8")


def test_help_and_home_are_written_per_game(site):
    cyber = page(site, "yardim.html")
    assert "9.23.2" in cyber
    for game, example in (("berserk", "517.1.1"), ("l5r", "1.5.3"), ("altered", "6.5a")):
        help_html = page(site, f"oyun/{game}/yardim.html")
        home = page(site, f"oyun/{game}/index.html")
        assert example in help_html and example in home, game
        assert "9.23.2" not in help_html and "9.23.2" not in home, game
        assert help_html.count("<h1") == 1


def test_every_rulebook_has_a_glossary_page(site):
    for game in ("berserk", "l5r", "altered"):
        html = page(site, f"oyun/{game}/sozluk.html")
        assert html.count('class="term-entry"') >= 5, game
        assert 'class="jump"' in html                           # the letter bar


def test_chapter_notes_and_editor_titles_are_shown(site):
    b520 = page(site, "oyun/berserk/bolum-520.html")
    assert messages("ru")("editorial.heading-only") in unescape(b520)
    b517 = page(site, "oyun/berserk/bolum-517.html")
    assert b517.count('class="editor-mark"') >= 3                # 517 and 517.1 and 517.4 (sidebar too)
    assert "заголовок редактора" in b517
    index = page(site, "oyun/altered/index.html")
    assert "titre de l&#39;éditeur" in index or "titre de l'éditeur" in index
    concept = page(site, "kavram-replacement-effects.html")
    assert "editor-mark" in concept                             # 517's title in the comparison


def test_lists_inside_a_rule_are_lists(site):
    b519 = page(site, "oyun/berserk/bolum-519.html")
    block = b519.split('id="r519.3"', 1)[1].split("</article>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", block.split('class="items"', 1)[1].split("</ol>", 1)[0])
    assert [unescape(re.sub("<[^>]+>", "", i)) for i in items] == \
        ["1) из своей колоды;", "2) в открытом виде;", "3) под своим контролем."]
    a5 = page(site, "oyun/altered/bolum-5.html")
    assert a5.split('id="r5.1.2.b"', 1)[1].split("</article>", 1)[0].count("<li>") == 3


def test_anchors_are_made_from_ids(site):
    out, inp, _ = site
    ch9 = page(site, "bolum-9.html")
    sections = re.findall(r'<section class="sec" aria-labelledby="([^"]+)"', ch9)
    assert sections and all(re.fullmatch(r"s9(\.\d+)+", a) for a in sections), sections
    scen = page(site, "senaryolar.html")
    anchors = re.findall(r'<section class="scenario" id="([^"]+)"', scen)
    assert anchors and all(re.fullmatch(r"sc-[a-z0-9-]+", a) and not re.fullmatch(r"sc-\d+", a) for a in anchors)
    stems = {s.file.rsplit(".", 1)[0] for s in inp.scenarios}
    assert {a[3:] for a in anchors} == {re.sub(r"[^a-z0-9-]+", "-", s.lower()).strip("-") for s in stems}


def test_scenarios_read_as_rulings(site):
    out, inp, _ = site
    scen = page(site, "senaryolar.html")
    assert "legal = " not in scen and "attacks[0]" not in scen and "= hayır" not in scen
    assert scen.count('<dd class="answer">') >= len([s for s in inp.scenarios if s.passed]) - 2
    steps = re.findall(r'<ol class="steps">(.*?)</ol>', scen, flags=re.S)
    assert steps and all('<a class="ref" href="bolum-' in s for s in steps[:10])


def test_concept_pages_side_by_side_with_language_names(site):
    html = page(site, "kavram-reactions.html")
    assert 'class="compare"' in html
    assert "Hırvatça" in html and ">hr<" not in html and ">tr<" not in html
    assert 'lang="hr"' in html


def test_links_are_relative_and_base_url_is_used(site, tmp_path):
    out, _, files = site
    for name, data in files.items():
        if name.endswith(".html"):
            assert b"file:" not in data, name
    hosted = tmp_path / "hosted"
    build(hosted, "cyberpunk-tcg", base_url="https://judge.example/tr")
    html = (hosted / "bolum-9.html").read_text(encoding="utf-8")
    assert 'data-base="https://judge.example/tr/"' in html
    assert '<link rel="canonical" href="https://judge.example/tr/bolum-9.html">' in html
    with pytest.raises(SiteError):
        check_base_url("javascript:alert(1)")
    with pytest.raises(SiteError):
        check_base_url("file:///tmp/x")


def test_manifest_and_service_worker_list_every_file(site):
    out, _, files = site
    manifest = json.loads(page(site, "manifest.webmanifest"))
    assert manifest["display"] == "standalone" and manifest["icons"]
    worker = page(site, "sw.js")
    listed = json.loads(re.search(r"var FILES = (\[.*?\]);", worker, flags=re.S).group(1))
    assert "index.html" in listed and "oyun/berserk/bolum-519.html" in listed
    assert set(n for n in files if not n.startswith(".")) - {"sw.js", "manifest.webmanifest"} <= set(listed)
    assert "serviceWorker" in page(site, "assets/site.js")


def test_print_page_and_quick_reference(site):
    out, inp, _ = site
    css = page(site, "assets/print.css")
    assert "@bottom-center" in css and "counter(page)" in css
    printed = page(site, "yazdir.html")
    assert 'class="toc print-toc"' in printed and "data-print" in printed
    quick = page(site, "hizli-basvuru.html")
    for rid in ("9.23.2.2", "8.1", "10.13"):
        assert f'#r{rid}"' in quick, rid
        assert unescape(re.sub("<[^>]+>", "", inp.book.get(rid).text))[:30] in unescape(quick)
    assert "ADRENALINE" in quick
    assert not [n for n in inp.notes if n.startswith("quick reference")]


def test_search_data_carries_each_languages_tables(site):
    for game, key in (("l5r", "after"), ("altered", "elisions"), ("berserk", "table")):
        data = page(site, f"oyun/{game}/assets/search-data.js")
        spec = json.loads(data.split("= ", 1)[1].rstrip().rstrip(";"))
        assert spec["analysis"][key], game
        assert spec["idWords"], game


def test_site_build_lang_option(tmp_path, run_judge):
    out = tmp_path / "en"
    res = run_judge("--lang", "en", "--game", "berserk", "site", "build", "--out", str(out), "--quiet")
    assert res.returncode == 0, res.stderr
    html = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in html and ">Glossary<" in html
    res = run_judge("site", "build", "--out", str(tmp_path / "x"), "--base-url", "ftp://x")
    assert res.returncode == 2 and "--base-url" in res.stderr
