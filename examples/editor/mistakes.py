"""Deliberate mistakes in the editor spelling, and who catches which.

pyright knows only that a result is an ``int`` or a ``str``: it reports the wrong *kinds*
(marked "pyright too" below) and reads the rest as fine. mypy with the typed-mahjong plugin
knows every value and reports every line below::

    mypy --config-file examples/editor/mypy.ini examples/editor/mistakes.py
"""

from typing import Literal as L

from typed_mahjong import Explain, Hand, Honba, Payment, Points, Riichi, Ron, Total, Tsumo, Yaku

# 1 han 40 fu is 1300, not 1600 (that would be 50 fu).
wrong_fu: Points[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]]] = 1600

# The dealer's value written for a non-dealer: riichi + pinfu, 2 han 30 fu, is 2900 for
# the dealer but 480 * 4 = 1920 -> 2000 for the others.
wrong_seat: Points[Hand[L["123m456p234s789s55m"]], Ron[L["4s"]], Riichi] = 2900

# A non-dealer's tsumo is paid "X-Y" (others-dealer): pinfu tsumo is "400-700", and
# "700-all" is the dealer's.
wrong_payment: Payment[Hand[L["123m456p234s789s55m"]], Tsumo[L["4s"]]] = "700-all"

# Pinfu tsumo has menzen tsumo and pinfu; 1m and 9s rule tanyao out.
wrong_yaku: Yaku[Hand[L["123m456p234s789s55m"]], Tsumo[L["4s"]]] = "tanyao"

# Explain shows the breakdown, to tell which side is wrong: pinfu + menzen tsumo, 2 han
# 20 fu, basic 320; a non-dealer gets 400 + 400 + 700 = 1500.
explained: Points[Hand[L["123m456p234s789s55m"]], Tsumo[L["4s"]], Explain] = 2000

# A wrong kind, pyright too: the points are an int, not a str (1 han 40 fu: 1300).
wrong_kind: Points[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]]] = "1300"

# A wrong kind of input, pyright too: Honba counts, it takes an int (Honba[L[2]]).
wrong_honba: Total[Hand[L["123m456p234s789s55m"]], Ron[L["4s"]], Honba[L["2"]]] = 1600
