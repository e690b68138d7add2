"""The core's shipped tables (built by scripts in ``scripts/``), and their reader."""

from __future__ import annotations

import gzip
import os


def read_table(name: str) -> bytes:
    """The bytes of table ``name`` of this folder, ungzipped.

    Read beside this module's file rather than through ``importlib.resources``: the tables
    are loaded on a hand's first scoring, and that import (with ``zipfile``, ``tempfile``)
    cost more than the read; an install of typed-mahjong is always a folder (its compiled
    modules are too)."""
    with open(os.path.join(os.path.dirname(__file__), name), "rb") as file:
        return gzip.decompress(file.read())
