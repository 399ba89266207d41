"""The shipped Turkish rulebook: coverage of the seed text, numbering, references."""

from __future__ import annotations

import pytest

from judge_tool.coverage import _key, place_sentences, read_editorial, read_marks, seed_sentences
from judge_tool.rulebook import id_key, parent_id


def test_every_seed_sentence_lands_in_exactly_one_node(book, seeds_dir):
    sentences, problems = seed_sentences(book, seeds_dir)
    assert not problems, problems
    assert len(sentences) > 150
    misplaced = [
        f"{p.sentence.seed}:{p.sentence.paragraph} -> {list(p.nodes)}: {p.sentence.text[:70]}"
        for p in place_sentences(book, sentences) if len(p.nodes) != 1
    ]
    assert not misplaced, "\n".join(misplaced)


def test_every_text_node_names_its_source(book, seeds_dir):
    paragraphs = {}
    for prefix, name in book.meta.source_prefixes.items():
        lines = [l for l in (seeds_dir / name).read_text(encoding="utf-8").splitlines() if l.strip()]
        paragraphs[prefix] = lines
    for node in book:
        if not node.text and not node.examples:
            continue
        assert node.source, f"{node.id} has no source"
        for src in node.source:
            assert 1 <= src.paragraph <= len(paragraphs[src.seed]), f"{node.id}: {src}"


def test_editorial_changes_are_recorded_and_small(book, seeds_dir):
    edits, headings = read_editorial(book)
    assert edits, "EDITORIAL.md lists no changes"
    for edit in edits:
        # only dropped filler or small typo fixes, never new rule text
        assert len(edit.edited) <= len(edit.original) + 3, edit


def test_ids_unique_ordered_and_parented(book):
    ids = [n.id for n in book]
    assert len(ids) == len(set(ids))
    assert ids == sorted(ids, key=id_key)
    for node in book:
        pid = parent_id(node.id)
        assert node.parent == pid
        if pid is not None:
            assert pid in book and node.id in book.get(pid).children


def test_every_reference_resolves(book):
    refs = [(n.id, r) for n in book for r in n.refs]
    for source, target in refs:
        assert target in book, f"{source} -> {target}"


def test_chapters_are_the_official_ones(book):
    chapters = {n.id for n in book.chapters}
    assert {"8", "9", "10", "11"} <= chapters
    assert chapters <= {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}


def test_heading_only_nodes_have_titles_and_children(book):
    for node in book:
        if node.is_heading:
            assert node.title, f"{node.id} has neither text nor title"
            assert node.children, f"heading-only {node.id} has no sub-rules"


# Well-known rules at their official numbers: (id, a phrase of the Turkish text that must be there)
WELL_KNOWN = [
    ("8.6.1", "7 adet Gig"),
    ("8.6.4.1", "hiç kart kalmamışsa"),
    ("8.6.5.1.1", "20 yüzlü zarı seçemezsiniz"),
    ("8.11.1", "her turda yalnızca bir kez"),
    ("8.14.1", "Harcama Simgesi"),
    ("8.16.2", "bu tur boyunca"),
    ("9.3.1.1", "Gecikme durumundaki birimler saldırı yapamaz"),
    ("9.3.2.2", "Gig alanı"),
    ("9.9.1", "BLOCKER"),
    ("9.10.1", "QUICK"),
    ("9.17.3", "eşit"),
    ("9.19.2", "gücü 0 olan birimler"),
    ("9.23.2.1", "0 Gig çalar"),
    ("9.23.2.2", "X = (P / 10) + 1"),
    ("9.23.3.3", "maksimum sayıda Gig"),
    ("10.13", "önce sırası gelen oyuncu kendi bekleyen etkilerinin tamamını"),
    ("10.28", "zorunlu ikame etkileri isteğe bağlı olanlardan önce"),
    ("10.29.1", "ikinci kez uygulanamaz"),
    ("10.30", "oyun mekaniğinden kaynaklanan"),
    ("11.2.1", "Street Cred"),
    ("11.3.2", "Lag durumundan kurtulur"),
    ("11.5.2.3", "boş desteden kart çekmek"),
    ("11.8.3", "1 €$ seviyesinin altına"),
    ("11.11.1.3", "önceki yönünü"),
    ("11.23.2", "ADRENALINE"),
    ("11.24.1", "saldırıyı kendisine yönlendirmek"),
    ("11.26.1", "QUICK"),
    # merged sentences split to the official rule each part renders
    ("9.8", "Legend çağırabilir"),
    ("9.9", "BLOCKER etkisini etkinleştirebilir"),
    ("9.10", "QUICK anahtar kelimesine sahip herhangi bir etkiyi"),
    ("9.26.4", "kart etkisinin saldırıyı doğrudan bitirmesi"),
    ("10.6.2", "yalnızca bir kısmı geçersizse"),
    ("10.9", "ek etkinleştirme koşulları geçersizse"),
    ("10.11.3", "çözümlendiğinde ise bekleme durumu sona erer"),
    ("10.16.1", "yalnızca bu koşul sağlandığında"),
    ("10.22.2", "hiçbir zaman bekleme durumuna geçmez"),
    ("10.28.2", "isteğe bağlı ikame etkisinin uygulanması seçilmişse"),
    ("11.3.1.2", "Harcama Simgesi etkilerini etkinleştiremez"),
    ("11.4.3", "kart oynama izni veren etkiler"),
    ("11.6.5", "Gear kartlarının gücünü kazanır"),
    ("11.21.2.2", "Tepki Adımı başlamadan önce"),
    ("11.26.3", "ilgili tüm bedellerini ödemeniz şarttır"),
]


def _body(node) -> str:
    return " ".join((node.text, *node.examples))


def test_extra_sentences_are_recorded_both_ways(book):
    """Every sentence marked as rendering no official rule (`extra:`) is in EDITORIAL.md's
    table at that rule, and every row of the table is marked in the data, with a note."""
    rows = {(e.rule, e.start) for e in read_marks(book).extras}
    marked = {(n.id, start) for n in book for start in n.extra}
    assert rows and rows == marked
    for rule_id, _ in marked:
        assert book.get(rule_id).note, rule_id
    assert ("11.24.3", "Ancak bir birim halihazırda o saldırının hedefiyse") in marked


def test_dropped_repeats_are_gone_and_their_twin_kept(book, seeds_dir):
    drops = read_marks(book).drops
    assert drops
    for drop in drops:
        assert not [n.id for n in book if _key(drop.sentence) in _key(_body(n))], drop.sentence
        assert book.get(drop.kept) is not None and book.get(drop.kept).text


def test_cut_parts_sit_at_official_numbers(book, seeds_dir):
    from judge_tool import official
    for cut in read_marks(book).cuts:
        for rule_id in cut.rules.replace("→", " ").replace("/", " ").split():
            assert official.exists(rule_id) and book.get(rule_id) is not None, cut


def test_no_sentence_is_said_twice(book):
    from judge_tool.turkish import split_sentences
    seen: dict[str, str] = {}
    for node in book:
        for sentence in split_sentences(node.text):
            key = _key(sentence.strip(" …"))
            if len(key) > 25:
                assert key not in seen, f"{node.id} repeats {seen.get(key)}: {sentence}"
                seen[key] = node.id


@pytest.mark.parametrize("rule_id,phrase", WELL_KNOWN)
def test_well_known_rules_at_official_numbers(book, rule_id, phrase):
    node = book.get(rule_id)
    assert node is not None, f"{rule_id} missing"
    assert phrase in " ".join((node.text, *node.examples)), f"{rule_id}: {node.text[:120]}"


def test_keyword_sections_are_titled(book):
    for rule_id, keyword in [("11.23", "ADRENALINE"), ("11.24", "BLOCKER"), ("11.25", "GO SOLO"), ("11.26", "QUICK")]:
        assert keyword in book.get(rule_id).title


def test_metadata_lives_in_data(book):
    meta = book.meta
    assert meta.language == "tr" and meta.version and meta.date and meta.source
