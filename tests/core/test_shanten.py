"""Shanten numbers and waits (typed_mahjong.core.shanten), and its shipped tables.

Expected values below are worked out by hand in the comments. The tables are checked against
an independent reference written here: a literal search for the winning shape that reuses the
most tiles of the hand (``need = winning-hand size - most tiles reused``, shanten = need - 1).
Runtime budget for this file: ~15 s of the core area's ~30 s.
"""

from __future__ import annotations

import functools
import gzip
import itertools
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from typed_mahjong.core.hand import count_meld_copies, parse_hand
from typed_mahjong.core.readings import all_readings
from typed_mahjong.core.shanten import (
    _PART_CACHE_CAP,
    GOALS,
    INF,
    MAX_TILES,
    NO_VECTOR,
    TABLE_FILE,
    capped_suit_distances,
    decode_tables,
    encode_tables,
    hand_shanten,
    is_waiting,
    load_tables,
    merge_vectors,
    shanten,
    shanten_counts,
    wait_tiles,
    waits,
)
from typed_mahjong.errors import HandError

ROOT = Path(__file__).resolve().parents[2]
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

# --- the independent reference -----------------------------------------------------------

Piece = tuple[tuple[int, ...], int, int]  # (tiles, groups it counts for, pairs it counts for)


def most_reused(hand: Sequence[int], caps: Sequence[int], groups: int, pairs: int,
                runs: bool) -> int:
    """Most tiles of ``hand`` inside a shape of exactly ``groups`` groups and ``pairs`` pairs
    (``runs``: consecutive tiles of the part may form runs) holding at most ``caps[t]`` of
    tile t; -1 if no such shape fits the caps.

    Branch and bound over the lowest tile still in the hand: one copy of it is either left
    out of the shape, or lies in a piece (pair, triplet, run) of the shape containing it; that
    piece then reuses every hand tile it can. Pieces reusing nothing are added at the end.
    """
    size = len(hand)
    pieces_with: list[list[Piece]] = [[((t, t), 0, 1), ((t, t, t), 1, 0)] for t in range(size)]
    for start in range(size - 2) if runs else ():
        for tile in range(start, start + 3):
            pieces_with[tile].append(((start, start + 1, start + 2), 1, 0))
    every_piece = sorted({piece for pieces in pieces_with for piece in pieces})
    remaining = list(hand)
    used = [0] * size
    best = -1

    def fits(tiles: tuple[int, ...]) -> bool:
        return all(used[t] + tiles.count(t) <= caps[t] for t in tiles)

    def fill(groups_left: int, pairs_left: int, first: int) -> bool:
        if not groups_left and not pairs_left:
            return True
        for index in range(first, len(every_piece)):
            tiles, group, pair = every_piece[index]
            if group <= groups_left and pair <= pairs_left and fits(tiles):
                for t in tiles:
                    used[t] += 1
                done = fill(groups_left - group, pairs_left - pair, index)
                for t in tiles:
                    used[t] -= 1
                if done:
                    return True
        return False

    def search(tile: int, groups_left: int, pairs_left: int, reused: int, left: int) -> None:
        nonlocal best
        if reused + min(left, 3 * groups_left + 2 * pairs_left) <= best:
            return
        while tile < size and not remaining[tile]:
            tile += 1
        if tile == size:
            if fill(groups_left, pairs_left, 0):
                best = reused
            return
        for tiles, group, pair in pieces_with[tile]:
            if group > groups_left or pair > pairs_left or not fits(tiles):
                continue
            taken = []
            for t in tiles:
                used[t] += 1
                if remaining[t]:
                    remaining[t] -= 1
                    taken.append(t)
            search(tile, groups_left - group, pairs_left - pair, reused + len(taken),
                   left - len(taken))
            for t in tiles:
                used[t] -= 1
            for t in taken:
                remaining[t] += 1
        remaining[tile] -= 1
        search(tile, groups_left, pairs_left, reused, left - 1)
        remaining[tile] += 1

    search(0, groups, pairs, 0, sum(hand))
    return best


@functools.cache
def reference_part(counts: tuple[int, ...], caps: tuple[int, ...], runs: bool
                   ) -> tuple[int, ...]:
    """Distance vector of one part (a suit, or the honours) by the literal search."""
    distances = []
    for groups in range(5):
        for pairs in (0, 1):
            reused = most_reused(counts, caps, groups, pairs, runs)
            distances.append(3 * groups + 2 * pairs - reused if reused >= 0 else INF)
    return tuple(distances)


def reference_shanten(counts: Sequence[int], melds: int = 0,
                      called: Sequence[int] | None = None, *, whole: bool = False) -> int:
    """Shanten from scratch. Standard form: best split of the missing groups and the pair
    over the three suits and the honours (``whole=True``: one search over the whole hand,
    slower, to check that splitting changes nothing). Chiitoitsu and kokushi literally."""
    caps = [4 - (called[t] if called else 0) for t in range(34)]
    groups = 4 - melds
    if whole:
        assert not any(counts[27:]), "the whole-hand search is for suit tiles only"
        reused = _whole_suits(counts[:27], caps[:27], groups)
    else:
        parts = [reference_part(tuple(counts[b:b + 9]), tuple(caps[b:b + 9]), True)
                 for b in (0, 9, 18)]
        parts.append(reference_part(tuple(counts[27:]), tuple(caps[27:]), False))
        reused = max(
            3 * groups + 2 - sum(parts[i][2 * split[i] + (i == holder)] for i in range(4))
            for split in itertools.product(range(groups + 1), repeat=4)
            if sum(split) == groups for holder in range(4))
    need = 3 * groups + 2 - reused
    if melds == 0:
        # Chiitoitsu: seven distinct kinds, each reusing up to two of its copies.
        need = min(need, 14 - sum(sorted((min(2, c) for c in counts), reverse=True)[:7]))
        # Kokushi: one of each orphan, plus one duplicate.
        present = sum(1 for t in ORPHANS if counts[t])
        need = min(need, 14 - present - any(counts[t] >= 2 for t in ORPHANS))
    return need - 1


def _whole_suits(counts: Sequence[int], caps: Sequence[int], groups: int) -> int:
    """Most tiles reused over all 27 suited tiles at once (runs never cross a suit)."""
    # Pad each suit with two never-held, zero-cap tiles so that no run crosses suits.
    padded: list[int] = []
    padded_caps: list[int] = []
    for base in (0, 9, 18):
        padded += list(counts[base:base + 9]) + [0, 0]
        padded_caps += list(caps[base:base + 9]) + [0, 0]
    return most_reused(padded, padded_caps, groups, 1, True)


# --- hands -----------------------------------------------------------------------------------

WALL = [tile for tile in range(34) for _ in range(4)]
GROUPS = [(t, t, t) for t in range(34)] + [(t, t + 1, t + 2) for t in range(27) if t % 9 <= 6]


def random_hand(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for tile in rng.sample(WALL, size):
        counts[tile] += 1
    return counts


def near_complete_hand(rng: random.Random, groups: int = 4) -> list[int]:
    """A complete hand of ``groups`` groups and a pair, with one tile taken away (13 - 3k)."""
    while True:
        counts = [0] * 34
        for group in rng.choices(GROUPS, k=groups):
            for tile in group:
                counts[tile] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
            return counts


def counts_of(text: str) -> list[int]:
    return parse_hand(text, drawn=(False, True)).counts


# --- hand-worked values -------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "expected"), [
    # Complete: 123m 456p 789s 111z + 22z pair.
    ("123m456p789s11122z", -1),
    # Complete chiitoitsu: seven distinct pairs.
    ("1133557799m1122z", -1),
    # Complete kokushi: all thirteen orphans, 7z doubled.
    ("19m19p19s12345677z", -1),
    # Complete with called melds: 123m + 55z concealed, three called groups.
    ("123m55z chi:456p pon:777s ankan:1111z", -1),
    # Tenpai on 1m-4m (ryanmen 23m) with 456p 789s 111z 55z.
    ("23m456p789s111z55z", 0),
    # Chiitoitsu 1-shanten: five pairs (1m 3m 5p 7p 9s) and three singles; one more pair
    # makes tenpai (6 - 5 = 1). Standard form: no three tiles make a group, so its five
    # pieces reuse at most 2 tiles each: 10 of 14, need 4, shanten 3.
    ("1133m5577p99s123z", 1),
    # A quad is not two pairs: 1111m + 33 55p 77s 11z 22z is six distinct pairs and two
    # spare 1m => chiitoitsu 1-shanten (discard a 1m, then draw a new kind for the single).
    # Standard form: only 111m is a whole group; with four pairs beside it, its pieces reuse
    # at most 3 + 2 * 4 = 11 of 14 tiles => need 3, shanten 2. So 1.
    ("1111m3355p77s1122z", 1),
    # 1111m + 234p 567p 789s: only a 1m tanki would do and all four 1m are held: not tenpai.
    # One exchange (draw 2m, discard a 1m) gives 1112m + 3 groups: tenpai (11m + 12m waits
    # on 3m, 111m + 2m on 2m). So 1.
    ("1111m234p567p789s", 1),
    # Same with an honour quad.
    ("1111z234p567p789s", 1),
    # 111m 222m 333m + 123m (the fourth copies) + 4z tanki: tenpai although all are quads.
    ("1111m2222m3333m4z", 0),
    # Kokushi 1-shanten: twelve orphans (no 7z), no pair, and a useless 5m. Drawing any of
    # the twelve for the pair (discarding 5m) gives tenpai on 7z.
    ("19m19p19s123456z5m", 1),
])
def test_hand_worked_shanten(hand: str, expected: int) -> None:
    assert shanten(hand) == expected


@pytest.mark.parametrize(("hand", "expected"), [
    # Ryanmen 23m waits 1m and 4m (456p 789s 111z groups, 55z pair).
    ("23m456p789s111z55z", ("1m", "4m")),
    # Kanchan 13m waits 2m.
    ("13m456p789s111z55z", ("2m",)),
    # Penchan 12m waits 3m only (no 0m).
    ("12m456p789s111z55z", ("3m",)),
    # Shanpon 11m + 55z: either becomes the triplet.
    ("11m456p789s111z55z", ("1m", "5z")),
    # Tanki on 1m.
    ("1m456p789s111z555z", ("1m",)),
    # Nobetan 1234m: 1m (11 + 234) or 4m (123 + 44).
    ("1234m456p789s111z", ("1m", "4m")),
    # Chuuren 1112345678999m waits on all nine; with the drawn tile:
    #   1m: 111 123 456 789 99    2m: 111 22 345 678 999    3m: 11 123 345 678 999
    #   4m: 111 234 456 789 99    5m: 111 234 55 678 999    6m: 11 123 456 678 999
    #   7m: 111 234 567 789 99    8m: 111 234 567 88 999    9m: 11 123 456 789 999
    ("1112345678999m", tuple(f"{rank}m" for rank in range(1, 10))),
    # Kokushi 13-sided: one of each orphan, any orphan completes it.
    ("19m19p19s1234567z", ("1m", "9m", "1p", "9p", "1s", "9s",
                           "1z", "2z", "3z", "4z", "5z", "6z", "7z")),
    # Kokushi single wait: 1m doubled, 7z missing.
    ("119m19p19s123456z", ("7z",)),
    # Chiitoitsu tanki: six pairs and a 2z.
    ("1133m5577p99s112z", ("2z",)),
    # Called melds: 23m + 55z concealed, waits 1m 4m.
    ("23m55z chi:456p pon:777s kan:1111z", ("1m", "4m")),
    # 4444567m: 7m (444 456 77) completes; 4m would too (444 44 567) but all four 4m are held.
    ("4444567m123p789s", ("7m",)),
    # 4s's four copies are in the melds (one in the chi, three in the pon): only 7s is left.
    ("56s456p11z chi:234s pon:444s", ("7s",)),
])
def test_waits(hand: str, expected: tuple[str, ...]) -> None:
    assert waits(hand) == expected
    assert shanten(hand) == 0


@pytest.mark.parametrize("hand", [
    # Only 1m (tanki) would complete it; the hand holds all four.
    "1111m234p567p789s",
    # 2z tanki, but the pon holds three 2z and the hand the fourth.
    "123m456p789s2z pon:222z",
    # Penchan 12s waits 3s; the chi holds one 3s and the pon three.
    "12s456p11z chi:345s pon:333s",
    # Plain 1-shanten: two isolated tiles.
    "19m456p789s111z55z",
])
def test_not_tenpai_has_no_waits(hand: str) -> None:
    assert waits(hand) == ()
    assert shanten(hand) == 1


def test_counts_path_does_not_know_meld_tiles() -> None:
    # shanten_counts sees the concealed 12s + 456p + 11z and two melds, not which tiles the
    # melds used, so for it the 12s penchan is still tenpai; the hand string knows better.
    hand = "12s456p11z chi:345s pon:333s"
    assert shanten_counts(counts_of(hand), 2) == 0
    assert shanten(hand) == 1


def test_shanten_counts_accepts_every_size() -> None:
    # 1 tile with 4 melds: a tanki, tenpai. 2 identical tiles with 4 melds: complete.
    single, pair = [0] * 34, [0] * 34
    single[5] = 1
    pair[30] = 2
    assert shanten_counts(single, 4) == 0
    assert shanten_counts(pair, 4) == -1
    assert shanten_counts(tuple(pair), 4) == -1


def test_worst_hands() -> None:
    # 1m 4m 7m 1p 4p 7p 1s 4s 7s 2z 3z 5z 6z: no two tiles within two ranks, no pair.
    # Standard form: every piece reuses one tile at most, 5 of 14, need 9, shanten 8.
    # Chiitoitsu: 13 kinds, no pair: keep 7 singles, need 7, shanten 6.
    # Kokushi: 7 orphans (1m 1p 1s 2z 3z 5z 6z), no pair: need 14 - 7 = 7, shanten 6.
    assert shanten("147m147p147s2356z") == 6


# --- bad inputs ---------------------------------------------------------------------------


@pytest.mark.parametrize(("call", "words"), [
    (lambda: shanten("123m456p789s11z"), "11 concealed tiles"),
    (lambda: shanten("123m456p789s1122z3"), "no suit letter"),
    (lambda: shanten("11111m456p789s11z"), "5th copy of 1m"),
    (lambda: shanten("123m chi:456p"), "3 concealed tiles with 1 called meld"),
    (lambda: waits("123m456p789s11122z"), "14 concealed tiles"),
    (lambda: waits("123m55z chi:456p pon:777s kan:1111z"), "5 concealed tiles"),
    (lambda: shanten_counts([0] * 33), "expected 34 tile counts, got 33"),
    (lambda: shanten_counts([5] + [1] * 8 + [0] * 25), "1m (index 0) has count 5"),
    (lambda: shanten_counts([1] * 12 + [-1] + [0] * 21), "4p (index 12) has count -1"),
    (lambda: shanten_counts([1] * 12 + [0] * 22), "12 concealed tiles with 0 called"),
    (lambda: shanten_counts([4] * 4 + [0] * 30), "16 concealed tiles"),
    (lambda: shanten_counts([1] * 13 + [0] * 21, 5), "melds must be 0..4, got 5"),
    (lambda: shanten_counts([1] * 2 + [0] * 32, 3), "expected 4 or 5"),
    (lambda: wait_tiles([1] * 14 + [0] * 20), "14 concealed tiles with 0 called meld(s); "
                                              "expected 13"),
])
def test_bad_inputs_name_the_fault(call: Callable[[], object], words: str) -> None:
    with pytest.raises(HandError) as caught:
        call()
    assert words in str(caught.value)


def test_suit_over_fourteen_tiles_is_a_count_error() -> None:
    # 15 man tiles: the table has no entry (NO_VECTOR); the count check reports it.
    counts = [2, 2, 2, 2, 2, 2, 2, 1, 0] + [0] * 25
    with pytest.raises(HandError, match="15 concealed tiles"):
        shanten_counts(counts)


# --- the shipped tables against the reference -----------------------------------------------


def code_of(counts: Sequence[int]) -> int:
    return int("".join(map(str, counts)), 5)


def test_small_suit_vectors_match_the_reference() -> None:
    # Every suit vector of at most 5 tiles, all ten goals: C(9 + 5, 5) = 2002 ways to put
    # up to 5 tiles on 9 ranks, less the 9 that put all five on one rank.
    tables = load_tables()
    checked = 0
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) <= 5:
            vector = tables.suit_vectors[tables.suit_codes[code_of(counts)]]
            assert vector == reference_part(counts, (4,) * 9, True), counts
            checked += 1
    assert checked == 1993


def test_random_suit_vectors_match_the_reference() -> None:
    tables = load_tables()
    rng = random.Random(2024)
    suit_wall = [rank for rank in range(9) for _ in range(4)]
    for _ in range(400):
        counts = [0] * 9
        for rank in rng.sample(suit_wall, rng.randint(6, MAX_TILES)):
            counts[rank] += 1
        vector = tables.suit_vectors[tables.suit_codes[code_of(counts)]]
        assert vector == reference_part(tuple(counts), (4,) * 9, True), counts
        # The module's own from-scratch pass (used for called melds) agrees as well.
        assert capped_suit_distances(bytes(counts), bytes([4] * 9)) == vector


def test_capped_suit_distances_match_the_reference() -> None:
    rng = random.Random(7)
    for _ in range(300):
        caps = [4] * 9
        for rank in rng.sample(range(9), rng.randint(1, 3)):
            caps[rank] = rng.randint(0, 3)
        counts = [rng.randint(0, min(cap, 2)) for cap in caps]
        assert capped_suit_distances(bytes(counts), bytes(caps)) == reference_part(
            tuple(counts), tuple(caps), True), (counts, caps)


def test_honour_table_matches_the_reference() -> None:
    tables = load_tables()
    for code, counts in enumerate(itertools.product(range(5), repeat=7)):
        index = tables.honour_codes[code]
        if sum(counts) > MAX_TILES:
            assert index == NO_VECTOR
            continue
        shape = tuple(sorted(counts))  # only the multiset of counts matters
        assert tables.honour_vectors[index] == reference_part(shape, (4,) * 7, False), counts


def test_codes_over_fourteen_tiles_have_no_vector() -> None:
    tables = load_tables()
    assert tables.suit_codes[code_of((4, 4, 4, 3, 0, 0, 0, 0, 0))] == NO_VECTOR
    assert tables.suit_codes[code_of((4, 4, 4, 2, 0, 0, 0, 0, 0))] != NO_VECTOR


def test_merge_tables_agree_with_merging() -> None:
    tables = load_tables()
    merged = tables.merged_vectors
    suits, honours = tables.suit_vectors, tables.honour_vectors
    assert len(suits) == tables.suit_count and len(honours) == tables.honour_count
    for i, j in itertools.product(range(len(suits)), repeat=2):
        assert merged[tables.man_pin[i * len(suits) + j]] == merge_vectors(suits[i], suits[j])
    for i, j in itertools.product(range(len(merged)), range(len(suits))):
        assert merged[tables.with_sou[i * len(suits) + j]] == merge_vectors(merged[i], suits[j])
    for i, j in itertools.product(range(len(merged)), range(len(honours))):
        assert merged[tables.with_honours[i * len(honours) + j]] == merge_vectors(
            merged[i], honours[j])


def test_merge_is_the_best_split() -> None:
    # Part A: a pair costs 0, a group 1; part B: the reverse. One group + pair => 0 + 0.
    a = (0, 0, 1, 1, 4, 4, 7, 7, 10, 10)
    b = (0, 2, 0, 2, 3, 5, 6, 8, 9, 11)
    merged = merge_vectors(a, b)
    assert merged[0] == 0 and merged[2 * 1 + 1] == 0  # group from B, pair from A
    assert merged[2 * 2 + 1] == 1  # two groups and a pair: A's group costs 1
    assert len(merged) == GOALS


def test_table_file_round_trips_and_rejects_damage() -> None:
    raw = gzip.decompress((ROOT / "typed_mahjong" / "core" / "data" / TABLE_FILE).read_bytes())
    tables = decode_tables(raw)
    assert encode_tables(tables.suit_vectors, tables.honour_vectors, tables.merged_vectors,
                         tables.suit_codes, tables.honour_codes, tables.man_pin,
                         tables.with_sou, tables.with_honours) == raw
    with pytest.raises(ValueError, match="bad magic"):
        decode_tables(b"XXXX" + raw[4:])
    with pytest.raises(ValueError, match="truncated"):
        decode_tables(raw[:-1])
    with pytest.raises(ValueError, match="trailing"):
        decode_tables(raw + b"\0")


def test_tables_are_not_loaded_at_import() -> None:
    script = ("import sys, typed_mahjong; from typed_mahjong.core.shanten import load_tables; "
              "print(load_tables.cache_info().currsize)")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "0"


# --- whole hands against the reference ------------------------------------------------------


def test_random_hands_match_the_reference() -> None:
    rng = random.Random(1)
    for index in range(2000):
        counts = random_hand(rng, 13 + index % 2)
        assert shanten_counts(counts) == reference_shanten(counts), counts


def test_hands_with_quads_match_the_reference() -> None:
    rng = random.Random(3)
    for index in range(400):
        counts = [0] * 34
        quads = rng.sample(range(34), rng.choice((1, 1, 2, 3)))
        for tile in quads:
            counts[tile] = 4
        rest = [t for t in range(34) for _ in range(4 - counts[t])]
        for tile in rng.sample(rest, 13 + index % 2 - 4 * len(quads)):
            counts[tile] += 1
        assert shanten_counts(counts) == reference_shanten(counts), counts


def test_splitting_into_parts_changes_nothing() -> None:
    # The reference itself splits the hand into suits; check that on suit-only hands against
    # one search over the whole hand.
    rng = random.Random(5)
    suited_wall = WALL[:27 * 4]
    for index in range(40):
        counts = [0] * 34
        for tile in rng.sample(suited_wall, 13 + index % 2):
            counts[tile] += 1
        assert reference_shanten(counts, whole=True) == reference_shanten(counts), counts


def test_hands_with_called_melds_match_the_reference() -> None:
    rng = random.Random(9)
    for _ in range(300):
        melds = rng.randint(1, 4)
        counts = near_complete_hand(rng, 4 - melds)
        if rng.random() < 0.5:  # spoil it a little
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
            counts[rng.choice([t for t in range(34) if counts[t] < 4])] += 1
        # Called melds: random pons of tiles with room left, so the caps bite sometimes.
        called = [0] * 34
        for _ in range(melds):
            tile = rng.choice([t for t in range(34) if counts[t] + called[t] <= 1])
            called[tile] += 3
        expected = reference_shanten(counts, melds, called)
        melds_text = " ".join(f"pon:{tile_text(t) * 3}" for t in range(34)
                              for _ in range(called[t] // 3))
        hand = f"{hand_text(counts)} {melds_text}"
        assert shanten(hand) == expected, hand
        assert shanten_counts(counts, melds) == reference_shanten(counts, melds), hand
        # Tenpai exactly when some tile not held four times completes the hand.
        assert (expected == 0) == bool(waits(hand)), hand


def tile_text(tile: int) -> str:
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"


def hand_text(counts: Sequence[int]) -> str:
    return "".join(tile_text(t) * c for t, c in enumerate(counts))


def test_waits_agree_with_readings_and_shanten() -> None:
    # A tile is a wait iff the hand plus it has a reading (typed_mahjong.core.readings, written
    # independently) and the hand holds fewer than four copies; tenpai iff there is a wait.
    rng = random.Random(11)
    for index in range(400):
        melds = index % 3
        counts = near_complete_hand(rng, 4 - melds)
        if index % 4 == 0:  # spoil some: mostly 1-shanten
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
            counts[rng.choice([t for t in range(34) if counts[t] < 4])] += 1
        expected = []
        for tile in range(34):
            if counts[tile] < 4:
                drawn = list(counts)
                drawn[tile] += 1
                if all_readings(drawn, closed=melds == 0):
                    expected.append(tile)
        found = wait_tiles(counts, melds)
        assert found == tuple(expected), hand_text(counts)
        assert (shanten_counts(counts, melds) == 0) == bool(found), hand_text(counts)


def test_waits_string_counts_meld_copies() -> None:
    parsed = parse_hand("56s456p11z chi:234s pon:444s", drawn=(False,))
    called = count_meld_copies(list(parsed.melds))[0]
    # Without the meld copies 4s would be a wait (the hand's concealed part holds none).
    assert wait_tiles(parsed.counts, 2) == (21, 24)  # 4s 7s
    assert wait_tiles(parsed.counts, 2, called) == (24,)


def test_plain_string_shortcut_agrees_with_parse_hand() -> None:
    # shanten() reads bare "123m456p..." text itself; it must see what parse_hand sees, and
    # leave every fault to parse_hand.
    rng = random.Random(13)
    for _ in range(300):
        counts = random_hand(rng, rng.choice((13, 14)))
        tiles = [t for t in range(34) for _ in range(counts[t])]
        rng.shuffle(tiles)
        # Random order, so suits repeat ("12m5p3m..."); one 5 of a suit maybe a red 0.
        text, reds = "", set()
        for tile in tiles:
            red = tile < 27 and tile % 9 == 4 and tile not in reds and rng.random() < 0.5
            if red:
                reds.add(tile)
            digit, suit = str(0 if red else tile % 9 + 1), "mpsz"[tile // 9]
            text = text[:-1] + digit + suit if text.endswith(suit) else text + digit + suit
        assert shanten(text) == shanten_counts(parse_hand(text, drawn=(False, True)).counts)


@pytest.mark.parametrize(("hand", "words"), [
    ("05m50m456p789s1122z", "2nd red five"),  # two red 5m in separate groups
    ("00m123p456p789s11z", "2nd red five"),
    ("11111m23p456p789s1z", "5th copy of 1m"),
    ("123m456p789s1122z0z", "'0z' does not exist"),
    ("00m12345p789s1122z", "2nd red five"),  # canonical order: the first fast path
    ("11111m2345p789s11z", "5th copy of 1m"),
    ("123m456p789s11228z", "'8z' does not exist"),
    ("123456789012345m", "wrong tile count"),  # a suit over 14 tiles
])
def test_plain_string_faults_come_from_parse_hand(hand: str, words: str) -> None:
    with pytest.raises(HandError, match=words):
        shanten(hand)


# --- the string fast path against the general path -------------------------------------

_WALL = [tile for tile in range(34) for _ in range(4)]


def _spell(draw: st.DrawFn, tiles: list[int]) -> str:
    """The tiles in MPSZ text as a user might write them: any order, a suit split into
    several groups or repeated, a 5 maybe red (at most one a suit), an honour maybe a
    letter (E S W N P F C)."""
    if draw(st.booleans()):
        tiles = sorted(tiles)
    text, last_suit, reds, letters = "", "", set(), draw(st.booleans())
    for tile in tiles:
        if tile >= 27 and letters and draw(st.booleans()):
            text, last_suit = text + "ESWNPFC"[tile - 27], ""
            continue
        red = tile < 27 and tile % 9 == 4 and tile not in reds and draw(st.integers(0, 3)) > 0
        if red:
            reds.add(tile)
        digit, suit = str(0 if red else tile % 9 + 1), "mpsz"[tile // 9]
        if suit == last_suit and draw(st.integers(0, 3)):  # join the group before, mostly
            text = text[:-1] + digit + suit
        else:
            text += digit + suit
        last_suit = suit
    return text


@st.composite
def _spelled_hands(draw: st.DrawFn, with_melds: bool = True) -> str:
    """A valid hand of 13 or 14 tiles, or 13 - 3k / 14 - 3k with k called melds."""
    wall = draw(st.permutations(_WALL))
    melds = draw(st.sampled_from((0, 0, 0, 1, 2))) if with_melds else 0
    size = draw(st.sampled_from((13, 14))) - 3 * melds
    text = _spell(draw, list(wall[:size]))
    held = list(wall[:size])
    for _ in range(melds):  # a pon of a tile that still has three copies left
        tile = next(t for t in wall[size:] if held.count(t) + 3 <= 4)
        held += [tile] * 3
        text += f" pon:{str(tile % 9 + 1) * 3}{'mpsz'[tile // 9]}"
    return text


def _general(text: str) -> int:
    return hand_shanten(parse_hand(text, drawn=(False, True)))


def _outcome(function: Callable[[str], int], text: str) -> object:
    """The value, or the error's message, field and position."""
    try:
        return function(text)
    except HandError as exc:
        return (str(exc), exc.field, exc.position)


@settings(max_examples=300, deadline=None)
@given(_spelled_hands())
def test_string_fast_path_agrees_with_the_general_path(text: str) -> None:
    assert shanten(text) == _general(text)


@settings(max_examples=300, deadline=None)
@given(_spelled_hands(with_melds=False), st.lists(st.tuples(st.integers(0, 40), st.sampled_from(
    list("00000000123456789mpszESWNPFCx: ") + ["", "0m", "0p", "0s", "5p", "8z", "1111m"])),
    max_size=3))
def test_string_fast_path_faults_are_the_general_paths(text: str,
                                                        edits: list[tuple[int, str]]) -> None:
    # Damage a valid hand (a character replaced by another, a group or stray character
    # inserted, a character deleted): a 5th copy, a second red five, an 8z, a wrong count, a
    # digit with no suit... The answer, or the located error, must be the general path's.
    for position, replacement in edits:  # "" deletes, one character replaces, others insert
        position %= len(text) + 1
        text = text[:position] + replacement + text[position + (len(replacement) < 2):]
    assert _outcome(shanten, text) == _outcome(_general, text)


def test_string_fast_path_examples() -> None:
    # 123m 456p 789s 11z 22z: three runs and two pairs, tenpai (0) on 1z or 2z; each spelling
    # below is the same hand and must give 0 on every path.
    for text in ("123m456p789s1122z", "1122z789s456p123m", "1m2m3m4p5p6p7s8s9s1z1z2z2z",
                 "321m654p987s2121z", "123m406p789s1122z", "123m456p789sEESS", "EE123mSS456p789s"):
        assert shanten(text) == 0, text
    assert shanten("123m456p789s11223z") == 0  # 14 tiles: 112233z holds no honour run
    assert shanten("123m456p789s11222z") == -1  # 222z a triplet, 11z the pair


def test_string_fast_path_cache_is_bounded() -> None:
    # Suit digit strings as written have ~10**14 spellings; the part caches stop at their cap.
    parts = sys.modules["typed_mahjong.core.shanten"]._NUMBER_PARTS
    rng = random.Random(5)
    for _ in range(_PART_CACHE_CAP // 2 + 50):  # two new 7-digit spellings a hand (9**7 exist)
        man, pin = ("".join(rng.sample("123456789" * 4, 7)) for _ in range(2))
        text = f"{man}m{pin}p"
        assert shanten(text) == shanten_counts(parse_hand(text).counts)
    assert len(parts) == _PART_CACHE_CAP


@pytest.mark.parametrize(("hand", "tenhou"), [
    # The pon holds three 2z and the hand the fourth: no wait where melds count; Tenhou
    # counts only the concealed 2z, so the 2z single wait stands there.
    ("123m456p789s2z pon:222z", ("2z",)),
    # The chi holds one 3s and the pon three: 12s waits on 3s only under Tenhou's rule.
    ("12s456p11z chi:345s pon:333s", ("3s",)),
    # All four 1m are concealed: no wait under either rule.
    ("1111m234p567p789s", ()),
])
def test_karaten_melds_decides_whether_called_copies_count(hand: str,
                                                          tenhou: tuple[str, ...]) -> None:
    assert waits(hand) == waits(hand, "wrc") == ()
    assert waits(hand, "tenhou") == tenhou
    for rules in (None, "wrc", "tenhou"):
        assert is_waiting(hand, rules) == bool(waits(hand, rules))


def test_is_waiting_is_whether_waits_names_a_tile() -> None:
    # Near-complete hands (most wait) and random ones, closed and with called pons of the
    # hand's own tiles, under both karaten rules: the shortcut agrees with the full list.
    rng = random.Random(38)
    checked = waiting = 0
    for _ in range(1500):
        counts = near_complete_hand(rng) if rng.random() < 0.7 else random_hand(rng, 13)
        text = "".join(f"{tile % 9 + 1}{'mpsz'[tile // 9]}" * count
                       for tile, count in enumerate(counts))
        if rng.random() < 0.4:
            # Turn a concealed triplet into a called pon.
            triplets = [tile for tile in range(34) if counts[tile] >= 3]
            if triplets:
                tile = rng.choice(triplets)
                name = f"{tile % 9 + 1}{'mpsz'[tile // 9]}"
                text = text.replace(name * 3, "", 1) + f" pon:{name * 3}"
        for rules in (None, "tenhou"):
            expected = bool(waits(text, rules))
            assert is_waiting(text, rules) == expected, (text, rules)
            checked += 1
            waiting += expected
    assert waiting > 500 and checked - waiting > 500  # both answers well covered
