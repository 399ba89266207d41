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
    sides = []
    for game_id, ids in found.rules.items():
        book = load_rulebook(game_id)
        rules = []
        for rule_id in ids:
            node = book.get(rule_id)
            if node is not None:
                rules.append({"id": rule_id, "title": node.title, "text": node.text,
                              "examples": list(node.examples)})
        sides.append({"game": game_id, "name": book.meta.game, "language": book.meta.language,
                      "numbering": book.meta.numbering, "rules": rules})
    if as_json:
        echo_json({"concept": found.slug, "title": found.title, "title_tr": found.title_tr,
                   "description": found.description, "games": sides})
        return
    click.echo(style(f"{found.title_tr or found.title} ({found.title})", bold=True))
    if found.description:
        click.echo(wrap(found.description))
    for side in sides:
        own = "" if side["numbering"] == "official" else " (proje numarası)"
        click.echo("")
        click.echo(style(f"{side['name']} [{side['language']}]{own}", underline=True))
        for rule in side["rules"]:
            body = rule["text"] or rule["title"]
            click.echo(wrap(f"{rule['id']}  {body}", subsequent="    "))
