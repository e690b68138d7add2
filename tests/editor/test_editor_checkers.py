"""The editor spelling under every checker (issue 19), on examples/editor/.

- pyright and basedpyright (no plugins): fixtures.py has no diagnostic at all, in strict
  mode; in mistakes.py they report exactly the wrong *kinds* (a str into Points, a str into
  Honba) and nothing else -- they cannot know a value.
- mypy with the plugin: fixtures.py is clean, every mistake is reported with the value the
  core computes, which is the value worked out by hand in mistakes.py's comments.
- plain mypy (no plugin): the names read as pyright reads them; only Rules[...] (the core's
  Rules class, not generic) stays an error.

Each checker runs once over both files (a few seconds each).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from codegen_checkers import BIN, Diagnostic, run_mypy, run_pyright

REPO = Path(__file__).resolve().parents[2]
EDITOR = REPO / "examples" / "editor"
FILES = ["fixtures.py", "mistakes.py"]
MYPY_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|note): "
                       r"(?P<message>.*)$")


@dataclass(frozen=True, slots=True)
class Mistake:
    """One deliberate mistake of mistakes.py and what each checker says about it."""

    name: str  # the annotated variable
    mypy: str  # regular expression for the plugin's error (the value worked out by hand)
    pyright: str | None  # pyright's rule, for the mistakes it can see


def assigned(value: str, right: str) -> str:
    return (f'Incompatible types in assignment \\(expression has type "{value}", variable '
            f'has type "{right}"\\)  \\[assignment\\]')


MISTAKES = (
    Mistake("wrong_fu", assigned(r"Literal\[1600\]", r"Literal\[1300\]"), None),
    Mistake("wrong_seat", assigned(r"Literal\[2900\]", r"Literal\[2000\]"), None),
    Mistake("wrong_payment", assigned(r"Literal\['700-all'\]", r"Literal\['400-700'\]"), None),
    Mistake("wrong_yaku", assigned(r"Literal\['tanyao'\]", r"Literal\['menzen tsumo', 'pinfu'\]"),
            None),
    Mistake("explained", assigned(r"Literal\[2000\]", r"Literal\[1500\]"), None),
    Mistake("wrong_kind", assigned(r"Literal\['1300'\]", r"Literal\[1300\]"),
            "reportAssignmentType"),
    Mistake("wrong_honba", r"Honba\[\.\.\.\] takes an int, e\.g\. Honba\[2\]; got '2'  "
            r"\[mahjong-usage\]", "reportInvalidTypeArguments"),
)


def line_of(file: str, name: str) -> int:
    lines = (EDITOR / file).read_text().splitlines()
    found = [number for number, text in enumerate(lines, 1) if text.startswith(f"{name}: ")]
    assert len(found) == 1, f"{name} in {file}: {found}"
    return found[0]


def rules_lines() -> list[int]:
    lines = (EDITOR / "fixtures.py").read_text().splitlines()
    return [number for number, text in enumerate(lines, 1) if "Rules[L[" in text]


def copies(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(EDITOR / name, tmp_path / name)
    return tmp_path


def test_every_mistake_is_a_line_of_the_example() -> None:
    lines = (EDITOR / "mistakes.py").read_text().splitlines()
    annotated = {text.split(":")[0] for text in lines if re.match(r"^\w+: [A-Z]", text)}
    assert annotated == {mistake.name for mistake in MISTAKES}


@pytest.mark.parametrize("program", ["pyright", "basedpyright"])
def test_pyright_reads_the_editor_spelling_cleanly(tmp_path: Path, program: str) -> None:
    if shutil.which(program, path=str(BIN)) is None:
        pytest.skip(f"{program} is not installed")
    diagnostics = run_pyright(copies(tmp_path), FILES, strict=FILES, program=program)
    expected = {("mistakes.py", line_of("mistakes.py", mistake.name), mistake.pyright)
                for mistake in MISTAKES if mistake.pyright is not None}
    found = {(item.file, item.line, item.rule) for item in diagnostics}
    assert found == expected, "\n".join(f"{item}" for item in diagnostics)
    assert all(item.severity == "error" for item in diagnostics)


def test_mypy_with_the_plugin_reports_every_wrong_value(tmp_path: Path) -> None:
    completed = subprocess.run(
        [str(BIN / "mypy"), "--config-file", str(EDITOR / "mypy.ini"), "--cache-dir",
         str(tmp_path / "cache"), "--no-error-summary", "--hide-error-context", "--no-pretty",
         *(str(EDITOR / name) for name in FILES)],
        cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    errors: dict[int, str] = {}
    for line in completed.stdout.splitlines():
        match = MYPY_LINE.match(line)
        assert match, f"unexpected mypy output: {line!r}\n{completed.stdout}{completed.stderr}"
        assert Path(match["file"]).name == "mistakes.py", line  # fixtures.py: not a word
        if match["severity"] == "error":
            assert int(match["line"]) not in errors, line  # one error per mistake
            errors[int(match["line"])] = match["message"]
    for mistake in MISTAKES:
        message = errors.pop(line_of("mistakes.py", mistake.name), "(no error)")
        assert re.fullmatch(mistake.mypy, message), f"{mistake.name}: {message}"
    assert not errors
    # Explain's breakdown shows that the plugin's hook ran on the editor spelling.
    assert "note: typed-mahjong: Points = 1500" in completed.stdout


def test_plain_mypy_reads_the_editor_spelling(tmp_path: Path) -> None:
    diagnostics = run_mypy(copies(tmp_path), FILES)
    errors = [item for item in diagnostics if item.severity == "error"]
    expected = [Diagnostic("fixtures.py", line, "error",
                           '"Rules" expects no type arguments, but 1 given  [type-arg]')
                for line in rules_lines()]
    expected += [
        Diagnostic("mistakes.py", line_of("mistakes.py", "wrong_kind"), "error",
                   'Incompatible types in assignment (expression has type "str", variable '
                   'has type "int")  [assignment]'),
        Diagnostic("mistakes.py", line_of("mistakes.py", "wrong_honba"), "error",
                   'Type argument "Literal[\'2\']" of "Honba" must be a subtype of "int"  '
                   '[type-var]'),
    ]
    assert len(rules_lines()) == 3  # junchan_wrc, renhou_wrc, nuki (tenhou-sanma)
    assert sorted(errors, key=lambda item: (item.file, item.line)) == expected


def test_the_bare_spelling_stays_red_in_pyright(tmp_path: Path) -> None:
    # Why the editor spelling exists: pyright reads Hand["..."] as a forward reference.
    (tmp_path / "bare.py").write_text(
        "from typed_mahjong import Hand, Points, Ron\n"
        'x: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1300\n')
    diagnostics = run_pyright(tmp_path, ["bare.py"], strict=[])
    assert diagnostics and all(item.line == 2 for item in diagnostics)
