"""``typed-mahjong solitaire ...``: decide Shanghai deals and hint the next move.

    typed-mahjong solitaire solve LAYOUT [--deal SEED] [--solvable-deal] [--budget SECONDS]
                                         [--workers 1|2] [--json]
    typed-mahjong solitaire hint LAYOUT ...   (same options)

LAYOUT is a layout file (KMahjongg's format or typed-mahjong's own) or a built-in name
(``turtle``). Exit codes: 0 solvable, 1 unsolvable, 3 undecided (budget ran out),
2 bad input. ``hint`` exits 0 when some pair keeps the position clearable, 1 when none
does, 3 when that is not known within the budget.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

EXIT_SOLVABLE = 0
EXIT_UNSOLVABLE = 1
EXIT_BAD_INPUT = 2
EXIT_UNDECIDED = 3
DEFAULT_BUDGET = 10.0


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``solitaire solve`` and ``solitaire hint`` to the console script."""
    parser = subparsers.add_parser(
        "solitaire",
        help="Shanghai (mahjong solitaire): can this layout still be cleared?",
        description="Decide whether a Shanghai deal can be cleared, and hint safe moves.",
    )
    commands = parser.add_subparsers(dest="solitaire_command", required=True)
    solve = commands.add_parser(
        "solve",
        help="decide a deal and print a clearing sequence",
        description="Decide whether the deal can be cleared; print the verdict and the "
        "removals (or the reason it cannot be cleared).",
    )
    _add_common(solve)
    solve.set_defaults(func=_run_solve)
    hint = commands.add_parser(
        "hint",
        help="list the pairs whose removal keeps the deal clearable",
        description="For every pair that can be removed now, say whether the deal can "
        "still be cleared after removing it.",
    )
    _add_common(hint)
    hint.set_defaults(func=_run_hint)


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("layout", metavar="LAYOUT", help="layout file, or a built-in: turtle")
    parser.add_argument(
        "--deal",
        type=int,
        metavar="SEED",
        help="deal the layout's tile set at random from this seed (default: the faces in "
        "the file, or seed 0 when it has none)",
    )
    parser.add_argument(
        "--solvable-deal",
        action="store_true",
        help="deal from the seed so that the deal is known to be solvable",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        metavar="SECONDS",
        help=f"give up (answer 'undecided') after this long (default {DEFAULT_BUDGET:g})",
    )
    parser.add_argument(
        "--workers",
        type=int,
        choices=(1, 2),
        default=1,
        help="2: a hard deal also gets a second process (not on Windows; default 1)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _run_solve(args: argparse.Namespace) -> int:
    from .report import describe_deal, solve_report

    prepared = _prepare(args)
    if isinstance(prepared, int):
        return prepared
    position, deal = prepared
    from .solver import solve

    verdict = solve(position, budget=args.budget, workers=args.workers)
    if args.json:
        _emit(json.dumps(solve_report(position, deal, verdict, args.budget, args.workers)))
    else:
        _emit(describe_deal(position, deal, verdict, args.budget))
    return {"solvable": EXIT_SOLVABLE, "unsolvable": EXIT_UNSOLVABLE}.get(
        verdict.status, EXIT_UNDECIDED
    )


def _run_hint(args: argparse.Namespace) -> int:
    from .report import describe_hints, hint_report
    from .solver import hints

    prepared = _prepare(args)
    if isinstance(prepared, int):
        return prepared
    position, deal = prepared
    found = hints(position, budget=args.budget, workers=args.workers)
    if args.json:
        _emit(json.dumps(hint_report(position, deal, found)))
    else:
        _emit(describe_hints(position, deal, found))
    statuses = {hint.verdict.status for hint in found}
    if "solvable" in statuses:
        return EXIT_SOLVABLE
    if "undecided" in statuses:
        return EXIT_UNDECIDED
    return EXIT_UNSOLVABLE


def _prepare(args: argparse.Namespace) -> tuple[Any, dict[str, Any]] | int:
    """The position to work on and a description of the deal, or the exit code 2."""
    from .deals import random_deal, solvable_deal
    from .faces import FaceError
    from .formats import load_layout
    from .layout import LayoutError
    from .position import Position, PositionError

    if args.budget is not None and args.budget <= 0:
        return _bad_input("--budget must be a positive number of seconds")
    try:
        loaded = load_layout(args.layout)
        layout = loaded.layout
        if args.deal is None and not args.solvable_deal and loaded.faces is not None:
            return Position(layout, loaded.faces), {"kind": "file", "seed": None}
        seed = 0 if args.deal is None else args.deal
        if args.solvable_deal:
            position, _moves = solvable_deal(layout, seed)
            return position, {"kind": "solvable", "seed": seed}
        return random_deal(layout, seed), {"kind": "random", "seed": seed}
    except (LayoutError, PositionError, FaceError, ValueError) as exc:
        return _bad_input(str(exc))


def _emit(text: str) -> None:
    """Print, staying quiet if the reader went away (``... | head``)."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # Python would complain again when flushing stdout at exit; point it elsewhere.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _bad_input(message: str) -> int:
    print(f"typed-mahjong: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
