"""Helpers shared by the game tests (imported as a top-level module, like plugin_support)."""

from __future__ import annotations

from typed_mahjong.cli import main


def run(*argv: str) -> int:
    """``typed-mahjong ARGV`` through the real router (errors reported as users see them);
    the exit status."""
    return main(list(argv))
