"""The all-games site: a section per rulebook, a page per shared concept, no broken links
across sections (links between sections are relative, so the site still opens from disk)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from judge_tool.concepts import load_concepts
from judge_tool.rulebook import DEFAULT_GAME, load_rulebook, rulebook_folders
from judge_tool.sitebuild import (
    CONCEPTS_PAGE, GAMES_PAGE, build, chapter_file, concept_file, game_prefix, rule_anchor,
)


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.langs: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if "lang" in a:
            self.langs.append(a["lang"])
        for key in ("href", "src"):
            if a.get(key):
                self.links.append(a[key])


def parse(path: Path) -> Links:
    page = Links()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("all") / "site"
    build(out)
    return out


@pytest.fixture(scope="module")
def pages(site) -> dict[Path, Links]:
    return {p: parse(p) for p in site.rglob("*.html")}


def test_every_game_has_its_section(site):
    for game in rulebook_folders():
        book = load_rulebook(game)
        folder = site if game == DEFAULT_GAME else site / game_prefix(game)
        assert (folder / "index.html").is_file(), game
        for chapter in book.chapters:
            html = (folder / chapter_file(chapter.id)).read_text(encoding="utf-8")
            for node in [chapter, *book.descendants(chapter.id)]:
                assert f'id="{rule_anchor(node.id)}"' in html, (game, node.id)


def test_no_link_is_broken_across_sections(site, pages):
    problems, checked = [], 0
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if not target.is_file():
                problems.append(f"{path.relative_to(site)}: {link}")
            elif parts.fragment and target.suffix == ".html":
                if unquote(parts.fragment) not in pages[target].ids:
                    problems.append(f"{path.relative_to(site)}: broken anchor {link}")
            checked += 1
    assert not problems, problems[:10]
    assert checked > 2000


def test_games_page_lists_every_rulebook(site):
    html = (site / GAMES_PAGE).read_text(encoding="utf-8")
    for game in rulebook_folders():
        assert load_rulebook(game).meta.game in html
    assert "517.4.1" in html     # a gap in the printed numbering is shown as such


def test_a_page_per_concept_with_each_games_rules_in_its_language(site):
    index = (site / CONCEPTS_PAGE).read_text(encoding="utf-8")
    for concept in load_concepts():
        assert concept_file(concept.slug) in index
        page = parse(site / concept_file(concept.slug))
        html = (site / concept_file(concept.slug)).read_text(encoding="utf-8")
        for game, ids in concept.rules.items():
            book = load_rulebook(game)
            assert book.meta.language in page.langs
            prefix = "" if game == DEFAULT_GAME else game_prefix(game)
            for rule_id in ids:
                node = book.get(rule_id)
                assert f'href="{prefix}{chapter_file(node.chapter)}#{rule_anchor(rule_id)}"' in html


def test_other_games_get_no_cyberpunk_scenarios(site):
    assert (site / "senaryolar.html").is_file()
    for game in rulebook_folders():
        if game != DEFAULT_GAME:
            assert not (site / game_prefix(game) / "senaryolar.html").exists()


def test_cli_builds_all_games_by_default_and_one_with_game(run_judge, tmp_path):
    res = run_judge("site", "build", "--out", str(tmp_path / "all"))
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "all" / GAMES_PAGE).is_file()
    res = run_judge("--game", "altered", "site", "build", "--out", str(tmp_path / "one"))
    assert res.returncode == 0, res.stderr
    assert not (tmp_path / "one" / GAMES_PAGE).exists()
    assert (tmp_path / "one" / chapter_file("6")).is_file()
