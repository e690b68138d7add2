"""The server's diagnostics equal mypy + plugin's mahjong errors, line for line (issue 40).

mypy runs in-process (``mypy.api``) on examples/ and on the ``main`` modules of the
plugin's test cases; the server's checker answers the same text under the same config
file. Compared: every error mypy reports with a ``mahjong-*`` code, its ``[assignment]``
errors (a wrong value, a call assigned to another ``Literal``) and its ``[arg-type]``
errors (a table row's wrong ``expect=``, a parametrize row), as
``line:column: message [code]``: annotations, function forms (``points(...)``, in
asserts and comparisons) and table rows (``cases.points(...)``) alike.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

pytest.importorskip("pygls", reason="the lsp extra is not installed: pip install -e '.[lsp]'")

from typed_mahjong.lsp.analysis import ERROR, Checker  # noqa: E402
from typed_mahjong.query.settings import load_config  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [ROOT / "examples" / name for name in (
    "fixtures.py", "mistakes.py", "rows.py", "editor/fixtures.py", "editor/mistakes.py")]
CASE_FILES = [ROOT / "tests" / "plugin" / name for name in (
    "test_errors.yaml", "test_inputs.yaml", "test_results.yaml", "test_messages.yaml",
    "test_functions.yaml", "test_comparisons.yaml", "test_parametrize_rows.yaml",
    "test_fixture_forms.yaml", "test_settlement.yaml", "test_hand_results.yaml",
    "test_game_inputs.yaml", "test_linters.yaml")]
ERROR_LINE = re.compile(r"^[^:]+:(\d+):(\d+): error: (.*)  \[([a-z-]+)\]$")
# mypy's codes the server reports besides the plugin's own mahjong-* codes.
COMPARED_CODES = frozenset({"assignment", "arg-type"})


def _mypy_errors(path: Path, config: Path, cache: Path) -> list[str]:
    from mypy import api

    out, _, _ = api.run(["--config-file", str(config), "--show-column-numbers",
                         "--show-error-codes", "--cache-dir", str(cache), str(path)])
    found = []
    for line in out.splitlines():
        match = ERROR_LINE.match(line)
        if match is None:
            continue
        number, column, message, code = match.groups()
        if code.startswith("mahjong-") or code in COMPARED_CODES:
            found.append(f"{number}:{column}: {message} [{code}]")
    return found


def _server_errors(path: Path, config: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    report = Checker(load_config(str(config))).check(source)
    return [f"{m.span.line}:{m.span.column + 1}: {m.text} [{m.code}]"
            for m in report.messages if m.severity == ERROR]


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_the_server_reports_what_mypy_reports_on_an_example(path: Path,
                                                            tmp_path: Path) -> None:
    config = path.parent / "mypy.ini"
    expected = _mypy_errors(path, config, tmp_path / "cache")
    assert _server_errors(path, config) == expected
    if path == ROOT / "examples" / "mistakes.py":
        assert len(expected) >= 10  # the comparison can fail: there is much to compare


def _cases() -> list[object]:
    found: list[object] = []
    for path in CASE_FILES:
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            if "main" in case and not case.get("files"):
                name = f"{path.name}::{case['case']}"
                found.append(pytest.param(
                    name, case["main"],
                    case.get("mypy_config", "plugins = typed_mahjong.plugin\n"), id=name))
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("name", "main", "settings"), _cases())
def test_the_server_reports_what_mypy_reports_on_a_plugin_test_case(
        name: str, main: str, settings: str, tmp_path: Path) -> None:
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n" + settings)
    path = tmp_path / "main.py"
    path.write_text(main)
    assert _server_errors(path, config) == _mypy_errors(path, config, tmp_path / "cache")
