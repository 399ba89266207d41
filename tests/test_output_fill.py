"""`output.fill` (how every command wraps its text) gives exactly the lines of
`textwrap.fill` with the options the tool uses, without importing textwrap on a cold
start (tests/test_cold_imports.py)."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_tool.cli.output import fill

# spaces and the other separators textwrap knows, Unicode spaces it does not split at,
# Turkish letters, hyphens (never a break here), tabs
PIECES = list(" \t\n\x0b\x0c\r\xa0\u2003aıİçşğü-—.,:'") + ["kelime", "çatışma", "9.23.2.2",
                                                          "x" * 30, "   "]
TEXT = st.lists(st.sampled_from(PIECES), max_size=120).map("".join)
INDENT = st.text(alphabet=" -\ta", max_size=12)


def _textwrap(text: str, width: int, indent: str, subsequent: str) -> str:
    return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=subsequent,
                         break_long_words=False, break_on_hyphens=False)


@settings(max_examples=600, deadline=None)
@given(TEXT, st.integers(min_value=1, max_value=120), INDENT, INDENT)
def test_fill_is_textwraps(text, width, indent, subsequent):
    assert fill(text, width, indent, subsequent) == _textwrap(text, width, indent, subsequent)


@pytest.mark.parametrize("text, width, indent, subsequent", [
    ("", 40, "  ", "    "), ("   ", 5, "", ""), ("a " * 50, 1, "", ""),
    ("Anladığım: saldıran birimin gücü 19", 10, "      ", "  "),
    ("- kart: Saul Bright — birim, güç 14, bedel 8 " * 4, 40, "  ", "    "),
    ("\tbir\tiki\n\nüç\r\ndört ", 12, "> ", ">> "),
])
def test_fill_examples(text, width, indent, subsequent):
    assert fill(text, width, indent, subsequent) == _textwrap(text, width, indent, subsequent)


def test_fill_refuses_a_width_below_one():
    with pytest.raises(ValueError):
        fill("x", 0)
