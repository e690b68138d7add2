"""Opening a log: ``open_log(path)`` detects the format (Tenhou mjlog XML, tenhou.net/6
JSON or mjai JSON lines) and streams the rounds (``OpenLog.rounds()``); ``read_log(path)``
reads a whole log into a ``Game``. The package (``typed_mahjong.logs``) exports both.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

from ..core.rules import Rules, rules_from
from .mjai import MjaiReader
from .model import MAX_FAULTS, Game, Lobby, LogError, Round
from .source import chunks, content_start, detect_format, read_raw
from .tenhou6 import Tenhou6Reader
from .tenhou_xml import MjlogReader


@dataclasses.dataclass
class OpenLog:
    """A log being read: its source, format and lobby; ``rounds()`` reads it on.

    ``rounds()`` raises ``LogError`` where the file itself stops being readable (a cut-off
    document, more than ``MAX_FAULTS`` damaged rounds); the rounds before it stand.
    """

    source: str
    format: str
    lobby: Lobby
    _rounds: Iterator[Round]

    def rounds(self) -> Iterator[Round]:
        faults = 0
        for round_ in self._rounds:
            faults += len(round_.faults)
            yield round_
            if faults > MAX_FAULTS:
                raise LogError(self.source, round_.where, f"more than {MAX_FAULTS} damaged "
                                                          f"rounds: not read further")


def open_log(path: str | Path, *, assume_rules: str | Rules | None = None) -> OpenLog:
    """Open one log file of any supported format; LogError if the file is unusable.

    ``assume_rules`` scores the wins of a lobby we cannot map (and of mjai logs, which name
    no rules) under that preset; mapped lobbies keep their own rules.
    """
    source = str(path)
    data = b"".join(chunks(read_raw(Path(path)), source))
    kind = detect_format(data)
    reader: MjlogReader | Tenhou6Reader | MjaiReader
    if kind == "mjlog":
        reader = MjlogReader(data, source)
    elif kind == "tenhou6":
        reader = Tenhou6Reader(data, source)
    elif kind == "mjai":
        reader = MjaiReader(data, source)
    else:
        what = "an empty file" if content_start(data) == len(data) else "not a log format"
        raise LogError(source, "file", f"{what}: the logs read are Tenhou mjlog XML, "
                                       f"tenhou.net/6 JSON and mjai JSON lines")
    if assume_rules is not None and reader.lobby.rules is None:
        reader.lobby = dataclasses.replace(reader.lobby, rules=rules_from(assume_rules))
    return OpenLog(source, kind, reader.lobby, reader.rounds())


def read_log(path: str | Path, *, assume_rules: str | Rules | None = None) -> Game:
    """Read one whole log; LogError if the file is unusable (not for one damaged round)."""
    log = open_log(path, assume_rules=assume_rules)
    game = Game(log.source, log.lobby)
    for round_ in log.rounds():
        game.wins.extend(round_.wins)
        if round_.draw is not None:
            game.draws.append(round_.draw)
        game.faults.extend(round_.faults)
    return game

