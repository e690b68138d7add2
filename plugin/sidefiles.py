"""Small JSON files the plugin keeps beside mypy's cache, one per module.

mypy's cache stores types, not the plugin's own knowledge (which game files a module read,
which answers it got). Each such file is written whole and atomically when mypy writes the
module's cache entry, so concurrent mypy processes never see half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def module_file(cache_dir: str, kind: str, module: str) -> Path:
    return Path(cache_dir) / f"typed_mahjong_{kind}" / f"{module}.json"


def read_json(path: Path) -> object:
    """The file's JSON value, or None when it is missing or unreadable."""
    try:
        with path.open(encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None


def write_json(path: Path, value: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Non-ASCII text as is: JSON reads it back without decoding escapes (a text UTF-8
    # cannot hold, a lone surrogate, makes it all escaped).
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        data = json.dumps(value, separators=(",", ":")).encode("ascii")
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def remove(path: Path) -> None:
    path.unlink(missing_ok=True)
