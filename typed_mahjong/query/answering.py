"""Answering a ``Call``: ``answer`` answers every query -- for ``Query.evaluate()``, the
function forms and the mypy plugin alike -- so run time and type time cannot differ;
``accepts`` says whether a value is what the answer's type allows.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any, Final, NamedTuple, Protocol, cast

from ..core.rules import Rules
from ..core.scoring import Score, no_yaku, score
from ..core.shanten import shanten, waits
from ..errors import NO_YAKU, HandError, NoYaku
from .building import AnnotationError, Call
from .names import EXACT, HAND, MEMBER, RESULTS_BY_NAME, SETTLE, Answer

NO_YAKU_KIND: Final = NO_YAKU  # HandError.kind of NoYaku (errors.NoYaku, re-exported)


class Answered(NamedTuple):
    value: Answer
    # What the breakdown is made from: a Score, a game's score or the text itself. Made
    # only when asked for: Query.evaluate() and the function forms never need it.
    source: Score | PlayedHand | str

    @property
    def explanation(self) -> str:
        """The breakdown a person can check (yaku, han, fu, payments)."""
        return self.source if isinstance(self.source, str) else self.source.explain()


class PlayedHand(Protocol):
    """What ``answer`` reads of a game's score (``games.GameScore``)."""

    @property
    def points(self) -> int: ...
    @property
    def yaku(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def won(self) -> bool: ...
    def explain(self) -> str: ...


class PlayableGame(Protocol):
    """What ``answer`` uses of a game (``games.Game``). A protocol, not an import: a
    module with annotations must not pull the games package (and PyYAML's stubs) into a
    user's mypy run."""

    def score(self, hand: str, **inputs: bool | int | str) -> PlayedHand: ...
    def waits(self, hand: str) -> tuple[str, ...]: ...


# A scored question: the hand, the winning tile, the win options set (sorted by name) and
# the question's own rules; the part of a score's key that a call gives (the rules it is
# scored under key the table it is in). The mypy plugin's short way reads an annotation
# straight into one (``plugin.fast.plain_question``), with no ``Call``.
ScoreKey = tuple[str, str | None, tuple[tuple[str, object], ...], "str | Rules | None"]


def question_of(call: Call) -> ScoreKey:
    return (call.hand, call.win, call.situation, call.rules)


def score_question(question: ScoreKey, rules: str | Rules) -> Score:
    """Score a question (with its winning tile); its own rules win over ``rules``. Every
    score of a query is made here."""
    hand, win, situation, own_rules = question
    options: dict[str, Any] = dict(situation)
    return score(hand, win or "", rules=own_rules if own_rules is not None else rules,
                 **options)


class ScoreMemo:
    """Scores already computed, one per distinct hand and situation (``Points`` and ``Han``
    of one hand share it); a HandError is kept and raised again. The mypy plugin keeps one
    for a whole run and hands it to ``answer``: data, not a callback, so the query layer
    never calls back into the plugin."""

    def __init__(self) -> None:
        self._known: dict[str | Rules, dict[ScoreKey, Score | HandError]] = {}
        # The rules last asked with and their table: a run asks with one Rules object, whose
        # hash (of every option) would otherwise be taken on every call, twice.
        self._rules: str | Rules | None = None
        self._table: dict[ScoreKey, Score | HandError] = {}

    def score(self, question: ScoreKey, rules: str | Rules) -> Score:
        """``score_question(question, rules)``, computed once."""
        if rules is not self._rules:
            table = self._known.get(rules)
            if table is None:
                table = self._known[rules] = {}
            self._rules, self._table = rules, table
        known = self._table.get(question)
        if known is None:
            try:
                known = score_question(question, rules)
            except HandError as exc:
                known = exc
            self._table[question] = known
        if isinstance(known, HandError):
            raise known
        return known


class _GamesPackage(Protocol):
    """What the query layer uses of ``typed_mahjong.games``."""

    def builtin_names(self) -> tuple[str, ...]: ...
    def builtin_path(self, name: str) -> Path: ...
    def load(self, path: Path) -> PlayableGame: ...


def _games() -> _GamesPackage:
    """The games package, imported by name when a query names a game: mypy follows every
    static import, even one inside a function, so ``from ..games import ...`` here would
    pull the games package (and PyYAML's stubs) into a user's mypy run, which fails where
    they are not installed."""
    return cast(_GamesPackage, import_module("typed_mahjong.games"))


def game_path(base_dir: Path, name: str) -> Path:
    """The file of ``Game[name]``: a built-in game by its name (``forest``), else a path
    relative to ``base_dir`` (a file named like a built-in game is written ``./forest``)."""
    games = _games()
    if name in games.builtin_names():
        return games.builtin_path(name)
    return base_dir / name


def load_game(base_dir: Path, name: str) -> PlayableGame:
    return _games().load(game_path(base_dir, name))


def answer(call: Call, rules: str | Rules | None = None, base_dir: Path | None = None, *,
           scores: ScoreMemo | None = None, game: PlayableGame | None = None) -> Answered:
    """The answer to ``call``: its value (what the plugin makes a Literal of) and the
    breakdown. ``rules`` apply unless the call names its own (default tenhou); ``Game[...]``
    paths are relative to ``base_dir`` (default: the working directory). ``scores`` keeps
    the scores of earlier calls, and ``game`` is the call's game already loaded (the plugin
    loads game files itself, under its path rules); the answer is the same.

    Raises HandError (``NoYaku`` for a hand that scores nothing) or GameError.
    """
    row = RESULTS_BY_NAME[call.result]
    rule_set = call.rules if call.rules is not None else rules
    if call.game is not None:
        if game is None:
            game = load_game(base_dir or Path.cwd(), call.game)
        return answer_game(call, game)
    if row.asks == HAND:
        return _answer_hand(call, rule_set)
    if row.asks == SETTLE:  # the settlement scores the win itself, once
        return _answer_settlement(call, rule_set if rule_set is not None else "tenhou")
    if call.win is None:  # build_call and call_of insist on it
        raise TypeError(f"{call.result}: a winning tile (win) is needed")
    return answer_question(call.result, question_of(call), rules, scores=scores)


def answer_question(result: str, question: ScoreKey, rules: str | Rules | None = None, *,
                    scores: ScoreMemo | None = None) -> Answered:
    """``answer`` of a call with no game whose result scores a win (``Points``, ``Han``,
    ``Yaku``...), given as the question it asks.

    Raises HandError (``NoYaku`` for a hand that scores nothing)."""
    row = RESULTS_BY_NAME[result]
    # The question's own rules are applied by score_question; a memo keys on both.
    configured = rules if rules is not None else "tenhou"
    outcome = (scores.score(question, configured) if scores is not None
               else score_question(question, configured))
    _refuse_yakuless(question, outcome)
    if row.value is None:  # every row that scores a win reads its value from the Score
        raise AnnotationError(f"{result} has no value of a scored hand", 0)
    return Answered(row.value(outcome), outcome)


def answer_game(call: Call, game: PlayableGame) -> Answered:
    """The answer of a ``Game[...]`` call (a result whose row has ``game``): a HAND result
    (``Waits``) is the game's ``waits`` of the waiting hand, the others come from its score.
    Raises HandError (``NoYaku`` for a hand that scores nothing) or GameError."""
    if RESULTS_BY_NAME[call.result].asks == HAND:
        tiles = game.waits(call.hand)
        return Answered(tiles, f"game {call.game}: {call.hand}: waits on "
                               f"{' '.join(tiles) or 'nothing'}")
    inputs: dict[str, bool | int | str] = {}
    for name, value in call.situation:
        if not isinstance(value, bool | int | str):  # _game_call makes no other
            raise TypeError(f"{call.result}: input {name} must be a bool, int or text, "
                            f"not {type(value).__name__}")
        inputs[name] = value
    played = game.score(call.hand, **inputs)
    if not played.won:
        raise NoYaku(f"game {call.game}: the hand scores nothing: "
                     f"{played.explain().splitlines()[0]}")
    names = tuple(name for name, _ in played.yaku)
    return Answered(int(played.points) if call.result == "Points" else names, played)


def _refuse_yakuless(question: ScoreKey, outcome: Score) -> None:
    """``NoYaku`` for a complete hand that has no yaku: it cannot win."""
    if outcome.is_yakuless:
        hand, win, situation, _ = question
        raise no_yaku(hand, win or "", outcome, tsumo=bool(dict(situation).get("tsumo")))


def _answer_hand(call: Call, rules: str | Rules | None) -> Answered:
    """Shanten, Waits (under the call's rules: no 2m-8m under three-player rules) and
    Readings (every reading of a complete hand, as ``Reading.text()`` writes it)."""
    if call.result == "Shanten":
        number = shanten(call.hand, rules)
        return Answered(number, f"{call.hand}: shanten {number}")
    if call.result == "Readings":
        from ..core.readings import readings

        texts = tuple(reading.text() for reading in readings(call.hand))
        return Answered(texts, f"{call.hand}: " + ("; ".join(texts) or "not complete"))
    tiles = waits(call.hand, rules)
    return Answered(tiles, f"{call.hand}: waits {' '.join(tiles) or 'none'}")


def _answer_settlement(call: Call, rules: str | Rules) -> Answered:
    """Every seat's point change when this one win is settled (``settlement.settle_one``)."""
    from ..core.settlement import settle_one

    if call.win is None:  # build_call and call_of insist on it
        raise TypeError(f"{call.result}: a winning tile (win) is needed")
    discarder = dict(call.table).get("discarder")
    # The settlement scores the win once, and refuses it (NoYaku) if it has no yaku.
    settled = settle_one(call.hand, call.win, dict(call.situation), rules=rules,
                         discarder=discarder if isinstance(discarder, str) else None)
    changes = ", ".join(f"{seat} {change:+d}" for seat, change in settled.changes)
    breakdown = "\n".join(result.explain() for _, result in settled.scores)
    return Answered(tuple(change for _, change in settled.changes),
                    f"settlement ({settled.outcome}): {changes}\n{breakdown}")


def accepts(call: Call, answered: Answer, value: object) -> bool:
    """Whether ``value`` is what the type of ``answered`` allows: the value itself, one of
    the names (``Yaku``, ``Waits``), or all the names in order (``YakuSet``)."""
    form = RESULTS_BY_NAME[call.result].form
    if form == MEMBER:
        return isinstance(answered, tuple) and value in answered
    if form == EXACT:
        return isinstance(value, tuple) and value == answered
    return type(value) is type(answered) and value == answered
