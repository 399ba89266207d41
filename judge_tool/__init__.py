"""judge_tool: rules reference and ruling assistant for Cyberpunk TCG judges."""

__version__ = "0.1.0"
