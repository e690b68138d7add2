"""Generated modules under mypy (no plugin) and pyright: right lookups pass, wrong ones fail.

Everything is generated once into a temporary folder and each checker runs once over all
of it (one process each keeps this file to a few seconds). Expected values come from the
scoring core's own functions (``typed_mahjong.core.limits``) or from arithmetic in comments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from codegen_checkers import Diagnostic, run_mypy, run_pyright
from test_codegen_mask import TENHOU_MASKED

from typed_mahjong.codegen.fixtures import fixtures_text
from typed_mahjong.codegen.game_tiles import game_tiles_text
from typed_mahjong.codegen.tables import table_text
from typed_mahjong.core.limits import basic_points, hand_value, payment_text
from typed_mahjong.core.rules import rules_from
from typed_mahjong.games import builtin_path

GENERATED = ["scores.py", "scores_wrc.py", "scores_aotenjou.py", "hands.py", "tiles.py"]
HANDS_TOML = """
[fixtures.headline]
hand = "234p234s456m567s44p"
win = "3p"
points = 1300

[fixtures.dealer-pinfu-tsumo]
hand = "234m567p11s345678s"
win = "2m"
tsumo = true
seat = "E"
points = 2100
"""


@dataclass(frozen=True, slots=True)
class Bad:
    """One line of bad.py and the one diagnostic each checker must give for it."""

    code: str
    mypy: str  # a regular expression for the whole message
    pyright: str  # the first line of the message, exactly
    rule: str  # pyright's rule


def core_payments() -> list[tuple[int, int, str, int]]:
    """(han, fu, attribute, value) for every payment the tenhou table must hold."""
    rules = rules_from("tenhou")
    rows = []
    for han in range(1, 14):
        for fu in (20, 25, *range(30, 111, 10)):
            basic = basic_points(han, fu, rules)[0]
            for how, tsumo in (("ron", False), ("tsumo", True)):
                if (han, fu) in TENHOU_MASKED[how]:
                    continue
                for seat, dealer in (("nondealer", False), ("dealer", True)):
                    first, second = hand_value(basic, dealer, tsumo)
                    total = first if not tsumo else 3 * first if dealer else first + 2 * second
                    name = f"{seat}_{how}"
                    rows.append((han, fu, name, total))
                    if tsumo:
                        rows.append((han, fu, f"{name}_text", -1))  # checked below as text
    return rows


def good_module() -> str:
    rules = rules_from("tenhou")
    lines = ["from typing import Literal", "", "import scores_aotenjou", "import scores_wrc",
             "from hands import DEALER_PINFU_TSUMO, HEADLINE", "from scores import TABLE",
             "from tiles import TILE_NAMES, TileName", ""]
    for index, (han, fu, name, value) in enumerate(core_payments()):
        if value == -1:
            dealer = name.startswith("dealer")
            text = payment_text(basic_points(han, fu, rules)[0], dealer, tsumo=True)
            lines.append(f'g{index}: Literal["{text}"] = TABLE[{han}][{fu}].{name}')
        else:
            lines.append(f"g{index}: Literal[{value}] = TABLE[{han}][{fu}].{name}")
    lines += [
        # The example.
        "example: Literal[1300] = TABLE[1][40].nondealer_ron",
        # Kiriage (WRC): 4 han 30 fu is 1920 basic points, rounded up to mangan.
        "kiriage: Literal[8000] = scores_wrc.TABLE[4][30].nondealer_ron",
        "kiriage_dealer: Literal[12000] = scores_wrc.TABLE[3][60].dealer_ron",
        # Aotenjou: 110 * 2**15 = 3 604 480 basic; x4 = 14 417 920 -> 14 418 000.
        "sky: Literal[14418000] = scores_aotenjou.TABLE[13][110].nondealer_ron",
        # 140 fu is reachable from 4 han: 140 * 2**6 = 8960; x4 = 35 840 -> 35 900.
        "sky_140: Literal[35900] = scores_aotenjou.TABLE[4][140].nondealer_ron",
        # Fixtures: the core's values as Literal types.
        "headline: Literal[1300] = HEADLINE.points",
        "headline_fu: Literal[40] = HEADLINE.fu",
        # Dealer, pinfu + menzen tsumo = 2 han 20 fu: 20 * 16 = 320 * 2 = 640 -> 700 all.
        'pinfu_tsumo: Literal["700-all"] = DEALER_PINFU_TSUMO.payment_text',
        'tile: TileName = "fox"',
        "tiles: tuple[TileName, ...] = TILE_NAMES",
        "",
    ]
    return "\n".join(lines)


def bad_lines() -> list[Bad]:
    bad = [Bad("w: Literal[1600] = TABLE[1][40].nondealer_ron",
               re.escape('Incompatible types in assignment (expression has type '
                         '"Literal[1300]", variable has type "Literal[1600]")  [assignment]'),
               'Type "Literal[1300]" is not assignable to declared type "Literal[1600]"',
               "reportAssignmentType"),
           Bad('t: Literal["300-500"] = TABLE[1][30].dealer_tsumo_text',
               re.escape('Incompatible types in assignment (expression has type '
                         '"Literal[\'500-all\']", variable has type '
                         '"Literal[\'300-500\']")  [assignment]'),
               'Type "Literal[\'500-all\']" is not assignable to declared type '
               '"Literal[\'300-500\']"', "reportAssignmentType"),
           Bad('h: Literal[1600] = HEADLINE.points',
               re.escape('Incompatible types in assignment (expression has type '
                         '"Literal[1300]", variable has type "Literal[1600]")  [assignment]'),
               'Type "Literal[1300]" is not assignable to declared type "Literal[1600]"',
               "reportAssignmentType"),
           Bad('tile: TileName = "foxx"',
               re.escape('Incompatible types in assignment (expression has type '
                         '"Literal[\'foxx\']", variable has type') + '.*',
               'Type "Literal[\'foxx\']" is not assignable to declared type "TileName"',
               "reportAssignmentType")]
    # Every masked combination: the class says which half exists, or that none does.
    for han in range(1, 14):
        for fu in (20, 25, *range(30, 111, 10)):
            ron = (han, fu) in TENHOU_MASKED["ron"]
            tsumo = (han, fu) in TENHOU_MASKED["tsumo"]
            # Cells at a limit share one class named after it (6 han 20 fu: Haneman...).
            limit = basic_points(han, fu, rules_from("tenhou"))[1]
            base = limit.title().replace(" ", "") if limit and not (ron and tsumo) else (
                f"Han{han}Fu{fu}")
            name = base + ("CannotOccur" if ron and tsumo else "TsumoOnly" if ron
                           else "RonOnly" if tsumo else "")
            for how, missing in (("ron", ron), ("tsumo", tsumo)):
                if missing:
                    for seat in ("nondealer", "dealer"):
                        bad.append(_missing(f"TABLE[{han}][{fu}]", name, f"{seat}_{how}"))
    bad += [
        _missing("TABLE[1][35]", "UnknownCell", "nondealer_ron"),  # not a fu value
        _missing("TABLE[2][120]", "UnknownCell", "dealer_ron"),  # past this table's 110
        Bad("u = TABLE[14][30]", re.escape('Value of type "UnknownHan" is not indexable  '
                                           '[index]'),
            '"__getitem__" method not defined on type "UnknownHan"', "reportIndexIssue"),
    ]
    return bad


def _missing(lookup: str, cls: str, attribute: str) -> Bad:
    return Bad(f"x = {lookup}.{attribute}",
               re.escape(f'"{cls}" has no attribute "{attribute}"') + r'(; maybe "\w+"\?)?'
               + re.escape("  [attr-defined]"),
               f'Cannot access attribute "{attribute}" for class "{cls}"',
               "reportAttributeAccessIssue")


@pytest.fixture(scope="session")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Generated modules, good.py and bad.py (bad.py line FIRST_BAD_LINE + i: bad_lines()[i])."""
    folder = tmp_path_factory.mktemp("typecheck")
    argv = ["codegen", "tables"]
    (folder / "scores.py").write_text(table_text(rules_from("tenhou"), "python", 110, argv))
    (folder / "scores_wrc.py").write_text(table_text(rules_from("wrc"), "python", 110, argv))
    (folder / "scores_aotenjou.py").write_text(
        table_text(rules_from("tenhou", aotenjou=True), "python", 140, argv))
    (folder / "hands.toml").write_text(HANDS_TOML)
    (folder / "hands.py").write_text(fixtures_text(folder / "hands.toml", ["codegen"]))
    (folder / "tiles.py").write_text(
        game_tiles_text(builtin_path("forest"), "TileName", ["codegen"]))
    (folder / "good.py").write_text(good_module())
    header = ("from typing import Literal\n\nfrom hands import HEADLINE\nfrom scores import "
              "TABLE\nfrom tiles import TileName\n\n")
    (folder / "bad.py").write_text(header + "".join(f"{item.code}\n" for item in bad_lines())
                                   + DYNAMIC)
    return folder


FILES = [*GENERATED, "good.py", "bad.py"]
FIRST_BAD_LINE = 7  # bad.py: the header above takes six lines
# A lookup with an int the checker cannot know: the type has no payments.
DYNAMIC = "\n\ndef dynamic(fu: int) -> None:\n    print(TABLE[1][fu].nondealer_ron)\n"


def by_line(diagnostics: list[Diagnostic], file: str) -> dict[int, list[Diagnostic]]:
    lines: dict[int, list[Diagnostic]] = {}
    for item in diagnostics:
        if item.file == file:
            lines.setdefault(item.line, []).append(item)
    return lines


def test_mypy_without_plugin(folder: Path) -> None:
    # One mypy run for everything: generated modules and good.py clean under --strict;
    # each line of bad.py exactly one error (no overload notes), with the expected text.
    diagnostics = run_mypy(folder, FILES)
    assert [item for item in diagnostics if item.file != "bad.py"] == []
    lines = by_line(diagnostics, "bad.py")
    for index, bad in enumerate(bad_lines()):
        found = lines.pop(FIRST_BAD_LINE + index, [])
        assert len(found) == 1, (bad.code, found)
        assert found[0].severity == "error"
        assert re.fullmatch(bad.mypy, found[0].message), (bad.code, found[0].message)
    [(_, [rest])] = lines.items()  # only dynamic() is left
    assert rest.message == '"UnknownCell" has no attribute "nondealer_ron"  [attr-defined]'


def test_pyright(folder: Path) -> None:
    # One pyright run: generated modules clean in strict mode, good.py clean, each line of
    # bad.py exactly one diagnostic with the expected text and rule.
    diagnostics = run_pyright(folder, FILES, GENERATED)
    assert [item for item in diagnostics if item.file != "bad.py"] == []
    lines = by_line(diagnostics, "bad.py")
    for index, bad in enumerate(bad_lines()):
        found = lines.pop(FIRST_BAD_LINE + index, [])
        assert [(item.message, item.rule) for item in found] == [(bad.pyright, bad.rule)], (
            bad.code, found)
    [(_, [rest])] = lines.items()
    assert rest.message == 'Cannot access attribute "nondealer_ron" for class "UnknownCell"'


def test_the_good_file_covers_every_payment() -> None:
    # ron x 2 seats + tsumo x 2 seats (+ text and shares): 5 masked ron/tsumo halves
    # besides the 13 ron-less 20 fu cells; see test_codegen_mask for the list.
    rows = core_payments()
    payments = [row for row in rows if row[2] in ("nondealer_ron", "dealer_ron",
                                                  "nondealer_tsumo", "dealer_tsumo")]
    cells = 13 * 11
    halves = 2 * cells - sum(len(masked) for masked in TENHOU_MASKED.values())
    assert len(payments) == 2 * halves


def test_runtime_lookups_agree(tmp_path: Path) -> None:
    import importlib.util

    path = tmp_path / "scores_runtime.py"
    path.write_text(table_text(rules_from("tenhou"), "python", 110, ["codegen", "tables"]))
    spec = importlib.util.spec_from_file_location("scores_runtime", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    table = module.TABLE
    for han, fu, name, value in core_payments():
        if value != -1:
            assert getattr(table[han][fu], name) == value
    with pytest.raises(KeyError, match="1 han 20 fu cannot occur"):
        table[1][20]
    with pytest.raises(KeyError, match="not a fu value"):
        table[1][35]
    with pytest.raises(KeyError, match="14 han: not a han value"):
        table[14]
    with pytest.raises(AttributeError):
        table[2][20].nondealer_ron  # noqa: B018 - the lookup itself is the test
