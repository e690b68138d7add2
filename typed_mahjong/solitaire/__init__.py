"""Shanghai (mahjong solitaire): layouts, deals, and deciding whether a deal can be cleared.

    from typed_mahjong.solitaire import turtle, random_deal, solve

    verdict = solve(random_deal(turtle(), seed=7), budget=2.0)
    verdict.status   # "solvable", "unsolvable" or "undecided"
    verdict.moves    # the clearing sequence (checked by replay) when solvable
    verdict.reason   # why not, when unsolvable

    record = load_game("game.txt")                 # a played game (see docs)
    review(record.position, record.moves).fatal   # the move that lost it

See docs/solitaire.md for the rules, the layout formats and how the solver works.
"""

from __future__ import annotations

from .deals import random_deal, solvable_deal
from .faces import Face, FaceError, standard_tile_set, tile_set
from .formats import (
    LoadedLayout,
    format_kmahjongg,
    format_tiles,
    load_layout,
    parse_kmahjongg,
    parse_layout_text,
    parse_tiles,
)
from .layout import Layout, LayoutError, Slot, builtin_layout, slot, turtle
from .position import IllegalMove, Move, Position, PositionError, replay
from .review import GameRecord, GameRecordError, Review, ReviewStep, load_game, parse_game, review
from .solver import Hint, Solver, Verdict, hints, solve

__all__ = [
    "Face",
    "FaceError",
    "GameRecord",
    "GameRecordError",
    "Hint",
    "IllegalMove",
    "Layout",
    "LayoutError",
    "LoadedLayout",
    "Move",
    "Position",
    "PositionError",
    "Review",
    "ReviewStep",
    "Slot",
    "Solver",
    "Verdict",
    "builtin_layout",
    "format_kmahjongg",
    "format_tiles",
    "hints",
    "load_game",
    "load_layout",
    "parse_kmahjongg",
    "parse_game",
    "parse_layout_text",
    "parse_tiles",
    "random_deal",
    "replay",
    "review",
    "slot",
    "solvable_deal",
    "solve",
    "standard_tile_set",
    "tile_set",
    "turtle",
]
