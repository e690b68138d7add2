"""Helpers shared by the game tests (imported as a top-level module, like plugin_support)."""

from __future__ import annotations

import argparse

from typed_mahjong.cli import games as cli


def run(*argv: str) -> int:
    """``typed-mahjong ARGV`` through this area's parser; the exit status."""
    parser = argparse.ArgumentParser(prog="typed-mahjong")
    cli.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code
