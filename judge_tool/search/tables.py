"""The search index as plain tables: what whoosh wrote (postings, positions, field
lengths, stored ids), read out once and kept in the compiled data cache, so an everyday
`judge search` scores a query (`score.py`) without importing whoosh or opening its files.

whoosh still builds and checks the index; these tables are a copy of it, keyed by the same
index key (rule and glossary data, analysis and schema versions), so they cannot disagree
with it. Postings are packed into bytes per term and unpacked only for the terms a query
asks about: a cold start reads ~4,000 small byte strings, not ~30,000 tuples.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Iterator

from .index import FIELDS_TEXT

PHRASE_FIELDS = ("exact", "head")        # the fields indexed with positions (index.schema)
# ('I' is at least 4 bytes everywhere; 'd' keeps whoosh's float weights exactly)
_DOCS, _WEIGHTS, _POS = "I", "d", "I"


@dataclass
class FieldTable:
    """One field's postings, positions and lengths, copied from the index."""

    total: int                              # whoosh's field_length: sum of term counts
    lengths: bytes                          # per document: whoosh's stored (lossy) length
    postings: dict[str, bytes]              # term -> packed (document numbers, weights)
    positions: dict[str, bytes]             # term -> per posting: count, then positions
    _decoded: dict[str, tuple[array, array]] = field(default_factory=dict, repr=False,
                                                     compare=False)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_decoded"] = {}              # decoded postings are rebuilt per process
        return state

    def postings_of(self, term: str) -> tuple[array, array] | None:
        """(document numbers, weights) of `term`, ascending; None if not indexed."""
        got = self._decoded.get(term)
        if got is None:
            packed = self.postings.get(term)
            if packed is None:
                return None
            docs = array(_DOCS)
            n = len(packed) // (docs.itemsize + array(_WEIGHTS).itemsize)
            docs.frombytes(packed[: n * docs.itemsize])
            weights = array(_WEIGHTS)
            weights.frombytes(packed[n * docs.itemsize:])
            got = self._decoded[term] = (docs, weights)
        return got

    def positions_of(self, term: str) -> dict[int, tuple[int, ...]]:
        """Document number -> the positions of `term` in it (phrase fields only)."""
        packed = self.positions.get(term)
        got = self.postings_of(term)
        if packed is None or got is None:
            return {}
        flat = array(_POS)
        flat.frombytes(packed)
        out: dict[int, tuple[int, ...]] = {}
        i = 0
        for doc in got[0]:
            count = flat[i]
            out[doc] = tuple(flat[i + 1:i + 1 + count])
            i += 1 + count
        return out

    def length_list(self) -> array:
        out = array(_DOCS)
        out.frombytes(self.lengths)
        return out


@dataclass
class Tables:
    """One index's content, enough to score any query as whoosh would."""

    count: int                              # documents (whoosh's doc_count_all)
    ids: tuple[str, ...]                    # document number -> rule id or "term:<slug>"
    chapters: tuple[str, ...]               # document number -> chapter ("" for none)
    fields: dict[str, FieldTable]

    def doc_frequency(self, fieldname: str, term: str) -> int:
        got = self.fields[fieldname].postings_of(term) if fieldname in self.fields else None
        return len(got[0]) if got is not None else 0

    def terms(self, fieldname: str, prefix: str = "") -> Iterator[str]:
        """The field's terms that start with `prefix` (no order promised)."""
        table = self.fields.get(fieldname)
        if table is None:
            return iter(())
        return (t for t in table.postings if t.startswith(prefix))


def from_reader(reader: Any) -> Tables:
    """Copy a whoosh reader's index into tables (once per index key)."""
    count = reader.doc_count_all()
    ids, chapters = [], []
    for docnum in range(count):
        stored = reader.stored_fields(docnum) or {}
        ids.append(str(stored.get("id", "")))
        chapters.append(str(stored.get("chapter", "") or ""))
    fields: dict[str, FieldTable] = {}
    for fieldname in (f for f in FIELDS_TEXT if f in reader.schema):
        postings: dict[str, bytes] = {}
        positions: dict[str, bytes] = {}
        for btext in reader.lexicon(fieldname):
            term = btext.decode("utf-8") if isinstance(btext, bytes) else str(btext)
            m = reader.postings(fieldname, btext)
            docs, weights, flat = array(_DOCS), array(_WEIGHTS), array(_POS)
            while m.is_active():
                docs.append(m.id())
                weights.append(m.weight())
                if fieldname in PHRASE_FIELDS:
                    where = list(m.value_as("positions"))
                    flat.append(len(where))
                    flat.extend(where)
                m.next()
            postings[term] = docs.tobytes() + weights.tobytes()
            if fieldname in PHRASE_FIELDS:
                positions[term] = flat.tobytes()
        # a document without the field has no length (None) and no postings in it
        lengths = array(_DOCS, (reader.doc_field_length(d, fieldname, 1) or 0 for d in range(count)))
        fields[fieldname] = FieldTable(reader.field_length(fieldname), lengths.tobytes(),
                                       postings, positions)
    return Tables(count, tuple(ids), tuple(chapters), fields)
