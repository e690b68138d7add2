"""``typed-mahjong solitaire ...``: decide Shanghai deals and hint the next move.

    typed-mahjong solitaire solve LAYOUT [--deal SEED] [--solvable-deal] [--budget SECONDS]
                                         [--workers 1|2] [--json]
    typed-mahjong solitaire hint LAYOUT ...   (same options)
    typed-mahjong solitaire review GAME [--budget SECONDS] [--html FILE] [--json]
    typed-mahjong solitaire play [LAYOUT] [--seed N] [--budget SECONDS] [--port PORT]

LAYOUT is a layout file (KMahjongg's format or typed-mahjong's own) or the name of a
layout shipped with typed-mahjong (``turtle``, ``trap``). Exit codes: 0 solvable,
1 unsolvable, 3 undecided (budget ran out), 2 bad input. ``hint`` exits 0 when some pair
keeps the position clearable, 1 when none does, 3 when that is not known within the
budget. ``review`` exits 0 when the game can still be cleared after its last move, 1 when
it was lost, 3 when that is not known. ``play`` serves a page on the loopback address
to play a deal with the mouse; it runs until Ctrl-C and then exits 0.
"""

from __future__ import annotations

import argparse
import math
import re
import time
from typing import Any

from ..errors import MahjongError
from ..safe_io import check_output_path, printable, write_output
from .console import (
    EXIT_BAD_INPUT,
    EXIT_NO,
    EXIT_OK,
    EXIT_UNDECIDED,
    JsonAwareParser,
    json_text,
    whole_number,
)

EXIT_SOLVABLE = EXIT_OK
EXIT_UNSOLVABLE = EXIT_NO
__all__ = ["EXIT_BAD_INPUT", "EXIT_SOLVABLE", "EXIT_UNDECIDED", "EXIT_UNSOLVABLE", "register"]
DEFAULT_BUDGET = 10.0
DEFAULT_MOVE_BUDGET = 2.0  # review: seconds a position (the source article's give-up time)
MAX_SEED = 10**18 - 1  # solitaire.deals.MAX_SEED, without importing the solver here
# A budget is read as text first: bounded length, ASCII digits, an optional exponent.
_BUDGET = re.compile(r"[+-]?([0-9]{1,18}(\.[0-9]{0,18})?|\.[0-9]{1,18})([eE][+-]?[0-9]{1,3})?")


def read_budget(text: str | float) -> float:
    """``--budget`` as a positive finite number of seconds, else ``MahjongError``.

    Checked in the command rather than by argparse, so the message reads the same for
    every command and reaches the router as an error of the family."""
    if isinstance(text, float):
        return text  # a default
    value = float(text) if _BUDGET.fullmatch(text.strip()) else math.nan
    if not (math.isfinite(value) and value > 0):
        raise MahjongError(
            f"--budget must be a positive finite number of seconds, not "
            f"{printable(text[:20])!r}", field="--budget")
    return value


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``solitaire solve``, ``hint`` and ``review`` to the console script."""
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
        default=DEFAULT_MOVE_BUDGET,
        metavar="SECONDS",
        help=f"time for each position (default {DEFAULT_MOVE_BUDGET:g}); past it the "
        "position is undecided unless the other moves settle it",
    )
    review.add_argument("--html", metavar="FILE", help="also write a page to step through the game")
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.set_defaults(func=_run_review)
    play = commands.add_parser(
        "play",
        help="play a deal in the browser, with a verdict after every move",
        description="Serve a page on the loopback address (127.0.0.1) where you play a "
        "deal with the mouse; after every move it says whether the game can still be "
        "cleared, and shows the blocking tiles of a dead position. Stop with Ctrl-C.",
    )
    play.add_argument("layout", metavar="LAYOUT", nargs="?", default="turtle",
                      help="layout file, or a shipped layout by name (default turtle)")
    play.add_argument("--seed", type=whole_number(0, MAX_SEED), metavar="N",
                      help="deal from this seed (default: the faces in the file, or a "
                      "random seed)")
    play.add_argument("--budget", default=DEFAULT_MOVE_BUDGET, metavar="SECONDS",
                      help=f"time for each position's verdict (default "
                      f"{DEFAULT_MOVE_BUDGET:g}); past it the position is undecided")
    play.add_argument("--port", type=whole_number(0, 65535), default=0,
                      help="port on 127.0.0.1 (default 0: a free one)")
    play.set_defaults(func=_run_play)


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "layout", metavar="LAYOUT",
        help="layout file, or a layout shipped with typed-mahjong by name: turtle, trap")
    parser.add_argument(
        "--deal",
        type=whole_number(0, MAX_SEED),
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
        default=DEFAULT_BUDGET,
        metavar="SECONDS",
        help=f"give up (answer 'undecided') after this long (default {DEFAULT_BUDGET:g}); "
        "reading the layout and setting up the solver count against it",
    )
    parser.add_argument(
        "--workers",
        type=whole_number(0, 99),
        choices=(1, 2),
        default=1,
        help="2: a hard deal also gets a second process (not on Windows; default 1)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _run_solve(args: argparse.Namespace) -> int:
    from ..solitaire.report import describe_deal, solve_report
    from ..solitaire.solver import Solver

    started = time.perf_counter()  # the budget covers reading and dealing too
    args.budget = read_budget(args.budget)
    position, deal = _prepare(args)
    verdict = Solver(position).solve(budget=args.budget, workers=args.workers, started=started)
    if args.json:
        print(json_text(solve_report(position, deal, verdict, args.budget, args.workers)))
    else:
        print(describe_deal(position, deal, verdict, args.budget))
    return {"solvable": EXIT_SOLVABLE, "unsolvable": EXIT_UNSOLVABLE}.get(
        verdict.status, EXIT_UNDECIDED
    )


def _run_hint(args: argparse.Namespace) -> int:
    from ..solitaire.report import describe_hints, hint_report
    from ..solitaire.solver import hints

    started = time.perf_counter()
    args.budget = read_budget(args.budget)
    position, deal = _prepare(args)
    found = hints(position, budget=args.budget, workers=args.workers, started=started)
    if args.json:
        print(json_text(hint_report(position, deal, found)))
    else:
        print(describe_hints(position, deal, found))
    statuses = {hint.verdict.status for hint in found}
    if "solvable" in statuses:
        return EXIT_SOLVABLE
    if "undecided" in statuses:
        return EXIT_UNDECIDED
    return EXIT_UNSOLVABLE


def _run_review(args: argparse.Namespace) -> int:
    from ..solitaire.review import load_game, review
    from ..solitaire.review_html import review_page
    from ..solitaire.review_report import describe_review, review_report

    args.budget = read_budget(args.budget)
    if args.html is not None:
        # Before the work: a bad path fails at once.
        check_output_path(args.html, inputs=[args.game])
    record = load_game(args.game)
    result = review(record.position, record.moves, budget=args.budget)
    if args.html is not None:
        write_output(args.html, review_page(record, result), inputs=[args.game])
    if args.json:
        print(json_text(review_report(record, result, args.budget)))
    else:
        print(describe_review(record, result, args.budget))
    end = result.steps[-1].status
    if result.fatal is not None or result.lost_from_the_start or end == "dead":
        return EXIT_UNSOLVABLE
    return EXIT_SOLVABLE if end in ("clearable", "cleared") else EXIT_UNDECIDED


def _prepare(args: argparse.Namespace) -> tuple[Any, dict[str, Any]]:
    """The position to work on and a description of the deal; bad input raises an error
    of the family (``MahjongError``), which the router reports."""
    from ..solitaire.deals import random_deal, solvable_deal
    from ..solitaire.formats import load_layout
    from ..solitaire.position import Position

    loaded = load_layout(args.layout)
    layout = loaded.layout
    if args.deal is None and not args.solvable_deal and loaded.faces is not None:
        return Position(layout, loaded.faces), {"kind": "file", "seed": None}
    seed = 0 if args.deal is None else args.deal
    if args.solvable_deal:
        position, _moves = solvable_deal(layout, seed)
        return position, {"kind": "solvable", "seed": seed}
    return random_deal(layout, seed), {"kind": "random", "seed": seed}


def _run_play(args: argparse.Namespace) -> int:
    from ..localweb import serve_until_interrupted
    from ..solitaire.formats import load_layout
    from ..solitaire.play import PlaySession, layout_line, random_seed
    from ..solitaire.play_server import PlayServer

    budget = read_budget(args.budget)
    loaded = load_layout(args.layout)
    seed = args.seed
    if seed is None and loaded.faces is None:
        seed = random_seed()
    session = PlaySession(loaded, layout_line(args.layout, loaded), seed, budget)
    try:
        server = PlayServer(session, args.port)
    except OSError as exc:
        session.stop()
        raise MahjongError(f"cannot serve on 127.0.0.1:{args.port}: {exc.strerror or exc}",
                           field="--port") from None
    serve_until_interrupted(
        server, f"Playing {printable(loaded.layout.name)} at {server.url} (Ctrl-C to stop)",
        session.stop)
    return EXIT_OK

