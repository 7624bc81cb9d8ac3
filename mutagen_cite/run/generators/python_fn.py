"""A Python callable as a generator: ``python:package.module:function`` or ``python:path/gen.py:fn``.

The function receives the request as a plain dict (the same JSON the command adapter sends)
and returns answer text, ``{"answer": ...}``, ``{"claims": [...]}`` or ``{"decline": true}``.
It runs in a worker thread so a hung call can be abandoned after ``timeout`` seconds; an
exception fails that case only. Names are imported, never evaluated.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any, Callable

from ...errors import GeneratorError
from .base import Request, call_with_timeout


def load_callable(target: str) -> Callable[[dict], Any]:
    """Import ``module:function`` (dotted module or a .py file path)."""
    module_name, sep, attr = target.rpartition(":")
    if not sep or not module_name or not attr:
        raise GeneratorError(f"expected MODULE:FUNCTION, got {target!r}",
                             hint="e.g. --generator python:my_rag.answer or python:./gen.py:answer")
    if module_name.endswith(".py") or os.sep in module_name or "/" in module_name:
        path = Path(module_name).expanduser()
        if not path.is_file():
            raise GeneratorError(f"no such file {module_name!r}", where=target, hint="check the path")
        spec = importlib.util.spec_from_file_location(f"mutagen_generator_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        try:
            spec.loader.exec_module(module)  # type: ignore[union-attr]
        except Exception as exc:
            raise GeneratorError(f"importing {path} failed: {type(exc).__name__}: {exc}", where=target) from None
    else:
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())  # so a module next to the suite is importable
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise GeneratorError(f"cannot import {module_name!r} ({exc})", where=target,
                                 hint="run from the folder holding the module, or set PYTHONPATH") from None
    fn = module
    for part in attr.split("."):
        fn = getattr(fn, part, None)
        if fn is None:
            raise GeneratorError(f"{module_name!r} has no attribute {attr!r}", where=target)
    if not callable(fn):
        raise GeneratorError(f"{target!r} is not callable", where=target)
    return fn  # type: ignore[return-value]


class PythonGenerator:
    """Calls ``fn(request_dict)`` per case, with a timeout."""

    concurrency = 1

    def __init__(self, target: str | Callable[[dict], Any], *, timeout: float = 60.0, name: str | None = None):
        if callable(target):
            self.fn = target
            label = f"{getattr(target, '__module__', '?')}:{getattr(target, '__qualname__', 'fn')}"
        else:
            self.fn = load_callable(target)
            label = target
        self.name = name or f"python:{label}"
        self.timeout = timeout

    def generate(self, request: Request) -> Any:
        payload = request.to_json()
        return call_with_timeout(lambda: self.fn(payload), self.timeout, self.name)

    def close(self) -> None:
        pass
