"""`judge define`, `judge terms`, and the links / backlinks `judge rule` gained."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from judge_tool.cli import cli
from judge_tool.glossary import KINDS, load_glossary


@pytest.fixture(scope="module")
def glossary():
    return load_glossary()


def invoke(*args: str, env: dict | None = None):
    runner = CliRunner(env={"NO_COLOR": "1", **(env or {})})
    return runner.invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("query,name", [
    ("kusanma", "kuşanma"), ("EQUIP", "kuşanma"), ("go solo", "GO SOLO"),
    ("sokak itibari", "Street Cred"), ("Tepki Adımı’na", "Tepki Adımı"),
    ("BLOCKER", "BLOCKER"), ("çatışmayı", "çatışma"), ("[PLAY]", "PLAY"),
])
def test_define_accepts_any_spelling(glossary, book, query, name):
    term = glossary.lookup(name)
    result = invoke("define", *query.split())
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.startswith(term.term)
    assert term.english in first or term.english.casefold() == term.term.casefold()
    assert term.definition.split()[0] in result.output
    assert f"CR {term.rule}" in result.output
    node = book.get(term.rule)
    body = node.text or book.get(node.children[0]).text
    assert " ".join(body.split()[:4]) in " ".join(result.output.split())
    for rule_id in term.related:
        assert re.search(rf"^\s+{re.escape(rule_id)} ", result.output, re.M), rule_id


def test_define_full_prints_the_whole_section(glossary, book):
    term = glossary.lookup("Harcama Simgesi")
    short = invoke("define", "Harcama", "Simgesi").output
    full = invoke("define", "Harcama", "Simgesi", "--full").output
    section = book.descendants(term.rule)
    assert section
    for node in section:
        assert node.id in full
    assert len(full) >= len(short)
    # examples of the section are printed only with --full
    examples = [e for n in section for e in n.examples]
    if examples:
        assert examples[0].split()[0] in full


def test_define_json(glossary, book):
    result = invoke("define", "kusanma", "--json")
    data = json.loads(result.output)
    term = glossary.lookup("kuşanma")
    for key in ("slug", "term", "english", "aliases", "kind", "definition", "rule", "related"):
        assert key in data
    assert data["slug"] == term.slug and data["rule"] == term.rule
    assert data["related"] == list(term.related) and data["aliases"] == list(term.aliases)
    assert data["kind"] in KINDS
    assert data["mentioned_in"] and all(r in book for r in data["mentioned_in"])
    full = json.loads(invoke("define", "kusanma", "--json", "--full").output)
    assert [n["id"] for n in full["section"]][0] == term.rule


def test_unknown_term_is_one_line_exit_2(run_judge, glossary):
    res = run_judge("define", "xyz")
    assert res.returncode == 2 and res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in res.stderr
    assert lines[0].startswith("judge: Böyle bir terim yok: 'xyz'. En yakın: ")
    named = lines[0].split("En yakın: ", 1)[1].rstrip(".").split(", ")
    assert len(named) == 3 and all(glossary.lookup(n) for n in named)


def test_unknown_term_suggests_the_near_miss():
    result = invoke("define", "blokcer")
    assert result.exit_code == 2
    assert "BLOCKER" in result.stderr


def test_terms_lists_everything_and_filters_by_kind(glossary):
    out = invoke("terms").output
    for term in glossary:
        assert term.term in out
    keywords = invoke("terms", "--kind", "keyword").output
    assert all(t.term in keywords for t in glossary.of_kind("keyword"))
    assert all(t.term not in keywords.split() for t in glossary.of_kind("zone"))
    data = json.loads(invoke("terms", "--kind", "trigger", "--json").output)
    assert {d["slug"] for d in data} == {t.slug for t in glossary.of_kind("trigger")}
    assert invoke("terms", "--kind", "nope").exit_code == 2


def test_output_fits_80_columns(glossary):
    for term in glossary:
        out = invoke("define", term.slug, "--full").output
        assert max(len(line) for line in out.splitlines()) <= 80, term.slug


# --- judge rule: links and backlinks ------------------------------------------------------

def test_rule_json_has_links_and_cited_by(book, glossary):
    term = glossary.lookup("BLOCKER")
    node = book.get(term.rule)
    data = json.loads(invoke("rule", node.id, "--json").output)
    assert f"glossary:{term.slug}" in data["cited_by"]
    assert "links" in data
    for sub in data["subrules"]:
        text = sub["text"]
        assert isinstance(sub["cited_by"], list)
        for link in sub["links"]:
            assert {"term", "start", "end", "target"} <= link.keys()
            field = text if link["field"] == "text" else sub["examples"][int(link["field"][8:])]
            surface = field[link["start"]:link["end"]]
            if link["kind"] == "term":
                assert glossary.get(link["term"]).rule == link["target"]
            else:
                assert surface == link["target"]
    linked = {l["term"] for s in data["subrules"] for l in s["links"]}
    assert term.slug in linked


def test_rule_json_cited_by_lists_citing_rules(book):
    cited = next(n for n in book if n.refs)
    target = cited.refs[0]
    data = json.loads(invoke("rule", target, "--json", "--only").output)
    assert cited.id in data["cited_by"]


def test_rule_marks_links_only_with_colour(run_judge, book, glossary):
    node = book.get(glossary.lookup("BLOCKER").rule)
    child = book.get(node.children[0])
    coloured = run_judge("rule", child.id, env={"NO_COLOR": "", "FORCE_COLOR": "1"}).stdout
    assert "\x1b[4mBLOCKER" in coloured
    plain = run_judge("rule", child.id, env={"NO_COLOR": "1", "FORCE_COLOR": "1"}).stdout
    assert "\x1b[" not in plain and "BLOCKER" in plain
    # marking never changes the words or the wrapping
    strip = re.sub(r"\x1b\[[0-9;]*m", "", coloured)
    assert strip == plain


def test_rule_human_output_names_backlinks(book, glossary):
    term = glossary.lookup("Lag")
    out = invoke("rule", term.rule).output
    assert "Sözlükte:" in out and term.term in out.split("Sözlükte:", 1)[1]
    cited = next(n for n in book if n.refs)
    out = invoke("rule", cited.refs[0], "--only").output
    assert "Atıf yapan kurallar:" in out and cited.id in out.split("Atıf yapan kurallar:", 1)[1]


@pytest.mark.parametrize("junk", ["*", "9.17", "🙂"])
def test_letterless_input_gets_no_made_up_suggestions(run_judge, junk):
    res = run_judge("define", junk)
    assert res.returncode == 2 and "Closest" not in res.stderr


@pytest.mark.parametrize("args, rulebook_words, english", [
    (("rule", "99.99"), "kural yok", "No rule '99.99'"),
    (("define", "xyz"), "Böyle bir terim yok", "no term 'xyz'"),
    (("ask", ""), "Soru verilmedi", "no question given"),
    (("--game", "berserk", "rule", "999"), "нет правила", "No rule '999'"),
])
def test_everyday_errors_speak_the_rulebooks_language(run_judge, args, rulebook_words, english):
    """A judge reads the error in the rulebook's language; JUDGE_LANG=en gives English."""
    res = run_judge(*args)
    assert res.returncode == 2 and rulebook_words in res.stderr and english not in res.stderr
    res = run_judge(*args, env={"JUDGE_LANG": "en"})
    assert res.returncode == 2 and english in res.stderr and rulebook_words not in res.stderr
