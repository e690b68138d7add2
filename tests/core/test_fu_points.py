"""Fu rules, limits and payments, each worked out by hand in the comments."""

from __future__ import annotations

import pytest

from typed_mahjong import rules_from, score
from typed_mahjong.core.limits import basic_points, hand_value, payment_text
from typed_mahjong.core.rules import PRESETS


def test_headline_example() -> None:
    # 234p 234s 456m 567s + 44p won on 3p (kanchan in 2-4p): tanyao; 20 + 10 + 2 = 32 -> 40.
    result = score("234p234s456m567s44p", win="3p")
    assert result.yaku == (("tanyao", 1),)
    assert (result.han, result.fu, result.points) == (1, 40, 1300)
    assert sum(value for _, value in result.fu_breakdown) == 40


def test_best_wait_interpretation_is_taken() -> None:
    # 345m + 55m with pons of East (round wind), 9p and 2s; won on 5m by ron.
    # As the end of 34m (ryanmen): 20 + 4 (open honour) + 4 (open terminal) + 2 (open
    # simple) = 30 fu. As a pair wait (tanki on 5m): +2 = 32 -> 40 fu.
    # Round wind 1 han: 30 fu = 1000, 40 fu = 1300; the 40-fu reading is taken.
    result = score("34555m pon:111z pon:999p pon:222s", "5m")
    assert (result.wait, result.fu, result.points) == ("tanki", 40, 1300)


def test_pinfu_beats_a_tanki_reading_when_worth_more() -> None:
    # 345m + 55m + 123p 456p 789s, won on 5m with riichi. Ryanmen: riichi + pinfu,
    # 2 han 30 fu = 2000. Tanki: riichi only, 20 + 10 + 2 = 32 -> 40 fu, 1300.
    result = score("34555m123456p789s", "5m", riichi=True)
    assert (result.wait, result.points) == ("ryanmen", 2000)


def test_penchan_fu() -> None:
    # 123m won on 3m: penchan 2 fu. 123m 456p 789s 789p + 11s, riichi ron:
    # 20 + 10 + 2 = 32 -> 40: 1300.
    result = score("123m456789p11789s", "3m", riichi=True)
    assert (result.wait, result.fu, result.points) == ("penchan", 40, 1300)


@pytest.mark.parametrize(("rules", "fu", "points"), [("tenhou", 50, 2400), ("wrc", 40, 2000)])
def test_double_wind_pair(rules: str, fu: int, points: int) -> None:
    # Dealer in the East round with an East pair; 111m closed, won on 4s (ryanmen), riichi.
    # 20 + 10 + 8 (closed terminal triplet) = 38, + 4 (Tenhou) = 42 -> 50, or + 2 (WRC) = 40.
    # 1 han dealer ron: 50 fu: 400 * 6 = 2400; 40 fu: 320 * 6 = 1920 -> 2000.
    result = score("111m456p789234s11z", "4s", riichi=True, seat="E", rules=rules)
    assert (result.fu, result.points) == (fu, points)


def test_closed_kan_of_honours_is_32_fu() -> None:
    # 123m 456p 789s + 11s + closed kan of East, riichi, won on 1s (tanki):
    # 20 + 10 + 2 + 32 = 64 -> 70. Riichi + round wind = 2 han: 70 * 16 = 1120 * 4 -> 4500.
    result = score("123m456p789s11s ankan:1111z", "1s", riichi=True)
    assert ("closed kan 1z", 32) in result.fu_breakdown
    assert (result.fu, result.points) == (70, 4500)


def test_rinshan_tsumo_fu_follows_the_rules() -> None:
    # Closed kan 8888p (16), tsumo on 2s kanchan (2): 20 + 16 + 2 + 2 tsumo = 40;
    # without the tsumo fu for rinshan: 38 -> 40 as well, so use a hand where it matters:
    # closed kan 2222p (16) and a pon... instead check the breakdown itself.
    with_fu = score("123m456p12399s ankan:8888p", "2s", tsumo=True, rinshan=True)
    assert ("tsumo", 2) in with_fu.fu_breakdown
    rules = rules_from("tenhou", rinshan_tsumo_fu=False)
    without = score("123m456p12399s ankan:8888p", "2s", tsumo=True, rinshan=True, rules=rules)
    assert ("tsumo", 2) not in without.fu_breakdown


def test_open_pinfu_shape_is_30_fu() -> None:
    result = score("456m123p12399s chi:123m", "4m")
    assert ("open hand minimum", 10) in result.fu_breakdown
    assert result.fu == 30


# --- limits ---------------------------------------------------------------------------------

# 234m 234p 234s 678s + 55p won on 2m (34m two-sided): pinfu + tanyao + sanshoku = 4 han 30 fu.
FOUR_HAN_30 = ("234m23455p234678s", "2m")


def test_4_han_30_fu_and_kiriage() -> None:
    # 30 * 64 = 1920 basic; * 4 = 7680 -> 7700. With kiriage 1920 rounds up to mangan: 8000.
    assert score(*FOUR_HAN_30).points == 7700
    assert score(*FOUR_HAN_30, rules=rules_from("tenhou", kiriage=True)).points == 8000
    assert score(*FOUR_HAN_30, rules="mleague").limit == "mangan"


def test_each_call_scores_under_the_rules_it_asks_for() -> None:
    # score() keeps the tables of the rules object the call before asked for: alternating
    # names and Rules values (equal ones too) must still give each call its own rules
    # (7700 under Tenhou's, 8000 with kiriage, as above).
    kiriage = rules_from("tenhou", kiriage=True)
    same_values = rules_from("tenhou", kiriage=True)
    asked: list[object] = [kiriage, "tenhou", kiriage, kiriage, same_values, "mleague",
                           PRESETS["tenhou"], "tenhou", "".join(["ten", "hou"]), kiriage]
    points = [score(*FOUR_HAN_30, rules=rules).points for rules in asked]  # type: ignore[arg-type]
    assert points == [8000, 7700, 8000, 8000, 8000, 8000, 7700, 7700, 7700, 8000]


def test_kazoe_yakuman_and_its_cap() -> None:
    # Riichi 1 + pinfu 1 + tanyao 1 + sanshoku 2 = 5; dora: indicator 4p -> 5p x2,
    # 1m -> 2m x1, 1p -> 2p x1, 1s -> 2s x1 = 5; ura: 4p -> 5p x2, 3s -> 4s x1 = 3.
    # 13 han: kazoe yakuman 32000 under Tenhou; sanbaiman 24000 where kazoe is off.
    hand, win = FOUR_HAN_30
    situation = {"riichi": True, "dora": "4p1m1p1s", "ura": "4p3s"}
    tenhou = score(hand, win, **situation)  # type: ignore[arg-type]
    assert (tenhou.han, tenhou.limit, tenhou.points) == (13, "kazoe yakuman", 32000)
    capped = score(hand, win, rules="ema", **situation)  # type: ignore[arg-type]
    assert (capped.limit, capped.points) == ("sanbaiman", 24000)


def test_aotenjou_has_no_limit() -> None:
    # 4 han 30 fu + riichi = 5 han 30 fu: 30 * 2**7 = 3840 basic, * 4 = 15360 -> 15400.
    rules = rules_from("tenhou", aotenjou=True)
    result = score(*FOUR_HAN_30, riichi=True, rules=rules)
    assert (result.limit, result.points) == (None, 15400)


@pytest.mark.parametrize(("han", "fu", "limit", "basic"), [
    (5, 30, "mangan", 2000), (3, 70, "mangan", 2000), (4, 40, "mangan", 2000),
    (6, 30, "haneman", 3000), (7, 30, "haneman", 3000), (8, 30, "baiman", 4000),
    (10, 30, "baiman", 4000), (11, 30, "sanbaiman", 6000), (12, 30, "sanbaiman", 6000),
    (13, 30, "kazoe yakuman", 8000), (20, 30, "kazoe yakuman", 8000),
    (1, 30, None, 240), (2, 25, None, 400), (3, 60, None, 1920), (1, 110, None, 880),
])
def test_limits_table(han: int, fu: int, limit: str | None, basic: int) -> None:
    assert basic_points(han, fu, PRESETS["tenhou"]) == (basic, limit)


@pytest.mark.parametrize(("basic", "dealer", "tsumo", "text"), [
    (240, False, False, "1000"),  # 1 han 30 fu non-dealer ron: 960 -> 1000
    (240, True, False, "1500"),  # dealer ron: 1440 -> 1500
    (240, False, True, "300-500"),  # non-dealer tsumo: 240 -> 300, 480 -> 500
    (240, True, True, "500-all"),
    (320, False, True, "400-700"),  # 2 han 20 fu: 320 -> 400, 640 -> 700
    (2000, False, False, "8000"),
    (2000, True, True, "4000-all"),
    (2000, False, True, "2000-4000"),
    (8000, True, False, "48000"),
])
def test_payment_text(basic: int, dealer: bool, tsumo: bool, text: str) -> None:
    assert payment_text(basic, dealer, tsumo) == text


def test_hand_value_rounds_each_payment_up() -> None:
    # 2 han 40 fu tsumo by a non-dealer: 640 basic: 640 -> 700 from others, 1280 -> 1300.
    assert hand_value(640, False, True) == (1300, 700)


# --- payments with honba and sticks ---------------------------------------------------------

def test_ron_with_honba_and_sticks() -> None:
    # 1300 + 2 honba * 300 = 1900 from the discarder; the winner also takes 1 stick.
    result = score("234p234s456m567s44p", "3p", honba=2, sticks=1)
    assert result.payments == (("discarder", 1900),)
    assert (result.points, result.total) == (1300, 2900)


def test_non_dealer_tsumo_payments() -> None:
    # 1 han 30 fu tsumo (menzen tsumo, kanchan): 300-500; 1 honba adds 100 to each payer.
    result = score("123m45699p789s123s", "2s", tsumo=True, honba=1)
    assert result.payments == (("E", 600), ("W", 400), ("N", 400))
    assert (result.points, result.total) == (1100, 1400)


def test_dealer_tsumo_payments() -> None:
    # Dealer, 1 han 30 fu tsumo: 480 -> 500 from each.
    result = score("123m45699p789s123s", "2s", tsumo=True, seat="E")
    assert result.payments == (("S", 500), ("W", 500), ("N", 500))
    assert (result.payment_text, result.points) == ("500-all", 1500)


def test_dealer_ron() -> None:
    # Dealer 1 han 40 fu ron: 320 * 6 = 1920 -> 2000.
    assert score("234p234s456m567s44p", "3p", seat="E").points == 2000


def test_dora_ura_and_red_fives_count_as_han() -> None:
    # Indicator 3p makes 4p dora: three 4p in the hand -> 3 dora. Tanyao 1 + 3 = 4 han
    # 40 fu: 2560 basic -> mangan 8000.
    result = score("234p234s456m567s44p", "3p", dora="3p")
    assert ("dora", 3) in result.yaku
    assert result.points == 8000
    # A red five: aka dora 1 -> 2 han 40 fu = 2600.
    red = score("234p234s406m567s44p", "3p")
    assert ("aka dora", 1) in red.yaku and red.points == 2600
    # Ura dora only with riichi: riichi + tanyao + ura (3s -> 4s once) = 3 han 40 fu: 5200.
    ura = score("234p234s456m567s44p", "3p", riichi=True, ura="3s")
    assert ("ura dora", 1) in ura.yaku and ura.points == 5200


def test_dora_alone_is_not_a_yaku() -> None:
    result = score("234m456p678s22z chi:567s", "2z", dora="1z")
    assert result.is_yakuless
    assert (result.han, result.points, result.payments) == (0, 0, ())


def test_indicator_wraps_around() -> None:
    from typed_mahjong.core.situation import next_tile

    assert next_tile(8) == 0  # 9m -> 1m
    assert next_tile(30) == 27  # North -> East
    assert next_tile(33) == 31  # red dragon -> white dragon
    assert next_tile(31) == 32  # white -> green
