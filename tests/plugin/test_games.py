"""``Points[Game["..."], Hand["..."]]``: YAML-defined games, and their cache invalidation.

The test game: six-tile hands of two one-colour sets of three; "Pair of Trios" (both sets
are three identical tiles) is worth 100 points, "Two Colours" (the sets differ in colour)
50. A hand is a multiset: "red red red blue blue blue" (in any order) scores 150,
"red red red red red red" 100, and "red red red red blue blue" cannot be split into two
one-colour sets at all, so it scores nothing.
"""

from __future__ import annotations

from plugin_support import Project, pyproject

GAME = """\
name: Test Trios
rules:
  hand_size: 6
  structure: 3 3
defaults:
  copies: 6
tiles:
  red: {colour: red}
  blue: {colour: blue}
sets:
  3: a.colour == b.colour == c.colour
yaku:
  Pair of Trios:
    when: a.name == b.name == c.name and d.name == e.name == f.name
    points: 100
  Two Colours:
    when: a.colour != d.colour
    points: 50
"""

MODULE = """\
from typed_mahjong import Game, Hand, Points, Yaku
two_colours: Points[Game["games/trios.yaml"], Hand["red red red blue blue blue"]] = 150
one_colour: Points[Game["games/trios.yaml"], Hand["red", "red", "red", "red", "red", "red"]]
reveal_type(one_colour)
names: Yaku[Hand["red red red blue blue blue"], Game["games/trios.yaml"]]
reveal_type(names)
"""


def test_game_answers_and_a_changed_game_file(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("games/trios.yaml", GAME)
    project.write("m.py", MODULE)
    first = project.check("m.py")
    assert first.lines[0] == 'm.py:4: note: Revealed type is "Literal[100]"', first.stdout
    # (mypy 1.x prints the union as Union[..., ...])
    assert first.lines[1] in (
        "m.py:6: note: Revealed type is \"Literal['Pair of Trios'] | Literal['Two Colours']\"",
        "m.py:6: note: Revealed type is "
        "\"Union[Literal['Pair of Trios'], Literal['Two Colours']]\"",
    ), first.stdout
    assert len(first.lines) == 2, first.stdout
    # The game file changes, the module does not: mypy must check the module again.
    project.write("games/trios.yaml", GAME.replace("points: 50", "points: 70"))
    second = project.check("m.py")
    assert second.lines[0] == (
        'm.py:2: error: Incompatible types in assignment (expression has type '
        '"Literal[150]", variable has type "Literal[170]")  [assignment]'), second.stdout


def test_game_errors(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("games/trios.yaml", GAME)
    project.write("games/broken.yaml", "name: Broken\nrules: {hand_size: 6}\n")
    project.write("m.py", """\
        from typed_mahjong import Game, Han, Hand, Points
        a: Points[Game["games/missing.yaml"], Hand["red red red blue blue blue"]]
        b: Points[Game["games/broken.yaml"], Hand["red red red blue blue blue"]]
        c: Points[Game["games/trios.yaml"], Hand["red red red blue blue green"]]
        d: Points[Game["games/trios.yaml"], Hand["red red red red blue blue"]]
        e: Han[Game["games/trios.yaml"], Hand["red red red blue blue blue"]]
    """)
    result = project.check("m.py", "--show-column-numbers")
    lines = result.lines
    assert len(lines) == 5, result.stdout
    assert lines[0].startswith("m.py:2:16: error: game file: ") and "missing.yaml" in lines[0]
    assert lines[0].endswith("[mahjong-game]")
    assert lines[1].startswith("m.py:3:16: error: game file: ") and "broken.yaml" in lines[1]
    # 'green' is no tile of the game: Hand[ ends at column 41, the quote is 42, the
    # unknown tile (offset 22 in the string) is column 65.
    assert lines[2].startswith("m.py:4:65: error: game games/trios.yaml: ")
    assert "green" in lines[2] and lines[2].endswith("[mahjong-game]")
    # The whole hand string, from its quote (column 42).
    assert lines[3].startswith("m.py:5:42: error: game games/trios.yaml: the hand scores "
                               "nothing") and lines[3].endswith("[mahjong-no-yaku]")
    # Game[ is the first input of e (column 8).
    assert lines[4] == ("m.py:6:8: error: a game's score has no Han; use Points, Yaku, "
                        "YakuSet or Waits with Game[...]  [mahjong-usage]")
