"""Converters between our MPSZ notation and the tile encodings other software uses.

- **136-tile ids** (Tenhou, PyPI ``mahjong``, most simulators): tile ``t`` (0..33, see
  ``typed_mahjong.core.tiles``) has the four ids ``4t .. 4t+3``. Where the lobby plays red fives,
  ids 16, 52 and 88 (the first copy of 5m, 5p, 5s) are the red ones.
- **34-tile counts**: a list of 34 counts, index = our tile index. Red fives are lost here
  (the count has no room for them), so only ``to_34`` / ``from_34`` drop that flag.
- **mjai tile names**: ``1m``..``9m``, ``5mr`` for a red five, honours ``E S W N P F C``.
- **tenhou.net/6 codes**: ``11``..``19`` man, ``21``..``29`` pin, ``31``..``39`` sou,
  ``41``..``47`` honours E S W N white green red, ``51``/``52``/``53`` red 5m/5p/5s.

Every converter parses our text with ``typed_mahjong.core.tiles.parse_tiles`` and formats with
``format_tiles``: the notation is decided there only. Text comes out canonical (suits in
m p s z order, ranks ascending), so ``from_x(to_x(text))`` is the canonical form of ``text``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import HandError
from .tiles import HONOUR_LETTERS, format_tiles, parse_tiles, tile_name

Tile = tuple[int, bool]  # (tile index 0..33, red five)

RED_IDS = (16, 52, 88)  # the red 5m, 5p, 5s among the 136 ids, where red fives are played
_RED_ID_SET = frozenset(RED_IDS)
_MJAI_HONOURS = tuple(HONOUR_LETTERS)  # E S W N P F C: mjai uses the same letters


def tiles_of(text: str) -> list[Tile]:
    """The tiles of MPSZ text in the order written, as (index, red)."""
    return [(parsed.tile, parsed.red) for parsed in parse_tiles("".join(text.split()))]


# --- 136-tile ids -------------------------------------------------------------------------

def tile_from_136(tile_id: int, *, red_fives: bool = True) -> Tile:
    """The tile of one 136-id; ids 16/52/88 are red fives when ``red_fives``."""
    if isinstance(tile_id, bool) or not isinstance(tile_id, int) or not 0 <= tile_id < 136:
        raise HandError(f"136-id: {tile_id!r} is not a tile id (0..135)", field="136-id")
    return tile_id // 4, red_fives and tile_id in _RED_ID_SET


def from_136(ids: Iterable[int], *, red_fives: bool = True) -> str:
    """MPSZ text of 136-tile ids, e.g. ``from_136([16, 17, 20]) == "056m"``."""
    seen: set[int] = set()
    tiles = []
    for tile_id in ids:
        tile = tile_from_136(tile_id, red_fives=red_fives)
        if tile_id in seen:
            raise HandError(f"136-id: id {tile_id} appears twice (each id is one physical "
                            f"tile)", field="136-id")
        seen.add(tile_id)
        tiles.append(tile)
    return format_tiles(tiles)


def to_136(text: str, *, red_fives: bool = True) -> list[int]:
    """136-ids for MPSZ text: each tile takes its lowest free copy, in the order written.

    With ``red_fives`` a red five takes id 16/52/88 and a plain five never does; without,
    a red five in the text is an error and every copy is plain.
    """
    used: set[int] = set()
    ids = []
    for parsed in parse_tiles("".join(text.split())):
        tile = parsed.tile
        if parsed.red and not red_fives:
            raise HandError(f"136-id: red five {tile_name(tile, True)} given, but red fives "
                            f"are off", field="tiles", position=parsed.position)
        if parsed.red:
            candidates = [4 * tile]
        else:
            candidates = [4 * tile + copy for copy in range(4)
                          if not (red_fives and 4 * tile + copy in _RED_ID_SET)]
        free = next((tile_id for tile_id in candidates if tile_id not in used), None)
        if free is None:
            what = "the red five" if parsed.red else "a free copy"
            raise HandError(f"136-id: no {what} of {tile_name(tile, parsed.red)} left (four "
                            f"copies exist, one of a five is red)", field="tiles",
                            position=parsed.position)
        used.add(free)
        ids.append(free)
    return ids


# --- 34-tile counts -----------------------------------------------------------------------

def to_34(text: str) -> list[int]:
    """34 counts of MPSZ text (a red five counts as its five)."""
    counts = [0] * 34
    for tile, _ in tiles_of(text):
        counts[tile] += 1
    return counts


def from_34(counts: Sequence[int]) -> str:
    """MPSZ text of 34 counts (each 0..4)."""
    if len(counts) != 34:
        raise HandError(f"counts: expected 34 tile counts, got {len(counts)}", field="counts")
    tiles: list[Tile] = []
    for tile, count in enumerate(counts):
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 4:
            raise HandError(f"counts: {tile_name(tile)} (index {tile}) has count {count!r}; "
                            f"counts are 0..4", field="counts", position=tile)
        tiles.extend([(tile, False)] * count)
    return format_tiles(tiles)


# --- mjai ---------------------------------------------------------------------------------

def mjai_name(tile: int, red: bool = False) -> str:
    """The mjai spelling of one tile: ``5mr`` for a red five, ``E``..``C`` for honours."""
    if tile >= 27:
        return _MJAI_HONOURS[tile - 27]
    return tile_name(tile) + ("r" if red else "")


_FROM_MJAI: dict[str, Tile] = {
    mjai_name(tile, red): (tile, red)
    for tile in range(34) for red in (False, True) if not red or (tile < 27 and tile % 9 == 4)
}


def tile_from_mjai(name: str) -> Tile:
    """The tile of one mjai name; unknown names (``?`` for a hidden tile...) are errors."""
    tile = _FROM_MJAI.get(name) if isinstance(name, str) else None
    if tile is None:
        raise HandError(f"mjai: {name!r} is not an mjai tile name (1m..9m, 5mr, ..., E S W N "
                        f"P F C)", field="mjai")
    return tile


def to_mjai(text: str) -> list[str]:
    """mjai names of MPSZ text, in the order written."""
    return [mjai_name(tile, red) for tile, red in tiles_of(text)]


def from_mjai(names: Iterable[str]) -> str:
    """MPSZ text of mjai names."""
    return format_tiles([tile_from_mjai(name) for name in names])


# --- tenhou.net/6 -------------------------------------------------------------------------

def tenhou6_code(tile: int, red: bool = False) -> int:
    """The tenhou.net/6 code of one tile (11..47, red fives 51..53)."""
    if red:
        return 51 + tile // 9
    return 10 * (tile // 9 + 1) + tile % 9 + 1


def tile_from_tenhou6(code: int) -> Tile:
    """The tile of one tenhou.net/6 code; 60 (tsumogiri marker) and the like are errors."""
    if not isinstance(code, bool) and isinstance(code, int):
        suit, rank = divmod(code, 10)
        if 1 <= suit <= 3 and 1 <= rank <= 9:
            return 9 * (suit - 1) + rank - 1, False
        if suit == 4 and 1 <= rank <= 7:
            return 26 + rank, False
        if suit == 5 and 1 <= rank <= 3:
            return 9 * (rank - 1) + 4, True
    raise HandError(f"tenhou6: {code!r} is not a tile code (11-19, 21-29, 31-39, 41-47, "
                    f"51-53)", field="tenhou6")


def to_tenhou6(text: str) -> list[int]:
    """tenhou.net/6 codes of MPSZ text, in the order written."""
    return [tenhou6_code(tile, red) for tile, red in tiles_of(text)]


def from_tenhou6(codes: Iterable[int]) -> str:
    """MPSZ text of tenhou.net/6 codes."""
    return format_tiles([tile_from_tenhou6(code) for code in codes])
