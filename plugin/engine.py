"""Answers for result annotations and calls: the scoring core, memoized for one mypy run.

Every rule and every answer lives in the core: ``typed_mahjong.query.answers.answer`` answers each
``Call``, as it does for ``Query.evaluate()`` and the function forms. This module only hands
it memoized scores and game files, and turns the outcome into a ``Verdict`` or a
``Problem``. mypy may analyse one annotation several times (deferred semantic analysis),
and fixture modules repeat hands, so each distinct core call runs once.
"""

from __future__ import annotations

from pathlib import Path

from typed_mahjong.core.rules import Rules
from typed_mahjong.errors import HandError
from typed_mahjong.query.answers import Call, ScoreMemo, answer, input_field

from . import errors
from .games import Games
from .memo import AnswerMemo, Key
from .outcomes import Problem, Verdict, internal_problem


class Engine:
    """One per plugin instance; the memo tables live as long as the mypy run."""

    def __init__(self, rules: Rules, base_dir: Path, games: Games, memo: AnswerMemo) -> None:
        self.rules = rules
        self.base_dir = base_dir
        self.games = games
        self.memo = memo
        self._scores = ScoreMemo()

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
            # The plugin loads the game file (under its path rules) and hands it over: the
            # query layer answers and never calls back into the plugin.
            game = None if call.game is None else self.games.load(
                self.base_dir, call.game, module=module)
            answered = answer(call, self.rules, self.base_dir, scores=self._scores, game=game)
            return Verdict(answered.value, answered.explanation)
        except HandError as exc:
            if call.game is not None and exc.field == "hand" and exc.kind != "no-yaku":
                return Problem(errors.GAME, f"game {call.game}: {exc.message}", "hand",
                               exc.position)
            return Problem(errors.code_for_kind(exc.kind), exc.message, exc.field,
                           exc.position)
        except Exception as exc:  # noqa: BLE001 - the plugin must never crash mypy
            return _game_problem(call, exc) or internal_problem(exc)


def _game_problem(call: Call, exc: Exception) -> Problem | None:
    """The mahjong-game error of a GameError (imported only when something failed: the
    games package is not loaded for riichi hands)."""
    from typed_mahjong.games import GameError

    if not isinstance(exc, GameError):
        return None
    if exc.input is not None:
        # An unknown or ill-typed situation input: point at the input that set it.
        message = exc.message.removeprefix(f"{exc.filename}: ")  # Game[...] names the file
        return Problem(errors.GAME, f"game {call.game}: {message}", input_field(exc.input))
    if exc.kind == "bad-hand":
        return Problem(errors.GAME, f"game {call.game}: {exc.message}", "hand", exc.position)
    return Problem(errors.GAME, "game file: " + "; ".join(exc.problems), "game")
