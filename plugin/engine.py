"""Answers for result annotations and calls: the scoring core, memoized for one mypy run.

Every rule and every answer lives in the core: ``typed_mahjong.query.answering.answer`` answers each
``Call``, as it does for ``Query.evaluate()`` and the function forms. This module only hands
it memoized scores and game files, and turns the outcome into a ``Verdict`` or a
``Problem``. mypy may analyse one annotation several times (deferred semantic analysis),
and fixture modules repeat hands, so each distinct core call runs once.
"""

from __future__ import annotations

from pathlib import Path

from typed_mahjong.core.rules import Rules
from typed_mahjong.query.answering import ScoreMemo
from typed_mahjong.query.building import Call
from typed_mahjong.query.outcomes import evaluate

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
        self.scores = ScoreMemo()

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
            # The query layer answers (the same function as the language server's) with the
            # game files the plugin's loader reads under its path rules.
            outcome = evaluate(call, self.rules, self.base_dir, self.games, self.scores,
                               module)
        except Exception as exc:  # noqa: BLE001 - the plugin must never crash mypy
            return internal_problem(exc)
        if isinstance(outcome, Verdict):
            return outcome
        return Problem(errors.BY_CODE[outcome.code], outcome.message, outcome.field,
                       outcome.position)
