"""``typed-mahjong editor-config``: the files pyright should leave to mypy, and only those.

The end-to-end test puts the printed setting into a pyright configuration and runs pyright:
the bare-spelling files then give no report, the others are still checked.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from codegen_checkers import run_pyright

from typed_mahjong.cli import main

BARE = """\
from typed_mahjong import Hand, Points, Ron

x: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1300
"""
EDITOR = """\
from typing import Literal as L

from typed_mahjong import Hand, Points, Ron, Rules

x: Points[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]], Rules["wrc"]] = 1300
"""


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def listed(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(["editor-config", "--json", *args]) == 0
    setting = json.loads(capsys.readouterr().out)
    assert isinstance(setting["ignore"], list)
    return list(setting["ignore"])


def test_lists_exactly_the_files_in_the_bare_spelling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, {
        "tests/bare.py": BARE,
        "tests/editor.py": EDITOR,  # Literal strings; Rules["wrc"] is fine in pyright
        # Through the package or a module, under other names, in a signature.
        "tests/module_alias.py": "import typed_mahjong as tm\n\n"
                                 'def f() -> tm.Waits[tm.Hand["123m456p789s55m23s"]]: ...\n',
        "tests/renamed.py": "from typed_mahjong.query.annotations import Honba as H, Points as P\n"
                            "def f(x: P[H[2]]) -> None: ...\n",
        # Strings in subscripts that are not ours, and ours outside annotations.
        "tests/other.py": "from typing import Annotated\nfrom typed_mahjong import Hand\n\n"
                          'x: Annotated[int, "meta"] = 1\ny = Hand["123m"]\n',
        "tests/notes.txt": BARE,
        ".venv/lib/site.py": BARE,
        "build/lib/copy.py": BARE,
    })
    monkeypatch.chdir(tmp_path)
    assert listed(capsys, "tests") == ["tests/bare.py", "tests/module_alias.py",
                                       "tests/renamed.py"]
    assert listed(capsys) == ["tests/bare.py", "tests/module_alias.py", "tests/renamed.py"]
    assert listed(capsys, "tests/editor.py", "tests/bare.py") == ["tests/bare.py"]


def test_pyproject_text_and_unreadable_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, {"a/bare.py": BARE, "a/broken.py": "x: Points[Hand[\n",
                     "a/editor.py": EDITOR})
    monkeypatch.chdir(tmp_path)
    assert main(["editor-config", "a"]) == 0
    captured = capsys.readouterr()
    assert '[tool.pyright]\nignore = [\n    "a/bare.py",\n]\n' in captured.out
    assert "skipped a/broken.py: " in captured.err
    assert main(["editor-config", "a/editor.py"]) == 0
    assert "No file uses the bare spelling" in capsys.readouterr().out


def test_pyright_is_clean_with_the_printed_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong_kind = EDITOR.replace("= 1300", '= "1300"')
    write(tmp_path, {"bare.py": BARE, "editor.py": EDITOR, "wrong.py": wrong_kind})
    monkeypatch.chdir(tmp_path)
    files = ["bare.py", "editor.py", "wrong.py"]
    before = {item.file for item in run_pyright(tmp_path, files, strict=[])}
    assert before == {"bare.py", "wrong.py"}
    ignore = listed(capsys, ".")
    assert ignore == ["bare.py"]
    after = run_pyright(tmp_path, files, strict=[], config={"ignore": ignore})
    assert {(item.file, item.rule) for item in after} == {("wrong.py", "reportAssignmentType")}


@pytest.mark.parametrize("json_output", [False, True])
def test_a_missing_path_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    json_output: bool,
) -> None:
    # A typo in a CI path must not pass as "no file uses the bare spelling".
    write(tmp_path, {"a/bare.py": BARE})
    monkeypatch.chdir(tmp_path)
    flags = ["--json"] if json_output else []
    assert main(["editor-config", *flags, "a", "missing.py", "gone/"]) == 2
    captured = capsys.readouterr()
    if json_output:
        report = json.loads(captured.out)
        assert (report["status"], report["exit_code"], report["file"]) == (
            "error", 2, "missing.py")
        message = report["error"]
    else:
        assert captured.out == ""  # no setting printed: nothing half-answered
        message = captured.err
    assert "missing.py: no such file or directory" in message
    assert "gone/" in message  # every missing path named, not only the first
