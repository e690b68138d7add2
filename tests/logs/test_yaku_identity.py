"""Yaku identity: one row each in the yaku table, with stable ids, names and Tenhou ids."""

from __future__ import annotations

import importlib
from collections import Counter

import pytest

from typed_mahjong import score
from typed_mahjong.logs.tenhou6 import TENHOU_YAKU_NAMES

yaku = importlib.import_module("typed_mahjong.core.yaku")


def test_every_row_has_an_identity() -> None:
    rows = [*yaku.YAKU, *yaku.YAKUMAN]
    for row in rows:
        assert row.ident.key and row.ident.japanese and row.ident.english, row.name
    keys = Counter(ident.key for ident in yaku.IDENTITIES.values())
    assert max(keys.values()) == 1  # stable ids are unique
    # Renhou is a row in both tables (a limit-hand yaku and a yakuman) with one identity.
    assert len(yaku.IDENTITIES) == len({row.name for row in rows}) + 3  # + the three dora


def test_tenhou_ids_cover_tenhous_list_once() -> None:
    # Tenhou's yaku ids are 0..54 (TENHOU_YAKU_NAMES lists its names in that order).
    ids = Counter(i for ident in yaku.IDENTITIES.values() for i in ident.tenhou)
    assert sorted(ids) == list(range(len(TENHOU_YAKU_NAMES))) and max(ids.values()) == 1
    assert yaku.yaku_from_tenhou(11) == "seat wind"  # 自風 南
    assert yaku.yaku_from_tenhou(48) == "kokushi musou 13-wait"
    assert yaku.yaku_from_tenhou(55) is None


def test_majsoul_ids() -> None:
    # cfg.fan.fan.map_ 1..50 (34 is nuki dora, a three-player dora we have no row for), 59
    # renhou as yakuman, 60 daisharin, 65 renhou as mangan.
    ids = Counter(i for ident in yaku.IDENTITIES.values() for i in ident.majsoul)
    assert sorted(ids) == [*range(1, 34), *range(35, 51), 59, 60, 65]
    assert max(ids.values()) == 1
    assert yaku.yaku_from_majsoul(10) == "seat wind" and yaku.yaku_from_majsoul(34) is None
    assert yaku.yaku_from_majsoul(49) == "kokushi musou 13-wait"


def test_score_names_in_either_language() -> None:
    result = score("234p234s456m567s44p", "3p", riichi=True)
    assert result.yaku_names() == ("riichi", "tanyao")
    assert result.yaku_names("japanese") == ("立直", "断幺九")
    assert result.yaku_names("english") == ("Riichi", "All simples")
    assert result.yaku_names("key") == ("riichi", "tanyao")
    with pytest.raises(ValueError, match="unknown language 'klingon'"):
        result.yaku_names("klingon")
