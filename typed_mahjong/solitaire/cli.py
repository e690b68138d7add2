"""Subcommands of this area for the ``typed-mahjong`` console script (placeholder)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add this area's subcommands; filled in by the issue that builds the area."""
