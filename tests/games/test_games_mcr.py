"""Issue 39: the `mcr` game (Chinese Official mahjong, 81 fan) against its oracle.

The oracle is a reference implementation's answers for 10,400 hands
(tests/data/mcr/corpus.jsonl.gz; tests/data/mcr/README.md); mcr_support.py turns a row
into our hand text and inputs. A hand the reference scores under 8 fan (Flower Tiles
aside) is not a win for us, and agrees when we score it 0.

`scripts/mcr_disagreements.py` lists what still differs, by fan.
"""

from __future__ import annotations

from typing import Any

import mcr_support
import pytest

from typed_mahjong import games

# Measured 2026-11-29 on the 10,192 rows the reference scores: equal totals on 10,157
# (99.66%), the same fan list on 10,142 (99.51%). On every 4th of them (2,548 rows):
# 2,539 and 2,537. What remains: a wait the reference counts on a tile whose four
# copies the hand already holds (we do not: Edge/Closed/Single Wait), the one extra
# two-chow fan the reference allows the fourth chow beside a three-chow fan, and ties
# between readings worth the same that the reference breaks another way.
SAMPLE_TOTALS, SAMPLE_FANS = 2539, 2537
FULL_TOTALS, FULL_FANS = 10157, 10142


@pytest.fixture(scope="module")
def mcr() -> games.Game:
    return mcr_support.game()


@pytest.fixture(scope="module")
def scored() -> list[dict[str, Any]]:
    return mcr_support.scored_rows()


def _agreement(mcr: games.Game, rows: list[dict[str, Any]]) -> tuple[int, int, int]:
    comparisons = [mcr_support.compare(mcr, row) for row in rows]
    assert not [c.error for c in comparisons if c.error]
    return (len(comparisons), sum(c.same_total for c in comparisons),
            sum(c.same_fans for c in comparisons))


@pytest.mark.slow  # 7 s; test_corpus_agrees (CI) checks every row of the corpus, this quarter too
def test_corpus_sample_agrees(mcr: games.Game, scored: list[dict[str, Any]]) -> None:
    rows, totals, fans = _agreement(mcr, scored[::4])
    assert rows == 2548
    assert totals >= SAMPLE_TOTALS
    assert fans >= SAMPLE_FANS


@pytest.mark.slow
def test_corpus_agrees(mcr: games.Game, scored: list[dict[str, Any]]) -> None:
    rows, totals, fans = _agreement(mcr, scored)
    assert rows == 10192
    assert totals >= FULL_TOTALS  # the issue asks >= 99.5% (10,142)
    assert fans >= FULL_FANS  # the issue asks >= 99% (10,091)


def test_refused_hands_do_not_win(mcr: games.Game) -> None:
    """The reference refuses them (not a win, or a wrong tile count): never a win for
    us either (a wrong count is a bad hand)."""
    for row in mcr_support.rows():
        if not row["refused"]:
            continue
        try:
            result = mcr.score(mcr_support.hand_text(row), **mcr_support.inputs(row))
        except games.GameError as error:
            assert error.kind == "bad-hand"
        else:
            assert result.points == 0, row["id"]


# Worked hands, each a corpus row (its id), the reference's fan in the comment.
WORKED = [
    # row 10: a knitted straight 147m 258s 369p with a claimed chow 678s and 88s: Knitted
    # Straight 12, All Chows 2 (the set a chow, the pair numbered), Tile Hog 2 (four 8s)
    ("(6s 7s 8s) 1m 4m 7m 5s 8s 8s 8s 3p 6p 9p 2s", {},
     {"Knitted Straight": 12, "All Chows": 2, "Tile Hog": 2}),
    # row 22: 234m 345s 456p 567s 22p, won on 3m between 2m and 4m, self-drawn: Mixed
    # Shifted Chows 6, Fully Concealed Hand 4, All Chows 2, All Simples 2, Closed Wait 1
    ("2m 4m 3s 4s 5s 5s 6s 7s 2p 2p 4p 5p 6p 3m", {"tsumo": True, "seat": "S", "round": "S"},
     {"Mixed Shifted Chows": 6, "Fully Concealed Hand": 4, "All Chows": 2,
      "All Simples": 2, "Closed Wait": 1}),
    # row 25: seven pairs, two of them north: Seven Pairs 24, Tile Hog 2, One Voided Suit 1
    ("3s 3s 7s 7s 8s 8s 5p 5p 6p 6p north north north north", {"seat": "S"},
     {"Seven Pairs": 24, "Tile Hog": 2, "One Voided Suit": 1}),
    # row 56: nine gates waiting on all nine, won on 9p, self-drawn: Nine Gates 88 (not
    # Full Flush, Fully Concealed Hand), Pure Straight 16, Tile Hog 2, Self-Drawn 1
    ("1p 1p 1p 2p 3p 4p 5p 6p 7p 8p 9p 9p 9p 9p", {"tsumo": True},
     {"Nine Gates": 88, "Pure Straight": 16, "Tile Hog": 2, "Self-Drawn": 1}),
    # row 112: All Green 88 as seven pairs, Seven Pairs 24, Tile Hog 2
    ("2s 2s 3s 3s 4s 4s 6s 6s 8s 8s 8s 8s green green", {},
     {"All Green": 88, "Seven Pairs": 24, "Tile Hog": 2}),
    # row 194: a concealed and a claimed kong: the reference's 82nd fan, Concealed Kong
    # and Melded Kong 5; Prevalent and Seat Wind 2 each (east), Pung of Terminals or
    # Honors 1 x 2 (1s, south), One Voided Suit 1, Single Wait 1, Self-Drawn 1
    ("[1s 1s 1s 1s] (east east east east) (south south south) (7m 8m 9m) 8m 8m",
     {"tsumo": True},
     {"Prevalent Wind": 2, "Seat Wind": 2, "Pung of Terminals or Honors": 2,
      "One Voided Suit": 1, "Single Wait": 1, "Self-Drawn": 1,
      "Concealed Kong and Melded Kong": 5}),
    # row 814: robbing a kong of 3p (1p 2p waiting on it alone): Robbing The Kong 8,
    # Concealed Hand 2, Tile Hog 2 (7p), Two Concealed Pungs 2, Two Terminal Chows 1,
    # Pung of Terminals or Honors 1 (east: neither seat nor prevailing wind), One Voided
    # Suit 1, Edge Wait 1
    ("9s 9s 1p 2p 7p 7p 7p 7p 8p 9p east east east 3p",
     {"seat": "S", "round": "S", "robbing_the_kong": True},
     {"Robbing The Kong": 8, "Concealed Hand": 2, "Tile Hog": 2, "Two Concealed Pungs": 2,
      "Two Terminal Chows": 1, "Pung of Terminals or Honors": 1, "One Voided Suit": 1,
      "Edge Wait": 1}),
    # row 846: Greater Honors and Knitted Tiles 24, Self-Drawn 1, Flower Tiles 7
    ("9m 2s 5s 8s 1p 4p 7p south west north red green white east",
     {"tsumo": True, "flowers": 7},
     {"Greater Honors and Knitted Tiles": 24, "Self-Drawn": 1, "Flower Tiles": 7}),
    # row 9830: Big Four Winds 88 (not All Pungs, the wind fan), Three Concealed Pungs 16,
    # Half Flush 6, Concealed Hand 2
    ("7p 7p east east east south south south west west north north north west",
     {"seat": "S", "round": "W"},
     {"Big Four Winds": 88, "Three Concealed Pungs": 16, "Half Flush": 6,
      "Concealed Hand": 2}),
]


@pytest.mark.parametrize(("hand", "situation", "fans"), WORKED)
def test_worked_hands(mcr: games.Game, hand: str, situation: dict[str, Any],
                      fans: dict[str, int]) -> None:
    result = mcr.score(hand, **situation)
    assert dict(result.yaku) == fans
    assert result.points == sum(fans.values())


def test_under_eight_fan_does_not_win(mcr: games.Game) -> None:
    # 123m 456p 789s 234s 55p, claimed chows, won on 5p: Mixed Straight 8, All Chows 2,
    # Single Wait 1 wins; with 234s for 789s the hand is All Chows 2, Single Wait 1 and
    # does not (the Flower Tiles do not count toward the 8)
    assert mcr.score("(1m 2m 3m) (4p 5p 6p) (7s 8s 9s) 2s 3s 4s 5p 5p").points == 11
    assert mcr.score("(1m 2m 3m) (4p 5p 6p) (2s 3s 4s) 2s 3s 4s 5p 5p",
                     flowers=8).points == 0


def test_waits_structures() -> None:
    """`rules.waits_structures`: the structures whose readings make a hand complete for
    its waits; each must be one a yaku is written for."""
    base = """\
name: W
rules: {hand_size: 3, structure: '3', WAITS}
tiles: {a: {n: 1}, b: {n: 2}, c: {n: 3}}
sets: {3: "a.n + 1 == b.n == c.n - 1 or a.name == b.name == c.name", 1: a.n >= 1}
yaku:
  Set: {when: true, points: 1}
  Singles: {structure: 1 1 1, when: true, points: 1}
"""
    every = games.loads(base.replace("WAITS", "minimum: 1"))
    assert every.waits("a b") == ("a", "b", "c")  # as singles, any tile completes it
    sets_only = games.loads(base.replace("WAITS", "waits_structures: ['3']"))
    assert sets_only.waits("a b") == ("c",)
    with pytest.raises(games.GameError, match="no yaku or exclusion is written for the "
                       "structure '2 1'"):
        games.loads(base.replace("WAITS", "waits_structures: ['3', 2 1]"))
