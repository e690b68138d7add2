"""A command loads what it uses: the console script starts with no other layer imported.

Every CLI call pays its imports before it does anything; the test suite runs the CLI in
hundreds of child processes. Only ``--version`` needs to know the build, which means
importing every compiled module (the plugin's among them, and with them mypy).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# A bundled example game: the command reads it as a user's file.
GAME = Path(__file__).resolve().parents[2] / "examples" / "games" / "colour-trios.yaml"


def loaded_by(argv: list[str], cwd: Path) -> tuple[int, list[str]]:
    """The exit code of ``typed-mahjong ARGV`` in a fresh process, and every module of
    mypy or typed_mahjong it had imported by then. Run from ``cwd``, not the checkout: the
    build under test is the one installed (compiled or not), not the sources beside it."""
    code = ("import sys\nfrom typed_mahjong.cli import main\nstatus = main(sys.argv[1:])\n"
            "print('\\n'.join(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('mypy', 'typed_mahjong'))), file=sys.stderr)\n"
            "sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                          text=True, cwd=cwd, timeout=120)
    return done.returncode, done.stderr.split()


@pytest.mark.parametrize(("argv", "unwanted"), [
    (["score", "234p234s456m567s44p", "--win", "3p"],
     ("typed_mahjong.plugin", "typed_mahjong.solitaire", "typed_mahjong.logs",
      "typed_mahjong.games")),
    (["game", "tiles", "{game}"],
     ("typed_mahjong.plugin", "typed_mahjong.solitaire", "typed_mahjong.logs",
      "typed_mahjong.core.scoring")),
], ids=["score", "game-tiles"])
def test_a_command_imports_no_other_layer(tmp_path: Path, argv: list[str],
                                          unwanted: tuple[str, ...]) -> None:
    status, loaded = loaded_by([arg.format(game=GAME) for arg in argv], tmp_path)
    assert status == 0, loaded
    assert "typed_mahjong.cli.main" in loaded  # the listing is of the run that answered
    assert [name for name in loaded
            if name.split(".")[0] == "mypy" or name.startswith(unwanted)] == []
