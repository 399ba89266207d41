"""`judge ask`: a quick ruling for a question typed as it was asked at the table."""

from __future__ import annotations

import click

from .output import echo_json, fail, style, words_or_fail, wrap
from .rules_cmd import get_book

EXAMPLE = 'judge ask "19 güçlü birim kaç Gig çalar?"'


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
    text = words_or_fail(question, "ask")
    if not text:
        fail(f"no question given; try: {EXAMPLE}", code=2)
    from ..ask import ask as answer_question

    book = get_book(ctx)
    try:
        answer = answer_question(text, book=book, game=book.meta.id, limit=limit)
    except Exception as exc:            # a broken index or data: one line, not a traceback
        fail(f"could not answer: {exc.__class__.__name__}: {exc}", code=1)
    if answer.missing:
        click.echo(f"judge: warning: the engine cites rule(s) missing from the rulebook: "
                   f"{', '.join(answer.missing)}", err=True)
    if as_scenario:
        if answer.scenario is None:
            why = "; ".join(answer.not_understood) if answer.kind == "unanswered" else \
                f"{answer.kind} answers are not run as a scenario"
            fail(f"no scenario: {why}", code=1)
        click.echo(answer.scenario, nl=False)
        return
    if as_json:
        data = answer.to_dict()
        notes = {r: book.get(r).note for r in answer.rules if book.get(r) is not None and book.get(r).note}
        if notes:
            data["notes"] = notes   # where the source text is unclear
        echo_json(data)
        return
    click.echo(_render(answer, book))


def _render(answer, book) -> str:
    from .output import ui
    if answer.language == "en":     # an English question gets English labels
        from ..i18n import messages
        m = messages("en")
    else:
        m = ui(None, book)      # labels in the rulebook's language (or --lang / JUDGE_LANG)
    lines = []
    if answer.understood:
        label = m("ask.understood")
        lines.append(style(f"{label}:", bold=True))
        lines += [wrap(f"- {u}", indent="  ", subsequent="    ") for u in answer.understood]
    lines.append(style(answer.answer, bold=True))
    if answer.kind == "unanswered":
        if answer.not_understood:
            label = m("ask.not_understood")
            lines.append(wrap(f"{style(label, fg='yellow')}: " + ", ".join(answer.not_understood),
                              indent="  ", subsequent="    "))
        if answer.rules:
            lines.append(style(m("ask.closest") + ":", bold=True))
    elif answer.trace:
        lines.append(style(m("ask.trace") + ":", bold=True))
    for step in answer.trace:
        lines.append(wrap(f"{style(step.rule, fg='cyan')}: {step.text}", indent="  ",
                          subsequent="    "))
    label = m("ask.assumed")
    for note in answer.assumptions:
        lines.append(wrap(f"{style(label, fg='yellow')}: {note}", indent="  ", subsequent="    "))
    if answer.rules:
        if answer.kind != "unanswered":
            lines.append("")
            lines.append(style(m("ask.rules") + ":", bold=True))
        prefix = book.meta.cite_prefix
        for rule_id in answer.rules:
            node = book.get(rule_id)
            if node is None:
                continue
            body = node.text or node.title
            head = f"{prefix} {rule_id}".strip()
            lines.append(wrap(f"{style(head, bold=True)} — {body}", indent="  ", subsequent="    "))
            if node.note:   # the source text is unclear here: say so, do not guess
                lines.append(wrap(f"{style(m('rule.note'), fg='yellow')}: {node.note}", indent="    ", subsequent="      "))
    return "\n".join(lines)
