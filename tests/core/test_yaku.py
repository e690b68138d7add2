"""Every yaku and yakuman, on hands whose value is worked out by hand in the comments.

Unless a test says otherwise: non-dealer (seat S), round E, ron, Tenhou rules.
Basic points = fu * 2**(han + 2); non-dealer ron pays 4x basic rounded up to 100.
"""

from __future__ import annotations

import pytest

from typed_mahjong import score


def yaku_names(hand: str, win: str, **situation: object) -> set[str]:
    return {name for name, _ in score(hand, win, **situation).yaku}  # type: ignore[arg-type]


# 123m 456p 789s 123s + pair 99p, won on 2s inside 1-3s: a kanchan wait, no other yaku.
# Fu: 20 base + 10 closed ron + 2 kanchan = 32 -> 40.
KANCHAN_HAND, KANCHAN_WIN = "123m45699p789s123s", "2s"


def test_riichi() -> None:
    # 1 han 40 fu: 40 * 8 = 320 basic; 320 * 4 = 1280 -> 1300.
    result = score(KANCHAN_HAND, KANCHAN_WIN, riichi=True)
    assert result.yaku == (("riichi", 1),)
    assert (result.han, result.fu, result.points) == (1, 40, 1300)


def test_ippatsu() -> None:
    # 2 han 40 fu: 640 basic * 4 = 2560 -> 2600.
    result = score(KANCHAN_HAND, KANCHAN_WIN, riichi=True, ippatsu=True)
    assert set(result.yaku) == {("riichi", 1), ("ippatsu", 1)}
    assert result.points == 2600


def test_double_riichi_replaces_riichi() -> None:
    result = score(KANCHAN_HAND, KANCHAN_WIN, double_riichi=True)
    assert result.yaku == (("double riichi", 2),)
    assert result.points == 2600


def test_menzen_tsumo() -> None:
    # Fu: 20 + 2 tsumo + 2 kanchan = 24 -> 30. 1 han 30 fu: 240 basic;
    # dealer pays 480 -> 500, each non-dealer 240 -> 300: "300-500", 1100 in all.
    result = score(KANCHAN_HAND, KANCHAN_WIN, tsumo=True)
    assert result.yaku == (("menzen tsumo", 1),)
    assert (result.fu, result.payment_text, result.points) == (30, "300-500", 1100)


def test_pinfu_ron() -> None:
    # 123m 456p 789s 234s + 99p, won on 4s completing 23s: two-sided. Pinfu: 30 fu ron,
    # 1 han: 240 basic * 4 = 960 -> 1000.
    result = score("123m45699p234789s", "4s")
    assert result.yaku == (("pinfu", 1),)
    assert (result.fu, result.points) == (30, 1000)


def test_pinfu_tsumo_is_20_fu() -> None:
    # Pinfu + tsumo = 2 han, 20 fu: 320 basic; 640 -> 700 from the dealer, 400 from others.
    result = score("123m45699p234789s", "4s", tsumo=True)
    assert set(result.yaku) == {("pinfu", 1), ("menzen tsumo", 1)}
    assert (result.fu, result.payment_text, result.points) == (20, "400-700", 1500)


def test_iipeikou_with_pinfu() -> None:
    # 123m 123m 456p 789s + 55p won on 1m (23m waiting on 1-4m): pinfu + iipeikou,
    # 2 han 30 fu: 480 * 4 = 1920 -> 2000.
    result = score("112233m45655p789s", "1m")
    assert set(result.yaku) == {("pinfu", 1), ("iipeikou", 1)}
    assert result.points == 2000


def test_iipeikou_not_open() -> None:
    # The same runs with a called chi elsewhere: iipeikou needs a closed hand.
    assert "iipeikou" not in yaku_names("112233m55p789s chi:456p", "5p")


def test_open_tanyao_depends_on_rules() -> None:
    # 234m 567p 66s + pon 888p + chi 345s, won on 6s (tanki). Fu: 20 + 2 tanki
    # + 2 open simple triplet = 24 -> 30. Tanyao 1 han 30 fu = 1000.
    result = score("234m567p66s chi:345s pon:888p", "6s")
    assert result.yaku == (("tanyao", 1),)
    assert (result.fu, result.points) == (30, 1000)
    no_kuitan = score("234m567p66s chi:345s pon:888p", "6s", rules="tenhou")
    assert no_kuitan.points == 1000
    from typed_mahjong import rules_from

    closed_only = score("234m567p66s chi:345s pon:888p", "6s",
                        rules=rules_from("tenhou", open_tanyao=False))
    assert closed_only.is_yakuless and closed_only.points == 0


@pytest.mark.parametrize(("dragon", "name"), [("5z", "yakuhai haku"), ("6z", "yakuhai hatsu"),
                                              ("7z", "yakuhai chun")])
def test_dragon_triplets(dragon: str, name: str) -> None:
    # 123m 456p 789s + a dragon triplet + 11p won on 1p (tanki).
    # Fu: 20 + 10 + 2 tanki + 8 closed honour triplet = 40. 1 han 40 fu = 1300.
    digit = dragon[0]
    result = score(f"123m45611p789s{digit * 3}z", "1p")
    assert result.yaku == ((name, 1),)
    assert (result.fu, result.points) == (40, 1300)


def test_double_east_for_the_east_dealer() -> None:
    # Dealer (seat E) in the East round with an East triplet: seat wind + round wind,
    # 2 han 40 fu (as above): 640 basic * 6 = 3840 -> 3900.
    result = score("123m45611p789s111z", "1p", seat="E")
    assert set(result.yaku) == {("seat wind", 1), ("round wind", 1)}
    assert result.points == 3900


def test_guest_wind_triplet_is_no_yaku() -> None:
    # North triplet for seat S in round E: no yaku.
    assert score("123m45611p789s444z", "1p").is_yakuless


def test_chiitoitsu() -> None:
    # Seven pairs 11m 33m 55p 77p 22s 88s 11z: 2 han, 25 fu: 400 * 4 = 1600.
    result = score("1133m5577p2288s11z", "1z")
    assert result.yaku == (("chiitoitsu", 2),)
    assert (result.fu, result.points) == (25, 1600)


def test_four_of_a_kind_is_not_two_pairs() -> None:
    with pytest.raises(ValueError, match="not a complete hand"):
        score("1111m5577p2288s11z", "1z")


def test_sanshoku_closed_and_open() -> None:
    # 123m 123p 123s 456m + 99s, won on 4m (56m waiting 4-7m): pinfu 1 + sanshoku 2
    # = 3 han 30 fu: 960 * 4 = 3840 -> 3900.
    closed = score("123456m123p12399s", "4m")
    assert set(closed.yaku) == {("pinfu", 1), ("sanshoku doujun", 2)}
    assert closed.points == 3900
    # Open (chi 123m): sanshoku 1 han; fu 20, an open hand with no fu scores 30.
    opened = score("456m123p12399s chi:123m", "4m")
    assert opened.yaku == (("sanshoku doujun", 1),)
    assert (opened.fu, opened.points) == (30, 1000)


def test_ittsu_closed_and_open() -> None:
    # 123m 456m 789m 234p + 55s won on 1m (23m two-sided): pinfu 1 + ittsu 2 = 3 han 30 fu.
    closed = score("123456789m234p55s", "1m")
    assert set(closed.yaku) == {("pinfu", 1), ("ittsu", 2)}
    assert closed.points == 3900
    # Open: chi 123m, won on 5s tanki: ittsu 1 han; fu 20 + 2 tanki = 22 -> 30: 1000.
    opened = score("456789m234p55s chi:123m", "5s")
    assert opened.yaku == (("ittsu", 1),)
    assert opened.points == 1000


def test_chanta() -> None:
    # 123m 999m 789p 789s + North pair (a guest wind) won on 4z (tanki). Chanta 2 han.
    # Fu: 20 + 10 + 2 tanki + 8 closed terminal triplet = 40. 2 han 40 fu = 2600.
    result = score("123999m789p789s44z", "4z")
    assert result.yaku == (("chanta", 2),)
    assert (result.fu, result.points) == (40, 2600)


def test_junchan() -> None:
    # As above with a 11p pair: no honours, so junchan 3 han, 40 fu: 1280 * 4 -> 5200.
    result = score("123999m11789p789s", "1p")
    assert result.yaku == (("junchan", 3),)
    assert result.points == 5200


def test_toitoi_with_open_tanyao() -> None:
    # 222m 333p (concealed) + pon 666s + pon 888p + 44s won on 4s (tanki).
    # Tanyao 1 + toitoi 2 = 3 han. Fu: 20 + 2 tanki + 4 + 4 (closed simple triplets)
    # + 2 + 2 (open simple triplets) = 34 -> 40. 3 han 40 fu: 1280 * 4 = 5120 -> 5200.
    result = score("222m333p44s pon:666s pon:888p", "4s")
    assert set(result.yaku) == {("tanyao", 1), ("toitoi", 2)}
    assert (result.fu, result.points) == (40, 5200)


def test_sanankou_open_hand() -> None:
    # 111m 333p 555s concealed + 77s + chi 234p, won on 7s (tanki): sanankou 2.
    # Fu: 20 + 2 tanki + 8 + 4 + 4 = 38 -> 40. 2 han 40 fu = 2600.
    result = score("111m333p55577s chi:234p", "7s")
    assert result.yaku == (("sanankou", 2),)
    assert (result.fu, result.points) == (40, 2600)


def test_triplet_completed_by_ron_is_not_concealed() -> None:
    # 111m 333p concealed, 555s completed by ron on 5s (shanpon with 77s), 789m.
    # The ron-completed triplet counts as open: two concealed triplets, no sanankou.
    # Riichi 1 han; fu: 20 + 10 + 8 (111m closed terminal) + 4 (333p closed simple)
    # + 2 (555s open simple) = 44 -> 50. 1 han 50 fu: 400 * 4 = 1600.
    result = score("111789m333p55577s", "5s", riichi=True)
    assert result.yaku == (("riichi", 1),)
    assert (result.fu, result.points) == (50, 1600)
    # The same tile drawn (tsumo) keeps 555s concealed: three concealed triplets.
    assert "sanankou" in yaku_names("111789m333p55577s", "5s", riichi=True, tsumo=True)


def test_sanshoku_doukou() -> None:
    # 222m 222p 222s 456m + 77p won on 7p (tanki), all concealed: sanshoku doukou 2
    # + sanankou 2 + tanyao 1 = 5 han: mangan 8000.
    result = score("222456m22277p222s", "7p")
    assert set(result.yaku) == {("sanshoku doukou", 2), ("sanankou", 2), ("tanyao", 1)}
    assert (result.limit, result.points) == ("mangan", 8000)


def test_sankantsu() -> None:
    # 123m + 55p with open kans 2222s and 3333p and a closed kan 4444m, won on 5p (tanki).
    # Sankantsu 2 han. Fu: 20 + 2 tanki + 8 + 8 (open simple kans) + 16 (closed simple kan)
    # = 54 -> 60. 2 han 60 fu: 960 * 4 = 3840 -> 3900.
    result = score("123m55p kan:2222s kan:3333p ankan:4444m", "5p")
    assert result.yaku == (("sankantsu", 2),)
    assert (result.fu, result.points) == (60, 3900)


def test_shousangen() -> None:
    # 123m 456p + hatsu and chun triplets + haku pair, won on 5z (tanki): shousangen 2
    # + hatsu 1 + chun 1 = 4 han. Fu: 20 + 10 + 2 tanki + 2 dragon pair + 8 + 8 = 50.
    # 4 han 50 fu: 50 * 64 = 3200 basic > 2000: mangan, 8000.
    result = score("123m456p55666777z", "5z")
    assert set(result.yaku) == {("shousangen", 2), ("yakuhai hatsu", 1), ("yakuhai chun", 1)}
    assert (result.fu, result.limit, result.points) == (50, "mangan", 8000)


def test_honroutou_with_chiitoitsu() -> None:
    # Seven pairs of terminals and honours: chiitoitsu 2 + honroutou 2 = 4 han 25 fu:
    # 25 * 64 = 1600 * 4 = 6400.
    result = score("1199m1199p11s1122z", "2z")
    assert set(result.yaku) == {("chiitoitsu", 2), ("honroutou", 2)}
    assert result.points == 6400


def test_honitsu_open() -> None:
    # 234m 456m + East pair + pon 777m + pon 666z (hatsu), won on 1z (tanki).
    # Open honitsu 2 + hatsu 1 = 3 han. Fu: 20 + 2 tanki + 2 (round wind pair)
    # + 2 (open simple triplet) + 4 (open honour triplet) = 30. 960 * 4 -> 3900.
    result = score("234456m11z pon:777m pon:666z", "1z")
    assert set(result.yaku) == {("honitsu", 2), ("yakuhai hatsu", 1)}
    assert (result.fu, result.points) == (30, 3900)


def test_honitsu_closed() -> None:
    # 234m 456m 777m + hatsu triplet + East pair, won on 1z: honitsu 3 + hatsu 1 = 4 han,
    # fu 20 + 10 + 2 + 2 + 4 + 8 = 46 -> 50: mangan 8000.
    result = score("234456777m11666z", "1z")
    assert set(result.yaku) == {("honitsu", 3), ("yakuhai hatsu", 1)}
    assert result.points == 8000


def test_ryanpeikou_beats_chiitoitsu() -> None:
    # 234m 234m 678p 678p + 55s won on 2m: as ryanpeikou 3 + pinfu 1 + tanyao 1 = 5 han
    # (mangan 8000); read as seven pairs it is only chiitoitsu 2 + tanyao 1 = 3 han 25 fu
    # (3200). The higher reading is taken.
    result = score("223344m667788p55s", "2m")
    assert set(result.yaku) == {("ryanpeikou", 3), ("pinfu", 1), ("tanyao", 1)}
    assert result.points == 8000


def test_chinitsu_open_with_ittsu() -> None:
    # 123p 456p 789p 55p + chi 234p, won on 5p: open chinitsu 5 + open ittsu 1 = 6 han,
    # haneman: 3000 * 4 = 12000.
    result = score("123456789p55p chi:234p", "5p")
    assert set(result.yaku) == {("chinitsu", 5), ("ittsu", 1)}
    assert (result.limit, result.points) == ("haneman", 12000)


def test_haitei_houtei_chankan_rinshan() -> None:
    # Haitei on a tsumo: tsumo 1 + haitei 1 = 2 han, 30 fu (24 rounded): 480 basic,
    # 500-1000 = 2000.
    haitei = score(KANCHAN_HAND, KANCHAN_WIN, tsumo=True, haitei=True)
    assert set(haitei.yaku) == {("menzen tsumo", 1), ("haitei", 1)}
    assert haitei.points == 2000
    # Houtei and chankan on a ron: 1 han 40 fu = 1300.
    assert score(KANCHAN_HAND, KANCHAN_WIN, houtei=True).yaku == (("houtei", 1),)
    assert score(KANCHAN_HAND, KANCHAN_WIN, chankan=True).points == 1300
    # Rinshan: closed kan 8888p, won on 2s (kanchan) from the dead wall.
    # Tsumo 1 + rinshan 1 = 2 han; fu 20 + 2 tsumo + 2 kanchan + 16 closed kan = 40.
    # 2 han 40 fu: 640 basic, 700-1300 = 2700.
    rinshan = score("123m456p12399s ankan:8888p", "2s", tsumo=True, rinshan=True)
    assert set(rinshan.yaku) == {("menzen tsumo", 1), ("rinshan kaihou", 1)}
    assert rinshan.points == 2700


# --- yakuman ------------------------------------------------------------------------------

def test_kokushi_single_wait_and_13_wait() -> None:
    # Non-dealer yakuman ron: 8000 * 4 = 32000.
    single = score("19m19p19s12345677z", "1m")
    assert single.yaku == (("kokushi musou", 13),)
    assert single.points == 32000
    # Won on the tile it already had one of every terminal/honour: 13-sided wait.
    thirteen = score("119m19p19s1234567z", "1m")
    assert thirteen.yaku == (("kokushi musou 13-wait", 13),)
    assert thirteen.points == 32000  # Tenhou: no double yakuman
    assert score("119m19p19s1234567z", "1m", rules="majsoul").points == 64000


def test_suuankou_tsumo_and_ron() -> None:
    # Tsumo on the shanpon: four concealed triplets: yakuman, 8000-16000.
    tsumo = score("111999m333p55577s", "5s", tsumo=True)
    assert tsumo.yaku == (("suuankou", 13),)
    assert (tsumo.payment_text, tsumo.points) == ("8000-16000", 32000)
    # Ron on it: 555s counts as open: sanankou 2 + toitoi 2 = 4 han, fu 20 + 10 + 8 + 4 + 8
    # + 2 = 52 -> 60: 4 han 60 fu is mangan, 8000.
    ron = score("111999m333p55577s", "5s")
    assert set(ron.yaku) == {("sanankou", 2), ("toitoi", 2)}
    assert ron.points == 8000


def test_suuankou_tanki_double_only_where_the_rules_say() -> None:
    hand, win = "111999m333p555s77s", "7s"
    assert score(hand, win).yaku == (("suuankou tanki", 13),)
    assert score(hand, win).points == 32000
    assert score(hand, win, rules="majsoul").points == 64000


def test_daisangen_and_pao() -> None:
    # Three dragon triplets (two called) + 123m + 99p, won on 9p: yakuman 32000.
    hand = "123m99p777z pon:555z pon:666z"
    assert score(hand, "9p").yaku == (("daisangen", 13),)
    # Tsumo with pao on West: West pays the whole yakuman (as a ron: 32000).
    liable = score(hand, "9p", tsumo=True, pao="W")
    assert liable.payments == (("W", 32000),)
    assert liable.points == 32000
    # Ron from someone else with pao on West: the discarder and West split it.
    split = score(hand, "9p", pao="W")
    assert set(split.payments) == {("discarder", 16000), ("W (pao)", 16000)}


def test_shousuushii_and_daisuushii() -> None:
    assert score("123m111222333z44z", "4z").yaku == (("shousuushii", 13),)
    # Daisuushii with a called East pon (so not also suuankou), won on 5m tanki.
    hand = "55m222333444z pon:111z"
    assert score(hand, "5m").yaku == (("daisuushii", 13),)
    assert score(hand, "5m").points == 32000
    assert score(hand, "5m", rules="majsoul").points == 64000


def test_tsuuiisou_chinroutou_ryuuiisou() -> None:
    assert score("11223344556677z", "7z").yaku == (("tsuuiisou", 13),)
    # 999p completed by ron is open, so no suuankou: chinroutou alone.
    assert score("111999m111999p11s", "9p").yaku == (("chinroutou", 13),)
    assert score("22334466688s666z", "8s").yaku == (("ryuuiisou", 13),)


def test_chuuren_and_junsei_chuuren() -> None:
    # Before the winning 2m the hand was 1113455678999m: not nine-sided.
    assert score("11123455678999m", "2m").yaku == (("chuuren poutou", 13),)
    # Before the winning 1m it was exactly 1112345678999m: nine-sided.
    junsei = score("11112345678999m", "1m")
    assert junsei.yaku == (("junsei chuuren poutou", 13),)
    assert junsei.points == 32000
    assert score("11112345678999m", "1m", rules="majsoul").points == 64000


def test_suukantsu() -> None:
    result = score("55p kan:1111m kan:2222p ankan:3333s kan:4444z", "5p")
    assert result.yaku == (("suukantsu", 13),)


def test_tenhou_and_chiihou() -> None:
    # Dealer yakuman tsumo: 16000 from each = 48000. Non-dealer: 8000-16000 = 32000.
    assert score("123m456p789s12399s", "9s", tsumo=True, tenhou=True, seat="E").points == 48000
    assert score("123m456p789s12399s", "9s", tsumo=True, chiihou=True).points == 32000


def test_yakuman_stacking() -> None:
    # All honours with three dragon triplets, won by ron on 5z (so 555z is open and there
    # is no suuankou): daisangen + tsuuiisou. Tenhou stacks them: 2 * 32000.
    hand = "555666777111z22z"
    result = score(hand, "5z")
    assert {name for name, _ in result.yaku} == {"daisangen", "tsuuiisou"}
    assert (result.limit, result.points) == ("double yakuman", 64000)
    # EMA does not stack yakuman: 32000.
    assert score(hand, "5z", rules="ema").points == 32000


def test_optional_yakuman_follow_the_rules() -> None:
    from typed_mahjong import rules_from

    daisharin = rules_from("tenhou", daisharin=True)
    assert score("22334455667788p", "8p", rules=daisharin).yaku == (("daisharin", 13),)
    # Without the option it is ryanpeikou + pinfu + tanyao + chinitsu = 11 han: sanbaiman.
    assert score("22334455667788p", "8p").limit == "sanbaiman"
    # Renhou is a 5-han yaku (mangan) under EMA rules, a yakuman where the option says so,
    # and unknown to Tenhou rules (an error, not a silent 0).
    ema = score(KANCHAN_HAND, KANCHAN_WIN, renhou=True, rules="ema")
    assert (ema.yaku, ema.points) == ((("renhou", 5),), 8000)
    yakuman = rules_from("tenhou", renhou="yakuman")
    assert score(KANCHAN_HAND, KANCHAN_WIN, renhou=True, rules=yakuman).points == 32000
    with pytest.raises(ValueError, match="renhou is not used"):
        score(KANCHAN_HAND, KANCHAN_WIN, renhou=True)
    paarenchan = rules_from("tenhou", paarenchan=True)
    result = score(KANCHAN_HAND, KANCHAN_WIN, seat="E", renchan=7, rules=paarenchan)
    assert result.yaku == (("paarenchan", 13),)
    # The dealer's eighth win in a row only: not the seventh, not a non-dealer's.
    for seat, renchan in (("E", 6), ("S", 7)):
        other = score(KANCHAN_HAND, KANCHAN_WIN, seat=seat, renchan=renchan, rules=paarenchan)
        assert other.yakuman == 0
        assert other.yaku == score(KANCHAN_HAND, KANCHAN_WIN, seat=seat).yaku


def test_real_yakuman_beats_an_equal_kazoe_reading() -> None:
    # 333m 0(red 5)5m 666m 777m 888m, the dealer's tsumo on 8m. Two readings pay the same:
    # (a) 55m + four concealed triplets 333m 666m 777m 888m: suuankou, 16000 all;
    # (b) 55m + 333m + 678m 678m 678m: double riichi 2 + tsumo 1 + tanyao 1 + iipeikou 1
    #     + chinitsu 6 + dora 3 (indicator 2m -> three 3m) + aka 1 = 15 han: kazoe yakuman,
    #     also 16000 all. At equal points the real yakuman is the one shown.
    result = score("33305666777888m", "8m", tsumo=True, double_riichi=True, seat="E",
                   dora="2m", ura="7p")
    assert result.points == 48000
    assert result.yaku == (("suuankou", 13),)
