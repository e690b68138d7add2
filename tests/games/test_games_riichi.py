"""The riichi "tanyao only, closed ron, non-dealer" game (builtin/riichi-tanyao.yaml) and its
agreement with the riichi core, ``typed_mahjong.score``.

Why every accepted hand is 1300: a closed ron starts at 20 + 10 = 30 fu. Without pinfu
(excluded) some fu is added: a closed simple triplet (+4), a triplet finished by the ron
(+2), or a closed/edge/pair wait (+2); a third closed triplet would be sanankou
(excluded), so at most 30 + 4 + 4 + 2 = 40. 32..40 rounds to 40; 1 han 40 fu is 1300.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from typed_mahjong.games import Game, builtin_path, load


@pytest.fixture(scope="module")
def riichi() -> Game:
    return load(builtin_path("riichi-tanyao"))


TANYAO = (("tanyao", 1),)


@pytest.mark.parametrize(
    "hand",
    [
        # 234m 555p 678s 345p + 66m, won on 6m (pair wait): triplet and pair wait
        "2m 3m 4m 5p 5p 5p 6s 7s 8s 3p 4p 5p 6m 6m",
        # all runs, but the 4p closes 3p_5p: a closed wait, so not pinfu
        "2m 3m 4m 6p 7p 8p 6s 7s 8s 3p 5p 6m 6m 4p",
        # three triplets, one of them finished by the ron: two closed triplets, no sanankou
        "2m 2m 2m 4p 4p 4p 6s 6s 3p 4p 5p 8m 8m 6s",
        # commas work as separators too
        "2m,3m,4m,5p,5p,5p,6s,7s,8s,3p,4p,5p,6m,6m",
    ],
)
def test_accepted_hands_score_1300(riichi: Game, hand: str) -> None:
    result = riichi.score(hand)
    assert (result.points, result.yaku, result.excluded_by) == (1300, TANYAO, None)


@pytest.mark.parametrize(
    ("hand", "pattern"),
    [
        # 34p waiting on 2p/5p, won on 5p: two-sided, all runs, simple pair -> pinfu
        ("2m 3m 4m 6p 7p 8p 6s 7s 8s 3p 4p 6m 6m 5p", "pinfu"),
        # 234m twice
        ("2m 3m 4m 2m 3m 4m 6s 7s 8s 3p 4p 5p 6m 6m", "iipeikou"),
        # 234 in all three suits
        ("2m 3m 4m 2p 3p 4p 2s 3s 4s 5p 5p 5p 6m 6m", "sanshoku doujun"),
        # 444 in all three suits (and a ron on the pair: the triplets are closed, so the
        # hand is also sanankou; sanshoku doukou comes first in the file)
        ("4m 4m 4m 4p 4p 4p 4s 4s 4s 6m 7m 8m 2p 2p", "sanshoku doukou"),
        # three closed triplets, won on the pair
        ("2m 2m 2m 4p 4p 4p 6s 6s 6s 3p 4p 5p 8m 8m", "sanankou"),
    ],
)
def test_hands_with_more_yaku_are_outside_the_game(riichi: Game, hand: str,
                                                   pattern: str) -> None:
    result = riichi.score(hand)
    assert (result.points, result.yaku, result.excluded_by) == (0, (), pattern)


def test_a_hand_with_a_terminal_has_no_yaku(riichi: Game) -> None:
    result = riichi.score("1m 2m 3m 6p 7p 8p 6s 7s 8s 3p 4p 5p 6m 6m")
    assert (result.points, result.yaku, result.excluded_by) == (0, (), None)


def test_an_incomplete_hand_has_no_reading(riichi: Game) -> None:
    result = riichi.score("1m 2m 4m 6p 7p 8p 6s 7s 8s 3p 4p 5p 6m 6m")
    assert (result.points, result.reading, result.readings_tried) == (0, None, 0)


# -- agreement with the core ---------------------------------------------------------


def _core_available() -> bool:
    import typed_mahjong

    try:
        typed_mahjong.score("234m555p678s345p66m", "6m")
    except NotImplementedError:
        return False
    return True


needs_core = pytest.mark.skipif(not _core_available(), reason="riichi core not built yet")


def _mpsz(tiles: list[str]) -> str:
    return "".join("".join(sorted(t[0] for t in tiles if t[1] == suit)) + suit
                   for suit in "mpsz" if any(t[1] == suit for t in tiles))


@st.composite
def complete_hands(draw: st.DrawFn) -> list[str]:
    """Four sets and a pair, mostly of simples (so that many are accepted), sometimes with
    terminals or honours; the last tile is the winning one."""
    tiles: list[str] = []
    for _ in range(4):
        suit = draw(st.sampled_from("mpsz") if draw(st.integers(0, 9)) == 0
                    else st.sampled_from("mps"))
        if suit == "z":
            tiles += [f"{draw(st.integers(1, 7))}z"] * 3
        elif draw(st.booleans()):
            tiles += [f"{draw(st.integers(2, 8) | st.integers(1, 9))}{suit}"] * 3
        else:
            start = draw(st.integers(2, 6) | st.integers(1, 7))
            tiles += [f"{start + i}{suit}" for i in range(3)]
    tiles += [f"{draw(st.integers(2, 8))}{draw(st.sampled_from('mps'))}"] * 2
    assume(max(tiles.count(t) for t in tiles) <= 4)
    return draw(st.permutations(tiles))


@needs_core
@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(complete_hands())
def test_agrees_with_the_core_on_every_hand_it_accepts(riichi: Game, tiles: list[str]) -> None:
    import typed_mahjong

    game = riichi.score(" ".join(tiles))
    core = typed_mahjong.score(_mpsz(tiles), tiles[-1])  # ron, seat S, round E, no dora
    event("accepted" if game.won else f"outside: {game.excluded_by or 'no yaku'}")
    if game.won:
        assert (game.points, game.yaku) == (core.points, core.yaku) == (1300, TANYAO)
    else:
        # The game accepts *exactly* the tanyao-only hands.
        assert core.yaku != TANYAO
        if game.excluded_by is not None and all(t[1] != "z" and t[0] not in "19"
                                                for t in tiles):
            # an all-simples hand excluded for showing another yaku in some reading: the
            # core takes its best reading, worth more than tanyao alone
            assert core.points > 1300
