"""Fixtures in the editor spelling: every string as ``L["..."]``, ``L`` being ``Literal``.

pyright, Pylance and basedpyright read this file with no error (to them each result is a
plain ``int`` or ``str``), and mypy with the typed-mahjong plugin computes every value::

    mypy --config-file examples/editor/mypy.ini examples/editor/fixtures.py
    pyright examples/editor/fixtures.py

Every value was worked out by hand, with the conventions of examples/fixtures.py: tenhou
rules (open riichi switched on in examples/editor/mypy.ini), seat South (non-dealer) and
round East unless Seat[...]/Round[...] says otherwise.
"""

from typing import Literal as L

from typed_mahjong import (
    Chankan,
    Chiihou,
    Concealed,
    Dora,
    DoubleRiichi,
    Flowers,
    From,
    Fu,
    Game,
    GameInput,
    Haitei,
    Han,
    Hand,
    Honba,
    Houtei,
    Ippatsu,
    Nuki,
    OpenRiichi,
    Pao,
    Payment,
    Points,
    Renchan,
    Renhou,
    Riichi,
    Rinshan,
    Ron,
    Round,
    Rules,
    Seat,
    SelfDrawn,
    Settlement,
    Shanten,
    Sticks,
    Tenhou,
    Total,
    Tsumo,
    Ura,
    Waits,
    Yaku,
    YakuSet,
)

# Tanyao, kanchan 3p: 20 + 10 closed ron + 2 kanchan = 32 -> 40 fu; 1 han:
# 40 * 2**3 = 320, * 4 = 1280 -> 1300.
tanyao_kanchan: Points[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]]] = 1300
tanyao_kanchan_han: Han[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]]] = 1
tanyao_kanchan_fu: Fu[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]]] = 40
tanyao_kanchan_yaku: Yaku[Hand[L["234p234s456m567s44p"]], Ron[L["3p"]]] = "tanyao"

# Pinfu, given tile by tile: all runs, no-value pair 55m, 4s completes 23s (two-sided);
# 20 + 10 = 30 fu, 1 han: 240 * 4 = 960 -> 1000. No tanyao (1m, 9s).
pinfu_pieces: Points[
    Hand[L["4s"], L["123m"], L["55m"], L["456p"], L["23s"], L["789s"]], Ron[L["4s"]]
] = 1000

# Haku pon (open), penchan 3m: 20 + open honour triplet 4 + penchan 2 = 26 -> 30 fu;
# 1 han 30 fu = 1000.
haku_penchan: Points[Hand[L["123m456p789s99m pon:555z"]], Ron[L["3m"]]] = 1000

# Pinfu tsumo: pinfu + menzen tsumo, 2 han 20 fu (no tsumo fu with pinfu); basic 320:
# the dealer pays 640 -> 700, the others 320 -> 400 each.
pinfu_tsumo: Payment[Hand[L["123m456p234s789s55m"]], Tsumo[L["4s"]]] = "400-700"
pinfu_tsumo_points: Points[Hand[L["123m456p234s789s55m"]], Tsumo[L["4s"]]] = 1500
# The same won by the dealer: everyone pays 640 -> 700.
dealer_pinfu_tsumo: Payment[Hand[L["123m456p234s789s55m"]], Tsumo[L["4s"]], Seat[L["E"]]] = (
    "700-all"
)

# Double South: seat South (the default) in the South round, pon of 2z, 2 han;
# 20 + open honour triplet 4, two-sided 2m = 24 -> 30 fu; 480 * 4 = 1920 -> 2000.
double_south: Points[Hand[L["234m567p678s88s pon:222z"]], Ron[L["2m"]], Round[L["S"]]] = 2000

# Riichi + ippatsu + menzen tsumo + pinfu + tanyao = 5 han: mangan, 2000 from each
# non-dealer and 4000 from the dealer.
ippatsu: Payment[Hand[L["234m456p345678s55p"]], Tsumo[L["3s"]], Riichi, Ippatsu] = "2000-4000"

# Double riichi (2) + pinfu (1): 3 han 30 fu; 30 * 32 = 960, * 4 = 3840 -> 3900.
double_riichi: Points[Hand[L["123m456p234s789s55m"]], Ron[L["4s"]], DoubleRiichi] = 3900
# Open riichi (2, switched on in mypy.ini) + pinfu (1): the same 3900.
open_riichi: Points[Hand[L["123m456p234s789s55m"]], Ron[L["4s"]], OpenRiichi] = 3900

# Tanyao + pinfu + dora: indicator 2m -> dora 3m (one), indicator 7p -> dora 8p (the
# pair, two): 5 han, mangan 8000.
dora: Points[Hand[L["234m678m345p88p567s"]], Ron[L["2m"]], Dora[L["2m"], L["7p"]]] = 8000
# Riichi + pinfu + ura dora: indicator 4m -> 5m, the 55m pair: 4 han 30 fu;
# 30 * 64 = 1920, * 4 = 7680 -> 7700.
ura: Points[Hand[L["123m456p234s789s55m"]], Ron[L["4s"]], Riichi, Ura[L["4m"]]] = 7700

# Honba and sticks change only Total: 1000 + 2 honba * 300 + 1 stick * 1000 = 2600.
total: Total[Hand[L["123m456p234s789s55m"]], Ron[L["4s"]], Honba[L[2]], Sticks[L[1]]] = 2600
# Consecutive dealer wins count only with the paarenchan option (off in tenhou rules):
# the dealer's pinfu ron, 1 han 30 fu: 240 * 6 = 1440 -> 1500.
renchan: Points[Hand[L["123m456p234s789s55m"]], Ron[L["4s"]], Renchan[L[3]], Seat[L["E"]]] = (
    1500
)

# Daisangen by ron, West liable (pao): a non-dealer's yakuman is 32000 whoever pays it.
pao: Points[Hand[L["777z123m99p pon:555z pon:666z"]], Ron[L["7z"]], Pao[L["W"]]] = 32000

# Three-player rules: riichi (1) + pinfu (1) + one North set aside as nukidora (1), ron on
# 2p (a two-sided wait on 34p): 3 han 30 fu, 30 * 2**5 * 4 = 3840 -> 3900.
nuki: Points[
    Hand[L["234p567p345s678s99s"]], Ron[L["2p"]], Riichi, Nuki[L[1]], Rules[L["tenhou-sanma"]]
] = 3900
# Every yaku, in order: the renchan hand above has pinfu alone (1m and 9s rule out tanyao).
exact_yaku: YakuSet[Hand[L["123m456p234s789s55m"]], Ron[L["4s"]]] = ("pinfu",)
# The same hand with riichi, South winning on West's discard, 2 honba and 1 stick (South's
# own) on the table: riichi + pinfu, 2 han 30 fu, 480 * 4 = 1920 -> 2000; West pays 2000 +
# 2 * 300 honba; South gains 2600 and the stick: the changes of E, S, W, N.
settlement: Settlement[
    Hand[L["123m456p234s789s55m"]], Ron[L["4s"]], Riichi, From[L["W"]], Honba[L[2]],
    Sticks[L[1]]
] = (0, 3600, -2600, 0)

# Rinshan kaihou (1) + chun (1) after an open kan of 7z, tanki 5s:
# 20 + open honour kan 16 + tsumo 2 + tanki 2 = 40 fu; basic 40 * 16 = 640;
# the dealer pays 1280 -> 1300, the others 640 -> 700: 2700.
rinshan: Points[Hand[L["123m456p789s55s kan:7777z"]], Tsumo[L["5s"]], Rinshan] = 2700
# Chankan (1) + pinfu (1) + tanyao (1): 3 han 30 fu = 3900.
chankan: Points[Hand[L["234m456p678p55s678s"]], Ron[L["8s"]], Chankan] = 3900
# Haitei on an open hand, tanki 5s: 20 + tsumo 2 + tanki 2 = 24 -> 30 fu; basic 240:
# the dealer pays 480 -> 500, the others 240 -> 300.
haitei: Payment[Hand[L["123m567p789s55s chi:345p"]], Tsumo[L["5s"]], Haitei] = "300-500"
# Houtei: the same hand by ron, 1 han 30 fu (an open ron counts 30): 1000.
houtei: Points[Hand[L["123m567p789s55s chi:345p"]], Ron[L["5s"]], Houtei] = 1000

# Tenhou: the dealer's yakuman on the first draw, 16000 from each player.
tenhou: Points[Hand[L["123m456p234s789s55m"]], Tsumo[L["4s"]], Seat[L["E"]], Tenhou] = 48000
# Chiihou: a non-dealer's, 8000 from each non-dealer and 16000 from the dealer.
chiihou: Payment[Hand[L["123m456p234s789s55m"]], Tsumo[L["4s"]], Chiihou] = "8000-16000"

# An annotation's own rules: junchan (3) + pinfu (1), 1m completes 23m, 4 han 30 fu:
# 1920 * 4 = 7680 -> 7700 under tenhou rules, mangan 8000 with the kiriage of WRC rules.
junchan: Points[Hand[L["123m789m123p789s99p"]], Ron[L["1m"]]] = 7700
junchan_wrc: Points[Hand[L["123m789m123p789s99p"]], Ron[L["1m"]], Rules[L["wrc"]]] = 8000
# Renhou is a 5-han yaku under WRC rules, adding to pinfu: 6 han, haneman 12000.
renhou_wrc: Points[Hand[L["123m456p234s789s55m"]], Ron[L["4s"]], Renhou, Rules[L["wrc"]]] = (
    12000
)

# A waiting hand: 123m 456p 789s 55m and 23s is tenpai (shanten 0) on 1s and 4s.
tenpai: Shanten[Hand[L["123m456p789s55m23s"]]] = 0
wait: Waits[Hand[L["123m456p789s55m23s"]]] = "4s"

# A game defined in YAML (the path is relative to examples/editor/mypy.ini): "Pair of
# Trios" (both sets are three identical tiles) 100 + "Two Colours" (they differ) 50 = 150.
trios: Points[Game[L["../games/colour-trios.yaml"]], Hand[L["red red red blue blue blue"]]] = 150
# A built-in game's own inputs (Hong Kong old style, 2**faan points): self-drawn 1 +
# concealed hand 1 + all chows 1 = 3 faan, the minimum; one flower drawn, the player's own:
# seat flower 1 (a bonus), and no "no flowers": 4 faan, 16.
hk_chows: Points[
    Game[L["hk-oldstyle"]], Hand[L["1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s"]], SelfDrawn,
    Concealed, Flowers[L[1]], GameInput[L["seat_flowers"], L[1]]
] = 16
