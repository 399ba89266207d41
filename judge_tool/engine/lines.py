"""Map TOML key paths (`state.A.field[1].gears`) to line numbers of the source text.

`tomllib` gives values, not positions, so this scans the text once: table headers, array
of tables, `key =` lines, dotted keys, and elements of multi-line arrays. It is a best
effort for error messages; an unknown path falls back to its nearest known prefix.
"""

from __future__ import annotations

TYPE_CHECKING = False      # typing costs ~3 ms of a cold start: names for the type checker only
if TYPE_CHECKING:
    from typing import Callable

from ..lazyre import lazy

_HEADER = lazy(r"^\s*(\[\[?)\s*(.+?)\s*\]\]?\s*(#.*)?$")
_KEY = lazy(r'^\s*((?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_\-]+)(?:\s*\.\s*(?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_\-]+))*)\s*=')
_PART = lazy(r'"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_\-]+)')
_INLINE_KEY = lazy(r'(?:^|[{,])\s*("[^"]*"|[A-Za-z0-9_\-]+)\s*=')


def _parts(dotted: str) -> list[str]:
    return [m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None else m.group(3)
            for m in _PART.finditer(dotted)]


def render(parts: list[str | int]) -> str:
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            shown = p if p.replace("_", "").replace("-", "").isalnum() else f'"{p}"'
            out += f".{shown}" if out else shown
    return out


class LineMap:
    def __init__(self, text: str) -> None:
        self.lines: dict[str, int] = {}
        counters: dict[str, int] = {}
        table: list[str | int] = []
        array_path: list[str | int] | None = None
        array_index = 0
        depth = 0
        for no, raw in enumerate(text.splitlines(), start=1):
            line = _strip_comment(raw)
            if not line.strip():
                continue
            if depth > 0 and array_path is not None:
                stripped = line.strip()
                if stripped.startswith("{") or (stripped[:1] in '"0123456789-' and depth == 1):
                    elem = array_path + [array_index]
                    self._add(elem, no)
                    self._inline_keys(elem, stripped, no)
                    array_index += 1
                depth += line.count("[") - line.count("]")
                if depth <= 0:
                    array_path, depth = None, 0
                continue
            m = _HEADER.match(line)
            if m and not _KEY.match(line):
                names = _parts(m.group(2))
                key = render(names)
                if m.group(1) == "[[":
                    idx = counters.get(key, 0)
                    counters[key] = idx + 1
                    table = [*names, idx]
                    self._add(names, no)
                else:
                    table = names
                self._add(table, no)
                continue
            k = _KEY.match(line)
            if k:
                path = table + _parts(k.group(1))
                self._add(path, no)
                rest = line[k.end():].strip()
                if rest.startswith("{"):
                    self._inline_keys(path, rest, no)
                if rest.startswith("["):
                    opened = rest.count("[") - rest.count("]")
                    if opened > 0:
                        array_path, array_index, depth = path, 0, opened
                        inner = rest[1:].strip()
                        if inner and not inner.startswith("#"):
                            for i, _ in enumerate(_top_level_items(inner)):
                                self._add(path + [i], no)
                            array_index = len(_top_level_items(inner))
                    else:
                        for i, item in enumerate(_top_level_items(rest[1:-1] if rest.endswith("]") else rest[1:])):
                            self._add(path + [i], no)
                            if item.strip().startswith("{"):
                                self._inline_keys(path + [i], item.strip(), no)

    def _add(self, parts: list, no: int) -> None:
        self.lines.setdefault(render(parts), no)

    def _inline_keys(self, path: list, text: str, no: int) -> None:
        for m in _INLINE_KEY.finditer(text):
            self._add(path + _parts(m.group(1)), no)

    def find(self, path: str) -> int:
        """Line of `path` or of its nearest known ancestor; 0 if none."""
        p = path
        while p:
            if p in self.lines:
                return self.lines[p]
            cut = max(p.rfind("."), p.rfind("["))
            if cut <= 0:
                break
            p = p[:cut]
        return self.lines.get(p, 0)


def _strip_comment(line: str) -> str:
    out, quote = [], None
    for ch in line:
        if quote:
            out.append(ch)
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        out.append(ch)
    return "".join(out)


def _top_level_items(text: str) -> list[str]:
    items, depth, cur, quote = [], 0, "", None
    for ch in text:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth < 0:
                break
        if ch == "," and depth == 0:
            if cur.strip():
                items.append(cur)
            cur = ""
            continue
        cur += ch
    if cur.strip():
        items.append(cur)
    return items


class LazyLineMap:
    """A LineMap built on the first lookup: line numbers are needed only for error
    messages, so a valid file never pays for the scan. The text may be given as a function
    that makes it (a table built in memory is written out only for an error)."""

    def __init__(self, text: str | Callable[[], str]) -> None:
        self._text = text
        self._map: LineMap | None = None

    def find(self, path: str) -> int:
        if self._map is None:
            text = self._text if isinstance(self._text, str) else self._text()
            self._map = LineMap(text)
        return self._map.find(path)
