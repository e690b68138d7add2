"""Hostile input on the log surface (issue 30): every run ends cleanly within the caps of
tests/hostile.py, says where the fault is, echoes no file content and overwrites nothing.

Each test here reproduces one attack of docs/reliability.md ("Game logs"). The caps are a
hang and blow-up detector, not a speed assertion: the inputs are sized so a reader with
super-linear time or memory blows far past them, a linear one stays far below.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hostile import assert_clean, run_capped
from hostile_logs import (
    MJLOG,
    gzip_bytes,
    mjai_many_draws,
    mjai_start,
    mjai_win_lines,
    mjlog,
    mjlog_rounds_read_twice,
    tenhou6_document,
    tenhou6_one_entry_rounds,
    tenhou6_with_result_text,
)

from typed_mahjong.errors import MahjongError
from typed_mahjong.logs import LogError, read_log

MiB = 1 << 20


def _write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def _verify(path: Path | str, *extra: str, seconds: float = 60.0,
            memory: int = 2 << 30) -> tuple[str, str]:
    # stderr is a pipe here, so no progress line: stdout holds the report alone.
    result = run_capped(["logs", "verify", str(path), *extra], seconds=seconds, memory=memory)
    assert_clean(result, codes={1})
    return result.stdout, result.stderr


# --- super-linear readers ----------------------------------------------------------------

def test_a_long_result_text_in_tenhou6_is_read_in_linear_time(tmp_path: Path) -> None:
    # 100,000 digits where "30符1飜1000点" belongs: a searching regular expression tries
    # every start and every length (quadratic: minutes); the text is refused by its length.
    digits = "7" * 100_000
    path = _write(tmp_path, "long.json", tenhou6_with_result_text(digits))
    out, err = _verify(path, seconds=20)
    assert "long.json: round 4" in out
    assert "7" * 50 not in out + err  # the text is not echoed


def test_mjai_draws_past_a_full_hand_are_refused_at_once(tmp_path: Path) -> None:
    # 9 MB: 100,000 draws of 1m by one seat, then 100,000 draw/discard pairs. Kept as a
    # list, the hand grows to 100,013 tiles and every discard scans it (quadratic).
    path = _write(tmp_path, "draws.mjson", mjai_many_draws(100_000))
    assert path.stat().st_size > 8 * MiB
    out, _ = _verify(path, "--assume-rules", "tenhou", seconds=30)
    # Line 1 is the round start; seat 0 holds 13, draws to 14 at line 2 and to 15 at line 3.
    assert "draws.mjson: line 3 (E1-0): " in out and "more than 14 tiles" in out


def test_tenhou6_rounds_are_read_one_at_a_time(tmp_path: Path) -> None:
    # 5 MiB of one-entry rounds: decoded whole, they take most of a gigabyte (each a list
    # and a fault); read a round at a time, the memory is one round's.
    path = _write(tmp_path, "rounds.json", tenhou6_one_entry_rounds(5 * MiB))
    out, _ = _verify(path, "--json", seconds=30, memory=512 * MiB)
    summary = json.loads(out)
    assert summary["faults"][0].startswith(f"{path}: round 1 (log[0]): ")
    assert summary["faults"][-1].endswith("more than 100 damaged rounds: not read further")


def test_a_gzip_of_mjai_win_lines_stays_within_one_round_of_memory(tmp_path: Path) -> None:
    # ~50 KB of gzip unpacking to 16 MiB of `hora` lines after one round start: a win
    # object each, they take past 384 MiB; a round has at most three wins.
    packed = gzip_bytes(mjai_win_lines(16 * MiB))
    assert len(packed) < 100_000
    path = _write(tmp_path, "wins.mjson.gz", packed)
    out, _ = _verify(path, "--assume-rules", "tenhou", "--json", seconds=60,
                     memory=384 * MiB)
    summary = json.loads(out)
    assert summary["wins"] <= 3  # a round has at most three wins (one discard)
    assert any("wins.mjson.gz: line 4 (E1-0): " in fault for fault in summary["faults"])


# --- tracebacks instead of a located error -----------------------------------------------

@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN"])
def test_json_constants_are_refused_with_their_place(tmp_path: Path, constant: str) -> None:
    document = tenhou6_document()
    round_text = json.dumps(document["log"][0])
    hacked = json.dumps(document).replace(round_text, round_text.replace(
        "[0, 9000, -8000, 0]", f"[0, {constant}, -8000, 0]"), 1)
    out, _ = _verify(_write(tmp_path, "inf.json", hacked))
    assert "inf.json: round 1 (log[0]): " in out and constant in out
    lines = [mjai_start(), json.dumps({"type": "tsumo", "actor": 0, "pai": "5p"}),
             '{"type": "dahai", "actor": 0, "pai": "5p", "tsumogiri": true, "x": 1}',
             f'{{"type": "ryukyoku", "deltas": [{constant}, 0, 0, 0]}}']
    out, _ = _verify(_write(tmp_path, "inf.mjson", "\n".join(lines) + "\n"))
    assert "inf.mjson: line 4 (E1-0): " in out and constant in out


@pytest.mark.parametrize("encoding", ["no-such-encoding", "UTF-16", "Shift_JIS", "EUC-JP"])
def test_an_xml_declaration_with_an_encoding_we_do_not_read(tmp_path: Path,
                                                            encoding: str) -> None:
    text = mjlog("", declaration=f'<?xml version="1.0" encoding="{encoding}"?>\n')
    out, _ = _verify(_write(tmp_path, "enc.xml", text))
    assert "enc.xml: line 1, byte 0: " in out and "encoding" in out


@pytest.mark.parametrize("where", ["xml", "tenhou6", "mjai"])
def test_numbers_past_the_digit_limit(tmp_path: Path, where: str) -> None:
    huge = "9" * 5000  # Python's int() refuses more than 4,300 digits
    if where == "xml":
        text = (MJLOG / "pao.xml").read_text(encoding="utf-8")
        path = _write(tmp_path, "big.xml", text.replace('sc="', f'sc="{huge}', 1))
    elif where == "tenhou6":
        path = _write(tmp_path, "big.json", json.dumps(tenhou6_document()).replace(
            "[0, 9000, -8000, 0]", f"[0, {huge}, -8000, 0]", 1))
    else:
        lines = [mjai_start(), f'{{"type": "ryukyoku", "deltas": [{huge}, 0, 0, 0]}}']
        path = _write(tmp_path, "big.mjson", "\n".join(lines))
    out, err = _verify(path)
    assert "9" * 100 not in out + err
    assert f"{path.name}: " in out


def test_a_4000_digit_score_is_range_checked_not_printed(tmp_path: Path) -> None:
    # Under the limit, but x100 (Tenhou scores are in hundreds) it would be over it.
    text = (MJLOG / "pao.xml").read_text(encoding="utf-8")
    path = _write(tmp_path, "wide.xml", text.replace('sc="', f'sc="{"9" * 4299}', 1))
    out, err = _verify(path)
    assert "pao" not in err and "9" * 100 not in out + err
    assert "wide.xml: line " in out


def test_a_deep_folder_tree(tmp_path: Path) -> None:
    # 1,900 folders deep (os.makedirs and shutil.rmtree recurse: made and removed by hand).
    top = tmp_path / "tree"
    folders = [top]
    for _ in range(1900):
        folders.append(folders[-1] / "d")
    for folder in folders:
        folder.mkdir()
    _write(folders[-1], "x.xml", "<mjloggm><not a log")  # looks like a log: read
    try:
        out, _ = _verify(top, "--json", seconds=60)
    finally:
        (folders[-1] / "x.xml").unlink()
        for folder in reversed(folders):
            folder.rmdir()
    summary = json.loads(out)
    assert summary["files"] == 1
    assert summary["faults"] and "x.xml: " in summary["faults"][0]


@pytest.mark.parametrize("target", ["missing/folder/out.jsonl", "."])
def test_export_to_a_missing_folder_or_a_directory(tmp_path: Path, target: str) -> None:
    result = run_capped(["logs", "export", str(MJLOG / "pao.xml"), "-o", target],
                        cwd=tmp_path)
    assert_clean(result, codes={2})
    assert result.stderr.count("\n") == 1 and "cannot write" in result.stderr


def test_export_to_a_fifo_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    result = run_capped(["logs", "export", str(MJLOG / "pao.xml"), "-o", str(fifo)],
                        seconds=20)
    assert_clean(result, codes={2})
    assert "FIFO" in result.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_export_writes_the_whole_file_or_keeps_the_old_one(tmp_path: Path) -> None:
    target = _write(tmp_path, "out.jsonl", "old\n")
    result = run_capped(["logs", "export", str(MJLOG / "pao.xml"), "-o", str(target)])
    assert_clean(result, codes={0})
    assert len(target.read_text().splitlines()) == 4  # pao.xml's four wins, nothing else


_CLOSED = "import os, sys; os.close(1); from typed_mahjong.cli import main; sys.exit(main())"
_BROKEN = ("import os, sys; r, w = os.pipe(); os.close(r); os.dup2(w, 1); "
           "from typed_mahjong.cli import main; sys.exit(main())")
_FULL = ("import os, sys; fd = os.open('/dev/full', os.O_WRONLY); os.dup2(fd, 1); "
         "from typed_mahjong.cli import main; sys.exit(main())")


@pytest.mark.parametrize("code", [_CLOSED, _BROKEN, _FULL], ids=["closed", "broken", "full"])
@pytest.mark.parametrize("command", ["verify", "export"])
def test_standard_output_closed_broken_or_full(code: str, command: str) -> None:
    if code == _FULL and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    result = run_capped(["logs", command, str(MJLOG)], code=code)
    if code == _BROKEN:
        # The reader chose to stop: the rest is dropped quietly, the command's answer still
        # counts (docs/reliability.md).
        answer = run_capped(["logs", command, str(MJLOG)]).returncode
        assert_clean(result, codes={answer})
        assert result.stderr == ""
    else:
        assert_clean(result, codes={2})
        assert result.stderr.count("\n") == 1 and "standard output" in result.stderr


class _PoolRecorder:
    """Stands in for ProcessPoolExecutor: records the workers asked for, runs serially.
    (A real pool of 10**23 workers would try to start them all.)"""

    asked: list[int] = []

    def __init__(self, max_workers: int, **_: object) -> None:
        self.asked.append(max_workers)

    def __enter__(self) -> _PoolRecorder:
        return self

    def __exit__(self, *_: object) -> None:
        pass

    def map(self, function: Callable[[Any], Any], items: Iterable[Any],
            chunksize: int = 1) -> Iterator[Any]:
        return map(function, items)


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    import concurrent.futures

    _PoolRecorder.asked = []
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _PoolRecorder)
    return _PoolRecorder.asked


def test_jobs_past_any_machine_is_a_usage_error(pool: list[int],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from typed_mahjong.cli import main

    code = main(["logs", "verify", str(MJLOG), "--jobs", "99999999999999999999999", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert (code, report["status"], report["exit_code"]) == (2, "error", 2)
    assert "--jobs" in report["error"] and pool == []


def test_jobs_are_capped_by_the_files_and_the_cpus(pool: list[int],
                                                   capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    from typed_mahjong.cli import main

    files = [str(MJLOG / "pao.xml"), str(MJLOG / "sanma2.xml")]
    main(["logs", "verify", *files, "--jobs", "100000", "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert pool and max(pool) <= min(2, os.cpu_count() or 1)
    assert summary["jobs"] == max(pool)


# --- impossible events ---------------------------------------------------------------------

def test_a_fifth_copy_of_a_tile_in_an_mjlog_is_a_fault(tmp_path: Path) -> None:
    # Seat 0 holds id 0 (1m, copy 0) from the deal; drawing id 0 again makes a 5th 1m.
    text = mjlog('<T0/><D0/><U100/><E100/>\n<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/>')
    game = read_log(_write(tmp_path, "five.xml", text))
    assert [fault.where for fault in game.faults] == [
        f"line 1, byte {text.index('<T0/>')} (E1-0, tag 1)"]
    assert "seat 0 draws tile id 0 (1m), which is already in play" in game.faults[0].fault


def test_a_flood_of_norths_set_aside_is_refused_at_the_fifth(tmp_path: Path) -> None:
    # 6.6 MB: seat 0 sets a North (id 120, code 120 << 8 | 0x20) aside 300,000 times in one
    # round. Each call checks the seat's melds so far: kept, they make that quadratic.
    kita = '<N who="0" m="30752"/>'
    path = _write(tmp_path, "kita.xml", mjlog("<T120/>" + kita * 300_000))
    assert path.stat().st_size > 6 * MiB
    out, _ = _verify(path, seconds=30)
    fifth = len(mjlog("<T120/>" + kita * 4).split("</mjloggm>")[0])
    assert f"kita.xml: line 1, byte {fifth} (E1-0, tag 6): " in out
    assert "seat 0 sets aside a fifth North" in out


def test_a_thousand_rounds_read_the_careful_way_are_read_in_linear_time(
        tmp_path: Path) -> None:
    # 12 MB on one line: 2.5 million draws in the first round, then 999 rounds the fast
    # path hands to the careful reader. Finding where each of those starts by summing the
    # tags before it, or its line by counting line breaks from the start of the file,
    # made that quadratic (minutes); each is now counted on from the one before.
    text = mjlog_rounds_read_twice(2_500_000, 1000)
    path = _write(tmp_path, "twice.xml", text)
    assert path.stat().st_size > 12 * MiB
    out, _ = _verify(path, seconds=30)
    first = text.index("<T0/>")  # the run of draws, tag 1 of the first round
    assert f"FAULT {path}: line 1, byte {first} (E1-0, tag 1): more than 200 draws and " \
           f"discards in a round" in out
    assert "endings: exhaustive draw 999, no end 1" in out


# Reads the log named by argv[1] and prints how far the peak resident memory grew past the
# file's bytes in memory: the reader's own share.
_MEMORY_OF_READING = """
import resource, sys
from typed_mahjong.logs.tenhou_xml import MjlogReader
data = open(sys.argv[1], "rb").read()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
faults = [str(fault) for round_ in MjlogReader(data, "giant.xml").rounds()
          for fault in round_.faults]
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(grown * 1024, faults[0] if faults else "no fault")
"""


def test_one_giant_round_is_read_in_the_files_bytes_plus_one_round(tmp_path: Path) -> None:
    # 16 MiB: one round of 3.3 million draws. The fast path cut the whole file into a list
    # of tags first (24 times the file: about 340 MiB past it) before the round's cap of
    # moves refused it; docs/logs.md promises the file's bytes plus one round.
    text = mjlog("<T0/>" * 3_300_000 + '<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/>')
    path = _write(tmp_path, "giant.xml", text)
    assert path.stat().st_size > 15 * MiB
    result = run_capped([str(path)], code=_MEMORY_OF_READING, seconds=30, memory=1 << 30)
    assert_clean(result, codes={0})
    grown, fault = result.stdout.split(" ", 1)
    assert "more than 200 draws and discards in a round" in fault
    assert int(grown) < 32 * MiB, f"{int(grown) / MiB:.0f} MiB past the file's bytes"


def test_a_discard_the_player_does_not_hold_is_a_fault(tmp_path: Path) -> None:
    text = mjlog('<T100/><D101/>\n<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/>')
    game = read_log(_write(tmp_path, "held.xml", text))
    assert len(game.faults) == 1 and "seat 0 discards id 101" in game.faults[0].fault


def test_a_fifth_copy_in_mjai_and_tenhou6_is_a_fault(tmp_path: Path) -> None:
    # Seat 2 was dealt E E S S ...; two more E (and a 1 more) are five copies of East.
    lines = [mjai_start(), json.dumps({"type": "tsumo", "actor": 0, "pai": "E"}),
             json.dumps({"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": True}),
             json.dumps({"type": "tsumo", "actor": 1, "pai": "E"}),
             json.dumps({"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": True}),
             json.dumps({"type": "tsumo", "actor": 2, "pai": "E"}),
             json.dumps({"type": "dahai", "actor": 2, "pai": "E", "tsumogiri": True}),
             json.dumps({"type": "ryukyoku", "deltas": [0, 0, 0, 0]})]
    game = read_log(_write(tmp_path, "five.mjson", "\n".join(lines)))
    assert [(f.where, f.fault) for f in game.faults] == [
        ("line 6 (E1-0)", "a fifth 1z (East): four copies of each tile exist")]
    document = tenhou6_document()
    first = document["log"][0]
    # Seat 0 is dealt two South (41 -> 42), seat 2 holds two; seat 0 draws a fifth.
    first[4] = [42 if code == 41 else code for code in first[4]]
    first[5] = [42]
    game = read_log(_write(tmp_path, "five.json", json.dumps(document)))
    assert game.faults and game.faults[0].where == "round 1 (E1-0, log[0][5][0])"
    assert "a fifth 2z (South)" in game.faults[0].fault


# --- what held, and must keep holding -----------------------------------------------------

def test_external_entities_are_refused_and_nothing_is_read(tmp_path: Path) -> None:
    secret = _write(tmp_path, "secret.txt", "TOP-SECRET-CONTENT")
    text = (f'<?xml version="1.0"?>\n<!DOCTYPE m [<!ENTITY e SYSTEM "file://{secret}">]>\n'
            + mjlog("&e;"))
    out, err = _verify(_write(tmp_path, "ext.xml", text))
    assert "DOCTYPE" in out and "TOP-SECRET" not in out + err


def test_a_gzip_bomb_stops_at_the_cap(tmp_path: Path) -> None:
    bomb = _write(tmp_path, "bomb.xml.gz", gzip_bytes(b"<" + b" " * (100 * MiB)))
    out, _ = _verify(bomb, memory=768 * MiB)
    assert "unpacks to more than 67108864 bytes" in out


@pytest.mark.parametrize("kind", ["fifo", "zero", "stdin", "loop", "directory-as-file"])
def test_special_paths(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        path = tmp_path / "game.xml"
        os.mkfifo(path)
    elif kind == "zero":
        path = Path("/dev/zero")
    elif kind == "stdin":
        path = Path("/dev/stdin")
    elif kind == "loop":
        path = tmp_path / "loop.xml"
        path.symlink_to(path)
    else:
        path = tmp_path / "folder.xml"
        path.mkdir()
        (path / "inner.txt").write_text("x")
    result = run_capped(["logs", "verify", str(path), "--json"], seconds=20,
                        stdin=b"<mjloggm>")
    assert_clean(result, codes={1})
    summary = json.loads(result.stdout)
    assert summary["wins"] == 0


def test_a_file_that_is_not_a_log_is_not_quoted(tmp_path: Path) -> None:
    for name, text in [("a.xml", "PRIVATE-KEY-MATERIAL\n" * 10),
                       ("b.json", '{"password": "PRIVATE-KEY-MATERIAL"}'),
                       ("c.xml", "<html>PRIVATE-KEY-MATERIAL</html>"),
                       ("d.mjson", '{"type": "PRIVATE-KEY-MATERIAL"}\n')]:
        _write(tmp_path, name, text)
    # Named on the command line, each is read: a fault quoting nothing.
    names = sorted(str(path) for path in tmp_path.iterdir())
    result = run_capped(["logs", "verify", *names])
    assert_clean(result, codes={1})
    assert "PRIVATE" not in result.stdout + result.stderr
    assert result.stdout.count("FAULT") == 4
    # Found in a folder, the three that do not look like logs are skipped, quoting nothing.
    result = run_capped(["logs", "verify", str(tmp_path)])
    assert_clean(result, codes={1})
    assert "PRIVATE" not in result.stdout + result.stderr
    assert result.stdout.count("FAULT") == 1 and "skipped 3 files" in result.stdout


def test_control_characters_are_escaped_in_every_message(tmp_path: Path) -> None:
    name = "evil\x1b[2J\x07.xml"
    text = mjlog('<T100/><D101/>').replace('type="169"', 'type="1\x1b]0;x\x07"')
    _write(tmp_path, name, text.replace("\x07", "&#7;"))
    result = run_capped(["logs", "verify", str(tmp_path / name)])
    assert_clean(result, codes={1})
    assert "\x1b" not in result.stdout + result.stderr
    assert "\\u001b" in result.stdout


def test_log_error_is_a_located_mahjong_error(tmp_path: Path) -> None:
    with pytest.raises(LogError) as caught:
        read_log(_write(tmp_path, "x.xml", '<mjloggm>\n<GO type="169"/>\n<INIT seed="0"'))
    error = caught.value
    assert isinstance(error, MahjongError)
    assert error.file == str(tmp_path / "x.xml") and error.line == 3
    assert error.location() == {"file": str(tmp_path / "x.xml"), "line": 3}

