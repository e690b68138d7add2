"""The ``settle`` subcommand: every player's point change for one hand's ending.

    typed-mahjong settle --win S "234p234s456m567s44p" 3p --from W --honba 1
    typed-mahjong settle --win S "..." 3p --win N "..." 5s riichi,dora=4m --from W
    typed-mahjong settle --win E "..." 5p riichi --tsumo --riichi E
    typed-mahjong settle --draw --tenpai E,S --riichi E

A win is SEAT HAND TILE and optionally a comma list of score() win options (a flag such as
``riichi`` or ``name=value``: ``dora=4m``, ``nuki=2``, ``pao=W``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.win_options import BY_NAME, COUNT, FLAG, WIN_OPTIONS
from ..errors import MALFORMED, HandError
from .console import json_text, whole_number

if TYPE_CHECKING:
    from ..core.settlement import Win

# The win options one --win may carry: the table's rows less those the whole settlement
# gives (the seat is the win's first value; --tsumo, --honba and --sticks are the table's).
_SETTLED_APART = frozenset({"seat", "tsumo", "honba", "sticks"})
_FLAGS = tuple(option.name for option in WIN_OPTIONS
               if option.kind == FLAG and option.name not in _SETTLED_APART)
# Options given as name=value, and how each value is read (counts range-checked first).
_VALUED: dict[str, Callable[[str], object]] = {
    option.name: whole_number(0, option.most) if option.kind == COUNT else str
    for option in WIN_OPTIONS if option.kind != FLAG and option.name not in _SETTLED_APART}


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    settle = subparsers.add_parser(
        "settle", help="every player's point change for a win, wins or a draw",
        description="Settle one hand: the wins on one discard (--from SEAT), one tsumo "
                    "(--tsumo) or an exhaustive draw (--draw), with honba, riichi sticks "
                    "and who declared riichi this hand.")
    settle.add_argument("--win", nargs="+", action="append", default=[],
                        metavar="SEAT HAND TILE [OPTIONS]",
                        help="a winner: seat, hand, winning tile, and optionally win "
                             "options as a comma list (riichi,ippatsu,dora=4m,pao=W)")
    settle.add_argument("--from", dest="discarder", default=None,
                        help="seat of the discarder (a ron)")
    settle.add_argument("--tsumo", action="store_true", help="the one win is a tsumo")
    settle.add_argument("--draw", action="store_true", help="an exhaustive draw")
    settle.add_argument("--tenpai", default="", help="draw: tenpai seats, e.g. E,S")
    settle.add_argument("--nagashi", default="", help="draw: nagashi mangan seats")
    settle.add_argument("--riichi", default="", help="seats that declared riichi this hand")
    settle.add_argument("--honba", type=whole_number(0, BY_NAME["honba"].most), default=0)
    settle.add_argument("--sticks", type=whole_number(0, BY_NAME["sticks"].most), default=0,
                        help="riichi sticks left on the table by earlier hands")
    settle.add_argument("--rules", default="tenhou", help="rules preset (default tenhou)")
    settle.add_argument("--json", action="store_true", help="print JSON")
    settle.set_defaults(func=_settle)


def _settle(args: argparse.Namespace) -> int:
    from ..core.settlement import settle_draw, settle_wins

    riichi = _seats(args.riichi)
    if args.draw:
        if args.win or args.discarder or args.tsumo:
            raise HandError("settle: --draw takes no --win, --from or --tsumo",
                            field="settle", kind=MALFORMED)
        result = settle_draw(tenpai=_seats(args.tenpai), nagashi=_seats(args.nagashi),
                             riichi=riichi, sticks=args.sticks, rules=args.rules)
    else:
        if args.tsumo == (args.discarder is not None):
            raise HandError("settle: give either --from SEAT (a ron) or --tsumo",
                            field="settle", kind=MALFORMED)
        wins = [_win(values) for values in args.win]
        result = settle_wins(wins, discarder=args.discarder, honba=args.honba,
                             sticks=args.sticks, riichi=riichi, rules=args.rules)
    if args.json:
        print(json_text({"outcome": result.outcome, "changes": dict(result.changes),
                          "sticks_left": result.sticks_left,
                          "points": {seat: outcome.points for seat, outcome in result.scores}},
                         indent=2))
    else:
        changes = ", ".join(f"{seat} {change:+d}" for seat, change in result.changes)
        print(f"{result.outcome}: {changes}; sticks left on the table: {result.sticks_left}")
        for seat, outcome in result.scores:
            print(f"  {seat}: {outcome.payment_text} ({outcome.han} han {outcome.fu} fu)")
    return 0


def _seats(text: str) -> list[str]:
    return [seat.strip() for seat in text.split(",") if seat.strip()]


def _win(values: list[str]) -> Win:
    from ..core.settlement import Win

    if len(values) not in (3, 4):
        raise HandError(f"settle: --win takes SEAT HAND TILE [OPTIONS], got {len(values)} "
                        f"value(s): {' '.join(values)!r}", field="win", kind=MALFORMED)
    seat, hand, tile = values[:3]
    options: dict[str, object] = {}
    pao = None
    for item in (values[3].split(",") if len(values) == 4 else []):
        name, equals, value = item.strip().partition("=")
        if name == "pao" and equals:
            pao = value
        elif name in _VALUED and equals:
            try:
                options[name] = _VALUED[name](value)
            except argparse.ArgumentTypeError as exc:
                raise HandError(f"settle: win option {name}: {exc}", field="win",
                                kind=MALFORMED) from None
        elif name in _FLAGS and not equals:
            options[name] = True
        elif name:
            known = ", ".join([*_FLAGS, *(f"{key}=..." for key in _VALUED), "pao=..."])
            raise HandError(f"settle: unknown win option {item.strip()!r} (options: "
                            f"{known})", field="win", kind=MALFORMED)
    return Win(seat, hand, tile, options, pao)
