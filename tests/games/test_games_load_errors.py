"""Every load-time error names the file, the line (and column when exact) and the yaku,
part, tile or field at fault; ``load`` reports all of a file's problems at once."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from typed_mahjong.games import BAD_FILE, GameError, load, loads
from typed_mahjong.games.yamlsafe import YamlRefused, compose

VALID = """\
name: Small
rules:
  hand_size: 6
  structure: 3 3
defaults:
  copies: 4
tiles:
  r1: {colour: red, n: 1}
  r2: {colour: red, n: 2}
  b1: {colour: blue, n: 1}
  b2: {colour: blue, n: 2}
  star: {wildcard: true, copies: 1}
parts:
  same a b c: a.colour == b.colour == c.colour
yaku:
  Same:
    when: same(a, b, c) and same(d, e, f)
    points: 100
"""


def where(text: str, fragment: str, offset: int = 0) -> tuple[int, int]:
    """1-based line and column of ``fragment`` (plus ``offset`` characters) in ``text``."""
    index = text.index(fragment) + offset
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def load_error(text: str) -> GameError:
    with pytest.raises(GameError) as caught:
        loads(text, filename="g.yaml")
    error = caught.value
    assert error.kind == BAD_FILE and error.filename == "g.yaml"
    return error


def one_problem(text: str) -> str:
    error = load_error(text)
    assert len(error.problems) == 1, error.problems
    return error.problems[0]


def with_yaku(when: str, extra: str = "") -> str:
    return VALID.replace("    when: same(a, b, c) and same(d, e, f)\n",
                         f"    when: {when}\n{extra}")


def test_the_valid_base_loads() -> None:
    assert loads(VALID).yaku_names == ("Same",)


# -- expressions: names, attributes, types -----------------------------------------------


@pytest.mark.parametrize(
    ("when", "at", "message"),
    [
        ("a.colr == 'red'", "colr", "unknown attribute 'colr' (did you mean 'colour'?); tiles "
                                    "have: colour, last, n, name, wild"),
        ("z.colour == 'red'", "z.colour", "unknown name 'z'; known tiles: a, b, c, d, e, f; "
                                          "groups: hand, g1, g2"),
        ("a.colour == 1", "1", "'==' cannot compare text... "),
        ("a.n < 'x'", "'x'", "'<' compares numbers, not a number with a string"),
        ("a.colour < b.colour", "b.colour", "'<' compares numbers, not a string with a string"),
        ("a.n in 3", "3", "'in' needs a list of literals on its right, such as ['red', "
                          "'blue'], but this is a number"),
        ("a.n in ['x']", "['x']", "'in' compares a number with a list of str values"),
        ("not a.n", "a.n", "'not' needs a true/false value, but this is a number"),
        # the operands of a top-level 'and' are separate clauses, each a constraint
        ("a.n and true", "a.n", "a constraint must be true or false, but this is a number"),
        ("a.n or true", "a.n", "'or' needs a true/false value, but this is a number"),
        ("a.colour + 1 == 2", "a.colour", "'+' needs a number, but this is a string"),
        ("a.n", "a.n", "a constraint must be true or false, but this is a number"),
        ("a.n.x == 1", "x ==", "only tiles have attributes, but this is a number"),
        ("hand.n == 1", "n ==", "only tiles have attributes, but this is a group of tiles"),
        ("count(t.n == 1 for t in hand) == 'x'", "'x'", "'==' cannot compare a number with "
                                                        "a string"),
        ("count(t.n for t in hand) > 1", "t.n", "the body of count() must be a true/false "
                                                 "value, but it is a number"),
        ("sum(t.flag for t in a) > 1", "a)", "sum() runs over a group (hand, g1, [a, b, c] "
                                             "...), not a tile"),
        ("any(a.n == 1 for a in hand)", "a in", "variable 'a' hides another name; pick a "
                                                "fresh one"),
        ("a.n in [1, 'x']", "[1", "a list holds tiles, or literal values of one type; this "
                                  "one has int, str"),
        ("a.n in [b.n]", "[b.n]", "a list of values may only hold literals"),
        ("same == true", "same", "part 'same' is a predicate over 3 tiles; call it: same(a, "
                                 "b, c)"),
        ("same(a, b)", "same", "part 'same' takes 3 tiles, got 2"),
        ("same(a, b, c.n)", "c.n", "part 'same' takes tiles, but this argument is a number"),
        ("other(a)", "other", "unknown part 'other' (parts: same)"),
        ("count == 1", "count", "'count' is written count(<expression> for t in hand)"),
    ],
)
def test_expression_errors_name_line_column_and_yaku(when: str, at: str, message: str) -> None:
    text = with_yaku(f'"{when}"')
    problem = one_problem(text)
    line, column = where(text, f'"{when}"', 1 + when.index(at))
    expected_prefix = f"g.yaml:{line}:{column}: yaku 'Same': "
    assert problem.startswith(expected_prefix), problem
    if message.endswith("... "):
        assert "'==' cannot compare" in problem
    else:
        assert problem == expected_prefix + message


def test_syntax_error_in_a_plain_scalar_points_at_its_column() -> None:
    text = with_yaku("a.colour = 'red'")
    line, column = where(text, "= 'red'")
    assert one_problem(text) == (f"g.yaml:{line}:{column}: yaku 'Same': unexpected '='; "
                                 "compare with '=='")


def test_error_inside_a_block_scalar_names_its_line() -> None:
    text = with_yaku("|\n      a.n == 1 and\n      a.colr == 'red'")
    line, _ = where(text, "a.colr")
    problem = one_problem(text)
    assert problem.startswith(f"g.yaml:{line}: yaku 'Same': unknown attribute 'colr'")
    assert "(character" in problem


def test_error_in_a_list_item_names_that_item() -> None:
    text = with_yaku("\n      - same(a, b, c)\n      - d.colr == 'blue'")
    line, column = where(text, "colr")
    assert one_problem(text).startswith(f"g.yaml:{line}:{column}: yaku 'Same': unknown "
                                        "attribute 'colr'")


def test_errors_in_parts_and_sets_name_them() -> None:
    text = VALID.replace("  same a b c: a.colour == b.colour == c.colour",
                         "  same a b c: a.colour == b.colour == c.hue") + (
        "sets:\n  3: a.nn == 1\n")
    error = load_error(text)
    part_line, part_col = where(text, "hue")
    set_line, set_col = where(text, "nn ==")
    assert error.problems == (
        f"g.yaml:{part_line}:{part_col}: part 'same': unknown attribute 'hue'; tiles have: "
        "colour, last, n, name, wild",
        f"g.yaml:{set_line}:{set_col}: sets rule for groups of 3: unknown attribute 'nn' "
        "(did you mean 'n'?); tiles have: colour, last, n, name, wild",
    )


@pytest.mark.parametrize(("typo", "meant"), [("colr", "colour"), ("nmae", "name"),
                                             ("wlid", "wild")])
def test_a_misspelt_attribute_names_the_closest_one(typo: str, meant: str) -> None:
    # As a misspelt key does ("unknown key 'yakuu' (did you mean 'yaku'?)"): the file, the
    # line and column of the name, and the closest attribute the tiles have.
    text = with_yaku(f"a.{typo} == b.{meant} and same(d, e, f)")
    line, column = where(text, typo)
    assert one_problem(text) == (
        f"g.yaml:{line}:{column}: yaku 'Same': unknown attribute '{typo}' (did you mean "
        f"'{meant}'?); tiles have: colour, last, n, name, wild")


def test_an_attribute_close_to_none_gets_no_guess() -> None:
    text = with_yaku("a.hue == b.colour and same(d, e, f)")
    line, column = where(text, "hue")
    assert one_problem(text) == (f"g.yaml:{line}:{column}: yaku 'Same': unknown attribute "
                                 "'hue'; tiles have: colour, last, n, name, wild")


# -- the file and its sections -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fragment", "message"),
    [
        ("name: [unclosed\n", None, "invalid YAML"),
        ("", None, "the game file is empty"),
        ("- a list\n", "- a list", "not a game file: a game file is a YAML mapping with the "
                                   "sections name, rules, tiles and yaku (docs/games.md); "
                                   "this file's top level is a list"),
        (VALID + "yakuu: {}\n", "yakuu", "game file: unknown key 'yakuu' (did you mean "
                                         "'yaku'?); expected one of: name, description, "
                                         "rules, defaults, tiles, inputs, parts, sets, "
                                         "yaku, exclude, payment"),
        (VALID.replace("name: Small\n", ""), "rules:", "game file: missing the 'name' "
                                                       "section"),
        (VALID.replace("  hand_size: 6\n", "  hand_size: 6\n  hand_size: 6\n"),
         "hand_size: 6\n  hand_size", "rules: duplicate key 'hand_size' (first given on line "
                                      "3)"),
    ],
)
def test_file_level_errors(text: str, fragment: str | None, message: str) -> None:
    problem = one_problem(text)
    if fragment is None:
        assert message in problem and problem.startswith("g.yaml")
        return
    offset = len("hand_size: 6\n  ") if "duplicate" in message else 0
    line, column = where(text, fragment, offset)
    assert problem == f"g.yaml:{line}:{column}: {message}"


@pytest.mark.parametrize(
    ("old", "new", "at", "message"),
    [
        ("  hand_size: 6\n", "  hand_size: 60\n", "60", "rules.hand_size: 60 is out of range "
                                                       "(1 to 26)"),
        ("  hand_size: 6\n", "  hand_size: six\n", "six", "rules.hand_size: expected a whole "
                                                         "number, found the string 'six'"),
        ("  structure: 3 3\n", "  structure: 3 4\n", "3 4", "rules.structure: the groups hold "
                                                           "7 tiles, but hands have 6 "
                                                           "(rules.hand_size)"),
        ("  structure: 3 3\n", "  structure: three\n", "three", "rules.structure: a structure "
                                                               "is group sizes separated by "
                                                               "spaces, such as '3 3 3'"),
        ("  structure: 3 3\n", "  structure: 3 3\n  unit: yen\n", "yen",
         "rules.unit: unit must be 'points' or 'han', not 'yen'"),
        ("  structure: 3 3\n", "  structure: 3 3\n  players: 0\n", "0",
         "rules.players: 0 is out of range (1 to 16)"),
        ("  structure: 3 3\n", "  structure: 3 3\n  order: [hue]\n", "hue",
         "rules.order: unknown attribute 'hue'; tiles have: colour, n"),
        ("  structure: 3 3\n", "  structure: 3 3\n  han_points: {1: 100}\n", "{1",
         "rules.han_points: 'han_points' only applies when 'unit' is han"),
        ("  structure: 3 3\n", "  structure: 3 3\n  colour: red\n", "colour: red",
         "rules: unknown key 'colour'; expected one of: hand_size, structure, players, "
         "starting_points, rounds, wildcards_per_hand, order, display, unit, han_points, "
         "max_points, minimum, waits_structures, calls"),
        ("  structure: 3 3\n", "  structure: 3 3\n  calls: [pung, chi]\n", "chi",
         "rules.calls: unknown call 'chi'; calls are pung, kong, chow"),
        ("  structure: 3 3\n", "  structure: 3 3\n  calls: [pung, pung]\n", "pung]",
         "rules.calls: the call 'pung' is listed twice"),
        ("  structure: 3 3\n", "  structure: 3 3\n  calls: pung\n", "pung",
         "rules.calls: expected a list, found the string 'pung'"),
    ],
)
def test_rules_errors(old: str, new: str, at: str, message: str) -> None:
    text = VALID.replace(old, new)
    start = text.index(new)  # look for `at` inside the replaced lines
    line, column = where(text[start:], at)
    line += text.count("\n", 0, start)
    assert one_problem(text) == f"g.yaml:{line}:{column}: {message}"


def test_han_games_need_a_table_and_han_values() -> None:
    text = VALID.replace("  structure: 3 3\n", "  structure: 3 3\n  unit: han\n")
    error = load_error(text)
    rules_line, _ = where(text, "hand_size")
    points_line, points_col = where(text, "100")
    when_line, _ = where(text, "Same:\n")
    assert error.problems == (
        f"g.yaml:{rules_line}:3: rules: a game counted in han needs 'han_points', the points "
        "for 1, 2, ... han",
        # `points:` in a han game is a limit hand valued in points, so it must count alone
        f"g.yaml:{points_line}:{points_col}: yaku 'Same': in a game counted in han, a yaku "
        "valued in points is a limit hand: give it 'stacks: false' (or write 'han:')",
    )
    assert when_line


def test_han_table_must_not_decrease() -> None:
    text = VALID.replace("  structure: 3 3\n",
                         "  structure: 3 3\n  unit: han\n  han_points: {1: 500, 2: 400}\n"
                         ).replace("points: 100", "han: 1")
    line, column = where(text, "400")
    assert one_problem(text) == (f"g.yaml:{line}:{column}: rules.han_points[2]: 400 is less "
                                 "than the 500 of 1 han")


def test_han_table_counts_must_ascend() -> None:
    # Gaps are allowed (see test_games_extended.py); counts out of order are not.
    text = VALID.replace("  structure: 3 3\n",
                         "  structure: 3 3\n  unit: han\n  han_points: {3: 300, 2: 100}\n"
                         ).replace("points: 100", "han: 1")
    line, column = where(text, "2: 100")
    assert one_problem(text) == (
        f"g.yaml:{line}:{column}: rules.han_points: han counts must be whole numbers "
        "ascending from 1 (at most 1000), after 3; found 2 (or write the formula "
        "{base: B, doubling_until: N})")


@pytest.mark.parametrize(
    ("old", "new", "at", "message"),
    [
        ("  r2: {colour: red, n: 2}\n", "  r2: {colour: red, n: '2'}\n", "'2'",
         "tile 'r2'.n: 'n' is a number in tile 'r1' (line 8) but text here"),
        ("  r2: {colour: red, n: 2}\n", "  r2: {colour: red}\n", "r2",
         "tile 'r2': no value for n; give one here or under 'defaults'"),
        ("  r2: {colour: red, n: 2}\n", "  r2: {colour: red, n: 2.5}\n", "2.5",
         "tile 'r2'.n: an attribute is text, a whole number or true/false, not the decimal "
         "2.5"),
        ("  r2: {colour: red, n: 2}\n", "  r2: {colour: red, n: 2, name: x}\n", "name",
         "tile 'r2': 'name' is reserved and cannot be an attribute"),
        ("  r2: {colour: red, n: 2}\n", "  r2: {colour: red, n: 2, 2nd: x}\n", "2nd",
         "tile 'r2': attribute name '2nd' must be a name made of letters, digits and '_' (not "
         "starting with a digit)"),
        ("  r2: {colour: red, n: 2}\n", "  r 2: {colour: red, n: 2}\n", "r 2",
         "tile 'r 2': a tile name is 1 to 40 characters without spaces or commas (hands list "
         "tiles separated by spaces or commas)"),
        ("  r2: {colour: red, n: 2}\n", "  12: {colour: red, n: 2}\n", "12",
         "tiles: the key '12' reads as the number 12: YAML reads unquoted no/yes/on/off/true/"
         "false as booleans, ~ and null as nothing and digits as numbers; quote it ('12') "
         "to use it as a name"),
        ("  r2: {colour: red, n: 2}\n", "  r2: {colour: red, n: 2, copies: 0}\n", "0}",
         "tile 'r2'.copies: 0 is out of range (1 to 1000)"),
        ("  star: {wildcard: true, copies: 1}\n",
         "  star: {wildcard: true, copies: 1, colour: red}\n", "colour: red}",
         "tile 'star': a wildcard takes the attributes of the tile it stands for, so it "
         "cannot have its own ('colour')"),
    ],
)
def test_tile_errors(old: str, new: str, at: str, message: str) -> None:
    text = VALID.replace(old, new)
    start = text.index(new)
    line, column = where(text[start:], at)
    line += text.count("\n", 0, start)
    assert one_problem(text) == f"g.yaml:{line}:{column}: {message}"


def test_too_few_tiles_for_a_hand() -> None:
    text = VALID.replace("  copies: 4\n", "  copies: 1\n")  # 4 ordinary + 1 star = 5 < 6
    line, column = where(text, "r1:")
    assert one_problem(text) == (f"g.yaml:{line}:{column}: tiles: there are only 5 tiles in "
                                 "all, fewer than a hand of 6")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  same a b c:", "  same:", "part 'same': a part needs at least one tile: 'name a b "
                                     "c'"),
        ("  same a b c:", "  same a a c:", "part 'same': the part's name and tile names must "
                                           "all differ"),
        ("  same a b c:", "  and a b c:", "part 'and': 'and' is a reserved word"),
        ("  same a b c:", "  count a b c:", "part 'count': 'count' is a reserved word"),
        ("  same a b c:", "  same a b-c:", "part 'same': 'b-c' is not a name (letters, "
                                           "digits, _)"),
    ],
)
def test_part_header_errors(old: str, new: str, message: str) -> None:
    text = VALID.replace(old, new)
    error = load_error(text)
    line, column = where(text, new.strip())
    assert error.problems[0] == f"g.yaml:{line}:{column}: {message}"


def test_part_cycles_are_reported_for_each_member() -> None:
    text = VALID.replace(
        "  same a b c: a.colour == b.colour == c.colour\n",
        "  ping a: pong(a)\n  pong a: ping(a)\n  self a: self(a)\n"
        "  same a b c: a.colour == b.colour == c.colour\n")
    error = load_error(text)
    ping, pong, self_ = (where(text, f"  {n} a:", 2)[0] for n in ("ping", "pong", "self"))
    assert error.problems == (
        f"g.yaml:{ping}:3: part 'ping': parts call each other in a cycle: ping -> pong -> ping",
        f"g.yaml:{pong}:3: part 'pong': parts call each other in a cycle: pong -> ping -> pong",
        f"g.yaml:{self_}:3: part 'self': parts call each other in a cycle: self -> self",
    )


def test_duplicate_part_names() -> None:
    text = VALID.replace("  same a b c: a.colour == b.colour == c.colour\n",
                         "  same a b c: a.colour == b.colour == c.colour\n  same x: x.n == 1\n")
    line, column = where(text, "same x")
    assert one_problem(text) == f"g.yaml:{line}:{column}: part 'same': defined twice"


@pytest.mark.parametrize(
    ("extra", "message_at", "message"),
    [
        ("    stacks: maybe\n", "maybe", "yaku 'Same'.stacks: expected true or false, found the "
                                        "string 'maybe'"),
        ("    overrides: [Nope]\n", "when", "yaku 'Same': overrides unknown yaku 'Nope'"),
        ("    overrides: [Same]\n", "when", "yaku 'Same': a yaku cannot override itself"),
        ("    colour: red\n", "colour: red\n",
         "yaku 'Same': unknown key 'colour'; expected one of: structure, when, points, han, "
         "stacks, overrides, bonus, fallback, each, account_once, description"),
        ("    structure: 2 2 2 2\n", "2 2 2 2", "yaku 'Same'.structure: the groups hold 8 "
                                                "tiles, but hands have 6 (rules.hand_size)"),
    ],
)
def test_yaku_field_errors(extra: str, message_at: str, message: str) -> None:
    text = with_yaku("same(a, b, c)", extra)
    line, column = where(text, message_at)
    assert one_problem(text) == f"g.yaml:{line}:{column}: {message}"


def test_missing_when_and_points() -> None:
    text = VALID.replace("    when: same(a, b, c) and same(d, e, f)\n    points: 100\n",
                         "    description: nothing else\n")
    line, column = where(text, "description")
    assert load_error(text).problems == (
        f"g.yaml:{line}:{column}: yaku 'Same': missing 'points'",
        f"g.yaml:{line}:{column}: yaku 'Same': missing 'when' (the constraint)",
    )


def test_a_yaku_without_any_structure() -> None:
    text = VALID.replace("  structure: 3 3\n", "")
    line, column = where(text, "when:")
    assert one_problem(text) == (f"g.yaml:{line}:{column}: yaku 'Same': no structure: give it "
                                 "one ('structure: 3 3 3') or set rules.structure")


def test_mutual_overrides() -> None:
    text = VALID + ("  Other:\n    when: true\n    points: 1\n    overrides: [Same]\n")
    text = text.replace("    points: 100\n", "    points: 100\n    overrides: [Other]\n")
    line, column = where(text, "when: true")
    assert one_problem(text) == (f"g.yaml:{line}:{column}: yaku 'Other': 'Other' and 'Same' "
                                 "override each other")


def test_constraint_shapes() -> None:
    text = with_yaku("\n      maybe: [true]")
    line, column = where(text, "maybe")
    assert one_problem(text) == (f"g.yaml:{line}:{column}: yaku 'Same': a constraint mapping "
                                 "has exactly one key: all, any or not")
    text = with_yaku("[]")
    line, column = where(text, "[]")
    assert one_problem(text) == f"g.yaml:{line}:{column}: yaku 'Same': an empty list of " \
                                "constraints"
    text = with_yaku("3")
    line, column = where(text, "when: 3", 6)
    assert one_problem(text) == (f"g.yaml:{line}:{column}: yaku 'Same': a constraint is an "
                                 "expression (text), true/false, a list, or all/any/not; not "
                                 "the number 3")


def test_exclusion_may_not_reuse_a_yaku_name_and_sets_keys_are_sizes() -> None:
    text = VALID + "exclude:\n  Same:\n    when: true\nsets:\n  three: true\n"
    error = load_error(text)
    exclude_line, _ = where(text, "exclude:")
    sets_line, _ = where(text, "three")
    assert error.problems == (
        f"g.yaml:{exclude_line + 1}:3: excluded pattern 'Same': has the name of a yaku",
        f"g.yaml:{sets_line}:3: sets: a sets key is a group size (1 to 26), not 'three'",
    )


def test_every_problem_is_collected_in_line_order() -> None:
    text = (VALID.replace("  hand_size: 6\n", "  hand_size: 6\n  players: 99\n")
            .replace("  r2: {colour: red, n: 2}\n", "  r2: {colour: red, n: x}\n")
            .replace("same(d, e, f)", "d.colr"))
    error = load_error(text)
    lines = [where(text, f)[0] for f in ("99", "n: x", "colr")]
    assert [p.split(":")[1] for p in error.problems] == [str(n) for n in lines]
    assert error.line == lines[0] and error.column == where(text, "99")[1]
    assert error.message == error.problems[0] + " (and 2 more problems)"


def test_load_reads_files_and_reports_unreadable_ones(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(textwrap.dedent(VALID), encoding="utf-8")
    assert load(path).name == "Small"
    with pytest.raises(GameError, match="cannot read the game file") as caught:
        load(tmp_path / "missing.yaml")
    assert caught.value.kind == BAD_FILE and caught.value.line is None
    path.write_bytes(b"name: \xff\xfe\n")
    with pytest.raises(GameError, match="not UTF-8 text"):
        load(path)


@pytest.mark.parametrize("hand_size", ["", "  hand_size: 0\n", "  hand_size: x\n"])
def test_a_structure_past_a_hand_is_an_error_even_without_a_hand_size(hand_size: str) -> None:
    # Found by the hostile-file generator: with no (or no usable) hand_size, a structure of
    # 3 + 33 = 36 tiles reached the slot names a..z (26) and raised IndexError. A hand
    # holds at most 26 tiles, whatever else the file says.
    text = VALID.replace("  hand_size: 6\n", hand_size).replace("structure: 3 3",
                                                                "structure: 3 33")
    with pytest.raises(GameError) as caught:
        loads(text, filename="wide.yaml")
    line, column = where(text, "3 33")
    assert (f"wide.yaml:{line}:{column}: rules.structure: the groups hold 36 tiles, more "
            f"than a hand may have (26)") in caught.value.problems


# -- YAML that does not parse: our words, one line, where the fault is -------------------

SYNTAX_ERRORS = {
    # name: (text, line, column, what is wrong)
    "unclosed list": ("a: [1, 2\nb: 3\n", 2, 2, "the list opened at line 1, column 4 is "
                      "not closed: expected ',' or ']' here"),
    "unclosed mapping": ("a: {x: 1\nb: 3\n", 2, 2, "the mapping opened at line 1, column 4 "
                         "is not closed: expected ',' or '}' here"),
    "over-indented key": ("name: x\nrules:\n  hand_size: 9\n   players: 4\n", 4, 11,
                          "':' cannot start a key here: line the key up with those above it, "
                          "or quote a value that holds ': '"),
    "colon in a value": ("name: a: b\n", 1, 8, "':' cannot start a key here: line the key "
                         "up with those above it, or quote a value that holds ': '"),
    "unclosed quote": ('name: "Small\nrules: {}\n', 1, 7, "the quoted text opened here is "
                       "not closed"),
    "tab": ("name: x\n\trules: {}\n", 2, 1, "a tab where YAML takes only spaces: indent "
            "with spaces"),
    "under-indented key": ("rules:\n    a: 1\n  b: 2\n", 3, 3, "this line is not indented "
                           "as the keys of the mapping at line 1, column 1 are"),
    "a list item in a mapping": ("a: 1\n- b\n", 2, 1, "this line is not indented as the keys "
                                 "of the mapping at line 1, column 1 are"),
    "a key in a list": ("- a\nb: 1\n", 2, 1, "this line is not indented as the items of the "
                        "list at line 1, column 1 are (each starts with '- ')"),
    "text after a value": ('a: "x" y\n', 1, 8, "more text after a complete value: quote the "
                           "whole value"),
    "a line without a colon": ("a: 1\nb\nc: 2\n", 2, 1, "a key without ':' (write 'key: "
                               "value'), or a line of a value not indented under its key"),
    "a reserved character": ("a: @x\n", 1, 4, "a value cannot start with '@' here: quote the "
                             "value"),
    "a closing bracket": ("a: ]\n", 1, 4, "a value cannot start with ']' here: quote the "
                          "value"),
    "two documents": ("a: 1\n---\nb: 2\n", 2, 1, "a second YAML document ('---'): a game "
                      "file is one document"),
    "an unknown escape": ('a: "\\q"\n', 1, 4, "an unknown escape in double quotes: write "
                          "\\\\ for a backslash, or use single quotes"),
}


@pytest.mark.parametrize("libyaml", [True, False], ids=["libyaml", "pure"])
@pytest.mark.parametrize("name", list(SYNTAX_ERRORS))
def test_yaml_syntax_errors_are_worded_as_ours(name: str, libyaml: bool) -> None:
    # Both of PyYAML's parsers (libyaml's words differ from the pure one's) give the same
    # located one-line message.
    text, line, column, message = SYNTAX_ERRORS[name]
    with pytest.raises(YamlRefused) as caught:
        compose(text, use_libyaml=libyaml)
    assert (str(caught.value), caught.value.line, caught.value.column) == (
        f"invalid YAML: {message}", line, column)


def test_a_yaml_syntax_error_in_a_game_file_is_one_located_line() -> None:
    text = VALID.replace("  hand_size: 6\n", "  hand_size: [6\n")
    line, column = where(text, "structure")  # where a ',' or ']' was expected
    assert one_problem(text) == (f"g.yaml:{line}:{column + 9}: invalid YAML: the list opened "
                                 f"at line {line - 1}, column 14 is not closed: expected ',' "
                                 "or ']' here")
