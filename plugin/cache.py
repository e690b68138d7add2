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
    """A digest of the scoring core's and the plugin's files, computed once per process.

    Installed from a wheel, it is the digest of the installation's RECORD, which holds the
    sha256 of every installed file (written when the wheel was built): one small file read
    per run, and a new version or a reinstall is a new digest. In a source checkout (or an
    editable install, whose RECORD lists no sources) it is a digest of every source file's
    name, size and modification time (``stat_digest_of``): no file is read. The contents
    (``digest_of``) would cost a read and a hash of every file on every mypy run.
    """
    import typed_mahjong

    package = os.path.dirname(os.path.abspath(typed_mahjong.__file__))
    plugin = os.path.dirname(os.path.abspath(__file__))
    recorded = installed_record_digest(package, plugin, typed_mahjong.__version__)
    if recorded is not None:
        return recorded
    return stat_digest_of([Path(package), Path(plugin)])


def installed_record_digest(package: str, plugin: str, version: str) -> str | None:
    """``record:<sha256 of RECORD>`` of the installation ``package`` (typed_mahjong's folder)
    came from, when its RECORD lists the plugin's own files and ``plugin`` is the folder it
    lists; None otherwise (a checkout, an editable install, a folder put in place by hand)."""
    if os.path.realpath(plugin) != os.path.realpath(os.path.join(package, "plugin")):
        return None
    record = os.path.join(os.path.dirname(package), f"typed_mahjong-{version}.dist-info",
                          "RECORD")
    try:
        with open(record, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if b"typed_mahjong/plugin/main.py," not in data:
        return None
    return "record:" + hashlib.sha256(data).hexdigest()


def stat_digest_of(roots: list[Path]) -> str:
    """A digest of the names, sizes and modification times of the files ``digest_of``
    reads: the same files, none of them opened."""
    digest = hashlib.sha256(b"stat")
    seen: set[tuple[int, int]] = set()
    for root in roots:
        entries: list[tuple[str, int, int]] = []
        _stat_walk(str(root), "", seen, entries)
        for relative, size, mtime in sorted(entries):
            digest.update(f"{relative}\0{size}\0{mtime}\0".encode())
    return digest.hexdigest()


def _stat_walk(folder: str, relative: str, seen: set[tuple[int, int]],
               entries: list[tuple[str, int, int]]) -> None:
    try:
        found = list(os.scandir(folder))
    except OSError:
        return
    for entry in found:
        if entry.name in _UNRELATED:
            continue
        name = f"{relative}/{entry.name}" if relative else entry.name
        if entry.is_dir():
            _stat_walk(entry.path, name, seen, entries)
            continue
        if os.path.splitext(entry.name)[1] not in _SOURCE_SUFFIXES or not entry.is_file():
            continue
        try:
            info = entry.stat()
        except OSError:
            continue
        identity = (info.st_dev, info.st_ino)
        if identity in seen:
            continue
        seen.add(identity)
        entries.append((name, info.st_size, info.st_mtime_ns))


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
