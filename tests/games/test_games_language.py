"""Every construct of the game language, scored on small games whose answers are worked out
by hand in the comments."""

from __future__ import annotations

import textwrap

import pytest

from typed_mahjong.games import BAD_HAND, Game, GameError, loads

# Six ordinary tiles: two colours x numbers 1..3; r1 and b1 carry the flag. Two wildcards.
TILES = """
defaults:
  copies: 4
  flag: false
tiles:
  r1: {colour: red, n: 1, flag: true}
  r2: {colour: red, n: 2}
  r3: {colour: red, n: 3}
  b1: {colour: blue, n: 1, flag: true}
  b2: {colour: blue, n: 2}
  b3: {colour: blue, n: 3}
  star: {wildcard: true, copies: 2}
"""


def game(body: str, *, hand_size: int = 6, structure: str = "3 3", rules: str = "",
         tiles: str = TILES) -> Game:
    text = (f"name: Test\nrules:\n  hand_size: {hand_size}\n  structure: {structure}\n"
            + textwrap.indent(textwrap.dedent(rules), "  ") + textwrap.dedent(tiles)
            + textwrap.dedent(body))
    return loads(text, filename="test.yaml")


def names(result_yaku: tuple[tuple[str, int], ...]) -> list[str]:
    return [name for name, _ in result_yaku]


# -- tiles, defaults, order ------------------------------------------------------------


def test_defaults_fill_attributes_and_copies() -> None:
    g = game("yaku:\n  Any:\n    when: true\n    points: 1\n")
    r2 = next(t for t in g.tiles if t.name == "r2")
    assert r2.copies == 4 and r2.get("flag") is False and r2.get("colour") == "red"
    star = next(t for t in g.tiles if t.name == "star")
    assert star.wildcard and star.copies == 2 and star.attributes == ()


def test_tile_names_in_file_order_wildcards_last_by_default() -> None:
    g = game("yaku:\n  Any:\n    when: true\n    points: 1\n")
    assert g.tile_names == ("r1", "r2", "r3", "b1", "b2", "b3", "star")


def test_order_sorts_tiles_and_the_slots_inside_a_group() -> None:
    g = game(
        """
        yaku:
          Low first:
            when: a.n == 1 and b.n == 2 and c.n == 3
            points: 10
        """,
        rules="order: [n, colour]\n",
    )
    # by n, then colour ('blue' < 'red'); file order breaks no ties here
    assert g.tile_names == ("b1", "r1", "b2", "r2", "b3", "r3", "star")
    # Written high to low, the group still reads r1 r2 r3 in slots a b c.
    assert g.score("r3 r2 r1 b1 b1 b1").points == 10


def test_hand_notation_accepts_commas_and_spaces() -> None:
    g = game("yaku:\n  Any:\n    when: true\n    points: 7\n")
    assert g.score("r1,r1, r1  b2\tb2,b2").points == 7


# -- comparisons, arithmetic, membership ----------------------------------------------


@pytest.mark.parametrize(
    ("constraint", "hand", "won"),
    [
        ("a.colour == b.colour == c.colour", "r1 r2 r3 b1 b2 b3", True),
        # without a sets rule every split is a reading: r1 r2 r3 | b1 b2 b3 is one
        ("a.colour == b.colour == c.colour", "r1 r2 b3 b1 b2 r3", True),
        ("a.colour == b.colour == c.colour == 'blue'", "r1 r2 r3 r1 b1 b2", False),
        ("a.n != b.n != c.n", "r1 r2 r3 b1 b2 b3", True),
        # a chain checks neighbours only: group r1 r2 b1 (display order) reads 1 != 2 != 1
        ("a.n != b.n != c.n", "r1 r2 b1 b2 b2 b2", True),
        ("a.n < b.n <= c.n", "r1 r2 r2 b1 b1 b1", True),
        ("a.n < b.n <= c.n", "r2 r2 r2 b1 b1 b1", False),
        ("c.n > b.n >= a.n", "r1 r1 r3 b1 b1 b1", True),
        ("a.n + 1 == b.n == c.n - 1", "r1 r2 r3 b1 b1 b1", True),
        ("a.n + 1 == b.n == c.n - 1", "r1 r2 r2 b1 b1 b1", False),
        ("-a.n == 0 - 1", "r1 r1 r1 b2 b2 b2", True),
        ("a.colour in ['red', 'green']", "r1 r1 r1 b2 b2 b2", True),
        ("a.colour not in ['red', 'green'] and d.colour not in ['blue']",
         "r1 r1 r1 b2 b2 b2", True),
        ("a.colour not in ['red', 'green'] and d.colour not in ['red']",
         "r1 r1 r1 b2 b2 b2", False),
        ("a.n in [2, 3]", "r1 r1 r1 b1 b1 b1", False),
        ("a.flag and not b.flag", "r1 r2 r2 b3 b3 b3", True),
        ("a.flag == true", "r2 r2 r2 b3 b3 b3", False),
        ("a == b and a != d", "r1 r1 r1 b1 b1 b1", True),
        ("a.name == 'r1'", "r1 r1 r1 b1 b1 b1", True),
    ],
)
def test_comparisons(constraint: str, hand: str, won: bool) -> None:
    # In "3 3" the yaku may read either group as g1 (a b c), so each case is built so that
    # the verdict is the same whichever group is g1, or only one group can satisfy it.
    g = game(f'yaku:\n  Y:\n    when: "{constraint}"\n    points: 5\n')
    assert g.score(hand).won is won


# -- aggregates ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("constraint", "hand", "won"),
    [
        ("count(t.colour == 'red' for t in hand) == 4", "r1 r2 r3 r3 b1 b2", True),
        ("count(t.colour == 'red' for t in hand) == 4", "r1 r2 r3 b3 b1 b2", False),
        ("count(t.flag for t in g1) == 3", "r1 r1 r1 b2 b2 b2", True),
        ("distinct(t.colour for t in hand) == 1", "r1 r1 r1 r2 r2 r2", True),
        ("distinct(t.n for t in hand) == 3", "r1 r2 r3 b1 b2 b3", True),
        ("distinct(t for t in hand) == 2", "r1 r1 r1 b2 b2 b2", True),  # tiles by name
        ("distinct(t.colour for t in [a, d]) == 2", "r1 r1 r1 b2 b2 b2", True),
        ("all(t.flag for t in hand)", "r1 r1 r1 b1 b1 b1", True),
        ("all(t.flag for t in hand)", "r1 r1 r1 b1 b1 b2", False),
        ("any(t.n == 3 for t in g2)", "r1 r1 r1 b3 b1 b1", True),
        ("any(t.n == 3 for t in hand)", "r1 r1 r1 b2 b1 b1", False),
        # 1+1+1 + 2+2+2 = 9
        ("sum(t.n for t in hand) == 9", "r1 r1 r1 b2 b2 b2", True),
        ("sum(t.n for t in [a, b]) + 1 == 3", "r1 r1 r1 r1 b2 b2", True),
        # nested: every tile of the hand shares its colour with some tile of g1
        ("all(any(u.colour == t.colour for u in g1) for t in hand)", "r1 r2 r3 r1 r2 r3",
         True),
    ],
)
def test_aggregates(constraint: str, hand: str, won: bool) -> None:
    g = game(f'yaku:\n  Y:\n    when: "{constraint}"\n    points: 5\n')
    assert g.score(hand).won is won


# -- parts and YAML composition --------------------------------------------------------


def test_parts_compose_and_call_each_other() -> None:
    g = game(
        """
        parts:
          same_colour a b c: a.colour == b.colour == c.colour
          run a b c: same_colour(a, b, c) and a.n + 1 == b.n == c.n - 1
          two_runs a b c d e f: run(a, b, c) and run(d, e, f)
          flagged x: x.flag
        yaku:
          Runs:
            when: two_runs(a, b, c, d, e, f)
            points: 100
          Flag start:
            when: run(a, b, c) and flagged(a)
            points: 10
        """
    )
    # Both groups are runs starting at a flagged 1: 100 + 10
    assert g.score("r1 r2 r3 b1 b2 b3").points == 110
    assert g.score("r1 r2 r3 b1 b2 b2").yaku == (("Flag start", 10),)
    assert not g.score("r1 r2 r2 b1 b2 b2").won  # no split holds a run


def test_constraint_lists_all_any_not_and_constants() -> None:
    g = game(
        """
        yaku:
          Listed:
            when:
              - a.colour == 'red'
              - d.colour == 'blue'
            points: 1
          Either:
            when:
              any:
                - all(t.n == 1 for t in hand)
                - all(t.n == 3 for t in hand)
            points: 2
          Never red:
            when:
              not: any(t.colour == 'red' for t in hand)
            points: 4
          Always:
            when: true
            points: 8
          Nothing:
            when: false
            points: 16
        """
    )
    # red group + blue group (Listed 1), all n == 1 (Either 2), Always 8
    assert g.score("r1 r1 r1 b1 b1 b1").points == 1 + 2 + 8
    # no red at all (Never red 4), neither all 1 nor all 3, Always 8
    assert g.score("b3 b3 b3 b2 b2 b2").points == 4 + 8


# -- readings and group order ---------------------------------------------------------


def test_any_group_may_play_g1() -> None:
    g = game("yaku:\n  Blue first:\n    when: a.colour == 'blue'\n    points: 3\n")
    # The blue group is written second, yet it can be g1.
    assert g.score("r1 r1 r1 b2 b2 b2").points == 3


def test_yaku_stack_only_within_one_reading() -> None:
    # Hand r1 r1 r1 r2 r2 r2 splits as (r1 r1 r1 | r2 r2 r2) or (r1 r1 r2 | r1 r2 r2) ...
    # Triples needs the first split, Mixed needs every group to hold two numbers.
    g = game(
        """
        yaku:
          Triples:
            when: a.n == c.n and d.n == f.n
            points: 50
          Mixed:
            when: a.n != c.n and d.n != f.n
            points: 30
        """
    )
    result = g.score("r1 r1 r1 r2 r2 r2")
    # never 80: the two yaku need different readings; the best reading gives 50
    assert result.yaku == (("Triples", 50),)
    assert str(result.reading) == "r1 r1 r1 | r2 r2 r2"
    # readings of {r1 x3, r2 x3} into two unordered groups of three: r1 r1 r1 | r2 r2 r2
    # and r1 r1 r2 | r1 r2 r2, where the last-named r2 may sit with the two r1 or not: 3
    assert result.readings_tried == 3


def test_sets_rule_limits_readings() -> None:
    g = game(
        """
        sets:
          3: a.colour == b.colour == c.colour
        yaku:
          Any:
            when: true
            points: 1
        """
    )
    assert g.score("r1 r2 r3 b1 b2 b3").readings_tried == 1
    no_win = g.score("r1 r2 b3 b1 b2 r3")
    # No split gives two one-colour groups? r1 r2 r3 | b1 b2 b3 does! Only the hand order
    # differs, and readings ignore order.
    assert no_win.won
    mixed = g.score("r1 r2 r2 r3 b1 b2")  # four reds, two blues: no one-colour split
    assert not mixed.won and mixed.reading is None and mixed.readings_tried == 0


def test_sets_rule_may_name_the_whole_group() -> None:
    g = game(
        """
        sets:
          3: distinct(t.colour for t in group) == 1
        yaku:
          Any:
            when: true
            points: 1
        """
    )
    assert g.score("r1 r2 r3 b1 b2 b3").won
    assert not g.score("r1 r2 r2 r3 b1 b2").won


def test_structures_of_one_shape_share_readings_and_stack() -> None:
    # "3 2" and "2 3" split a hand the same ways: their yaku stack in one reading.
    g = game(
        """
        yaku:
          Three first:
            structure: 3 2
            when: a.n == b.n == c.n and d.n == e.n
            points: 10
          Pair first:
            structure: 2 3
            when: a.colour == b.colour == 'blue'
            points: 20
        """,
        hand_size=5, structure="5",
    )
    assert g.score("r1 r1 r1 b2 b2").points == 30


def test_different_shapes_never_stack_and_the_best_wins() -> None:
    g = game(
        """
        yaku:
          Two sets:
            structure: 3 3
            when: true
            points: 10
          Three pairs:
            structure: 2 2 2
            when: a == b and c == d and e == f
            points: 40
        """
    )
    # r1 r1 b2 b2 b3 b3: no... any split into 3 3 works ("true"), and three pairs too.
    result = g.score("r1 r1 b2 b2 b3 b3")
    assert result.yaku == (("Three pairs", 40),)
    assert str(result.reading) == "r1 r1 | b2 b2 | b3 b3"


# -- stacking, overrides, limits, han --------------------------------------------------


STACKING = """
yaku:
  Base:
    when: true
    points: 100
  Red group:
    when: all(t.colour == 'red' for t in g1)
    points: 200
  All red:
    when: all(t.colour == 'red' for t in hand)
    points: 400
    overrides: [Red group]
  Limit hand:
    when: all(t.n == 1 for t in hand)
    points: 500
    stacks: false
"""


def test_stacking_overrides_and_solo_yaku() -> None:
    g = game(STACKING)
    assert g.score("r1 r2 r3 b1 b2 b3").points == 100 + 200
    # All red overrides Red group: 100 + 400
    assert g.score("r1 r2 r3 r1 r2 r3").yaku == (("Base", 100), ("All red", 400))
    # b1 x3 r1 x3: stack = Base 100 + Red group 200 = 300 < Limit hand alone 500
    assert g.score("b1 b1 b1 r1 r1 r1").yaku == (("Limit hand", 500),)
    # r1 x4 + star x2 as r1: stack = 100 + 400 = 500, not more than the limit hand's 500;
    # a tie keeps the first option, the stack
    assert g.score("r1 r1 r1 r1 star star").points == 500


def test_max_points_caps_the_total() -> None:
    g = game(STACKING, rules="max_points: 250\n")
    assert g.score("r1 r2 r3 b1 b2 b3").points == 250


def test_han_unit_goes_through_the_table_whose_last_row_is_the_limit() -> None:
    g = game(
        """
        yaku:
          One:
            when: true
            han: 1
          Red:
            when: all(t.colour == 'red' for t in g1)
            han: 1
          Flags:
            when: count(t.flag for t in hand) >= 3
            han: 5
        """,
        rules="unit: han\nhan_points: {1: 1000, 2: 2000, 3: 3900}\n",
    )
    assert g.unit == "han"
    assert g.score("b2 b2 b2 b3 b3 b3").points == 1000  # 1 han
    result = g.score("r2 r2 r2 b3 b3 b3")  # One + Red = 2 han
    assert result.yaku == (("One", 1), ("Red", 1)) and result.points == 2000
    assert g.score("r1 r1 r1 b1 b1 b1").points == 3900  # 7 han: beyond the table


# -- exclusions ------------------------------------------------------------------------


def test_an_exclusion_in_any_reading_puts_the_hand_outside_the_game() -> None:
    g = game(
        """
        sets:
          3: a.colour == b.colour == c.colour
        yaku:
          Any:
            when: true
            points: 10
        exclude:
          Repeat:
            when: a.n == b.n
        """
    )
    # one reading only, r1 r2 r3 | b1 b2 b3, with no group starting with a repeat
    assert g.score("r1 r2 r3 b1 b2 b3").points == 10
    # r1 r2 r3 | r1 r2 r3 scores, but the reading r1 r1 r2 | r2 r3 r3 shows the exclusion
    result = g.score("r1 r2 r3 r1 r2 r3")
    assert (result.points, result.yaku, result.excluded_by) == (0, (), "Repeat")
    assert result.reading is not None
    assert "outside the game" in result.explain()


# -- wildcards, last tile, name ------------------------------------------------------


def test_a_wildcard_stands_for_any_ordinary_tile() -> None:
    g = game(
        """
        yaku:
          Red run:
            when: a.colour == b.colour == c.colour == 'red' and a.n + 1 == b.n == c.n - 1
            points: 10
          Used star:
            when: any(t.wild for t in hand)
            points: 1
          Star is r2:
            when: any(t.wild and t.name == 'r2' for t in hand)
            points: 100
        """,
        rules="wildcards_per_hand: 2\n",
    )
    result = g.score("r1 star r3 b1 b1 b1")
    # the star must be r2 for the run: 10 + 1 + 100
    assert result.points == 111
    assert str(result.reading) == "r1 star=r2 r3 | b1 b1 b1"
    assert result.reading is not None
    star = result.reading.groups[0][1]
    assert (star.name, star.wildcard) == ("r2", "star")
    # A wildcard carries no flag of its own: the tile it stands for has them all.
    assert g.score("star star r3 b1 b1 b1").points == 111


def test_wildcards_per_hand_and_copies_are_enforced() -> None:
    g = game("yaku:\n  Y:\n    when: true\n    points: 1\n", rules="wildcards_per_hand: 1\n")
    with pytest.raises(GameError) as caught:
        g.score("r1 r1 star b1 b1 star")
    assert caught.value.kind == BAD_HAND
    assert "more than 1 wildcard" in caught.value.message
    assert caught.value.position == len("r1 r1 star b1 b1 ")  # the second star
    with pytest.raises(GameError, match="has 5 'r1' but the game has only 4"):
        g.score("r1 r1 r1 r1 r1 b1")


def test_last_marks_the_tile_named_last() -> None:
    g = game(
        """
        yaku:
          Won on a flag:
            when: any(t.last and t.flag for t in hand)
            points: 10
        """
    )
    assert g.score("r2 r2 r2 b1 b1 b1").won
    assert not g.score("b1 b1 b1 r2 r2 r2").won
    result = g.score("r2 r2 r2 b1 b1 b1")
    assert result.reading is not None
    assert [t.last for t in result.reading.groups[1]] == [False, False, True]


def test_no_yaku_scores_zero_without_a_reading() -> None:
    g = game("yaku:\n  Never:\n    when: false\n    points: 1\n")
    result = g.score("r1 r1 r1 b1 b1 b1")
    assert (result.points, result.yaku, result.reading, result.won) == (0, (), None, False)
    # r1 r1 r1 | b1 b1 b1, and r1 r1 b1 | r1 b1 b1 with the last b1 in either group
    assert result.readings_tried == 3
    assert result.explain().startswith("no yaku")


# -- hands the game cannot read -------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "fragment", "position"),
    [
        ("r1 r1 r1 b1 b1 r11", "unknown tile 'r11' (did you mean 'r1'?)", 15),
        ("r1 r1 r1 b1 b1 zz", "unknown tile 'zz' at column 16", 15),
        ("r1 r1 r1 b1 b1", "the hand has 5 tiles; this game's hands have 6", None),
        ("r1 r1 r1 b1 b1 b1 b2", "more than 6 tiles", None),
        ("", "the hand is empty", None),
        (" , ,", "the hand is empty", None),
    ],
)
def test_bad_hands(hand: str, fragment: str, position: int | None) -> None:
    g = game("yaku:\n  Y:\n    when: true\n    points: 1\n")
    with pytest.raises(GameError) as caught:
        g.score(hand)
    error = caught.value
    assert error.kind == BAD_HAND and error.filename == "test.yaml"
    assert fragment in error.message and error.message.startswith("test.yaml: hand ")
    assert error.position == position and error.line is None


def test_two_kinds_of_wildcard_each_stand_for_any_tile() -> None:
    tiles = TILES.replace("  star: {wildcard: true, copies: 2}\n",
                          "  star: {wildcard: true, copies: 1}\n"
                          "  sun: {wildcard: true, copies: 1}\n")
    g = game(
        """
        yaku:
          Red run:
            when: a.colour == b.colour == c.colour == 'red' and a.n + 1 == b.n == c.n - 1
            points: 10
          Sun is last:
            when: any(t.last and t.wild for t in hand)
            points: 1
        """,
        tiles=tiles,
    )
    assert g.tile_names[-2:] == ("star", "sun")
    result = g.score("r1 star b1 b1 b1 sun")
    # star and sun are r2 and r3 (in one order or the other); won on the sun
    assert result.points == 11
    assert result.reading is not None
    run = result.reading.groups[0]
    assert [t.name for t in run] == ["r1", "r2", "r3"]
    assert sorted(t.wildcard or "" for t in run) == ["", "star", "sun"]
    assert [t.last for t in run if t.wildcard == "sun"] == [True]
