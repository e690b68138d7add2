"""The Score value (issue 15): a cheap __slots__ object that keeps the public API.

Its text fields are made when asked; it is immutable, compares and hashes by value, has a
dataclass-like repr and pickles.
"""

from __future__ import annotations

import pickle

import pytest

from typed_mahjong import score
from typed_mahjong.core.tiles import plain_tiles, suit_digits

HAND = "234p234s456m567s44p"  # won on 3p (kanchan): tanyao, 40 fu, 1300


def test_fields_and_lazy_text() -> None:
    # 20 base + 10 closed ron + 2 kanchan = 32 -> 40 fu; tanyao 1 han: 40 * 2**3 * 4 = 1280
    # -> 1300 from the discarder.
    result = score(HAND, "3p")
    assert (result.han, result.fu, result.yaku, result.points, result.payment_text) == (
        1, 40, (("tanyao", 1),), 1300, "1300")
    assert result.fu_breakdown == (("base", 20), ("closed ron", 10), ("kanchan wait", 2),
                                   ("rounded up", 8))
    assert result.reading == "44p 456m 234p 234s 567s"
    assert result.explain().splitlines()[0] == "reading: 44p 456m 234p 234s 567s; wait kanchan"


def test_immutable() -> None:
    result = score(HAND, "3p")
    with pytest.raises(AttributeError):
        result.points = 8000  # type: ignore[misc]
    with pytest.raises(AttributeError):
        result.extra = 1  # type: ignore[attr-defined]


def test_equality_hash_repr_and_pickle() -> None:
    first, second = score(HAND, "3p"), score(HAND, "3p")
    assert first == second and hash(first) == hash(second) and first is not second
    assert first != score(HAND, "3p", tsumo=True)
    assert repr(first).startswith("Score(han=1, fu=40, yaku=(('tanyao', 1),), ")
    assert "payment_text='1300'" in repr(first) and "rules='tenhou'" in repr(first)
    copy = pickle.loads(pickle.dumps(first))
    assert copy == first and copy.reading == first.reading


def test_yakuless_score() -> None:
    # An open hand of runs and a pair of 1p: no yaku, 0 points, payment text "0".
    result = score("11p chi:234m chi:234s pon:444z chi:789m", "1p")
    assert (result.is_yakuless, result.points, result.payment_text) == (True, 0, "0")
    assert result.explain() == "no yaku (11p [234m] [234s] [444z] [789m]; wait tanki)"


@pytest.mark.parametrize(("text", "digits"), [
    ("123m456p789s11z", ("123", "456", "789", "11")),
    ("11z789s", (None, None, "789", "11")),  # suits out of order: joined, sorted
    ("3m1m2m", ("123", None, None, None)),
    ("", (None, None, None, None)),
])
def test_plain_text_reader(text: str, digits: tuple[str | None, ...]) -> None:
    assert suit_digits(text) == digits


@pytest.mark.parametrize("text", ["123m E", "1E", "8z", "12", "m", "123x"])
def test_plain_text_reader_leaves_the_rest_to_the_careful_parser(text: str) -> None:
    assert suit_digits(text) is None and plain_tiles(text) is None


def test_plain_tiles_sorted_with_red_fives() -> None:
    # 0p is the red 5p (tile 13); 1z is East (27).
    assert plain_tiles("1z0p23m") == ([1, 2, 13, 27], [13])
