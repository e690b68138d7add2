"""``codegen game-table``: a YAML game's yaku values as Literal constants and lookups.

The values asserted are Chinese Official (MCR) fan values as the rules publish them (the
WMO Mahjong Competition Rules' fan table), not read back from the generated module.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest
from codegen_checkers import Diagnostic, run_mypy, run_pyright

from typed_mahjong.cli import main
from typed_mahjong.codegen.errors import CodegenError
from typed_mahjong.codegen.game_table import game_table_text
from typed_mahjong.codegen.game_yaku import constant_name

# Fan values from the MCR fan table (WMO), by name.
MCR_FAN = {
    "Big Four Winds": 88, "Big Three Dragons": 88, "All Green": 88, "Nine Gates": 88,
    "Four Kongs": 88, "Seven Shifted Pairs": 88, "Thirteen Orphans": 88,
    "All Terminals": 64, "Little Four Winds": 64, "All Honors": 64,
    "Quadruple Chow": 48, "Four Pure Shifted Pungs": 48, "Three Kongs": 32,
    "Seven Pairs": 24, "Full Flush": 24, "Pure Straight": 16, "Knitted Straight": 12,
    "Mixed Triple Chow": 8, "Chicken Hand": 8, "Robbing The Kong": 8,
    "All Pungs": 6, "Half Flush": 6, "All Types": 6, "Outside Hand": 4,
    "Fully Concealed Hand": 4, "Dragon Pung": 2, "All Chows": 2, "All Simples": 2,
    "Pure Double Chow": 1, "Short Straight": 1, "Edge Wait": 1, "Self-Drawn": 1,
}


def load_module(folder: Path, name: str, source: str) -> ModuleType:
    path = folder / f"{name}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def mcr(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    folder = tmp_path_factory.mktemp("mcr_table")
    return load_module(folder, "mcr_table", game_table_text("mcr", ["codegen"]))


def test_mcr_fan_values_follow_the_rules(mcr: ModuleType) -> None:
    for name, fan in MCR_FAN.items():
        assert mcr.VALUES[name] == fan, name
        assert getattr(mcr, constant_name(name)) == fan, name
    assert mcr.BIG_FOUR_WINDS == 88 and mcr.SELF_DRAWN == 1
    assert mcr.THREE_SUITED_TERMINAL_CHOWS == 16
    # 8 fan to win; the flowers (a bonus) do not count toward it.
    assert mcr.MINIMUM == 8 and mcr.UNIT == "points"
    assert mcr.GAME_NAME == "Chinese Official (MCR)" and mcr.GAME_FILE == "mcr.yaml"
    # The 81 fan, plus the reference's combined Concealed Kong and Melded Kong (5).
    assert len(mcr.YAKU_NAMES) == 82 and mcr.VALUES["Concealed Kong and Melded Kong"] == 5


def test_computed_and_flagged_yaku_are_honest(mcr: ModuleType) -> None:
    # Tile Hog is 2 fan for each tile held four times; the flowers 1 each: both depend on
    # the hand, so neither has a constant or a VALUES entry.
    assert set(mcr.FORMULAS) == {"Tile Hog", "Flower Tiles"}
    assert mcr.FORMULAS["Flower Tiles"] == "flowers"
    assert not hasattr(mcr, "TILE_HOG") and "Tile Hog" not in mcr.VALUES
    with pytest.raises(KeyError, match="'Tile Hog' is computed"):
        mcr.VALUES["Tile Hog"]
    with pytest.raises(KeyError, match="'Big Five Winds' is not a yaku"):
        mcr.VALUES["Big Five Winds"]
    assert len(mcr.VALUES) == 80 and list(mcr.VALUES)[0] == "Big Four Winds"
    # The two-chow fan count once per pair of chows: their value is per time.
    source = game_table_text("mcr", ["codegen"])
    assert alias_names(source, "PerGroupYakuName") >= {"Pure Double Chow", "Short Straight",
                                                       "Mixed Double Chow", "Dragon Pung"}
    assert alias_names(source, "BonusYakuName") == {"Flower Tiles"}
    assert alias_names(source, "FallbackYakuName") == {"Chicken Hand"}
    assert "PointsYakuName: TypeAlias = Never" in source  # a game counted in points


def alias_names(source: str, alias: str) -> set[str]:
    match = re.search(rf"^{alias}: TypeAlias = Literal\[\n(.*?)^\]", source, re.M | re.S)
    assert match, alias
    return set(re.findall(r'"([^"]+)"', match[1]))


def test_a_han_game_marks_its_limit_hands_in_points() -> None:
    # Hong Kong old style counts faan; its two limit hands are worth 1024 points.
    source = game_table_text("hk-oldstyle", ["codegen"])
    assert 'UNIT: Final[Literal["han"]] = "han"' in source
    assert "MINIMUM: Final[Literal[3]] = 3" in source
    assert alias_names(source, "PointsYakuName") == {"Great Four Winds", "Thirteen Orphans"}
    assert "ALL_ONE_SUIT: Final[Literal[7]] = 7" in source
    assert "# SEAT_FLOWER: computed" in source


@pytest.mark.parametrize(("name", "constant"), [
    ("Big Four Winds", "BIG_FOUR_WINDS"), ("Self-Drawn", "SELF_DRAWN"),
    ("Three-Suited Terminal Chows", "THREE_SUITED_TERMINAL_CHOWS"),
    ("Out with Replacement Tile", "OUT_WITH_REPLACEMENT_TILE"), ("tanyao", "TANYAO"),
    ("  Guest  of -- Honour ", "GUEST_OF_HONOUR"), ("自摸", "自摸"), ("ｆｕｌｌ", "FULL"),
])
def test_constant_names(name: str, constant: str) -> None:
    assert constant_name(name) == constant


TINY = """name: Tiny
rules:
  hand_size: 3
  structure: 3
tiles:
  a: {n: 1}
  b: {n: 2}
yaku:
  Big Win: {when: true, points: 5}
  %s: {when: a.n == 1, points: 6}
"""


@pytest.mark.parametrize(("second", "message"), [
    ("Big-Win", "tiny.yaml:10: yaku 'Big Win' and 'Big-Win' both become the constant "
                "BIG_WIN: rename one"),
    ("2 Win", "tiny.yaml:10: yaku '2 Win': its constant '2_WIN' is not a Python name"),
    ("'?!'", "tiny.yaml:10: yaku '?!': its constant '' is not a Python name"),
    ("Minimum", "tiny.yaml:10: yaku 'Minimum': its constant MINIMUM is a name the module "
                "defines itself"),
])
def test_bad_yaku_names_are_errors(tmp_path: Path, second: str, message: str) -> None:
    game = tmp_path / "tiny.yaml"
    game.write_text(TINY % second)
    with pytest.raises(CodegenError) as caught:
        game_table_text(str(game), ["codegen"])
    assert message in str(caught.value)


@pytest.mark.parametrize(("argv", "message"), [
    (["game-table", "mcrr"], "mcrr: cannot read the game file"),
    (["game-table", "nope.yaml"], "nope.yaml: cannot read the game file"),
    (["game-table", "mcr", "--check"], "--check needs -o/--output"),
])
def test_bad_arguments_exit_2(argv: list[str], message: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["codegen", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("typed-mahjong: error: ") and message in err
    if "mcrr" in argv:
        assert "(built-in games: forest, hk-oldstyle, mcr, riichi-tanyao)" in err


def test_a_broken_game_file_names_its_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "tiny.yaml"
    game.write_text((TINY % "Other").replace("points: 6", "points: six + 1"))
    output = tmp_path / "table.py"
    assert main(["codegen", "game-table", str(game), "-o", str(output)]) == 2
    assert f"{game}:10:" in capsys.readouterr().err
    assert not output.exists()


def test_unwritable_output_is_an_error(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["codegen", "game-table", "mcr", "-o", str(blocker / "table.py")]) == 2
    assert f"cannot write {blocker / 'table.py'}" in capsys.readouterr().err


def test_check_detects_a_stale_or_missing_file(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "mcr_table.py"
    argv = ["codegen", "game-table", "mcr", "-o", str(output)]
    assert main([*argv, "--check"]) == 1
    assert "missing; generate it with:" in capsys.readouterr().err
    assert main(argv) == 0 and main([*argv, "--check"]) == 0
    output.write_text(output.read_text().replace("Literal[88]] = 88", "Literal[87]] = 87", 1))
    assert main([*argv, "--check"]) == 1
    err = capsys.readouterr().err
    assert "out of date; regenerate it with:" in err
    assert "-BIG_FOUR_WINDS: Final[Literal[87]] = 87" in err
    # The header's command is the one that regenerates it.
    assert output.read_text().splitlines()[2].startswith("#   typed-mahjong codegen game-table mcr")


GOOD = '''from typing import Literal

import forest_table
import riichi_table
from mcr_table import BIG_FOUR_WINDS, MINIMUM, PURE_DOUBLE_CHOW, VALUES, FixedYakuName

big: Literal[88] = VALUES["Big Four Winds"]
green: Literal[88] = VALUES["All Green"]
double: Literal[1] = VALUES["Pure Double Chow"]
chicken: Literal[8] = VALUES["Chicken Hand"]
constant: Literal[88] = BIG_FOUR_WINDS
per_time: Literal[1] = PURE_DOUBLE_CHOW
minimum: Literal[8] = MINIMUM
walk: Literal[100] = forest_table.VALUES["Forest Walk"]
tanyao: Literal[1] = riichi_table.VALUES["tanyao"]
no_minimum: None = forest_table.MINIMUM


def any_fixed(name: FixedYakuName) -> int:
    return VALUES[name]
'''
# Each line of bad.py must fail both checkers (at least one error, on that line).
BAD = [
    'w: Literal[64] = VALUES["Big Four Winds"]',
    'x: Literal[2] = VALUES["Pure Double Chow"]',
    'y: Literal[9] = MINIMUM',
    'z = VALUES["Big Five Winds"]',
    'h = VALUES["Tile Hog"]',
    'c: Literal[6] = CHICKEN_HAND',
]
BAD_HEADER = "from typing import Literal\n\nfrom mcr_table import CHICKEN_HAND, MINIMUM, VALUES\n\n"
GENERATED = ["mcr_table.py", "forest_table.py", "riichi_table.py", "hk_table.py"]


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("game_table_typecheck")
    for name, game in (("mcr_table", "mcr"), ("forest_table", "forest"),
                       ("riichi_table", "riichi-tanyao"), ("hk_table", "hk-oldstyle")):
        (folder / f"{name}.py").write_text(game_table_text(game, ["codegen"]))
    (folder / "good.py").write_text(GOOD)
    (folder / "bad.py").write_text(BAD_HEADER + "".join(f"{line}\n" for line in BAD))
    return folder


def check_bad(diagnostics: list[Diagnostic]) -> None:
    assert [item for item in diagnostics if item.file != "bad.py"] == []
    errors = {item.line for item in diagnostics if item.severity == "error"}
    first = BAD_HEADER.count("\n") + 1
    assert errors == set(range(first, first + len(BAD))), diagnostics


def test_mypy_strict_types_the_lookups(checked: Path) -> None:
    diagnostics = run_mypy(checked, [*GENERATED, "good.py", "bad.py"])
    check_bad(diagnostics)
    messages = {item.line: item.message for item in diagnostics if item.severity == "error"}
    assert messages[5] == ('Incompatible types in assignment (expression has type '
                           '"Literal[88]", variable has type "Literal[64]")  [assignment]')


def test_pyright_strict_types_the_lookups(checked: Path) -> None:
    diagnostics = run_pyright(checked, [*GENERATED, "good.py", "bad.py"], GENERATED)
    check_bad(diagnostics)
    messages = {item.message for item in diagnostics if item.line == 5}
    assert messages == {'Type "Literal[88]" is not assignable to declared type '
                        '"Literal[64]"'}
