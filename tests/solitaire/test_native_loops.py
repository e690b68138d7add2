"""The solver's hot loops read masks tile by tile (``tile_flags``) and play the looser game
over per-tile states (``LooserGame.relax``): both checked against from-scratch versions
written with plain masks, so the faster form cannot drift from the rules."""

import random

import pytest

from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.engine import Engine, Node
from typed_mahjong.solitaire.layout import iter_bits, turtle
from typed_mahjong.solitaire.tables import MAX_FLAGS, tile_flags


@pytest.mark.parametrize("size", [1, 7, 8, 9, 144, 1000])
def test_tile_flags_has_one_byte_per_tile_set_exactly_where_the_mask_is(size: int) -> None:
    rng = random.Random(size)
    for mask in (0, (1 << size) - 1, 1 << (size - 1), *(rng.getrandbits(size) for _ in range(20))):
        flags = tile_flags(mask, size)
        assert len(flags) == size
        assert [t for t in range(size) if flags[t]] == list(iter_bits(mask))
        assert set(flags) <= {0, 1}


def test_remembered_flags_are_tile_flags_also_once_the_cache_is_full() -> None:
    engine = Engine(random_deal(turtle(), 3))
    rng = random.Random(3)
    masks = [rng.getrandbits(engine.size) for _ in range(MAX_FLAGS + 100)]
    for mask in masks + masks[:200]:  # the cache fills, starts afresh, and fills again
        assert engine.flags(mask) == tile_flags(mask, engine.size)
    assert 0 < len(engine.flag_cache) <= MAX_FLAGS


def looser_game_by_masks(
    engine: Engine, node: Node
) -> tuple[int, int, list[int], list[int], list[int]]:
    """The looser game played round by round from its definition: every free tile is
    tested every round (no bookkeeping of which tiles may have changed). A committed
    tile leaves when its partner is free too; an undecided one when a copy it may still
    pair with is free or gone. Returns what ``relax`` does: the stuck tiles, those of
    them free, the tiles removed by round, and each tile's first free and exit round."""
    present, free, gone, played = node.present, node.free, 0, 0
    schedule: list[int] = []
    free_round = [0] * engine.size
    exit_round = [0] * engine.size
    for t in iter_bits(free):
        free_round[t] = 1
    while True:
        ready = free | gone
        removable = 0
        for t in iter_bits(free & present):
            if node.committed >> t & 1:
                if free >> node.partner[t] & 1:
                    removable |= 1 << t
            elif engine.allowed_partners(node, t) & ready:
                removable |= 1 << t
        if not removable:
            return present, free & present, schedule, free_round, exit_round
        played += 1
        schedule.append(removable)
        gone |= removable
        present &= ~removable
        for t in iter_bits(removable):
            exit_round[t] = played
        now_free = engine.free_mask(present)
        for t in iter_bits(now_free & ~free):
            free_round[t] = played + 1
        free = now_free


@pytest.mark.parametrize("seed", [3, 21, 863, 5276])
def test_relax_plays_the_looser_game_as_its_definition_does(seed: int) -> None:
    position = random_deal(turtle(), seed)
    engine = Engine(position)
    root, dead = engine.root(position.present)
    nodes = [root]
    # Children with one more pairing fixed (some of them stuck), to cover committed
    # tiles, struck-out pairings and dead ends as well as the root.
    for group, pairs in list(root.options.items())[:12]:
        for pair in pairs[:2]:
            child = root.copy()
            engine.apply_option(child, group, pair, 1)
            if child.present:
                nodes.append(child)
    # And stuck ones: two copies, one lying on the other, made partners (they could
    # only leave together, and the lower one is never free first), not settled.
    for members in engine.pairs.members:
        for a in members:
            for b in members:
                undecided = root.present & ~root.committed
                if engine.above[b] >> a & 1 and undecided >> a & 1 and undecided >> b & 1:
                    jammed = root.copy()
                    engine.commit_pair(jammed, engine.group_of[a], a, b, 0, [])
                    nodes.append(jammed)
    stuck_seen = False
    for node in nodes:
        schedule: list[int] = []
        free_round = [0] * engine.size
        exit_round = [0] * engine.size
        stuck, free = engine.relax(node, schedule, free_round, exit_round)
        expected = looser_game_by_masks(engine, node)
        assert (stuck, free, schedule, free_round, exit_round) == expected
        stuck_seen = stuck_seen or bool(stuck)
    assert dead is None and len(nodes) > 10
    assert stuck_seen
