"""What the hooks share during one mypy run: the settings, the memoized engine, and the
daemon's staleness check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typed_mahjong.query.settings import PluginConfig, config_on_disk_differs, file_digest

from .fast import FastAnswers
from .memo import AnswerMemo

if TYPE_CHECKING:
    from .engine import Engine
    from .games import Games


class State:
    def __init__(self, config: PluginConfig, daemon: bool, side_dir: str | None,
                 stamp: str) -> None:
        """``side_dir``: where side files go (None: nowhere); ``stamp``: what answers kept
        from an earlier run must have been computed with."""
        self.config = config
        self.side_dir = side_dir
        self.memo = AnswerMemo(side_dir, stamp)
        self.fast = FastAnswers(self)
        # Made when first asked for: a run whose answers are all remembered never loads
        # the query layer.
        self._games: Games | None = None
        self._engine: Engine | None = None
        self.daemon = daemon
        # The config file's bytes when last looked at, and whether they meant other settings.
        self._seen_digest = file_digest(config.config_file) if daemon else ""
        self._stale = False
        self._places: set[object] = set()  # each looked at once

    @property
    def games(self) -> Games:
        if self._games is None:
            from .games import Games

            self._games = Games(self.config.roots)
        return self._games

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            from .engine import Engine

            self._engine = Engine(self.config.rules, self.config.base_dir, self.games,
                                  self.memo)
        return self._engine

    def games_used_by(self, module: str) -> list[str]:
        """The game files ``module`` read in this run (none when no game was loaded)."""
        return [] if self._games is None else self._games.used_by(module)

    def stale_config_message(self, place: object) -> str | None:
        """Under dmypy: a message, once per ``place`` (a module as analysed this time), when
        the settings on disk are no longer the ones the daemon loaded at start (it never
        reads them again under ``dmypy check``; ``dmypy run`` restarts instead, see
        ``main._publish_settings_version``).

        The file is looked at on every new ``place``: a digest of its bytes (some
        microseconds for a config file) is compared, never its mtime, so an edit within the
        file system's timestamp granularity of the last look is seen too."""
        if not self.daemon or self.config.config_file is None or place in self._places:
            return None
        self._places.add(place)
        digest = file_digest(self.config.config_file)
        if digest != self._seen_digest:
            self._seen_digest = digest
            self._stale = config_on_disk_differs(self.config)
        if not self._stale:
            return None
        return (f"typed-mahjong: the settings in {self.config.config_file} changed after this "
                f"mypy daemon started; it still checks with the settings it loaded then. "
                f"Run 'dmypy restart' to use the new ones")
