"""Waits (docs/games.md "Waits"): the tiles that complete a hand, found by one reading
search with a hidden wildcard in the last tile's place; ``Game.waits``, ``game waits``,
and the built-in name ``waits`` in yaku. Each expected value is worked by hand in the
comment above it, and a property test checks the search against trying every tile."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from games_support import run

from typed_mahjong.games import BAD_FILE, BAD_HAND, Game, GameError, builtin_path, load, loads
from typed_mahjong.games import waits as waits_module

sys.path.insert(0, str(Path(__file__).parents[2]))  # `benchmarks/` is not installed
from benchmarks.bench_games import NINE_WILD  # noqa: E402


@pytest.fixture(scope="module")
def hk() -> Game:
    return load(builtin_path("hk-oldstyle"))


@pytest.fixture(scope="module")
def forest() -> Game:
    return load(builtin_path("forest"))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # Two-sided: 2m 3m take 1m or 4m (4p5p6p 7s8s9s 1m2m3m chows, 5s pair).
        ("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 5s 5s", ("1m", "4m")),
        # Closed: 2m _ 4m takes only 3m.
        ("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 4m 5s 5s", ("3m",)),
        # Edge: 1m 2m takes only 3m (2m3m4m is a chow already; 2m2m as the pair would
        # leave 1m 3m 4m and 5s 5s, no sets).
        ("1m 2m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s", ("3m",)),
        # Single (pair) wait: 1m2m3m 4p5p6p 7s8s9s 5s5s5s and a lone 2m. 1m, 3m, 4m
        # would leave 1m 2m 2m 3m plus the tile, which makes no chow and pair.
        ("1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 5s 2m", ("2m",)),
        # Nine Gates: 1112345678999 of one suit takes any of its nine tiles.
        ("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m",
         ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m")),
        # Thirteen orphans with all thirteen singles waits on each of them.
        ("1m 9m 1p 9p 1s 9s east south west north red green white",
         ("1m", "9m", "1p", "9p", "1s", "9s", "east", "south", "west", "north", "red",
          "green", "white")),
        # Thirteen orphans short of white (green paired) waits on white alone.
        ("1m 9m 1p 9p 1s 9s east south west north red green green", ("white",)),
        # Nothing completes thirteen odd tiles.
        ("1m 3m 5m 7m 9m 1p 3p 5p 7p 9p 1s 3s 5s", ()),
        # Four 5s held: the hand would need a fifth (a pung and a pair of 5s), which
        # the game does not have, so it waits on nothing.
        ("1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 5s 5s", ()),
    ],
)
def test_hk_waits_worked_by_hand(hk: Game, hand: str, expected: tuple[str, ...]) -> None:
    assert hk.waits(hand) == expected
    assert hk.waits(hand.replace(" ", ",")) == expected  # commas as in every hand


def test_forest_waits_include_its_wildcard(forest: Game) -> None:
    # fox vixen kit (red), owl owl owl (brown), and bear cub: a yellow set needs a third
    # yellow animal (bear, grizzly, cub or bee), or a moon standing for one.
    assert forest.waits("fox vixen kit owl owl owl bear cub") == (
        "bear", "grizzly", "cub", "bee", "moon")
    # Two moons held: a third is over wildcards_per_hand (2), so the moon is no wait.
    assert "moon" not in forest.waits("fox vixen kit owl owl moon bear moon")


def test_a_waiting_hand_has_one_tile_less(hk: Game) -> None:
    with pytest.raises(GameError) as caught:
        hk.waits("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s")
    assert caught.value.kind == BAD_HAND
    assert "the hand has more than 13 tiles; a waiting hand of this game has 13" in str(
        caught.value)
    with pytest.raises(GameError) as caught:
        hk.waits("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 5s 9z")
    assert caught.value.kind == BAD_HAND and caught.value.position == 36
    assert "unknown tile '9z'" in str(caught.value)
    with pytest.raises(GameError, match="the hand has 5 '1m' but the game has only 4"):
        hk.waits("1m 1m 1m 1m 1m 3m 4p 5p 6p 7s 8s 9s 5s")


# -- the property: one search equals trying each tile --

ANY_READING = """
  Any Reading:
    description: test only, so that a hand scores exactly when it has a reading
    structure: [3 3 3 3 2, 14]
    when: true
    points: 1024
    stacks: false
"""


def complete_by_trying(game: Game, waiting: str) -> tuple[str, ...]:
    """The slow, obvious waits: score the hand with each tile added (a game where every
    reading scores); a tile over its copies or wildcards is a bad hand, so no wait."""
    found = []
    for tile in game.tile_names:
        try:
            if game.score(f"{waiting} {tile}").points > 0:
                found.append(tile)
        except GameError as error:
            assert error.kind == BAD_HAND
    return tuple(found)


def hk_waiting_hands(seed: int, count: int) -> list[str]:
    """Complete hands (four chows or pungs and a pair, or thirteen orphans) less a
    random tile, and random deals of 13, all within the copies."""
    rng = random.Random(seed)
    suits = [[f"{n}{s}" for n in range(1, 10)] for s in "mps"]
    honours = ["east", "south", "west", "north", "red", "green", "white"]
    orphans = [s[0] for s in suits] + [s[8] for s in suits] + honours
    wall = [tile for suit in suits for tile in suit] + honours
    hands = []
    while len(hands) < count:
        kind = rng.random()
        if kind < 0.15:
            tiles = orphans + [rng.choice(orphans)]
        elif kind < 0.3:
            tiles = rng.sample(wall * 4, 14)
        else:
            tiles = []
            for _ in range(4):
                if rng.random() < 0.6:
                    suit = rng.choice(suits)
                    start = rng.randrange(7)
                    tiles += suit[start:start + 3]
                else:
                    tiles += [rng.choice(wall)] * 3
            tiles += [rng.choice(wall)] * 2
        if any(tiles.count(tile) > 4 for tile in tiles):
            continue
        rng.shuffle(tiles)
        hands.append(" ".join(tiles[:13]))
    return hands


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hk_waits_equal_trying_every_tile(seed: int) -> None:
    text = builtin_path("hk-oldstyle").read_text(encoding="utf-8")
    game = loads(text.replace("\nexclude:", ANY_READING + "exclude:"), filename="hk-any.yaml")
    assert "Any Reading" in game.yaku_names
    for hand in hk_waiting_hands(seed, 25):
        assert game.waits(hand) == complete_by_trying(game, hand), hand


@pytest.mark.parametrize("seed", [1, 2])
def test_forest_waits_equal_trying_every_tile(forest: Game, seed: int) -> None:
    # Forest Walk (100 points) holds in every reading: a hand scores when it has one.
    rng = random.Random(seed)
    wall = [name for name in forest.tile_names if name != "moon"] * 4 + ["moon", "moon"]
    for _ in range(30):
        hand = " ".join(rng.sample(wall, 8))
        assert forest.waits(hand) == complete_by_trying(forest, hand), hand


# -- the built-in name `waits` in yaku --

WAIT_GAME = """\
name: Wait Test
rules: {hand_size: 5, structure: 3 2}
tiles:
  t1: {n: 1}
  t2: {n: 2}
  t3: {n: 3}
  t4: {n: 4}
  t5: {n: 5}
sets:
  3: a.n + 1 == b.n == c.n - 1 or a.n == b.n == c.n
  2: a.n == b.n
yaku:
  Win: {when: true, points: 1}
  Single Wait: {when: waits == 1, points: 10}
  Wait Count: {when: true, points: waits}
"""


@pytest.mark.parametrize(
    ("hand", "points", "yaku"),
    [
        # t1 t2 t3 | t5 t5 won on t5: t1 t2 t3 t5 waits on t5 alone (the pair; a t4
        # would leave t1 t5), so Win 1 + Single Wait 10 + Wait Count 1 = 12.
        ("t1 t2 t3 t5 t5", 12, (("Win", 1), ("Single Wait", 10), ("Wait Count", 1))),
        # Closed: t1 _ t3 | t5 t5 takes only t2 (a third t5 would leave t1 t3): 12.
        ("t1 t3 t5 t5 t2", 12, (("Win", 1), ("Single Wait", 10), ("Wait Count", 1))),
        # Two-sided: _ t2 t3 _ | t5 t5 takes t1 or t4: Win 1 + Wait Count 2 = 3.
        ("t2 t3 t5 t5 t1", 3, (("Win", 1), ("Wait Count", 2))),
        # Pair wait: t5 t5 t5 | t1 _ takes t1 alone (a fourth t5 leaves t1 alone): 12.
        ("t5 t5 t5 t1 t1", 12, (("Win", 1), ("Single Wait", 10), ("Wait Count", 1))),
        # Two pairs: t1 t1 t5 t5 takes t1 (pung t1, pair t5) or t5 (the other way): 3.
        ("t1 t1 t5 t5 t5", 3, (("Win", 1), ("Wait Count", 2))),
        # t2 t3 t4 t4 takes t1 (t1 t2 t3 | t4 t4) or t4 (t2 t3 t4 | t4 t4); t2, t3, t5
        # leave no run and pair: Win 1 + Wait Count 2 = 3.
        ("t2 t3 t4 t4 t1", 3, (("Win", 1), ("Wait Count", 2))),
        # Edge: _ t4 t5 | t2 t2 takes only t3 (there is no t6): 12.
        ("t4 t5 t2 t2 t3", 12, (("Win", 1), ("Single Wait", 10), ("Wait Count", 1))),
    ],
)
def test_waits_in_yaku_worked_by_hand(hand: str, points: int,
                                      yaku: tuple[tuple[str, int], ...]) -> None:
    game = loads(WAIT_GAME, filename="wait.yaml")
    result = game.score(hand)
    assert (result.points, result.yaku) == (points, yaku)


def test_waits_in_an_exclusion() -> None:
    # A hand that waited on two or more tiles is outside this game.
    text = WAIT_GAME + "exclude:\n  Open Wait: {when: waits >= 2}\n"
    game = loads(text, filename="wait.yaml")
    assert game.score("t2 t3 t5 t5 t1").excluded_by == "Open Wait"
    assert game.score("t4 t5 t2 t2 t3").points == 12  # a single wait: not excluded


def test_a_game_that_does_not_name_waits_never_counts_them(
        monkeypatch: pytest.MonkeyPatch, hk: Game) -> None:
    def refuse(search: object) -> int:
        raise AssertionError("waits counted for a game that does not name them")

    monkeypatch.setattr(waits_module, "count_waits", refuse)
    assert hk.score("1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5s 5s", tsumo=True,
                    concealed=True).points == 16
    with pytest.raises(AssertionError, match="waits counted"):
        loads(WAIT_GAME, filename="wait.yaml").score("t1 t2 t3 t5 t5")


def test_the_waits_search_counts_against_the_score_budget() -> None:
    plain = loads(WAIT_GAME.replace("waits == 1", "true").replace("points: waits",
                                                                  "points: 1"),
                  filename="plain.yaml")
    game = loads(WAIT_GAME, filename="wait.yaml")
    hand = "t2 t3 t4 t4 t1"
    assert game.score(hand).work > plain.score(hand).work


# -- load errors --

def test_an_input_or_attribute_named_waits_is_a_located_error() -> None:
    text = WAIT_GAME.replace("sets:", "inputs:\n  waits: {type: int, min: 0, max: 9}\nsets:")
    with pytest.raises(GameError) as caught:
        loads(text, filename="w.yaml")
    assert caught.value.kind == BAD_FILE
    assert caught.value.problems[0].startswith(
        "w.yaml:10:3: inputs: 'waits' is a built-in name (how many tiles complete the hand")
    text = WAIT_GAME.replace("t1: {n: 1}", "t1: {n: 1, waits: 2}")
    with pytest.raises(GameError) as caught:
        loads(text, filename="w.yaml")
    assert caught.value.problems[0] == (
        "w.yaml:4:14: tile 't1': 'waits' is reserved and cannot be an attribute")


def test_waits_is_a_whole_number() -> None:
    text = WAIT_GAME.replace("waits == 1", "waits and true")
    with pytest.raises(GameError, match="'and' needs true/false|true or false"):
        loads(text, filename="w.yaml")


def test_waits_is_not_seen_by_sets_rules() -> None:
    text = WAIT_GAME.replace("2: a.n == b.n", "2: a.n == b.n and waits > 0")
    with pytest.raises(GameError, match="unknown name 'waits'"):
        loads(text, filename="w.yaml")


# -- the command line --

def test_cli_waits_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 5s 5s"
    assert run("game", "waits", "hk-oldstyle", hand) == 0
    assert capsys.readouterr().out == (
        "Hong Kong Old Style: 1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 5s 5s: waits on 1m 4m\n")
    assert run("game", "waits", "hk-oldstyle", hand.replace(" ", ","), "--json") == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "Hong Kong Old Style", "hand": hand, "waits": ["1m", "4m"]}
    # No wait is a "no", as `waits` exits 1 for a hand that is not waiting; --json too.
    nothing = "1m 3m 5m 7m 9m 1p 3p 5p 7p 9p 1s 3s 5s"
    assert run("game", "waits", "hk-oldstyle", nothing) == 1
    assert capsys.readouterr().out.endswith(": waits on nothing\n")
    assert run("game", "waits", "hk-oldstyle", nothing, "--json") == 1
    assert json.loads(capsys.readouterr().out)["waits"] == []


def test_cli_waits_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("game", "waits", "hk-oldstyle", "1m 2m") == 2
    assert "the hand has 2 tiles; a waiting hand of this game has 13" in (
        capsys.readouterr().err)
    assert run("game", "waits", "hk-oldstyle", "1m 2m", "--json") == 2
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "error" and data["field"] == "hand"
    assert data["exit_code"] == 2
    assert run("game", "waits", "no-such-game", "1m") == 2
    assert "cannot read the game file" in capsys.readouterr().err


# -- hostile: the search is bounded by the work budget --

def pairing_trap(tiles: int = 16) -> str:
    """One-copy tiles read as pairs, and a sets rule no pair holding the last tile
    passes: the waiting hand's search pairs up every other tile in every way before the
    hidden wildcard is placed and fails ((tiles-1)!! pairings). A second structure, one
    group of all tiles, holds the yaku that reads `waits`."""
    listed = ", ".join(f"t{i}: {{n: {i}, copies: 1}}" for i in range(tiles))
    pairs = " ".join(["2"] * (tiles // 2))
    return (f"name: Trap\nrules: {{hand_size: {tiles}}}\ntiles: {{{listed}}}\n"
            f"sets:\n  2: not a.last and not b.last\n"
            f"yaku:\n  Never: {{structure: {pairs}, when: false, points: 1}}\n"
            f"  Y: {{structure: {tiles}, when: waits >= 0, points: 5}}\n")


EXPLODE = """
import json
from typed_mahjong.games import GameError, loads
game = loads({text!r}, filename="trap.yaml")
result = {{}}
for name, call in (("waits", lambda: game.waits({hand!r})),
                   ("score", lambda: game.score({hand!r} + " t0"))):
    try:
        call()
        result[name] = "no error"
    except GameError as error:
        result[name] = [error.kind, str(error)]
print(json.dumps(result))
"""


def test_an_exploding_waits_search_ends_with_the_budget_error() -> None:
    # In a subprocess with a timeout: a search the budget stopped counting would hang.
    hand = " ".join(f"t{i}" for i in range(1, 16))
    code = EXPLODE.format(text=pairing_trap(), hand=hand)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False, cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    kind, message = result["waits"]
    assert kind == BAD_FILE
    assert "trap.yaml: finding the waits of this hand needs more than the work budget" in (
        message)
    assert "make the `sets` rules stricter" in message
    # Scored, the hand's own readings are cheap (its last tile, t0, sorts first and
    # pairs with nothing), but Y reads `waits`: the same search, within the same budget.
    kind, message = result["score"]
    assert kind == BAD_FILE and "more than the work budget" in message


def test_wildcard_heavy_waits_stop_when_every_tile_is_found() -> None:
    # Eight wildcards waiting in `3 3 3`: every tile completes the hand, and the search
    # stops at its first reading for each (the budget would refuse enumerating them).
    game = loads(NINE_WILD, filename="nine.yaml")
    assert game.waits(" ".join(["star"] * 8)) == game.tile_names


# -- the work counted tracks the time spent (lines executed, as in test_games_work_tracks_time)

def test_waits_work_tracks_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    from test_games_work_tracks_time import BUDGET, assert_work_tracks_lines

    from typed_mahjong.games import engine

    monkeypatch.setattr(engine, "WORK_BUDGET", BUDGET)
    text = builtin_path("hk-oldstyle").read_text(encoding="utf-8")
    game = loads(text.replace("\nexclude:", SINGLE_WAIT + "exclude:"), filename="hk-w.yaml")
    for hand in hk_waiting_hands(4, 15):
        for last in ("1m", "5p", "9s", "white"):
            if hand.split().count(last) < 4:
                assert_work_tracks_lines(game, f"{hand} {last}")
    # Over the (small) budget, the waits search stops within the lines it allows.
    trap = loads(pairing_trap(12), filename="trap.yaml")
    assert assert_work_tracks_lines(trap, " ".join(f"t{i}" for i in range(1, 12)) + " t0")


SINGLE_WAIT = """
  Single Wait:
    when: waits == 1 and any(t.last for t in g5)
    han: 1
"""


# -- waiting hands with melds (docs/games.md "Melds and kongs"): the melds stay fixed --

HK_WAIT_YAKU = SINGLE_WAIT + """
  Wait Count:
    when: true
    han: waits
    bonus: true
"""


@pytest.fixture(scope="module")
def hk_waits() -> Game:
    text = builtin_path("hk-oldstyle").read_text(encoding="utf-8")
    return loads(text.replace("\nexclude:", HK_WAIT_YAKU + "exclude:"), filename="hk-w.yaml")


@pytest.fixture(scope="module")
def hk_any() -> Game:
    text = builtin_path("hk-oldstyle").read_text(encoding="utf-8")
    return loads(text.replace("\nexclude:", ANY_READING + "exclude:"), filename="hk-any.yaml")


MELD_WAITS = [
    # A claimed pung and a claimed chow, and 7s 8s 9s 2p 2p 4p 5p concealed: the chow
    # 7s8s9s and the pair 2p2p leave 4p 5p, a two-sided wait on 3p or 6p. 2p would make
    # 222 and leave 4p 5p; nothing else makes a set and a pair of the five tiles.
    ("(east east east) (1m 2m 3m) 7s 8s 9s 2p 2p 4p 5p", ("3p", "6p")),
    # A concealed kong of 5s (four tiles for a 3), a claimed pung, 1m2m3m and 9p9p
    # concealed: 3s 4s would take 2s or 5s, but all four 5s are in the kong: 2s alone.
    ("[5s 5s 5s 5s] (east east east) 1m 2m 3m 9p 9p 3s 4s", ("2s",)),
    # The same with a claimed kong: the same tiles, the same wait.
    ("(5s 5s 5s 5s) (east east east) 1m 2m 3m 9p 9p 3s 4s", ("2s",)),
    # 1m 2m 3m claimed leaves 4m alone: a single wait on 4m (the pair). Concealed, the
    # same thirteen tiles wait on 1m too (1m1m 2m3m4m), below.
    ("(1m 2m 3m) 4m (east east east) 7s 8s 9s 5p 6p 7p", ("4m",)),
    ("1m 2m 3m 4m east east east 7s 8s 9s 5p 6p 7p", ("1m", "4m")),
    # Four claimed sets: the lone 9p waits on its pair.
    ("(1m 2m 3m) (4p 4p 4p) (7s 8s 9s) [red red red red] 9p", ("9p",)),
    # A waiting hand has no winning tile: a meld may be written last.
    ("4p 5p 6p 7s 8s 9s 2m 3m 5s 5s (1m 2m 3m)", ("1m", "4m")),
]


@pytest.mark.parametrize(("hand", "expected"), MELD_WAITS)
def test_waits_with_melds_worked_by_hand(hk: Game, hk_any: Game, hand: str,
                                         expected: tuple[str, ...]) -> None:
    assert hk.waits(hand) == expected
    # The one-by-one way: score the hand with each tile added (after the melds, as the
    # winning tile is named last) in a game where every reading scores.
    assert complete_by_trying(hk_any, hand) == expected


@pytest.mark.parametrize(
    ("hand", "points", "yaku"),
    [
        # Won on 6p (3p or 6p): Self-drawn 1, Seat and Round Wind 1 each (the east pung,
        # seat and round east by default), No Flowers 1 and Wait Count 2 (bonus): 6 faan.
        ("(east east east) (1m 2m 3m) 7s 8s 9s 2p 2p 4p 5p 6p", 64,
         (("Self-drawn", 1), ("No Flowers", 1), ("Seat Wind", 1), ("Round Wind", 1),
          ("Wait Count", 2))),
        # Won on 2s, the only wait (the kong holds every 5s): Wait Count 1; one wait but
        # not on the pair, so no Single Wait. 1 + 1 + 1 + 1 + 1 = 5 faan.
        ("[5s 5s 5s 5s] (east east east) 1m 2m 3m 9p 9p 3s 4s 2s", 32,
         (("Self-drawn", 1), ("No Flowers", 1), ("Seat Wind", 1), ("Round Wind", 1),
          ("Wait Count", 1))),
        # Won on 4m, the single wait of the pair: Single Wait 1 and Wait Count 1: 6 faan.
        ("(1m 2m 3m) 4m (east east east) 7s 8s 9s 5p 6p 7p 4m", 64,
         (("Self-drawn", 1), ("No Flowers", 1), ("Seat Wind", 1), ("Round Wind", 1),
          ("Single Wait", 1), ("Wait Count", 1))),
        # The same tiles concealed waited on 1m or 4m: no Single Wait, Wait Count 2.
        ("1m 2m 3m 4m east east east 7s 8s 9s 5p 6p 7p 4m", 64,
         (("Self-drawn", 1), ("No Flowers", 1), ("Seat Wind", 1), ("Round Wind", 1),
          ("Wait Count", 2))),
    ],
)
def test_waits_in_yaku_with_melds(hk_waits: Game, hk_any: Game, hand: str, points: int,
                                  yaku: tuple[tuple[str, int], ...]) -> None:
    result = hk_waits.score(hand, tsumo=True)
    assert (result.points, result.yaku) == (points, yaku)
    # `waits` is the number of tiles that complete the hand without its winning tile,
    # its melds kept: the one-by-one way.
    waiting = hand.rsplit(" ", 1)[0]
    assert dict(result.yaku)["Wait Count"] == len(complete_by_trying(hk_any, waiting))


def test_waits_in_yaku_keep_the_melds_fixed() -> None:
    game = loads(WAIT_GAME, filename="wait.yaml")
    # t2 t3 t4 t1 concealed waits on t1 (t1 t1 | t2 t3 t4) or t4 (t1 t2 t3 | t4 t4):
    # Win 1 + Wait Count 2 = 3. With t2 t3 t4 claimed, t1 waits on its pair alone:
    # Win 1 + Single Wait 10 + Wait Count 1 = 12.
    assert game.score("t2 t3 t4 t1 t1").points == 3
    result = game.score("(t2 t3 t4) t1 t1")
    assert (result.points, result.yaku) == (
        12, (("Win", 1), ("Single Wait", 10), ("Wait Count", 1)))


def test_a_waiting_hand_with_kongs_has_one_tile_more_each(hk: Game) -> None:
    with pytest.raises(GameError) as caught:
        hk.waits("(5s 5s 5s 5s) 1m 2m 3m 4p 5p 6p 7s 8s 9s")
    assert caught.value.kind == BAD_HAND
    assert ("the hand has 13 tiles; a waiting hand of this game has 13 and one more for "
            "each kong (14 with 1 kong)") in str(caught.value)
    with pytest.raises(GameError, match="the meld '\\(1m 2m\\)' has 2 tiles"):
        hk.waits("(1m 2m) 3m 4p 5p 6p 7s 8s 9s 5s 5s 5s 9p 9p")


def test_cli_waits_with_melds(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "(east east east) (1m 2m 3m) 7s 8s 9s 2p 2p 4p 5p"
    assert run("game", "waits", "hk-oldstyle", hand) == 0
    assert capsys.readouterr().out == f"Hong Kong Old Style: {hand}: waits on 3p 6p\n"


def hk_meld_waiting_hands(seed: int, count: int) -> list[str]:
    """Complete hands of four sets and a pair, some sets claimed (a pung maybe a claimed
    or concealed kong), less a random tile outside the melds; and random tiles beside
    such melds. All within the copies."""
    rng = random.Random(seed)
    suits = [[f"{n}{s}" for n in range(1, 10)] for s in "mps"]
    wall = [tile for suit in suits for tile in suit] + [
        "east", "south", "west", "north", "red", "green", "white"]
    hands = []
    while len(hands) < count:
        melds: list[str] = []
        held: list[str] = []  # every tile, for the copies
        concealed = [rng.choice(wall)] * 2
        for _ in range(4):
            if rng.random() < 0.6:
                suit = rng.choice(suits)
                start = rng.randrange(7)
                group = suit[start:start + 3]
            else:
                group = [rng.choice(wall)] * 3
            kind = rng.random()
            if kind < 0.4:
                concealed += group
                continue
            if group[0] == group[1] and kind < 0.6:  # a kong: claimed or concealed
                group = group + group[:1]
            melds.append(f"({' '.join(group)})" if kind < 0.5 or len(group) == 3
                         else f"[{' '.join(group)}]")
            held += group
        if rng.random() < 0.2:  # random tiles beside the melds: mostly no wait
            concealed = rng.sample(wall * 4, len(concealed))
        held += concealed
        if any(held.count(tile) > 4 for tile in held):
            continue
        rng.shuffle(concealed)
        concealed.pop()
        words = melds + concealed
        rng.shuffle(words)
        hands.append(" ".join(words))
    return hands


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hk_waits_with_melds_equal_trying_every_tile(hk_any: Game, seed: int) -> None:
    for hand in hk_meld_waiting_hands(seed, 20):
        assert hk_any.waits(hand) == complete_by_trying(hk_any, hand), hand


def test_waits_with_melds_work_tracks_lines(monkeypatch: pytest.MonkeyPatch,
                                            hk_waits: Game) -> None:
    # The melds set up again for the waits search are counted like the rest of the work.
    from test_games_work_tracks_time import BUDGET, assert_work_tracks_lines

    from typed_mahjong.games import engine

    monkeypatch.setattr(engine, "WORK_BUDGET", BUDGET)
    for hand in hk_meld_waiting_hands(5, 10):
        for last in ("1m", "5p", "9s", "white"):
            try:
                hk_waits.score(f"{hand} {last}")
            except GameError as error:
                assert error.kind == BAD_HAND  # over its copies
                continue
            assert assert_work_tracks_lines(hk_waits, f"{hand} {last}") > 0


SEVEN_PAIRS = """
  Seven Pairs:
    description: test only, a shape with no group of 3
    structure: 2 2 2 2 2 2 2
    when: true
    han: 4
"""


def test_melds_never_play_a_shape_without_sets() -> None:
    text = builtin_path("hk-oldstyle").read_text(encoding="utf-8")
    game = loads(text.replace("\nexclude:", SEVEN_PAIRS + ANY_READING + "exclude:"),
                 filename="hk-7.yaml")
    # Concealed, six pairs and a 9p wait on 9p as seven pairs (no sets and a pair).
    concealed = "1p 1p 2p 2p 5p 5p 9p east east south south west west"
    assert game.waits(concealed) == ("9p",)
    # Two claimed chows cannot be pairs, and 1p 1p 2p 2p 5p 5p 9p plus a tile are never
    # two sets and a pair: nothing completes it, as scoring each tile finds.
    melded = "(1m 2m 3m) (4m 5m 6m) 1p 1p 2p 2p 5p 5p 9p"
    assert game.waits(melded) == () == complete_by_trying(game, melded)
