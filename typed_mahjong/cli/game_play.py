"""``typed-mahjong game play`` and ``game replay``: a game at the table, and its record.

    typed-mahjong game play GAME [--seed N] [--players K] [--rounds R] [--port PORT]
        [--record FILE]
    typed-mahjong game replay FILE [--fixtures OUT]

``play`` serves a page on the loopback address where one person plays against bots; it
runs until Ctrl-C and exits 0 (with ``--record``, the match so far is written then).
``replay`` scores every win of a record again and exits 0 when each agrees with its
recorded points, 1 otherwise; ``--fixtures`` writes the agreeing wins as typed fixtures.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import MahjongError
from ..safe_io import check_output_path, printable, write_output
from .console import whole_number

MAX_SEED = 2**63 - 1


def register_play(actions: argparse._SubParsersAction[Any]) -> None:
    """Add ``play`` and ``replay`` to ``typed-mahjong game``."""
    play = actions.add_parser(
        "play", help="play a game against bots in the browser",
        description="Serve a page on the loopback address (127.0.0.1) where you play GAME "
        "against bots, round after round; Ctrl-C stops it.")
    play.add_argument("game", metavar="GAME")
    play.add_argument("--seed", type=whole_number(0, MAX_SEED), metavar="N",
                      help="the seed of the walls (default: picked at random and shown)")
    play.add_argument("--players", type=whole_number(2, 8), metavar="K",
                      help="players at the table (default: the game's 'players')")
    play.add_argument("--rounds", type=whole_number(1, 64), metavar="R",
                      help="rounds to play (default: the game's 'rounds')")
    play.add_argument("--port", type=whole_number(0, 65535), default=0,
                      help="the port to serve on (default: a free one)")
    play.add_argument("--record", metavar="FILE",
                      help="write the match's record (JSON lines) here when it stops")
    play.set_defaults(func=_play)

    replay = actions.add_parser(
        "replay", help="score every win of a match record again",
        description="Read a match record (JSON lines, from 'game play --record' or the "
        "page's Save) and score each win again with the game it names.")
    replay.add_argument("record", metavar="FILE")
    replay.add_argument("--fixtures", metavar="OUT",
                        help="write the wins as Points[Game[...], Hand[...]] = N fixtures")
    replay.set_defaults(func=_replay)


def _play(args: argparse.Namespace) -> int:
    import random

    from ..games import load
    from ..localweb import serve_until_interrupted
    from ..table.match import Match
    from ..table.play_server import TableServer
    from ..table.record import dumps
    from .games import _resolve

    if args.record is not None:
        check_output_path(args.record, inputs=[args.game])
    game = load(_resolve(args.game))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    match = Match(game, seed, source=args.game, players=args.players, rounds=args.rounds)
    try:
        server = TableServer(match, args.port)
    except OSError as exc:
        raise MahjongError(f"cannot serve on 127.0.0.1:{args.port}: {exc.strerror or exc}",
                           field="--port") from None

    def save() -> None:
        if args.record is not None:
            with server.lock:
                write_output(args.record, dumps(match.events), inputs=[args.game])

    serve_until_interrupted(server, f"Playing {printable(game.name)} (seed {seed}) at "
                            f"{server.url} (Ctrl-C to stop)", save)
    return 0


def _replay(args: argparse.Namespace) -> int:
    from ..table.record import fixtures_module, replay

    if args.fixtures is not None:
        check_output_path(args.fixtures, inputs=[args.record])
    game, source, wins = replay(args.record)
    bad = 0
    for win in wins:
        verdict = "ok" if win.agrees else f"DIFFERS: the engine gives {win.points}"
        bad += not win.agrees
        print(f"line {win.line}: player {win.player}: {printable(win.hand)}: "
              f"{win.recorded} points: {verdict}")
    print(f"{printable(game.name)}: {len(wins)} win{'s' if len(wins) != 1 else ''}, "
          f"{len(wins) - bad} agree{'s' if len(wins) - bad == 1 else ''}")
    if args.fixtures is not None:
        write_output(args.fixtures, fixtures_module(game, source, wins), inputs=[args.record])
    return 1 if bad else 0
