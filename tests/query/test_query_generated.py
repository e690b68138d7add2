"""Issue 43: seeded hostile generators for the run-time forms, the function forms
(``points(hand, win, **options)`` ...) and the table rows (``cases.points(..., expect=)``).

Each seed makes one call: a form, a hand, a winning tile and options, each either right or
hostile (control characters, bidi overrides, lone surrogates, NUL, text past its grammar's
length bound up to megabytes, numbers of thousands of digits, wrong types, unknown keywords,
objects whose ``__eq__`` or ``__hash__`` raise). Every call ends within the caps of
``hostile.within`` (1 s, 64 MiB at the peak) in one of the ways the issue allows:

- a value of the form's type, and then the row of the same call with that value as
  ``expect=`` passes and a row expecting anything else raises ``CaseMismatch``;
- a ``MahjongError`` or a ``TypeError``, and then the row of the same call raises the same
  class with the same message (a row asks the core the same question);

and every message, row id and row text is printable (no raw control character) and short.
A quick set runs by default, a large one (marked slow) in CI.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hostile import assert_printable, within

import typed_mahjong as tm
from typed_mahjong.errors import MahjongError
from typed_mahjong.query import cases
from typed_mahjong.query.cases import Case, CaseMismatch
from typed_mahjong.query.check import shown

QUICK = range(60)
CI = range(60, 3060)

# Right hands and their winning tiles (README: T won on 3p is tanyao 1 han 40 fu, 1300; P
# on 4s pinfu 30 fu, 1000; a tenpai hand for shanten and waits).
HANDS = [("234p234s456m567s44p", "3p"), ("123m456p234s789s55m", "4s"),
         ("123m456p789s1122z", "1z"), ("11m pon:222z 345p 678s 99s", "1m")]
HOSTILE_TEXT = ["\x1b[31m", "\x1b]0;owned\x07", "\u202e", "\x00", "\udcff", "\x9b",
                "\n", "ｍ", "٣", "5", "0m", "r5m", "  ", "pon:", "chi:123m", "kan:"]
WIN_FORMS = ["points", "han", "fu", "total", "payment", "yaku", "settle", "explain"]
HAND_FORMS = ["shanten", "waits", "readings"]
# Each option with right values and wrong ones (hostile values are added to all).
OPTIONS: dict[str, list[object]] = {
    **{name: [True, False, 1, "yes"] for name in (
        "tsumo", "riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan", "chankan",
        "haitei", "houtei", "tenhou", "chiihou", "renhou")},
    **{name: ["E", "S", "W", "N", "1z", "Q"] for name in ("seat", "round")},
    "dora": ["4m", "1z", "4m 5p", "9x"], "ura": ["4m", "", "5s"],
    **{name: [0, 1, 3, 999, 1000, -1, True] for name in ("honba", "sticks", "renchan")},
    "nuki": [0, 1, 4, 5], "pao": ["E", "S", None], "rules": [
        "tenhou", "wrc", "majsoul", "ema", "tenhou-sanma", "mleague", "nope", 3],
}


class Touchy(str):
    """Text whose comparison and hash raise: a user's object that misbehaves."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing")

    def __hash__(self) -> int:
        raise RuntimeError("no hashing")


def _hostile_text(rng: random.Random, base: str) -> object:
    kind = rng.randrange(10)
    if kind == 0:  # a character inserted anywhere
        at = rng.randrange(len(base) + 1)
        return base[:at] + rng.choice(HOSTILE_TEXT) + base[at:]
    if kind == 1:  # repeated past the length bound: a few hundred bytes up to 2 MB
        return base * rng.choice([15, 20, 300, 100_000])
    if kind == 2:
        return base[:rng.randrange(len(base) + 1)]
    if kind == 3:  # any characters
        return "".join(chr(rng.randrange(0x2FF)) for _ in range(rng.randrange(30)))
    if kind == 4:
        return rng.choice([None, 1234, 2**20000, b"123m", ["1m"], 3.5, object()])
    if kind == 5:
        return Touchy(base)
    if kind == 6:  # a digit of another script, a red five, a tile of no suit
        return base.replace(rng.choice("123456789"), rng.choice(["٣", "0", "²", "x"]), 1)
    return base


def _hostile_value(rng: random.Random, right: list[object]) -> object:
    if rng.random() < 0.75:
        return rng.choice(right)
    return rng.choice([None, -(2**70), 2**20000, 10**19, "\x1b[2J", "\udcff", 1.5, [1],
                       object(), Touchy("E"), float("nan"), b"E"])


def _generate(seed: int) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """One call: the form's name, its positional arguments and its keywords."""
    rng = random.Random(seed)
    hand, win = rng.choice(HANDS)
    form = rng.choice(WIN_FORMS + HAND_FORMS)
    hand_arg = _hostile_text(rng, hand) if rng.random() < 0.35 else hand
    if form in HAND_FORMS:
        keywords: dict[str, Any] = {}
        if form != "readings" and rng.random() < 0.5:
            keywords["rules"] = _hostile_value(rng, OPTIONS["rules"])
        return form, (hand_arg,), keywords
    win_arg = _hostile_text(rng, win) if rng.random() < 0.2 else win
    names = rng.sample(sorted(OPTIONS), rng.choice([0, 0, 1, 1, 2, 3]))
    keywords = {name: _hostile_value(rng, OPTIONS[name]) for name in names}
    if rng.random() < 0.1:  # a keyword no form takes, sometimes with escapes in its name
        keywords[rng.choice(["bogus", "Riichi", "\x1b[1mriichi", "honba\u202e"])] = True
    arguments: tuple[Any, ...] = (hand_arg, win_arg)
    if form == "settle" and rng.random() < 0.8:
        arguments += (_hostile_value(rng, ["E", "S", "W", "N", "1z", "Q", ""]),)
    return form, arguments, keywords


FUNCTIONS: dict[str, Callable[..., object]] = {
    "points": tm.points, "han": tm.han, "fu": tm.fu, "total": tm.total,
    "payment": tm.payment, "yaku": tm.yaku, "settle": tm.settle, "explain": tm.explain,
    "shanten": tm.shanten, "waits": tm.waits, "readings": tm.reading_texts,
}
# The row of each form (explain has none) and the type of its value.
ROWS: dict[str, Callable[..., Case]] = {
    "points": cases.points, "han": cases.han, "fu": cases.fu, "total": cases.total,
    "payment": cases.payment, "yaku": cases.yaku, "settle": cases.settle,
    "shanten": cases.shanten, "waits": cases.waits, "readings": cases.readings,
}
# The core's own functions (typed_mahjong.shanten, .waits): their rows go through the query
# layer, which checks the hand's type before the rules; the functions read the rules first.
# Either ends in a MahjongError or a TypeError, not always the same one.
CORE_FORMS = frozenset({"shanten", "waits"})
VALUE_TYPES: dict[str, type] = {
    "points": int, "han": int, "fu": int, "total": int, "payment": str, "yaku": tuple,
    "settle": tuple, "explain": str, "shanten": int, "waits": tuple, "readings": tuple,
}


def _other(value: object) -> object:
    """A value of the same type that is not ``value``."""
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "0"
    assert isinstance(value, tuple)
    return (*value, "x")


def _message(exc: BaseException) -> str:
    return str(exc)


def _check_one(seed: int) -> str:
    """Make and check seed's call; the outcome's kind, for the tally."""
    form, arguments, keywords = _generate(seed)
    what = f"seed {seed}: {form}({', '.join(map(shown, arguments))}) {sorted(keywords)}"
    function = FUNCTIONS[form]
    outcome: object
    with within(what):
        try:
            outcome = function(*arguments, **keywords)
        except (MahjongError, TypeError) as exc:
            outcome = exc
        except RuntimeError as exc:  # Touchy's own error: the user's, as it is
            assert str(exc) in ("no comparing", "no hashing"), what
            return "user"
    if isinstance(outcome, BaseException):
        message = _message(outcome)
        assert not isinstance(outcome, AssertionError) or isinstance(outcome, MahjongError), \
            what  # no bare internal assert
        assert len(message) < 1000, f"{len(message)} characters: {what}"
        assert_printable(message, what)
    else:
        assert type(outcome) is VALUE_TYPES[form], f"{type(outcome)}: {what}"
    if form not in ROWS:
        return "error" if isinstance(outcome, BaseException) else "value"
    row_keywords = dict(keywords)
    if form in ("shanten", "waits", "readings"):
        row = ROWS[form](*arguments, expect=outcome, **row_keywords)
    else:
        row = ROWS[form](*arguments, expect=outcome, **row_keywords)
    # Collecting a module builds every row's id: it never raises and is printable.
    assert_printable(row.id, what)
    assert_printable(str(row), what)
    assert len(row.id) < 2000 and len(str(row)) < 2000, what
    with within(what):
        if isinstance(outcome, BaseException):
            if form in CORE_FORMS:  # the row checks the hand's type first, the core last
                with pytest.raises((MahjongError, TypeError)):
                    row.check()
                return "error"
            with pytest.raises(type(outcome)) as caught:
                row.check()
            # The same question through the same function: the same error.
            assert type(caught.value) is type(outcome), what
            assert _message(caught.value) == _message(outcome), what
            return "error"
        assert row.check() == outcome, what
        wrong = ROWS[form](*arguments, expect=_other(outcome), **row_keywords)
        with pytest.raises(CaseMismatch) as mismatch:
            wrong.check()
        assert mismatch.value.actual == outcome, what
        assert_printable(str(mismatch.value), what)
    return "value"


def _run(seeds: range) -> dict[str, int]:
    tally: dict[str, int] = {}
    for seed in seeds:
        kind = _check_one(seed)
        tally[kind] = tally.get(kind, 0) + 1
    return tally


@pytest.fixture(autouse=True, scope="module")
def _warm() -> None:
    # The first call builds the core's tables: not a generated input's cost.
    for form in ("points", "shanten", "readings"):
        FUNCTIONS[form](*(("234p234s456m567s44p", "3p") if form == "points"
                          else ("234p234s456m567s44p",)))


def test_generated_calls_end_cleanly_quick() -> None:
    tally = _run(QUICK)
    # The generator reaches both ends: answers and refusals.
    assert tally.get("value", 0) >= 5 and tally.get("error", 0) >= 20, tally


@pytest.mark.slow
def test_generated_calls_end_cleanly_many() -> None:
    tally = _run(CI)
    assert tally.get("value", 0) >= 300 and tally.get("error", 0) >= 1000, tally
