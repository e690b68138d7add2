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
GROUPS = "123m456p789s1122z" * 100_000  # each suit in 100,000 groups: 1.7 MB

READERS: dict[str, tuple[Callable[[], object], str, int]] = {
    "fu's hand": (lambda: fu(HUGE, "1m"), "hand", MAX_HAND_TEXT),
    "shanten's hand": (lambda: shanten(HUGE), "hand", MAX_HAND_TEXT),
    "waits' hand": (lambda: waits(HUGE), "hand", MAX_HAND_TEXT),
    # Found by the generated calls (tests/query/test_query_generated.py, seed 400): a suit
    # written in many groups is joined before the length was checked (quadratic: 5 s for
    # shanten and fu at 1.7 MB, 1.3 s through the three-player check).
    "shanten's hand of many groups": (lambda: shanten(GROUPS), "hand", MAX_HAND_TEXT),
    "shanten's hand under sanma": (lambda: shanten(GROUPS, rules="tenhou-sanma"), "hand",
                                   MAX_HAND_TEXT),
    "waits' hand under sanma": (lambda: waits(GROUPS, rules="tenhou-sanma"), "hand",
                                MAX_HAND_TEXT),
    "fu's hand of many groups": (lambda: fu(GROUPS, "1z"), "hand", MAX_HAND_TEXT),
    "score's hand of many groups": (lambda: score(GROUPS, "1z"), "hand", MAX_HAND_TEXT),
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


@pytest.mark.parametrize("rules", ["x" * 100_000, 2**20000, "\x1b[2J" * 50],
                         ids=["long text", "6021 digits", "escapes"])
@pytest.mark.parametrize("call", ["points", "shanten", "waits", "rules_from"])
def test_a_rules_value_is_shown_short(rules: object, call: str) -> None:
    # Found by the generated calls (tests/query/test_query_generated.py): an unknown preset
    # was quoted whole (100 kB), and an int of 6,000 digits ended in Python's ValueError
    # (it has no decimal text) instead of the HandError naming rules.
    from typed_mahjong import points, rules_from

    calls: dict[str, Callable[[], object]] = {
        "points": lambda: points(T, "3p", rules=rules),  # type: ignore[arg-type]
        "shanten": lambda: shanten(T, rules=rules),  # type: ignore[arg-type]
        "waits": lambda: waits("234p234s456m567s4p", rules=rules),  # type: ignore[arg-type]
        "rules_from": lambda: rules_from(rules),  # type: ignore[arg-type]
    }
    with pytest.raises(HandError) as caught:
        calls[call]()
    assert caught.value.field == "rules"
    assert len(str(caught.value)) < 250 and "\x1b" not in str(caught.value)
    if isinstance(rules, int):
        assert "a number of about 6021 digits" in str(caught.value)


@pytest.mark.parametrize("overrides", [{"honba_value": "y" * 100_000},
                                       {"x" * 100_000: 1},
                                       {"double_yakuman": ["z" * 100_000]}],
                         ids=["long value", "long key", "long name"])
def test_a_rules_override_is_shown_short(overrides: dict[str, object]) -> None:
    from typed_mahjong import rules_from

    with pytest.raises(HandError) as caught:
        rules_from("tenhou", **overrides)
    assert len(str(caught.value)) < 1000
