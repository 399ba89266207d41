"""The static HTML rules site: `judge site build --out DIR`.

Pure functions first: `collect()` gathers the rulebook, glossary, links and worked-example
scenarios (each optional part degrades to "not there yet"), `render_site()` turns them into
a mapping {relative path: bytes} and `write_site()` puts that mapping into a folder it owns.

Templates, CSS and the hand-written JavaScript live in the top-level `site/` folder
(`judge_tool/_data/site` in the wheel). Every text comes from the data and is escaped by
jinja2's autoescape; this module holds no rule text.

The site works from `file://`: the search index is a plain script (`assets/search-data.js`,
assigned to a global), never fetched. Its folding tables and suffix lists are emitted from
`judge_tool.turkish` and the search analysis, so the browser folds and stems exactly as the
CLI does.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Iterable, Mapping

from markupsafe import Markup, escape

from . import turkish
from .safepath import PathProblem, confined_target, is_dangerous_out, printable, write_inside
from .resources import data_path
from .i18n import Messages, choose, editorial_notes, language_name, messages

MANIFEST = ".judge-site.json"
GENERATOR = "judge_tool site"

INDEX_PAGE = "index.html"
GLOSSARY_PAGE = "sozluk.html"
SCENARIO_PAGE = "senaryolar.html"
PRINT_PAGE = "yazdir.html"
HELP_PAGE = "yardim.html"
QUICKREF_PAGE = "hizli-basvuru.html"
SEARCH_DATA = "assets/search-data.js"
OFFLINE_FILES = ("manifest.webmanifest", "sw.js", "assets/icon.svg")


class SiteError(Exception):
    """A one-line, user-facing problem (the CLI prints it and exits non-zero)."""


# --- inputs -----------------------------------------------------------------------

@dataclass(frozen=True)
class Link:
    """One link inside a rule's text or example (the contract of judge_tool.linking)."""

    term: str | None     # glossary slug for a term link
    start: int
    end: int
    target: str | None   # rule id
    field: str           # "text" or "example:N"
    kind: str            # "term" or "rule"


@dataclass(frozen=True)
class TermView:
    """What the glossary page shows of a term."""

    slug: str
    term: str
    english: tuple[str, ...]
    kind: str
    aliases: tuple[str, ...]
    definition: str
    rule: str
    related: tuple[str, ...]    # related rule ids
    kind_label: str = ""

    @property
    def english_shown(self) -> tuple[str, ...]:
        """English names worth showing: not a repeat of the Turkish term."""
        own = turkish.fold(self.term)
        return tuple(e for e in self.english if turkish.fold(e) != own)

    @property
    def short(self) -> str:
        """The first sentence of the definition, for the hover/tap card."""
        text = " ".join(self.definition.split())
        sentences = turkish.split_sentences(text) if text else []
        first = sentences[0] if sentences else text
        return first if len(first) <= 240 else first[:237].rstrip() + "…"


@dataclass(frozen=True)
class StepView:
    """One step of a scenario's trace on the site."""

    rule: str
    text: str


@dataclass(frozen=True)
class CheckView:
    """One checked expectation on the site."""

    text: str
    passed: bool


@dataclass(frozen=True)
class RunView:
    """One run of a scenario on the site."""

    rolls: str
    summary: str
    passed: bool


@dataclass(frozen=True)
class ScenarioView:
    """A scenario as the site shows it."""

    file: str
    title: str
    question: str
    passed: bool
    error: str
    refs: tuple[str, ...]
    checks: tuple[CheckView, ...]
    trace: tuple[StepView, ...]
    runs: tuple[RunView, ...] = ()
    answer: str = ""            # the ruling in one line, from the engine's checked outcome

    @property
    def anchor(self) -> str:
        """A stable anchor made from the scenario's file name (not its position)."""
        return "sc-" + re.sub(r"[^a-z0-9-]+", "-", Path(self.file).stem.lower()).strip("-")


@dataclass
class SiteInput:
    """Everything the site is built from."""

    book: Any
    terms: list[TermView] = field(default_factory=list)
    links: dict[str, list[Link]] = field(default_factory=dict)   # rule id -> links
    cited_by: dict[str, list[str]] = field(default_factory=dict)  # rule id -> citing rule ids
    term_refs: dict[str, list[str]] = field(default_factory=dict) # rule id -> glossary slugs it defines
    scenarios: list[ScenarioView] | None = None                   # None: page skipped
    notes: list[str] = field(default_factory=list)               # what was left out and why
    head_words: dict[str, str] = field(default_factory=dict)      # a lone word naming a term


def _as_tuple(value: Any) -> tuple[str, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value if v)


def term_view(term: Any) -> TermView:
    return TermView(
        slug=str(getattr(term, "slug", "") or ""),
        term=str(getattr(term, "term", "") or ""),
        english=_as_tuple(getattr(term, "english", None)),
        kind=str(getattr(term, "kind", "") or ""),
        aliases=_as_tuple(getattr(term, "aliases", None)),
        definition=str(getattr(term, "definition", "") or ""),
        rule=str(getattr(term, "rule", "") or ""),
        related=_as_tuple(getattr(term, "related", None)),
        kind_label=str(getattr(term, "kind_label", "") or getattr(term, "kind", "") or ""),
    )


def _link_view(link: Any) -> Link:
    return Link(
        term=getattr(link, "term", None) or None,
        start=int(getattr(link, "start")),
        end=int(getattr(link, "end")),
        target=getattr(link, "target", None) or None,
        field=str(getattr(link, "field", "text") or "text"),
        kind=str(getattr(link, "kind", "") or ("term" if getattr(link, "term", None) else "rule")),
    )


def _links_of(index: Any, rule_id: str) -> list[Any]:
    """Per-node links from a LinkIndex, whatever accessor it grew."""
    for name in ("links", "links_for", "for_node"):
        fn = getattr(index, name, None)
        if callable(fn):
            try:
                found = fn(rule_id)
            except (KeyError, LookupError):
                found = None
            return list(found or [])
    for name in ("links", "by_node", "nodes"):
        mapping = getattr(index, name, None)
        if isinstance(mapping, Mapping):
            return list(mapping.get(rule_id, ()) or [])
    return []


def fallback_links(book: Any) -> dict[str, list[Link]]:
    """Rule-number links found with the rulebook's own reference markers ("bkz. 11.3"),
    used while judge_tool.linking is not available."""
    markers = tuple(getattr(book.meta, "ref_markers", ()) or ())
    if not markers:
        return {}
    alt = "|".join(re.escape(m) for m in markers)
    pattern = re.compile(rf"(?:{alt})\s*(\d+(?:\.(?:\d+|[a-z]))+)\b")
    out: dict[str, list[Link]] = {}
    for node in book:
        fields = [("text", node.text)] + [(f"example:{i}", ex) for i, ex in enumerate(node.examples)]
        for name, text in fields:
            for m in pattern.finditer(text):
                if m.group(1) in book:
                    out.setdefault(node.id, []).append(
                        Link(None, m.start(1), m.end(1), m.group(1), name, "rule"))
    return out


def reverse_refs(book: Any, links: Mapping[str, list[Link]]) -> dict[str, list[str]]:
    """rule id -> the rules that cite it (metadata `see`, numbers in the text, rule links)."""
    cited: dict[str, set[str]] = defaultdict(set)
    for node in book:
        for ref in node.refs:
            if ref != node.id:
                cited[ref].add(node.id)
        for link in links.get(node.id, ()):
            if link.kind == "rule" and link.target and link.target != node.id:
                cited[link.target].add(node.id)
    order = {n.id: i for i, n in enumerate(book)}
    return {rid: sorted(ids, key=lambda i: order.get(i, 0)) for rid, ids in cited.items()}


def _fmt_value(value: Any, m: Messages | None = None) -> str:
    m = m or messages("tr")
    if isinstance(value, str):
        return m("scenario.none") if value in ("null", "none") else value
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_fmt_value(v, m)}" for k, v in value.items()) if value else m("scenario.none")
    if isinstance(value, (list, tuple)):
        return ", ".join(_fmt_value(v, m) for v in value) if value else m("scenario.none")
    if value is None:
        return m("scenario.none")
    if isinstance(value, bool):
        return m("scenario.yes") if value else m("scenario.no")
    return json.dumps(value, ensure_ascii=False)


def check_sentence(key: str, value: Any, m: Messages) -> str:
    """One checked outcome as a sentence ("stolen = 2" -> "Çalınan Gig: 2"); the words
    come from the catalogue (scenario.*), so no raw `legal = hayır` reaches the reader."""
    if key == "legal" and isinstance(value, bool):
        return m("scenario.legal_true" if value else "scenario.legal_false")
    def label(name: str) -> str:
        return m.get(f"scenario.key.{name}", "").split(":")[0].strip() or name.replace("_", " ")

    item = re.fullmatch(r"(\w+)\[(\d+)\]\.([\w.]+)", key)       # attacks[0].stolen
    if item:
        return f"{label(item[1])} {int(item[2]) + 1} · {check_sentence(item[3], value, m)}"
    player, _, field_name = key.partition(".")
    if field_name and player not in ("A", "B"):                   # street_cred.B
        return f"{label(player)} {field_name}: {_fmt_value(value, m)}"
    if field_name and player in ("A", "B"):
        label = m.get(f"scenario.field.{field_name}", field_name.replace("_", " "))
        return m("scenario.player", player=player, what=label, value=_fmt_value(value, m))
    label = m.get(f"scenario.key.{key}", "")
    if label:
        return label.format(value=_fmt_value(value, m))
    return f"{key.replace('_', ' ')}: {_fmt_value(value, m)}"


# the outcomes that answer the question, in the order a judge wants them
_ANSWER_KEYS = ("legal", "illegal_rule", "stolen", "winner", "loser", "defeated", "fight", "power",
                "street_cred", "resolved")


def ruling_answer(expect: list[tuple[str, Any]], m: Messages) -> str:
    """The answer in one line: the first two outcomes that answer a question, as checked."""
    found = dict(expect)
    picked = [check_sentence(k, found[k], m) for k in _ANSWER_KEYS if k in found][:2]
    if not picked:
        picked = [check_sentence(k, v, m) for k, v in expect if k != "cites"][:2]
    return "; ".join(picked)


def scenario_view(data: Mapping[str, Any], refs: Iterable[str] = (), m: Messages | None = None) -> ScenarioView:
    """A view of one `judge check --json` entry (ScenarioResult.to_dict()), written as a
    ruling: the question, the answer in one line, the steps with their rules."""
    m = m or messages("tr")
    checks = []
    passed_expect: list[tuple[str, Any]] = []
    for c in data.get("expectations", []) or []:
        if isinstance(c, Mapping):
            passed = bool(c.get("passed", False))
            key = str(c.get("key", ""))
            text = check_sentence(key, c.get("expected"), m)
            if not passed:
                text += " " + m("scenario.got", value=_fmt_value(c.get("actual"), m))
            else:
                passed_expect.append((key, c.get("expected")))
            checks.append(CheckView(text, passed))
        else:
            checks.append(CheckView(str(c), True))
    trace = []
    for step in data.get("trace", []) or []:
        if isinstance(step, Mapping):
            trace.append(StepView(str(step.get("rule", "")), str(step.get("text", ""))))
        else:
            trace.append(StepView(str(getattr(step, "rule", "")), str(getattr(step, "text", ""))))
    runs = []
    for run in data.get("runs", []) or []:
        rolls = ", ".join(str(v) for v in (run.get("rolls") or {}).values())
        outcome = run.get("outcome") or {}
        summary = "; ".join(check_sentence(str(k), v, m) for k, v in outcome.items())
        runs.append(RunView(rolls, summary, bool(run.get("passed", False))))
    return ScenarioView(
        file=Path(str(data.get("file", "") or "")).name,
        title=str(data.get("title") or data.get("file") or ""),
        question=str(data.get("question", "") or ""),
        passed=bool(data.get("passed", False)),
        error=str(data.get("error", "") or ""),
        refs=tuple(str(r) for r in refs),
        checks=tuple(checks), trace=tuple(trace), runs=tuple(runs),
        answer=ruling_answer(passed_expect, m),
    )


def load_scenarios(book: Any, notes: list[str], m: Messages | None = None) -> list[ScenarioView] | None:
    """Run the shipped worked-example scenarios on the rules engine, as `judge check --all`
    does. None (page left out) when the engine is not there or does not model this game."""
    if not getattr(book.meta, "scenarios", False):
        return None
    try:
        from .engine.scenario import load_scenario, run_scenario, shipped_scenarios
    except ImportError:
        notes.append("scenarios page left out: the rules engine is not available")
        return None
    try:
        paths = list(shipped_scenarios())
    except FileNotFoundError:
        notes.append("scenarios page left out: no scenarios are shipped")
        return None
    views = []
    for path in paths:
        try:
            scn = load_scenario(path, book.__contains__)
            result = run_scenario(scn)
            data = result.to_dict()
            data["file"] = str(path)
            views.append(scenario_view(data, getattr(scn, "refs", ()), m))
        except Exception as exc:   # an invalid file is shown as such, never stops the site
            views.append(scenario_view({"file": str(path), "title": Path(path).name, "passed": False,
                                        "error": f"{type(exc).__name__}: {exc}"}))
    return views


def collect(game: str | None = None) -> SiteInput:
    """Everything the site shows, from the installed data. Only the rulebook is required."""
    from .rulebook import DEFAULT_GAME, load_rulebook

    book = load_rulebook(game or DEFAULT_GAME)
    notes: list[str] = []
    glossary = None
    try:
        from .glossary import load_glossary
    except ImportError:
        notes.append("glossary left out: judge_tool.glossary is not available")
    else:
        glossary = load_glossary(book.meta.id)
    terms = [t for t in (term_view(t) for t in (getattr(glossary, "terms", None) or ())) if t.slug]
    link_index = None
    if glossary is not None and terms:
        try:
            from .linking import link_rulebook
        except ImportError:
            notes.append("keyword links left out: judge_tool.linking is not available")
        else:
            link_index = link_rulebook(book, glossary)
    if link_index is not None:
        links = {n.id: [_link_view(l) for l in _links_of(link_index, n.id)] for n in book}
        links = {k: v for k, v in links.items() if v}
    else:
        links = fallback_links(book)
    from .cardsite import card_links
    for rule_id, extra in card_links(book, Link).items():
        links.setdefault(rule_id, []).extend(extra)
    inp = SiteInput(book=book, terms=terms, links=links, notes=notes,
                    head_words=dict(getattr(glossary, "head_words", None) or {}))
    inp.cited_by = reverse_refs(book, links)
    for t in terms:                     # a rule shows the glossary entries it defines
        if t.rule in book:
            inp.term_refs.setdefault(t.rule, []).append(t.slug)
    inp.scenarios = load_scenarios(book, notes, ui_messages(book))
    return inp


def ui_messages(book: Any, lang: str | None = None) -> Messages:
    """The interface strings of a rulebook's pages: its own language (judge_tool.i18n),
    or `lang` when the builder asked for one."""
    return messages(choose(getattr(book.meta, "language", None), lang))


# --- URLs and text ----------------------------------------------------------------

def chapter_file(chapter: str) -> str:
    return f"bolum-{chapter}.html"


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule, derived from its number: 9.23.2.2 -> r9.23.2.2."""
    return f"r{rule_id}"


def term_anchor(slug: str) -> str:
    return f"t-{slug}"


@dataclass(frozen=True)
class PageCtx:
    """Where a page is, so links can be made relative to it."""

    name: str
    chapter: str | None = None
    single: bool = False       # the printable page holds every rule and term itself
    m: Any = None              # the page's Messages (notes and labels in its language)

    def rule_url(self, rule_id: str) -> str:
        chapter = rule_id.split(".", 1)[0]
        if self.single or chapter == self.chapter:
            return f"#{rule_anchor(rule_id)}"
        return f"{chapter_file(chapter)}#{rule_anchor(rule_id)}"

    def term_url(self, slug: str) -> str:
        if self.single or self.name == GLOSSARY_PAGE:
            return f"#{term_anchor(slug)}"
        return f"{GLOSSARY_PAGE}#{term_anchor(slug)}"


def render_linked(text: str, links: Iterable[Link], page: PageCtx, known_terms: Mapping[str, TermView],
                  used: set[str] | None = None, seen: set[str] | None = None) -> Markup:
    """Escape `text` and wrap the linked spans: terms to the glossary, numbers to rules.
    A term is linked at its first mention only (`seen` carries the slugs already linked
    in this rule), so a paragraph is not a wall of underlines."""
    out: list[str] = []
    pos = 0
    for link in sorted(links, key=lambda l: (l.start, -l.end)):
        if link.start < pos or link.end > len(text) or link.end <= link.start:
            continue                      # overlapping or out of range: keep the text plain
        href = None
        attrs = ""
        if link.kind == "term" and link.term and link.term in known_terms:
            if seen is not None:
                if link.term in seen:
                    continue
                seen.add(link.term)
            href = page.term_url(link.term)
            attrs = f' class="term" data-t="{escape(link.term)}"'
            if used is not None:
                used.add(link.term)
        elif link.kind == "card" and link.target:
            href = link.target                # a card page (cardsite.py), same folder
            attrs = ' class="card-ref"'
        elif link.target:
            href = page.rule_url(link.target)
            attrs = ' class="ref"'
        if href is None:
            continue
        out.append(str(escape(text[pos:link.start])))
        out.append(f'<a href="{escape(href)}"{attrs}>{escape(text[link.start:link.end])}</a>')
        pos = link.end
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))


# --- the rulebook as page parts ------------------------------------------------------

@dataclass
class RuleView:
    """A rule as a page shows it."""

    node: Any
    anchor: str
    depth: int
    heading: int | None         # h3/h4 for titled nodes, None for plain rules
    text: Markup                # the text before a numbered list inside the rule (all of it)
    examples: list[Markup]
    see: list[str]              # refs not already linked in the text
    cited_by: list[str]
    terms: list[TermView]       # glossary entries this rule defines
    items: list[Markup] = field(default_factory=list)   # the numbered list inside the rule
    notes: list[dict] = field(default_factory=list)     # {label, text, lang}


@dataclass
class Section:
    """A section of a chapter page."""

    title: str
    anchor: str
    rules: list[RuleView]


def _field_links(links: list[Link], name: str) -> list[Link]:
    return [l for l in links if l.field == name]


def rule_view(node: Any, inp: SiteInput, page: PageCtx, known: Mapping[str, TermView],
              used: set[str]) -> RuleView:
    links = inp.links.get(node.id, [])
    linked_targets = {l.target for l in links if l.kind == "rule"}
    used.update(s for s in inp.term_refs.get(node.id, []) if s in known)
    seen: set[str] = set()
    heading = None
    if node.title and not node.is_chapter:
        heading = 3 if node.depth <= 1 else 4
    text_links = _field_links(links, "text")
    lead = getattr(node, "lead", node.text)
    items: list[Markup] = []
    offset = len(lead) + 1
    for item in getattr(node, "items", ()):
        own = [Link(l.term, l.start - offset, l.end - offset, l.target, l.field, l.kind)
               for l in text_links if l.start >= offset and l.end <= offset + len(item)]
        items.append(render_linked(item, own, page, known, used, seen))
        offset += len(item) + 1
    m = page.m or messages("tr")
    # editorial facts in the page's language; "title-added" is the badge beside the title
    notes = [{"label": m("rule.note"), "text": n, "lang": m.lang}
             for n in editorial_notes(node, m, skip=("title-added",), note=False)]
    if node.note:     # free text of the editor, written in the project's language
        notes.append({"label": m("rule.note"), "text": node.note, "lang": "tr"})
    return RuleView(
        node=node, anchor=rule_anchor(node.id), depth=node.depth, heading=heading,
        text=render_linked(lead, [l for l in text_links if l.end <= len(lead)], page, known, used, seen),
        items=items, notes=notes,
        examples=[render_linked(ex, _field_links(links, f"example:{i}"), page, known, used, seen)
                  for i, ex in enumerate(node.examples)],
        see=[r for r in node.refs if r not in linked_targets],
        cited_by=list(inp.cited_by.get(node.id, [])),
        terms=[known[s] for s in inp.term_refs.get(node.id, []) if s in known],
    )


def section_groups(book: Any, chapter: Any) -> list[tuple[str, str, list[Any]]]:
    """A chapter's nodes grouped by their unnumbered section: (title, anchor, nodes)."""
    groups: list[tuple[str, str, list[Any]]] = []
    for node in book.descendants(chapter.id):
        if not groups or node.section != groups[-1][0]:
            # the anchor is made from the id of the section's first rule: stable when
            # rules are added elsewhere (a counter shifted with every new section)
            groups.append((node.section, f"s{node.id}", []))
        groups[-1][2].append(node)
    return groups


def chapter_sections(book: Any, chapter: Any, inp: SiteInput, page: PageCtx,
                     known: Mapping[str, TermView], used: set[str]) -> list[Section]:
    sections = [Section(title, anchor, [rule_view(n, inp, page, known, used) for n in nodes])
                for title, anchor, nodes in section_groups(book, chapter)]
    # heading levels never skip one (h2 -> h4 confuses a screen reader's outline): a titled
    # rule is at most one level below the heading before it (chapter h1, section h2)
    last = 1
    for sec in sections:
        if sec.title:
            last = 2
        for r in sec.rules:
            if r.heading:
                r.heading = min(r.heading, last + 1)
                last = r.heading
    return sections


def toc_entries(book: Any) -> list[dict]:
    """Chapters with their sections and titled rules, for the home page."""
    chapters = []
    for chapter in book.chapters:
        groups = section_groups(book, chapter)
        chapters.append({
            "node": chapter, "file": chapter_file(chapter.id),
            "sections": [{"title": t, "anchor": a, "rules": [n for n in nodes if n.title]}
                         for t, a, nodes in groups],
            "count": sum(len(nodes) for _, _, nodes in groups),
        })
    return chapters


# --- search data -----------------------------------------------------------------------
#
# The browser ranks like `judge search` (site/static/search.js mirrors query.build and
# Engine._text_search): the same documents and term streams (search.index.documents /
# doc_fields), BM25 with whoosh's idf, the clause list and weights read from query.build
# itself, the glossary names, the English lexicon and the Turkish suffix grammar of
# turkish.py for name matching. What the browser adds: completion of the word being typed,
# and a DisMax that takes the best clause of the same document (whoosh-reloaded 2.7.5's
# DisjunctionMaxMatcher can take a score from another document's posting).

# The forms of a query word a clause can use; "pre:N" is the word's first N letters.
_FORM_ORDER = ("key", "stem", "pre", "en") + tuple(f"pre:{n}" for n in range(1, 9))
_PROBE_WORDS = ("oyuncularin", "saldirilarda", "blockers", "attacking", "kartlarindan")


class _EveryTermTables:
    """Stand-in index tables that hold every term, so query.build shows all its clauses."""

    count = 100

    def doc_frequency(self, fieldname: str, text: str) -> int:
        return 1


class _EveryTermScorer:
    tables = _EveryTermTables()

    def expand(self, clause: Any) -> list[str]:
        return []


def _forms_of(key: str, analysis: Any, english_stem) -> dict[str, str]:
    forms = {"key": key, "stem": analysis.stem(key), "pre": analysis.prefix(key), "en": english_stem(key)}
    forms.update({f"pre:{n}": key[:n] for n in range(1, 9)})
    return forms


def query_clauses(analysis: Any) -> list[dict]:
    """The per-word clauses of `judge search` as (field, form, weight), read from
    query.build itself, so the browser follows the CLI when its weights or fields change."""
    from .search import query as qmod
    from .search.index import english_stem
    from .search.score import DisMax, Term

    found: dict[str, tuple[float, set[str]]] = {}
    for word in _PROBE_WORDS:
        clauses, _plan = qmod.build(word, _EveryTermScorer(), analysis, [])
        dismax = next((c for c in clauses or () if isinstance(c, DisMax)), None)
        if dismax is None:
            continue
        key = analysis.keys(word)[0]
        forms = _forms_of(key, analysis, english_stem)
        for sub in dismax.clauses:
            if not isinstance(sub, Term):
                continue
            matching = {name for name, value in forms.items() if value == sub.text}
            weight, seen = found.get(sub.field, (float(sub.boost), set(_FORM_ORDER)))
            found[sub.field] = (weight, seen & matching)
    weak = set(getattr(qmod, "WEAK_FIELDS", ()))
    clauses = []
    for fieldname, (weight, forms) in found.items():
        if fieldname in ("en", "english") and "en" in forms:
            form = "en"
        else:
            form = next((f for f in _FORM_ORDER if f in forms), None)
        if form is None:
            continue            # a clause the browser cannot reproduce: left out
        clauses.append({"field": fieldname, "form": form, "w": weight, "weak": fieldname in weak})
    return clauses


class _GlossaryLike:
    """The glossary as the search index sees it (terms and the words that name one alone)."""

    def __init__(self, terms: list[TermView], head_words: Mapping[str, str] | None = None) -> None:
        self.terms = terms
        self.head_words = dict(head_words or {})


def _analyzer_spec(analysis: Any) -> dict:
    """What search.js needs to analyse text exactly like judge_tool.search.analysis: the
    folding tables of turkish.py and the suffix stripper's tables."""
    from .search import analysis as amod

    turkish_like = isinstance(analysis, amod.TurkishAnalysis)
    suffixes = getattr(turkish, "SEARCH_SUFFIXES", None) or getattr(amod, "_TR_SUFFIXES", ())
    keep = getattr(turkish, "SEARCH_KEEP", None) or getattr(amod, "_TR_KEEP", ())
    min_stem = getattr(turkish, "SEARCH_MIN_STEM", None) or getattr(analysis, "min_stem", 3)
    return {
        "lower": turkish.TR_LOWER, "ascii": turkish.ASCII_FOLD, "punct": turkish.PUNCT_FOLD,
        "kind": "tr-suffix" if turkish_like else "table",
        "fold": "turkish" if turkish_like else "generic",
        "table": dict(getattr(analysis, "fold_table", {}) or {}),
        "after": [list(p) for p in getattr(analysis, "fold_after", ()) or ()],
        "elisions": list(getattr(analysis, "elisions", ()) or ()),
        "version": getattr(analysis, "version", ""),
        "prefixLen": int(analysis.prefix_len),
        "minStem": int(min_stem),
        "suffixes": list(suffixes) if turkish_like else [],
        "keep": sorted(keep) if turkish_like else [],
        "stop": sorted(analysis.stopwords),
        "queryStop": sorted(analysis.query_stopwords),
    }


def _derive(form: str, key: str, analysis: Any) -> str:
    if form == "stem":
        return analysis.stem(key)
    if form == "pre":
        return analysis.prefix(key)
    return key[: int(form.split(":", 1)[1])]


def _field_postings(field: str, streams: list[dict[str, list[str]]], analysis: Any) -> dict:
    """One field for search.js. A field that is word-for-word a function of another
    (stem/prefix of `exact`, stem of `head`) is sent as that recipe and rebuilt in the
    browser with the same analysis; the others as {term: [doc, doc, -tf, ...]} (a negative
    number is the term frequency of the doc before it, when above 1), plus the lengths."""
    for base in ("exact", "head"):
        if base == field:
            break
        for form in ("stem", "pre", "pre:4", "pre:3", "pre:6"):
            if all(len(s.get(field, ())) == len(s.get(base, ())) and
                   s.get(field, []) == [_derive(form, k, analysis) for k in s.get(base, [])]
                   for s in streams):
                return {"from": base, "form": form}
    per_term: dict[str, dict[int, int]] = defaultdict(dict)
    for d, s in enumerate(streams):
        for t in s.get(field, ()):
            per_term[t][d] = per_term[t].get(d, 0) + 1
    post: dict[str, list[int]] = {}
    for t in sorted(per_term):
        flat: list[int] = []
        for d, tf in sorted(per_term[t].items()):
            flat.append(d)
            if tf > 1:
                flat.append(-tf)
        post[t] = flat
    return {"post": post, "len": [len(s.get(field, ())) for s in streams]}


def search_data(inp: SiteInput, m: Messages | None = None) -> dict:
    """The browser's index (see the comment above): documents to show, analysis tables,
    per-field postings and the glossary names."""
    from .search import BM25_B, BM25_K1
    from .search import query as qmod
    from .search.analysis import analysis_for
    from .search.index import doc_fields, documents, english_stem
    from .rulebook import citation_words

    book = inp.book
    analysis = analysis_for(getattr(book.meta, "language", "") or "")
    glossary = _GlossaryLike(inp.terms, inp.head_words) if inp.terms else None
    docs = documents(book, glossary)
    n_docs = len(docs)
    clauses = query_clauses(analysis)
    index_fields = {c["field"] for c in clauses} | {"exact", "stem", "head", "head_stem"}

    streams: list[dict[str, list[str]]] = []
    for doc in docs:
        fields = doc_fields(doc, analysis)
        streams.append({f: fields[f].split() for f in index_fields if fields.get(f)})
    used_fields = sorted(f for f in index_fields if any(f in s for s in streams))
    fields_out = {f: _field_postings(f, streams, analysis) for f in used_fields}
    spec = _analyzer_spec(analysis)
    if spec["kind"] == "table":       # a stemmer search.js does not have: the vocabulary's stems
        vocab = {k for s in streams for f in ("exact", "head") for k in s.get(f, ())}
        spec["stems"] = {k: analysis.stem(k) for k in sorted(vocab) if analysis.stem(k) != k}

    # glossary names (query.NameIndex), the English lexicon and the synonyms, as the CLI
    # has them; each part is left out if the CLI's internals moved (search still works)
    names: list[list] = []
    heads: dict[str, str] = {}
    if glossary is not None:
        try:
            found = qmod.glossary_names(glossary, analysis)
            for n in getattr(found, "names", found):
                words = getattr(n, "words", None) or getattr(n, "stems")
                names.append([list(words), n.slug, n.rule, list(n.turkish)])
            heads = dict(sorted(getattr(found, "heads", {}).items()))
        except Exception:
            names, heads = [], {}
    en_analysis = analysis_for("en")
    en_rules = type(en_analysis).__name__ == "EnglishAnalysis"
    en_stems: dict[str, str] = {}
    if not en_rules:       # another English stemmer: its stems of the names' words
        for n in names:
            for w in n[0]:
                en_stems[w] = english_stem(w)
    lexicon: dict[str, list[str]] = {}
    synonyms: dict[str, list[str]] = {}
    try:
        from .search.lexicon import LEXICONS, SYNONYMS
        for phrase, tr in LEXICONS.get(analysis.language, {}).items():
            tr_keys = [k for k in analysis.keys(tr) if not analysis.is_query_stopword(k)]
            lexicon[" ".join(analysis.keys(phrase))] = tr_keys
        for stem, tr in SYNONYMS.get(analysis.language, {}).items():
            synonyms[stem] = analysis.keys(tr)
    except ImportError:
        pass
    grammar = None
    if analysis.language == "tr" and hasattr(turkish, "suffix_chains"):
        grammar = {
            "chainsV": sorted(turkish.suffix_chains(True)),
            "chainsC": sorted(turkish.suffix_chains(False)),
            "arch": {chr(k): v for k, v in getattr(turkish, "_ARCH_OF", {}).items()},
            "harden": {soft: hards[0] for soft, hards in getattr(turkish, "_HARDEN_ASCII", {}).items()},
        }

    shown = []
    added = {n.title for n in book if getattr(n, "title_added", False) and n.title}
    mark = (m or ui_messages(book))("rule.editor_title")
    for doc in docs:
        if doc.kind == "term":
            t = next((x for x in inp.terms if f"term:{x.slug}" == doc.doc_id), None)
            shown_en = t.english_shown[:2] if t else ()
            title = (t.term + (f" ({', '.join(shown_en)})" if shown_en else "")) if t else doc.head
            shown.append({"id": doc.doc_id[5:], "k": "term", "t": title, "c": (m or ui_messages(book))("site.glossary"),
                          "h": doc.head, "e": doc.english, "b": doc.body, "x": [], "r": t.rule if t else "",
                          "u": f"{GLOSSARY_PAGE}#{term_anchor(doc.doc_id[5:])}"})
        else:
            node = book.get(doc.doc_id)
            crumbs = [f"{c} ({mark})" if c in added else c for c in node.path]   # editor titles marked
            shown.append({"id": node.id, "k": "rule", "t": node.label, "c": " › ".join(crumbs),
                          "h": node.title, "b": node.text or node.title, "x": list(node.examples), "r": node.id,
                          "hd": 0 if node.text else 1,
                          "u": f"{chapter_file(node.chapter)}#{rule_anchor(node.id)}"})
    return {
        "version": 2,
        "n": n_docs,
        "analysis": spec,
        "query": {
            "clauses": [c for c in clauses if c["field"] in fields_out],
            "expandFields": [["exact", "key", qmod.W_EXACT], ["stem", "stem", qmod.W_STEM],
                             ["head", "key", qmod.W_HEAD], ["head_stem", "stem", qmod.W_HEAD_STEM]],
            "fuzzy": qmod.W_FUZZY, "expand": qmod.W_EXPAND,
            "phrase": qmod.W_PHRASE, "quoted": getattr(qmod, "W_QUOTED", qmod.W_PHRASE * 2),
            "coordFloor": qmod.COORD_FLOOR, "definingBonus": qmod.DEFINING_BONUS,
            "subtreeShare": getattr(qmod, "SUBTREE_SHARE", 0.0),
            "termDamp": getattr(qmod, "TERM_DAMP", 1.0),
            "candidates": getattr(qmod, "CANDIDATES", 60),
            "maxWords": qmod.MAX_WORDS, "maxChars": qmod.MAX_CHARS,
            "snippetWords": qmod.SNIPPET_WORDS,
            "useStem": qmod.W_STEM > 0,
            "usePrefix": qmod.W_PRE > 0 or getattr(qmod, "W_PRE4", 0) > 0,
            "complete": 0.5,    # completion of the word being typed, x the exact clause weight
        },
        "docs": shown,
        "bm25": {"k1": BM25_K1, "b": BM25_B},
        "fields": fields_out,
        "names": names,
        "heads": heads,
        "enRules": en_rules,
        # official numbers the Turkish text does not include -> their permalink (issue 12)
        "missing": _official_search_entries(book),
        "enStems": dict(sorted(en_stems.items())),
        "lexicon": lexicon,
        "synonyms": synonyms,
        "grammar": grammar,
        "idWords": [w.lower() for w in citation_words(book.meta)],
    }


def _official_search_entries(book: Any) -> dict[str, str]:
    from .site_official import parts, search_entries
    return search_entries(parts(book))


def search_data_js(data: dict) -> str:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    # "</" cannot close anything in an external script, but keep the file safe to inline
    body = body.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return ("/* Generated by `judge site build` from the rulebook and judge_tool/turkish.py; "
            "do not edit. */\nwindow.JUDGE_SEARCH_DATA = " + body + ";\n")


# --- rendering ----------------------------------------------------------------------

def site_dir() -> Path:
    return data_path("site")


def environment(root: Path | None = None):
    import jinja2

    root = root or site_dir()
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(root / "templates")),
        autoescape=True,                   # every {{ }} is escaped, in every template
        undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
    )
    env.filters["tojson_attr"] = lambda v: json.dumps(v, ensure_ascii=False)
    return env


def _markdown(path: Path) -> Markup:
    import markdown

    if not path.is_file():
        return Markup("")
    return Markup(markdown.markdown(path.read_text(encoding="utf-8"), extensions=["tables"]))


def content_path(root: Path, game_id: str, name: str) -> Path:
    """A page text of our own for one game (site/content/<game>/<name>); the Cyberpunk
    one when a game has none (a judge's own rulebook)."""
    own = root / "content" / game_id / name
    return own if own.is_file() else root / "content" / "cyberpunk-tcg" / name


def short_name(meta: Any) -> str:
    """The game's name for the phone header: `short_name` in rulebook.toml, else the name."""
    import tomllib
    try:
        raw = tomllib.loads((Path(meta.folder) / "rulebook.toml").read_text(encoding="utf-8"))
        return str(raw.get("short_name") or meta.game)
    except (OSError, ValueError, AttributeError):
        return str(meta.game)


def _base_context(inp: SiteInput, extra_nav: Iterable[Mapping[str, str]] = (), m: Messages | None = None,
                  prefix: str = "", base_url: str = "") -> dict:
    """What every page's frame (base.html) needs, in the rulebook's language."""
    meta = inp.book.meta
    m = m or ui_messages(inp.book)
    nav = [
        {"href": INDEX_PAGE, "label": m("site.rules")},
        *([{"href": GLOSSARY_PAGE, "label": m("site.glossary")}] if inp.terms else []),
        *([{"href": SCENARIO_PAGE, "label": m("site.scenarios")}] if inp.scenarios is not None else []),
        *([{"href": "kartlar.html", "label": m("rule.cards")}] if inp.book.meta.id == "cyberpunk-tcg" else []),
        {"href": PRINT_PAGE, "label": m("site.print")},
        *[{"href": item["href"], "label": m(item["key"]) if "key" in item else item["label"]} for item in extra_nav],
    ]
    cite_note = m("rule.project_number") if getattr(meta, "numbering", "official") != "official" else ""
    return {"meta": meta, "nav": nav, "cite_prefix": str(getattr(meta, "cite_prefix", "CR") or ""),
            "cite_note": cite_note, "t": m, "lang": m.lang, "short_name": short_name(meta),
            "chapter_file": chapter_file, "rule_anchor": rule_anchor,
            "term_anchor": term_anchor, "chapters": inp.book.chapters, "side_toc": toc_entries(inp.book),
            "js_strings": m.prefix("site.js."), "base_url": base_url, "prefix": prefix,
            "site_root": "../" * prefix.count("/"), "onpage": []}


def glossary_groups(entries: list[dict], lang: str) -> list[dict]:
    """The glossary index grouped by first letter (the letter as the language writes it:
    Turkish "Ç" and "İ" are letters of their own), for the jump bar."""
    groups: dict[str, list[dict]] = {}
    for e in entries:
        first = e["term"].term[:1]
        letter = turkish.tr_upper(first) if lang == "tr" else first.upper()
        groups.setdefault(letter or "#", []).append(e)
    alphabet = "ABCÇDEFGĞHIİJKLMNOÖPQRSŞTUÜVWXYZ" if lang == "tr" else ""

    def order(letter: str) -> tuple:
        return (0, alphabet.index(letter), "") if letter in alphabet else (1, 0, turkish.fold(letter) + letter)

    return [{"letter": letter, "anchor": f"l-{turkish.fold(letter) or 'x'}{'-' if letter != turkish.fold(letter).upper() else ''}"
             + ("" if letter == turkish.fold(letter).upper() else format(ord(letter), "x")),
             "entries": groups[letter]} for letter in sorted(groups, key=order)]


def quickref_blocks(inp: SiteInput, root: Path) -> list[dict] | None:
    """The one-page quick reference (site/content/<game>/quickref.toml): our block titles,
    the rules' own text and numbers, the glossary's keywords. None when the game has none.
    A rule id the rulebook lacks is a note, never a silent gap."""
    import tomllib

    path = root / "content" / inp.book.meta.id / "quickref.toml"
    if not path.is_file():
        return None
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    blocks = []
    for block in raw.get("block", []):
        rules = []
        for rid in block.get("rules", []):
            node = inp.book.get(rid)
            if node is None:
                inp.notes.append(f"quick reference: rule {rid} is not in the rulebook")
                continue
            rules.append(node)
        kinds = block.get("terms", [])
        terms = sorted((t for t in inp.terms if t.kind in kinds and t.rule in inp.book),
                       key=lambda t: turkish.fold(t.term))
        blocks.append({"title": block.get("title", ""), "rules": rules, "terms": terms})
    return blocks


def onpage_entries(chapter: Any, sections: list[Section]) -> list[dict]:
    """"On this page": the chapter's sections and its titled rules of the first level."""
    out = []
    for s in sections:
        if s.title:
            out.append({"anchor": s.anchor, "label": s.title, "sub": False})
        for r in s.rules:
            if r.node.title and r.depth == 1:
                out.append({"anchor": r.anchor, "label": f"{r.node.id} {r.node.title}", "sub": bool(s.title)})
    if not out:       # no headings at all: the first-level rules, by their first words
        out = [{"anchor": r.anchor, "label": f"{r.node.id} {r.node.label}", "sub": False}
               for s in sections for r in s.rules if r.depth == 1]
    return out


def render_site(inp: SiteInput, root: Path | None = None,
                extra_nav: Iterable[Mapping[str, str]] = (), prefix: str = "",
                base_url: str = "", lang: str | None = None) -> dict[str, bytes]:
    """Every file of the site as {relative path: bytes}. Pure: reads only templates/assets.
    Every interface word comes from the rulebook's language catalogue (judge_tool.i18n)."""
    root = root or site_dir()
    env = environment(root)
    book = inp.book
    meta = book.meta
    m = ui_messages(book, lang)
    known = {t.slug: t for t in inp.terms}
    chapters = book.chapters
    files: dict[str, bytes] = {}
    base = _base_context(inp, extra_nav, m, prefix, base_url)
    # --- official numbering (issue 12; judge_tool/site_official.py) ---
    from .site_official import MISSING_PAGE, parts as official_parts
    official = official_parts(book)
    env.globals["official"] = official
    # --- end official numbering ---

    def page(template: str, name: str, **ctx) -> None:
        html = env.get_template(template).render({**base, **ctx, "page_name": name, "page_path": prefix + name})
        files[name] = html.encode("utf-8")

    def defs_for(used: set[str]) -> dict:
        return {s: {"t": known[s].term, "e": ", ".join(known[s].english_shown), "d": known[s].short}
                for s in sorted(used) if s in known}

    blocks = quickref_blocks(inp, root)
    page("index.html", INDEX_PAGE, title=meta.title, toc=toc_entries(book),
         term_count=len(inp.terms), scenario_count=len(inp.scenarios or []),
         has_scenarios=inp.scenarios is not None, rule_count=len(book), has_quickref=bool(blocks),
         intro=_markdown(content_path(root, meta.id, "home.md")))

    for i, chapter in enumerate(chapters):
        pctx = PageCtx(chapter_file(chapter.id), chapter=chapter.id, m=m)
        used: set[str] = set()
        head = rule_view(chapter, inp, pctx, known, used)
        sections = chapter_sections(book, chapter, inp, pctx, known, used)
        page("chapter.html", pctx.name, title=f"{chapter.id}. {chapter.title}", chapter=chapter,
             head=head, sections=sections, pctx=pctx, defs=defs_for(used),
             onpage=onpage_entries(chapter, sections),
             prev=chapters[i - 1] if i > 0 else None,
             next=chapters[i + 1] if i + 1 < len(chapters) else None)

    # --- official numbering (issue 12): a permalink for each official rule without Turkish text
    if official.enabled:
        page("official_missing.html", MISSING_PAGE, title="Türkçe metinde olmayan resmî kurallar",
             pctx=PageCtx(MISSING_PAGE, m=m))
    # --- end official numbering ---

    # glossary: every term with its citations, grouped by letter
    gctx = PageCtx(GLOSSARY_PAGE, m=m)
    citing: dict[str, list[str]] = defaultdict(list)
    for node in book:
        for slug in dict.fromkeys(l.term for l in inp.links.get(node.id, []) if l.kind == "term" and l.term):
            citing[slug].append(node.id)
    entries = []
    for t in sorted(inp.terms, key=lambda t: turkish.fold(t.term)):
        defining = book.get(t.rule) if t.rule else None
        entries.append({"term": t, "anchor": term_anchor(t.slug), "defining": defining,
                        "citing": [c for c in citing.get(t.slug, [])],
                        "related": [r for r in t.related if r in book and r != t.rule]})
    if inp.terms:
        groups = glossary_groups(entries, m.lang)
        page("glossary.html", GLOSSARY_PAGE, title=m("site.glossary"), entries=entries, groups=groups,
             pctx=gctx, defs=defs_for({t.slug for t in inp.terms}))

    if inp.scenarios is not None:
        page("scenarios.html", SCENARIO_PAGE, title=m("site.scenarios"), scenarios=inp.scenarios,
             pctx=PageCtx(SCENARIO_PAGE, m=m), book=book,
             onpage=[{"anchor": s.anchor, "label": s.title, "sub": False} for s in inp.scenarios])

    if blocks:
        page("quickref.html", QUICKREF_PAGE, title=m("site.quickref"), blocks=blocks,
             pctx=PageCtx(QUICKREF_PAGE, m=m))

    # the printable single page: contents, every chapter, then the glossary
    pctx = PageCtx(PRINT_PAGE, single=True, m=m)
    used = set()
    printed = []
    for chapter in chapters:
        printed.append({"chapter": chapter, "head": rule_view(chapter, inp, pctx, known, used),
                        "sections": chapter_sections(book, chapter, inp, pctx, known, used)})
    page("print.html", PRINT_PAGE, title=m("site.print_title", title=meta.title), printed=printed,
         entries=entries, pctx=pctx, defs=defs_for(used))

    page("help.html", HELP_PAGE, title=m("site.help"), body=_markdown(content_path(root, meta.id, "help.md")))

    from .cardsite import card_files          # the card pages and the search box's card table
    files.update(card_files(inp, env, {**base, "page_path": prefix}, PageCtx))

    for asset in sorted((root / "static").rglob("*")):
        if asset.is_file():
            files["assets/" + asset.relative_to(root / "static").as_posix()] = asset.read_bytes()
    files[SEARCH_DATA] = search_data_js(search_data(inp, m)).encode("utf-8")
    return files


# --- offline use when hosted: web manifest and service worker ----------------------------

def offline_files(files: Mapping[str, bytes], meta: Any, m: Messages) -> dict[str, bytes]:
    """A web manifest and a service worker for the site at its root. site.js registers
    the worker only over HTTPS (or on localhost), so from disk nothing changes; once
    registered, every file of this build is cached on the first visit and the site works
    offline from the phone's home screen. The cache name carries a digest of the build."""
    import hashlib

    icon = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" '
            'fill="#0b57b5"/><path d="M18 20h28M18 32h28M18 44h18" stroke="#fff" stroke-width="6" '
            'stroke-linecap="round"/></svg>')
    manifest = {
        "name": f"{meta.game} {meta.version}", "short_name": short_name(meta)[:12],
        "lang": m.lang, "start_url": "./index.html", "scope": "./", "display": "standalone",
        "background_color": "#ffffff", "theme_color": "#0b57b5",
        "icons": [{"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    listed = sorted(n for n in files if not n.startswith(".")) + ["./", "assets/icon.svg"]
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name] + b"\0")
    worker = (root_read(("sw.template.js",)) or "").replace(
        "__FILES__", json.dumps(listed, ensure_ascii=False)).replace("__VERSION__", digest.hexdigest()[:16])
    return {"manifest.webmanifest": json.dumps(manifest, ensure_ascii=False, indent=1).encode("utf-8"),
            "sw.js": worker.encode("utf-8"), "assets/icon.svg": icon.encode("utf-8")}


def root_read(parts: tuple[str, ...]) -> str | None:
    path = site_dir().joinpath(*parts)
    return path.read_text(encoding="utf-8") if path.is_file() else None


# --- writing ------------------------------------------------------------------------

def _read_manifest(out: Path) -> dict | None:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("generator") != GENERATOR:
        return None
    return data


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _written_by_us(out: Path, old: Mapping | None) -> dict[str, str]:
    """{relative path: sha256} of the files the previous build recorded. An older manifest
    (a plain list, no checksums) proves nothing, so nothing of it is ever deleted."""
    files = (old or {}).get("files")
    if not isinstance(files, dict):
        return {}
    return {rel: digest for rel, digest in files.items()
            if isinstance(rel, str) and isinstance(digest, str)}


def _still_ours(out: Path, rel: str, digest: str) -> Path | None:
    """The file ``rel`` if it is inside ``out`` (no symlink on the way) and still holds
    exactly what we wrote; anything else is not ours to delete or replace."""
    try:
        path = confined_target(out, rel)
        return path if _digest(path.read_bytes()) == digest else None
    except (PathProblem, OSError):
        return None


def check_out(out: Path, force: bool = False) -> dict | None:
    """Refuse an output folder the site must not be written into; the previous build's
    manifest when there is one. ``force`` allows a non-empty folder that is not a build
    (nothing in it is deleted; files of the same name are replaced)."""
    why = is_dangerous_out(out)
    if why:
        raise SiteError(f"refusing to write the site into {out}: {why}")
    if out.is_symlink() and not out.exists():
        raise SiteError(f"{out} is a broken symlink")
    if out.exists() and not out.is_dir():
        raise SiteError(f"{out} exists and is not a folder")
    old = None
    try:
        non_empty = out.is_dir() and any(out.iterdir())
    except OSError as exc:
        raise SiteError(f"cannot read {out}: {exc.strerror or exc}") from None
    if non_empty:
        old = _read_manifest(out)
        if old is None and not force:
            raise SiteError(f"{out} is not empty and holds no previous site build; "
                            "choose a new or empty folder (or --force to add the site's "
                            "files to it; nothing of yours is deleted)")
    return old


def write_site(files: Mapping[str, bytes], out: Path, meta: Any = None,
               force: bool = False) -> list[str]:
    """Write the site into `out`. A non-empty folder is used only if it holds a previous
    build of ours (its manifest) or with ``force``. Only files the previous build wrote
    and that still hold what it wrote (checksum in the manifest) are ever deleted or
    replaced; nothing is written through a symlink or outside `out`."""
    out = Path(out)
    old = check_out(out, force)
    ours = _written_by_us(out, old)
    listed = (old or {}).get("files")
    replaceable = set(ours) | ({r for r in listed if isinstance(r, str)}
                               if isinstance(listed, list) else set())
    try:
        out.mkdir(parents=True, exist_ok=True)
        real = out.resolve()
        for rel in files:
            path = real / rel
            if rel in replaceable or force or not (path.exists() or path.is_symlink()):
                continue
            raise SiteError(f"{out}: {printable(rel)} exists and was not written by a site "
                            "build; move it away or use --force")
        for rel, digest in ours.items():
            if rel not in files:
                path = _still_ours(real, rel, digest)
                if path is not None:
                    path.unlink()
        for rel in sorted({str(PurePosixPath(r).parent) for r in ours if r not in files},
                          key=len, reverse=True):
            if rel in (".", ""):
                continue
            try:
                path = confined_target(real, rel + "/x").parent
                if path.is_dir() and not any(path.iterdir()):
                    path.rmdir()
            except (PathProblem, OSError):
                continue
        manifest = {
            "generator": GENERATOR,
            "rulebook": getattr(meta, "id", ""), "version": getattr(meta, "version", ""),
            "built": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "files": {rel: _digest(data) for rel, data in sorted(files.items())},
            "complete": False,
        }
        # the manifest goes first, so an interrupted build is still recognised as ours
        write_inside(real, MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1).encode())
        for rel, data in files.items():
            write_inside(real, rel, data)
        manifest["complete"] = True
        write_inside(real, MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1).encode())
    except PathProblem as exc:
        raise SiteError(f"{exc}") from None
    except OSError as exc:
        raise SiteError(f"cannot write the site into {out}: {exc.strerror or exc}") from None
    return sorted(files)


# --- several rulebooks in one site ---------------------------------------------------

GAMES_PAGE = "oyunlar.html"
CONCEPTS_PAGE = "kavramlar.html"


def game_prefix(game_id: str) -> str:
    """Where another game's section lives inside the all-games site."""
    return f"oyun/{game_id}/"


def concept_file(slug: str) -> str:
    return f"kavram-{slug}.html"


def render_all(root: Path | None = None, base_url: str = "",
               lang: str | None = None) -> tuple[list[SiteInput], dict[str, bytes]]:
    """The default rulebook at the top, every other rulebook as a section of its own under
    oyun/<id>/ (a complete sub-site with its own search, in its own language), plus a
    games page and one page per concept comparing the games' rules side by side."""
    from .concepts import load_concepts
    from .rulebook import DEFAULT_GAME, rulebook_folders

    root = root or site_dir()
    games = [DEFAULT_GAME] + [g for g in rulebook_folders() if g != DEFAULT_GAME]
    inputs = [collect(g) for g in games]
    top_nav = [{"href": GAMES_PAGE, "key": "site.games"}]      # the games page links the concepts
    sub_nav = [{"href": "../../" + item["href"], "key": item["key"]} for item in top_nav]
    files = render_site(inputs[0], root, extra_nav=top_nav, base_url=base_url, lang=lang)
    urls: dict[str, str] = {inputs[0].book.meta.id: ""}
    for inp in inputs[1:]:
        prefix = game_prefix(inp.book.meta.id)
        urls[inp.book.meta.id] = prefix
        for rel, data in render_site(inp, root, extra_nav=sub_nav, prefix=prefix,
                                     base_url=base_url, lang=lang).items():
            files[prefix + rel] = data

    env = environment(root)
    m = ui_messages(inputs[0].book, lang)
    base = _base_context(inputs[0], top_nav, m, "", base_url)
    books = {inp.book.meta.id: inp.book for inp in inputs}

    def page(template: str, name: str, **ctx) -> None:
        files[name] = env.get_template(template).render({**base, **ctx, "page_name": name,
                                                        "page_path": name}).encode("utf-8")

    page("games.html", GAMES_PAGE, title=m("site.games"),
         games=[{"meta": inp.book.meta, "url": urls[inp.book.meta.id] + INDEX_PAGE,
                 "language_name": language_name(inp.book.meta.language, m.lang),
                 "rules": len(inp.book), "chapters": inp.book.chapters} for inp in inputs])
    concepts = []
    for concept in load_concepts():
        sides = []
        for game_id, ids in concept.rules.items():
            book = books.get(game_id)
            if book is None:
                continue
            own = ui_messages(book, lang)
            rules = [{"node": book.get(i), "t": own, "url": urls[game_id] + chapter_file(book.get(i).chapter)
                      + "#" + rule_anchor(i)} for i in ids if book.get(i) is not None]
            sides.append({"meta": book.meta, "rules": rules, "title": concept.title_in(book.meta.language),
                          "language_name": language_name(book.meta.language, m.lang)})
        concepts.append({"concept": concept, "file": concept_file(concept.slug), "sides": sides})
    page("concepts.html", CONCEPTS_PAGE, title=m("site.concepts"), concepts=concepts)
    for c in concepts:
        page("concept.html", c["file"], title=c["concept"].title_in(m.lang), c=c)
    return inputs, files


def check_base_url(base_url: str | None) -> str:
    """`--base-url`: an http(s) URL, returned ending with "/"; "" when not given."""
    if not base_url:
        return ""
    from urllib.parse import urlsplit

    url = base_url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c in url for c in ' "<>\\'):
        raise SiteError(f"--base-url must be an http(s) address such as https://example.org/rules/, "
                        f"not {url[:80]!r}")
    return url if url.endswith("/") else url + "/"


def build(out: Path, game: str | None = None, force: bool = False,
          base_url: str | None = None, lang: str | None = None) -> tuple[SiteInput, dict[str, bytes]]:
    """Collect, render and write; returns what was built (for the CLI and the bench).
    No game: every rulebook, one section each. A game: that rulebook alone. The output
    folder is checked first, so a refused folder costs no rendering."""
    base = check_base_url(base_url)
    check_out(Path(out), force)
    if game is None:
        inputs, files = render_all(base_url=base, lang=lang)
        inp = inputs[0]
    else:
        inp = collect(game)
        files = render_site(inp, base_url=base, lang=lang)
    files.update(offline_files(files, inp.book.meta, ui_messages(inp.book, lang)))
    write_site(files, out, inp.book.meta, force)
    return inp, files
