"""The names the plugin hooks on, written out so that loading the plugin reads no table.

mypy loads the plugin on every run, also when no module it checks has an annotation of
ours, and a warm run whose answers are all remembered needs nothing of the core. So the
plugin class maps full names to hooks from these constants, and the query layer and the
core are imported only by the hooks that need them. tests/plugin/test_names.py checks each
constant against the table it is written from (``typed_mahjong.query.names``,
``typed_mahjong.query.cases``, the hooks' modules).
"""

from __future__ import annotations

from typing import Final

ANNOTATIONS: Final = "typed_mahjong.query.annotations"

# query.names.RESULTS: the result names, in the table's order.
RESULTS: Final = ("Points", "Han", "Fu", "Total", "Yaku", "YakuSet", "Payment", "Shanten",
                  "Waits", "Settlement", "Readings")
# Results whose answer is a tuple (their row's form is query.names.EXACT).
EXACT_RESULTS: Final = frozenset({"YakuSet", "Settlement", "Readings"})
# Results a riichi hand's score answers (query.names.SCORE rows with a value).
SCORE_RESULTS: Final = frozenset({"Points", "Han", "Fu", "Total", "Yaku", "YakuSet",
                                  "Payment"})
# query.names.INPUTS: every annotation input.
INPUTS: Final = ("Hand", "Game", "Rules", "Explain", "Ron", "Tsumo", "Riichi", "DoubleRiichi",
                 "OpenRiichi", "Ippatsu", "Rinshan", "Chankan", "Haitei", "Houtei", "Tenhou",
                 "Chiihou", "Renhou", "Seat", "Round", "Dora", "Ura", "Honba", "Sticks",
                 "Renchan", "Pao", "Nuki", "From", "SelfDrawn", "Concealed", "Flowers",
                 "GameInput")
# query.names.FLAG_INPUTS' markers: inputs written bare (Riichi).
FLAG_INPUTS: Final = frozenset({"Riichi", "DoubleRiichi", "OpenRiichi", "Ippatsu", "Rinshan",
                                "Chankan", "Haitei", "Houtei", "Tenhou", "Chiihou", "Renhou"})
# query.names.NUMBER_INPUTS' markers: inputs that take an int (Honba[2]).
NUMBER_INPUTS: Final = frozenset({"Honba", "Sticks", "Renchan", "Nuki"})
# query.names.FUNCTION_RESULTS: function form -> its result.
FUNCTION_RESULTS: Final[dict[str, str]] = {
    "typed_mahjong.query.functions.points": "Points",
    "typed_mahjong.query.functions.han": "Han",
    "typed_mahjong.query.functions.fu": "Fu",
    "typed_mahjong.query.functions.total": "Total",
    "typed_mahjong.query.functions.yaku": "YakuSet",
    "typed_mahjong.query.functions.payment": "Payment",
    "typed_mahjong.core.shanten.shanten": "Shanten",
    "typed_mahjong.core.shanten.waits": "Waits",
    "typed_mahjong.query.functions.settle": "Settlement",
    "typed_mahjong.query.functions.reading_texts": "Readings",
}
# cases.RESULT_OF's forms: the table rows (cases.points(..., expect=1300)).
CASE_FORMS: Final = ("points", "han", "fu", "total", "payment", "yaku", "settle", "shanten",
                     "waits", "readings", "game_points", "game_yaku")
# function_hook.EXPLAIN: the pseudo-result of explain().
EXPLAIN: Final = "Explain"
# parametrize.PARAMETRIZE_METHOD: pytest's parametrize().
PARAMETRIZE_METHOD: Final = "_pytest.mark.structures._ParametrizeMarkDecorator.__call__"
# comparison.EQUALITY_METHODS: == and != of int, str and tuple -> whether it is "==".
EQUALITY_METHODS: Final[dict[str, bool]] = {
    f"builtins.{kind}.{method}": method == "__eq__"
    for kind in ("int", "str", "tuple")
    for method in ("__eq__", "__ne__")
}
RULES_CLASS: Final = "typed_mahjong.core.rules.Rules"
# An input's class (or the Rules class) -> the input's name (reading.INPUT_BY_FULLNAME).
INPUT_BY_FULLNAME: Final[dict[str, str]] = {
    **{f"{ANNOTATIONS}.{name}": name for name in INPUTS if name != "Rules"},
    RULES_CLASS: "Rules",
}
