"""Verifying many log files: one file's report as plain data, and the totals of many.

``verify_file`` reads a file round by round (``open_log``), settles every round
(``round_verify``; or only the wins, ``wins_only``) and keeps counts plus at most
``MAX_LISTED`` of each kind of detail, so a report's size does not grow with the file. Its
report is plain data: it crosses process boundaries (``logs verify --jobs``). ``Totals``
adds reports up into the summary ``logs verify`` prints.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .model import LogError, Round
from .round_verify import ROUND_OUTCOMES, verify_round
from .verify import verify_wins

MAX_LISTED = 1000  # disagreements, unmapped wins, rounds and faults listed one by one
WIN_OUTCOMES = ("agree", "unmapped", "disagree")
LISTS = ("disagreements", "unmapped_wins", "round_disagreements", "rounds_listed", "faults")


def verify_file(path: str, assume_rules: str | None = None, *, wins_only: bool = False,
                every_round: bool = False) -> dict[str, Any]:
    """One file's verdicts as plain data: counts, and the details worth listing."""
    from .reader import open_log

    report: dict[str, Any] = {"source": path, "lobby": "unreadable", "wins": Counter(),
                              "rounds": Counter(), "endings": Counter(), "draws": 0,
                              "more": Counter(), **{name: [] for name in LISTS}}
    try:
        log = open_log(path, assume_rules=assume_rules)
        report["lobby"] = log.lobby.description
        previous: Round | None = None
        first = True  # the log's first round: the game's start is checked there
        for round_ in log.rounds():
            if previous is not None:
                _round(report, previous, log.lobby, round_, wins_only, every_round, first)
                first = False
            previous = round_
        if previous is not None:
            _round(report, previous, log.lobby, None, wins_only, every_round, first)
    except LogError as exc:
        _keep(report, "faults", str(exc))
    return report


def _round(report: dict[str, Any], round_: Round, lobby: Any, following: Round | None,
           wins_only: bool, every_round: bool, first: bool) -> None:
    for fault in round_.faults:
        _keep(report, "faults", str(fault))
    report["draws"] += round_.draw is not None
    if round_.name == "?":  # only a fault outside any round
        return
    if wins_only:
        verdicts = verify_wins(round_.wins)
    else:
        verdict = verify_round(round_, lobby, following, first=first)
        verdicts = list(verdict.wins)
        report["rounds"][verdict.outcome] += 1
        report["endings"][verdict.ending] += 1
        if verdict.outcome == "disagree":
            _keep(report, "round_disagreements", verdict.as_dict())
        if every_round:
            _keep(report, "rounds_listed", verdict.as_dict())
    for win_verdict in verdicts:
        report["wins"][win_verdict.outcome] += 1
        if win_verdict.outcome == "disagree":
            _keep(report, "disagreements", win_verdict.as_dict())
        elif win_verdict.outcome == "unmapped":
            _keep(report, "unmapped_wins", win_verdict.as_dict())


def _keep(report: dict[str, Any], name: str, item: object) -> None:
    if len(report[name]) < MAX_LISTED:
        report[name].append(item)
    else:
        report["more"][name] += 1


class Totals:
    """The reports of many files added up (lists kept to ``MAX_LISTED`` each)."""

    def __init__(self, faults: list[str]) -> None:
        self.files = 0
        self.wins: Counter[str] = Counter()
        self.rounds: Counter[str] = Counter()
        self.endings: Counter[str] = Counter()
        self.draws = 0
        self.more: Counter[str] = Counter()
        self.lists: dict[str, list[Any]] = {name: [] for name in LISTS}
        for fault in faults:
            self._add("faults", [fault])

    def add(self, report: dict[str, Any]) -> None:
        self.files += 1
        self.wins.update(report["wins"])
        self.rounds.update(report["rounds"])
        self.endings.update(report["endings"])
        self.draws += report["draws"]
        self.more.update(report["more"])
        for name in LISTS:
            self._add(name, report[name])

    def _add(self, name: str, items: list[Any]) -> None:
        room = max(MAX_LISTED - len(self.lists[name]), 0)
        self.lists[name].extend(items[:room])
        self.more[name] += len(items) - min(len(items), room)

    @property
    def failed(self) -> bool:
        """Anything that disagrees, and anything that could not be read, fails a run;
        lobbies we cannot map do not (they are reported)."""
        return bool(self.wins["disagree"] or self.rounds["disagree"]
                    or self.rounds["damaged"] or self.lists["faults"])

    def summary(self) -> dict[str, Any]:
        rounds = {outcome: self.rounds[outcome] for outcome in ROUND_OUTCOMES}
        return {
            "files": self.files, "wins": sum(self.wins.values()),
            **{outcome: self.wins[outcome] for outcome in WIN_OUTCOMES},
            "rounds": sum(self.rounds.values()), "round_outcomes": rounds,
            "endings": dict(self.endings.most_common()), "draws": self.draws,
            **self.lists,
            "more_faults": self.more["faults"],
            "more_listed": {name: self.more[name] for name in LISTS if self.more[name]},
        }
