"""Dealing faces onto a layout: seeded random deals and seeded deals known to be solvable."""

from __future__ import annotations

import random

from .errors import LayoutError
from .faces import Face, tile_set
from .layout import Layout, iter_bits
from .position import Move, Position

# A solvable deal is built by playing the layout empty; rare dead ends (no two slots free
# at once, e.g. two slots stacked on each other last) restart the play this many times.
MAX_DEAL_ATTEMPTS = 1000
# Seeds are read from command lines and game records as at most 18 ASCII digits.
MAX_SEED = 10**18 - 1


def random_deal(layout: Layout, seed: int) -> Position:
    """Shuffle the layout's tile set (see ``faces.tile_set``) onto its slots."""
    faces = list(tile_set(len(layout)))
    random.Random(seed).shuffle(faces)
    return Position(layout, faces)


def solvable_deal(layout: Layout, seed: int) -> tuple[Position, tuple[Move, ...]]:
    """A deal that can be cleared, and one way to clear it.

    Built by *removal play on the empty layout*: repeatedly pick two slots that are free
    at the same time (uniformly at random), print the next pair of matching faces on them
    and take them away. Reading the removals forwards is a legal solution, so the deal is
    solvable by construction. Pairs come from the layout's tile set, split into pairs of
    matching faces and shuffled. If the play ever gets stuck (tiles left but fewer than
    two free), it restarts with the same generator.
    """
    rng = random.Random(seed)
    pairs = _matching_pairs(tile_set(len(layout)))
    for _attempt in range(MAX_DEAL_ATTEMPTS):
        rng.shuffle(pairs)
        order = _random_removal_order(layout, rng)
        if order is None:
            continue
        faces: list[Face | None] = [None] * len(layout)
        for (first, second), (face_a, face_b) in zip(order, pairs, strict=True):
            faces[first], faces[second] = face_a, face_b
        dealt = [face for face in faces if face is not None]
        moves = tuple(Move.of(first, second) for first, second in order)
        return Position(layout, dealt), moves
    raise LayoutError(f"layout {layout.name!r} could not be played empty in any attempt")


def _matching_pairs(faces: tuple[Face, ...]) -> list[tuple[Face, Face]]:
    by_group: dict[int, list[Face]] = {}
    for face in faces:
        by_group.setdefault(face.group, []).append(face)
    pairs: list[tuple[Face, Face]] = []
    for members in by_group.values():
        pairs.extend(zip(members[0::2], members[1::2], strict=True))
    return pairs


def _random_removal_order(layout: Layout, rng: random.Random) -> list[tuple[int, int]] | None:
    geometry = layout.geometry
    present = layout.full_mask
    order: list[tuple[int, int]] = []
    while present:
        free = list(iter_bits(geometry.free_mask(present)))
        if len(free) < 2:
            return None
        first, second = rng.sample(free, 2)
        order.append((first, second))
        present &= ~(1 << first | 1 << second)
    return order
