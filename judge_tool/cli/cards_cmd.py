"""`judge card NAME` and `judge cards …`: the card pool from the command line."""

from __future__ import annotations

import click

from ..cards import NOTICE
from .output import echo_json, fail, style, wrap

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


def _facts_line(card) -> str:
    ph = _phrases()
    parts = []
    if card.cost is not None:
        parts.append(f"Bedel {card.cost}")
    elif card.type == "legend":
        parts.append("Bedel yok")
    if card.power is not None:
        parts.append(f"Güç {'+' if card.type == 'gear' else ''}{card.power}")
    if card.ram is not None:
        parts.append(f"RAM {card.ram}")
    parts.append("Satış Etiketi var" if card.sell_tag else "Satış Etiketi yok")
    return " · ".join(parts)


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
    data["notice"] = NOTICE
    return data


def render_card(card, book, glossary, imported: dict | None = None) -> str:
    from ..cards.describe import describe, rules_for, trigger_terms
    from ..cards.usage import scenarios_for
    ph = _phrases()
    pool = _pool()
    out = [f"{style(card.display, bold=True)}  [{ph['types'][card.type]} · {ph['colors'][card.color]}]",
           f"{pool.sets.get(card.set, card.set)} {card.number}" + (f" · {card.rarity}" if card.rarity else ""),
           _facts_line(card)]
    if card.tags:
        out.append(wrap("Etiketler: " + ", ".join(card.tags), subsequent="  "))
    kw_terms = {t.english: t for t in glossary if t.kind == "keyword"}
    if card.keywords:
        out.append("Anahtar kelimeler: " + ", ".join(
            f"{k} → {kw_terms[k].rule}" if k in kw_terms else k for k in card.keywords))
    if card.mentions:
        out.append("Sözü geçen: " + ", ".join(
            f"{k} → {kw_terms[k].rule}" if k in kw_terms else k for k in card.mentions))
    if card.triggers:
        out.append("Tetikleyiciler: " + ", ".join(
            f"{k} → {t.rule}" if t else k for k, t in trigger_terms(card, glossary).items()))
    out.append("")
    out.append(style("Ne yapar", bold=True) + " (etki verisinden üretildi; kart metni değildir):")
    if card.unsupported:
        out.append(wrap(f"Motor bu kartın etkisini henüz ifade edemiyor — eksik: {card.unsupported}.",
                        indent="  "))
    else:
        lines = describe(card)
        out.extend(wrap(line, indent="  ") for line in lines) if lines else out.append("  Etkisi yok (yalnızca değerleri).")
    refs = rules_for(card, glossary)
    if refs:
        out.append("")
        out.append(style("İlgili kurallar:", bold=True))
        width = max(len(r.term) for r in refs)
        for r in refs:
            node = book.get(r.rule)
            label = node.label if node is not None else ""
            out.append(wrap(f"{r.term:<{width}}  {rule_span(r.rule, r.related):<12} {label}".rstrip(),
                            indent="  ", subsequent="  " + " " * (width + 2)))
    used = scenarios_for(card.slug)
    if used:
        out.append("")
        out.append(style("Senaryolar", bold=True) + " (judge check --explain DOSYA):")
        out.extend(wrap(f"{f} — {t}", indent="  ", subsequent="    ") for f, t in used)
    if imported:
        out.extend(imported_lines(imported))
    out.append("")
    out.append(style(wrap(NOTICE), dim=True))
    return "\n".join(out)


def imported_lines(info: dict) -> list[str]:
    """The user's import for this card: printed text, FAQ, differences (userimport.py)."""
    out: list[str] = []
    entry = info.get("card")
    if entry is not None:
        out.append("")
        out.append(style("Basılı metin", bold=True) + f" (kullanıcının içe aktarımı, {info['date']}):")
        text = entry.get("rules_text") or "(metin yok)"
        for para in str(text).splitlines():
            out.append(wrap(para, indent="  "))
    for diff in info.get("differences", []):
        out.append(style(f"Fark: {diff}", bold=True))
    faq = info.get("faq", [])
    if faq:
        out.append("")
        out.append(style("Resmî SSS", bold=True) + f" (kullanıcının içe aktarımı, {info['faq_date']}):")
        for item in faq:
            out.append(wrap(f"[{item['id']}] S: {item['question']}", indent="  ", subsequent="    "))
            out.append(wrap(f"C: {item['answer']}", indent="    ", subsequent="    "))
    return out


def _match_list(matches) -> str:
    ph = _phrases()
    lines = [f"{len(matches)} kart eşleşti; birini seçin (judge card \"TAM AD\" ya da --pick N):"]
    for i, m in enumerate(matches[:LIST_LIMIT], start=1):
        c = m.card
        lines.append(f"  {i}. {c.display}  [{ph['types'][c.type]} · {ph['colors'][c.color]}] {c.set} {c.number}")
    if len(matches) > LIST_LIMIT:
        lines.append(f"  … ve {len(matches) - LIST_LIMIT} kart daha (daha uzun bir ad yazın)")
    return "\n".join(lines)


@click.command(epilog=NOTICE)
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
        hint = f" Closest: {', '.join(c.display for c in close)}." if close else " See 'judge cards'."
        fail(f"no card {text!r}.{hint}", code=2)
    if pick is not None:
        if pick > len(matches):
            fail(f"--pick {pick}: only {len(matches)} cards matched {text!r}")
        matches = [matches[pick - 1]]
    if len(matches) > 1:
        if as_json:
            echo_json({"query": text, "matches": [m.card.to_dict() | {"tier": m.tier} for m in matches]})
        else:
            click.echo(_match_list(matches))
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
    click.echo(render_card(chosen, book, glossary, imported))


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


@click.group(invoke_without_command=True, epilog=NOTICE)
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
    if stats:
        _stats(pool, as_json)
        return
    if unknown:
        from ..cards.userimport import unknown_cards
        rows = unknown_cards()
        if as_json:
            echo_json(rows)
        elif not rows:
            click.echo("İçe aktarımda kütüphanenin bilmediği kart yok (ya da içe aktarım yapılmamış: "
                       "judge cards import DOSYA).")
        else:
            click.echo(f"İçe aktarımdaki {len(rows)} kart kütüphanede yok:")
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
        click.echo("Bu ölçütlere uyan kart yok.")
        return
    for c in chosen:
        mark = "✓" if c.expressible else "·"
        cost_s = "-" if c.cost is None else str(c.cost)
        power_s = "-" if c.power is None else str(c.power)
        click.echo(f"{mark} {c.display:<42.42} {ph['types'][c.type].split(' ')[0]:<8} {ph['colors'][c.color]:<8}"
                   f" {cost_s:>2} {power_s:>3}  {c.set} {c.number}")
    click.echo(style(f"{len(chosen)} kart (✓ motor etkisini ifade edebiliyor). {NOTICE}", dim=True))


def stats_rows(pool) -> list[dict]:
    rows = []
    for t in ("legend", "unit", "gear", "program"):
        of = [c for c in pool if c.type == t]
        rows.append({"type": t, "expressible": sum(c.expressible for c in of), "total": len(of)})
    rows.append({"type": "all", "expressible": sum(c.expressible for c in pool), "total": len(pool)})
    return rows


def _stats(pool, as_json: bool) -> None:
    rows = stats_rows(pool)
    if as_json:
        echo_json(rows)
        return
    ph = _phrases()
    click.echo(f"{'tür':<16} ifade edilebilir / toplam")
    for r in rows:
        label = "toplam" if r["type"] == "all" else ph["types"][r["type"]]
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
    for line in report["lines"]:
        click.echo(line)
