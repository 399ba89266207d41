"""`judge ask`: a quick ruling for a question typed as it was asked at the table. The click
face; what it prints is ask_view.py's (click-free, shared with the fast path)."""

from __future__ import annotations

import click

from .ask_view import ask_command
from .output import echo
from .rules_cmd import game_of


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("question", nargs=-1, type=click.UNPROCESSED)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--limit", type=click.IntRange(1, 20), default=3, show_default=True,
              help="How many rules to show when the question is not understood.")
@click.option("--scenario", "as_scenario", is_flag=True,
              help="Print the understood situation as a scenario file for 'judge check'.")
@click.pass_context
def ask(ctx: click.Context, question: tuple[str, ...], as_json: bool, limit: int,
        as_scenario: bool) -> None:
    """Answer a rules question in Turkish or English, with the rules that decide it.

    \b
    Prints what was understood, the answer computed by the rules engine, its trace
    and the rules. A question not fully understood gets no ruling: what was not
    understood and the closest rules.
    \b
      judge ask "19 güçlü birim kaç Gig çalar?"
      judge ask "who wins, 8 power attacker vs 8 power defender"
      judge ask --json "Destemde 1 kart varken 2 kart çekersem kaybeder miyim?"
    """
    echo(ask_command(game_of(ctx), question, as_json=as_json, as_scenario=as_scenario,
                     limit=limit))
