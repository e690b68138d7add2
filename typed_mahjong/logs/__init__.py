"""Game logs in: Tenhou mjlog XML (plain or gzip), tenhou.net/6 JSON and mjai JSON lines.

``open_log(path)`` detects the format and streams the log: ``OpenLog.lobby`` (the rules it
was played under) and ``OpenLog.rounds()``, one ``Round`` at a time, each with its wins
(the whole situation derived from the event order, and what the log recorded), its draw,
and the faults of a damaged round (a damaged round never stops the rest of the file).
``read_log(path)`` reads a whole log into a ``Game``. ``verify_wins(wins)`` re-scores
wins and settles those of one discard together (``typed_mahjong.core.settlement``).
See docs/logs.md; the limits that keep hostile files harmless are in docs/reliability.md.
"""

from __future__ import annotations

from .model import Draw, Game, Lobby, LogError, Recorded, Round, Win
from .reader import OpenLog, open_log, read_log
from .source import detect_format
from .verify import AGREE, DISAGREE, UNMAPPED, Verdict, verify_win, verify_wins

__all__ = ["AGREE", "DISAGREE", "UNMAPPED", "Draw", "Game", "Lobby", "LogError", "OpenLog",
           "Recorded", "Round", "Verdict", "Win", "detect_format", "open_log", "read_log",
           "verify_win", "verify_wins"]
