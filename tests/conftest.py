"""Set-up for every test folder.

pytest-mypy-plugins (tests/plugin, tests/editor) and the tests that start ``mypy`` or
``pyright`` run the executables they find on PATH: make them this environment's, so the
plugin and the core they import are the ones under test, whichever folder is run alone.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

BIN = str(Path(sys.executable).parent)
if os.environ.get("PATH", "").split(os.pathsep)[0] != BIN:
    os.environ["PATH"] = BIN + os.pathsep + os.environ.get("PATH", "")


# Modules that are slow as a whole, kept out of a developer's quick run (`python3 dev.py
# test`) and run by CI (`CI` set) and `python3 dev.py test --all`. The quick run has a
# budget of two minutes on a 2-core machine; each entry says what makes it slow.
# (A single slow test is marked where it is written: @pytest.mark.slow.)
SLOW_MODULES: dict[str, str] = {
    # Hostile-input sweeps: a child process under time and memory caps for every case.
    "tests/cli/test_cli_hostile.py": "capped child processes",
    "tests/games/test_games_cli_hostile.py": "capped child processes",
    "tests/logs/test_logs_hostile.py": "capped child processes",
    "tests/plugin/test_hostile_games.py": "capped mypy processes",
    "tests/plugin/test_hostile_hands.py": "capped mypy processes",
    "tests/plugin/test_hostile_rows.py": "capped mypy processes",
    "tests/solitaire/test_hostile.py": "capped child processes",
    # Other tools or processes started for every test.
    "tests/codegen/test_codegen_typecheck.py": "pyright and mypy on generated modules",
    "tests/editor/test_editor_checkers.py": "pyright, basedpyright and mypy",
    "tests/plugin/test_cache.py": "mypy runs, cold and warm",
    "tests/plugin/test_daemon.py": "the mypy daemon",
    "tests/solitaire/test_play.py": "a web server a test",
    "tests/solitaire/test_workers.py": "a second solver process",
}


def pytest_collection_modifyitems(config: object, items: list[object]) -> None:
    import pytest

    root = Path(__file__).resolve().parent.parent
    for item in items:
        path = Path(str(getattr(item, "fspath", ""))).resolve()
        try:
            relative = path.relative_to(root).as_posix()
        except ValueError:
            continue
        if relative in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)  # type: ignore[attr-defined]
