"""Presets against their sources (issue 16): renhou, pao, impossible pao and chankan, WRC 2025,
M-League suukantsu pao, the two aotenjou readings. Values worked by hand in the comments;
the sources are in docs/rules.md."""

from __future__ import annotations

import pytest

from typed_mahjong import HandError, rules_from, score

RENHOU_HAND = "234m456p678s234s55p"  # pinfu + tanyao, won on 2s (34s ryanmen)
TSUUIISOU_DAISANGEN = "111z22z pon:555z pon:666z pon:777z"  # won on 2z: two yakuman


@pytest.mark.parametrize("rules", ["ema", "wrc2025"])
def test_renhou_is_a_flat_mangan_not_5_han_on_top(rules: str) -> None:
    # Without renhou: pinfu 1 + tanyao 1 = 2 han 30 fu = 2000 < mangan, so the flat renhou
    # mangan (8000 for a non-dealer ron) is taken. We used to add 5 han: 7 han = haneman.
    result = score(RENHOU_HAND, "2s", renhou=True, rules=rules)
    assert (result.points, result.limit, result.yaku) == (8000, "mangan", (("renhou", 5),))
    # Dora indicator 4p: the 5p pair and the 5p of 456p are 3 dora, so the hand is worth
    # 2 + 3 = 5 han = mangan without renhou; renhou does not raise it (we gave baiman 16000).
    with_dora = score(RENHOU_HAND, "2s", renhou=True, dora="4p", rules=rules)
    assert with_dora.points == 8000
    assert ("renhou", 5) not in with_dora.yaku
    # Dora indicator 1p (dora 2p: none held) and 4p: still 5 han; indicator 4p twice is not
    # possible with the pair, so take 6 han: riichi + ippatsu ... cannot go with renhou.
    # A haneman without renhou: closed chinitsu-free hand with dora 4p and 1s (dora 2s x2):
    # 2 + 3 + 2 = 7 han -> haneman 12000 stays haneman.
    assert score(RENHOU_HAND, "2s", renhou=True, dora="4p1s", rules=rules).points == 12000


def test_wrc_2022_keeps_renhou_as_5_han_added_to_the_hand() -> None:
    # WRC 2014 errata reading kept for the 2022 preset: pinfu 1 + tanyao 1 + renhou 5 =
    # 7 han = haneman 12000.
    result = score(RENHOU_HAND, "2s", renhou=True, rules="wrc")
    assert (result.points, result.limit) == (12000, "haneman")


def test_tenhou_liable_player_pays_the_whole_double_yakuman() -> None:
    # Daisangen (pao on West) + tsuuiisou, non-dealer South. Tsumo: West pays the whole
    # double yakuman as if dealing in: 2 x 32000 = 64000.
    tsumo = score(TSUUIISOU_DAISANGEN, "2z", tsumo=True, pao="W")
    assert tsumo.payments == (("W", 64000),)
    # Ron from another player: the whole 64000 split, 32000 each.
    ron = score(TSUUIISOU_DAISANGEN, "2z", pao="W")
    assert set(ron.payments) == {("discarder", 32000), ("W (pao)", 32000)}


def test_majsoul_separates_the_responsibility() -> None:
    # Only daisangen is West's: tsumo, West pays 32000 for it, and tsuuiisou is paid as a
    # tsumo: dealer 16000, others 8000 each -> E 16000, W 32000 + 8000, N 8000.
    tsumo = score(TSUUIISOU_DAISANGEN, "2z", tsumo=True, pao="W", rules="majsoul")
    assert tsumo.payments == (("E", 16000), ("W", 40000), ("N", 8000))
    # Ron: daisangen split 16000/16000, tsuuiisou 32000 on the discarder -> 48000 / 16000.
    ron = score(TSUUIISOU_DAISANGEN, "2z", pao="W", rules="majsoul")
    assert set(ron.payments) == {("discarder", 48000), ("W (pao)", 16000)}
    # The option switches the reading on any preset.
    whole = rules_from("majsoul", pao_whole_hand=True)
    assert score(TSUUIISOU_DAISANGEN, "2z", tsumo=True, pao="W", rules=whole).payments == (
        ("W", 64000),)


def test_pao_holds_when_yakuman_do_not_stack() -> None:
    # EMA counts one yakuman: daisangen and tsuuiisou are worth 32000, and West, liable
    # for the daisangen, pays it all on a tsumo.
    result = score(TSUUIISOU_DAISANGEN, "2z", tsumo=True, pao="W", rules="ema")
    assert (result.yaku, result.payments) == ((("daisangen", 13),), (("W", 32000),))


DAISANGEN = "123m99p pon:555z pon:666z pon:777z"


def test_pao_honba_go_to_the_liable_player() -> None:
    # Daisangen ron with 2 honba, West liable: 32000 split 16000 / 16000, and the 600 honba
    # on West (riichi.wiki "Sekinin barai"; mahjax #94 for Tenhou).
    ron = score(DAISANGEN, "9p", pao="W", honba=2)
    assert set(ron.payments) == {("discarder", 16000), ("W (pao)", 16600)}
    assert (ron.points, ron.total) == (32000, 32600)
    # The other reading, as an option: the discarder pays the honba.
    on_discarder = rules_from("tenhou", pao_honba="discarder")
    ron = score(DAISANGEN, "9p", pao="W", honba=2, rules=on_discarder)
    assert set(ron.payments) == {("discarder", 16600), ("W (pao)", 16000)}


def test_tenhou_log_pao_tsumo_with_a_honba() -> None:
    # tests/data/tenhou/pao.xml (real Tenhou log): South (player 2) wins daisangen by tsumo
    # at 1 honba, liable North (player 0) pays 32300: the yakuman and the 300 honba.
    result = score("055m33s pon:555z pon:666z pon:777z", "5m", tsumo=True, seat="S",
                   pao="N", honba=1, dora="9p")
    assert result.payments == (("N", 32300),)


def test_impossible_pao_and_chankan_are_situation_errors() -> None:
    # All three dragon sets concealed: no one fed the last one, so no one is liable.
    with pytest.raises(HandError, match="no one can be liable") as caught:
        score("123m55p555z666z777z", "5p", pao="N")
    assert (caught.value.field, caught.value.kind) == ("pao", "situation")
    # A pao on a hand without a liable yakuman (here no yakuman at all).
    with pytest.raises(HandError, match="no yakuman with liability"):
        score("123m456p789s234m55p", "5p", riichi=True, pao="N")
    # Chankan: the robbed 5p would be a 4th+ copy (the winner holds three: 456p and 55p).
    with pytest.raises(HandError, match="holds 3 copies of 5p") as caught:
        score("123m456p789s234m55p", "5p", chankan=True)
    assert (caught.value.field, caught.value.kind) == ("chankan", "situation")
    # A ryanmen wait on a tile held once is fine: 23m waits on 4m; pinfu 1 + chankan 1 =
    # 2 han 30 fu = 2000.
    robbed = score("123m456p789s234m55p", "4m", chankan=True)
    assert (set(robbed.yaku), robbed.points) == ({("pinfu", 1), ("chankan", 1)}, 2000)


SUUKANTSU_DAIMINKAN = "11m kan:2222p kakan:3333p ankan:4444s kan:5555s"
SUUKANTSU_NO_DAIMINKAN = "11m kakan:2222p kakan:3333p ankan:4444s ankan:5555s"


def test_mleague_suukantsu_pao_needs_an_open_kan() -> None:
    # Non-dealer suukantsu tsumo, West liable: West pays the whole yakuman, 32000.
    result = score(SUUKANTSU_DAIMINKAN, "1m", tsumo=True, pao="W", rules="mleague")
    assert result.payments == (("W", 32000),)
    # No daiminkan: the fourth kan was never called from anyone.
    with pytest.raises(HandError, match="no one can be liable for this suukantsu"):
        score(SUUKANTSU_NO_DAIMINKAN, "1m", tsumo=True, pao="W", rules="mleague")
    # Tenhou has no suukantsu pao.
    with pytest.raises(HandError, match="no yakuman with liability"):
        score(SUUKANTSU_DAIMINKAN, "1m", tsumo=True, pao="W")


def test_wrc2025_preset() -> None:
    wrc2025 = rules_from("wrc2025")
    assert (wrc2025.kazoe_yakuman, wrc2025.renhou, "suukantsu" in wrc2025.pao) == (
        True, "mangan", True)
    assert "2025" in wrc2025.source and "2022" in rules_from("wrc").source
    # 13+ han is a counted yakuman: 123456789p 234p 55p, riichi tsumo on 9p with dora
    # indicator 4p: riichi 1 + tsumo 1 + chinitsu 6 + ittsu 2 + dora 3 (three 5p) = 13 han
    # at least -> kazoe yakuman, 16000 + 8000 + 8000 = 32000 for a non-dealer tsumo.
    # WRC 2022 caps it at sanbaiman: 12000 + 6000 + 6000 = 24000.
    hand, options = "123456789234p55p", {"tsumo": True, "riichi": True, "dora": "4p"}
    assert score(hand, "9p", rules="wrc2025", **options).points == 32000  # type: ignore[arg-type]
    assert score(hand, "9p", rules="wrc", **options).points == 24000  # type: ignore[arg-type]


def test_aotenjou_two_readings() -> None:
    # Closed daisangen 123m 99p 555z 666z 777z, ron on 9p (tanki): fu = 20 + 10 closed ron
    # + 3 x 8 concealed dragon triplets + 2 tanki = 56 -> 60.
    # 13 han per yakuman only: 60 * 2**15 = 1966080 basic; x4 = 7864320 -> 7864400.
    ours = rules_from("tenhou", aotenjou=True)
    assert score("123m99p555z666z777z", "9p", rules=ours).points == 7864400
    # The mahjong package's reading adds the ordinary yaku: three dragon yakuhai (3),
    # sanankou (2) and closed chanta (2; every set holds a terminal or honour): 13 + 7 = 20
    # han; 60 * 2**22 = 251658240 basic; x4 = 1006632960 -> 1006633000.
    adds = rules_from("tenhou", aotenjou=True, aotenjou_adds_yaku=True)
    result = score("123m99p555z666z777z", "9p", rules=adds)
    assert result.han == 20
    assert result.points == 1006633000
