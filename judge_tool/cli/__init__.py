"""The `judge` command line: the entry point. Click-free, so the frequent simple forms
(`judge rule N`, `judge define TERM`) run through `fastpath` without paying for click's
import; every other form goes to the click application in `app.py` unchanged. Both end
here, so limits, stream handling and one-line errors are the same for both."""

from __future__ import annotations

import sys


def __getattr__(name: str) -> object:
    """`from judge_tool.cli import cli` (and COMMANDS, LazyGroup) still works: loaded on use."""
    if name in ("cli", "COMMANDS", "LazyGroup"):
        from . import app
        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


def _dispatch(args: list[str], ending: bool = False) -> tuple[int, bool]:
    """(exit code, whether the fast path ran it): the fast path when it takes this form,
    else click. `ending`: a fast-path run ends the process next (`_quick_exit`)."""
    from .fastpath import run as run_fast
    code = run_fast(args, ending)
    if code is not None:
        return code, True
    from .app import run as run_click
    return run_click(args), False


def _quick_exit(code: int) -> None:
    """End the process now, its output flushed and its atexit functions run: the
    interpreter's own teardown (a full garbage collection and freeing every object of the
    loaded rulebook) would cost ~10% of a fast-path run, and leaves nothing else to do."""
    import atexit
    import os
    try:
        atexit._run_exitfuncs()         # e.g. a cache that saves itself at exit
    except Exception:  # pragma: no cover - handlers report their own errors
        pass
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: one-line errors instead of click's usage dumps or tracebacks. With no
    `argv` (the console script, `python -m judge_tool`) a fast-path run ends the process
    directly (`_quick_exit`); a caller's `main([...])` always gets SystemExit."""
    from .output import error_line
    _safe_streams()
    args = sys.argv[1:] if argv is None else list(argv)
    problem = _too_long(args)
    if problem:
        error_line(problem)
        sys.exit(2)
    fast = False
    try:
        code, fast = _dispatch(args, argv is None)
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        _silence_stdout()
        code = 0
    except OSError as exc:
        import errno
        _silence_stdout()
        if exc.errno in (errno.ENOSPC, errno.EIO, errno.EBADF):
            error_line(f"cannot write the output: {exc.strerror}")
        else:
            where = f" ({exc.filename})" if exc.filename else ""
            error_line(f"{exc.strerror or type(exc).__name__}{where}")
        code = 1
    except RecursionError:
        error_line("input nested too deeply")
        code = 2
    except MemoryError:
        error_line("out of memory")
        code = 1
    except Exception as exc:  # a bug: still one line, never a traceback
        error_line(f"internal error ({type(exc).__name__}: {exc}); please report it")
        code = 1
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()
        if code == 0:
            error_line("cannot write the output")
            code = 1
    if fast and argv is None:         # a real `judge` process, not a caller's main([...])
        _quick_exit(code)
    sys.exit(code)
