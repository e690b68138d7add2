"""``Game``: one loaded, checked game; ``score`` reads hands of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .engine import Engine
from .groups import valid_group, valid_meld
from .model import GameScore, Input, Tile, Value, YakuInfo
from .payment import Payment
from .waits import waits_of


@dataclass(frozen=True, slots=True, eq=False)
class Game:
    """A game defined by a YAML file, checked and compiled once.

    ``tiles`` and ``tile_names`` are in display order (ordinary tiles sorted by
    ``rules.order``, then the wildcards). ``fingerprint`` is the sha256 of the file's
    bytes, so a cache keyed on it notices any edit.
    """

    name: str
    description: str
    filename: str
    fingerprint: str
    tiles: tuple[Tile, ...]
    hand_size: int
    players: int
    starting_points: int
    rounds: int
    unit: str  # "points" or "han": what the values in GameScore.yaku count
    wildcards_per_hand: int
    yaku_names: tuple[str, ...]
    _engine: Engine = field(repr=False)
    inputs: tuple[Input, ...] = ()  # situation inputs the game declares (`inputs:`)
    display: tuple[str, ...] = ()  # attributes to show for a tile (rules.display); () all
    minimum: int | None = None  # least total (han or points) that wins, bonus yaku aside
    yaku: tuple[YakuInfo, ...] = ()  # as written, in yaku_names' order
    payment: Payment = Payment()  # who pays a win (the `payment` section)
    calls: tuple[str, ...] = ()  # claims offered at the table (`rules.calls`), in order

    @property
    def tile_names(self) -> tuple[str, ...]:
        return tuple(tile.name for tile in self.tiles)

    def score(self, hand: str, **inputs: Value) -> GameScore:
        """Score a hand: tile names separated by spaces and/or commas, the winning (last
        drawn) tile named last, in the situation the keywords give (the game's ``inputs``,
        e.g. ``tsumo=True, seat="south"``; defaults for the rest). Raises ``GameError``
        (kind "bad-hand") for unknown tiles, a wrong tile count, more copies than the game
        has, too many wildcards, or an unknown or ill-typed input; (kind "bad-file") when
        the hand needs more than the work budget."""
        return self._engine.score(hand, inputs)

    def waits(self, hand: str) -> tuple[str, ...]:
        """The tiles that complete a waiting hand (``hand_size - 1`` tile names separated
        by spaces and/or commas, one more for each kong; melds in brackets as in ``score``
        stay fixed groups), in display order: each tile t such that the hand plus t has a
        reading, t within its copies (the hand's own counted). Raises ``GameError``
        (kind "bad-hand") for unknown tiles, a wrong tile count, more copies than the game
        has or too many wildcards; (kind "bad-file") when the search needs more than the
        work budget (docs/games.md "Waits")."""
        return waits_of(self._engine, hand)

    def valid_group(self, tiles: tuple[str, ...]) -> bool:
        """True when the game's ``sets`` rule accepts these ordinary tiles as a group of
        their size (as written: none last-named or claimed); a wildcard or an unknown
        name is never accepted. The table's bots use it to keep tiles that belong
        together."""
        return valid_group(self._engine, tiles)

    def valid_meld(self, tiles: tuple[str, ...]) -> bool:
        """True when a hand may show these tiles as a claimed meld ``( )``: the engine's
        own check of a meld as it reads one in a hand (3 tiles the ``sets`` rule accepts
        as claimed, or a kong: four of one tile). The table offers a call only then."""
        return valid_meld(self._engine, tiles)
