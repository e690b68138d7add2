"""dmypy reads the settings once, when it starts: the plugin says so when they change.

123m789m123p789s99p won on 1m is 4 han 30 fu: 7700 under tenhou rules.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from plugin_support import Project, pyproject

from typed_mahjong.plugin.state import RECHECK_INTERVAL

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
        project.write("pyproject.toml", pyproject('rules = "wrc"\n'))
        time.sleep(RECHECK_INTERVAL + 0.1)  # the daemon looks at the file at most this often
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
