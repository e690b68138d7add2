from collections import Counter

import pytest

from typed_mahjong.solitaire.faces import Face, FaceError, standard_tile_set, tile_set


def test_names_round_trip_for_all_42_faces() -> None:
    names = [Face(code).name for code in range(42)]
    assert names[:3] == ["1m", "2m", "3m"]
    assert names[26:34] == ["9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert names[34:] == ["F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4"]
    assert [Face.parse(name).code for name in names] == list(range(42))


def test_flowers_match_flowers_and_seasons_match_seasons() -> None:
    assert Face.parse("F1").matches(Face.parse("F4"))
    assert Face.parse("S2").matches(Face.parse("S3"))
    assert not Face.parse("F1").matches(Face.parse("S1"))
    assert Face.parse("5p").matches(Face.parse("5p"))
    assert not Face.parse("5p").matches(Face.parse("5s"))


@pytest.mark.parametrize("bad", ["0m", "8z", "10p", "F5", "s1", "5x", "", "5pp"])
def test_unknown_face_names_are_rejected(bad: str) -> None:
    with pytest.raises(FaceError, match="unknown face"):
        Face.parse(bad)


def test_standard_set_is_34_kinds_of_four_plus_one_of_each_bonus_tile() -> None:
    tiles = standard_tile_set()
    assert len(tiles) == 144
    counts = Counter(face.name for face in tiles)
    assert all(counts[Face(code).name] == 4 for code in range(34))
    assert all(counts[Face(code).name] == 1 for code in range(34, 42))
    groups = Counter(face.group for face in tiles)
    assert set(groups.values()) == {4}  # 36 match groups of four
    assert len(groups) == 36


def test_smaller_sets_use_whole_groups_and_at_most_one_pair() -> None:
    # 18 tiles = 4 whole kinds (1m..4m) and a pair of 5m.
    counts = Counter(face.name for face in tile_set(18))
    assert counts == {"1m": 4, "2m": 4, "3m": 4, "4m": 4, "5m": 2}


def test_tile_sets_need_a_positive_even_count() -> None:
    with pytest.raises(ValueError, match="positive even"):
        tile_set(7)
