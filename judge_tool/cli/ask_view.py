"""How `judge ask` prints an answer: pure functions from the question to the text, JSON or
scenario file it prints. Click-free, so the click command (`ask_cmd.ask`) and the fast path
(`fastpath.py`) share one code path and print the same bytes."""

from __future__ import annotations

from .output import echo, fail, json_text, style, ui, words_or_fail, wrap
from .rules_view import book_for

EXAMPLE = 'judge ask "19 güçlü birim kaç Gig çalar?"'


def ask_command(game: str, question: tuple[str, ...], as_json: bool = False,
                as_scenario: bool = False, limit: int = 3) -> str:
    """What `judge ask QUESTION…` prints (a warning about citations goes to stderr)."""
    text = words_or_fail(question, "ask")
    if not text:
        fail(ui(None, book_for(game))("error.no_question", example=EXAMPLE), code=2)
    from ..ask import ask as answer_question

    book = book_for(game)
    try:
        answer = answer_question(text, book=book, game=book.meta.id, limit=limit)
    except Exception as exc:            # a broken index or data: one line, not a traceback
        fail(f"could not answer: {exc.__class__.__name__}: {exc}", code=1)
    if answer.missing:
        echo(f"judge: warning: the engine cites rule(s) missing from the rulebook: "
             f"{', '.join(answer.missing)}", err=True)
    if as_scenario:
        if answer.scenario is None:
            from ..ask.say import say
            why = "; ".join(answer.not_understood) if answer.kind == "unanswered" else \
                say(answer, "ask_answer.not_a_scenario", kind=answer.kind)
            fail(say(answer, "ask_answer.no_scenario", why=why), code=1)
        return answer.scenario.removesuffix("\n")    # the file ends in one newline: echo's
    if as_json:
        data = answer.to_dict()
        notes = {r: book.get(r).note for r in answer.rules if book.get(r) is not None and book.get(r).note}
        if notes:
            data["notes"] = notes   # where the source text is unclear
        return json_text(data)
    return render(answer, book)


def render(answer, book) -> str:
    """The answer as a judge reads it: understood, answer, trace, assumptions, rules."""
    from ..ask import FAMILY_GAME
    if book.meta.id == FAMILY_GAME:
        # everything a ruling prints is in the question's language (Turkish, also typed
        # without Turkish letters, or English), labels included: a judge repeats it
        from ..ask.say import messages_for
        m = messages_for(answer)
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
    if any(book.get(r) is not None for r in answer.rules):
        # an official number without Turkish text is shown in the trace with its mark
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
