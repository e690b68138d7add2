"""An editor's own LSP client: Neovim headless opens an example and reads the diagnostics.

Neovim (``nvim``, 0.7 or later) starts ``typed-mahjong lsp`` from this checkout with its
built-in client, as docs/editors.md sets it up, on examples/editor/mistakes.py; what it
shows must be what the server's checker says of the file, and the first mistake of the
file (234p234s456m567s44p won on 3p by ron: tanyao 1 han 40 fu, 1300 for a non-dealer,
written as 1600) must be among it, where the file writes it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the lsp extra is not installed: pip install -e '.[lsp]'")

from typed_mahjong.lsp.analysis import ERROR, Checker  # noqa: E402
from typed_mahjong.query.settings import load_config  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "editor" / "mistakes.py"
SCRIPT = Path(__file__).with_name("neovim_diagnostics.lua")
NVIM = shutil.which("nvim")
TIMEOUT_S = 120  # a loaded shared machine; a hang fails instead of blocking
# Neovim's severities (vim.diagnostic.severity): ERROR 1, INFO 3.
SEVERITY = {ERROR: 1}
INFO = 3


def _place(diagnostic: dict[str, object]) -> str:
    return json.dumps([diagnostic[key] for key in ("line", "column", "code", "message")])


@pytest.mark.slow
@pytest.mark.skipif(NVIM is None, reason="nvim is not installed (Debian: apt install neovim)")
def test_neovim_shows_the_servers_diagnostics(tmp_path: Path) -> None:
    assert NVIM is not None
    out = tmp_path / "diagnostics.json"
    command = [sys.executable, "-c", "import sys; from typed_mahjong.cli import main; "
               "sys.exit(main(sys.argv[1:]))", "lsp"]
    env = {**os.environ, "TM_CMD": json.dumps(command), "TM_ROOT": str(EXAMPLE.parent),
           "TM_OUT": str(out), "TM_TIMEOUT_MS": str(TIMEOUT_S * 1000),
           "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [
               os.environ.get("PYTHONPATH")])])}
    subprocess.run([NVIM, "--headless", "--clean", "-n", "-c", f"luafile {SCRIPT}",
                    str(EXAMPLE)], env=env, cwd=tmp_path, timeout=TIMEOUT_S + 30,
                   capture_output=True, check=True)
    shown = json.loads(out.read_text(encoding="utf-8"))

    source = EXAMPLE.read_text(encoding="utf-8")
    report = Checker(load_config(str(EXAMPLE.parent / "mypy.ini"))).check(source)
    # The example is ASCII: Neovim's byte columns are the server's (mypy's) columns.
    expected = [{"line": message.span.line - 1, "column": message.span.column,
                 "code": message.code, "message": message.text,
                 "severity": SEVERITY.get(message.severity, INFO)}
                for message in report.messages]
    assert len(expected) >= 10  # the file's mistakes: much to compare
    assert sorted(shown, key=_place) == sorted(expected, key=_place)
    line = source.splitlines().index(
        'wrong_fu: Points[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]]] = 1600')
    assert {"line": line, "column": source.splitlines()[line].index("1600"),
            "code": "assignment", "severity": 1,
            "message": 'Incompatible types in assignment (expression has type '
                       '"Literal[1600]", variable has type "Literal[1300]")'} in shown
