"""Melds and kongs in game hands (issue 39, F1 and F2; docs/games.md "Melds and kongs").

A claimed meld is written in parentheses, a concealed kong in square brackets; a meld is one
group of every reading, a kong plays a `3` of the structure with one tile more, and the
tiles carry `claimed`, `kong` and `concealed_kong`. Each expected value is worked by hand in
the comment above it.
"""

from __future__ import annotations

import pytest
from games_support import run
from hostile import assert_clean, run_capped

from typed_mahjong.games import Game, GameError, builtin_path, load, loads

GAME = """
name: Meld Test
rules:
  hand_size: 14
  structure: 3 3 3 3 2
tiles:
  1m: {suit: m, n: 1}
  2m: {suit: m, n: 2}
  3m: {suit: m, n: 3}
  4m: {suit: m, n: 4}
  5m: {suit: m, n: 5}
  6m: {suit: m, n: 6}
  9m: {suit: m, n: 9}
  1p: {suit: p, n: 1}
  5p: {suit: p, n: 5}
  7p: {suit: p, n: 7}
  8p: {suit: p, n: 8}
  9p: {suit: p, n: 9}
  east: {suit: z, n: 0}
  joker: {wildcard: true, copies: 1}
parts:
  pung a b c: a.name == b.name == c.name
  chow a b c: a.suit == b.suit != 'z' and b.suit == c.suit and a.n + 1 == b.n == c.n - 1
sets:
  3: pung(a, b, c) or chow(a, b, c)
  2: a.name == b.name
yaku:
  Win: {when: true, points: 1}
  Concealed Hand: {when: not any(t.claimed for t in hand), points: 2}
  Melded Hand: {when: count(t.claimed for t in hand) >= 12, points: 6}
  One Kong: {when: count(t.kong for t in hand) == 4, points: 10}
  Two Kongs: {when: count(t.kong for t in hand) == 8, points: 40}
  Concealed Kong: {when: count(t.concealed_kong for t in hand) >= 4, points: 20}
  East Pung: {when: "pung(a, b, c) and a.name == 'east'", points: 5}
  Four in a Group: {when: "count(t.name == a.name for t in g1) == 4", points: 100}
  Tiles: {when: true, points: count(not t.wild for t in hand)}
"""


@pytest.fixture(scope="module")
def game() -> Game:
    return loads(GAME, filename="melds.yaml")


CONCEALED = "1m 2m 3m 4m 5m 6m 7p 8p 9p east east east 5p 5p"


@pytest.mark.parametrize(("hand", "points", "yaku", "reading"), [
    # Nothing claimed: Win 1 + Concealed Hand 2 + East Pung 5 + Tiles 14 = 22.
    (CONCEALED, 22,
     (("Win", 1), ("Concealed Hand", 2), ("East Pung", 5), ("Tiles", 14)),
     "1m 2m 3m | 4m 5m 6m | 5p 5p | 7p 8p 9p | east east east"),
    # The east pung claimed: no Concealed Hand; Win 1 + East Pung 5 + Tiles 14 = 20.
    ("(east east east) 1m 2m 3m 4m 5m 6m 7p 8p 9p 5p 5p", 20,
     (("Win", 1), ("East Pung", 5), ("Tiles", 14)),
     "1m 2m 3m | 4m 5m 6m | 5p 5p | 7p 8p 9p | (east east east)"),
    # A claimed chow, written anywhere in the text, commas inside: 1 + 5 + 14 = 20.
    ("4m 5m 6m (1m,2m,3m) 7p 8p 9p east east east 5p 5p", 20,
     (("Win", 1), ("East Pung", 5), ("Tiles", 14)),
     "4m 5m 6m | 5p 5p | 7p 8p 9p | east east east | (1m 2m 3m)"),
    # A claimed kong of east: 15 tiles. Slots a b c see three easts (East Pung 5), g1
    # and hand see four (Four in a Group 100, One Kong 10, Tiles 15); Win 1: 131.
    ("(east east east east) 1m 2m 3m 4m 5m 6m 7p 8p 9p 5p 5p", 131,
     (("Win", 1), ("One Kong", 10), ("East Pung", 5), ("Four in a Group", 100),
      ("Tiles", 15)),
     "1m 2m 3m | 4m 5m 6m | 5p 5p | 7p 8p 9p | (east east east east)"),
    # The same kong concealed: the hand stays concealed. Win 1 + Concealed Hand 2 + One
    # Kong 10 + Concealed Kong 20 + East Pung 5 + Four in a Group 100 + Tiles 15 = 153.
    ("[east east east east] 1m 2m 3m 4m 5m 6m 7p 8p 9p 5p 5p", 153,
     (("Win", 1), ("Concealed Hand", 2), ("One Kong", 10), ("Concealed Kong", 20),
      ("East Pung", 5), ("Four in a Group", 100), ("Tiles", 15)),
     "1m 2m 3m | 4m 5m 6m | 5p 5p | 7p 8p 9p | [east east east east]"),
    # Two kongs, 14 + 2 = 16 tiles: Win 1 + Two Kongs 40 (8 kong tiles) + Concealed Kong
    # 20 + Four in a Group 100 + Tiles 16 = 177; the claimed kong spoils Concealed Hand.
    ("[1p 1p 1p 1p] (9m 9m 9m 9m) 1m 2m 3m 4m 5m 6m 5p 5p", 177,
     (("Win", 1), ("Two Kongs", 40), ("Concealed Kong", 20), ("Four in a Group", 100),
      ("Tiles", 16)),
     "1m 2m 3m | 4m 5m 6m | 5p 5p | (9m 9m 9m 9m) | [1p 1p 1p 1p]"),
    # Four claimed sets (12 claimed tiles): Melded Hand 6 + Win 1 + East Pung 5 + Tiles
    # 14 = 26.
    ("(1m 2m 3m) (4m 5m 6m) (7p 8p 9p) (east east east) 5p 5p", 26,
     (("Win", 1), ("Melded Hand", 6), ("East Pung", 5), ("Tiles", 14)),
     "5p 5p | (1m 2m 3m) | (4m 5m 6m) | (7p 8p 9p) | (east east east)"),
])
def test_melds_score(game: Game, hand: str, points: int, yaku: tuple[tuple[str, int], ...],
                     reading: str) -> None:
    result = game.score(hand)
    assert (result.points, result.yaku) == (points, yaku)
    assert result.reading is not None and str(result.reading) == reading


def test_reading_marks_melds(game: Game) -> None:
    result = game.score("[east east east east] (1m 2m 3m) 4m 5m 6m 7p 8p 9p 5p 5p")
    assert result.reading is not None
    assert result.reading.melds == ("", "", "", "(", "[")
    assert [len(group) for group in result.reading.groups] == [3, 2, 3, 3, 4]
    plain = game.score(CONCEALED).reading
    assert plain is not None and plain.melds == ()


def test_melds_are_never_regrouped(game: Game) -> None:
    # 111 222 333 concealed reads as three pungs or three chows: two readings. Claimed as
    # pungs, only the pungs: one reading.
    concealed = game.score("1m 1m 1m 2m 2m 2m 3m 3m 3m 7p 8p 9p 5p 5p")
    melded = game.score("(1m 1m 1m) (2m 2m 2m) (3m 3m 3m) 7p 8p 9p 5p 5p")
    assert concealed.readings_tried == 2
    assert melded.readings_tried == 1
    # Nine claimed tiles are not a Melded Hand (12): Win 1 + Tiles 14 = 15.
    assert (melded.points, melded.yaku) == (15, (("Win", 1), ("Tiles", 14)))


def test_meld_work_is_counted_and_deterministic(game: Game) -> None:
    hand = "[east east east east] (1m 2m 3m) 4m 5m 6m 7p 8p 9p 5p 5p"
    first, second = game.score(hand), game.score(hand)
    assert first.work == second.work > 0


def test_a_sets_rule_sees_claimed() -> None:
    # Chows may not be claimed in this variant: the meld check reads `claimed`, while
    # concealed chows (never claimed) still pass the (tabulated) rule.
    variant = loads(GAME.replace("or chow(a, b, c)", "or (chow(a, b, c) and not a.claimed)"),
                    filename="melds.yaml")
    assert variant.score(CONCEALED).points == 22
    with pytest.raises(GameError) as caught:
        variant.score("(1m 2m 3m) 4m 5m 6m 7p 8p 9p east east east 5p 5p")
    assert caught.value.position == 0
    assert "the meld '(1m 2m 3m)' is not a group of 3 this game allows" in str(caught.value)


def _error(game: Game, hand: str) -> GameError:
    with pytest.raises(GameError) as caught:
        game.score(hand)
    assert caught.value.kind == "bad-hand"
    return caught.value


@pytest.mark.parametrize(("hand", "message", "position"), [
    ("(1m 2m 4m) 4m 5m 6m 7p 8p 9p east east east 5p 5p",
     "the meld '(1m 2m 4m)' is not a group of 3 this game allows (its sets rule for "
     "groups of 3)", 0),
    ("1m 2m ((3m", "'(' opens a meld inside the meld opened at column 7: melds do not "
     "nest", 7),
    ("1m (2m [3m", "'[' opens a meld inside the meld opened at column 4: melds do not "
     "nest", 7),
    ("1m 2m) 3m", "')' closes no meld", 5),
    ("1m ] 3m", "']' closes no meld", 3),
    ("(1m 2m 3m] 5p", "the meld opened with '(' at column 1 is closed with ']' (write "
     "')')", 9),
    ("[1p 1p 1p 1p) 5p", "the meld opened with '[' at column 1 is closed with ')' "
     "(write ']')", 12),
    ("5p (1m 2m 3m", "the meld opened with '(' at column 4 is not closed (write ')')", 3),
    ("5p [", "the meld opened with '[' at column 4 is not closed (write ']')", 3),
    ("5p () 5p", "an empty meld '()'", 3),
    ("5p [ , ] 5p", "an empty meld '[]'", 3),
    ("(1m) 5p", "the meld '(1m)' has 1 tile: a meld is a chow or pung of 3 tiles or a "
     "kong of 4", 0),
    ("(1m 1m) 5p", "the meld '(1m 1m)' has 2 tiles: a meld is a chow or pung of 3 tiles "
     "or a kong of 4", 0),
    ("(1m 1m 1m 1m 1m) 5p", "the meld '(1m 1m 1m 1m 1m)' has 5 tiles: a meld is a chow "
     "or pung of 3 tiles or a kong of 4", 0),
    ("[1m 1m 1m] 5p", "the meld '[1m 1m 1m]' has 3 tiles: square brackets hold a "
     "concealed kong of 4 tiles (a concealed chow or pung is written without brackets)", 0),
    ("1m 2m 3m 4m 5m 6m 7p 8p 9p 5p 5p (east east east)",
     "the winning tile 'east' (the last tile named) is inside the meld '(east east east)'; "
     "name the winning tile last, outside any meld", 44),
    ("(1m 2m joker) 4m 5m 6m 7p 8p 9p east east east 5p 5p",
     "the wildcard 'joker' is in the meld '(1m 2m joker)'; a meld holds the tiles it "
     "shows, so write the tile, not a wildcard", 7),
    ("[1m 1m 1m 2m] 4m 5m 6m 7p 8p 9p east east east 5p 5p",
     "the kong '[1m 1m 1m 2m]' is not four of one tile", 0),
    # copies are counted across melds: the fifth 1m is in the chow
    ("[1m 1m 1m 1m] (1m 2m 3m) 4m 5m 6m 7p 8p 9p 5p 5p",
     "the hand has 5 '1m' but the game has only 4", 15),
    ("(1m 2m 3m) x1 5p", "unknown tile 'x1'", 11),
    # a kong needs one tile more
    ("[east east east east] 1m 2m 3m 4m 5m 6m 7p 8p 9p 5p",
     "the hand has 14 tiles; this game's hands have 14 and one more for each kong (15 "
     "with 1 kong)", None),
    ("(1m 2m 3m) 4m 5m 6m 7p 8p 9p east east east 5p 5p 5p",
     "the hand has 15 tiles; this game's hands have 14", None),
    # 14 + 14 // 3 = 18 tiles at most, whatever the kongs: the scan stops at the 19th
    ("(1m 1m 1m) " * 7, "the hand has more than 18 tiles; this game's hands have 14", None),
])
def test_malformed_melds_are_located(game: Game, hand: str, message: str,
                                     position: int | None) -> None:
    error = _error(game, hand)
    # The text names the 1-based column, as the error's ``column`` does.
    assert str(error) == f"melds.yaml: hand {hand!r}: {message}" + (
        f" at column {position + 1}" if position is not None else "")
    assert error.position == position


def test_hostile_hands_of_brackets(game: Game) -> None:
    # Too long: refused before it is scanned.
    error = _error(game, "(" * 100_000)
    assert "the hand text has 100000 characters; a hand with melds has at most 4096" in str(
        error)
    # Within the bound: one pass, the first fault.
    assert _error(game, "()" * 2000).position == 0
    assert _error(game, "(" + " " * 4000 + ")").position == 0
    assert _error(game, "[" * 4000).position == 1


def test_hostile_hand_through_the_command_line() -> None:
    result = run_capped(["game", "score", "hk-oldstyle", "[(" * 50_000])
    assert_clean(result, codes={2})
    assert "a hand with melds has at most 4096" in result.stderr


def test_kong_in_a_shipped_game(capsys: pytest.CaptureFixture[str]) -> None:
    # hk-oldstyle reads melds too: a claimed kong of red plays its pung. Red Dragon 1 +
    # All Pungs 3 + No Flowers 1 = 5 faan; with concealed (an input of its own) not given:
    # 2^5 = 32.
    hk = load(builtin_path("hk-oldstyle"))
    result = hk.score("(red red red red) 1m 1m 1m 5m 5m 5m 9p 9p 9p 3s 3s")
    assert (result.points, result.yaku) == (32, (("No Flowers", 1), ("All Pungs", 3),
                                                  ("Red Dragon", 1)))
    assert run("game", "score", "hk-oldstyle",
               "(red red red red) 1m 1m 1m 5m 5m 5m 9p 9p 9p 3s 3s") == 0
    assert "(red red red red)" in capsys.readouterr().out


def test_meld_attributes_are_reserved() -> None:
    text = GAME.replace("9m: {suit: m, n: 9}", "9m: {suit: m, n: 9, kong: true}")
    with pytest.raises(GameError) as caught:
        loads(text, filename="melds.yaml")
    assert "melds.yaml:13:23: tile '9m': 'kong' is reserved and cannot be an attribute" in (
        caught.value.problems)


def test_meld_attributes_are_type_checked() -> None:
    text = GAME.replace("points: 2}", "points: 2}\n  Bad: {when: a.claimed + 1 == 2, points: 1}")
    with pytest.raises(GameError) as caught:
        loads(text, filename="melds.yaml")
    assert "'+' needs a number" in str(caught.value)
    # a near miss names the meld attribute
    text = GAME.replace("points: 2}", "points: 2}\n  Bad: {when: a.konk, points: 1}")
    with pytest.raises(GameError) as caught:
        loads(text, filename="melds.yaml")
    assert "(or the meld attribute 'kong'?)" in str(caught.value)


def test_tile_names_with_brackets_keep_the_old_reading() -> None:
    text = """
name: Brackets
rules: {hand_size: 3, structure: 3}
tiles:
  (x): {n: 1}
  y]: {n: 2}
yaku:
  Any: {when: true, points: 1}
"""
    game = loads(text)
    result = game.score("(x) (x) y]")
    assert result.points == 1 and result.reading is not None
    assert str(result.reading) == "(x) (x) y]"


@pytest.mark.parametrize("hand", [
    CONCEALED,
    "[east east east east] (1m 2m 3m) 4m 5m 6m 7p 8p 9p 5p 5p",
    "[1p 1p 1p 1p] (9m 9m 9m 9m) 1m 2m 3m 4m 5m 6m 5p 5p",
    "(1m 2m 3m) (4m 5m 6m) (7p 8p 9p) (east east east) 5p 5p",
    "(1m,  2m,  3m)" + " " * 3000 + "(4m 5m 6m) (7p 8p 9p) (east east east) 5p 5p",
    "(1m 1m 1m) (2m 2m 2m) (3m 3m 3m) 7p 8p 9p 5p joker",
])
def test_meld_work_tracks_lines(game: Game, hand: str) -> None:
    # The reading of melds is counted like the rest of the work (tests of the budget:
    # test_games_work_tracks_time.py): at most 25 traced lines a unit.
    from test_games_work_tracks_time import assert_work_tracks_lines
    assert assert_work_tracks_lines(game, hand) > 0


def test_annotations_take_melds() -> None:
    # What the mypy plugin answers for Points[Game[...], Hand["..."]] (Query.evaluate, the
    # plugin's own evaluation; checked with mypy by hand: Literal[32] and the error).
    import typing

    from typed_mahjong import Concealed, Hand, Points
    from typed_mahjong import Game as GameMarker

    tiles = "1m 1m 1m 5m 5m 5m 9p 9p 9p 3s 3s"
    # Red Dragon 1 + All Pungs 3 + No Flowers 1 = 5 faan: 32; concealed, 1 more: 64.
    claimed = Points[GameMarker["hk-oldstyle"], Hand[f"(red red red red) {tiles}"]]
    concealed = Points[GameMarker["hk-oldstyle"], Hand[f"[red red red red] {tiles}"],
                       Concealed]
    assert typing.get_args(claimed)[1].evaluate() == 32
    assert typing.get_args(concealed)[1].evaluate() == 64
    broken = Points[GameMarker["hk-oldstyle"], Hand[f"(red red red {tiles}"]]
    with pytest.raises(GameError, match=r"the meld opened with '\(' at column 1 is not "
                       r"closed \(write '\)'\) at column 1"):
        typing.get_args(broken)[1].evaluate()
