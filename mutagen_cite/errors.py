"""Domain errors. Each carries a hint telling the user how to fix the problem.

The library raises these; ``cli.py`` is the one place that turns them into a one-line
message and an exit code. Never let a traceback reach a user for bad input.
"""

from __future__ import annotations


class MutagenError(Exception):
    """Base class. ``where`` names the file, line or case id; ``hint`` says what to do."""

    exit_code = 2

    def __init__(self, message: str, *, hint: str | None = None, where: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.where = where

    def __str__(self) -> str:
        parts = [f"{self.where}: {self.message}" if self.where else self.message]
        if self.hint:
            parts.append(f"(hint: {self.hint})")
        return " ".join(parts)


class CorpusError(MutagenError):
    """The corpus folder is missing, empty or unreadable."""


class ModelNotFound(MutagenError):
    """A spaCy pipeline, embedding model or NLI model is not installed."""


class SuiteError(MutagenError):
    """A suite file is malformed, or inconsistent with its corpus."""


class ConfigError(MutagenError):
    """A bad option value: unknown family, --cases 0, malformed gate."""


class GeneratorError(MutagenError):
    """A generator could not be constructed (bad spec, missing module)."""


class CacheError(MutagenError):
    """A cache file is unreadable; callers rebuild it rather than trust it."""


class OutputError(MutagenError):
    """An output path cannot be written."""


class NotBuilt(MutagenError):
    """A feature that is declared but not implemented yet."""

    exit_code = 3
