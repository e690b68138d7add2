"""The looser game worked out incrementally (``replay``) must equal a full game (``relax``)."""

import pytest

from typed_mahjong.solitaire import looser
from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.engine import Engine
from typed_mahjong.solitaire.layout import iter_bits, turtle


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
