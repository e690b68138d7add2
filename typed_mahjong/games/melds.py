"""Melds and kongs in a hand (docs/games.md, "Melds and kongs").

A hand may write the groups it claimed from a discard in parentheses, ``(4p 4p 4p)``,
``(1m 2m 3m)``, ``(east east east east)`` (a claimed kong), and its concealed kongs in
square brackets, ``[5s 5s 5s 5s]``. A meld is one group of every reading, never split or
regrouped. A kong plays a ``3`` of the structure (the structure counts groups), so a hand
with ``k`` kongs has ``rules.hand_size + k`` tiles; its slots see three of its four tiles
(the same tile), and aggregates over its group and over ``hand`` see all four
(``compiler.InputEnv.extra``).

Meld tiles carry the built-in attributes ``claimed`` (in a ``( )`` meld), ``kong`` (in a
kong, claimed or concealed) and ``concealed_kong`` (in a ``[ ]`` kong). Their records have
codes of their own (beyond the engine's table), so a hand with melds is never confused with
the same tiles concealed in any cache.

Hostile text: a hand with brackets is bounded in length before it is read, read in one
pass (no regular expression can backtrack: the token pattern is one character class), and
the scan stops past the most tiles a hand can have.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .compiler import CLAIMED, CODE, CONCEALED_KONG, KONG, LAST, SOURCE, WILD
from .errors import GameError

if TYPE_CHECKING:
    from .engine import Engine

BRACKETS = "()[]"
CLOSER = {"(": ")", "[": "]"}
# The longest hand text with brackets read: 34 tiles of 40 characters and their
# separators fit many times over; anything longer is refused before it is scanned.
MAX_TEXT = 4096
# The work of reading a hand with melds: a unit a piece of text (a tile, a bracket, a run
# of separators), and each meld checked (its tiles, plus the sets rule's own cost for a
# chow or pung), as engine.py counts its work.
PIECE_WORK = 1
TILE_WORK = 1
MELD_WORK = 4
# A piece of hand text: a run of separators, one bracket, or a tile name. The three
# alternatives start with different characters, so matching never backtracks.
_PIECE = re.compile(r"(?P<gap>[\s,]+)|(?P<bracket>[()\[\]])|(?P<tile>[^\s,()\[\]]+)")
Fail = Callable[[str, "int | None"], GameError]
Record = tuple[Any, ...]


def notation_available(names: Iterable[str]) -> bool:
    """Brackets mark melds unless some tile's name has one (then hands read as before)."""
    return not any(bracket in name for name in names for bracket in BRACKETS)


def mark(record: Record) -> str:
    """How a reading shows the group of this tile: "(" claimed, "[" concealed kong."""
    return "(" if record[CLAIMED] else "[" if record[CONCEALED_KONG] else ""


def has_brackets(hand: str) -> bool:
    return any(bracket in hand for bracket in BRACKETS)


@dataclass(frozen=True, slots=True)
class Meld:
    """A bracketed group as written: ``(`` claimed or ``[`` concealed kong."""

    opener: str
    tiles: tuple[tuple[str, int], ...]  # (name, position) in text order
    start: int  # position of the opening bracket

    @property
    def kong(self) -> bool:
        return len(self.tiles) == 4

    def text(self) -> str:
        inner = " ".join(name for name, _ in self.tiles)
        return f"{self.opener}{inner}{CLOSER[self.opener]}"


@dataclass(frozen=True, slots=True)
class MeldBlock:
    """A meld ready for the search: its record codes (sorted) and records."""

    codes: tuple[int, ...]
    records: tuple[Record, ...]
    opener: str


@dataclass(frozen=True, slots=True)
class HandMelds:
    """The melds of one hand, and the work spent reading and checking them."""

    blocks: tuple[MeldBlock, ...]
    kongs: int
    work: int


def read(engine: Engine, hand: str, waiting: bool = False) -> tuple[list[int], HandMelds]:
    """The counts of a hand's tiles outside melds (``Engine.item_counts``) and its melds,
    every fault a located ``bad-hand`` error. A ``waiting`` hand (waits.py) has a tile
    less and no winning tile."""
    def fail(message: str, position: int | None) -> GameError:
        return engine.hand_error(hand, message, position)

    size = engine.hand_size - waiting
    most = size + engine.hand_size // 3  # a kong plays a 3: one tile more
    tokens, written, pieces = scan(hand, most, fail)
    if not waiting:
        check_winning_tile(tokens, written, fail)
    kongs = sum(1 for meld in written if meld.kong)
    engine.check_tiles(hand, tokens, size + kongs, most, kongs, waiting)
    found = blocks(engine, written, fail)
    inside = {tile for meld in written for tile in meld.tiles}
    counts = engine.item_counts([token for token in tokens if token not in inside], waiting)
    return counts, dataclasses.replace(found, work=found.work + PIECE_WORK * pieces)


def scan(hand: str, most: int, fail: Fail) -> tuple[list[tuple[str, int]], list[Meld], int]:
    """Every tile (name, position) in text order, the melds, and the pieces of text read
    (a unit of work each); stops past ``most`` tiles (the caller reports the count)."""
    if len(hand) > MAX_TEXT:
        raise fail(f"the hand text has {len(hand)} characters; a hand with melds has at "
                   f"most {MAX_TEXT}", None)
    tokens: list[tuple[str, int]] = []
    melds: list[Meld] = []
    opener, open_at, inside = "", -1, 0  # the open meld: bracket, position, first token
    pieces = 0
    for match in _PIECE.finditer(hand):
        pieces += 1
        kind, text, i = match.lastgroup, match.group(), match.start()
        if kind == "tile":
            tokens.append((text, i))
            if len(tokens) > most:
                return tokens, melds, pieces
        elif kind == "gap":
            continue
        elif text in "([":
            if open_at >= 0:
                raise fail(f"'{text}' opens a meld inside the meld opened at column "
                           f"{open_at + 1}: melds do not nest", i)
            opener, open_at, inside = text, i, len(tokens)
        else:  # a closing bracket
            if open_at < 0:
                raise fail(f"'{text}' closes no meld", i)
            if text != CLOSER[opener]:
                raise fail(f"the meld opened with '{opener}' at column {open_at + 1} is "
                           f"closed with '{text}' (write '{CLOSER[opener]}')", i)
            melds.append(_meld(opener, tuple(tokens[inside:]), open_at, fail))
            open_at = -1
    if open_at >= 0:
        raise fail(f"the meld opened with '{opener}' at column {open_at + 1} is not closed "
                   f"(write '{CLOSER[opener]}')", open_at)
    return tokens, melds, pieces


def _meld(opener: str, tiles: tuple[tuple[str, int], ...], start: int, fail: Fail) -> Meld:
    meld = Meld(opener, tiles, start)
    if not tiles:
        raise fail(f"an empty meld '{meld.text()}'", start)
    if opener == "[" and len(tiles) != 4:
        raise fail(f"the meld '{meld.text()}' has {len(tiles)} tile"
                   f"{'s' if len(tiles) != 1 else ''}: square brackets hold a concealed "
                   "kong of 4 tiles (a concealed chow or pung is written without brackets)",
                   start)
    if len(tiles) not in (3, 4):
        raise fail(f"the meld '{meld.text()}' has {len(tiles)} tile"
                   f"{'s' if len(tiles) != 1 else ''}: a meld is a chow or pung of 3 tiles "
                   "or a kong of 4", start)
    return meld


def check_winning_tile(tokens: list[tuple[str, int]], melds: list[Meld], fail: Fail) -> None:
    """The winning tile is the last-named one; it was drawn or claimed to complete the
    hand, so it is never part of a meld."""
    if not tokens or not melds:
        return
    last = tokens[-1]
    for meld in melds:
        if last in meld.tiles:
            raise fail(f"the winning tile '{last[0]}' (the last tile named) is inside the "
                       f"meld '{meld.text()}'; name the winning tile last, outside any meld",
                       last[1])


def blocks(engine: Engine, melds: list[Meld], fail: Fail) -> HandMelds:
    """Check each meld's tiles and turn it into records for the search."""
    rank = {name: i for i, name in enumerate(engine.kinds)}
    table = len(engine.records)
    result = []
    work = 0
    kongs = 0
    for meld in melds:
        work += MELD_WORK + TILE_WORK * len(meld.tiles)
        for name, position in meld.tiles:
            if name not in rank:  # known tiles were checked: this is a wildcard
                raise fail(f"the wildcard '{name}' is in the meld '{meld.text()}'; a meld "
                           "holds the tiles it shows, so write the tile, not a wildcard",
                           position)
        if meld.kong:
            kongs += 1
            names = sorted({name for name, _ in meld.tiles})
            if len(names) > 1:
                raise fail(f"the kong '{meld.text()}' is not four of one tile", meld.start)
        # record codes beyond the table: 1 claimed chow/pung, 2 claimed kong, 3 concealed
        kind = 3 if meld.opener == "[" else 2 if meld.kong else 1
        records = []
        for name, _ in meld.tiles:
            base = engine.records[engine.record_code(rank[name], 0, False)]
            records.append((*base[:CODE], base[CODE] + kind * table, base[SOURCE],
                            meld.opener == "(", meld.kong, meld.opener == "[",
                            *base[CONCEALED_KONG + 1:]))
        records.sort(key=lambda record: record[CODE])
        assert not any(record[WILD] or record[LAST] for record in records)
        rule = engine.set_rules.get(3)
        if not meld.kong and rule is not None:
            work += rule.cost
            env = records + [None] * (rule.env_size - 3)
            if not rule.fn(env):
                raise fail(f"the meld '{meld.text()}' is not a group of 3 this game "
                           "allows (its sets rule for groups of 3)", meld.start)
        assert all(record[CLAIMED] == (meld.opener == "(") and record[KONG] == meld.kong
                   for record in records)
        result.append(MeldBlock(tuple(r[CODE] for r in records), tuple(records), meld.opener))
    return HandMelds(tuple(result), kongs, work)
