"""Issue 39: the `mcr` game against the reference itself, on hands the corpus never saw.

test_games_mcr.py checks the recorded corpus (seed 39). This slow test deals FRESH hands
with the corpus's own generator (scripts/mcr_oracle.py, another seed), asks the
reference (pymahjonggb, ``pip install .[mcr-oracle]``) live, scores them with our game
through the same adapter (mcr_support.py), and holds the issue's floors: equal totals
on at least 99.5% and the same fan list on at least 99% of the hands the reference
scores (about 3,000 hands, ~10 s). A hand the reference scores under 8 fan (Flower
Tiles aside) agrees when we score it 0, as in test_games_mcr.py.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import mcr_support
import pytest
from mcr_support import oracle

ROOT = Path(__file__).resolve().parents[2]
# Not the corpus's seed (39). Three deals of ~1,000 hands, pooled: one deal's rate
# swings by about 0.2% (a residual miss is 1 in 400-600 hands, so one deal can sit at
# the floor), three keep the floors a test of the game, not of the seed. Measured
# 2026-11-29 on 12 deals of ~1,000 (seeds 1001-1012, 11,968 hands): equal totals 99.82%,
# same fan list 99.74%. Seed 2039 alone: 992 and 991 of 997 (under the 99.5% floor by
# one hand); the three pooled: 2,992 and 2,988 of 3,001 (99.70%, 99.57%). What misses is
# the corpus's residue (test_games_mcr.py): a wait on a tile whose copies are all in
# the hand, and ties between readings worth the same.
SEEDS = (2039, 2040, 2041)
RANDOM_HANDS = 900  # the corpus's random styles
TEMPLATE_TRIES = 2  # and up to this many hands from each fan's template


def fresh_rows(seed: int) -> list[dict[str, Any]]:
    """Rows as in the corpus (inputs, neutral, fans, total, refused), dealt and scored
    by the reference now: random hands in every style, then each fan's template."""
    mcr_oracle = oracle()
    builder = mcr_oracle.Builder(mcr_oracle.load_reference(), seed=seed)
    assert seed != mcr_oracle.SEED
    for _ in range(RANDOM_HANDS):
        builder.random_hand()
    for name, template in mcr_oracle.TEMPLATES.items():
        for _ in range(TEMPLATE_TRIES):
            builder.add_plan(f"template:{name}", template(builder.rng))
    rows: list[dict[str, Any]] = builder.rows
    return rows


@pytest.mark.slow
def test_fresh_hands_agree_with_the_live_reference() -> None:
    pytest.importorskip("MahjongGB",
                        reason="pip install .[mcr-oracle]: the reference builds with g++")
    rows = [row for seed in SEEDS for row in fresh_rows(seed) if not row["refused"]]
    assert len(rows) >= 2900
    mcr = mcr_support.game()
    comparisons = [mcr_support.compare(mcr, row) for row in rows]
    assert not [(c.row["id"], c.error) for c in comparisons if c.error]
    totals = sum(c.same_total for c in comparisons)
    fans = sum(c.same_fans for c in comparisons)
    differ = [(c.hand, c.row["inputs"], c.differences())
              for c in comparisons if not c.same_fans][:10]
    assert totals >= math.ceil(0.995 * len(rows)), (totals, len(rows), differ)
    assert fans >= math.ceil(0.99 * len(rows)), (fans, len(rows), differ)
