"""mypy with the typed-mahjong plugin on 10,000 annotated hands, against plain Literals.

    .venv/bin/python benchmarks/bench_plugin.py [--hands 10000] [--repeat 3]

Writes two modules into a temporary directory: ``annotated.py`` with lines like

    h0: Points[Hand["234p234s456m567s44p"], Ron["3p"], Riichi, Seat["E"]] = 2600

and ``plain.py``, the same module with the values as ``h0: Literal[2600] = 2600`` (same
imports, same mypy configuration with the plugin; a third run without the plugin is shown
for reference). Both end with a test function asserting every value, ``assert h0 == 2600``,
as a pytest module would: each assert goes through the plugin's comparison hook. The hands are
distinct closed winning hands drawn at random (seeded) with riichi, so each has a yaku;
their values come from the core (this is a speed test, the values only have to be right
for mypy to pass). Each module is checked once to warm mypy's cache (standard library and
typed_mahjong), then ``--repeat`` times after a one-line comment change that makes mypy
check that module again with every dependency served from the warm cache. Prints the
median times and their ratio; the target is at most 1.5.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from typed_mahjong import HandError, score

SUITS = "mps"


class Timing(NamedTuple):
    wall: float
    cpu: float

WINDS = "ESWN"


def random_hand(rng: random.Random) -> tuple[str, str, bool, str] | None:
    """(hand, winning tile, tsumo, seat) of a random closed hand, or None if impossible."""
    counts: dict[str, int] = {}
    groups: list[list[str]] = []
    for _ in range(4):
        if rng.random() < 0.7:
            suit, start = rng.choice(SUITS), rng.randint(1, 7)
            groups.append([f"{start + step}{suit}" for step in range(3)])
        elif rng.random() < 0.8:
            groups.append([f"{rng.randint(1, 9)}{rng.choice(SUITS)}"] * 3)
        else:
            groups.append([f"{rng.randint(1, 7)}z"] * 3)
    pair_tile = (f"{rng.randint(1, 9)}{rng.choice(SUITS)}" if rng.random() < 0.85
                 else f"{rng.randint(1, 7)}z")
    groups.append([pair_tile] * 2)
    tiles = [tile for group in groups for tile in group]
    for tile in tiles:
        counts[tile] = counts.get(tile, 0) + 1
    if max(counts.values()) > 4:
        return None
    rng.shuffle(tiles)
    return "".join(tiles), rng.choice(tiles), rng.random() < 0.4, rng.choice(WINDS)


def generate(count: int, seed: int) -> list[tuple[str, str, bool, str, int]]:
    rng = random.Random(seed)
    seen: set[tuple[str, str, bool, str]] = set()
    hands: list[tuple[str, str, bool, str, int]] = []
    while len(hands) < count:
        drawn = random_hand(rng)
        if drawn is None or drawn in seen:
            continue
        hand, win, tsumo, seat = drawn
        try:
            outcome = score(hand, win, tsumo=tsumo, riichi=True, seat=seat)
        except HandError:
            continue
        seen.add(drawn)
        hands.append((hand, win, tsumo, seat, outcome.points))
    return hands


IMPORTS = ["from typing import Literal", "",
           "from typed_mahjong import Hand, Points, Riichi, Ron, Seat, Tsumo", ""]
# name -> (module, mypy config)
VARIANTS = {
    # The same module with the answers written as plain Literal[...], same imports, same
    # configuration: what the plugin's work is measured against.
    "plain": ("plain", "plugin.ini"),
    "annotated": ("annotated", "plugin.ini"),
    # For reference: the plain module without the plugin loaded at all, and the annotated
    # one under a stand-in plugin that answers Any at once (what reading the longer
    # annotations costs mypy itself).
    "plain, no plugin": ("bare", "bare.ini"),
    "annotated, Any plugin": ("syntax", "syntax.ini"),
}

# The stand-in plugin: Points[...] is Any, nothing is scored.
ANY_PLUGIN = """\
from mypy.plugin import Plugin
from mypy.types import AnyType, TypeOfAny


def answer_any(ctx):
    return AnyType(TypeOfAny.special_form)


class AnyPlugin(Plugin):
    def get_type_analyze_hook(self, fullname):
        return answer_any if fullname == "typed_mahjong.query.annotations.Points" else None


def plugin(version):
    return AnyPlugin
"""


def write_modules(directory: Path, hands: list[tuple[str, str, bool, str, int]]) -> None:
    annotated, plain = list(IMPORTS), list(IMPORTS)
    for index, (hand, win, tsumo, seat, points) in enumerate(hands):
        how = "Tsumo" if tsumo else "Ron"
        annotated.append(f'h{index}: Points[Hand["{hand}"], {how}["{win}"], Riichi, '
                         f'Seat["{seat}"]] = {points}')
        plain.append(f"h{index}: Literal[{points}] = {points}")
    # What a test module does with its fixtures (the comparison hook runs on each).
    for lines in (annotated, plain):
        lines.extend(["", "", "def test_values() -> None:"])
        lines.extend(f"    assert h{index} == {hand[4]}" for index, hand in enumerate(hands))
    (directory / "annotated.py").write_text("\n".join(annotated) + "\n")
    (directory / "syntax.py").write_text("\n".join(annotated) + "\n")
    (directory / "plain.py").write_text("\n".join(plain) + "\n")
    (directory / "bare.py").write_text("\n".join(plain) + "\n")
    (directory / "plugin.ini").write_text("[mypy]\nplugins = typed_mahjong.plugin\n")
    (directory / "bare.ini").write_text("[mypy]\n")
    (directory / "any_plugin.py").write_text(ANY_PLUGIN)
    (directory / "syntax.ini").write_text("[mypy]\nplugins = any_plugin.py\n")


def run_mypy(directory: Path, module: str, config: str) -> Timing:
    """Wall-clock and CPU (user + system) seconds of one mypy process."""
    command = [sys.executable, "-m", "mypy", "--config-file", config, "--cache-dir",
               f".cache-{module}", f"{module}.py"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=directory, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode != 0:
        raise SystemExit(f"mypy failed on {module}.py:\n{completed.stdout}{completed.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(wall, cpu)


def touch(path: Path, round_number: int) -> None:
    # A changed comment changes the file's hash: mypy checks this module again, while
    # every dependency still comes from the warm cache.
    lines = path.read_text().splitlines()
    if lines[-1].startswith("# round "):
        lines.pop()
    lines.append(f"# round {round_number}")
    path.write_text("\n".join(lines) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    started = time.perf_counter()
    hands = generate(args.hands, args.seed)
    print(f"generated {len(hands)} distinct hands in {time.perf_counter() - started:.1f} s")
    with tempfile.TemporaryDirectory(prefix="bench-plugin-") as name:
        directory = Path(name)
        write_modules(directory, hands)
        timings: dict[str, list[Timing]] = {name: [] for name in VARIANTS}
        for name, (module, config) in VARIANTS.items():
            cold = run_mypy(directory, module, config)
            print(f"{name}: cold cache: wall {cold.wall:.2f} s, cpu {cold.cpu:.2f} s")
        # Alternate the variants so that load from other processes hits them alike.
        for round_number in range(args.repeat):
            for name, (module, config) in VARIANTS.items():
                touch(directory / f"{module}.py", round_number)
                timings[name].append(run_mypy(directory, module, config))
        for name, runs in timings.items():
            print(f"{name}: warm cache, module rechecked: wall "
                  f"{', '.join(f'{t.wall:.2f}' for t in runs)} s; cpu "
                  f"{', '.join(f'{t.cpu:.2f}' for t in runs)} s")
    for measure in ("wall", "cpu"):
        plain = [getattr(t, measure) for t in timings["plain"]]
        annotated = [getattr(t, measure) for t in timings["annotated"]]
        floor = [getattr(t, measure) for t in timings["annotated, Any plugin"]]
        print(f"{measure}: median plain {statistics.median(plain):.2f} s, annotated "
              f"{statistics.median(annotated):.2f} s, ratio "
              f"{statistics.median(annotated) / statistics.median(plain):.2f}; best plain "
              f"{min(plain):.2f} s, annotated {min(annotated):.2f} s, ratio "
              f"{min(annotated) / min(plain):.2f} (target <= 1.5); the annotations alone "
              f"(Any plugin): ratio {statistics.median(floor) / statistics.median(plain):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
