"""Shared set-up for the plugin tests (tests/conftest.py puts this environment's ``mypy``
first on PATH)."""

from __future__ import annotations

from pathlib import Path

import pytest
from plugin_support import Project


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return Project(tmp_path)
