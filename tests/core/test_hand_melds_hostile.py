"""Hand strings with many called melds (issue 30): 86 or more ``pon:`` melds gave
``byte must be in range(0, 256)`` (a traceback, and mahjong-internal in mypy). A hand has
at most four melds and four copies of a tile: the fault is a located HandError at the meld
that breaks the rule, from every function that reads a hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from typed_mahjong import score, shanten, waits
from typed_mahjong.core.tiles import MAX_HAND_TEXT
from typed_mahjong.errors import MALFORMED, HandError

READERS: list[tuple[str, Callable[[str], object]]] = [
    ("score", lambda hand: score(hand, win="1m")),
    ("shanten", shanten),
    ("waits", waits),
]


def error_of(read: Callable[[str], object], hand: str) -> HandError:
    with pytest.raises(HandError) as caught:
        read(hand)
    return caught.value


@pytest.mark.parametrize(("name", "read"), READERS, ids=[name for name, _ in READERS])
@pytest.mark.parametrize("count", [2, 20, 86, 300])
def test_many_pons_of_one_tile_point_at_the_meld_with_the_fifth_copy(
        name: str, read: Callable[[str], object], count: int) -> None:
    hand = "123m" + " pon:555z" * count
    error = error_of(read, hand)
    if len(hand) > MAX_HAND_TEXT:
        # 86 pons are 777 characters: refused as too long before a meld is read (issue 43).
        assert (error.field, error.position, error.kind) == ("hand", None, MALFORMED)
        assert f"{len(hand)} characters is too long for a hand" in error.message
        return
    # pon:555z twice is six copies of 5z: the second pon holds the 5th.
    second = hand.index("pon:555z", hand.index("pon:555z") + 1)
    assert (error.field, error.position, error.kind) == ("hand", second, MALFORMED)
    assert "5th copy of 5z" in error.message


@pytest.mark.parametrize(("name", "read"), READERS, ids=[name for name, _ in READERS])
def test_a_fifth_meld_is_refused_at_that_meld(name: str, read: Callable[[str], object]
                                              ) -> None:
    hand = "11m pon:111p pon:222p pon:333p pon:444p pon:555p"
    error = error_of(read, hand)
    assert (error.position, error.kind) == (hand.index("pon:555p"), MALFORMED)
    assert "at most 4 called melds" in error.message


def test_two_red_fives_in_melds_point_at_the_second() -> None:
    hand = "11m pon:055p pon:055p 123s 456s"
    error = error_of(READERS[0][1], hand)
    assert error.position == hand.rindex("pon:055p")


MELDS = st.sampled_from(["pon:555z", "pon:111m", "chi:123p", "kan:7777s", "ankan:1111z",
                         "kakan:9999m", "pon:055p", "chi:406s"])


@settings(max_examples=200, deadline=None)
@given(concealed=st.sampled_from(["123m", "11m", "1m", "123m456p78s11z"]),
       melds=st.lists(MELDS, max_size=40))  # up to 360 characters: both sides of the bound
def test_any_run_of_melds_reads_or_fails_cleanly(concealed: str, melds: list[str]) -> None:
    hand = " ".join([concealed, *melds])
    for _, read in READERS:
        try:
            read(hand)
        except HandError as error:
            assert error.field in ("hand", "win"), error
            if len(hand) > MAX_HAND_TEXT:  # refused before it is read (issue 43)
                assert error.position is None and "is too long" in error.message, error
            elif len(melds) > 4:  # the fault is in the melds: at one of them
                assert error.position is not None and error.position > len(concealed), error
                assert hand[error.position:].startswith(tuple(set(melds))), error
