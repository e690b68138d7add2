"""mypy with the plugin in a child process under the caps of ``tests/hostile.py``: a hostile
annotation or game file that hangs or exhausts mypy fails the test instead of the machine.
"""

from __future__ import annotations

from pathlib import Path

from hostile import Capped, run_capped

MYPY = ("import sys\nfrom mypy import api\n"
        "out, err, status = api.run(sys.argv[1:])\n"
        "sys.stdout.write(out)\nsys.stderr.write(err)\nsys.exit(status)\n")


def mypy_capped(root: Path, *files: str, config: str = "pyproject.toml",
                seconds: float = 60) -> Capped:
    """``mypy FILES`` in ``root`` (its own cache), capped; exit 0 or 1 is a clean end."""
    return run_capped(["--config-file", config, "--cache-dir", ".mypy_cache",
                       "--no-color-output", "--no-error-summary", "--show-error-codes",
                       "--show-column-numbers", *files],
                      code=MYPY, cwd=root, seconds=seconds)
