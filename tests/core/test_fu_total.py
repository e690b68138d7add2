"""``fu.fu_total`` (what the scorer ranks shapes by) against ``fu.fu_and_parts`` and
``fu.fu_parts`` (what ``Score.fu_breakdown`` shows): one walk, the same answer."""

from __future__ import annotations

import sys
from pathlib import Path

from typed_mahjong.core.fu import fu_and_parts, fu_parts, fu_total
from typed_mahjong.core.rules import PRESETS
from typed_mahjong.core.scoring import _careful_tiles
from typed_mahjong.core.shape import win_shapes
from typed_mahjong.core.win_option_reading import read_options

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.hands import generate  # noqa: E402


def test_the_total_and_the_parts_agree_on_every_shape() -> None:
    shapes = 0
    for hand in generate(41, 1500):
        situation = read_options(hand.score_kwargs())
        tiles, _, _ = _careful_tiles(hand.hand_text, hand.win_text, situation)
        for shape in win_shapes(tiles):
            for rules in PRESETS.values():
                for pinfu in (False, True):
                    parts, total = fu_and_parts(shape, situation, rules, pinfu)
                    assert fu_total(shape, situation.seat, situation.round, situation.rinshan,
                                    rules, pinfu) == total
                    assert fu_parts(shape, situation.seat, situation.round,
                                    situation.rinshan, rules, pinfu) == parts
                    shapes += 1
    assert shapes > 1500
