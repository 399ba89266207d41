"""The whole site (every rulebook) in real headless Chromium, as a judge uses it: a 360 px
phone and a 1366 px laptop, light and dark, opened from disk and hosted over HTTP(S).

Screenshots of every checked page are saved as test artefacts in $JUDGE_ARTEFACTS (default:
<tmp>/judge-artefacts), never in the repository. The accessibility checks (landmarks,
heading order, names of controls, contrast) run on the same pages.
"""

from __future__ import annotations

import http.server
import json
import os
import socket
import tempfile
import threading
from functools import partial
from pathlib import Path

import pytest

from test_site_browser import Chromium, find_chromium, url

ARTEFACTS = Path(os.environ.get("JUDGE_ARTEFACTS") or Path(tempfile.gettempdir()) / "judge-artefacts")
BASE = "https://judge.example/kurallar/"
PAGES = ["index.html", "bolum-9.html", "sozluk.html", "senaryolar.html", "hizli-basvuru.html",
         "yazdir.html", "kavram-replacement-effects.html", "oyun/berserk/bolum-519.html",
         "oyun/altered/bolum-5.html", "oyun/l5r/sozluk.html"]
TURKISH_UI = ["Alıntı", "Bağlantı", "Örnek:", "Not:", "Bkz.", "Sözlük", "İçindekiler", "Atıf yapan"]


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """The all-games site from disk, and the Cyberpunk site built for hosting (--base-url)."""
    from judge_tool.sitebuild import build

    root = tmp_path_factory.mktemp("ui")
    build(root / "site")
    build(root / "hosted", "cyberpunk-tcg", base_url=BASE)
    return root / "site", root / "hosted"


@pytest.fixture(scope="module")
def chrome():
    binary = find_chromium()
    if binary is None:
        pytest.skip("no chromium binary (Debian package 'chromium'); .ci/run installs it")
    browser = Chromium(binary)
    try:
        browser.open_page(1366, 900)
        yield browser
    finally:
        browser.close()


def scheme(browser: Chromium, value: str | None) -> None:
    features = [{"name": "prefers-color-scheme", "value": value}] if value else []
    browser.call("Emulation.setEmulatedMedia", {"features": features})


def visible(browser: Chromium, selector: str) -> bool:
    return browser.eval(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
        if (!e) return false; const s = getComputedStyle(e), r = e.getBoundingClientRect();
        return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0
            && r.right > 0 && r.left < innerWidth; }})()""")


# --- layout at phone and laptop sizes, light and dark, with screenshots -------------------

@pytest.mark.parametrize("width", [360, 1366])
@pytest.mark.parametrize("colors", ["light", "dark"])
def test_pages_at_phone_and_laptop_sizes(chrome, sites, width, colors):
    site, _ = sites
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    phone = width < 600
    chrome.resize(width, 780 if phone else 900, mobile=phone)
    scheme(chrome, colors)
    chrome.console_errors.clear()
    try:
        for page in PAGES:
            chrome.goto(url(site, page))
            chrome.pump(0.15)
            assert chrome.eval("document.documentElement.scrollWidth") <= width, page
            bg = chrome.eval("getComputedStyle(document.body).backgroundColor")
            level = sum(int(v) for v in bg[bg.index("(") + 1:bg.index(")")].split(",")[:3])
            assert (level < 150) == (colors == "dark"), (page, bg)
            header = chrome.eval("document.querySelector('header.top').getBoundingClientRect().height")
            assert header <= 64, (page, header)
            assert visible(chrome, ".brand-game"), page        # the header names the game
            short = chrome.eval("document.querySelector('.brand-game').textContent")
            assert short and short in chrome.eval("document.title") or page.startswith("oyun/"), page
            if phone:
                assert visible(chrome, ".menu-btn") and not visible(chrome, "#sidebar"), page
                assert not visible(chrome, ".onpage"), page
                assert not visible(chrome, ".search .hint"), page     # no "/" hint on touch
            else:
                assert visible(chrome, "#sidebar") and not visible(chrome, ".menu-btn"), page
                assert visible(chrome, ".sitenav"), page
                if page.startswith("bolum-") or "/bolum-" in page:
                    assert visible(chrome, ".onpage"), page
                    assert chrome.eval("document.querySelectorAll('.onpage a').length") >= 1
                side = chrome.eval("document.getElementById('sidebar').getBoundingClientRect().right")
                main = chrome.eval("document.getElementById('main').getBoundingClientRect().left")
                assert side <= main + 1, page
            name = f"{width}-{colors}-{page.replace('/', '_').removesuffix('.html')}.png"
            chrome.screenshot(ARTEFACTS / name)
            assert (ARTEFACTS / name).stat().st_size > 5000
        assert not chrome.console_errors, chrome.console_errors
    finally:
        scheme(chrome, None)
        chrome.resize(1366, 900)


def test_contents_drawer_on_a_phone(chrome, sites):
    site, _ = sites
    chrome.resize(360, 780, mobile=True)
    try:
        chrome.goto(url(site, "oyun/berserk/bolum-517.html"))
        assert chrome.eval("document.querySelector('.brand-game').textContent") == "Берсерк"
        chrome.eval("document.querySelector('.menu-btn').click()")
        chrome.wait_for("document.getElementById('sidebar').classList.contains('open')")
        chrome.pump(0.3)
        assert visible(chrome, "#sidebar")
        assert chrome.eval("document.querySelector('.menu-btn').getAttribute('aria-expanded')") == "true"
        assert chrome.eval("document.getElementById('sidebar').contains(document.activeElement)")
        links = chrome.eval("[...document.querySelectorAll('#sidebar a')].map(a => a.textContent)")
        assert any("518" in l for l in links) and any("Глоссарий" in l for l in links)
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        chrome.screenshot(ARTEFACTS / "360-drawer-berserk.png")
        chrome.key("Escape", "Escape", None, 27)
        chrome.wait_for("!document.getElementById('sidebar').classList.contains('open')")
        assert chrome.eval("document.querySelector('.menu-btn').getAttribute('aria-expanded')") == "false"
    finally:
        chrome.resize(1366, 900)


def test_light_dark_toggle_is_remembered(chrome, sites):
    site, _ = sites
    scheme(chrome, "light")
    try:
        chrome.goto(url(site, "index.html"))
        chrome.eval("localStorage.removeItem('judge-theme')")
        chrome.goto(url(site, "index.html"))
        assert chrome.eval("document.documentElement.dataset.theme || ''") == ""
        chrome.eval("document.querySelector('.theme-btn').click()")
        assert chrome.eval("document.documentElement.dataset.theme") == "dark"
        assert chrome.eval("document.querySelector('.theme-btn').getAttribute('aria-pressed')") == "true"
        chrome.pump(0.5)     # the renderer hands localStorage to the browser asynchronously: a
        #                      navigation at once (in a new renderer) could read the old value
        chrome.goto(url(site, "bolum-9.html"))                  # another page: still dark
        assert chrome.eval("document.documentElement.dataset.theme") == "dark"
        assert chrome.eval("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
        chrome.eval("document.querySelector('.theme-btn').click()")
        chrome.pump(0.5)
        chrome.goto(url(site, "index.html"))
        assert chrome.eval("document.documentElement.dataset.theme") == "light"
    finally:
        chrome.eval("localStorage.removeItem('judge-theme')")
        scheme(chrome, None)


def test_rule_actions_show_on_hover_focus_and_tap(chrome, sites):
    site, _ = sites
    chrome.goto(url(site, "bolum-9.html"))
    tools = "[id='r9.23.2.2'] .tools"
    opacity = f"getComputedStyle(document.querySelector({json.dumps(tools)})).opacity"
    assert chrome.eval(opacity) == "0"                             # quiet by default
    x, y = chrome.center_of("[id='r9.23.2.2'] .text")
    chrome.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x + 40, "y": y})
    chrome.wait_for(f"{opacity} === '1'")
    chrome.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 2, "y": 400})
    chrome.eval("document.activeElement && document.activeElement.blur()")
    chrome.eval("document.querySelector(\"[id='r9.23.2.2'] button.copy\").focus()")
    chrome.wait_for(f"{opacity} === '1'")                         # keyboard focus shows them
    chrome.eval("document.activeElement.blur()")
    chrome.resize(360, 780, mobile=True)
    try:
        chrome.goto(url(site, "bolum-9.html"))
        chrome.center_of("[id='r9.23.2.2']")
        x, y = chrome.eval("""(() => { const r = document.querySelector("[id='r9.23.2.2']").getBoundingClientRect();
            return [r.left + 3, r.bottom - 3]; })()""")          # the row itself, not a link in it
        chrome.call("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        chrome.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        chrome.wait_for("document.querySelector(\"[id='r9.23.2.2']\").classList.contains('show-tools')")
        chrome.wait_for(f"{opacity} === '1'")
    finally:
        chrome.resize(1366, 900)


# --- search: no blank rows, printed citations, each language ------------------------------

def _search(chrome: Chromium, text: str) -> list[dict]:
    chrome.eval("document.getElementById('q').focus()")
    chrome.wait_for("!!window.__judgeEngine")
    chrome.eval(f"""(() => {{ const q = document.getElementById('q'); q.value = {json.dumps(text)};
        q.dispatchEvent(new Event('input')); }})()""")
    chrome.pump(0.15)
    return chrome.eval("""[...document.querySelectorAll('#results [role=option]')].map(a => ({
        rule: a.dataset.rule || '', id: a.querySelector('.r-id').textContent,
        body: [...a.querySelectorAll('.r-title, .r-snip')].map(e => e.textContent).join(' ').trim()}))""")


def test_search_rows_are_never_blank(chrome, sites):
    site, _ = sites
    chrome.goto(url(site, "index.html"))
    for query in ["kac gig calar", "gucu 0 ise", "9.23.2", "calma", "blocker"]:
        rows = _search(chrome, query)
        assert rows, query
        assert all(r["body"] for r in rows), (query, [r for r in rows if not r["body"]])
    rows = _search(chrome, "kac gig calar")
    assert "9.23.2.1" in [r["rule"] for r in rows]


@pytest.mark.parametrize("page,query,rule", [
    ("oyun/berserk/index.html", "Берсерк 517.1.1", "517.1.1"),
    ("oyun/berserk/index.html", "определенной карты", "519.3.2"),
    ("oyun/altered/index.html", "6.5a", "6.5.a"),
    ("oyun/altered/index.html", "Altered 6.5.a", "6.5.a"),
    ("oyun/altered/index.html", "etat", "5.1.2.c"),
    ("oyun/l5r/index.html", "L5R 1.5.3", "1.5.3"),
    ("oyun/l5r/index.html", "odredjeni", "1.5.1"),
])
def test_each_language_in_the_browser(chrome, sites, page, query, rule):
    site, _ = sites
    chrome.goto(url(site, page))
    rows = _search(chrome, query)
    assert rule in [r["rule"] for r in rows][:3], (query, rows[:3])


# --- sharing: relative links from disk, the hosted address with --base-url ----------------

def _copy(chrome: Chromium, rule_id: str, kind: str) -> str:
    chrome.eval("window.__judgeLastCopy = ''")
    chrome.eval(f"document.querySelector(\"[id='r{rule_id}'] button[data-copy={kind}]\").click()")
    return chrome.wait_for("window.__judgeLastCopy")


def test_copy_link_and_citation(chrome, sites):
    site, hosted = sites
    chrome.goto(url(site, "bolum-9.html"))
    assert _copy(chrome, "9.23.2.2", "link") == "bolum-9.html#r9.23.2.2"        # never file:///
    chrome.goto(url(site, "oyun/berserk/bolum-519.html"))
    assert _copy(chrome, "519.3", "link") == "oyun/berserk/bolum-519.html#r519.3"
    cite = _copy(chrome, "519.3", "cite")
    assert cite.startswith("Берсерк 519.3 — ") and cite.endswith("2) в открытом виде; 3) под своим контролем.")
    chrome.goto(url(site, "oyun/l5r/bolum-1.html"))
    assert _copy(chrome, "1.5.3", "cite").startswith("L5R 1.5.3 (broj projekta, nije službeni) — ")
    chrome.goto(url(hosted, "bolum-9.html"))
    assert _copy(chrome, "9.23.2.2", "link") == BASE + "bolum-9.html#r9.23.2.2"
    assert chrome.eval("document.querySelector('link[rel=canonical]').href") == BASE + "bolum-9.html"
    for page in ("index.html", "bolum-9.html"):
        assert "file:" not in (site / page).read_text(encoding="utf-8")


# --- hosted: manifest and service worker, then offline -------------------------------------

class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def test_hosted_site_installs_and_works_offline(chrome, sites):
    _, hosted = sites
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), partial(_Quiet, directory=str(hosted)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    origin = f"http://127.0.0.1:{port}/"
    try:
        chrome.goto(origin + "index.html")
        assert chrome.wait_for("!!document.querySelector('link[rel=manifest]')")
        manifest = json.loads((hosted / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert manifest["start_url"] and manifest["icons"] and manifest["display"] == "standalone"
        chrome.eval("navigator.serviceWorker.ready.then(() => window.__swReady = true)")
        chrome.wait_for("window.__swReady === true", timeout=30)
        chrome.wait_for("caches.keys().then(k => window.__caches = k) && (window.__caches || []).length > 0",
                        timeout=30)
        chrome.goto(origin + "bolum-9.html")
        assert chrome.wait_for("!!navigator.serviceWorker.controller", timeout=15)
    finally:
        server.shutdown()
        server.server_close()
    try:                                    # the server is gone: pages come from the cache
        chrome.goto(origin + "sozluk.html")
        assert chrome.eval("document.querySelector('h1').textContent") == "Sözlük"
        chrome.goto(origin + "bolum-10.html#r10.13")
        assert chrome.eval("!!document.getElementById('r10.13')")
    finally:
        chrome.eval("navigator.serviceWorker.getRegistrations().then(rs => rs.forEach(r => r.unregister()))")
        chrome.eval("caches.keys().then(ks => ks.forEach(k => caches.delete(k)))")
        chrome.pump(0.3)


# --- print -----------------------------------------------------------------------------

def _pdf_pages(chrome: Chromium) -> int:
    import base64
    import re
    data = base64.b64decode(chrome.call("Page.printToPDF", {"preferCSSPageSize": True})["data"])
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def test_print_page_and_one_page_quick_reference(chrome, sites):
    site, _ = sites
    chrome.goto(url(site, "hizli-basvuru.html"))
    assert chrome.eval("document.querySelectorAll('.qr section').length") >= 4
    assert _pdf_pages(chrome) == 1
    chrome.goto(url(site, "yazdir.html"))
    assert chrome.eval("!!document.querySelector('button[data-print]')")
    assert chrome.eval("document.querySelectorAll('.print-toc li').length") >= 6
    pages = _pdf_pages(chrome)
    assert 5 < pages < 60
    # the first chapter starts on the first page: no near-empty page after the contents
    chrome.call("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        first = chrome.eval("getComputedStyle(document.querySelector('.page-yazdir .chapter')).breakBefore")
        assert first in ("auto", "")
    finally:
        chrome.call("Emulation.setEmulatedMedia", {"media": ""})


# --- accessibility ------------------------------------------------------------------------

A11Y_JS = r"""(() => {
  const problems = [];
  const count = sel => document.querySelectorAll(sel).length;
  if (count('header, [role=banner]') < 1) problems.push('no banner landmark');
  if (count('main') !== 1) problems.push('main landmarks: ' + count('main'));
  if (count('footer, [role=contentinfo]') < 1) problems.push('no contentinfo landmark');
  for (const nav of document.querySelectorAll('nav, aside'))
    if (!nav.getAttribute('aria-label') && !nav.getAttribute('aria-labelledby')) problems.push('unnamed ' + nav.tagName + '.' + nav.className);
  const hs = [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')].map(h => +h.tagName[1]);
  if (hs[0] !== 1) problems.push('first heading is h' + hs[0]);
  if (hs.filter(h => h === 1).length !== 1) problems.push('h1 count ' + hs.filter(h => h === 1).length);
  for (let i = 1; i < hs.length; i++) if (hs[i] > hs[i - 1] + 1) { problems.push('heading jump h' + hs[i - 1] + '->h' + hs[i]); break; }
  function named(el) {
    if ((el.getAttribute('aria-label') || '').trim()) return true;
    const by = el.getAttribute('aria-labelledby');
    if (by && by.split(' ').some(id => (document.getElementById(id) || {}).textContent)) return true;
    if (el.id && document.querySelector('label[for="' + el.id + '"]')) return true;
    return (el.textContent || '').trim().length > 0 || !!el.getAttribute('title');
  }
  for (const el of document.querySelectorAll('button, input, select, textarea, a[href]'))
    if (!named(el)) problems.push('unnamed control ' + el.outerHTML.slice(0, 80));
  function rgb(c) { const m = c.match(/[\d.]+/g).map(Number); return m.length > 3 ? m : [...m, 1]; }
  function lum([r, g, b]) { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); }
  function bg(el) { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c[3] > 0.5) return c; }
    return rgb(getComputedStyle(document.body).backgroundColor); }
  let checked = 0;
  for (const el of document.querySelectorAll('main *, header *, footer *, nav *')) {
    if (checked > 400) break;
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none' || +s.opacity === 0 || el.closest('.tools, .vh, [hidden]')) continue;
    const r = el.getBoundingClientRect(); if (!r.width || !r.height) continue;
    checked++;
    const [l1, l2] = [lum(rgb(s.color)), lum(bg(el))].sort((x, y) => y - x);
    const ratio = (l1 + 0.05) / (l2 + 0.05), big = parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.6 && +s.fontWeight >= 700);
    if (ratio < (big ? 3 : 4.5)) problems.push('contrast ' + ratio.toFixed(2) + ' ' + el.tagName + '.' + el.className + ': ' + el.textContent.trim().slice(0, 30));
  }
  return {problems, checked};
})()"""


@pytest.mark.parametrize("colors", ["light", "dark"])
@pytest.mark.parametrize("width", [360, 1366])
def test_accessibility(chrome, sites, colors, width):
    site, _ = sites
    chrome.resize(width, 800, mobile=width < 600)
    scheme(chrome, colors)
    try:
        for page in PAGES:
            chrome.goto(url(site, page))
            found = chrome.eval(A11Y_JS)
            assert found["checked"] > 10, page
            assert not found["problems"], (page, found["problems"][:8])
    finally:
        scheme(chrome, None)
        chrome.resize(1366, 900)


def test_every_page_speaks_its_rulebooks_language(chrome, sites):
    """lang is right on every element: a page's words are in its language, and words in
    another language carry their own lang (screen readers switch voice)."""
    site, _ = sites
    for game, lang in (("berserk", "ru"), ("altered", "fr"), ("l5r", "hr")):
        for page in sorted((site / "oyun" / game).glob("*.html")):
            chrome.goto(url(site / "oyun" / game, page.name))
            assert chrome.eval("document.documentElement.lang") == lang, page
            text = chrome.eval("""(() => { const c = document.body.cloneNode(true);
                c.querySelectorAll('[lang]:not([lang=%s]), script').forEach(e => e.remove());
                return c.textContent; })()""" % lang)
            leaked = [w for w in TURKISH_UI if w in text]
            assert not leaked, (page.name, leaked)
