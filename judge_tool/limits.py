"""Every size the tool accepts, in one place.

Input over a limit is refused with a one-line error that names the limit (exit 2), before
any work that could grow with it, so nothing a user types or loads can make a command run
for minutes or eat the machine's memory. The README lists these figures.

Scenario numbers (power, counts, turn, Eddies, deck size, enumerate) are the rules engine's
own limits and live with the engine.
"""

from __future__ import annotations

# --- what a user types -----------------------------------------------------------------

MAX_ARG_CHARS = 2_000
"""A query, a question, a term or a rule number: longer text is refused."""

MAX_ARGS = 1_000
"""Command-line arguments in one call."""

MAX_WORDS = 100
"""Words (runs of letters or digits) in a query or question; a judge's question has ~20."""

MAX_WORD_CHARS = 64
"""A word longer than this is cut to this length before it is analysed or compared."""

MAX_RULE_PARTS = 12
"""Parts of a rule number ("9.23.2.2" has 4); the deepest shipped rule has 5."""

MAX_RULE_PART_DIGITS = 6
"""Digits in one part of a rule number (no rule is numbered 1000000)."""

ECHO_CHARS = 80
"""How much of a user's input an error line repeats."""

# --- what a user loads -----------------------------------------------------------------

MAX_TOML_BYTES = 1_000_000
"""A rulebook.toml, glossary entry, concepts file or scenario."""

MAX_TOML_DEPTH = 24
"""Nesting of tables, arrays and dotted keys in any TOML file (the parser is recursive and
quadratic in dotted-key depth)."""

MAX_CHAPTER_BYTES = 4_000_000
"""One chapter file of a rulebook (the longest shipped chapter is ~40 KB)."""

MAX_CHAPTERS = 200
"""Chapter files listed by one rulebook.toml."""

MAX_RULEBOOK_BYTES = 16_000_000
"""All chapter files of one rulebook together (caps the search index build too)."""

MAX_GLOSSARY_FILES = 5_000
"""Term files in one glossary folder."""

MAX_NAME_CHARS = 255
"""A file name component (the usual file system limit)."""

MAX_PATH_CHARS = 4_000
"""A whole path given on the command line or derived from data."""

GAME_ID_PATTERN = r"[a-z0-9][a-z0-9-]{0,63}"
"""A rulebook id: it becomes a folder name in the cache and in the built site."""

# --- the tool's own files --------------------------------------------------------------

STALE_TMP_SECONDS = 3_600
"""A temporary build folder of ours older than this was left by an interrupted run."""
