"""Positions (a dealt layout with some tiles gone), moves and the replay check."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import IllegalMove as IllegalMove  # re-exported, as PositionError
from .errors import PositionError as PositionError
from .faces import Face
from .layout import Layout, iter_bits

# The most copies of one match group a position may hold. The solver keeps one bit per
# possible pair of copies (a group of n has n(n-1)/2 pairs), so this bounds its memory:
# a 1,000-tile layout dealt from ``tile_set`` has at most 28 copies a group.
MAX_GROUP_COPIES = 64


def too_many_copies(face: str, count: int) -> str:
    return (
        f"{count} tiles of {face}'s match group: a position may hold at most "
        f"{MAX_GROUP_COPIES} copies of a group"
    )


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """Removing the pair of tiles in slots ``first`` and ``second`` (``first < second``)."""

    first: int
    second: int

    @classmethod
    def of(cls, a: int, b: int) -> Move:
        return cls(min(a, b), max(a, b))


class Position:
    """A layout, the face dealt to each slot, and the mask of slots still on the board."""

    __slots__ = ("layout", "faces", "present", "_groups")

    def __init__(self, layout: Layout, faces: Sequence[Face], present: int | None = None) -> None:
        if len(faces) != len(layout):
            raise PositionError(
                f"{len(faces)} faces for a layout of {len(layout)} tiles: need one per tile"
            )
        self.layout = layout
        self.faces = tuple(faces)
        self.present = layout.full_mask if present is None else present
        if self.present & ~layout.full_mask:
            raise PositionError("present mask names slots the layout does not have")
        self._groups = tuple(face.group for face in self.faces)
        self._check_groups_even()

    def _check_groups_even(self) -> None:
        counts = Counter(self._groups[i] for i in iter_bits(self.present))
        for index in iter_bits(self.present):
            group = self._groups[index]
            if counts[group] > MAX_GROUP_COPIES:
                raise PositionError(too_many_copies(self.faces[index].name, counts[group]))
            if counts[group] % 2:
                face = self.faces[index]
                raise PositionError(
                    f"{counts[group]} tiles of {face.name}'s match group on the board: "
                    "an odd count can never be cleared"
                )

    @property
    def groups(self) -> tuple[int, ...]:
        """The match group of every slot's face (used by the solver)."""
        return self._groups

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and self.layout == other.layout
            and self.faces == other.faces
            and self.present == other.present
        )

    def __hash__(self) -> int:
        return hash((self.faces, self.present))

    def __repr__(self) -> str:
        return f"Position({self.layout.name!r}, {self.tile_count} tiles left)"

    @property
    def tile_count(self) -> int:
        return self.present.bit_count()

    @property
    def is_cleared(self) -> bool:
        return self.present == 0

    def tiles(self) -> list[int]:
        return list(iter_bits(self.present))

    def is_free(self, index: int) -> bool:
        return bool(self.present >> index & 1) and self.layout.is_free(index, self.present)

    def free_tiles(self) -> list[int]:
        return [i for i in iter_bits(self.present) if self.layout.is_free(i, self.present)]

    def available_moves(self) -> list[Move]:
        """Every pair of free tiles whose faces match."""
        free = self.free_tiles()
        return [
            Move(a, b)
            for n, a in enumerate(free)
            for b in free[n + 1 :]
            if self._groups[a] == self._groups[b]
        ]

    def describe(self, index: int) -> str:
        """``5p (12,6,1)``: the face and the slot, for messages and move lists."""
        return f"{self.faces[index].name} {self.layout.slots[index]}"

    def check_move(self, move: Move) -> None:
        """Raise IllegalMove naming the rule the move breaks."""
        a, b = move.first, move.second
        for index in (a, b):
            if not 0 <= index < len(self.layout):
                raise IllegalMove(f"slot {index} is not in the layout")
            if not self.present >> index & 1:
                raise IllegalMove(f"tile {self.describe(index)} was already removed")
        if a == b:
            raise IllegalMove(f"a pair needs two tiles, got {self.describe(a)} twice")
        if self._groups[a] != self._groups[b]:
            raise IllegalMove(f"{self.describe(a)} and {self.describe(b)} do not match")
        for index in (a, b):
            if not self.layout.is_free(index, self.present):
                raise IllegalMove(f"tile {self.describe(index)} is not free")

    def remove(self, move: Move) -> Position:
        self.check_move(move)
        return self._without(1 << move.first | 1 << move.second)

    def _without(self, pair: int) -> Position:
        """This position with a checked legal pair gone. Skips the constructor's checks:
        a pair of one group leaves every group's count even and no group bigger, and a
        solve replays all its moves."""
        after = object.__new__(Position)
        after.layout, after.faces, after._groups = self.layout, self.faces, self._groups
        after.present = self.present & ~pair
        return after


def replay(position: Position, moves: Iterable[Move]) -> Position:
    """Play ``moves`` from ``position`` checking every rule; return where they lead."""
    current = position
    for step, move in enumerate(moves, start=1):
        try:
            current = current.remove(move)
        except IllegalMove as exc:
            raise IllegalMove(str(exc), step) from None
    return current
