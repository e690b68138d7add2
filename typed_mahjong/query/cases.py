"""Table rows for ``@pytest.mark.parametrize``: one checked case per row.

::

    from typed_mahjong.query import cases

    @pytest.mark.parametrize("case", [
        cases.points("234p234s456m567s44p", win="3p", expect=1300),
        cases.points("123m456m789m234p55s", win="4p", expect=2900),   # mypy: [arg-type]
        pytest.param(cases.yaku("123m456p234s789s55m", win="4s", riichi=True,
                                expect=("riichi", "pinfu")), id="pinfu riichi"),
    ])
    def test_scores(case: cases.Case) -> None:
        case.check()

Each constructor takes what its function form takes (``points(hand, win, **options)``,
``shanten(hand, rules=...)`` ...) and the value the row expects, ``expect=``. With the mypy
plugin a row whose arguments are literals is computed while mypy runs, and a wrong
``expect=`` is an ``[arg-type]`` error on the row's own line; at run time ``Case.check()``
asks the core the same question, through the same function, and raises ``CaseMismatch``
naming the row and the right value. A row is only checked when asked (collecting a test
module never scores a hand), so one wrong row fails one test.

Like the function forms, a case uses the rules it names (``rules="wrc"``) or tenhou, never
the project's plugin settings, so mypy and pytest cannot disagree about it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Unpack

from ..core.rules import Rules
from ..core.tiles import MAX_HAND_TEXT
from ..core.win_options import RULES_KEYWORD, WinOptions
from ..errors import MahjongError, printable
from .answering import answer
from .building import Call, call_of, game_call_of
from .check import noted, shown
from .names import Answer

__all__ = ["Case", "CaseMismatch", "fu", "game_points", "game_yaku", "han", "payment",
           "points", "readings", "settle", "shanten", "total", "waits", "yaku"]

# Constructor name -> the result it checks, for the plugin's function hook and the ids.
RESULT_OF: Final[dict[str, str]] = {
    "points": "Points", "han": "Han", "fu": "Fu", "total": "Total", "payment": "Payment",
    "yaku": "YakuSet", "settle": "Settlement", "shanten": "Shanten", "waits": "Waits",
    "readings": "Readings", "game_points": "Points", "game_yaku": "YakuSet",
}
# How much of a text past MAX_HAND_TEXT an id keeps.
_ID_TEXT: Final = 60
# The constructors of a YAML game's rows.
GAME_FORMS: Final = frozenset({"game_points", "game_yaku"})


class CaseMismatch(MahjongError, AssertionError):
    """A row whose ``expect=`` is not the core's answer. ``file`` and ``line`` say where the
    row was written, ``field`` is ``"expect"``; ``expected`` is the row's value and
    ``actual`` the core's. An AssertionError too, so pytest shows it as a failed check."""

    def __init__(self, message: str, *, file: str | None, line: int | None,
                 expected: object, actual: object) -> None:
        super().__init__(message, file=file, line=line, field="expect")
        self.expected = expected
        self.actual = actual

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Case:
    """One row: a query (a function form and its arguments) and the value it expects."""

    form: str  # the constructor's name: "points", "yaku", "game_points" ...
    hand: str
    win: str | None  # None for shanten, waits, readings and games
    options: tuple[tuple[str, object], ...]  # the keywords given, in the order written
    expect: object
    game: str | None = None
    file: str | None = field(default=None, compare=False)
    line: int | None = field(default=None, compare=False)

    @property
    def result(self) -> str:
        """The result name this row checks (``Points``, ``YakuSet`` ...)."""
        return RESULT_OF[self.form]

    def call(self) -> Call:
        given = dict(self.options)
        if self.form in GAME_FORMS:  # by the form: a row may name no game (None)
            return game_call_of(self.result, self.game, self.hand,  # type: ignore[arg-type]
                                given)
        rules = given.pop(RULES_KEYWORD, "tenhou")
        table = {"discarder": given.pop("discarder")} if "discarder" in given else None
        # A rules value of another type goes to the core, which names the fault.
        return call_of(self.result, self.hand, self.win, given,
                       rules,  # type: ignore[arg-type]
                       table=table)

    def answer(self, base_dir: Path | None = None) -> Answer:
        """The core's answer, as the function form gives it. ``Game[...]`` paths are
        relative to ``base_dir`` (default: the working directory). Raises HandError
        (``NoYaku`` for a hand with no yaku) or GameError, as the function forms do."""
        return answer(self.call(), base_dir=base_dir).value

    def check(self, base_dir: Path | None = None) -> Answer:
        """The core's answer when it is ``expect``; else raise ``CaseMismatch`` naming the
        row (where it was written) and the right value."""
        __tracebackhide__ = True  # pytest shows the row's test, not this frame
        actual = self.answer(base_dir)
        try:  # the row's expect= is the caller's object: its __eq__ may raise
            if type(actual) is type(self.expect) and actual == self.expect:
                return actual
        except Exception as exc:
            where = f" ({self.file}:{self.line})" if self.file is not None else ""
            noted(exc, f"typed-mahjong: raised while checking the row {self}{where}")
            raise
        where = f" ({self.file}:{self.line})" if self.file is not None else ""
        raise CaseMismatch(f"{self}: the core says {shown(actual)}, the row expects "
                           f"{shown(self.expect)}{where}", file=self.file, line=self.line,
                           expected=self.expect, actual=actual)

    @property
    def id(self) -> str:
        """A short test id: the form, the hand, the winning tile and the options. Never
        raises (pytest builds every id while collecting: a bad row must fail alone, at
        ``check()``), and escapes what a terminal could act on."""
        parts = [self.form, *([_id_part(self.game)] if self.game is not None else []),
                 _id_part(self.hand), *([_id_part(self.win)] if self.win is not None else []),
                 *(f"{printable(str(name))}={shown(value)}" for name, value in self.options)]
        return " ".join(parts)

    def __str__(self) -> str:
        arguments = [shown(value) for value in (self.game, self.hand) if value is not None]
        if self.win is not None:
            arguments.append(f"win={shown(self.win)}")
        arguments += [f"{printable(str(name))}={shown(value)}" for name, value in self.options]
        return f"{self.form}({', '.join(arguments)})"


def _id_part(value: object) -> str:
    """A hand, tile or game in an id: text as written (escaped), anything else as shown.
    Text longer than any hand (which the core refuses unread) is cut, its length said."""
    if not isinstance(value, str):
        return shown(value)
    if len(value) > MAX_HAND_TEXT:
        return f"{printable(value[:_ID_TEXT])}...({len(value)} characters)"
    return printable(value)


def _case(form: str, hand: str, win: str | None, expect: object,
          options: Mapping[str, object], game: str | None = None) -> Case:
    # Where the row was written, for the message of a wrong row: the constructor's caller.
    caller = sys._getframe(2)
    return Case(form, hand, win, tuple(options.items()), expect, game,
                _relative(caller.f_code.co_filename), caller.f_lineno)


def _relative(path: str) -> str:
    """``path`` from the working directory when it is under it (as pytest names tests)."""
    try:
        return os.path.relpath(path) if not os.path.relpath(path).startswith("..") else path
    except ValueError:  # another drive (Windows)
        return path


def points(hand: str, win: str, *, expect: int, **options: Unpack[WinOptions]) -> Case:
    """A row of ``points(hand, win, **options)``: ron, what the discarder pays; tsumo, the
    sum paid; honba and sticks not included."""
    return _case("points", hand, win, expect, options)


def han(hand: str, win: str, *, expect: int, **options: Unpack[WinOptions]) -> Case:
    """A row of ``han(...)``: han, dora included."""
    return _case("han", hand, win, expect, options)


def fu(hand: str, win: str, *, expect: int, **options: Unpack[WinOptions]) -> Case:
    """A row of ``fu(...)``: fu as scored."""
    return _case("fu", hand, win, expect, options)


def total(hand: str, win: str, *, expect: int, **options: Unpack[WinOptions]) -> Case:
    """A row of ``total(...)``: the winner's whole gain, honba and sticks included."""
    return _case("total", hand, win, expect, options)


def payment(hand: str, win: str, *, expect: str, **options: Unpack[WinOptions]) -> Case:
    """A row of ``payment(...)``: "1300", "300-500", "500-all"."""
    return _case("payment", hand, win, expect, options)


def yaku(hand: str, win: str, *, expect: tuple[str, ...],
         **options: Unpack[WinOptions]) -> Case:
    """A row of ``yaku(...)``: every yaku, in the core's order (dora are not yaku)."""
    return _case("yaku", hand, win, expect, options)


def settle(hand: str, win: str, discarder: str | None = None, *, expect: tuple[int, ...],
           **options: Unpack[WinOptions]) -> Case:
    """A row of ``settle(...)``: every seat's point change (E, S, W, N) when this win is
    settled; a ron needs ``discarder``."""
    given: dict[str, object] = dict(options)
    if discarder is not None:
        given["discarder"] = discarder
    return _case("settle", hand, win, expect, given)


def shanten(hand: str, *, expect: int, rules: str | Rules | None = None) -> Case:
    """A row of ``shanten(hand)``: -1 complete, 0 tenpai, 1, 2, ..."""
    return _case("shanten", hand, None, expect, {} if rules is None else {"rules": rules})


def waits(hand: str, *, expect: tuple[str, ...], rules: str | Rules | None = None) -> Case:
    """A row of ``waits(hand)``: every tile the hand waits on, in tile order."""
    return _case("waits", hand, None, expect, {} if rules is None else {"rules": rules})


def readings(hand: str, *, expect: tuple[str, ...]) -> Case:
    """A row of ``reading_texts(hand)``: every reading of a complete hand."""
    return _case("readings", hand, None, expect, {})


def game_points(game: str, hand: str, *, expect: int, **inputs: bool | int | str) -> Case:
    """A row of a YAML game's points: ``game`` a built-in game (``"forest"``) or a file,
    ``inputs`` the game's situation inputs by name (``tsumo=True``, ``flowers=2``)."""
    return _case("game_points", hand, None, expect, inputs, game)


def game_yaku(game: str, hand: str, *, expect: tuple[str, ...],
              **inputs: bool | int | str) -> Case:
    """A row of a YAML game's yaku, every one in the game's order."""
    return _case("game_yaku", hand, None, expect, inputs, game)
