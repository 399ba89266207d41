"""The glossary data and its loader/lookup (judge_tool.glossary)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from judge_tool.glossary import (
    KINDS, GlossaryError, load_glossary, load_glossary_folder, name_key, problems,
)
from judge_tool.linking import load_links
from judge_tool.turkish import fold, words

TURKISH_LETTERS = set("çğıöşüÇĞİÖŞÜ")


@pytest.fixture(scope="module")
def glossary():
    return load_glossary()


# Every keyword and term the issue names, as (Turkish, English, ASCII-typed) spellings.
REQUIRED = [
    ("ADRENALINE", "adrenaline", "adrenalin"),
    ("BLOCKER etkisi", "Blocker", "blocker etkisi"),
    ("GO SOLO", "go solo", "gosolo"),
    ("QUICK anahtar kelimesi", "quick", "quick anahtar kelimesi"),
    ("CALL tetikleyicisi", "[CALL]", "call tetikleyicisi"),
    ("DEFEATED", "[DEFEATED]", "defeated tetikleyicisi"),
    ("PLAY tetikleyicisi", "[PLAY]", "play tetikleyicisi"),
    ("ATTACK tetikleyicisi", "[ATTACK]", "attack tetikleyicisi"),
    ("satma", "sell", "SATMA"),
    ("Legend çağırma", "Call a Legend", "legend cagirma"),
    ("kart oynama", "Play", "kart oynama"),
    ("kart çekme", "draw", "kart cekme"),
    ("kuşanma", "EQUIP", "kusanma"),
    ("taşıma", "move", "tasima"),
    ("çöpe atma", "Trash", "cope atma"),
    ("ödeme", "pay", "odeme"),
    ("çevirme", "flip", "cevirme"),
    ("destenin altına koyma", "bottom-deck", "destenin altina koyma"),
    ("arama", "search", "ARAMA"),
    ("gösterme", "reveal", "gosterme"),
    ("bedel", "cost", "BEDEL"),
    ("sokak itibarı", "street cred", "sokak itibari"),
    ("gecikme", "lag", "GECIKME"),
    ("çatışma", "fight", "catisma"),
    ("çalma", "steal", "calma"),
    ("mağlup etme", "defeat", "maglup etme"),
    ("Harcama Simgesi", "spend icon", "harcama simgesi"),
    ("X €$", "€$", "x €$"),
    ("Gig", "gig", "GIG"),
    ("Eddie", "eddie", "EDDIE"),
    ("Legend", "legend", "LEGEND"),
    ("birim", "unit", "BIRIM"),
    ("Gear", "gear", "GEAR"),
    ("Program", "program", "PROGRAM"),
    ("Fixer alanı", "fixer area", "fixer alani"),
    ("Gig alanı", "gig area", "gig alani"),
    ("saha", "field", "SAHA"),
    ("Legends alanı", "legends area", "legends alani"),
    ("Eddies alanı", "eddies area", "eddies alani"),
    ("çöp alanı", "trash area", "cop alani"),
    ("deste", "deck", "DESTE"),
    ("el", "hand", "EL"),
    ("Başlangıç Aşaması", "start phase", "baslangic asamasi"),
    ("Ana Aşama", "main phase", "ana asama"),
    ("Tur Sonu", "end of turn", "tur sonu"),
    ("Uzatma", "overtime", "UZATMA"),
    ("Tepki Adımı", "react step", "tepki adimi"),
    ("Çatışma Adımı", "fight step", "catisma adimi"),
    ("Çalma Adımı", "steal step", "calma adimi"),
    ("tetiklenen etki", "triggered effect", "TETIKLENEN ETKI"),
    ("etkinleştirilen etki", "activated effect", "etkinlestirilen etki"),
    ("sürekli etki", "persistent effect", "surekli etki"),
    ("ikame etkisi", "replacement effect", "ikame etkisi"),
    ("bekleyen etki", "pending", "bekleyen etki"),
    ("koşul", "condition", "kosul"),
    ("geçerli", "valid", "gecerli"),
    ("geçersiz", "invalid", "gecersiz"),
    ("hazır", "ready", "hazir"),
    ("harcanmış", "spent", "harcanmis"),
    ("dost", "friendly", "DOST"),
    ("rakip", "rival", "RAKIP"),
]

KEYWORDS = ["ADRENALINE", "BLOCKER", "GO SOLO", "QUICK", "CALL", "DEFEATED", "PLAY", "ATTACK"]


def test_size_and_kinds(glossary):
    assert len(glossary) >= 45
    kinds = Counter(t.kind for t in glossary)
    assert set(kinds) <= set(KINDS)
    assert kinds["keyword"] >= 4 and kinds["trigger"] >= 4
    for kind in ("action", "zone", "phase", "concept", "card-type"):
        assert kinds[kind] >= 4, kind


def test_slugs_unique_and_stable_order(glossary):
    slugs = [t.slug for t in glossary]
    assert len(slugs) == len(set(slugs))
    assert [t.slug for t in load_glossary_folder(glossary.folder)] == slugs
    for term in glossary:
        assert glossary.get(term.slug) is term
        assert (glossary.folder / f"{term.slug}.toml").is_file()


@pytest.mark.parametrize("forms", REQUIRED, ids=[f[0] for f in REQUIRED])
def test_required_terms_resolve_from_every_spelling(glossary, book, forms):
    found = [glossary.lookup(q) for q in forms]
    assert found[0] is not None, forms[0]
    assert all(t is found[0] for t in found), [(q, t and t.slug) for q, t in zip(forms, found)]
    assert found[0].rule in book


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_keywords_resolve_to_their_own_rule(glossary, book, keyword):
    """A keyword's defining rule is the rulebook section titled with that keyword."""
    sections = [n.id for n in book if n.title.strip() == keyword]
    assert sections, f"no section titled {keyword}"
    for query in (keyword, f"[{keyword}]", f"[{keyword.lower()}]", f"{keyword.lower()} etkisi"):
        term = glossary.lookup(query)
        assert term is not None and term.rule in sections, (query, term)
        assert term.kind in ("keyword", "trigger")


def test_exact_spelling_decides_between_trigger_and_action(glossary):
    assert glossary.lookup("PLAY").kind == "trigger"
    assert glossary.lookup("Play").kind == "action"
    assert glossary.lookup("play").kind == "action"
    assert glossary.lookup("ATTACK").kind == "trigger"
    assert glossary.lookup("attack").kind == "action"
    assert glossary.lookup("[play]").kind == "trigger"


@pytest.mark.parametrize("inflected,base", [
    ("kuşanmayı", "kuşanma"), ("kusanmayi", "kuşanma"), ("çatışmayı", "çatışma"),
    ("Tepki Adımı’na", "Tepki Adımı"), ("tepki adimina", "Tepki Adımı"),
    ("rakibinize", "rakip"), ("Gig’i", "Gig"), ("ikame etkileri", "ikame etkisi"),
    ("BLOCKER etkisini", "BLOCKER"), ("bekleyen etkiler", "bekleyen etki"),
    ("destenizde", "deste"), ("elinizdeki", "el"),
])
def test_inflected_queries(glossary, inflected, base):
    assert glossary.lookup(inflected) is glossary.lookup(base) is not None


def test_every_name_finds_its_own_term(glossary):
    for term in glossary:
        for name in (*term.names, term.slug):
            assert glossary.lookup(name) is term, (name, term.slug)


def test_unknown_terms_and_suggestions(glossary):
    assert glossary.lookup("xyzzy") is None
    assert glossary.lookup("") is None and glossary.lookup("   ") is None
    assert glossary.lookup("kuşanmaxyz") is None
    near = glossary.suggest("blokcer")
    assert near and near[0].slug == glossary.lookup("BLOCKER").slug
    assert len(glossary.suggest("qqqq", n=3)) == 3
    assert glossary.lookup("sokak") is None
    assert glossary.lookup("sokak itibarı") in glossary.suggest("sokak")


def test_references_exist_in_the_rulebook(glossary, book):
    assert problems(glossary, book) == []
    for term in glossary:
        assert term.rule not in term.related, term.slug


def test_every_entry_is_linked_from_some_rule(glossary):
    links = load_links()
    unlinked = [t.slug for t in glossary if not links.mentions(t.slug)]
    assert not unlinked


def test_definitions_are_turkish_paragraphs(glossary):
    for term in glossary:
        text = term.definition
        assert "\n" not in text and len(text.split()) >= 8, term.slug
        assert TURKISH_LETTERS & set(text), term.slug
        assert text[0].isupper() or text[0] in "“\"", term.slug
        assert text.rstrip().endswith((".", "”")), term.slug


def test_definitions_are_drawn_from_the_seed_text(glossary, seeds_dir, book):
    vocabulary: set[str] = set()
    for name in book.meta.source:
        vocabulary.update(words((seeds_dir / name).read_text(encoding="utf-8")))
    for term in glossary:
        found = words(term.definition)
        share = sum(w in vocabulary for w in found) / len(found)
        assert share >= 0.7, (term.slug, round(share, 2))


def test_no_english_rules_sentences_copied(glossary):
    reference = Path(__file__).resolve().parents[2] / "shared" / "reference" / "cyberpunk-cr-en.jsonl"
    if not reference.is_file():
        pytest.skip("English reference not present")
    runs: set[tuple[str, ...]] = set()
    for line in reference.read_text(encoding="utf-8").splitlines():
        ws = words(json.loads(line).get("text", ""))
        runs.update(tuple(ws[i:i + 8]) for i in range(len(ws) - 7))
    for term in glossary:
        ws = words(" ".join((term.definition, *term.aliases)))
        assert not any(tuple(ws[i:i + 8]) in runs for i in range(len(ws) - 7)), term.slug


def test_lookup_keys_ignore_case_brackets_and_hyphens():
    assert name_key("[GO SOLO]") == name_key("go-solo") == name_key("  Go   Solo ") == "go solo"
    assert name_key("ÇATIŞMA Adımı") == "catisma adimi"


# --- loader errors -------------------------------------------------------------------

GOOD = '''slug = "demo"
term = "deneme"
english = "Demo"
kind = "concept"
aliases = ["deneme terimi"]
definition = "Bir deneme tanımıdır."
rule = "9.1"
related = ["9.2"]
'''


def _write(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_loader_accepts_a_good_file(tmp_path):
    g = load_glossary_folder(_write(tmp_path, "demo.toml", GOOD))
    assert [t.slug for t in g] == ["demo"]
    assert g.lookup("DENEME TERİMİ").slug == "demo"


@pytest.mark.parametrize("change,message", [
    (("kind = \"concept\"", "kind = \"thing\""), "kind"),
    (("slug = \"demo\"", "slug = \"other\""), "file name"),
    (("rule = \"9.1\"", "rule = \"nine\""), "rule number"),
    (("rule = \"9.1\"\n", ""), "rule"),
    (("aliases = [\"deneme terimi\"]", "aliases = \"deneme\""), "aliases"),
    (("related = [\"9.2\"]", "related = [\"9.2\"]\nmatch = ['(unclosed']"), "pattern"),
    (("related = [\"9.2\"]", "related = [\"9.2\"]\ncolour = \"red\""), "unknown keys"),
    (("definition = ", "definition = = "), "TOML"),
])
def test_loader_reports_bad_files(tmp_path, change, message):
    folder = _write(tmp_path, "demo.toml", GOOD.replace(*change))
    with pytest.raises(GlossaryError) as err:
        load_glossary_folder(folder)
    assert message in str(err.value) and "demo.toml" in str(err.value)


def test_other_games_have_no_glossary_by_default():
    assert len(load_glossary("no-such-game")) == 0


@pytest.mark.parametrize("word,slug", [
    ("ikame", "replacement-effect"), ("İKAME", "replacement-effect"), ("ikameyi", "replacement-effect"),
    ("sürekli", "persistent-effect"), ("tetiklenen", "triggered-effect"), ("replacement", "replacement-effect"),
])
def test_a_lone_head_word_names_its_term(glossary, word, slug):
    # "ikame" is how a judge says "ikame etkisi": the other word only names the class (etki)
    assert glossary.lookup(word).slug == slug


@pytest.mark.parametrize("word", ["kart", "card", "sokak", "turn", "the", "for"])
def test_words_heading_several_or_unclassed_names_stay_unknown(glossary, word):
    assert glossary.lookup(word) is None
