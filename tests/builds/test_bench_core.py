"""bench_core.py runs end to end (a tiny run: it times nothing that is asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_core_measures_a_build_against_mahjong() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_core.py"), "--n", "20",
         "--n-shanten", "40", "--rounds", "2", "--builds", "pure",
         "--compiled-site", str(ROOT / "no-such-dir")],
        capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert "pure worker: pure Python: " in out
    assert "(a) full scoring of a winning hand: 20 fresh inputs a round, 2 rounds" in out
    assert "mahjong estimate_hand_value" in out and "mahjong Shanten.calculate_shanten" in out
    assert "mahjong Shanten.calculate_shanten(counts): shanten equal to ours on 40/40" in out
