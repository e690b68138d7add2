"""The Tenhou mjlog reader as it was before issue 33 (commit 9bbbae2), kept only so
benchmarks/bench_logs.py can time it side by side with today's reader in one process.

Its own code, unchanged but for the imports and the file reading (the benchmark hands both
readers the same bytes): expat with a handler per element, every element kept in a list,
then each dispatched by regular expression to the per-event tracker methods. Not part of
the package, not maintained.
"""

from __future__ import annotations

import re
from xml.parsers import expat

from mjlog_tracker_before import WIND_LETTERS, CalledMeld, RoundTracker

from typed_mahjong.core.interop import from_136, tile_from_136
from typed_mahjong.core.tiles import format_tile_sequence, format_tiles, tile_name
from typed_mahjong.core.yaku import yaku_from_tenhou
from typed_mahjong.logs.model import Draw, Game, Lobby, LogError, Recorded, Win
from typed_mahjong.logs.tenhou_lobby import lobby_from_go
from typed_mahjong.logs.tenhou_meld import decode_meld

MAX_XML_ELEMENTS = 200_000


XmlElement = tuple[str, dict[str, str], int]  # tag, attributes, line


class _Refused(Exception):
    pass


def parse_xml(data: bytes, name: str) -> list[XmlElement]:
    """Every element of a flat XML document in order, with its line.

    The stdlib's expat, guarded: a DOCTYPE or any entity declaration is refused outright
    (mjlog has none), so neither entity expansion ("billion laughs") nor external entities
    can happen; the element count is capped.
    """
    elements: list[XmlElement] = []
    parser = expat.ParserCreate()

    def start(tag: str, attributes: dict[str, str]) -> None:
        if len(elements) >= MAX_XML_ELEMENTS:
            raise _Refused(f"more than {MAX_XML_ELEMENTS} elements (cap)")
        elements.append((tag, attributes, parser.CurrentLineNumber))

    def refuse_doctype(*_: object) -> None:
        raise _Refused("a DOCTYPE declaration (refused: logs have none, and it could "
                       "declare entities)")

    def refuse_entity(*_: object) -> None:
        raise _Refused("an entity declaration (refused)")

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_entity
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        raise LogError(name, f"line {parser.CurrentLineNumber}", str(exc)) from None
    except expat.ExpatError as exc:
        raise LogError(name, f"line {exc.lineno}", f"malformed XML: "
                                                   f"{expat.ErrorString(exc.code)}") from None
    return elements


_DRAW = re.compile(r"([TUVW])(\d+)\Z")
_DISCARD = re.compile(r"([DEFG])(\d+)\Z")


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
    state: RoundTracker | None = None
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


def _start_round(attributes: dict[str, str], line: int, lobby: Lobby) -> RoundTracker:
    seed = _ints(attributes["seed"], "seed")
    if len(seed) < 6:
        raise ValueError(f"seed {attributes['seed']!r} has {len(seed)} numbers, expected 6")
    round_number, honba, sticks = seed[0], seed[1], seed[2]
    dealer = int(attributes["oya"])
    if not 0 <= dealer < lobby.players or not 0 <= round_number < 16:
        raise ValueError(f"dealer {dealer} or round {round_number} out of range")
    name = f"{WIND_LETTERS[round_number // 4]}{round_number % 4 + 1}-{honba}"
    state = RoundTracker(name, dealer, 27 + round_number // 4, honba, sticks, lobby.players)
    state.add_dora(tile_from_136(seed[5], red_fives=_red(lobby)))
    return state


def _red(lobby: Lobby) -> bool:
    return lobby.rules.red_fives if lobby.rules is not None else True


def _event(game: Game, state: RoundTracker, tag: str, attributes: dict[str, str], line: int,
           lobby: Lobby) -> None:
    draw = _DRAW.match(tag)
    if draw:
        state.draw("TUVW".index(draw.group(1)))
        return
    discard = _DISCARD.match(tag)
    if discard:
        state.discard("DEFG".index(discard.group(1)))
        return
    if tag == "REACH":
        seat, step = int(attributes["who"]), int(attributes["step"])
        _check_seats(state.players, who=seat)
        if step == 1:
            state.riichi_declared(seat)
        elif step == 2:
            state.riichi_accepted(seat)
        return
    if tag == "N":
        seat = int(attributes["who"])
        _check_seats(state.players, who=seat)
        meld = decode_meld(int(attributes["m"]))
        called = (seat + meld.called_from) % state.players if meld.called_id is not None \
            and meld.kind != "kakan" else None
        state.call(seat, CalledMeld(meld.kind, meld.ids[0] // 4, called))
        return
    if tag == "DORA":
        state.add_dora(tile_from_136(int(attributes["hai"]), red_fives=_red(lobby)))
        return
    if tag == "AGARI":
        game.wins.append(_win(game.source, state, attributes, line, lobby))
        state.wins += 1
        return
    if tag == "RYUUKYOKU":
        game.draws.append(Draw(game.source, f"line {line}", state.name,
                               attributes.get("type", "exhaustive"),
                               _deltas(attributes, state.players)))


_KIND_TEXT = {"chi": "chi", "pon": "pon", "kan": "kan", "ankan": "ankan", "kakan": "kakan"}


def _win(source: str, state: RoundTracker, attributes: dict[str, str], line: int,
         lobby: Lobby) -> Win:
    red = _red(lobby)
    who, from_who = int(attributes["who"]), int(attributes["fromWho"])
    _check_seats(state.players, who=who, fromWho=from_who)
    hai = _ints(attributes["hai"], "hai")
    machi = int(attributes["machi"])
    if machi not in hai:
        raise ValueError(f"winning tile {machi} is not among hai")
    melds = [decode_meld(code) for code in _ints(attributes.get("m", ""), "m")]
    parts = [from_136(hai, red_fives=red)]
    parts.extend(f"{_KIND_TEXT[meld.kind]}:{from_136(meld.ids, red_fives=red)}"
                 for meld in melds if meld.kind != "nuki")
    ura = format_tile_sequence(tile_from_136(tile_id, red_fives=red) for tile_id in
                               _ints(attributes.get("doraHaiUra", ""), "doraHaiUra"))
    situation = state.situation(who, from_who, ura)
    notes = _compare_situation(state, attributes, state.liable[who])
    return Win(source, f"line {line}", state.name, who, None if who == from_who else from_who,
               " ".join(parts), tile_name(*tile_from_136(machi, red_fives=red)),
               tuple(situation.items()), lobby, _recorded(attributes, state.players,
                                                    state.nuki[who]), notes)


def _check_seats(players: int, **seats: int) -> None:
    for name, seat in seats.items():
        if not 0 <= seat < players:
            raise ValueError(f"{name}={seat} is not a seat (0..{players - 1})")


def _compare_situation(state: RoundTracker, attributes: dict[str, str],
                       liable: int | None) -> tuple[str, ...]:
    notes = []
    ba = _ints(attributes.get("ba", ""), "ba")
    # A later winner's record repeats the honba but shows no sticks (they went to the first).
    sticks = 0 if state.wins else state.sticks
    if len(ba) == 2 and (ba[0] != state.honba or ba[1] != sticks):
        notes.append(f"the log records honba/sticks {ba[0]}/{ba[1]}, the events give "
                     f"{state.honba}/{sticks}")
    dora = _ints(attributes.get("doraHai", ""), "doraHai")
    recorded = sorted(tile_from_136(i)[0] for i in dora)
    if dora and recorded != sorted(tile for tile, _ in state.dora):
        notes.append(f"the log records dora indicators {from_136(dora)}, the events give "
                     f"{format_tiles(state.dora)}")
    pao = attributes.get("paoWho")
    if pao is not None and int(pao) != liable:
        notes.append(f"the log records pao by seat {pao}, the events give {liable}")
    return tuple(notes)


def _recorded(attributes: dict[str, str], players: int, nuki: int) -> Recorded:
    """What the AGARI records. Tenhou counts each North set aside (kita) as a dora; our
    yaku table names them ``nukidora``, so they are moved out of the dora count."""
    ten = _ints(attributes.get("ten", ""), "ten")
    fu, points = (ten[0], ten[1]) if len(ten) >= 2 else (None, None)
    yaku: list[tuple[str, int]] = []
    unknown: list[str] = []
    pairs = _ints(attributes.get("yaku", ""), "yaku")
    for tenhou_id, han in zip(pairs[::2], pairs[1::2], strict=True):
        name = yaku_from_tenhou(tenhou_id)
        if name == "dora" and nuki:
            han -= nuki
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
    if nuki:
        yaku.append(("nukidora", nuki))
    han = sum(value for _, value in yaku)
    return Recorded(han, fu, points, tuple(yaku), tuple(unknown), _deltas(attributes, players))


def _deltas(attributes: dict[str, str], players: int) -> tuple[int, ...]:
    """Each seat's point change from ``sc`` (score, change pairs, in hundreds).

    Chip lobbies append (chips, chip change) pairs after the points: they are left out.
    """
    sc = _ints(attributes.get("sc", ""), "sc")
    return tuple(100 * delta for delta in sc[1:2 * players:2])
