"""Learnt nogoods: a node holding all their pairs is dead, one holding all but one has the
last pair struck out, and each answer names the levels of the held pairs."""

from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.engine import Engine, Node
from typed_mahjong.solitaire.layout import iter_bits, turtle


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
    engine.learn(engine.pair_of(p1) | engine.pair_of(p2))
    node = root.copy()
    (a, b), (c, d) = iter_bits(p1), iter_bits(p2)
    engine.commit(node, a, b, 0b01)
    engine.commit(node, c, d, 0b10)
    dead = engine.check_nogoods(node, [])
    assert dead is not None and dead.kind == "nogood" and dead.conflict == 0b11


def test_the_last_pair_of_a_nogood_is_struck_out_with_its_complement() -> None:
    engine, root, [(g1, p1), (g2, p2)] = setup()
    engine.learn(engine.pair_of(p1) | engine.pair_of(p2))
    node = root.copy()
    assert engine.apply_option(node, g1, p1, 0b100) is None
    complement = engine.group_masks[g2] & ~p2
    assert p2 not in node.options[g2] and complement not in node.options[g2]
    assert len(node.options[g2]) == 4  # the other two pairings of the group remain
    assert node.pair_blame[p2] == node.pair_blame[complement] == 0b100
    assert node.pruned[g2] & 0b100


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
    assert p2 not in node.options[g2] and node.pair_blame[p2] == 0b1
