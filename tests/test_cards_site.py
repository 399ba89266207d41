"""The card pages of the site: one per card, the filterable index, card names in rules
linked, the search box finds cards (static checks, then real Chromium when present)."""

from __future__ import annotations

import json
import re

import pytest

from judge_tool.cardsite import CARDS_DATA, CARDS_PAGE, card_file
from judge_tool.cards import load_pool


@pytest.fixture(scope="module")
def files():
    from judge_tool.sitebuild import collect, render_site
    return render_site(collect())


def test_a_page_per_card_linked_from_the_index(files):
    index = files[CARDS_PAGE].decode()
    for card in load_pool():
        assert card_file(card.slug) in files
        assert f'href="{card_file(card.slug)}"' in index
    rows = re.findall(r'<tr data-type="(\w+)" data-color="(\w+)" data-keywords="([^"]*)">', index)
    assert len(rows) == 151
    assert ("gear", "red", "") in rows and ("legend", "green", "GO_SOLO BLOCKER") in rows
    assert 'class="card-filter"' in index and "assets/cards.js" in index


def test_card_page_shows_facts_what_it_does_rules_and_scenarios(files):
    html = files[card_file("deadman-transmitter")].decode()
    assert "<h1>Deadman Transmitter</h1>" in html
    assert "bunun yerine" in html                                  # generated description
    assert 'href="bolum-10.html#r10.24"' in html and 'href="bolum-10.html#r10.30"' in html
    assert "kart-deadman-transmitter.toml" in html and 'href="senaryolar.html#sc-' in html
    assert "resmî değildir" in html
    goro = files[card_file("goro-takemura-hands-unclean")].decode()
    assert 'href="bolum-11.html#r11.25"' in goro and 'href="bolum-11.html#r11.24"' in goro
    chrome = files[card_file("chrome-fang")].decode()
    assert "Eksik:" in chrome


def test_no_card_images_anywhere(files):
    for name, data in files.items():
        if name.endswith(".html"):
            assert "<img" not in data.decode(), name
    assert not [n for n in files if n.lower().endswith((".png", ".jpg", ".jpeg", ".webp"))]


def test_card_names_in_rules_link_to_the_card(files):
    chapter = files["bolum-10.html"].decode()
    assert f'href="{card_file("deadman-transmitter")}" class="card-ref"' in chapter


def test_the_search_table_has_every_card(files):
    text = files[CARDS_DATA].decode()
    rows = json.loads(text.split("window.JUDGE_CARDS = ", 1)[1].rstrip().rstrip(";"))
    assert len(rows) == 151
    assert ["deadman", "transmitter"] in [r[0] for r in rows]


# --- in the browser ----------------------------------------------------------------------

try:
    from test_site_browser import browser, built_site, search_in_box, url, result_links  # noqa: F401
except ImportError:     # pragma: no cover
    browser = None


@pytest.mark.skipif(browser is None, reason="browser helpers not available")
def test_search_box_finds_cards_and_index_filters(browser, built_site):
    _, site = built_site
    browser.goto(url(site, "index.html"))
    search_in_box(browser, "deadman")
    assert result_links(browser)[0] == card_file("deadman-transmitter")
    search_in_box(browser, "jackie welles")
    assert sum(1 for h in result_links(browser) if h.startswith("kart-jackie-welles")) == 3
    browser.goto(url(site, CARDS_PAGE))
    browser.wait_for("!document.querySelector('.card-filter').hidden")
    browser.eval("""(() => { const f = document.querySelector('.card-filter');
        f.elements.type.value = 'gear'; f.elements.color.value = 'red';
        f.dispatchEvent(new Event('change')); })()""")
    shown = browser.eval("Array.from(document.querySelectorAll('table.cards tbody tr:not([hidden]) a'))"
                         ".map(a => a.textContent)")
    assert sorted(shown) == ["Arasaka Emergency Radioport", "Deadman Transmitter", "Mantis Blades",
                             "Satori: Sword of Saburo"]
    assert not browser.console_errors, browser.console_errors
