"""bench_lsp's edit -> diagnostics as counted work: machine-independent, for a shared machine.

    PYTHONPATH=. .venv/bin/python benchmarks/count_lsp.py --edits 10
    PYTHONPATH=. .venv/bin/python benchmarks/count_lsp.py --edits 10 --callgrind

The server's checker (``typed_mahjong.lsp.analysis.Checker``, what ``didChange`` runs,
without the protocol) opens bench_lsp's module of 1,000 annotated hands, then takes edits
that change one value (2000 <-> 1600), as bench_lsp's do. Two ways of taking them:

- ``incremental``: the server's way, each edit compared with the buffer's last text;
- ``whole``: each edit checked as a buffer never seen (a full parse, every statement read
  again; the answers still come from the memo), which is what every edit cost before the
  server re-parsed only what an edit touched.

Printed for each, per edit: lines and top-level statements parsed, statements whose
annotations were read, questions put to the core. With ``--callgrind``, valgrind counts
the instructions of a whole process twice, once opening the module only and once opening
it and taking the edits; the difference over the edits is one edit's instructions
(instructions are not time, but no other process changes them). Needs valgrind for that;
each callgrind run takes a minute or so.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lsp import FIXTURES, module  # noqa: E402

MODES = ("incremental", "whole")
_COLLECTED = re.compile(r"Collected : (\d+)")


def run(mode: str, edits: int) -> dict[str, float]:
    """Open the module, take ``edits`` edits; the work counts per edit."""
    from typed_mahjong.lsp.analysis import Checker
    from typed_mahjong.query.settings import load_config

    checker = Checker(load_config(None))
    checker.check(module(None), "fixtures")
    opened = checker.work("fixtures")
    for version in range(2, edits + 2):
        text = module(version % FIXTURES if version % 2 else None)
        report = checker.check(text, "fixtures" if mode == "incremental" else f"v{version}")
        assert len(report.messages) == version % 2, report.messages
    if mode == "incremental":
        done = checker.work("fixtures")
    else:  # one buffer a version: add up the buffers' counts
        done = {key: sum(checker.work(f"v{version}").get(key, 0)
                         for version in range(2, edits + 2)) + opened.get(key, 0)
                for key in opened if key not in ("asked", "statements_read")}
        done.update(asked=checker.asked, statements_read=checker.statements_read)
    return {key: (done[key] - opened[key]) / edits if edits else 0.0 for key in opened}


def instructions(mode: str, edits: int) -> int:
    """callgrind's instruction count of a process running ``run(mode, edits)``."""
    with tempfile.TemporaryDirectory() as scratch:
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out",
                   sys.executable, __file__, "--inner", mode, "--edits", str(edits)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    match = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or match is None:
        raise SystemExit(f"callgrind run failed ({done.returncode}): {done.stderr[-2000:]}")
    return int(match.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--inner", choices=MODES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        print(json.dumps(run(args.inner, args.edits)))
        return 0
    for mode in MODES:
        counts = run(mode, args.edits)
        print(f"{mode}: per edit " + ", ".join(f"{key} {value:g}"
                                              for key, value in counts.items()))
        if args.callgrind:
            base = instructions(mode, 0)
            total = instructions(mode, args.edits)
            print(f"{mode}: {(total - base) / args.edits / 1e6:.2f} M instructions per edit "
                  f"(callgrind; {args.edits} edits)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
