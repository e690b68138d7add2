"""The solver's verdicts on seeded Turtle deals under work budgets, as JSON, for one build.

    python -P tests/builds/solve_dump.py WORK SEED...   # prints {"build": ..., "records": [...]}

The differential test runs this in a child process with ``TYPED_MAHJONG_PURE=1`` and calls
``records`` in its own (compiled) process: one process cannot hold both builds. With
``work=`` budgets (looser games, not seconds) a verdict repeats exactly, so both builds
must give the same status, moves, reason, proof, blocking tiles, nodes and work.
"""

from __future__ import annotations

import json
import sys

import typed_mahjong  # first: from PYTHONPATH (the build under test), never the checkout
from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.layout import turtle
from typed_mahjong.solitaire.solver import solve


def records(work: int, seeds: list[int]) -> list[dict[str, object]]:
    layout = turtle()
    found: list[dict[str, object]] = []
    for seed in seeds:
        verdict = solve(random_deal(layout, seed), work=work)
        found.append({
            "seed": seed,
            "status": verdict.status,
            "moves": [[move.first, move.second] for move in verdict.moves],
            "reason": verdict.reason,
            "proof": verdict.proof,
            "blocking": list(verdict.blocking),
            "nodes": verdict.nodes,
            "work": verdict.work,
        })
    return found


if __name__ == "__main__":
    work, *seeds = (int(arg) for arg in sys.argv[1:])
    print(json.dumps({"build": str(typed_mahjong.build_info()), "records": records(work, seeds)}))
