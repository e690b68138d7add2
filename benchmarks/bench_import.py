"""Cost of `import typed_mahjong` (it runs inside every mypy process that loads the plugin).

    .venv/bin/python benchmarks/bench_import.py [--runs 15]

Each run is a fresh interpreter; prints the median wall time of the import alone and the
resident-memory growth it causes. Budget (issue 2): under 100 ms and 25 MB.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

PROBE = """
import resource, time
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
import typed_mahjong
elapsed = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(elapsed, (after - before) / 1024)
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    times, memory = [], []
    for _ in range(runs):
        # -I: isolated, so the repository checkout on sys.path cannot change what is imported.
        out = subprocess.run([sys.executable, "-I", "-c", PROBE], capture_output=True,
                             text=True, check=True).stdout.split()
        times.append(float(out[0]))
        memory.append(float(out[1]))
    print(f"import typed_mahjong: median {statistics.median(times) * 1000:.1f} ms "
          f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}) over {runs} runs; "
          f"RSS growth median {statistics.median(memory):.1f} MB")


if __name__ == "__main__":
    main()
