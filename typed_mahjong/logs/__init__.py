"""Game logs in: Tenhou mjlog XML (plain or gzip), tenhou.net/6 JSON and mjai JSON lines.

``read_log(path)`` detects the format and returns a ``Game``: its wins (each with the whole
situation derived from the event order and what the log recorded), its draws, and the
faults of damaged rounds (a damaged round never stops the rest of the file).
``verify_win(win)`` re-scores one win with ``typed_mahjong.score``. See docs/logs.md.
"""

from __future__ import annotations

from pathlib import Path

from .model import Draw, Game, Lobby, LogError, Recorded, Win
from .source import read_bytes
from .verify import AGREE, DISAGREE, PENDING, UNMAPPED, Verdict, verify_win

__all__ = ["AGREE", "DISAGREE", "PENDING", "UNMAPPED", "Draw", "Game", "Lobby", "LogError",
           "Recorded", "Verdict", "Win", "detect_format", "read_log", "verify_win"]


def detect_format(data: bytes) -> str:
    """``mjlog``, ``tenhou6`` or ``mjai`` from the first bytes of a (gunzipped) log."""
    head = data.lstrip()[:1]
    if head == b"<":
        return "mjlog"
    if head == b"{":
        first_line = data.lstrip().split(b"\n", 1)[0]
        return "mjai" if b'"type"' in first_line and b'"log"' not in first_line else "tenhou6"
    return "unknown"


def read_log(path: str | Path) -> Game:
    """Read one log file of any supported format; LogError if the file is unusable."""
    path = Path(path)
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
