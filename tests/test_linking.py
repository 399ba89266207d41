"""The suffix grammar (turkish.py) and the linker (linking.py): inflected forms link,
other words never do, rule numbers link, backlinks, the hand-checked precision sample."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_tool.glossary import load_glossary
from judge_tool.linking import Link, LinkIndex, link_rulebook, link_text, load_links
from judge_tool.termmatch import TermMatcher
from judge_tool.turkish import is_suffix_chain, split_inflected

SAMPLE = Path(__file__).parent / "fixtures" / "links_sample.json"


@pytest.fixture(scope="module")
def glossary():
    return load_glossary()


@pytest.fixture(scope="module")
def matcher(glossary):
    return TermMatcher(glossary)


@pytest.fixture(scope="module")
def index(book, glossary):
    return link_rulebook(book, glossary)


def linked(matcher, text: str) -> list[tuple[str, str]]:
    """(surface, slug) of every term link in `text`."""
    return [(text[s:e], term.slug) for s, e, term in matcher.find(text)]


def slug_of(glossary, name: str) -> str:
    term = glossary.lookup(name)
    assert term is not None, name
    return term.slug


# --- the suffix grammar -----------------------------------------------------------------

@pytest.mark.parametrize("suffix,after_vowel", [
    ("", True), ("yı", True), ("ya", True), ("da", True), ("dan", True), ("nın", True),
    ("yla", True), ("sı", True), ("sını", True), ("sına", True), ("sında", True),
    ("sındaki", True), ("lar", True), ("ları", True), ("larını", True), ("nızdan", True),
    ("nizdeki", True), ("li", True), ("dir", True),
    ("ı", False), ("a", False), ("ta", False), ("tan", False), ("ın", False), ("la", False),
    ("ınıza", False), ("larındaki", False), ("ımız", False), ("ini", False),
    ("lardakiler", False), ("lı", False), ("sız", False),
])
def test_valid_suffix_chains(suffix, after_vowel):
    assert is_suffix_chain(suffix, after_vowel)


@pytest.mark.parametrize("suffix,after_vowel", [
    ("ı", True),          # a vowel stem needs the buffer: çatışma-yı, not çatışma-ı
    ("in", True),         # genitive after a vowel is -nın/-nin
    ("yı", False),        # and a consonant stem takes none
    ("sı", False),
    ("mak", False), ("mek", True), ("ince", False), ("lerlar", True),
    ("dakiki", True), ("xyz", False), ("larlar", False), ("ydı", True),
])
def test_invalid_suffix_chains(suffix, after_vowel):
    assert not is_suffix_chain(suffix, after_vowel)


def test_split_inflected_buffers_and_softening():
    stems = {"çatışma", "rakip", "güç", "kaynak", "alan", "el", "etki"}
    assert split_inflected("çatışmayı", stems) == [("çatışma", "yı")]
    assert split_inflected("rakibinize", stems) == [("rakip", "inize")]
    assert split_inflected("gücü", stems) == [("güç", "ü")]
    assert split_inflected("kaynağı", stems) == [("kaynak", "ı")]
    assert split_inflected("alanlarındaki", stems) == [("alan", "larındaki")]
    assert split_inflected("etkisini", stems) == [("etki", "sini")]
    assert split_inflected("elinizdeki", stems) == [("el", "inizdeki")]
    assert split_inflected("eldiven", stems) == []
    assert split_inflected("rakipsiz", stems) == [("rakip", "siz")]
    assert split_inflected("catismayi", {"catisma"}, ascii_only=True) == [("catisma", "yi")]
    assert split_inflected("rakibi", {"rakip"}, ascii_only=True) == [("rakip", "i")]


# --- the linker on inflected forms and on words that must not link --------------------------

@pytest.mark.parametrize("text,surface,name", [
    ("Birim çatışmayı kazanır.", "çatışmayı", "çatışma"),
    ("Birim çatışmadaki gücünü kullanır.", "çatışmadaki", "çatışma"),
    ("Savunan oyuncu BLOCKER etkisini kullanır.", "BLOCKER etkisini", "BLOCKER"),
    ("Dost bir Gig ile rakip bir Gig’i yer değiştir.", "Gig’i", "Gig"),
    ("Dost bir Gig ile rakip bir Gig'i yer değiştir.", "Gig'i", "Gig"),
    ("Zorunlu ikame etkileri önce uygulanır.", "ikame etkileri", "ikame etkisi"),
    ("İkame etkisi hemen uygulanır.", "İkame etkisi", "ikame etkisi"),
    ("Kartı rakibinize gösterin.", "rakibinize", "rakip"),
    ("Hedef bir birimse Çatışma Adımı’na geçilir.", "Çatışma Adımı’na", "Çatışma Adımı"),
    ("Fixer alanınızdan bir zar seçin.", "Fixer alanınızdan", "Fixer alanı"),
    ("Gecikmeli kartlar saldıramaz.", "Gecikmeli", "Lag"),
    ("Kartı elinizdeki kartlarla karıştırmayın.", "elinizdeki", "el"),
    ("Onun kaynağı sahadan ayrılır.", "kaynağı", "kaynak"),
    ("Birimin gücü 0 ise Gig çalmaz.", "gücü", "güç"),
    ("Bu birim mağlup edildiğinde çöpe gider.", "mağlup edildiğinde", "mağlup etme"),
    ("Bir aksiyon olarak 1 €$ harcayın.", "1 €$", "X €$"),
    ("Savunan oyuncu Legend çağırabilir.", "Legend çağırabilir", "Legend çağırma"),
    ("Kartları destenizin altına veya üstüne koyamazsınız.",
     "destenizin altına veya üstüne koyamazsınız", "destenin altına koyma"),
    ("Etkiler bekleme durumuna geçer.", "bekleme durumuna", "bekleyen etki"),
    ("ATTACK etkileriyle aynı anda.", "ATTACK etkileriyle", "ATTACK"),
    ("QUICK anahtar kelimesine sahip bir etki.", "QUICK anahtar kelimesine", "QUICK"),
    ("Harcama Simgesi etkilerini kullanamaz.", "Harcama Simgesi", "Harcama Simgesi"),
    ("Kartı Legends alanınızdaki kapalı bir kartla değiştirin.", "Legends alanınızdaki", "Legends alanı"),
    ("Ana Aşama’ya geçmeden önce.", "Ana Aşama’ya", "Ana Aşama"),
    ("Street Cred değeriniz Null olur.", "Street Cred", "Street Cred"),
])
def test_inflected_forms_link(matcher, glossary, text, surface, name):
    assert (surface, slug_of(glossary, name)) in linked(matcher, text)


@pytest.mark.parametrize("text,word", [
    ("Gigabyte bir birim değildir.", "Gigabyte"),
    ("Eldiven giyin.", "Eldiven"),
    ("Zarın kontrolünü ele geçirerek dost Gig yaparsınız.", "ele"),
    ("Gig değiştirme etkisini elde edebilirsiniz.", "elde"),
    ("Oyun öncesi hazırlık sürecini tamamlayın.", "hazırlık"),
    ("Rakibin turu başlamadan önce tur sona erer.", "tur sona"),
    ("Bu kurallar onlar için de geçerlidir.", "geçerlidir"),
    ("“çatışırken” geçerli olan etkiler kaldırılır.", "geçerli"),
    ("Kartın türünü kontrol edin.", "türünü"),
    ("Desteği olmayan bir zarar.", "zarar"),
    ("Bu oyuncu etkin değildir.", "etkin"),
    ("Hızlı bir quick oyun ve bir blocker.", "quick"),
    ("Mağlubiyet kuralları gereği oyunu kaybedersiniz.", "Mağlubiyet"),
    ("Ana aşamanın açık durumunda kullanılır.", "açık"),
    ("Birimsel bir değerlendirme.", "Birimsel"),
    ("Kartelin destekçisi.", "destekçisi"),
])
def test_words_that_must_not_link(matcher, text, word):
    start = text.index(word)
    for s, e, term in matcher.find(text):
        assert not (s <= start < e), f"{word!r} linked as {term.slug}: {text[s:e]!r}"


def test_longest_match_wins(matcher, glossary):
    found = linked(matcher, "Tepki Adımı sırasında saldıran birim etkinleştirme bedelini öder.")
    assert ("Tepki Adımı", slug_of(glossary, "Tepki Adımı")) in found
    assert ("saldıran birim", slug_of(glossary, "saldıran birim")) in found
    assert ("etkinleştirme bedelini", slug_of(glossary, "etkinleştirme bedeli")) in found
    assert all(surface not in ("Tepki", "birim", "bedelini") for surface, _ in found)


def test_capital_keywords_only_in_capitals(matcher, glossary):
    assert ("PLAY", slug_of(glossary, "[PLAY]")) in linked(matcher, "PLAY Bir kart çek.")
    assert ("ATTACK", slug_of(glossary, "[ATTACK]")) in linked(matcher, "ATTACK Bir kart çek.")
    assert linked(matcher, "Quick bir oyun.") == []


def test_multiword_terms_do_not_cross_punctuation(matcher, glossary):
    assert ("Tepki” Adımı", slug_of(glossary, "Tepki Adımı")) in linked(matcher, "“Tepki” Adımı")
    found = linked(matcher, "bir tepki. Adımı")
    assert all(slug != slug_of(glossary, "Tepki Adımı") for _, slug in found)


WORDS = ["çatışmayı", "etkisini", "Gig’i", "rakibinize", "el", "ele", "elde", "Gigabyte",
         "BLOCKER", "Blocker", "saldıran", "birim", "Tepki", "Adımı’na", "€$", "1", "mağlup",
         "edildi", "geçerlidir", "x", "-", ",", ".", "“", "”", "destenin", "altına", "koy"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(WORDS), st.text(alphabet="abcçğıiİöşüGIQ€$’ .,", max_size=6)),
                max_size=14))
def test_links_are_whole_words_and_never_overlap(matcher, parts):
    text = " ".join(parts)
    spans = matcher.find(text)
    previous_end = -1
    for s, e, term in spans:
        assert 0 <= s < e <= len(text)
        assert s >= previous_end
        previous_end = e
        assert s == 0 or not text[s - 1].isalnum(), (text, s)
        assert e == len(text) or not text[e].isalnum(), (text, e)


# --- rule numbers, backlinks, the whole rulebook -----------------------------------------

def test_rule_numbers_are_links(book, matcher):
    some = [n.id for n in book if n.id.count(".") == 2][0]
    text = f"Ayrıntı için bkz. {some}. Ayrıca 99.1 ve a{some} yok."
    links = [l for l in link_text(text, "text", matcher, book) if l.kind == "rule"]
    assert [(text[l.start:l.end], l.target, l.term) for l in links] == [(some, some, None)]


def test_link_offsets_point_into_the_right_field(book, index):
    total = 0
    for node in book:
        for link in index.links(node.id):
            total += 1
            assert isinstance(link, Link)
            text = node.text if link.field == "text" else node.examples[int(link.field.split(":")[1])]
            assert 0 <= link.start < link.end <= len(text)
            if link.kind == "term":
                term = index.glossary.get(link.term)
                assert term is not None and link.target == term.rule
            else:
                assert link.term is None and text[link.start:link.end] == link.target
    assert total == len(index) > 500


def test_cited_by(book, glossary, index):
    for node in book:
        for ref in node.refs:
            assert node.id in index.cited_by(ref)
            assert node.id in index.rules_citing(ref)
    for term in glossary:
        assert f"glossary:{term.slug}" in index.cited_by(term.rule)
        for rule_id in term.related:
            assert term.slug in index.terms_citing(rule_id)
    assert index.cited_by("no-such-rule") == []


def test_lazy_index_equals_the_full_pass(book, glossary, index):
    lazy = LinkIndex(book, glossary)
    some = [n.id for n in book][::7]
    for rule_id in some:
        assert lazy.links(rule_id) == index.links(rule_id)
    assert len(lazy) == len(index)


def test_compiled_tables_equal_the_full_pass(book, glossary, index, tmp_path, monkeypatch):
    """The shipped rulebook's links come from the compiled cache (built and read back in a
    fresh cache): every node's links, the backlinks and the mentions equal a fresh pass."""
    from judge_tool import datacache, linking
    from judge_tool.rulebook import load_rulebook
    monkeypatch.setenv("JUDGE_TOOL_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("JUDGE_TOOL_NO_DATACACHE", raising=False)
    for _ in range(2):                               # built, then read back from the file
        datacache.reset()
        linking._BY_BOOK.clear()
        load_rulebook.cache_clear()
        shipped = load_rulebook()
        cached = linking.links_for(shipped)
        assert cached._complete and cached._matcher is None and cached._glossary is None
        for node in book:
            assert cached.links(node.id) == index.links(node.id), node.id
            assert cached.cited_by(node.id) == index.cited_by(node.id), node.id
            assert cached.term_names(node.id) == index.term_names(node.id), node.id
            assert cached.term_names(node.id) == [glossary.get(s).term for s in index.terms_citing(node.id)]
        for term in glossary:
            assert cached.mentions(term.slug) == index.mentions(term.slug), term.slug
    datacache.reset()
    linking._BY_BOOK.clear()
    load_rulebook.cache_clear()


def test_hand_checked_sample_precision(book, index, glossary):
    """100 links read by hand (tests/fixtures/links_sample.json): each is produced by the
    linker and its surface really is that term."""
    sample = json.loads(SAMPLE.read_text(encoding="utf-8"))
    assert len(sample) == 100
    assert len({(r["rule"], r["field"], r["start"]) for r in sample}) == 100
    terms_seen = {r["term"] for r in sample}
    assert len(terms_seen) >= 60
    for row in sample:
        node = book.get(row["rule"])
        assert node is not None, row
        field = row["field"]
        text = node.text if field == "text" else node.examples[int(field.split(":")[1])]
        assert text[row["start"]:row["end"]] == row["surface"], f"rulebook text changed, re-check {row}"
        produced = {(l.start, l.end, l.term) for l in index.links(row["rule"], field)}
        assert (row["start"], row["end"], row["term"]) in produced, row
        term = glossary.get(row["term"])
        # the surface names that term: the lookup reads it back, or one of its phrase patterns does
        looked_up = glossary.lookup(row["surface"])
        import re
        by_pattern = any(re.fullmatch(p, row["surface"], re.IGNORECASE) for p in term.match)
        assert looked_up is term or by_pattern, row


def test_load_links_is_cached():
    assert load_links() is load_links()
