"""bench_core's comparison as instruction counts: machine-independent, for a shared machine.

    .venv/bin/python benchmarks/count_core.py --compiled-site <site-packages of an install>
    .venv/bin/python benchmarks/count_core.py --builds pure --sections shanten --n 300

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


def count(build: str, section: str, name: str, n: int, run: bool, site: Path) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("TYPED_MAHJONG_PURE", None)
    if site.is_dir():
        env["PYTHONPATH"] = str(site)
    if build == "pure":
        env["TYPED_MAHJONG_PURE"] = "1"
    with tempfile.TemporaryDirectory() as scratch:
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out",
                   sys.executable, "-P", __file__, "--inside", build, section, name, str(n),
                   "1" if run else "0"]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    found = _COLLECTED.search(done.stderr)
    if done.returncode == 4:
        return -1  # the contender is not installed
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind run failed ({done.returncode}): {done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000,
                        help="fresh winning hands a pass, ten times as many for shanten (1000)")
    parser.add_argument("--builds", choices=("both", "pure", "compiled"), default="both")
    parser.add_argument("--sections", choices=("both", "scoring", "shanten"), default="both")
    parser.add_argument("--compiled-site", type=Path, default=Path(".venv/compiled/site"),
                        help="site-packages of a compiled install (.venv/compiled/site)")
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
        native: float | None = None
        for build in builds:
            per_call = {name: per_call_count(build, section, name, n, args.compiled_site)
                        for name in CONTENDERS[section]}
            if native is None:
                native = per_call_count(build, section, NATIVE[section], n, args.compiled_site)
            ours, theirs = CONTENDERS[section]
            line = (f"  {section}, {build} build: {ours} {per_call[ours]:,.0f}; {theirs} "
                    f"{per_call[theirs]:,.0f} ({per_call[theirs] / per_call[ours]:.2f}x)")
            if native >= 0:
                line += (f"; {NATIVE[section]} {native:,.0f} "
                         f"({native / per_call[ours]:.2f}x)")
            print(line + "  [ratios: theirs / ours]")
    return 0


def per_call_count(build: str, section: str, name: str, n: int, site: Path) -> float:
    """One call's instructions (the run with a pass less the run without); -1 when the
    contender is not installed."""
    base = count(build, section, name, n, False, site)
    if base < 0:
        return -1.0
    return (count(build, section, name, n, True, site) - base) / n


if __name__ == "__main__":
    sys.exit(main())
