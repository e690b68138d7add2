"""Strict loading (issue 14): numbers bounded in digits before conversion, keys that YAML
reads as null, booleans or integers refused with their line and a hint, ASCII digits only
in expressions, and every failure a ``GameError`` (``game check`` exit 1, ``game score``
exit 2), never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from typed_mahjong.cli import main
from typed_mahjong.games import BAD_FILE, GameError, loads

GAME = """\
name: Keys
rules: {hand_size: 3, structure: 3}
tiles:
  t1: {n: 1}
  t2: {n: 2}
yaku:
  Y: {when: a.n == 1, points: 10}
"""


def refused(text: str) -> GameError:
    with pytest.raises(GameError) as caught:
        loads(text, filename="strict.yaml")
    assert caught.value.kind == BAD_FILE
    return caught.value


@pytest.mark.parametrize("number", ["0x" + "f" * 5000, "0" + "7" * 5000,
                                    "0b" + "1" * 20000, "9" * 5000, "-0x" + "f" * 4400])
def test_huge_integers_are_refused_before_conversion(number: str) -> None:
    # Issue 14: hex/octal/binary past 4300 digits raised ValueError (printing it).
    error = refused(GAME.replace("t1: {n: 1}", f"t1: {{n: {number}}}"))
    assert "strict.yaml:4:" in str(error)
    assert "more than 20 characters" in error.message


def test_huge_integer_in_rules_is_refused() -> None:
    error = refused(GAME.replace("hand_size: 3", "hand_size: 0x" + "f" * 5000))
    assert "more than 20 characters" in error.message


@pytest.mark.parametrize(
    ("key", "reads_as"),
    [("~", "nothing (null)"), ("null", "nothing (null)"), ("no", "the boolean no"),
     ("on", "the boolean on"), ("Yes", "the boolean Yes")],
)
def test_null_and_boolean_tile_names_are_refused(key: str, reads_as: str) -> None:
    # Issue 14: `null:`/`~:` tiles vanished silently, `no`/`on` became booleans.
    error = refused(GAME.replace("  t2: {n: 2}", f"  t2: {{n: 2}}\n  {key}: {{n: 3}}"))
    problem = error.problems[0]
    assert problem.startswith("strict.yaml:6:3: tiles: ")
    assert f"the key {key!r} reads as {reads_as}" in problem
    assert f"quote it ('{key}')" in problem


@pytest.mark.parametrize("key", ["~", "null", "off", "1"])
def test_null_boolean_and_integer_yaku_names_are_refused(key: str) -> None:
    # A 1000-point yaku named `~` vanished and `check` said ok.
    error = refused(GAME + f"  {key}: {{when: true, points: 1000}}\n")
    assert error.problems[0].startswith("strict.yaml:8:3: yaku: ")
    assert f"the key {key!r} reads as" in error.problems[0]


def test_null_exclusion_and_part_and_sets_keys_are_refused() -> None:
    text = GAME + "exclude:\n  ~: {when: true}\nparts:\n  null: a.n == 1\nsets:\n  ~: true\n"
    error = refused(text)
    lines = [p.split(":")[1] for p in error.problems if "reads as nothing" in p]
    assert lines == ["9", "11", "13"]


def test_integer_keys_stay_allowed_where_they_are_numbers() -> None:
    text = GAME.replace("rules: {hand_size: 3, structure: 3}",
                        "rules: {hand_size: 3, structure: 3, unit: han, "
                        "han_points: {1: 100, 2: 200}}").replace("points: 10", "han: 1")
    game = loads(text + "sets:\n  3: true\n", filename="ok.yaml")
    assert game.score("t1 t1 t2").points == 100


@pytest.mark.parametrize("digits", ["١٢", "１２", "۱۲", "¹²"])
def test_only_ascii_digits_are_numbers(digits: str) -> None:
    # Issue 14: `a.n == ١٢` compared with 12.
    error = refused(GAME.replace("a.n == 1", f"a.n == {digits}"))
    assert "yaku 'Y'" in str(error)


def test_cli_reports_loading_faults_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(GAME.replace("t1: {n: 1}", "t1: {n: 0x" + "f" * 5000 + "}"))
    assert main(["game", "check", str(bad)]) == 1
    assert "more than 20 characters" in capsys.readouterr().out
    assert main(["game", "score", str(bad), "t1 t1 t2"]) == 2
    err = capsys.readouterr().err
    assert "more than 20 characters" in err and "Traceback" not in err
