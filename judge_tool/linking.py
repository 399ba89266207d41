"""Cross-links in rule text: glossary terms (inflected forms included) and rule numbers.

`link_rulebook(book, glossary)` scans every node's text and examples once and returns a
`LinkIndex`: the links of each node (character spans into `node.text` or
`node.examples[N]`) and the backlinks of each rule (`cited_by`). How a term is found is
termmatch.py's job; a shipped rulebook's whole pass is kept in the compiled cache.
"""


from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterator

from .lazyre import lazy
from .rulebook import DEFAULT_GAME, Rulebook, id_key, load_rulebook

TYPE_CHECKING = False      # glossary, turkish and the matcher load only when a pass runs
if TYPE_CHECKING:
    from .glossary import Glossary
    from .termmatch import TermMatcher

# A dotted rule number standing alone: "9.23.2", "bkz. 11.3." (not "1.5x", not "a9.2").
_RULE_REF_RE = lazy(r"(?<![\w.])(\d+(?:\.\d+)+)(?![\w]|\.\d)")


# Plain collections.namedtuple (annotated for readers): typing's NamedTuple would import
# typing (~3 ms) and, in its class form, compile every string annotation (~10 ms) on each
# cold `judge rule`.
class Link(namedtuple("Link", "term start end target field kind")):
    """One link: a glossary term (term = its slug) or a rule number (term = None)."""
    __slots__ = ()
    term: str | None    # glossary slug; None for a rule-number link
    start: int          # character offsets into the field's text
    end: int
    target: str         # rule id the link points to
    field: str          # "text" or "example:N" (N = index into node.examples)
    kind: str           # "term" or "rule"

    def to_dict(self) -> dict:
        return {"term": self.term, "start": self.start, "end": self.end,
                "target": self.target, "field": self.field, "kind": self.kind}


def rule_refs_in(text: str, book: Rulebook) -> list[tuple[int, int, str]]:
    """Rule numbers written in `text` that exist in `book`."""
    found = []
    for m in _RULE_REF_RE.finditer(text):
        if m.group(1) in book:
            found.append((m.start(1), m.end(1), m.group(1)))
    return found


class LinkTables(namedtuple("LinkTables", "links rules_citing terms_citing mentions names")):
    """A LinkIndex's tables after the whole-rulebook pass (kept in the compiled cache)."""
    __slots__ = ()
    links: dict[str, tuple[Link, ...]]
    rules_citing: dict[str, list[str]]
    terms_citing: dict[str, list[str]]
    mentions: dict[str, tuple[str, ...]]
    names: dict[str, str]               # glossary slug -> the term as the glossary writes it


class LinkIndex:
    """Links per node and backlinks per rule, for one rulebook and glossary.

    A node's term links are computed on first use (so `judge rule 9.23.2` links only the
    nodes it prints); `complete()` links every node at once. Backlinks from rule
    references need only the (cheap) rule-number scan and are built up front. For a
    shipped rulebook all of it comes from the compiled cache (`links_for`): building the
    term matcher alone costs more than a whole cold `judge rule`, and then the glossary is
    loaded only if asked for (`glossary`)."""

    def __init__(self, book: Rulebook, glossary: Glossary | None, matcher: TermMatcher | None = None,
                 tables: "LinkTables | None" = None) -> None:
        self.book = book
        self._glossary = glossary
        self._matcher = matcher
        if tables is not None:          # the whole pass, done once per data version
            self._links = dict(tables.links)
            self._complete = True
            self._mentions = {k: list(v) for k, v in tables.mentions.items()}
            self._rules_citing = tables.rules_citing
            self._terms_citing = tables.terms_citing
            self._names = tables.names
            return
        glossary = self.glossary
        self._links: dict[str, tuple[Link, ...]] = {}
        self._complete = False
        self._mentions: dict[str, list[str]] | None = None
        rules_citing: dict[str, list[str]] = {}
        for node in book:
            targets = list(node.refs)
            for text in (node.text, *node.examples):
                targets.extend(target for _, _, target in rule_refs_in(text, book))
            for target in dict.fromkeys(targets):
                if target != node.id:
                    rules_citing.setdefault(target, []).append(node.id)
        terms_citing: dict[str, list[str]] = {}
        for term in glossary:
            for rule_id in dict.fromkeys((term.rule, *term.related)):
                terms_citing.setdefault(rule_id, []).append(term.slug)
        self._rules_citing = rules_citing
        self._terms_citing = terms_citing
        self._names = {term.slug: term.term for term in glossary}

    @property
    def glossary(self) -> Glossary:
        """The glossary the links point into (loaded on first use when the index came
        from the compiled cache)."""
        if self._glossary is None:
            from .glossary import load_glossary
            self._glossary = load_glossary(self.book.meta.id)
        return self._glossary

    def tables(self) -> "LinkTables":
        """Everything the whole-rulebook pass finds, as plain data (kept in the compiled
        cache for the shipped rulebooks)."""
        self.mentions("")
        return LinkTables(dict(self._links), self._rules_citing, self._terms_citing,
                          {k: tuple(v) for k, v in (self._mentions or {}).items()}, self._names)

    @property
    def matcher(self) -> TermMatcher:
        if self._matcher is None:
            from .termmatch import TermMatcher
            self._matcher = TermMatcher(self.glossary)
        return self._matcher

    def links(self, rule_id: str, field: str | None = None) -> list[Link]:
        """The node's links (all fields, or only `field`: "text", "example:0", …)."""
        found = self._links.get(rule_id)
        if found is None:
            node = self.book.get(rule_id)
            found = () if node is None else tuple(link_node(node, self.matcher, self.book))
            self._links[rule_id] = found
        return [l for l in found if field is None or l.field == field]

    def complete(self) -> "LinkIndex":
        """Link every node now (the whole-rulebook pass)."""
        if not self._complete:
            for node in self.book:
                self.links(node.id)
            self._complete = True
        return self

    def __iter__(self) -> Iterator[Link]:
        self.complete()
        for node in self.book:
            yield from self._links.get(node.id, ())

    def __len__(self) -> int:
        self.complete()
        return sum(len(v) for v in self._links.values())

    def rules_citing(self, rule_id: str) -> list[str]:
        """Rules that refer to `rule_id` (see-references and rule numbers in their text)."""
        return sorted(self._rules_citing.get(rule_id, []), key=id_key)

    def terms_citing(self, rule_id: str) -> list[str]:
        """Glossary slugs whose defining or related rules include `rule_id`."""
        return list(self._terms_citing.get(rule_id, []))

    def term_names(self, rule_id: str) -> list[str]:
        """The names of the glossary entries citing `rule_id` (terms_citing, as written)."""
        return [self._names[slug] for slug in self._terms_citing.get(rule_id, ()) if slug in self._names]

    def cited_by(self, rule_id: str) -> list[str]:
        """Backlinks: the citing rules' ids, then "glossary:<slug>" for each glossary entry
        that names `rule_id` as its defining or a related rule."""
        return self.rules_citing(rule_id) + [f"glossary:{s}" for s in self.terms_citing(rule_id)]

    def mentions(self, slug: str) -> list[str]:
        """Rules whose text or examples link the term `slug`, in document order."""
        if self._mentions is None:
            mentions: dict[str, list[str]] = {}
            for node in self.book:
                for link in self.links(node.id):
                    if link.term is not None:
                        bucket = mentions.setdefault(link.term, [])
                        if not bucket or bucket[-1] != node.id:
                            bucket.append(node.id)
            self._complete = True
            self._mentions = mentions
        return list(self._mentions.get(slug, []))


def link_text(text: str, field: str, matcher: TermMatcher, book: Rulebook) -> list[Link]:
    links = [Link(term.slug, s, e, term.rule, field, "term") for s, e, term in matcher.find(text)]
    term_spans = [(l.start, l.end) for l in links]
    for s, e, target in rule_refs_in(text, book):
        if not any(s < te and ts < e for ts, te in term_spans):
            links.append(Link(None, s, e, target, field, "rule"))
    links.sort(key=lambda l: l.start)
    return links


def link_node(node, matcher: TermMatcher, book: Rulebook) -> list[Link]:
    links = link_text(node.text, "text", matcher, book)
    for n, example in enumerate(node.examples):
        links.extend(link_text(example, f"example:{n}", matcher, book))
    return links


def link_rulebook(book: Rulebook, glossary: Glossary, matcher: TermMatcher | None = None) -> LinkIndex:
    """Link every node of `book` with `glossary` (the whole-rulebook pass)."""
    return LinkIndex(book, glossary, matcher).complete()


_BY_BOOK: dict[int, LinkIndex] = {}


def links_for(book: Rulebook, glossary: Glossary | None = None) -> LinkIndex:
    """The link index of this very rulebook object, with the glossary of its game unless
    one is given. Cached per rulebook object; for a shipped rulebook with its own glossary,
    the whole pass is done once per data version (datacache)."""
    index = _BY_BOOK.get(id(book))
    if index is None or index.book is not book or (glossary is not None and index.glossary is not glossary):
        tables = _shipped_tables(book) if glossary is None else None
        if tables is not None:
            index = LinkIndex(book, None, tables=tables)
        else:
            from .glossary import load_glossary
            index = LinkIndex(book, glossary if glossary is not None else load_glossary(book.meta.id))
        _BY_BOOK[id(book)] = index
    return index


def _shipped_tables(book: Rulebook) -> LinkTables | None:
    """The whole pass over a shipped rulebook with its own glossary, per data version."""
    from . import datacache
    if not datacache.is_shipped(book):
        return None

    def build() -> LinkTables:
        from .glossary import load_glossary
        return LinkIndex(book, load_glossary(book.meta.id)).tables()
    return datacache.cached(f"links:{book.meta.id}", build, group="ref")


def load_links(game: str = DEFAULT_GAME) -> LinkIndex:
    """The link index of the shipped rulebook and glossary of `game`."""
    return links_for(load_rulebook(game))
