"""judge_tool: rules reference and ruling assistant for Cyberpunk TCG judges."""

from . import classcode as _classcode
from . import recache as _recache

__version__ = "0.1.0"

# Before any module compiles a regular expression (dataclasses does on import): the
# matcher's code is reused between runs.
_recache.install()
# Before any module of ours defines a dataclass: its methods' code is reused between runs.
_classcode.install()
