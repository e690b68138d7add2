"""``typed-mahjong solitaire ...``: decide Shanghai deals and hint the next move.

    typed-mahjong solitaire solve LAYOUT [--deal SEED] [--solvable-deal] [--budget SECONDS]
                                         [--workers 1|2] [--json]
    typed-mahjong solitaire hint LAYOUT ...   (same options)
    typed-mahjong solitaire review GAME [--budget SECONDS] [--html FILE] [--json]

LAYOUT is a layout file (KMahjongg's format or typed-mahjong's own) or a built-in name
(``turtle``). Exit codes: 0 solvable, 1 unsolvable, 3 undecided (budget ran out),
2 bad input. ``hint`` exits 0 when some pair keeps the position clearable, 1 when none
does, 3 when that is not known within the budget. ``review`` exits 0 when the game can
still be cleared after its last move, 1 when it was lost, 3 when that is not known.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from .console import JsonAwareParser

if TYPE_CHECKING:
    from ..solitaire.layout import LayoutError

EXIT_SOLVABLE = 0
EXIT_UNSOLVABLE = 1
EXIT_BAD_INPUT = 2
EXIT_UNDECIDED = 3
DEFAULT_BUDGET = 10.0
DEFAULT_MOVE_BUDGET = 2.0  # review: seconds a position (the source article's give-up time)


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``solitaire solve`` and ``solitaire hint`` to the console script."""
    parser = subparsers.add_parser(
        "solitaire",
        help="Shanghai (mahjong solitaire): can this layout still be cleared?",
        description="Decide whether a Shanghai deal can be cleared, and hint safe moves.",
    )
    commands = parser.add_subparsers(
        dest="solitaire_command", required=True, parser_class=JsonAwareParser
    )
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
    review = commands.add_parser(
        "review",
        help="review a played game: after every move, can it still be cleared?",
        description="Replay a game record (see docs/solitaire.md) and say after every "
        "move whether the position can still be cleared, which move lost the game, and "
        "the blocking tiles of dead positions.",
    )
    review.add_argument("game", metavar="GAME", help="game record file")
    review.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_MOVE_BUDGET,
        metavar="SECONDS",
        help=f"time for each position (default {DEFAULT_MOVE_BUDGET:g}); past it the "
        "position is undecided unless the other moves settle it",
    )
    review.add_argument("--html", metavar="FILE", help="also write a page to step through the game")
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.set_defaults(func=_run_review)


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
    from ..solitaire.report import describe_deal, solve_report
    from ..solitaire.solver import Solver

    started = time.perf_counter()  # the budget covers reading and dealing too
    prepared = _prepare(args)
    if isinstance(prepared, int):
        return prepared
    position, deal = prepared
    verdict = Solver(position).solve(budget=args.budget, workers=args.workers, started=started)
    if args.json:
        _emit(_json(solve_report(position, deal, verdict, args.budget, args.workers)))
    else:
        _emit(describe_deal(position, deal, verdict, args.budget))
    return {"solvable": EXIT_SOLVABLE, "unsolvable": EXIT_UNSOLVABLE}.get(
        verdict.status, EXIT_UNDECIDED
    )


def _run_hint(args: argparse.Namespace) -> int:
    from ..solitaire.report import describe_hints, hint_report
    from ..solitaire.solver import hints

    started = time.perf_counter()
    prepared = _prepare(args)
    if isinstance(prepared, int):
        return prepared
    position, deal = prepared
    found = hints(position, budget=args.budget, workers=args.workers, started=started)
    if args.json:
        _emit(_json(hint_report(position, deal, found)))
    else:
        _emit(describe_hints(position, deal, found))
    statuses = {hint.verdict.status for hint in found}
    if "solvable" in statuses:
        return EXIT_SOLVABLE
    if "undecided" in statuses:
        return EXIT_UNDECIDED
    return EXIT_UNSOLVABLE


def _run_review(args: argparse.Namespace) -> int:
    from ..solitaire.layout import LayoutError
    from ..solitaire.review import load_game, review
    from ..solitaire.review_html import review_page
    from ..solitaire.review_report import describe_review, review_report

    budget_error = check_budget_option(args.budget)
    if budget_error is not None:
        return _bad_input(budget_error, args)
    try:
        record = load_game(args.game)
    except LayoutError as exc:
        return _bad_input(str(exc), args, exc)
    result = review(record.position, record.moves, budget=args.budget)
    if args.html is not None:
        problem = _write_whole(args.html, review_page(record, result))
        if problem is not None:
            return _bad_input(problem, args)
    if args.json:
        _emit(_json(review_report(record, result, args.budget)))
    else:
        _emit(describe_review(record, result, args.budget))
    end = result.steps[-1].status
    if result.fatal is not None or result.lost_from_the_start or end == "dead":
        return EXIT_UNSOLVABLE
    return EXIT_SOLVABLE if end in ("clearable", "cleared") else EXIT_UNDECIDED


def _write_whole(path: str, text: str) -> str | None:
    """Write ``text`` to ``path`` through a temporary file beside it, so a failure leaves
    no half-written page; the error message, or None."""
    target = os.path.abspath(path)
    temporary = f"{target}.tmp-{os.getpid()}"
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return f"cannot write {path}: {exc.strerror or exc}"
    return None


def _prepare(args: argparse.Namespace) -> tuple[Any, dict[str, Any]] | int:
    """The position to work on and a description of the deal, or the exit code 2."""
    from ..solitaire.deals import random_deal, solvable_deal
    from ..solitaire.faces import FaceError
    from ..solitaire.formats import load_layout
    from ..solitaire.layout import LayoutError
    from ..solitaire.position import Position, PositionError

    budget_error = check_budget_option(args.budget)
    if budget_error is not None:
        return _bad_input(budget_error, args)
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
    except LayoutError as exc:
        return _bad_input(str(exc), args, exc)
    except (PositionError, FaceError, ValueError) as exc:
        return _bad_input(str(exc), args)


def check_budget_option(budget: float | None) -> str | None:
    """The error for a ``--budget`` that is not a positive finite number, else None."""
    if budget is None or (math.isfinite(budget) and budget > 0):
        return None
    return f"--budget must be a positive finite number of seconds, not {budget!r}"


def _emit(text: str) -> None:
    """Print, staying quiet if the reader went away (``... | head``)."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # Python would complain again when flushing stdout at exit; point it elsewhere.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _json(report: dict[str, Any]) -> str:
    """One line of strict JSON (a NaN or infinity is a bug here, never printed)."""
    return json.dumps(report, allow_nan=False)


def _error_json(message: str, located: LayoutError | None = None) -> str:
    report: dict[str, Any] = {"status": "error", "error": message, "exit_code": EXIT_BAD_INPUT}
    if located is not None:
        report.update(file=located.source, line=located.line, column=located.column)
    return _json(report)


def _bad_input(
    message: str, args: argparse.Namespace | None = None, located: LayoutError | None = None
) -> int:
    """Report bad input (on stdout as a JSON object with ``--json``); exit code 2."""
    if args is not None and getattr(args, "json", False):
        _emit(_error_json(message, located))
    else:
        print(f"typed-mahjong: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
