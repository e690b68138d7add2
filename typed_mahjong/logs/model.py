"""What a log reader yields: rounds, each with its wins or its draw, situation and record.

A reader derives the situation (riichi, ippatsu, haitei, ...) from the order of the log's
events and keeps, separately, what the log itself recorded (yaku, han, fu, point changes),
so ``verify`` can compare the two. Nothing here scores: ``Win.score_kwargs`` is exactly what
``typed_mahjong.score`` is called with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..core.rules import Rules
from ..errors import MahjongError
from ..safe_io import printable

_LINE = re.compile(r"line (\d{1,9})\b")
MAX_FAULTS = 100  # damaged rounds (or lines) of one file before it is not read on


class LogError(MahjongError):
    """A log, or one round of it, that cannot be read: names the file, the place and the fault.

    ``where`` is ``line 1, byte 12345 (E2-1, tag 37)`` (mjlog), ``round 3 (E2-1,
    log[2][5][7])`` (tenhou.net/6), ``line 12 (E2-1)`` (mjai) or ``file`` (docs/logs.md,
    "Untrusted input"); ``location()`` gives the file, and the line where the place starts
    with one (``field`` otherwise).
    """

    def __init__(self, source: str, where: str, fault: str) -> None:
        line = _LINE.match(where)
        super().__init__(printable(f"{source}: {where}: {fault}"), file=source,
                         line=int(line.group(1)) if line else None,
                         field=None if line or where == "file" else where)
        self.source = source
        self.where = where
        self.fault = printable(fault)

    def __reduce__(self) -> tuple[type[LogError], tuple[str, str, str]]:
        # Faults cross process boundaries (``logs verify --jobs``).
        return LogError, (self.source, self.where, self.fault)


@dataclass(frozen=True, slots=True)
class Table:
    """How a lobby's game starts and ends (not a scoring rule: ``--assume-rules`` names
    none of it): each seat's points at the start, and the final result of each seat, in
    points/1000 (``owari``): the points rounded half away from zero, less
    ``return_points``/1000, plus the uma of its rank; the top seat gets what makes the
    results add up to 0 (the oka and the rounding). A tie ranks the earlier seat first."""

    starting_points: int
    return_points: int
    uma: tuple[int, ...] | None  # by rank, first to last; None: not known, not checked


@dataclass(frozen=True, slots=True)
class Lobby:
    """The rules a log was played under, as a preset plus overrides, or why we cannot say."""

    description: str  # e.g. "Tenhou GO type 169 (0xa9)"
    rules: Rules | None  # None: a lobby we cannot map (``unmapped`` says why)
    overrides: tuple[tuple[str, object], ...] = ()
    unmapped: str | None = None
    players: int = 4
    table: Table | None = None  # None: the lobby's start and result are not checked


@dataclass(frozen=True, slots=True)
class Recorded:
    """What the log says the win was worth."""

    han: int | None
    fu: int | None
    points: int | None  # the hand's value before honba and sticks (ron: what the discarder
    #                     pays; tsumo: the sum of the payments), None where the log omits it
    # Our yaku names with their han (yakuman: 13 a unit); None where the log names none or
    # names one we cannot map one-to-one (then only han, fu and points are compared).
    yaku: tuple[tuple[str, int], ...] | None
    unknown_yaku: tuple[str, ...] = ()  # platform yaku the table has no row for
    deltas: tuple[int, ...] = ()  # every seat's point change, honba and sticks included
    before: tuple[int, ...] = ()  # every seat's points before the win, where recorded
    limit: str | None = None  # the limit the log names ("mangan", ...; "" none; None: no record)


@dataclass(frozen=True, slots=True)
class Win:
    source: str
    where: str  # "line 57" / "round 3, win 1": the win's own event
    round_name: str  # "E1", "S3", with "-h" for honba: "E1-2"
    winner: int  # seat index in the log (0 = the log's first player)
    discarder: int | None  # None for tsumo
    hand: str
    win: str
    situation: tuple[tuple[str, object], ...]  # score()'s keywords besides hand/win/rules
    lobby: Lobby
    recorded: Recorded
    notes: tuple[str, ...] = ()  # derived-vs-recorded mismatches in the situation itself

    def score_kwargs(self) -> dict[str, object]:
        return dict(self.situation)

    def call_text(self) -> str:
        """The ``score(...)`` call that reproduces this win, as Python text."""
        args = [repr(self.hand), repr(self.win)]
        args.extend(f"{key}={value!r}" for key, value in self.situation)
        rules = self.lobby.rules
        if rules is not None:
            overrides = ", ".join(f"{key}={value!r}" for key, value in self.lobby.overrides)
            args.append(f"rules=rules_from({rules.name!r}{', ' if overrides else ''}{overrides})"
                        if overrides else f"rules={rules.name!r}")
        return f"score({', '.join(args)})"


# How a round without a win ends (``Draw.ending``): an exhaustive draw, nagashi mangan, or
# an abortive draw named as ``typed_mahjong.core.settlement.ABORTIVE_DRAWS`` names it.
EXHAUSTIVE = "exhaustive draw"
NAGASHI = "nagashi mangan"
ABORTIVE = ("nine terminals", "four winds", "four riichi", "four kans", "triple ron")


@dataclass(frozen=True, slots=True)
class TableAtDraw:
    """What the table held when a round ended without a win: the facts its kind rests on."""

    wall_left: int  # live-wall tiles nobody drew
    hands: tuple[str, ...]  # each seat's hand in our notation, concealed tiles then melds
    discards: tuple[tuple[int, ...], ...]  # each seat's discards as tile kinds, sorted
    calls: int  # calls made in the round, closed kans included (a North set aside is none)
    kans: tuple[int, ...]  # the kans each seat made
    last_discard: tuple[int, int] | None  # (seat, tile kind): the discard nobody called


@dataclass(frozen=True, slots=True)
class Draw:
    """A round that ended without a win (exhaustive draw, abortive draw, nagashi mangan)."""

    source: str
    where: str
    round_name: str
    kind: str  # the log's own name for it ("exhaustive", "yao9", "流局", "fanpai", ...)
    deltas: tuple[int, ...] = ()  # every seat's point change, this round's deposits left out
    ending: str = ""  # EXHAUSTIVE, NAGASHI, one of ABORTIVE; "" for a kind we cannot name
    tenpai: tuple[int, ...] | None = None  # seats tenpai at an exhaustive draw
    nagashi: tuple[int, ...] = ()  # seats whose discards were all terminals and honours,
    #                                none of them called (the nagashi mangan candidates)
    table: TableAtDraw | None = None  # None where the reader cannot say
    before: tuple[int, ...] = ()  # every seat's points before the draw's payments (recorded)
    notes: tuple[str, ...] = ()  # the draw's own record against the events (honba, sticks)


@dataclass(slots=True)
class Round:
    """One round of a log as read: how it started, and its wins or its draw.

    ``faults`` is not empty when the round is damaged: the reader stopped at the first and
    skipped the rest of the round (the wins before it are kept); the later ones are lines
    inside it that are not even events (mjai). A fault outside any round comes as a round
    of its own, named "?".
    """

    source: str
    where: str  # the round's first event: "line 12", "round 3"
    name: str  # "E1-0"
    dealer: int
    honba: int
    sticks: int  # riichi sticks on the table when the round starts
    scores: tuple[int, ...] = ()  # each seat's points when the round starts (if recorded)
    riichi: tuple[int, ...] = ()  # seats whose riichi deposit went on the table this round
    final: tuple[int, ...] = ()  # each seat's points when the game ends after this round
    final_results: tuple[int, ...] = ()  # ... and its result (owari), in tenths of a point
    wins: list[Win] = field(default_factory=list)
    draw: Draw | None = None
    faults: list[LogError] = field(default_factory=list)


@dataclass(slots=True)
class Game:
    """A whole log read into memory (``read_log``); ``open_log`` streams it round by round."""

    source: str
    lobby: Lobby
    wins: list[Win] = field(default_factory=list)
    draws: list[Draw] = field(default_factory=list)
    faults: list[LogError] = field(default_factory=list)  # damaged rounds, skipped
