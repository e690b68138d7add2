"""The benchmark's hand generator exercises every yaku and situation (issue 15).

A speed or agreement figure over generated hands only speaks for the yaku that occur in
them, so every yaku, yakuman and situation flag of the tenhou rules must occur about 100
times in the 20,000-hand run that the benchmarks use.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # `benchmarks/` is not installed; import it from the checkout

from benchmarks.hands import generate  # noqa: E402
from typed_mahjong.core.scoring import score  # noqa: E402
from typed_mahjong.core.yaku import YAKU_NAMES, YAKUMAN_NAMES  # noqa: E402

# Yaku that the tenhou rules do not have: open riichi, renhou (as a yaku or a yakuman),
# daisharin and paarenchan are other presets' options.
NOT_UNDER_TENHOU = frozenset({"open riichi", "renhou", "daisharin", "paarenchan"})
SITUATIONS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
              "tenhou", "chiihou", "tsumo")
AT_LEAST = 90  # "about 100": the rarest yaku of seed 7 occur 105-115 times


@pytest.mark.slow
def test_every_yaku_and_situation_occurs_about_100_times_in_20000_hands() -> None:
    yaku: Counter[str] = Counter()
    flags: Counter[str] = Counter()
    for hand in generate(7, 20_000):
        options = hand.score_kwargs()
        flags.update(name for name in SITUATIONS if options[name])
        yaku.update(name for name, _ in score(hand.hand_text, hand.win_text, **options).yaku)
    expected = [name for name in YAKU_NAMES + YAKUMAN_NAMES if name not in NOT_UNDER_TENHOU]
    rare = {name: yaku[name] for name in expected if yaku[name] < AT_LEAST}
    assert not rare, f"yaku seen fewer than {AT_LEAST} times: {rare}"
    rare_flags = {name: flags[name] for name in SITUATIONS if flags[name] < AT_LEAST}
    assert not rare_flags, f"situations seen fewer than {AT_LEAST} times: {rare_flags}"
