"""The plugin's written-out names (plugin/names.py) against the tables they are copied
from, and the short way's question (plugin/fast.py) against ``build_call``.

The plugin loads without the query layer, so it hooks on names written out; each must be
the table's. And the short way makes a riichi question itself, with no ``Call``: it must be
the question (hand, winning tile, win options, rules) of the call ``build_call`` makes of
the same inputs, and that call must have no game, table input or Explain -- or there is no
question at all when ``build_call`` would refuse the inputs or the short way does not take
their kind.
"""

from __future__ import annotations

import pytest

from typed_mahjong.plugin import comparison, function_hook, names, parametrize, reading
from typed_mahjong.plugin.fast import plain_question
from typed_mahjong.query import answering, building
from typed_mahjong.query import names as tables
from typed_mahjong.query.cases import RESULT_OF


def test_the_written_names_are_the_tables() -> None:
    assert names.RESULTS == tables.RESULTS
    assert names.EXACT_RESULTS == {row.name for row in tables.RESULT_NAMES
                                   if row.form == tables.EXACT}
    assert names.SCORE_RESULTS == {row.name for row in tables.RESULT_NAMES
                                   if row.asks == tables.SCORE and row.value is not None}
    assert names.INPUTS == tables.INPUTS
    assert names.FLAG_INPUTS == set(tables.FLAG_INPUTS)
    assert names.NUMBER_INPUTS == set(tables.NUMBER_INPUTS)
    assert names.FUNCTION_RESULTS == tables.FUNCTION_RESULTS
    assert names.CASE_FORMS == tuple(RESULT_OF)
    assert names.EXPLAIN == function_hook.EXPLAIN
    assert names.PARAMETRIZE_METHOD == parametrize.PARAMETRIZE_METHOD
    assert names.EQUALITY_METHODS == comparison.EQUALITY_METHODS
    assert reading.INPUT_BY_FULLNAME == {
        **{f"{names.ANNOTATIONS}.{name}": name for name in tables.INPUTS if name != "Rules"},
        "typed_mahjong.core.rules.Rules": "Rules"}


HAND = ("Hand", ("234p234s456m567s44p",))
PARTS = [
    ("Points", [HAND, ("Ron", ("3p",))]),
    ("Points", [("Ron", ("3p",)), HAND, ("Riichi", ()), ("Seat", ("E",))]),
    ("Han", [HAND, ("Tsumo", ("3p",)), ("Honba", (2,)), ("Dora", ("1m", "2m"))]),
    ("Fu", [("Hand", ("234p234s44p", "pon:555z")), ("Ron", ("3p",))]),
    ("Fu", [("Hand", ("pon:555z", "234p234s44p", "chi:456m")), ("Ron", ("3p",))]),
    ("Fu", [("Hand", ("pon:555z", "chi:456m")), ("Ron", ("3p",))]),
    ("YakuSet", [HAND, ("Ron", ("3p",)), ("Rules", ("majsoul",))]),
    ("Payment", [HAND, ("Ron", ("3p",)), ("Seat", ("E",)), ("Round", ("S",))]),
    ("Yaku", [HAND, ("Ron", ("3p",)), ("Ippatsu", ()), ("Riichi", ())]),
    # What build_call refuses, or the short way leaves to it.
    ("Points", [HAND]),  # no winning tile
    ("Points", [HAND, ("Ron", ("3p",)), ("Tsumo", ("3p",))]),
    ("Points", [HAND, ("Ron", ("3p",)), ("Ron", ("3p",))]),
    ("Points", [HAND, ("Ron", ("3p", "4p"))]),
    ("Points", [HAND, ("Ron", (3,))]),
    ("Points", [HAND, ("Ron", ("3p",)), ("Riichi", ("yes",))]),
    ("Points", [HAND, ("Ron", ("3p",)), ("Honba", ("2",))]),
    ("Points", [HAND, ("Ron", ("3p",)), ("Honba", (True,))]),
    ("Points", [HAND, ("Ron", ("3p",)), ("Seat", ("E", "S"))]),
    ("Points", [HAND, ("Ron", ("3p",)), ("Explain", ())]),
    ("Points", [HAND, ("Ron", ("3p",)), ("From", ("W",))]),
    ("Points", [("Game", ("forest",)), ("Hand", ("fox",))]),
    ("Points", [HAND, ("Ron", ("3p",)), ("SelfDrawn", ())]),
    ("Points", [("Hand", ()), ("Ron", ("3p",))]),
    ("Points", [("Ron", ("3p",))]),
    ("Settlement", [HAND, ("Ron", ("3p",)), ("From", ("W",))]),
    ("Shanten", [HAND]),
]


@pytest.mark.parametrize(("result", "parts"), PARTS)
def test_the_short_way_asks_build_calls_question(
        result: str, parts: list[tuple[str, tuple[object, ...]]]) -> None:
    made = plain_question(result, parts)
    try:
        built = building.build_call(result, parts)
    except (building.AnnotationError, TypeError):
        assert made is None
        return
    if made is not None:
        assert made == answering.question_of(built)
        assert built.result == result and built.game is None and not built.explain
        assert not built.table
    else:  # left to build_call: a kind of input or result the short way does not take
        assert (built.explain or built.game is not None or built.table
                or result not in names.SCORE_RESULTS)
