"""The score and shanten subcommands."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: "argparse._SubParsersAction[Any]") -> None:
    """Filled in by issue 2."""
