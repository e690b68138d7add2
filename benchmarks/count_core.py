"""bench_core's comparison as instruction counts: machine-independent, for a shared machine.

    .venv/bin/python benchmarks/count_core.py --compiled-site <site-packages of an install>
    .venv/bin/python benchmarks/count_core.py --builds pure --sections shanten --n 300
    .venv/bin/python benchmarks/count_core.py --builds compiled --sections scoring --cache-sim

For each build and each contender of ``bench_core.py`` (our ``score``, ``mahjong``'s
``estimate_hand_value`` and riichienv's ``HandEvaluator.calc`` on the same generated winning
hands; our ``shanten`` from a string, ``mahjong``'s ``calculate_shanten`` on 34-counts and
riichienv's ``calculate_shanten`` on 136-ids), valgrind's callgrind counts the
instructions of a whole process twice: once building every input and warming every contender
up on other hands, once doing the same and then one pass of that contender over the fresh
hands. The difference over the number of hands is one call's instructions, the inputs' cost
excluded as in the timed benchmark. The ratio, theirs over ours, is what bench_core's wall
clock ratio estimates, without the noise of other processes (instructions are not time:
cache misses and branch costs are not counted). riichienv is counted when installed (the
bench extra); it is the same for both builds, so it is counted once a section, beside the
first build. Needs valgrind; slow: each run is a Python process under callgrind, about a
minute at the default size.

``--cache-sim`` adds callgrind's cache and branch simulation: a call's first-level
instruction and data cache misses and its mispredicted branches, and from them an
estimate of its cycles, so that two contenders with alike instruction counts can be told
apart the way the wall clock tells them apart (the simulation's cache is the host's;
the weights are typical costs, not this machine's).
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script: make `benchmarks.hands` importable from the checkout root; appended,
    # so that typed_mahjong comes from PYTHONPATH (the build under test).
    sys.path.append(str(Path(__file__).resolve().parent.parent))

# Ours first, then the peers counted with every build; then the one counted once a section.
CONTENDERS = {
    "scoring": ("typed_mahjong score", "mahjong estimate_hand_value"),
    "shanten": ("typed_mahjong shanten(str)", "mahjong Shanten.calculate_shanten(counts)"),
}
NATIVE = {
    "scoring": "riichienv HandEvaluator.calc (Rust)",
    "shanten": "riichienv calculate_shanten(ids) (Rust)",
}
_COLLECTED = re.compile(r"Collected : (\d+)")
# Cycles an event costs beside its instruction, in the estimate of --cache-sim: a
# first-level miss served by the second level, a mispredicted branch (typical figures).
MISS_CYCLES = 10
MISPREDICT_CYCLES = 15
# callgrind's event names: instructions; first-level misses (instruction fetch, data read,
# data write); conditional and indirect branches mispredicted.
MISSES = ("I1mr", "D1mr", "D1mw")
MISPREDICTS = ("Bcm", "Bim")


def measured(build: str, section: str, name: str, n: int, run: bool) -> int:
    """In the process under callgrind: build the inputs, warm up, maybe run one pass."""
    import typed_mahjong
    from benchmarks.bench_core import scoring_contenders, shanten_contenders
    from benchmarks.bench_shanten import random_hands
    from benchmarks.hands import generate

    if typed_mahjong.build_info().is_compiled != (build == "compiled"):
        print(f"asked for the {build} build, running the {typed_mahjong.build_info()}",
              file=sys.stderr)
        return 3

    def passes(seed: int, count: int) -> dict[str, Callable[[], object]]:
        if section == "scoring":
            return dict(scoring_contenders(generate(seed, count)))
        return dict(shanten_contenders(random_hands(seed, count))[0])

    for warm_up in passes(1, n).values():  # as bench_core's warm-up round: as many hands
        warm_up()
    fresh = passes(2, n)
    if name not in fresh:
        print(f"{name}: not installed", file=sys.stderr)
        return 4
    # Both runs collect here, so the pass starts from the same collector state whatever
    # came before: otherwise the generation its first collection reaches (and the objects
    # that collection walks) depends on how much the imports and the warm-up allocated,
    # which differs from build to build.
    gc.collect()
    if run:
        fresh[name]()
    sys.stdout.flush()
    os._exit(0)  # no interpreter teardown: it would count differently in the two runs


def count(build: str, section: str, name: str, n: int, run: bool, site: Path,
          cache_sim: bool = False) -> dict[str, int]:
    """callgrind's totals of one run, by event name ("Ir": instructions); {} when the
    contender is not installed."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("TYPED_MAHJONG_PURE", None)
    if site.is_dir():
        env["PYTHONPATH"] = str(site)
    if build == "pure":
        env["TYPED_MAHJONG_PURE"] = "1"
    simulate = ["--cache-sim=yes", "--branch-sim=yes"] if cache_sim else []
    with tempfile.TemporaryDirectory() as scratch:
        command = ["valgrind", "--tool=callgrind", *simulate,
                   f"--callgrind-out-file={scratch}/out", sys.executable, "-P", __file__,
                   "--inside", build, section, name, str(n), "1" if run else "0"]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if done.returncode == 4:
            return {}  # the contender is not installed
        found = _COLLECTED.search(done.stderr)
        if done.returncode != 0 or found is None:
            raise SystemExit(f"callgrind run failed ({done.returncode}): "
                             f"{done.stderr[-2000:]}")
        return event_totals(Path(scratch, "out").read_text())


def event_totals(output: str) -> dict[str, int]:
    """The totals of a callgrind output file by event name (its "events:" line names the
    columns of its "summary:" line)."""
    names: list[str] = []
    for line in output.splitlines():
        if line.startswith("events:"):
            names = line.split()[1:]
        elif line.startswith(("summary:", "totals:")) and names:
            return dict(zip(names, map(int, line.split()[1:]), strict=True))
    raise SystemExit("no event totals in callgrind's output")


def estimated_cycles(call: dict[str, float]) -> float:
    """Instructions plus what --cache-sim's misses and mispredictions cost beside them."""
    return (call["Ir"] + MISS_CYCLES * sum(call[name] for name in MISSES)
            + MISPREDICT_CYCLES * sum(call[name] for name in MISPREDICTS))


def cache_line(name: str, call: dict[str, float]) -> str:
    return (f"    {name}: {call['Ir']:,.0f} instructions, first-level misses "
            f"{call['I1mr']:,.0f} instruction / {call['D1mr'] + call['D1mw']:,.0f} data, "
            f"mispredicted branches {call['Bcm']:,.0f} conditional / {call['Bim']:,.0f} "
            f"indirect; about {estimated_cycles(call):,.0f} cycles")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000,
                        help="fresh winning hands a pass, ten times as many for shanten (1000)")
    parser.add_argument("--builds", choices=("both", "pure", "compiled"), default="both")
    parser.add_argument("--sections", choices=("both", "scoring", "shanten"), default="both")
    parser.add_argument("--compiled-site", type=Path, default=Path(".venv/compiled/site"),
                        help="site-packages of a compiled install (.venv/compiled/site)")
    parser.add_argument("--cache-sim", action="store_true",
                        help="simulate the caches and branches too: misses and a cycle estimate")
    parser.add_argument("--inside", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        build, section, name, n, run = args.inside
        return measured(build, section, name, int(n), run == "1")
    builds = ("pure", "compiled") if args.builds == "both" else (args.builds,)
    sections = tuple(CONTENDERS) if args.sections == "both" else (args.sections,)
    print(f"instructions a call (callgrind; fresh inputs a pass: {args.n} winning hands, "
          f"{args.n * 10} shanten hands; PYTHONHASHSEED=0; site {args.compiled_site})")
    for section in sections:
        n = args.n if section == "scoring" else args.n * 10
        native: dict[str, float] | None = None
        for build in builds:
            per_call = {name: per_call_count(build, section, name, n, args.compiled_site,
                                             args.cache_sim)
                        for name in CONTENDERS[section]}
            if native is None:
                native = per_call_count(build, section, NATIVE[section], n,
                                        args.compiled_site, args.cache_sim)
            ours, theirs = CONTENDERS[section]
            mine = per_call[ours]["Ir"]
            line = f"  {section}, {build} build: {ours} {mine:,.0f}"
            if per_call[theirs]:
                peer = per_call[theirs]["Ir"]
                line += f"; {theirs} {peer:,.0f} ({peer / mine:.2f}x)"
            if native:
                line += f"; {NATIVE[section]} {native['Ir']:,.0f} ({native['Ir'] / mine:.2f}x)"
            print(line + "  [ratios: theirs / ours]")
            if args.cache_sim:
                for name, call in (*per_call.items(), *((NATIVE[section], native),)):
                    if call:
                        print(cache_line(name, call))
                if native:
                    print(f"    cycles estimated, {NATIVE[section]} / ours: "
                          f"{estimated_cycles(native) / estimated_cycles(per_call[ours]):.2f}x")
    return 0


def per_call_count(build: str, section: str, name: str, n: int, site: Path,
                   cache_sim: bool = False) -> dict[str, float]:
    """One call's events (the run with a pass less the run without); {} when the
    contender is not installed."""
    base = count(build, section, name, n, False, site, cache_sim)
    if not base:
        return {}
    ran = count(build, section, name, n, True, site, cache_sim)
    return {event: (ran[event] - total) / n for event, total in base.items()}


if __name__ == "__main__":
    sys.exit(main())
