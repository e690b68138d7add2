"""Score the MCR oracle corpus (tests/data/mcr/corpus.jsonl.gz) with our `mcr` game.

Issue 39: the corpus holds a reference implementation's answers (PyMahjongGB 1.4.0,
tests/data/mcr/README.md); this module turns a row into our hand text and inputs, scores
it, and compares. Used by tests/games/test_games_mcr.py and scripts/mcr_disagreements.py.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import pathlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from typed_mahjong import games

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "mcr" / "corpus.jsonl.gz"


@cache
def oracle() -> ModuleType:
    """scripts/mcr_oracle.py as a module: its generator, tables and parsers (it imports
    the reference only when asked to score)."""
    spec = importlib.util.spec_from_file_location("mcr_oracle", ROOT / "scripts" / "mcr_oracle.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("mcr_oracle", module)
    spec.loader.exec_module(module)
    return module


# The binding's tile codes and our names (tests/data/mcr/README.md)
_SUITS = {"W": "m", "T": "s", "B": "p"}
_HONORS = {"F1": "east", "F2": "south", "F3": "west", "F4": "north",
           "J1": "red", "J2": "green", "J3": "white"}
_WINDS = {"east": "E", "south": "S", "west": "W", "north": "N"}


def tile(code: str) -> str:
    """Our name of a binding tile code: ``W1`` -> ``1m``, ``F1`` -> ``east``."""
    if code in _HONORS:
        return _HONORS[code]
    return f"{code[1]}{_SUITS[code[0]]}"


def rows() -> Iterator[dict[str, Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as stream:
        for line in stream:
            yield json.loads(line)


def scored_rows() -> list[dict[str, Any]]:
    """The rows the reference scores (not refused)."""
    return [row for row in rows() if not row["refused"]]


def hand_text(row: dict[str, Any]) -> str:
    """The row's hand in our notation: claimed melds in ( ), concealed kongs in [ ], the
    standing tiles, the winning tile last."""
    neutral = row["neutral"]
    parts = []
    for meld in neutral["melds"]:
        tiles = " ".join(tile(code) for code in meld["tiles"])
        concealed_kong = meld["type"] == "kong" and meld["concealed"]
        parts.append(f"[{tiles}]" if concealed_kong else f"({tiles})")
    parts.extend(tile(code) for code in neutral["concealed"])
    parts.append(tile(neutral["win_tile"]))
    return " ".join(parts)


def inputs(row: dict[str, Any]) -> dict[str, Any]:
    """The row's situation as our game's inputs."""
    neutral = row["neutral"]
    return {
        "tsumo": neutral["self_drawn"],
        "seat": _WINDS[neutral["seat_wind"]],
        "round": _WINDS[neutral["prevailing_wind"]],
        "flowers": neutral["flowers"],
        "last_tile": neutral["last_tile"],
        "last_tile_draw": neutral["last_tile_draw"],
        "last_tile_claim": neutral["last_tile_claim"],
        "replacement_tile": neutral["out_with_replacement_tile"],
        "robbing_the_kong": neutral["robbing_the_kong"],
    }


def game() -> games.Game:
    return games.load(games.builtin_path("mcr"))


@dataclass(frozen=True)
class Comparison:
    row: dict[str, Any]
    hand: str
    expected: dict[str, int]    # fan -> fan counted (value x count), the reference's
    got: dict[str, int]         # ours; {} when the hand does not win for us
    expected_total: int
    got_total: int
    error: str | None = None

    @property
    def same_total(self) -> bool:
        return self.expected_total == self.got_total

    @property
    def same_fans(self) -> bool:
        return self.expected == self.got

    def differences(self) -> dict[str, int]:
        """Fan -> ours minus the reference's, for each fan that differs."""
        names = set(self.expected) | set(self.got)
        return {name: self.got.get(name, 0) - self.expected.get(name, 0)
                for name in sorted(names) if self.got.get(name, 0) != self.expected.get(name, 0)}


def compare(mcr: games.Game, row: dict[str, Any]) -> Comparison:
    """Score one scored row and compare with the reference.

    The reference applies no 8-fan minimum: a hand it scores under 8 fan (Flower Tiles
    aside) is not a win for us, and agrees when we score it 0.
    """
    expected = {fan["name"]: fan["value"] * fan["count"] for fan in row["fans"]}
    flowers = expected.get("Flower Tiles", 0)
    expected_total = row["total"]
    if expected_total - flowers < 8:
        expected, expected_total = {}, 0
    text = hand_text(row)
    try:
        result = mcr.score(text, **inputs(row))
    except games.GameError as error:
        return Comparison(row, text, expected, {}, expected_total, -1, str(error))
    got = dict(result.yaku) if result.points else {}
    return Comparison(row, text, expected, got, expected_total, result.points)
