"""``codegen --check`` compares content: the spelling of the ``-o`` path in the header (which
changes with the directory the command is run from) is not a difference (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest

from typed_mahjong.cli import main


def test_check_accepts_another_spelling_of_the_same_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    assert main(["codegen", "tables", "--rules", "wrc", "-o", "out/scores.py"]) == 0
    assert "-o out/scores.py" in (tmp_path / "out" / "scores.py").read_text()
    for spelling in ("./out/scores.py", str(tmp_path / "out" / "scores.py")):
        assert main(["codegen", "tables", "--rules", "wrc", "-o", spelling, "--check"]) == 0
    monkeypatch.chdir(tmp_path / "out")
    assert main(["codegen", "tables", "--rules", "wrc", "-o", "scores.py", "--check"]) == 0


def test_check_still_sees_other_header_and_body_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["codegen", "tables", "--rules", "wrc", "-o", "scores.py"]) == 0
    path = tmp_path / "scores.py"
    original = path.read_text()
    # Another command in the header (a different rules preset) is a difference.
    path.write_text(original.replace("--rules wrc", "--rules ema", 1))
    assert main(["codegen", "tables", "--rules", "wrc", "-o", "./scores.py", "--check"]) == 1
    # So is any change below the header.
    path.write_text(original.replace("1000", "1100", 1))
    assert main(["codegen", "tables", "--rules", "wrc", "-o", "./scores.py", "--check"]) == 1
    assert "out of date" in capsys.readouterr().err
