"""The fast path: the frequent simple forms (`judge rule 9.23.2`, `judge define blocker`,
`judge ask "…"`, `judge search …`, with their boolean flags such as `--json`) run without
importing click, which alone costs about half of a cold start's budget (issue 16: ≤ 5× a
bare `python -c pass`).

It is a router, not a second CLI: a form is taken only when it is exactly a command of
`FAST` followed by its words and known flags, with no global option before it; anything
else (help, global options, an unknown flag, a wrong number of words, `--`, shell
completion) returns None and click handles it unchanged. A taken form calls the very
function the click command calls (e.g. `rules_view.rule_command`) and prints its text with
`output.echo`, so both paths print the same bytes and exit with the same code
(tests/test_fastpath.py proves it over generated inputs).

Adding a command (the same steps are in the team's decision log): move the click
command's body into a click-free function `NAME_command(game, words_or_word, **flags)
-> str` (the click command then only calls it and echoes), and add a `Fast` row below.
The flags must be the click command's `is_flag` options, spelled and named the same (a
test checks this).
"""

from __future__ import annotations

import gc
import os
import sys


class Fast:
    """One command the fast path takes: `target` is "module:function" (relative to
    judge_tool.cli), called as function(game, word_or_words, **{flag_name: True}).
    `many`: the click argument takes any number of words (nargs=-1, required), passed as
    a tuple; otherwise exactly one word, passed as a string."""

    __slots__ = ("target", "flags", "many")

    def __init__(self, target: str, flags: dict[str, str], many: bool = False) -> None:
        self.target = target
        self.flags = flags          # "--json" -> "as_json" (the click parameter name)
        self.many = many


FAST: dict[str, Fast] = {
    "rule": Fast("rules_view:rule_command", {
        "--only": "only", "--cite": "cite", "--url": "url", "--en": "en", "--json": "as_json"}),
    "define": Fast("glossary_view:define_command", {"--full": "full", "--json": "as_json"},
                   many=True),
    "ask": Fast("ask_view:ask_command", {"--json": "as_json", "--scenario": "as_scenario"},
                many=True),
    "search": Fast("search_view:search_command", {"--json": "as_json", "--all-games": "all_games"},
                   many=True),
}

DEFAULT_GAME = "cyberpunk-tcg"       # the group's `--game` default (checked by a test)
# click's shell completion reads the first; the second sends everything to click (tests
# compare both paths with it; a judge can use it to rule the fast path out)
_CLICK_ONLY_ENV = ("_JUDGE_COMPLETE", "JUDGE_TOOL_NO_FASTPATH")


def parse(args: list[str]) -> tuple[Fast, list[str], dict[str, bool]] | None:
    """(command, words, flags) when `args` is a form the fast path takes, else None."""
    if not args or args[0] not in FAST or any(os.environ.get(v) for v in _CLICK_ONLY_ENV):
        return None
    spec = FAST[args[0]]
    words: list[str] = []
    flags: dict[str, bool] = {}
    for arg in args[1:]:
        if arg.startswith("-"):
            name = spec.flags.get(arg)
            if name is None:        # help, `--`, a value option, a number like -3: click's
                return None
            flags[name] = True
        else:
            words.append(arg)
    if not words or (len(words) != 1 and not spec.many):
        return None
    return spec, words, flags


def run(args: list[str], ending: bool = False) -> int | None:
    """Run `judge ARGS` on the fast path and return the exit code, or None when it is not
    a fast form (nothing was printed; the caller hands it to click). `ending`: the process
    ends right after (the console script), so the collector stays off."""
    found = parse(args)
    if found is None:
        return None
    spec, words, flags = found
    # The cyclic garbage collector finds nothing in a run this short, but it would walk
    # the freshly loaded rulebook again and again (~15% of a cold `judge rule`). Turned
    # back on, it would walk everything the run allocated once more (its young
    # generation counts every allocation made while it was off): ~9M instructions, ~5% of
    # a cold `judge ask`, for a process that ends next.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run(spec, words, flags)
    finally:
        if collecting and not ending:
            gc.enable()


def _run(spec: Fast, words: list[str], flags: dict[str, bool]) -> int:
    from .output import Exit, check_language, echo
    module, function = spec.target.split(":")
    name = f"{__package__}.{module}"
    __import__(name)                # importlib.import_module would import importlib
    command = getattr(sys.modules[name], function)
    try:
        check_language(None)        # what the group does first: a bad JUDGE_LANG is exit 2
        text = command(DEFAULT_GAME, tuple(words) if spec.many else words[0], **flags)
        echo(text)
    except Exit as exc:
        return exc.code
    return 0

