"""Time ``Game.score`` on 9-tile hands of the shipped Donjara-like game (Forest Friends).

    .venv/bin/python benchmarks/bench_games.py [--hands 400] [--repeat 20] [--seed 7]

Hands are *winning* hands drawn the way play makes them: the 66-tile wall is shuffled and
each of the three sets takes, in wall order, the first tiles of a randomly chosen colour
or moons (at most two moons a hand), so moons turn up as often as the wall deals them.
(Random non-winning deals are timed too: they are cheaper, and would flatter the median.)
Each hand is scored ``--repeat`` times; its time is the median of those runs. We report
the median, 90th percentile and maximum over hands, overall and by moons in the hand,
with the number of readings tried. Times are CPU time of this process
(``time.process_time``), which shared CI machines disturb less than wall time; wall time
is printed as well.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from typed_mahjong import games


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
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


if __name__ == "__main__":
    main()
