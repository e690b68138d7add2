"""A generator of hostile game files, shared by the tests and their capped child runs:
``GOOD`` with values, keys or lines replaced by YAML's odd corners, the language's limits,
names that fight the terminal and numbers Python cannot print."""

from __future__ import annotations

import random

from typed_mahjong.games import GameError, loads

GOOD = """\
name: Trio
rules: {hand_size: 3, structure: '3'}
tiles:
  red: {n: 1}
  blue: {n: 2}
  star: {wildcard: true, copies: 3}
sets:
  3: a.n == b.n
yaku:
  Three: {when: a.n == 1, points: 30}
"""


# Pieces a hostile file is made of: YAML's odd corners, the language's limits, names
# that fight the terminal, numbers Python cannot print.
PIECES = [
    "&a x", "*a", "!!python/name:os.system", "!custom", "? [a]", "~", "null", "no", "on",
    "1:30", "017", "0b1010", "0x" + "f" * 3000, "9" * 5000, "-" + "9" * 30, "1e999",
    '"\\x1b[2J"', '"\\u202e"', "'" + "x" * 3000 + "'", "[" * 30 + "]" * 30, "{a: {b: {c: 1}}}",
    "a.n == 1", "count(t.n > 0 for t in hand) > 1", "g1 == g2", "(((((a.n)))))",
    "wildcard: true", "copies: 1000", "star", "red", "3 3", "26", "0", "-1", "true",
]


def hostile_file(rng: random.Random) -> str:
    """``GOOD`` with a few of its values, keys or lines replaced by hostile pieces."""
    lines = GOOD.splitlines()
    for _ in range(rng.randint(1, 4)):
        index = rng.randrange(len(lines))
        line = lines[index]
        piece = rng.choice(PIECES)
        how = rng.randrange(4)
        if how == 0 and ": " in line:  # a value
            key, _, _ = line.partition(": ")
            lines[index] = f"{key}: {piece}"
        elif how == 1:  # a key
            indent = line[:len(line) - len(line.lstrip())]
            lines[index] = f"{indent}{piece}: {line.partition(': ')[2] or '1'}"
        elif how == 2:  # a line of its own
            lines.insert(index, "  " * rng.randrange(3) + f"{piece}: {rng.choice(PIECES)}")
        else:  # inside a flow mapping or a constraint
            cut = rng.randrange(len(line) + 1)
            lines[index] = line[:cut] + piece + line[cut:]
    return "\n".join(lines) + "\n"


def load_and_score(text: str) -> None:
    """Load ``text``; if it is a game, score a few hands. Only GameError may come out."""
    try:
        game = loads(text, filename="fuzz.yaml")
    except GameError as error:
        assert error.kind == "bad-file" and error.problems, error
        assert all(len(problem) < 1000 for problem in error.problems), error.problems
        return
    names = [tile.name for tile in game.tiles]
    for hand in (names[:1] * game.hand_size, names[-1:] * game.hand_size):
        try:
            game.score(" ".join(hand))
        except GameError:
            pass
