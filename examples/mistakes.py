# ruff: noqa: F722, F821 - Hand["..."] is not a forward reference (see docs/plugin.md)
"""Deliberate mistakes: what mypy says about them is in mistakes.out (checked by a test).

    mypy --config-file examples/mypy.ini examples/mistakes.py
"""

from typing import Literal

from typed_mahjong import (
    Explain,
    Hand,
    Ippatsu,
    Points,
    Riichi,
    Ron,
    Rules,
    Seat,
    Tsumo,
    Waits,
    points,
)
from typed_mahjong.query import cases

# A wrong value: 1 han 40 fu is 1300, not 1600 (that would be 50 fu).
wrong_fu: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1600

# The dealer's value (2900) written for a non-dealer: 2 han 30 fu is 2000 for the others.
wrong_seat: Points[Hand["123m456p234s789s55m"], Ron["4s"], Riichi] = 2900

# Explain shows the breakdown, to tell which side is wrong.
explained: Points[Hand["123m456p234s789s55m"], Tsumo["4s"], Seat["E"], Explain] = 2000

# A typo in the notation: "q" is no suit.
typo: Points[Hand["234p234s456m567s44q"], Ron["3p"]] = 1300

# Fourteen tiles, but no reading makes them four groups and a pair.
not_complete: Points[Hand["234p234s456m568s44p"], Ron["3p"]] = 1300

# The winning tile must be in the hand.
missing_tile: Points[Hand["234p234s456m567s44p"], Ron["9p"]] = 1300

# A complete open hand without a yaku cannot win.
yakuless: Points[Hand["123m456p789s11z chi:234s"], Ron["1m"]] = 1000

# The same, silenced on purpose.
yakuless_ignored: Points[Hand["123m456p789s11z chi:234s"], Ron["1m"]]  # type: ignore[mahjong-no-yaku]

# Ippatsu needs riichi.
ippatsu_alone: Points[Hand["234p234s456m567s44p"], Ron["3p"], Ippatsu] = 2600

# No such rules preset.
unknown_rules: Points[Hand["234p234s456m567s44p"], Ron["3p"], Rules["wrcc"]] = 1300

# No winning tile given.
no_win: Points[Hand["234p234s456m567s44p"]] = 1300

# 123m 456p 789s 55m 23s waits on 1s and 4s, not 2s.
wrong_wait: Waits[Hand["123m456p789s55m23s"]] = "2s"

# The function form is checked too.
wrong_call: Literal[1600] = points("234p234s456m567s44p", win="3p")
typo_call = points("234p234s456m567s44p", win="3x")

# A table row (cases, for @pytest.mark.parametrize): the riichi pinfu hand above is 2000
# for a non-dealer; the row says the dealer's 2900.
ROWS = [cases.points("123m456p234s789s55m", win="4s", riichi=True, expect=2900)]
