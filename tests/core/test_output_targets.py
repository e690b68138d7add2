"""Output files (issue 43, item 12): one rule for every command that writes one.

``codegen ... -o``, ``logs export -o``, ``solitaire review --html`` and ``game replay
--fixtures`` all go through ``safe_io.check_output_path``: the command's own input is
refused as its output (by resolved path and by inode: another spelling, a hard link), as
are a read-only file, a name ending in a slash and a folder that does not exist. A refusal
is one line naming the path, exit 2, before the work, and nothing is written. The router is
called in this process: these inputs are small, and each target is checked before any work.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from typed_mahjong.cli import main
from typed_mahjong.safe_io import OutputError, check_output_path

ROOT = Path(__file__).resolve().parents[2]


def _fixtures(folder: Path) -> Path:
    source = folder / "hands.toml"
    source.write_bytes((ROOT / "examples" / "codegen" / "hands.toml").read_bytes())
    return source


def _log(folder: Path) -> Path:
    source = folder / "example.xml"
    source.write_bytes((ROOT / "tests" / "data" / "tenhou_mjlog" / "example.xml").read_bytes())
    return source


def _game(folder: Path) -> Path:
    source = folder / "trap-lost.game"
    text = (ROOT / "examples" / "solitaire" / "trap-lost.game").read_text()
    # The example names its layout by a relative path; the copy names the shipped one.
    source.write_text(text.replace("../../typed_mahjong/solitaire/layouts/trap.tiles", "trap"))
    return source


# Each command: how to make its input in a folder, and its argv writing to an output.
COMMANDS: dict[str, tuple[Callable[[Path], Path], Callable[[str, str], list[str]]]] = {
    "codegen fixtures": (_fixtures, lambda src, out: ["codegen", "fixtures", src, "-o", out]),
    "logs export": (_log, lambda src, out: ["logs", "export", src, "-o", out]),
    "solitaire review": (_game, lambda src, out: ["solitaire", "review", src, "--html", out]),
}


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("spelling", ["same", "another spelling", "hard link"])
def test_the_input_is_never_its_own_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        command: str, spelling: str) -> None:
    make, argv = COMMANDS[command]
    source = make(tmp_path)
    before = source.read_bytes()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    if spelling == "same":
        output = source.name
    elif spelling == "another spelling":
        output = f"./sub/../{source.name}"
    else:
        output = "linked"
        os.link(source, tmp_path / output)
    code, err = _run(capsys, argv(source.name, output))
    assert code == 2, err
    assert f"cannot write {output}: it is the input" in err, err
    assert source.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        {source.name, "sub", output if spelling == "hard link" else source.name})


@pytest.mark.parametrize("command", COMMANDS)
def test_a_read_only_target_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    make, argv = COMMANDS[command]
    source = make(tmp_path)
    target = tmp_path / "kept.out"
    target.write_text("kept\n")
    target.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    code, err = _run(capsys, argv(str(source), str(target)))
    assert code == 2, err
    assert f"cannot write {target}: it is read-only" in err, err
    assert target.read_text() == "kept\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


@pytest.mark.parametrize("command", COMMANDS)
def test_a_name_ending_in_a_slash_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    make, argv = COMMANDS[command]
    source = make(tmp_path)
    target = f"{tmp_path}/newdir/"
    code, err = _run(capsys, argv(str(source), target))
    assert code == 2, err
    assert f"cannot write {target}: the name ends with a slash" in err, err
    assert not (tmp_path / "newdir").exists()


@pytest.mark.parametrize("command", COMMANDS)
def test_a_missing_folder_is_refused_by_every_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    make, argv = COMMANDS[command]
    source = make(tmp_path)
    target = tmp_path / "new" / "deeper" / "out.txt"
    code, err = _run(capsys, argv(str(source), str(target)))
    assert code == 2, err
    assert f"the folder {tmp_path / 'new' / 'deeper'} does not exist" in err, err
    assert not (tmp_path / "new").exists()  # no folder made


def test_the_helper_compares_resolved_paths_and_inodes(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("x")
    os.link(source, tmp_path / "hard")
    for spelling in (source, tmp_path / "." / "in.txt", tmp_path / "hard"):
        with pytest.raises(OutputError, match="it is the input"):
            check_output_path(spelling, inputs=[source])
    # A missing input and a new output are no conflict; nor is a different file.
    assert check_output_path(tmp_path / "new.txt", inputs=[source, tmp_path / "gone"])
    (tmp_path / "other.txt").write_text("y")
    assert check_output_path(tmp_path / "other.txt", inputs=[source])


@pytest.mark.parametrize("where", ["output", "input"])
def test_codegen_writes_a_file_whose_path_is_not_utf8(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    # Found by the generated targets (seed 3): the header of the written module names the
    # command line, and a byte that is not UTF-8 in a path (a lone surrogate to Python)
    # ended in an internal error (UnicodeEncodeError, exit 70) instead of the file.
    source = _fixtures(tmp_path)
    if where == "input":
        source = source.rename(tmp_path / "h\udcff.toml")
    target = tmp_path / ("out\udcff.py" if where == "output" else "out.py")
    code, err = _run(capsys, ["codegen", "fixtures", str(source), "-o", str(target)])
    assert code == 0, err
    text = target.read_text(encoding="utf-8")  # valid UTF-8: the byte escaped
    assert ("out\\udcff.py" if where == "output" else "h\\udcff.toml") in text
    # --check reads the same header back: up to date.
    assert _run(capsys, ["codegen", "fixtures", str(source), "-o", str(target),
                         "--check"])[0] == 0
