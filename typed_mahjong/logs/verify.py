"""Re-score the wins read from a log and compare with the record.

The wins of one discard (a double ron) or one tsumo are settled together with
``typed_mahjong.core.settlement.settle_wins`` under the lobby's rules (three-player presets, pao,
honba and sticks to the first winner in turn order are the settlement's rules, not ours);
each win's yaku, han, fu and points are compared with the record, and each seat's point
change with the log's.

Outcomes: ``agree``; ``disagree`` (what differs, and the ``score(...)`` call);
``unmapped`` (a lobby whose rules we cannot name: not scored at all); a win the core
rejects is a disagreement too, since the server accepted it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.scoring import Score, score
from ..core.settlement import Settlement, settle_wins, win_from_options
from ..errors import HandError
from .model import Win

AGREE, DISAGREE, UNMAPPED = "agree", "disagree", "unmapped"
_SEATS = "ESWN"


@dataclass(frozen=True, slots=True)
class Verdict:
    win: Win
    outcome: str
    differences: tuple[str, ...] = ()
    reason: str | None = None  # why unmapped

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.win.source, "where": self.win.where, "round": self.win.round_name,
            "winner": self.win.winner, "outcome": self.outcome,
            "differences": list(self.differences), "reason": self.reason,
            "call": self.win.call_text(),
        }


def verify_wins(wins: Sequence[Win]) -> list[Verdict]:
    """A verdict per win, in order; the wins of one discard are settled together."""
    verdicts: list[Verdict] = []
    for group in _one_discard_groups(wins):
        verdicts.extend(_verify_group(group))
    return verdicts


def verify_win(win: Win) -> Verdict:
    """One win settled alone (a later winner of a multiple ron: use ``verify_wins``)."""
    return _verify_group([win])[0]


def _one_discard_groups(wins: Sequence[Win]) -> list[list[Win]]:
    groups: list[list[Win]] = []
    for win in wins:
        last = groups[-1][-1] if groups else None
        if last is not None and win.discarder is not None and (
                last.source, last.round_name, last.discarder) == (
                win.source, win.round_name, win.discarder):
            groups[-1].append(win)
        else:
            groups.append([win])
    return groups


def _verify_group(group: list[Win]) -> list[Verdict]:
    if group[0].lobby.rules is None:
        return [Verdict(win, UNMAPPED, reason=win.lobby.unmapped) for win in group]
    # A later winner's record carries no honba or sticks: they are the first winner's. The
    # sticks here include this hand's deposits (the table's, as the win records them).
    honba = max(_count(win, "honba") for win in group)
    sticks = max(_count(win, "sticks") for win in group)
    return settle_group(group, honba=honba, sticks=sticks)[0]


def settle_group(group: Sequence[Win], *, honba: int, sticks: int,
                 riichi: Sequence[str] = ()) -> tuple[list[Verdict], Settlement | None]:
    """The wins of one discard (or one tsumo) settled together, and a verdict for each.

    ``sticks`` are those on the table before this hand and ``riichi`` the seat winds that
    deposited one in it (or, with no ``riichi``, every stick on the table): each win's own
    part of the settlement is the same either way. The lobby's rules must be known.
    """
    first = group[0]
    rules = first.lobby.rules
    assert rules is not None
    try:
        settlement = settle_wins(
            [win_from_options(win.hand, win.win, dict(win.situation)) for win in group],
            discarder=None if first.discarder is None else _wind(first, first.discarder),
            honba=honba, sticks=sticks, riichi=riichi, rules=rules)
    except HandError as exc:
        return [_rejected(win, exc) for win in group], None
    scores = dict(settlement.scores)
    by_win = dict(settlement.by_win)
    return [_verdict(win, scores.get(_wind(win, win.winner)),
                     by_win.get(_wind(win, win.winner)), settlement)
            for win in group], settlement


def _rejected(win: Win, exc: HandError) -> Verdict:
    """The settlement refused the group: name the win the core rejects, if one does."""
    try:
        _score_alone(win)
    except HandError as own:
        return Verdict(win, DISAGREE, (f"the core rejects the win: {own}",))
    return Verdict(win, DISAGREE, (f"the settlement rejects the wins of this discard: {exc}",))


def _score_alone(win: Win) -> Score:
    """The win scored by itself, with its own keywords (the reproducing call)."""
    return score(win.hand, win.win, rules=win.lobby.rules, **win.score_kwargs())  # type: ignore[arg-type]


def _verdict(win: Win, result: Score | None, own: tuple[tuple[str, int], ...] | None,
             settlement: Settlement) -> Verdict:
    if result is None:  # not paid (head bump under --assume-rules): its value still counts
        try:
            result = _score_alone(win)
        except HandError as exc:
            return Verdict(win, DISAGREE, (f"the core rejects the win: {exc}",))
    differences = list(win.notes)  # the situation the events give vs the one recorded
    differences.extend(_compare_value(win, result))
    if not differences:
        differences.extend(_compare_deltas(win, own, settlement))
    if differences:
        return Verdict(win, DISAGREE, tuple(differences))
    return Verdict(win, AGREE)


def _count(win: Win, key: str) -> int:
    value = dict(win.situation).get(key, 0)
    return value if isinstance(value, int) else 0


def _wind(win: Win, seat: int) -> str:
    """The seat wind of log seat ``seat``, from the winner's own wind."""
    players = win.lobby.players
    own = _SEATS.index(str(dict(win.situation)["seat"]))
    return _SEATS[(own + seat - win.winner) % players]


def _compare_value(win: Win, result: Score) -> list[str]:
    recorded = win.recorded
    differences = []
    if recorded.unknown_yaku:
        differences.append(f"the log has yaku we cannot name: {', '.join(recorded.unknown_yaku)}")
    ours = Counter(result.yaku)
    theirs = Counter(recorded.yaku or ())
    if recorded.yaku is not None and ours != theirs:
        missing = sorted((theirs - ours).elements())
        extra = sorted((ours - theirs).elements())
        differences.append(f"yaku: the log has {_yaku_text(missing)} that we do not; we have "
                           f"{_yaku_text(extra)} that the log does not")
    if recorded.han is not None and recorded.han != result.han:
        differences.append(f"han: log {recorded.han}, ours {result.han}")
    # Fu decide the value only below mangan; above it servers differ in what they print.
    if recorded.fu is not None and result.han < 5 and not result.yakuman \
            and recorded.fu != result.fu:
        differences.append(f"fu: log {recorded.fu}, ours {result.fu}")
    if recorded.points is not None and recorded.points != result.points:
        differences.append(f"points: log {recorded.points}, ours {result.points}")
    limit = "yakuman" if result.limit is not None and "yakuman" in result.limit else \
        result.limit or ""
    if limit == "mangan" and result.han < 5 and result.fu << (result.han + 2) < 2000:
        # Kiriage mangan (4 han 30 fu, 3 han 60 fu): Tenhou's limit code follows han and
        # fu, and names no limit for it.
        limit = ""
    if recorded.limit is not None and recorded.limit != limit:
        differences.append(f"limit: log {recorded.limit or 'none'}, ours {limit or 'none'}")
    return differences


def _yaku_text(items: list[tuple[str, int]]) -> str:
    return ", ".join(f"{name} {han}" for name, han in items) or "nothing"


def _compare_deltas(win: Win, own: tuple[tuple[str, int], ...] | None,
                    settlement: Settlement) -> list[str]:
    """The log's point changes for this win against the settlement's part for it."""
    deltas = win.recorded.deltas
    if not deltas:
        return []
    players = win.lobby.players
    if len(deltas) != players:
        return [f"the log's point changes list {len(deltas)} seats, the table has {players}"]
    changes = dict(own or ((seat, 0) for seat, _ in settlement.changes))
    expected = [changes[_wind(win, seat)] for seat in range(players)]
    if list(deltas) != expected:
        return [f"point changes by seat: log {list(deltas)}, ours {expected} "
                f"(settlement: {settlement.outcome})"]
    return []
