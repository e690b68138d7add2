"""The settlement of one hand: every player's point change.

Three pure functions, one per way a hand ends; each returns a ``Settlement``:

* ``settle_wins``: the wins on one discard (``discarder`` a seat) or one tsumo
  (``discarder=None``, one win). Each winner is paid by the discarder; the honba and the
  riichi sticks go to the first winner in turn order from the discarder (Tenhou logs show
  this). ``rules.multiple_ron == "atamahane"`` pays only that first winner;
  ``rules.triple_ron_draw`` makes three wins on one discard an abortive draw.
* ``settle_draw``: an exhaustive draw. Tenpai payments (``rules.noten_payment`` in all, split
  among the noten payers and the tenpai receivers), or nagashi mangan: each nagashi player is
  paid a mangan as by a tsumo, with neither honba nor sticks, and no tenpai payments.
* ``settle_abortive``: an abortive draw (nine terminals, four winds, four riichi, four kans,
  a triple ron where ``rules.triple_ron_draw``): nothing is paid.
* every function takes ``riichi``: the seats that declared riichi in this hand. Their 1000
  goes onto the table, so their change includes -1000; ``sticks`` are the sticks left on
  the table by earlier hands. ``Settlement.sticks_left`` is what stays on the table.
* ``Settlement.by_win``: each paid winner's own part of the changes (its payments, and for
  the first winner the honba and the sticks), riichi deposits of this hand left out: what a
  Tenhou log records per win (``sc`` of each ``<AGARI>``).

Seats are E, S, W, N (E, S, W under three-player rules). The changes add up to minus the
sticks put on the table plus the sticks taken from it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import MALFORMED, RULES, SITUATION, HandError
from .limits import basic_points
from .rules import Rules, rules_from
from .scoring import Score, no_yaku, score, tsumo_shares
from .situation import SEAT_NAMES, Situation, parse_wind
from .win_option_reading import checked
from .win_options import DEFAULTS

SEAT_ORDER = "ESWN"
# The abortive draws, by their English and Japanese names, each to its English name.
ABORTIVE_DRAWS = {
    "nine terminals": "nine terminals", "kyuushu kyuuhai": "nine terminals",
    "four winds": "four winds", "suufon renda": "four winds",
    "four riichi": "four riichi", "suucha riichi": "four riichi",
    "four kans": "four kans", "suukaikan": "four kans",
    "triple ron": "triple ron", "sanchahou": "triple ron",
}
_FOUR_PLAYERS_ONLY = ("four winds", "four riichi", "triple ron")
# score()'s own table-state arguments: the settlement passes them, a win may not.
TABLE_OPTIONS = frozenset({"seat", "tsumo", "honba", "sticks", "rules", "pao"})


@dataclass(frozen=True, slots=True)
class Win:
    """One winner: seat, hand and winning tile, score()'s win options, the liable seat."""

    seat: str
    hand: str
    win: str
    options: Mapping[str, Any] = field(default_factory=dict)
    pao: str | None = None


@dataclass(frozen=True, slots=True)
class Settlement:
    """Each seat's point change, and what stays on the table."""

    changes: tuple[tuple[str, int], ...]
    sticks_left: int
    outcome: str  # "tsumo", "ron", "double ron", "triple ron", "abortive draw", "draw", ...
    scores: tuple[tuple[str, Score], ...] = ()  # each paid winner's Score, in turn order
    # Each paid winner's own changes by seat (payments, and the first winner's honba and
    # sticks), in turn order; riichi deposits of this hand are only in ``changes``.
    by_win: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()

    def change(self, seat: str) -> int:
        return dict(self.changes)[seat]


def settle_wins(wins: Sequence[Win], *, discarder: str | None, honba: int = 0,
                sticks: int = 0, riichi: Iterable[str] = (),
                rules: str | Rules = "tenhou") -> Settlement:
    """Settle the wins on one discard, or one tsumo (``discarder=None``)."""
    rule_set = rules_from(rules)
    seats = _seats(rule_set)
    declared = _riichi_seats(riichi, seats)
    _check_count("honba", honba)
    _check_count("sticks", sticks)
    if not wins:
        raise HandError("settlement: no win given (use settle_draw for a draw)",
                        field="wins", kind=SITUATION)
    winners = [_seat(win.seat, "seat", seats) for win in wins]
    # Each win under its seat's letter (a seat may be written 1z-4z): the orders and the
    # changes below are keyed by letters.
    wins = [win if win.seat == seat else dataclasses.replace(win, seat=seat)
            for win, seat in zip(wins, winners, strict=True)]
    if len(set(winners)) != len(winners):
        raise HandError("settlement: a seat wins twice", field="wins", kind=SITUATION)
    changes = dict.fromkeys(seats, 0)
    for seat in declared:
        changes[seat] -= rule_set.riichi_stick_value
    pot = (sticks + len(declared)) * rule_set.riichi_stick_value
    if discarder is None:
        if len(wins) != 1:
            raise HandError("settlement: a tsumo has exactly one winner", field="wins",
                            kind=SITUATION)
        win = wins[0]
        result = _score(win, tsumo=True, honba=honba, rules=rule_set, pao=win.pao)
        own = dict.fromkeys(seats, 0)
        for payer, amount in result.payments:
            own[payer[0]] -= amount
            own[win.seat] += amount
        own[win.seat] += pot
        _add(changes, own)
        return Settlement(_ordered(changes, seats), 0, "tsumo", ((win.seat, result),),
                          ((win.seat, _ordered(own, seats)),))
    source = _seat(discarder, "discarder", seats)
    if source in winners:
        raise HandError("settlement: the discarder cannot win on their own discard",
                        field="discarder", kind=SITUATION)
    ordered = sorted(wins, key=lambda win: _turns_after(source, win.seat, seats))
    if len(ordered) == 3 and rule_set.triple_ron_draw:
        return Settlement(_ordered(changes, seats), sticks + len(declared), "abortive draw")
    if rule_set.multiple_ron == "atamahane":
        ordered = ordered[:1]
    scores = []
    by_win = []
    for index, win in enumerate(ordered):
        first = index == 0
        # The liable player dealing in pays it all, as a plain ron.
        liable = win.pao if win.pao is not None and _seat(win.pao, "pao", seats) != source \
            else None
        result = _score(win, tsumo=False, honba=honba if first else 0, rules=rule_set,
                        pao=liable, alone=len(ordered) == 1)
        own = dict.fromkeys(seats, 0)
        for payer, amount in result.payments:
            who = source if payer == "discarder" else payer[0]
            own[who] -= amount
            own[win.seat] += amount
        if first:
            own[win.seat] += pot
        _add(changes, own)
        scores.append((win.seat, result))
        by_win.append((win.seat, _ordered(own, seats)))
    outcome = {1: "ron", 2: "double ron", 3: "triple ron"}[len(ordered)]
    return Settlement(_ordered(changes, seats), 0, outcome, tuple(scores), tuple(by_win))


def win_from_options(hand: str, win: str, options: Mapping[str, object]) -> Win:
    """One winner from ``score()``'s keywords: ``seat`` and ``pao`` become the Win's, the
    other table options (``tsumo``, ``honba``, ``sticks``, ``rules``) are left out."""
    seat, pao = options.get("seat", DEFAULTS["seat"]), options.get("pao")
    return Win(str(seat), hand, win,
               {key: value for key, value in options.items() if key not in TABLE_OPTIONS},
               None if pao is None else str(pao))


def settle_one(hand: str, win: str, options: Mapping[str, object], *,
               discarder: str | None, rules: str | Rules = "tenhou") -> Settlement:
    """One win settled from ``score()``'s keywords (``Settlement[...]``, ``settle()``).

    ``options["sticks"]`` are all the sticks on the table when the hand is won, this hand's
    riichi deposits included (as ``score``'s ``sticks``): the changes leave the deposits
    out, as a Tenhou log's ``sc`` does. A ron needs ``discarder``; a tsumo has none.
    """
    tsumo = options.get("tsumo", False) is True
    if tsumo and discarder is not None:
        raise HandError(f"discarder: a tsumo has no discarder (got {discarder!r}); every "
                        f"other seat pays", field="discarder", kind=SITUATION)
    if not tsumo and discarder is None:
        raise HandError("discarder: a ron needs the seat that discarded the winning tile",
                        field="discarder", kind=SITUATION)
    honba = _check_count("honba", options.get("honba", 0))
    sticks = _check_count("sticks", options.get("sticks", 0))
    return settle_wins([win_from_options(hand, win, options)], discarder=discarder,
                       honba=honba, sticks=sticks, rules=rules)


def settle_draw(*, tenpai: Iterable[str] = (), nagashi: Iterable[str] = (),
                riichi: Iterable[str] = (), sticks: int = 0,
                rules: str | Rules = "tenhou") -> Settlement:
    """Settle an exhaustive draw: tenpai payments, or nagashi mangan where given.

    Riichi declarers must be tenpai. Sticks stay on the table for the next hand.
    """
    rule_set = rules_from(rules)
    seats = _seats(rule_set)
    declared = _riichi_seats(riichi, seats)
    _check_count("sticks", sticks)
    ready = [_seat(seat, "tenpai", seats) for seat in tenpai]
    if len(set(ready)) != len(ready):
        raise HandError("settlement: a seat is listed twice as tenpai", field="tenpai",
                        kind=MALFORMED)
    for seat in declared:
        if seat not in ready:
            raise HandError(f"settlement: {seat} declared riichi, so must be tenpai at the "
                            f"draw (list it in tenpai)", field="tenpai", kind=SITUATION)
    changes = dict.fromkeys(seats, 0)
    for seat in declared:
        changes[seat] -= rule_set.riichi_stick_value
    left = sticks + len(declared)
    nagashi_seats = [_seat(seat, "nagashi", seats) for seat in nagashi]
    if nagashi_seats:
        mangan = basic_points(5, 30, rule_set)[0]
        for seat in nagashi_seats:
            situation = Situation(tsumo=True, seat=parse_wind(seat, "nagashi"))
            for payer, amount in _tsumo_payments(mangan, situation, rule_set):
                changes[payer] -= amount
                changes[seat] += amount
        return Settlement(_ordered(changes, seats), left, "nagashi mangan")
    noten = [seat for seat in seats if seat not in ready]
    if ready and noten and rule_set.noten_payment:
        for seat in noten:
            changes[seat] -= rule_set.noten_payment // len(noten)
        for seat in ready:
            changes[seat] += rule_set.noten_payment // len(ready)
    return Settlement(_ordered(changes, seats), left, "draw")


def settle_abortive(reason: str, *, riichi: Iterable[str] = (), sticks: int = 0,
                    rules: str | Rules = "tenhou") -> Settlement:
    """Settle an abortive draw: nothing is paid, the deposits stay on the table.

    ``reason`` is one of ``ABORTIVE_DRAWS`` (English or Japanese name). Four winds, four
    riichi and a triple ron need four players; a triple ron is a draw only where
    ``rules.triple_ron_draw`` (elsewhere the three wins are paid: ``settle_wins``).
    """
    rule_set = rules_from(rules)
    seats = _seats(rule_set)
    name = ABORTIVE_DRAWS.get(reason) if isinstance(reason, str) else None
    if name is None:
        raise HandError(f"reason: {reason!r} is not an abortive draw (one of "
                        f"{', '.join(sorted(set(ABORTIVE_DRAWS.values())))})",
                        field="reason", kind=MALFORMED)
    if name in _FOUR_PLAYERS_ONLY and rule_set.players < 4:
        raise HandError(f"reason: {name} cannot happen in three-player mahjong",
                        field="reason", kind=RULES)
    if name == "triple ron" and not rule_set.triple_ron_draw:
        raise HandError(f"reason: under the {rule_set.name} rules three rons on one discard "
                        f"are paid, not a draw (settle_wins)", field="reason", kind=RULES)
    declared = _riichi_seats(riichi, seats)
    _check_count("sticks", sticks)
    changes = dict.fromkeys(seats, 0)
    for seat in declared:
        changes[seat] -= rule_set.riichi_stick_value
    return Settlement(_ordered(changes, seats), sticks + len(declared), "abortive draw")


def _tsumo_payments(basic: int, situation: Situation,
                    rules: Rules) -> list[tuple[str, int]]:
    return [(SEAT_NAMES[wind], share)
            for wind, share in tsumo_shares(basic, situation, rules).items()]


def _score(win: Win, *, tsumo: bool, honba: int, rules: Rules, pao: str | None,
           alone: bool = True) -> Score:
    clash = sorted(set(win.options) & TABLE_OPTIONS)
    if clash:
        raise HandError(f"settlement: win option(s) {', '.join(clash)} come from the table "
                        f"state (seats, discarder, honba, sticks, rules, pao), not from the "
                        f"win", field="options", kind=MALFORMED)
    result = score(win.hand, win.win, seat=win.seat, tsumo=tsumo, honba=honba, rules=rules,
                   pao=pao, **dict(win.options))
    if result.is_yakuless:
        raise no_yaku(win.hand, win.win, result, tsumo=tsumo, seat=None if alone else win.seat)
    return result


def _seats(rules: Rules) -> str:
    return SEAT_ORDER[:rules.players]


def _seat(text: str, field_name: str, seats: str) -> str:
    wind = SEAT_NAMES[parse_wind(text, field_name)]
    if wind not in seats:
        raise HandError(f"{field_name}: {text!r} is the North seat, which is empty in "
                        f"three-player mahjong", field=field_name, kind=RULES)
    return wind


def _riichi_seats(riichi: Iterable[str], seats: str) -> list[str]:
    if isinstance(riichi, str):
        riichi = riichi.split(",") if "," in riichi else list(riichi)
    declared = [_seat(seat, "riichi", seats) for seat in riichi if seat.strip()]
    if len(set(declared)) != len(declared):
        raise HandError("riichi: a seat is listed twice", field="riichi", kind=MALFORMED)
    return declared


def _turns_after(source: str, seat: str, seats: str) -> int:
    return (seats.index(seat) - seats.index(source)) % len(seats)


def _add(changes: dict[str, int], own: dict[str, int]) -> None:
    for seat, amount in own.items():
        changes[seat] += amount


def _ordered(changes: dict[str, int], seats: str) -> tuple[tuple[str, int], ...]:
    return tuple((seat, changes[seat]) for seat in seats)


def _check_count(name: str, value: object) -> int:
    """A count checked by its win option's row (``honba``, ``sticks``)."""
    count = checked(name, value)
    assert isinstance(count, int)  # the row's check: a whole number in its range
    return count
