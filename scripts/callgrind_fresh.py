"""Instructions a fresh hand of ``score()``, for valgrind callgrind (issue 15).

    PYTHONHASHSEED=0 valgrind --tool=callgrind .venv/bin/python scripts/callgrind_fresh.py N
    PYTHONHASHSEED=0 PYTHONPATH=.venv/compiled/site valgrind --tool=callgrind \\
        .venv/bin/python -P scripts/callgrind_fresh.py N        # the compiled build

Scores three warm-up rounds (``generate(seed, 2000)`` for seeds 1-3, as the caches stand
after a few benchmark rounds), then the first N hands of ``generate(99, 1000)``, and ends
with ``os._exit`` (shutdown not counted); ``gc.freeze()`` after the warm-up keeps full
collections of the warm-up's objects out of the count. Both runs generate every hand, so a
run with N = 1000 minus one with N = 0, divided by 1000, is the cost of a fresh hand.
``N repeat`` scores those N hands in the warm-up too (every cache warm for them): a run
with ``1000 repeat`` minus one with ``1000`` is the cost of 1000 hands seen before, and
fresh minus seen what the caches missing on new text cost.
"""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))

from benchmarks.hands import generate  # noqa: E402
from typed_mahjong import score  # noqa: E402


def main() -> None:
    count = int(sys.argv[1])
    warm = [(h.hand_text, h.win_text, h.score_kwargs())
            for seed in (1, 2, 3) for h in generate(seed, 2000)]
    fresh = [(h.hand_text, h.win_text, h.score_kwargs()) for h in generate(99, 1000)]
    if len(sys.argv) > 2 and sys.argv[2] == "repeat":
        warm += fresh[:count]  # the same hands seen before: every cache warm
    for text, win, kwargs in warm:
        score(text, win, **kwargs)
    # The hands and what the warm-up kept out of the collector: whether a full collection
    # (traversing all of them) falls among the measured hands varies from run to run.
    gc.freeze()
    for text, win, kwargs in fresh[:count]:
        score(text, win, **kwargs)
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
