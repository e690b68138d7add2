"""The marker classes of ``typed_mahjong.query.annotations`` and of its stub are what the
query layer's tables give now (issue 44): ``python -m typed_mahjong.codegen.markers``
writes them, and these tests fail when a checked-in file differs from its output.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from typed_mahjong.codegen import markers
from typed_mahjong.core.win_options import FLAG, WinOption
from typed_mahjong.query.names import INPUTS, RESULT_NAMES, RESULTS, VALUE, ResultName

ROOT = Path(__file__).resolve().parents[2]
FILES = (markers.RUNTIME, markers.STUB)


def test_the_checked_in_files_are_what_the_generator_writes() -> None:
    stale = [str(path) for path in markers.stale()]
    assert stale == [], f"run python -m typed_mahjong.codegen.markers: {stale} are out of date"


def test_the_command_checks_and_writes(tmp_path: Path) -> None:
    # The one command, as a developer runs it, on a copy: a stale copy is refused with
    # --check and rewritten without it, byte for byte what is checked in.
    for name in FILES:
        shutil.copy(markers.FOLDER / name, tmp_path / name)
    stub = tmp_path / markers.STUB
    stub.write_text(stub.read_text(encoding="utf-8").replace(
        "class Hand(_Input, Generic[*_Pieces]): ...\n", ""), encoding="utf-8")
    assert markers.main(["--check"], tmp_path) == 1
    assert markers.main([], tmp_path) == 0
    assert markers.main(["--check"], tmp_path) == 0
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (markers.FOLDER / name).read_bytes()
    run = subprocess.run([sys.executable, "-m", "typed_mahjong.codegen.markers", "--check"],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")


def _block(name: str, which: str) -> str:
    text = (markers.FOLDER / name).read_text(encoding="utf-8")
    start = text.index(markers.BEGIN.format(which))
    return text[start:text.index(markers.END.format(which), start)]


@pytest.mark.parametrize("name", FILES)
def test_every_result_and_input_has_its_class_and_its_name(name: str) -> None:
    # Rules["majsoul"] is typed_mahjong.Rules itself, not a marker class of this module.
    wanted = {*RESULTS, *INPUTS} - {"Rules"}
    classes = _block(name, "classes")
    tree = ast.parse(classes.split("\n", 1)[1])
    defined = {node.name for node in tree.body if isinstance(node, ast.ClassDef)} | {
        target.id for node in tree.body if isinstance(node, ast.Assign)
        for target in node.targets if isinstance(target, ast.Name)}
    assert defined == wanted
    listed = {line.strip().strip('",') for line in _block(name, "names").splitlines()[1:]
              if line.strip().startswith('"')}
    assert listed == wanted


def test_a_new_row_reaches_both_files(monkeypatch: pytest.MonkeyPatch) -> None:
    option = WinOption("made_up", FLAG, False, "a made-up flag for this test", "MadeUp")
    result = ResultName("MadeUpResult", "score", VALUE, int, "a made-up result", None,
                        doc="A made-up result for this test.")
    monkeypatch.setattr(markers, "WIN_OPTIONS", (*markers.WIN_OPTIONS, option))
    monkeypatch.setattr(markers, "RESULT_NAMES", (*RESULT_NAMES, result))
    texts = {name: markers.generated(name, (markers.FOLDER / name).read_text(encoding="utf-8"))
             for name in FILES}
    assert ('class MadeUp(_Flag):\n    """A made-up flag for this test: MadeUp, as '
            'score(..., made_up=...)."""\n') in texts[markers.RUNTIME]
    assert ('class MadeUpResult(_Result):\n    """A made-up result for this test."""\n'
            in texts[markers.RUNTIME])
    assert "class MadeUp(_Flag): ...\n" in texts[markers.STUB]
    assert ('MadeUpResult = TypeAliasType("MadeUpResult", int, type_params=(_Inputs,))\n'
            in texts[markers.STUB])
    for text in texts.values():
        assert '    "MadeUp",\n' in text and '    "MadeUpResult",\n' in text
