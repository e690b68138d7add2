"""The main job: mypy with the typed-mahjong plugin on the examples.

    python -m typed_mahjong.cli.demo        (python3 dev.py demo runs this inside .venv)

Checks ``examples/fixtures.py`` (hands whose values were worked out by hand: mypy must find
nothing) and ``examples/mistakes.py`` (deliberate mistakes: mypy must say exactly what
``examples/mistakes.out`` says), prints what it saw, and exits 0 when both are as expected.
Run it from the repository root.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Final

EXAMPLES: Final = Path("examples")
CONFIG: Final = EXAMPLES / "mypy.ini"
FIXTURES: Final = EXAMPLES / "fixtures.py"
MISTAKES: Final = EXAMPLES / "mistakes.py"
EXPECTED: Final = EXAMPLES / "mistakes.out"
RESULT_ANNOTATION: Final = re.compile(
    r"^\w+: (Points|Han|Fu|Total|Yaku|Payment|Shanten|Waits)\[", re.MULTILINE
)


def run_mypy(path: Path) -> tuple[int, list[str]]:
    """mypy's exit code and output lines for one example module."""
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(CONFIG), "--no-color-output",
         "--no-pretty", str(path)],
        capture_output=True, text=True, check=False,
    )
    return completed.returncode, (completed.stdout + completed.stderr).splitlines()


def check_fixtures() -> bool:
    hands = len(RESULT_ANNOTATION.findall(FIXTURES.read_text(encoding="utf-8")))
    code, lines = run_mypy(FIXTURES)
    if code == 0:
        print(f"  {FIXTURES}: {hands} result annotations, every value agrees with the core")
        return True
    print(f"  {FIXTURES}: UNEXPECTED: mypy exited with {code}:")
    for line in lines:
        print(f"    {line}")
    return False


def check_mistakes() -> bool:
    expected = EXPECTED.read_text(encoding="utf-8").splitlines()
    code, lines = run_mypy(MISTAKES)
    errors = [line for line in lines if ": error: " in line]
    print(f"  {MISTAKES}: {len(errors)} deliberate mistakes, reported by mypy as:")
    for line in lines:
        print(f"    {line}")
    if code == 1 and lines == expected:
        print(f"  ... exactly as {EXPECTED} expects")
        return True
    print(f"  UNEXPECTED: mypy exited with {code}; the output differs from {EXPECTED}:")
    for line in sorted(set(expected) - set(lines)):
        print(f"    missing: {line}")
    for line in sorted(set(lines) - set(expected)):
        print(f"    extra:   {line}")
    return False


def main() -> int:
    if not CONFIG.is_file():
        print(f"typed-mahjong demo: run it from the repository root ({CONFIG} not found)",
              file=sys.stderr)
        return 2
    from mypy.version import __version__ as mypy_version

    print(f"typed-mahjong demo: mypy {mypy_version} with plugins = typed_mahjong.plugin "
          f"({CONFIG})")
    fixtures_ok = check_fixtures()
    mistakes_ok = check_mistakes()
    if fixtures_ok and mistakes_ok:
        print("demo: everything as expected")
        return 0
    print("demo: FAILED (see above)")
    return 1


if __name__ == "__main__":
    sys.exit(main())
