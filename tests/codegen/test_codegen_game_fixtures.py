"""``codegen fixtures`` with YAML games: scored by the game engine, typed records.

Each expected value is worked out by hand from the Chinese Official (MCR) fan table in
the comments; none is read back from the generator.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from codegen_checkers import run_mypy, run_pyright

from typed_mahjong.cli import main
from typed_mahjong.codegen.errors import CodegenError
from typed_mahjong.codegen.fixtures import fixtures_text

# Claimed 234m and 555p, 678m, 345s, a north pair, won on 5s by discard (3s 4s waits on 2s
# or 5s), seat South in an East round: no fan at all, so Chicken Hand 8.
CHICKEN = '''
[fixtures.chicken]
game = "mcr"
hand = "(2m 3m 4m) (5p 5p 5p) 6m 7m 8m 3s 4s north north 5s"
inputs = { seat = "S", round = "E" }
points = 8
yaku = ["Chicken Hand"]
'''
# Four claimed wind pungs and a 5m pair won on a discard: Big Four Winds 88 + Half Flush 6
# + Melded Hand 6 = 100.
WINDS = '''
[fixtures.winds]
game = "mcr"
hand = "(east east east) (south south south) (west west west) (north north north) 5m 5m"
points = 100
yaku = { "Big Four Winds" = 88, "Half Flush" = 6, "Melded Hand" = 6 }
'''
RIICHI = '''
[fixtures.headline]
hand = "234p234s456m567s44p"
win = "3p"
points = 1300
'''


def generate(tmp_path: Path, text: str) -> str:
    path = tmp_path / "hands.toml"
    path.write_text(text)
    return fixtures_text(path, ["codegen", "fixtures", "hands.toml"])


def record(source: str, class_name: str) -> dict[str, object]:
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return {item.target.id: ast.literal_eval(item.value) for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                    and item.value is not None}
    raise AssertionError(class_name)


def test_game_and_riichi_fixtures_in_one_file(tmp_path: Path) -> None:
    # [defaults] rules applies to the riichi fixture only.
    source = generate(tmp_path, '[defaults]\nrules = "tenhou"\n' + RIICHI + CHICKEN + WINDS)
    chicken = record(source, "ChickenFixture")
    assert chicken["points"] == 8 and chicken["yaku"] == ("Chicken Hand",)
    assert chicken["inputs"] == (("seat", "S"), ("round", "E"))
    assert chicken["game"] == "mcr" and chicken["game_name"] == "Chinese Official (MCR)"
    winds = record(source, "WindsFixture")
    assert winds["yaku"] == ("Big Four Winds", "Half Flush", "Melded Hand")
    assert winds["yaku_values"] == (88, 6, 6) and winds["inputs"] == ()
    assert record(source, "HeadlineFixture")["points"] == 1300
    assert 'FixtureName: TypeAlias = Literal[\n    "headline",\n    "chicken",\n    "winds",\n]' \
        in source


def test_a_game_next_to_the_fixtures_file(tmp_path: Path) -> None:
    (tmp_path / "tiny.yaml").write_text(
        "name: Tiny\nrules: {hand_size: 3, structure: 3}\ntiles:\n  a: {n: 1}\n  b: {n: 2}\n"
        "yaku:\n  Trio: {when: a.name == b.name == c.name, points: 30}\n")
    source = generate(tmp_path, '[fixtures.trio]\ngame = "tiny.yaml"\nhand = "a a a"\n'
                                'points = 30\n')
    assert record(source, "TrioFixture")["points"] == 30


@pytest.mark.parametrize(("toml", "message"), [
    # Chicken Hand is 8, not 9; and no Seat Wind (the pair is north, the seat South).
    (CHICKEN.replace("points = 8", "points = 9"),
     "hands.toml:6: fixture 'chicken': expected points = 9, but the game scores 8"),
    (CHICKEN.replace('yaku = ["Chicken Hand"]', 'yaku = ["Chicken Hand", "Seat Wind"]'),
     "hands.toml:7: fixture 'chicken': expected yaku = ['Chicken Hand', 'Seat Wind'], but "
     "the game scores ['Chicken Hand']"),
    (WINDS.replace('"Half Flush" = 6', '"Half Flush" = 3'),
     "hands.toml:6: fixture 'winds': expected yaku = {'Big Four Winds': 88, 'Half Flush': 3"),
    # 678m next to 678s is Mixed Double Chow, 1 fan: short of the 8 a hand needs.
    (CHICKEN.replace("3s 4s north north 5s", "7s 8s north north 6s"),
     "hands.toml:2: fixture 'chicken': the hand does not win in 'Chinese Official (MCR)', "
     "so it scores nothing (the game's minimum is 8)"),
    (CHICKEN.replace("north north", "nort north"),
     "hands.toml:4: fixture 'chicken': "),
    (CHICKEN.replace('seat = "S"', 'seat = "X"'),
     "hands.toml:5: fixture 'chicken': "),
    (CHICKEN.replace('game = "mcr"', 'game = "mcrr"'),
     "hands.toml:2: fixture 'chicken': game 'mcrr': "),
    (CHICKEN.replace("points = 8", 'points = 8\nwin = "5s"'),
     "fixture 'chicken': key 'win' is for riichi fixtures"),
    (CHICKEN.replace("points = 8", "points = 8\nfan = 8"),
     "fixture 'chicken': unknown key 'fan'"),
    (CHICKEN.replace("points = 8", 'points = "8"'),
     "fixture 'chicken': key 'points' must be an integer"),
    (CHICKEN.replace('inputs = { seat = "S", round = "E" }', 'inputs = "S"'),
     "fixture 'chicken': 'inputs' must be a table"),
    (CHICKEN.replace('yaku = ["Chicken Hand"]', "yaku = 8"),
     "fixture 'chicken': key 'yaku' must be a list of yaku names or a table"),
])
def test_bad_game_fixtures_name_file_line_and_fixture(tmp_path: Path, toml: str,
                                                      message: str) -> None:
    with pytest.raises(CodegenError) as caught:
        generate(tmp_path, toml)
    assert message in str(caught.value)
    assert str(caught.value).startswith(str(tmp_path / "hands.toml"))


def test_bad_hand_and_input_messages_say_what(tmp_path: Path) -> None:
    with pytest.raises(CodegenError, match=r"unknown tile 'nort' \(did you mean 'north'\?\)"):
        generate(tmp_path, CHICKEN.replace("north north", "nort north"))
    with pytest.raises(CodegenError, match="input 'seat' is one of E, S, W, N, not 'X'"):
        generate(tmp_path, CHICKEN.replace('seat = "S"', 'seat = "X"'))


def test_a_wrong_value_fails_the_cli_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "hands.toml"
    source.write_text(WINDS.replace("points = 100", "points = 94"))
    output = tmp_path / "hands.py"
    assert main(["codegen", "fixtures", str(source), "-o", str(output)]) == 2
    err = capsys.readouterr().err
    assert f"{source}:5: fixture 'winds': expected points = 94, but the game scores 100" in err
    assert not output.exists()


def test_game_records_type_check(tmp_path: Path) -> None:
    (tmp_path / "hands.py").write_text(generate(tmp_path, CHICKEN + WINDS))
    (tmp_path / "use.py").write_text(
        "from typing import Literal\n\nfrom hands import CHICKEN, WINDS\n\n"
        "ok: Literal[8] = CHICKEN.points\n"
        "winds: Literal[100] = WINDS.points\n"
        "bad: Literal[88] = WINDS.points\n")
    for diagnostics in (run_mypy(tmp_path, ["hands.py", "use.py"]),
                        run_pyright(tmp_path, ["hands.py", "use.py"], ["hands.py"])):
        assert [(item.file, item.line, item.severity) for item in diagnostics] == [
            ("use.py", 7, "error")]


@pytest.mark.parametrize(("old", "new", "message"), [
    ("points = 8", "points = 8\nyakus = []",
     "hands.toml:7: fixture 'chicken': unknown key 'yakus' (did you mean 'yaku'?); a game "
     "fixture's keys: "),
    ('inputs = {', 'input = {', "hands.toml:5: fixture 'chicken': unknown key 'input' (did "
                                "you mean 'inputs'?); a game fixture's keys: "),
], ids=["yakus", "input"])
def test_a_misspelt_game_fixture_key_names_the_closest_one_and_its_line(
        tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(CodegenError) as caught:
        generate(tmp_path, CHICKEN.replace(old, new))
    assert str(caught.value).startswith(str(tmp_path / message))
