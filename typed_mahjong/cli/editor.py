"""``typed-mahjong editor-config``: which files pyright and Pylance should leave to mypy.

pyright has no plugins and reads a string inside a subscript of a type annotation as a
forward reference, so ``Hand["234p234s456m567s44p"]`` (the bare spelling) is an error there
whatever stub we ship. The editor spelling, ``Hand[L["234p..."]]``, reads cleanly (see
docs/plugin.md, "In your editor"). A team that keeps the bare spelling can list the files
that use it in pyright's ``ignore`` setting: mypy with the plugin still checks them.

A file uses the bare spelling when one of its annotations subscripts a name imported from
``typed_mahjong`` with a plain string or number (``Hand["..."]``, ``tm.Honba[2]``; not
``Rules["wrc"]``, which pyright accepts). Only the syntax is read: nothing is imported or
run.
"""

from __future__ import annotations

import argparse
import ast
import errno
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..safe_io import InputError, printable, read_input, walk_files
from .console import json_text

# A source file past this is no project module of the user's: skipped, not parsed.
MAX_SOURCE_BYTES = 16 << 20
# Directories that hold no project code of the user's.
SKIPPED_DIRS = frozenset({".git", ".hg", ".venv", "venv", "__pycache__", "node_modules",
                          ".mypy_cache", ".pytest_cache", ".tox", ".nox", "build", "dist"})
# The one name pyright accepts with a bare string: the core's Rules class has its own
# __class_getitem__, and pyright does not check the arguments of such a class.
PYRIGHT_ACCEPTS: frozenset[str] = frozenset({"Rules"})


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    parser = subparsers.add_parser(
        "editor-config", help="list the files pyright/Pylance should leave to mypy",
        description="List the Python files whose typed-mahjong annotations use the bare "
        'spelling (Hand["..."]), which pyright and Pylance cannot read, as a [tool.pyright] '
        "ignore setting; mypy with the plugin keeps checking them. Files in the editor "
        'spelling (Hand[L["..."]], L = typing.Literal) need no entry.')
    parser.add_argument("paths", metavar="PATH", nargs="*", default=["."],
                        help="files or directories to scan (default: the current directory)")
    parser.add_argument("--json", action="store_true",
                        help="print the setting for pyrightconfig.json instead of pyproject.toml")
    parser.set_defaults(func=_editor_config)


def _editor_config(args: argparse.Namespace) -> int:
    check_paths_exist(args.paths)
    bare: list[str] = []
    for path in python_files([Path(name) for name in args.paths]):
        try:
            source = read_input(path, max_bytes=MAX_SOURCE_BYTES, what="a Python file")
            tree = ast.parse(source, filename=str(path))
        except InputError as exc:
            print(f"typed-mahjong: skipped {exc}", file=sys.stderr)
            continue
        except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
            print(f"typed-mahjong: skipped {path.as_posix()}: {type(exc).__name__}: "
                  f"{str(exc)[:200]}", file=sys.stderr)
            continue
        if uses_bare_spelling(tree):
            bare.append(path.as_posix())
    print(json_text({"ignore": bare}, indent=2) if args.json else pyproject_text(bare))
    return 0


def check_paths_exist(names: Sequence[str]) -> None:
    """Refuse the command line if a path names nothing: a typo in a CI path would
    otherwise pass as "no file uses the bare spelling". Every missing path is named."""
    missing = [name for name in names if not os.path.lexists(name)]
    if missing:
        shown = [printable(name) for name in missing]
        more = f" (nor {', '.join(shown[1:])})" if len(shown) > 1 else ""
        raise InputError(f"{shown[0]}: no such file or directory{more}", file=shown[0],
                         fault="no such file or directory", errno=errno.ENOENT)


def python_files(paths: Sequence[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            files, problems = walk_files(path, (".py", ".pyi"), SKIPPED_DIRS)
            for problem in problems:
                print(f"typed-mahjong: skipped {problem}", file=sys.stderr)
            yield from files
        elif path.suffix in (".py", ".pyi"):
            yield path  # read_input says why, if it is no regular file


def pyproject_text(files: list[str]) -> str:
    if not files:
        return ("# No file uses the bare spelling (Hand[\"...\"]): pyright and Pylance can "
                "check every one.")
    entries = "".join(f"    {json.dumps(name)},\n" for name in files)
    return (f"# {len(files)} file(s) write typed-mahjong annotations in the bare spelling, "
            "which pyright and\n"
            "# Pylance read as forward references. mypy with the plugin still checks them;\n"
            "# keep them out of pyright's reports with this in pyproject.toml:\n"
            f"[tool.pyright]\nignore = [\n{entries}]\n"
            "# or write them in the editor spelling, Hand[L[\"...\"]] (docs/plugin.md).")


def uses_bare_spelling(tree: ast.Module) -> bool:
    # The query layer's finder resolves the names, as the language server does.
    from ..query.finder import bare_spelling

    return bare_spelling(tree, PYRIGHT_ACCEPTS)
