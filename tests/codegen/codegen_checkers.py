"""Shared helpers: run mypy (no plugin) and pyright on generated files, parse their output."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

BIN = Path(sys.executable).parent
MYPY_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): (?P<severity>error|note): "
                       r"(?P<message>.*)$")


@dataclass(frozen=True, slots=True)
class Diagnostic:
    file: str  # file name only
    line: int  # 1-based
    severity: str  # "error" or "note" (mypy), "error"/"warning"/"information" (pyright)
    message: str  # mypy: text with its [code]; pyright: first line of the message
    rule: str = ""  # pyright's rule name


def run_mypy(folder: Path, files: list[str]) -> list[Diagnostic]:
    """mypy --strict on ``files`` in ``folder`` with a config of its own (no plugin)."""
    (folder / "mypy.ini").write_text("[mypy]\nstrict = True\n")
    result = subprocess.run(
        [str(BIN / "mypy"), "--config-file", "mypy.ini", "--cache-dir", ".mypy_cache",
         "--no-error-summary", "--hide-error-context", "--no-pretty", *files],
        cwd=folder, capture_output=True, text=True, check=False)
    diagnostics = []
    for line in result.stdout.splitlines():
        match = MYPY_LINE.match(line)
        assert match, f"unexpected mypy output: {line!r}\n{result.stdout}{result.stderr}"
        diagnostics.append(Diagnostic(Path(match["file"]).name, int(match["line"]),
                                      match["severity"], match["message"]))
    return diagnostics


def run_pyright(folder: Path, files: list[str], strict: list[str], program: str = "pyright",
                config: dict[str, object] | None = None) -> list[Diagnostic]:
    """pyright on ``files``: basic mode, strict mode for the ``strict`` ones.

    ``program`` may be "basedpyright" (same command line and output; its own default mode);
    ``config`` adds settings to pyrightconfig.json. Imports resolve in this environment,
    whatever ``python`` is first on PATH.
    """
    (folder / "pyrightconfig.json").write_text(json.dumps({"strict": strict, **(config or {})}))
    result = subprocess.run([str(BIN / program), "--outputjson", "--pythonpath", sys.executable,
                             *files], cwd=folder, capture_output=True, text=True, check=False)
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"pyright failed:\n{result.stdout}{result.stderr}") from None
    return [Diagnostic(Path(item["file"]).name, item["range"]["start"]["line"] + 1,
                       item["severity"], item["message"].splitlines()[0],
                       item.get("rule", ""))
            for item in report["generalDiagnostics"]]
