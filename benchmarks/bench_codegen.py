"""Type-checker cost of the generated score table (issue 4).

Writes, into a temporary directory:

* ``scores.py``: ``typed-mahjong codegen tables --rules tenhou`` (the nested layout);
* ``lookups.py``: N lookups ``vK: Literal[P] = TABLE[han][fu].attr`` into it;
* ``plain.py``: N plain annotations ``vK: Literal[P] = P`` (the floor: no table at all);
* ``flat.py`` + ``flat_lookups.py`` (with ``--flat``): the same N lookups into one function
  with an ``@overload`` per (han, fu, payment), the layout the nested one replaces.

Then runs mypy (no plugin, ``--config-file`` empty, a fresh cache directory per run so
nothing is reused) and pyright on each, once, and prints wall time and CPU time (user +
system of the checker and its children; steadier than wall time on a shared machine) and
the ratio of each variant to the plain floor. Usage::

    .venv/bin/python benchmarks/bench_codegen.py [--lookups 1000] [--flat] [--repeat 1]

With ``--repeat N`` each command runs N times and the fastest wall and CPU times count
(useful on a busy machine: other processes only ever add time).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from typed_mahjong.codegen.table import ScoreTable, build_table
from typed_mahjong.codegen.tables import render_table
from typed_mahjong.core.rules import rules_from

BIN = Path(sys.executable).parent
SEED = 4


def lookups(table: ScoreTable, count: int) -> list[tuple[int, int, str, int]]:
    """``count`` (han, fu, attribute, points) picked from the reachable payments."""
    choices = [(cell.han, cell.fu, payment.name, payment.points)
               for cell in table.cells for payment in cell.payments]
    rng = random.Random(SEED)
    return [rng.choice(choices) for _ in range(count)]


def write_files(folder: Path, table: ScoreTable, count: int, flat: bool) -> None:
    picked = lookups(table, count)
    (folder / "scores.py").write_text(render_table(table, "python", ["codegen", "tables"]))
    head = "from typing import Literal\n\n"
    (folder / "lookups.py").write_text(head + "from scores import TABLE\n\n" + "".join(
        f"v{index}: Literal[{points}] = TABLE[{han}][{fu}].{name}\n"
        for index, (han, fu, name, points) in enumerate(picked)))
    (folder / "plain.py").write_text(head + "".join(
        f"v{index}: Literal[{points}] = {points}\n"
        for index, (_, _, _, points) in enumerate(picked)))
    if flat:
        (folder / "flat.py").write_text(_flat_module(table))
        (folder / "flat_lookups.py").write_text(head + "from flat import points\n\n" + "".join(
            f'v{index}: Literal[{value}] = points({han}, {fu}, "{name}")\n'
            for index, (han, fu, name, value) in enumerate(picked)))


def _flat_module(table: ScoreTable) -> str:
    lines = ["from typing import Literal, overload\n"]
    for cell in table.cells:
        for payment in cell.payments:
            lines.append(f"\n@overload\ndef points(han: Literal[{cell.han}], fu: Literal["
                         f'{cell.fu}], how: Literal["{payment.name}"]) -> '
                         f"Literal[{payment.points}]: ...\n")
    lines.append("\ndef points(han: int, fu: int, how: str) -> int:\n    return 0\n")
    return "".join(lines)


def timed(command: list[str], folder: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def mypy(folder: Path, files: list[str], run: str) -> list[str]:
    (folder / "empty.ini").write_text("[mypy]\n")
    return [str(BIN / "mypy"), "--config-file", "empty.ini", "--no-incremental",
            "--cache-dir", str(folder / f"cache-{run}"), *files]


def pyright(files: list[str]) -> list[str]:
    return [str(BIN / "pyright"), *files]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lookups", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per command; the fastest counts (default 1)")
    parser.add_argument("--flat", action="store_true",
                        help="also time one @overload per cell and payment (slow)")
    args = parser.parse_args()
    table = build_table(rules_from("tenhou"))
    variants = {"plain Literal": ["plain.py"], "nested table": ["lookups.py", "scores.py"]}
    if args.flat:
        variants["flat overloads"] = ["flat_lookups.py", "flat.py"]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_files(folder, table, args.lookups, args.flat)
        payments = sum(len(cell.payments) for cell in table.cells)
        print(f"{args.lookups} lookups; table: {len(table.cells)} cells, {payments} payments, "
              f"{len((folder / 'scores.py').read_text().splitlines())} lines")
        times: dict[tuple[str, str], tuple[float, float]] = {}
        for run in range(args.repeat):
            for variant, files in variants.items():
                cache = f"{variant.replace(' ', '-')}-{run}"
                for checker, command in (("mypy", mypy(folder, files, cache)),
                                         ("pyright", pyright(files))):
                    wall, cpu = timed(command, folder)
                    best = times.get((checker, variant), (wall, cpu))
                    times[checker, variant] = (min(best[0], wall), min(best[1], cpu))
        print(f"{'checker':8} {'variant':15} {'wall':>8} {'ratio':>6} {'cpu':>8} {'ratio':>6}")
        for checker in ("mypy", "pyright"):
            wall_floor, cpu_floor = times[checker, "plain Literal"]
            for variant in variants:
                wall, cpu = times[checker, variant]
                print(f"{checker:8} {variant:15} {wall:6.2f} s x{wall / wall_floor:5.2f} "
                      f"{cpu:6.2f} s x{cpu / cpu_floor:5.2f}")


if __name__ == "__main__":
    main()
