"""Issue 43 item 3: every text reader refuses a text longer than its grammar allows before
reading it, so a megabyte of hand text costs no more than a short one, and the message
does not repeat it."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from typed_mahjong import HandError, fu, score, shanten, waits
from typed_mahjong.core.tiles import MAX_HAND_TEXT, MAX_SEQUENCE_TEXT, MAX_TILE_TEXT

T = "234p234s456m567s44p"  # won on 3p: tanyao, 1300
HUGE = "1" * 1_000_000 + "m"

READERS: dict[str, tuple[Callable[[], object], str, int]] = {
    "fu's hand": (lambda: fu(HUGE, "1m"), "hand", MAX_HAND_TEXT),
    "shanten's hand": (lambda: shanten(HUGE), "hand", MAX_HAND_TEXT),
    "waits' hand": (lambda: waits(HUGE), "hand", MAX_HAND_TEXT),
    "the winning tile": (lambda: score(T, "3" * 1_000_000 + "p"), "win", MAX_TILE_TEXT),
    "the dora indicators": (lambda: score(T, "3p", dora="1m" * 500_000), "dora",
                            MAX_SEQUENCE_TEXT),
}


@pytest.mark.parametrize("name", READERS)
def test_a_text_too_long_is_refused_unread(name: str) -> None:
    call, field, most = READERS[name]
    began = time.process_time()
    with pytest.raises(HandError) as caught:
        call()
    assert time.process_time() - began < 0.5  # a cap: reading a megabyte took seconds
    assert caught.value.field == field
    assert "is too long" in str(caught.value) and f"(at most {most})" in str(caught.value)
    assert len(str(caught.value)) < 200


def test_the_bounds_leave_room_for_every_hand() -> None:
    # A long but valid spelling, every tile written whole: a pair and four closed kans
    # (suukantsu, a yakuman), well inside the bound.
    longest = "1m1m " + " ".join(f"ankan:{d}m{d}m{d}m{d}m" for d in "2345")
    assert len(longest) < MAX_HAND_TEXT // 2
    assert fu(longest, "1m") > 0
