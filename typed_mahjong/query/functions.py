"""Function forms of the results: ``points("234p234s456m567s44p", win="3p")``.

They work at run time, and with the mypy plugin a call whose arguments are all literals
has the ``Literal`` of the answer as its type: ``reveal_type(points("234p234s456m567s44p",
win="3p"))`` shows ``Literal[1300]``. Each is one query answered by ``answering.answer``, the
function the plugin answers it with, using exactly the rules it gets at run time
(``rules=``, default tenhou), never the project's plugin configuration, so the inferred
type cannot disagree with the value. A hand that has no yaku raises ``errors.NoYaku`` (a
HandError), as the plugin reports it.
"""

from __future__ import annotations

from typing import Unpack, cast

from ..core.scoring import score
from ..core.win_options import RULES_KEYWORD, WinOptions
from .answering import answer
from .building import call_of
from .names import Answer

__all__ = ["WinOptions", "explain", "fu", "han", "payment", "points", "reading_texts",
           "settle", "total", "yaku"]


def _ask(result: str, hand: str, win: str | None, options: WinOptions,
         table: dict[str, object] | None = None) -> Answer:
    given: dict[str, object] = dict(options)
    rules = given.pop(RULES_KEYWORD, "tenhou")
    # A rules value of another type goes to score(), which names the fault.
    return answer(call_of(result, hand, win, given, rules,  # type: ignore[arg-type]
                          table=table)).value


def points(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    """Ron: what the discarder pays; tsumo: the sum paid. Honba and sticks not included."""
    return cast(int, _ask("Points", hand, win, options))


def han(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    return cast(int, _ask("Han", hand, win, options))


def fu(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    return cast(int, _ask("Fu", hand, win, options))


def total(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    """What the winner gains: payments with honba, plus the riichi sticks."""
    return cast(int, _ask("Total", hand, win, options))


def payment(hand: str, win: str, **options: Unpack[WinOptions]) -> str:
    """ "1300", "300-500" or "500-all": the hand's value as players say it, no honba."""
    return cast(str, _ask("Payment", hand, win, options))


def yaku(hand: str, win: str, **options: Unpack[WinOptions]) -> tuple[str, ...]:
    """Every yaku, in the core's order (the function form of ``YakuSet``); dora are not
    yaku and are left out."""
    value = _ask("YakuSet", hand, win, options)
    return cast(tuple[str, ...], value)


def settle(hand: str, win: str, discarder: str | None = None,
           **options: Unpack[WinOptions]) -> tuple[int, ...]:
    """Every seat's point change (E, S, W, N; E, S, W under three-player rules) when this
    one win is settled: the function form of ``Settlement[...]``. A ron needs
    ``discarder`` (the seat that discarded ``win``); ``honba`` and ``sticks`` (every stick
    on the table, this hand's deposits included) go to the winner, whose own deposit is
    left out of the changes. ``typed_mahjong.core.settlement`` settles several wins at once."""
    value = _ask("Settlement", hand, win, options,
                 {} if discarder is None else {"discarder": discarder})
    return cast(tuple[int, ...], value)


def reading_texts(hand: str) -> tuple[str, ...]:
    """Every reading of a complete hand as text (``"55m 123m 456p 234s 789s"``), the
    function form of ``Readings[...]``; ``()`` for a hand that is not complete. The
    readings themselves: ``typed_mahjong.core.readings.readings``."""
    value = answer(call_of("Readings", hand, None, {})).value
    return cast(tuple[str, ...], value)


def explain(hand: str, win: str, **options: Unpack[WinOptions]) -> str:
    """The breakdown (yaku, han, fu, payments). With the plugin, a call with literal
    arguments also shows it as notes while mypy runs."""
    return score(hand, win, **options).explain()
