"""Three-player mahjong (sanma) presets: tile set, chi, kita, seats, payments, and the wins of
a real Tenhou three-player game. Values worked by hand in the comments; sources in
docs/rules.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from typed_mahjong import HandError, rules_from, score, shanten, waits
from typed_mahjong.core.settlement import Win, settle_draw, settle_wins

SANMA = ("tenhou-sanma", "majsoul-sanma")
LOGS = Path(__file__).parent / "data" / "tenhou"


@pytest.mark.parametrize("rules", SANMA)
def test_2m_to_8m_and_chi_are_located_rules_errors(rules: str) -> None:
    with pytest.raises(HandError, match="2m is not in the three-player tile set") as caught:
        score("123m456p789s234s55p", "5p", rules=rules)
    assert (caught.value.field, caught.value.position, caught.value.kind) == ("hand", 1,
                                                                              "rules")
    with pytest.raises(HandError, match="chi is not called") as caught:
        score("456p789s234s55p chi:123p", "5p", rules=rules)
    assert caught.value.position == 16
    for field, options in (("win", {}), ("dora", {"dora": "5m"}), ("ura", {"ura": "0m"})):
        with pytest.raises(HandError) as caught:
            score("111m456p789s234s55p", "5m" if field == "win" else "5p", riichi=True,
                  rules=rules, **options)  # type: ignore[arg-type]
        assert caught.value.field == field
    for function in (shanten, waits):
        with pytest.raises(HandError, match="7m is not in the three-player") as caught:
            function("1117m456p789s234s", rules=rules)
        assert caught.value.position == 3


def test_shanten_and_waits_take_the_rules() -> None:
    # Shanpon on 1m and 9m; thirteen-sided kokushi: the waits are the thirteen orphans.
    assert waits("1199m456p789s555p", rules="tenhou-sanma") == ("1m", "9m")
    assert len(waits("19m19p19s1234567z", rules="tenhou-sanma")) == 13
    assert shanten("1199m456p789s555p", rules="tenhou-sanma") == 0
    # Four-player rules keep accepting 2m-8m.
    assert waits("1117m456p789s234s") == ("7m",)


def test_seats_are_east_south_west() -> None:
    with pytest.raises(HandError, match="North seat") as caught:
        score("111m456p789s234s55p", "5p", riichi=True, seat="N", rules="tenhou-sanma")
    assert caught.value.field == "seat"
    with pytest.raises(HandError, match="North seat"):
        score("123p99p pon:555z pon:666z pon:777z", "9p", pao="N", rules="tenhou-sanma")


def test_nuki_counts_as_dora_and_is_validated() -> None:
    hand = "111m456p789s234s55p"
    # Riichi ron, 40 fu (20 + 10 closed ron + 8 concealed 111m + 2 tanki/kanchan on 5p):
    # riichi 1 + 2 nukidora = 3 han 40 fu = 5200.
    result = score(hand, "5p", riichi=True, nuki=2, rules="tenhou-sanma")
    assert ("nukidora", 2) in result.yaku and result.points == 5200
    # Indicator West (3z) makes North the dora: each kita counts twice -> 1 + 4 = 5 han.
    assert score(hand, "5p", riichi=True, nuki=2, dora="3z", rules="tenhou-sanma").points == 8000
    with pytest.raises(HandError, match="whole number"):
        score(hand, "5p", riichi=True, nuki=-1, rules="tenhou-sanma")
    with pytest.raises(HandError, match="only four exist"):
        score("111m456p789s444z55p", "5p", riichi=True, nuki=2, rules="tenhou-sanma")
    with pytest.raises(HandError, match="only played in three-player") as caught:
        score(hand, "5p", riichi=True, nuki=1)
    assert caught.value.kind == "rules"
    # A kita is a call: no chiihou after it.
    with pytest.raises(HandError, match="not chiihou"):
        score(hand, "5p", tsumo=True, chiihou=True, nuki=1, rules="tenhou-sanma")


def test_rinshan_after_a_kita() -> None:
    # The replacement tile after a kita: rinshan kaihou without any kan (riichi.wiki Sanma).
    # Riichi 1 + tsumo 1 + rinshan 1 + nukidora 1 = 4 han; fu 20 + 8 (111m) + 2 tsumo
    # + 2 wait = 32 -> 40: basic 40 * 64 = 2560 -> mangan: 4000 + 2000 = 6000 (tsumo loss).
    result = score("111m456p789s234s55p", "5p", tsumo=True, riichi=True, rinshan=True,
                   nuki=1, rules="tenhou-sanma")
    assert ("rinshan kaihou", 1) in result.yaku and result.points == 6000
    # Without a kita the rinshan still needs a kan.
    with pytest.raises(HandError, match="needs a kan"):
        score("111m456p789s234s55p", "5p", tsumo=True, rinshan=True, rules="tenhou-sanma")


def test_dora_indicator_1m_points_at_9m_and_back() -> None:
    # Riichi 1 + dora 3 (999m) = 4 han 40 fu = 8000 (mangan). 9m indicates 1m: none held.
    assert score("999m456p789s234s55p", "5p", riichi=True, dora="1m",
                 rules="tenhou-sanma").points == 8000
    assert score("111m456p789s234s55p", "5p", riichi=True, dora="9m",
                 rules="tenhou-sanma").points == 8000


def test_tsumo_loss_and_north_bisection() -> None:
    hand = "111m456p789s234s55p"
    # Riichi tsumo, 2 han 40 fu: basic 640; non-dealer South: dealer 1300, West 700. The
    # absent North's 700 is lost: 2000 in all.
    loss = score(hand, "5p", tsumo=True, riichi=True, rules="tenhou-sanma")
    assert loss.payments == (("E", 1300), ("W", 700)) and loss.points == 2000
    # North-bisection: the 700 split, 350 rounded up to 400 each: E 1700, W 1100.
    halves = rules_from("majsoul-sanma", sanma_tsumo="bisection")
    split = score(hand, "5p", tsumo=True, riichi=True, rules=halves)
    assert split.payments == (("E", 1700), ("W", 1100)) and split.points == 2800


def test_akagi_116_sanma_honba() -> None:
    # shinkuan/Akagi #116 and PR #115 (checked there against a Mahjong Soul sanma log): a
    # 3 han 40 fu ron with 1 honba pays 7700 + 200 = 7900, not 8000. (They call it a
    # non-dealer ron, but 7700 is the dealer's 3 han 40 fu: 1280 basic x 6 = 7680 -> 7700;
    # a non-dealer's is 5200.) Riichi + ippatsu + nukidora 1, 111m concealed: 40 fu.
    result = score("111m456p789s234s55p", "5p", riichi=True, ippatsu=True, nuki=1, honba=1,
                   seat="E", rules="majsoul-sanma")
    assert (result.han, result.fu, result.points, result.total) == (3, 40, 7700, 7900)
    # Tsumo with 1 honba: 100 from each of the two payers.
    tsumo = score("111m456p789s234s55p", "5p", tsumo=True, riichi=True, honba=1,
                  rules="tenhou-sanma")
    assert tsumo.payments == (("E", 1400), ("W", 800))


def test_akagi_116_kita_han_reach_the_score() -> None:
    # Akagi #116: riichi + menzen tsumo + 3 dora + aka + 2 kita = 8 han is baiman 16000
    # in four-player terms; as a sanma non-dealer tsumo: 8000 + 4000 = 12000.
    # 111m 406p 789s 234s 55p: dora indicator 4p -> 5p x3 (red 0p, 55p) = 3 dora, aka 1.
    result = score("111m406p789s234s55p", "5p", tsumo=True, riichi=True, nuki=2, dora="4p",
                   rules="tenhou-sanma")
    assert (result.han, result.limit, result.points) == (8, "baiman", 12000)


# --- the real Tenhou three-player game ------------------------------------------------------

_TAG = re.compile(r"<(INIT|AGARI|REACH)\s([^>]*?)/>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')
# Tenhou yaku ids of the situation flags score() needs; the scorer derives all other yaku.
_FLAGS = {0: "tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei",
          6: "houtei", 21: "double_riichi"}
_DORA_IDS = {52, 53, 54}  # dora (kita included), ura dora, aka dora


def _tile(tile_id: int) -> str:
    kind = tile_id // 4
    red = tile_id in (16, 52, 88)  # the red fives of a red-five lobby
    return f"{0 if red else kind % 9 + 1}{'mpsz'[kind // 9]}"


def _tiles(ids: list[int]) -> str:
    return "".join(_tile(tile_id) for tile_id in sorted(ids))


def _melds(codes: list[int]) -> tuple[list[str], int]:
    """The called melds and the kita count of an AGARI's ``m`` (pon and kita only here)."""
    melds, nuki = [], 0
    for code in codes:
        if code & 0x20:  # kita (North set aside)
            nuki += 1
        elif code & 0x8:  # pon: base tile kind from bits 9+
            kind = (code >> 9) // 3
            melds.append("pon:" + _tiles([kind * 4] * 3))
        else:
            raise AssertionError(f"meld {code} not transcribed in this test")
    return melds, nuki


def _sanma_wins() -> list[tuple[dict[str, str], dict[str, str], list[int]]]:
    """Each AGARI of sanma2.xml with the INIT of its hand and who declared riichi in it."""
    text = (LOGS / "sanma2.xml").read_text()
    wins: list[tuple[dict[str, str], dict[str, str], list[int]]] = []
    init: dict[str, str] = {}
    riichi: list[int] = []
    for kind, attrs in _TAG.findall(text):
        values = dict(_ATTR.findall(attrs))
        if kind == "INIT":
            init, riichi = values, []
        elif kind == "REACH":
            if values["step"] == "2":  # the deposit is made once the declaration stands
                riichi.append(int(values["who"]))
        else:
            wins.append((init, values, riichi))
    return wins


def _seat(player: int, dealer: int) -> str:
    return "ESW"[(player - dealer) % 3]  # three seats: the North slot of the log is empty


def test_tenhou_sanma_log_every_win_comes_out() -> None:
    wins = _sanma_wins()
    assert len(wins) == 5
    for init, agari, riichi in wins:
        dealer = int(init["oya"])
        seed = [int(value) for value in init["seed"].split(",")]
        honba, sticks = (int(value) for value in agari["ba"].split(","))
        who, from_who = int(agari["who"]), int(agari["fromWho"])
        yaku = [int(value) for value in agari["yaku"].split(",")]
        pairs = list(zip(yaku[::2], yaku[1::2], strict=True))
        flags = {_FLAGS[yaku_id]: True for yaku_id, _ in pairs if yaku_id in _FLAGS}
        flags.pop("tsumo", None)
        codes = [int(value) for value in agari.get("m", "").split(",") if value]
        melds, nuki = _melds(codes)
        concealed = [int(value) for value in agari["hai"].split(",")]
        hand = " ".join([_tiles(concealed), *melds])
        dora = _tiles([int(value) for value in agari["doraHai"].split(",")])
        ura = _tiles([int(value) for value in agari.get("doraHaiUra", "").split(",") if value])
        fu, points, _ = (int(value) for value in agari["ten"].split(","))
        options = dict(flags, round="ESWN"[seed[0] // 4], dora=dora, ura=ura, nuki=nuki)
        win = _tile(int(agari["machi"]))
        tsumo = who == from_who
        result = score(hand, win, tsumo=tsumo, seat=_seat(who, dealer), honba=honba,
                       sticks=sticks, rules="tenhou-sanma", **options)  # type: ignore[arg-type]
        where = f"{hand} on {win}"
        assert (result.fu, result.points) == (fu, points), where
        assert result.han == sum(han for _, han in pairs), where
        # The recorded transfer: sc holds (score before, change) per player, in hundreds.
        sc = [int(value) for value in agari["sc"].split(",")]
        riichi_now = [_seat(player, dealer) for player in riichi]
        settled = settle_wins(
            [Win(_seat(who, dealer), hand, win, options)],
            discarder=None if tsumo else _seat(from_who, dealer), honba=honba,
            sticks=sticks - len(riichi_now), riichi=riichi_now, rules="tenhou-sanma")
        for player in range(3):
            seat = _seat(player, dealer)
            deposit = 1000 if seat in riichi_now else 0  # sc does not count the deposit
            assert settled.change(seat) + deposit == sc[2 * player + 1] * 100, (where, seat)


def test_tenhou_sanma_log_draw() -> None:
    # The one exhaustive draw: player 1 tenpai (+2000), players 0 and 2 noten (-1000 each),
    # the dealer is player 1 (the INIT before it): seats E tenpai, S and W noten.
    text = (LOGS / "sanma2.xml").read_text()
    assert 'RYUUKYOKU ba="1,1" sc="310,-10,530,20,200,-10' in text
    assert 'oya="1"' in text.split("<RYUUKYOKU")[0].rsplit("<INIT", 1)[1]
    settled = settle_draw(tenpai=["E"], rules="tenhou-sanma", sticks=1)
    assert settled.changes == (("E", 2000), ("S", -1000), ("W", -1000))
    assert settled.sticks_left == 1


def test_codegen_tables_for_the_sanma_presets() -> None:
    from typed_mahjong.codegen.table import build_table
    from typed_mahjong.codegen.tables import options_text

    # Mangan: 4000-2000 from two payers = 6000 (tsumo loss); the dealer's 4000-all = 8000.
    cell = build_table(rules_from("tenhou-sanma")).cell(5, 30)
    assert cell is not None
    tsumo = cell.payment(dealer=False, tsumo=True)
    dealer = cell.payment(dealer=True, tsumo=True)
    assert tsumo is not None and dealer is not None
    assert (tsumo.points, tsumo.text, dealer.points) == (6000, "2000-4000", 8000)
    # North-bisection: the absent 2000 (dealer: 4000) split: 5000 + 3000 = 8000, 6000-all.
    halves = build_table(rules_from("majsoul-sanma", sanma_tsumo="bisection")).cell(5, 30)
    assert halves is not None
    split = halves.payment(dealer=False, tsumo=True)
    dealer_split = halves.payment(dealer=True, tsumo=True)
    assert split is not None and dealer_split is not None
    assert (split.points, split.text, dealer_split.points) == (8000, "3000-5000", 12000)
    assert "players=3, sanma_tsumo='loss'" in options_text(rules_from("tenhou-sanma"))


def test_command_line_takes_sanma_rules(capsys: pytest.CaptureFixture[str]) -> None:
    from typed_mahjong.cli import main

    assert main(["shanten", "1199m456p789s555p", "--rules", "tenhou-sanma"]) == 0
    assert capsys.readouterr().out.strip() == "tenpai; waits 1m 9m"
    assert main(["shanten", "1129m456p789s555p", "--rules", "tenhou-sanma"]) == 2
    assert "2m is not in the three-player tile set" in capsys.readouterr().err
    # Riichi ron 40 fu with 2 kita: 3 han 40 fu = 5200.
    assert main(["score", "111m456p789s234s55p", "--win", "5p", "--riichi", "--nuki", "2",
                 "--rules", "tenhou-sanma", "--json"]) == 0
    assert '"points": 5200' in capsys.readouterr().out


def test_sanma_shanten_and_waits_agree_on_random_hands() -> None:
    # Seeded three-player hands (1m, 9m, pinzu, souzu, honours), half of them a complete
    # hand less one tile: tenpai exactly when some tile of the set completes the hand
    # (checked by the shanten of the 14 tiles), never a 2m-8m wait, and never below the
    # four-player number (fewer tiles can only cost more).
    import random

    from typed_mahjong.core.tiles import tile_name

    kinds = [0, 8, *range(9, 34)]
    runs = [kind for kind in range(9, 27) if kind % 9 <= 6]
    rng = random.Random(16)
    tenpai = 0
    for index in range(120):
        if index % 2:
            wall = [kind for kind in kinds for _ in range(4)]
            rng.shuffle(wall)
            tiles = sorted(wall[:13])
        else:
            tiles = [rng.choice(kinds)] * 2
            for _ in range(4):
                if rng.random() < 0.5:
                    first = rng.choice(runs)
                    tiles += [first, first + 1, first + 2]
                else:
                    tiles += [rng.choice(kinds)] * 3
            if max(tiles.count(kind) for kind in tiles) > 4:
                continue
            tiles.remove(rng.choice(tiles))
            tiles.sort()
        hand = "".join(tile_name(kind) for kind in tiles)
        number = shanten(hand, rules="tenhou-sanma")
        assert number >= shanten(hand)
        completing = [
            tile_name(kind) for kind in kinds if tiles.count(kind) < 4 and shanten(
                "".join(tile_name(t) for t in sorted([*tiles, kind])),
                rules="tenhou-sanma") == -1]
        assert (number == 0) == bool(completing), hand
        if number == 0:
            tenpai += 1
            assert list(waits(hand, rules="tenhou-sanma")) == completing, hand
    assert tenpai >= 30  # the constructed half is tenpai (less any 5th-copy draws)
