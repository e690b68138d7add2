"""Tile faces for Shanghai: 34 kinds of four copies, plus four flowers and four seasons.

Names follow the riichi notation of the rest of typed-mahjong: ``1m``-``9m`` (characters),
``1p``-``9p`` (dots), ``1s``-``9s`` (bamboo), ``1z``-``7z`` (east, south, west, north, white,
green, red). The bonus tiles are ``F1``-``F4`` (flowers) and ``S1``-``S4`` (seasons): in
Shanghai any flower matches any flower and any season any season, so each set of four is
one *match group*, exactly like the four copies of ``5p``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import FaceError as FaceError  # re-exported: its home before errors.py
from .errors import PositionError

SUIT_LETTERS = "mps"
KIND_COUNT = 34  # 27 suited kinds + 7 honours
FLOWER_BASE = 34  # codes 34..37
SEASON_BASE = 38  # codes 38..41
FACE_COUNT = 42
FLOWER_GROUP = 34
SEASON_GROUP = 35
STANDARD_TILE_COUNT = 144  # 34 kinds x 4 + 4 flowers + 4 seasons


@dataclass(frozen=True, order=True, slots=True)
class Face:
    """One printed face; ``code`` 0-33 are the kinds, 34-37 flowers, 38-41 seasons."""

    code: int

    def __post_init__(self) -> None:
        if not 0 <= self.code < FACE_COUNT:
            raise FaceError(f"face code {self.code} is outside 0..{FACE_COUNT - 1}")

    @property
    def name(self) -> str:
        if self.code < 27:
            return f"{self.code % 9 + 1}{SUIT_LETTERS[self.code // 9]}"
        if self.code < KIND_COUNT:
            return f"{self.code - 26}z"
        if self.code < SEASON_BASE:
            return f"F{self.code - FLOWER_BASE + 1}"
        return f"S{self.code - SEASON_BASE + 1}"

    @property
    def group(self) -> int:
        """The match group: two faces match exactly when their groups are equal."""
        if self.code < KIND_COUNT:
            return self.code
        return FLOWER_GROUP if self.code < SEASON_BASE else SEASON_GROUP

    def matches(self, other: Face) -> bool:
        return self.group == other.group

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Face:
        """Read one face name such as ``5p``, ``7z``, ``F2`` or ``S4``."""
        if len(text) == 2 and text[0] in "FS" and text[1] in "1234":
            base = FLOWER_BASE if text[0] == "F" else SEASON_BASE
            return cls(base + int(text[1]) - 1)
        if len(text) == 2 and text[0] in "123456789":  # ASCII: isdigit() also takes '²'
            number = int(text[0])
            if text[1] in SUIT_LETTERS and 1 <= number <= 9:
                return cls(SUIT_LETTERS.index(text[1]) * 9 + number - 1)
            if text[1] == "z" and 1 <= number <= 7:
                return cls(26 + number)
        raise FaceError(
            f"unknown face {text[:20]!r}: expected 1m-9m, 1p-9p, 1s-9s, 1z-7z, F1-F4 or S1-S4"
        )


def standard_tile_set() -> tuple[Face, ...]:
    """The 144 tiles of a Shanghai set: four of each kind, one of each flower and season."""
    kinds = tuple(Face(code) for code in range(KIND_COUNT) for _copy in range(4))
    bonus = tuple(Face(code) for code in range(FLOWER_BASE, FACE_COUNT))
    return kinds + bonus


def tile_set(count: int) -> tuple[Face, ...]:
    """Faces for a layout of ``count`` tiles, in match groups of four where possible.

    144 gives the standard set. Fewer tiles take whole groups from the start of the
    standard set (1m, 2m, ...) and, when ``count`` is 2 more than a multiple of 4, one
    pair of the next kind. More than 144 tiles repeat the standard set from the start,
    so a kind may then have eight copies (a match group of eight).
    """
    if count <= 0 or count % 2:
        raise PositionError(f"a tile set needs a positive even count, not {count}")
    standard = standard_tile_set()
    faces: list[Face] = []
    while count - len(faces) >= STANDARD_TILE_COUNT:
        faces.extend(standard)
    faces.extend(standard[: count - len(faces)])
    return tuple(faces)
