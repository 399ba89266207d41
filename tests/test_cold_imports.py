"""What a cold start of the everyday commands loads (issue 16 / issue 11 item 7: a cold
`judge ask` within 5x a bare `python -c pass`). Behaviour, not timing: each module named
here was taken off the start-up path on purpose, and these tests fail when one creeps back
(an import at module level, a dataclass without a docstring, ...). They check `sys.modules`
in a fresh interpreter after the command ran (the second run: the first builds the caches).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "judge_tool"

# Off every fast form's path: click (the fast path), inspect (dataclasses writes a
# docstring for a class without one; it also pulls ast, dis, tokenize), copy,
# importlib.util (contextlib, warnings), textwrap (output.fill wraps the same way).
EVERYWHERE = ["click", "inspect", "ast", "dis", "tokenize", "copy", "importlib.util", "textwrap"]
# typing (~3 ms): annotation-only names go under `TYPE_CHECKING = False / if TYPE_CHECKING:`
NOT_TYPING = ["typing"]
# pathlib (~4 ms with urllib.parse and ipaddress): the compiled cache is found with os.path
# and holds no Path (RulebookMeta.folder is text); the glossary's entry still holds one
# (define), search opens its index with pathlib.
NOT_PATHLIB = ["pathlib", "urllib.parse", "ipaddress"]
# a question whose words cannot start a card name loads neither the cards nor the matcher
NO_CARDS = ["judge_tool.cards", "judge_tool.cards.pool", "judge_tool.cards.matching"]
# a question a quick family answers loads only what it needs: not the trigger-timing
# families (the largest module of `ask`), not search (the fallback), not the spelling
# vocabulary's half of the compiled cache (only a word nobody reads needs it)
ONLY_ITS_FAMILY = ["judge_tool.ask.family_timing", "judge_tool.search", "hashlib"]
FORMS = {
    "ask-steal": (["ask", "19 güçlü birim kaç Gig çalar?"],
                  NOT_TYPING + NOT_PATHLIB + NO_CARDS + ONLY_ITS_FAMILY),
    "ask-fight-json": (["ask", "--json", "8 güçlü birim 3 güçlü birime saldırırsa kim kazanır?"],
                       NOT_TYPING + NOT_PATHLIB + NO_CARDS + ONLY_ITS_FAMILY),
    # the closest rules: search's keys hashed without hashlib (OpenSSL, ~3 ms)
    "ask-unanswered": (["ask", "kartımı nasıl karıştırırım?"], NOT_TYPING + ["hashlib"]),
    # a named card's scenario data is deep-copied before the pool card goes in
    "ask-card": (["ask", "Saul Bright 5 güçlü birime saldırırsa kim kazanır?"],
                 NOT_TYPING + NOT_PATHLIB, ["copy"]),
    "rule": (["rule", "9.23.2"], NOT_TYPING + NOT_PATHLIB),
    "rule-cite-url": (["rule", "1.11", "--cite", "--url"], NOT_TYPING + NOT_PATHLIB),
    "define": (["define", "blocker", "--json"], NOT_TYPING),
    "search": (["search", "çatışma"], ["whoosh", "hashlib"]),
}


def _loaded_after(args: list[str], names: list[str], cache: Path) -> dict[str, bool]:
    code = ("import sys, json\nfrom judge_tool.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            f"print(json.dumps({{m: m in sys.modules for m in {names!r}}}), file=sys.stderr)\n")
    env = {**os.environ, "JUDGE_TOOL_CACHE": str(cache)}
    env.pop("JUDGE_TOOL_NO_FASTPATH", None)
    for _ in range(2):
        res = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                             text=True, env=env, timeout=300)
    return json.loads(res.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("form", sorted(FORMS))
def test_cold_form_leaves_out(form, tmp_path):
    args, more, *allowed = FORMS[form]
    names = [m for m in EVERYWHERE + more if m not in (allowed[0] if allowed else [])]
    loaded = _loaded_after(args, names, tmp_path / "cache")
    assert not any(loaded.values()), [m for m, on in loaded.items() if on]


def test_a_question_read_whole_reads_no_spelling_vocabulary(tmp_path):
    """The compiled cache's files a question reads: the `spelling` file (~0.4 MB of
    vocabulary) only for a word nobody reads ("birm"), never for a question read whole."""
    code = ("import sys\nfrom judge_tool.cli import main\nfrom judge_tool import datacache\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sorted(datacache._entries)), file=sys.stderr)\n")
    env = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
    env.pop("JUDGE_TOOL_NO_FASTPATH", None)
    env.pop("JUDGE_TOOL_NO_DATACACHE", None)

    def groups(question: str) -> list[str]:
        for _ in range(2):
            res = subprocess.run([sys.executable, "-c", code, "ask", question],
                                 capture_output=True, text=True, env=env, timeout=300)
        return res.stderr.strip().splitlines()[-1].split()
    assert "ask" in groups("19 güçlü birim kaç Gig çalar?")
    assert "spelling" not in groups("19 güçlü birim kaç Gig çalar?")
    assert "spelling" in groups("19 güçlü birm kaç Gig çalar?")


def test_cold_form_leaves_out_without_the_data_cache(tmp_path, monkeypatch):
    """The deferred imports do not depend on the compiled caches being on."""
    monkeypatch.setenv("JUDGE_TOOL_NO_DATACACHE", "1")
    loaded = _loaded_after(FORMS["ask-steal"][0], EVERYWHERE, tmp_path / "cache")
    assert not any(loaded.values()), [m for m, on in loaded.items() if on]


PROBE = '''
import sys, json
import judge_tool, dataclasses
before = {m: m in sys.modules for m in ("inspect", "copy")}

@dataclasses.dataclass
class NoDoc:
    a: int
    b: list = dataclasses.field(default_factory=list)
    c: str = "x"

after_class = "inspect" in sys.modules          # no docstring: dataclasses wrote one
value = dataclasses.asdict(NoDoc(1, [[2]]))       # deep copies: the copy module
print(json.dumps({"before": before, "after_class": after_class, "doc": NoDoc.__doc__,
                  "asdict": value, "real": [dataclasses.inspect is sys.modules["inspect"],
                                            dataclasses.copy is sys.modules["copy"]]}))
'''


def test_deferred_modules_load_on_first_use(tmp_path):
    """dataclasses' inspect and copy come in when a class or a call needs them, and then
    do what they always do (the docstring dataclasses writes, asdict's deep copy)."""
    env = {**os.environ, "JUDGE_TOOL_CACHE": str(tmp_path / "cache")}
    res = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    got = json.loads(res.stdout)
    assert got["before"] == {"inspect": False, "copy": False}
    assert got["after_class"] is True
    assert got["doc"] == "NoDoc(a: int, b: list = <factory>, c: str = 'x')"
    assert got["asdict"] == {"a": 1, "b": [[2]], "c": "x"}
    assert got["real"] == [True, True]


def _dataclasses_without_docstring() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and ast.get_docstring(node) is None and any(
                    "dataclass" in ast.unparse(d) for d in node.decorator_list):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.name}")
    return found


def test_every_dataclass_has_a_docstring():
    """Without one, dataclasses writes one with inspect.signature, which imports inspect
    (~10 ms of a cold start: ast, dis, tokenize). Say in one line why the class exists."""
    assert _dataclasses_without_docstring() == []


def test_the_card_name_check_never_hides_a_name():
    """`ask` looks for card names only when a word can start one (family_cards); on the
    evaluation questions and on every card's names written in a sentence, lower case,
    upper case and with a suffix, whatever `find` finds, the check lets through."""
    from judge_tool.ask.evaluate import load_cases
    from judge_tool.ask.family_cards import _may_name_a_card
    from judge_tool.cards.matching import find
    from judge_tool.cards.pool import card_names
    names = card_names()
    texts = sorted({c.q for c in load_cases(Path(__file__).parent / "ask_eval")})
    for card in names:
        texts += [f"{card.name} ile saldırırsam", f"{card.display}'in gücü kaç?",
                  card.name.lower(), card.name.upper(), f"Rakibim {card.subtitle} oynadı"]
    found = [t for t in texts if find(t, names)]
    assert len(found) > len(names)                  # the names are there to be found
    assert [t for t in found if not _may_name_a_card(t)] == []
    assert not _may_name_a_card("19 güçlü birim kaç Gig çalar?")


def test_the_lexicon_unpickles_without_an_object_per_cue():
    """The lexicon every question reads is unpickled on each start: its ~1,300 cues are
    plain tuples of words (an object per cue cost a NEWOBJ and a BUILD each, ~5M
    instructions of a cold `judge ask`). Only the Lexicon itself is an object; the cues
    still match the question through `Lexicon.starts`."""
    import pickle
    import pickletools

    from judge_tool.ask.lexicon import _build_lexicon, read

    lexicon = _build_lexicon()
    cues = [cue for listed in lexicon.concepts.values() for cue in listed]
    assert len(cues) > 1000
    assert all(type(cue) is tuple and cue and all(type(w) is str for w in cue) for cue in cues)
    data = pickle.dumps(lexicon, protocol=5)
    objects = [op.name for op, _, _ in pickletools.genops(data)
               if op.name in ("NEWOBJ", "NEWOBJ_EX", "REDUCE", "BUILD")]
    assert objects == ["NEWOBJ", "BUILD"], objects
    again = pickle.loads(data)
    assert again.concepts == lexicon.concepts and again.starts == lexicon.starts
    assert "steal" in read("19 güçlü birim kaç Gig çalar?").concepts()
