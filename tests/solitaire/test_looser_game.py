"""The looser game: worked out incrementally (``replay``) it must equal a full game
(``relax``), and the dead-end proofs read from it must name every decision they use."""

import pytest

from typed_mahjong.solitaire import looser
from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.engine import Engine, Fact, Node
from typed_mahjong.solitaire.layout import iter_bits, turtle
from typed_mahjong.solitaire.solver import solve
from typed_mahjong.solitaire.tables import PAIRS_SHIFT


@pytest.mark.parametrize("seed", [7, 9, 21, 863])
def test_replay_after_fixing_a_pairing_equals_a_full_game(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Without the step cap, replay must reproduce relax exactly, or give up. It may give
    # up only when relax finds the position stuck, or needs more than REPLAY_SLACK rounds
    # beyond the old game (values never climb past the exact answer).
    monkeypatch.setattr(looser, "REPLAY_STEPS", 10**9)
    position = random_deal(turtle(), seed)
    engine = Engine(position)
    root, dead = engine.root(position.present)
    if dead is not None:
        pytest.skip("dead at the root: nothing to replay from")
    base = engine.baseline(root)
    assert base is not None
    compared = 0
    for group, pairs in root.options.items():
        for pair in pairs:
            child = root.copy()
            a, b = iter_bits(pair)
            if engine.commit_pair(child, group, a, b, 1, []) is not None:
                continue
            replayed = child.copy()
            schedule: list[int] = []
            free_round = [0] * engine.size
            stuck, _free = engine.relax(child, schedule, free_round)
            if stuck:
                assert not engine.replay(replayed, base)
                continue
            if not engine.replay(replayed, base):
                assert len(schedule) > len(base.schedule) + looser.REPLAY_SLACK
                continue
            assert replayed.schedule == schedule
            assert replayed.cost == sum(n * t.bit_count() for n, t in enumerate(schedule, 1))
            assert replayed.free_round is not None
            for t in iter_bits(child.present):
                assert replayed.free_round[t] == free_round[t], t
            compared += 1
    assert compared >= 30


def assert_self_supporting(
    engine: Engine, node: Node, stuck: int, free: int, levels: int, tiles: int
) -> None:
    """The closure must hold whatever is decided outside ``levels``: no tile of it can be
    the first to leave, by geometry or by pairings that rest on ``levels`` alone."""
    assert tiles and not tiles & ~stuck
    for t in iter_bits(tiles):
        if not free >> t & 1:
            flanked = engine.left[t] & tiles and engine.right[t] & tiles
            assert engine.above[t] & tiles or flanked, f"tile {t} is not held by the closure"
            continue
        if node.committed >> t & 1:
            assert tiles >> node.partner[t] & 1, f"free tile {t}: partner outside"
            assert not node.reason[t] & ~levels, f"free tile {t}: pairing not blamed"
            pair = 1 << t | 1 << node.partner[t]
            assert levels >> PAIRS_SHIFT & engine.pair_of(pair), f"free tile {t}: pair not named"
            continue
        group = engine.group_of[t]
        allowed = engine.allowed_partners(node, t)
        for c in iter_bits(engine.group_masks[group] & node.present & ~(1 << t)):
            held = tiles >> c & 1 and not free >> c & 1
            if allowed >> c & 1:
                assert held, f"free tile {t}: allowed copy {c} can leave"
            elif node.committed >> c & 1:
                assert held or not engine.fixed(node, c) & ~levels, f"copy {c} of {t} not blamed"
            else:
                blame = node.pair_blame.get(1 << c | 1 << t, node.pruned.get(group, 0))
                assert held or not blame & ~levels, f"struck copy {c} of {t} not blamed"


@pytest.mark.parametrize("seed", [3, 70, 111, 128])
def test_every_dead_end_proof_rests_only_on_the_levels_it_names(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Backjumping skips every decision a proof does not name, so a proof that secretly
    # depends on one (a struck-out copy left out of it) could make a solvable deal look
    # unsolvable. Check every closure the search builds.
    checked = []
    original = Engine.closure

    def checking(
        self: Engine, node: Node, start: int, stuck: int, free: int, facts: list[Fact] | None
    ) -> tuple[int, int]:
        levels, tiles = original(self, node, start, stuck, free, facts)
        assert_self_supporting(self, node, stuck, free, levels, tiles)
        checked.append(tiles)
        return levels, tiles

    monkeypatch.setattr(Engine, "closure", checking)
    verdict = solve(random_deal(turtle(), seed))
    assert verdict.status in ("solvable", "unsolvable")
    assert len(checked) >= 20
