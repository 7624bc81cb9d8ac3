"""Progress bars on stderr (tqdm), created on demand by the CLI and passed into the library."""

from __future__ import annotations

import sys
from typing import Callable


def bar_factory(enabled: bool = True) -> Callable[[str, int], Callable[[int], None]]:
    """``factory(label, total, unit="doc")`` returns ``advance(n)``; bars close themselves when full."""

    def factory(label: str, total: int, unit: str = "doc") -> Callable[[int], None]:
        if not enabled or total <= 0:
            return lambda n: None
        from tqdm import tqdm

        # disable=None: no bar when stderr is not a terminal (a log file, CI), as `run` does
        bar = tqdm(total=total, desc=label, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True, disable=None)

        def advance(n: int) -> None:
            bar.update(n)
            if not bar.disable and bar.n >= total:
                bar.close()

        advance.close = bar.close  # for a stage that ends before its bar is full
        return advance

    factory.enabled = enabled  # type: ignore[attr-defined]
    return factory
