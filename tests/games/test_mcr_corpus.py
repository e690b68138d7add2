"""The MCR oracle corpus (issue 39): what the reference, pymahjonggb 1.4.0, answers for
10,000-odd Chinese Official mahjong hands, recorded by ``scripts/mcr_oracle.py`` in
``tests/data/mcr/corpus.jsonl.gz`` (row format: tests/data/mcr/README.md).

The default tests need no compiler: they read the corpus and check what it promises
(size, melds, kongs, refused hands, every one of the 81 fan at least 5 times, totals,
the C++ unit test's 214 hands with their sources). The slow test asks the reference
itself again, where it is installed.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from mcr_support import oracle

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "mcr" / "corpus.jsonl.gz"
SOURCE = re.compile(r"PyMahjongGB-1\.4\.0/MahjongGB/mahjong-algorithm/unit_test\.cpp:(\d+)")
BINDING_ARGUMENTS = {"pack", "hand", "winTile", "flowerCount", "isSelfDrawn", "is4thTile",
                     "isAboutKong", "isWallLast", "seatWind", "prevalentWind"}


@cache
def rows() -> tuple[dict[str, Any], ...]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        return tuple(json.loads(line) for line in lines)


def scored() -> list[dict[str, Any]]:
    return [row for row in rows() if not row["refused"]]


def test_the_fan_table_is_the_81_fan() -> None:
    fans = oracle().FANS
    assert len(fans) == 81
    assert len({fan.name for fan in fans}) == len({fan.name_zh for fan in fans}) == 81
    # MCR's ladder: 7 fan of 88, 6 of 64, 2 of 48 ... 13 of 1.
    assert sorted(Counter(fan.value for fan in fans).items(), reverse=True) == [
        (88, 7), (64, 6), (48, 2), (32, 3), (24, 9), (16, 6), (12, 5), (8, 9), (6, 7),
        (4, 4), (2, 10), (1, 13)]
    assert {"All Green", "Pure Double Chow", "Chicken Hand", "Flower Tiles"} <= {
        fan.name for fan in fans}
    assert oracle().EXTRA_FAN.name not in {fan.name for fan in fans}


def test_size_melds_kongs_and_refused_hands() -> None:
    all_rows = rows()
    assert len(all_rows) >= 10_000
    assert [row["id"] for row in all_rows] == list(range(len(all_rows)))
    melded = sum(any(offer for _, _, offer in row["inputs"]["pack"]) for row in all_rows)
    kongs = sum(any(kind == "GANG" for kind, _, _ in row["inputs"]["pack"]) for row in all_rows)
    refused = [row for row in all_rows if row["refused"]]
    assert melded >= 0.30 * len(all_rows)
    assert kongs >= 0.05 * len(all_rows)
    assert 0.01 * len(all_rows) <= len(refused) <= 0.05 * len(all_rows)
    for row in all_rows:
        if row["refused"]:
            assert row["error"] and row["fans"] == [] and row["total"] is None, row["id"]
            assert row["kind"].startswith(("refused:", "unit_test")), row["id"]
        else:
            assert row["error"] is None and row["fans"], row["id"]


def test_every_fan_is_known_and_present_five_times() -> None:
    script = oracle()
    known = {fan.name: fan for fan in (*script.FANS, script.EXTRA_FAN)}
    coverage: Counter[str] = Counter()
    for row in scored():
        for fan in row["fans"]:
            assert fan["name"] in known, (row["id"], fan)
            assert (fan["name_zh"], fan["value"]) == known[fan["name"]][1:], (row["id"], fan)
            assert fan["count"] >= 1
            coverage[fan["name"]] += 1
    thin = {fan.name: coverage[fan.name] for fan in script.FANS if coverage[fan.name] < 5}
    assert thin == {}


def test_totals_are_the_sum_of_the_fan() -> None:
    for row in scored():
        assert row["total"] == sum(fan["value"] * fan["count"] for fan in row["fans"]), row["id"]


def test_inputs_are_the_bindings_and_the_neutral_copy_matches() -> None:
    script = oracle()
    tiles = set(script.TILES)
    assert set(script.PROJECT_NAMES) == tiles and len(set(script.PROJECT_NAMES.values())) == 34
    for row in rows():
        inputs = row["inputs"]
        assert set(inputs) == BINDING_ARGUMENTS, row["id"]
        assert set(inputs["hand"]) | {inputs["winTile"]} <= tiles, row["id"]
        assert all(kind in ("CHI", "PENG", "GANG") and code in tiles and 0 <= offer <= 3
                   for kind, code, offer in inputs["pack"]), row["id"]
        assert max(script.tile_counts(inputs).values()) <= 4, row["id"]
        if row["kind"] != "refused:wrong_count":
            assert len(inputs["hand"]) + 3 * len(inputs["pack"]) == 13, row["id"]
        assert row["neutral"] == script.neutral(inputs), row["id"]


def test_the_unit_test_hands_are_there_with_their_sources() -> None:
    script = oracle()
    unit = [row for row in rows() if row["kind"] == "unit_test"]
    assert len(unit) == 214
    lines = []
    for row in unit:
        match = SOURCE.fullmatch(row["source"])
        assert match, row["source"]
        lines.append(int(match.group(1)))
        packs, hand, win = script.parse_unit_hand(row["unit_test"]["string"])
        assert (row["inputs"]["pack"], row["inputs"]["hand"], row["inputs"]["winTile"]) == (
            [list(pack) for pack in packs], hand, win), row["source"]
        if "WIN_FLAG_INITIAL" in row["unit_test"]["win_flag"]:
            assert row["unit_test"]["dropped_flags"] == ["WIN_FLAG_INITIAL"]
    assert len(set(lines)) == 214 and lines == sorted(lines)
    # a few by hand: the test's Nine Gates, its "theoretical maximum" and its Chicken Hand
    by_string = {row["unit_test"]["string"]: row for row in unit}
    nine_gates = by_string["1112345678999m9m"]
    assert nine_gates["inputs"]["hand"] == ["W1"] * 3 + [f"W{n}" for n in range(2, 9)] + [
        "W9"] * 3 and nine_gates["inputs"]["winTile"] == "W9"
    assert "Nine Gates" in {fan["name"] for fan in nine_gates["fans"]}
    biggest = by_string["[EEEE][CCCC][FFFF][PPPP]NN"]
    assert biggest["inputs"]["pack"] == [["GANG", "F1", 0], ["GANG", "J1", 0],
                                         ["GANG", "J2", 0], ["GANG", "J3", 0]]
    assert biggest["total"] > 300
    chicken = by_string["[123p][444s][789m]34pCC2p"]
    assert [fan["name"] for fan in chicken["fans"]] == ["Chicken Hand"]


@pytest.mark.slow
def test_the_reference_answers_as_recorded() -> None:
    pytest.importorskip(
        "MahjongGB", reason="the MCR reference is not installed: pip install .[mcr-oracle] "
        "(pymahjonggb 1.4.0 builds its C++ from source: needs g++)")
    script = oracle()
    calculate = script.load_reference()
    sample = random.Random(300).sample(rows(), 300)
    for row in sample:
        fresh = script.score(calculate, row["inputs"])
        recorded = {key: row[key] for key in ("fans", "total", "error", "refused")}
        assert fresh == recorded, row["id"]
