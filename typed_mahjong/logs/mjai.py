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

import json
from typing import Any

from ..core.interop import tile_from_mjai
from ..core.tiles import format_tile_sequence, format_tiles, tile_name
from .model import Draw, Game, Lobby, LogError, Recorded, Win
from .tracker import WIND_LETTERS, CalledMeld, RoundTracker

Tile = tuple[int, bool]
LOBBY = Lobby("mjai (no rules in the log)", None,
              unmapped="mjai logs do not name their rules; pass --assume-rules PRESET")

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


class _Player:
    def __init__(self, tiles: list[Tile]) -> None:
        self.concealed = list(tiles)
        self.melds: list[tuple[str, list[Tile]]] = []

    def take(self, tile: Tile, where: str) -> None:
        try:
            self.concealed.remove(tile)
        except ValueError:
            raise ValueError(f"{where}: the player does not hold {tile_name(*tile)}") from None


class _Round:
    def __init__(self, event: dict[str, Any], line: int) -> None:
        bakaze = event["bakaze"]
        if bakaze not in WIND_LETTERS:
            raise ValueError(f"bakaze {bakaze!r} is not E, S, W or N")
        kyoku, honba = int(event["kyoku"]), int(event["honba"])
        dealer = int(event.get("oya", kyoku - 1))
        name = f"{bakaze}{kyoku}-{honba}"
        self.tracker = RoundTracker(name, dealer, 27 + WIND_LETTERS.index(bakaze), honba,
                                    int(event.get("kyotaku", 0)),
                                    len(event["tehais"]))
        self.tracker.add_dora(tile_from_mjai(event["dora_marker"]))
        self.players = [_Player([_tile(name) for name in hand]) for hand in event["tehais"]]
        self.last_discard: Tile | None = None
        self.line = line


def _tile(name: object) -> Tile:
    if name == "?":
        raise ValueError("a hidden tile ('?'): this log does not show every hand")
    return tile_from_mjai(str(name))


def read_mjai(data: bytes, source: str) -> Game:
    game = Game(source, LOBBY)
    state: _Round | None = None
    damaged = False
    for line_number, raw in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if not raw.strip():
            continue
        try:
            event = json.loads(raw)
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                raise ValueError("not an mjai event (an object with a 'type')")
            kind = event["type"]
            if kind == "start_kyoku":
                damaged = False
                state = _Round(event, line_number)
            elif state is not None and not damaged:
                _event(game, state, event, line_number)
        except (ValueError, KeyError, IndexError, TypeError, RecursionError) as exc:
            if isinstance(exc, KeyError):
                text = f"missing key {exc.args[0]!r}"
            elif isinstance(exc, json.JSONDecodeError):
                text = f"not JSON ({exc.msg}, column {exc.colno})"
            elif isinstance(exc, RecursionError):
                text = "JSON nested too deeply"
            else:
                text = str(exc)
            game.faults.append(LogError(source, f"line {line_number}", text))
            damaged = True
    return game


def _event(game: Game, state: _Round, event: dict[str, Any], line: int) -> None:
    kind = event["type"]
    tracker = state.tracker
    if kind in ("tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach",
                "reach_accepted", "hora", "nukidora"):
        actor = int(event["actor"])
        if not 0 <= actor < len(state.players):
            raise ValueError(f"actor {actor} is not a seat")
        player = state.players[actor]
    if kind == "tsumo":
        tracker.draw(actor)
        player.concealed.append(_tile(event["pai"]))
    elif kind == "dahai":
        tile = _tile(event["pai"])
        player.take(tile, "dahai")
        tracker.discard(actor)
        state.last_discard = tile
    elif kind in ("chi", "pon", "daiminkan"):
        consumed = [_tile(name) for name in event["consumed"]]
        for tile in consumed:
            player.take(tile, kind)
        called = _tile(event["pai"])
        meld_kind = {"chi": "chi", "pon": "pon", "daiminkan": "kan"}[kind]
        player.melds.append((meld_kind, [*consumed, called]))
        target = int(event["target"])
        if not 0 <= target < len(state.players) or target == actor:
            raise ValueError(f"{kind}: target {target} is not another seat")
        tracker.call(actor, CalledMeld(meld_kind, min(t for t, _ in consumed + [called]),
                                       target))
    elif kind == "ankan":
        consumed = [_tile(name) for name in event["consumed"]]
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
        state.last_discard = added  # the tile a chankan robs
    elif kind == "reach":
        tracker.riichi_declared(actor)
    elif kind == "reach_accepted":
        tracker.riichi_accepted(actor)
    elif kind == "dora":
        tracker.add_dora(tile_from_mjai(event["dora_marker"]))
    elif kind == "hora":
        game.wins.append(_win(game.source, state, player, actor, event, line))
        tracker.wins += 1
    elif kind == "ryukyoku":
        game.draws.append(Draw(game.source, f"line {line}", tracker.name,
                               str(event.get("reason", "exhaustive")),
                               tuple(int(d) for d in event.get("deltas", ()))))


def _win(source: str, state: _Round, player: _Player, actor: int, event: dict[str, Any],
         line: int) -> Win:
    tracker = state.tracker
    target = int(event.get("target", actor))
    if not 0 <= target < len(state.players):
        raise ValueError(f"target {target} is not a seat")
    tsumo = target == actor
    concealed = list(player.concealed)
    if tsumo:
        if not concealed:
            raise ValueError("hora: the winner holds no tiles")
        win_tile = _tile(event["pai"]) if "pai" in event else concealed[-1]
    else:
        win_tile = _tile(event["pai"]) if "pai" in event else state.last_discard  # type: ignore[assignment]
        if win_tile is None:
            raise ValueError("hora: a ron with no discard before it")
        concealed.append(win_tile)
    parts = [format_tiles(concealed)]
    parts.extend(f"{kind}:{format_tiles(tiles)}" for kind, tiles in player.melds)
    ura = format_tile_sequence([tile_from_mjai(name) for name in
                        event.get("ura_markers", event.get("uradora_markers", []))])
    situation = tracker.situation(actor, target, ura)
    return Win(source, f"line {line}", tracker.name, actor, None if tsumo else target,
               " ".join(parts), tile_name(*win_tile), tuple(situation.items()), LOBBY,
               _recorded(event))


def _recorded(event: dict[str, Any]) -> Recorded:
    yaku: tuple[tuple[str, int], ...] | None = None
    unknown: tuple[str, ...] = ()
    if isinstance(event.get("yakus"), list):
        pairs = [(str(name), int(han)) for name, han in event["yakus"]]
        if all(name in MJAI_YAKU for name, _ in pairs):
            yaku = tuple((MJAI_YAKU[name], han) for name, han in pairs if han)
        unknown = tuple(name for name, _ in pairs if name not in MJAI_YAKU
                        and name != "sangenpai")
    fan = event.get("fan")
    return Recorded(int(fan) if fan is not None else None,
                    int(event["fu"]) if "fu" in event else None,
                    int(event["hora_points"]) if "hora_points" in event else None,
                    yaku, unknown, tuple(int(d) for d in event.get("deltas", ())))

