"""Function forms of the results: ``points("234p234s456m567s44p", win="3p")``.

They work at run time (each is one call to ``typed_mahjong.score``), and with the mypy
plugin a call whose arguments are all literals has the ``Literal`` of the answer as its type:
``reveal_type(points("234p234s456m567s44p", win="3p"))`` shows ``Literal[1300]``.
At type-check time they use exactly the rules they get at run time (``rules=``, default
tenhou), never the project's plugin configuration, so the inferred type cannot disagree
with the value.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypedDict, Unpack

from .rules import Rules
from .scoring import Score, score
from .shanten import shanten, waits

if TYPE_CHECKING:
    from .annotations import Call

__all__ = ["WinOptions", "explain", "fu", "han", "payment", "points", "total", "yaku"]

Answer = int | str | tuple[str, ...]
# Entries of Score.yaku that count dora rather than name a yaku.
DORA_ENTRIES: Final = frozenset({"dora", "ura dora", "aka dora", "nukidora"})


class WinOptions(TypedDict, total=False):
    """The keyword arguments of ``typed_mahjong.score`` after ``hand`` and ``win``."""

    tsumo: bool
    riichi: bool
    double_riichi: bool
    open_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    seat: str
    round: str
    dora: str
    ura: str
    honba: int
    sticks: int
    renchan: int
    pao: str | None
    nuki: int
    rules: str | Rules


def points(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    """Ron: what the discarder pays; tsumo: the sum paid. Honba and sticks not included."""
    return score(hand, win, **options).points


def han(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    return score(hand, win, **options).han


def fu(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    return score(hand, win, **options).fu


def total(hand: str, win: str, **options: Unpack[WinOptions]) -> int:
    """What the winner gains: payments with honba, plus the riichi sticks."""
    return score(hand, win, **options).total


def payment(hand: str, win: str, **options: Unpack[WinOptions]) -> str:
    """ "1300", "300-500" or "500-all": the hand's value as players say it, no honba."""
    return score(hand, win, **options).payment_text


def yaku(hand: str, win: str, **options: Unpack[WinOptions]) -> tuple[str, ...]:
    """The yaku names in the core's order; dora are not yaku and are left out."""
    return yaku_names(score(hand, win, **options))


def explain(hand: str, win: str, **options: Unpack[WinOptions]) -> str:
    """The breakdown (yaku, han, fu, payments). With the plugin, a call with literal
    arguments also shows it as notes while mypy runs."""
    return score(hand, win, **options).explain()


def yaku_names(outcome: Score) -> tuple[str, ...]:
    return tuple(name for name, _ in outcome.yaku if name not in DORA_ENTRIES)


def result_value(result: str, outcome: Score) -> Answer:
    """The answer to a score result name ("Points", "Han", ...) in a Score."""
    if result == "Points":
        return outcome.points
    if result == "Han":
        return outcome.han
    if result == "Fu":
        return outcome.fu
    if result == "Total":
        return outcome.total
    if result == "Payment":
        return outcome.payment_text
    if result == "Yaku":
        return yaku_names(outcome)
    raise ValueError(f"{result} is not a score result")


def score_call(call: Call, rules: str | Rules) -> Score:
    """Score the hand of a result annotation; the annotation's own Rules[...] wins."""
    assert call.win is not None
    options: dict[str, Any] = dict(call.situation)
    return score(call.hand, call.win, rules=call.rules if call.rules is not None else rules,
                 **options)


def answer(call: Call, rules: str | Rules | None = None, base_dir: Path | None = None) -> Answer:
    """The run-time answer of a result annotation (see ``annotations.Query.evaluate``)."""
    if call.result == "Shanten":
        return shanten(call.hand)
    if call.result == "Waits":
        return waits(call.hand)
    if call.game is not None:
        from .games import load

        game = load((base_dir or Path.cwd()) / call.game)
        outcome = game.score(call.hand)
        if call.result == "Points":
            return int(outcome.points)
        return tuple(str(name) for name in outcome.yaku)
    return result_value(call.result, score_call(call, rules if rules is not None else "tenhou"))
