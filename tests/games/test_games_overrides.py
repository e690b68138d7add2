"""Issue 39, F8 and F4: overrides that do not chain, and fallback yaku.

A yaku that does not count (itself overridden) overrides nothing: with A over B and B over
C all holding, A and C count. A fallback yaku counts only where no other yaku does, bonus
yaku aside. Every expected total is worked from the values in the file.
"""

from __future__ import annotations

import pytest
from test_games_load_errors import load_error, where

from typed_mahjong.games import loads

# Six tiles, read as two groups of three. Each yaku below holds by the tiles it names.
GAME = """\
name: Chains
rules:
  hand_size: 6
  structure: 3 3
  minimum: 1
defaults:
  copies: 4
tiles:
  r1: {colour: red, n: 1}
  r2: {colour: red, n: 2}
  b1: {colour: blue, n: 1}
  b2: {colour: blue, n: 2}
  flower: {colour: none, n: 0}
yaku:
  A:
    when: count(t.name == 'r1' for t in hand) >= 3
    points: 100
    overrides: [B]
  B:
    when: count(t.colour == 'red' for t in hand) >= 3
    points: 10
    overrides: [C]
  C:
    when: count(t.n == 1 for t in hand) >= 3
    points: 1
  Chicken:
    when: true
    points: 8
    fallback: true
  Flower:
    when: count(t.name == 'flower' for t in hand) >= 1
    points: 1000
    bonus: true
"""


@pytest.mark.parametrize(("hand", "expected", "names"), [
    # A, B and C hold: A drops B, and B, not counting, does not drop C: 100 + 1.
    ("r1 r1 r1 b1 b2 b2", 101, ("A", "C")),
    # B and C hold (two r1 only): B counts and drops C: 10.
    ("r1 r1 r2 b1 b2 b2", 10, ("B",)),
    # C alone (three n == 1, two of them blue): 1.
    ("r1 b1 b1 b2 b2 b2", 1, ("C",)),
    # Nothing but the fallback holds: Chicken, 8.
    ("r2 b1 b2 b2 b2 r2", 8, ("Chicken",)),
    # The fallback beside a bonus yaku alone: both count, 8 + 1000.
    ("r2 b1 b2 b2 b2 flower", 1008, ("Chicken", "Flower")),
    # A bonus yaku beside a real one: the fallback does not count, 1 + 1000.
    ("r1 b1 b1 b2 b2 flower", 1001, ("C", "Flower")),
])
def test_overrides_do_not_chain_and_a_fallback_counts_alone(
        hand: str, expected: int, names: tuple[str, ...]) -> None:
    result = loads(GAME, filename="chains.yaml").score(hand)
    assert result.points == expected
    assert tuple(name for name, _ in result.yaku) == names


def test_a_cycle_of_overrides_is_a_load_error() -> None:
    text = GAME.replace("    points: 1\n  Chicken", "    points: 1\n    overrides: [A]\n"
                                                   "  Chicken")
    error = load_error(text)
    line, column = where(text, "[B]")
    assert error.problems == (
        f"g.yaml:{line}:{column}: yaku 'A': overrides go round in a cycle: 'A' -> 'B' -> "
        f"'C' -> 'A' (a yaku that does not count overrides nothing, so each must be "
        f"decided before those it overrides)",)


def test_fallback_takes_true_or_false() -> None:
    text = GAME.replace("    fallback: true\n", "    fallback: sometimes\n")
    error = load_error(text)
    line, column = where(text, "sometimes")
    assert error.problems == (f"g.yaml:{line}:{column}: yaku 'Chicken'.fallback: expected "
                              f"true or false, found the string 'sometimes'",)


def test_a_long_chain_and_a_long_cycle_of_overrides() -> None:
    # 299 yaku (the most a file may hold is 300 entries), each overriding the next: a
    # chain loads and scores (Y0 drops Y1, so Y2 counts and drops Y3, ...), and closing
    # it into a cycle is one error, found without recursion.
    count = 299
    lines = ["name: Long", "rules: {hand_size: 6, structure: 3 3}", "defaults: {copies: 4}",
             "tiles: {r1: {n: 1}, r2: {n: 2}}", "yaku:"]
    for index in range(count):
        lines += [f"  Y{index}:", "    when: true", "    points: 1"]
        if index + 1 < count:
            lines.append(f"    overrides: [Y{index + 1}]")
    chain = "\n".join(lines) + "\n"
    result = loads(chain, filename="long.yaml").score("r1 r1 r1 r2 r2 r2")
    assert result.points == (count + 1) // 2  # Y0, Y2, ..., Y298: 150 of them
    error = load_error(chain + "    overrides: [Y0]\n")
    assert len(error.problems) == 1
    assert "overrides go round in a cycle: 'Y0' -> 'Y1' -> 'Y2' -> 'Y3' -> ... (299 yaku " \
           "in all) -> 'Y298' -> 'Y0' (a yaku" in error.problems[0]
