"""Re-score a win read from a log with ``typed_mahjong.score`` and compare with the record.

Outcomes: ``agree``; ``disagree`` (what differs, and the ``score(...)`` call); ``pending``
(everything we can check agrees, but the payments need the settlement of issue 16);
``unmapped`` (a lobby whose rules we cannot name: not scored at all); ``error`` (the core
rejected the hand: also a disagreement, since the server accepted it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import HandError
from ..scoring import Score, score
from .model import Win

AGREE, DISAGREE, PENDING, UNMAPPED = "agree", "disagree", "pending", "unmapped"
_SEATS = "ESWN"


@dataclass(frozen=True, slots=True)
class Verdict:
    win: Win
    outcome: str
    differences: tuple[str, ...] = ()
    reason: str | None = None  # why pending / unmapped

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.win.source, "where": self.win.where, "round": self.win.round_name,
            "winner": self.win.winner, "outcome": self.outcome,
            "differences": list(self.differences), "reason": self.reason,
            "call": self.win.call_text(),
        }


def verify_win(win: Win) -> Verdict:
    rules = win.lobby.rules
    if rules is None:
        return Verdict(win, UNMAPPED, reason=win.lobby.unmapped)
    try:
        result = score(win.hand, win.win, rules=rules, **win.score_kwargs())  # type: ignore[arg-type]
    except HandError as exc:
        return Verdict(win, DISAGREE, (f"the core rejects the win: {exc}",))
    differences = list(win.notes)  # the situation the events give vs the one recorded
    differences.extend(_compare_value(win, result))
    if not differences and win.pending is None:
        differences.extend(_compare_deltas(win, result))
    if differences:
        return Verdict(win, DISAGREE, tuple(differences))
    if win.pending is not None:
        return Verdict(win, PENDING, reason=win.pending)
    return Verdict(win, AGREE)


def _compare_value(win: Win, result: Score) -> list[str]:
    recorded = win.recorded
    differences = []
    if recorded.unknown_yaku:
        differences.append(f"the log has yaku we cannot name: {', '.join(recorded.unknown_yaku)}")
    ours = Counter(result.yaku)
    theirs = Counter(_without_nuki(recorded.yaku or (), win.nuki))
    if recorded.yaku is not None and ours != theirs:
        missing = sorted((theirs - ours).elements())
        extra = sorted((ours - theirs).elements())
        differences.append(f"yaku: the log has {_yaku_text(missing)} that we do not; we have "
                           f"{_yaku_text(extra)} that the log does not")
    if recorded.han is not None and recorded.han - win.nuki != result.han:
        nuki = f" less {win.nuki} nuki dora" if win.nuki else ""
        differences.append(f"han: log {recorded.han}{nuki}, ours {result.han}")
    # Fu decide the value only below mangan; above it servers differ in what they print.
    if recorded.fu is not None and result.han < 5 and not result.yakuman \
            and recorded.fu != result.fu:
        differences.append(f"fu: log {recorded.fu}, ours {result.fu}")
    # The hand's value does not depend on settlement, except in three-player games (tsumo
    # payments differ there).
    if recorded.points is not None and win.lobby.players == 4 \
            and recorded.points != result.points:
        differences.append(f"points: log {recorded.points}, ours {result.points}")
    return differences


def _without_nuki(yaku: tuple[tuple[str, int], ...], nuki: int) -> list[tuple[str, int]]:
    """The log's yaku with the North tiles set aside taken out of its dora count.

    Tenhou counts each nuki North as one dora; ``score`` has no nuki (issue 16 adds it).
    """
    kept = []
    for name, han in yaku:
        if name == "dora" and nuki:
            han -= nuki
        if han:
            kept.append((name, han))
    return kept


def _yaku_text(items: list[tuple[str, int]]) -> str:
    return ", ".join(f"{name} {han}" for name, han in items) or "nothing"


def _compare_deltas(win: Win, result: Score) -> list[str]:
    deltas = win.recorded.deltas
    if not deltas:
        return []
    players = win.lobby.players
    if len(deltas) != players:
        return [f"the log's point changes list {len(deltas)} seats, the table has {players}"]
    dealer = (win.winner - _SEATS.index(str(dict(win.situation)["seat"]))) % players
    expected = [0] * players
    expected[win.winner] = result.total
    for payer, amount in result.payments:
        if payer == "discarder":
            assert win.discarder is not None
            expected[win.discarder] -= amount
        else:
            seat = (dealer + _SEATS.index(payer[0])) % players
            expected[seat] -= amount
    if list(deltas) != expected:
        return [f"point changes by seat: log {list(deltas)}, ours {expected}"]
    return []
