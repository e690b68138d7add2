"""The fixture-forms matrix on the lowest supported mypy (1.19).

The project's own environment has the newest mypy; this test builds, once, a second
environment under ``.venv/lowest-mypy`` with ``mypy==1.19.*`` and the test tools, and runs
the matrix YAML files there. The project is not installed again: the environment gets a
``.pth`` file naming the link tree of the main environment's strict editable install (what
``python3 dev.py test`` keeps current), so the code under test is the code in this checkout.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LOWEST = "1.19"
ENV = REPO / ".venv" / "lowest-mypy"
BIN = ENV / "bin"
REQUIREMENTS = (f"mypy=={LOWEST}.*", "pytest>=8.3,<10", "pytest-mypy-plugins>=3.2,<5",
                "types-PyYAML>=6.0,<7", "jinja2>=3.1,<4", "PyYAML>=6.0,<7",
                "typing_extensions")
STAMP = ENV / ".requirements"
MATRIX = ("tests/plugin/test_fixture_forms.yaml", "tests/plugin/test_comparisons.yaml",
          "tests/plugin/test_messages.yaml")


def _site_packages(python: Path) -> Path:
    out = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                          "['purelib'])"], capture_output=True, text=True, check=True)
    return Path(out.stdout.strip())


def _ensure_lowest_env() -> None:
    wanted = "\n".join(REQUIREMENTS)
    if not (STAMP.exists() and STAMP.read_text() == wanted):
        venv.EnvBuilder(with_pip=True, clear=True).create(ENV)
        subprocess.run([str(BIN / "python"), "-m", "pip", "install", "-q",
                        "--disable-pip-version-check", *REQUIREMENTS], check=True)
        STAMP.write_text(wanted)
    # The main environment's editable install: one line, the link tree's directory.
    main_pth = next(_site_packages(Path(sys.executable)).glob("__editable__.typed_mahjong*.pth"))
    lowest_site = _site_packages(BIN / "python")
    for stale in lowest_site.glob("__editable__.typed_mahjong*.pth"):  # an older version's
        stale.unlink()
    (lowest_site / main_pth.name).write_text(main_pth.read_text())


@pytest.mark.slow
def test_fixture_forms_on_the_lowest_mypy() -> None:
    _ensure_lowest_env()
    version = subprocess.run([str(BIN / "mypy"), "--version"], capture_output=True, text=True,
                             check=True).stdout
    assert version.startswith(f"mypy {LOWEST}."), version
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    command = [str(BIN / "python"), "-m", "pytest", "-q", "-o", "addopts=",
               "-p", "no:cacheprovider", "-p", "no:xdist", *MATRIX]
    result = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    # Every case ran (none skipped): as many passed as the three files hold cases.
    cases = sum(line.startswith("- case:") for name in MATRIX
                for line in (REPO / name).read_text().splitlines())
    assert cases >= 11
    assert result.stdout.strip().splitlines()[-1].startswith(f"{cases} passed"), \
        result.stdout[-500:]
