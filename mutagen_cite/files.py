"""File writing that never leaves a half-written file, and plain YAML/JSON helpers."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path

from .errors import OutputError


def atomic_write_text(path: str | os.PathLike, text: str, *, durable: bool = True) -> Path:
    """Write ``text`` to ``path`` via a temporary file in the same folder, then rename.

    An existing file at ``path`` is either left untouched (on error) or replaced whole, and
    keeps its permission bits; a new file gets the mode the umask gives (like ``open()``).
    ``durable=False`` skips the fsync: right for cache entries, where a lost file is a miss.
    """

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())

    return atomic_file(path, write)


def atomic_file(path: str | os.PathLike, write) -> Path:
    """Call ``write(tmp_path)`` on a temporary file beside ``path``, then rename it into place.

    The one atomic-write protocol of the project (text, Parquet, anything a library writes to a
    path): the folder must exist, the temporary file gets the mode ``path`` has (or the umask's),
    and on any error ``path`` is left as it was and the temporary file is removed."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.exists():
        raise OutputError(
            f"folder {folder} does not exist",
            where=str(target),
            hint="create the folder first or choose another output path",
        )
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OutputError(
            f"cannot write here ({exc.strerror})",
            where=str(target),
            hint="choose a writable output path",
        ) from None
    os.close(fd)
    try:
        os.chmod(tmp, _mode_for(target))
        write(tmp)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return target


def _current_umask() -> int:
    """The process umask (read without a window where it is changed, where Linux tells it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _mode_for(target: Path) -> int:
    """An existing file keeps its mode; a new one gets what ``open()`` would give it (0666 less
    the umask), not ``mkstemp``'s private 0600."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~_current_umask()


def dumps_json(obj) -> str:
    """Deterministic JSON: sorted keys, UTF-8 kept, trailing newline."""
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, indent=2) + "\n"


def atomic_write_json(path: str | os.PathLike, obj) -> Path:
    return atomic_write_text(path, dumps_json(obj))


def first_yaml_alias(node):
    """The first node a composed YAML document reaches twice (an ``*alias``), or None.

    PyYAML composes an alias as a second reference to the anchored node, so a document that
    nests aliases ("billion laughs") is small as nodes but explodes once anything walks the
    constructed data. This walk visits each node once, so it is linear in the file's size.
    """
    import yaml

    seen: set[int] = set()
    stack = [node] if node is not None else []
    while stack:
        n = stack.pop()
        if id(n) in seen:
            return n
        seen.add(id(n))
        if isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                stack.extend((v, k))
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(reversed(n.value))
    return None
