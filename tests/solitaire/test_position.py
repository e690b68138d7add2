"""Moves, the rules they must obey, and replaying a sequence."""

from collections.abc import Callable

import pytest

from typed_mahjong.solitaire.faces import Face
from typed_mahjong.solitaire.layout import Layout, slot
from typed_mahjong.solitaire.position import IllegalMove, Move, Position, PositionError, replay

ROW = "0 0 0 1m\n2 0 0 2m\n4 0 0 2m\n6 0 0 1m\n"  # 1m 2m 2m 1m in one row


def test_available_moves_are_free_matching_pairs(make_position: Callable[[str], Position]) -> None:
    position = make_position(ROW)
    # Only the row's ends are free, and they are both 1m.
    assert position.available_moves() == [Move(0, 3)]


def test_illegal_moves_say_which_rule_they_break(
    make_position: Callable[[str], Position],
) -> None:
    position = make_position(ROW)
    with pytest.raises(IllegalMove, match=r"2m \(2,0,0\) is not free"):
        position.remove(Move(1, 2))
    with pytest.raises(IllegalMove, match="do not match"):
        position.remove(Move(0, 1))
    after = position.remove(Move(0, 3))
    with pytest.raises(IllegalMove, match="already removed"):
        after.remove(Move(0, 3))


def test_replay_reports_the_failing_step(make_position: Callable[[str], Position]) -> None:
    position = make_position(ROW)
    assert replay(position, [Move(0, 3), Move(1, 2)]).is_cleared
    with pytest.raises(IllegalMove, match=r"^move 2: tile 1m \(0,0,0\) was already removed"):
        replay(position, [Move(0, 3), Move(0, 3)])


def test_flowers_pair_with_any_flower(make_position: Callable[[str], Position]) -> None:
    position = make_position("0 0 0 F1\n2 0 0 S2\n4 0 0 S4\n6 0 0 F3\n")
    assert position.available_moves() == [Move(0, 3)]
    assert replay(position, [Move(0, 3), Move(1, 2)]).is_cleared


def test_positions_reject_odd_groups_and_wrong_face_counts() -> None:
    layout = Layout([slot(0, 0, 0), slot(2, 0, 0)])
    with pytest.raises(PositionError, match="odd count"):
        Position(layout, [Face.parse("1m"), Face.parse("2m")])
    with pytest.raises(PositionError, match="need one per tile"):
        Position(layout, [Face.parse("1m")])


def test_a_removal_gives_the_position_the_constructor_would(
    make_position: Callable[[str], Position],
) -> None:
    # ``remove`` skips the constructor's checks (a legal pair keeps every group even):
    # what it builds must still equal, hash like and behave like a checked Position.
    position = make_position(ROW)
    after = position.remove(Move(0, 3))
    checked = Position(position.layout, position.faces, position.present & ~0b1001)
    assert after == checked and hash(after) == hash(checked)
    assert after.groups == checked.groups and after.available_moves() == [Move(1, 2)]
    assert after.remove(Move(1, 2)).is_cleared
