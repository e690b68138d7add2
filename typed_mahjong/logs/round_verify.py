"""Every round of a log settled as a whole and compared with what the log recorded.

A round ends in wins (one tsumo, or the rons on one discard, pao included), an exhaustive
draw (tenpai payments), nagashi mangan or an abortive draw; each is settled with
``typed_mahjong.core.settlement`` (``settle_wins``, ``settle_draw``, ``settle_abortive``)
under the lobby's rules, with the round's honba, the sticks on the table and the riichi
deposits of the round. Compared with the log:

- each seat's point change for the round (the log's, deposits taken out: every format
  records a deposit apart from the round's result);
- what the round hands on, against the next round's start: the honba (one more after a
  dealer's win or any draw, none after another win), the sticks left on the table and
  each seat's points (where the log records them).

A round's wins also get their own verdicts (``verify.Verdict``). Outcomes: ``agree``,
``disagree`` (with what was recorded, what we computed and the breakdown), ``unmapped``
(a lobby whose rules we cannot name: not settled) and ``damaged`` (a round the reader
could not read whole: not settled, its fault is reported).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.rules import Rules
from ..core.settlement import Settlement, settle_abortive, settle_draw
from ..errors import HandError
from .model import ABORTIVE, EXHAUSTIVE, NAGASHI, Draw, Lobby, Round
from .round_facts import (
    before_differences,
    draw_differences,
    result_differences,
    start_differences,
)
from .verify import DISAGREE, UNMAPPED, Verdict, settle_group, verify_wins

AGREE, DAMAGED = "agree", "damaged"
ROUND_OUTCOMES = ("agree", "disagree", "unmapped", "damaged")
_SEATS = "ESWN"


@dataclass(frozen=True, slots=True)
class RoundVerdict:
    source: str
    where: str
    name: str  # "E1-0"
    outcome: str  # agree, disagree, unmapped, damaged
    ending: str  # "ron", "tsumo", "double ron", "exhaustive draw", "four riichi", ...
    recorded: tuple[int, ...] = ()  # each seat's change for the round, as the log has it
    computed: tuple[int, ...] = ()  # ... and as the settlement has it
    differences: tuple[str, ...] = ()
    breakdown: tuple[str, ...] = ()  # how the settlement got there (disagreements only)
    wins: tuple[Verdict, ...] = ()
    reason: str | None = None  # why unmapped or damaged

    def as_dict(self) -> dict[str, object]:
        return {"source": self.source, "where": self.where, "round": self.name,
                "outcome": self.outcome, "ending": self.ending,
                "recorded": list(self.recorded), "computed": list(self.computed),
                "differences": list(self.differences), "breakdown": list(self.breakdown),
                "reason": self.reason}


def verify_round(round_: Round, lobby: Lobby, following: Round | None = None, *,
                 first: bool = False) -> RoundVerdict:
    """Settle one round and compare it with the log; ``following`` is the next round of the
    same log (None for the last), whose start shows what this round handed on; ``first``
    says the round is the log's first (the game's start is checked)."""
    base = (round_.source, round_.where, round_.name)
    if round_.faults:
        return RoundVerdict(*base, DAMAGED, _ending_of(round_),
                            wins=tuple(verify_wins(round_.wins)),
                            reason=str(round_.faults[0]))
    if lobby.rules is None:
        return RoundVerdict(*base, UNMAPPED, _ending_of(round_),
                            wins=tuple(verify_wins(round_.wins)), reason=lobby.unmapped)
    return _Settler(round_, lobby, lobby.rules).verdict(following, first)


def _ending_of(round_: Round) -> str:
    if round_.wins:
        return "tsumo" if round_.wins[0].discarder is None else \
            {1: "ron", 2: "double ron", 3: "triple ron"}.get(len(round_.wins), "ron")
    if round_.draw is not None:
        return round_.draw.ending or round_.draw.kind
    return "no end"


class _Settler:
    def __init__(self, round_: Round, lobby: Lobby, rules: Rules) -> None:
        self.round = round_
        self.lobby = lobby
        self.players = lobby.players
        self.rules = rules
        self.riichi = [self.wind(seat) for seat in round_.riichi]
        self.differences: list[str] = []
        self.breakdown: list[str] = []

    def wind(self, seat: int) -> str:
        return _SEATS[(seat - self.round.dealer) % self.players]

    def verdict(self, following: Round | None, first: bool) -> RoundVerdict:
        round_ = self.round
        wins: list[Verdict] = []
        if first:
            self.differences.extend(start_differences(round_, self.lobby))
        if round_.wins:
            wins, settlement = settle_group(round_.wins, honba=round_.honba,
                                            sticks=round_.sticks, riichi=self.riichi)
            ending = settlement.outcome if settlement is not None else _ending_of(round_)
            if any(dict(win.situation).get("pao") for win in round_.wins):
                ending += " with pao"
            recorded_parts = [win.recorded.deltas for win in round_.wins]
            self.differences.extend(before_differences(
                round_, self.rules.riichi_stick_value,
                [win.recorded.before for win in round_.wins], recorded_parts))
            dealer_won = any(win.winner == round_.dealer for win in round_.wins)
            next_honba = round_.honba + 1 if dealer_won else 0
            if settlement is None:
                self.differences.append("the settlement refuses the wins (see each win)")
        else:
            draw = round_.draw
            assert draw is not None  # a round read whole ends in wins or a draw
            ending = draw.ending or draw.kind
            self.differences.extend(draw.notes)
            self.differences.extend(draw_differences(draw, round_, self.rules))
            settlement = self._settle_draw(draw)
            recorded_parts = [draw.deltas]
            self.differences.extend(before_differences(
                round_, self.rules.riichi_stick_value, [draw.before], recorded_parts))
            next_honba = round_.honba + 1  # any draw: the dealer's counter goes up
        recorded = self._recorded(recorded_parts)
        computed: tuple[int, ...] = ()
        if settlement is not None:
            computed = tuple(settlement.change(self.wind(seat))
                             for seat in range(self.players))
            if recorded and recorded != computed:
                self.differences.append(f"each seat's change: log {list(recorded)}, ours "
                                        f"{list(computed)}")
            if following is not None and following.name != "?":
                self._carried(following, settlement, computed, next_honba)
            elif following is None and round_.final:
                self._final(settlement, computed)
        disagree = bool(self.differences) or any(win.outcome == DISAGREE for win in wins)
        breakdown = tuple(self._breakdown(settlement)) if disagree else ()
        return RoundVerdict(round_.source, round_.where, round_.name,
                            DISAGREE if disagree else AGREE, ending, recorded, computed,
                            tuple(self.differences), breakdown, tuple(wins))

    def _settle_draw(self, draw: Draw) -> Settlement | None:
        round_, rules = self.round, self.rules
        try:
            if draw.ending == EXHAUSTIVE:
                if draw.tenpai is None:
                    self.differences.append("the log does not say who was tenpai")
                    return None
                return settle_draw(tenpai=[self.wind(seat) for seat in draw.tenpai],
                                   riichi=self.riichi, sticks=round_.sticks, rules=rules)
            if draw.ending == NAGASHI:
                return settle_draw(nagashi=[self.wind(seat) for seat in draw.nagashi],
                                   tenpai=self.riichi, riichi=self.riichi,
                                   sticks=round_.sticks, rules=rules)
            if draw.ending in ABORTIVE:
                return settle_abortive(draw.ending, riichi=self.riichi,
                                       sticks=round_.sticks, rules=rules)
        except HandError as exc:
            self.differences.append(f"the settlement refuses the draw: {exc}")
            return None
        self.differences.append(f"a draw of a kind we cannot settle ({draw.kind!r})")
        return None

    def _recorded(self, parts: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        """The log's change for each seat, this round's deposits taken out."""
        if not parts or any(len(part) != self.players for part in parts):
            self.differences.append("the log records no point change for every seat")
            return ()
        stick = self.rules.riichi_stick_value
        return tuple(sum(part[seat] for part in parts)
                     - (stick if seat in self.round.riichi else 0)
                     for seat in range(self.players))

    def _carried(self, following: Round, settlement: Settlement,
                 computed: tuple[int, ...], next_honba: int) -> None:
        if following.honba != next_honba:
            self.differences.append(f"honba handed on: the next round has {following.honba}, "
                                    f"ours {next_honba}")
        if following.sticks != settlement.sticks_left:
            self.differences.append(f"sticks left on the table: the next round has "
                                    f"{following.sticks}, ours {settlement.sticks_left}")
        start, after = self.round.scores, following.scores
        if len(start) == self.players and len(after) == self.players:
            expected = [before + change for before, change in zip(start, computed,
                                                                   strict=True)]
            if list(after) != expected:
                self.differences.append(f"points handed on: the next round starts at "
                                        f"{list(after)}, ours {expected}")

    def _final(self, settlement: Settlement, computed: tuple[int, ...]) -> None:
        """The game's end: the sticks left on the table go to the seat with the most points
        (the first seat in order on a tie), as Tenhou's final points show."""
        start = self.round.scores
        if len(start) != self.players or len(self.round.final) != self.players:
            return
        expected = [before + change for before, change in zip(start, computed, strict=True)]
        top = expected.index(max(expected))
        expected[top] += settlement.sticks_left * self.rules.riichi_stick_value
        if list(self.round.final) != expected:
            self.differences.append(f"final points: the log ends at {list(self.round.final)}, "
                                    f"ours {expected}")
        self.differences.extend(result_differences(self.round.final,
                                                   self.round.final_results, self.lobby.table))

    def _breakdown(self, settlement: Settlement | None) -> list[str]:
        round_ = self.round
        lines = [f"table: dealer seat {round_.dealer}, honba {round_.honba}, sticks "
                 f"{round_.sticks}, riichi this round: {_seats(round_.riichi)}"]
        seat_of = {self.wind(seat): seat for seat in range(self.players)}
        if settlement is not None:
            for wind, result in settlement.scores:
                yaku = ", ".join(f"{name} {han}" for name, han in result.yaku)
                lines.append(f"seat {seat_of[wind]} ({wind}) wins {result.points}: "
                             f"{result.han} han {result.fu} fu ({yaku})")
            for wind, changes in settlement.by_win:
                lines.append(f"seat {seat_of[wind]}'s part: " + ", ".join(
                    f"seat {seat_of[payer]} {amount:+d}" for payer, amount in changes
                    if amount))
            lines.append(f"settlement: {settlement.outcome}, sticks left "
                         f"{settlement.sticks_left}")
        draw = round_.draw
        if draw is not None:
            if draw.tenpai is not None:
                lines.append(f"tenpai: {_seats(draw.tenpai)}")
            if draw.ending == NAGASHI:
                lines.append(f"nagashi: {_seats(draw.nagashi)}")
        return lines



def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"seat {seat}" for seat in seats) or "none"
