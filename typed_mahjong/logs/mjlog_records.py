"""What an mjlog's ``<AGARI>`` and ``<RYUUKYOKU>`` record, and the ``Win`` built from an AGARI.

Shared by both ways ``tenhou_xml`` reads a round. The hand is written from its 136-ids by
table: sorted, the ids are in canonical order already (a tile's four copies are adjacent,
and the red five is the lowest copy of its five), so each id is one precomputed digit and
each suit's run ends where the next suit's ids begin.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Final

from ..core.interop import from_136
from ..core.tiles import SUITS, format_tiles
from ..core.yaku import yaku_from_tenhou
from .checked import shown, whole, whole_list
from .mjlog_tokens import ID_OF_TEXT
from .model import Lobby, Recorded, Win
from .tenhou_meld import TenhouMeld
from .tracker import RoundTracker

SCORE_LIMIT: Final = 10 ** 7  # points in hundreds, either sign: far past any real score
_HUNDRED: Final = 100
_RED_IDS: Final = frozenset((16, 52, 88))  # the red fives among the 136 ids, where red
_DIGITS: Final = tuple(str(tile_id // 4 % 9 + 1) for tile_id in range(136))
_RED_DIGITS: Final = tuple("0" if tile_id in _RED_IDS else digit
                           for tile_id, digit in enumerate(_DIGITS))
_NAMES: Final = tuple(digit + SUITS[tile_id // 36] for tile_id, digit in enumerate(_DIGITS))
_RED_NAMES: Final = tuple(digit + SUITS[tile_id // 36]
                          for tile_id, digit in enumerate(_RED_DIGITS))
_SUIT_STARTS: Final = (0, 36, 72, 108)  # the first id of m, p, s, z
_KIND_TEXT: Final = {"chi": "chi:", "pon": "pon:", "kan": "kan:", "ankan": "ankan:",
                     "kakan": "kakan:"}


def hand_text(ids: Sequence[int], red: bool) -> str:
    """Distinct 136-ids (each 0..135) in canonical MPSZ text, as ``format_tiles`` writes
    their tiles."""
    ordered = sorted(ids)
    digits = "".join(map((_RED_DIGITS if red else _DIGITS).__getitem__, ordered))
    parts = []
    end = len(ordered)
    for suit in (3, 2, 1, 0):
        start = bisect_left(ordered, _SUIT_STARTS[suit], 0, end)
        if start < end:
            parts.append(digits[start:end] + SUITS[suit])
            end = start
    return "".join(reversed(parts))


def tile_text(tile_id: int, red: bool) -> str:
    """One 136-id as a tile name (``0m`` for a red five)."""
    return (_RED_NAMES if red else _NAMES)[tile_id]


def sequence_text(ids: Sequence[int], red: bool) -> str:
    """Indicators written whole in canonical order, as ``format_tile_sequence`` writes."""
    return "".join(map((_RED_NAMES if red else _NAMES).__getitem__, sorted(ids)))


def id_list(text: bytes, what: str, most: int) -> list[int]:
    """A list of 136-ids (each 0..135, no leading zero) of at most ``most``; ``b""`` is
    none."""
    if not text:
        return []
    if len(text) <= 4 * most:
        try:
            ids = list(map(ID_OF_TEXT.__getitem__, text.split(b",")))
        except KeyError:
            ids = []
        if len(ids) > most:
            raise ValueError(f"{what} lists {len(ids)} tile ids, at most {most} expected")
        if ids:
            return ids
    raise ValueError(f"{what} {shown(text)} is not a list of at most {most} tile ids "
                     f"(0..135)")


def win_record(source: str, where: str, tracker: RoundTracker, lobby: Lobby,
               named: dict[bytes, bytes], who: int, from_who: int, hai: list[int],
               machi: int, melds: list[TenhouMeld], ura_ids: list[int], red: bool) -> Win:
    """The ``Win`` of an AGARI whose hand, melds and ura indicators are checked."""
    parts = [hand_text(hai, red)]
    parts.extend(_KIND_TEXT[meld.kind] + hand_text(meld.ids, red)
                 for meld in melds if meld.kind != "nuki")
    situation = tracker.situation(who, from_who, sequence_text(ura_ids, red))
    notes = compare_situation(tracker, named, tracker.liable[who])
    return Win(source, where, tracker.name, who, None if who == from_who else from_who,
               " ".join(parts), tile_text(machi, red), tuple(situation.items()), lobby,
               recorded(named, lobby.players, tracker.nuki[who]), notes)


def compare_situation(tracker: RoundTracker, named: dict[bytes, bytes],
                      liable: int | None) -> tuple[str, ...]:
    """Where the AGARI's own record of the situation differs from the events'."""
    notes = []
    # A later winner's record repeats the honba but shows no sticks (they went to the first).
    sticks = 0 if tracker.wins else tracker.sticks
    text = named.get(b"ba", b"")
    if text != b"%d,%d" % (tracker.honba, sticks):  # else nothing to say (the usual case)
        ba = whole_list(text, "ba", 0, 10 ** 6, 2)
        if len(ba) == 2 and (ba[0] != tracker.honba or ba[1] != sticks):
            notes.append(f"the log records honba/sticks {ba[0]}/{ba[1]}, the events give "
                         f"{tracker.honba}/{sticks}")
    dora = id_list(named.get(b"doraHai", b""), "doraHai", 5)
    if dora and sorted(i >> 2 for i in dora) != sorted(tile for tile, _ in tracker.dora):
        notes.append(f"the log records dora indicators {from_136(dora)}, the events give "
                     f"{format_tiles(tracker.dora)}")
    pao = named.get(b"paoWho")
    if pao is not None and whole(pao, "paoWho", 0, 3) != liable:
        notes.append(f"the log records pao by seat {int(pao)}, the events give {liable}")
    return tuple(notes)


def recorded(named: dict[bytes, bytes], players: int, nuki: int) -> Recorded:
    """What the AGARI records. Tenhou counts each North set aside (kita) as a dora; our
    yaku table names them ``nukidora``, so they are moved out of the dora count."""
    ten = whole_list(named.get(b"ten", b""), "ten", 0, 10 ** 7, 3)
    fu, points = (ten[0], ten[1]) if len(ten) >= 2 else (None, None)
    yaku: list[tuple[str, int]] = []
    unknown: list[str] = []
    pairs = whole_list(named.get(b"yaku", b""), "yaku", 0, 1000, 80)
    if len(pairs) % 2:
        raise ValueError("yaku is not a list of (yaku, han) pairs")
    for tenhou_id, han in zip(pairs[::2], pairs[1::2], strict=True):
        name = yaku_from_tenhou(tenhou_id)
        if name == "dora" and nuki:
            han -= nuki
        if name is None:
            unknown.append(f"tenhou yaku {tenhou_id}")
        elif han:
            yaku.append((name, han))
    for tenhou_id in whole_list(named.get(b"yakuman", b""), "yakuman", 0, 1000, 20):
        name = yaku_from_tenhou(tenhou_id)
        if name is None:
            unknown.append(f"tenhou yakuman {tenhou_id}")
        else:
            yaku.append((name, 13))
    if nuki:
        yaku.append(("nukidora", nuki))
    han = sum(value for _, value in yaku)
    return Recorded(han, fu, points, tuple(yaku), tuple(unknown), deltas(named, players))


def deltas(named: dict[bytes, bytes], players: int) -> tuple[int, ...]:
    """Each seat's point change from ``sc`` (score, change pairs, in hundreds).

    Chip lobbies append (chips, chip change) pairs after the points: they are left out.
    """
    sc = whole_list(named.get(b"sc", b""), "sc", -SCORE_LIMIT, SCORE_LIMIT, 16)
    return tuple(map(_HUNDRED.__mul__, sc[1:2 * players:2]))


def final_scores(named: dict[bytes, bytes], players: int) -> tuple[int, ...] | None:
    """``owari`` (on the game's last round end): each seat's points, or None without it."""
    owari = named.get(b"owari")
    if owari is None:
        return None
    parts = owari.split(b",")
    if len(parts) < 2 * players:
        raise ValueError(f"owari lists fewer than {players} seats")
    return tuple(100 * whole(parts[2 * seat], "owari", -SCORE_LIMIT, SCORE_LIMIT)
                 for seat in range(players))
