"""Shared set-up for the plugin tests.

pytest-mypy-plugins runs the ``mypy`` it finds on PATH: make it this environment's, so the
plugin and the core it imports are the ones under test.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from plugin_support import Project

BIN = str(Path(sys.executable).parent)
if os.environ.get("PATH", "").split(os.pathsep)[0] != BIN:
    os.environ["PATH"] = BIN + os.pathsep + os.environ.get("PATH", "")


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return Project(tmp_path)
