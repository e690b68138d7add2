"""Reading and writing layouts: KMahjongg's text format and typed-mahjong's own.

KMahjongg (``kmahjongg-layout-v1.1``)::

    kmahjongg-layout-v1.1
    # comment lines start with '#'
    w32                 width in cells (a cell is half a tile wide)
    h16                 height in cells (half a tile high)
    d5                  layers
    ..121212..          then h rows of w cells for layer 0, h rows for layer 1, ...

Each tile covers 2 x 2 cells, marked ``1`` (top-left), ``2`` (top-right), ``3``
(bottom-right) and ``4`` (bottom-left); ``.`` is empty. A ``1`` at cell (x, y) of layer z
is our slot (x, y, z). The older ``kmahjongg-layout-v1.0`` has no w/h/d lines and a fixed
32 x 16 x 5 grid.

typed-mahjong (``typed-mahjong-layout-v1``)::

    typed-mahjong-layout-v1
    name small pyramid      optional, once, before the tiles
    # x y z [face]          one tile per line, half-tile units, z = layer (0 = table)
    0 0 0 5p
    2 0 0 5p

Faces are optional, but all or none: with faces the file is a position (for hand-made
puzzles or a game in progress), without it is a layout to deal on. Blank lines and
``#`` comments (whole-line or after the data) are ignored.

Every error names the file, line and column and what is wrong.
"""

from __future__ import annotations

import errno
import re
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Protocol

from ..safe_io import InputError, read_input
from .faces import Face, FaceError
from .layout import (
    BUILTIN_LAYOUTS,
    MAX_TILES,
    Layout,
    LayoutError,
    Slot,
    builtin_layout,
    slot,
    too_many_tiles,
)
from .position import MAX_GROUP_COPIES, too_many_copies

KMAHJONGG_V11 = "kmahjongg-layout-v1.1"
KMAHJONGG_V10 = "kmahjongg-layout-v1.0"
TILES_MAGIC = "typed-mahjong-layout-v1"
KMAHJONGG_V10_SIZE = (32, 16, 5)
QUARTERS = {"2": (1, 0), "3": (1, 1), "4": (0, 1)}  # offsets from the tile's '1'
CELL_CHARACTERS = "1234."
# Layout files are read whole, so their size is capped: 2 MB holds a KMahjongg grid of
# 1,000 tiles spread over two million cells, far sparser than any real layout.
MAX_LAYOUT_BYTES = 2_000_000
# Coordinates and grid sizes are range-checked as text before int(): a number of
# thousands of digits would make int() slow or refuse. Far beyond any real layout.
MAX_COORDINATE = 9_999  # half-tile units (x, y) or layers (z)
MAX_GRID_SIDE = 10_000  # KMahjongg cells across or down
MAX_GRID_DEPTH = 1_000  # KMahjongg layers
_WHOLE = re.compile(r"[0-9]{1,18}")  # ASCII digits only: str.isdigit() also takes '²'


def whole_number(token: str, high: int) -> int | None:
    """``token`` as a whole number from 0 to ``high``, or None (nothing converted first)."""
    if _WHOLE.fullmatch(token) is None:
        return None
    value = int(token)
    return value if value <= high else None


def shown(token: str, limit: int = 20) -> str:
    """A token for an error message: quoted, and cut short."""
    return repr(token[:limit]) + ("..." if len(token) > limit else "")


class _Fail(Protocol):
    """Builds a LayoutError located in the file being read."""

    def __call__(self, message: str, line: int, column: int = 1) -> LayoutError: ...


@dataclass(frozen=True, slots=True)
class LoadedLayout:
    """A layout read from somewhere, with the faces the file deals (in slot order), if any."""

    layout: Layout
    faces: tuple[Face, ...] | None
    source: str


def shipped_layouts() -> dict[str, Path]:
    """The layout files that ship with typed-mahjong (``layouts/``), by name (file stem)."""
    folder = resources.files(__package__ or "typed_mahjong.solitaire").joinpath("layouts")
    found: dict[str, Path] = {}
    for entry in folder.iterdir():
        path = Path(str(entry))
        if path.suffix in (".tiles", ".layout"):
            found[path.stem] = path
    return found


def load_layout(spec: str) -> LoadedLayout:
    """A layout file by path, else a layout by name: built in (``turtle``), or one of the
    files shipped in ``layouts/`` (``trap``). A file in the way takes precedence."""
    path = Path(spec)
    if not path.exists():
        if spec in BUILTIN_LAYOUTS:
            return LoadedLayout(builtin_layout(spec), None, spec)
        shipped = shipped_layouts().get(spec)
        if shipped is not None:
            loaded = load_layout_file(shipped, shipped.name)
            return LoadedLayout(loaded.layout, loaded.faces, spec)
    return load_layout_file(path, spec)


def load_layout_file(path: Path, spec: str) -> LoadedLayout:
    """A layout file; errors name it as ``spec`` (what the user wrote)."""
    try:
        text = read_text_file(path, MAX_LAYOUT_BYTES, "layout file")
    except InputError as exc:
        if exc.errno == errno.ENOENT:
            built_in = ", ".join(sorted(BUILTIN_LAYOUTS))
            shipped = ", ".join(sorted(set(shipped_layouts()) - set(BUILTIN_LAYOUTS)))
            raise LayoutError(
                f"no such layout file, and not a built-in layout ({built_in}) or a layout "
                f"shipped with typed-mahjong ({shipped})", source=spec
            ) from None
        raise LayoutError(exc.fault, source=spec) from None
    except UnicodeDecodeError as exc:
        raise LayoutError(f"not a layout file: not UTF-8 text (at byte {exc.start})",
                          source=spec) from None
    return parse_layout_text(text, source=spec, name=path.stem)


def read_text_file(path: Path, max_bytes: int, what: str) -> str:
    """A regular file's UTF-8 text (``safe_io.read_input``: refused, as ``InputError``, past
    ``max_bytes`` or when the path is a directory, FIFO or device, which could block or
    never end); ``UnicodeDecodeError`` when it is not UTF-8."""
    return read_input(path, max_bytes=max_bytes, what=f"the {what}").decode("utf-8-sig")


def parse_layout_text(text: str, source: str = "<text>", name: str = "layout") -> LoadedLayout:
    """Read either format, chosen by the first line."""
    lines = text.splitlines()
    first = lines[0].rstrip() if lines else ""
    if first == TILES_MAGIC:
        return parse_tiles(text, source, name)
    if first in (KMAHJONGG_V11, KMAHJONGG_V10):
        return LoadedLayout(parse_kmahjongg(text, source, name), None, source)
    # Not recognisably a layout: say so without quoting it (it may be anybody's file).
    raise LayoutError(
        f"unknown layout format: the first line should be {KMAHJONGG_V11!r} or "
        f"{TILES_MAGIC!r}",
        source=source,
        line=1,
        column=1,
    )


# ------------------------------------------------------------------------------ KMahjongg


@dataclass(frozen=True, slots=True)
class _GridRow:
    cells: str
    line: int


def parse_kmahjongg(text: str, source: str = "<text>", name: str = "layout") -> Layout:
    lines = text.splitlines()

    def fail(message: str, line: int, column: int = 1) -> LayoutError:
        return LayoutError(message, source=source, line=line, column=column)

    magic = lines[0].rstrip() if lines else ""
    if magic not in (KMAHJONGG_V11, KMAHJONGG_V10):
        raise fail(f"not a KMahjongg layout: the first line must be {KMAHJONGG_V11!r}", 1)
    sizes: dict[str, int] = {}
    if magic == KMAHJONGG_V10:
        sizes = dict(zip("whd", KMAHJONGG_V10_SIZE, strict=True))
    rows: list[_GridRow] = []
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        if magic == KMAHJONGG_V11 and line[0] in "whd" and not rows:
            key = line[0]
            if key in sizes:
                raise fail(f"second {key!r} line (the {_SIZE_NAMES[key]} is already set)", number)
            high = MAX_GRID_DEPTH if key == "d" else MAX_GRID_SIDE
            size = whole_number(line[1:].strip(), high)
            if not size:
                raise fail(
                    f"bad {_SIZE_NAMES[key]} {shown(line)}: expected {key} and a whole "
                    f"number from 1 to {high:,}, like w32",
                    number,
                    2,
                )
            sizes[key] = size
            continue
        if magic == KMAHJONGG_V11 and not rows:
            missing = [key for key in "whd" if key not in sizes]
            if missing:
                wanted = ", ".join(f"{key} ({_SIZE_NAMES[key]})" for key in missing)
                raise fail(f"grid starts before the size lines: missing {wanted}", number)
        rows.append(_check_row(line, number, sizes["w"], fail))
    width, height, depth = sizes.get("w", 0), sizes.get("h", 0), sizes.get("d", 0)
    if not rows:
        raise fail("no grid rows: the layout has no tiles", len(lines) or 1)
    if len(rows) != height * depth:
        extra = rows[height * depth] if len(rows) > height * depth else None
        message = (
            f"expected {height * depth} grid rows ({height} per layer x {depth} layers), "
            f"found {len(rows)}"
        )
        if extra is not None:
            raise fail(message + ": this row is one too many", extra.line)
        raise fail(message, len(lines))
    slots = _decode_grid(rows, width, height, depth, fail)
    if not slots:
        raise fail("the grid has no tiles (no '1' cells)", rows[0].line)
    if len(slots) % 2:
        last_row, last_column = slots[-1][1]
        raise fail(
            f"odd number of tiles ({len(slots)}): tiles leave in pairs (the last tile starts here)",
            last_row,
            last_column,
        )
    return Layout((position for position, _where in slots), name=name)


_SIZE_NAMES = {"w": "width", "h": "height", "d": "depth"}


def _check_row(line: str, number: int, width: int, fail: _Fail) -> _GridRow:
    for column, char in enumerate(line, start=1):
        if char not in CELL_CHARACTERS:
            raise fail(
                f"bad character {char!r}: grid cells are 1, 2, 3, 4 (the quarters of a "
                "tile) or '.' (empty)",
                number,
                column,
            )
    if len(line) != width:
        raise fail(
            f"row has {len(line)} cells but the width is {width}", number, min(len(line), width) + 1
        )
    return _GridRow(line, number)


def _decode_grid(
    rows: list[_GridRow], width: int, height: int, depth: int, fail: _Fail
) -> list[tuple[Slot, tuple[int, int]]]:
    """Tiles from the cells, checking every quarter; returns slots with their '1' cell."""
    found: list[tuple[Slot, tuple[int, int]]] = []
    for z in range(depth):
        layer = rows[z * height : (z + 1) * height]
        owned = [[False] * width for _ in range(height)]
        for y, row in enumerate(layer):
            for x, char in enumerate(row.cells):
                if char != "1":
                    continue
                for quarter, (dx, dy) in QUARTERS.items():
                    qx, qy = x + dx, y + dy
                    if qx >= width or qy >= height:
                        raise fail(
                            f"tile is cut off by the edge of the grid: its {quarter!r} "
                            "quarter would fall outside",
                            row.line,
                            x + 1,
                        )
                    got = layer[qy].cells[qx]
                    if got != quarter:
                        what = (
                            "another tile starts there: tiles overlap"
                            if got == "1"
                            else f"found {got!r}"
                        )
                        raise fail(
                            f"the tile starting at line {row.line} column {x + 1} needs its "
                            f"{quarter!r} quarter here, but {what}",
                            layer[qy].line,
                            qx + 1,
                        )
                    owned[qy][qx] = True
                owned[y][x] = True
                if len(found) == MAX_TILES:
                    raise fail(too_many_tiles(), row.line, x + 1)
                found.append((slot(x, y, z), (row.line, x + 1)))
        for y, row in enumerate(layer):
            for x, char in enumerate(row.cells):
                if char in QUARTERS and not owned[y][x]:
                    raise fail(
                        f"stray {char!r}: no tile's '1' owns this quarter (tiles overlap or "
                        "a tile is incomplete)",
                        row.line,
                        x + 1,
                    )
    return found


def format_kmahjongg(layout: Layout) -> str:
    """The layout as a ``kmahjongg-layout-v1.1`` file."""
    width = max(s.x for s in layout.slots) + 2
    height = max(s.y for s in layout.slots) + 2
    depth = max(s.z for s in layout.slots) + 1
    grid = [[["."] * width for _ in range(height)] for _ in range(depth)]
    for position in layout.slots:
        grid[position.z][position.y][position.x] = "1"
        for quarter, (dx, dy) in QUARTERS.items():
            grid[position.z][position.y + dy][position.x + dx] = quarter
    out = [
        KMAHJONGG_V11,
        f"# {layout.name}: {len(layout)} tiles",
        f"w{width}",
        f"h{height}",
        f"d{depth}",
    ]
    for z, layer in enumerate(grid):
        out.append(f"# layer {z}")
        out.extend("".join(row) for row in layer)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- typed-mahjong


def parse_tiles(text: str, source: str = "<text>", name: str = "layout") -> LoadedLayout:
    lines = text.splitlines()

    def fail(message: str, line: int, column: int = 1) -> LayoutError:
        return LayoutError(message, source=source, line=line, column=column)

    if not lines or lines[0].rstrip() != TILES_MAGIC:
        raise fail(f"not a typed-mahjong layout: the first line must be {TILES_MAGIC!r}", 1)
    tiles: list[tuple[Slot, Face | None, int]] = []
    owner: dict[tuple[int, int, int], tuple[Slot, int]] = {}
    for number, raw in enumerate(lines[1:], start=2):
        data = raw.split("#", 1)[0]
        tokens = _tokens(data)
        if not tokens:
            continue
        if tokens[0][1] == "name":
            if tiles:
                raise fail("the name line must come before the tiles", number, tokens[0][0])
            name = data[tokens[0][0] + 4 :].strip() or name
            continue
        if len(tiles) == MAX_TILES:
            raise fail(too_many_tiles(), number, tokens[0][0])
        position, face = _tile_line(tokens, number, fail)
        for cell in _cells(position):
            clash = owner.get(cell)
            if clash is not None:
                other, other_line = clash
                raise fail(
                    f"tile {position} overlaps tile {other} from line {other_line}",
                    number,
                    tokens[0][0],
                )
            owner[cell] = (position, number)
        tiles.append((position, face, number))
    if not tiles:
        raise fail("no tiles: expected lines of 'x y z' or 'x y z face'", len(lines))
    with_faces = [t for t in tiles if t[1] is not None]
    if with_faces and len(with_faces) != len(tiles):
        odd_one = next(t for t in tiles if (t[1] is None) == bool(with_faces))
        raise fail(
            "faces must be given for every tile or for none (this line differs from the "
            f"first tile on line {tiles[0][2]})",
            odd_one[2],
        )
    if len(tiles) % 2:
        raise fail(f"odd number of tiles ({len(tiles)}): tiles leave in pairs", tiles[-1][2])
    faces: tuple[Face, ...] | None = None
    layout = Layout((position for position, _face, _line in tiles), name=name)
    if with_faces:
        _check_groups_even(tiles, fail)
        by_slot = {position: face for position, face, _line in tiles if face is not None}
        faces = tuple(by_slot[position] for position in layout.slots)
    return LoadedLayout(layout, faces, source)


def _tokens(data: str) -> list[tuple[int, str]]:
    """Whitespace-separated tokens with their 1-based columns."""
    found: list[tuple[int, str]] = []
    column = 0
    while column < len(data):
        if data[column].isspace():
            column += 1
            continue
        start = column
        while column < len(data) and not data[column].isspace():
            column += 1
        found.append((start + 1, data[start:column]))
    return found


def _tile_line(tokens: list[tuple[int, str]], number: int, fail: _Fail) -> tuple[Slot, Face | None]:
    if len(tokens) < 3:
        raise fail(
            f"a tile line needs x y z (and optionally a face); found {len(tokens)} value(s)",
            number,
            tokens[0][0],
        )
    if len(tokens) > 4:
        raise fail(f"unexpected {shown(tokens[4][1])} after the face", number, tokens[4][0])
    values: list[int] = []
    for (column, token), axis in zip(tokens[:3], "xyz", strict=True):
        value = whole_number(token, MAX_COORDINATE)
        if value is None:
            raise fail(
                f"{axis} must be a whole number from 0 to {MAX_COORDINATE} (half-tile units; "
                f"z counts layers), not {shown(token)}",
                number,
                column,
            )
        values.append(value)
    face = None
    if len(tokens) == 4:
        column, token = tokens[3]
        try:
            face = Face.parse(token)
        except FaceError as exc:
            raise fail(str(exc), number, column) from None
    return slot(values[0], values[1], values[2]), face


def _cells(position: Slot) -> tuple[tuple[int, int, int], ...]:
    x, y, z = position.x, position.y, position.z
    return ((x, y, z), (x + 1, y, z), (x, y + 1, z), (x + 1, y + 1, z))


def _check_groups_even(tiles: list[tuple[Slot, Face | None, int]], fail: _Fail) -> None:
    seen: Counter[int] = Counter()
    for _slot, face, line in tiles:
        if face is not None:
            seen[face.group] += 1
            if seen[face.group] > MAX_GROUP_COPIES:
                raise fail(too_many_copies(face.name, seen[face.group]), line)
    counts = Counter(face.group for _slot, face, _line in tiles if face is not None)
    for _slot, face, line in reversed(tiles):
        if face is not None and counts[face.group] % 2:
            group = (
                "flowers"
                if face.name[0] == "F"
                else "seasons"
                if face.name[0] == "S"
                else (face.name)
            )
            raise fail(
                f"{counts[face.group]} tiles of {group} (an odd number, so one can never be "
                "removed; this is the last of them)",
                line,
            )


def format_tiles(layout: Layout, faces: tuple[Face, ...] | None = None) -> str:
    """The layout (and faces, if given) in typed-mahjong's own format."""
    out = [TILES_MAGIC, f"name {layout.name}", "# x y z" + (" face" if faces else "")]
    for index, position in enumerate(layout.slots):
        face = f" {faces[index].name}" if faces else ""
        out.append(f"{position.x} {position.y} {position.z}{face}")
    return "\n".join(out) + "\n"
