"""Rulebook load and linking time and the cold wall time of `judge rule 9.23.2` next to bare Python."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from _timing import compare_to_bare_python, judge_argv

from judge_tool.glossary import load_glossary
from judge_tool.linking import link_rulebook
from judge_tool.rulebook import load_folder, load_rulebook


def main() -> None:
    book = load_rulebook()
    folder = Path(book.meta.folder)
    times = []
    for _ in range(50):
        start = time.perf_counter()
        load_folder(folder)
        times.append(time.perf_counter() - start)
    print(f"rulebook: {len(book)} nodes")
    print(f"{'rulebook load (parse + validate)':<34} {statistics.median(times) * 1000:8.2f} ms (median of 50)")
    glossary = load_glossary()
    link_rulebook(book, glossary)                  # warm imports and suffix tables
    links = []
    for _ in range(5):
        start = time.perf_counter()
        link_rulebook(book, glossary)
        links.append(time.perf_counter() - start)
    print(f"{'linking the whole rulebook':<34} {min(links) * 1000:8.2f} ms (best of 5)")
    compare_to_bare_python("judge rule 9.23.2 (cold process)", [*judge_argv(), "rule", "9.23.2"])


if __name__ == "__main__":
    main()
