"""The hand grammar, parse/format round trips, and every malformed-input error."""

from __future__ import annotations

import pytest

from typed_mahjong import HandError, score
from typed_mahjong.core.hand import parse_hand
from typed_mahjong.core.readings import all_readings
from typed_mahjong.core.tiles import parse_tiles


def test_honour_letters_and_digits_agree() -> None:
    assert [t.tile for t in parse_tiles("ESWNPFC")] == [t.tile for t in parse_tiles("1234567z")]


def test_any_order_and_repeated_suits() -> None:
    sorted_hand = parse_hand("234p234s456m567s44p")
    assert parse_hand("44p234s234p567s456m") == sorted_hand
    assert parse_hand("4p4p2p3p4p2s3s4s5s6s7s4m5m6m") == sorted_hand


@pytest.mark.parametrize("text", [
    "234p234s456m567s44p", "406p123m789s11z chi:067s", "123m44p pon:777z kan:2222p ankan:1111s",
    "55z kakan:3333p pon:111m pon:999s chi:789p",
])
def test_format_round_trips(text: str) -> None:
    hand = parse_hand(text)
    assert parse_hand(hand.format()) == hand


def test_red_five_is_kept_through_format() -> None:
    assert parse_hand("406p123m789s11z chi:067s").format() == "123m406p789s11z chi:067s"


def test_two_readings() -> None:
    readings = all_readings(parse_hand("11223344456789m").counts, closed=True)
    pairs = sorted(reading.groups[0][1] for reading in readings)
    assert pairs == [0, 3]  # pair 1m or pair 4m


def error(text: str, win: str = "1m", **kwargs: object) -> HandError:
    with pytest.raises(HandError) as caught:
        score(text, win, **kwargs)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize(("text", "position", "words"), [
    ("234p234s456m567s44x", 18, "unknown character 'x'"),
    ("234p234s456m567s44", 16, "no suit letter"),
    ("m234p234s456m567s44", 0, "no digits before it"),
    ("234p234s456m567s48z", 17, "'8z' does not exist"),
    ("11111m2345678999m", 4, "5th copy of 1m"),
    ("05m0m345p678s11z22z", 3, "2nd red five"),
    ("123m foo:123m", 5, "unknown meld kind"),
    ("12345678999m chi:135m", 17, "not a run"),
    ("12345678999m chi:567z", 17, "not a run"),
    ("12345678999m pon:123m", 17, "not 3 copies"),
    ("12345678999m kan:1112m", 17, "not 4 copies"),
    ("12345678999m pon:1111m", 13, "a pon has 3 tiles"),
    ("123m456p 789s", 9, "must be one group"),
])
def test_malformed_hands_name_fault_and_position(text: str, position: int, words: str) -> None:
    fault = error(text)
    assert (fault.kind, fault.field, fault.position) == ("malformed", "hand", position)
    assert words in str(fault)
    assert "^" in str(fault)  # the message points at the character


def test_wrong_tile_count() -> None:
    fault = error("234p234s456m567s4p", "3p")
    assert "13 concealed tiles" in fault.message and "expected 14" in fault.message
    assert error("123m456p789s1z pon:777z", "1z").message.endswith(
        "expected 11 (the winning tile included)")


def test_fifth_copy_counts_melds_and_indicators() -> None:
    assert "5th copy of 1m" in error("11m23456p11s22z pon:111m", "1m").message
    fault = error("234p234s456m567s44p", "3p", dora="4p4p")
    assert (fault.field, fault.position) == ("dora", 2)
    fault = error("234p234s456m567s44p", "3p", riichi=True, dora="4p", ura="4p")
    assert (fault.field, fault.position) == ("ura", 0)


def test_fifth_copy_inside_a_run_of_the_melds() -> None:
    # kan 2222m and chi 123m hold five 2m: the chi's middle tile counts too, not only the
    # first tile of each meld.
    fault = error("55p456s kan:2222m chi:123m pon:777z", "5p")
    assert "5th copy of 2m" in fault.message
    assert (fault.field, fault.kind) == ("hand", "malformed")
    assert "5th copy of 4s" in error("55p456s pon:444s chi:345s chi:234s", "5p").message


def test_second_red_five_across_melds() -> None:
    assert "2nd red five" in error("0p12345678m11z chi:406p", "1z").message


@pytest.mark.parametrize(("text", "options", "field"), [
    ("234p234s456m067s44p", {"dora": "0s"}, "dora"),  # the hand's red 5s, a red 5s shown
    ("234p234s456m44p chi:406s", {"dora": "4m0s"}, "dora"),  # the meld's, the second shown
    ("234p234s456m067s44p", {"ura": "0s", "riichi": True}, "ura"),
])
def test_a_second_red_five_among_the_indicators(text: str, options: dict[str, object],
                                                field: str) -> None:
    fault = error(text, "4p", **options)
    assert fault.field == field
    assert "2nd red five 0s" in fault.message


def test_red_fives_of_other_suits_among_the_indicators_are_fine() -> None:
    # 234p 234s 456m 567s (red 5s) 44p won on 4p, ron, closed, not the dealer: as pinfu
    # (4p completes 23p, two-sided) tanyao + pinfu, dora 6m (shown by the red 0m) once, the
    # red 5s once, 6p (shown by 0p) not held: 4 han 30 fu = 7,700 (as a tanki on the 44p
    # pair: no pinfu, 3 han 40 fu, 5,200).
    outcome = score("234p234s456m067s44p", "4p", dora="0m0p")
    assert (outcome.han, outcome.fu, outcome.points) == (4, 30, 7700)


@pytest.mark.parametrize(("dora", "count"), [("4m4m4m3m", 12), ("4m4m4m4m", 16)])
def test_many_dora_count_each_copy_each_indicator_shows(dora: str, count: int) -> None:
    # Three closed kans 5555m 6666m 7777m; each 4m shown points at 5m, held four times:
    # 4 dora an indicator (3m points at 4m, not held). The scorer keeps the dora entries of
    # counts below 16 and makes the others each time: both give the count.
    outcome = score("11p234s ankan:5555m ankan:6666m ankan:7777m", "1p", tsumo=True,
                    dora=dora)
    assert outcome.yaku[-1] == ("dora", count)


def test_winning_tile_must_be_concealed() -> None:
    fault = error("234p234s456m567s44p", "9m")
    assert (fault.field, fault.kind) == ("win", "malformed")
    assert "not among the concealed tiles" in fault.message
    # A called meld's tile is not the winning tile either.
    assert error("234p234s44p chi:456m chi:567s", "5s").field == "win"
    assert "red five" in error("234p234s456m567s44p", "0m").message


def test_bad_win_tile_text() -> None:
    assert error("234p234s456m567s44p", "3q").position == 1
    assert "exactly one tile" in error("234p234s456m567s44p", "34p").message
    assert "a tile is required" in error("234p234s456m567s44p", "").message


def test_not_a_winning_hand() -> None:
    fault = error("123m456p789s13577z", "1z")
    assert fault.kind == "not-winning"


@pytest.mark.parametrize(("field", "kwargs"), [
    ("seat", {"seat": "X"}), ("round", {"round": "5z"}), ("honba", {"honba": -1}),
    ("sticks", {"sticks": -2}), ("pao", {"pao": "Q"}),
])
def test_bad_situation_values(field: str, kwargs: dict[str, object]) -> None:
    assert error("234p234s456m567s44p", "3p", **kwargs).field == field
