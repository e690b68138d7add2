"""Issue 39, F6: Chinese Official's account-once principle for yaku over two chows.

Yaku marked ``account_once`` form one family: a pair of chows counts for one of them at
most, a chow pairs with another only once for the same yaku, and the pairs counted never
close a loop. The two hands below are the reference implementation's own examples of the
principle (pymahjonggb's fan_calculator.cpp, the comment above ``exclusionary_rule``),
worked here: every fan of the family is worth 1, the pair 1.
"""

from __future__ import annotations

import pytest
from test_games_load_errors import load_error

from typed_mahjong.games import loads

_TILES = "\n".join(f"  {n}{s}: {{n: {n}, suit: {s}}}" for s in "mps" for n in range(1, 10))
GAME = f"""\
name: Chows
rules:
  hand_size: 14
  structure: 3 3 3 3 2
defaults:
  copies: 4
tiles:
{_TILES}
parts:
  chow a b c: a.suit == b.suit == c.suit and a.n + 1 == b.n == c.n - 1
  pung a b c: a.name == b.name == c.name
sets:
  3: chow(a, b, c) or pung(a, b, c)
  2: a.name == b.name
yaku:
  Pure Double Chow:
    when: chow(a, b, c) and chow(d, e, f) and a == d
    points: 1
    each: true
    account_once: true
  Mixed Double Chow:
    when: chow(a, b, c) and chow(d, e, f) and a.n == d.n and a.suit != d.suit
    points: 1
    each: true
    account_once: true
  Short Straight:
    when: chow(a, b, c) and chow(d, e, f) and a.suit == d.suit and d.n == a.n + 3
    points: 1
    each: true
    account_once: true
  Pair:
    structure: 2 3 3 3 3
    when: true
    points: 1
"""


@pytest.mark.parametrize(("hand", "yaku"), [
    # 234567s 234567p: chows 234s, 567s, 234p, 567p. Mixed Double Chow pairs 234s-234p
    # and 567s-567p, Short Straight 234s-567s and 234p-567p: four pairs, but on four chows
    # only three can count without a loop: Mixed Double Chow x2 and Short Straight x1
    # (the reference: "Mixed Double Chow x2, Short Straight x1", not x2 and x2).
    ("2s 3s 4s 5s 6s 7s 2p 3p 4p 5p 6p 7p 9m 9m",
     (("Mixed Double Chow", 2), ("Short Straight", 1), ("Pair", 1))),
    # 234s 223344p 567p: chows 234s, 234p, 234p, 567p. Pure Double Chow 234p-234p; Mixed
    # Double Chow 234s with either 234p, but only once (234s is one chow); Short Straight
    # either 234p with 567p: one each (the reference: not "Mixed Double Chow x2, Short
    # Straight").
    ("2s 3s 4s 2p 2p 3p 3p 4p 4p 5p 6p 7p 9m 9m",
     (("Pure Double Chow", 1), ("Mixed Double Chow", 1), ("Short Straight", 1),
      ("Pair", 1))),
    # Three chows 123m, 123p, 123s: each pair of them is a Mixed Double Chow, but a chow
    # makes that yaku with one other chow only, so one pair counts and the third chow is
    # left over: x1 (the reference's cap for three chows, two, cuts repeats first).
    ("1m 2m 3m 1p 2p 3p 1s 2s 3s 5s 5s 5s 9m 9m", (("Mixed Double Chow", 1), ("Pair", 1))),
])
def test_the_account_once_principle(hand: str, yaku: tuple[tuple[str, int], ...]) -> None:
    result = loads(GAME, filename="chows.yaml").score(hand)
    assert result.yaku == yaku
    assert result.points == sum(value for _, value in yaku)


def test_account_once_needs_each_and_two_groups() -> None:
    text = GAME.replace("    points: 1\n    each: true\n    account_once: true\n  Short",
                        "    points: 1\n    account_once: true\n  Short")
    error = load_error(text)
    assert len(error.problems) == 1
    assert "yaku 'Mixed Double Chow': 'account_once' counts a yaku over two groups with its " \
           "family: give it 'each: true' and a constraint that names exactly two groups" in \
           error.problems[0]
