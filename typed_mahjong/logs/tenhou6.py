"""tenhou.net/6 JSON: per round the deal, each seat's draws and discards, and the result.

A round is ``[[round, honba, sticks], scores, dora indicators, ura indicators, deal0,
draws0, discards0, ..., deal3, draws3, discards3, result]``; tiles are tenhou.net/6 codes
(``typed_mahjong.core.interop``). The lists are per seat, so the reader replays the table to
recover the order of events: the player to move draws (the next entry of their draws) and
discards; a call is the next draws entry of the caller, a string such as ``"c275226"``
(chi), ``"37p3737"`` (pon), ``"m39393939"`` (open kan); closed and added kans (``"a"``,
``"k"``) and riichi (``"r"``) are discards entries; ``60`` discards the tile just drawn.
The letter's place says whom a tile was called from (first: the left player, ...).

The result ``["和了", deltas, [who, from, liable, "30符1飜1000点", "立直(1飜)", ...], ...]``
gives each winner's point changes, yaku (Tenhou's Japanese names) and value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.interop import tile_from_tenhou6
from ..core.rules import rules_from
from ..core.tiles import format_tile_sequence, format_tiles, tile_name
from ..core.yaku import yaku_from_tenhou
from .checked import json_list, json_text, json_whole, shown
from .endings import ORPHAN_KINDS, TENHOU6_RESULTS, nagashi_seats, tenpai_seats
from .json_values import JsonFault, items, loads, members
from .model import EXHAUSTIVE, Draw, Lobby, LogError, Recorded, Round, Win
from .table import Hand, Tile, TileCount, replayed_table
from .tenhou_lobby import tenhou_table
from .tracker import WIND_LETTERS, CalledMeld, RoundTracker

TSUMOGIRI = 60
MAX_ROUNDS = 1000  # one game: a hanchan has a few dozen rounds at most
_POINTS_CAP = 10 ** 7  # a point change of either sign, far past any real one
# Tenhou's yaku names in the order of its yaku ids 0..54 (the mjlog ``yaku`` numbers).
TENHOU_YAKU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九",
    "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西",
    "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫",
    "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口",
    "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎",
    "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面",
    "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)
_YAKU_BY_NAME = {name: index for index, name in enumerate(TENHOU_YAKU_NAMES)}
# Every text a win's record holds is short (the value, "立直(1飜)"): each is read only up
# to this length, and the patterns below are anchored or bounded, so none can backtrack.
_TEXT_CAP = 64
_YAKU_ENTRY = re.compile(r"([^()]{1,32})\(([0-9]{1,2})飜\)|([^()]{1,32})\(役満\)")
_FU = re.compile(r"([0-9]{1,3})符")
_POINTS = re.compile(r"([0-9]{1,6})(?:-([0-9]{1,6}))?点(∀)?")
_CALL = re.compile(r"([0-9]{0,6})([cpmakf])([0-9]{2,8})")
_LOBBY_NAME = re.compile(r"[般上特鳳若銀琥孔][東南]喰?赤?速?")


def lobby_from_rule(rule: object) -> Lobby:
    """Tenhou lobbies name themselves in ``rule.disp`` (e.g. "般南喰赤"); others are unmapped."""
    if not isinstance(rule, dict):
        return Lobby("tenhou.net/6 (no rule)", None, unmapped="the log has no 'rule' object")
    disp = rule.get("disp", "")
    disp = disp if isinstance(disp, str) else ""
    description = f"tenhou.net/6 rule {shown(disp)}"
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    if len(disp) > 16 or not _LOBBY_NAME.fullmatch(disp.replace("三", "")):
        return Lobby(description, None, unmapped=f"rule.disp {shown(disp)} is not a Tenhou "
                     f"lobby name we can map (pass --assume-rules PRESET)")
    overrides: list[tuple[str, object]] = []
    if not red:
        overrides.append(("red_fives", False))
    if "喰" not in disp:
        overrides.append(("open_tanyao", False))
    players = 3 if "三" in disp else 4
    preset = "tenhou-sanma" if players == 3 else "tenhou"
    return Lobby(description, rules_from(preset, **dict(overrides)), tuple(overrides),
                 players=players, table=tenhou_table(players, hanchan="南" in disp))


class Tenhou6Reader:
    """One tenhou.net/6 document: ``lobby`` from ``rule``, then ``rounds()`` one at a time."""

    def __init__(self, data: bytes, source: str) -> None:
        self.source = source
        self.text = data.decode("utf-8", errors="replace")
        rule_span: tuple[int, int] | None = None
        self.log_span: tuple[int, int] | None = None
        try:
            for key, start, end in members(self.text):
                if key == "log":
                    if self.log_span is not None:
                        raise JsonFault(start, "two 'log' members")
                    self.log_span = (start, end)
                elif key == "rule" and rule_span is None:
                    rule_span = (start, end)
            rule = loads(self.text, *rule_span) if rule_span is not None else None
        except JsonFault as exc:
            raise LogError(source, self._line(exc.offset), str(exc)) from None
        if self.log_span is None or not self.text.startswith("[", self.log_span[0]):
            raise LogError(source, "file", "not a tenhou.net/6 log (an object with a 'log' "
                                           "list)")
        self.lobby = lobby_from_rule(rule)

    def _line(self, offset: int) -> str:
        return f"line {self.text.count(chr(10), 0, offset) + 1}"

    def rounds(self) -> Iterator[Round]:
        assert self.log_span is not None
        try:
            for index, (start, end) in enumerate(items(self.text, *self.log_span)):
                where = f"round {index + 1}"
                if index == MAX_ROUNDS:
                    raise LogError(self.source, where, f"more than {MAX_ROUNDS} rounds: a log "
                                                       f"holds one game")
                yield self._round(start, end, where, index)
        except JsonFault as exc:
            raise LogError(self.source, self._line(exc.offset), str(exc)) from None

    def _round(self, start: int, end: int, where: str, index: int) -> Round:
        round_ = Round(self.source, where, "?", 0, 0, 0)
        place = _Place()
        try:
            data = loads(self.text, start, end)
            _read_round(round_, self.lobby, data, place)
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            round_.faults.append(LogError(self.source, place.where(where, round_.name, index),
                                          str(exc)))
        return round_


class _Place:
    """The entry of a round being read, for a fault's place: ``log[2][5][7]`` is item 7 of
    entry 5 (seat 0's draws) of the third round. Set as the reader goes, a store or two an
    entry."""

    __slots__ = ("entry", "item")

    def __init__(self) -> None:
        self.entry: int | None = None  # the entry of the round (0 the header, ...)
        self.item: int | None = None  # the item of that entry, where it is a list read on

    def at(self, entry: int | None, item: int | None = None) -> None:
        self.entry, self.item = entry, item

    def where(self, where: str, name: str, index: int) -> str:
        """``round 3 (E2-1, log[2][5][7])``: the round's number, label and JSON path."""
        path = f"log[{index}]"
        if self.entry is not None:
            path += f"[{self.entry}]" + (f"[{self.item}]" if self.item is not None else "")
        return f"{where} ({name}, {path})" if name != "?" else f"{where} ({path})"


@dataclass
class _Seat:
    hand: Hand
    draws: list[object]
    discards: list[object]
    next_draw: int = 0
    next_discard: int = 0
    last_drawn: Tile | None = None

    def peek_draw(self) -> object:
        return self.draws[self.next_draw] if self.next_draw < len(self.draws) else None


_MOST_ENTRIES = 60  # draws or discards of one seat in a round: the wall has 70 tiles


def _tile(code: object, what: str) -> Tile:
    return tile_from_tenhou6(json_whole(code, what, 11, 53))


def _codes(text: str) -> list[int]:
    return [int(text[i:i + 2]) for i in range(0, len(text), 2)]


def _call_string(entry: object) -> tuple[str, int, list[Tile], Tile]:
    """(letter, letter's index, every tile of the meld, the called / added tile)."""
    text = json_text(entry, "call", 16)
    match = _CALL.fullmatch(text)
    if match is None or len(match.group(1)) % 2 or len(match.group(3)) % 2:
        raise ValueError(f"{shown(text)} is not a call string")
    before, letter, after = match.groups()
    tiles = [_tile(code, "call tile") for code in _codes(before + after)]
    return letter, len(before), tiles, _tile(int(after[:2]), "call tile")


def _read_round(round_: Round, lobby: Lobby, data: object, place: _Place) -> None:
    players = lobby.players
    entries = json_list(data, "the round", 5 + 3 * players)
    if len(entries) != 5 + 3 * players:
        raise ValueError(f"a round has {5 + 3 * players} entries, this one {len(entries)}")
    place.at(0)
    header = json_list(entries[0], "the round header", 3)
    if len(header) != 3:
        raise ValueError("the round header is not [round, honba, sticks]")
    number = json_whole(header[0], "round", 0, 15)
    honba = json_whole(header[1], "honba", 0, 1000)
    sticks = json_whole(header[2], "sticks", 0, 1000)
    dealer = number % 4
    if dealer >= players:
        raise ValueError(f"round {number}: dealer seat {dealer} in a {players}-player game")
    name = f"{WIND_LETTERS[number // 4]}{number % 4 + 1}-{honba}"
    round_.name, round_.dealer, round_.honba, round_.sticks = name, dealer, honba, sticks
    place.at(1)
    round_.scores = tuple(json_whole(score, "score", -_POINTS_CAP, _POINTS_CAP)
                          for score in json_list(entries[1], "scores", 4)[:players])
    tracker = RoundTracker(name, dealer, 27 + number // 4, honba, sticks, players)
    count = TileCount()
    place.at(2)
    indicators = [_tile(code, "dora indicator") for code in json_list(entries[2], "dora", 5)]
    place.at(3)
    ura_tiles = [_tile(code, "ura indicator") for code in json_list(entries[3], "ura", 5)]
    if not indicators:
        raise ValueError("no dora indicator")
    place.at(None)  # the indicators together
    for tile in indicators + ura_tiles:
        count.add(tile)
    seats = []
    for index in range(players):
        place.at(4 + 3 * index)
        dealt = [_tile(code, "dealt tile") for code in json_list(entries[4 + 3 * index],
                                                                  "deal", 13)]
        if len(dealt) != 13:
            raise ValueError(f"seat {index} is dealt {len(dealt)} tiles, not 13")
        for tile in dealt:
            count.add(tile)
        place.at(None)  # the seat's draws or discards: a list too long
        seats.append(_Seat(Hand(index, dealt),
                           json_list(entries[5 + 3 * index], "draws", _MOST_ENTRIES),
                           json_list(entries[6 + 3 * index], "discards", _MOST_ENTRIES)))
    tracker.add_dora(indicators[0])
    table = _Table(tracker, seats, indicators, count, place)
    current, need_draw = dealer, True
    for _ in range(4 * _MOST_ENTRIES):  # every pass draws or calls: bounded by the lists
        seat = seats[current]
        if need_draw:
            entry = seat.peek_draw()
            if entry is None:
                break  # the round ended on the last discard (a ron, or the wall ran out)
            place.at(5 + 3 * current, seat.next_draw)
            if not isinstance(entry, int) or isinstance(entry, bool):
                raise ValueError(f"seat {current}: draw entry {shown(entry)} where a draw "
                                 f"was due")
            seat.next_draw += 1
            table.accept_riichi()
            table.draw(current, _tile(entry, "drawn tile"))
        if not table.act(current):
            break  # a tsumo win, a robbed kan, or the round ended on this draw
        caller = _find_caller(seats, current, players)
        if caller is None:
            current, need_draw = (current + 1) % players, True
            continue
        table.accept_riichi()
        need_draw = table.call(caller, current)
        current = caller
    else:
        place.at(None)
        raise ValueError("the draws and discards never end (a malformed log)")
    place.at(4 + 3 * players)
    ura = format_tile_sequence(ura_tiles)
    _result(round_, lobby, table, entries[4 + 3 * players], ura)
    round_.riichi = tuple(seat for seat in range(players) if tracker.riichi[seat] == 2)


class _Table:
    """The replay of one round: hands, melds and the tracker, moved by the seats' lists."""

    def __init__(self, tracker: RoundTracker, seats: list[_Seat], indicators: list[Tile],
                 count: TileCount, place: _Place) -> None:
        self.place = place  # the entry read last, for a fault's place
        self.tracker = tracker
        self.seats = seats
        self.indicators = indicators
        self.count = count
        self.revealed = 1
        self.last_discard: Tile | None = None
        self.discarder = 0  # the seat of ``last_discard``
        self.last_was_discard = False  # no draw or call came after it
        self.pending_riichi: int | None = None
        self.nagashi_broken = 0  # seats that discarded a middle tile or had a discard called

    def accept_riichi(self) -> None:
        # A riichi stands once play goes on past its discard (no ron on it).
        if self.pending_riichi is not None:
            self.tracker.riichi_accepted(self.pending_riichi)
            self.pending_riichi = None

    def draw(self, seat: int, tile: Tile) -> None:
        self.count.add(tile)
        self.tracker.draw(seat)
        self.last_was_discard = False
        self.seats[seat].hand.add(tile)
        self.seats[seat].last_drawn = tile

    def reveal(self) -> None:
        # Kan dora: the log lists every indicator shown in the round; each kan shows one.
        if self.revealed < len(self.indicators):
            self.tracker.add_dora(self.indicators[self.revealed])
            self.revealed += 1

    def act(self, current: int) -> bool:
        """The player's closed / added kans and discard; False when the round ends first."""
        seat = self.seats[current]
        while seat.next_discard < len(seat.discards):
            action = seat.discards[seat.next_discard]
            seat.next_discard += 1
            self.place.at(6 + 3 * current, seat.next_discard - 1)
            if isinstance(action, str) and any(letter in action for letter in "akf"):
                letter, _, tiles, added = _call_string(action)
                if letter == "a":
                    for meld_tile in tiles:
                        seat.hand.take(meld_tile, "closed kan")
                    seat.hand.melds.append(("ankan", tiles))
                    kind = "ankan"
                elif letter == "k":
                    seat.hand.take(added, "added kan")
                    _upgrade_pon(seat.hand, added)
                    self.last_discard, self.discarder = added, current  # chankan robs it
                    kind = "kakan"
                else:
                    seat.hand.take(added, "nuki")
                    seat.hand.melds.append(("nuki", [added]))
                    kind = "nuki"
                self.tracker.call(current, CalledMeld(kind, tiles[0][0], None))
                self.last_was_discard = kind == "kakan"
                if kind != "nuki":
                    self.reveal()
                entry = seat.peek_draw()
                if entry is None:
                    return False  # robbed (chankan), or the round ended
                self.place.at(5 + 3 * current, seat.next_draw)
                seat.next_draw += 1
                self.draw(current, _tile(entry, "replacement tile"))
                continue
            tile = _discard(seat, action)
            if not ORPHAN_KINDS[tile[0]]:
                self.nagashi_broken |= 1 << current
            if isinstance(action, str) and action.startswith("r"):
                self.tracker.riichi_declared(current)
                self.pending_riichi = current
            self.tracker.discard(current)
            seat.hand.discards.append(tile[0])
            self.last_discard, self.discarder, self.last_was_discard = tile, current, True
            return True
        return False

    def call(self, caller: int, discarder: int) -> bool:
        """Apply the caller's chi / pon / open kan; True when the caller draws next."""
        taker = self.seats[caller]
        self.place.at(5 + 3 * caller, taker.next_draw)
        letter, _, tiles, called = _call_string(taker.peek_draw())
        taker.next_draw += 1
        kind = {"c": "chi", "p": "pon", "m": "kan"}.get(letter)
        if kind is None:
            raise ValueError(f"{letter!r} is not a call from a discard")
        if called != self.last_discard:
            raise ValueError(f"seat {caller} calls {tile_name(*called)}, which is not the "
                             f"last discard")
        own = list(tiles)
        own.remove(called)
        for meld_tile in own:
            taker.hand.take(meld_tile, "call")
        self.nagashi_broken |= 1 << discarder
        self.last_was_discard = False
        taker.hand.melds.append((kind, tiles))
        self.tracker.call(caller, CalledMeld(kind, min(t for t, _ in tiles), discarder))
        taker.last_drawn = None
        if kind == "kan":
            taker.next_discard += 1  # tenhou.net/6 writes a 0 in the discards for it
            self.reveal()
            return True
        return False


def _upgrade_pon(hand: Hand, added: Tile) -> None:
    for index, (kind, tiles) in enumerate(hand.melds):
        if kind == "pon" and tiles[0][0] == added[0]:
            hand.melds[index] = ("kakan", [*tiles, added])
            return
    raise ValueError(f"added kan: no pon of {tile_name(added[0])}")


def _discard(seat: _Seat, action: object) -> Tile:
    if isinstance(action, str):
        text = json_text(action, "discard entry", 4)
        if not (text.startswith("r") and text[1:].isdigit() and text[1:].isascii()):
            raise ValueError(f"discard entry {shown(action)} is not a tile")
        code: object = int(text[1:])
    else:
        code = action
    if code == TSUMOGIRI and not isinstance(code, bool):
        if seat.last_drawn is None:
            raise ValueError("60 (discard the drawn tile) with no tile drawn")
        tile = seat.last_drawn
    else:
        if isinstance(code, bool) or not isinstance(code, int):
            raise ValueError(f"discard entry {shown(action)} is not a tile")
        tile = _tile(code, "discarded tile")
    seat.hand.take(tile, "discard")
    seat.last_drawn = None
    return tile


def _find_caller(seats: list[_Seat], discarder: int, players: int) -> int | None:
    for offset in range(1, players):
        seat = (discarder + offset) % players
        entry = seats[seat].peek_draw()
        if isinstance(entry, str):
            return seat
    return None


def _deltas(value: object, players: int) -> tuple[int, ...]:
    deltas = json_list(value, "point changes", players)
    return tuple(json_whole(delta, "point change", -_POINTS_CAP, _POINTS_CAP)
                 for delta in deltas)


def _result(round_: Round, lobby: Lobby, table: _Table, value: object, ura: str) -> None:
    tracker, seats, last_discard = table.tracker, table.seats, table.last_discard
    result = json_list(value, "the result", 1 + 2 * (lobby.players - 1))
    if not result:
        raise ValueError("the round has no result")
    kind = json_text(result[0], "result", 16)
    if kind != "和了":
        deltas = _deltas(result[1], lobby.players) if len(result) > 1 else ()
        ending = TENHOU6_RESULTS.get(kind, "")
        # tenhou.net/6 records no tenpai: the hands at the draw say it.
        tenpai = tenpai_seats([seat.hand.text() for seat in seats], lobby.rules) \
            if ending == EXHAUSTIVE else None
        last = (table.discarder, last_discard) \
            if table.last_was_discard and last_discard is not None else None
        round_.draw = Draw(round_.source, round_.where, tracker.name, kind, deltas, ending,
                           tenpai, nagashi_seats(table.nagashi_broken, lobby.players),
                           replayed_table(tracker, [seat.hand for seat in seats], last))
        return
    for position in range(1, len(result) - 1, 2):
        deltas = _deltas(result[position], lobby.players)
        info = json_list(result[position + 1], "win record", 40)
        if len(info) < 4:
            raise ValueError("a win record is [who, from, liable, value, yaku...]")
        who, from_who, liable = (json_whole(info[index], "seat", 0, len(seats) - 1)
                                 for index in range(3))
        seat = seats[who]
        concealed = list(seat.hand.concealed)
        if who == from_who:
            if seat.last_drawn is None:
                raise ValueError("a tsumo win with no tile drawn")
            win_tile = seat.last_drawn
        else:
            if last_discard is None:
                raise ValueError("a ron with no discard")
            win_tile = last_discard
            concealed.append(win_tile)
        parts = [format_tiles(concealed)]
        parts.extend(f"{meld_kind}:{format_tiles(tiles)}" for meld_kind, tiles
                     in seat.hand.melds if meld_kind != "nuki")
        situation = tracker.situation(who, from_who, ura if tracker.riichi[who] == 2 else "")
        notes: tuple[str, ...] = ()
        derived = tracker.liable[who]
        if liable != who and derived != liable:
            notes = (f"the log records pao by seat {liable}, the events give {derived}",)
        round_.wins.append(Win(round_.source, f"{round_.where}, win {position // 2 + 1}",
                               tracker.name, who, None if who == from_who else from_who,
                               " ".join(parts), tile_name(*win_tile),
                               tuple(situation.items()), lobby,
                               _recorded(info, who == from_who, deltas), notes))
        tracker.wins += 1


def _recorded(info: list[Any], tsumo: bool, deltas: tuple[int, ...]) -> Recorded:
    text = json_text(info[3], "the win's value", _TEXT_CAP)
    fu_match = _FU.search(text)
    points_match = _POINTS.search(text)
    points = None
    if points_match:
        first = int(points_match.group(1))
        second = points_match.group(2)
        if not tsumo:
            points = first
        elif second is not None:
            points = 2 * first + int(second)  # non-dealers pay the first, the dealer more
        else:
            points = 3 * first  # the dealer's tsumo: "4000点∀", all pay the same
    yaku: list[tuple[str, int]] = []
    unknown: list[str] = []
    for entry in info[4:]:
        entry_text = json_text(entry, "yaku", _TEXT_CAP)
        match = _YAKU_ENTRY.fullmatch(entry_text)
        if match is None:
            unknown.append(entry_text)
            continue
        name = match.group(1) or match.group(3)
        han = int(match.group(2)) if match.group(2) else 13
        tenhou_id = _YAKU_BY_NAME.get(name)
        ours = yaku_from_tenhou(tenhou_id) if tenhou_id is not None else None
        if ours is None:
            unknown.append(name)
        elif han:
            yaku.append((ours, han))
    return Recorded(sum(han for _, han in yaku), int(fu_match.group(1)) if fu_match else None,
                    points, tuple(yaku), tuple(unknown), deltas)
