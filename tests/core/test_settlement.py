"""The settlement of one hand: every seat's point change (issue 16). Values worked by hand in
the comments; sources in docs/rules.md ("Settlement")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from typed_mahjong import HandError, rules_from
from typed_mahjong.cli import main
from typed_mahjong.core.settlement import (
    ABORTIVE_DRAWS,
    Win,
    settle_abortive,
    settle_draw,
    settle_wins,
)

LOGS = Path(__file__).parent / "data" / "tenhou"

TANYAO_1000 = "234m567p234s55s pon:888s"  # open tanyao, 23s waits on 4s: 1 han 30 fu
IIPEIKOU_DEALER = "223344m567p234s55p"  # pinfu tanyao iipeikou on 4s: 3 han 30 fu
PINFU_TANYAO = "234m567p234s678s55p"  # on 4s: 2 han 30 fu (2000 non-dealer)


def _agari(log: str, sc: str) -> str:
    """The AGARI tag with this point transfer in a log of tests/core/data/tenhou."""
    tags = [tag.split("/>")[0] for tag in (LOGS / log).read_text().split("<AGARI ")[1:]]
    found = [tag for tag in tags if f'sc="{sc}"' in tag]
    assert len(found) == 1
    return found[0]


def test_double_ron_as_a_tenhou_log_shows_it() -> None:
    # bug5.xml, South 4 (dealer: player 3 = East), 2 honba, 2 sticks from earlier hands, no
    # riichi this hand; player 0 (South) deals into player 2 (North) and player 3 (East).
    # North: 567m 44p 666p 34s+5s pon:888s, tanyao 1 han 30 fu = 1000. East (dealer):
    # 123m 234m 567m 99m 67s+5s, pinfu + dora 2 (indicator 8m) = 3 han 30 fu = 5800.
    # The first winner after the discarder (North) takes the 600 honba and 2000 in sticks:
    # sc -7400 / +3600 / +5800.
    first = _agari("bug5.xml", "323,-16,133,0,256,36,268,0")  # player 2 +3600, player 0 -1600
    second = _agari("bug5.xml", "307,-58,133,0,292,0,268,58")  # player 3 +5800
    assert 'ba="2,2"' in first and 'who="2" fromWho="0"' in first
    assert 'ba="2,0"' in second and 'who="3" fromWho="0"' in second
    table = {"round": "S", "dora": "8m"}
    result = settle_wins([Win("E", "12233456799m567s", "5s", table),
                          Win("N", "567m44p666p345s pon:888s", "5s", table)],
                         discarder="S", honba=2, sticks=2)
    assert result.changes == (("E", 5800), ("S", -7400), ("W", 0), ("N", 3600))
    assert result.outcome == "double ron" and result.sticks_left == 0
    assert [seat for seat, _ in result.scores] == ["N", "E"]
    # Each winner's own part, as each AGARI's sc records it: N 1000 + 600 + 2000 from S's
    # 1600; E 5800 from S.
    assert result.by_win == (("N", (("E", 0), ("S", -1600), ("W", 0), ("N", 3600))),
                             ("E", (("E", 5800), ("S", -5800), ("W", 0), ("N", 0))))


def test_the_riichi_declarer_winning_second_gets_no_stick() -> None:
    # bug3.xml, East 1 (player 0 East), player 1 (South) declared riichi; player 3 (North)
    # deals into player 0 (first after North: dealer, open tanyao 1 han 30 fu = 1500) and
    # player 1 (riichi + 2 red fives = 3 han 40 fu = 5200). The stick (South's own deposit)
    # goes to East: sc +2500 for East, +5200 for South (sc leaves out the deposit), -6700.
    first = _agari("bug3.xml", "250,25,240,0,250,0,250,-15")
    second = _agari("bug3.xml", "275,0,240,52,250,0,235,-52")
    assert 'ba="0,1"' in first and 'who="0" fromWho="3"' in first
    assert 'ba="0,0"' in second and 'who="1" fromWho="3"' in second
    result = settle_wins(
        [Win("E", "345p88p444s chi:456m chi:567m", "3p", {"dora": "1p"}),
         Win("S", "333406678p11s067s", "3p", {"riichi": True, "dora": "1p", "ura": "8s"})],
        discarder="N", riichi=["S"])
    assert result.changes == (("E", 2500), ("S", 5200 - 1000), ("W", 0), ("N", -6700))


def test_riichi_deposits_of_this_hand_go_to_the_first_winner() -> None:
    # South declared riichi this hand (-1000) and wins second; the pot (1 old stick + South's
    # deposit) goes to North, first after the discarder West (as in bug3.xml above).
    # South's hand: riichi 1
    # + pinfu 1 + tanyao 1 = 3 han 30 fu = 3900.
    result = settle_wins([Win("S", PINFU_TANYAO, "4s", {"riichi": True}),
                          Win("N", TANYAO_1000, "4s")],
                         discarder="W", honba=1, sticks=1, riichi=["S"])
    # N: 1000 + 300 + 2000 pot = 3300; S: -1000 + 3900 = 2900; W: -(1300 + 3900) = -5200.
    assert result.changes == (("E", 0), ("S", 2900), ("W", -5200), ("N", 3300))
    # by_win leaves this hand's deposit out: S's own part is the 3900 it won.
    assert dict(result.by_win)["S"] == (("E", 0), ("S", 3900), ("W", -3900), ("N", 0))
    # The changes add up to the stick taken from the table (1000).
    assert sum(change for _, change in result.changes) == 1000


def test_atamahane_pays_only_the_first_winner() -> None:
    # M-League: head bump. Only North (first after West) wins: 1000 + 300 + 2000 pot.
    result = settle_wins([Win("S", PINFU_TANYAO, "4s", {"riichi": True}),
                          Win("N", TANYAO_1000, "4s")],
                         discarder="W", honba=1, sticks=1, riichi=["S"], rules="mleague")
    assert result.changes == (("E", 0), ("S", -1000), ("W", -1300), ("N", 3300))
    assert result.outcome == "ron"


def test_triple_ron_is_an_abortive_draw_on_tenhou_only() -> None:
    wins = [Win("S", PINFU_TANYAO, "4s"), Win("N", TANYAO_1000, "4s"),
            Win("E", IIPEIKOU_DEALER, "4s")]
    tenhou = settle_wins(wins, discarder="W", sticks=1, riichi=["S"])
    # Nothing is paid; South's deposit joins the stick on the table.
    assert tenhou.outcome == "abortive draw"
    assert tenhou.changes == (("E", 0), ("S", -1000), ("W", 0), ("N", 0))
    assert tenhou.sticks_left == 2
    # Mahjong Soul pays all three (riichi.wiki Majsoul: no sanchahou): W pays 2000 + 1000
    # + 5800; North (first after West) takes the stick.
    majsoul = settle_wins(wins, discarder="W", sticks=1, rules="majsoul")
    assert majsoul.changes == (("E", 5800), ("S", 2000), ("W", -8800), ("N", 2000))
    assert majsoul.outcome == "triple ron"


def test_tsumo_and_pao_in_a_settlement() -> None:
    daisangen = "123m99p pon:555z pon:666z pon:777z"
    # Non-dealer South's daisangen tsumo, West liable, 1 honba: West pays 32300.
    tsumo = settle_wins([Win("S", daisangen, "9p", pao="W")], discarder=None, honba=1)
    assert tsumo.changes == (("E", 0), ("S", 32300), ("W", -32300), ("N", 0))
    # Ron from North: North and West 16000 each, the honba on West.
    ron = settle_wins([Win("S", daisangen, "9p", pao="W")], discarder="N", honba=1)
    assert ron.changes == (("E", 0), ("S", 32300), ("W", -16300), ("N", -16000))
    # The liable player deals in: a plain ron, 32000 + 300.
    own = settle_wins([Win("S", daisangen, "9p", pao="W")], discarder="W", honba=1)
    assert own.changes == (("E", 0), ("S", 32300), ("W", -32300), ("N", 0))


def test_sanma_settlement() -> None:
    # Tenhou sanma, South's riichi tsumo 2 han 40 fu with 1 honba: E 1300 + 100, W 700 + 100;
    # South's own deposit comes back with the pot.
    result = settle_wins([Win("S", "111m456p789s234s55p", "5p", {"riichi": True})],
                         discarder=None, honba=1, riichi="S", rules="tenhou-sanma")
    assert result.changes == (("E", -1400), ("S", 2200 + 1000 - 1000), ("W", -800))
    with pytest.raises(HandError, match="North seat"):
        settle_wins([Win("S", "111m456p789s234s55p", "5p", {"riichi": True})],
                    discarder="N", rules="tenhou-sanma")


@pytest.mark.parametrize(("tenpai", "expected"), [
    ([], (0, 0, 0, 0)),
    (["E"], (3000, -1000, -1000, -1000)),
    (["E", "S"], (1500, 1500, -1500, -1500)),
    (["E", "S", "W"], (1000, 1000, 1000, -3000)),
    (["E", "S", "W", "N"], (0, 0, 0, 0)),
])
def test_tenpai_payments(tenpai: list[str], expected: tuple[int, ...]) -> None:
    result = settle_draw(tenpai=tenpai)
    assert tuple(change for _, change in result.changes) == expected


def test_sanma_tenpai_payments_and_riichi_at_a_draw() -> None:
    # Tenhou sanma: 2000 in all (sanma2.xml: one tenpai +2000, two noten -1000 each).
    assert settle_draw(tenpai=["S", "W"], rules="tenhou-sanma").changes == (
        ("E", -2000), ("S", 1000), ("W", 1000))
    # A riichi declarer deposits 1000, which stays on the table.
    result = settle_draw(tenpai=["E"], riichi=["E"], sticks=1)
    assert result.changes == (("E", 2000), ("S", -1000), ("W", -1000), ("N", -1000))
    assert result.sticks_left == 2
    with pytest.raises(HandError, match="must be tenpai"):
        settle_draw(riichi=["E"])


def test_nagashi_mangan() -> None:
    # Paid as a mangan tsumo, without honba or sticks, and no tenpai payments:
    # non-dealer South: E 4000, W 2000, N 2000 = 8000.
    assert settle_draw(nagashi=["S"], tenpai=["E"]).changes == (
        ("E", -4000), ("S", 8000), ("W", -2000), ("N", -2000))
    # Dealer: 4000 all = 12000. Sanma non-dealer: tsumo loss, 4000 + 2000 = 6000.
    assert settle_draw(nagashi=["E"]).change("E") == 12000
    assert settle_draw(nagashi=["W"], rules="tenhou-sanma").changes == (
        ("E", -4000), ("S", -2000), ("W", 6000))


@pytest.mark.parametrize("reason", ["nine terminals", "four winds", "four riichi", "four kans",
                                    "triple ron"])
def test_an_abortive_draw_pays_nothing_and_keeps_the_deposits(reason: str) -> None:
    # Nothing changes hands; this hand's deposits (-1000 each) join the sticks on the
    # table for the next hand (Tenhou [S1]: the dealer keeps the deal, honba + 1).
    riichi = ["E", "S", "W", "N"] if reason == "four riichi" else ["S"]
    result = settle_abortive(reason, riichi=riichi, sticks=2)
    assert result.outcome == "abortive draw"
    assert result.changes == tuple((seat, -1000 if seat in riichi else 0)
                                   for seat in "ESWN")
    assert result.sticks_left == 2 + len(riichi)
    assert result.scores == () and result.by_win == ()


def test_abortive_draw_names_and_rules() -> None:
    # The Japanese names read as the English ones.
    assert ABORTIVE_DRAWS["kyuushu kyuuhai"] == ABORTIVE_DRAWS["nine terminals"]
    assert settle_abortive("suukaikan").changes == settle_abortive("four kans").changes
    # Three players: four kans and nine terminals happen, four winds and four riichi cannot.
    assert settle_abortive("four kans", riichi=["W"], rules="tenhou-sanma").changes == (
        ("E", 0), ("S", 0), ("W", -1000))
    for reason in ("four winds", "four riichi", "triple ron"):
        with pytest.raises(HandError, match="three-player") as caught:
            settle_abortive(reason, rules="tenhou-sanma")
        assert caught.value.field == "reason"
    # Mahjong Soul pays three rons (settle_wins), so a triple ron is no draw there.
    with pytest.raises(HandError, match="settle_wins"):
        settle_abortive("triple ron", rules="majsoul")
    with pytest.raises(HandError, match="not an abortive draw") as unknown:
        settle_abortive("exhaustive")
    assert unknown.value.field == "reason"
    with pytest.raises(HandError, match="sticks"):
        settle_abortive("four kans", sticks=-1)


def test_bad_settlements_are_located_errors() -> None:
    win = Win("S", PINFU_TANYAO, "4s")
    with pytest.raises(HandError, match="own discard"):
        settle_wins([win], discarder="S")
    with pytest.raises(HandError, match="exactly one winner"):
        settle_wins([win, Win("N", TANYAO_1000, "4s")], discarder=None)
    with pytest.raises(HandError, match="come from the table state") as caught:
        settle_wins([Win("S", PINFU_TANYAO, "4s", {"honba": 2})], discarder="W")
    assert caught.value.field == "options"
    with pytest.raises(HandError, match="has no yaku"):
        # Won on 3m: kanchan 2-4m or penchan 1-2m, so no pinfu, and nothing else.
        settle_wins([Win("S", "123m456p789s234m55p", "3m", {})], discarder="W")
    with pytest.raises(HandError, match="wins twice"):
        settle_wins([win, win], discarder="W")
    with pytest.raises(HandError, match="no win given"):
        settle_wins([], discarder="W")
    assert rules_from("tenhou").triple_ron_draw and not rules_from("majsoul").triple_ron_draw


def test_settle_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["settle", "--win", "N", TANYAO_1000, "4s", "--win", "S", PINFU_TANYAO, "4s",
                 "riichi", "--from", "W", "--honba", "1", "--sticks", "1", "--riichi", "S",
                 "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["changes"] == {"E": 0, "S": 2900, "W": -5200, "N": 3300}
    assert main(["settle", "--draw", "--tenpai", "E"]) == 0
    assert "draw: E +3000" in capsys.readouterr().out
    assert main(["settle", "--win", "S", PINFU_TANYAO, "4s", "bogus", "--from", "W"]) == 2
    assert "unknown win option 'bogus'" in capsys.readouterr().err
    assert main(["settle", "--win", "S", PINFU_TANYAO, "4s"]) == 2
    assert "either --from SEAT" in capsys.readouterr().err


@pytest.mark.parametrize(("spelling", "letter"), [("1z", "E"), ("2z", "S"), ("4z", "N")])
def test_a_winner_seat_written_as_a_wind_tile_settles_as_its_letter(
        spelling: str, letter: str) -> None:
    # Found by the generated calls (tests/query/test_query_generated.py): seats are read as
    # E, S, W, N or 1z-4z, but a ron by seat="1z" ended in ValueError (substring not
    # found) while ordering the winners. 234p234s456m567s44p on 3p: tanyao 1 han 40 fu,
    # 2000 from the dealer's ron, 1300 from another's; W discards.
    from typed_mahjong import settle

    assert settle("234p234s456m567s44p", "3p", "W", seat=spelling) == settle(
        "234p234s456m567s44p", "3p", "W", seat=letter)
    expected = {"E": (2000, 0, -2000, 0), "S": (0, 1300, -1300, 0),
                "N": (0, 0, -1300, 1300)}[letter]
    assert settle("234p234s456m567s44p", "3p", "W", seat=spelling) == expected
