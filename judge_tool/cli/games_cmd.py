"""`judge games` and `judge compare`: several rulebooks side by side."""

from __future__ import annotations

import click

from ..concepts import find_concept, load_concepts, suggest_concepts
from ..rulebook import RulebookError, load_rulebook, rulebook_folders
from .output import echo_json, fail, limited, shorten, style, ui, wrap


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def games(as_json: bool) -> None:
    """List the rulebooks (use one with `judge --game ID …`)."""
    rows = []
    for game_id in rulebook_folders():
        try:
            book = load_rulebook(game_id)
        except RulebookError as exc:
            fail(f"rulebook {game_id!r} is broken: {exc}", code=1)
        rows.append({**book.meta.to_dict(), "nodes": len(book)})
    if as_json:
        echo_json(rows)
        return
    m = ui()
    for row in rows:
        numbering = m("rule.official_numbers" if row["numbering"] == "official" else "rule.project_numbers")
        click.echo(f"{style(row['id'], bold=True):<16} {row['game']} · {row['language']} · "
                   f"{row['version']} · {m('rule.rules_count', n=row['nodes'])} · {numbering}")


@click.command()
@click.argument("concept", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def compare(concept: tuple[str, ...], as_json: bool) -> None:
    """Show the rules of every game that define one concept, side by side.
    Without CONCEPT: list the concepts."""
    query = limited(" ".join(concept).strip(), "concept")
    if not query:
        listing = [{"slug": c.slug, "title": c.title, "title_tr": c.title_tr,
                    "games": list(c.rules)} for c in load_concepts()]
        if as_json:
            echo_json(listing)
        else:
            for c in listing:
                click.echo(f"{style(c['slug'], bold=True)}  {c['title_tr']} / {c['title']}  ({', '.join(c['games'])})")
        return
    found = find_concept(query)
    if found is None:
        known = ", ".join(suggest_concepts(query)) or "none"
        fail(f"no concept {shorten(repr(query))}. Closest: {known} (all: judge compare)" if load_concepts()
             else "no concepts data")
    from ..i18n import language_name
    from .rules_cmd import title_of

    m = ui()
    sides = []
    for game_id, ids in found.rules.items():
        book = load_rulebook(game_id)
        own = ui(None, book)                  # each side speaks its rulebook's language
        rules = []
        for rule_id in ids:
            node = book.get(rule_id)
            if node is not None:
                rules.append({"id": rule_id, "title": node.title, "title_added": node.title_added,
                              "text": node.text, "items": list(node.items),
                              "examples": list(node.examples), "node": node, "m": own})
        sides.append({"game": game_id, "name": book.meta.game, "language": book.meta.language,
                      "language_name": language_name(book.meta.language, m.lang),
                      "concept_title": found.title_in(book.meta.language),
                      "numbering": book.meta.numbering, "rules": rules})
    if as_json:
        for side in sides:
            for rule in side["rules"]:
                rule.pop("node"), rule.pop("m")
        echo_json({"concept": found.slug, "title": found.title, "title_tr": found.title_tr,
                   "titles": dict(found.titles), "description": found.description, "games": sides})
        return
    heading = found.title_in(m.lang) or found.title
    click.echo(style(heading + (f" ({found.title})" if heading != found.title else ""), bold=True))
    if found.description and m.lang == "tr":
        click.echo(wrap(found.description))
    for side in sides:
        numbering = "" if side["numbering"] == "official" else f" ({m('rule.project_numbers')})"
        click.echo("")
        click.echo(style(f"{side['name']} · {side['language_name']}{numbering}", underline=True))
        if side["concept_title"] and side["language"] not in ("en", m.lang):
            click.echo(style(side["concept_title"], bold=True))
        for rule in side["rules"]:
            node = rule["node"]
            body = " ".join(node.text.split()) if node.text else title_of(node, rule["m"])
            click.echo(wrap(f"{rule['id']}  {body}", subsequent="    "))
