"""Time ``Game.score`` on 9-tile hands of the shipped Donjara-like game (Forest Friends),
and on the worst cases of the work budget (issue 14).

    .venv/bin/python benchmarks/bench_games.py [--hands 400] [--repeat 20] [--seed 7]
        [--worst-repeat 3] [--mcr-hands 300] [--mcr-passes 3]

Hands are *winning* hands drawn the way play makes them: the 66-tile wall is shuffled and
each of the three sets takes, in wall order, the first tiles of a randomly chosen colour
or moons (at most two moons a hand), so moons turn up as often as the wall deals them.
(Random non-winning deals are timed too: they are cheaper, and would flatter the median.)
Each hand is scored ``--repeat`` times; its time is the median of those runs. We report
the median, 90th percentile and maximum over hands, overall and by moons in the hand,
with the number of readings tried. Times are CPU time of this process
(``time.process_time``), which shared CI machines disturb less than wall time; wall time
is printed as well.

Chinese Official (``mcr``, issue 39): a seeded sample of ``--mcr-hands`` hands the
reference scores, from the oracle corpus (tests/data/mcr/corpus.jsonl.gz, through
tests/games/mcr_support.py), each scored ``--repeat`` times (its time the median), with
the work units ``Score.work`` counts. Where the reference (pymahjonggb, ``pip install
.[mcr-oracle]``) imports, each hand is also timed with it in the same process,
interleaved (ours, then the reference's, hand by hand), and the ratio ours/reference is
given per hand (median, 10th-90th percentile) and per pass: ``--mcr-passes`` passes over
the sample, so the ratio's range comes from one process.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import re
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from typed_mahjong import games
from typed_mahjong.games import engine


def singles_in_pairs(tiles: int) -> tuple[str, str]:
    """Issue 14's file: one-copy tiles read as pairs with no sets rule, and a yaku over
    every pair that never holds: (tiles-1)!! readings, each in (tiles/2)! group orders."""
    slots = "abcdefghijklmn"[:tiles:2]
    terms = " ".join(f"{'+' if i % 2 == 0 else '-'} {s}.n" for i, s in enumerate(slots))
    listed = ", ".join(f"t{i}: {{n: {i}, copies: 1}}" for i in range(tiles))
    text = (f"name: E\nrules: {{hand_size: {tiles}, structure: "
            f"{' '.join(['2'] * (tiles // 2))}}}\ntiles: {{{listed}}}\nyaku:\n"
            f"  Y: {{when: {terms.lstrip('+ ')} == 100000, points: 10}}\n")
    return text, " ".join(f"t{i}" for i in range(tiles))


NINE_WILD = """\
name: Nine wild
rules: {hand_size: 9, structure: 3 3 3, wildcards_per_hand: 9}
tiles:
  r1: {colour: red, n: 1}
  r2: {colour: red, n: 2}
  r3: {colour: red, n: 3}
  r4: {colour: red, n: 4}
  b1: {colour: blue, n: 1}
  b2: {colour: blue, n: 2}
  b3: {colour: blue, n: 3}
  b4: {colour: blue, n: 4}
  y1: {colour: yellow, n: 1}
  y2: {colour: yellow, n: 2}
  y3: {colour: yellow, n: 3}
  y4: {colour: yellow, n: 4}
  star: {wildcard: true, copies: 9}
sets:
  3: a.colour == b.colour == c.colour
yaku:
  Rising: {when: a.n < d.n < g.n and b.n != e.n, points: 10}
  Mixed: {when: a.colour != d.colour and d.colour != g.colour and a.n + d.n == g.n, points: 20}
  Count: {when: sum(t.n for t in hand) == 17, points: 5}
"""


def forest_nine_moons() -> str:
    """Forest Friends with nine moons, all allowed in one hand."""
    text = games.builtin_path("forest").read_text().replace("wildcards_per_hand: 2",
                                                            "wildcards_per_hand: 9")
    return re.sub(r"moon: *[{]wildcard: true, copies: 2[}]",
                  "moon: {wildcard: true, copies: 9}", text)


def worst_cases() -> list[tuple[str, games.Game, str, dict[str, object]]]:
    forest9 = forest_nine_moons()
    hk = games.load(games.builtin_path("hk-oldstyle"))
    cases: list[tuple[str, games.Game, str, dict[str, object]]] = []
    for tiles in (12, 14):
        text, hand = singles_in_pairs(tiles)
        cases.append((f"{tiles} singles as pairs", games.loads(text), hand, {}))
    cases.append(("nine wildcards, 3 3 3 + sets", games.loads(NINE_WILD), "star " * 9, {}))
    cases.append(("forest, nine moons allowed", games.loads(forest9), "moon " * 9, {}))
    cases.append(("hk-oldstyle, all one suit", hk,
                  "1p 1p 1p 2p 3p 4p 5p 6p 7p 8p 8p 8p 9p 9p", {"tsumo": True}))
    cases.append(("hk-oldstyle, 1112345678999m", hk,
                  "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5m", {}))
    return cases


def run_worst_cases(repeat: int) -> None:
    print(f"worst cases (work budget {engine.WORK_BUDGET} units, {engine.MAX_ENTRIES} cache "
          f"entries; cpu median of {repeat}, peak traced memory of one more run):")
    for label, game, hand, inputs in worst_cases():
        def call(game: games.Game = game, hand: str = hand,
                 inputs: dict[str, object] = inputs) -> str:
            try:
                score = game.score(hand, **inputs)  # type: ignore[arg-type]
            except games.GameError:
                return "refused (work budget)"
            return f"{score.points} points, work {score.work}"
        cpu = median_time(call, repeat, time.process_time)
        tracemalloc.start()
        outcome = call()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"  {label:<32} cpu {cpu * 1e3:8.1f} ms  peak {peak / 2**20:6.1f} MB  {outcome}")


def wall(game: games.Game) -> list[str]:
    return [tile.name for tile in game.tiles for _ in range(tile.copies)]


def winning_hand(game: games.Game, rng: random.Random) -> str:
    colours = sorted({str(t.get("colour")) for t in game.tiles if not t.wildcard})
    while True:
        tiles = wall(game)
        rng.shuffle(tiles)
        hand: list[str] = []
        moons = 0
        for _ in range(3):
            colour = rng.choice(colours)
            taken = 0
            for i, name in enumerate(tiles):
                if taken == 3:
                    break
                tile = next(t for t in game.tiles if t.name == name)
                if tile.wildcard and moons < game.wildcards_per_hand:
                    moons += 1
                elif tile.wildcard or tile.get("colour") != colour:
                    continue
                hand.append(name)
                tiles[i] = ""
                taken += 1
            tiles = [t for t in tiles if t]
        rng.shuffle(hand)
        text = " ".join(hand)
        if game.score(text).won:  # always true by construction; checked, not assumed
            return text


def random_deal(game: games.Game, rng: random.Random) -> str:
    tiles = wall(game)
    while True:
        hand = rng.sample(tiles, game.hand_size)
        if hand.count("moon") <= game.wildcards_per_hand:
            return " ".join(hand)


def median_time(fn: Callable[[], object], repeat: int, clock: Callable[[], float]) -> float:
    samples = []
    for _ in range(repeat):
        start = clock()
        fn()
        samples.append(clock() - start)
    return statistics.median(samples)


def report(label: str, rows: list[tuple[float, float, int]]) -> None:
    if not rows:
        return
    cpu = sorted(r[0] for r in rows)
    wall_times = sorted(r[1] for r in rows)
    readings = sorted(r[2] for r in rows)

    def pct(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))]

    print(f"{label:<28} n={len(rows):<4} cpu median {statistics.median(cpu) * 1e3:7.3f} ms"
          f"  p90 {pct(cpu, 0.9) * 1e3:7.3f} ms  max {cpu[-1] * 1e3:7.3f} ms"
          f" | wall median {statistics.median(wall_times) * 1e3:7.3f} ms"
          f" | readings median {statistics.median(readings):g} max {readings[-1]}")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


REFERENCE_LOOP = 20  # the reference takes microseconds: each timing covers this many calls


def reference_call(row: dict[str, Any]) -> Callable[[], object] | None:
    """``REFERENCE_LOOP`` calls of the reference on the row's inputs, or None when it does
    not import."""
    try:
        calculate = importlib.import_module("MahjongGB").MahjongFanCalculator
    except ImportError:
        return None
    args = dict(row["inputs"])
    args["pack"] = tuple(tuple(p) for p in args["pack"])
    args["hand"] = tuple(args["hand"])
    call = partial(calculate, **args)

    def loop() -> None:
        for _ in range(REFERENCE_LOOP):
            call()
    return loop


def run_mcr(hands: int, repeat: int, passes: int, seed: int) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "games"))
    import mcr_support  # noqa: PLC0415 (test helper, not a package)

    start = time.process_time()
    game = mcr_support.game()
    print(f"load mcr.yaml: {(time.process_time() - start) * 1e3:.1f} ms cpu; "
          f"{len(game.yaku_names)} yaku")
    rows = random.Random(seed).sample(mcr_support.scored_rows(), hands)
    calls = []
    for row in rows:
        text, inputs = mcr_support.hand_text(row), mcr_support.inputs(row)
        work = game.score(text, **inputs).work
        calls.append((partial(game.score, text, **inputs), reference_call(row), work))
    live = all(ref is not None for _, ref, _ in calls)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"mcr score(), {hands} corpus hands (seed {seed}) x {repeat} runs each, "
          f"{passes} passes, load {load:.1f}; reference "
          f"{'pymahjonggb, interleaved' if live else 'not installed (pip install .[mcr-oracle])'}")
    works = [float(work) for _, _, work in calls]
    for n in range(passes):
        ours_cpu: list[float] = []
        ref_cpu: list[float] = []
        for ours, ref, _ in calls:
            ours_cpu.append(median_time(ours, repeat, time.process_time))
            if ref is not None:
                ref_cpu.append(median_time(ref, repeat, time.process_time) / REFERENCE_LOOP)
        line = (f"  pass {n + 1}: ours cpu median {statistics.median(ours_cpu) * 1e3:7.3f} ms"
                f"  p90 {pct(ours_cpu, 0.9) * 1e3:7.3f} ms  p99 {pct(ours_cpu, 0.99) * 1e3:7.3f} ms"
                f"  max {max(ours_cpu) * 1e3:7.3f} ms")
        if live:
            ratios = [o / r for o, r in zip(ours_cpu, ref_cpu, strict=True)]
            line += (f" | reference median {statistics.median(ref_cpu) * 1e3:7.4f} ms"
                     f"  p90 {pct(ref_cpu, 0.9) * 1e3:7.4f} ms  max {max(ref_cpu) * 1e3:7.4f} ms"
                     f" | ours/reference per hand median {statistics.median(ratios):.0f}x"
                     f" (p10-p90 {pct(ratios, 0.1):.0f}-{pct(ratios, 0.9):.0f}x)")
        print(line)
    print(f"  work units: median {statistics.median(works):g}  p90 {pct(works, 0.9):g}  "
          f"p99 {pct(works, 0.99):g}  max {max(works):g}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--worst-repeat", type=int, default=3)
    parser.add_argument("--mcr-hands", type=int, default=300)
    parser.add_argument("--mcr-passes", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    start = time.process_time()
    game = games.load(games.builtin_path("forest"))
    print(f"load forest.yaml: {(time.process_time() - start) * 1e3:.1f} ms cpu; "
          f"{len(game.yaku_names)} yaku, {len(game.tiles)} tile kinds")

    winning = [winning_hand(game, rng) for _ in range(args.hands)]
    deals = [random_deal(game, rng) for _ in range(args.hands)]
    by_moons: dict[int, list[tuple[float, float, int]]] = {0: [], 1: [], 2: []}
    all_winning: list[tuple[float, float, int]] = []
    for hand in winning:
        tried = game.score(hand).readings_tried
        row = (median_time(lambda h=hand: game.score(h), args.repeat, time.process_time),
               median_time(lambda h=hand: game.score(h), args.repeat, time.perf_counter),
               tried)
        all_winning.append(row)
        by_moons[hand.split().count("moon")].append(row)
    dealt = []
    for hand in deals:
        tried = game.score(hand).readings_tried
        dealt.append((median_time(lambda h=hand: game.score(h), args.repeat, time.process_time),
                      median_time(lambda h=hand: game.score(h), args.repeat, time.perf_counter),
                      tried))
    print(f"score(), {args.hands} hands x {args.repeat} runs each (seed {args.seed}):")
    report("winning hands, all", all_winning)
    for moons, rows in by_moons.items():
        report(f"  with {moons} moon{'s' if moons != 1 else ''}", rows)
    report("random deals (mostly losing)", dealt)
    run_worst_cases(args.worst_repeat)
    if args.mcr_hands:
        run_mcr(args.mcr_hands, args.repeat, args.mcr_passes, args.seed)


if __name__ == "__main__":
    main()
