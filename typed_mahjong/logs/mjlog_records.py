"""What an mjlog's ``<AGARI>`` and ``<RYUUKYOKU>`` record, and the ``Win`` built from an AGARI.

Shared by both ways ``tenhou_xml`` reads a round. The hand is written from its 136-ids by
table: sorted, the ids are in canonical order already (a tile's four copies are adjacent,
and the red five is the lowest copy of its five), so each id is one precomputed digit and
each suit's run ends where the next suit's ids begin.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from typing import Final

from ..core.interop import from_136
from ..core.tiles import SUITS, format_tiles
from ..core.yaku import yaku_from_tenhou
from .checked import shown, whole, whole_list
from .endings import MJLOG_TYPES
from .mjlog_tokens import ID_OF_TEXT
from .model import NAGASHI, Draw, Lobby, Recorded, TableAtDraw, Win
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
# Tenhou's limit code, the third number of an AGARI's ``ten``, as our limit names (a
# kazoe or multiple yakuman is "yakuman" there).
LIMITS: Final = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
_RESULT: Final = re.compile(rb"(-?)([0-9]{1,7})(?:\.([0-9]))?")
_KIND_TEXT: Final = {"chi": "chi:", "pon": "pon:", "kan": "kan:", "ankan": "ankan:",
                     "kakan": "kakan:"}


def hand_text(ids: Iterable[int], red: bool) -> str:
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


def hand_with_melds(ids: Iterable[int], melds: Sequence[TenhouMeld], red: bool) -> str:
    """Concealed 136-ids and called melds as our hand text (a North set aside is none)."""
    parts = [hand_text(ids, red)]
    parts.extend(_KIND_TEXT[meld.kind] + hand_text(meld.ids, red)
                 for meld in melds if meld.kind != "nuki")
    return " ".join(parts)


def win_record(source: str, where: str, tracker: RoundTracker, lobby: Lobby,
               named: dict[bytes, bytes], who: int, from_who: int, hai: list[int],
               machi: int, melds: list[TenhouMeld], ura_ids: list[int], red: bool) -> Win:
    """The ``Win`` of an AGARI whose hand, melds and ura indicators are checked."""
    situation = tracker.situation(who, from_who, sequence_text(ura_ids, red))
    notes = compare_situation(tracker, named, tracker.liable[who])
    return Win(source, where, tracker.name, who, None if who == from_who else from_who,
               hand_with_melds(hai, melds, red), tile_text(machi, red),
               tuple(situation.items()), lobby,
               recorded(named, lobby.players, tracker.nuki[who]), notes)


def draw_record(source: str, where: str, tracker: RoundTracker, named: dict[bytes, bytes],
                players: int, table: TableAtDraw, shown_seats: Sequence[int],
                nagashi: tuple[int, ...]) -> Draw:
    """The ``Draw`` of a RYUUKYOKU whose shown hands are checked: ``table`` is what the
    events left on the table, ``nagashi`` the seats that could claim nagashi mangan."""
    kind = named.get(b"type", b"").decode("ascii", "replace")
    changes, before = deltas_and_before(named, players)
    return Draw(source, where, tracker.name, kind or "exhaustive", changes,
                MJLOG_TYPES.get(kind, ""), tuple(shown_seats),
                nagashi if MJLOG_TYPES.get(kind) == NAGASHI else (), table, before,
                _compare_ba(tracker, named, tracker.sticks))


def table_at_draw(tracker: RoundTracker, hands: Sequence[str],
                  discards: Sequence[Sequence[int]],
                  last_discard: tuple[int, int] | None) -> TableAtDraw:
    """The table at a draw: ``discards`` are each seat's discarded 136-ids, ``last_discard``
    the (seat, id) nobody called, if the last move was a discard."""
    return TableAtDraw(tracker.wall_left(), tuple(hands),
                       tuple(tuple(sorted(tile >> 2 for tile in ids)) for ids in discards),
                       tracker.calls, tracker.kans(),
                       None if last_discard is None else (last_discard[0], last_discard[1] >> 2))


def compare_situation(tracker: RoundTracker, named: dict[bytes, bytes],
                      liable: int | None) -> tuple[str, ...]:
    """Where the AGARI's own record of the situation differs from the events'."""
    # A later winner's record repeats the honba but shows no sticks (they went to the first).
    notes = list(_compare_ba(tracker, named, 0 if tracker.wins else tracker.sticks))
    dora = id_list(named.get(b"doraHai", b""), "doraHai", 5)
    if dora and sorted(i >> 2 for i in dora) != sorted(tile for tile, _ in tracker.dora):
        notes.append(f"the log records dora indicators {from_136(dora)}, the events give "
                     f"{format_tiles(tracker.dora)}")
    pao = named.get(b"paoWho")
    if pao is not None and whole(pao, "paoWho", 0, 3) != liable:
        notes.append(f"the log records pao by seat {int(pao)}, the events give {liable}")
    return tuple(notes)


def _compare_ba(tracker: RoundTracker, named: dict[bytes, bytes],
                sticks: int) -> tuple[str, ...]:
    """The record's ``ba`` (honba, sticks on the table) against the events'."""
    text = named.get(b"ba", b"")
    if text == b"%d,%d" % (tracker.honba, sticks):
        return ()  # the usual case: nothing to say
    ba = whole_list(text, "ba", 0, 10 ** 6, 2)
    if len(ba) == 2 and (ba[0] != tracker.honba or ba[1] != sticks):
        return (f"the log records honba/sticks {ba[0]}/{ba[1]}, the events give "
                f"{tracker.honba}/{sticks}",)
    return ()


def recorded(named: dict[bytes, bytes], players: int, nuki: int) -> Recorded:
    """What the AGARI records. Tenhou counts each North set aside (kita) as a dora; our
    yaku table names them ``nukidora``, so they are moved out of the dora count."""
    ten = whole_list(named.get(b"ten", b""), "ten", 0, 10 ** 7, 3)
    fu, points = (ten[0], ten[1]) if len(ten) >= 2 else (None, None)
    if len(ten) == 3 and ten[2] >= len(LIMITS):
        raise ValueError(f"ten: limit code {ten[2]} is none of 0..{len(LIMITS) - 1}")
    limit = LIMITS[ten[2]] if len(ten) == 3 else None
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
    changes, before = deltas_and_before(named, players)
    return Recorded(han, fu, points, tuple(yaku), tuple(unknown), changes, before, limit)


def deltas(named: dict[bytes, bytes], players: int) -> tuple[int, ...]:
    """Each seat's point change from ``sc`` (score, change pairs, in hundreds).

    Chip lobbies append (chips, chip change) pairs after the points: they are left out.
    """
    return deltas_and_before(named, players)[0]


def deltas_and_before(named: dict[bytes, bytes],
                      players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's point change and its points before them, from ``sc``."""
    sc = whole_list(named.get(b"sc", b""), "sc", -SCORE_LIMIT, SCORE_LIMIT, 16)
    return (tuple(map(_HUNDRED.__mul__, sc[1:2 * players:2])),
            tuple(map(_HUNDRED.__mul__, sc[0:2 * players:2])))


def final_scores(named: dict[bytes, bytes], players: int) -> tuple[int, ...] | None:
    """``owari`` (on the game's last round end): each seat's points, or None without it."""
    found = final_record(named, players)
    return found[0] if found is not None else None


def final_record(named: dict[bytes, bytes],
                 players: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """``owari``: each seat's points and its result (in tenths: "-13.0" or "-13" is -130),
    or None without it. Chip lobbies append (chips, chip result) pairs: left out."""
    owari = named.get(b"owari")
    if owari is None:
        return None
    parts = owari.split(b",")
    if len(parts) < 2 * players:
        raise ValueError(f"owari lists fewer than {players} seats")
    points = tuple(100 * whole(parts[2 * seat], "owari", -SCORE_LIMIT, SCORE_LIMIT)
                   for seat in range(players))
    return points, tuple(_tenths(parts[2 * seat + 1]) for seat in range(players))


def _tenths(text: bytes) -> int:
    """A result such as ``-13.0``, ``52.4`` or ``48`` in tenths of a point."""
    found = _RESULT.fullmatch(text)
    if found is None:
        raise ValueError(f"owari: result {shown(text)} is not a number with at most one "
                         f"decimal")
    value = int(found.group(2)) * 10 + int(found.group(3) or b"0")
    return -value if found.group(1) else value
