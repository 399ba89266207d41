"""How `judge rule` renders a rule: pure functions from a rulebook to the text or JSON it
prints. Click-free, so the click command (`rules_cmd.rule`) and the fast path
(`fastpath.py`) call the same code and print the same bytes."""

from __future__ import annotations

from ..rulebook import Node, Rulebook, RulebookError, UnknownRule, load_rulebook
from .output import ansi, color_enabled, echo, fail, json_text, shorten, style, ui, unknown_rule, wrap


def book_for(game: str) -> Rulebook:
    """The rulebook `--game` names. A judge's own folder with a mistake is bad input (exit
    2, `file:line: key: message`); a broken shipped rulebook is our bug (exit 1)."""
    from ..rulebook import is_path_game

    try:
        return load_rulebook(game)
    except KeyError:
        from ..rulebook import rulebook_folders
        known = ", ".join(rulebook_folders()) or "none"
        fail(f"no rulebook {shorten(repr(game))} (known: {known})")
    except RulebookError as exc:
        if is_path_game(game):
            fail(str(exc), code=2)
        fail(f"rulebook data is broken: {exc}", code=1)


def get_links(book: Rulebook):
    """The rulebook's link index (glossary terms and rule numbers). A broken glossary costs
    the links, not the rule: one warning on stderr and rule-number links only."""
    from ..linking import LinkIndex, links_for
    from ..tomlfile import DataError

    try:
        return links_for(book)
    except DataError as exc:          # GlossaryError: only the glossary is read here
        echo(f"judge: glossary not used ({exc})", err=True)
    except (KeyError, FileNotFoundError):
        pass
    from ..glossary import Glossary
    return LinkIndex(book, Glossary(terms=()))


def _mark_wrapped(original: str, wrapped: str, spans: list[tuple[int, int]]) -> str:
    """Underline `spans` (offsets into `original`) in `wrapped`, the textwrap output of
    `original` (same non-space characters, in order). A span broken across lines is
    underlined piece by piece, never the indentation."""
    orig_pos = [i for i, ch in enumerate(original) if not ch.isspace()]
    wrap_pos = [i for i, ch in enumerate(wrapped) if not ch.isspace()]
    if not spans or len(orig_pos) != len(wrap_pos):
        return wrapped
    rank = {pos: k for k, pos in enumerate(orig_pos)}
    ranges: list[tuple[int, int]] = []
    for start, end in spans:
        inside = [rank[i] for i in range(start, end) if i in rank]
        if not inside:
            continue
        a, b = wrap_pos[inside[0]], wrap_pos[inside[-1]] + 1
        piece = a
        for k in range(a, b):                       # split at line breaks
            if wrapped[k] == "\n":
                ranges.append((piece, k))
                piece = k + 1
        ranges.append((piece, b))
    out = wrapped
    for a, b in sorted(ranges, reverse=True):
        while a < b and out[a] == " ":
            a += 1
        if a < b:
            out = out[:a] + ansi(out[a:b], underline=True) + out[b:]
    return out


def _marked(text: str, spans: list[tuple[int, int]], indent: str = "", subsequent: str | None = None) -> str:
    """`wrap(text)` with the link spans underlined when colour is on."""
    wrapped = wrap(text, indent=indent, subsequent=subsequent)
    if not spans or not color_enabled():
        return wrapped
    return _mark_wrapped(text, wrapped, spans)


def citation(book: Rulebook, node: Node, m=None) -> str:
    """The line a judge pastes into a ruling. Project-made numbers (a rulebook without
    official numbering) say so, in the rulebook's language, so they are never taken for
    official ones."""
    m = m or ui(None, book)
    body = " ".join((node.text or node.title).split())
    cite = book.cite_id(node)
    if book.meta.numbering != "official":
        cite += f" ({m('rule.project_number')})"
    return f"{cite} — {body}"


def node_notes(node: Node, m) -> list[str]:
    """The node's editorial facts and note in the reader's language."""
    from ..i18n import editorial_notes
    return editorial_notes(node, m)


def title_of(node: Node, m, marked: bool = True) -> str:
    """The node's title, marked when the editor added it (not in the source)."""
    if marked and node.title_added and node.title:
        return f"{node.title} [{m('rule.editor_title')}]"
    return node.title


def crumbs_of(book: Rulebook, node: Node, m) -> list[str]:
    """The breadcrumb with editor-added titles marked."""
    added = {n.title for n in book if n.title_added}
    return [f"{c} [{m('rule.editor_title')}]" if c in added else c for c in node.path]


def official_url(book: Rulebook, rule_id: str) -> str | None:
    """The rule's link on the publisher's page (None for a game without official numbering)."""
    from ..official import for_book
    numbering = for_book(book)
    return numbering.url(rule_id) if numbering is not None else None


def node_json(book: Rulebook, node: Node) -> dict:
    data = node.to_dict()
    data["game"] = book.meta.id
    data["citation"] = citation(book, node)
    data["official_url"] = official_url(book, node.id)
    return data


def _text_lines(node: Node, spans: list[tuple[int, int]], indent: str, subsequent: str) -> list[str]:
    """The rule text wrapped, a numbered list inside it kept one item per line."""
    lead = node.lead
    out = [_marked(lead, [(a, b) for a, b in spans if b <= len(lead)], indent=indent, subsequent=subsequent)]
    offset = len(lead) + 1
    for item in node.items:
        own = [(a - offset, b - offset) for a, b in spans if a >= offset and b <= offset + len(item)]
        out.append(_marked(item, own, indent=subsequent + "  ", subsequent=subsequent + "     "))
        offset += len(item) + 1
    return out


def render_node(node: Node, *, heading: bool, prefix: str = "CR", links=None, m=None,
                crumbs: list[str] | None = None) -> list[str]:
    """The node as `judge rule` prints it. With `links` (a LinkIndex), linked terms (the
    first use of each term in the rule) and rule numbers are underlined when colour is on
    (plain text under NO_COLOR)."""
    spans: dict[str, list[tuple[int, int]]] = {}
    if links is not None and color_enabled():
        seen: set[str] = set()                  # each term marked once per rule, at first use
        for link in links.links(node.id):
            if link.term is not None:
                if link.term in seen:
                    continue
                seen.add(link.term)
            spans.setdefault(link.field, []).append((link.start, link.end))
    m = m or ui()
    lines: list[str] = []
    number = style(node.id, bold=True)
    title = title_of(node, m)
    if heading:
        crumb = " › ".join(node.path if crumbs is None else crumbs)
        lead = f"{style(prefix, fg='cyan')} {number}" if prefix else number
        lines.append(lead + (f"  {style(crumb, dim=True)}" if crumb else ""))
        if node.title:
            lines.append(style(title, bold=True))
        if node.text:
            lines.extend(_text_lines(node, spans.get("text", []), "", ""))
    else:
        indent = "  " * max(0, node.depth - 1)
        head = f"{indent}{number} "
        if node.title and not node.text:
            lines.append(head + style(title, bold=True))
        else:
            pad = " " * (len(indent) + len(node.id) + 1)
            if node.text:
                body = _text_lines(node, spans.get("text", []), pad, pad)
                body[0] = body[0][len(pad):]
                lines.append(head + body[0])
                lines.extend(body[1:])
            else:
                lines.append(head)
    pad = "    " if heading else "  " * max(0, node.depth - 1) + "    "
    mark = "» "
    for n, example in enumerate(node.examples):
        shifted = [(a + len(mark), b + len(mark)) for a, b in spans.get(f"example:{n}", [])]
        lines.append(_marked(f"{mark}{example}", shifted, indent=pad, subsequent=pad + "  "))
    for note in node_notes(node, m):
        lines.append(wrap(f"{m('rule.note')}: {note}", indent=pad, subsequent=pad + "  "))
    return lines


def card_mentions(book: Rulebook, node: Node) -> list[dict]:
    """Card names in the rule's text and examples (the game's card pool, if it has one)."""
    if book.meta.id != "cyberpunk-tcg":
        return []
    from ..datacache import cached, is_shipped
    if is_shipped(book):            # every rule's mentions, found once per data version
        table = cached(f"cards:mentions:{book.meta.id}",
                       lambda: {n.id: _find_cards(n) for n in book}, group="rule-cards")
        return [dict(m) for m in table.get(node.id, [])]
    return _find_cards(node)


def _find_cards(node: Node) -> list[dict]:
    from ..cards.matching import find
    from ..cards.pool import card_names
    names = card_names()              # names only: the full pool load is not needed here
    fields = [("text", node.text)] + [(f"example:{i}", ex) for i, ex in enumerate(node.examples)]
    return [dict(m.to_dict(), field=name, names=[c.display for c in m.cards])
            for name, text in fields for m in find(text, names)]


def card_lines(book: Rulebook, nodes: list[Node], m) -> list[str]:
    names = list(dict.fromkeys(s for n in nodes for c in card_mentions(book, n) for s in c["names"]))
    if not names:
        return []
    return [wrap(style(f"{m('rule.cards')}: ", dim=True) + ", ".join(names) + " (judge card …)", subsequent="  ")]


def english_for(book: Rulebook):
    """The imported official English (None when never imported or not this game)."""
    from ..official_import import load_imported
    return load_imported() if book.meta.id == "cyberpunk-tcg" else None


def add_english(data: dict, english, book: Rulebook) -> None:
    """`english` (and `english_version`, `official_changed`) on a rule's JSON and its sub-rules."""
    for item in [data, *data.get("subrules", [])]:
        item["english"] = english.body(item["id"]) if english else None
        item["official_changed"] = english.changed(item["id"]) if english else None
    data["english_version"] = english.updated_at if english else None


def backlink_lines(node: Node, links, m=None) -> list[str]:
    """Backlinks: the rules citing this one, and the glossary entries naming it."""
    m = m or ui()
    lines = []
    citing = links.rules_citing(node.id)
    if citing:
        lines.append(wrap(style(f"{m('rule.cited_by')}: ", dim=True) + ", ".join(citing), subsequent="  "))
    names = links.term_names(node.id)
    if names:
        lines.append(wrap(style(f"{m('rule.in_glossary')}: ", dim=True) + ", ".join(names), subsequent="  "))
    return lines


def linked_json(book: Rulebook, node: Node, links) -> dict:
    """node_json plus `links` (term and rule-number spans into `text` / `examples[N]`) and
    `cited_by` (backlinks: citing rule ids, then "glossary:<slug>" entries)."""
    data = node_json(book, node)
    m = ui(None, book)
    data["notes"] = node_notes(node, m)
    data["links"] = [link.to_dict() for link in links.links(node.id)]
    data["cited_by"] = links.cited_by(node.id)
    data["cards"] = card_mentions(book, node)
    return data




def rule_command(game: str, rule_id: str, **options: bool) -> str:
    """`judge [--game GAME] rule RULE_ID [options]`: what the click command and the fast
    path both print (options: only, cite, url, en, as_json)."""
    return rule_text(book_for(game), rule_id, **options)


def rule_text(book: Rulebook, rule_id: str, *, only: bool = False, cite: bool = False,
              url: bool = False, en: bool = False, as_json: bool = False) -> str:
    """What `judge rule RULE_ID [options]` prints. An official number the Turkish text
    does not include is named as such (official_view); an unknown one ends in `fail`."""
    try:
        node = book.resolve(rule_id)
    except UnknownRule as exc:
        from ..official import for_book
        from ..rulebook import normalize_id
        numbering = for_book(book)
        number = normalize_id(rule_id)
        if numbering is None or not numbering.exists(number):
            fail(unknown_rule(exc, ui(None, book)))
        from .official_view import missing_text
        return missing_text(book, numbering, number, cite=cite, url=url, en=en, as_json=as_json)
    subtree = [] if only else book.descendants(node.id)
    link = official_url(book, node.id)
    if (cite or url) and not as_json:          # with --json the object carries "citation"
        line = citation(book, node) if cite else (link or "")
        if cite and url and link:
            line += f" ({link})"
        return line or citation(book, node)
    links = get_links(book)
    english = english_for(book) if en else None
    if as_json:
        data = linked_json(book, node, links)
        if not only:
            data["subrules"] = [linked_json(book, n, links) for n in subtree]
        if en:
            add_english(data, english, book)
        return json_text(data)
    m = ui(None, book)
    out = render_node(node, heading=True, prefix=book.meta.cite_prefix, links=links, m=m,
                      crumbs=crumbs_of(book, node, m))
    for child in subtree:
        out.extend(render_node(child, heading=False, links=links, m=m))
    if node.refs:
        out.append(style(f"{m('rule.see')}: ", dim=True) + ", ".join(node.refs))
    out.extend(backlink_lines(node, links, m))
    out.extend(card_lines(book, [node, *subtree], m))
    if link:
        from .official_view import link_lines
        out.extend(link_lines(m("official.link"), link))
    if en:
        from .official_view import english_lines
        out.extend(english_lines(english, [node.id, *(n.id for n in subtree)], book, m))
    return "\n".join(out)
