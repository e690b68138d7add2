"""Settings of any shape (issue 30): ``double_yakuman = [["x"]]`` gave mypy's INTERNAL
ERROR. Every value of a wrong shape, for every key, is a located ``mahjong-config`` error,
as the other config errors are; none raises out of the plugin."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import assert_clean
from mypy_capped import mypy_capped
from plugin_support import Project, pyproject

from typed_mahjong.query.settings import OPTIONS, load_config

# TOML values of every shape TOML has, some of them huge.
WRONG_SHAPES = [
    '[["x"]]', "{a = 1}", '[{a = 1}]', "[1, 2]", '["a", 1]', "1.5", "nan", "inf",
    "1979-05-27", "07:32:00", "0x" + "f" * 5000, "0b" + "1" * 20000, "0o" + "7" * 6000,
    '"' + "x" * 5000 + '"', "[" + ", ".join(['"a"'] * 3000) + "]",
]
# The values each key takes: a wrong shape is any value of another kind.
RIGHT = {bool: "true", int: "100", str: '"tenhou"', frozenset: '["suuankou tanki"]',
         list: '["."]'}


def shapes_for(key: str) -> list[str]:
    kind = OPTIONS[key]
    wrong = list(WRONG_SHAPES)  # a long string is a wrong preset, or a wrong option value
    wrong += [RIGHT[other] for other in RIGHT if other is not kind
              and not (kind is frozenset and other is list)
              and not (kind is list and other is frozenset)]
    return wrong


CASES = [(key, value) for key in OPTIONS for value in shapes_for(key)]


@pytest.mark.parametrize(("key", "value"), CASES,
                         ids=[f"{key}={value[:12]}" for key, value in CASES])
def test_every_wrong_shape_is_a_located_config_error(tmp_path: Path, key: str,
                                                     value: str) -> None:
    config = tmp_path / "pyproject.toml"
    config.write_text(f"[tool.typed_mahjong]\n{key} = {value}\n")
    loaded = load_config(str(config))
    assert len(loaded.problems) == 1, loaded.problems
    problem = loaded.problems[0]
    assert problem.startswith(f"{config}:2: error: [tool.typed_mahjong] "), problem
    assert key in problem, problem
    assert len(problem) < 400, problem  # a huge value is not repeated whole


@pytest.mark.parametrize(("key", "value"), [
    ("honba_value", "9" * 5000), ("honba_value", "1e9"), ("explain", "x" * 5000),
    ("double_yakuman", "suuankou tanki, " + "y" * 5000), ("game_roots", "\x00"),
])
def test_ini_values_of_the_wrong_shape(tmp_path: Path, key: str, value: str) -> None:
    config = tmp_path / "mypy.ini"
    config.write_text(f"[mypy.plugins.typed_mahjong]\n{key} = {value}\n")
    loaded = load_config(str(config))
    assert len(loaded.problems) == 1 and key in loaded.problems[0], loaded.problems
    assert loaded.problems[0].startswith(f"{config}:2: error: "), loaded.problems
    assert len(loaded.problems[0]) < 400, loaded.problems


def test_the_issue_setting_stops_mypy_with_a_config_error(project: Project) -> None:
    project.write("pyproject.toml", pyproject('double_yakuman = [["x"]]\n'))
    project.write("m.py", "x = 1\n")
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={2})
    assert "INTERNAL ERROR" not in result.stdout + result.stderr
    # [tool.typed_mahjong] is line 7 of pyproject(); the setting is on line 8.
    assert result.stderr.splitlines() == [
        "pyproject.toml:8: error: [tool.typed_mahjong] option 'double_yakuman' must be a "
        "list of at most 100 names, got [['x']]  [mahjong-config]"]


def test_a_huge_hex_number_stops_mypy_with_a_config_error(project: Project) -> None:
    project.write("pyproject.toml", pyproject("honba_value = 0x" + "f" * 5000 + "\n"))
    project.write("m.py", "x = 1\n")
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={2})
    assert result.stderr.splitlines() == [
        "pyproject.toml:8: error: [tool.typed_mahjong] option 'honba_value' must be an integer "
        "from -1000000000 to 1000000000, got a number of more than 18 digits  "
        "[mahjong-config]"]
