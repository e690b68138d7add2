"""Shared by the build tests: setup.py loaded as a module."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def setup_module() -> ModuleType:
    """setup.py as a module: its ``setup()`` call runs only as __main__."""
    spec = importlib.util.spec_from_file_location("typed_mahjong_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
