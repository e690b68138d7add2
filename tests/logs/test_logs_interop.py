"""Converters between MPSZ text and 136-ids, 34-counts, mjai names and tenhou.net/6 codes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from typed_mahjong.core.interop import (
    RED_IDS,
    from_34,
    from_136,
    from_mjai,
    from_tenhou6,
    tile_from_136,
    to_34,
    to_136,
    to_mjai,
    to_tenhou6,
)
from typed_mahjong.core.tiles import format_tiles
from typed_mahjong.errors import HandError


def test_red_five_ids_follow_tenhou() -> None:
    # Tenhou: the first copy of each five (id 4 * tile) is red where red fives are played.
    assert RED_IDS == (16, 52, 88)
    assert from_136([16, 52, 88]) == "0m0p0s"
    assert from_136([16, 52, 88], red_fives=False) == "5m5p5s"
    assert to_136("0m5m") == [16, 17]
    assert to_136("5m5m5m") == [17, 18, 19]  # a plain five never takes the red copy
    assert to_136("5m5m5m5m", red_fives=False) == [16, 17, 18, 19]


def test_known_values() -> None:
    assert to_136("1m9m1p9p1s9s1234567z") == [0, 32, 36, 68, 72, 104, 108, 112, 116, 120,
                                                124, 128, 132]
    assert tile_from_136(135) == (33, False)  # the last copy of red dragon
    assert to_34("0m55m7z") == [0] * 4 + [3] + [0] * 28 + [1]
    assert to_mjai("0m5pESWNPFC") == ["5mr", "5p", "E", "S", "W", "N", "P", "F", "C"]
    assert from_mjai(["5sr", "C", "1m"]) == "1m0s7z"
    assert to_tenhou6("19m0p1z7z") == [11, 19, 52, 41, 47]
    assert from_tenhou6([53, 39, 21]) == "1p09s"


@pytest.mark.parametrize(("call", "fault"), [
    (lambda: from_136([136]), "not a tile id"),
    (lambda: from_136([-1]), "not a tile id"),
    (lambda: from_136([3, 3]), "appears twice"),
    (lambda: to_136("11111m"), "no a free copy of 1m"),
    (lambda: to_136("0m0m"), "no the red five of 0m"),
    (lambda: to_136("0m", red_fives=False), "red fives are off"),
    (lambda: from_34([0] * 33), "expected 34"),
    (lambda: from_34([5] + [0] * 33), "has count 5"),
    (lambda: from_mjai(["?"]), "not an mjai tile name"),
    (lambda: from_mjai(["5zr"]), "not an mjai tile name"),
    (lambda: from_tenhou6([60]), "not a tile code"),
    (lambda: from_tenhou6([48]), "not a tile code"),
    (lambda: from_tenhou6([50]), "not a tile code"),
])
def test_bad_input_is_named(call: object, fault: str) -> None:
    with pytest.raises(HandError, match=fault):
        call()  # type: ignore[operator]


# A hand-sized multiset of tiles: up to four of a kind, at most one red five a suit.
@st.composite
def tile_lists(draw: st.DrawFn) -> list[tuple[int, bool]]:
    ids = draw(st.lists(st.integers(0, 135), unique=True, max_size=18))
    return [tile_from_136(tile_id) for tile_id in ids]


@given(st.lists(st.integers(0, 135), unique=True, max_size=18), st.booleans())
def test_136_round_trip(ids: list[int], red: bool) -> None:
    text = from_136(ids, red_fives=red)
    back = to_136(text, red_fives=red)
    # Copy identity is not notation: the tiles (kind and red flag) come back, in text order.
    assert sorted(tile_from_136(i, red_fives=red) for i in back) == sorted(
        tile_from_136(i, red_fives=red) for i in ids)
    assert from_136(back, red_fives=red) == text


@given(tile_lists())
def test_text_round_trips(tiles: list[tuple[int, bool]]) -> None:
    text = format_tiles(tiles)
    assert from_136(to_136(text)) == text
    assert from_mjai(to_mjai(text)) == text
    assert from_tenhou6(to_tenhou6(text)) == text
    plain = format_tiles([(tile, False) for tile, _ in tiles])
    assert from_34(to_34(text)) == plain


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_34_round_trip(counts: list[int]) -> None:
    assert to_34(from_34(counts)) == counts
