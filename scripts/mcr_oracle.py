"""Record the MCR reference's answers as test data: ``.venv/bin/python scripts/mcr_oracle.py``.

Writes ``tests/data/mcr/corpus.jsonl.gz`` (issue 39, "oracle corpus"): Chinese Official
mahjong (MCR, 81 fan) hands and what the reference implementation, PyPI ``pymahjonggb``
1.4.0 (MIT; ``from MahjongGB import MahjongFanCalculator``; install it with
``pip install .[mcr-oracle]``, which builds its C++ with g++), answers for each. The file
lets our own MCR game be checked without a compiler.

Options: ``--sdist PATH`` the pymahjonggb 1.4.0 sdist (``.tar.gz``) or its unpacked
folder, for the C++ unit test's hands (default: ``pip download --no-binary :all:
--no-deps pymahjonggb==1.4.0`` into a temporary folder); ``--out PATH`` another file;
``--check-cpp`` also builds that unit test with g++, runs it and says which of its hands
it answers otherwise than the binding (the 8 heavenly hands: ``WIN_FLAG_INITIAL``).

The run is deterministic: one seeded ``random.Random``, rows as JSON with sorted keys,
gzip with mtime 0, so a rerun writes the same bytes. It takes a few seconds.

What it writes, in this order:

* the 214 hands of the reference's C++ unit test (``test_points(...)`` calls in
  ``MahjongGB/mahjong-algorithm/unit_test.cpp``), parsed from its string notation, each
  row's ``source`` naming the file (as a path in the sdist) and line. The test gives win
  flags the binding cannot pass: ``WIN_FLAG_INITIAL`` (a heavenly/earthly hand) is dropped
  and the row says so (``unit_test.dropped_flags``);
* random hands in several styles (mixed, flushes, pungs, chows, narrow rank windows,
  seven pairs, knitted forms, kong-heavy ...), with claimed chows, pungs and kongs and
  concealed kongs, and varied situations: self-drawn or discard, seat and prevailing wind,
  flowers, the 4th-tile flag, last tile draw/claim, kong involved;
* hands from fan-specific templates, rarest fan first, until each of the 81 fan (and the
  reference's extra fan, below) is in at least ``FAN_TARGET`` scored rows;
* about 2% hands the reference refuses (not a win, or a wrong tile count), marked.

A row (one JSON object a line)::

    id        int, the line's index
    kind      "unit_test" | "random:<style>" | "template:<fan>" | "refused:<how>"
    source    unit-test rows only: the file as a path in the sdist and the line,
              "PyMahjongGB-1.4.0/MahjongGB/mahjong-algorithm/unit_test.cpp:<line>"
    unit_test unit-test rows only: {"string": the test's hand string, "win_flag": its flag
              expression, "dropped_flags": flags the binding cannot take}
    inputs    the binding's arguments, in its own terms (JSON arrays for its tuples):
              {"pack": [[type, tile, offer], ...], "hand": [tile, ...], "winTile",
               "flowerCount", "isSelfDrawn", "is4thTile", "isAboutKong", "isWallLast",
               "seatWind", "prevalentWind"}
    neutral   the same hand without the binding's conventions (tile names as the binding's,
              mapped below): {"concealed": sorted standing tiles, without the winning tile;
              "win_tile"; "melds": [{"type": "chow"|"pung"|"kong", "tiles": [...],
              "concealed": bool, "claimed_tile": tile or null, "from": "left"|"opposite"|
              "right" or null}]; "self_drawn"; "seat_wind", "prevailing_wind" ("east" ..);
              "flowers"; "last_tile" (the 4th-tile flag as given); "last_tile_draw",
              "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong" (the
              binding's isWallLast / isAboutKong split by self-drawn)}
    fans      the reference's answer, in its order: [{"name" (English, the binding's
              spelling), "name_zh" (its Chinese), "count", "value" (per count)}]; [] if refused
    total     sum of value x count over fans (flowers included; no 8-fan minimum), or null
    error     null, or the binding's error string when it refuses the hand
    refused   bool

The binding's conventions (read from its source, ``MahjongGB/mahjong.cpp``):

* tiles ``W1..W9`` characters, ``T1..T9`` bamboo, ``B1..B9`` dots, ``F1..F4`` winds
  east, south, west, north, ``J1..J3`` dragons red, green, white (``H1..H8`` flowers exist
  as codes but are refused in a hand; flowers are only counted, ``flowerCount``). The
  project's names (hk-oldstyle's): ``W<n>`` = ``<n>m``, ``T<n>`` = ``<n>s``, ``B<n>`` =
  ``<n>p``, ``F1 F2 F3 F4`` = ``east south west north``, ``J1 J2 J3`` = ``red green
  white`` (``PROJECT_NAMES`` below);
* ``hand`` is the standing (concealed) tiles without the winning tile: 13 - 3 x packs;
* a pack is ``("CHI" | "PENG" | "GANG", tile, offer)``; a chow names its middle tile and
  its offer 1, 2, 3 says which of its tiles (lowest first) was claimed (always from the
  left); a pung's or kong's offer 1, 2, 3 says who gave it (left, opposite, right), and a
  kong with offer 0 is concealed. (An offer 0 pung or chow counts as concealed; this
  corpus never makes one.) Promoted (added) kongs cannot be said;
* ``isAboutKong`` is Out with Replacement Tile when self-drawn, Robbing The Kong on a
  discard; ``isWallLast`` is Last Tile Draw / Last Tile Claim; ``is4thTile`` is Last Tile.
  The reference corrects impossible flags itself (self-drawn without a kong pack: no
  replacement tile; the winning tile also standing in the hand: no 4th tile and no
  robbing; also in a pack: no robbing; exactly three of it in packs, a pung or chows:
  4th tile; robbing: no 4th tile), so rows give the flags as passed, not as scored;
* winds are 0..3 = east, south, west, north.

The reference (``mahjong-algorithm`` by Jeff Wang, built with
``SUPPORT_CONCEALED_KONG_AND_MELDED_KONG``) scores an 82nd fan, "Concealed Kong and
Melded Kong" (5), for one concealed and one melded kong; it is not one of the WMO 81 and
is listed apart (``EXTRA_FAN``).
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import io
import json
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Protocol, cast

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "mcr" / "corpus.jsonl.gz"
REFERENCE = "pymahjonggb==1.4.0"
SDIST_ROOT = "PyMahjongGB-1.4.0"
UNIT_TEST = "MahjongGB/mahjong-algorithm/unit_test.cpp"
SEED = 39
TOTAL_ROWS = 10_400  # at least 10,000 rows in all
REFUSED_SHARE = 0.02
FAN_TARGET = 20  # each fan in at least this many scored rows (the issue asks 5)
TEMPLATE_TRIES = 600  # at most this many template hands for one fan


class Fan(NamedTuple):
    name: str  # English, as the binding's verbose output spells it
    name_zh: str  # Chinese, the reference's own name
    value: int


# The 81 fan of Chinese Official mahjong in the reference's order (its fan_t enum), with
# the English names its Python binding gives (verbose=True), which follow the English
# translation of the official rules; values per instance.
FANS: tuple[Fan, ...] = (
    Fan("Big Four Winds", "大四喜", 88),
    Fan("Big Three Dragons", "大三元", 88),
    Fan("All Green", "绿一色", 88),
    Fan("Nine Gates", "九莲宝灯", 88),
    Fan("Four Kongs", "四杠", 88),
    Fan("Seven Shifted Pairs", "连七对", 88),
    Fan("Thirteen Orphans", "十三幺", 88),
    Fan("All Terminals", "清幺九", 64),
    Fan("Little Four Winds", "小四喜", 64),
    Fan("Little Three Dragons", "小三元", 64),
    Fan("All Honors", "字一色", 64),
    Fan("Four Concealed Pungs", "四暗刻", 64),
    Fan("Pure Terminal Chows", "一色双龙会", 64),
    Fan("Quadruple Chow", "一色四同顺", 48),
    Fan("Four Pure Shifted Pungs", "一色四节高", 48),
    Fan("Four Pure Shifted Chows", "一色四步高", 32),
    Fan("Three Kongs", "三杠", 32),
    Fan("All Terminals and Honors", "混幺九", 32),
    Fan("Seven Pairs", "七对", 24),
    Fan("Greater Honors and Knitted Tiles", "七星不靠", 24),
    Fan("All Even Pungs", "全双刻", 24),
    Fan("Full Flush", "清一色", 24),
    Fan("Pure Triple Chow", "一色三同顺", 24),
    Fan("Pure Shifted Pungs", "一色三节高", 24),
    Fan("Upper Tiles", "全大", 24),
    Fan("Middle Tiles", "全中", 24),
    Fan("Lower Tiles", "全小", 24),
    Fan("Pure Straight", "清龙", 16),
    Fan("Three-Suited Terminal Chows", "三色双龙会", 16),
    Fan("Pure Shifted Chows", "一色三步高", 16),
    Fan("All Five", "全带五", 16),
    Fan("Triple Pung", "三同刻", 16),
    Fan("Three Concealed Pungs", "三暗刻", 16),
    Fan("Lesser Honors and Knitted Tiles", "全不靠", 12),
    Fan("Knitted Straight", "组合龙", 12),
    Fan("Upper Four", "大于五", 12),
    Fan("Lower Four", "小于五", 12),
    Fan("Big Three Winds", "三风刻", 12),
    Fan("Mixed Straight", "花龙", 8),
    Fan("Reversible Tiles", "推不倒", 8),
    Fan("Mixed Triple Chow", "三色三同顺", 8),
    Fan("Mixed Shifted Pungs", "三色三节高", 8),
    Fan("Chicken Hand", "无番和", 8),
    Fan("Last Tile Draw", "妙手回春", 8),
    Fan("Last Tile Claim", "海底捞月", 8),
    Fan("Out with Replacement Tile", "杠上开花", 8),
    Fan("Robbing The Kong", "抢杠和", 8),
    Fan("All Pungs", "碰碰和", 6),
    Fan("Half Flush", "混一色", 6),
    Fan("Mixed Shifted Chows", "三色三步高", 6),
    Fan("All Types", "五门齐", 6),
    Fan("Melded Hand", "全求人", 6),
    Fan("Two Concealed Kongs", "双暗杠", 6),
    Fan("Two Dragons Pungs", "双箭刻", 6),
    Fan("Outside Hand", "全带幺", 4),
    Fan("Fully Concealed Hand", "不求人", 4),
    Fan("Two Melded Kongs", "双明杠", 4),
    Fan("Last Tile", "和绝张", 4),
    Fan("Dragon Pung", "箭刻", 2),
    Fan("Prevalent Wind", "圈风刻", 2),
    Fan("Seat Wind", "门风刻", 2),
    Fan("Concealed Hand", "门前清", 2),
    Fan("All Chows", "平和", 2),
    Fan("Tile Hog", "四归一", 2),
    Fan("Double Pung", "双同刻", 2),
    Fan("Two Concealed Pungs", "双暗刻", 2),
    Fan("Concealed Kong", "暗杠", 2),
    Fan("All Simples", "断幺", 2),
    Fan("Pure Double Chow", "一般高", 1),
    Fan("Mixed Double Chow", "喜相逢", 1),
    Fan("Short Straight", "连六", 1),
    Fan("Two Terminal Chows", "老少副", 1),
    Fan("Pung of Terminals or Honors", "幺九刻", 1),
    Fan("Melded Kong", "明杠", 1),
    Fan("One Voided Suit", "缺一门", 1),
    Fan("No Honors", "无字", 1),
    Fan("Edge Wait", "独听・边张", 1),
    Fan("Closed Wait", "独听・嵌张", 1),
    Fan("Single Wait", "独听・单钓", 1),
    Fan("Self-Drawn", "自摸", 1),
    Fan("Flower Tiles", "花牌", 1),
)
# Not one of the 81: the reference's build scores one concealed and one melded kong as
# this (instead of Melded Kong and Concealed Kong).
EXTRA_FAN = Fan("Concealed Kong and Melded Kong", "明暗杠", 5)
FAN_BY_NAME = {fan.name: fan for fan in (*FANS, EXTRA_FAN)}

# The binding's tile codes, index 0..33, and the project's names for them.
TILES: tuple[str, ...] = (
    *(f"W{n}" for n in range(1, 10)), *(f"T{n}" for n in range(1, 10)),
    *(f"B{n}" for n in range(1, 10)), "F1", "F2", "F3", "F4", "J1", "J2", "J3",
)
PROJECT_NAMES: dict[str, str] = {
    **{f"W{n}": f"{n}m" for n in range(1, 10)}, **{f"T{n}": f"{n}s" for n in range(1, 10)},
    **{f"B{n}": f"{n}p" for n in range(1, 10)},
    "F1": "east", "F2": "south", "F3": "west", "F4": "north",
    "J1": "red", "J2": "green", "J3": "white",
}
INDEX = {code: i for i, code in enumerate(TILES)}
WINDS = ("east", "south", "west", "north")
OFFER_FROM = {1: "left", 2: "opposite", 3: "right"}
PACK_KIND = {"CHI": "chow", "PENG": "pung", "GANG": "kong"}
HONORS = tuple(range(27, 34))
WIND_TILES = tuple(range(27, 31))
DRAGONS = tuple(range(31, 34))
TERMINALS = tuple(s * 9 + r for s in range(3) for r in (0, 8))

Pack = tuple[str, str, int]
Json = dict[str, Any]


class Calculator(Protocol):
    def __call__(self, pack: tuple[Pack, ...], hand: tuple[str, ...], winTile: str,
                 flowerCount: int, isSelfDrawn: bool, is4thTile: bool, isAboutKong: bool,
                 isWallLast: bool, seatWind: int, prevalentWind: int,
                 verbose: bool = False) -> tuple[tuple[Any, ...], ...]: ...


def load_reference() -> Calculator:
    """The binding's MahjongFanCalculator (it has no type stubs)."""
    module = importlib.import_module("MahjongGB")
    return cast(Calculator, module.MahjongFanCalculator)


def score(calculate: Calculator, inputs: Json) -> Json:
    """The reference's answer for ``inputs`` (the binding's arguments, JSON arrays allowed):
    ``{"fans", "total", "error", "refused"}``."""
    args = dict(inputs)
    args["pack"] = tuple(tuple(p) for p in inputs["pack"])
    args["hand"] = tuple(inputs["hand"])
    try:
        verbose = calculate(**args, verbose=True)
        plain = calculate(**args)
    except TypeError as error:
        return {"fans": [], "total": None, "error": str(error), "refused": True}
    fans = [{"name": en, "name_zh": zh, "count": count, "value": value}
            for value, count, zh, en in verbose]
    # The plain form gives value x count per fan, in the same order.
    if [tuple(item) for item in plain] != [(f["value"] * f["count"], f["name_zh"])
                                           for f in fans]:
        raise AssertionError(f"verbose and plain answers differ: {verbose} {plain}")
    for f in fans:
        known = FAN_BY_NAME.get(f["name"])
        if known is None or (known.name_zh, known.value) != (f["name_zh"], f["value"]):
            raise AssertionError(f"fan not in the table: {f}")
    total = sum(f["value"] * f["count"] for f in fans)
    return {"fans": fans, "total": total, "error": None, "refused": False}


# ---------------------------------------------------------------- hands and their inputs


def tile(suit: int, rank: int) -> int:
    return suit * 9 + rank - 1


@dataclass
class Plan:
    """A hand before melds and the winning tile are chosen: sets and a pair (``groups``,
    ``(kind, tile)`` with a chow named by its lowest tile) and tiles that stay concealed
    outside any set (``loose``: seven pairs, knitted tiles ...)."""

    groups: list[tuple[str, int]] = field(default_factory=list)
    loose: list[int] = field(default_factory=list)
    meld: str = "random"  # random | concealed | all | some
    win: int | None = None  # the winning tile, if the plan needs one
    self_drawn: bool | None = None
    four_th: bool | None = None
    about_kong: bool | None = None
    wall_last: bool | None = None
    loose_win: bool = False  # take the winning tile from ``loose``


def group_tiles(kind: str, t: int) -> list[int]:
    if kind == "chow":
        return [t, t + 1, t + 2]
    return [t] * {"pung": 3, "kong": 4, "pair": 2}[kind]


def realize(rng: random.Random, plan: Plan) -> Json | None:
    """The binding's inputs for a plan, or None when it needs a fifth copy of a tile."""
    counts = Counter(plan.loose)
    for kind, t in plan.groups:
        counts.update(group_tiles(kind, t))
    if any(n > 4 for n in counts.values()) or sum(counts.values()) != 14 + sum(
            1 for kind, _ in plan.groups if kind == "kong"):
        return None
    share = {"random": rng.choice((0.0, 0.0, 0.0, 0.3, 0.5, 0.7, 1.0)), "concealed": 0.0,
             "all": 1.0, "some": rng.choice((0.3, 0.5, 0.7))}[plan.meld]
    packs: list[Pack] = []
    concealed = list(plan.loose)
    claimed = 0
    sets = [(kind, t) for kind, t in plan.groups if kind != "pair"]
    for kind, t in plan.groups:
        if kind == "pair":
            concealed += [t, t]
    for kind, t in sets:
        if kind == "kong":
            melded = plan.meld == "all" or (plan.meld != "concealed" and rng.random() < 0.6)
            packs.append(("GANG", TILES[t], rng.randint(1, 3) if melded else 0))
            claimed += melded
        elif rng.random() < share:
            if kind == "chow":
                packs.append(("CHI", TILES[t + 1], rng.randint(1, 3)))
            else:
                packs.append(("PENG", TILES[t], rng.randint(1, 3)))
            claimed += 1
        else:
            concealed += group_tiles(kind, t)
    if plan.meld == "some" and claimed == 0 and sets:
        return None
    pool = plan.loose if plan.loose_win and plan.loose else concealed
    win = plan.win if plan.win is not None and plan.win in concealed else rng.choice(pool)
    concealed.remove(win)
    self_drawn = plan.self_drawn if plan.self_drawn is not None else rng.random() < 0.4
    flowers = 0 if rng.random() < 0.6 else rng.randint(1, 8)
    inputs: Json = {
        "pack": [list(p) for p in packs],
        "hand": [TILES[t] for t in sorted(concealed)],
        "winTile": TILES[win],
        "flowerCount": flowers,
        "isSelfDrawn": self_drawn,
        "is4thTile": plan.four_th if plan.four_th is not None else rng.random() < 0.08,
        "isAboutKong": plan.about_kong if plan.about_kong is not None else rng.random() < 0.05,
        "isWallLast": plan.wall_last if plan.wall_last is not None else rng.random() < 0.05,
        "seatWind": rng.randrange(4),
        "prevalentWind": rng.randrange(4),
    }
    return inputs


def tile_counts(inputs: Json) -> Counter[str]:
    """How many of each tile a hand holds, packs and the winning tile included."""
    counts = Counter([*inputs["hand"], inputs["winTile"]])
    for kind, code, _ in inputs["pack"]:
        if kind == "CHI":
            i = INDEX[code]
            counts.update(TILES[i - 1:i + 2])
        else:
            counts[code] += 4 if kind == "GANG" else 3
    return counts


def neutral(inputs: Json) -> Json:
    """The hand without the binding's conventions (see the module docstring)."""
    melds = []
    for kind, code, offer in inputs["pack"]:
        i = INDEX[code]
        if kind == "CHI":
            tiles = [TILES[i - 1], code, TILES[i + 1]]
            claimed = tiles[offer - 1] if offer else None
            source = "left" if offer else None
        else:
            tiles = [code] * (4 if kind == "GANG" else 3)
            claimed = code if offer else None
            source = OFFER_FROM.get(offer)
        melds.append({"type": PACK_KIND[kind], "tiles": tiles, "concealed": offer == 0,
                      "claimed_tile": claimed, "from": source})
    drawn = inputs["isSelfDrawn"]
    return {
        "concealed": sorted(inputs["hand"], key=lambda c: INDEX.get(c, 99)),
        "win_tile": inputs["winTile"],
        "melds": melds,
        "self_drawn": drawn,
        "seat_wind": WINDS[inputs["seatWind"]],
        "prevailing_wind": WINDS[inputs["prevalentWind"]],
        "flowers": inputs["flowerCount"],
        "last_tile": inputs["is4thTile"],
        "last_tile_draw": inputs["isWallLast"] and drawn,
        "last_tile_claim": inputs["isWallLast"] and not drawn,
        "out_with_replacement_tile": inputs["isAboutKong"] and drawn,
        "robbing_the_kong": inputs["isAboutKong"] and not drawn,
    }


# ---------------------------------------------------------------- random hands


def rand_set(rng: random.Random, suits: Sequence[int] = (0, 1, 2), lo: int = 1, hi: int = 9,
             p_chow: float = 0.55, p_honor: float = 0.15, p_kong: float = 0.06,
             honors: Sequence[int] = HONORS) -> tuple[str, int]:
    if honors and (rng.random() < p_honor or not suits):
        return ("kong" if rng.random() < p_kong else "pung", rng.choice(honors))
    suit = rng.choice(suits)
    if hi - lo >= 2 and rng.random() < p_chow:
        return ("chow", tile(suit, rng.randint(lo, hi - 2)))
    return ("kong" if rng.random() < p_kong else "pung", tile(suit, rng.randint(lo, hi)))


def rand_pair(rng: random.Random, suits: Sequence[int] = (0, 1, 2), lo: int = 1, hi: int = 9,
              p_honor: float = 0.2, honors: Sequence[int] = HONORS) -> tuple[str, int]:
    if honors and (rng.random() < p_honor or not suits):
        return ("pair", rng.choice(honors))
    return ("pair", tile(rng.choice(suits), rng.randint(lo, hi)))


def fill(rng: random.Random, groups: list[tuple[str, int]], sets: int = 4,
         **options: Any) -> list[tuple[str, int]]:
    """``groups`` completed with random sets up to ``sets`` and a pair if it has none."""
    pair_options = {k: v for k, v in options.items() if k in ("suits", "lo", "hi", "honors")}
    out = list(groups)
    while sum(1 for kind, _ in out if kind != "pair") < sets:
        out.append(rand_set(rng, **options))
    if not any(kind == "pair" for kind, _ in out):
        out.append(rand_pair(rng, **pair_options))
    rng.shuffle(out)
    return out


def knitted(rng: random.Random) -> list[int]:
    """The nine tiles 147, 258, 369 each in another suit."""
    suits = [0, 1, 2]
    rng.shuffle(suits)
    return [tile(s, r) for s, start in zip(suits, (1, 2, 3), strict=True)
            for r in (start, start + 3, start + 6)]


def seven_pairs(rng: random.Random, kinds: Sequence[int] = tuple(range(34))) -> list[int]:
    chosen = rng.sample(list(kinds), 7)
    if rng.random() < 0.15:  # four of a kind as two pairs
        chosen[6] = chosen[0]
    return [t for t in chosen for _ in range(2)]


def random_plan(rng: random.Random) -> tuple[str, Plan]:
    style = rng.choices(
        ("mixed", "flush", "half_flush", "pungs", "chows", "two_suits", "window", "outside",
         "honors", "kongs", "seven_pairs", "knitted", "melded"),
        weights=(30, 6, 6, 7, 8, 8, 6, 5, 5, 7, 4, 3, 5))[0]
    suits = rng.sample((0, 1, 2), 1)
    if style == "mixed":
        return style, Plan(fill(rng, []))
    if style == "flush":
        return style, Plan(fill(rng, [], suits=suits, p_honor=0, honors=()))
    if style == "half_flush":
        return style, Plan(fill(rng, [], suits=suits, p_honor=0.3))
    if style == "pungs":
        return style, Plan(fill(rng, [], p_chow=0, p_kong=0.12, p_honor=0.3))
    if style == "chows":
        return style, Plan(fill(rng, [], p_chow=1, p_honor=0, honors=()))
    if style == "two_suits":
        return style, Plan(fill(rng, [], suits=rng.sample((0, 1, 2), 2), p_honor=0.1))
    if style == "window":
        lo = rng.randint(1, 6)
        return style, Plan(fill(rng, [], lo=lo, hi=min(9, lo + rng.randint(2, 4)),
                                p_honor=0.05))
    if style == "outside":
        groups: list[tuple[str, int]] = []
        for _ in range(4):
            s = rng.randrange(3)
            groups.append(rng.choice((("chow", tile(s, 1)), ("chow", tile(s, 7)),
                                      ("pung", rng.choice(TERMINALS + HONORS)))))
        groups.append(("pair", rng.choice(TERMINALS + HONORS)))
        return style, Plan(groups)
    if style == "honors":
        return style, Plan(fill(rng, [], p_honor=0.6))
    if style == "kongs":
        return style, Plan(fill(rng, [], p_kong=0.5, p_chow=0.3))
    if style == "seven_pairs":
        return style, Plan(loose=seven_pairs(rng), meld="concealed")
    if style == "knitted":
        if rng.random() < 0.5:
            return style, Plan(fill(rng, [], sets=1, p_honor=0.2), loose=knitted(rng))
        tiles = knitted(rng) + list(HONORS)
        return style, Plan(loose=rng.sample(tiles, 14), meld="concealed")
    return style, Plan(fill(rng, []), meld="all", self_drawn=rng.random() < 0.3)


# ---------------------------------------------------------------- templates, one per fan


def _suit(rng: random.Random) -> int:
    return rng.randrange(3)


def _three_suits(rng: random.Random) -> list[int]:
    return rng.sample((0, 1, 2), 3)


def _pung(rng: random.Random, t: int) -> tuple[str, int]:
    return ("kong" if rng.random() < 0.1 else "pung", t)


def t_big_four_winds(r: random.Random) -> Plan:
    return Plan(fill(r, [_pung(r, w) for w in WIND_TILES]))


def t_big_three_dragons(r: random.Random) -> Plan:
    return Plan(fill(r, [_pung(r, d) for d in DRAGONS]))


GREEN = (tile(1, 2), tile(1, 3), tile(1, 4), tile(1, 6), tile(1, 8), 32)


def t_all_green(r: random.Random) -> Plan:
    groups: list[tuple[str, int]] = [
        ("chow", tile(1, 2)) if r.random() < 0.4 else _pung(r, r.choice(GREEN))
        for _ in range(4)]
    return Plan(groups + [("pair", r.choice(GREEN))])


def t_nine_gates(r: random.Random) -> Plan:
    s = _suit(r)
    ranks = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]
    win = tile(s, r.randint(1, 9))
    return Plan(loose=[tile(s, n) for n in ranks] + [win], meld="concealed", win=win)


def t_four_kongs(r: random.Random) -> Plan:
    return Plan(fill(r, [("kong", t) for t in r.sample(range(34), 4)]), meld="some")


def t_seven_shifted_pairs(r: random.Random) -> Plan:
    s, start = _suit(r), r.randint(1, 3)
    return Plan(loose=[tile(s, n) for n in range(start, start + 7) for _ in range(2)],
                meld="concealed")


def t_thirteen_orphans(r: random.Random) -> Plan:
    orphans = list(TERMINALS + HONORS)
    return Plan(loose=orphans + [r.choice(orphans)], meld="concealed")


def t_all_terminals(r: random.Random) -> Plan:
    picks = r.sample(TERMINALS, 5)
    return Plan([_pung(r, t) for t in picks[:4]] + [("pair", picks[4])])


def t_little_four_winds(r: random.Random) -> Plan:
    winds = r.sample(WIND_TILES, 4)
    return Plan(fill(r, [_pung(r, w) for w in winds[:3]] + [("pair", winds[3])]))


def t_little_three_dragons(r: random.Random) -> Plan:
    d = r.sample(DRAGONS, 3)
    return Plan(fill(r, [_pung(r, d[0]), _pung(r, d[1]), ("pair", d[2])]))


def t_all_honors(r: random.Random) -> Plan:
    picks = r.sample(HONORS, 5)
    return Plan([_pung(r, t) for t in picks[:4]] + [("pair", picks[4])])


def t_four_concealed_pungs(r: random.Random) -> Plan:
    picks = r.sample(range(34), 5)
    plan = Plan([("pung", t) for t in picks[:4]] + [("pair", picks[4])], meld="concealed")
    if r.random() < 0.5:
        plan.self_drawn = True
    else:
        plan.win = picks[4]
    return plan


def t_pure_terminal_chows(r: random.Random) -> Plan:
    s = _suit(r)
    return Plan([("chow", tile(s, 1)), ("chow", tile(s, 1)), ("chow", tile(s, 7)),
                 ("chow", tile(s, 7)), ("pair", tile(s, 5))])


def t_quadruple_chow(r: random.Random) -> Plan:
    t = tile(_suit(r), r.randint(1, 7))
    return Plan(fill(r, [("chow", t)] * 4, honors=HONORS))


def t_four_pure_shifted_pungs(r: random.Random) -> Plan:
    s, start = _suit(r), r.randint(1, 6)
    return Plan(fill(r, [_pung(r, tile(s, start + i)) for i in range(4)]))


def t_four_pure_shifted_chows(r: random.Random) -> Plan:
    s, step = _suit(r), r.choice((1, 2))
    start = r.randint(1, 7 - 3 * step)
    return Plan(fill(r, [("chow", tile(s, start + i * step)) for i in range(4)]))


def t_three_kongs(r: random.Random) -> Plan:
    return Plan(fill(r, [("kong", t) for t in r.sample(range(34), 3)]))


def t_all_terminals_and_honors(r: random.Random) -> Plan:
    picks = r.sample(TERMINALS, 2) + r.sample(HONORS, 3)
    r.shuffle(picks)
    return Plan([_pung(r, t) for t in picks[:4]] + [("pair", picks[4])])


def t_seven_pairs(r: random.Random) -> Plan:
    return Plan(loose=seven_pairs(r), meld="concealed")


def t_greater_honors_and_knitted(r: random.Random) -> Plan:
    return Plan(loose=r.sample(knitted(r), 7) + list(HONORS), meld="concealed")


def t_all_even_pungs(r: random.Random) -> Plan:
    evens = [tile(s, n) for s in range(3) for n in (2, 4, 6, 8)]
    picks = r.sample(evens, 5)
    return Plan([_pung(r, t) for t in picks[:4]] + [("pair", picks[4])])


def t_full_flush(r: random.Random) -> Plan:
    return Plan(fill(r, [], suits=[_suit(r)], p_honor=0, honors=()))


def t_pure_triple_chow(r: random.Random) -> Plan:
    t = tile(_suit(r), r.randint(1, 7))
    return Plan(fill(r, [("chow", t)] * 3))


def t_pure_shifted_pungs(r: random.Random) -> Plan:
    s, start = _suit(r), r.randint(1, 7)
    return Plan(fill(r, [_pung(r, tile(s, start + i)) for i in range(3)]))


def _window(lo: int, hi: int) -> Callable[[random.Random], Plan]:
    def template(r: random.Random) -> Plan:
        return Plan(fill(r, [], lo=lo, hi=hi, p_honor=0, honors=()))
    return template


def t_pure_straight(r: random.Random) -> Plan:
    s = _suit(r)
    return Plan(fill(r, [("chow", tile(s, 1)), ("chow", tile(s, 4)), ("chow", tile(s, 7))]))


def t_three_suited_terminal_chows(r: random.Random) -> Plan:
    a, b, c = _three_suits(r)
    return Plan([("chow", tile(a, 1)), ("chow", tile(a, 7)), ("chow", tile(b, 1)),
                 ("chow", tile(b, 7)), ("pair", tile(c, 5))])


def t_pure_shifted_chows(r: random.Random) -> Plan:
    s, step = _suit(r), r.choice((1, 2))
    start = r.randint(1, 7 - 2 * step)
    return Plan(fill(r, [("chow", tile(s, start + i * step)) for i in range(3)]))


def t_all_five(r: random.Random) -> Plan:
    groups: list[tuple[str, int]] = []
    for _ in range(4):
        s = _suit(r)
        groups.append(r.choice((("chow", tile(s, r.randint(3, 5))), _pung(r, tile(s, 5)))))
    return Plan(groups + [("pair", tile(_suit(r), 5))])


def t_triple_pung(r: random.Random) -> Plan:
    n = r.randint(1, 9)
    return Plan(fill(r, [_pung(r, tile(s, n)) for s in range(3)]))


def t_three_concealed_pungs(r: random.Random) -> Plan:
    picks = r.sample(range(34), 3)
    rest = rand_set(r)
    plan = Plan([("pung", t) for t in picks] + [rest, rand_pair(r)], meld="concealed")
    plan.self_drawn = r.random() < 0.6
    return plan


def t_lesser_honors_and_knitted(r: random.Random) -> Plan:
    tiles = knitted(r) + list(HONORS)
    drop = r.choice(HONORS)
    tiles.remove(drop)
    tiles.remove(r.choice(tiles))
    return Plan(loose=tiles, meld="concealed")


def t_knitted_straight(r: random.Random) -> Plan:
    return Plan(fill(r, [], sets=1, p_honor=0.2), loose=knitted(r),
                meld=r.choice(("concealed", "random")), loose_win=r.random() < 0.5)


def t_big_three_winds(r: random.Random) -> Plan:
    winds = r.sample(WIND_TILES, 3)
    return Plan(fill(r, [_pung(r, w) for w in winds], honors=DRAGONS))


def t_mixed_straight(r: random.Random) -> Plan:
    a, b, c = _three_suits(r)
    return Plan(fill(r, [("chow", tile(a, 1)), ("chow", tile(b, 4)), ("chow", tile(c, 7))]))


REVERSIBLE = (tile(2, 1), tile(2, 2), tile(2, 3), tile(2, 4), tile(2, 5), tile(2, 8),
              tile(2, 9), tile(1, 2), tile(1, 4), tile(1, 5), tile(1, 6), tile(1, 8),
              tile(1, 9), 33)
REVERSIBLE_CHOWS = (tile(2, 1), tile(2, 2), tile(2, 3), tile(1, 4))


def t_reversible_tiles(r: random.Random) -> Plan:
    groups: list[tuple[str, int]] = [
        ("chow", r.choice(REVERSIBLE_CHOWS)) if r.random() < 0.5
        else _pung(r, r.choice(REVERSIBLE)) for _ in range(4)]
    return Plan(groups + [("pair", r.choice(REVERSIBLE))])


def t_mixed_triple_chow(r: random.Random) -> Plan:
    n = r.randint(1, 7)
    return Plan(fill(r, [("chow", tile(s, n)) for s in range(3)]))


def t_mixed_shifted_pungs(r: random.Random) -> Plan:
    a, b, c = _three_suits(r)
    n = r.randint(1, 7)
    return Plan(fill(r, [_pung(r, tile(a, n)), _pung(r, tile(b, n + 1)),
                         _pung(r, tile(c, n + 2))]))


def t_chicken_hand(r: random.Random) -> Plan:
    a, b, c = _three_suits(r)
    groups = [("chow", tile(a, r.randint(2, 6))), ("pung", tile(b, r.randint(2, 8))),
              ("chow", tile(c, r.randint(1, 7))), rand_set(r, p_honor=0)]
    pair = ("pair", r.choice(HONORS + TERMINALS))
    return Plan(groups + [pair], meld="some", self_drawn=False, four_th=False,
                about_kong=False, wall_last=False)


def _situation(**flags: bool) -> Callable[[random.Random], Plan]:
    """A random hand with situation flags set; with a kong when the flags are about one."""
    def template(r: random.Random) -> Plan:
        if flags.get("about_kong"):
            plan = Plan(fill(r, [("kong", r.randrange(34))] if flags.get("self_drawn") else []))
        else:
            plan = random_plan(r)[1]
        for name, value in flags.items():
            setattr(plan, name, value)
        return plan
    return template


def t_all_pungs(r: random.Random) -> Plan:
    return Plan(fill(r, [], p_chow=0, p_honor=0.2), meld="some")


def t_half_flush(r: random.Random) -> Plan:
    s = _suit(r)
    return Plan(fill(r, [_pung(r, r.choice(HONORS))], suits=[s], p_honor=0.2))


def t_mixed_shifted_chows(r: random.Random) -> Plan:
    a, b, c = _three_suits(r)
    n = r.randint(1, 5)
    return Plan(fill(r, [("chow", tile(a, n)), ("chow", tile(b, n + 1)),
                         ("chow", tile(c, n + 2))]))


def t_all_types(r: random.Random) -> Plan:
    a, b, c = _three_suits(r)
    groups = [rand_set(r, suits=[a], p_honor=0), rand_set(r, suits=[b], p_honor=0),
              rand_set(r, suits=[c], p_honor=0)]
    if r.random() < 0.5:
        groups += [_pung(r, r.choice(WIND_TILES)), ("pair", r.choice(DRAGONS))]
    else:
        groups += [_pung(r, r.choice(DRAGONS)), ("pair", r.choice(WIND_TILES))]
    return Plan(groups)


def t_melded_hand(r: random.Random) -> Plan:
    return Plan(fill(r, []), meld="all", self_drawn=False)


def t_two_concealed_kongs(r: random.Random) -> Plan:
    return Plan(fill(r, [("kong", t) for t in r.sample(range(34), 2)]), meld="concealed")


def t_two_dragons_pungs(r: random.Random) -> Plan:
    return Plan(fill(r, [_pung(r, d) for d in r.sample(DRAGONS, 2)], honors=WIND_TILES))


def t_outside_hand(r: random.Random) -> Plan:
    return random_plan_style(r, "outside")


def random_plan_style(r: random.Random, style: str) -> Plan:
    while True:
        got, plan = random_plan(r)
        if got == style:
            return plan


def t_two_melded_kongs(r: random.Random) -> Plan:
    return Plan(fill(r, [("kong", t) for t in r.sample(range(34), 2)]), meld="all")


def t_concealed_kong_and_melded_kong(r: random.Random) -> Plan:
    return Plan(fill(r, [("kong", t) for t in r.sample(range(34), 2)]))


def t_flower_tiles(r: random.Random) -> Plan:
    return random_plan(r)[1]


TEMPLATES: dict[str, Callable[[random.Random], Plan]] = {
    "Big Four Winds": t_big_four_winds,
    "Big Three Dragons": t_big_three_dragons,
    "All Green": t_all_green,
    "Nine Gates": t_nine_gates,
    "Four Kongs": t_four_kongs,
    "Seven Shifted Pairs": t_seven_shifted_pairs,
    "Thirteen Orphans": t_thirteen_orphans,
    "All Terminals": t_all_terminals,
    "Little Four Winds": t_little_four_winds,
    "Little Three Dragons": t_little_three_dragons,
    "All Honors": t_all_honors,
    "Four Concealed Pungs": t_four_concealed_pungs,
    "Pure Terminal Chows": t_pure_terminal_chows,
    "Quadruple Chow": t_quadruple_chow,
    "Four Pure Shifted Pungs": t_four_pure_shifted_pungs,
    "Four Pure Shifted Chows": t_four_pure_shifted_chows,
    "Three Kongs": t_three_kongs,
    "All Terminals and Honors": t_all_terminals_and_honors,
    "Seven Pairs": t_seven_pairs,
    "Greater Honors and Knitted Tiles": t_greater_honors_and_knitted,
    "All Even Pungs": t_all_even_pungs,
    "Full Flush": t_full_flush,
    "Pure Triple Chow": t_pure_triple_chow,
    "Pure Shifted Pungs": t_pure_shifted_pungs,
    "Upper Tiles": _window(7, 9),
    "Middle Tiles": _window(4, 6),
    "Lower Tiles": _window(1, 3),
    "Pure Straight": t_pure_straight,
    "Three-Suited Terminal Chows": t_three_suited_terminal_chows,
    "Pure Shifted Chows": t_pure_shifted_chows,
    "All Five": t_all_five,
    "Triple Pung": t_triple_pung,
    "Three Concealed Pungs": t_three_concealed_pungs,
    "Lesser Honors and Knitted Tiles": t_lesser_honors_and_knitted,
    "Knitted Straight": t_knitted_straight,
    "Upper Four": _window(6, 9),
    "Lower Four": _window(1, 4),
    "Big Three Winds": t_big_three_winds,
    "Mixed Straight": t_mixed_straight,
    "Reversible Tiles": t_reversible_tiles,
    "Mixed Triple Chow": t_mixed_triple_chow,
    "Mixed Shifted Pungs": t_mixed_shifted_pungs,
    "Chicken Hand": t_chicken_hand,
    "Last Tile Draw": _situation(wall_last=True, self_drawn=True),
    "Last Tile Claim": _situation(wall_last=True, self_drawn=False),
    "Out with Replacement Tile": _situation(about_kong=True, self_drawn=True),
    "Robbing The Kong": _situation(about_kong=True, self_drawn=False),
    "All Pungs": t_all_pungs,
    "Half Flush": t_half_flush,
    "Mixed Shifted Chows": t_mixed_shifted_chows,
    "All Types": t_all_types,
    "Melded Hand": t_melded_hand,
    "Two Concealed Kongs": t_two_concealed_kongs,
    "Two Dragons Pungs": t_two_dragons_pungs,
    "Outside Hand": t_outside_hand,
    "Two Melded Kongs": t_two_melded_kongs,
    "Last Tile": _situation(four_th=True),
    "Concealed Kong and Melded Kong": t_concealed_kong_and_melded_kong,
}


# ---------------------------------------------------------------- the C++ unit test's hands

UNIT_CALL = re.compile(
    r'^\s*test_points\("([^"]*)",\s*([^,]+?),\s*wind_t::(\w+),\s*wind_t::(\w+)\);')
FLAG_BITS = {"WIN_FLAG_DISCARD": 0, "WIN_FLAG_SELF_DRAWN": 1, "WIN_FLAG_LAST_TILE": 2,
             "WIN_FLAG_KONG_INVOLVED": 4, "WIN_FLAG_WALL_LAST": 8, "WIN_FLAG_INITIAL": 16}
HONOR_LETTERS = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}
SUFFIX = {"m": "W", "s": "T", "p": "B"}


def parse_unit_hand(text: str) -> tuple[list[Pack], list[str], str]:
    """Packs, standing tiles and winning tile of a hand in the reference's string notation
    (``stringify.cpp``'s ``string_to_tiles``: ``[...]`` a pack, an offer digit after its
    tiles; the last tile of a full hand is the winning tile)."""
    packs: list[Pack] = []
    standing: list[str] = []
    digits: list[int] = []
    current: list[str] = []
    for c in text:
        if c.isdigit():
            digits.append(int(c))
        elif c in SUFFIX:
            current += [f"{SUFFIX[c]}{d}" for d in digits]
            digits = []
        elif c in HONOR_LETTERS:
            current.append(HONOR_LETTERS[c])
        elif c == "[":
            standing += current
            current = []
        elif c == "]":
            offer = digits[0] if len(digits) == 1 and digits[0] != 4 else 0
            packs.append(_unit_pack(current, offer))
            current, digits = [], []
        else:
            raise ValueError(f"unexpected {c!r} in {text!r}")
    standing += current
    if len(standing) != 14 - 3 * len(packs):
        raise ValueError(f"not a full hand: {text!r}")
    return packs, standing[:-1], standing[-1]


def _unit_pack(tiles: list[str], offer: int) -> Pack:
    if len(tiles) == 4 and len(set(tiles)) == 1:
        return ("GANG", tiles[0], offer)
    if len(tiles) != 3:
        raise ValueError(f"bad pack {tiles}")
    offer = offer or 1
    if len(set(tiles)) == 1:
        return ("PENG", tiles[0], offer)
    middle = sorted(tiles, key=INDEX.__getitem__)[1]
    return ("CHI", middle, offer)


def unit_test_rows(source: str, path_in_sdist: str) -> list[Json]:
    rows: list[Json] = []
    for number, line in enumerate(source.splitlines(), 1):
        match = UNIT_CALL.match(line)
        if not match:
            continue
        text, flag_text, prevalent, seat = match.groups()
        flags = [f.strip() for f in flag_text.split("|")]
        bits = sum(FLAG_BITS[f] for f in flags)
        packs, standing, win = parse_unit_hand(text)
        inputs: Json = {
            "pack": [list(p) for p in packs], "hand": standing, "winTile": win,
            "flowerCount": 0, "isSelfDrawn": bool(bits & 1), "is4thTile": bool(bits & 2),
            "isAboutKong": bool(bits & 4), "isWallLast": bool(bits & 8),
            "seatWind": WINDS.index(seat.lower()), "prevalentWind": WINDS.index(prevalent.lower()),
        }
        rows.append({"kind": "unit_test", "source": f"{path_in_sdist}:{number}",
                     "unit_test": {"string": text, "win_flag": " | ".join(flags),
                                   "dropped_flags": [f for f in flags
                                                     if f == "WIN_FLAG_INITIAL"]},
                     "inputs": inputs})
    return rows


def download_sdist(folder: Path) -> Path:
    """``pip download`` the reference's sdist into ``folder``."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-binary", ":all:",
                    "--no-deps", "--quiet", "-d", str(folder), REFERENCE], check=True)
    (archive,) = folder.glob("*.tar.gz")
    return archive


def read_unit_test(sdist: Path) -> str:
    """The text of the C++ unit test, from the sdist (``.tar.gz`` or unpacked)."""
    if sdist.is_dir():
        return (sdist / UNIT_TEST).read_text(encoding="utf-8-sig")
    with tarfile.open(sdist) as tar:
        member = tar.extractfile(f"{SDIST_ROOT}/{UNIT_TEST}")
        if member is None:
            raise FileNotFoundError(UNIT_TEST)
        return member.read().decode("utf-8-sig")


def check_cpp(sdist: Path, rows: list[Json]) -> list[str]:
    """Build the C++ unit test with g++, run it, and compare what it prints (fan names in
    Chinese, values, counts and the total) to the unit-test rows; the sources of rows that
    differ."""
    with tempfile.TemporaryDirectory() as folder:
        if sdist.is_dir():
            source = sdist / UNIT_TEST
        else:
            with tarfile.open(sdist) as tar:
                tar.extractall(folder, filter="data")
            source = Path(folder) / SDIST_ROOT / UNIT_TEST
        program = Path(folder) / "unit_test"
        subprocess.run(["g++", "-std=c++11", "-O2", "-w", str(source), "-o", str(program)],
                       check=True)
        printed = subprocess.run([str(program)], capture_output=True, text=True,
                                 encoding="utf-8", check=True).stdout
    answers: list[tuple[str, int, dict[str, tuple[int, int]]]] = []
    for block in printed.split("----------------\n")[1:]:
        lines = block.strip("\n").split("\n")
        if len(lines) < 2 or not lines[1].startswith("max points = "):
            continue
        fans: dict[str, tuple[int, int]] = {}
        for line in lines[3:]:
            if line.startswith("===="):
                break
            if line.strip():
                name, value = line.rsplit(" ", 1)
                each, _, count = value.partition("*")
                fans[name] = (int(each), int(count or 1))
        answers.append((lines[0], int(lines[1].split("=")[1]), fans))
    unit = [row for row in rows if row["kind"] == "unit_test"]
    if len(answers) != len(unit):
        raise AssertionError(f"{len(answers)} answers printed for {len(unit)} hands")
    differ = []
    for row, (text, total, fans) in zip(unit, answers, strict=True):
        assert row["unit_test"]["string"] == text, (row["unit_test"]["string"], text)
        ours = {f["name_zh"]: (f["value"], f["count"]) for f in row["fans"]}
        if (row["total"] if row["total"] is not None else -3, ours) != (total, fans):
            differ.append(f"{row['source']} {text} ({row['unit_test']['win_flag']}): "
                          f"C++ {total}, binding {row['total']}")
    return differ


# ---------------------------------------------------------------- the corpus


class Builder:
    def __init__(self, calculate: Calculator, seed: int = SEED) -> None:
        self.calculate = calculate
        self.rng = random.Random(seed)
        self.rows: list[Json] = []
        self.coverage: Counter[str] = Counter()
        self.template_tries: Counter[str] = Counter()

    def add(self, row: Json) -> Json:
        row.update(score(self.calculate, row["inputs"]))
        row["neutral"] = neutral(row["inputs"])
        row["id"] = len(self.rows)
        self.rows.append(row)
        for fan in row["fans"]:
            self.coverage[fan["name"]] += 1
        return row

    def add_plan(self, kind: str, plan: Plan) -> Json | None:
        inputs = realize(self.rng, plan)
        if inputs is None:
            return None
        return self.add({"kind": kind, "inputs": inputs})

    def random_hand(self) -> None:
        while True:
            style, plan = random_plan(self.rng)
            if self.add_plan(f"random:{style}", plan) is not None:
                return

    def cover(self, names: Iterable[str]) -> None:
        for name in names:
            template = TEMPLATES.get(name, t_flower_tiles)
            while self.coverage[name] < FAN_TARGET and self.template_tries[name] < TEMPLATE_TRIES:
                self.template_tries[name] += 1
                self.add_plan(f"template:{name}", template(self.rng))

    def refused_hand(self) -> None:
        rng = self.rng
        while True:
            _, plan = random_plan(rng)
            inputs = realize(rng, plan)
            if inputs is None:
                continue
            hand = inputs["hand"]
            if rng.random() < 0.1:
                del hand[rng.randrange(len(hand))]
                how = "wrong_count"
            else:
                i = rng.randrange(len(hand))
                counts = tile_counts(inputs)
                choices = [c for c in TILES if c != hand[i] and counts[c] < 4]
                hand[i] = rng.choice(choices)
                hand.sort(key=INDEX.__getitem__)
                how = "not_win"
            if score(self.calculate, inputs)["refused"]:
                self.add({"kind": f"refused:{how}", "inputs": inputs})
                return


def build(calculate: Calculator, unit_source: str) -> tuple[list[Json], Builder]:
    builder = Builder(calculate)
    for row in unit_test_rows(unit_source, f"{SDIST_ROOT}/{UNIT_TEST}"):
        builder.add(row)
    refused = round(TOTAL_ROWS * REFUSED_SHARE)
    while len(builder.rows) < TOTAL_ROWS - refused - 400:
        builder.random_hand()
    # rarest first: the fans with the fewest rows so far
    order = sorted((*(f.name for f in FANS), EXTRA_FAN.name), key=builder.coverage.__getitem__)
    builder.cover(order)
    while len(builder.rows) < TOTAL_ROWS - refused:
        builder.random_hand()
    for _ in range(refused):
        builder.refused_hand()
    return builder.rows, builder


def encode(rows: list[Json]) -> bytes:
    text = "".join(json.dumps(row, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
                   + "\n" for row in rows)
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9,
                       mtime=0) as out:
        out.write(text.encode("utf-8"))
    return buffer.getvalue()


def summary(rows: list[Json]) -> Json:
    scored = [r for r in rows if not r["refused"]]
    coverage = Counter(f["name"] for r in scored for f in r["fans"])
    return {
        "rows": len(rows),
        "unit_test": sum(r["kind"] == "unit_test" for r in rows),
        "scored": len(scored),
        "refused": len(rows) - len(scored),
        "with_claimed_melds": sum(any(p[2] for p in r["inputs"]["pack"]) for r in rows),
        "with_kong": sum(any(p[0] == "GANG" for p in r["inputs"]["pack"]) for r in rows),
        "coverage": {f.name: coverage[f.name] for f in (*FANS, EXTRA_FAN)},
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--sdist", type=Path, help="pymahjonggb 1.4.0 sdist (.tar.gz or folder)")
    parser.add_argument("--out", type=Path, default=CORPUS)
    parser.add_argument("--check-cpp", action="store_true",
                        help="also build the C++ unit test with g++ and compare its answers")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        sdist = args.sdist or download_sdist(Path(folder))
        unit_source = read_unit_test(sdist)
        rows, builder = build(load_reference(), unit_source)
        data = encode(rows)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_bytes(data)
        print(f"wrote {args.out} ({len(data):,} bytes) in {time.perf_counter() - started:.1f} s")
        if args.check_cpp:
            differ = check_cpp(sdist, rows)
            unit = sum(row["kind"] == "unit_test" for row in rows)
            print(f"C++ unit test: {unit - len(differ)} of {unit} hands answered alike")
            for line in differ:
                print(f"  differs: {line}")
    facts = summary(rows)
    coverage = facts.pop("coverage")
    rows_n = facts["rows"]
    for key, value in facts.items():
        print(f"  {key}: {value:,} ({100 * value / rows_n:.1f}%)")
    low = min(coverage.values())
    print(f"  per-fan coverage (scored rows with the fan): min {low}")
    for name, count in sorted(coverage.items(), key=lambda item: item[1]):
        tries = builder.template_tries[name]
        print(f"    {count:6d}  {name}" + (f"  ({tries} template hands)" if tries else ""))
    missing = [name for name, count in coverage.items() if count < 5]
    if missing:
        print(f"fan in fewer than 5 rows: {missing}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
