"""Issue 32 item 3: ruff's ``--fix`` on a fixtures module, then mypy with the plugin.

UP037 (quoted-annotation, from pyupgrade) unquotes a string annotation that parses as an
expression wherever annotations are not evaluated: under ``from __future__ import
annotations`` and in a function's local annotations. ``Seat["E"]`` becomes ``Seat[E]``.
The plugin then names the tool and the spelling that survives it; the settings
docs/plugin.md gives keep ruff from touching the file, and the editor spelling survives
ruff with no settings at all.

Values: 234p234s456m567s44p won on 3p is tanyao 1 han 40 fu, 1300; 2000 for the dealer
(Seat["E"]); Dora["N"] points at East, not in the hand; majsoul rules score it the same.
In the built-in game forest, the hand below scores Moonrise among its yaku
(tests/games/test_games_forest.py works it out).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from plugin_support import Project, pyproject

FIXTURES = '''\
from __future__ import annotations

from typed_mahjong import Dora, Game, Hand, Points, Ron, Rules, Seat, Yaku

dealer: Points[Hand["234p234s456m567s44p"], Ron["3p"], Seat["E"]] = 2000
preset: Points[Hand["234p234s456m567s44p"], Ron["3p"], Rules["majsoul"], Dora["N"]] = 1300
moon: Yaku[Game["forest"], Hand["fox vixen kit owl eagle_owl owlet bear grizzly moon"]] = "Moonrise"


def test_local() -> None:
    local: Points[Hand["234p234s456m567s44p"], Ron["3p"], Seat["E"]] = 2000
    assert local == 2000
'''

# The editor spelling: every string of an annotation in Literal (as L).
EDITOR = '''\
from __future__ import annotations

from typing import Literal as L

from typed_mahjong import Dora, Hand, Points, Ron, Rules, Seat

dealer: Points[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]], Seat[L["E"]]] = 2000
preset: Points[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]], Rules[L["majsoul"]],
                Dora[L["N"]]] = 1300
'''

# What docs/plugin.md (Linters) tells a project that keeps the bare spelling.
RUFF_SETTINGS = '''\
[tool.ruff.lint.per-file-ignores]
"tests/**" = ["F722", "F821", "UP037"]
'''

# A common selection: pycodestyle, pyflakes, isort, pyupgrade (UP037 among them), bugbear.
USUAL = "E,F,I,UP,B"


def _ruff() -> str:
    found = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed (it is in the test extra)")
    return found


def _fix(root: Path, *options: str) -> None:
    subprocess.run([_ruff(), "check", "--fix", "--no-cache", *options, "tests/test_x.py"],
                   cwd=root, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("select", ["UP037", USUAL])
def test_ruffs_fix_then_mypy_names_the_tool_and_the_surviving_spelling(
        project: Project, select: str) -> None:
    project.write("pyproject.toml", pyproject())
    path = project.write("tests/test_x.py", FIXTURES)
    _fix(project.root, "--isolated", "--select", select)
    fixed = path.read_text(encoding="utf-8")
    # The round trip this test is about: ruff did unquote them.
    assert "Seat[E]" in fixed and "Rules[majsoul]" in fixed and "Game[forest]" in fixed
    result = project.check("--show-column-numbers", "tests/test_x.py")
    assert "name-defined" not in result.stdout, result.stdout
    assert "mahjong-internal" not in result.stdout, result.stdout
    errors = [line for line in result.lines if ": error: " in line]
    # dealer, preset (Rules and Dora), moon and the local fixture: one error each name.
    assert len(errors) == 5, result.stdout
    for name, spelling in (("E", 'Seat[L["E"]]'), ("majsoul", 'Rules[L["majsoul"]]'),
                           ("N", 'Dora[L["N"]]'), ("forest", 'Game[L["forest"]]')):
        mine = [line for line in errors if f'"{name}" is not defined' in line]
        assert mine, (name, result.stdout)
        for line in mine:
            assert "UP037" in line and "ruff" in line and spelling in line
            assert line.endswith("[mahjong-usage]")


def test_the_documented_ruff_settings_keep_the_quotes(project: Project) -> None:
    project.write("pyproject.toml", pyproject() + RUFF_SETTINGS)
    path = project.write("tests/test_x.py", FIXTURES)
    _fix(project.root, "--select", USUAL)
    assert path.read_text(encoding="utf-8") == FIXTURES
    result = project.check("tests/test_x.py")
    assert result.status == 0, result.stdout


def test_the_editor_spelling_survives_ruff_without_settings(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    path = project.write("tests/test_x.py", EDITOR)
    _fix(project.root, "--isolated", "--select", USUAL)
    assert path.read_text(encoding="utf-8") == EDITOR
    result = project.check("tests/test_x.py")
    assert result.status == 0, result.stdout
