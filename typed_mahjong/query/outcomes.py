"""What asking one query gives a checker: a ``Verdict``, or a ``Problem`` to report.

The mypy plugin and the language server both answer a ``Call`` here, so a hand gets the
same value, the same message and the same error code (as text, ``mahjong-malformed``)
in mypy and in the editor. The clients load game files themselves (``GameLoader``, under
the project's path rules) and keep their own memo of answers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final, NamedTuple, Protocol

from ..core.rules import Rules
from ..errors import HandError
from .answering import PlayableGame, ScoreMemo, answer
from .building import Call, input_field
from .names import Answer

# The error codes a checker reports, by HandError.kind (a NoYaku's kind is "no-yaku").
MALFORMED: Final = "mahjong-malformed"
GAME: Final = "mahjong-game"
USAGE: Final = "mahjong-usage"
CODE_BY_KIND: Final[dict[str, str]] = {
    "malformed": MALFORMED,
    "not-winning": "mahjong-not-winning",
    "situation": "mahjong-situation",
    "rules": "mahjong-rules",
    "no-yaku": "mahjong-no-yaku",
}


def code_for_kind(kind: str) -> str:
    return CODE_BY_KIND.get(kind, MALFORMED)


# NamedTuples rather than dataclasses: a big fixtures module creates one per annotation.
class Problem(NamedTuple):
    code: str  # "mahjong-malformed", ...
    message: str
    field: str | None = None  # the core argument at fault: "hand", "win", "dora", ...
    position: int | None = None  # 0-based offset inside that argument's text


class Verdict(NamedTuple):
    value: Answer
    explanation: str  # the breakdown a person can check


class GameLoader(Protocol):
    """Loads ``Game[name]`` (``game_files.Games``); raises the file's GameError."""

    def load(self, base_dir: Path, name: str, module: str | None = None) -> PlayableGame: ...


def evaluate(call: Call, rules: Rules, base_dir: Path, games: GameLoader,
             scores: ScoreMemo, module: str | None = None) -> Verdict | Problem:
    """The answer to ``call`` under the configured ``rules`` (a call's own Rules[...] win).
    ``module`` is the module asking, for the loader's record of which module read which
    game file. Other exceptions than the rules' and the games' are the caller's to report
    (they are bugs)."""
    try:
        game = None if call.game is None else games.load(base_dir, call.game, module=module)
        answered = answer(call, rules, base_dir, scores=scores, game=game)
        return Verdict(answered.value, answered.explanation)
    except HandError as exc:
        if call.game is not None and exc.field == "hand" and exc.kind != "no-yaku":
            return Problem(GAME, f"game {call.game}: {exc.message}", "hand", exc.position)
        return Problem(code_for_kind(exc.kind), exc.message, exc.field, exc.position)
    except Exception as exc:
        problem = _game_problem(call, exc)
        if problem is None:
            raise
        return problem


def _game_problem(call: Call, exc: Exception) -> Problem | None:
    """The mahjong-game error of a GameError (imported only when something failed: the
    games package is not loaded for riichi hands)."""
    from ..games import GameError

    if not isinstance(exc, GameError):
        return None
    if exc.input is not None:
        # An unknown or ill-typed situation input: point at the input that set it.
        message = exc.message.removeprefix(f"{exc.filename}: ")  # Game[...] names the file
        return Problem(GAME, f"game {call.game}: {message}", input_field(exc.input))
    if exc.kind == "bad-hand":
        return Problem(GAME, f"game {call.game}: {exc.message}", "hand", exc.position)
    return Problem(GAME, "game file: " + "; ".join(exc.problems), "game")
