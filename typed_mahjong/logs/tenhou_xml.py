"""Tenhou mjlog XML (plain or gzip): the rounds of a game, situation from the events.

The events are flat elements: ``<INIT>`` starts a round, ``<T12/>``..``<W..>`` are draws of
seats 0..3, ``<D..>``..``<G..>`` discards, ``<N>`` calls, ``<REACH>`` riichi (step 1 the
declaration, step 2 the stick paid), ``<DORA>`` a new kan dora indicator, ``<AGARI>`` a win
and ``<RYUUKYOKU>`` a draw.

Every event is checked against the table: each of the 136 tiles (ids) comes into play once
(dealt, drawn or shown as an indicator), a player discards and calls only tiles they hold,
a call takes the last discard, and a win's hand and melds are the winner's own. A fault
inside a round is recorded and the reader resumes at the next ``<INIT>``; a document that
stops being an mjlog (``mjlog_scan``) ends the file.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.interop import from_136, tile_from_136
from ..core.tiles import format_tile_sequence, format_tiles, tile_name
from ..core.yaku import yaku_from_tenhou
from .checked import whole, whole_list
from .endings import MJLOG_TYPES, ORPHAN_KINDS, nagashi_seats
from .mjlog_scan import END, Run, ScanError, Tag, scan
from .model import Draw, Lobby, LogError, Recorded, Round, Win
from .tenhou_lobby import lobby_from_go
from .tenhou_meld import TenhouMeld, decode_meld
from .tracker import WIND_LETTERS, CalledMeld, RoundTracker

MAX_ROUNDS = 1000  # one game: a hanchan has a few dozen rounds at most
_SCORE = 10 ** 7  # points in hundreds, either sign: far past any real score
_DRAW_LETTER = 84  # ord("T"); T U V W draw for seats 0..3, D E F G (68..71) discard
_DISCARD_LETTER = 68


class MjlogReader:
    """One mjlog: ``lobby`` from ``<GO>``, then ``rounds()`` as they are read."""

    def __init__(self, data: bytes, source: str) -> None:
        self.source = source
        self._events = scan(data)
        self._pending: list[Run | Tag] = []
        self.lobby = self._read_lobby()

    def _read_lobby(self) -> Lobby:
        try:
            for event in self._events:
                if isinstance(event, Tag) and event.name == b"GO":
                    return _lobby(event, self.source)
                if isinstance(event, Tag) and event.name in (b"INIT", END):
                    break
                self._pending.append(event)
        except ScanError as exc:
            raise LogError(self.source, f"line {exc.line}", exc.fault) from None
        raise LogError(self.source, "file", "no <GO> element before the first round: not "
                                            "a Tenhou mjlog")

    def rounds(self) -> Iterator[Round]:
        """Each round in order; LogError (the file's) where the document stops being one."""
        current: _XmlRound | None = None
        count = 0
        try:
            for event in self._events:
                if isinstance(event, Run):
                    if current is not None:
                        current.run(event)
                    elif event.tokens:
                        raise LogError(self.source, f"line {event.line}",
                                       "draws or discards before the first round")
                    continue
                if event.name == b"INIT":
                    if current is not None:
                        yield current.finish()
                    count += 1
                    if count > MAX_ROUNDS:
                        raise LogError(self.source, f"line {event.line}",
                                       f"more than {MAX_ROUNDS} rounds: a log holds one game")
                    current = _XmlRound(event, self.lobby, self.source)
                elif event.name == END:
                    break
                elif current is not None:
                    current.tag(event)
        except ScanError as exc:
            raise LogError(self.source, f"line {exc.line}", exc.fault) from None
        if current is not None:
            yield current.finish()
        elif count == 0:
            raise LogError(self.source, "file", "the log has no rounds (no <INIT>)")


def _lobby(go: Tag, source: str) -> Lobby:
    try:
        type_bits = whole(go.attributes.get(b"type", b""), "<GO type>", 0, 1 << 30)
    except ValueError as exc:
        raise LogError(source, f"line {go.line}", str(exc)) from None
    text = {key.decode("ascii", "replace"): value.decode("utf-8", "replace")
            for key, value in go.attributes.items() if key in (b"rule", b"csrule")}
    return lobby_from_go(type_bits, text)


class _XmlRound:
    """One round being read: the table (hands, melds, tiles in play) and the tracker."""

    def __init__(self, init: Tag, lobby: Lobby, source: str) -> None:
        self.lobby = lobby
        self.players = lobby.players
        self.red = lobby.rules.red_fives if lobby.rules is not None else True
        where = f"line {init.line}"
        self.round = Round(source, where, "?", 0, 0, 0)
        self.ended = False
        try:
            self._start(init.attributes)
        except (ValueError, KeyError, IndexError) as exc:
            self._fault(exc, init.line, "INIT")

    # --- the round's start -------------------------------------------------------------

    def _start(self, attributes: dict[bytes, bytes]) -> None:
        seed = whole_list(attributes.get(b"seed", b""), "seed", 0, 135, 6)
        if len(seed) != 6:
            raise ValueError(f"seed has {len(seed)} numbers, expected 6 (round, honba, "
                             f"sticks, two dice, dora indicator)")
        number, honba, sticks, indicator = seed[0], seed[1], seed[2], seed[5]
        if number > 15:
            raise ValueError(f"round {number} is out of range (0..15)")
        dealer = whole(attributes.get(b"oya", b""), "oya", 0, self.players - 1)
        name = f"{WIND_LETTERS[number // 4]}{number % 4 + 1}-{honba}"
        self.round.name, self.round.dealer = name, dealer
        self.round.honba, self.round.sticks = honba, sticks
        ten = whole_list(attributes.get(b"ten", b""), "ten", -_SCORE, _SCORE, 4)
        if ten:
            if len(ten) < self.players:
                raise ValueError(f"ten lists {len(ten)} scores for {self.players} players")
            self.round.scores = tuple(100 * score for score in ten[:self.players])
        self.tracker = RoundTracker(name, dealer, 27 + number // 4, honba, sticks,
                                    self.players)
        self.hands: list[set[int]] = []
        self.melds: list[list[TenhouMeld]] = [[] for _ in range(self.players)]
        self.seen: set[int] = set()
        self._into_play([indicator], "the dora indicator")
        for seat in range(4):
            text = attributes.get(f"hai{seat}".encode(), b"")
            dealt = whole_list(text, f"hai{seat}", 0, 135, 13)
            if seat >= self.players:
                if dealt:
                    raise ValueError(f"hai{seat}: a deal to seat {seat} in a "
                                     f"{self.players}-player game")
                continue
            if len(dealt) != 13:
                raise ValueError(f"hai{seat} deals {len(dealt)} tiles, not 13")
            self._into_play(dealt, f"hai{seat}")
            self.hands.append(set(dealt))
        self.tracker.add_dora(tile_from_136(indicator, red_fives=self.red))
        self.last_discard: tuple[int, int] | None = None  # (seat, id)
        self.last_draw: tuple[int, int] | None = None
        self.ura: list[int] | None = None  # the first win's (a later winner's are the same)
        # Seats that discarded a middle tile or had a discard called: no nagashi mangan.
        self.nagashi_broken = 0

    def _into_play(self, ids: list[int], what: str) -> None:
        """Each 136-id comes into play once: a second time is a fifth copy of a tile."""
        seen = self.seen
        for tile in ids:
            if tile in seen:
                raise ValueError(f"{what}: tile id {tile} ({self._name(tile)}) is already "
                                 f"in play (each id is one of the 136 tiles)")
            seen.add(tile)

    def _name(self, tile_id: int) -> str:
        return tile_name(*tile_from_136(tile_id, red_fives=self.red))

    # --- draws and discards ------------------------------------------------------------

    def run(self, run: Run) -> None:
        if self.round.faults:
            return
        try:
            self._play(run)
        except (ValueError, KeyError, IndexError) as exc:
            index = getattr(exc, "token", 0)
            self._fault(exc, run.line_of(index), "draw/discard")

    def _play(self, run: Run) -> None:
        if self.ended:
            raise _TokenFault(0, "a draw or discard after the round ended")
        hands, seen, players = self.hands, self.seen, self.players
        orphan, broken = ORPHAN_KINDS, self.nagashi_broken
        draws = drew = discarded = 0
        last_draw: int | None = None
        index = 0
        letter = 0
        seat = 0
        tile = 0
        for index, (letter_text, digits) in enumerate(run.tokens):
            letter = letter_text[0]
            tile = int(digits)
            if letter >= _DRAW_LETTER:
                seat = letter - _DRAW_LETTER
                if seat >= players:
                    raise _TokenFault(index, f"a draw by seat {seat} in a {players}-player "
                                             f"game")
                if tile in seen:
                    raise _TokenFault(index, f"seat {seat} draws tile id {tile} "
                                             f"({self._name(tile)}), which is already in play"
                                             f" (each id is one of the 136 tiles)")
                seen.add(tile)
                hands[seat].add(tile)
                draws += 1
                last_draw = seat if not drew >> seat & 1 else None
                drew |= 1 << seat
            else:
                seat = letter - _DISCARD_LETTER
                if seat >= players:
                    raise _TokenFault(index, f"a discard by seat {seat} in a "
                                             f"{players}-player game")
                hand = hands[seat]
                if tile not in hand:
                    raise _TokenFault(index, f"seat {seat} discards id {tile} "
                                             f"({self._name(tile)}), which it does not hold")
                hand.remove(tile)
                discarded |= 1 << seat
                if not orphan[tile >> 2]:
                    broken |= 1 << seat
                self.last_discard = (seat, tile)
        self.nagashi_broken = broken
        if letter >= _DRAW_LETTER:
            self.last_draw = (seat, tile)
        else:
            last_draw = None
            self.last_draw = None
        if len(hands[seat]) + 3 * _sets(self.melds[seat]) > 14:
            raise _TokenFault(index, f"seat {seat} holds more than 14 tiles")
        tracker = self.tracker
        tracker.played(draws, drew, discarded, last_draw,
                       "draw" if letter >= _DRAW_LETTER else "discard")
        if tracker.draws > tracker.wall_draws:
            raise _TokenFault(index, f"draw number {tracker.draws}: the wall holds "
                                     f"{tracker.wall_draws}")

    # --- the other elements ------------------------------------------------------------

    def tag(self, tag: Tag) -> None:
        if self.round.faults:
            return
        name = tag.name
        try:
            if name == b"N":
                self._call(tag.attributes)
            elif name == b"REACH":
                self._riichi(tag.attributes)
            elif name == b"DORA":
                self._dora(tag.attributes)
            elif name == b"AGARI":
                self._win(tag.attributes, tag.line)
            elif name == b"RYUUKYOKU":
                self._draw(tag.attributes, tag.line)
            else:
                return  # UN, BYE, TAIKYOKU, ...: nothing about the table
        except (ValueError, KeyError, IndexError) as exc:
            self._fault(exc, tag.line, name.decode("ascii", "replace"))

    def _open(self, what: str) -> None:
        if self.ended and what != "AGARI":
            raise ValueError(f"<{what}> after the round ended")

    def _seat(self, attributes: dict[bytes, bytes], key: bytes) -> int:
        return whole(attributes[key], key.decode(), 0, self.players - 1)

    def _riichi(self, attributes: dict[bytes, bytes]) -> None:
        self._open("REACH")
        seat = self._seat(attributes, b"who")
        step = whole(attributes[b"step"], "step", 1, 2)
        if step == 1:
            self.tracker.riichi_declared(seat)
        else:
            self.tracker.riichi_accepted(seat)

    def _dora(self, attributes: dict[bytes, bytes]) -> None:
        self._open("DORA")
        indicator = whole(attributes[b"hai"], "hai", 0, 135)
        self._into_play([indicator], "DORA")
        self.tracker.add_dora(tile_from_136(indicator, red_fives=self.red))

    def _call(self, attributes: dict[bytes, bytes]) -> None:
        self._open("N")
        seat = self._seat(attributes, b"who")
        meld = decode_meld(whole(attributes[b"m"], "m", 0, 65535))
        hand = self.hands[seat]
        if meld.kind in ("chi", "pon", "kan"):
            # The relative seat counts four places round the table, three players or four.
            discarder = (seat + meld.called_from) % 4
            if discarder == seat or self.last_discard != (discarder, meld.called_id):
                raise ValueError(f"seat {seat} calls id {meld.called_id} from seat "
                                 f"{discarder}, which is not the last discard")
            own = [tile for tile in meld.ids if tile != meld.called_id]
            self.last_discard = None
            self.nagashi_broken |= 1 << discarder
        elif meld.kind == "kakan":
            discarder = None
            own = [tile for tile in meld.ids if tile not in _pon_ids(self.melds[seat], meld)]
            self.last_discard = (seat, own[0]) if len(own) == 1 else None  # chankan robs it
        else:  # ankan, nuki
            discarder = None
            own = list(meld.ids)
        missing = [tile for tile in own if tile not in hand]
        if missing:
            raise ValueError(f"seat {seat} calls {meld.kind} with id {missing[0]} "
                             f"({self._name(missing[0])}), which it does not hold")
        hand.difference_update(own)
        if meld.kind == "kakan":
            self.melds[seat] = [old for old in self.melds[seat]
                                if not (old.kind == "pon" and old.ids[0] // 4 ==
                                        meld.ids[0] // 4)]
        self.melds[seat].append(meld)
        self.tracker.call(seat, CalledMeld(meld.kind, meld.ids[0] // 4, discarder))

    def _win(self, attributes: dict[bytes, bytes], line: int) -> None:
        if self.ended and not self.round.wins:
            raise ValueError("<AGARI> after the round ended in a draw")
        who, from_who = self._seat(attributes, b"who"), self._seat(attributes, b"fromWho")
        hai = whole_list(attributes[b"hai"], "hai", 0, 135, 14)
        machi = whole(attributes[b"machi"], "machi", 0, 135)
        if machi not in hai:
            raise ValueError(f"winning tile {machi} is not among hai")
        expected = set(self.hands[who])
        if who != from_who:
            if self.last_discard != (from_who, machi):
                raise ValueError(f"seat {who} wins on id {machi} from seat {from_who}, which "
                                 f"is not the last discard")
            expected.add(machi)
        elif self.last_draw != (who, machi):
            raise ValueError(f"seat {who} wins by tsumo on id {machi}, which is not the tile "
                             f"it drew last")
        if set(hai) != expected or len(hai) != len(expected):
            raise ValueError(f"hai is not seat {who}'s hand (the events give "
                             f"{from_136(sorted(expected), red_fives=self.red)})")
        codes = whole_list(attributes.get(b"m", b""), "m", 0, 65535, 4)
        melds = [decode_meld(code) for code in codes]
        if sorted(meld.ids for meld in melds) != sorted(meld.ids for meld in self.melds[who]):
            raise ValueError(f"m is not seat {who}'s melds")
        ura_ids = whole_list(attributes.get(b"doraHaiUra", b""), "doraHaiUra", 0, 135, 5)
        # Only a riichi winner's record shows the ura indicators; two show the same ones.
        if self.ura is None and ura_ids:
            self._into_play(ura_ids, "doraHaiUra")
            self.ura = ura_ids
        elif ura_ids and ura_ids != self.ura:
            raise ValueError("doraHaiUra differs from an earlier win's of this discard")
        win = _win_record(self, attributes, who, from_who, hai, machi, melds, ura_ids, line)
        self._final(attributes)
        self.round.wins.append(win)
        self.tracker.wins += 1
        self.ended = True

    def _draw(self, attributes: dict[bytes, bytes], line: int) -> None:
        self._open("RYUUKYOKU")
        kind = attributes.get(b"type", b"").decode("ascii", "replace")
        deltas = _deltas(attributes, self.players)
        shown = []  # the hands shown at the draw: the players tenpai
        for seat in range(self.players):
            hand = attributes.get(f"hai{seat}".encode())
            if hand is not None:
                if set(whole_list(hand, f"hai{seat}", 0, 135, 14)) != self.hands[seat]:
                    raise ValueError(f"hai{seat} is not seat {seat}'s hand")
                shown.append(seat)
        self._final(attributes)
        ending = MJLOG_TYPES.get(kind, "")
        self.round.draw = Draw(self.round.source, f"line {line}", self.round.name,
                               kind or "exhaustive", deltas, ending, tuple(shown),
                               nagashi_seats(self.nagashi_broken, self.players))
        self.ended = True

    def _final(self, attributes: dict[bytes, bytes]) -> None:
        """``owari`` (on the game's last round end): (points, placement value) a seat."""
        owari = attributes.get(b"owari")
        if owari is None:
            return
        parts = owari.split(b",")
        if len(parts) < 2 * self.players:
            raise ValueError(f"owari lists fewer than {self.players} seats")
        self.round.final = tuple(100 * whole(parts[2 * seat], "owari", -_SCORE, _SCORE)
                                 for seat in range(self.players))

    # --- the end -------------------------------------------------------------------------

    def _fault(self, exc: Exception, line: int, what: str) -> None:
        text = f"missing attribute {exc.args[0]!r}" if isinstance(exc, KeyError) \
            else str(exc)
        if isinstance(exc, KeyError) and isinstance(exc.args[0], bytes):
            text = f"missing attribute {exc.args[0].decode('ascii', 'replace')!r}"
        self.round.faults.append(LogError(self.round.source, f"line {line}",
                                          text if isinstance(exc, _TokenFault)
                                          else f"<{what}>: {text}"))

    def finish(self) -> Round:
        if not self.round.faults:
            tracker = self.tracker
            self.round.riichi = tuple(seat for seat in range(self.players)
                                      if tracker.riichi[seat] == 2)
        if not self.round.faults and not self.ended:
            self.round.faults.append(LogError(self.round.source, self.round.where,
                                              f"round {self.round.name} ends without a win "
                                              f"or a draw"))
        return self.round


class _TokenFault(ValueError):
    """A fault at one draw or discard of a run (``token`` is its index)."""

    def __init__(self, token: int, fault: str) -> None:
        super().__init__(fault)
        self.token = token


def _sets(melds: list[TenhouMeld]) -> int:
    """Melds that stand for a set of three in the hand's count (a North set aside does not:
    its replacement tile takes its place)."""
    return sum(meld.kind != "nuki" for meld in melds)


def _pon_ids(melds: list[TenhouMeld], kakan: TenhouMeld) -> tuple[int, ...]:
    for meld in melds:
        if meld.kind == "pon" and meld.ids[0] // 4 == kakan.ids[0] // 4:
            return meld.ids
    raise ValueError(f"an added kan of {tile_name(kakan.ids[0] // 4)} without a pon of it")


_KIND_TEXT = {"chi": "chi", "pon": "pon", "kan": "kan", "ankan": "ankan", "kakan": "kakan"}


def _win_record(state: _XmlRound, attributes: dict[bytes, bytes], who: int, from_who: int,
                hai: list[int], machi: int, melds: list[TenhouMeld], ura_ids: list[int],
                line: int) -> Win:
    red = state.red
    parts = [from_136(hai, red_fives=red)]
    parts.extend(f"{_KIND_TEXT[meld.kind]}:{from_136(meld.ids, red_fives=red)}"
                 for meld in melds if meld.kind != "nuki")
    ura = format_tile_sequence(tile_from_136(tile_id, red_fives=red) for tile_id in ura_ids)
    tracker = state.tracker
    situation = tracker.situation(who, from_who, ura)
    notes = _compare_situation(tracker, attributes, tracker.liable[who])
    return Win(state.round.source, f"line {line}", tracker.name, who,
               None if who == from_who else from_who, " ".join(parts),
               tile_name(*tile_from_136(machi, red_fives=red)), tuple(situation.items()),
               state.lobby, _recorded(attributes, state.players, tracker.nuki[who]), notes)


def _compare_situation(tracker: RoundTracker, attributes: dict[bytes, bytes],
                       liable: int | None) -> tuple[str, ...]:
    notes = []
    ba = whole_list(attributes.get(b"ba", b""), "ba", 0, 10 ** 6, 2)
    # A later winner's record repeats the honba but shows no sticks (they went to the first).
    sticks = 0 if tracker.wins else tracker.sticks
    if len(ba) == 2 and (ba[0] != tracker.honba or ba[1] != sticks):
        notes.append(f"the log records honba/sticks {ba[0]}/{ba[1]}, the events give "
                     f"{tracker.honba}/{sticks}")
    dora = whole_list(attributes.get(b"doraHai", b""), "doraHai", 0, 135, 5)
    recorded = sorted(tile_from_136(i)[0] for i in dora)
    if dora and recorded != sorted(tile for tile, _ in tracker.dora):
        notes.append(f"the log records dora indicators {from_136(dora)}, the events give "
                     f"{format_tiles(tracker.dora)}")
    pao = attributes.get(b"paoWho")
    if pao is not None and whole(pao, "paoWho", 0, 3) != liable:
        notes.append(f"the log records pao by seat {int(pao)}, the events give {liable}")
    return tuple(notes)


def _recorded(attributes: dict[bytes, bytes], players: int, nuki: int) -> Recorded:
    """What the AGARI records. Tenhou counts each North set aside (kita) as a dora; our
    yaku table names them ``nukidora``, so they are moved out of the dora count."""
    ten = whole_list(attributes.get(b"ten", b""), "ten", 0, 10 ** 7, 3)
    fu, points = (ten[0], ten[1]) if len(ten) >= 2 else (None, None)
    yaku: list[tuple[str, int]] = []
    unknown: list[str] = []
    pairs = whole_list(attributes.get(b"yaku", b""), "yaku", 0, 1000, 80)
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
    for tenhou_id in whole_list(attributes.get(b"yakuman", b""), "yakuman", 0, 1000, 20):
        name = yaku_from_tenhou(tenhou_id)
        if name is None:
            unknown.append(f"tenhou yakuman {tenhou_id}")
        else:
            yaku.append((name, 13))
    if nuki:
        yaku.append(("nukidora", nuki))
    han = sum(value for _, value in yaku)
    return Recorded(han, fu, points, tuple(yaku), tuple(unknown), _deltas(attributes, players))


def _deltas(attributes: dict[bytes, bytes], players: int) -> tuple[int, ...]:
    """Each seat's point change from ``sc`` (score, change pairs, in hundreds).

    Chip lobbies append (chips, chip change) pairs after the points: they are left out.
    """
    sc = whole_list(attributes.get(b"sc", b""), "sc", -_SCORE, _SCORE, 16)
    return tuple(100 * delta for delta in sc[1:2 * players:2])
