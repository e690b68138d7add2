"""``fu.fu_total`` (what the scorer ranks shapes by) against ``fu.fu_parts`` (what
``Score.fu_breakdown`` shows): the parts add up to the total, rounding included, as the
rule has it -- up to a multiple of 10, but seven pairs' 25 as it is."""

from __future__ import annotations

import sys
from pathlib import Path

from typed_mahjong.core.fu import fu_parts, fu_total
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
                    facts = (shape, situation.seat, situation.round, situation.rinshan,
                             rules, pinfu)
                    total = fu_total(*facts)
                    parts = fu_parts(*facts)
                    assert sum(value for _, value in parts) == total, parts
                    if shape.form == "chiitoitsu":
                        assert parts == (("chiitoitsu", 25),)
                    else:
                        assert total % 10 == 0 and total >= 20, parts
                    shapes += 1
    assert shapes > 1500
