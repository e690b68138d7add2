"""dmypy never answers with stale settings: ``dmypy run`` restarts when they change, and
``dmypy check`` (which reads no configuration at all) gets a mahjong-config error at every
module it analyses again.

123m789m123p789s99p won on 1m is junchan (2) + pinfu (1) + ... 4 han 30 fu: 7700 under
tenhou rules, 8000 under WRC rules (kiriage mangan).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from plugin_support import Project, pyproject

DMYPY = str(Path(sys.executable).parent / "dmypy")


def dmypy(project: Project, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([DMYPY, "--status-file", "status.json", *args], cwd=project.root,
                          capture_output=True, text=True, timeout=120, check=False)


def test_daemon_warns_when_the_settings_change(project: Project) -> None:
    project.write("pyproject.toml", pyproject('rules = "tenhou"\n'))
    project.write("m.py", """\
        from typed_mahjong import Hand, Points, Ron
        x: Points[Hand["123m789m123p789s99p"], Ron["1m"]] = 7700
    """)
    started = dmypy(project, "start", "--", "--config-file", "pyproject.toml")
    assert started.returncode == 0, started.stderr
    try:
        assert dmypy(project, "check", "m.py").returncode == 0
        # The edit lands at once, within the file system's timestamp granularity of the
        # daemon's last look: the content is compared, so it is seen all the same.
        project.write("pyproject.toml", pyproject('rules = "wrc"\n'))
        project.write("m.py", (project.root / "m.py").read_text() + "# edited\n")
        stale = dmypy(project, "check", "m.py")
        assert stale.returncode == 1
        assert ("m.py:2: error: typed-mahjong: the settings in pyproject.toml changed after "
                "this mypy daemon started") in stale.stdout
        assert "Run 'dmypy restart' to use the new ones  [mahjong-config]" in stale.stdout
        # Each time the daemon analyses the module again, it says so again.
        project.write("m.py", (project.root / "m.py").read_text() + "# edited again\n")
        again = dmypy(project, "check", "m.py")
        assert "[mahjong-config]" in again.stdout
    finally:
        dmypy(project, "stop")


def test_dmypy_run_restarts_with_the_new_settings(project: Project) -> None:
    project.write("pyproject.toml", pyproject('rules = "tenhou"\n'))
    project.write("m.py", """\
        from typed_mahjong import Hand, Points, Ron
        x: Points[Hand["123m789m123p789s99p"], Ron["1m"]] = 7700
    """)
    try:
        first = dmypy(project, "run", "--", "--config-file", "pyproject.toml", "m.py")
        assert first.returncode == 0, first.stdout + first.stderr
        # No module edited: only the settings change.
        project.write("pyproject.toml", pyproject('rules = "wrc"\n'))
        second = dmypy(project, "run", "--", "--config-file", "pyproject.toml", "m.py")
        assert "Restarting: plugins changed" in second.stdout
        assert second.returncode == 1
        assert ('m.py:2: error: Incompatible types in assignment (expression has type '
                '"Literal[7700]", variable has type "Literal[8000]")') in second.stdout
    finally:
        dmypy(project, "stop")
