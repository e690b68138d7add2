"""Issue 31 item 5: the plugin calls the query layer, and nothing in the query layer calls
back into the plugin (it used to: plugin -> answering.answer -> the plugin's memoized scorer
-> answering's scorer). Watched with a profiler, every call the plugin's engine makes while
it answers a riichi hand, a repeated hand and a game hand.

Hands (worked by hand):
- 123m456p234s789s55m won on 4s: pinfu, 1 han 30 fu, 1000 by ron.
- FOREST_HAND in the built-in game "forest": Forest Walk 100 + Family Reunion 500 + Three
  Colours 150 + Moonrise 100 = 850 (tests/games/test_games_forest.py works it out).
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType

from typed_mahjong.core.rules import rules_from
from typed_mahjong.plugin.engine import Engine
from typed_mahjong.plugin.games import Games
from typed_mahjong.plugin.memo import AnswerMemo
from typed_mahjong.plugin.outcomes import Verdict
from typed_mahjong.query.building import build_call

FOREST_HAND = "fox vixen kit owl eagle_owl owlet bear grizzly moon"


def _layer(frame: FrameType | None) -> str | None:
    name = frame.f_globals.get("__name__", "") if frame is not None else ""
    if name.startswith("typed_mahjong.plugin"):
        return "plugin"
    if name.startswith("typed_mahjong.query"):
        return "query"
    return None


def _callbacks(action: object) -> list[str]:
    """Plugin functions entered while a query-layer function is on the stack."""
    found: list[str] = []

    def watch(frame: FrameType, event: str, _arg: object) -> None:
        if event != "call" or _layer(frame) != "plugin":
            return
        caller = frame.f_back
        while caller is not None:
            if _layer(caller) == "query":
                found.append(f"{frame.f_code.co_qualname} called under "
                             f"{caller.f_code.co_qualname}")
                return
            caller = caller.f_back

    sys.setprofile(watch)
    try:
        assert callable(action)
        action()
    finally:
        sys.setprofile(None)
    return found


def test_the_engine_calls_the_query_layer_and_is_never_called_back(tmp_path: Path) -> None:
    engine = Engine(rules_from("tenhou"), tmp_path, Games(), AnswerMemo(None, "stamp"))
    riichi = build_call("Points", [("Hand", ("123m456p234s789s55m",)), ("Ron", ("4s",))])
    han = build_call("Han", [("Hand", ("123m456p234s789s55m",)), ("Ron", ("4s",))])
    game = build_call("Points", [("Game", ("forest",)), ("Hand", (FOREST_HAND,))])
    outcomes: list[object] = []

    def ask() -> None:
        for call in (riichi, han, riichi, game, game):
            outcomes.append(engine.evaluate(call, "m", None))

    assert _callbacks(ask) == []
    # Behaviour unchanged: the same answers as before.
    assert [outcome.value for outcome in outcomes if isinstance(outcome, Verdict)] == [
        1000, 1, 1000, 850, 850]
