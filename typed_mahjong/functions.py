"""Function forms of the results: ``points("234p234s456m567s44p", win="3p")``.

They work at run time, and with the mypy plugin a call whose arguments are all literals
has the ``Literal`` of the answer as its type: ``reveal_type(points("234p234s456m567s44p",
win="3p"))`` shows ``Literal[1300]``. Each is one query answered by ``query.answer``, the
function the plugin answers it with, using exactly the rules it gets at run time
(``rules=``, default tenhou), never the project's plugin configuration, so the inferred
type cannot disagree with the value. A hand that has no yaku raises ``query.NoYaku`` (a
HandError), as the plugin reports it.
"""

from __future__ import annotations

from typing import Unpack

from .query import Answer, answer, call_of
from .scoring import score
from .win_options import RULES_KEYWORD, WinOptions

__all__ = ["WinOptions", "explain", "fu", "han", "payment", "points", "total", "yaku"]


def _ask(result: str, hand: str, win: str, options: WinOptions) -> Answer:
    given: dict[str, object] = dict(options)
    rules = given.pop(RULES_KEYWORD, "tenhou")
    # A rules value of another type goes to score(), which names the fault.
    return answer(call_of(result, hand, win, given, rules)).value  # type: ignore[arg-type]


def points(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    """Ron: what the discarder pays; tsumo: the sum paid. Honba and sticks not included."""
    value = _ask("Points", hand, win, options)
    assert isinstance(value, int)
    return value


def han(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    value = _ask("Han", hand, win, options)
    assert isinstance(value, int)
    return value


def fu(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    value = _ask("Fu", hand, win, options)
    assert isinstance(value, int)
    return value


def total(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    """What the winner gains: payments with honba, plus the riichi sticks."""
    value = _ask("Total", hand, win, options)
    assert isinstance(value, int)
    return value


def payment(hand: str, win: str, **options: Unpack[WinOptions]) -> str:
    """ "1300", "300-500" or "500-all": the hand's value as players say it, no honba."""
    value = _ask("Payment", hand, win, options)
    assert isinstance(value, str)
    return value


def yaku(hand: str, win: str, **options: Unpack[WinOptions]) -> tuple[str, ...]:
    """Every yaku, in the core's order (the function form of ``YakuSet``); dora are not
    yaku and are left out."""
    value = _ask("YakuSet", hand, win, options)
    assert isinstance(value, tuple)
    return value


def explain(hand: str, win: str, **options: Unpack[WinOptions]) -> str:
    """The breakdown (yaku, han, fu, payments). With the plugin, a call with literal
    arguments also shows it as notes while mypy runs."""
    return score(hand, win, **options).explain()
