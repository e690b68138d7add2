"""Answers for result annotations and calls: the scoring core, memoized for one mypy run.

Every rule lives in the core; this module only routes a ``Call`` to ``score`` / ``shanten``
/ ``waits`` / a game and turns the outcome into a ``Verdict`` or a ``Problem``. mypy may
analyse one annotation several times (deferred semantic analysis), and fixture modules
repeat hands, so each distinct core call runs once.
"""

from __future__ import annotations

from pathlib import Path

from typed_mahjong.annotations import HAND_RESULTS, Call
from typed_mahjong.errors import HandError
from typed_mahjong.functions import Answer, result_value, score_call
from typed_mahjong.rules import Rules
from typed_mahjong.scoring import Score
from typed_mahjong.shanten import shanten, waits

from . import errors
from .games import GameProblem, Games
from .memo import AnswerMemo, Key
from .outcomes import Problem, Verdict, internal_problem

ScoreKey = tuple[str, str, tuple[tuple[str, object], ...], str | Rules]


class Engine:
    """One per plugin instance; the memo tables live as long as the mypy run."""

    def __init__(self, rules: Rules, base_dir: Path, games: Games, memo: AnswerMemo) -> None:
        self.rules = rules
        self.base_dir = base_dir
        self.games = games
        self.memo = memo
        self._scores: dict[ScoreKey, Score | Problem] = {}
        self._hands: dict[tuple[str, str], Verdict | Problem] = {}

    def recall(self, module: str | None, key: Key) -> Verdict | Problem | None:
        """The answer ``module`` got for ``key`` in an earlier run, if still valid."""
        return self.memo.lookup(module, key) if module is not None else None

    def evaluate(self, call: Call, module: str | None, key: Key | None) -> Verdict | Problem:
        """The answer to ``call``. ``module`` is the module asking: it keeps its answers
        (under ``key``) for the next run, and the game files it reads become its
        dependencies."""
        outcome = self._evaluate(call, module)
        if module is not None and key is not None and call.game is None:
            self.memo.remember(module, key, outcome)
        return outcome

    def _evaluate(self, call: Call, module: str | None) -> Verdict | Problem:
        try:
            if call.result in HAND_RESULTS:
                return self._hand_result(call.result, call.hand)
            if call.game is not None:
                return self._game_result(call, module)
            outcome = self._score(call)
            if isinstance(outcome, Problem):
                return outcome
            if outcome.is_yakuless:
                return Problem(errors.NO_YAKU, _no_yaku_message(call, outcome), "hand")
            value = result_value(call.result, outcome)
            return Verdict(value, outcome.explain())
        except Exception as exc:  # noqa: BLE001 - the plugin must never crash mypy
            return internal_problem(exc)

    def _score(self, call: Call) -> Score | Problem:
        assert call.win is not None
        rules = call.rules if call.rules is not None else self.rules
        key: ScoreKey = (call.hand, call.win, call.situation, rules)
        known = self._scores.get(key)
        if known is None:
            known = self._scores[key] = _score_or_problem(call, rules)
        return known

    def _hand_result(self, result: str, hand: str) -> Verdict | Problem:
        key = (result, hand)
        known = self._hands.get(key)
        if known is None:
            try:
                if result == "Shanten":
                    number = shanten(hand)
                    known = Verdict(number, f"{hand}: shanten {number}")
                else:
                    tiles = waits(hand)
                    known = Verdict(tiles, f"{hand}: waits {' '.join(tiles) or 'none'}")
            except HandError as exc:
                known = Problem(errors.code_for_kind(exc.kind), exc.message, exc.field,
                                exc.position)
            self._hands[key] = known
        return known

    def _game_result(self, call: Call, module: str | None) -> Verdict | Problem:
        assert call.game is not None
        outcome = self.games.score(self.base_dir, call.game, call.hand, module)
        if isinstance(outcome, GameProblem):
            code = errors.NO_YAKU if outcome.no_yaku else errors.GAME
            return Problem(code, outcome.message, outcome.field, outcome.position)
        value: Answer = outcome.points if call.result == "Points" else outcome.yaku
        return Verdict(value, outcome.explanation)


def _score_or_problem(call: Call, rules: str | Rules) -> Score | Problem:
    assert call.win is not None
    try:
        return score_call(call, rules)
    except HandError as exc:
        return Problem(errors.code_for_kind(exc.kind), exc.message, exc.field, exc.position)


def _no_yaku_message(call: Call, outcome: Score) -> str:
    how = "tsumo" if dict(call.situation).get("tsumo") else "ron"
    return (f"no yaku: {call.hand!r} won by {how} on {call.win} is complete ({outcome.reading}; "
            f"wait {outcome.wait}) but has no yaku, so it cannot win")


