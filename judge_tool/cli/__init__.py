"""The `judge` command line. Subcommands live in their own modules and are imported only
when used, so `judge rule` does not pay for search or the site."""

from __future__ import annotations

import importlib
import sys

import click

from .output import color_enabled, fail

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
            module = importlib.import_module(f"{__name__}.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(__name__):
                return None          # command not built yet
            raise
        return getattr(module, attr)

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
    from ..i18n import UnknownLanguage, choose

    try:
        choose(None, lang)            # a bad --lang or JUDGE_LANG fails here, once
    except UnknownLanguage as exc:
        fail(str(exc), code=2)
    ctx.obj = {"game": game, "lang": lang}
    if color_enabled():
        ctx.color = True     # keep styles when FORCE_COLOR asks for them on a pipe


def main(argv: list[str] | None = None) -> None:
    """Entry point: one-line errors instead of click's usage dumps or tracebacks."""
    try:
        code = cli.main(args=argv, prog_name="judge", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # type: ignore[attr-defined]
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        code = 0
    except click.UsageError as exc:
        cmd = exc.ctx.command_path if exc.ctx else "judge"
        click.echo(f"judge: {exc.format_message()} (see '{cmd} --help')", err=True)
        code = 2
    except click.ClickException as exc:
        click.echo(f"judge: {exc.format_message()}", err=True)
        code = exc.exit_code
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.Abort:
        click.echo("judge: aborted", err=True)
        code = 130
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
        sys.stderr.close()
    sys.exit(code if isinstance(code, int) else 0)
