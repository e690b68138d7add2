"""Hostile input to the console script as a whole (issue 30): the router and its streams,
number options, output files. Each run is a child process under the caps of
tests/hostile.py; the in-process tests call the router itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import CLI, assert_clean, run_capped
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from typed_mahjong.cli import main
from typed_mahjong.cli import score as score_command
from typed_mahjong.cli.console import EXIT_INTERNAL

HAND, WIN = "234p234s456m567s44p", "3p"  # tanyao, 1 han 40 fu: 1300 (README)
HUGE = "9" * 5000  # past Python's 4,300-digit limit for int()


@pytest.mark.parametrize(("argv", "fault"), [
    (["score", HAND, "--win", WIN, "--honba", HUGE], "is not a whole number"),
    (["score", HAND, "--win", WIN, "--sticks", "1000"], "1000 is out of range (0 to 999)"),
    (["score", HAND, "--win", WIN, "--honba", "²"], "'²' is not a whole number"),
    (["score", HAND, "--win", WIN, "--honba", "٣"], "'٣' is not a whole number"),
    (["score", HAND, "--win", WIN, "--nuki", "5", "--rules", "tenhou-sanma"],
     "5 is out of range (0 to 4)"),
    (["settle", "--win", "S", HAND, WIN, "--from", "W", "--honba", HUGE],
     "is not a whole number"),
    (["settle", "--win", "S", HAND, WIN, "--from", "W", "--sticks", "-1"],
     "-1 is out of range (0 to 999)"),
    (["settle", "--win", "S", HAND, WIN, f"renchan={HUGE}", "--from", "W"],
     "win option renchan: "),
])
def test_numbers_are_checked_before_they_are_converted(argv: list[str], fault: str) -> None:
    result = run_capped(argv, seconds=30)
    assert_clean(result, codes={2})
    assert fault in result.stderr, result.stderr
    assert HUGE not in result.stderr  # a 5000-digit argument is not echoed whole


def test_a_closed_stdout_ends_with_one_line() -> None:
    completed = subprocess.run(
        [sys.executable, "-c", CLI, "score", HAND, "--win", WIN], capture_output=False,
        stderr=subprocess.PIPE, stdout=None, timeout=60, check=False,
        preexec_fn=lambda: os.close(1))
    err = completed.stderr.decode()
    assert completed.returncode == 2, err
    assert err.strip() == ("typed-mahjong: error: cannot write to standard output: it is "
                           "closed")


def test_a_full_stdout_ends_with_one_line() -> None:
    with open("/dev/full", "w") as full:
        completed = subprocess.run([sys.executable, "-c", CLI, "score", HAND, "--win", WIN],
                                   stdout=full, stderr=subprocess.PIPE, timeout=60,
                                   check=False)
    err = completed.stderr.decode()
    assert completed.returncode == 2, err
    assert err.strip() == ("typed-mahjong: error: cannot write to standard output: no space "
                           "left on the device")


# A hand with no yaku (123m: terminals, no tanyao; 555p a triplet, no pinfu): exit 1.
YAKULESS = "123m555p678s345p66m"


@pytest.mark.parametrize(("hand", "win", "answer"), [(HAND, WIN, 0), (YAKULESS, "6m", 1)],
                         ids=["tanyao", "no-yaku"])
def test_a_reader_that_went_away_ends_quietly(hand: str, win: str, answer: int) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `typed-mahjong ... | head -0`
    try:
        completed = subprocess.run([sys.executable, "-c", CLI, "score", hand, "--win", win],
                                   stdout=write_end, stderr=subprocess.PIPE, timeout=60,
                                   check=False)
    finally:
        os.close(write_end)
    err = completed.stderr.decode()
    # The reader chose to stop (`... | head`), as a shell user does every day: the rest of
    # the output is dropped without a word (as `seq 100000 | head -1` says nothing), and
    # the command's answer still counts (docs/reliability.md).
    assert (completed.returncode, err) == (answer, "")


def test_a_reader_that_stops_after_one_line_ends_quietly() -> None:
    # `typed-mahjong logs verify --rounds FOLDER | head -1`: the reader leaves after one
    # line, with 15 KB still to come (the pipe made 4 KiB: the command is still writing).
    fcntl = pytest.importorskip("fcntl")
    if not hasattr(fcntl, "F_SETPIPE_SZ"):
        pytest.skip("the pipe's size cannot be set here")
    logs = Path(__file__).resolve().parents[1] / "data" / "tenhou_mjlog"
    command = [sys.executable, "-c", CLI, "logs", "verify", "--rounds", str(logs)]
    answer = subprocess.run(command, capture_output=True, timeout=120, check=False)
    assert answer.stdout.count(b"\n") > 100 and len(answer.stdout) > 3 * 4096
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    with subprocess.Popen(command, stdout=write_end, stderr=subprocess.PIPE) as process:
        os.close(write_end)
        with os.fdopen(read_end, "rb") as reader:
            assert reader.readline() == answer.stdout.split(b"\n")[0] + b"\n"
        assert process.stderr is not None
        err = process.stderr.read().decode()
        code = process.wait(timeout=120)
    assert (code, err) == (answer.returncode, "")


def test_a_usage_error_under_json_is_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", HAND, "--json"]) == 2  # --win missing
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["status"] == "error" and report["exit_code"] == 2
    assert "the following arguments are required: --win" in report["error"]
    assert report["field"] == "arguments" and captured.err == ""


def test_a_bad_hand_under_json_names_the_field_and_column(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234p234s456m567s44x", "--win", WIN, "--json"]) == 2
    report = json.loads(capsys.readouterr().out)
    # 'x' is the 19th character of the hand: column 19, 1-based.
    assert (report["field"], report["column"]) == ("hand", 19)
    assert "unknown character 'x'" in report["error"]


def test_terminal_control_characters_never_reach_the_terminal() -> None:
    result = run_capped(["score", "\x1b]0;owned\x07123m\x1b[2J", "--win", "1m"], seconds=30)
    assert_clean(result, codes={2})
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert "\\u001b" in result.stderr


def test_an_unexpected_exception_is_an_internal_error_without_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(args: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(score_command, "_score", broken)
    assert main(["score", HAND, "--win", WIN]) == EXIT_INTERNAL
    err = capsys.readouterr().err
    assert err.startswith("typed-mahjong: internal error: RuntimeError: a bug")
    assert "Traceback" not in err


@pytest.mark.parametrize("kind", ["fifo", "symlink", "directory", "missing folder"])
def test_codegen_output_goes_only_to_a_regular_file(tmp_path: Path, kind: str) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    target = tmp_path / "out.py"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        target.symlink_to(victim)
    elif kind == "directory":
        target.mkdir()
    else:
        target = tmp_path / "no-such-folder" / "deeper" / "out.py"
        (tmp_path / "no-such-folder").write_text("a file where a folder should be\n")
    result = run_capped(["codegen", "tables", "-o", str(target)], seconds=60)
    assert_clean(result, codes={2})
    assert result.stderr.startswith(f"typed-mahjong: error: cannot write {target}")
    assert victim.read_text() == "precious\n"  # nothing written through the link
    if kind == "fifo":
        check = run_capped(["codegen", "tables", "--check", "-o", str(target)], seconds=60)
        assert_clean(check, codes={2})  # never opened for reading: it would block


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=st.lists(st.one_of(
    st.sampled_from(["score", "shanten", "settle", "--win", "--json", "--honba", "--from",
                     "--tsumo", "--draw", "--rules", "tenhou-sanma", "-1", "1e9", HAND, WIN,
                     "E", "S", "riichi,dora=4m", "\x1b[31m", "\x00"]),
    st.text(max_size=12)), max_size=8))
def test_any_command_line_of_the_hand_commands_ends_cleanly(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # In process, for speed: every outcome is an exit code; only SystemExit(0) of --help.
    argv = [arg.replace("\x00", "") if arg != "\x00" else "x" for arg in argv]
    try:
        code = main(argv)
    except SystemExit as exc:
        assert exc.code == 0
        return
    assert code in (0, 1, 2), (argv, capsys.readouterr().err)
    assert "internal error" not in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["fifo", "zero", "directory", "loop", "huge", "passwd",
                                  "not utf-8"])
def test_codegen_reads_only_a_bounded_regular_file(tmp_path: Path, kind: str) -> None:
    source = tmp_path / "hands.toml"
    if kind == "fifo":
        os.mkfifo(source)  # opening it for reading would wait for a writer forever
    elif kind == "zero":
        source = Path("/dev/zero")  # never ends
    elif kind == "directory":
        source.mkdir()
    elif kind == "loop":
        source.symlink_to(source)
    elif kind == "huge":
        with open(source, "wb") as handle:
            handle.truncate(9 << 20)  # a sparse 9 MiB file: past the 8 MiB bound
    elif kind == "passwd":
        source.write_text("root:x:0:0:root:/root:/bin/bash\nsecret-line: hunter2\n")
    else:
        source.write_bytes(b"[fixtures.x]\nhand = \"\xff\"\n")
    result = run_capped(["codegen", "fixtures", str(source)], seconds=30, memory=1 << 30)
    assert_clean(result, codes={2})
    assert result.stderr.startswith(f"typed-mahjong: error: {source}: "), result.stderr
    assert "root:x" not in result.stderr and "hunter2" not in result.stderr
    assert result.stdout == ""


def test_editor_config_reads_only_bounded_regular_files(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "fixtures.py").write_text(
        'from typed_mahjong import Hand, Points, Ron\nx: Points[Hand["123m"], Ron["1m"]]\n')
    os.mkfifo(project / "pipe.py")  # reading it would wait for a writer forever
    (project / "zero.py").symlink_to("/dev/zero")  # would never end
    (project / "loop").symlink_to(project)  # a folder link: never followed
    # 1,900 folders deep, past Python's recursion limit (os.makedirs and shutil.rmtree
    # recurse: made and removed by hand).
    folders = [project / "d"]
    for _ in range(1899):
        folders.append(folders[-1] / "d")
    for folder in folders:
        folder.mkdir()
    deep = folders[-1] / "deep.py"
    deep.write_text("from typed_mahjong import Seat\ny: Seat['E']\n")
    try:
        result = run_capped(["editor-config", str(project), "--json"], seconds=60)
    finally:
        deep.unlink()
        for folder in reversed(folders):
            folder.rmdir()
    assert_clean(result, codes={0})
    report = json.loads(result.stdout)
    assert sorted(Path(name).name for name in report["ignore"]) == ["deep.py", "fixtures.py"]
    assert "pipe.py: a Python file must be a regular file, and this is a FIFO" in result.stderr
    assert "zero.py: a Python file must be a regular file, and this is a character device" \
        in result.stderr


# A byte that is not UTF-8 reaches Python as a lone surrogate (surrogateescape): "\udcff".
NOT_UTF8 = "\udcff"
# (argv, exit code, whether the answer is JSON on stdout): the exit codes of
# docs/reliability.md, whatever bytes the arguments hold.
BAD_BYTE_RUNS = [
    (["score", HAND, "--win", WIN, "--rules", f"t{NOT_UTF8}", "--json"], 2, True),
    (["score", f"234p234s456m567s44{NOT_UTF8}", "--win", WIN, "--json"], 2, True),
    (["game", "score", "mcr", f"1{NOT_UTF8}m", "--json"], 2, True),
    (["game", "score", f"x{NOT_UTF8}.yaml", "11m", "--json"], 2, True),
    (["logs", "verify", f"x{NOT_UTF8}.xml", "--json"], 1, True),
    (["game", "check", f"x{NOT_UTF8}.yaml"], 1, False),
]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8:surrogateescape", "ascii"])
@pytest.mark.parametrize(("argv", "code", "is_json"), BAD_BYTE_RUNS)
def test_bytes_that_are_not_utf8_give_valid_output_in_any_locale(
        argv: list[str], code: int, is_json: bool, encoding: str) -> None:
    result = run_capped(argv, seconds=30, env={"PYTHONIOENCODING": encoding})
    assert_clean(result, codes={code})
    # run_capped decodes with "replace": a byte that is not UTF-8 shows as U+FFFD.
    assert "\ufffd" not in result.stdout + result.stderr, result.stdout
    assert "it is closed" not in result.stderr, result.stderr
    if is_json:
        assert result.stderr == "", result.stderr
        assert result.stdout.isascii(), result.stdout
        report = json.loads(result.stdout)
        assert report.get("exit_code", code) == code
    else:
        assert "x\\udcff.yaml" in result.stdout, result.stdout
