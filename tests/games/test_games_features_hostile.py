"""Issue 39's language features under generated files and hands (tests/games/feature_fuzz.py):
every file loads or names its fault, every hand scores, finds its waits or names its fault,
within time and memory caps."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from feature_fuzz import feature_file, feature_hand, load_score_and_wait
from hostile import assert_clean, run_capped

CHILD = """\
import random, sys
sys.path.insert(0, sys.argv[1])
from feature_fuzz import feature_file, feature_hand, load_score_and_wait
won = 0
for seed in range(int(sys.argv[2]), int(sys.argv[3])):
    rng = random.Random(seed)
    won += load_score_and_wait(feature_file(rng), [feature_hand(rng) for _ in range(4)])
print("won", won)
"""


def test_generated_feature_files_score_or_fail_cleanly() -> None:
    # In process: a handful of seeds, enough to reach each feature; many hands must win
    # (the generator is not only making broken files and hands).
    won = 0
    for seed in range(40):
        rng = random.Random(seed)
        won += load_score_and_wait(feature_file(rng), [feature_hand(rng) for _ in range(3)])
    assert won > 20


@pytest.mark.slow
def test_many_generated_feature_files_within_the_caps() -> None:
    # 600 seeds, four hands each, in a child under the time and memory caps.
    result = run_capped([str(Path(__file__).parent), "0", "600"], code=CHILD, seconds=300)
    assert_clean(result, codes={0})
    assert result.stdout.startswith("won ") and int(result.stdout.split()[1]) > 300
