"""Contradictory situations are errors (kind "situation"), never silently scored."""

from __future__ import annotations

import pytest

from typed_mahjong import HandError, score

CLOSED = ("123m45699p789s123s", "2s")
OPEN = ("123m45699p123s chi:789s", "2s")
WITH_KAN = ("123m456p12399s ankan:8888p", "2s")


@pytest.mark.parametrize(("hand", "kwargs", "words"), [
    (CLOSED, {"ippatsu": True}, "ippatsu needs riichi"),
    (OPEN, {"riichi": True}, "riichi needs a closed hand"),
    (OPEN, {"double_riichi": True}, "riichi needs a closed hand"),
    (CLOSED, {"haitei": True}, "haitei is a tsumo"),
    (CLOSED, {"houtei": True, "tsumo": True}, "houtei is a ron"),
    (CLOSED, {"chankan": True, "tsumo": True}, "chankan"),
    (WITH_KAN, {"rinshan": True}, "rinshan kaihou is a tsumo"),
    (CLOSED, {"rinshan": True, "tsumo": True}, "needs a kan"),
    (WITH_KAN, {"rinshan": True, "tsumo": True, "haitei": True}, "rinshan and haitei"),
    (CLOSED, {"chankan": True, "houtei": True}, "chankan and houtei"),
    (CLOSED, {"tenhou": True, "tsumo": True}, "tenhou is the dealer's"),
    (CLOSED, {"chiihou": True, "tsumo": True, "seat": "E"}, "chiihou is a non-dealer's"),
    (CLOSED, {"tenhou": True, "seat": "E"}, "are tsumo wins"),
    (WITH_KAN, {"tsumo": True, "chiihou": True}, "has no melds"),
    (CLOSED, {"tsumo": True, "tenhou": True, "seat": "E", "riichi": True}, "first-turn"),
    (CLOSED, {"ura": "1m"}, "ura dora indicators are only revealed for riichi"),
])
def test_contradictions(hand: tuple[str, str], kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(HandError) as caught:
        score(*hand, **kwargs)  # type: ignore[arg-type]
    assert caught.value.kind == "situation"
    assert words in caught.value.message


def test_riichi_with_a_closed_kan_is_fine() -> None:
    assert score(*WITH_KAN, riichi=True, tsumo=True, rinshan=True).han == 3


def test_pao_winner_cannot_be_liable() -> None:
    with pytest.raises(HandError, match="liable player cannot be the winner"):
        score("123m99p777z pon:555z pon:666z", "9p", pao="S")
