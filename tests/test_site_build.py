"""`judge site build`: every rule has its anchor, no internal link or anchor is broken, every
glossary entry lists the rules citing it, everything is escaped, and a user's folder is
never clobbered."""

from __future__ import annotations

import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markupsafe import escape

from judge_tool.sitebuild import (
    GLOSSARY_PAGE, MANIFEST, PRINT_PAGE, SEARCH_DATA, SiteError, SiteInput, chapter_file, collect,
    render_site, rule_anchor, term_anchor, write_site,
)


class Page(HTMLParser):
    """ids, links and a few facts of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[tuple[str, str]] = []      # (tag, url)
        self.tags: list[tuple[str, dict]] = []
        self.lang = None
        self._stack: list[str] = []
        self.text_by_id: dict[str, list[str]] = {}
        self._capture: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag == "html":
            self.lang = a.get("lang")
        if "id" in a:
            self.ids.append(a["id"])
        for key in ("href", "src"):
            if a.get(key) is not None:
                self.links.append((tag, a[key]))


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def site_input() -> SiteInput:
    return collect()


@pytest.fixture(scope="module")
def site(site_input, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("build") / "site"
    write_site(render_site(site_input), out, site_input.book.meta)
    return out


@pytest.fixture(scope="module")
def pages(site) -> dict[str, Page]:
    return {p.name: parse(p) for p in sorted(site.glob("*.html"))}


# --- the CLI ---------------------------------------------------------------------

def test_cli_builds_the_site(run_judge, tmp_path):
    out = tmp_path / "out"
    res = run_judge("site", "build", "--out", str(out))
    assert res.returncode == 0, res.stderr
    assert "site:" in res.stdout and "index.html" in res.stdout
    for name in ("index.html", GLOSSARY_PAGE, PRINT_PAGE, "yardim.html", SEARCH_DATA, MANIFEST,
                 "assets/style.css", "assets/print.css", "assets/site.js", "assets/search.js"):
        assert (out / name).is_file(), name
    # a rebuild into our own previous build is fine, and keeps files that are not ours
    (out / "screenshot.png").write_bytes(b"x")
    (out / "assets" / "old-stale.js").write_text("stale")
    (out / "assets" / "edited-by-user.js").write_text("mine now")
    manifest = json.loads((out / MANIFEST).read_text())
    manifest["files"]["assets/old-stale.js"] = hashlib.sha256(b"stale").hexdigest()
    manifest["files"]["assets/edited-by-user.js"] = hashlib.sha256(b"as built").hexdigest()
    (out / MANIFEST).write_text(json.dumps(manifest))
    res = run_judge("site", "build", "--out", str(out), "--quiet")
    assert res.returncode == 0, res.stderr
    assert res.stdout == ""
    assert (out / "screenshot.png").read_bytes() == b"x"
    assert not (out / "assets" / "old-stale.js").exists(), "files of the old build are replaced"
    # listed by the old build but no longer what it wrote: not provably ours, kept
    assert (out / "assets" / "edited-by-user.js").read_text() == "mine now"


def test_cli_refuses_a_folder_that_is_not_a_build(run_judge, tmp_path):
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "important.txt").write_text("keep me")
    res = run_judge("site", "build", "--out", str(mine))
    assert res.returncode == 2
    assert res.stderr.startswith("judge: ") and len(res.stderr.strip().splitlines()) == 1
    assert "Traceback" not in res.stderr
    assert sorted(p.name for p in mine.iterdir()) == ["important.txt"]
    assert (mine / "important.txt").read_text() == "keep me"

    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    res = run_judge("site", "build", "--out", str(a_file))
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1
    assert a_file.read_text() == "x"

    res = run_judge("site", "build")
    assert res.returncode == 2 and "--out" in res.stderr


def test_site_group_help(run_judge):
    res = run_judge("site", "--help")
    assert res.returncode == 0 and "build" in res.stdout


def test_manifest_with_escaping_paths_is_ignored(tmp_path, site_input):
    """A tampered manifest cannot make a rebuild delete files outside the folder."""
    outside = tmp_path / "precious.txt"
    outside.write_text("keep")
    out = tmp_path / "site"
    files = {"index.html": b"<!doctype html>"}
    write_site(files, out)
    manifest = json.loads((out / MANIFEST).read_text())
    digest = hashlib.sha256(b"keep").hexdigest()
    manifest["files"].update({"../precious.txt": digest, str(outside): digest})
    (out / MANIFEST).write_text(json.dumps(manifest))
    write_site(files, out)
    assert outside.read_text() == "keep"


def test_write_site_refuses_foreign_manifest(tmp_path):
    out = tmp_path / "x"
    out.mkdir()
    (out / MANIFEST).write_text('{"generator": "someone else"}')
    with pytest.raises(SiteError):
        write_site({"index.html": b""}, out)


# --- structure ------------------------------------------------------------------------

def test_every_rule_has_its_anchor(site_input, pages):
    book = site_input.book
    for node in book:
        page = pages[chapter_file(node.chapter)]
        assert rule_anchor(node.id) in page.ids, node.id
        assert rule_anchor(node.id) in pages[PRINT_PAGE].ids, node.id
    for name, page in pages.items():
        dupes = {i for i in page.ids if page.ids.count(i) > 1}
        assert not dupes, (name, dupes)


def test_every_rule_shows_a_visible_permalink(site_input, site):
    html = (site / chapter_file("9")).read_text(encoding="utf-8")
    for node in site_input.book.descendants("9"):
        assert f'href="#{rule_anchor(node.id)}"' in html, node.id


def broken_links(site: Path, pages: dict[str, Page]) -> tuple[list[str], int]:
    problems, checked = [], 0
    for name, page in pages.items():
        for tag, link in page.links:
            parts = urlsplit(link)
            if link.startswith("//") or (parts.scheme and (tag != "a" or parts.scheme not in ("http", "https", "mailto"))):
                problems.append(f"{name}: external or odd resource {link} (no CDNs, fonts or trackers)")
                continue
            if parts.scheme:
                continue
            target = name if not parts.path else unquote(parts.path)
            if not (site / target).is_file():
                problems.append(f"{name}: {link} -> missing {target}")
            elif parts.fragment and (not target.endswith(".html")
                                     or unquote(parts.fragment) not in pages[target].ids):
                problems.append(f"{name}: broken anchor {link}")
            checked += 1
    return problems, checked


def test_no_internal_link_or_anchor_is_broken(site, pages):
    problems, checked = broken_links(site, pages)
    assert not problems, problems[:10]
    assert checked > 1000


def _games() -> list[str]:
    from judge_tool.rulebook import rulebook_folders
    return sorted(rulebook_folders())


@pytest.mark.parametrize("game", _games())
def test_every_rulebook_builds_with_anchors_and_no_broken_links(game, tmp_path):
    inp = collect(game)
    out = tmp_path / "site"
    write_site(render_site(inp), out, inp.book.meta)
    pages = {p.name: parse(p) for p in sorted(out.glob("*.html"))}
    for node in inp.book:
        assert rule_anchor(node.id) in pages[chapter_file(node.chapter)].ids, node.id
    problems, _ = broken_links(out, pages)
    assert not problems, problems[:10]
    assert all(p.lang == inp.book.meta.language for p in pages.values())


def test_pages_are_turkish_phone_ready_and_have_landmarks(pages):
    for name, page in pages.items():
        assert page.lang == "tr", name
        tags = [t for t, _ in page.tags]
        for landmark in ("header", "main", "footer", "nav"):
            assert landmark in tags, (name, landmark)
        metas = [a for t, a in page.tags if t == "meta"]
        assert any(a.get("name") == "viewport" and "width=device-width" in a.get("content", "") for a in metas)
        assert any(a.get("name") == "color-scheme" for a in metas)
        assert any(t == "input" and a.get("id") == "q" for t, a in page.tags), name
        assert sum(1 for t in tags if t == "h1") == 1, name


def test_home_page_has_contents_version_and_date(site_input, site):
    html = (site / "index.html").read_text(encoding="utf-8")
    meta = site_input.book.meta
    assert meta.version in html and meta.date in html
    for chapter in site_input.book.chapters:
        assert f'href="{chapter_file(chapter.id)}"' in html


def test_glossary_entries_list_their_citations(site_input, pages, site):
    if not site_input.terms:
        pytest.skip("no glossary")
    html = (site / GLOSSARY_PAGE).read_text(encoding="utf-8")
    glossary = pages[GLOSSARY_PAGE]
    citing: dict[str, list[str]] = {}
    for node in site_input.book:
        for link in site_input.links.get(node.id, []):
            if link.kind == "term" and link.term and node.id not in citing.setdefault(link.term, []):
                citing[link.term].append(node.id)
    entries = re.split(r'(?=<section class="term-entry")', html)[1:]
    assert len(entries) == len(site_input.terms)
    with_citations = 0
    for term in site_input.terms:
        assert term_anchor(term.slug) in glossary.ids
        entry = next(e for e in entries if f'id="{term_anchor(term.slug)}"' in e)
        block = entry.split('<p class="citing">', 1)[1].split("</p>", 1)[0]
        listed = re.findall(r'#r([0-9a-z.]+)"', block)
        assert listed == citing.get(term.slug, []), term.slug
        with_citations += bool(listed)
        if term.rule:
            assert f'#{rule_anchor(term.rule)}"' in entry.split('class="defrule"', 1)[1], term.slug
        for english in term.english_shown:
            assert english.replace("&", "&amp;") in entry
    assert with_citations >= len(site_input.terms) // 2


def test_keyword_links_point_to_the_glossary_with_a_short_definition(site_input, site):
    if not site_input.terms:
        pytest.skip("no glossary")
    html = (site / chapter_file("9")).read_text(encoding="utf-8")
    slugs = set(re.findall(r'class="term" data-t="([a-z0-9-]+)"', html))
    assert slugs
    defs = json.loads(re.search(r'<script type="application/json" id="term-defs">(.*?)</script>',
                                html, re.S).group(1))
    assert slugs <= set(defs)
    for slug in slugs:
        assert f'href="{GLOSSARY_PAGE}#{term_anchor(slug)}"' in html
        assert defs[slug]["d"]


def test_rules_list_what_cites_them(site_input, site):
    book = site_input.book
    pairs = [(ref, n.id) for n in book for ref in n.refs]
    assert pairs
    for target, citing in pairs[:40]:
        html = (site / chapter_file(target.split(".")[0])).read_text(encoding="utf-8")
        article = html.split(f'id="{rule_anchor(target)}"', 1)[1].split("</article>", 1)[0]
        cited = article.split('class="xref cited"', 1)[1].split("</p>", 1)[0]
        assert f'#{rule_anchor(citing)}"' in cited, (target, citing)


def test_rule_text_is_the_data_and_references_are_links(site_input, site):
    from html import unescape

    html = (site / chapter_file("9")).read_text(encoding="utf-8")
    for node in site_input.book.descendants("9"):
        if not node.text:
            continue
        article = html.split(f'id="{rule_anchor(node.id)}"', 1)[1].split("</article>", 1)[0]
        body = article.split('<p class="text">', 1)[1].split("</p>", 1)[0]
        assert unescape(re.sub(r"<[^>]+>", "", body)) == node.text, node.id


def test_scenarios_page(site_input, site):
    if site_input.scenarios is None:
        pytest.skip("rules engine not available")
    html = (site / "senaryolar.html").read_text(encoding="utf-8")
    assert len(site_input.scenarios) >= 1
    for s in site_input.scenarios:
        assert str(escape(s.title)) in html
        for step in s.trace[:5]:
            if step.rule in site_input.book:
                assert f'#{rule_anchor(step.rule)}"' in html
    assert "Doğrulandı" in html


def test_search_data_is_a_plain_script_with_the_python_tables(site):
    from judge_tool import turkish

    text = (site / SEARCH_DATA).read_text(encoding="utf-8")
    assert text.count("window.JUDGE_SEARCH_DATA = ") == 1
    data = json.loads(text.split("window.JUDGE_SEARCH_DATA = ", 1)[1].rstrip().rstrip(";"))
    spec = data["analysis"]
    assert spec["lower"] == turkish.TR_LOWER
    assert spec["ascii"] == turkish.ASCII_FOLD
    assert spec["punct"] == turkish.PUNCT_FOLD
    assert data["fields"]["exact"]["post"] and data["docs"]
    for page in site.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "fetch(" not in html
    assert "fetch(" not in (site / "assets" / "site.js").read_text()


def test_the_printable_page_has_everything(site_input, site):
    html = (site / PRINT_PAGE).read_text(encoding="utf-8")
    for node in site_input.book:
        assert f'id="{rule_anchor(node.id)}"' in html
    assert 'href="assets/print.css" media="print"' in html
    assert "@page" in (site / "assets" / "print.css").read_text()


# --- escaping ---------------------------------------------------------------------------

EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def make_book(tmp_path: Path):
    from judge_tool.rulebook import load_folder

    folder = tmp_path / "evil"
    folder.mkdir()
    (folder / "rulebook.toml").write_text(
        'id = "evil"\ngame = "Evil <b>Game</b>"\ntitle = "T <i>x</i>"\nlanguage = "tr"\n'
        'version = "1<script>"\ndate = "2026-01-01"\nchapters = ["01.md"]\n', encoding="utf-8")
    (folder / "01.md").write_text(
        f"# 1. Bölüm {EVIL}\n\n## Kesim {EVIL}\n\n### 1.1. Başlık {EVIL}\n\n"
        f"**1.1.1.** Metin {EVIL} bkz. 1.1 ve “tırnak” & ampersand.\n"
        f"<!-- note: not {EVIL} -->\n\n> Örnek {EVIL}\n", encoding="utf-8")
    return load_folder(folder)


def test_everything_is_escaped(tmp_path):
    from judge_tool.sitebuild import TermView, fallback_links, reverse_refs

    book = make_book(tmp_path)
    term = TermView(slug="kotu", term=f"Kötü {EVIL}", english=(f"Evil {EVIL}",), kind="concept",
                    aliases=(), definition=f"Tanım {EVIL}", rule="1.1.1", related=())
    links = fallback_links(book)
    inp = SiteInput(book=book, terms=[term], links=links, scenarios=[], notes=[])
    inp.cited_by = reverse_refs(book, links)
    files = render_site(inp)
    for name, data in files.items():
        if not name.endswith(".html"):
            continue
        html = data.decode("utf-8")
        assert "<script>alert" not in html, name
        assert "<img src=x" not in html, name
        assert "<b>Game</b>" not in html and "<i>x</i>" not in html, name
    chapter = files[chapter_file("1")].decode()
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in chapter
    assert 'href="#r1.1"' in chapter          # the reference in the text is still a link
    glossary = files[GLOSSARY_PAGE].decode()
    assert "Tanım &lt;script&gt;" in glossary
    data_js = files[SEARCH_DATA].decode()
    assert "</script>" not in data_js          # safe even if someone inlines it


def test_render_is_pure_and_deterministic(site_input):
    a = render_site(site_input)
    b = render_site(site_input)
    assert a == b
