"""The public decompositions: ``readings(hand)``, shanten per form, bare concealed parts."""

from __future__ import annotations

import random

import pytest

from typed_mahjong.core.readings import readings
from typed_mahjong.core.shanten import (
    FormShanten,
    bare_shanten,
    bare_waits,
    shanten,
    shanten_by_form,
)
from typed_mahjong.errors import HandError


def test_every_reading_is_listed() -> None:
    # Three triplets 111 222 333m or three runs 123m 123m 123m, with 456p and the 55s pair.
    assert sorted(r.text() for r in readings("111222333m456p55s")) == [
        "55s 123m 123m 123m 456p", "55s 456p 111m 222m 333m"]
    # 1122334455667 7s: the pair is 11 (234 234 567 567), 44 (123 123 567 567) or
    # 77 (123 123 456 456); and seven pairs.
    found = readings("11223344556677s")
    assert sorted(r.form for r in found) == ["chiitoitsu", "standard", "standard", "standard"]
    assert sorted(r.groups[0][1] for r in found if r.form == "standard") == [18, 21, 24]
    assert [r.text() for r in readings("19m19p19s1234567z1m")] == ["kokushi, pair 1m"]
    assert readings("123m456p789s11223z") == ()  # not complete: no reading
    assert [r.text() for r in readings("123m456s44p pon:777z chi:567s")] == [
        "44p 123m 456s"]
    with pytest.raises(HandError, match="wrong tile count"):
        readings("123m")


def _random_complete_counts(rng: random.Random) -> list[int]:
    while True:
        counts = [0] * 34
        suit = rng.choice((0, 9, 18))  # one suit often: the many-reading hands
        for _ in range(4):
            if rng.random() < 0.5:
                start = suit + rng.randrange(7)
                for offset in range(3):
                    counts[start + offset] += 1
            else:
                counts[suit + rng.randrange(9)] += 3
        counts[suit + rng.randrange(9)] += 2
        if max(counts) <= 4:
            return counts


def test_readings_match_mahjong_hand_divider() -> None:
    divider = pytest.importorskip("mahjong.hand_calculating.divider").HandDivider
    from typed_mahjong.core.interop import from_34

    rng = random.Random(17)
    for _ in range(300):
        counts = _random_complete_counts(rng)
        ours = set()
        for reading in readings(from_34(counts)):
            groups = []
            for kind, first in reading.groups:
                size = {"pair": 2, "triplet": 3}.get(kind)
                groups.append((first,) * size if size else (first, first + 1, first + 2))
            ours.add(tuple(sorted(groups)))
        theirs = {tuple(sorted(tuple(group) for group in division))
                  for division in divider.divide_hand(counts)}
        assert ours == theirs, from_34(counts)


def test_shanten_per_form() -> None:
    # Thirteen orphans complete; as seven pairs: 13 kinds, no pair -> 6 - 0 + 0 = 6;
    # standard: 8 (worked in the tables' tests' terms: the minimum is the kokushi 0).
    assert shanten_by_form("19m19p19s1234567z") == FormShanten(8, 6, 0)
    form = shanten_by_form("123m456p789s1122z")
    assert form.standard == 0 and form.chiitoitsu == 4  # 2 pairs: 6 - 2 + 0
    assert shanten("123m456p789s1122z") == min(x for x in form if x is not None)
    assert shanten_by_form("123m456p789s1z pon:777z") == FormShanten(0, None, None)


@pytest.mark.parametrize(("tiles", "number"), [
    ("12345m", 0),  # 123m + 45m, three groups implied: discard one, wait on a pair
    ("55m", -1),  # a pair, four groups implied: complete
    ("5m7m", 0),  # four groups implied, 5m7m: keep either, a tanki wait
    ("123m456p789s11z", -1),  # 11 tiles, one group implied
])
def test_bare_concealed_parts(tiles: str, number: int) -> None:
    assert bare_shanten(tiles) == number


def test_bare_waits() -> None:
    assert bare_waits("1234m") == ("1m", "4m")
    assert bare_waits("5m") == ("5m",)
    with pytest.raises(HandError, match="3 tiles is not the concealed part"):
        bare_waits("123m")
    with pytest.raises(HandError, match="5th copy of 1m"):
        bare_shanten("11111m")
