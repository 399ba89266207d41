"""`judge card NAME` and `judge cards …`: the card pool from the command line."""

from __future__ import annotations

import click

from .output import echo_json, fail, style, ui, wrap

MAX_QUERY = 200
LIST_LIMIT = 12


def _pool():
    from ..cards import CardDataError, load_pool
    try:
        return load_pool()
    except CardDataError as exc:
        fail(f"card data is broken: {exc}", code=1)


def _phrases() -> dict:
    from ..cards.describe import phrases
    return phrases()


def rule_span(rule: str, related: tuple[str, ...]) -> str:
    """"10.24" + related 10.25..10.30 → "10.24–10.30"; otherwise the rule and its list."""
    def split(r: str) -> tuple[str, int] | None:
        head, _, last = r.rpartition(".")
        return (head, int(last)) if head and last.isdigit() else None
    base = split(rule)
    seq = [split(r) for r in related]
    if base and seq and all(s and s[0] == base[0] for s in seq):
        nums = [base[1]] + [s[1] for s in seq]
        if nums == list(range(nums[0], nums[0] + len(nums))):
            return f"{rule}–{related[-1]}"
    return rule


def _facts_line(card, m) -> str:
    parts = []
    if card.cost is not None:
        parts.append(m("card.cost", n=card.cost))
    elif card.type == "legend":
        parts.append(m("card.no_cost"))
    if card.power is not None:
        parts.append(m("card.power", p=f"{'+' if card.type == 'gear' else ''}{card.power}"))
    if card.ram is not None:
        parts.append(m("card.ram", n=card.ram))
    parts.append(m("card.sell_tag_yes") if card.sell_tag else m("card.sell_tag_no"))
    return " · ".join(parts)


def _kind(card, m) -> str:
    return f"[{m('card.type_' + card.type)} · {m('card.color_' + card.color)}]"


def card_json(card, book, glossary) -> dict:
    from ..cards.describe import describe, rules_for, trigger_terms
    from ..cards.usage import scenarios_for
    data = card.to_dict()
    data["set_name"] = _pool().sets.get(card.set, card.set)
    data["description_tr"] = describe(card)
    kw_terms = {t.english: t for t in glossary if t.kind == "keyword"}
    data["keyword_rules"] = {k: (kw_terms[k].rule if k in kw_terms else None) for k in card.keywords}
    data["trigger_rules"] = {k: (t.rule if t else None) for k, t in trigger_terms(card, glossary).items()}
    refs = rules_for(card, glossary)
    data["rules"] = [dict(r.to_dict(), label=(book.get(r.rule).label if book.get(r.rule) else None)) for r in refs]
    data["scenarios"] = [{"file": f, "title": t} for f, t in scenarios_for(card.slug)]
    data["notice"] = ui()("card.notice")
    return data


def render_card(card, book, glossary, m, imported: dict | None = None) -> str:
    from ..cards.describe import describe, rules_for, trigger_terms
    from ..cards.usage import scenarios_for
    pool = _pool()
    out = [f"{style(card.display, bold=True)}  {_kind(card, m)}",
           f"{pool.sets.get(card.set, card.set)} {card.number}" + (f" · {card.rarity}" if card.rarity else ""),
           _facts_line(card, m)]
    if card.tags:
        out.append(wrap(f"{m('card.tags')}: " + ", ".join(card.tags), subsequent="  "))
    kw_terms = {t.english: t for t in glossary if t.kind == "keyword"}
    if card.keywords:
        out.append(f"{m('card.keywords')}: " + ", ".join(
            f"{k} → {kw_terms[k].rule}" if k in kw_terms else k for k in card.keywords))
    if card.mentions:
        out.append(f"{m('card.mentions')}: " + ", ".join(
            f"{k} → {kw_terms[k].rule}" if k in kw_terms else k for k in card.mentions))
    if card.triggers:
        out.append(f"{m('card.triggers')}: " + ", ".join(
            f"{k} → {t.rule}" if t else k for k, t in trigger_terms(card, glossary).items()))
    out.append("")
    out.append(style(m("card.does"), bold=True) + f" ({m('card.does_note')}):")
    if card.unsupported:
        out.append(wrap(m("card.unsupported", what=card.unsupported), indent="  "))
    else:
        lines = describe(card)
        out.extend(wrap(line, indent="  ") for line in lines) if lines else out.append("  " + m("card.no_effect"))
    refs = rules_for(card, glossary)
    if refs:
        out.append("")
        out.append(style(f"{m('card.rules')}:", bold=True))
        width = max(len(r.term) for r in refs)
        for r in refs:
            node = book.get(r.rule)
            label = node.label if node is not None else ""
            out.append(wrap(f"{r.term:<{width}}  {rule_span(r.rule, r.related):<12} {label}".rstrip(),
                            indent="  ", subsequent="  " + " " * (width + 2)))
    used = scenarios_for(card.slug)
    if used:
        out.append("")
        out.append(style(m("card.scenarios"), bold=True) + f" ({m('card.scenarios_hint')}):")
        out.extend(wrap(f"{f} — {t}", indent="  ", subsequent="    ") for f, t in used)
    if imported:
        out.extend(imported_lines(imported, m))
    out.append("")
    out.append(style(wrap(m("card.notice")), dim=True))
    return "\n".join(out)


def difference_text(diff: dict, m) -> str:
    """One fact of the import that differs from the library, in the reader's language."""
    if diff["fact"] == "printing":
        return m("card.new_printing", what=diff["theirs"])
    return m("card.diff_fact", fact=m("card.fact_" + diff["fact"]), ours=diff["ours"], theirs=diff["theirs"])


def imported_lines(info: dict, m) -> list[str]:
    """The user's import for this card: printed text, FAQ, differences (userimport.py)."""
    out: list[str] = []
    entry = info.get("card")
    if entry is not None:
        out.append("")
        out.append(style(m("card.printed"), bold=True) + f" ({m('card.imported', date=info['date'])}):")
        text = entry.get("rules_text") or m("card.no_text")
        for para in str(text).splitlines():
            out.append(wrap(para, indent="  "))
    for diff in info.get("differences", []):
        out.append(style(m("card.difference", what=difference_text(diff, m)), bold=True))
    faq = info.get("faq", [])
    if faq:
        out.append("")
        out.append(style(m("card.faq"), bold=True) + f" ({m('card.imported', date=info['faq_date'])}):")
        for item in faq:
            out.append(wrap(f"[{item['id']}] {m('card.question')}: {item['question']}", indent="  ", subsequent="    "))
            out.append(wrap(f"{m('card.answer')}: {item['answer']}", indent="    ", subsequent="    "))
    return out


def _match_list(matches, m) -> str:
    lines = [m("card.matches", n=len(matches))]
    for i, hit in enumerate(matches[:LIST_LIMIT], start=1):
        c = hit.card
        lines.append(f"  {i}. {c.display}  {_kind(c, m)} {c.set} {c.number}")
    if len(matches) > LIST_LIMIT:
        lines.append("  " + m("card.more", n=len(matches) - LIST_LIMIT))
    return "\n".join(lines)


@click.command()
@click.argument("name", nargs=-1, required=True)
@click.option("--pick", type=click.IntRange(1, LIST_LIMIT), default=None, metavar="N",
              help="Several cards matched: show the N-th of the list.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def card(ctx: click.Context, name: tuple[str, ...], pick: int | None, as_json: bool) -> None:
    """Look up a card: facts, keywords and triggers with their rules, what it does (in
    Turkish, generated from the effect data), the rules that matter and the scenarios
    that use it. Sloppy typing is fine: "adam smasher ender", "deadman", "jackie welles".

    Unofficial: not endorsed by the publisher; no card text or images are shipped."""
    from ..cards import lookup, suggest
    from .glossary_cmd import get_glossary
    from .rules_cmd import get_book

    text = " ".join(" ".join(name).split())
    if len(text) > MAX_QUERY:
        fail(f"card name too long ({len(text)} characters, at most {MAX_QUERY})")
    pool = _pool()
    matches = lookup(text, pool)
    if not matches:
        close = suggest(text, pool=pool)
        m = ui(ctx, get_book(ctx))
        hint = (m("error.closest", items=", ".join(c.display for c in close)) if close
                else m("error.see_cards"))
        fail(f"{m('error.no_card', card=repr(text))} {hint}", code=2)
    if pick is not None:
        if pick > len(matches):
            fail(f"--pick {pick}: only {len(matches)} cards matched {text!r}")
        matches = [matches[pick - 1]]
    if len(matches) > 1:
        if as_json:
            echo_json({"query": text, "matches": [hit.card.to_dict() | {"tier": hit.tier} for hit in matches]})
        else:
            click.echo(_match_list(matches, ui(ctx)))
        return
    chosen = matches[0].card
    book, glossary = get_book(ctx), get_glossary(ctx)
    from ..cards.userimport import imported_for
    imported = imported_for(chosen)
    if as_json:
        data = card_json(chosen, book, glossary)
        data["query"] = text
        if imported:
            data["imported"] = imported
        echo_json(data)
        return
    click.echo(render_card(chosen, book, glossary, ui(ctx, book), imported))


def _norm_choice(value: str | None, table: dict[str, str], what: str) -> str | None:
    """"birim"/"Unit"/"unit" → "unit" (Turkish or English names, any case, ASCII)."""
    if value is None:
        return None
    from ..turkish import fold
    key = fold(value.strip())
    for code, label in table.items():
        names = {fold(code)} | {fold(p.strip(" ()")) for p in label.replace("(", " (").split(" (")}
        if key in names:
            return code
    fail(f"no {what} {value!r} (one of {', '.join(table)})")


@click.group(invoke_without_command=True)
@click.option("--type", "ctype", default=None, metavar="T", help="unit, gear, program, legend (or birim…).")
@click.option("--color", default=None, metavar="C", help="red, yellow, green, blue (or kırmızı…).")
@click.option("--keyword", default=None, metavar="K", help="ADRENALINE, BLOCKER, GO SOLO, QUICK.")
@click.option("--tag", default=None, metavar="T", help="A tag such as Merc, Arasaka, Trauma Team.")
@click.option("--cost", type=click.IntRange(0, 99), default=None, metavar="N", help="Printed cost.")
@click.option("--set", "set_code", default=None, metavar="S", help="Set code (WNC, EP, HEI, PRM01).")
@click.option("--unsupported", is_flag=True, help="Only cards the engine cannot express yet.")
@click.option("--stats", is_flag=True, help="Expressible / total cards per type.")
@click.option("--unknown", is_flag=True, help="Cards in your import that the pool does not know.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def cards(ctx: click.Context, ctype, color, keyword, tag, cost, set_code, unsupported, stats,
          unknown, as_json) -> None:
    """List the card pool, filtered; --stats counts what the rules engine can express.
    `judge cards import FILE…` reads the publisher's card list / FAQ into your data folder.

    Unofficial: not endorsed by the publisher; no card text or images are shipped."""
    if ctx.invoked_subcommand is not None:
        return
    pool = _pool()
    ph = _phrases()
    m = ui(ctx)
    if stats:
        _stats(pool, as_json, m)
        return
    if unknown:
        from ..cards.userimport import unknown_cards
        rows = unknown_cards()
        if as_json:
            echo_json(rows)
        elif not rows:
            click.echo(m("card.none_unknown"))
        else:
            click.echo(m("card.unknown", n=len(rows)))
            for r in rows:
                click.echo(f"  {r['display_name']}  [{r.get('card_type') or '?'}] {r.get('slug')}")
        return
    from ..turkish import fold
    ctype = _norm_choice(ctype, ph["types"], "type")
    color = _norm_choice(color, ph["colors"], "colour")
    chosen = []
    for c in pool:
        if ctype and c.type != ctype or color and c.color != color:
            continue
        if keyword and fold(keyword).replace("_", " ") not in {fold(k) for k in c.keywords + c.mentions}:
            continue
        if tag and fold(tag) not in {fold(t) for t in c.tags}:
            continue
        if cost is not None and c.cost != cost or set_code and fold(set_code) != fold(c.set):
            continue
        if unsupported and c.expressible:
            continue
        chosen.append(c)
    if keyword and not chosen:
        from ..engine.state import KEYWORDS
        if fold(keyword) not in {fold(k) for k in KEYWORDS}:
            fail(f"no keyword {keyword!r} (one of {', '.join(KEYWORDS)})")
    if as_json:
        echo_json([c.to_dict() for c in chosen])
        return
    if not chosen:
        click.echo(m("card.no_match"))
        return
    for c in chosen:
        mark = "✓" if c.expressible else "·"
        cost_s = "-" if c.cost is None else str(c.cost)
        power_s = "-" if c.power is None else str(c.power)
        click.echo(f"{mark} {c.display:<42.42} {m('card.type_' + c.type):<8.12} {m('card.color_' + c.color):<8}"
                   f" {cost_s:>2} {power_s:>3}  {c.set} {c.number}")
    click.echo(style(m("card.count", n=len(chosen)) + " " + m("card.notice"), dim=True))


def stats_rows(pool) -> list[dict]:
    rows = []
    for t in ("legend", "unit", "gear", "program"):
        of = [c for c in pool if c.type == t]
        rows.append({"type": t, "expressible": sum(c.expressible for c in of), "total": len(of)})
    rows.append({"type": "all", "expressible": sum(c.expressible for c in pool), "total": len(pool)})
    return rows


def _stats(pool, as_json: bool, m) -> None:
    rows = stats_rows(pool)
    if as_json:
        echo_json(rows)
        return
    click.echo(f"{m('card.stats_type'):<16} {m('card.stats_head')}")
    for r in rows:
        label = m("card.stats_total") if r["type"] == "all" else m("card.type_" + r["type"])
        click.echo(f"{label:<16} {r['expressible']:>6} / {r['total']}")


@cards.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def import_cmd(files: tuple[str, ...], as_json: bool) -> None:
    """Import the publisher's card list and/or FAQ (JSON) into your data folder
    ($JUDGE_TOOL_DATA): never into the package. Then `judge card` shows the printed
    text, the FAQ entries and any facts that differ from the library."""
    from ..cards.userimport import ImportError_, import_files
    try:
        report = import_files(files)
    except ImportError_ as exc:
        fail(str(exc))
    if as_json:
        echo_json(report)
        return
    m = ui()
    for kind, key in (("cards", "card.imported_cards"), ("faq", "card.imported_faq")):
        if report[kind]:
            click.echo(m(key, n=report[kind], path=report["paths"][kind]))
    if report["unknown"]:
        click.echo(m("card.imported_unknown", n=report["unknown"]))
