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

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..core.interop import tile_from_tenhou6
from ..core.rules import rules_from
from ..core.tiles import format_tile_sequence, format_tiles, tile_name
from ..core.yaku import yaku_from_tenhou
from .model import Draw, Game, Lobby, LogError, Recorded, Win
from .tracker import WIND_LETTERS, CalledMeld, RoundTracker

Tile = tuple[int, bool]
TSUMOGIRI = 60
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
_YAKU_ENTRY = re.compile(r"(.+)\((\d+)飜\)\Z|(.+)\(役満\)\Z")
_FU = re.compile(r"(\d+)符")
_POINTS = re.compile(r"(\d+)(?:-(\d+))?点(∀)?")


def lobby_from_rule(rule: object) -> Lobby:
    """Tenhou lobbies name themselves in ``rule.disp`` (e.g. "般南喰赤"); others are unmapped."""
    if not isinstance(rule, dict):
        return Lobby("tenhou.net/6 (no rule)", None, unmapped="the log has no 'rule' object")
    disp = str(rule.get("disp", ""))
    description = f"tenhou.net/6 rule {disp!r}"
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    if not re.fullmatch(r"[般上特鳳若銀琥孔][東南]喰?赤?速?", disp.replace("三", "")):
        return Lobby(description, None, unmapped=f"rule.disp {disp!r} is not a Tenhou lobby "
                     f"name we can map (pass --assume-rules PRESET)")
    overrides: list[tuple[str, object]] = []
    if not red:
        overrides.append(("red_fives", False))
    if "喰" not in disp:
        overrides.append(("open_tanyao", False))
    players = 3 if "三" in disp else 4
    preset = "tenhou-sanma" if players == 3 else "tenhou"
    return Lobby(description, rules_from(preset, **dict(overrides)), tuple(overrides),
                 players=players)


def read_tenhou6(data: bytes, source: str) -> Game:
    try:
        document = json.loads(data.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError) as exc:
        raise LogError(source, "file", f"not JSON ({exc})") from None
    if not isinstance(document, dict) or not isinstance(document.get("log"), list):
        raise LogError(source, "file", "not a tenhou.net/6 log (an object with a 'log' list)")
    lobby = lobby_from_rule(document.get("rule"))
    game = Game(source, lobby)
    for index, round_data in enumerate(document["log"]):
        where = f"round {index + 1}"
        try:
            _read_round(game, round_data, where)
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            game.faults.append(LogError(source, where, str(exc)))
    return game


@dataclass
class _Seat:
    concealed: list[Tile]
    draws: list[object]
    discards: list[object]
    melds: list[tuple[str, list[Tile]]] = field(default_factory=list)
    next_draw: int = 0
    next_discard: int = 0
    last_drawn: Tile | None = None

    def peek_draw(self) -> object:
        return self.draws[self.next_draw] if self.next_draw < len(self.draws) else None

    def take(self, tile: Tile, what: str) -> None:
        try:
            self.concealed.remove(tile)
        except ValueError:
            raise ValueError(f"{what}: the player does not hold {tile_name(*tile)}") from None


def _codes(text: str) -> list[int]:
    return [int(text[i:i + 2]) for i in range(0, len(text), 2)]


def _call_string(text: str) -> tuple[str, int, list[Tile], Tile]:
    """(letter, letter's index, every tile of the meld, the called / added tile)."""
    match = re.fullmatch(r"(\d*)([cpmakf])(\d+)", text)
    if match is None or len(match.group(1)) % 2 or len(match.group(3)) % 2:
        raise ValueError(f"{text!r} is not a call string")
    before, letter, after = match.groups()
    tiles = [tile_from_tenhou6(code) for code in _codes(before + after)]
    return letter, len(before), tiles, tile_from_tenhou6(int(after[:2]))


def _read_round(game: Game, data: list[Any], where: str) -> None:
    lobby = game.lobby
    players = lobby.players
    if len(data) != 5 + 3 * players:
        raise ValueError(f"a round has {5 + 3 * players} entries, this one {len(data)}")
    number, honba, sticks = (int(value) for value in data[0][:3])
    dealer = number % 4
    tracker = RoundTracker(f"{WIND_LETTERS[number // 4 % 4]}{number % 4 + 1}-{honba}",
                           dealer, 27 + number // 4 % 4, honba, sticks, players)
    indicators = [tile_from_tenhou6(code) for code in data[2]]
    ura = format_tile_sequence([tile_from_tenhou6(code) for code in data[3]])
    seats = [_Seat([tile_from_tenhou6(code) for code in data[4 + 3 * seat]],
                   list(data[5 + 3 * seat]), list(data[6 + 3 * seat]))
             for seat in range(players)]
    tracker.add_dora(indicators[0])
    result = data[4 + 3 * players]
    table = _Table(tracker, seats, indicators)
    current, need_draw = dealer, True
    for _ in range(1000):
        seat = seats[current]
        if need_draw:
            entry = seat.peek_draw()
            if entry is None:
                break  # the round ended on the last discard (a ron, or the wall ran out)
            if not isinstance(entry, int):
                raise ValueError(f"seat {current}: draw entry {entry!r} where a draw was due")
            seat.next_draw += 1
            table.accept_riichi()
            table.draw(current, tile_from_tenhou6(entry))
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
        raise ValueError("the draws and discards never end (a malformed log)")
    last_discard = table.last_discard
    _result(game, tracker, seats, result, last_discard, where, ura)


class _Table:
    """The replay of one round: hands, melds and the tracker, moved by the seats' lists."""

    def __init__(self, tracker: RoundTracker, seats: list[_Seat],
                 indicators: list[Tile]) -> None:
        self.tracker = tracker
        self.seats = seats
        self.indicators = indicators
        self.revealed = 1
        self.last_discard: Tile | None = None
        self.pending_riichi: int | None = None

    def accept_riichi(self) -> None:
        # A riichi stands once play goes on past its discard (no ron on it).
        if self.pending_riichi is not None:
            self.tracker.riichi_accepted(self.pending_riichi)
            self.pending_riichi = None

    def draw(self, seat: int, tile: Tile) -> None:
        self.tracker.draw(seat)
        self.seats[seat].concealed.append(tile)
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
            if isinstance(action, str) and re.search(r"[akf]", action):
                letter, _, tiles, added = _call_string(action)
                if letter == "a":
                    for meld_tile in tiles:
                        seat.take(meld_tile, "closed kan")
                    seat.melds.append(("ankan", tiles))
                    kind = "ankan"
                elif letter == "k":
                    seat.take(added, "added kan")
                    _upgrade_pon(seat, added)
                    self.last_discard = added  # the tile a chankan robs
                    kind = "kakan"
                else:
                    seat.take(added, "nuki")
                    kind = "nuki"
                self.tracker.call(current, CalledMeld(kind, tiles[0][0], None))
                if kind != "nuki":
                    self.reveal()
                entry = seat.peek_draw()
                if entry is None:
                    return False  # robbed (chankan), or the round ended
                seat.next_draw += 1
                self.draw(current, tile_from_tenhou6(int(str(entry))))
                continue
            tile = _discard(seat, action)
            if isinstance(action, str) and action.startswith("r"):
                self.tracker.riichi_declared(current)
                self.pending_riichi = current
            self.tracker.discard(current)
            self.last_discard = tile
            return True
        return False

    def call(self, caller: int, discarder: int) -> bool:
        """Apply the caller's chi / pon / open kan; True when the caller draws next."""
        taker = self.seats[caller]
        letter, _, tiles, called = _call_string(str(taker.peek_draw()))
        taker.next_draw += 1
        own = list(tiles)
        own.remove(called)
        for meld_tile in own:
            taker.take(meld_tile, "call")
        kind = {"c": "chi", "p": "pon", "m": "kan"}.get(letter)
        if kind is None:
            raise ValueError(f"{letter!r} is not a call from a discard")
        taker.melds.append((kind, tiles))
        self.tracker.call(caller, CalledMeld(kind, min(t for t, _ in tiles), discarder))
        taker.last_drawn = None
        if kind == "kan":
            taker.next_discard += 1  # tenhou.net/6 writes a 0 in the discards for it
            self.reveal()
            return True
        return False


def _upgrade_pon(seat: _Seat, added: Tile) -> None:
    for index, (kind, tiles) in enumerate(seat.melds):
        if kind == "pon" and tiles[0][0] == added[0]:
            seat.melds[index] = ("kakan", [*tiles, added])
            return
    raise ValueError(f"added kan: no pon of {tile_name(added[0])}")


def _discard(seat: _Seat, action: object) -> Tile:
    code = int(action[1:]) if isinstance(action, str) and action.startswith("r") else action
    if not isinstance(code, int):
        raise ValueError(f"discard entry {action!r} is not a tile")
    if code == TSUMOGIRI:
        if seat.last_drawn is None:
            raise ValueError("60 (discard the drawn tile) with no tile drawn")
        tile = seat.last_drawn
    else:
        tile = tile_from_tenhou6(code)
    seat.take(tile, "discard")
    seat.last_drawn = None
    return tile


def _find_caller(seats: list[_Seat], discarder: int, players: int) -> int | None:
    for offset in range(1, players):
        seat = (discarder + offset) % players
        entry = seats[seat].peek_draw()
        if isinstance(entry, str):
            return seat
    return None


def _result(game: Game, tracker: RoundTracker, seats: list[_Seat], result: list[Any],
            last_discard: Tile | None, where: str, ura: str) -> None:
    if not result:
        raise ValueError("the round has no result")
    kind = str(result[0])
    if kind != "和了":
        deltas = tuple(int(d) for d in result[1]) if len(result) > 1 else ()
        game.draws.append(Draw(game.source, where, tracker.name, kind, deltas))
        return
    for position in range(1, len(result) - 1, 2):
        deltas, info = result[position], result[position + 1]
        who, from_who, liable = int(info[0]), int(info[1]), int(info[2])
        if not all(0 <= seat < len(seats) for seat in (who, from_who, liable)):
            raise ValueError(f"win record {info[:3]!r}: not seats of this table")
        seat = seats[who]
        concealed = list(seat.concealed)
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
        parts.extend(f"{meld_kind}:{format_tiles(tiles)}" for meld_kind, tiles in seat.melds)
        situation = tracker.situation(who, from_who, ura if tracker.riichi[who] == 2 else "")
        lobby = game.lobby
        notes: tuple[str, ...] = ()
        derived = tracker.liable[who]
        if liable != who and derived != liable:
            notes = (f"the log records pao by seat {liable}, the events give {derived}",)
        game.wins.append(Win(game.source, f"{where}, win {position // 2 + 1}", tracker.name,
                             who, None if who == from_who else from_who, " ".join(parts),
                             tile_name(*win_tile), tuple(situation.items()), lobby,
                             _recorded(info, who == from_who, tracker.dealer == who,
                                       deltas), notes))
        tracker.wins += 1


def _recorded(info: list[Any], tsumo: bool, dealer: bool, deltas: list[Any]) -> Recorded:
    text = str(info[3])
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
        match = _YAKU_ENTRY.fullmatch(str(entry))
        if match is None:
            unknown.append(str(entry))
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
                    points, tuple(yaku), tuple(unknown), tuple(int(d) for d in deltas))
