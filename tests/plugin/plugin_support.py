"""Helpers of the plugin tests: a throw-away project checked by mypy in this process.

The tests run mypy through ``mypy.api.run`` (no interpreter start-up per run) in a project
of their own under ``tmp_path``, with its own cache.
"""

from __future__ import annotations

import os
import textwrap
from dataclasses import dataclass
from pathlib import Path

from mypy import api

REPO = Path(__file__).resolve().parents[2]

PLUGIN_PYPROJECT = """\
[tool.mypy]
plugins = ["typed_mahjong.plugin"]
[[tool.mypy.overrides]]
module = "typed_mahjong.*"
ignore_errors = true
"""


def pyproject(settings: str = "") -> str:
    """A pyproject.toml enabling the plugin, with ``settings`` as [tool.typed_mahjong]."""
    return PLUGIN_PYPROJECT + "\n[tool.typed_mahjong]\n" + textwrap.dedent(settings)


@dataclass
class MypyResult:
    stdout: str
    stderr: str
    status: int

    @property
    def lines(self) -> list[str]:
        return self.stdout.splitlines()


@dataclass
class Project:
    """Files, a config, a cache; ``check()`` runs mypy on them."""

    root: Path

    def write(self, name: str, text: str) -> Path:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    def check(self, *args: str, config: str = "pyproject.toml") -> MypyResult:
        previous = os.getcwd()
        os.chdir(self.root)
        try:
            stdout, stderr, status = api.run([
                "--config-file", config, "--cache-dir", ".mypy_cache", "--no-color-output",
                "--no-error-summary", "--show-error-codes", *args,
            ])
        finally:
            os.chdir(previous)
        return MypyResult(stdout, stderr, status)
