"""Load a rulebook (rules/<id>/rulebook.toml + chapter Markdown) into an immutable tree.

The format is described in rules/FORMAT.md. Every problem is reported as
`file:line: message`, so a data error points at the line to fix.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from . import limits
from .lazyre import lazy
from .resources import data_path
from .safepath import PathProblem, check_id, inside, printable, read_text
from .tomlfile import DataError

TYPE_CHECKING = False      # pathlib costs ~4 ms of a cold start: imported where a path is made
if TYPE_CHECKING:
    from pathlib import Path

DEFAULT_GAME = "cyberpunk-tcg"


class RulebookError(DataError):
    """A rulebook source file is malformed (``file:line: [key: ]message``)."""

    def __init__(self, file: Path | str, line: int, message: str, key: str = "") -> None:
        super().__init__(file, line, message, key)


class UnknownRule(LookupError):
    over_limit = False       # a number no rulebook can have: its message names the limit

    def __init__(self, query: str, suggestions: list[str], gap: bool = False) -> None:
        self.query = query
        self.suggestions = suggestions
        self.gap = gap
        hint = f" Closest: {', '.join(suggestions)}." if suggestions else ""
        if gap:
            message = f"Rule {query!r} is skipped in the printed numbering of the source (a gap).{hint}"
        else:
            message = f"No rule {query!r} in this rulebook.{hint}"
        super().__init__(message)


class RuleNumberOverLimit(UnknownRule):
    """A rule number no rulebook can have (too many parts, a part too long)."""
    over_limit = True

    def __init__(self, query: str, problem: str) -> None:
        LookupError.__init__(self, f"the rule number {printable(repr(query.strip()), limits.ECHO_CHARS)} "
                                   f"{problem}")
        self.query, self.suggestions, self.gap = query, [], False


@dataclass(frozen=True)
class Source:
    """Where a rule's text comes from in the seeds."""

    seed: str        # seed prefix as written in the data, e.g. "000"
    file: str        # seed file name
    paragraph: int   # 1-based non-empty line of the seed file

    def to_dict(self) -> dict:
        return {"seed": self.seed, "file": self.file, "paragraph": self.paragraph}


@dataclass(frozen=True)
class Node:
    """One rule (or titled heading) of a rulebook."""

    id: str
    parent: str | None
    title: str                 # explicit title ("" for plain rules)
    text: str
    examples: tuple[str, ...]
    refs: tuple[str, ...]
    source: tuple[Source, ...]
    section: str               # the unnumbered section heading it sits under
    path: tuple[str, ...]      # breadcrumb: chapter title, section, titled ancestors
    children: tuple[str, ...]
    note: str
    file: str
    line: int
    extra: tuple[str, ...] = ()   # starts of sentences that render no official rule
    editorial: tuple[str, ...] = ()   # editorial facts as codes ("title-added", "ref-outside 309.2")

    @property
    def title_added(self) -> bool:
        """The title is the editor's, not the source's (shown marked everywhere)."""
        return "title-added" in self.editorial

    @property
    def lead(self) -> str:
        """The text before a numbered list inside the rule (all of it when there is none)."""
        return self.text.split("\n", 1)[0]

    @property
    def items(self) -> tuple[str, ...]:
        """The numbered list inside the rule, each item as printed ("1) из своей колоды;")."""
        return tuple(self.text.split("\n")[1:])

    @property
    def depth(self) -> int:
        return self.id.count(".")

    @property
    def is_chapter(self) -> bool:
        return self.parent is None

    @property
    def is_heading(self) -> bool:
        return not self.text and not self.examples

    @property
    def chapter(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def label(self) -> str:
        """A short human title: the explicit one or the start of the text."""
        if self.title:
            return self.title
        words = self.text.split()
        return " ".join(words[:9]) + (" …" if len(words) > 9 else "")

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "title": self.label,
            "path": list(self.path),
            "text": self.text,
            "examples": list(self.examples),
            "children": list(self.children),
            "refs": list(self.refs),
            "parent": self.parent,
            "source": [s.to_dict() for s in self.source],
            "note": self.note,
            "not_in_official": list(self.extra),
            "lead": self.lead,
            "items": list(self.items),
            "editorial": list(self.editorial),
            "title_added": self.title_added,
        }


@dataclass(frozen=True)
class RulebookMeta:
    """What a rulebook.toml says about its rulebook."""

    id: str
    game: str
    title: str
    language: str
    version: str
    date: str
    numbering: str
    source: tuple[str, ...]
    source_prefixes: Mapping[str, str]
    chapters: tuple[str, ...]
    ref_markers: tuple[str, ...]
    gaps: tuple[str, ...]       # printed numbers the source skips (517.4.1)
    cite_prefix: str            # "CR" for Cyberpunk TCG citations
    scenarios: bool             # the rules engine models this game (shipped scenarios)
    folder: str                 # as text: a Path in the compiled cache would import pathlib

    def to_dict(self) -> dict:
        return {
            "id": self.id, "game": self.game, "title": self.title,
            "language": self.language, "version": self.version, "date": self.date,
            "numbering": self.numbering, "source": list(self.source),
            "gaps": list(self.gaps),
        }


@dataclass(frozen=True)
class Rulebook:
    """A loaded rulebook: its metadata and its rules in order."""

    meta: RulebookMeta
    nodes: Mapping[str, Node]
    _order: tuple[str, ...] = field(repr=False)

    def __iter__(self) -> Iterator[Node]:
        return (self.nodes[i] for i in self._order)

    def __reduce__(self) -> tuple:
        """Pickled (the compiled data cache) with each node as a pickle of its own, read
        back as `PackedNodes`: a cold `judge ask` or `judge rule` needs a handful of the
        ~1,000 nodes, and unpickling them all was ~1.5 ms of its start."""
        import _pickle
        packed = {rule_id: _pickle.dumps(node, protocol=5) for rule_id, node in self.nodes.items()}
        return (_unpacked, (self.meta, packed, self._order))

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.nodes

    def get(self, rule_id: str) -> Node | None:
        return self.nodes.get(rule_id)

    @property
    def chapters(self) -> list[Node]:
        return [n for n in self if n.is_chapter]

    def descendants(self, rule_id: str) -> list[Node]:
        """The node's subtree in document order, without the node itself."""
        out: list[Node] = []
        stack = list(reversed(self.nodes[rule_id].children))
        while stack:
            node = self.nodes[stack.pop()]
            out.append(node)
            stack.extend(reversed(node.children))
        return out

    def resolve(self, query: str) -> Node:
        """Accept "9.23.2", "CR 9.23.2", "9.23.2." and "r9.23.2", and a number as this
        rulebook prints or cites it: "Берсерк 517.1.1", "Altered 6.5.a", "6.5a", "L5R 1.5.3"."""
        if len(query) > limits.MAX_ARG_CHARS:
            raise RuleNumberOverLimit(query, f"is {len(query):,} characters; the limit is "
                                             f"{limits.MAX_ARG_CHARS:,}")
        rule_id = normalize_id(strip_citation(query, citation_words(self.meta)))
        node = self.nodes.get(rule_id)
        if node is None:
            problem = rule_number_problem(rule_id)
            if problem:
                raise RuleNumberOverLimit(query, problem)
            raise UnknownRule(query.strip(), self.suggest(rule_id), gap=rule_id in self.meta.gaps)
        return node

    def cite_id(self, node: Node) -> str:
        """"CR 9.23.2.2": the number as a judge writes it in a ruling."""
        return f"{self.meta.cite_prefix} {node.id}".strip()

    def suggest(self, rule_id: str, limit: int = 3) -> list[str]:
        picks: list[str] = []
        parts = rule_id.split(".")
        for cut in range(len(parts) - 1, 0, -1):          # nearest existing ancestor
            prefix = ".".join(parts[:cut])
            if prefix in self.nodes:
                picks.append(prefix)
                break
        import difflib
        for match in difflib.get_close_matches(rule_id[:limits.MAX_WORD_CHARS], self._order,
                                               n=limit, cutoff=0.5):
            if match not in picks:
                picks.append(match)
        return picks[:limit]


class PackedNodes(Mapping):
    """A rulebook's nodes from the compiled cache: id -> the node's pickle, unpickled on
    first use (then kept). A read-only mapping like the one `load_folder` makes."""

    __slots__ = ("_packed", "_made")

    def __init__(self, packed: dict[str, bytes]) -> None:
        self._packed = packed
        self._made: dict[str, Node] = {}

    def __getitem__(self, rule_id: str) -> Node:
        node = self._made.get(rule_id)
        if node is None:
            import _pickle
            node = self._made[rule_id] = _pickle.loads(self._packed[rule_id])
        return node

    def get(self, rule_id: str, default: Node | None = None) -> Node | None:
        return self[rule_id] if rule_id in self._packed else default

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._packed

    def __iter__(self) -> Iterator[str]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)

    def __repr__(self) -> str:
        return f"PackedNodes({len(self._packed)} nodes)"


def _unpacked(meta: RulebookMeta, packed: dict[str, bytes], order: tuple[str, ...]) -> Rulebook:
    return Rulebook(meta=meta, nodes=PackedNodes(packed), _order=order)


_ID_PREFIX = lazy(r"^(?:cr|kural|rule|r)\s*[:#]?\s*", re.IGNORECASE)
ID_RE = lazy(r"^\d+(?:\.(?:\d+|[a-z]))*$")


def citation_words(meta: "RulebookMeta") -> tuple[str, ...]:
    """Words a printed citation may start with for this rulebook: its citation prefix,
    game name and id, and the word "rule" in every interface language (catalogues)."""
    from .datacache import cached

    words = {meta.cite_prefix, meta.game, meta.id, meta.game.split(".")[0]}
    # the catalogues' words, kept in the compiled cache: a search reads no other
    # language's whole catalogue for them
    words.update(cached("i18n:rule-words", _rule_words))
    return tuple(sorted((w for w in words if w), key=len, reverse=True))


def _rule_words() -> tuple[str, ...]:
    """The word "rule" in every interface language (`cite.rule_words` of the catalogues)."""
    from .i18n import LANGUAGES, messages
    return tuple(sorted({w.strip() for lang in LANGUAGES
                         for w in messages(lang).get("cite.rule_words").split(",")}))


def strip_citation(query: str, words: tuple[str, ...]) -> str:
    """"Берсерк 517.1.1" -> "517.1.1", "Altered règle 6.5.a" -> "6.5.a": leading citation
    words (case-insensitive, whole words) removed."""
    text = unicodedata.normalize("NFKC", query).strip()
    for _ in range(3):
        low = text.lower()
        for word in words:
            w = unicodedata.normalize("NFKC", word).lower()
            if low.startswith(w) and (len(low) == len(w) or not low[len(w)].isalnum() or w[-1] == "."):
                text = text[len(w):].lstrip(" \t:#,\u00a0").strip()
                break
        else:
            break
    return text


_LETTER_GLUED = lazy(r"^(\d+(?:\.(?:\d+|[a-zA-Z]))*\.\d+)([a-zA-Z])$")


def normalize_id(query: str) -> str:
    """A rule number as typed ("CR 9.23.2.", "r９.23.2", "9.23.2,", "09.23.02") -> "9.23.2";
    a letter glued to the number as some rulebooks print it ("6.5a") -> "6.5.a"."""
    text = unicodedata.normalize("NFKC", query).strip()
    text = _ID_PREFIX.sub("", text)
    text = text.strip().rstrip(".,;:)]").strip()
    text = _LETTER_GLUED.sub(r"\1.\2", text)
    if re.fullmatch(r"\d+(?:\.(?:\d+|[a-zA-Z]))*", text):
        # lstrip, not int(): a part of 5,000 digits must not reach int()'s digit limit
        text = ".".join((p.lstrip("0") or "0") if p.isdigit() else p.lower() for p in text.split("."))
    return text


def rule_number_problem(rule_id: str) -> str:
    """Why a normalised rule number is over the limits ("" when it is not)."""
    if not re.fullmatch(r"[0-9a-z.]+", rule_id) or not rule_id[:1].isdigit():
        return ""
    parts = rule_id.split(".")
    if len(parts) > limits.MAX_RULE_PARTS:
        return f"has {len(parts):,} parts; the limit is {limits.MAX_RULE_PARTS}"
    if any(len(p) > limits.MAX_RULE_PART_DIGITS for p in parts):
        return f"has a part longer than the limit of {limits.MAX_RULE_PART_DIGITS} digits"
    return ""


def id_key(rule_id: str) -> tuple:
    """Sort key: numbers numerically, letters after numbers (6.5.a)."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in rule_id.split("."))


def parent_id(rule_id: str) -> str | None:
    return rule_id.rsplit(".", 1)[0] if "." in rule_id else None


# --- parsing ---------------------------------------------------------------------

_CHAPTER = lazy(r"^# (?P<id>[0-9][0-9a-z]*)\.?\s+(?P<title>\S.*)$")
_SECTION = lazy(r"^## (?P<title>\S.*)$")
_TITLED = lazy(r"^### (?P<id>[0-9][0-9a-z.]*?)\.?(?:\s+(?P<title>\S.*))?$")
_RULE = lazy(r"^\*\*(?P<id>[0-9][0-9a-z.]*?)\.?\*\*\s*(?P<text>.*)$")
_META = lazy(r"^<!--(?P<body>.*)-->$")
_SRC = lazy(r"^(?P<seed>[\w-]+):(?P<para>\d+)$")


@dataclass
class _Draft:
    """A rule while its chapter file is being read."""

    id: str
    title: str
    section: str
    file: Path
    line: int
    text_lines: list[str] = field(default_factory=list)
    examples: list[list[str]] = field(default_factory=list)
    see: list[tuple[str, int]] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    note: str = ""
    extra: list[tuple[str, int]] = field(default_factory=list)
    editorial: list[str] = field(default_factory=list)


# editorial facts a node can carry (`<!-- editorial: title-added, ref-outside 309.2 -->`);
# each is shown in the reader's language from the message catalogue (editorial.<code>)
EDITORIAL_CODES = ("title-added", "text-missing", "example-only", "heading-only", "ref-outside", "gap")
# a numbered list item inside a rule's text: "1) …", "2. …", "• …"
LIST_ITEM = lazy(r"^(?:\d{1,2}[.)]|[•–-])\s+\S")


def _parse_meta(draft: _Draft, body: str, file: Path, lineno: int, meta: RulebookMeta) -> None:
    for part in body.split(";"):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition(":")
        key = key.strip().lower()
        if not sep:
            raise RulebookError(file, lineno, f"metadata {part!r} is not 'key: value'")
        if key == "src":
            for item in filter(None, (v.strip() for v in value.split(","))):
                m = _SRC.match(item)
                if not m:
                    raise RulebookError(file, lineno, f"source {item!r} is not 'seed:paragraph'")
                seed = m["seed"]
                if seed not in meta.source_prefixes:
                    known = ", ".join(meta.source_prefixes) or "none"
                    raise RulebookError(file, lineno, f"unknown seed {seed!r} (known: {known})")
                draft.sources.append(Source(seed, meta.source_prefixes[seed], int(m["para"])))
        elif key == "see":
            for item in filter(None, (v.strip() for v in value.split(","))):
                draft.see.append((normalize_id(item), lineno))
        elif key == "note":
            draft.note = value.strip()
        elif key == "extra":
            # starts of sentences that render no official rule, separated by " | "
            draft.extra.extend((v.strip(), lineno) for v in value.split("|") if v.strip())
        elif key == "editorial":
            for item in filter(None, (" ".join(v.split()) for v in value.split(","))):
                if item.split(" ", 1)[0] not in EDITORIAL_CODES:
                    raise RulebookError(file, lineno, f"unknown editorial code {item!r} "
                                        f"(known: {', '.join(EDITORIAL_CODES)})")
                draft.editorial.append(item)
        else:
            raise RulebookError(file, lineno, f"unknown metadata key {key!r} (src, see, note, editorial, extra)")


def _parse_chapter(file: Path, meta: RulebookMeta) -> list[_Draft]:
    drafts: list[_Draft] = []
    section = ""
    current: _Draft | None = None
    in_paragraph = False      # continuing rule text
    example: list[str] | None = None
    seen_chapter = False
    try:
        text = read_text(file, limits.MAX_CHAPTER_BYTES, "chapter file")
    except PathProblem as exc:
        raise RulebookError(file, exc.line, exc.message) from None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip():
            in_paragraph = False
            example = None
            continue
        if m := _CHAPTER.match(line):
            seen_chapter = True
            current = _Draft(m["id"], m["title"].strip(), "", file, lineno)
            drafts.append(current)
            section, in_paragraph, example = "", False, None
            continue
        if not seen_chapter:
            raise RulebookError(file, lineno, "expected the chapter heading '# N. Title' first")
        if m := _SECTION.match(line):
            section = m["title"].strip()
            current, in_paragraph, example = None, False, None
            continue
        if m := _TITLED.match(line):
            current = _Draft(m["id"], (m["title"] or "").strip(), section, file, lineno)
            drafts.append(current)
            in_paragraph, example = True, None
            continue
        if m := _RULE.match(line):
            current = _Draft(m["id"], "", section, file, lineno)
            if m["text"].strip():
                current.text_lines.append(m["text"].strip())
            drafts.append(current)
            in_paragraph, example = True, None
            continue
        if m := _META.match(line.strip()):
            if current is None:
                raise RulebookError(file, lineno, "metadata comment without a rule above it")
            _parse_meta(current, m["body"], file, lineno, meta)
            continue
        if line.startswith(">"):
            if current is None:
                raise RulebookError(file, lineno, "example without a rule above it")
            content = line[1:].strip()
            if not content:
                example = None
                continue
            if example is None:
                example = []
                current.examples.append(example)
            example.append(content)
            in_paragraph = False
            continue
        if line.startswith("#"):
            raise RulebookError(file, lineno, f"unrecognised heading {line[:40]!r}")
        if current is not None and (in_paragraph or not current.text_lines):
            if current.examples:
                raise RulebookError(file, lineno, "rule text after its examples")
            current.text_lines.append(line.strip())
            in_paragraph = True
            continue
        raise RulebookError(file, lineno, f"text outside a rule: {line[:50]!r}")
    if not seen_chapter:
        raise RulebookError(file, 1, "empty chapter file")
    return drafts


def _read_meta(folder: Path) -> RulebookMeta:
    try:
        return _read_meta_checked(folder)
    except RulebookError:
        raise
    except DataError as exc:
        raise RulebookError(exc.file, exc.line, exc.message, exc.key) from None


def _read_meta_checked(folder: Path) -> RulebookMeta:
    from . import tomlfile
    toml_path = folder / "rulebook.toml"
    if not toml_path.exists() and not toml_path.is_symlink():
        raise RulebookError(toml_path, 0, "missing rulebook.toml")
    raw, text = tomlfile.load(toml_path, "rulebook.toml")

    def want(key, kind, default=..., items=None):
        return tomlfile.want(raw, key, kind, toml_path, text, default=default, items=items,
                             max_items=limits.MAX_CHAPTERS if key == "chapters" else 10_000)

    try:
        game_id = want("id", str)
        check_id(game_id)
    except PathProblem as exc:
        raise RulebookError(toml_path, tomlfile.line_of(text, "id"), exc.message, "id") from None
    game = want("game", str)
    prefixes = want("source_prefixes", dict, {})
    for seed, name in prefixes.items():
        if not isinstance(name, str):
            raise RulebookError(toml_path, tomlfile.line_of(text, "source_prefixes"),
                                f"{printable(seed, 40)!r} must name a file (a string)", "source_prefixes")
    import datetime
    scalar = (str, int, float, datetime.date)
    version, date = want("version", scalar), want("date", scalar)
    return RulebookMeta(
        id=game_id, game=game, title=want("title", str, game),
        language=want("language", str), version=str(version), date=str(date),
        numbering=want("numbering", str, "official"),
        source=tuple(want("source", list, [], str)),
        source_prefixes=MappingProxyType(dict(prefixes)),
        chapters=tuple(want("chapters", list, items=str)),
        ref_markers=tuple(want("ref_markers", list, ["bkz.", "CR"], str)),
        gaps=tuple(want("gaps", list, [], str)),
        cite_prefix=want("cite_prefix", str, game),
        scenarios=want("scenarios", bool, False),
        folder=str(folder),
    )


def _text_refs(text: str, markers: tuple[str, ...]) -> list[str]:
    if not markers:
        return []
    alt = "|".join(re.escape(m) for m in markers)
    pattern = re.compile(rf"(?:{alt})\s*(\d+(?:\.(?:\d+|[a-z]))*)\b")
    return [m.group(1) for m in pattern.finditer(text)]


def load_folder(folder: Path) -> Rulebook:
    meta = _read_meta(folder)
    toml_path = folder / "rulebook.toml"
    drafts: list[_Draft] = []
    total = 0
    for name in meta.chapters:
        try:
            path = inside(folder, name, "chapter file")
        except PathProblem as exc:
            raise RulebookError(toml_path, 0, exc.message, "chapters") from None
        try:
            total += path.stat().st_size
        except OSError:
            raise RulebookError(toml_path, 0, f"chapter file {printable(name, 80)!r} not found",
                                "chapters") from None
        if total > limits.MAX_RULEBOOK_BYTES:
            raise RulebookError(toml_path, 0, f"chapter files are over the limit of "
                                              f"{limits.MAX_RULEBOOK_BYTES:,} bytes together", "chapters")
        drafts.extend(_parse_chapter(path, meta))
    book = _build(meta, drafts)
    _check_official(book)
    return book


def _check_official(book: "Rulebook") -> None:
    """With official numbering data beside the rulebook (official.tsv), every node must sit
    at an official number: a made-up or shifted number is a data error."""
    from .official import FILE_NAME, for_book

    from pathlib import Path
    folder = Path(book.meta.folder)
    try:
        numbering = for_book(book) if book.meta.numbering == "official" else None
    except PathProblem as exc:
        raise RulebookError(folder / FILE_NAME, exc.line, exc.message) from None
    except (ValueError, KeyError, OSError) as exc:
        raise RulebookError(folder / FILE_NAME, 0, f"unreadable official numbering: {exc}") from None
    if numbering is None:
        return
    for node in book:
        if not numbering.exists(node.id):
            raise RulebookError(folder / node.file, node.line,
                                f"{node.id} is not an official rule number ({FILE_NAME})")


def _build(meta: RulebookMeta, drafts: list[_Draft]) -> Rulebook:
    by_id: dict[str, _Draft] = {}
    previous: _Draft | None = None
    for d in drafts:
        if not ID_RE.match(d.id):
            raise RulebookError(d.file, d.line, f"malformed rule number {d.id!r}")
        if d.id in by_id:
            first = by_id[d.id]
            raise RulebookError(d.file, d.line, f"duplicate rule {d.id} (first at {first.file.name}:{first.line})")
        parent = parent_id(d.id)
        if parent is not None and parent not in by_id:
            raise RulebookError(d.file, d.line, f"rule {d.id} has no parent {parent} before it")
        if previous is not None and id_key(d.id) <= id_key(previous.id):
            raise RulebookError(d.file, d.line, f"rule {d.id} is out of order (after {previous.id})")
        by_id[d.id] = d
        previous = d

    children: dict[str, list[str]] = {d.id: [] for d in drafts}
    for d in drafts:
        parent = parent_id(d.id)
        if parent is not None:
            children[parent].append(d.id)

    nodes: dict[str, Node] = {}
    for d in drafts:
        text = _join_lines(d.text_lines)
        examples = tuple(" ".join(lines) for lines in d.examples)
        refs: list[str] = []
        for ref, lineno in d.see:
            if ref not in by_id:
                raise RulebookError(d.file, lineno, f"reference to unknown rule {ref}")
            refs.append(ref)
        for ref in _text_refs(" ".join((text, *examples)), meta.ref_markers):
            if ref not in by_id:
                raise RulebookError(d.file, d.line, f"text of {d.id} refers to unknown rule {ref}")
            refs.append(ref)
        body = " ".join((text, *examples))
        for start, lineno in d.extra:
            if start not in body:
                raise RulebookError(d.file, lineno, f"extra sentence {start[:40]!r} is not in the text of {d.id}")
        if d.extra and not d.note:
            raise RulebookError(d.file, d.line, f"{d.id} marks a sentence as extra without a note saying why")
        parent = parent_id(d.id)
        nodes[d.id] = Node(
            id=d.id, parent=parent, title=d.title, text=text, examples=examples,
            refs=tuple(dict.fromkeys(r for r in refs if r != d.id)),
            source=tuple(d.sources), section=d.section,
            path=_breadcrumb(d, by_id), children=tuple(children[d.id]),
            extra=tuple(start for start, _ in d.extra),
            note=d.note, file=d.file.name, line=d.line, editorial=tuple(d.editorial),
        )
    return Rulebook(meta=meta, nodes=MappingProxyType(nodes), _order=tuple(nodes))


def _join_lines(lines: list[str]) -> str:
    """A rule's text lines as one paragraph, except that the items of a numbered list
    inside it ("1) …") each start a line of their own, so the list stays a list."""
    out = ""
    for i, line in enumerate(lines):
        sep = "" if i == 0 else ("\n" if LIST_ITEM.match(line) else " ")
        out += sep + line
    return out


def _breadcrumb(d: _Draft, by_id: Mapping[str, _Draft]) -> tuple[str, ...]:
    chain: list[_Draft] = []
    pid = parent_id(d.id)
    while pid is not None:
        chain.append(by_id[pid])
        pid = parent_id(pid)
    chain.reverse()
    crumbs: list[str] = []
    if chain:
        crumbs.append(chain[0].title)
        if d.section:
            crumbs.append(d.section)
        crumbs.extend(a.title for a in chain[1:] if a.title)
    return tuple(crumbs)


# --- finding rulebooks --------------------------------------------------------------

def rulebook_folders() -> dict[str, Path]:
    """The shipped rulebooks by id (from the compiled data cache when it is there)."""
    from pathlib import Path
    return {game: Path(folder) for game, folder in _folder_names().items()}


def _folder_names() -> dict[str, str]:
    """`rulebook_folders` as text (what `load_rulebook` needs: no pathlib)."""
    from .datacache import cached
    return dict(cached("rulebook-folder-names", _scan_rulebook_folders))


def _scan_rulebook_folders() -> dict[str, str]:
    from . import tomlfile
    root = data_path("rules")
    found: dict[str, str] = {}
    for toml_path in sorted(root.glob("*/rulebook.toml")):
        raw, _text = tomlfile.load(toml_path, "rulebook.toml")
        game_id = raw.get("id", toml_path.parent.name)
        if isinstance(game_id, str) and _ID_OK.fullmatch(game_id):
            found[game_id] = str(toml_path.parent)
    return found


_ID_OK = lazy(limits.GAME_ID_PATTERN)


def is_path_game(game: str) -> bool:
    """`--game` names a folder (has a slash or starts with a dot or ~) rather than an id."""
    return "/" in game or game.startswith((".", "~"))


@lru_cache(maxsize=None)
def load_rulebook(game: str = DEFAULT_GAME) -> Rulebook:
    """A shipped rulebook by id, or any folder holding a rulebook.toml (a judge's own)."""
    if len(game) > limits.MAX_PATH_CHARS or "\0" in game:
        raise KeyError(game)
    if is_path_game(game):
        from pathlib import Path
        try:
            folder = Path(game).expanduser()
            if (folder / "rulebook.toml").is_file():
                return load_folder(folder)
        except (OSError, RuntimeError):
            pass
        raise KeyError(game)
    if not _ID_OK.fullmatch(game):
        raise KeyError(game)
    folders = _folder_names()
    if game not in folders:
        raise KeyError(game)
    from .datacache import cached

    def build() -> Rulebook:
        from pathlib import Path
        return load_folder(Path(folders[game]))
    return cached(f"rulebook:{game}", build)


def main(argv: list[str] | None = None) -> int:
    """`python -m judge_tool.rulebook [FOLDER]`: load and validate, print a summary."""
    from pathlib import Path
    args = sys.argv[1:] if argv is None else argv
    try:
        book = load_folder(Path(args[0])) if args else load_rulebook()
    except RulebookError as exc:
        print(exc, file=sys.stderr)
        return 1
    chapters = {}
    for node in book:
        chapters[node.chapter] = chapters.get(node.chapter, 0) + 1
    print(f"{book.meta.game} {book.meta.version}: {len(book)} nodes "
          + ", ".join(f"ch{c}={n}" for c, n in chapters.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
