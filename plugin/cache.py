"""What mypy's incremental cache must know about the plugin: ``report_config_data``.

A module's cached types stay valid only while the data reported for it is unchanged, so the
data holds everything a verdict depends on: the plugin and core sources (a digest of their
files), the configured rules, and the game files the module used. Modules that cannot
contain result annotations -- the bundled typeshed stubs and typed_mahjong itself -- report
nothing, so a rules change does not make mypy check the standard library again.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path
from typing import Final

from mypy.options import Options
from mypy.util import is_typeshed_file

# typed_mahjong subpackages no result depends on.
_UNRELATED: Final = frozenset({"solitaire", "__pycache__"})
_SOURCE_SUFFIXES: Final = frozenset({".py", ".pyi", ".gz", ".bin", ".json", ".txt", ".yaml"})


@cache
def sources_digest() -> str:
    """A digest of the scoring core's and the plugin's files, computed once per process."""
    import typed_mahjong

    return digest_of([Path(typed_mahjong.__file__).parent, Path(__file__).parent])


def digest_of(roots: list[Path]) -> str:
    """A digest of the names and contents of the source and data files under ``roots``."""
    digest = hashlib.sha256()
    seen: set[Path] = set()
    for root in roots:
        for path in sorted(root.rglob("*")):
            if _UNRELATED.intersection(path.relative_to(root).parts):
                continue
            if path.suffix not in _SOURCE_SUFFIXES or not path.is_file():
                continue
            real = path.resolve()
            if real in seen:
                continue
            seen.add(real)
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(b"\0")
            digest.update(real.read_bytes())
    return digest.hexdigest()


def reports_for(options: Options, module: str, path: str) -> bool:
    """Whether ``module`` carries the plugin's cache data."""
    if module == "typed_mahjong" or module.startswith("typed_mahjong."):
        return False
    typeshed = options.custom_typeshed_dir
    return not is_typeshed_file(os.path.abspath(typeshed) if typeshed else None, path)


def side_files_dir(options: Options) -> str | None:
    """Where the game side files go: inside mypy's cache directory, when there is one."""
    if not options.incremental or options.cache_dir == os.devnull:
        return None
    return options.cache_dir
