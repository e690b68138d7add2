"""``Game.yaku``: each yaku as its file writes it, recorded by the loader (no second read)."""

from __future__ import annotations

from typed_mahjong import games


def test_mcr_yaku_carry_their_written_value_line_and_flags() -> None:
    game = games.load(games.builtin_path("mcr"))
    by_name = {info.name: info for info in game.yaku}
    assert tuple(by_name) == game.yaku_names
    # Big Four Winds is worth 88 fan under the MCR rules; the file counts a fan as a point.
    big = by_name["Big Four Winds"]
    assert (big.value, big.formula, big.unit, big.stacks) == (88, None, "points", True)
    lines = games.builtin_path("mcr").read_text(encoding="utf-8").splitlines()
    assert lines[big.line - 1].strip() == "Big Four Winds:"
    # Chicken Hand (8 fan) counts only where nothing else does.
    assert by_name["Chicken Hand"].fallback and by_name["Chicken Hand"].value == 8
    # Tile Hog: 2 fan for each kind held four times; written as an expression of the hand.
    hog = by_name["Tile Hog"]
    assert hog.value is None and hog.formula is not None and hog.formula.startswith("count(")
    assert "all four outside a kong" in hog.description
    # Flower Tiles: a point each, not counted toward the 8-fan minimum.
    assert by_name["Flower Tiles"].bonus


def test_a_limit_hand_of_a_han_game_is_valued_in_points() -> None:
    game = games.load(games.builtin_path("hk-oldstyle"))
    winds = {info.name: info for info in game.yaku}["Great Four Winds"]
    assert (winds.value, winds.unit, winds.stacks) == (1024, "points", False)
    assert game.unit == "han"
