"""Issue 32: the parametrize tables of test_parametrize_rows.yaml, run by pytest. The very
rows mypy reports fail at run time, and only they, each naming the row and the right value
(the value mypy's message says it expected); the rows left to run time fail there.

Each table runs in a pytest child process (the opt-in plugin,
``-p typed_mahjong.query.pytest_plugin``), as a user's test module would.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
import yaml
from plugin_support import REPO

CASE_FILE = REPO / "tests" / "plugin" / "test_parametrize_rows.yaml"
EXPECTED = re.compile(r'# E: .*; expected "(?P<type>.*)"  \[arg-type\]$')


def _main(case: str) -> str:
    for entry in yaml.safe_load(CASE_FILE.read_text(encoding="utf-8")):
        if entry["case"] == case:
            return str(entry["main"])
    raise LookupError(case)


def _right_value(type_text: str) -> object:
    """The value (or, for a union, the names) of a Literal type as mypy prints it."""
    if type_text.startswith("tuple["):
        items = re.findall(r"Literal\[(.*?)\](?:,|\]$)", type_text)
        return tuple(ast.literal_eval(item) for item in items)
    inner = re.fullmatch(r"Literal\[(.*)\]", type_text)
    assert inner is not None, type_text
    names = ast.literal_eval(f"({inner.group(1)},)")
    return names[0] if len(names) == 1 else names


def _run(tmp_path: Path, source: str) -> dict[str, str | None]:
    """Test id -> failure message (None for a pass) of ``source`` run as a test module."""
    (tmp_path / "test_rows.py").write_text(source, encoding="utf-8")
    report = tmp_path / "report.xml"
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                    "-p", "typed_mahjong.query.pytest_plugin", f"--junitxml={report}",
                    "test_rows.py"], cwd=tmp_path, capture_output=True, text=True,
                   timeout=300, check=False)
    outcomes: dict[str, str | None] = {}
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        failure = case.find("failure")
        outcomes[case.attrib["name"]] = None if failure is None else failure.attrib["message"]
    return outcomes


@pytest.mark.parametrize("table", ["rows_as_cases", "rows_in_annotated_columns"])
def test_the_rows_mypy_reports_are_the_rows_that_fail(tmp_path: Path, table: str) -> None:
    source = _main(table)
    marked = {number: _right_value(match.group("type"))
              for number, line in enumerate(source.splitlines(), start=1)
              if (match := EXPECTED.search(line))}
    assert marked
    outcomes = _run(tmp_path, source)
    failures = [message for message in outcomes.values() if message is not None]
    assert len(outcomes) > len(failures) > 0
    assert len(failures) == len(marked), failures
    for number, right in marked.items():
        if table == "rows_as_cases":
            # The row's own line, and the core's answer.
            row = [message for message in failures if f"test_rows.py:{number})" in message]
            assert len(row) == 1, (number, failures)
            assert f"the core says {right!r}," in row[0]
        else:  # "the core says 1300", or "one of ('riichi', 'pinfu')" for Yaku and Waits
            assert any(f"{right!r}" in message.partition("the core says")[2]
                       for message in failures), (number, right, failures)


def test_rows_left_to_run_time_fail_there(tmp_path: Path) -> None:
    # 123m456m789m234p55s on 4p is 3900 (test_parametrize_rows.yaml), not 2900; the
    # indirect column gets the fixture's 1300, which is right.
    outcomes = _run(tmp_path, _main("rows_left_to_run_time"))
    failed = {name: message for name, message in outcomes.items() if message is not None}
    assert set(failed) == {"test_computed[points 123m456m789m234p55s 4p]",
                           "test_plain[123m456m789m234p55s-4p-2900]"}, outcomes
    assert "the core says 3900, the row expects 2900" in failed[
        "test_computed[points 123m456m789m234p55s 4p]"]
    assert outcomes["test_indirect[1600]"] is None
