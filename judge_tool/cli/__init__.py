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


def _safe_streams() -> None:
    """Any terminal: text the encoding cannot show degrades to '?' instead of crashing; a
    closed stdout or stderr becomes /dev/null."""
    import os
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
            continue
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):
            pass


def _silence_stdout() -> None:
    """After a failed write, point stdout at /dev/null so the interpreter's final flush
    cannot print a traceback of its own."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _too_long(argv: list[str]) -> str:
    from ..limits import MAX_ARGS, MAX_PATH_CHARS
    if len(argv) > MAX_ARGS:
        return f"{len(argv):,} arguments; the limit is {MAX_ARGS:,}"
    for arg in argv:
        if len(arg) > MAX_PATH_CHARS:
            return (f"an argument of {len(arg):,} characters; the limit is "
                    f"{MAX_PATH_CHARS:,} (2,000 for a query, question, term or rule number)")
    return ""


def _error(message: str) -> None:
    from ..safepath import printable
    try:
        click.echo(f"judge: {printable(message)}", err=True)
    except (OSError, ValueError):
        pass


def main(argv: list[str] | None = None) -> None:
    """Entry point: one-line errors instead of click's usage dumps or tracebacks."""
    _safe_streams()
    args = sys.argv[1:] if argv is None else list(argv)
    problem = _too_long(args)
    if problem:
        _error(problem)
        sys.exit(2)
    try:
        code = cli.main(args=args, prog_name="judge", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # type: ignore[attr-defined]
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        code = 0
    except click.UsageError as exc:
        cmd = exc.ctx.command_path if exc.ctx else "judge"
        _error(f"{exc.format_message()} (see '{cmd} --help')")
        code = 2
    except click.ClickException as exc:
        _error(exc.format_message())
        code = exc.exit_code
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.Abort:
        _error("aborted")
        code = 130
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        _silence_stdout()
        code = 0
    except OSError as exc:
        import errno
        _silence_stdout()
        if exc.errno in (errno.ENOSPC, errno.EIO, errno.EBADF):
            _error(f"cannot write the output: {exc.strerror}")
        else:
            where = f" ({exc.filename})" if exc.filename else ""
            _error(f"{exc.strerror or type(exc).__name__}{where}")
        code = 1
    except RecursionError:
        _error("input nested too deeply")
        code = 2
    except MemoryError:
        _error("out of memory")
        code = 1
    except Exception as exc:  # a bug: still one line, never a traceback
        _error(f"internal error ({type(exc).__name__}: {exc}); please report it")
        code = 1
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()
        if code == 0:
            _error("cannot write the output")
            code = 1
    sys.exit(code if isinstance(code, int) else 0)
