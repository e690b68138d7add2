"""Issue 38, items 6 and 7: a fault stays in its round, and a folder is read for its logs.

Item 6: a well-formed tag inside a round that is no draw or discard (a tile id out of
range, leading zeros, an attribute on a move, an unknown move letter) damages that round
only: the other rounds of the file are read and verified, and the fault names the line,
the byte, the round and the tag. What is a matter of the document's structure or of
security (a DOCTYPE, an entity, a comment, CDATA, a processing instruction, text between
elements, an element that holds others or does not close, anything before the first round)
still stops the whole file.

Item 7: a folder (or a glob) is read for the files that look like logs by their first
bytes; the others are skipped and counted, never read whole, never waited on. A file named
on the command line is always read.

Every mutant is a copy of a real log (tests/data/tenhou_mjlog, ../shared/real_logs) changed
in tmp_path; the expected values are derived from the file itself.
"""

from __future__ import annotations

import gzip
import json
import os
import pickle
import random
import re
from pathlib import Path

import pytest
from hostile import assert_clean, run_capped
from hostile_logs import TENHOU6, mjai_start, tenhou6_document

from typed_mahjong.cli import main
from typed_mahjong.logs import LogError, open_log, read_log, tenhou_xml
from typed_mahjong.logs.model import MAX_FAULTS, Round
from typed_mahjong.logs.source import SNIFF_BYTES

DATA = Path(__file__).parent.parent / "data"
MJLOG = DATA / "tenhou_mjlog"
MJAI = DATA / "mjai" / "handmade.mjson"
SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "real_logs" / "tenhou_mjlog"
_SEED = re.compile(rb'<INIT seed="([0-9]+),([0-9]+),')
_DRAW = re.compile(rb"<T([0-9]+)/>")


def _real(name: str) -> Path:
    """A real log: the shared copy where there is one (the issue's), else the suite's."""
    shared = SHARED / name
    return shared if shared.is_file() else MJLOG / name


def _label(data: bytes, offset: int) -> tuple[str, int]:
    """The label (E2-1) of the round holding ``offset``, and where its <INIT> starts."""
    init = data.rfind(b"<INIT ", 0, offset)
    found = _SEED.match(data, init)
    assert found is not None
    number, honba = int(found.group(1)), int(found.group(2))
    return f"{'ESWN'[number // 4]}{number % 4 + 1}-{honba}", init


def _where(data: bytes, offset: int) -> str:
    """The location an mjlog fault at ``offset`` inside a round is given."""
    label, init = _label(data, offset)
    line = data.count(b"\n", 0, offset) + 1
    return f"line {line}, byte {offset} ({label}, tag {data.count(b'<', init, offset)})"


def _nth_draw(data: bytes, round_index: int) -> re.Match[bytes]:
    """The first draw by seat 0 (<T../>) of the round ``round_index`` (from 0)."""
    init = -1
    for _ in range(round_index + 1):
        init = data.index(b"<INIT ", init + 1)
    found = _DRAW.search(data, init)
    assert found is not None
    return found


def _verify_json(argv: list[str], capsys: pytest.CaptureFixture[str]
                 ) -> tuple[int, dict[str, object]]:
    code = main(["logs", "verify", *argv, "--json"])
    summary: dict[str, object] = json.loads(capsys.readouterr().out)
    return code, summary


def _comparable(round_: Round) -> tuple[object, ...]:
    return (round_.where, round_.name, round_.scores, round_.riichi, round_.final,
            tuple(round_.wins), round_.draw,
            tuple((fault.where, fault.fault) for fault in round_.faults))


def _both_ways(data: bytes) -> tuple[list[object], list[object], int]:
    """What the fast and the careful reader give for ``data``, and how many rounds the
    fast one handed to the careful one."""
    outcomes = []
    careful = 0
    for fast in (True, False):
        rounds: list[object] = []
        reader = tenhou_xml.MjlogReader(data, "game.xml", fast=fast)
        try:
            rounds.extend(_comparable(round_) for round_ in reader.rounds())
        except LogError as error:
            rounds.append(("LogError", error.where, error.fault))
        if fast:
            careful = reader.careful_rounds
        outcomes.append(rounds)
    return outcomes[0], outcomes[1], careful


# --- item 6: a bad move damages its round only ------------------------------------------------

# A draw of seat 0 written wrongly in four ways; each is a well-formed self-closing tag.
MUTATIONS = {
    "id out of range": (lambda tile: b"<T999/>", "<T999>: a draw or discard of no tile"),
    "leading zero": (lambda tile: b"<T0" + tile + b"/>", "a draw or discard of no tile"),
    "attribute": (lambda tile: b'<T' + tile + b' x="1"/>', "a draw or discard with "
                                                           "attributes"),
    "unknown letter": (lambda tile: b"<X" + tile + b"/>", "not a draw or discard"),
}


@pytest.mark.parametrize("round_index", [0, 5, 10])
@pytest.mark.parametrize("kind", sorted(MUTATIONS))
def test_a_bad_move_damages_its_round_only(tmp_path: Path, kind: str, round_index: int,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    data = _real("bug1.xml").read_bytes()
    rounds = data.count(b"<INIT ")
    assert rounds == 11
    draw = _nth_draw(data, round_index)
    make, fault = MUTATIONS[kind]
    damaged = data[:draw.start()] + make(draw.group(1)) + data[draw.end():]
    path = tmp_path / "bug1.xml"
    path.write_bytes(damaged)
    label, _ = _label(damaged, draw.start())

    game = read_log(path)
    assert [fault_.where for fault_ in game.faults] == [_where(damaged, draw.start())]
    assert fault in game.faults[0].fault
    assert game.faults[0].line == 1

    code, summary = _verify_json([str(path), "--rounds"], capsys)
    assert code == 1
    assert summary["rounds"] == rounds
    assert summary["round_outcomes"] == {"agree": rounds - 1, "disagree": 0, "unmapped": 0,
                                         "damaged": 1}
    listed = summary["rounds_listed"]
    assert isinstance(listed, list)
    assert [item["round"] for item in listed if item["outcome"] == "damaged"] == [label]
    assert summary["faults"] == [f"{path}: {_where(damaged, draw.start())}: "
                                 f"{game.faults[0].fault}"]


def test_the_issues_two_mutants_of_bug1(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    # The reproduction of the issue: one line of XML, 11 rounds, the first round damaged.
    data = _real("bug1.xml").read_bytes()
    for old, new in ((b"<T2/>", b"<T999/>"), (b"<D121/>", b'<D121 x="1"/>')):
        offset = data.index(old)
        path = tmp_path / f"{new[1:5].decode()}.xml"
        path.write_bytes(data.replace(old, new, 1))
        code, summary = _verify_json([str(path)], capsys)
        assert (code, summary["rounds"]) == (1, 11)
        assert summary["round_outcomes"] == {"agree": 10, "disagree": 0, "unmapped": 0,
                                             "damaged": 1}
        where = _where(data, offset)
        assert where == ("line 1, byte 740 (E1-0, tag 9)" if old == b"<T2/>"
                         else "line 1, byte 695 (E1-0, tag 2)")
        faults = summary["faults"]
        assert isinstance(faults, list) and len(faults) == 1
        assert faults[0].startswith(f"{path}: {where}: ")


def test_two_damaged_rounds_leave_the_others_verified(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    data = _real("bug5.xml").read_bytes()
    rounds = data.count(b"<INIT ")
    first, last = _nth_draw(data, 0), _nth_draw(data, rounds - 1)
    damaged = (data[:first.start()] + b"<T136/>" + data[first.end():last.start()]
               + b"<T0" + last.group(1) + b"/>" + data[last.end():])
    path = tmp_path / "bug5.xml"
    path.write_bytes(damaged)
    shift = len(b"<T136/>") - len(first.group(0))
    game = read_log(path)
    assert [fault.where for fault in game.faults] == [
        _where(damaged, first.start()), _where(damaged, last.start() + shift)]
    code, summary = _verify_json([str(path), "--assume-rules", "tenhou"], capsys)
    assert code == 1
    assert summary["round_outcomes"] == {"agree": rounds - 2, "disagree": 0, "unmapped": 0,
                                         "damaged": 2}


@pytest.mark.parametrize("path", sorted(p for p in MJLOG.iterdir() if p.suffix != ".md"),
                         ids=lambda path: path.name)
def test_every_real_log_loses_one_round_to_a_bad_move(tmp_path: Path, path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    data = path.read_bytes()
    rounds = data.count(b"<INIT ")
    draw = re.compile(rb"<[TUVW]([0-9]+)/>").search(data, data.rindex(b"<INIT "))
    assert draw is not None
    damaged = data[:draw.start()] + b"<T999/>" + data[draw.end():]
    copy = tmp_path / path.name
    copy.write_bytes(damaged)
    code, summary = _verify_json([str(copy), "--assume-rules", "tenhou"], capsys)
    assert code == 1
    assert summary["round_outcomes"] == {"agree": rounds - 1, "disagree": 0, "unmapped": 0,
                                         "damaged": 1}
    fast, careful, handed_over = _both_ways(damaged)
    assert fast == careful and handed_over == 1


# Structure and security: still the whole file, named where it happens.
STRUCTURE = {
    "comment": (b"<!-- a note -->", "a comment or CDATA section"),
    "cdata": (b"<![CDATA[x]]>", "a comment or CDATA section"),
    "doctype": (b"<!DOCTYPE mjloggm>", "a DOCTYPE declaration"),
    "entity": (b'<!ENTITY a "b">', "an entity declaration"),
    "processing instruction": (b"<?pi x?>", "a processing instruction"),
    "text": (b"text", "text between elements"),
    "not self-closing": (b'<N who="0" m="1">', "an element that is not self-closing"),
    "end tag": (b"</N>", "an end tag inside the log"),
}


@pytest.mark.parametrize("kind", sorted(STRUCTURE))
def test_a_structure_fault_still_stops_the_file(tmp_path: Path, kind: str) -> None:
    data = _real("bug1.xml").read_bytes()
    draw = _nth_draw(data, 3)  # inside the fourth round
    inserted, fault = STRUCTURE[kind]
    damaged = data[:draw.start()] + inserted + data[draw.start():]
    path = tmp_path / "bug1.xml"
    path.write_bytes(damaged)
    log = open_log(path)
    read: list[Round] = []
    with pytest.raises(LogError) as caught:
        read.extend(log.rounds())
    assert len(read) == 3 and not any(round_.faults for round_ in read)
    assert caught.value.where == _where(damaged, draw.start())
    assert fault in caught.value.fault
    fast, careful, _ = _both_ways(damaged)
    assert fast == careful


def test_an_element_that_does_not_close_still_stops_the_file(tmp_path: Path) -> None:
    data = _real("bug1.xml").read_bytes()
    draw = _nth_draw(data, 3)
    unclosed = b'<N who="0" '
    damaged = data[:draw.start()] + unclosed + data[draw.start():]
    path = tmp_path / "bug1.xml"
    path.write_bytes(damaged)
    with pytest.raises(LogError, match="an element that does not close") as caught:
        read_log(path)
    # Named where it stops being an element: the draw after it.
    assert caught.value.where == _where(damaged, draw.start() + len(unclosed))


def test_a_bad_move_before_the_first_round_stops_the_file(tmp_path: Path) -> None:
    data = _real("bug1.xml").read_bytes()
    first = data.index(b"<INIT ")
    damaged = data[:first] + b"<T999/>" + data[first:]
    path = tmp_path / "bug1.xml"
    path.write_bytes(damaged)
    with pytest.raises(LogError, match="a draw or discard of no tile") as caught:
        read_log(path)
    assert caught.value.where == f"line 1, byte {first}"


def test_two_hundred_damaged_rounds_stop_at_the_cap(tmp_path: Path) -> None:
    # Round 1 of bug1.xml two hundred times over, each with a draw of no tile.
    data = _real("bug1.xml").read_bytes()
    start, stop = data.index(b"<INIT "), data.index(b"<INIT ", data.index(b"<INIT ") + 1)
    round_ = data[start:stop]
    draw = _DRAW.search(round_)
    assert draw is not None
    bad = round_[:draw.start()] + b"<T999/>" + round_[draw.end():]
    damaged = data[:start] + bad * 200 + b"</mjloggm>"
    assert damaged.count(b"<INIT ") == 200
    path = tmp_path / "many.xml"
    path.write_bytes(damaged)
    read: list[Round] = []
    with pytest.raises(LogError, match=f"more than {MAX_FAULTS} damaged rounds") as caught:
        read.extend(open_log(path).rounds())
    assert len(read) == MAX_FAULTS + 1
    assert all(len(round_.faults) == 1 and round_.name == "E1-0" for round_ in read)
    offsets = [start + index * len(bad) + draw.start() for index in range(MAX_FAULTS + 1)]
    assert [round_.faults[0].where for round_ in read] == [
        f"line 1, byte {offset} (E1-0, tag {round_.count(b'<', 0, draw.start())})"
        for offset in offsets]
    assert caught.value.line == 1
    fault = read[-1].faults[0]
    copy = pickle.loads(pickle.dumps(fault))  # faults cross processes (--jobs)
    assert (copy.source, copy.where, copy.fault, copy.line) == (fault.source, fault.where,
                                                                 fault.fault, 1)
    with pytest.raises(LogError, match=f"more than {MAX_FAULTS} damaged rounds"):
        read_log(path)


def test_tenhou6_faults_name_the_round_and_the_entry(tmp_path: Path) -> None:
    document = tenhou6_document()
    second = document["log"][1]
    assert second[0][0] == 1  # East 2: seat 1 deals, its discards are entry 9
    second[9][0] = "x60"
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    game = read_log(path)
    assert [(fault.where, fault.fault) for fault in game.faults] == [
        (f"round 2 (E2-{second[0][1]}, log[1][9][0])", "discard entry 'x60' is not a tile")]
    assert game.faults[0].line is None
    document = tenhou6_document()
    document["log"][1][0] = [1, 0]
    path.write_text(json.dumps(document), encoding="utf-8")
    assert [fault.where for fault in read_log(path).faults] == ["round 2 (log[1][0])"]


def test_mjai_faults_name_the_round(tmp_path: Path) -> None:
    lines = [mjai_start(), json.dumps({"type": "tsumo", "actor": 0, "pai": "5p"}),
             json.dumps({"type": "dahai", "actor": 0, "pai": "6z", "tsumogiri": False})]
    path = tmp_path / "bad.mjson"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    game = read_log(path)
    assert [fault.where for fault in game.faults] == ["line 3 (E1-0)"]
    assert game.faults[0].line == 3


# --- item 7: a folder is read for its logs -----------------------------------------------------

def _folder_of_logs_and_others(tmp_path: Path) -> tuple[Path, list[str], dict[str, str]]:
    """Logs of every format and spelling, and files that are not logs; returns the folder,
    the logs' names and the others' names with why each is skipped."""
    folder = tmp_path / "corpus"
    (folder / "nested").mkdir(parents=True)
    bug1 = _real("bug1.xml").read_bytes()
    (folder / "bug1.xml").write_bytes(bug1)
    (folder / "nested" / "pao").write_bytes((MJLOG / "pao.xml").read_bytes())  # no suffix
    (folder / "declared.mjlog").write_bytes(
        b'\xef\xbb\xbf\n<?xml version="1.0" encoding="UTF-8"?>\n'
        + (MJLOG / "bug2.xml").read_bytes())
    (folder / "bug3.gz").write_bytes(gzip.compress((MJLOG / "bug3.xml").read_bytes()))
    (folder / "handmade.json").write_bytes(TENHOU6.read_bytes())
    (folder / "handmade.mjson").write_bytes(MJAI.read_bytes())
    logs = ["bug1.xml", "bug3.gz", "declared.mjlog", "handmade.json", "handmade.mjson",
            "nested/pao"]
    (folder / "manifest.json").write_text(json.dumps({"files": logs}), encoding="utf-8")
    wins = [json.dumps({"source": "bug1.xml", "where": "line 1", "round": "E1-0",
                        "hand": "123m", "winner": 0})] * 3
    (folder / "wins.jsonl").write_text("\n".join(wins) + "\n", encoding="utf-8")
    (folder / "README.md").write_text("# Logs\n\nTenhou games.\n", encoding="utf-8")
    (folder / "notes.gz").write_bytes(gzip.compress(b"not a log\n" * 1000))
    (folder / "empty.xml").write_bytes(b"")
    others = {"manifest.json": "not a log", "wins.jsonl": "not a log",
              "README.md": "not a log", "notes.gz": "gzip data that is not a log",
              "empty.xml": "an empty file"}
    return folder, logs, others


def test_a_folder_is_read_for_the_files_that_look_like_logs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, logs, others = _folder_of_logs_and_others(tmp_path)
    code, summary = _verify_json([str(folder)], capsys)
    assert code == 0, summary["faults"]
    assert summary["files"] == len(logs)
    assert summary["faults"] == []
    assert summary["skipped_count"] == len(others)
    skipped = summary["skipped"]
    assert isinstance(skipped, list)
    assert {Path(item["path"]).relative_to(folder).as_posix(): item["reason"].split(" (")[0]
            for item in skipped} == others
    rounds = sum(data.count(b"<INIT ") for data in (
        _real("bug1.xml").read_bytes(), (MJLOG / "pao.xml").read_bytes(),
        (MJLOG / "bug2.xml").read_bytes(), (MJLOG / "bug3.xml").read_bytes()))
    rounds += len(json.loads(TENHOU6.read_text(encoding="utf-8"))["log"])
    rounds += MJAI.read_text(encoding="utf-8").count('"start_kyoku"')
    assert summary["rounds"] == rounds

    assert main(["logs", "verify", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"skipped {len(others)} files that do not look like logs" in out
    assert "3 not a log" in out


def test_a_glob_is_read_for_the_files_that_look_like_logs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, logs, others = _folder_of_logs_and_others(tmp_path)
    code, summary = _verify_json([str(folder / "*")], capsys)
    top = [name for name in logs if "/" not in name]
    assert (code, summary["files"], summary["skipped_count"]) == (0, len(top), len(others))


def test_a_file_named_on_the_command_line_is_always_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, _, _ = _folder_of_logs_and_others(tmp_path)
    manifest = folder / "manifest.json"
    code, summary = _verify_json([str(manifest), str(folder / "bug1.xml")], capsys)
    assert (code, summary["files"], summary["skipped_count"]) == (1, 2, 0)
    assert summary["skipped"] == []
    faults = summary["faults"]
    assert isinstance(faults, list) and len(faults) == 1
    assert faults[0].startswith(f"{manifest}: file: ")


def test_export_skips_the_same_files(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder, _, others = _folder_of_logs_and_others(tmp_path)
    assert main(["logs", "verify", str(folder), "--json", "--wins-only"]) == 0
    wins = json.loads(capsys.readouterr().out)["wins"]
    assert main(["logs", "export", str(folder)]) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == wins
    assert f"skipped {len(others)} files that do not look like logs" in captured.err


def _hostile_folder(tmp_path: Path) -> Path:
    """One real log among 300 files that are not logs, some of them traps."""
    folder = tmp_path / "hostile"
    folder.mkdir()
    (folder / "bug1.xml").write_bytes(_real("bug1.xml").read_bytes())
    rng = random.Random(38)
    for index in range(150):  # random bytes; a few start as a log would not
        head = rng.choice([b"", b"<", b"{", b"\x1f\x8b", b"<?xml", b'{"x":1}\n'])
        (folder / f"random{index}.xml").write_bytes(head + rng.randbytes(rng.randrange(300)))
    for index in range(142):
        (folder / f"empty{index}.json").write_bytes(b"")
    os.mkfifo(folder / "fifo.xml")
    (folder / "loop_a.xml").symlink_to(folder / "loop_b.xml")
    (folder / "loop_b.xml").symlink_to(folder / "loop_a.xml")
    (folder / "dangling.xml").symlink_to(folder / "nowhere")
    (folder / "zero.xml").symlink_to("/dev/zero")
    (folder / "big.xml").write_bytes(b"\0" * (20 << 20))  # 20 MB, past the read cap
    (folder / "big.json").write_bytes(b"{" + b" " * (20 << 20))
    (folder / "bomb.gz").write_bytes(gzip.compress(b"\0" * (100 << 20), compresslevel=9))
    (folder / "bomb_log.gz").write_bytes(gzip.compress(b"<mjloggm" + b" " * (100 << 20)))
    return folder


HOSTILE_SKIPPED = 300
HOSTILE_LOGS = 2  # bug1.xml, and bomb_log.gz: it looks like a log (the reader refuses it)


def test_a_folder_of_non_logs_is_skipped_without_reading_them_whole(
        tmp_path: Path) -> None:
    from typed_mahjong.cli.logs import expand_paths

    folder = _hostile_folder(tmp_path)
    io_path = Path("/proc/self/io")
    before = _read_chars(io_path)
    expanded = expand_paths([str(folder)])
    after = _read_chars(io_path)
    assert [path.name for path in expanded.files] == ["bomb_log.gz", "bug1.xml"]
    assert len(expanded.skipped) == HOSTILE_SKIPPED
    reasons = {Path(path).name: reason for path, reason in expanded.skipped}
    assert "FIFO" in reasons["fifo.xml"] and "loop" in reasons["loop_a.xml"]
    assert "character device" in reasons["zero.xml"] and "empty" in reasons["empty0.json"]
    assert "not a log" in reasons["big.xml"] and "not a log" in reasons["bomb.gz"]
    if before is not None and after is not None:
        # Each file is sniffed from a bounded prefix: far below one 20 MB file read whole.
        assert after - before < (HOSTILE_SKIPPED + HOSTILE_LOGS) * SNIFF_BYTES + (4 << 20)


def _read_chars(path: Path) -> int | None:
    try:
        for line in path.read_text(encoding="ascii").splitlines():
            if line.startswith("rchar:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def test_a_hostile_folder_ends_cleanly_within_the_caps(tmp_path: Path) -> None:
    folder = _hostile_folder(tmp_path)
    # A FIFO read blocking would hang this run: the cap turns that into a failure.
    result = run_capped(["logs", "verify", str(folder), "--json"], seconds=60)
    assert_clean(result, codes={1})
    summary = json.loads(result.stdout)
    assert summary["files"] == HOSTILE_LOGS
    assert summary["skipped_count"] == HOSTILE_SKIPPED
    assert len(summary["skipped"]) == HOSTILE_SKIPPED
    assert summary["round_outcomes"]["agree"] == _real("bug1.xml").read_bytes().count(
        b"<INIT ")
    faults = summary["faults"]
    assert len(faults) == 1 and "bomb_log.gz" in faults[0]


def test_one_skipped_file_is_counted_in_the_singular(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bug1.xml").write_bytes((MJLOG / "bug1.xml").read_bytes())
    (tmp_path / "README.md").write_text("# the logs of one game\n", encoding="utf-8")
    assert main(["logs", "verify", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "skipped 1 file that does not look like logs: 1 not a log" in out
