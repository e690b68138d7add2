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
