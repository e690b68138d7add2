"""YAML 1.1 surprises (issue 30): PyYAML reads ``1:30`` as 90 (base 60), ``017`` as 15
(octal), ``0b1010`` as 10, and ``colour: no`` as false, where a YAML 1.2 reader (and most
people) see the text or 17. A game file never means them silently: each is a located
error naming the key, saying how to write what was meant."""

from __future__ import annotations

import pytest

from typed_mahjong.games import GameError, loads, yamlsafe

GAME = """\
name: Surprises
rules: {hand_size: 3, structure: '3'}
tiles:
  t1: {colour: red, n: 1}
  t2: {colour: blue, n: 2}
yaku:
  Y: {when: a.n == 1, points: 1}
"""


@pytest.fixture(params=[True, False], ids=["libyaml", "pure-python"])
def yaml_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    use_libyaml: bool = request.param
    original = yamlsafe.compose
    monkeypatch.setattr(yamlsafe, "compose",
                        lambda text, use_libyaml=use_libyaml: original(text,
                                                                       use_libyaml=use_libyaml))
    return use_libyaml


def problem_at(text: str, written: str) -> str:
    """The one problem of ``text``, which must be located at ``written``'s line and column."""
    with pytest.raises(GameError) as caught:
        loads(text, filename="g.yaml")
    assert len(caught.value.problems) == 1, caught.value.problems
    line_number, line = next((number, line) for number, line in
                             enumerate(text.splitlines(), start=1) if written in line)
    column = line.index(written) + 1
    problem = caught.value.problems[0]
    assert problem.startswith(f"g.yaml:{line_number}:{column}: "), problem
    return problem


@pytest.mark.parametrize("word", ["no", "No", "NO", "yes", "Yes", "on", "ON", "off", "Off"])
def test_yes_no_on_off_are_not_quietly_booleans(word: str, yaml_path: bool) -> None:
    text = GAME.replace("colour: blue", f"colour: {word}")
    problem = problem_at(text, f"colour: {word}".split()[1])
    meaning = "true" if word.lower() in ("yes", "on") else "false"  # YAML 1.1's booleans
    assert f"tile 't2'.colour: '{word}' is {meaning} in YAML 1.1 but text" in problem
    assert f"quote it ('{word}') for the text, or write true or false" in problem


@pytest.mark.parametrize(("written", "old", "fix"), [
    ("1:30", "the number 90 (base 60)", "write 90"),
    ("-1:30", "the number -90 (base 60)", "write -90"),
    ("017", "the number 15 (octal) in YAML 1.1 but 17 in YAML 1.2",
     "write 15 or 17 without the leading 0"),
    ("0b1010", "the number 10 (binary)", "write 10"),
    ("+0b11", "the number 3 (binary)", "write 3"),
])
def test_numbers_yaml_1_1_reads_otherwise_are_refused(written: str, old: str, fix: str,
                                                      yaml_path: bool) -> None:
    text = GAME.replace("n: 2}", f"n: {written}}}")
    problem = problem_at(text, written)
    assert f"tile 't2'.n: '{written}' is {old}" in problem and "YAML 1.1" in problem, problem
    assert f"{fix}, or quote it ('{written}') for the text" in problem, problem


@pytest.mark.parametrize(("old", "new", "written", "context"), [
    ("hand_size: 3", "hand_size: 0b11", "0b11", "rules.hand_size"),
    ("structure: '3'", "structure: 03", "03", "rules.structure"),
    ("points: 1}", "points: 1:05}", "1:05", "yaku 'Y'.points"),
    ("t1: {colour: red, n: 1}", "t1: {colour: red, n: 1, copies: 04}", "04", "tile 't1'.copies"),
])
def test_every_section_refuses_them(old: str, new: str, written: str, context: str,
                                    yaml_path: bool) -> None:
    problem = problem_at(GAME.replace(old, new), written)
    assert f"{context}: '{written}' is " in problem and "YAML 1.1" in problem, problem


@pytest.mark.parametrize("written", ["'no'", '"1:30"', "'017'", "'0b1010'", "'on'"])
def test_quoted_they_are_text(written: str, yaml_path: bool) -> None:
    game = loads(GAME.replace("colour: blue", f"colour: {written}"), filename="g.yaml")
    assert game.tiles[1].get("colour") == written.strip("'\"")


@pytest.mark.parametrize(("written", "value"), [
    ("true", True), ("False", False), ("17", 17), ("0", 0), ("-3", -3), ("+4", 4),
    ("1_000", 1000), ("0x1F", 31),
])
def test_plain_values_read_as_before(written: str, value: object, yaml_path: bool) -> None:
    game = loads(GAME.replace("colour: blue", f"colour: blue, extra: {written}")
                 .replace("colour: red", f"colour: red, extra: {written}"), filename="g.yaml")
    assert game.tiles[1].get("extra") == value
