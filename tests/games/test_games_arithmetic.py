"""Issue 39 (F5): `*` and `/` in expressions, for values such as Tile Hog (a tile whose four
copies the hand holds, counted once a tile: the copies counted, divided by four).

Expected values are worked from the hands in the comments.
"""

from __future__ import annotations

import pytest
from test_games_load_errors import load_error, where

from typed_mahjong.games import loads

GAME = """\
name: Sums
rules:
  hand_size: 8
  structure: 2 2 2 2
defaults:
  copies: 4
tiles:
  one: {n: 1}
  two: {n: 2}
  three: {n: 3}
  four: {n: 4}
yaku:
  Value:
    when: VALUE_WHEN
    points: VALUE
"""


def _game(value: str, when: str = "true") -> str:
    return GAME.replace("VALUE_WHEN", when).replace("VALUE", value)


@pytest.mark.parametrize(("value", "hand", "expected"), [
    # Twice the number of ones: three ones, 6.
    ("2 * count(t.n == 1 for t in hand)", "one one one two two three three four", 6),
    # Tile Hog: kinds held four times. Four twos: 4 copies counted / 4 = 1; plus four
    # threes: 8 / 4 = 2.
    ("count(count(u.name == t.name for u in hand) == 4 for t in hand) / 4",
     "two two two two one one three three", 1),
    ("count(count(u.name == t.name for u in hand) == 4 for t in hand) / 4",
     "two two two two three three three three", 2),
    # Multiplication before addition: 1 + 2 * 3 = 7; (1 + 2) * 3 = 9.
    ("1 + 2 * 3", "one one two two three three four four", 7),
    ("(1 + 2) * 3", "one one two two three three four four", 9),
    # Division rounds down: the sum of n is 1+1+2+2+3+3+4+4 = 20; 20 / 3 = 6.
    ("sum(t.n for t in hand) / 3", "one one two two three three four four", 6),
])
def test_products_and_quotients(value: str, hand: str, expected: int) -> None:
    assert loads(_game(value), filename="sums.yaml").score(hand).points == expected


def test_products_in_a_constraint() -> None:
    # 2 * 3 == 6 holds; 7 / 2 == 3 holds (rounded down); 7 / 2 == 4 does not.
    game = _game("1", "2 * 3 == 6 and 7 / 2 == 3")
    assert loads(game, filename="sums.yaml").score("one one two two three three four four"
                                                    ).points == 1
    game = _game("1", "7 / 2 == 4")
    assert loads(game, filename="sums.yaml").score("one one two two three three four four"
                                                    ).points == 0


@pytest.mark.parametrize("divisor", ["0", "count(t.n == 1 for t in hand)", "-4"])
def test_a_division_by_anything_but_a_positive_number_is_a_load_error(divisor: str) -> None:
    text = _game(f"8 / {divisor}")
    error = load_error(text)
    line, column = where(text, f"8 / {divisor}", len("8 / "))
    assert error.problems == (
        f"g.yaml:{line}:{column}: yaku 'Value' value: '/' divides by a whole number greater "
        f"than 0 written in the file (count(...) / 4)",)


def test_a_huge_product_is_bounded_like_a_written_value() -> None:
    # 150 factors of 999,999,999 (about 10^1350): the value counts as 10^9, the most a
    # value written in the file may be.
    product = " * ".join(["999999999"] * 150)
    result = loads(_game(product), filename="sums.yaml").score(
        "one one two two three three four four")
    assert result.points == 10 ** 9
