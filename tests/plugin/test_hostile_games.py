"""Hostile ``Game[...]`` annotations and game files under mypy (issue 30): mypy runs on
untrusted pull requests because it executes nothing, so no annotation may hang it, crash
it, or copy a file from outside the project into its output.

Each mypy run is a child process under the caps of ``tests/hostile.py``.
"""

from __future__ import annotations

import os
import re
import typing
from collections.abc import Callable
from pathlib import Path

import pytest
from hostile import assert_clean
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mypy_capped import mypy_capped
from plugin_support import Project, pyproject

from typed_mahjong import Flowers, Game, GameInput, Hand, Points
from typed_mahjong.query.building import AnnotationError

WILD_GAME = """\
name: H
rules: {hand_size: 12, structure: '12'}
tiles:
  k0: {n: 0}
  J: {wildcard: true, copies: 12}
yaku:
  Y: {when: a.n > 5, points: 1}
"""


def test_twelve_wildcards_behind_an_annotation_do_not_hang_mypy(project: Project) -> None:
    # Hung mypy past 60 s. Every J stands for k0 (n 0), so no yaku holds: the hand scores
    # nothing, which the plugin reports at the hand.
    project.write("pyproject.toml", pyproject())
    project.write("games/h.yaml", WILD_GAME)
    project.write("m.py", """\
        from typed_mahjong import Game, Hand, Points
        x: Points[Game["games/h.yaml"], Hand["J J J J J J J J J J J J"]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    assert "the hand scores nothing" in result.stdout, result.stdout
    assert "[mahjong-no-yaku]" in result.stdout, result.stdout


# -- Game[...] reads inside the project only ----------------------------------------------

SECRET = "hunter2-s3cr3t"
GAME = """\
name: Trio
rules: {hand_size: 3, structure: '3'}
tiles:
  red: {n: 1}
yaku:
  Three: {when: a.n == 1, points: 30}
"""


def split_project(tmp_path: Path) -> tuple[Project, Path]:
    """A project in ``tmp_path/project`` and a folder beside it, ``tmp_path/outside``,
    holding a secret and a good game file."""
    project = Project(tmp_path / "project")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "passwd").write_text(f"root:x:0:0:root:/root:/bin/bash\nalice:{SECRET}:1000\n")
    (outside / "game.yaml").write_text(GAME)
    return project, outside


def test_an_annotation_cannot_read_a_file_outside_the_project(tmp_path: Path) -> None:
    project, outside = split_project(tmp_path)
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import Game, Hand, Points
        a: Points[Game["{outside / 'passwd'}"], Hand["a b c"]]
        b: Points[Game["../outside/passwd"], Hand["a b c"]]
        c: Points[Game["../outside/game.yaml"], Hand["red red red"]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    assert SECRET not in result.stdout + result.stderr and "alice" not in result.stdout
    lines = result.stdout.splitlines()
    assert len(lines) == 3, result.stdout
    for number, line in zip((2, 3, 4), lines, strict=True):
        assert line.startswith(f"m.py:{number}:"), line
        assert "is outside the project" in line and line.endswith("[mahjong-game]"), line
        assert "game_roots" in line


@pytest.mark.skipif(not Path("/etc/passwd").is_file(), reason="no /etc/passwd here")
def test_the_issue_annotation_shows_nothing_of_etc_passwd(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("m.py", """\
        from typed_mahjong import Game, Hand, Points
        x: Points[Game["/etc/passwd"], Hand["a b c"]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    for line in Path("/etc/passwd").read_text().splitlines():
        assert line not in result.stdout
    assert "is outside the project" in result.stdout


def test_a_link_out_of_the_project_is_outside_it(tmp_path: Path) -> None:
    project, outside = split_project(tmp_path)
    project.write("pyproject.toml", pyproject())
    (project.root / "games").mkdir()
    (project.root / "games" / "linked.yaml").symlink_to(outside / "game.yaml")
    project.write("m.py", """\
        from typed_mahjong import Game, Hand, Points
        x: Points[Game["games/linked.yaml"], Hand["red red red"]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    assert "is outside the project" in result.stdout, result.stdout


@pytest.mark.parametrize("config", ["pyproject.toml", "mypy.ini"])
def test_game_roots_opens_other_folders(tmp_path: Path, config: str) -> None:
    project, outside = split_project(tmp_path)
    if config == "mypy.ini":
        project.write("mypy.ini", "[mypy]\nplugins = typed_mahjong.plugin\n"
                      "[mypy.plugins.typed_mahjong]\ngame_roots = ../outside, games\n")
    else:
        project.write(config, pyproject('game_roots = ["../outside", "games"]'))
    project.write("games/own.yaml", GAME)
    project.write("m.py", f"""\
        from typed_mahjong import Game, Hand, Points
        a: Points[Game["../outside/game.yaml"], Hand["red red red"]] = 30
        b: Points[Game["{outside / 'game.yaml'}"], Hand["red red red"]] = 30
        c: Points[Game["games/own.yaml"], Hand["red red red"]] = 30
        d: Points[Game["../outside/game.yaml"], Hand["red red red"]] = 31
    """)
    result = mypy_capped(project.root, "m.py", config=config)
    assert_clean(result, codes={1})
    # 30 points for three red tiles (yaku Three); only d's 31 is wrong.
    lines = result.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("m.py:5:"), result.stdout
    assert lines[0].endswith("[assignment]"), result.stdout


@pytest.mark.parametrize(("setting", "message"), [
    ('game_roots = "../outside"', "game_roots must be a list of folders, got '../outside'"),
    ("game_roots = [1]", "game_roots must be a list of folders, got [1]"),
    ('game_roots = [["x"]]', "game_roots must be a list of folders, got [['x']]"),
    ('game_roots = ["missing"]', "game_roots: 'missing' is not a folder"),
    ('game_roots = ["../outside/passwd"]', "game_roots: '../outside/passwd' is not a folder"),
    ('game_roots = ["a\\u0000b"]', "game_roots: 'a\\x00b' is not a folder"),
])
def test_bad_game_roots_are_config_errors(tmp_path: Path, setting: str, message: str) -> None:
    project, _ = split_project(tmp_path)
    project.write("pyproject.toml", pyproject(setting))
    project.write("m.py", "x = 1\n")
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={2})
    # [tool.typed_mahjong] is line 7 of pyproject(); the setting is on line 8.
    assert result.stderr.splitlines() == [
        f"pyproject.toml:8: error: [tool.typed_mahjong] {message}  [mahjong-config]"]


def test_bad_paths_are_game_errors_not_internal_ones(project: Project) -> None:
    # Game["a\x00b"] and a loop of links were mahjong-internal (Path.resolve raised).
    project.write("pyproject.toml", pyproject())
    (project.root / "loop").symlink_to("loop")
    (project.root / "ping").symlink_to("pong")
    (project.root / "pong").symlink_to("ping")
    os.mkfifo(project.root / "fifo")
    (project.root / "folder").mkdir()
    project.write("m.py", """\
        from typed_mahjong import Game, Hand, Points
        a: Points[Game["a\\x00b"], Hand["a b c"]]
        b: Points[Game["loop"], Hand["a b c"]]
        c: Points[Game["ping"], Hand["a b c"]]
        d: Points[Game["fifo"], Hand["a b c"]]
        e: Points[Game["folder"], Hand["a b c"]]
        f: Points[Game["missing.yaml"], Hand["a b c"]]
    """)
    result = mypy_capped(project.root, "m.py", seconds=60)
    assert_clean(result, codes={1})
    lines = result.stdout.splitlines()
    assert [line.split(":")[1] for line in lines] == ["2", "3", "4", "5", "6", "7"], lines
    assert all(line.endswith("[mahjong-game]") for line in lines), lines
    assert "the path contains a NUL character" in lines[0]
    assert "loop of symbolic links" in lines[1] and "loop of symbolic links" in lines[2]
    assert "a FIFO" in lines[3] and "a directory" in lines[4]
    assert "No such file or directory" in lines[5]


# -- terminal escapes in what mypy prints ------------------------------------------------

ESC_YAML = "\\x1b[2J\\x1b[31m"
ESCAPING_GAME = f"""\
name: "Game{ESC_YAML}"
rules: {{hand_size: 3, structure: '3'}}
tiles:
  "t{ESC_YAML}": {{n: 1}}
  "u\\u202e": {{n: 2}}
yaku:
  "Yaku{ESC_YAML}\\a": {{when: a.n == 1, points: 10}}
"""


def test_names_with_escapes_reach_mypys_output_escaped(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("games/esc.yaml", ESCAPING_GAME)
    project.write("games/broken.yaml", ESCAPING_GAME.replace("a.n == 1", "a.nn == 1"))
    project.write("m.py", """\
        from typed_mahjong import Explain, Game, Hand, Points, Yaku
        a: Points[Game["games/esc.yaml"], Hand["t\\x1b[2J\\x1b[31m t\\x1b[2J\\x1b[31m \
t\\x1b[2J\\x1b[31m"], Explain]
        b: Points[Game["games/esc.yaml"], Hand["u\\u202e u\\u202e v\\x1b[2J"]]
        c: Points[Game["games/broken.yaml"], Hand["a b c"]]
        d: Points[Game["games/\\x1b[2Jmissing.yaml"], Hand["a b c"]]
        e: Points[Game["/\\x1b[2J/etc"], Hand["a b c"]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    for raw in ("\x1b", "\u202e", "\x07"):
        assert raw not in result.stdout + result.stderr, repr(result.stdout)
    lines = result.stdout.splitlines()
    # the notes of a, and one error each for b to e
    assert [line.split(":")[1] for line in lines if ": error:" in line] == [
        "3", "4", "5", "6"], result.stdout
    assert any("Yaku\\u001b[2J\\u001b[31m\\u0007" in line for line in lines), result.stdout


# -- numbers past Python's 4300 digits -----------------------------------------------------

HK_HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s"


@pytest.mark.parametrize("make", [
    lambda big: Points[Game["hk-oldstyle"], Hand[HK_HAND], Flowers[big]],
    lambda big: Points[Game["hk-oldstyle"], Hand[HK_HAND], GameInput["flowers", big]],
], ids=["Flowers", "GameInput"])
def test_a_huge_game_input_is_a_usage_error_at_run_time(make: Callable[[int], object]
                                                       ) -> None:
    # str() of a number past 4300 digits raises ValueError (and is slow before that).
    query = typing.get_args(make(1 << 20000))[1]
    with pytest.raises(AnnotationError, match="a number of more than 18 digits"):
        query.evaluate()


def test_a_huge_game_input_under_mypy(project: Project) -> None:
    big = "0x" + "f" * 5000
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import Flowers, Game, GameInput, Hand, Points
        a: Points[Game["hk-oldstyle"], Hand["{HK_HAND}"], Flowers[{big}]]
        b: Points[Game["hk-oldstyle"], Hand["{HK_HAND}"], GameInput["flowers", {big}]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    lines = result.stdout.splitlines()
    assert [line.split(":")[1] for line in lines] == ["2", "3"], result.stdout
    assert all(line.endswith("[mahjong-usage]") for line in lines), result.stdout


# -- generated hostile annotations ----------------------------------------------------

PATHS = st.sampled_from([
    "forest", "hk-oldstyle", "games/h.yaml", "games/esc.yaml", "games/broken.yaml", "games",
    "/etc/passwd", "/dev/zero", "../outside.yaml", "a\x00b", "loop", "fifo", "\x1b[2J",
    "", ".", "./forest", "games/" + "x" * 300, "games/h.yaml\n", "~/x.yaml"])
HANDS = st.one_of(
    st.text(alphabet="JQk0 ,\x1b\u202e\x00redbluefoxmoon", max_size=40),
    st.sampled_from(["J " * 12, "fox vixen kit owl eagle_owl owlet bear grizzly moon",
                     "123m pon:555z", "t\x1b[2J " * 3, " " * 5000, "x" * 5000]))
INPUTS = st.sampled_from([
    "", ", SelfDrawn", ", Concealed", ", Flowers[2]", ", Flowers[0x" + "f" * 5000 + "]",
    ', GameInput["seat", "east"]', ', GameInput["\\x1b[2J", 1]', ', Seat["E"]',
    ', GameInput["flowers", -1]', ", Explain", ', Ron["3p"]'])
RESULTS = st.sampled_from(["Points", "Yaku", "YakuSet", "Han"])
ANNOTATION_LINE = re.compile(r"^m\.py:\d+:\d+: (error|note): .*")


@st.composite
def game_annotations(draw: st.DrawFn) -> list[str]:
    return [f"{draw(RESULTS)}[Game[{draw(PATHS)!r}], Hand[{draw(HANDS)!r}]{draw(INPUTS)}]"
            for _ in range(draw(st.integers(5, 15)))]


def check_generated(root: Path, annotations: list[str]) -> None:
    project = Project(root)
    project.write("pyproject.toml", pyproject())
    if not (root / "games").exists():
        project.write("games/h.yaml", WILD_GAME)
        project.write("games/esc.yaml", ESCAPING_GAME)
        project.write("games/broken.yaml", ESCAPING_GAME.replace("a.n == 1", "a.nn == 1"))
        (root / "loop").symlink_to("loop")
        os.mkfifo(root / "fifo")
    project.write("m.py", "from typed_mahjong import Concealed, Explain, Flowers, Game, "
                  "GameInput, Han, Hand, Points, Ron, Seat, SelfDrawn, Yaku, YakuSet\n"
                  + "".join(f"v{index}: {text}\n" for index, text in enumerate(annotations)))
    result = mypy_capped(root, "m.py")
    assert_clean(result, codes={0, 1})
    assert "INTERNAL ERROR" not in result.stdout + result.stderr
    for raw in ("\x1b", "\u202e", "\x00"):
        assert raw not in result.stdout + result.stderr
    for line in result.stdout.splitlines():
        assert ANNOTATION_LINE.match(line), line
        if ": error: " in line:  # the plugin's, at the annotation (mypy has nothing to say)
            assert re.search(r"  \[mahjong-[a-z-]+\]$", line), line
        assert "mahjong-internal" not in line, line
        assert len(line) < 2000, line[:300]


@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(annotations=game_annotations())
def test_generated_game_annotations_end_cleanly(tmp_path: Path, annotations: list[str]
                                                ) -> None:
    check_generated(tmp_path, annotations)


@pytest.mark.slow
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(annotations=game_annotations())
def test_many_generated_game_annotations_end_cleanly(tmp_path: Path, annotations: list[str]
                                                     ) -> None:
    check_generated(tmp_path, annotations)


def test_devices_are_refused_even_inside_a_game_root(project: Project) -> None:
    # game_roots lets Game[...] into /dev: reading must still refuse what is not a file.
    project.write("pyproject.toml", pyproject('game_roots = ["/dev"]'))
    project.write("m.py", """\
        from typed_mahjong import Game, Hand, Points
        a: Points[Game["/dev/zero"], Hand["a b c"]]
        b: Points[Game["/dev/stdin"], Hand["a b c"]]
        c: Points[Game["/dev/null"], Hand["a b c"]]
    """)
    result = mypy_capped(project.root, "m.py", seconds=60)
    assert_clean(result, codes={1})
    lines = result.stdout.splitlines()
    assert [line.split(":")[1] for line in lines] == ["2", "3", "4"], result.stdout
    assert all(line.endswith("[mahjong-game]") for line in lines), result.stdout
    assert "character device" in lines[0] and "character device" in lines[2], result.stdout
