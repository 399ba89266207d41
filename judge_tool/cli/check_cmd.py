"""`judge check` runs scenario files on the rules engine; `judge scenario new` writes a
commented template. Exit codes of `check`: 0 all pass, 1 an expectation failed, 2 a file
is invalid (bad TOML, unknown key, impossible state, missing or leftover decision)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..safepath import printable
from .output import echo_json, fail, style, wrap
from .rules_cmd import get_book


def _fmt(value: object) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _print_result(res, explain: bool, file_label: str) -> None:
    mark = style("PASS", fg="green", bold=True) if res.passed else style("FAIL", fg="red", bold=True)
    click.echo(f"{mark}  {file_label} — {res.title}")
    if explain:
        click.echo(wrap(f"Soru: {res.question}", indent="      "))
    for c in res.checks:
        if c.passed:
            click.echo(f"      {style('✓', fg='green')} {c.key} = {_fmt(c.expected)}")
        else:
            click.echo(f"      {style('✗', fg='red')} {c.key}: beklenen {_fmt(c.expected)}, çıkan {_fmt(c.actual)}")
    if res.enumerated:
        click.echo(f"      {len(res.runs)} zar sonucu denendi:")
        for run in res.runs:
            faces = ", ".join(str(v) for v in run.rolls.values())
            s = run.summary()
            sc = ", ".join(f"{k}={v}" for k, v in s["street_cred"].items())
            flag = "✓" if run.passed else "✗"
            click.echo(f"        {flag} zar {faces:>5}: çalınan {s['stolen']}, çatışma {s['fight']}, "
                       f"kazanan {s['winner']}, Street Cred {sc}")
    if explain:
        click.echo(style("      İz:", bold=True))
        width = len(str(len(res.trace)))
        for i, st in enumerate(res.trace, 1):
            head = f"      {i:>{width}}. {style(st.rule, fg='cyan')}: "
            click.echo(head + st.text)


def _models(game: str) -> str:
    """The game's name if its rulebook says the rules engine models it (``scenarios =
    true``), else ""."""
    from ..rulebook import RulebookError, load_rulebook
    try:
        meta = load_rulebook(game).meta
    except (KeyError, RulebookError):
        return ""
    return meta.game if meta.scenarios else ""


def _rule_checker(book):
    """Rule numbers named in scenarios must exist: in the rulebook, or as official numbers
    the Turkish text lacks (CR 1.3; the engine cites them where the official rule decides)."""
    from ..engine.cite import ALL_RULE_IDS   # official numbers (a test proves it)
    try:
        from .. import official
        table = official.load(book.meta.id)
    except Exception:  # noqa: BLE001 - no official numbering: the rulebook and the engine decide
        table = None
    if table is None:
        return lambda number: number in book or number in ALL_RULE_IDS
    return lambda number: number in book or number in ALL_RULE_IDS or table.exists(number)


@click.command()
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--all", "run_all", is_flag=True, help="Run the scenarios shipped with judge_tool.")
@click.option("--explain", is_flag=True, help="Print the numbered trace: each step with its rule.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def check(ctx: click.Context, files: tuple[Path, ...], run_all: bool, explain: bool, as_json: bool) -> None:
    """Run scenario files (TOML) and check their expected outcomes."""
    from ..engine.scenario import (ScenarioFileError, ScenarioRunError, load_scenario,
                                   run_scenario, shipped_scenarios)

    book = get_book(ctx)                    # an unknown --game fails here (exit 2)
    if not book.meta.scenarios:
        from ..rulebook import rulebook_folders
        modelled = [name for name in map(_models, rulebook_folders()) if name]
        fail(f"the rules engine models only {', '.join(modelled) or 'no game'}; "
             f"{book.meta.id} has no scenarios to check")
    rule_exists = _rule_checker(book)

    paths = list(files)
    if run_all:
        try:
            paths.extend(shipped_scenarios())
        except FileNotFoundError as exc:
            fail(str(exc))
    if not paths:
        fail("give scenario files or --all (see 'judge check --help')")
    results, invalid = [], 0
    out_json = []
    for path in paths:
        label = path.name if run_all and path.parent.name == "scenarios" else str(path)
        try:
            scn = load_scenario(path, rule_exists)
            res = run_scenario(scn)
        except (ScenarioFileError, ScenarioRunError) as exc:
            message = str(exc)
        except Exception as exc:  # an engine bug must still be one line, never a traceback
            message = f"{path}: engine error ({type(exc).__name__}: {exc}); please report it"
        else:
            message = ""
        if message:
            invalid += 1
            if as_json:
                out_json.append({"file": str(path), "title": None, "passed": False,
                                 "error": message, "expectations": [], "trace": []})
            else:
                click.echo(f"judge: {printable(message)}", err=True)
            continue
        results.append(res)
        if as_json:
            data = res.to_dict()
            data["file"] = str(path)
            out_json.append(data)
        else:
            _print_result(res, explain, label)
    failed = sum(1 for r in results if not r.passed)
    if as_json:
        echo_json({"scenarios": out_json})
    else:
        total = len(results) + invalid
        summary = f"{total} scenario(s): {len(results) - failed} passed, {failed} failed"
        if invalid:
            summary += f", {invalid} invalid"
        click.echo(summary)
    raise click.exceptions.Exit(2 if invalid else 1 if failed else 0)


TEMPLATE = '''\
# Senaryo şablonu — `judge check BU_DOSYA.toml --explain` ile çalıştırın.
# Biçim: docs/scenarios.md. Bilinmeyen anahtar, yanlış tür veya imkânsız durum hatadır.
title = "Saldırı 2 Gig çalar"
question = "12 güçlü birim rakibin Gig alanına saldırınca kaç Gig çalar?"
refs = ["9.23.2.2"]            # senaryonun gösterdiği kurallar (isteğe bağlı)

# Kartlar: type = unit | gear | program | legend; cost, power, keywords, sell_tag, effects
[cards."Sokak Samurayı"]
type = "unit"
cost = 4
power = 12
# keywords = ["ADRENALINE", "BLOCKER"]

# Bir etki örneği (tetikleyici + koşul + aksiyon):
# [[cards."Sokak Samurayı".effects]]
# label = "Samuray ATTACK"
# trigger = "ATTACK"
# if = { power_at_least = 5 }
# do = [{ do = "draw", n = 1 }]

[state]
turn_player = "A"               # sıra oyuncusu: A veya B
turn = 5
phase = "main"                  # "start" ise önce Başlangıç Aşaması oynanır

[state.A]
deck = 10                       # sayı (gizli kartlar) veya ["Kart", ...] (üstten başlayarak)
hand = []
field = [{ card = "Sokak Samurayı", spent = false, lag = false }]
eddies = 2                      # veya { ready = 1, spent = 1 }
fixer = ["d12", "d20"]
gigs = ["d4=3", "d6=5", "d8=2", "d10=7"]

[state.B]
deck = 10
fixer = ["d20"]
gigs = ["d4=1", "d6=6", "d8=8", "d10=4", "d12=9"]

# Aksiyonlar sırayla: start_phase, sell, call, play, activate, attack, pass
[[actions]]
do = "attack"
unit = "Sokak Samurayı"
target = "gigs"                 # "gigs" veya harcanmış bir rakip birim
reactions = []                  # savunan oyuncunun tepkileri (block, call, play, activate)

# Kararlar sırayla; eksik veya fazla karar hatadır.
[[choices]]
decision = "steal"
player = "A"
pick = "B.d12"

[[choices]]
decision = "steal"
player = "A"
pick = "B.d8"

# Zar sonuçları sırayla: value = 1..yüz sayısı veya "enumerate" (her yüz denenir)
# [[rolls]]
# player = "A"
# die = "d12"
# value = 7

[expect]
stolen = 2
cites = ["9.23.2.2"]

[expect.A]
gigs = ["d4=3", "d6=5", "d8=2", "d10=7", "B.d12=9", "B.d8=8"]

[expect.B]
gig_count = 3
'''


@click.group()
def scenario() -> None:
    """Write and manage scenario files."""


@scenario.command("new")
@click.argument("path", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new(path: Path | None, force: bool) -> None:
    """Write a commented scenario template to PATH (or print it)."""
    if path is None:
        click.echo(TEMPLATE, nl=False)
        return
    if path.exists() and not force:
        fail(f"{path} already exists (use --force to overwrite)")
    try:
        path.write_text(TEMPLATE, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")
    click.echo(f"wrote {path}")
