"""The ``score``, ``shanten`` and ``waits`` subcommands of the console script."""

from __future__ import annotations

import argparse
from typing import Any

from ..core.win_options import COUNT, FLAG, WIN_OPTIONS, WinOption
from .console import json_text, whole_number


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    score = subparsers.add_parser(
        "score", help="score a winning hand",
        description="Score a winning hand: yaku, han, fu with its breakdown, limit, payments.")
    score.add_argument("hand", help='hand string, e.g. "234p234s456m567s44p" or '
                                    '"123m44p chi:567s pon:777z"')
    score.add_argument("--win", required=True, help="the winning tile, e.g. 3p")
    for option in WIN_OPTIONS:
        _add_option(score, option)
    score.add_argument("--rules", default="tenhou", help="rules preset (default tenhou)")
    score.add_argument("--json", action="store_true", help="print JSON")
    score.set_defaults(func=_score)

    shanten = subparsers.add_parser(
        "shanten", help="shanten and waits of a hand",
        description="Shanten number (-1 complete, 0 tenpai) and, when tenpai, the waits.")
    shanten.add_argument("hand")
    shanten.add_argument("--rules", default=None,
                         help="rules preset; a three-player one (tenhou-sanma) refuses 2m-8m")
    shanten.add_argument("--json", action="store_true", help="print JSON")
    shanten.set_defaults(func=_shanten)

    waits = subparsers.add_parser(
        "waits", help="the tiles a waiting hand wins on",
        description="The tiles that complete a hand of 13 tiles (less 3 for each called "
                    "meld): any winning form counts; a tile whose four copies the hand "
                    "holds is left out. Exit 0 when tenpai, 1 when not.")
    waits.add_argument("hand", help='e.g. "123m456p789s1122z" or "123m44p chi:567s 789s"')
    waits.add_argument("--rules", default=None,
                       help="rules preset; a three-player one (tenhou-sanma) refuses 2m-8m")
    waits.add_argument("--json", action="store_true", help="print JSON")
    waits.set_defaults(func=_waits)


def _add_option(parser: argparse.ArgumentParser, option: WinOption) -> None:
    """One flag per win option, from its row: ``--riichi``, ``--seat E``, ``--honba 2``."""
    if option.kind == FLAG:
        parser.add_argument(option.cli_flag, action="store_true", help=option.meaning)
        return
    shown = f" (default {option.default})" if option.default not in (None, "") else ""
    parser.add_argument(option.cli_flag, default=option.default,
                        type=whole_number(0, option.most) if option.kind == COUNT else str,
                        help=option.meaning + shown)


def _score(args: argparse.Namespace) -> int:
    from ..core.scoring import score

    options: dict[str, Any] = {option.name: getattr(args, option.name)
                               for option in WIN_OPTIONS}
    result = score(args.hand, args.win, rules=args.rules, **options)
    if args.json:
        fields = ("han", "fu", "yaku", "fu_breakdown", "limit", "points", "payments",
                  "total", "payment_text", "reading", "wait", "yakuman", "is_yakuless",
                  "rules")
        print(json_text({name: getattr(result, name) for name in fields}, indent=2))
    else:
        print(result.explain())
    return 1 if result.is_yakuless else 0


def _shanten(args: argparse.Namespace) -> int:
    from ..core.hand import parse_hand
    from ..core.shanten import shanten, waits

    number = shanten(args.hand, rules=args.rules)
    hand = parse_hand(args.hand, drawn=(False, True))
    waiting = len(hand.concealed) % 3 == 1
    tiles = waits(args.hand, rules=args.rules) if waiting and number == 0 else ()
    if args.json:
        print(json_text({"shanten": number, "waits": list(tiles)}))
    else:
        label = {-1: "complete", 0: "tenpai"}.get(number, f"{number}-shanten")
        print(label + (f"; waits {' '.join(tiles)}" if tiles else ""))
    return 0


def _waits(args: argparse.Namespace) -> int:
    from ..core.shanten import shanten, waits

    tiles = waits(args.hand, rules=args.rules)  # a hand of the wrong size is refused here
    number = 0 if tiles else shanten(args.hand, rules=args.rules)
    if args.json:
        print(json_text({"waits": list(tiles), "shanten": number}))
    elif tiles:
        print(" ".join(tiles))
    else:
        label = "tenpai, but every winning tile is in the hand" if number == 0 else (
            f"{number}-shanten")
        print(f"not waiting: {label}")
    return 0 if tiles else 1
