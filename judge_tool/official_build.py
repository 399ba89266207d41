"""Generate rules/cyberpunk-tcg/official.tsv: the whole official numbering, as data.

Reads the official Comprehensive Rules reference (JSON Lines, one entry per rule or
heading; see ../shared/reference/README.md) and writes one row per entry: its id, its
parent, kind, whether it is numbered, depth, stable anchor and a short hash of its text.
No title and no sentence is written: the hash only lets the tool notice later that an
official rule's wording changed since the Turkish text was aligned with it.

Run: `python -m judge_tool.official_build [REFERENCE.jsonl] [OUT.tsv]` (defaults: the
shared reference beside the checkout, and the shipped data file).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .official import BASE_URL, COLUMNS, is_heading_only, text_hash
from .resources import data_path

DEFAULT_REFERENCE = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "cyberpunk-cr-en.jsonl"


def rows_from_reference(lines: list[str]) -> list[dict[str, str]]:
    """One row per reference entry, in document order."""
    rows = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        entry = json.loads(line)
        rid = str(entry["id"])
        rows.append({
            "id": rid,
            "parent": str(entry.get("parent") or ""),
            "kind": str(entry["kind"]),
            "numbered": "1" if entry.get("is_numbered") else "0",
            "depth": str(int(entry["depth"])),
            "heading": "1" if entry.get("is_numbered") and entry.get("kind") == "rule"
                       and is_heading_only(rid, str(entry.get("text", ""))) else "0",
            "anchor": str(entry["anchor"]),
            "hash": text_hash(rid if entry.get("is_numbered") else "", str(entry.get("text", ""))),
        })
    return rows


def render(rows: list[dict[str, str]], source_name: str) -> str:
    head = [
        "# Official Cyberpunk TCG Comprehensive Rules numbering (generated; do not edit).",
        f"# source: {source_name}; regenerate with `python -m judge_tool.official_build`.",
        f"# url: {BASE_URL}",
        "# hash: sha256 of the official text the Turkish was aligned with (first 16 hex digits).",
        "\t".join(COLUMNS),
    ]
    body = ["\t".join(row[c] for c in COLUMNS) for row in rows]
    return "\n".join(head + body) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    reference = Path(args[0]) if args else DEFAULT_REFERENCE
    out = Path(args[1]) if len(args) > 1 else data_path("rules", "cyberpunk-tcg", "official.tsv")
    if not reference.is_file():
        print(f"official_build: no reference file at {reference}", file=sys.stderr)
        return 1
    rows = rows_from_reference(reference.read_text(encoding="utf-8").splitlines())
    out.write_text(render(rows, reference.name), encoding="utf-8")
    numbered = sum(1 for r in rows if r["kind"] == "rule" and r["numbered"] == "1")
    print(f"{out}: {len(rows)} entries, {numbered} numbered rules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
