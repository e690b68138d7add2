"""Hostile input on the solitaire surface (issue 30): layouts, game records, options and
output paths. Every run is capped (tests/hostile.py: 60 s, 2 GiB) and must end cleanly:
the expected exit code, no traceback, a located error, nothing echoed or destroyed.

These tests are the rows of docs/reliability.md, *Solitaire layouts and game records*.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest
from hostile import assert_clean, run_capped
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from typed_mahjong.errors import MahjongError
from typed_mahjong.solitaire import (
    FaceError,
    GameRecordError,
    IllegalMove,
    LayoutError,
    PositionError,
    load_game,
    load_layout,
    parse_game,
    parse_layout_text,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "solitaire"
TRAP_GAME = EXAMPLES / "trap-lost.game"
SECRET = "root:x:0:0:do-not-print-me:/root:/bin/bash"
FACES_15 = ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p",
            "6p")


def isolated_tiles(faces: tuple[str, ...], copies: int, per_row: int = 40) -> str:
    """A layout file of ``len(faces) * copies`` tiles, none touching another: all free."""
    lines = ["typed-mahjong-layout-v1", "name isolated"]
    count = 0
    for face in faces:
        for _copy in range(copies):
            row, column = divmod(count, per_row)
            lines.append(f"{4 * column} {4 * row} 0 {face}")
            count += 1
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------- budgets hold, setup too


def test_hint_keeps_its_budget_on_960_isolated_tiles(tmp_path: Path) -> None:
    layout = tmp_path / "isolated.tiles"
    layout.write_text(isolated_tiles(FACES_15, 64))
    # 15 groups of 64 free copies: 15 x 2016 removable pairs, each a position to decide.
    result = run_capped(["solitaire", "hint", str(layout), "--budget", "1", "--json"],
                        seconds=45)
    assert_clean(result, codes={0, 3})
    report = json.loads(result.stdout)
    assert len(report["pairs"]) == 15 * 64 * 63 // 2
    assert {pair["status"] for pair in report["pairs"]} <= {"solvable", "undecided"}


@pytest.mark.parametrize("command", ["solve", "hint"])
def test_a_spent_budget_covers_the_solvers_setup(tmp_path: Path, command: str) -> None:
    layout = tmp_path / "isolated.tiles"
    layout.write_text(isolated_tiles(FACES_15, 64))
    result = run_capped(["solitaire", command, str(layout), "--budget", "0.001", "--json"],
                        seconds=45)
    assert_clean(result, codes={3})
    assert "undecided" in result.stdout


def test_the_hints_api_keeps_its_budget() -> None:
    from typed_mahjong.solitaire import Position, hints
    loaded = parse_layout_text(isolated_tiles(FACES_15[:4], 64), source="isolated")
    assert loaded.faces is not None
    found = hints(Position(loaded.layout, loaded.faces), budget=0.0)
    assert len(found) == 4 * 64 * 63 // 2
    assert {hint.verdict.status for hint in found} == {"undecided"}


# --------------------------------------------------------------- other people's files


def foreign_file(tmp_path: Path) -> Path:
    path = tmp_path / "passwd"
    path.write_text(f"{SECRET}\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n")
    return path


@pytest.mark.parametrize("argv", [
    ["solitaire", "solve", "@"], ["solitaire", "hint", "@"], ["solitaire", "review", "@"],
    ["solitaire", "solve", "@", "--json"], ["solitaire", "review", "@", "--json"],
])
def test_a_foreign_file_is_refused_without_quoting_it(tmp_path: Path, argv: list[str]) -> None:
    path = foreign_file(tmp_path)
    result = run_capped([str(path) if arg == "@" else arg for arg in argv], seconds=30)
    assert_clean(result, codes={2})
    shown = result.stdout + result.stderr
    for piece in ("root", "do-not-print-me", "daemon", "nologin", "/bin/bash"):
        assert piece not in shown.replace(str(path), ""), shown
    assert str(path) in shown  # the error names the file


def test_a_game_record_naming_a_foreign_layout_does_not_quote_it(tmp_path: Path) -> None:
    path = foreign_file(tmp_path)
    game = tmp_path / "game.txt"
    game.write_text(f"typed-mahjong-game-v1\nlayout {path}\ndeal 1\n")
    result = run_capped(["solitaire", "review", str(game)], seconds=30)
    assert_clean(result, codes={2})
    err = result.stderr.replace(str(path), "")
    assert "do-not-print-me" not in err and "root:" not in err


@pytest.mark.skipif(not Path("/etc/passwd").is_file(), reason="no /etc/passwd here")
def test_etc_passwd_is_not_printed() -> None:
    first = Path("/etc/passwd").read_text(errors="replace").splitlines()[0]
    result = run_capped(["solitaire", "solve", "/etc/passwd"], seconds=30)
    assert_clean(result, codes={2})
    assert first[:20] not in result.stderr


def test_binary_content_is_not_quoted(tmp_path: Path) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe" + b"\x00" * 64)
    with pytest.raises(LayoutError) as caught:
        load_layout(str(path))
    assert "0x89" not in str(caught.value) and "PNG" not in str(caught.value)
    assert caught.value.file == str(path)


# ------------------------------------------------------------------------ nothing destroyed


def review_html(target: Path) -> tuple[int, str]:
    result = run_capped(["solitaire", "review", str(TRAP_GAME), "--html", str(target)],
                        seconds=30)
    assert_clean(result, codes={2})
    return result.returncode, result.stderr


def test_review_html_refuses_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    _code, err = review_html(fifo)
    assert "FIFO" in err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_review_html_refuses_a_symlink_and_leaves_its_target(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    link = tmp_path / "page.html"
    link.symlink_to(target)
    _code, err = review_html(link)
    assert "symbolic link" in err
    assert target.read_text() == "keep me\n" and link.is_symlink()


def test_review_html_refuses_a_device_and_a_directory(tmp_path: Path) -> None:
    # A null device of our own (never the machine's /dev/null: a regression, run as root,
    # would replace it). Making one needs root; without it the directory case still runs.
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pass
    else:
        _code, err = review_html(device)
        assert "device" in err
        assert stat.S_ISCHR(os.lstat(device).st_mode)
    _code, err = review_html(tmp_path)
    assert "directory" in err


def test_review_html_is_checked_before_the_review(tmp_path: Path) -> None:
    # The output path is refused before any position is decided: the error comes first,
    # and nothing but the error is printed.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = run_capped(["solitaire", "review", str(TRAP_GAME), "--html", str(fifo),
                         "--json"], seconds=30)
    assert_clean(result, codes={2})
    report = json.loads(result.stdout)
    assert report["status"] == "error" and report["file"] == str(fifo)


def test_review_html_replaces_a_regular_file_whole(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text("old")
    result = run_capped(["solitaire", "review", str(TRAP_GAME), "--html", str(page)],
                        seconds=30)
    assert_clean(result, codes={1})
    assert page.read_text().startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]  # no temporary left


# ------------------------------------------------------------------- numbers and digits

HUGE = "9" * 5000


@pytest.mark.parametrize(("text", "line", "column"), [
    (f"typed-mahjong-layout-v1\n{HUGE} 0 0\n2 0 0\n", 2, 1),
    (f"typed-mahjong-layout-v1\n0 {HUGE} 0\n2 0 0\n", 2, 3),
    ("typed-mahjong-layout-v1\n0 0 0\n\u00b2 0 0\n", 3, 1),
    ("typed-mahjong-layout-v1\n0 0 0\n2 \u0663 0\n", 3, 3),
    ("typed-mahjong-layout-v1\n0 0 0\n2 0 99999\n", 3, 5),
    (f"kmahjongg-layout-v1.1\nw{HUGE}\nh2\nd1\n1212\n4343\n", 2, 2),
    ("kmahjongg-layout-v1.1\nw\u00b2\nh2\nd1\n12\n43\n", 2, 2),
    ("kmahjongg-layout-v1.1\nw4\nh99999999\nd99999999\n1212\n", 3, 2),
])
def test_layout_numbers_are_checked_before_conversion(text: str, line: int,
                                                      column: int) -> None:
    with pytest.raises(LayoutError) as caught:
        parse_layout_text(text, source="hostile.layout")
    error = caught.value
    assert isinstance(error, MahjongError)
    assert (error.file, error.line, error.column) == ("hostile.layout", line, column), error


@pytest.mark.parametrize(("body", "line", "column"), [
    (f"layout turtle\ndeal {HUGE}\n", 3, 6),
    ("layout turtle\ndeal \u00b2\n", 3, 6),
    ("layout turtle\ndeal solvable \u0663\n", 3, 6),
    (f"layout turtle\ndeal 1\n({HUGE},0,0) + (2,0,0)\n", 4, 1),
    (f"layout turtle\ndeal 1\n{HUGE}: (0,0,0) + (2,0,0)\n", 4, 1),
    ("layout turtle\ndeal 1\n(\u00b2,0,0) + (2,0,0)\n", 4, 1),
])
def test_game_record_numbers_are_checked_before_conversion(body: str, line: int,
                                                           column: int) -> None:
    with pytest.raises(GameRecordError) as caught:
        parse_game("typed-mahjong-game-v1\n" + body, source="hostile.game")
    error = caught.value
    assert (error.file, error.line, error.column) == ("hostile.game", line, column), error


@pytest.mark.parametrize("option", [
    ["--deal", "\u00b2"], ["--deal", "\u0663"], ["--deal", HUGE], ["--deal", "-1"],
    ["--budget", "\u00b2"], ["--budget", HUGE], ["--budget", "nan"], ["--budget", "inf"],
    ["--budget", "1e999"], ["--budget", "0"], ["--workers", "\u0662"], ["--workers", HUGE],
])
@pytest.mark.parametrize("command", ["solve", "hint"])
def test_number_options_are_checked_before_conversion(command: str, option: list[str]) -> None:
    result = run_capped(["solitaire", command, "turtle", *option, "--json"], seconds=30)
    assert_clean(result, codes={2})
    report = json.loads(result.stdout)
    assert report["status"] == "error" and option[0] in report["error"]
    assert HUGE not in report["error"]


def test_review_budget_is_checked_like_the_others() -> None:
    for value in ("\u00b2", HUGE, "nan", "-1"):
        result = run_capped(["solitaire", "review", str(TRAP_GAME), "--budget", value],
                            seconds=30)
        assert_clean(result, codes={2})
        assert "--budget" in result.stderr


# ---------------------------------------------------------------- the error family


@pytest.mark.parametrize("error", [LayoutError, GameRecordError, FaceError, PositionError,
                                   IllegalMove])
def test_every_solitaire_error_is_a_mahjong_error(error: type[Exception]) -> None:
    assert issubclass(error, MahjongError)


def test_errors_are_importable_where_they_were() -> None:
    import importlib
    errors, faces, layout, position, review = (
        importlib.import_module(f"typed_mahjong.solitaire.{name}")
        for name in ("errors", "faces", "layout", "position", "review"))
    assert layout.LayoutError is errors.LayoutError is LayoutError
    assert review.GameRecordError is errors.GameRecordError
    assert faces.FaceError is errors.FaceError
    assert position.PositionError is errors.PositionError
    assert position.IllegalMove is errors.IllegalMove


def test_a_layout_error_keeps_its_source_and_says_where(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tiles"
    bad.write_text("typed-mahjong-layout-v1\n0 0 0 5x\n2 0 0 5p\n")
    with pytest.raises(LayoutError) as caught:
        load_layout(str(bad))
    error = caught.value
    assert (error.source, error.file, error.line, error.column) == (str(bad), str(bad), 2, 7)
    assert error.location() == {"file": str(bad), "line": 2, "column": 7}


def test_an_illegal_move_in_a_record_names_the_tile_and_its_place() -> None:
    text = "typed-mahjong-game-v1\nlayout turtle\ndeal 1\n(0,0,0) + (2,0,0)\n"
    with pytest.raises(GameRecordError) as caught:
        parse_game(text, source="g")
    assert (caught.value.line, caught.value.column) == (4, 1)
    assert "(0,0,0)" in str(caught.value)


# ------------------------------------------------------------------ escapes in names

ESCAPES = "\x1b[2J\x1b]0;owned\x07\u202eevil"


def named_layout(tmp_path: Path) -> Path:
    layout = tmp_path / "named.tiles"
    layout.write_text(f"typed-mahjong-layout-v1\nname {ESCAPES}\n0 0 0 1m\n4 0 0 1m\n")
    return layout


def assert_no_raw_escapes(text: str) -> None:
    assert not re.search("[\x1b\x07\u202e]", text), ascii(text[:300])


def test_names_with_escapes_are_escaped_in_text_and_json(tmp_path: Path) -> None:
    layout = named_layout(tmp_path)
    for extra in ([], ["--json"]):
        for command in ("solve", "hint"):
            result = run_capped(["solitaire", command, str(layout), *extra], seconds=30)
            assert_clean(result, codes={0})
            assert_no_raw_escapes(result.stdout + result.stderr)
            assert "\\u001b[2J" in result.stdout


def test_names_with_escapes_are_escaped_in_the_review_page_and_json(tmp_path: Path) -> None:
    layout = named_layout(tmp_path)
    game = tmp_path / f"game{ESCAPES[:4]}.txt"
    game.write_text(f"typed-mahjong-game-v1\nlayout {layout.name}\n(0,0,0) + (4,0,0)\n")
    page = tmp_path / "page.html"
    result = run_capped(["solitaire", "review", str(game), "--json", "--html", str(page)],
                        seconds=30)
    assert_clean(result, codes={0})
    assert_no_raw_escapes(result.stdout)
    assert_no_raw_escapes(page.read_text())
    assert "\\u001b" in page.read_text()


def test_an_escape_in_a_file_name_is_escaped_in_errors(tmp_path: Path) -> None:
    name = tmp_path / "x\x1b[31mred.tiles"
    name.write_text("typed-mahjong-layout-v1\n0 0 0 5x\n")
    for extra in ([], ["--json"]):
        result = run_capped(["solitaire", "solve", str(name), *extra], seconds=30)
        assert_clean(result, codes={2})
        assert_no_raw_escapes(result.stdout + result.stderr)


# ----------------------------------------------------------------- special paths held


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "/dev/stdin", "loop", "dir"])
@pytest.mark.parametrize("command", ["solve", "review"])
def test_special_paths_are_refused_without_hanging(tmp_path: Path, special: str,
                                                   command: str) -> None:
    if special == "fifo":
        path = str(tmp_path / "fifo")
        os.mkfifo(path)
    elif special == "loop":
        path = str(tmp_path / "loop")
        os.symlink(path, path)
    elif special == "dir":
        path = str(tmp_path)
    else:
        path = special
    result = run_capped(["solitaire", command, path], seconds=30, stdin=b"")
    assert_clean(result, codes={2})
    assert "error" in result.stderr


# ----------------------------------------------------------------------- generators

LAYOUT_HEADS = ("typed-mahjong-layout-v1\n", "kmahjongg-layout-v1.1\n",
                "kmahjongg-layout-v1.0\n", "")
GAME_HEAD = "typed-mahjong-game-v1\n"
TOKENS = st.sampled_from([
    "0", "2", "4", "1m", "5p", "F1", "S4", "w4", "h2", "d1", "1212", "4343", "....", "name",
    "layout", "deal", "solvable", "turtle", "(0,0,0)", "(2,0,0)", "+", ":", "#", "\u00b2",
    "\u0663", "9" * 40, "-1", "\x1b[2J", "\u202e", "\x00", "\t", "\ufeff", "1z", "(", ")",
])


def token_lines() -> st.SearchStrategy[str]:
    line = st.lists(TOKENS, max_size=8).map(" ".join)
    return st.lists(line, max_size=12).map("\n".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(head=st.sampled_from(LAYOUT_HEADS), body=st.one_of(token_lines(), st.text(max_size=300)))
def test_any_layout_text_is_a_layout_or_a_located_layout_error(head: str, body: str) -> None:
    try:
        loaded = parse_layout_text(head + body, source="gen")
    except LayoutError as error:
        assert error.file == "gen" and error.line is not None and error.line >= 1
        assert error.column is not None and error.column >= 1
    else:
        assert len(loaded.layout) % 2 == 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=st.one_of(token_lines(), st.text(max_size=300)))
def test_any_game_text_is_a_game_or_a_located_record_error(body: str) -> None:
    try:
        parse_game(GAME_HEAD + body, source="gen")
    except LayoutError as error:  # GameRecordError, or an error inside a layout file
        assert error.file is not None and error.line is not None and error.line >= 1


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=200))
def test_any_bytes_through_the_command_line_end_cleanly(tmp_path_factory: pytest.TempPathFactory,
                                                        data: bytes) -> None:
    folder = tmp_path_factory.mktemp("bytes")
    path = folder / "input"
    path.write_bytes(b"typed-mahjong-game-v1\nlayout turtle\n" + data)
    result = run_capped(["solitaire", "review", str(path), "--budget", "0.5"], seconds=30)
    assert_clean(result, codes={0, 1, 2, 3})


def test_load_game_refuses_what_load_layout_refuses(tmp_path: Path) -> None:
    # A bad layout named by a record: its own error, located in the layout file.
    layout = tmp_path / "bad.tiles"
    layout.write_text("typed-mahjong-layout-v1\n\u00b2 0 0 1m\n")
    game = tmp_path / "g.game"
    game.write_text(f"typed-mahjong-game-v1\nlayout {layout.name}\n")
    with pytest.raises(LayoutError) as caught:
        load_game(str(game))
    assert (caught.value.file, caught.value.line, caught.value.column) == (str(layout), 2, 1)
