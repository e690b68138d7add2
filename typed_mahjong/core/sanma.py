"""Three-player mahjong (sanma): the tile set and the inputs the rules forbid.

Sanma plays without 2m-8m and without chi; the North seat is empty, so seats (and the liable
player of a pao) are East, South or West. Every check here points at the offending text.
Which rules a ``Rules`` value plays is ``rules.players`` (3 for the sanma presets).
"""

from __future__ import annotations

import re

from ..errors import RULES, HandError
from .tiles import NORTH, parse_tiles, tile_name

# Tile indices left out of a three-player set: 2m..8m.
ABSENT_TILES = frozenset(range(1, 8))
_GROUP = re.compile(r"\S+")


def check_sanma_text(text: str, field: str, rules_name: str) -> None:
    """Raise a located HandError for a 2m-8m tile or a chi in ``text`` (hand or tiles)."""
    if "m" not in text and "chi" not in text:  # 2m-8m need the suit letter m
        return
    for match in _GROUP.finditer(text):
        group, start = match.group(), match.start()
        kind, colon, tiles_text = group.partition(":")
        if not colon:
            kind, tiles_text = "", group
        elif kind == "chi":
            raise HandError(f"{field}: chi is not called in three-player mahjong (rules "
                            f"{rules_name!r})", field=field, position=start, source=text,
                            kind=RULES)
        offset = start + (len(kind) + 1 if colon else 0)
        try:
            tiles = parse_tiles(tiles_text, field=field, offset=offset)
        except HandError:
            continue  # malformed text: the ordinary parser reports it
        for parsed in tiles:
            if parsed.tile in ABSENT_TILES:
                raise HandError(f"{field}: {tile_name(parsed.tile, parsed.red)} is not in the "
                                f"three-player tile set (no 2m-8m under the {rules_name!r} "
                                f"rules)", field=field, position=parsed.position,
                                source=text, kind=RULES)


def check_sanma_seat(wind: int, field: str, text: str, rules_name: str) -> None:
    """The North seat is empty in sanma."""
    if wind == NORTH:
        raise HandError(f"{field}: {text!r} is the North seat, which is empty in "
                        f"three-player mahjong (use E, S or W; rules {rules_name!r})",
                        field=field, source=text, kind=RULES)

