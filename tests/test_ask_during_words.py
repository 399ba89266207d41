"""family_during builds its catalogue keys from the reading ("ask_during.asked_" + asked,
"ask_during.first_" + value): every combination it can build must be a catalogue string in
each language, never the key itself shown to a judge (a missing "asked_which" /
"first_current" once printed the bare key as the answer)."""

from __future__ import annotations

import itertools
import re

import pytest

from judge_tool.ask import family_during
from judge_tool.i18n import messages

ASKED = ("when", "who", "which", "me_first", "rival_first", "pending", "interrupt")
KEY = re.compile(r"\b[a-z0-9_]+\.[a-z0-9_.]+\b")


@pytest.mark.parametrize("lang", ["tr", "en", "fr", "hr", "ru"])
def test_every_line_family_during_can_build_is_a_catalogue_string(lang):
    m = messages(lang)
    for asked, resolver, whose, outer in itertools.product(
            ASKED, ("me", "rival"), ("mine", "rival", "both"), (None, "PLAY")):
        args = {"case": "during", "outer": outer, "asked": asked, "whose": whose,
                "resolver": resolver, "trigger": "DEFEATED"}
        out, assumed = family_during.lines(args, m)
        values = {"which": ("current", "new"), "when": ("react", "main", "steal", "fight")}
        for value in values.get(asked, (True, False, "turn_player", "other_player")):
            out = out + [family_during.line(args, value, None, m)]
        for text in out + assumed:
            assert not KEY.search(text.replace("€$", "")), (lang, args, text)
