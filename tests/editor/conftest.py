"""Shared set-up for the editor tests: the pyright/mypy runners of tests/codegen."""

from __future__ import annotations

import sys
from pathlib import Path

# codegen_checkers runs pyright and plain mypy and parses their output; reuse it.
CODEGEN_TESTS = str(Path(__file__).resolve().parents[1] / "codegen")
if CODEGEN_TESTS not in sys.path:
    sys.path.insert(0, CODEGEN_TESTS)
# editor_support, beside this file.
EDITOR_TESTS = str(Path(__file__).resolve().parent)
if EDITOR_TESTS not in sys.path:
    sys.path.insert(0, EDITOR_TESTS)
