"""Edit -> diagnostics time of ``typed-mahjong lsp`` on a 1,000-fixture module, next to
a mypy run (with the plugin, warm cache) on the same file after the same edit.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_lsp.py --edits 20 --mypy-runs 3
    PYTHONPATH=. .venv/bin/python benchmarks/bench_lsp.py --sync full  # whole texts

The module holds 1,000 distinct questions (``Points[Hand[...], Ron["4s"], Riichi,
Honba[i]]``: riichi pinfu, 2 han 30 fu, 2000 whatever the honba). Each edit changes one
value (2000 <-> 1600) as a typist does, and the time is taken from sending
``didChange`` to receiving its ``publishDiagnostics``, through the real protocol over
stdio. The edit is sent as editors send it, the range of the value and its new text
(``--sync full``: the whole text, as simpler clients do). Prints medians and ranges;
asserts nothing. ``count_lsp.py`` counts the same edits' work.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "lsp"))

from lsp_client import Client  # noqa: E402

FIXTURES = 1000
CONFIG = "[mypy]\nplugins = typed_mahjong.plugin\n"


def module(wrong: int | None) -> str:
    lines = ["from typed_mahjong import Hand, Honba, Points, Riichi, Ron", ""]
    for index in range(FIXTURES):
        value = 1600 if index == wrong else 2000
        lines.append(f'h{index}: Points[Hand["123m456p234s789s55m"], Ron["4s"], Riichi, '
                     f"Honba[{index}]] = {value}")
    return "\n".join(lines) + "\n"


def _summary(name: str, seconds: list[float]) -> str:
    ms = [1000 * value for value in seconds]
    return (f"{name}: median {statistics.median(ms):.1f} ms, range {min(ms):.1f}-"
            f"{max(ms):.1f} ms ({len(ms)} runs)")


def _value_range(index: int) -> tuple[int, int, int]:
    """(0-based line, start, end) of fixture ``index``'s value."""
    line = module(None).splitlines()[index + 2]
    return index + 2, len(line) - 4, len(line)


def bench_server(folder: Path, edits: int, sync: str) -> tuple[float, list[float]]:
    path = folder / "fixtures.py"
    path.write_text(module(None))
    client = Client(folder)
    try:
        client.initialize(folder)
        start = time.perf_counter()
        uri = client.open(path)
        assert client.diagnostics(uri) == []
        first = time.perf_counter() - start
        times = []
        for version in range(2, edits + 2):
            wrong = version % FIXTURES if version % 2 else None
            text = module(wrong)
            line, begin, end = _value_range(wrong if wrong is not None else
                                             (version - 1) % FIXTURES)
            start = time.perf_counter()
            if sync == "full":
                client.change(uri, version, text)
            else:
                client.edit(uri, version, line, begin, end,
                            "2000" if wrong is None else "1600")
            found = client.diagnostics(uri, version=version)
            times.append(time.perf_counter() - start)
            assert len(found) == (1 if version % 2 else 0), found
        return first, times
    finally:
        client.close()


def bench_mypy(folder: Path, runs: int) -> list[float]:
    path = folder / "fixtures.py"
    command = [sys.executable, "-m", "mypy", "--config-file", str(folder / "mypy.ini"),
               "--cache-dir", str(folder / ".mypy_cache"), str(path)]
    path.write_text(module(None))
    subprocess.run(command, cwd=folder, capture_output=True, check=False)  # warm the cache
    times = []
    for run in range(runs):
        path.write_text(module(run + 1))
        start = time.perf_counter()
        subprocess.run(command, cwd=folder, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--mypy-runs", type=int, default=3)
    parser.add_argument("--sync", choices=("incremental", "full"), default="incremental")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "mypy.ini").write_text(CONFIG)
        (folder / ".git").mkdir()
        first, times = bench_server(folder, args.edits, args.sync)
        print(f"server, open (every hand asked): {1000 * first:.1f} ms")
        print(_summary(f"server, edit -> diagnostics ({args.sync} sync)", times))
        if args.mypy_runs:
            print(_summary("mypy + plugin, warm cache, after an edit",
                           bench_mypy(folder, args.mypy_runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
