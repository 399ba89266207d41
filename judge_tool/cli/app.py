"""The click application: the `judge` group and its subcommands, each in its own module and
imported only when used, so `judge rule` does not pay for search or the site. The entry
point (`judge_tool.cli.main`) comes here for every form the fast path does not take."""

from __future__ import annotations

import importlib

import click

from .output import Exit, color_enabled, error_line, fail

# command name -> "module:attribute" (module relative to judge_tool.cli)
COMMANDS: dict[str, str] = {
    "rule": "rules_cmd:rule",
    "toc": "rules_cmd:toc",
    "export": "rules_cmd:export",
    "define": "glossary_cmd:define",
    "terms": "glossary_cmd:terms",
    "search": "search_cmd:search",
    "index": "search_cmd:index",
    "check": "check_cmd:check",
    "scenario": "check_cmd:scenario",
    "ask": "ask_cmd:ask",
    "site": "site_cmd:site",
    "games": "games_cmd:games",
    "coverage": "official_cmd:coverage",
    "import-official": "official_cmd:import_official",
    "compare": "games_cmd:compare",
    "card": "cards_cmd:card",
    "cards": "cards_cmd:cards",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        try:
            module = importlib.import_module(f"{__package__}.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(__package__ or ""):
                return None          # command not built yet
            raise
        return getattr(module, attr)

    def invoke(self, ctx: click.Context):
        """`fail()` (click-free, shared with the fast path) ends a command with
        output.Exit; click knows its own Exit."""
        try:
            return super().invoke(ctx)
        except Exit as exc:
            raise click.exceptions.Exit(exc.code) from None

    def resolve_command(self, ctx, args):
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib
            close = difflib.get_close_matches(name, self.list_commands(ctx), n=2)
            hint = f" Did you mean: {', '.join(close)}?" if close else " See 'judge --help'."
            fail(f"no command {name!r}.{hint}", code=2)
        return super().resolve_command(ctx, args)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--game", default="cyberpunk-tcg", show_default=True, metavar="GAME",
              help="Which rulebook to use.")
@click.option("--lang", default=None, metavar="LANG",
              help="Interface language (tr, ru, hr, fr, en); default: JUDGE_LANG, else the rulebook's.")
@click.version_option(package_name="judge-tool", prog_name="judge")
@click.pass_context
def cli(ctx: click.Context, game: str, lang: str | None) -> None:
    """Rules reference and ruling assistant for Cyberpunk TCG judges."""
    from .output import check_language

    check_language(lang)              # a bad --lang or JUDGE_LANG fails here, once
    ctx.obj = {"game": game, "lang": lang}
    if color_enabled():
        ctx.color = True     # keep styles when FORCE_COLOR asks for them on a pipe


def run(args: list[str]) -> int:
    """Run `judge ARGS` through click; click's own errors become one line and an exit code
    (usage errors 2). Everything else propagates to `main()`."""
    try:
        code = cli.main(args=args, prog_name="judge", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # type: ignore[attr-defined]
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        code = 0
    except click.UsageError as exc:
        cmd = exc.ctx.command_path if exc.ctx else "judge"
        error_line(f"{exc.format_message()} (see '{cmd} --help')")
        code = 2
    except click.ClickException as exc:
        error_line(exc.format_message())
        code = exc.exit_code
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except Exit as exc:
        code = exc.code
    except click.Abort:
        error_line("aborted")
        code = 130
    return code if isinstance(code, int) else 0
