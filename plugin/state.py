"""What the hooks share during one mypy run: the settings, the memoized engine, and the
daemon's staleness check."""

from __future__ import annotations

import time
from typing import Final

from .config import PluginConfig, config_on_disk_differs
from .engine import Engine
from .games import Games
from .memo import AnswerMemo

# Under the daemon, look at the config file again at most this often (seconds).
RECHECK_INTERVAL: Final = 1.0


class State:
    def __init__(self, config: PluginConfig, daemon: bool, side_dir: str | None,
                 stamp: str) -> None:
        """``side_dir``: where side files go (None: nowhere); ``stamp``: what answers kept
        from an earlier run must have been computed with."""
        self.config = config
        self.side_dir = side_dir
        self.games = Games()
        self.memo = AnswerMemo(side_dir, stamp)
        self.engine = Engine(config.rules, config.base_dir, self.games, self.memo)
        self._daemon = daemon
        self._checked_at = float("-inf")
        self._stale = False
        self._warned: set[object] = set()

    def stale_config_message(self, place: object) -> str | None:
        """Under dmypy: a message, once per ``place`` (a module as analysed this time), when
        the settings on disk are no longer the ones the daemon loaded at start (it never
        reads them again)."""
        if not self._daemon or self.config.config_file is None:
            return None
        now = time.monotonic()
        if not self._stale and now - self._checked_at >= RECHECK_INTERVAL:
            self._checked_at = now
            self._stale = config_on_disk_differs(self.config)
        if not self._stale or place in self._warned:
            return None
        self._warned.add(place)
        return (f"typed-mahjong: the settings in {self.config.config_file} changed after this "
                f"mypy daemon started; it still checks with the settings it loaded then. "
                f"Run 'dmypy restart' to use the new ones")
