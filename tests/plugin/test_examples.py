"""The README's main job: mypy with the plugin on examples/, from the repository root.

examples/fixtures.py holds hands whose values were worked out by hand (the working is in its
comments) and must pass; examples/mistakes.py must give exactly examples/mistakes.out.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from plugin_support import REPO


def test_demo_passes_from_the_repository_root() -> None:
    # python -m puts the repository root first on sys.path: typed_mahjong then imports from
    # the source tree, and the plugin must still load (issue 3: "mypy run from the repo
    # root loads the plugin fine").
    completed = subprocess.run([sys.executable, "-m", "typed_mahjong.cli.demo"], cwd=REPO,
                               capture_output=True, text=True, timeout=600, check=False)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "every value agrees with the core" in completed.stdout
    assert "exactly as examples/mistakes.out expects" in completed.stdout


def test_mistakes_output_names_every_kind_of_problem() -> None:
    expected = (REPO / "examples" / "mistakes.out").read_text().splitlines()
    codes = {line.rsplit("[", 1)[1].rstrip("]") for line in expected if ": error: " in line}
    assert codes == {"assignment", "arg-type", "mahjong-malformed", "mahjong-not-winning",
                     "mahjong-no-yaku", "mahjong-situation", "mahjong-rules", "mahjong-usage"}
    assert sum(": note: " in line for line in expected) == 5  # the Explain breakdown


def test_the_rows_example_passes_mypy_and_pytest(tmp_path: Path) -> None:
    """examples/rows.py: parametrize tables, every row right (worked out in its comments)."""
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "examples/mypy.ini", "--cache-dir",
         str(tmp_path / "cache"), "examples/rows.py"],
        cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
    pytest_run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p",
         "typed_mahjong.query.pytest_plugin", "examples/rows.py"],
        cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    assert pytest_run.returncode == 0, pytest_run.stdout + pytest_run.stderr
    assert "14 passed" in pytest_run.stdout


def test_console_script_from_the_repository_root(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from typed_mahjong import Hand, Points, Ron\n"
                      'x: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1600\n')
    mypy = str(Path(sys.executable).parent / "mypy")
    completed = subprocess.run(
        [mypy, "--config-file", "examples/mypy.ini", "--cache-dir", str(tmp_path / "cache"),
         str(module)], cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert 'expression has type "Literal[1600]", variable has type "Literal[1300]"' in (
        completed.stdout)
