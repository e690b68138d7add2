"""Learnt nogoods: a node holding all their pairs is dead, one holding all but one has the
last pair struck out, and each answer's blame names the levels and the pairs it rests on."""

import random

import pytest
from test_solver import brute_force, stacked_position

from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.engine import Engine, Node
from typed_mahjong.solitaire.layout import iter_bits, turtle
from typed_mahjong.solitaire.solver import Solver
from typed_mahjong.solitaire.tables import ALL_LEVELS, PAIRS_SHIFT


def two_waiting_groups(engine: Engine, node: Node) -> list[tuple[int, int]]:
    """Two groups of four undecided copies, none of them free (so settling cannot clear
    them), each with one of its pairs."""
    picked = []
    for group, pairs in node.options.items():
        copies = engine.group_masks[group] & node.present
        if copies.bit_count() == 4 and not copies & node.free and len(pairs) == 6:
            picked.append((group, pairs[0]))
        if len(picked) == 2:
            return picked
    raise AssertionError("deal has no two waiting groups")


def setup() -> tuple[Engine, Node, list[tuple[int, int]]]:
    position = random_deal(turtle(), 0)
    engine = Engine(position)
    root, dead = engine.root(position.present)
    assert dead is None
    return engine, root, two_waiting_groups(engine, root)


def test_a_node_holding_every_pair_of_a_nogood_is_dead_for_their_levels() -> None:
    engine, root, [(_g1, p1), (_g2, p2)] = setup()
    nogood = engine.pair_of(p1) | engine.pair_of(p2)
    engine.learn(nogood)
    node = root.copy()
    (a, b), (c, d) = iter_bits(p1), iter_bits(p2)
    engine.commit(node, a, b, 0b01)
    engine.commit(node, c, d, 0b10)
    dead = engine.check_nogoods(node, [])
    assert dead is not None and dead.kind == "nogood"
    assert dead.conflict & ALL_LEVELS == 0b11 and dead.conflict >> PAIRS_SHIFT == nogood


def test_the_last_pair_of_a_nogood_is_struck_out_with_its_complement() -> None:
    engine, root, [(g1, p1), (g2, p2)] = setup()
    engine.learn(engine.pair_of(p1) | engine.pair_of(p2))
    node = root.copy()
    assert engine.apply_option(node, g1, p1, 0b100) is None
    complement = engine.group_masks[g2] & ~p2
    assert p2 not in node.options[g2] and complement not in node.options[g2]
    assert len(node.options[g2]) == 4  # the other two pairings of the group remain
    # Struck because p1 is held: p1's level, and p1 as the pair it assumes.
    blame = 0b100 | engine.pair_of(p1) << PAIRS_SHIFT
    assert node.pair_blame[p2] == node.pair_blame[complement] == blame
    assert node.pruned[g2] & blame == blame


def test_nogoods_are_not_checked_twice_and_unrelated_ones_do_nothing() -> None:
    engine, root, [(g1, p1), (g2, p2)] = setup()
    other = engine.group_masks[g2] & ~p2  # a nogood on the complement only
    engine.learn(engine.pair_of(p1) | engine.pair_of(other) | engine.pair_of(p2))
    node = root.copy()
    assert engine.apply_option(node, g1, p1, 0b1) is None
    assert node.options[g2] == root.options[g2]  # two pairs missing: no inference
    assert engine.check_nogoods(node, []) is None and node.checked == node.held


def test_nogoods_are_forgotten_for_a_new_root() -> None:
    engine, _root, [(_g1, p1), (_g2, p2)] = setup()
    engine.learn(engine.pair_of(p1) | engine.pair_of(p2))
    engine.forget_nogoods()
    assert not engine.nogoods and not engine.watch


def test_a_nogood_learnt_after_a_node_was_settled_still_reaches_it() -> None:
    engine, root, [(g1, p1), (g2, p2)] = setup()
    node = root.copy()
    assert engine.apply_option(node, g1, p1, 0b1) is None
    engine.learn(engine.pair_of(p1) | engine.pair_of(p2))  # learnt elsewhere, later
    assert p2 in node.options[g2]
    assert engine.recheck(node) is None
    assert p2 not in node.options[g2]
    assert node.pair_blame[p2] == 0b1 | engine.pair_of(p1) << PAIRS_SHIFT


def test_a_refuted_pairing_does_not_blame_itself_or_its_complement() -> None:
    engine, root, [(g1, p1), (_g2, p2)] = setup()
    complement = engine.group_masks[g1] & ~p1
    own = (engine.pair_of(p1) | engine.pair_of(complement)) << PAIRS_SHIFT
    other = engine.pair_of(p2) << PAIRS_SHIFT
    assert engine.without(root, 0b1 | own | other, p1) == 0b1 | other


@pytest.mark.parametrize("chunk", range(3))
def test_every_learnt_nogood_is_true(chunk: int) -> None:
    # Checked against exhaustive search: no clearing play pairs all of a nogood's pairs.
    checked = 0
    for seed in range(chunk * 40, chunk * 40 + 40):
        position = stacked_position(random.Random(seed))
        solver = Solver(position)
        solver.solve()
        engine = solver.engine
        for nogood in sorted(engine.nogoods)[:20]:
            pairs: dict[int, int] = {}
            for index in iter_bits(nogood):
                a, b = engine.pairs.tiles(index)
                pairs[a], pairs[b] = b, a
            assert not brute_force(position, pairs), f"seed {seed}: nogood {pairs}"
            checked += 1
    assert checked >= 40
