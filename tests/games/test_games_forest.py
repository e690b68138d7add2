"""The shipped Donjara-like game, Forest Friends (typed_mahjong/games/builtin/forest.yaml).

Values worked out from the file: Forest Walk 100 (any win), Family Gathering 150 (one set
is a whole family), Family Reunion 500 (three whole families; overrides Family Gathering),
Grand Reunion 1500 (three whole families, no moon; scored alone), Three Colours 150,
Single Colour 400, Triplets 300, Night Parade 300, Sky Parade 300, Riverside 200 (six or
more water animals), Nursery 200 (three of one young animal), Guest of Honour 150 (three of
one guest), No Moon 50, Moonrise 100 (won on a moon); at most 1500 points.

Animals (colour, family, flags): fox/vixen red fox night; kit red fox young; robin red
guest wings; owl/eagle_owl blue owl wings night; owlet also young; bat blue guest wings
night; bear/grizzly yellow bear; cub yellow bear young; bee yellow guest wings; frog/toad
green frog water night; tadpole green frog water young; heron green guest wings water.
"""

from __future__ import annotations

import pytest

from typed_mahjong.games import BAD_HAND, Game, GameError, builtin_path, load


@pytest.fixture(scope="module")
def forest() -> Game:
    return load(builtin_path("forest"))


def test_the_game_as_defined(forest: Game) -> None:
    assert forest.name == "Forest Friends"
    assert (forest.hand_size, forest.players, forest.starting_points, forest.rounds) == (
        9, 4, 5000, 4)
    assert len(forest.yaku_names) == 14
    assert forest.wildcards_per_hand == 2
    assert forest.tile_names[:4] == ("fox", "vixen", "kit", "robin")
    assert forest.tile_names[-1] == "moon"
    # 16 animals x 4 + 2 moons
    assert sum(t.copies for t in forest.tiles) == 66


def test_three_families_without_a_moon_is_the_limit_hand(forest: Game) -> None:
    result = forest.score("fox vixen kit owl eagle_owl owlet bear grizzly cub")
    # Stacked: Forest Walk 100 + Family Reunion 500 + Three Colours 150 + No Moon 50 = 800,
    # less than Grand Reunion alone (1500).
    assert result.yaku == (("Grand Reunion", 1500),)
    assert result.points == 1500
    assert str(result.reading) == "fox vixen kit | owl eagle_owl owlet | bear grizzly cub"


def test_a_moon_completes_a_family_but_spoils_the_limit_hand(forest: Game) -> None:
    result = forest.score("fox vixen kit owl eagle_owl owlet bear grizzly moon")
    # The moon must be the cub; won on the moon.
    assert result.yaku == (("Forest Walk", 100), ("Family Reunion", 500),
                           ("Three Colours", 150), ("Moonrise", 100))
    assert result.points == 850
    assert str(result.reading) == "fox vixen kit | owl eagle_owl owlet | bear grizzly moon=cub"


def test_the_best_of_several_readings_is_taken(forest: Game) -> None:
    # Read as three triplets: Forest Walk 100 + Single Colour 400 + Triplets 300 +
    # Riverside 200 + Nursery 200 (tadpoles) + No Moon 50 = 1250. Read as three
    # frog-toad-tadpole families: Grand Reunion 1500. The better reading wins.
    result = forest.score("frog frog frog toad toad toad tadpole tadpole tadpole")
    assert result.yaku == (("Grand Reunion", 1500),)
    assert str(result.reading) == "frog toad tadpole | frog toad tadpole | frog toad tadpole"
    assert result.readings_tried > 1


def test_winged_triplets(forest: Game) -> None:
    result = forest.score("owl owl owl robin robin robin bee bee bee")
    # Forest Walk 100 + Three Colours 150 + Triplets 300 + Sky Parade 300
    # + Guest of Honour 150 + No Moon 50
    assert result.points == 1050
    assert [name for name, _ in result.yaku] == [
        "Forest Walk", "Three Colours", "Triplets", "Sky Parade", "Guest of Honour",
        "No Moon"]


def test_the_points_limit_caps_a_big_stack(forest: Game) -> None:
    result = forest.score("owlet owlet owlet bat bat bat owl owl owl")
    # 100 + Single Colour 400 + Triplets 300 + Night Parade 300 + Sky Parade 300
    # + Nursery 200 + Guest of Honour 150 + No Moon 50 = 1800, capped at 1500
    assert sum(value for _, value in result.yaku) == 1800
    assert result.points == 1500


def test_riverside_counts_water_animals(forest: Game) -> None:
    result = forest.score("heron heron heron frog frog frog bear bear bear")
    # six water animals (herons, frogs): Forest Walk 100 + Triplets 300 + Riverside 200
    # + Guest of Honour 150 + No Moon 50; two colours only, so no Three Colours
    assert result.points == 800
    assert ("Riverside", 200) in result.yaku and ("Three Colours", 150) not in result.yaku


def test_two_moons_won_on_a_moon(forest: Game) -> None:
    result = forest.score("kit kit kit cub cub moon tadpole tadpole moon")
    # moons as cub and tadpole: Forest Walk 100 + Three Colours 150 + Triplets 300
    # + Nursery 200 + Moonrise 100
    assert result.points == 850
    assert str(result.reading) == "kit kit kit | cub cub moon=cub | tadpole tadpole moon=tadpole"


def test_a_hand_of_three_one_colour_sets_always_wins(forest: Game) -> None:
    assert forest.score("fox robin kit bat owl owlet bee cub bear").yaku[0] == (
        "Forest Walk", 100)


def test_a_hand_without_three_one_colour_sets_scores_nothing(forest: Game) -> None:
    result = forest.score("fox owl bear frog heron bee robin bat moon")
    assert (result.points, result.yaku, result.reading) == (0, (), None)


def test_bad_hands(forest: Game) -> None:
    with pytest.raises(GameError, match="has 5 'fox' but the game has only 4") as caught:
        forest.score("fox fox fox fox fox owl owl owl bear")
    assert caught.value.kind == BAD_HAND and caught.value.position == len("fox " * 4)
    with pytest.raises(GameError, match="has 3 'moon' but the game has only 2"):
        forest.score("moon moon moon fox fox fox owl owl owl")
    with pytest.raises(GameError, match="unknown tile 'foxx' \\(did you mean 'fox'\\?\\)"):
        forest.score("foxx fox fox owl owl owl bear bear bear")
