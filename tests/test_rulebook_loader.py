"""The loader rejects malformed rulebooks with file:line, and builds the tree right."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_tool.rulebook import RulebookError, load_folder, normalize_id

META = """id = "t"
game = "Test"
language = "tr"
version = "1"
date = "2026-11-30"
source_prefixes = { "000" = "x.txt" }
chapters = ["09.md"]
"""

GOOD = """# 9. Saldırı

## Çalma Adımı

### 9.23. Çalma

**9.23.2.** Gig sayısı güce göre belirlenir.
<!-- src: 000:27 -->

**9.23.2.1.** Gücü 0 ise 0 Gig çalar.
<!-- src: 000:27; see: 9.23.2 -->

**9.23.2.2** Gücü 1 veya daha fazlaysa
formül uygulanır (bkz. 9.23.2.1).
> Örneğin gücü 9 olan birim 1 Gig çalar.
>
> İkinci örnek.
<!-- src: 000:27, 000:28 -->
"""


def make_book(tmp_path: Path, chapter: str, meta: str = META) -> Path:
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "rulebook.toml").write_text(meta, encoding="utf-8")
    (folder / "09.md").write_text(chapter, encoding="utf-8")
    return folder


def error_for(tmp_path: Path, chapter: str) -> RulebookError:
    with pytest.raises(RulebookError) as info:
        load_folder(make_book(tmp_path, chapter))
    return info.value


def test_good_book_builds_tree(tmp_path):
    book = load_folder(make_book(tmp_path, GOOD))
    assert [n.id for n in book] == ["9", "9.23", "9.23.2", "9.23.2.1", "9.23.2.2"]
    node = book.get("9.23.2.2")
    assert node.parent == "9.23.2"
    assert node.text == "Gücü 1 veya daha fazlaysa formül uygulanır (bkz. 9.23.2.1)."
    assert node.examples == ("Örneğin gücü 9 olan birim 1 Gig çalar.", "İkinci örnek.")
    assert node.refs == ("9.23.2.1",)
    assert [(s.seed, s.paragraph) for s in node.source] == [("000", 27), ("000", 28)]
    assert node.path == ("Saldırı", "Çalma Adımı", "Çalma")
    assert book.get("9.23.2").children == ("9.23.2.1", "9.23.2.2")
    assert book.get("9.23.2.1").refs == ("9.23.2",)
    assert book.get("9.23").is_heading


def test_duplicate_number(tmp_path):
    err = error_for(tmp_path, GOOD + "\n**9.23.2.2.** Tekrar.\n")
    assert err.file.endswith("09.md") and err.line == 20
    assert "duplicate rule 9.23.2.2" in str(err)


def test_number_out_of_order(tmp_path):
    text = GOOD.replace("**9.23.2.1.**", "**9.23.2.3.**")
    err = error_for(tmp_path, text)
    assert "out of order" in err.message and err.line == 13


def test_child_without_parent(tmp_path):
    err = error_for(tmp_path, GOOD + "\n**9.24.1.** Yetim kural.\n")
    assert "no parent 9.24" in err.message and err.line == 20


def test_reference_to_missing_rule(tmp_path):
    err = error_for(tmp_path, GOOD.replace("see: 9.23.2", "see: 9.99"))
    assert "unknown rule 9.99" in err.message and err.line == 11


def test_reference_in_text_to_missing_rule(tmp_path):
    err = error_for(tmp_path, GOOD.replace("bkz. 9.23.2.1", "bkz. 9.23.7"))
    assert "refers to unknown rule 9.23.7" in err.message


def test_text_outside_rule_and_bad_heading(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert "text outside a rule" in error_for(tmp_path / "a", "# 9. Saldırı\n\n## Bölüm\nyalnız metin\n").message
    err = error_for(tmp_path / "b", "# 9. Saldırı\n#### 9.1 derin\n")
    assert err.line == 2


def test_unknown_seed_and_metadata_key(tmp_path):
    assert "unknown seed" in error_for(tmp_path, GOOD.replace("src: 000:27 -->", "src: 009:27 -->")).message
    (tmp_path / "t2").mkdir()
    err = error_for(tmp_path / "t2", GOOD.replace("see: 9.23.2", "sea: 9.23.2"))
    assert "unknown metadata key 'sea'" in err.message


def test_missing_chapter_heading(tmp_path):
    err = error_for(tmp_path, "**9.1.** Metin.\n")
    assert err.line == 1 and "chapter heading" in err.message


def test_bad_toml(tmp_path):
    with pytest.raises(RulebookError) as info:
        load_folder(make_book(tmp_path, GOOD, meta="id = \n"))
    assert "rulebook.toml" in str(info.value)


@pytest.mark.parametrize("query", ["9.23.2", "CR 9.23.2", "9.23.2.", "r9.23.2", " cr9.23.2 ", "R 9.23.2",
                                   "9.23.2,", "09.23.02", "９.２３.２", "(9.23.2)"[1:]])
def test_normalize_id(query):
    assert normalize_id(query) == "9.23.2"


def test_suggestions_for_unknown_id(tmp_path):
    book = load_folder(make_book(tmp_path, GOOD))
    suggestions = book.suggest("9.23.2.7")
    assert suggestions[0] == "9.23.2"
    assert "9.23.2.2" in suggestions or "9.23.2.1" in suggestions


def test_extra_sentence_must_be_in_the_text(tmp_path):
    bad = GOOD.replace("<!-- src: 000:27 -->", "<!-- src: 000:27; extra: Yok böyle; note: n -->", 1)
    err = error_for(tmp_path, bad)
    assert "extra sentence" in err.message and err.line == 8


def test_extra_sentence_needs_a_note(tmp_path):
    bad = GOOD.replace("<!-- src: 000:27 -->", "<!-- src: 000:27; extra: Gig sayısı -->", 1)
    assert "without a note" in error_for(tmp_path, bad).message


def test_extra_sentences_are_kept_and_exported(tmp_path):
    good = GOOD.replace("<!-- src: 000:27 -->", "<!-- src: 000:27; extra: Gig sayısı; note: resmîde yok -->", 1)
    node = load_folder(make_book(tmp_path, good)).get("9.23.2")
    assert node.extra == ("Gig sayısı",) and node.to_dict()["not_in_official"] == ["Gig sayısı"]


def test_numbers_must_be_official_when_the_numbering_is_known(tmp_path):
    folder = make_book(tmp_path, GOOD)
    rows = ["id\tparent\tkind\tnumbered\tdepth\theading\tanchor\thash"]
    for rid, parent in [("9", ""), ("9.23", "9"), ("9.23.2", "9.23"), ("9.23.2.1", "9.23.2")]:
        rows.append(f"{rid}\t{parent}\trule\t1\t{rid.count('.')}\t0\trule-{rid}\tx")
    (folder / "official.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(RulebookError) as info:
        load_folder(folder)
    assert "9.23.2.2 is not an official rule number" in info.value.message
