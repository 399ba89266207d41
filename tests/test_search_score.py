"""`judge search` scores its clauses itself over the index tables (search/score.py,
search/tables.py) instead of asking whoosh: here whoosh runs the very same queries on the
very same index, and every score and every candidate list must agree, for the evaluation
queries, the ask set's questions (their closest rules) and generated queries with typos."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from whoosh import matching
from whoosh import query as Q
from whoosh.fields import ID, TEXT, Schema
from whoosh.filedb.filestore import RamStorage
from whoosh.scoring import BM25F

from judge_tool.search import BM25_B, BM25_K1, engine_for, reset_engines
from judge_tool.search.query import CANDIDATES, build
from judge_tool.search.score import Constant, DisMax, Fuzzy, Phrase, Scorer, Term, levenshtein_within
from judge_tool.search.tables import from_reader

TESTS = Path(__file__).parent


class SameDocDisMaxMatcher(matching.DisjunctionMaxMatcher):
    """The reference DisMax: stock whoosh 2.7.5 can score a document with another
    document's posting; a document's own best clause is what `score.DisMax` means."""

    def score(self):
        current = self.id()
        return max(m.score() for m in (self.a, self.b) if m.is_active() and m.id() == current)

    def copy(self):
        return self.__class__(self.a.copy(), self.b.copy(), tiebreak=self.tiebreak)

    def replace(self, minquality=0):
        replaced = super().replace(minquality)
        if type(replaced) is matching.DisjunctionMaxMatcher:
            replaced = self.__class__(replaced.a, replaced.b, tiebreak=self.tiebreak)
        return replaced


class SameDocDisMax(Q.DisjunctionMax):
    def _matcher(self, subs, searcher, context):
        reader = searcher.reader()
        return self._tree_matcher(subs, SameDocDisMaxMatcher, searcher, context,
                                  lambda q: q.estimate_size(reader), tiebreak=self.tiebreak)


def as_whoosh(clause):
    if isinstance(clause, Term):
        return Q.Term(clause.field, clause.text, boost=clause.boost)
    if isinstance(clause, Fuzzy):
        return Q.FuzzyTerm(clause.field, clause.text, boost=clause.boost, maxdist=clause.maxdist,
                           prefixlength=clause.prefix, constantscore=False)
    if isinstance(clause, DisMax):
        return SameDocDisMax([as_whoosh(c) for c in clause.clauses])
    if isinstance(clause, Phrase):
        return Q.Phrase(clause.field, list(clause.words), slop=clause.slop, boost=clause.boost)
    if isinstance(clause, Constant):
        return Q.ConstantScoreQuery(Q.Term("id", clause.doc_id), score=clause.score)
    raise TypeError(clause)


def _queries() -> list[str]:
    found: list[str] = []
    for case in tomllib.loads((TESTS / "search_eval.toml").read_text(encoding="utf-8"))["query"]:
        found.append(case["q"])
    for file in sorted((TESTS / "ask_eval").glob("*.toml")):
        for rows in tomllib.loads(file.read_text(encoding="utf-8")).values():
            if isinstance(rows, list):
                found += [r["q"] for r in rows if isinstance(r, dict) and "q" in r][:80]
    words = [w for q in found for w in q.split()]
    rnd = random.Random(16)

    def typo(w: str) -> str:
        if len(w) < 4:
            return w
        i = rnd.randrange(1, len(w))
        return w[:i] + rnd.choice("aeiklrsnu") + w[i + 1:]
    found += [" ".join(typo(rnd.choice(words)) for _ in range(rnd.randint(1, 5)))
              for _ in range(150)]
    found += ['"eşit güç" çatışma', '"saldıran birim" kazanır', "çalma çalma", "9.23.2 gig"]
    return found


QUERIES = _queries()


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    import os
    os.environ["JUDGE_TOOL_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    reset_engines()
    from judge_tool.rulebook import load_rulebook
    eng = engine_for(load_rulebook())
    yield eng
    reset_engines()


def _whoosh_scores(searcher, clauses, chapter=None) -> dict[int, float]:
    flt = Q.Term("chapter", chapter) if chapter else None
    results = searcher.search(Q.Or([as_whoosh(c) for c in clauses]), limit=None, filter=flt)
    return {r.docnum: r.score for r in results}


def test_tables_are_the_index(engine):
    with engine.opened.ix.reader() as reader:
        fresh = from_reader(reader)
        assert fresh.count == engine.tables.count == reader.doc_count_all()
        assert fresh.ids == engine.tables.ids            # the cached copy is the index's
        for name, table in fresh.fields.items():
            assert table.postings == engine.tables.fields[name].postings
            assert table.positions == engine.tables.fields[name].positions


@pytest.mark.parametrize("chapter", [None, "9"])
def test_every_score_and_every_candidate_list_agree_with_whoosh(engine, chapter):
    searcher = engine.opened.ix.searcher(weighting=BM25F(B=BM25_B, K1=BM25_K1))
    scorer = Scorer(engine.tables, BM25_B, BM25_K1)
    allowed = {d for d, c in enumerate(engine.tables.chapters) if c == chapter} if chapter else None
    compared = 0
    try:
        for text in QUERIES:
            clauses, _plan = build(text, scorer, engine.analysis, engine.names, engine.lexicon,
                                   engine.synonyms)
            if clauses is None:
                continue
            theirs = _whoosh_scores(searcher, clauses, chapter)
            ours = scorer.search(clauses, len(engine.tables.ids), allowed)
            assert {d for d, _ in ours} == set(theirs), text
            for d, s in ours:
                assert s == pytest.approx(theirs[d], rel=1e-12), (text, engine.tables.ids[d])
            top = max(CANDIDATES, 20)
            want = [r.docnum for r in searcher.search(
                Q.Or([as_whoosh(c) for c in clauses]), limit=top,
                filter=Q.Term("chapter", chapter) if chapter else None)]
            assert [d for d, _ in scorer.search(clauses, top, allowed)] == want, text
            compared += 1
    finally:
        searcher.close()
    assert compared >= 300


def test_fuzzy_terms_are_whooshs(engine):
    """The terms a typo stands for: whoosh's Levenshtein automaton and ours agree."""
    scorer = Scorer(engine.tables, BM25_B, BM25_K1)
    rnd = random.Random(7)
    words = [w for w in engine.tables.fields["exact"].postings if len(w) >= 4]
    with engine.opened.ix.reader() as reader:
        for word in rnd.sample(words, 120):
            i = rnd.randrange(1, len(word))
            typo = word[:i] + rnd.choice("abcçdegıiklmnoörsştuüyz") + word[i:]
            for maxdist in (1, 2):
                q = Q.FuzzyTerm("exact", typo, maxdist=maxdist, prefixlength=1)
                theirs = sorted(t.decode() if isinstance(t, bytes) else t
                                for _f, t in q.expanded_terms(reader))
                assert scorer.expand(Fuzzy("exact", typo, 1.0, maxdist, 1)) == theirs, typo


def test_edit_distance():
    assert levenshtein_within("catisma", "catisma", 0)
    assert levenshtein_within("catisma", "catsma", 1) and not levenshtein_within("catisma", "cats", 2)
    assert levenshtein_within("ab", "ba", 2) and not levenshtein_within("ab", "ba", 1)


def test_dismax_scores_each_document_by_its_own_clauses():
    # whoosh-reloaded 2.7.5's own DisjunctionMax scored a document with another
    # document's posting; ours takes the best clause of the same document
    ix = RamStorage().create_index(Schema(id=ID(stored=True), chapter=ID(stored=True),
                                          exact=TEXT(phrase=True), head=TEXT(phrase=True)))
    with ix.writer() as w:
        w.add_document(id="1", exact="xx xx xx yy", head="zz")
        w.add_document(id="2", exact="yy", head="xx")
        w.add_document(id="3", exact="xx", head="xx xx xx xx xx")
    with ix.reader() as reader:
        scorer = Scorer(from_reader(reader), BM25_B, BM25_K1)
    alone = scorer.scores(Term("exact", "xx"))
    b_only = scorer.scores(Term("head", "xx"))
    both = scorer.scores(DisMax((Term("exact", "xx"), Term("head", "xx"))))
    assert both[0] == alone[0] and 0 not in b_only          # doc 1 matches only exact:xx
    assert both[1] == b_only[1]
    assert both[2] == max(alone[2], b_only[2])


def test_packed_document_words_are_the_words(engine):
    """The compiled cache keeps each document's words as strings; unpacked they are the
    sets computed from the rule and glossary text."""
    engine.names                                    # loads the packed words
    assert len(engine._packed_terms) == len(engine.tables.ids)
    for doc_id in engine.tables.ids:
        unpacked = engine._doc_terms(doc_id)
        engine._terms_cache.pop(doc_id)
        packed, engine._packed_terms = engine._packed_terms, {}
        try:
            assert unpacked == engine._doc_terms(doc_id), doc_id
        finally:
            engine._packed_terms = packed
            engine._terms_cache.pop(doc_id, None)
