"""The ``typed-mahjong`` console script: one parser, each area adds its own subcommands.

Every area module exposes ``register(subparsers)``; each subcommand sets ``func`` to a
callable taking the parsed namespace and returning the exit code. Area modules keep their
heavy imports inside ``func`` so ``typed-mahjong --help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..build import version_text
from ..errors import HandError
from . import codegen, editor, games, logs, score, settle, solitaire


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="typed-mahjong", description="Score riichi hands and check them statically.",
        formatter_class=argparse.RawDescriptionHelpFormatter,  # --version's line unwrapped
    )
    parser.add_argument("--version", action="version", version=version_text(),
                        help="print the version and the build running (compiled or pure Python)")
    subparsers = parser.add_subparsers(dest="command", required=True)
    for area in (score, settle, codegen, games, solitaire, logs, editor):
        area.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except HandError as exc:
        print(f"typed-mahjong: error: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
