"""Rules presets and overrides: every bad name and value is a clear error."""

from __future__ import annotations

import pytest

from typed_mahjong import PRESETS, HandError, Rules, rules_from, score


def test_presets_exist_with_sources() -> None:
    assert set(PRESETS) >= {"tenhou", "majsoul", "wrc", "ema", "mleague"}
    assert all(preset.source for preset in PRESETS.values())
    assert Rules["majsoul"] is PRESETS["majsoul"]


def test_override_keeps_the_rest() -> None:
    rules = rules_from("wrc", kiriage=False)
    assert not rules.kiriage and not rules.red_fives and rules.name == "wrc"
    assert rules.fingerprint() != PRESETS["wrc"].fingerprint()


@pytest.mark.parametrize(("args", "kwargs", "words"), [
    (("nope",), {}, "unknown preset 'nope'"),
    (("tenhou",), {"kiriagee": True}, "unknown option 'kiriagee'"),
    (("tenhou",), {"kiriage": "yes"}, "must be true or false"),
    (("tenhou",), {"honba_value": "300"}, "must be an integer"),
    (("tenhou",), {"honba_value": -1}, "non-negative"),
    (("tenhou",), {"double_wind_pair_fu": 3}, "2 or 4"),
    (("tenhou",), {"renhou": "maybe"}, "renhou"),
    (("tenhou",), {"pao": ["daisangen", "chinitsu"]}, "names drawn from"),
    (("tenhou",), {"double_yakuman": "daisuushii"}, "a list drawn from"),
])
def test_bad_rules(args: tuple[str], kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(HandError) as caught:
        rules_from(*args, **kwargs)
    assert caught.value.kind == "rules"
    assert words in caught.value.message


def test_red_five_under_rules_without_them() -> None:
    with pytest.raises(HandError, match="red fives are not used"):
        score("234p234s406m567s44p", "3p", rules="wrc")


def test_unknown_preset_through_score() -> None:
    with pytest.raises(HandError, match="unknown preset"):
        score("234p234s456m567s44p", "3p", rules="tenhuo")
