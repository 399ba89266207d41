"""The static site: build time, the size of every page and of the search data, and (when
Chromium is installed) the search latency per keystroke in the browser from file://.

    python bench/bench_site.py [--no-browser]
"""

from __future__ import annotations

import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _timing import judge_argv, median_ms, wall_times

from judge_tool.sitebuild import SEARCH_DATA, collect, render_site, write_site

QUERIES = ("catisma", "blocker", "çatışmayı kazanan", "saldıran birim gücü", "gig calma formulu",
           "catsma", "9.23.2", "ÇATIŞMA", "engelleyici", "ucretsiz oynama bedel", "quick program")


def kib(n: int) -> str:
    return f"{n / 1024:8.1f} KiB"


def build_times(runs: int = 5) -> tuple[float, float, float]:
    collect_t, render_t, write_t = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            t0 = time.perf_counter()
            inp = collect()
            t1 = time.perf_counter()
            files = render_site(inp)
            t2 = time.perf_counter()
            write_site(files, Path(tmp) / "site", inp.book.meta)
            t3 = time.perf_counter()
            collect_t.append(t1 - t0)
            render_t.append(t2 - t1)
            write_t.append(t3 - t2)
    return (statistics.median(collect_t) * 1000, statistics.median(render_t) * 1000,
            statistics.median(write_t) * 1000)


def browser_latency(site: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    try:
        from test_site_browser import Chromium, find_chromium
    except ImportError as exc:  # pragma: no cover - tests folder missing
        print(f"browser: skipped ({exc})")
        return
    binary = find_chromium()
    if binary is None:
        print("browser: skipped (no chromium)")
        return
    chrome = Chromium(binary)
    try:
        chrome.open_page()
        chrome.resize(360, 740, mobile=True)
        t0 = time.perf_counter()
        chrome.goto((site / "bolum-9.html").resolve().as_uri())
        load_ms = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        chrome.eval("document.getElementById('q').focus()")
        chrome.wait_for("!!window.__judgeEngine")
        index_ms = (time.perf_counter() - t0) * 1000
        times: list[float] = []
        for query in QUERIES:
            chrome.eval("(() => { const q = document.getElementById('q'); q.value = '';"
                        " window.__judgeSearchTimes.length = 0; })()")
            chrome.type(query)
            chrome.pump(0.05)
            times.extend(chrome.eval("window.__judgeSearchTimes"))
        print(f"browser (Chromium, 360 px, file://): chapter 9 loads in {load_ms:.0f} ms; "
              f"search index ready {index_ms:.0f} ms after focusing the box")
        print(f"search per keystroke: median {statistics.median(times):.2f} ms, "
              f"p95 {sorted(times)[int(len(times) * 0.95) - 1]:.2f} ms, max {max(times):.2f} ms "
              f"({len(times)} keystrokes, {len(QUERIES)} queries)")
        if chrome.console_errors:
            print(f"console errors: {chrome.console_errors}")
    finally:
        chrome.close()


def main() -> None:
    collect_ms, render_ms, write_ms = build_times()
    print(f"build (median of 5): collect {collect_ms:.0f} ms + render {render_ms:.0f} ms "
          f"+ write {write_ms:.0f} ms = {collect_ms + render_ms + write_ms:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        cold = median_ms(wall_times([*judge_argv(), "site", "build", "--out", str(out), "-q"], runs=3))
        print(f"`judge site build` (cold process, median of 3): {cold:.0f} ms")
        inp = collect()
        files = render_site(inp)
        write_site(files, out, inp.book.meta)
        print(f"\n{'file':<28} {'size':>12} {'gzip':>12}")
        total = total_gz = 0
        for name in sorted(files, key=lambda n: (not n.endswith(".html"), n)):
            data = files[name]
            gz = len(gzip.compress(data, 9))
            total += len(data)
            total_gz += gz
            mark = "  <- search data" if name == SEARCH_DATA else ""
            print(f"{name:<28} {kib(len(data))} {kib(gz)}{mark}")
        print(f"{'total':<28} {kib(total)} {kib(total_gz)}")
        print(f"\nsearch data: {kib(len(files[SEARCH_DATA])).strip()} "
              f"({len(inp.book)} rules, {len(inp.terms)} glossary terms)")
        if "--no-browser" not in sys.argv:
            print()
            browser_latency(out)


if __name__ == "__main__":
    main()
