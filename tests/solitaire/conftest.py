"""Shared helpers for the solitaire tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from typed_mahjong.solitaire.formats import TILES_MAGIC, parse_tiles
from typed_mahjong.solitaire.position import Position


def position_from(text: str) -> Position:
    """A position from lines of ``x y z face`` (typed-mahjong's own layout format)."""
    loaded = parse_tiles(f"{TILES_MAGIC}\n{text}", source="test")
    assert loaded.faces is not None
    return Position(loaded.layout, loaded.faces)


@pytest.fixture
def make_position() -> Callable[[str], Position]:
    return position_from
