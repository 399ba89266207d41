"""judge_tool: rules reference and ruling assistant for Cyberpunk TCG judges."""

from . import classcode as _classcode

__version__ = "0.1.0"

# Before any module of ours defines a dataclass: its methods' code is reused between runs.
_classcode.install()
