"""Tenhou mjlog XML (plain or gzip): the wins and draws of a game, situation from the events.

The events are flat elements: ``<INIT>`` starts a round, ``<T12/>``..``<W..>`` are draws of
seats 0..3, ``<D..>``..``<G..>`` discards, ``<N>`` calls, ``<REACH>`` riichi (step 1 the
declaration, step 2 the stick paid), ``<DORA>`` a new kan dora indicator, ``<AGARI>`` a win
and ``<RYUUKYOKU>`` a draw. A fault inside a round is recorded and the reader resumes at the
next ``<INIT>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..interop import from_136, tile_from_136
from ..tiles import DRAGONS, WINDS, format_tiles, tile_name
from ..yaku import yaku_from_tenhou
from .model import Draw, Game, Lobby, LogError, Recorded, Win
from .source import XmlElement, parse_xml, read_bytes
from .tenhou_lobby import lobby_from_go
from .tenhou_meld import TenhouMeld, decode_meld

_DRAW = re.compile(r"([TUVW])(\d+)\Z")
_DISCARD = re.compile(r"([DEFG])(\d+)\Z")
WIND_LETTERS = "ESWN"
_PENDING_DOUBLE_RON = ("needs settlement (issue 16): a later winner of a multiple ron "
                       "(Tenhou pays honba and sticks to the first winner only)")
_PENDING_PAO = "needs settlement (issue 16): a win with liability (pao)"
_PENDING_SANMA = "needs settlement (issue 16): a three-player game"


@dataclass
class _Round:
    """What the events of one round have shown so far."""

    line: int
    name: str
    dealer: int
    round_wind: int
    honba: int
    sticks: int
    dora: list[int]
    players: int
    wall_draws: int
    draws: int = 0
    any_call: bool = False
    discarded: list[bool] = field(default_factory=lambda: [False] * 4)
    riichi: list[int] = field(default_factory=lambda: [0] * 4)  # 0, 1 declared, 2 paid
    double_riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    ippatsu: list[bool] = field(default_factory=lambda: [False] * 4)
    ippatsu_before_call: list[bool] = field(default_factory=lambda: [False] * 4)
    after_kan: list[bool] = field(default_factory=lambda: [False] * 4)
    rinshan_draw: list[bool] = field(default_factory=lambda: [False] * 4)
    melds: list[list[TenhouMeld]] = field(default_factory=lambda: [[], [], [], []])
    liable: list[int | None] = field(default_factory=lambda: [None] * 4)
    last: str = ""  # the previous event's kind: draw, discard, call:<kind>, ...
    last_call: TenhouMeld | None = None
    last_caller: int = -1
    wins: int = 0  # wins so far in this round (a second AGARI is a multiple ron)


def read_mjlog(path: Path) -> Game:
    """Read one mjlog file; LogError if the file itself is unusable (not for one round)."""
    name = str(path)
    elements = parse_xml(read_bytes(path), name)
    return read_elements(elements, name)


def read_elements(elements: list[XmlElement], name: str) -> Game:
    go = next((e for e in elements if e[0] == "GO"), None)
    if go is None:
        raise LogError(name, "file", "no <GO> element: not a Tenhou mjlog")
    try:
        type_bits = int(go[1].get("type", ""))
    except ValueError:
        raise LogError(name, f"line {go[2]}", f"<GO type={go[1].get('type')!r}> is not a "
                                              f"number") from None
    lobby = lobby_from_go(type_bits, go[1])
    game = Game(name, lobby)
    state: _Round | None = None
    damaged = False
    for tag, attributes, line in elements:
        try:
            if tag == "INIT":
                damaged = False
                state = _start_round(attributes, line, lobby)
            elif state is None or damaged:
                continue
            else:
                _event(game, state, tag, attributes, line, lobby)
        except (ValueError, KeyError, IndexError) as exc:
            fault = exc if isinstance(exc, LogError) else LogError(
                name, f"line {line}", f"<{tag}>: {_fault_text(exc)}")
            game.faults.append(fault)
            damaged = True  # skip the rest of this round, resume at the next INIT
    return game


def _fault_text(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing attribute {exc.args[0]!r}"
    return str(exc)


def _ints(text: str, what: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",")] if text else []
    except ValueError:
        raise ValueError(f"{what} {text!r} is not a list of numbers") from None


def _start_round(attributes: dict[str, str], line: int, lobby: Lobby) -> _Round:
    seed = _ints(attributes["seed"], "seed")
    if len(seed) < 6:
        raise ValueError(f"seed {attributes['seed']!r} has {len(seed)} numbers, expected 6")
    round_number, honba, sticks = seed[0], seed[1], seed[2]
    dealer = int(attributes["oya"])
    players = lobby.players
    if not 0 <= dealer < players or not 0 <= round_number < 16:
        raise ValueError(f"dealer {dealer} or round {round_number} out of range")
    tile_from_136(seed[5])  # checks the indicator id
    name = f"{WIND_LETTERS[round_number // 4]}{round_number % 4 + 1}-{honba}"
    # Tiles drawn in a round, rinshan draws included: the wall less the dead wall (14) and
    # the deal (13 a player). Every kan moves one live tile to the dead wall, so the count
    # of all draws is fixed.
    wall = 136 if players == 4 else 108
    return _Round(line, name, dealer, 27 + round_number // 4, honba, sticks, [seed[5]],
                  players, wall - 14 - 13 * players)


def _event(game: Game, state: _Round, tag: str, attributes: dict[str, str], line: int,
           lobby: Lobby) -> None:
    draw = _DRAW.match(tag)
    if draw:
        seat = "TUVW".index(draw.group(1))
        state.draws += 1
        state.rinshan_draw[seat] = state.after_kan[seat]
        state.after_kan[seat] = False
        state.last = "draw"
        return
    discard = _DISCARD.match(tag)
    if discard:
        seat = "DEFG".index(discard.group(1))
        if state.discarded[seat] or state.riichi[seat] == 2:
            state.ippatsu[seat] = False
        state.discarded[seat] = True
        state.rinshan_draw[seat] = False
        state.last = "discard"
        return
    if tag == "REACH":
        seat, step = int(attributes["who"]), int(attributes["step"])
        if step == 1:
            state.riichi[seat] = 1
            state.double_riichi[seat] = not state.discarded[seat] and not state.any_call
        elif step == 2:
            state.riichi[seat] = 2
            state.sticks += 1
            state.ippatsu[seat] = True
        return
    if tag == "N":
        _call(state, int(attributes["who"]), decode_meld(int(attributes["m"])))
        return
    if tag == "DORA":
        hai = int(attributes["hai"])
        tile_from_136(hai)
        state.dora.append(hai)
        return
    if tag == "AGARI":
        game.wins.append(_win(game.source, state, attributes, line, lobby))
        state.wins += 1
        return
    if tag == "RYUUKYOKU":
        game.draws.append(Draw(game.source, f"line {line}", state.name,
                               attributes.get("type", "exhaustive"),
                               _deltas(attributes, state.players)))


def _call(state: _Round, seat: int, meld: TenhouMeld) -> None:
    state.ippatsu_before_call = list(state.ippatsu)
    if meld.kind != "nuki":
        state.any_call = True
        state.ippatsu = [False] * 4
    state.last = f"call:{meld.kind}"
    state.last_call = meld
    state.last_caller = seat
    if meld.kind in ("kan", "ankan", "kakan", "nuki"):
        state.after_kan[seat] = True
    if meld.kind == "kakan":
        state.melds[seat] = [m for m in state.melds[seat]
                             if not (m.kind == "pon" and m.ids[0] // 4 == meld.ids[0] // 4)]
    state.melds[seat].append(meld)
    # Liability (pao): the call that completes the third dragon or the fourth wind group.
    tile = meld.ids[0] // 4
    if meld.kind in ("pon", "kan") and (tile in DRAGONS or tile in WINDS):
        family = DRAGONS if tile in DRAGONS else WINDS
        groups = sum(m.ids[0] // 4 in family for m in state.melds[seat] if m.kind != "chi")
        if groups == len(family):
            state.liable[seat] = (seat + meld.called_from) % state.players


_KIND_TEXT = {"chi": "chi", "pon": "pon", "kan": "kan", "ankan": "ankan", "kakan": "kakan"}


def _win(source: str, state: _Round, attributes: dict[str, str], line: int,
         lobby: Lobby) -> Win:
    red = lobby.rules.red_fives if lobby.rules is not None else True
    who, from_who = int(attributes["who"]), int(attributes["fromWho"])
    tsumo = who == from_who
    hai = _ints(attributes["hai"], "hai")
    machi = int(attributes["machi"])
    if machi not in hai:
        raise ValueError(f"winning tile {machi} is not among hai")
    codes = _ints(attributes.get("m", ""), "m")
    melds = [decode_meld(code) for code in codes]
    nuki = sum(meld.kind == "nuki" for meld in melds)
    parts = [from_136(hai, red_fives=red)]
    for meld in melds:
        if meld.kind != "nuki":
            parts.append(f"{_KIND_TEXT[meld.kind]}:{from_136(meld.ids, red_fives=red)}")
    hand = " ".join(parts)
    win_tile = tile_name(*tile_from_136(machi, red_fives=red))

    seat_index = (who - state.dealer) % state.players
    chankan = (not tsumo and state.last == "call:kakan" and state.last_caller == from_who)
    ippatsu_flags = state.ippatsu_before_call if chankan else state.ippatsu
    last_tile = state.draws >= state.wall_draws
    riichi = state.riichi[who] == 2
    first_turn = tsumo and not state.discarded[who] and not state.any_call
    situation: dict[str, object] = {
        "tsumo": tsumo,
        "riichi": riichi and not state.double_riichi[who],
        "double_riichi": riichi and state.double_riichi[who],
        "ippatsu": riichi and ippatsu_flags[who],
        "rinshan": tsumo and state.rinshan_draw[who],
        "chankan": chankan,
        "haitei": tsumo and last_tile and not state.rinshan_draw[who],
        "houtei": not tsumo and last_tile and not chankan,
        "tenhou": first_turn and who == state.dealer,
        "chiihou": first_turn and who != state.dealer,
        "seat": WIND_LETTERS[seat_index],
        "round": WIND_LETTERS[state.round_wind - 27],
        "dora": format_tiles([tile_from_136(i, red_fives=red) for i in state.dora]),
        "ura": from_136(_ints(attributes.get("doraHaiUra", ""), "doraHaiUra"),
                        red_fives=red),
        "honba": state.honba,
        "sticks": state.sticks,
    }
    liable = state.liable[who]
    if liable is not None and liable != who:
        situation["pao"] = WIND_LETTERS[(liable - state.dealer) % state.players]
    if state.wins:
        # A later winner of a multiple ron: who gets honba and sticks is settlement.
        situation["honba"] = situation["sticks"] = 0
    # Only the flags that are set, and counters that are not zero, go into the call.
    situation = {key: value for key, value in situation.items()
                 if value or key in ("seat", "round")}

    notes = _compare_situation(state, attributes, liable)
    recorded = _recorded(attributes, state.players)
    pending = None
    if lobby.players == 3:
        pending = _PENDING_SANMA
    elif state.wins:
        pending = _PENDING_DOUBLE_RON
    elif "pao" in situation or "paoWho" in attributes:
        pending = _PENDING_PAO
    return Win(source, f"line {line}", state.name, who, None if tsumo else from_who, hand,
               win_tile, tuple(situation.items()), lobby, recorded, pending, notes, nuki)


def _compare_situation(state: _Round, attributes: dict[str, str],
                       liable: int | None) -> tuple[str, ...]:
    notes = []
    ba = _ints(attributes.get("ba", ""), "ba")
    # A later winner's record repeats the honba but shows no sticks (they went to the first).
    sticks = 0 if state.wins else state.sticks
    if len(ba) == 2 and (ba[0] != state.honba or ba[1] != sticks):
        notes.append(f"the log records honba/sticks {ba[0]}/{ba[1]}, the events give "
                     f"{state.honba}/{sticks}")
    dora = _ints(attributes.get("doraHai", ""), "doraHai")
    if dora and sorted(dora) != sorted(state.dora):
        notes.append(f"the log records dora indicators {dora}, the events give {state.dora}")
    pao = attributes.get("paoWho")
    if pao is not None and int(pao) != liable:
        notes.append(f"the log records pao by seat {pao}, the events give {liable}")
    return tuple(notes)


def _recorded(attributes: dict[str, str], players: int) -> Recorded:
    ten = _ints(attributes.get("ten", ""), "ten")
    fu, points = (ten[0], ten[1]) if len(ten) >= 2 else (None, None)
    yaku: list[tuple[str, int]] = []
    unknown: list[str] = []
    pairs = _ints(attributes.get("yaku", ""), "yaku")
    for tenhou_id, han in zip(pairs[::2], pairs[1::2], strict=True):
        name = yaku_from_tenhou(tenhou_id)
        if name is None:
            unknown.append(f"tenhou yaku {tenhou_id}")
        elif han:
            yaku.append((name, han))
    for tenhou_id in _ints(attributes.get("yakuman", ""), "yakuman"):
        name = yaku_from_tenhou(tenhou_id)
        if name is None:
            unknown.append(f"tenhou yakuman {tenhou_id}")
        else:
            yaku.append((name, 13))
    han = sum(value for _, value in yaku)
    return Recorded(han, fu, points, tuple(yaku), tuple(unknown), _deltas(attributes, players))


def _deltas(attributes: dict[str, str], players: int) -> tuple[int, ...]:
    """Each seat's point change from ``sc`` (score, change pairs, in hundreds).

    Chip lobbies append (chips, chip change) pairs after the points: they are left out.
    """
    sc = _ints(attributes.get("sc", ""), "sc")
    return tuple(100 * delta for delta in sc[1:2 * players:2])
