"""Where the pure-Python build's ``score()`` time goes on fresh hands (issue 15).

    .venv/bin/python scripts/profile_pure.py                 # 40 rounds of 2000 fresh hands
    .venv/bin/python scripts/profile_pure.py --rounds 40 --top 30

A sampling profiler, not ``cProfile``: ``cProfile`` charges every Python call a fixed
overhead that is about as large as the small functions it times, so it makes a core of
many short calls look like nothing but calls. Here a timer signal (``ITIMER_REAL``, every
``--interval`` seconds; the CPU-time timer ``ITIMER_PROF`` ticks only every few
milliseconds on Linux) interrupts the scoring loop, and the handler records the stack of
Python frames it interrupted; the loop itself runs at full speed. The hands are drawn as
``benchmarks/bench_core.py`` draws them: a warm-up round, then rounds of fresh seeded
hands (seed + round), so caches by part of a hand keep what earlier rounds stored and
nothing repeats whole.

Printed: the share of samples in each function's own code (*self*) and under it
(*inclusive*), and the *stages* of ``score()``: each sample charged to the function
``_score`` (the body of ``score``) called, or to ``_score`` itself. Only pure Python is
profiled: a mypyc-compiled function makes no Python frame (docs/scoring.md has a ``perf``
profile of the compiled build).
"""

from __future__ import annotations

import argparse
import signal
import sys
import types
from collections import Counter
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))

from benchmarks.hands import generate  # noqa: E402

# The function whose callees are the stages; samples outside it (the loop, the timer) are
# counted apart.
STAGE_ROOT = "scoring._score"


def frame_name(frame: types.FrameType) -> str:
    module = frame.f_globals.get("__name__", "?").removeprefix("typed_mahjong.")
    return f"{module}.{frame.f_code.co_qualname}"


def stack_of(frame: types.FrameType | None) -> list[str]:
    """The interrupted stack's function names, innermost first."""
    names = []
    while frame is not None:
        names.append(frame_name(frame))
        frame = frame.f_back
    return names


def profile(rounds: int, hands: int, interval: float, seed: int) -> list[list[str]]:
    import typed_mahjong  # after the argument parsing: the build in use is reported

    if typed_mahjong.build_info().is_compiled:
        raise SystemExit("profile_pure.py: this is the compiled build; set TYPED_MAHJONG_PURE=1")
    score = typed_mahjong.score
    samples: list[list[str]] = []

    def on_timer(_signum: int, frame: types.FrameType | None) -> None:
        samples.append(stack_of(frame))

    def one_round(round_seed: int, timed: bool) -> None:
        # The hands are made before the timer starts: only scoring is sampled.
        inputs = [(h.hand_text, h.win_text, h.score_kwargs())
                  for h in generate(round_seed, hands)]
        if timed:
            signal.setitimer(signal.ITIMER_REAL, interval, interval)
        for text, win, kwargs in inputs:
            score(text, win, **kwargs)
        signal.setitimer(signal.ITIMER_REAL, 0, 0)

    # The caller's handler and timer come back afterwards, whatever happens (a test run
    # calls this in a process that goes on to other work).
    previous = signal.signal(signal.SIGALRM, on_timer)
    try:
        one_round(seed, timed=False)  # warm-up, as bench_core.py does
        for number in range(1, rounds + 1):
            one_round(seed + number, timed=True)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, previous)
    return samples


def report(samples: list[list[str]], top: int) -> None:
    total = len(samples)
    own: Counter[str] = Counter()
    under: Counter[str] = Counter()
    stages: Counter[str] = Counter()
    for stack in samples:
        own[stack[0]] += 1
        for name in set(stack):
            under[name] += 1
        if STAGE_ROOT in stack:
            depth = stack.index(STAGE_ROOT)
            stages[stack[depth - 1] if depth else f"{STAGE_ROOT} (own code)"] += 1
        else:
            stages["outside score()"] += 1

    def share(count: int) -> str:
        return f"{100 * count / total:5.1f}%"

    print(f"{total} samples")
    print(f"\nstages: what {STAGE_ROOT} was running (with everything under it)")
    for name, count in stages.most_common():
        print(f"  {share(count)}  {name}")
    print(f"\nfunctions by own code (top {top}), with inclusive share")
    for name, count in own.most_common(top):
        print(f"  {share(count)}  (incl. {share(under[name])})  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="fresh rounds (40)")
    parser.add_argument("--hands", type=int, default=2000, help="hands a round (2000)")
    parser.add_argument("--interval", type=float, default=0.0005,
                        help="seconds between samples (0.0005)")
    parser.add_argument("--seed", type=int, default=2024, help="generator seed (2024)")
    parser.add_argument("--top", type=int, default=25, help="functions listed (25)")
    args = parser.parse_args(argv)
    report(profile(args.rounds, args.hands, args.interval, args.seed), args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
