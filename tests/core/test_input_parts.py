"""The pieces the quick read of a hand is made of: parts (one suit's tiles and readings) and
called melds, each cached by its spelling. Their fields are checked against a from-scratch
computation, and the caches against what they must not keep."""

from __future__ import annotations

import itertools

import pytest

from typed_mahjong import score
from typed_mahjong.core.hand import _MELD_CACHE, quick_meld
from typed_mahjong.core.readings import decompose_suit
from typed_mahjong.core.scoring import _MELDS, _MELDS_LIMIT, _quick_melds
from typed_mahjong.core.shape import Part, part


def _naive(runs: tuple[int, ...], triplets: tuple[int, ...], pair: int
           ) -> tuple[int, int, int, bool]:
    """run_mask, triplet_mask, identical-run pairs and "every group has a terminal or an
    honour", the slow way."""
    run_mask = sum({1 << first for first in runs})
    triplet_mask = sum({1 << tile for tile in triplets})
    pairs = sum(min(runs.count(first), 4) // 2 for first in set(runs))
    outside = (all(first % 9 in (0, 6) for first in runs)
               and all(tile >= 27 or tile % 9 in (0, 8) for tile in triplets)
               and (pair < 0 or pair >= 27 or pair % 9 in (0, 8)))
    return run_mask, triplet_mask, pairs, outside


# Spellings of one suit: every winning-shaped count of up to 8 tiles over ranks 1-5 and
# 7-9 (runs, repeated runs, triplets, terminals), and a few full suits.
_SPELLINGS = ["".join(str(rank + 1) * count for rank, count in enumerate(counts))
              for counts in itertools.product(range(4), repeat=5)
              if sum(counts) % 3 != 1 and 0 < sum(counts) <= 8]
_SPELLINGS += ["11123456789999", "11122233344455", "22334455667788", "123123123123", "789"]


@pytest.mark.parametrize("suit", [0, 1, 2])
def test_number_parts_match_a_fresh_decomposition(suit: int) -> None:
    base = 9 * suit
    for digits in _SPELLINGS + [digits[::-1] for digits in _SPELLINGS[-5:]]:
        made = part(suit, digits)
        assert isinstance(made, Part), digits
        counts = tuple(digits.count(str(rank + 1)) for rank in range(9))
        assert made.counts == bytes(counts) and made.size == len(digits)
        assert made.most == max(counts)
        assert made.tile_mask == sum(1 << (base + rank) for rank in range(9) if counts[rank])
        assert made.pairs == (tuple(base + rank for rank in range(9) if counts[rank])
                              if set(counts) <= {0, 2} else None)
        wanted = sorted((base + pair if pair >= 0 else -1,
                         tuple(sorted(base + code - 9 for code in codes if code >= 9)),
                         tuple(sorted(base + code for code in codes if code < 9)))
                        for pair, codes in decompose_suit(counts))
        got = sorted((reading.pair, reading.runs, reading.triplets)
                     for reading in made.readings)
        assert got == wanted, digits
        for reading in made.readings:
            assert (reading.run_mask, reading.triplet_mask, reading.run_pairs,
                    reading.outside) == _naive(reading.runs, reading.triplets,
                                               reading.pair), (digits, reading.runs)


@pytest.mark.parametrize(("digits", "pair", "triplets"), [
    ("11", 27, ()), ("111", -1, (27,)), ("11555", 27, (31,)), ("777", -1, (33,)),
])
def test_honour_parts(digits: str, pair: int, triplets: tuple[int, ...]) -> None:
    made = part(3, digits)
    assert made is not None
    assert [(reading.pair, reading.runs, reading.triplets) for reading in made.readings] == [
        (pair, (), triplets)]
    assert made.readings[0].outside


@pytest.mark.parametrize(("suit", "digits"), [
    (0, "55555"), (1, "00"), (3, "8"), (3, "1"), (3, "1122"), (3, "1111"), (0, "1" * 15),
])
def test_impossible_or_unreadable_parts(suit: int, digits: str) -> None:
    made = part(suit, digits)
    # A 5th copy, two red fives, an 8th honour, over 14 tiles: no part. Honours that are
    # no pairs and triplets (a single, two pairs, four of a kind): a part with no reading.
    if made is not None:
        assert made.readings == ()
    else:
        assert digits in ("55555", "00", "8", "1" * 15)


def test_spellings_of_the_same_counts_share_their_readings() -> None:
    # 0 is the red five: "340" and "345" are the same tiles, one of them red.
    red, plain = part(1, "340"), part(1, "345")
    assert red is not None and plain is not None
    assert (red.reds, plain.reds) == (1, 0)
    assert red.readings is plain.readings


def test_meld_cache_keeps_valid_melds_only() -> None:
    assert quick_meld("pon:777p") is quick_meld("pon:777p")
    assert "pon:777p" in _MELD_CACHE
    for bad in ("pon:778p", "chi:135m", "kan:777p", "pon:777"):
        assert quick_meld(bad) is None
        assert bad not in _MELD_CACHE  # the careful parser reads it again, to name it


@pytest.mark.parametrize("meld_text", [
    "pon:777p", "chi:123m pon:777p", "kan:1111z chi:789s", "ankan:5555m pon:222z chi:456m",
    "chi:345m chi:345m",
])
def test_cached_meld_facts_match_a_fresh_count(meld_text: str) -> None:
    # The cache keeps one MeldFacts a meld text; its copies (34 bytes) and held tiles
    # (bytes) must say what counting the melds' tiles one by one says.
    facts = _MELDS.get(meld_text) or _quick_melds(meld_text)
    assert facts is not None
    # Kept unless the cache is full (earlier tests in this process may have filled it).
    assert meld_text in _MELDS or len(_MELDS) == _MELDS_LIMIT
    assert facts.melds == tuple(quick_meld(text) for text in meld_text.split())
    counted = [0] * 34
    for meld in facts.melds:
        for tile in meld.tiles:
            counted[tile] += 1
    assert list(facts.copies) == counted
    assert list(facts.held) == [tile for tile in range(34) if counted[tile]]
    assert len(_MELDS) <= _MELDS_LIMIT


def test_hand_counts_add_the_meld_copies() -> None:
    # 123m 456s 99p concealed with [555z] [2222s]: every count read through the bytes tables
    # (the HandTiles of a scored hand: compiled, one is not made from Python).
    tiles = score("123m456s99p pon:555z kan:2222s", "9p").shape.hand
    expected = [0] * 34
    for tile, copies in ((0, 1), (1, 1), (2, 1), (17, 2), (19, 4), (21, 1), (22, 1), (23, 1),
                         (31, 3)):
        expected[tile] = copies
    # No concealed honours (the honours part is the shared empty part): still 34 counts.
    assert tiles.counts == expected
    assert [tiles.count(tile) for tile in range(34)] == expected
    assert tiles.most == 4
