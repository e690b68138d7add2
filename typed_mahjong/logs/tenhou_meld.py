"""Tenhou's meld code (the ``m`` attribute of ``<N>`` and ``<AGARI>``) decoded.

Bit layout (tenhou.net's client; documented by several log tools): bit 2 set = chi, bit 3 =
pon, bit 4 = added kan (kakan), bit 5 = nuki (sanma's North); none of them = a kan, closed
when the two low bits (the relative seat it was called from) are 0. The upper bits give the
called tile and, for a pon, which copy stays out of it. A code whose bits name no meld of
the game (a run of honours, a North set aside that is no North) is refused, so every id
of a decoded meld is a tile (0..135).
"""

from __future__ import annotations

from dataclasses import dataclass

_NORTHS = (120, 123)  # the North's four ids (tile 30)


@dataclass(frozen=True, slots=True)
class TenhouMeld:
    kind: str  # chi, pon, kakan, kan (called), ankan, nuki
    ids: tuple[int, ...]  # the 136-ids in the meld
    called_from: int  # relative seat: 0 self, 1 right, 2 across, 3 left
    called_id: int | None  # the id taken from another player, None for ankan / nuki


def decode_meld(code: int) -> TenhouMeld:
    """Decode one meld code; ValueError for a code that decodes to no meld."""
    if not 0 <= code < 1 << 16:
        raise ValueError(f"meld code {code} is out of range (0..65535)")
    relative = code & 3
    if code & 0x4:
        base_and_called = code >> 10
        called = base_and_called % 3
        pattern = base_and_called // 3
        suit, start = divmod(pattern, 7)
        if suit > 2:
            raise ValueError(f"meld code {code} is a chi of honours")
        first = suit * 9 + start
        offsets = ((code >> 3) & 3, (code >> 5) & 3, (code >> 7) & 3)
        ids = tuple(4 * (first + index) + offset for index, offset in enumerate(offsets))
        return TenhouMeld("chi", ids, relative, ids[called])
    if code & 0x18:
        base_and_called = code >> 9
        called = base_and_called % 3
        tile = base_and_called // 3
        if tile >= 34:
            raise ValueError(f"meld code {code} names tile {tile} (beyond 34 kinds)")
        unused = (code >> 5) & 3
        copies = [4 * tile + copy for copy in range(4) if copy != unused]
        if code & 0x8:
            return TenhouMeld("pon", tuple(copies), relative, copies[called])
        return TenhouMeld("kakan", tuple(sorted(copies + [4 * tile + unused])), relative,
                          copies[called])
    if code & 0x20:
        north = code >> 8
        if not _NORTHS[0] <= north <= _NORTHS[1]:
            raise ValueError(f"meld code {code} sets aside id {north}, which is not a North "
                             f"(ids {_NORTHS[0]}..{_NORTHS[1]})")
        return TenhouMeld("nuki", (north,), 0, None)
    called_id = code >> 8
    tile = called_id // 4
    if tile >= 34:
        raise ValueError(f"meld code {code} names tile {tile} (beyond 34 kinds)")
    ids = tuple(4 * tile + copy for copy in range(4))
    if relative == 0:
        return TenhouMeld("ankan", ids, 0, None)
    return TenhouMeld("kan", ids, relative, called_id)
