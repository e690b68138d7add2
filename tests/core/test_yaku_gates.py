"""The yaku table's gates never hide a yaku.

``find_yaku`` tests a row only on shapes with every trait in ``YakuRow.needs``, and
``find_yakuman`` only shapes that pass ``may_be_yakuman``. Both are speed-ups that must not
change a result: here every row's predicate runs on every shape of seeded hands (every form
and situation, ``benchmarks/hands.py``) and of hand-picked ones, and each shape where a
predicate holds must carry the row's traits and pass the yakuman gate.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from typed_mahjong.core.rules import PRESETS, rules_from
from typed_mahjong.core.scoring import _careful_tiles
from typed_mahjong.core.shape import WinShape, win_shapes
from typed_mahjong.core.situation import Situation
from typed_mahjong.core.win_option_reading import read_options
from typed_mahjong.core.yaku import YAKU, YAKUMAN, find_yaku, may_be_yakuman, shape_traits

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.hands import generate  # noqa: E402

HANDS = 3000  # every yaku appears in the sample (checked below); about 1 s


def _shapes() -> list[tuple[WinShape, Situation]]:
    found: list[tuple[WinShape, Situation]] = []
    for hand in generate(31, HANDS):
        situation = read_options(hand.score_kwargs())
        tiles, _, _ = _careful_tiles(hand.hand_text, hand.win_text, situation)
        found.extend((shape, situation) for shape in win_shapes(tiles))
    return found


@pytest.fixture(scope="module")
def shapes() -> list[tuple[WinShape, Situation]]:
    return _shapes()


def test_a_row_holds_only_where_its_traits_are(
        shapes: list[tuple[WinShape, Situation]]) -> None:
    seen: set[str] = set()
    for rules in (rules_from("tenhou"), rules_from("tenhou", open_riichi=True,
                                                   renhou="5-han")):
        for shape, situation in shapes:
            traits = shape_traits(shape, situation)
            for row in YAKU:
                if row.test(shape, situation, rules):
                    seen.add(row.name)
                    assert row.needs & ~traits == 0, (row.name, shape, situation)
    # Open riichi and renhou need options the generator does not set.
    assert seen >= {row.name for row in YAKU} - {"open riichi", "renhou"}


def test_a_yakuman_holds_only_past_the_gate(shapes: list[tuple[WinShape, Situation]]) -> None:
    seen: set[str] = set()
    for rules in PRESETS.values():
        for shape, situation in shapes:
            held = [row for row in YAKUMAN if row.test(shape, situation, rules)]
            seen.update(row.name for row in held)
            assert not held or may_be_yakuman(shape, situation, rules), (held, shape)
            traits = shape_traits(shape, situation)
            for row in held:
                assert row.needs & ~traits == 0, (row.name, shape, situation)
    assert seen >= {row.name for row in YAKUMAN} - {"renhou", "daisharin", "paarenchan"}


def test_an_exact_row_holds_exactly_where_its_traits_are(
        shapes: list[tuple[WinShape, Situation]]) -> None:
    # find_yaku takes an exact row on its traits alone, without its predicate: the two must
    # agree on every shape where the hand's han columns list the row.
    exact = [row for row in YAKU if row.exact]
    assert {row.name for row in exact} >= {"riichi", "menzen tsumo", "pinfu", "iipeikou",
                                          "chiitoitsu", "ryanpeikou"}
    held: dict[str, int] = {row.name: 0 for row in exact}
    for rules in (rules_from("tenhou"), rules_from("tenhou", open_riichi=True,
                                                   renhou="5-han", open_tanyao=False)):
        for shape, situation in shapes:
            traits = shape_traits(shape, situation)
            for row in exact:
                if not (row.closed_han if shape.closed else row.open_han):
                    continue
                holds = row.test(shape, situation, rules)
                held[row.name] += holds
                assert holds == (row.needs & ~traits == 0), (row.name, shape, situation)
    # Each exact row held somewhere, so the agreement was tested both ways.
    assert all(held.values()), held


def test_find_yaku_equals_every_predicate_run(
        shapes: list[tuple[WinShape, Situation]]) -> None:
    # The table walk (gates, exact rows, supersedes resolved ahead) against the plain
    # definition: every row whose han columns list it and whose predicate holds, minus the
    # rows superseded by one that holds, in table order.
    for rules in (rules_from("tenhou"), rules_from("tenhou", open_riichi=True,
                                                   renhou="5-han", open_tanyao=False)):
        for shape, situation in shapes:
            listed = [row for row in YAKU if (row.closed_han if shape.closed else row.open_han)
                      and row.test(shape, situation, rules)]
            superseded = {name for row in listed for name in row.supersedes}
            expected = [(row.name, row.closed_han if shape.closed else row.open_han)
                        for row in listed if row.name not in superseded]
            expected = [("renhou", 5) if name == "renhou" else (name, han)
                        for name, han in expected]
            assert find_yaku(shape, situation, rules) == expected, (shape, situation)


@pytest.mark.parametrize(("value", "han", "points"), [
    # pinfu 1 + tanyao 1 + renhou: 7 han = haneman 12000 (non-dealer ron); 10 han = baiman
    # 16000.
    ("5-han", 5, 12000), ("baiman", 8, 16000)])
def test_renhou_as_han_takes_its_han_from_the_rules(value: str, han: int, points: int) -> None:
    from typed_mahjong import score

    result = score("234m456p678s234s55p", "2s", renhou=True,
                   rules=rules_from("tenhou", renhou=value))
    assert (result.yaku, result.points) == (
        (("pinfu", 1), ("tanyao", 1), ("renhou", han)), points)


def test_each_row_needs_the_trait_of_its_position() -> None:
    # The scorer reads the rows a shape holds off its traits (row i: trait 1 << i).
    assert [row.needs for row in YAKU] == [1 << index for index in range(len(YAKU))]
