"""Layouts: where the tiles sit, and which tiles block which.

Coordinates are in *half-tile* units: a tile at ``(x, y, z)`` covers the square from ``x`` to
``x + 2`` and from ``y`` to ``y + 2`` on layer ``z`` (0 = the table). Half units let a tile sit
across two rows, as the Turtle's end tiles and its top tile do, with no special cases.

Rules (the usual Shanghai ones):

* a tile *lies on* another when it is on a higher layer and their squares overlap, even
  partly;
* a tile's left (right) neighbours are the tiles on its layer whose right (left) edge touches
  its left (right) edge with some vertical overlap;
* a tile is *free* when nothing lies on it and it has no left neighbour or no right
  neighbour left on the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .errors import LayoutError as LayoutError  # re-exported: its home before errors.py

TILE_SPAN = 2  # a tile is two half-units wide and two high
# The most tiles a layout may have: bounds the time and memory of setting up a solver
# (blocking tables, pairings) on untrusted layouts. Ten times a standard set's 144 leaves
# room for big custom layouts; see docs/solitaire.md for what larger ones would cost.
MAX_TILES = 1000


@dataclass(frozen=True, order=True, slots=True)
class Slot:
    """A tile position; ordered layer first so sorted slots read bottom-up, row by row."""

    z: int
    y: int
    x: int

    def __str__(self) -> str:
        return f"({self.x},{self.y},{self.z})"

    def overlaps_in_plan(self, other: Slot) -> bool:
        return abs(self.x - other.x) < TILE_SPAN and abs(self.y - other.y) < TILE_SPAN


def slot(x: int, y: int, z: int) -> Slot:
    """Build a slot from ``x, y, z`` in the order people write them."""
    return Slot(z=z, y=y, x=x)


@dataclass(frozen=True, slots=True)
class Geometry:
    """Blocking relations as bit masks over slot indices (bit ``i`` = slot ``i``).

    ``dependents[i]`` holds the slots whose freedom can change when slot ``i`` leaves: the
    ones it lies on and its side neighbours.
    """

    above: tuple[int, ...]
    below: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    dependents: tuple[int, ...]

    def is_free(self, index: int, present: int) -> bool:
        if self.above[index] & present:
            return False
        return not (self.left[index] & present) or not (self.right[index] & present)

    def free_mask(self, present: int) -> int:
        free = 0
        for index in iter_bits(present):
            if self.is_free(index, present):
                free |= 1 << index
        return free


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# The solver's hot paths use these two instead of ``iter_bits``: a generator is slow in
# the compiled build (mypyc makes it an object whose every step is a method call), while
# a plain loop building a list, or two bit tricks, run native.
def bit_indices(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first, as a list."""
    indices: list[int] = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices


def two_bits(pair: int) -> tuple[int, int]:
    """The indices of the two set bits of ``pair`` (a pair of tiles), lowest first."""
    low = pair & -pair
    return low.bit_length() - 1, (pair ^ low).bit_length() - 1


class Layout:
    """An immutable set of slots with its blocking geometry; slots are kept sorted."""

    __slots__ = ("name", "slots", "geometry", "_index")

    def __init__(self, slots: Iterable[Slot], name: str = "layout") -> None:
        ordered = tuple(sorted(slots))
        check_slots(ordered)
        self.name = name
        self.slots: tuple[Slot, ...] = ordered
        self.geometry = build_geometry(ordered)
        self._index = {position: index for index, position in enumerate(ordered)}

    def __len__(self) -> int:
        return len(self.slots)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.slots == other.slots

    def __hash__(self) -> int:
        return hash(self.slots)

    def __repr__(self) -> str:
        return f"Layout({self.name!r}, {len(self.slots)} tiles)"

    @property
    def full_mask(self) -> int:
        return (1 << len(self.slots)) - 1

    def index(self, position: Slot) -> int:
        try:
            return self._index[position]
        except KeyError:
            raise LayoutError(f"no tile at {position} in layout {self.name!r}") from None

    def is_free(self, index: int, present: int) -> bool:
        return self.geometry.is_free(index, present)

    def translated(self) -> tuple[Slot, ...]:
        """The slots moved so the smallest x, y and z are 0 (to compare layouts by shape)."""
        low_x = min(s.x for s in self.slots)
        low_y = min(s.y for s in self.slots)
        low_z = min(s.z for s in self.slots)
        return tuple(sorted(slot(s.x - low_x, s.y - low_y, s.z - low_z) for s in self.slots))


def check_slots(slots: tuple[Slot, ...]) -> None:
    """Reject layouts that cannot be played: empty, odd, negative or overlapping slots."""
    if not slots:
        raise LayoutError("a layout needs at least two tiles")
    if len(slots) > MAX_TILES:
        raise LayoutError(too_many_tiles(len(slots)))
    if len(slots) % 2:
        raise LayoutError(f"odd number of tiles ({len(slots)}): tiles leave in pairs")
    owner: dict[tuple[int, int, int], Slot] = {}
    for position in slots:
        if min(position.x, position.y, position.z) < 0:
            raise LayoutError(f"tile {position} has a negative coordinate")
        for cell in footprint(position):
            other = owner.get(cell)
            if other is not None:
                raise LayoutError(f"tiles {other} and {position} overlap on layer {position.z}")
            owner[cell] = position


def too_many_tiles(count: int | None = None) -> str:
    """The error for a layout over ``MAX_TILES`` (``count``: its size, when known)."""
    size = "" if count is None else f" ({count:,})"
    return f"the layout has more than {MAX_TILES:,} tiles{size}, the most a layout may have"


def footprint(position: Slot) -> tuple[tuple[int, int, int], ...]:
    """The four half-unit cells a tile covers on its layer."""
    x, y, z = position.x, position.y, position.z
    return ((x, y, z), (x + 1, y, z), (x, y + 1, z), (x + 1, y + 1, z))


def build_geometry(slots: tuple[Slot, ...]) -> Geometry:
    count = len(slots)
    above = [0] * count
    below = [0] * count
    left = [0] * count
    right = [0] * count
    for i, lower in enumerate(slots):
        for j, other in enumerate(slots):
            if abs(other.y - lower.y) >= TILE_SPAN:
                continue  # no vertical overlap: neither lies on nor touches the other
            if other.z > lower.z and abs(other.x - lower.x) < TILE_SPAN:
                above[i] |= 1 << j
                below[j] |= 1 << i
            elif other.z == lower.z and other.x == lower.x - TILE_SPAN:
                left[i] |= 1 << j
            elif other.z == lower.z and other.x == lower.x + TILE_SPAN:
                right[i] |= 1 << j
    dependents = tuple(below[i] | left[i] | right[i] for i in range(count))
    return Geometry(tuple(above), tuple(below), tuple(left), tuple(right), dependents)


def turtle() -> Layout:
    """The classic 144-tile Turtle, from our own row table (tile units, doubled below).

    Layer 0 has eight rows (12, 8, 10, 12, 12, 10, 8, 12 tiles) plus three end tiles set
    half a row down between rows 3 and 4: one on the left, two on the right. Layers 1-3
    are centred squares of 6x6, 4x4 and 2x2 tiles, and one tile crowns the 2x2 square,
    sitting on all four of its tiles. 87 + 36 + 16 + 4 + 1 = 144.
    """
    layer0_rows = (
        (0, 1, 12),
        (1, 3, 10),
        (2, 2, 11),
        (3, 1, 12),
        (4, 1, 12),
        (5, 2, 11),
        (6, 3, 10),
        (7, 1, 12),
    )  # (row, first col, last col)
    squares = ((1, 1, 6, 4, 9), (2, 2, 5, 5, 8), (3, 3, 4, 6, 7))  # (z, rows.., cols..)
    slots = [
        slot(2 * col, 2 * row, 0)
        for row, first, last in layer0_rows
        for col in range(first, last + 1)
    ]
    slots += [slot(0, 7, 0), slot(26, 7, 0), slot(28, 7, 0)]
    for z, row_lo, row_hi, col_lo, col_hi in squares:
        slots += [
            slot(2 * col, 2 * row, z)
            for row in range(row_lo, row_hi + 1)
            for col in range(col_lo, col_hi + 1)
        ]
    slots.append(slot(13, 7, 4))
    return Layout(slots, name="turtle")


BUILTIN_LAYOUTS = {"turtle": turtle}


def builtin_layout(name: str) -> Layout:
    try:
        factory = BUILTIN_LAYOUTS[name]
    except KeyError:
        known = ", ".join(sorted(BUILTIN_LAYOUTS))
        raise LayoutError(f"unknown built-in layout {name!r} (known: {known})") from None
    return factory()
