"""mjai JSON lines: one event object a line (``start_kyoku``, ``tsumo``, ``dahai``, ``chi``,
``pon``, ``daiminkan``, ``ankan``, ``kakan``, ``reach``, ``reach_accepted``, ``dora``,
``hora``, ``ryukyoku``, ...), tiles spelled as mjai names (``5mr`` a red five, ``E``..``C``
honours).

The reader keeps every player's concealed tiles from the deal and the events, so the winning
hand comes from the event order even when ``hora`` carries no hand. What the log recorded
(``fan``, ``fu``, ``hora_points``, ``yakus``) is compared where present; the point changes
(``deltas``) always. mjai logs do not say which rules were played: they are reported as an
unmapped lobby unless the caller names a preset (``--assume-rules``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..core.interop import tile_from_mjai
from ..core.tiles import format_tile_sequence, format_tiles, tile_name
from .checked import json_list, json_text, json_whole, shown
from .endings import MJAI_REASONS, ORPHAN_KINDS, nagashi_seats, tenpai_seats
from .json_values import MAX_VALUE_CHARS, JsonFault, loads
from .model import EXHAUSTIVE, MAX_FAULTS, Draw, Lobby, LogError, Recorded, Round, Win
from .table import Hand, Tile, TileCount, replayed_table
from .tracker import WIND_LETTERS, CalledMeld, RoundTracker

LOBBY = Lobby("mjai (no rules in the log)", None,
              unmapped="mjai logs do not name their rules; pass --assume-rules PRESET")
_POINTS_CAP = 10 ** 7  # a point change of either sign, far past any real one
_ACTORS = ("tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach",
           "reach_accepted", "hora", "nukidora")

# mjai's yaku names (the original mjai server's spelling) -> ours. ``sangenpai`` (any dragon
# triplet) has no one-to-one name here, so a hand with it is compared by han only.
MJAI_YAKU = {
    "menzenchin_tsumoho": "menzen tsumo", "reach": "riichi", "ippatsu": "ippatsu",
    "chankan": "chankan", "rinshankaiho": "rinshan kaihou", "haiteiraoyue": "haitei",
    "hoteiraoyui": "houtei", "pinfu": "pinfu", "tanyaochu": "tanyao", "ipeko": "iipeikou",
    "jikaze": "seat wind", "bakaze": "round wind", "double_reach": "double riichi",
    "chitoitsu": "chiitoitsu", "honchantaiyao": "chanta", "ikkitsukan": "ittsu",
    "sanshokudojun": "sanshoku doujun", "sanshokudoko": "sanshoku doukou",
    "sankantsu": "sankantsu", "toitoiho": "toitoi", "sananko": "sanankou",
    "shosangen": "shousangen", "honroto": "honroutou", "ryanpeko": "ryanpeikou",
    "junchantaiyao": "junchan", "honiso": "honitsu", "chiniso": "chinitsu",
    "tenho": "tenhou", "chiho": "chiihou", "daisangen": "daisangen", "suanko": "suuankou",
    "tsuiso": "tsuuiisou", "ryuiso": "ryuuiisou", "chinroto": "chinroutou",
    "churenpoton": "chuuren poutou", "kokushimuso": "kokushi musou",
    "daisushi": "daisuushii", "shosushi": "shousuushii", "sukantsu": "suukantsu",
    "dora": "dora", "uradora": "ura dora", "akadora": "aka dora",
}


class _Round:
    def __init__(self, event: dict[str, Any], line: int, source: str,
                 lobby: Lobby) -> None:
        self.round = Round(source, f"line {line}", "?", 0, 0, 0)
        self.lobby = lobby
        self.last_discard: Tile | None = None
        self.discarder = 0  # the seat of ``last_discard``
        self.last_was_discard = False  # no draw or call came after it
        self.winners: set[int] = set()
        self.ended = False
        self.nagashi_broken = 0  # seats that discarded a middle tile or had a discard called
        try:
            self._begin(event)
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            self.round.faults.append(LogError(source, self.place(line), _fault_text(exc)))

    def place(self, line: int) -> str:
        """A fault's place in this round: ``line 12 (E2-1)`` (the label once it is read)."""
        name = self.round.name
        return f"line {line} ({name})" if name != "?" else f"line {line}"

    def _begin(self, event: dict[str, Any]) -> None:
        bakaze = event["bakaze"]
        if bakaze not in WIND_LETTERS or not isinstance(bakaze, str):
            raise ValueError(f"bakaze {shown(bakaze)} is not E, S, W or N")
        kyoku = json_whole(event["kyoku"], "kyoku", 1, 4)
        honba = json_whole(event["honba"], "honba", 0, 1000)
        hands = json_list(event["tehais"], "tehais", 4)
        players = len(hands)
        if players not in (3, 4):
            raise ValueError(f"tehais deals to {players} players")
        dealer = json_whole(event.get("oya", kyoku - 1), "oya", 0, players - 1)
        sticks = json_whole(event.get("kyotaku", 0), "kyotaku", 0, 1000)
        name = f"{bakaze}{kyoku}-{honba}"
        self.round.name, self.round.dealer = name, dealer
        self.round.honba, self.round.sticks = honba, sticks
        if "scores" in event:
            self.round.scores = tuple(
                json_whole(score, "score", -_POINTS_CAP, _POINTS_CAP)
                for score in json_list(event["scores"], "scores", 4)[:players])
        self.tracker = RoundTracker(name, dealer, 27 + WIND_LETTERS.index(bakaze), honba,
                                    sticks, players)
        self.count = TileCount()
        indicator = _tile(event["dora_marker"])
        self.count.add(indicator)
        self.tracker.add_dora(indicator)
        self.players = []
        for seat, names in enumerate(hands):
            dealt = [_tile(name) for name in json_list(names, "tehai", 13)]
            if len(dealt) != 13:
                raise ValueError(f"seat {seat} is dealt {len(dealt)} tiles, not 13")
            for tile in dealt:
                self.count.add(tile)
            self.players.append(Hand(seat, dealt))


def _tile(name: object) -> Tile:
    if name == "?":
        raise ValueError("a hidden tile ('?'): this log does not show every hand")
    if not isinstance(name, str) or len(name) > 3:
        raise ValueError(f"{shown(name)} is not an mjai tile name")
    return tile_from_mjai(name)


class MjaiReader:
    """mjai JSON lines: ``rounds()`` as each ends; lines are read one at a time."""

    def __init__(self, data: bytes, source: str) -> None:
        self.data = data
        self.source = source
        self.lobby = LOBBY

    def rounds(self) -> Iterator[Round]:
        state: _Round | None = None
        started = False
        faults = 0
        for line_number, raw in _lines(self.data):
            try:
                event = _event_of(raw)
            except ValueError as exc:
                faults += 1
                if faults > MAX_FAULTS:
                    raise LogError(self.source, f"line {line_number}", f"more than "
                                   f"{MAX_FAULTS} lines are not mjai events: not a log we "
                                   f"can read") from None
                if state is not None and not state.ended:
                    state.round.faults.append(LogError(self.source, state.place(line_number),
                                                       str(exc)))
                else:
                    fault = LogError(self.source, f"line {line_number}", str(exc))
                    yield Round(self.source, f"line {line_number}", "?", 0, 0, 0,
                                faults=[fault])
                continue
            if event["type"] == "start_kyoku":
                if state is not None:
                    yield _finish(state)
                started = True
                state = _Round(event, line_number, self.source, self.lobby)
            elif state is not None and not state.round.faults:
                try:
                    _event(state, event, line_number)
                except (ValueError, KeyError, IndexError, TypeError) as exc:
                    state.round.faults.append(LogError(self.source,
                                                       state.place(line_number),
                                                       _fault_text(exc)))
        if state is not None:
            yield _finish(state)
        elif not started:
            raise LogError(self.source, "file", "no round starts in the file (no "
                                                "start_kyoku): not an mjai log")


def _lines(data: bytes) -> Iterator[tuple[int, bytes | None]]:
    """Each non-blank line with its number (None for one over ``MAX_VALUE_CHARS``)."""
    start, number, size = 0, 0, len(data)
    while start < size:
        end = data.find(b"\n", start)
        end = size if end < 0 else end
        number += 1
        if end - start > MAX_VALUE_CHARS:
            yield number, None
        elif not data[start:end].isspace() and end > start:
            yield number, data[start:end]
        start = end + 1


def _event_of(raw: bytes | None) -> dict[str, Any]:
    if raw is None:
        raise ValueError(f"a line over {MAX_VALUE_CHARS} characters (an mjai event is a "
                         f"few hundred)")
    try:
        event = loads(raw.decode("utf-8", errors="replace"))
    except JsonFault as exc:
        raise ValueError(str(exc)) from None
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise ValueError("not an mjai event (an object with a 'type')")
    return event


def _fault_text(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing key {shown(exc.args[0])}"
    return str(exc)


def _finish(state: _Round) -> Round:
    round_ = state.round
    if not round_.faults:
        tracker = state.tracker
        round_.riichi = tuple(seat for seat in range(len(state.players))
                              if tracker.riichi[seat] == 2)
    if not round_.faults and not state.ended:
        round_.faults.append(LogError(round_.source, f"{round_.where} ({round_.name})",
                                      f"round {round_.name} ends without a win or a draw"))
    return round_


def _event(state: _Round, event: dict[str, Any], line: int) -> None:
    kind = event["type"]
    tracker = state.tracker
    if kind in _ACTORS:
        if state.ended and kind != "hora":
            raise ValueError(f"{shown(kind)} after the round ended")
        actor = json_whole(event["actor"], "actor", 0, len(state.players) - 1)
        player = state.players[actor]
    if kind in _ACTORS and kind not in ("hora", "reach", "reach_accepted"):
        state.last_was_discard = kind in ("dahai", "kakan")
    if kind == "tsumo":
        tile = _tile(event["pai"])
        state.count.add(tile)
        player.add(tile)
        tracker.draw(actor)
    elif kind == "dahai":
        tile = _tile(event["pai"])
        player.take(tile, "dahai")
        player.discards.append(tile[0])
        tracker.discard(actor)
        state.last_discard, state.discarder = tile, actor
        if not ORPHAN_KINDS[tile[0]]:
            state.nagashi_broken |= 1 << actor
    elif kind in ("chi", "pon", "daiminkan"):
        consumed = [_tile(name) for name in json_list(event["consumed"], "consumed", 3)]
        called = _tile(event["pai"])
        if called != state.last_discard:
            raise ValueError(f"{kind}: {tile_name(*called)} is not the last discard")
        for tile in consumed:
            player.take(tile, kind)
        meld_kind = {"chi": "chi", "pon": "pon", "daiminkan": "kan"}[kind]
        player.melds.append((meld_kind, [*consumed, called]))
        target = json_whole(event["target"], "target", 0, len(state.players) - 1)
        if target == actor:
            raise ValueError(f"{kind}: target {target} is not another seat")
        tracker.call(actor, CalledMeld(meld_kind, min(t for t, _ in consumed + [called]),
                                       target))
        state.last_discard = None
        state.nagashi_broken |= 1 << target
    elif kind == "ankan":
        consumed = [_tile(name) for name in json_list(event["consumed"], "consumed", 4)]
        for tile in consumed:
            player.take(tile, "ankan")
        player.melds.append(("ankan", consumed))
        tracker.call(actor, CalledMeld("ankan", consumed[0][0], None))
    elif kind == "kakan":
        added = _tile(event["pai"])
        player.take(added, "kakan")
        for index, (meld_kind, tiles) in enumerate(player.melds):
            if meld_kind == "pon" and tiles[0][0] == added[0]:
                player.melds[index] = ("kakan", [*tiles, added])
                break
        else:
            raise ValueError(f"kakan: no pon of {tile_name(added[0])} to add to")
        tracker.call(actor, CalledMeld("kakan", added[0], None))
        state.last_discard, state.discarder = added, actor  # the tile a chankan robs
    elif kind == "nukidora":
        north = _tile(event.get("pai", "N"))
        player.take(north, "nukidora")
        player.melds.append(("nuki", [north]))
        tracker.call(actor, CalledMeld("nuki", north[0], None))
    elif kind == "reach":
        tracker.riichi_declared(actor)
    elif kind == "reach_accepted":
        tracker.riichi_accepted(actor)
    elif kind == "dora":
        indicator = _tile(event["dora_marker"])
        state.count.add(indicator)
        tracker.add_dora(indicator)
    elif kind == "hora":
        if actor in state.winners or len(state.winners) >= len(state.players) - 1:
            raise ValueError(f"a second win by seat {actor}, or more wins than a discard "
                             f"can give" if actor in state.winners else
                             "more wins than one discard can give")
        if state.ended and not state.winners:
            raise ValueError("hora after the round ended in a draw")
        state.round.wins.append(_win(state, player, actor, event, line))
        state.winners.add(actor)
        tracker.wins += 1
        state.ended = True
    elif kind == "ryukyoku":
        if state.ended:
            raise ValueError("ryukyoku after the round ended")
        players = len(state.players)
        deltas = _deltas(event.get("deltas", []), players)
        reason = json_text(event.get("reason", "exhaustive"), "reason", 32)
        ending = MJAI_REASONS.get(reason, "")
        tenpai: tuple[int, ...] | None = None
        if ending == EXHAUSTIVE:
            flags = event.get("tenpais")
            if flags is None:  # not recorded: the hands at the draw say it
                tenpai = tenpai_seats([hand.text() for hand in state.players],
                                      state.lobby.rules)
            else:
                listed = json_list(flags, "tenpais", players)
                if len(listed) != players or not all(isinstance(f, bool) for f in listed):
                    raise ValueError(f"tenpais {shown(flags)} is not one true or false a seat")
                tenpai = tuple(seat for seat, flag in enumerate(listed) if flag)
        last = (state.discarder, state.last_discard) \
            if state.last_was_discard and state.last_discard is not None else None
        state.round.draw = Draw(state.round.source, f"line {line}", tracker.name, reason,
                                deltas, ending, tenpai,
                                nagashi_seats(state.nagashi_broken, players),
                                replayed_table(tracker, state.players, last))
        state.ended = True


def _deltas(value: object, players: int) -> tuple[int, ...]:
    return tuple(json_whole(delta, "point change", -_POINTS_CAP, _POINTS_CAP)
                 for delta in json_list(value, "deltas", players))


def _win(state: _Round, player: Hand, actor: int, event: dict[str, Any], line: int) -> Win:
    tracker = state.tracker
    target = json_whole(event.get("target", actor), "target", 0, len(state.players) - 1)
    tsumo = target == actor
    concealed = list(player.concealed)
    if tsumo:
        if not concealed:
            raise ValueError("hora: the winner holds no tiles")
        win_tile = _tile(event["pai"]) if "pai" in event else concealed[-1]
    else:
        win_tile = _tile(event["pai"]) if "pai" in event else state.last_discard  # type: ignore[assignment]
        if win_tile is None or win_tile != state.last_discard:
            raise ValueError("hora: a ron on a tile that is not the last discard")
        concealed.append(win_tile)
    parts = [format_tiles(concealed)]
    parts.extend(f"{kind}:{format_tiles(tiles)}" for kind, tiles in player.melds
                 if kind != "nuki")
    markers = event.get("ura_markers", event.get("uradora_markers", []))
    ura = format_tile_sequence([_tile(name) for name in json_list(markers, "ura_markers", 5)])
    situation = tracker.situation(actor, target, ura)
    return Win(state.round.source, f"line {line}", tracker.name, actor,
               None if tsumo else target, " ".join(parts), tile_name(*win_tile),
               tuple(situation.items()), state.lobby, _recorded(event, len(state.players)))


def _recorded(event: dict[str, Any], players: int) -> Recorded:
    yaku: tuple[tuple[str, int], ...] | None = None
    unknown: tuple[str, ...] = ()
    if "yakus" in event:
        pairs = []
        for pair in json_list(event["yakus"], "yakus", 40):
            entry = json_list(pair, "yaku", 2)
            if len(entry) != 2:
                raise ValueError(f"yaku {shown(pair)} is not [name, han]")
            pairs.append((json_text(entry[0], "yaku name", 32),
                          json_whole(entry[1], "han", 0, 1000)))
        if all(name in MJAI_YAKU for name, _ in pairs):
            yaku = tuple((MJAI_YAKU[name], han) for name, han in pairs if han)
        unknown = tuple(name for name, _ in pairs if name not in MJAI_YAKU
                        and name != "sangenpai")
    fan = event.get("fan")
    return Recorded(json_whole(fan, "fan", 0, 1000) if fan is not None else None,
                    json_whole(event["fu"], "fu", 0, 1000) if "fu" in event else None,
                    json_whole(event["hora_points"], "hora_points", 0, _POINTS_CAP)
                    if "hora_points" in event else None,
                    yaku, unknown, _deltas(event.get("deltas", []), players))
