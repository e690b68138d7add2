"""Issue 39, F5: a yaku counted once for each set of groups it is played by (``each``).

Every expected total is worked from the file's values in the comments.
"""

from __future__ import annotations

import pytest
from test_games_load_errors import load_error, where

from typed_mahjong.games import loads

# Numbered tiles of one suit, 1 to 9, and two honours; hands of four groups of three and a
# pair. Pung of Ends: a triplet of 1s, 9s or honours, once for each. Double Chow: two
# equal runs, once for each pair of groups (no group in two pairs). Pair: any pair,
# counted per hand so that every winning hand scores.
GAME = """\
name: Each
rules:
  hand_size: 14
  structure: 3 3 3 3 2
defaults:
  copies: 4
tiles:
  n1: {n: 1, end: true}
  n2: {n: 2, end: false}
  n3: {n: 3, end: false}
  n4: {n: 4, end: false}
  n5: {n: 5, end: false}
  n6: {n: 6, end: false}
  n7: {n: 7, end: false}
  n8: {n: 8, end: false}
  n9: {n: 9, end: true}
  red: {n: 0, end: true}
  blue: {n: 0, end: true}
parts:
  pung a b c: a.name == b.name == c.name
  run a b c: a.n > 0 and a.n + 1 == b.n == c.n - 1
sets:
  3: pung(a, b, c) or run(a, b, c)
  2: a.name == b.name
yaku:
  Pung of Ends:
    when: pung(a, b, c) and a.end
    points: 10
    each: true
  Double Chow:
    when: run(a, b, c) and run(d, e, f) and a == d
    points: 100
    each: true
  Pair:
    structure: 2 3 3 3 3
    when: true
    points: 1
"""


@pytest.mark.parametrize(("hand", "expected", "yaku"), [
    # Three pungs of ends (1s, 9s, red) and a run: Pung of Ends x3 = 30, Pair 1.
    ("n1 n1 n1 n9 n9 n9 red red red n2 n3 n4 n5 n5", 31,
     (("Pung of Ends", 30), ("Pair", 1))),
    # Four equal runs 234: two disjoint pairs of them: Double Chow x2 = 200, Pair 1.
    ("n2 n3 n4 n2 n3 n4 n2 n3 n4 n2 n3 n4 n9 n9", 201, (("Double Chow", 200), ("Pair", 1))),
    # Three equal runs 234 and a run 567: one pair only (the third run has no partner left):
    # 100 + 1.
    ("n2 n3 n4 n2 n3 n4 n2 n3 n4 n5 n6 n7 n9 n9", 101, (("Double Chow", 100), ("Pair", 1))),
    # No pung of ends, no equal runs: Pair alone.
    ("n2 n3 n4 n5 n6 n7 n6 n7 n8 n3 n4 n5 n9 n9", 1, (("Pair", 1),)),
])
def test_each_counts_every_set_of_groups_once(hand: str, expected: int,
                                              yaku: tuple[tuple[str, int], ...]) -> None:
    result = loads(GAME, filename="each.yaml").score(hand)
    assert result.points == expected
    assert result.yaku == yaku


def test_the_best_reading_counts_the_most() -> None:
    # 111 222 333 as three pungs (1s: one Pung of Ends) or as three runs 123 (two of them
    # a Double Chow pair): 100 beats 10; with 444 5 5 ... the best reading takes the runs.
    hand = "n1 n1 n1 n2 n2 n2 n3 n3 n3 n7 n8 n9 n5 n5"
    result = loads(GAME, filename="each.yaml").score(hand)
    assert result.points == 101 and result.yaku == (("Double Chow", 100), ("Pair", 1))


def test_each_needs_a_constraint_that_names_groups() -> None:
    text = GAME.replace("    points: 1\n", "    points: 1\n    each: true\n")
    error = load_error(text)
    # The error points at the Pair's `true` after `each:`.
    pair = text.index("  Pair:")
    line, column = where(text, "  Pair:", text.index("each: true", pair) + len("each: ") - pair)
    assert error.problems == (
        f"g.yaml:{line}:{column}: yaku 'Pair': 'each' counts the yaku once for each set of "
        f"groups it is played by, but its constraint names no group (a slot such as a, or "
        f"g1)",)


# Issue 39, F7: an override of some of the times a yaku counts. Bookends (pungs of both
# 1s and 9s) leaves out one Pung of Ends, not all of them.
BOOKENDS = GAME + """\
  Bookends:
    when: count(t.name == 'n1' for t in hand) >= 3 and count(t.name == 'n9' for t in hand) >= 3
    points: 50
    overrides: [{yaku: Pung of Ends, times: 1}]
"""


@pytest.mark.parametrize(("hand", "expected", "yaku"), [
    # Pungs of 1s, 9s and red: Pung of Ends x3 less one = 20, Bookends 50, Pair 1: 71.
    ("n1 n1 n1 n9 n9 n9 red red red n2 n3 n4 n5 n5", 71,
     (("Pung of Ends", 20), ("Pair", 1), ("Bookends", 50))),
    # Pungs of 1s and 9s and two 234 runs: Pung of Ends x2 less one = 10, Double Chow 100,
    # Bookends 50, Pair 1: 161.
    ("n1 n1 n1 n9 n9 n9 n2 n3 n4 n2 n3 n4 n5 n5", 161,
     (("Pung of Ends", 10), ("Double Chow", 100), ("Pair", 1), ("Bookends", 50))),
])
def test_an_override_in_part_leaves_out_that_many_times(
        hand: str, expected: int, yaku: tuple[tuple[str, int], ...]) -> None:
    result = loads(BOOKENDS, filename="bookends.yaml").score(hand)
    assert result.points == expected
    assert result.yaku == yaku


@pytest.mark.parametrize(("entry", "message"), [
    ("{yaku: Nope, times: 1}", "yaku 'Bookends': overrides unknown yaku 'Nope'"),
    ("{yaku: Pung of Ends}", "yaku 'Bookends'.overrides: an entry in part is "
                             "{yaku: NAME, times: N}"),
    ("{yaku: Pung of Ends, times: 0}", "yaku 'Bookends'.overrides.times: "),
])
def test_a_bad_override_in_part_is_a_load_error(entry: str, message: str) -> None:
    text = BOOKENDS.replace("[{yaku: Pung of Ends, times: 1}]", f"[{entry}]")
    error = load_error(text)
    assert len(error.problems) == 1 and message in error.problems[0], error.problems
