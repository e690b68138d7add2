# ruff: noqa: F722, F821 - Hand["..."] is not a forward reference (see docs/plugin.md)
"""Scoring fixtures checked by mypy: every value below was worked out by hand.

Run ``python3 dev.py demo`` (or ``mypy --config-file examples/mypy.ini examples/fixtures.py``):
the plugin computes each annotation with the scoring core, so a wrong number is a type error.

Conventions of the working (tenhou rules, the default of examples/mypy.ini):
  * basic points = fu * 2 ** (han + 2); mangan caps it at 2000 (5 han, or 4 han 40+ fu,
    or 3 han 70+ fu), haneman 3000 (6-7 han), baiman 4000 (8-10), sanbaiman 6000 (11-12),
    yakuman 8000 each.
  * ron: a non-dealer gets basic * 4, a dealer basic * 6, rounded up to 100.
  * tsumo: a non-dealer gets basic * 2 from the dealer and basic * 1 from each other player,
    a dealer basic * 2 from everyone, each payment rounded up to 100. Points[...] of a tsumo
    is the sum of the three payments; Payment[...] says it as "X-Y" or "X-all".
  * fu: 20 base, +10 closed ron, +2 tsumo (not with pinfu), triplets 2/4/8 (open simple /
    closed simple or open terminal-honour / closed terminal-honour), kans four times that,
    +2 for a kanchan, penchan or tanki wait, +2 for a dragon, seat-wind or round-wind pair,
    rounded up to 10; an open hand's ron is at least 30; seven pairs is always 25.
  * The seat is South (non-dealer) and the round East unless Seat[...]/Round[...] says
    otherwise; Dora[...]/Ura[...] take the indicators (the dora is the next tile).
"""

from typing import Literal

from typed_mahjong import (
    Chankan,
    Chiihou,
    Dora,
    DoubleRiichi,
    Fu,
    Game,
    Haitei,
    Han,
    Hand,
    Honba,
    Houtei,
    Ippatsu,
    Payment,
    Points,
    Riichi,
    Rinshan,
    Ron,
    Round,
    Rules,
    Seat,
    Shanten,
    Sticks,
    Tenhou,
    Total,
    Tsumo,
    Ura,
    Waits,
    Yaku,
    fu,
    han,
    payment,
    points,
    yaku,
)

# --- 1 han --------------------------------------------------------------------------------

# Tanyao, kanchan 3p: 20 + 10 closed ron + 2 kanchan = 32 -> 40 fu; 40 * 2**3 = 320;
# * 4 = 1280 -> 1300.
tanyao_kanchan: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1300

# Pinfu: all runs, 55m is no value pair, 4s completes 23s (two-sided). 30 fu (20 + 10);
# 30 * 8 = 240; * 4 = 960 -> 1000. No tanyao: 1m and 9s.
pinfu_ron: Points[Hand["123m456p234s789s55m"], Ron["4s"]] = 1000

# The same hand tile by tile, in any order, and its string as Literal["..."].
pinfu_tiles: Points[Hand["4s", "123m", "55m", "456p", "23s", "789s"], Ron["4s"]] = 1000
pinfu_literal: Points[Ron["4s"], Hand[Literal["123m456p234s789s55m"]]] = 1000

# Haku pon (open): 20 + open honour triplet 4 + penchan 3m 2 = 26 -> 30 fu; 1 han = 1000.
haku_penchan: Points[Hand["123m456p789s99m pon:555z"], Ron["3m"]] = 1000

# Open tanyao (kuitan, allowed by tenhou rules), tanki 5p: 20 + open 222p 2 + tanki 2 = 24
# -> 30 fu, 1 han: 1000.
kuitan_tanki: Points[Hand["234m678s55p chi:345p pon:222p"], Ron["5p"]] = 1000

# Open ittsu (123m 456m + chi 789m), two-sided 6s: no fu beyond 20, an open ron counts
# 30 fu: 1 han 30 fu = 1000.
open_ittsu: Points[Hand["123m456m22p678s chi:789m"], Ron["6s"]] = 1000
open_ittsu_han: Han[Hand["123m456m22p678s chi:789m"], Ron["6s"]] = 1

# Haitei on an open hand, tanki 5s: 20 + tsumo 2 + tanki 2 = 24 -> 30 fu; basic 240;
# dealer pays 480 -> 500, the others 240 -> 300 each: "300-500", 1100 in all.
haitei_tsumo: Points[Hand["123m567p789s55s chi:345p"], Tsumo["5s"], Haitei] = 1100
haitei_payment: Payment[Hand["123m567p789s55s chi:345p"], Tsumo["5s"], Haitei] = "300-500"

# Houtei: the same hand by ron: 20 + tanki 2 -> 30 fu (open ron), 1 han: 1000.
houtei_ron: Points[Hand["123m567p789s55s chi:345p"], Ron["5s"], Houtei] = 1000

# --- 2 to 4 han ---------------------------------------------------------------------------

# Pinfu tsumo: pinfu + menzen tsumo = 2 han, 20 fu (no tsumo fu with pinfu); basic 320;
# dealer pays 640 -> 700, the others 320 -> 400: "400-700", 1500 in all.
pinfu_tsumo: Points[Hand["123m456p234s789s55m"], Tsumo["4s"]] = 1500
pinfu_tsumo_payment: Payment[Hand["123m456p234s789s55m"], Tsumo["4s"]] = "400-700"
pinfu_tsumo_fu: Fu[Hand["123m456p234s789s55m"], Tsumo["4s"]] = 20

# The same as dealer: everyone pays 640 -> 700: "700-all", 2100.
dealer_pinfu_tsumo: Points[Hand["123m456p234s789s55m"], Tsumo["4s"], Seat["E"]] = 2100
dealer_pinfu_tsumo_payment: Payment[
    Hand["123m456p234s789s55m"], Tsumo["4s"], Seat["E"]
] = "700-all"

# Riichi + pinfu, dealer ron: 2 han 30 fu; 30 * 16 = 480; * 6 = 2880 -> 2900.
dealer_riichi_pinfu: Points[Hand["123m456p234s789s55m"], Ron["4s"], Riichi, Seat["E"]] = 2900

# Double riichi (2) + pinfu (1): 3 han 30 fu; 30 * 32 = 960; * 4 = 3840 -> 3900.
double_riichi: Points[Hand["123m456p234s789s55m"], Ron["4s"], DoubleRiichi] = 3900

# Seven pairs, tanki 6z: 2 han 25 fu; 25 * 16 = 400; * 4 = 1600.
chiitoitsu: Points[Hand["1199m3355p77s22z66z"], Ron["6z"]] = 1600
chiitoitsu_fu: Fu[Hand["1199m3355p77s22z66z"], Ron["6z"]] = 25

# Riichi + tsumo + seven pairs, dealer: 4 han 25 fu; 25 * 64 = 1600; each pays 3200.
dealer_chiitoitsu_tsumo: Payment[
    Hand["1199m3355p77s22z66z"], Tsumo["6z"], Riichi, Seat["E"]
] = "3200-all"

# Double East (seat East and round East) from an open pon, dealer: 2 han;
# 20 + open honour triplet 4 + two-sided 2m = 24 -> 30 fu; 480 * 6 = 2880 -> 2900.
double_east: Points[Hand["234m567p678s88s pon:111z"], Ron["2m"], Seat["E"]] = 2900
double_east_yaku: Yaku[Hand["234m567p678s88s pon:111z"], Ron["2m"], Seat["E"]] = "seat wind"

# Double South: seat South (the default) in the South round, pon of 2z: 2 han, 30 fu: 2000.
# 20 + open honour triplet 4 + two-sided 2m = 24 -> 30; 30 * 16 = 480; * 4 = 1920 -> 2000.
double_south: Points[Hand["234m567p678s88s pon:222z"], Ron["2m"], Round["S"]] = 2000

# Toitoi, shanpon 8s by ron (so 888s counts as open): 20 + closed 222m 4 + closed 444p 4
# + open 888s 2 + open 999p 4 = 34 -> 40 fu; 2 han 40 fu: 640 * 4 = 2560 -> 2600.
toitoi_shanpon: Points[Hand["222m444p66s888s pon:999p"], Ron["8s"]] = 2600

# Chanta (closed, 2 han), tanki on the seat-wind pair 2z: 20 + 10 + closed 999s 8
# + seat-wind pair 2 + tanki 2 = 42 -> 50 fu; 50 * 16 = 800; * 4 = 3200.
chanta_tanki: Points[Hand["123m789p789s999s22z"], Ron["2z"]] = 3200

# Sanshoku (closed, 2) + pinfu (1), 7p completes 56p: 3 han 30 fu = 3900.
sanshoku_pinfu: Points[Hand["123m123p567p123s99s"], Ron["7p"]] = 3900

# Chankan (1) + pinfu (1) + tanyao (1): 3 han 30 fu = 3900.
chankan_ron: Points[Hand["234m456p678p55s678s"], Ron["8s"], Chankan] = 3900

# Closed honitsu (3 han), tanki on the East pair (East is the round wind: +2):
# 20 + 10 + closed 999m 8 + pair 2 + tanki 2 = 42 -> 50 fu; 50 * 32 = 1600; * 4 = 6400.
honitsu_closed: Points[Hand["234m456m789m999m11z"], Ron["1z"]] = 6400

# Open honitsu (2) + chun (1): 20 + open honour triplet 4, two-sided 6p -> 30 fu;
# 3 han 30 fu: 960 * 4 = 3840 -> 3900.
honitsu_open: Points[Hand["123p456p678p99p pon:777z"], Ron["6p"]] = 3900

# Sanankou (2) + menzen tsumo (1): 20 + tsumo 2 + closed 111m 8 + closed 555p 4
# + closed 999s 8 + chun pair 2 = 44 -> 50 fu; basic 50 * 32 = 1600;
# dealer pays 3200, the others 1600: 6400.
sanankou_tsumo: Points[Hand["111m555p999s234s77z"], Tsumo["4s"]] = 6400

# Rinshan kaihou (1) + chun (1) after an open kan of 7z; tanki 5s:
# 20 + open honour kan 16 + tsumo 2 + tanki 2 = 40 fu; basic 40 * 16 = 640;
# dealer pays 1280 -> 1300, the others 640 -> 700: 2700.
rinshan: Points[Hand["123m456p789s55s kan:7777z"], Tsumo["5s"], Rinshan] = 2700

# Dealer, closed kan of East (seat and round wind: 2 han), tanki 9s:
# 20 + 10 closed ron + closed honour kan 32 + tanki 2 = 64 -> 70 fu;
# 70 * 16 = 1120; * 6 = 6720 -> 6800.
dealer_ankan: Points[Hand["234m567p345s99s ankan:1111z"], Ron["9s"], Seat["E"]] = 6800

# Junchan (closed, 3) + pinfu (1), 1m completes 23m: 4 han 30 fu; 30 * 64 = 1920;
# * 4 = 7680 -> 7700 (tenhou rules: no rounding up to mangan) ...
junchan_pinfu: Points[Hand["123m789m123p789s99p"], Ron["1m"]] = 7700
# ... while WRC rules round 4 han 30 fu up to mangan (kiriage): 8000.
junchan_pinfu_wrc: Points[Hand["123m789m123p789s99p"], Ron["1m"], Rules["wrc"]] = 8000

# --- dora ---------------------------------------------------------------------------------

# Tanyao + pinfu + dora: indicator 2m -> dora 3m (one), indicator 7p -> dora 8p (the pair,
# two): 5 han = mangan 8000.
dora_mangan: Points[Hand["234m678m345p88p567s"], Ron["2m"], Dora["2m", "7p"]] = 8000

# Red 5p (aka dora 1) + tanyao + pinfu + dora 3m from indicator 2m: 4 han 30 fu = 7700.
aka_dora: Points[Hand["234m678m340p88p567s"], Ron["2m"], Dora["2m"]] = 7700

# Riichi + pinfu + ura dora: indicator 4m -> 5m, the 55m pair: 4 han 30 fu = 7700.
ura_dora: Points[Hand["123m456p234s789s55m"], Ron["4s"], Riichi, Ura["4m"]] = 7700

# Honba and sticks change neither Points nor Payment, only Total (the winner's gain):
# 1000 + 2 honba * 300 + 1 stick * 1000 = 2600.
pinfu_total: Total[Hand["123m456p234s789s55m"], Ron["4s"], Honba[2], Sticks[1]] = 2600
pinfu_points_with_honba: Points[Hand["123m456p234s789s55m"], Ron["4s"], Honba[2]] = 1000

# --- mangan and up ------------------------------------------------------------------------

# Riichi + ippatsu + tsumo + pinfu + tanyao = 5 han: mangan, "2000-4000", 8000.
ippatsu_tsumo: Points[Hand["234m456p345678s55p"], Tsumo["3s"], Riichi, Ippatsu] = 8000
ippatsu_tsumo_payment: Payment[
    Hand["234m456p345678s55p"], Tsumo["3s"], Riichi, Ippatsu
] = "2000-4000"
ippatsu_tsumo_yaku: Yaku[Hand["234m456p345678s55p"], Tsumo["3s"], Riichi, Ippatsu] = "ippatsu"

# Toitoi (2) + sanankou (2, won on the 8s tanki, so all three triplets are concealed)
# + chun (1) = 5 han: mangan 8000.
toitoi_sanankou: Points[Hand["222m444p88s666s pon:777z"], Ron["8s"]] = 8000

# Ryanpeikou (3) + tanyao (1), tanki 8s: 20 + 10 + 2 = 32 -> 40 fu; 4 han 40 fu is over
# 2000 basic: mangan 8000 (the seven-pairs reading gives only 3 han 25 fu = 3200).
ryanpeikou: Points[Hand["223344m556677p88s"], Ron["8s"]] = 8000
# Dealer iipeikou + riichi + pinfu + tanyao: 4 han 30 fu; 1920 * 6 = 11520 -> 11600.
dealer_iipeikou: Points[Hand["223344m567p678s55s"], Ron["8s"], Riichi, Seat["E"]] = 11600

# Shousangen (2) + haku (1) + hatsu (1) + open honitsu (2) = 6 han: haneman 12000.
shousangen: Points[Hand["123p456p77z pon:555z pon:666z"], Ron["7z"]] = 12000

# Toitoi (2) + honroutou (2) + seat wind South (1), tanki 1s: 5 han, mangan 8000.
honroutou: Points[Hand["111m999p11s pon:999s pon:222z"], Ron["1s"]] = 8000

# Sanshoku doukou (2) + sanankou (2: 3m completes a run, the triplets stay concealed)
# + tanyao (1) = 5 han: mangan 8000.
sanshoku_doukou: Points[Hand["222m222p222s345m66p"], Ron["3m"]] = 8000

# Closed chinitsu (6) + ittsu (2) = 8 han at least (pinfu may add one): baiman 16000.
chinitsu_ittsu: Points[Hand["123s234s456s789s55s"], Ron["9s"]] = 16000

# --- yakuman ------------------------------------------------------------------------------

# Suuankou by tsumo (shanpon): yakuman; non-dealer tsumo: 8000 + 8000 + 16000 = 32000.
suuankou_tsumo: Payment[Hand["111m555p999s777s22z"], Tsumo["7s"]] = "8000-16000"
# Suuankou tanki by ron: one yakuman under tenhou rules (32000), two under Mahjong Soul's.
suuankou_tanki: Points[Hand["111m555p999s777s22z"], Ron["2z"]] = 32000
suuankou_tanki_majsoul: Points[Hand["111m555p999s777s22z"], Ron["2z"], Rules["majsoul"]] = 64000

# Kokushi musou waiting on 9m alone, dealer ron: 8000 * 6 = 48000.
kokushi: Points[Hand["119m19p19s1234567z"], Ron["9m"], Seat["E"]] = 48000

# Daisangen + tsuuiisou: two yakuman; tenhou rules add them up (64000), the EMA rules
# count only one (32000).
daisangen_tsuuiisou: Points[Hand["777z111z22z pon:555z pon:666z"], Ron["7z"]] = 64000
daisangen_tsuuiisou_ema: Points[
    Hand["777z111z22z pon:555z pon:666z"], Ron["7z"], Rules["ema"]
] = 32000

# Ryuuiisou (only 2 3 4 6 8s and hatsu): yakuman, 32000.
ryuuiisou: Points[Hand["234s234s666s88s666z"], Ron["8s"]] = 32000

# Nine gates on 1112345678999m waiting on all nine tiles, won on 5m: one yakuman under
# tenhou rules.
chuuren: Points[Hand["11123455678999m"], Ron["5m"]] = 32000

# Tenhou (dealer's first draw): yakuman, 16000 from each player.
tenhou: Points[Hand["123m456p234s789s55m"], Tsumo["4s"], Seat["E"], Tenhou] = 48000
# Chiihou (a non-dealer's first draw): 8000-16000.
chiihou: Payment[Hand["123m456p234s789s55m"], Tsumo["4s"], Chiihou] = "8000-16000"

# --- waiting hands ------------------------------------------------------------------------

# 123m 456p 789s 55m and 23s: one tile from complete (tenpai, shanten 0), waiting on the
# two ends of 23s.
pinfu_shanten: Shanten[Hand["123m456p789s55m23s"]] = 0
pinfu_wait_low: Waits[Hand["123m456p789s55m23s"]] = "1s"
pinfu_wait_high: Waits[Hand["123m456p789s55m23s"]] = "4s"
# Trading 9s for 4p breaks the 789s run: two tiles are needed (shanten 1).
one_away: Shanten[Hand["123m456p78s55m23s4p"]] = 1

# --- games defined in YAML ------------------------------------------------------------------

# examples/games/colour-trios.yaml (paths are relative to examples/mypy.ini): "Pair of Trios"
# (both sets are three identical tiles) 100 + "Two Colours" (the sets differ) 50 = 150.
colour_trios: Points[Game["games/colour-trios.yaml"], Hand["red red red blue blue blue"]] = 150

# --- function forms -----------------------------------------------------------------------

# With literal arguments these calls have Literal types (and are computed again at run time).
pinfu_points_call: Literal[1000] = points("123m456p234s789s55m", win="4s")
pinfu_han_call: Literal[2] = han("123m456p234s789s55m", win="4s", riichi=True)
pinfu_fu_call: Literal[20] = fu("123m456p234s789s55m", win="4s", tsumo=True)
pinfu_payment_call: Literal["700-all"] = payment(
    "123m456p234s789s55m", win="4s", tsumo=True, seat="E"
)
pinfu_yaku_call: tuple[Literal["riichi"], Literal["pinfu"]] = yaku(
    "123m456p234s789s55m", win="4s", riichi=True
)
