"""Every kind of answer the plugin keeps in its side-file memo comes back as it went in."""

from __future__ import annotations

import json

import pytest

from typed_mahjong.plugin.memo import _decode, _encode
from typed_mahjong.plugin.outcomes import Verdict


@pytest.mark.parametrize("value", [
    1300,  # Points, Han, Fu, Total, Shanten
    "300-500",  # Payment
    ("riichi", "pinfu"),  # Yaku, YakuSet, Waits, Readings
    (0, 3600, -2600, 0),  # Settlement: a point change per seat
    (),  # Readings of a hand that does not read as complete
])
def test_a_kept_answer_reads_back_as_the_same_value(value: object) -> None:
    stored = json.loads(json.dumps(_encode(Verdict(value, "explanation"))))  # as on disk
    assert _decode(stored) == Verdict(value, "")


def test_a_list_mixing_numbers_and_names_is_not_an_answer() -> None:
    assert _decode([1, "a"]) is None
