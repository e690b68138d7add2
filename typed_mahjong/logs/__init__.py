"""Game logs in: Tenhou mjlog XML (plain or gzip), tenhou.net/6 JSON and mjai JSON lines.

``read_log(path)`` detects the format and returns a ``Game``: its wins (each with the whole
situation derived from the event order and what the log recorded), its draws, and the
faults of damaged rounds (a damaged round never stops the rest of the file).
``verify_wins(game.wins)`` re-scores the wins and settles those of one discard together
(``typed_mahjong.core.settlement``). See docs/logs.md.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ..core.rules import Rules, rules_from
from .model import Draw, Game, Lobby, LogError, Recorded, Win
from .source import read_bytes
from .verify import AGREE, DISAGREE, UNMAPPED, Verdict, verify_win, verify_wins

__all__ = ["AGREE", "DISAGREE", "UNMAPPED", "Draw", "Game", "Lobby", "LogError",
           "Recorded", "Verdict", "Win", "detect_format", "read_log", "verify_win",
           "verify_wins"]


def detect_format(data: bytes) -> str:
    """``mjlog``, ``tenhou6`` or ``mjai`` from the first bytes of a (gunzipped) log."""
    head = data.lstrip()[:1]
    if head == b"<":
        return "mjlog"
    if head == b"{":
        first_line = data.lstrip().split(b"\n", 1)[0]
        return "mjai" if b'"type"' in first_line and b'"log"' not in first_line else "tenhou6"
    return "unknown"


def read_log(path: str | Path, *, assume_rules: str | Rules | None = None) -> Game:
    """Read one log file of any supported format; LogError if the file is unusable.

    ``assume_rules`` scores the wins of a lobby we cannot map (and of mjai logs, which name
    no rules) under that preset; mapped lobbies keep their own rules.
    """
    game = _read(Path(path))
    if assume_rules is None or game.lobby.rules is not None:
        return game
    lobby = dataclasses.replace(game.lobby, rules=rules_from(assume_rules))
    game.wins = [dataclasses.replace(win, lobby=lobby) for win in game.wins]
    game.lobby = lobby
    return game


def _read(path: Path) -> Game:
    data = read_bytes(path)
    kind = detect_format(data)
    if kind == "mjlog":
        from .source import parse_xml
        from .tenhou_xml import read_elements
        return read_elements(parse_xml(data, str(path)), str(path))
    if kind == "tenhou6":
        from .tenhou6 import read_tenhou6
        return read_tenhou6(data, str(path))
    if kind == "mjai":
        from .mjai import read_mjai
        return read_mjai(data, str(path))
    raise LogError(str(path), "file", "not a log format we read (Tenhou mjlog XML, "
                                      "tenhou.net/6 JSON, mjai JSON lines)")
