"""Reading layouts: KMahjongg's grid format, typed-mahjong's own, and their errors."""

from importlib import resources
from pathlib import Path

import pytest

from typed_mahjong.solitaire.formats import (
    format_kmahjongg,
    format_tiles,
    load_layout,
    parse_kmahjongg,
    parse_layout_text,
    parse_tiles,
)
from typed_mahjong.solitaire.layout import LayoutError, slot, turtle

# Two tiles side by side on layer 0 and one on layer 1 straddling them, plus a loose tile
# so the count is even. Cells are half a tile: a tile is a 2x2 block "12/43".
SMALL = """kmahjongg-layout-v1.1
# comment
w10
h2
d2
1212..12..
4343..43..
.12.......
.43.......
"""


def error_for(text: str) -> LayoutError:
    with pytest.raises(LayoutError) as caught:
        parse_kmahjongg(text, source="bad.layout")
    return caught.value


def test_kmahjongg_cells_become_half_tile_slots() -> None:
    layout = parse_kmahjongg(SMALL)
    assert set(layout.slots) == {slot(0, 0, 0), slot(2, 0, 0), slot(6, 0, 0), slot(1, 0, 1)}


def test_turtle_round_trips_through_kmahjongg_text() -> None:
    assert parse_kmahjongg(format_kmahjongg(turtle())) == turtle()


def test_packaged_turtle_file_is_the_built_in_turtle() -> None:
    text = resources.files("typed_mahjong.solitaire").joinpath("layouts/turtle.layout")
    assert parse_kmahjongg(text.read_text()).translated() == turtle().translated()


def test_kmahjongg_v10_has_a_fixed_32_by_16_by_5_grid() -> None:
    rows = ["." * 32] * 80
    rows[0] = "1212" + "." * 28
    rows[1] = "4343" + "." * 28
    layout = parse_kmahjongg("kmahjongg-layout-v1.0\n" + "\n".join(rows) + "\n")
    assert set(layout.slots) == {slot(0, 0, 0), slot(2, 0, 0)}


def test_bad_character_names_file_line_and_column() -> None:
    err = error_for(SMALL.replace("1212..12..", "1212x.12.."))
    assert (err.source, err.line, err.column) == ("bad.layout", 6, 5)
    assert "bad character 'x'" in str(err)
    assert str(err).startswith("bad.layout:6:5: ")


def test_odd_tile_count_points_at_the_last_tile() -> None:
    # Without the layer-1 tile three remain; the last one starts at line 6, column 7.
    err = error_for(SMALL.replace(".12.......\n.43.......", "..........\n.........."))
    assert "odd number of tiles (3)" in err.message
    assert (err.line, err.column) == (6, 7)


def test_overlapping_tiles_are_reported_where_they_collide() -> None:
    # A second tile starting at column 2 of line 6 overlaps the first one's '2' quarter.
    err = error_for(SMALL.replace("1212..12..\n4343..43..", "1122..12..\n4433..43.."))
    assert "tiles overlap" in err.message
    assert (err.line, err.column) == (6, 2)


def test_stray_quarter_without_a_tile() -> None:
    err = error_for(SMALL.replace(".12.......\n.43.......", ".12.......\n.43....3.."))
    assert "stray '3'" in err.message
    assert (err.line, err.column) == (9, 8)


def test_wrong_row_width_and_row_count() -> None:
    err = error_for(SMALL.replace("4343..43..", "4343..43."))
    assert "row has 9 cells but the width is 10" in err.message
    assert err.line == 7
    err = error_for(SMALL + "..........\n")
    assert "expected 4 grid rows" in err.message and err.line == 10


def test_size_lines_are_checked() -> None:
    err = error_for(SMALL.replace("w10", "w1O"))
    assert "bad width 'w1O'" in err.message and err.line == 3
    err = error_for(SMALL.replace("d2\n", ""))
    assert "missing d (depth)" in err.message


def test_unknown_first_line() -> None:
    with pytest.raises(LayoutError, match="unknown layout format") as caught:
        parse_layout_text("hello\n", source="x.txt")
    assert (caught.value.line, caught.value.column) == (1, 1)


# ------------------------------------------------------------------ typed-mahjong's format

OWN = """typed-mahjong-layout-v1
name little pyramid
0 0 0 5p   # x y z face
2 0 0 F1
1 0 1 5p
6 0 0 F3
"""


def tiles_error(text: str) -> LayoutError:
    with pytest.raises(LayoutError) as caught:
        parse_tiles(text, source="bad.tiles")
    return caught.value


def test_own_format_reads_name_slots_and_faces() -> None:
    loaded = parse_tiles(OWN)
    assert loaded.layout.name == "little pyramid"
    assert loaded.faces is not None
    faces = {s: f.name for s, f in zip(loaded.layout.slots, loaded.faces, strict=True)}
    assert faces == {
        slot(0, 0, 0): "5p",
        slot(2, 0, 0): "F1",
        slot(1, 0, 1): "5p",
        slot(6, 0, 0): "F3",
    }


def test_own_format_round_trips() -> None:
    loaded = parse_tiles(OWN)
    again = parse_tiles(format_tiles(loaded.layout, loaded.faces))
    assert again == loaded.__class__(loaded.layout, loaded.faces, "<text>")


def test_own_format_without_faces_is_a_layout() -> None:
    loaded = parse_tiles("typed-mahjong-layout-v1\n0 0 0\n2 0 0\n")
    assert loaded.faces is None and len(loaded.layout) == 2


def test_own_format_errors_name_line_and_column() -> None:
    err = tiles_error(OWN.replace("2 0 0 F1", "2 zero 0 F1"))
    assert (err.line, err.column) == (4, 3) and "y must be a whole number" in err.message
    err = tiles_error(OWN.replace("F3", "F9"))
    assert (err.line, err.column) == (6, 7) and "unknown face 'F9'" in err.message
    err = tiles_error(OWN.replace("6 0 0 F3", "1 1 0 F3"))
    assert err.line == 6 and "overlaps tile (0,0,0) from line 3" in err.message
    err = tiles_error(OWN.replace("6 0 0 F3", "6 0 0"))
    assert err.line == 6 and "for every tile or for none" in err.message
    err = tiles_error(OWN.replace("6 0 0 F3\n", ""))
    assert err.line == 5 and "odd number of tiles (3)" in err.message
    err = tiles_error(OWN.replace("F3", "5s"))
    assert err.line == 6 and "1 tiles of 5s" in err.message
    err = tiles_error(OWN.replace("F1", "S1"))  # one flower and one season left
    assert err.line == 6 and "1 tiles of flowers" in err.message
    err = tiles_error(OWN.replace("5p   # x y z face", "5p 7"))
    assert (err.line, err.column) == (3, 10) and "unexpected '7'" in err.message


def test_load_layout_finds_built_ins_and_files(tmp_path: Path) -> None:
    assert load_layout("turtle").layout == turtle()
    path = tmp_path / "mine.tiles"
    path.write_text(OWN)
    assert load_layout(str(path)).layout.name == "little pyramid"
    with pytest.raises(LayoutError, match="no such layout file"):
        load_layout(str(tmp_path / "missing.layout"))
