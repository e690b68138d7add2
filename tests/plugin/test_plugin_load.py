"""What loading the plugin costs every mypy run (issue 42): it reads the settings and builds
its tables, and loads nothing of the scoring core, nor what the settings never need (the
tile types, the build report, the dataclass the rules are held to)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LOAD = """
import json, sys
from mypy.options import Options
from typed_mahjong.plugin import plugin

options = Options()
options.config_file = sys.argv[1]
loaded = plugin("x")(options)
from typed_mahjong.core.rules import Rules
print(json.dumps({
    "modules": sorted(m for m in sys.modules if m.startswith("typed_mahjong")),
    "reference built": "_reference" in Rules.__dict__,
    "kiriage": loaded._state.config.rules.kiriage,
    "problems": list(loaded._state.config.problems),
}))
"""


def test_loading_the_plugin_loads_no_scoring(tmp_path: Path) -> None:
    config = tmp_path / "mypy.ini"
    # A preset with an option changed: the settings are read and checked in full.
    config.write_text("[mypy]\nplugins = typed_mahjong.plugin\n\n"
                      "[mypy.plugins.typed_mahjong]\nrules = wrc\nkiriage = false\n")
    found = json.loads(subprocess.run(
        [sys.executable, "-c", LOAD, str(config)], capture_output=True, text=True,
        check=True, cwd=ROOT, env={**os.environ, "TYPED_MAHJONG_PURE": ""}).stdout)
    assert (found["kiriage"], found["problems"]) == (False, [])
    assert "typed_mahjong.query.settings" in found["modules"]
    unwanted = ("typed_mahjong.core.tile_types", "typed_mahjong.core.scoring",
                "typed_mahjong.core.tiles", "typed_mahjong.core.hand", "typed_mahjong.core.yaku",
                "typed_mahjong.query.building", "typed_mahjong.query.answering",
                "typed_mahjong.build")
    assert [name for name in found["modules"] if name in unwanted] == []
    assert found["reference built"] is False


def test_scoring_loads_no_tile_types() -> None:
    # The core's modules name the tile_types aliases for type checkers only.
    code = ("import sys; from typed_mahjong import score; score('234p234s456m567s44p', '3p'); "
            "print('typed_mahjong.core.tile_types' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT).stdout.split() == ["False"]


@pytest.mark.parametrize("value", ["", "0", "1", "yes"])
def test_the_package_installs_the_pure_finder_as_build_says(value: str) -> None:
    # __init__ imports build.py (which installs the finder) only when pure_requested() holds.
    code = ("import sys, typed_mahjong; loaded = 'typed_mahjong.build' in sys.modules; "
            "from typed_mahjong.build import pure_requested; print(loaded, pure_requested())")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=ROOT,
                           env={**os.environ, "TYPED_MAHJONG_PURE": value}).stdout.split()
    assert shown[0] == shown[1], (value, shown)
