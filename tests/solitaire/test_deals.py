from collections import Counter

from typed_mahjong.solitaire.deals import random_deal, solvable_deal
from typed_mahjong.solitaire.faces import standard_tile_set
from typed_mahjong.solitaire.layout import turtle
from typed_mahjong.solitaire.position import replay


def test_random_deals_are_seeded_and_use_the_whole_set() -> None:
    layout = turtle()
    first, again, other = random_deal(layout, 7), random_deal(layout, 7), random_deal(layout, 8)
    assert first.faces == again.faces
    assert first.faces != other.faces
    assert Counter(first.faces) == Counter(standard_tile_set())


def test_solvable_deals_come_with_a_clearing_sequence() -> None:
    layout = turtle()
    for seed in range(3):
        position, moves = solvable_deal(layout, seed)
        assert Counter(position.faces) == Counter(standard_tile_set())
        assert len(moves) == 72
        assert replay(position, moves).is_cleared
    assert solvable_deal(layout, 5)[0].faces == solvable_deal(layout, 5)[0].faces
