"""``typed-mahjong game ...``: score hands of a YAML-defined game, check game files.

    typed-mahjong game score GAME "fox vixen kit owl owl owl bear cub moon" [--json]
        [--tsumo] [--concealed] [--seat WIND] [--round WIND] [--flowers N]
        [--input NAME=VALUE ...]
    typed-mahjong game waits GAME "fox vixen kit owl owl owl bear cub" [--json]
    typed-mahjong game check GAME [GAME ...]
    typed-mahjong game tiles GAME
    typed-mahjong game list
    typed-mahjong game play GAME [--seed N] [--players K] [--rounds R] [--port PORT]
        [--record FILE]
    typed-mahjong game replay FILE [--fixtures OUT]

GAME is a path to a game file, or the name of a built-in game (``game list``).

``score`` exits 0 when the hand wins and 1 when it scores nothing (no yaku, short of the
game's minimum, outside the game), as ``typed-mahjong score`` does. A bad game file, hand
or input is a ``GameError`` the router reports (exit 2); ``check`` reports every problem
of every file itself, on standard output, and exits 1 when a file has any.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from ..errors import MahjongError
from .console import EXIT_NO, EXIT_OK, json_text

if TYPE_CHECKING:
    from ..games import Game, GameScore


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``game`` and its subcommands to the ``typed-mahjong`` parser."""
    game = subparsers.add_parser(
        "game", help="score hands of a mahjong-like game defined in YAML",
        description="Mahjong-like games defined in YAML (see docs/games.md). GAME is a "
        "game file, or the name of a built-in game (see 'game list').",
    )
    actions = game.add_subparsers(dest="game_command", required=True)

    score = actions.add_parser("score", help="score one hand")
    score.add_argument("game", metavar="GAME")
    score.add_argument("hand", metavar="TILES",
                       help="tile names separated by spaces or commas; the last is the "
                       "winning tile")
    score.add_argument("--json", action="store_true", help="print the result as JSON")
    situation = score.add_argument_group(
        "situation", "inputs the game declares (its 'inputs' section); the shortcuts set "
        "the input of the same name")
    situation.add_argument("--input", "-i", action="append", default=[], metavar="NAME=VALUE",
                           help="set an input, e.g. --input seat=south (repeatable)")
    # A shortcut for each game marker of the annotations (SelfDrawn is --tsumo, Flowers[2]
    # is --flowers 2), and for the two riichi winds that games share (Seat, Round).
    from ..query.names import GAME_MARKERS

    for row in GAME_MARKERS:
        if row.flag:
            situation.add_argument(f"--{row.input}", action="append_const", dest="input",
                                   const=f"{row.input}=true",
                                   help=f"input '{row.input}' (as {row.marker} does)")
    for name in ("seat", "round", *(row.input for row in GAME_MARKERS if not row.flag)):
        situation.add_argument(f"--{name}", action="append", dest="input", type=_prefixed(name),
                               metavar=name.upper(), help=f"input '{name}'")
    score.set_defaults(func=_score)

    waits = actions.add_parser("waits", help="list the tiles that complete a waiting hand")
    waits.add_argument("game", metavar="GAME")
    waits.add_argument("hand", metavar="TILES",
                       help="tile names separated by spaces or commas: a hand one tile "
                       "short of the game's hand size (claimed melds in ( ), concealed "
                       "kongs in [ ], one tile more for each kong)")
    waits.add_argument("--json", action="store_true", help="print the result as JSON")
    waits.set_defaults(func=_waits)

    check = actions.add_parser("check", help="check game files and report every problem")
    check.add_argument("games", metavar="GAME", nargs="+")
    check.set_defaults(func=_check)

    tiles = actions.add_parser("tiles", help="list a game's tiles in display order")
    tiles.add_argument("game", metavar="GAME")
    tiles.set_defaults(func=_tiles)

    listing = actions.add_parser("list", help="list the built-in games")
    listing.set_defaults(func=_list)

    from .game_play import register_play

    register_play(actions)


def _prefixed(name: str) -> Any:
    def convert(value: str) -> str:
        return f"{name}={value}"
    return convert


def _inputs(pairs: list[str]) -> dict[str, str]:
    """``NAME=VALUE`` texts -> a mapping (the game checks names and values)."""
    inputs: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise MahjongError(f"--input takes NAME=VALUE, not {pair[:100]!r}",
                               field="--input")
        inputs[name.strip()] = value.strip()
    return inputs


def _resolve(name: str) -> str:
    """A path as given, or a built-in game's path when no such file exists."""
    from ..games import builtin_names, builtin_path

    if not os.path.exists(name) and name in builtin_names():
        return str(builtin_path(name))
    return name


def _score(args: argparse.Namespace) -> int:
    from ..games import load

    game = load(_resolve(args.game))
    result = game.score(args.hand, **_inputs(args.input))
    if args.json:
        print(json_text(_as_json(game, result), indent=2))
    else:
        print(_as_text(game, args.hand, result))
    # As ``score`` exits 1 for a hand with no yaku: the answer is no when the hand scores
    # nothing (no yaku, short of the game's minimum, outside the game).
    return EXIT_OK if result.won else EXIT_NO


def _waits(args: argparse.Namespace) -> int:
    from ..games import load

    game = load(_resolve(args.game))
    tiles = game.waits(args.hand)
    hand = " ".join(args.hand.replace(",", " ").split())
    if args.json:
        print(json_text({"game": game.name, "hand": hand, "waits": list(tiles)}, indent=2))
    else:
        print(f"{game.name}: {hand}: waits on {' '.join(tiles) if tiles else 'nothing'}")
    # As ``waits`` exits 1 for a hand that is not waiting: the answer is no.
    return EXIT_OK if tiles else EXIT_NO


def _as_json(game: Game, result: GameScore) -> dict[str, Any]:
    return {
        "game": game.name,
        "points": result.points,
        "unit": game.unit,
        "yaku": [[name, value] for name, value in result.yaku],
        "reading": None if result.reading is None else str(result.reading),
        "readings_tried": result.readings_tried,
        "work": result.work,
        "excluded_by": result.excluded_by,
    }


def _as_text(game: Game, hand: str, result: GameScore) -> str:
    unit = " han" if game.unit == "han" else ""
    lines = [f"{game.name}: {' '.join(hand.replace(',', ' ').split())}"]
    if result.excluded_by is not None:
        lines.append(f"  outside this game: the hand shows '{result.excluded_by}' (0 points)")
    elif not result.yaku:
        lines.append("  no yaku: 0 points")
    else:
        width = max(len(name) for name, _ in result.yaku)
        lines.extend(f"  {name:<{width}}  {value}{unit}" for name, value in result.yaku)
        total = sum(value for _, value in result.yaku)
        extra = f" ({total} han)" if game.unit == "han" else ""
        lines.append(f"  {'total':<{width}}  {result.points} points{extra}")
    if result.reading is not None:
        lines.append(f"  reading: {result.reading}")
    lines.append(f"  readings tried: {result.readings_tried}")
    return "\n".join(lines)


def _check(args: argparse.Namespace) -> int:
    from ..games import GameError, load

    status = 0
    for name in args.games:
        try:
            game = load(_resolve(name))
        except GameError as exc:
            status = 1
            count = len(exc.problems)
            print(f"{exc.filename}: {count} problem{'s' if count != 1 else ''}")
            for problem in exc.problems:
                print(f"  {problem}")
            continue
        print(f"{game.filename}: ok: '{game.name}', {len(game.tiles)} tiles, "
              f"{len(game.yaku_names)} yaku, hands of {game.hand_size}")
    return status


def _tiles(args: argparse.Namespace) -> int:
    from ..games import load

    game = load(_resolve(args.game))
    for tile in game.tiles:
        if tile.wildcard:
            described = "wildcard"
        else:
            described = ", ".join(f"{key}={value}" for key, value in tile.attributes
                                  if not game.display or key in game.display)
        print(f"{tile.name:<12} x{tile.copies}  {described}")
    return 0


def _list(args: argparse.Namespace) -> int:
    from ..games import builtin_names, builtin_path, load

    for name in builtin_names():
        game = load(builtin_path(name))
        print(f"{name:<16} {game.name}")
    return 0
