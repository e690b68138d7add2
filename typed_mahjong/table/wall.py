"""The wall: every copy of every tile of the game (wildcards included), shuffled."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..games import Game


def build_wall(game: Game, rng: random.Random) -> list[str]:
    """All the game's tiles, each as often as its ``copies``, in ``rng``'s order; tiles
    are drawn from the end."""
    wall = [tile.name for tile in game.tiles for _ in range(tile.copies)]
    rng.shuffle(wall)
    return wall


def sort_tiles(game: Game, tiles: Iterable[str]) -> list[str]:
    """Tiles in the game's display order (``rules.order``, then the wildcards)."""
    rank = {name: i for i, name in enumerate(game.tile_names)}
    return sorted(tiles, key=rank.__getitem__)
