"""The rulebooks besides Cyberpunk TCG: Berserk (ru), Legend of the Five Rings (hr) and
Altered (fr), and the cross-game concepts in rules/concepts.toml."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from judge_tool.coverage import Sentence, place_sentences, read_editorial, seed_sentences
from judge_tool.resources import data_path
from judge_tool.rulebook import load_folder, load_rulebook, normalize_id

GAMES = {
    # id: (language, numbering)
    "berserk": ("ru", "official"),
    "l5r": ("hr", "project"),
    "altered": ("fr", "official"),
}

# A rule number as printed at the start of a seed line: "517.1.1.", "6.5.a", "518."
NUMBER_ONLY = re.compile(r"^\d+(?:\.(?:\d+|[a-z]))*\.?$")
NUMBER_PREFIX = re.compile(r"^(\d+(?:\.(?:\d+|[a-z]))*)\.?\s+(?=\S)")


def _toml(game: str) -> dict:
    return tomllib.loads((Path(load_rulebook(game).meta.folder) / "rulebook.toml").read_text(encoding="utf-8"))


def _cites(node, sentence: Sentence) -> bool:
    return any(s.seed == sentence.seed and s.paragraph == sentence.paragraph for s in node.source)


def _landing(book, sentence: Sentence, nodes: tuple[str, ...]) -> tuple[str, ...]:
    """Where a seed sentence lands, allowing for two things the plain text match in
    judge_tool.coverage does not know about:

    * a rule number printed at the start of the seed line ("517.2. Эффект …",
      "6.5.a Les effets …") is the node's id, not part of its text;
    * the same short sentence in several rules ("ПРИМЕР.", "2) в открытом виде;") belongs
      to the node that cites the sentence's paragraph.
    """
    if not nodes:
        if NUMBER_ONLY.match(sentence.text):
            rule_id = normalize_id(sentence.text)
            node = book.get(rule_id)
            return (rule_id,) if node is not None and _cites(node, sentence) else ()
        m = NUMBER_PREFIX.match(sentence.text)
        if m and m.group(1) in book:
            rest = Sentence(sentence.seed, sentence.paragraph, sentence.text[m.end():])
            nodes = place_sentences(book, [rest])[0].nodes
            if nodes != (m.group(1),):
                return nodes if len(nodes) != 1 else ()
    if len(nodes) > 1:
        nodes = tuple(n for n in nodes if _cites(book.nodes[n], sentence))
    return nodes


def _placements(game: str, seeds_dir: Path) -> list[tuple[Sentence, tuple[str, ...]]]:
    book = load_rulebook(game)
    sentences, problems = seed_sentences(book, seeds_dir)
    assert problems == []
    return [(p.sentence, _landing(book, p.sentence, p.nodes)) for p in place_sentences(book, sentences)]


def _seed_lines(game: str, seeds_dir: Path) -> list[tuple[str, int, str]]:
    book = load_rulebook(game)
    out = []
    for prefix, filename in book.meta.source_prefixes.items():
        lines = [l for l in (seeds_dir / filename).read_text(encoding="utf-8").splitlines() if l.strip()]
        out.extend((prefix, number, line.strip()) for number, line in enumerate(lines, start=1))
    return out


# --- loading and metadata -------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(GAMES))
def test_loads_cleanly(game):
    book = load_folder(data_path("rules", game))
    assert book.meta.id == game
    assert len(book) > 10
    assert load_rulebook(game).meta.id == game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_metadata(game):
    language, numbering = GAMES[game]
    meta = load_rulebook(game).meta
    assert meta.language == language
    assert meta.numbering == numbering
    assert meta.date == "2026-11-30"
    assert meta.title and meta.game and meta.version
    assert meta.ref_markers == ()
    assert set(meta.source) == set(meta.source_prefixes.values())


# --- coverage --------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_seed_sentence_lands_in_exactly_one_node(game, seeds_dir):
    placements = _placements(game, seeds_dir)
    assert placements
    bad = [f"{s.seed}:{s.paragraph} {nodes}: {s.text[:60]}" for s, nodes in placements if len(nodes) != 1]
    assert bad == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_nodes_cite_the_paragraphs_their_sentences_come_from(game, seeds_dir):
    book = load_rulebook(game)
    for sentence, nodes in _placements(game, seeds_dir):
        assert _cites(book.nodes[nodes[0]], sentence), (nodes, sentence)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_seed_line_is_rule_text_or_a_listed_heading(game, seeds_dir):
    book = load_rulebook(game)
    _, headings = read_editorial(book)
    placed = {(s.seed, s.paragraph) for s, _ in _placements(game, seeds_dir)}
    for prefix, number, line in _seed_lines(game, seeds_dir):
        assert ((prefix, number) in headings) != ((prefix, number) in placed), (number, line)


@pytest.mark.parametrize("game, nodes", [("berserk", 26), ("l5r", 21), ("altered", 17)])
def test_node_counts(game, nodes):
    assert len(load_rulebook(game)) == nodes


# --- native numbers --------------------------------------------------------------------

@pytest.mark.parametrize("game, rule_id", [
    ("berserk", "517"), ("berserk", "517.1.1"), ("berserk", "517.1.2"), ("berserk", "517.5"),
    ("berserk", "518"), ("berserk", "518.1"), ("berserk", "518.3"), ("berserk", "519.3.3"),
    ("berserk", "519.6.1"), ("berserk", "520"),
    ("altered", "6.5"), ("altered", "6.5.a"), ("altered", "6.5.f"), ("altered", "6.5.g"),
    ("altered", "5.1.2"), ("altered", "5.1.2.a"), ("altered", "5.1.2.e"),
    ("l5r", "1"), ("l5r", "1.4.3"), ("l5r", "1.5.5"),
])
def test_native_numbers_exist(game, rule_id):
    assert rule_id in load_rulebook(game)


def test_berserk_gap_517_4_1():
    book = load_rulebook("berserk")
    assert "517.4.2" in book
    assert "517.4.1" not in book
    assert "517.4.1" in _toml("berserk")["gaps"]
    parent = book.get("517.4")
    assert parent is not None and parent.is_heading and parent.title
    assert parent.children == ("517.4.2",)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_gaps_are_absent_and_have_a_parent(game):
    book = load_rulebook(game)
    gaps = _toml(game).get("gaps")
    assert isinstance(gaps, list)
    for gap in gaps:
        assert gap not in book
        assert gap.rsplit(".", 1)[0] in book


def test_letter_ids_sort_after_numbers_and_follow_the_rulebook_order():
    book = load_rulebook("altered")
    ids = [n.id for n in book]
    assert ids.index("5.1.2.e") < ids.index("6") < ids.index("6.5.a")
    assert book.get("6.5").children == tuple(f"6.5.{c}" for c in "abcdefg")
    assert book.get("5.1.2").children == tuple(f"5.1.2.{c}" for c in "abcde")


@pytest.mark.parametrize("game", ["berserk", "altered"])
def test_printed_numbers_become_ids(game, seeds_dir):
    """Official numbering: each seed line that starts with a rule number is held by the
    node with exactly that id, and every numbered rule with text comes from such a line."""
    book = load_rulebook(game)
    printed = set()
    for prefix, number, line in _seed_lines(game, seeds_dir):
        m = re.match(r"^(\d+(?:\.(?:\d+|[a-z]))*)\.?\s", line)
        if not m or ("." not in m.group(1) and int(m.group(1)) < 100):
            continue   # "1. Révéler …" is a list item; "518. Эффект отмены" a section
        printed.add(m.group(1))
        node = book.get(m.group(1))
        assert node is not None, line
        assert any(s.seed == prefix and s.paragraph == number for s in node.source), line
    for node in book:
        if node.text:
            assert node.id in printed, node.id


def test_l5r_project_numbering(seeds_dir):
    book = load_rulebook("l5r")
    assert [n.id for n in book.chapters] == ["1"]
    assert book.get("1").title == "Uzimanje akcija"
    assert book.get("1.4").children == ("1.4.1", "1.4.2", "1.4.3")
    assert book.get("1.5").children == tuple(f"1.5.{i}" for i in range(1, 6))
    steps = [book.get(f"1.5.{i}").title for i in range(1, 6)]
    assert steps == ["Provjera uvjeta", "Najava akcije", "Označavanje mete", "Plaćanje", "Razrješenje akcije"]
    # the step headings of the source are recorded as headings, numbered as printed
    _, headings = read_editorial(book)
    lines = {(p, n): line for p, n, line in _seed_lines("l5r", seeds_dir)}
    for i, title in enumerate(steps, start=1):
        assert any(lines[h] == f"{i}. {title}" for h in headings)


def test_titles_are_in_the_language_of_the_game():
    cyrillic = re.compile(r"[А-Яа-яЁё]")
    for node in load_rulebook("berserk"):
        if node.title:
            assert cyrillic.search(node.title), node.id
    assert load_rulebook("altered").get("6.5").title == "Effets"
    assert load_rulebook("altered").get("5.1.2").title == "Processus de jeu"


# --- examples --------------------------------------------------------------------------

def test_berserk_examples_are_children_of_their_rule(seeds_dir):
    book = load_rulebook("berserk")
    for node in book:
        assert "ПРИМЕР" not in node.text, node.id
    assert len(book.get("517.1").examples) == 1
    assert len(book.get("517.1.1").examples) == 1
    assert len(book.get("518.3").examples) == 2
    examples = [e for n in book for e in n.examples]
    assert len(examples) == 4 and all(e.startswith("ПРИМЕР. ") for e in examples)
    example_lines = [line for _, _, line in _seed_lines("berserk", seeds_dir) if line.startswith("ПРИМЕР.")]
    assert sorted(examples) == sorted(example_lines)


def test_l5r_example():
    node = load_rulebook("l5r").get("1.5.4.1")
    assert node.text == "Plaćanje se mora dogoditi u potpunosti."
    assert len(node.examples) == 1 and node.examples[0].startswith("Na primjer, ")


def test_list_items_stay_in_their_rule():
    """A numbered list inside a rule stays in the rule and stays a list: one item a line."""
    berserk = load_rulebook("berserk")
    node = berserk.get("519.3")
    assert node.lead.endswith("Правила вызова по умолчанию:")
    assert node.items == ("1) из своей колоды;", "2) в открытом виде;", "3) под своим контролем.")
    assert berserk.get("519.6").items == ("1) в открытом виде;", "2) под своим контролем.")
    altered = load_rulebook("altered")
    items = altered.get("5.1.2.b").items
    assert len(items) == 3 and items[1] == "2. Choisir les modes, les cibles et les coûts optionnels ;"
    # a rule without a list has no items, and its text is one paragraph
    assert berserk.get("519.5").items == () and "\n" not in berserk.get("519.5").text


# --- concepts --------------------------------------------------------------------------

def _concepts() -> list[dict]:
    return tomllib.loads(data_path("rules", "concepts.toml").read_text(encoding="utf-8"))["concept"]


def test_concepts_reference_existing_rules():
    concepts = _concepts()
    slugs = [c["slug"] for c in concepts]
    assert len(slugs) == len(set(slugs))
    for concept in concepts:
        for key in ("slug", "title", "title_tr", "description"):
            assert isinstance(concept[key], str) and concept[key].strip(), (concept["slug"], key)
        assert len(concept["rules"]) >= 2, concept["slug"]
        for game, ids in concept["rules"].items():
            book = load_rulebook(game)
            assert ids, (concept["slug"], game)
            assert len(ids) == len(set(ids)), (concept["slug"], game)
            for rule_id in ids:
                assert rule_id in book, (concept["slug"], game, rule_id)


def test_required_concepts_are_present():
    by_slug = {c["slug"]: c for c in _concepts()}
    for slug in ("replacement-effects", "partial-resolution", "action-steps", "paying-costs", "choosing-targets"):
        assert slug in by_slug
    assert set(by_slug["action-steps"]["rules"]) >= {"cyberpunk-tcg", "l5r", "altered"}
    assert "berserk" in by_slug["replacement-effects"]["rules"]
    assert "6.5.f" in by_slug["partial-resolution"]["rules"]["altered"]
