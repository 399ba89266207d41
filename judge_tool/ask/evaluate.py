"""The `judge ask` evaluation: each question of the set in tests/ask_eval/ (one TOML file
per part, read in name order) graded right, wrong or
unanswered, with a table per family and per set.

    python -m judge_tool.ask.evaluate [tests/ask_eval] [--misses] [--set heldout]

A question with a definite answer is right when the value matches, wrong when another value
is given, unanswered when `ask` gives no ruling. A question that must be left unanswered is
right only when `ask` gives no ruling; any ruling on it is wrong. Used by tests/test_ask_eval.py
(zero wrong, a floor on right) and the README table.
"""

from __future__ import annotations

import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

DEFAULT = Path(__file__).resolve().parents[2] / "tests" / "ask_eval"
NO_RULING = ("unanswered", "search")


@dataclass(frozen=True)
class Case:
    """One question of the evaluation set with its expected value and deciding rule."""

    q: str
    family: str
    want: Any
    rule: str
    set: str
    compound: bool


@dataclass(frozen=True)
class Graded:
    """A case with the value `ask` gave and whether it was right."""

    case: Case
    got: Any          # the normalised value, or "unanswered"
    grade: str        # "right", "wrong" or "unanswered"


def load_cases(path: Path = DEFAULT) -> list[Case]:
    """The cases of one TOML file, or of every `*.toml` in a folder (name order), so each
    part of the set can grow in its own file."""
    path = Path(path)
    files = sorted(path.glob("*.toml")) if path.is_dir() else [path]
    cases = []
    for file in files:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
        cases += [Case(e["q"], e["family"], e["want"], e.get("rule", "-"), e.get("set", "dev"),
                       bool(e.get("compound", False))) for e in data.get("q", [])]
    return cases


def value_of(answer: Any) -> Any:
    """The answer's value in the set's vocabulary (a tie is "both_lose", a Null Street Cred
    "null", a glossary answer "define:SLUG")."""
    kind = getattr(answer, "kind", "unanswered")
    if kind in NO_RULING:
        return "unanswered"
    value = answer.value
    if kind == "fight" and value is None:
        return "both_lose"
    if kind == "street_cred" and value is None:
        return "null"
    if kind == "define":
        return f"define:{value}"
    return value


def grade(case: Case, answer: Any) -> Graded:
    got = value_of(answer)
    if got == "unanswered":
        return Graded(case, got, "right" if case.want == "unanswered" else "unanswered")
    if case.want == "unanswered":
        return Graded(case, got, "wrong")
    same = got == case.want and type(got) is type(case.want)
    return Graded(case, got, "right" if same else "wrong")


def run(cases: Iterable[Case], answer: Callable[[str], Any]) -> list[Graded]:
    return [grade(c, answer(c.q)) for c in cases]


def table(graded: list[Graded], by: str = "family") -> list[str]:
    """Rows: name, n, right, wrong, unanswered, and the share right of those with a definite
    answer."""
    groups: dict[str, list[Graded]] = defaultdict(list)
    for g in graded:
        groups[getattr(g.case, by)].append(g)
    groups["ALL"] = list(graded)
    rows = [f"{by:<12} {'n':>4} {'right':>6} {'wrong':>6} {'unans.':>6}   definite right"]
    for name in sorted(groups, key=lambda k: (k == "ALL", k)):
        items = groups[name]
        count = {k: sum(g.grade == k for g in items) for k in ("right", "wrong", "unanswered")}
        definite = [g for g in items if g.case.want != "unanswered"]
        share = (f"{sum(g.grade == 'right' for g in definite)}/{len(definite)}"
                 f" ({100 * sum(g.grade == 'right' for g in definite) / len(definite):.0f}%)"
                 if definite else "-")
        rows.append(f"{name:<12} {len(items):>4} {count['right']:>6} {count['wrong']:>6} "
                    f"{count['unanswered']:>6}   {share}")
    return rows


def main(argv: list[str] | None = None) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python -m judge_tool.ask.evaluate")
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--set", dest="only", help="only this set (heldout, heldout2, dev)")
    parser.add_argument("--misses", action="store_true", help="list wrong and unanswered")
    args = parser.parse_args(argv)
    if not Path(args.path).exists():
        parser.exit(2, f"{parser.prog}: no evaluation set at {args.path} (it ships in the "
                       "source checkout's tests/ folder; pass its path)\n")
    from . import ask
    from ..rulebook import load_rulebook
    book = load_rulebook()
    cases = [c for c in load_cases(Path(args.path)) if not args.only or c.set == args.only]
    graded = run(cases, lambda q: ask(q, book=book))
    for by in ("family", "set"):
        print("\n".join(table(graded, by)))
        print()
    if args.misses:
        for g in graded:
            if g.grade != "right":
                print(f"{g.grade:<10} want {g.case.want!r:<14} got {g.got!r:<14} {g.case.q}")
    return 1 if any(g.grade == "wrong" for g in graded) else 0


if __name__ == "__main__":
    sys.exit(main())
