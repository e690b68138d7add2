"""Free-tile rules, the built-in Turtle, and layout validation."""

import pytest

from typed_mahjong.solitaire.layout import Layout, LayoutError, iter_bits, slot, turtle


def free_slots(layout: Layout, present: int | None = None) -> set[tuple[int, int, int]]:
    mask = layout.full_mask if present is None else present
    return {
        (layout.slots[i].x, layout.slots[i].y, layout.slots[i].z)
        for i in iter_bits(mask)
        if layout.is_free(i, mask)
    }


def test_in_a_row_only_the_ends_are_free() -> None:
    row = Layout([slot(0, 0, 0), slot(2, 0, 0), slot(4, 0, 0), slot(6, 0, 0)])
    assert free_slots(row) == {(0, 0, 0), (6, 0, 0)}


def test_a_tile_lying_on_another_blocks_it_even_half_over() -> None:
    # (1,0,1) covers the right half of (0,0,0) and the left half of (2,0,0).
    layout = Layout([slot(0, 0, 0), slot(2, 0, 0), slot(1, 0, 1), slot(6, 0, 0)])
    assert free_slots(layout) == {(1, 0, 1), (6, 0, 0)}


def test_a_tile_two_layers_up_still_counts_as_lying_on_it() -> None:
    layout = Layout([slot(0, 0, 0), slot(0, 0, 2)])
    assert free_slots(layout) == {(0, 0, 2)}


def test_side_neighbours_count_only_on_the_same_layer() -> None:
    # (2,0,1) sits on layer 1 between two layer-0 tiles without touching either from
    # above (x differs by exactly one tile width); they are not its side neighbours, and
    # it is not theirs: all three are free.
    layout = Layout([slot(0, 0, 0), slot(4, 0, 0), slot(2, 0, 1), slot(8, 0, 0)])
    assert free_slots(layout) == {(0, 0, 0), (4, 0, 0), (2, 0, 1), (8, 0, 0)}


def test_half_row_offsets_still_touch_but_a_full_row_apart_does_not() -> None:
    # (2,1,0) overlaps (0,0,0)'s row by half a tile: it is its right neighbour.
    touching = Layout([slot(0, 0, 0), slot(2, 1, 0), slot(0, 4, 0), slot(4, 0, 0)])
    assert (2, 1, 0) not in free_slots(touching)  # flanked by (0,0,0) and (4,0,0)
    apart = Layout([slot(0, 0, 0), slot(2, 2, 0), slot(4, 0, 0), slot(8, 8, 0)])
    assert (2, 2, 0) in free_slots(apart)  # y differs by a whole tile: no contact


def test_a_half_tile_gap_is_not_contact() -> None:
    layout = Layout([slot(0, 0, 0), slot(3, 0, 0), slot(6, 0, 0), slot(10, 0, 0)])
    assert free_slots(layout) == {(0, 0, 0), (3, 0, 0), (6, 0, 0), (10, 0, 0)}


def test_removing_a_neighbour_frees_a_tile() -> None:
    row = Layout([slot(0, 0, 0), slot(2, 0, 0), slot(4, 0, 0), slot(6, 0, 0)])
    without_first = row.full_mask & ~(1 << row.index(slot(0, 0, 0)))
    assert (2, 0, 0) in free_slots(row, without_first)


def test_turtle_has_144_tiles_in_five_layers() -> None:
    layout = turtle()
    per_layer = [sum(1 for s in layout.slots if s.z == z) for z in range(5)]
    assert per_layer == [87, 36, 16, 4, 1]


def test_turtle_starts_with_35_free_tiles() -> None:
    # Worked out by hand: the top tile (1); layer 3 is covered (0); layer 2's outer ring
    # has its row ends free (8); layer 1's row ends lie outside layer 2 (12); layer 0:
    # two ends for each of rows 0, 1, 2, 5, 6, 7 (12), none in rows 3 and 4 (the end
    # tiles flank them), plus the outer end tiles at x=0 and x=28 (2). 1+8+12+14 = 35.
    layout = turtle()
    free = free_slots(layout)
    assert len(free) == 35
    assert {(13, 7, 4), (0, 7, 0), (28, 7, 0)} <= free
    assert (26, 7, 0) not in free  # between row ends and the outermost tile


def test_turtle_left_end_tile_blocks_two_rows() -> None:
    layout = turtle()
    end = layout.index(slot(0, 7, 0))
    without_end = layout.full_mask & ~(1 << end)
    free = free_slots(layout, without_end)
    assert {(2, 6, 0), (2, 8, 0)} <= free


def test_overlapping_tiles_are_rejected() -> None:
    with pytest.raises(LayoutError, match=r"tiles \(0,0,0\) and \(1,1,0\) overlap on layer 0"):
        Layout([slot(0, 0, 0), slot(1, 1, 0)])


def test_odd_and_empty_layouts_are_rejected() -> None:
    with pytest.raises(LayoutError, match=r"odd number of tiles \(3\)"):
        Layout([slot(0, 0, 0), slot(2, 0, 0), slot(4, 0, 0)])
    with pytest.raises(LayoutError, match="at least two tiles"):
        Layout([])


def test_negative_coordinates_are_rejected() -> None:
    with pytest.raises(LayoutError, match="negative coordinate"):
        Layout([slot(-2, 0, 0), slot(0, 0, 0)])
