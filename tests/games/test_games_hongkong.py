"""The built-in Hong Kong old-style faan game (``hk-oldstyle``). Faan per the English
Wikipedia article "Hong Kong mahjong scoring rules" (see docs/games.md); points 2^faan up
to the 10-faan limit of 1024; a 3-faan minimum that the flower (bonus) faan do not count
toward. Each expected value is worked by hand in the comment above it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from games_support import run

from typed_mahjong.games import Game, builtin_path, load


@pytest.fixture(scope="module")
def hk() -> Game:
    return load(builtin_path("hk-oldstyle"))


CHOWS = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s"  # four chows and a pair of 5s


@pytest.mark.parametrize(
    ("hand", "inputs", "points", "yaku"),
    [
        # All Chows 1 + No Flowers 1 (bonus): 1 faan toward the minimum of 3: no win.
        (CHOWS, {}, 0, ()),
        # Self-drawn 1 + Concealed 1 + All Chows 1 = 3 (the minimum), + No Flowers 1 = 4
        # faan: 2^4 = 16.
        (CHOWS, {"tsumo": True, "concealed": True}, 16,
         (("Self-drawn", 1), ("Concealed Hand", 1), ("No Flowers", 1), ("All Chows", 1))),
        # A flower that is not the player's own spoils No Flowers: 3 faan, 8 points.
        (CHOWS, {"tsumo": True, "concealed": True, "flowers": 1}, 8,
         (("Self-drawn", 1), ("Concealed Hand", 1), ("All Chows", 1))),
        # Two dragon pungs and a dragon pair: Small Three Dragons 5 (the Red and Green
        # Dragon pungs are part of it) + No Flowers 1 = 6 faan: 64.
        ("red red red green green green white white 1m 1m 1m 2p 3p 4p", {}, 64,
         (("No Flowers", 1), ("Small Three Dragons", 5))),
        # Pungs of 1m 5m 9m east and a pair of 3m; seat east, round south, two flowers,
        # one of them the player's: All Pungs 3 + Mixed One Suit 3 + Seat Wind 1 + Seat
        # Flower 1 = 8 faan (no Round Wind: south), 2^8 = 256.
        ("1m 1m 1m 5m 5m 5m 9m 9m 9m east east east 3m 3m",
         {"seat": "E", "round": "S", "flowers": 2, "seat_flowers": 1}, 256,
         (("Seat Flower", 1), ("All Pungs", 3), ("Mixed One Suit", 3), ("Seat Wind", 1))),
        # Same hand, seat and round both east: Seat Wind 1 + Round Wind 1 + All Pungs 3 +
        # Mixed One Suit 3 + No Flowers 1 = 9 faan: 512.
        ("1m 1m 1m 5m 5m 5m 9m 9m 9m east east east 3m 3m", {}, 512,
         (("No Flowers", 1), ("All Pungs", 3), ("Mixed One Suit", 3), ("Seat Wind", 1),
          ("Round Wind", 1))),
        # 111 234 567 888 99 in dots, self-drawn: All One Suit 7 + Self-drawn 1 + No
        # Flowers 1 = 9 faan: 512.
        ("1p 1p 1p 2p 3p 4p 5p 6p 7p 8p 8p 8p 9p 9p", {"tsumo": True}, 512,
         (("Self-drawn", 1), ("No Flowers", 1), ("All One Suit", 7))),
        # Three dragon pungs: Great Three Dragons 8 + No Flowers 1 = 9 faan: 512.
        ("red red red green green green white white white 2s 3s 4s 6m 6m", {}, 512,
         (("No Flowers", 1), ("Great Three Dragons", 8))),
        # Four wind pungs: the limit, 1024 points, rather than the stack All Pungs 3 +
        # Mixed One Suit 3 + Seat Wind 1 + Round Wind 1 + No Flowers 1 = 9 faan (512).
        ("east east east south south south west west west north north north 5p 5p", {}, 1024,
         (("Great Four Winds", 1024),)),
        # Thirteen orphans: a limit hand of its own structure, 1024.
        ("1m 9m 1p 9p 1s 9s east south west north red green white 1m", {}, 1024,
         (("Thirteen Orphans", 1024),)),
        # Winds and dragons only, all pungs: All Honours 10 + All Pungs 3 + Red Dragon 1 +
        # Seat and Round Wind (east) 2 + No Flowers 1 = 17 faan: past the 10-faan table,
        # so the limit, 1024.
        ("east east east south south south west west west red red red north north", {}, 1024,
         (("No Flowers", 1), ("All Pungs", 3), ("All Honours", 10), ("Red Dragon", 1),
          ("Seat Wind", 1), ("Round Wind", 1))),
    ],
)
def test_hand_worked_fixtures(hk: Game, hand: str, inputs: dict[str, Any], points: int,
                              yaku: tuple[tuple[str, int], ...]) -> None:
    score = hk.score(hand, **inputs)
    assert score.points == points
    assert score.yaku == yaku


def test_the_game_as_declared(hk: Game) -> None:
    assert hk.unit == "han" and hk.minimum == 3 and hk.hand_size == 14
    assert [i.name for i in hk.inputs] == ["tsumo", "concealed", "seat", "round", "flowers",
                                            "seat_flowers"]
    assert len(hk.tile_names) == 34


def test_a_hand_without_four_sets_and_a_pair_never_wins(hk: Game) -> None:
    score = hk.score("1m 2m 4m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s", tsumo=True, concealed=True)
    assert score.points == 0 and score.reading is None


def test_more_own_flowers_than_flowers_is_outside_the_game(hk: Game) -> None:
    score = hk.score(CHOWS, tsumo=True, concealed=True, flowers=1, seat_flowers=2)
    assert score.points == 0 and score.excluded_by == "Flowers Miscounted"


def test_the_command_line_gives_the_situation(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("game", "score", "hk-oldstyle", CHOWS, "--tsumo", "--concealed", "--seat",
               "S", "--flowers", "1", "--input", "seat_flowers=1", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    # Self-drawn 1 + Concealed 1 + All Chows 1 + Seat Flower 1 = 4 faan: 16.
    assert data["points"] == 16
    assert data["yaku"] == [["Self-drawn", 1], ["Concealed Hand", 1], ["Seat Flower", 1],
                            ["All Chows", 1]]
