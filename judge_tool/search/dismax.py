"""A DisjunctionMax that scores each document with its own best clause.

whoosh-reloaded 2.7.5's DisjunctionMaxMatcher takes max(a.score(), b.score()) while its two
sub-matchers may sit on different documents, so a document can get the score of another
document's posting (many rules then tie at one score). We keep whoosh's query and tree of
matchers and only score the sub-matchers positioned on the current document. The site's
JavaScript ranks the same way (the best clause of the same document).
"""

from __future__ import annotations

from whoosh import matching
from whoosh import query as Q


class SameDocDisMaxMatcher(matching.DisjunctionMaxMatcher):
    def score(self):
        current = self.id()
        return max(m.score() for m in (self.a, self.b) if m.is_active() and m.id() == current)

    def copy(self):
        return self.__class__(self.a.copy(), self.b.copy(), tiebreak=self.tiebreak)

    def replace(self, minquality=0):
        replaced = super().replace(minquality)
        if type(replaced) is matching.DisjunctionMaxMatcher:     # whoosh rebuilt its own class
            replaced = self.__class__(replaced.a, replaced.b, tiebreak=self.tiebreak)
        return replaced


class DisjunctionMax(Q.DisjunctionMax):
    def _matcher(self, subs, searcher, context):
        reader = searcher.reader()
        return self._tree_matcher(subs, SameDocDisMaxMatcher, searcher, context,
                                  lambda q: q.estimate_size(reader), tiebreak=self.tiebreak)
