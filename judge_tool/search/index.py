"""The whoosh index over rule nodes and glossary terms, and its life in the cache.

Lifecycle:

* The index lives in ``<cache>/index/<rulebook id>/<key>/`` where ``<cache>`` is
  ``$JUDGE_TOOL_CACHE``, else ``$XDG_CACHE_HOME/judge-tool``, else ``~/.cache/judge-tool``,
  and ``<key>`` hashes the rule and glossary data with the analysis and schema versions: a
  changed rulebook or analyzer gets a new key and so a new index, and the old one is
  removed.
* It is built into a private temporary directory beside the final one and renamed into
  place, which is atomic: readers never see half an index. Two processes that start cold
  together both build; the first rename wins, the second finds the directory taken and
  uses the winner's index.
* A marker file written last (``judge-index.json``) records the key, the document count
  and every file's size and CRC-32. An index whose marker is missing, malformed or
  disagrees with the files, or that whoosh cannot open, is moved aside and rebuilt with a
  one-line notice.
* Clean-up removes only folders the tool can prove it wrote: an index folder holding its
  marker, or a temporary build folder holding ``judge-build.json`` (written first by the
  build) whose process is gone or which is older than an hour. The rulebook id is checked
  (``[a-z0-9-]+``) before it becomes a folder name, so nothing outside
  ``<cache>/index/<id>/`` is ever touched.
* If the cache cannot be written, the index is built in memory and a one-line notice goes
  to stderr.
"""

from __future__ import annotations

# json, hashlib, shutil, tempfile, uuid and zlib are imported where the index is built,
# checked or cleaned: an everyday search reads the compiled tables and needs none of them.
import os
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Any, Iterable

from .. import limits
from ..safepath import check_id
from .analysis import Analysis, analysis_for

SCHEMA_VERSION = "s6"
MARKER = "judge-index.json"
BUILD_MARKER = "judge-build.json"       # written first into a temporary build folder
TMP_PREFIX = ".tmp-"
STALE_TMP_SECONDS = limits.STALE_TMP_SECONDS

FIELDS_TEXT = ("exact", "stem", "pre", "pre4", "head", "head_stem", "crumb")


# --- where ------------------------------------------------------------------------

from ..cachedir import cache_root, notice  # noqa: E402  (re-exported: the index's home)


def _crc(path: Path) -> int:
    import zlib
    with open(path, "rb") as fh:
        return zlib.crc32(fh.read())


# --- what is indexed ----------------------------------------------------------------

@dataclass(frozen=True)
class Doc:
    """One document of the search index."""

    doc_id: str        # rule id, or "term:<slug>"
    kind: str          # "rule" or "term"
    chapter: str
    body: str          # text + examples / definition
    head: str          # title / term and its aliases
    crumb: str         # breadcrumb
    english: str       # English names (glossary)


def glossary_terms(glossary: Any) -> list[Any]:
    if glossary is None:
        return []
    return list(getattr(glossary, "terms", []) or [])


def _as_list(value: Any) -> list[str]:
    if not value:
        return []
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value if v]


def term_names(term: Any) -> tuple[list[str], list[str]]:
    """(Turkish names: term + aliases, English names)."""
    turkish = [str(getattr(term, "term", "") or "")]
    english = _as_list(getattr(term, "english", None))
    turkish.extend(_as_list(getattr(term, "aliases", None)))
    turkish.extend(_as_list(getattr(term, "stems", None)))
    return [t for t in turkish if t], english


def documents(book: Any, glossary: Any = None) -> list[Doc]:
    from ..official_import import english_bodies
    english = english_bodies(book)        # the user's imported official English, if any
    docs: list[Doc] = []
    for node in book:
        body = " ".join([node.text, *node.examples]).strip()
        crumb = " ".join([*node.path, english.get(node.id, "")]).strip()
        docs.append(Doc(node.id, "rule", node.chapter, body, node.title, crumb, ""))
    for term in glossary_terms(glossary):
        slug = str(getattr(term, "slug", "") or "")
        if not slug:
            continue
        rule = str(getattr(term, "rule", "") or "")
        chapter = rule.split(".", 1)[0] if rule else ""
        turkish, english = term_names(term)
        docs.append(Doc(f"term:{slug}", "term", chapter,
                        str(getattr(term, "definition", "") or ""),
                        " ".join(turkish), "", " ".join(english)))
    return docs


@lru_cache(maxsize=1)
def _analysis_source() -> bytes:
    """The code that turns text into index terms: a change to it (or to the installed
    snowballstemmer) must rebuild the index even when the tables stay the same. Read once
    per process."""
    from .. import turkish
    from . import analysis as analysis_module
    parts = [Path(turkish.__file__).read_bytes(), Path(analysis_module.__file__).read_bytes(),
             Path(__file__).read_bytes()]
    try:
        from importlib.metadata import version
        parts.append(version("snowballstemmer").encode())
    except Exception:                      # not installed as a distribution: tables only
        pass
    return b"\0".join(parts)


def _shipped(book: Any) -> bool:
    from ..datacache import is_shipped
    return is_shipped(book)


def key_for(book: Any, glossary: Any, analysis: Analysis) -> str:
    """The index key; for shipped data it is computed once per data version (the
    compiled data cache keeps it), for a judge's own folder every time."""
    from ..glossary import load_glossary
    if _shipped(book) and (glossary is None or glossary is load_glossary(book.meta.id)):
        from ..datacache import cached
        key = cached(f"index-key:{book.meta.id}:{analysis.language}:{analysis.version}:"
                     f"{glossary is not None}", lambda: index_key(book, glossary, analysis),
                     group="search")
    else:
        key = index_key(book, glossary, analysis)
    return _with_import(key, book)


def _with_import(key: str, book: Any) -> str:
    """The user's imported official English is indexed too: a new import (its size and
    time, a stat) makes a new key, so the index is rebuilt (issue 12)."""
    from ..official_import import fingerprint
    from ..official import DEFAULT_GAME
    if getattr(book.meta, "id", None) != DEFAULT_GAME:
        return key
    mark = fingerprint()
    if mark == "none":
        return key
    import hashlib
    return hashlib.sha256(f"{key}\0{mark}".encode()).hexdigest()[:20]


def index_key(book: Any, glossary: Any, analysis: Analysis) -> str:
    import hashlib
    h = hashlib.sha256()
    h.update(f"{SCHEMA_VERSION}\0{analysis.version}\0{analysis.language}\0".encode())
    h.update(hashlib.sha256(_analysis_source()).digest())
    h.update(f"{book.meta.id}\0{book.meta.version}\0".encode())
    for node in book:
        h.update("\x1e".join((node.id, node.title, node.text, "\x1f".join(node.examples),
                               "\x1f".join(node.path))).encode("utf-8", "surrogatepass"))
    for term in glossary_terms(glossary):
        turkish, english = term_names(term)
        h.update("\x1e".join((str(getattr(term, "slug", "")), str(getattr(term, "rule", "")),
                               "\x1f".join(turkish), "\x1f".join(english),
                               str(getattr(term, "definition", "")))).encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:20]


# --- building -----------------------------------------------------------------------

def schema():
    from whoosh.analysis import SpaceSeparatedTokenizer
    from whoosh.fields import ID, TEXT, Schema

    def text(phrase: bool):
        return TEXT(analyzer=SpaceSeparatedTokenizer(), phrase=phrase)

    return Schema(
        id=ID(stored=True, unique=True),
        kind=ID(stored=True),
        chapter=ID(stored=True),
        exact=text(True),
        stem=text(False),
        pre=text(False),
        pre4=text(False),
        head=text(True),
        head_stem=text(False),
        crumb=text(False),
    )


def english_stem(key: str) -> str:
    return analysis_for("en").stem(key)


def doc_fields(doc: Doc, analysis: Analysis) -> dict[str, str]:
    exact, stem, pre = analysis.streams(doc.body)
    head, head_stem, _ = analysis.streams(f"{doc.head} {doc.english}")
    _, crumb, _ = analysis.streams(doc.crumb)
    fields = {
        "id": doc.doc_id, "kind": doc.kind, "chapter": doc.chapter,
        "exact": " ".join(exact), "stem": " ".join(stem), "pre": " ".join(pre),
        "pre4": " ".join(k[:4] for k in exact),
        "head": " ".join(head), "head_stem": " ".join(head_stem),
        "crumb": " ".join(crumb),
    }
    return {k: v for k, v in fields.items() if v}


def write_docs(ix, docs: Iterable[Doc], analysis: Analysis) -> int:
    writer = ix.writer(limitmb=256)
    count = 0
    try:
        for doc in docs:
            writer.add_document(**doc_fields(doc, analysis))
            count += 1
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    return count


def build_into(folder: Path, docs: list[Doc], analysis: Analysis, key: str) -> dict:
    from whoosh.filedb.filestore import FileStorage

    started = time.perf_counter()
    storage = FileStorage(str(folder))
    ix = storage.create_index(schema())
    count = write_docs(ix, docs, analysis)
    ix.close()
    marker = {
        "key": key, "docs": count, "analysis": analysis.version, "schema": SCHEMA_VERSION,
        "language": analysis.language, "built": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "build_seconds": round(time.perf_counter() - started, 3),
        "files": {p.name: p.stat().st_size for p in sorted(folder.iterdir())
                  if p.is_file() and p.name != BUILD_MARKER},
        "crc32": {p.name: _crc(p) for p in sorted(folder.iterdir())
                  if p.is_file() and p.name != BUILD_MARKER},
    }
    import json
    tmp_marker = folder / (MARKER + ".tmp")
    tmp_marker.write_text(json.dumps(marker, indent=1), encoding="utf-8")
    with open(tmp_marker, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp_marker, folder / MARKER)
    return marker


def build_in_memory(docs: list[Doc], analysis: Analysis):
    from whoosh.filedb.filestore import RamStorage

    ix = RamStorage().create_index(schema())
    write_docs(ix, docs, analysis)
    return ix


# --- opening ------------------------------------------------------------------------

class CorruptIndex(Exception):
    pass


def read_marker(folder: Path) -> dict:
    import json
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CorruptIndex("no marker (half-written index)") from None
    except (OSError, ValueError, RecursionError) as exc:
        raise CorruptIndex(f"unreadable marker: {type(exc).__name__}") from None
    if not isinstance(marker, dict):
        raise CorruptIndex("marker is not a JSON object")
    files, crcs = marker.get("files"), marker.get("crc32")
    if not isinstance(files, dict) or not isinstance(crcs, dict) or set(files) != set(crcs):
        raise CorruptIndex("marker does not list the files with sizes and checksums")
    for name, size in files.items():
        if (not isinstance(name, str) or "/" in name or name.startswith(".")
                or not isinstance(size, int) or not isinstance(crcs[name], int)):
            raise CorruptIndex("marker lists a file wrongly")
    return marker


def open_checked(folder: Path, key: str):
    """Open the index in `folder`, or raise CorruptIndex if anything disagrees."""
    from whoosh.filedb.filestore import FileStorage

    marker = read_marker(folder)
    if marker.get("key") != key:
        raise CorruptIndex("marker is for another key")
    files = marker["files"]
    if not files:
        raise CorruptIndex("marker lists no files")
    for name, size in files.items():
        try:
            if (folder / name).stat().st_size != size:
                raise CorruptIndex(f"{name} has the wrong size")
            if _crc(folder / name) != marker["crc32"][name]:
                raise CorruptIndex(f"{name} is damaged (checksum)")
        except OSError:
            raise CorruptIndex(f"{name} is missing or unreadable") from None
    try:
        ix = FileStorage(str(folder), readonly=True).open_index(schema=schema())
        if ix.doc_count_all() != marker.get("docs"):
            raise CorruptIndex("document count differs from the marker")
        with ix.reader() as reader:          # touch every segment's term and length data
            for fieldname in ("exact", "head"):
                reader.field_length(fieldname)
                next(iter(reader.lexicon(fieldname)), None)
    except CorruptIndex:
        raise
    except Exception as exc:                  # whoosh raises many kinds on damaged files
        raise CorruptIndex(f"whoosh cannot read it ({type(exc).__name__}: {exc})") from None
    return ix, marker


@dataclass
class Opened:
    """A search index opened (or built) and where it lives."""

    ix: Any
    key: str
    path: Path | None          # None: in memory
    marker: dict = field(default_factory=dict)
    built: bool = False        # built by this call
    notice: str = ""


def _remove_tree(path: Path) -> None:
    import shutil
    shutil.rmtree(path, ignore_errors=True)


def _quarantine(path: Path) -> None:
    """Move a bad index out of the way (atomic), then delete it."""
    import uuid
    aside = path.with_name(f".bad-{path.name}-{os.getpid()}-{uuid.uuid4().hex[:6]}")
    try:
        os.rename(path, aside)
    except FileNotFoundError:
        return                     # another process already moved it
    _remove_tree(aside)


def _ours(entry: Path) -> bool:
    """Only a folder holding one of our markers is ours to delete."""
    try:
        return entry.is_dir() and not entry.is_symlink() and (
            (entry / MARKER).is_file() or (entry / BUILD_MARKER).is_file())
    except OSError:
        return False


def _builder_gone(entry: Path, now: float) -> bool:
    """A temporary build folder is stale when its builder process has ended (same host) or
    it is older than STALE_TMP_SECONDS."""
    import json
    try:
        info = json.loads((entry / BUILD_MARKER).read_text(encoding="utf-8"))
        if now - entry.stat().st_mtime >= STALE_TMP_SECONDS:
            return True
    except (OSError, ValueError, RecursionError):
        return False
    if not isinstance(info, dict) or info.get("host") != _host():
        return False
    pid = info.get("pid")
    if not isinstance(pid, int) or pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):
        return False
    return False


def _host() -> str:
    try:
        return os.uname().nodename
    except AttributeError:  # pragma: no cover - not POSIX
        return ""


def _clean_siblings(root: Path, keep: str) -> None:
    """Remove our indexes for other keys (an older rulebook) and our stale temporary
    folders; anything without our marker is left alone."""
    now = time.time()
    try:
        entries = list(root.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.name == keep or not _ours(entry):
            continue
        if entry.name.startswith(TMP_PREFIX) and not (entry / MARKER).is_file():
            if not _builder_gone(entry, now):
                continue        # maybe another process is building right now
        _remove_tree(entry)


def _clean_stale_tmp(root: Path) -> None:
    """Interrupted builds: remove our temporary folders whose builder is gone."""
    now = time.time()
    try:
        entries = [e for e in root.iterdir() if e.name.startswith(TMP_PREFIX)]
    except OSError:
        return
    for entry in entries:
        if _ours(entry) and _builder_gone(entry, now):
            _remove_tree(entry)


def index_root(cache: Path | None, book_id: str) -> Path:
    """``<cache>/index/<id>``; the id is checked so it cannot name another folder."""
    return (cache or cache_root()) / "index" / check_id(book_id)


def open_or_build(book: Any, glossary: Any, analysis: Analysis, *, rebuild: bool = False,
                  cache: Path | None = None) -> Opened:
    key = key_for(book, glossary, analysis)
    root = index_root(cache, book.meta.id)
    final = root / key
    docs: list[Doc] | None = None
    reason = ""

    for _attempt in range(4):
        if final.is_dir() and not rebuild:
            try:
                ix, marker = open_checked(final, key)
                _clean_stale_tmp(root)
                return Opened(ix, key, final, marker)
            except CorruptIndex as exc:
                reason = str(exc)
                notice(f"search index at {final} is damaged ({reason}); rebuilding it")
                try:
                    _quarantine(final)
                except OSError as exc2:
                    return _in_memory(book, glossary, analysis, key,
                                      f"search index at {final} is damaged ({reason}) and cannot "
                                      f"be replaced ({exc2.strerror or exc2}); using an in-memory index")
        elif final.is_dir() and rebuild:
            try:
                _quarantine(final)
            except OSError as exc:
                return _in_memory(book, glossary, analysis, key,
                                  f"cannot rebuild the search index in {root} "
                                  f"({exc.strerror or exc}); using an in-memory index")
            rebuild = False
        if docs is None:
            docs = documents(book, glossary)
        import json
        import tempfile
        try:
            root.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix=f"{TMP_PREFIX}{key}-", dir=root))
            (tmp / BUILD_MARKER).write_text(json.dumps({"pid": os.getpid(), "host": _host()}),
                                            encoding="utf-8")
        except OSError as exc:
            return _in_memory(book, glossary, analysis, key,
                              f"search index cache {root} is not writable "
                              f"({exc.strerror or exc}); using an in-memory index", docs)
        try:
            marker = build_into(tmp, docs, analysis, key)
        except OSError as exc:
            _remove_tree(tmp)
            return _in_memory(book, glossary, analysis, key,
                              f"cannot write the search index in {root} "
                              f"({exc.strerror or exc}); using an in-memory index", docs)
        try:
            os.rename(tmp, final)
        except OSError as exc:
            _remove_tree(tmp)
            if final.is_dir():
                continue           # another process won the race: open its index
            return _in_memory(book, glossary, analysis, key,
                              f"cannot install the search index in {root} "
                              f"({exc.strerror or exc}); using an in-memory index", docs)
        try:
            (final / BUILD_MARKER).unlink()
        except OSError:
            pass
        _clean_siblings(root, key)
        try:
            ix, marker = open_checked(final, key)
        except CorruptIndex as exc:  # pragma: no cover - just written
            reason = str(exc)
            continue
        return Opened(ix, key, final, marker, built=True)
    return _in_memory(book, glossary, analysis, key,
                      f"search index in {root} keeps failing ({reason}); using an in-memory index",
                      docs)


def _in_memory(book, glossary, analysis, key, message, docs=None) -> Opened:
    notice(message)
    started = time.perf_counter()
    ix = build_in_memory(docs if docs is not None else documents(book, glossary), analysis)
    marker = {"key": key, "docs": ix.doc_count_all(), "analysis": analysis.version,
              "schema": SCHEMA_VERSION, "language": analysis.language,
              "build_seconds": round(time.perf_counter() - started, 3)}
    return Opened(ix, key, None, marker, built=True, notice=message)


def folder_size(path: Path | None) -> int:
    if path is None:
        return 0
    try:
        return sum(p.stat().st_size for p in path.iterdir() if p.is_file())
    except OSError:
        return 0
