"""Tenhou mjlog XML (plain or gzip): the rounds of a game, situation from the events.

The events are flat elements: ``<INIT>`` starts a round, ``<T12/>``..``<W..>`` are draws of
seats 0..3, ``<D..>``..``<G..>`` discards, ``<N>`` calls, ``<REACH>`` riichi (step 1 the
declaration, step 2 the stick paid), ``<DORA>`` a new kan dora indicator, ``<AGARI>`` a win
and ``<RYUUKYOKU>`` a draw.

The document is checked whole first (``mjlog_scan``), and the elements before the first
round are read one by one. The rounds are read in one of two ways that give the same
rounds. Text as Tenhou writes it (one line of tags, nothing between them) is cut into tags
at once and each round read from them in bulk (``mjlog_fast``). Where that fails (a fault,
or any other spelling of XML), the round is read the careful way (``_XmlRound``): the
elements other than draws and discards one by one, the draws and discards between two of
them (a run) counted in bulk, as text; a fault inside a round is recorded, and the reader
resumes at the next ``<INIT>``. A tag named like a move that is no draw or discard
(``<T999/>``, ``<D12 x="1"/>``) is such a fault; what breaks the document's structure
stops the file.

A fault's place (``where``) is ``line 1, byte 12345 (E2-1, tag 37)``: the line, the byte
of the offending tag in the (unpacked) file, and inside a round its label and the tag's
index in it (its ``<INIT>`` is tag 0, draws and discards count). Tenhou writes a log on one
line, so the line alone says little; the rest is counted only when a fault is made.

The table is checked where the round ends: each of the 136 tiles (ids) comes into play
once (dealt, drawn or shown as an indicator), a player discards and calls only tiles dealt
to or drawn by them, a call takes the last discard, and a win's hand and melds, and the
hands shown at a draw, are the players' own.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Generator, Iterator
from itertools import accumulate, repeat

from ..core.interop import from_136, tile_from_136
from ..core.tiles import tile_name
from .checked import shown, whole, whole_list
from .endings import nagashi_of_ids
from .mjlog_fast import read_round
from .mjlog_records import (
    SCORE_LIMIT,
    draw_record,
    final_record,
    hand_with_melds,
    id_list,
    table_at_draw,
    win_record,
)
from .mjlog_scan import (
    ELEMENTS,
    MOVE,
    Lines,
    ScanError,
    attributes,
    check,
    damaged_move,
    fault_at,
    line_of,
    moves_end,
    moves_only,
)
from .mjlog_tokens import MOVE_CODES, element, tags
from .model import Lobby, LogError, Round
from .tenhou_lobby import lobby_from_go
from .tenhou_meld import TenhouMeld, decode_meld
from .tracker import WIND_LETTERS, CalledMeld, RoundTracker

MAX_ROUNDS = 1000  # one game: a hanchan has a few dozen rounds at most
_MOVES_CAP = 200  # draws and discards in a round: a wall has 70 draws, each a discard
# Tags the fast path cuts the rounds into at once (a list of them, tens of bytes each):
# past this many the file is no game Tenhou wrote (a round has a few hundred tags at most)
# and is read the careful way, a round at a time, so a file of one giant round costs its
# bytes plus one round, not a list of millions of tags.
FAST_TAGS_CAP = 300 * MAX_ROUNDS
_DRAWS = (b"<T", b"<U", b"<V", b"<W")  # draws of seats 0..3; in a run nothing else starts so
_DISCARDS = (b"<D", b"<E", b"<F", b"<G")
_HANDS = (b"hai0", b"hai1", b"hai2", b"hai3")
_ID = rb"(?:13[0-5]|1[0-2][0-9]|[1-9]?[0-9])"  # a 136-id: 0..135, no leading zero
_DEAL = re.compile(_ID + rb"(?:," + _ID + rb"){12}")  # 13 ids
_DISCARD_IDS = tuple(re.compile(letter + rb"([0-9]{1,3})") for letter in _DISCARDS)
# The table check works on (draw letter, id) pairs, ids as the text has them (no leading
# zero, so one text a number): a discard reads as a draw by its seat once its letter is
# swapped (D->T, ...) and the draws' hidden (T->x, ...).
_SEAT_LETTERS = (b"T", b"U", b"V", b"W")
_PAIRS = re.compile(rb"<([TUVW])([0-9]{1,3})")
_DRAWN_IDS = re.compile(rb"<[TUVW]([0-9]{1,3})")
_DISCARDS_AS_DRAWS = bytes.maketrans(b"DEFGTUVW", b"TUVWxxxx")


class MjlogReader:
    """One mjlog: ``lobby`` from ``<GO>``, then ``rounds()`` as they are read.

    ``fast=False`` reads every round the careful way (the tests compare the two ways);
    ``careful_rounds`` counts the rounds read that way so far.
    """

    def __init__(self, data: bytes, source: str, *, fast: bool = True) -> None:
        self.source = source
        self.data = data
        self.fast = fast
        self.careful_rounds = 0
        self.lines = Lines(data)
        try:
            document = check(data)
        except ScanError as exc:
            raise LogError(source, f"line {exc.line}, byte {exc.offset}", exc.fault) from None
        self._end = document.end
        self._elements = ELEMENTS.finditer(data, document.start, document.end)
        self._position = document.start  # where the text not yet read starts
        self.lobby = self._read_lobby()

    def _read_lobby(self) -> Lobby:
        for element_ in self._elements:
            if element_.start() > self._position:
                self._moves(element_.start())
                self._moves_before_rounds(element_.start())
            self._position = element_.end()
            name = element_.group(1)
            if name == b"GO":
                return _lobby(element_, self.data, self.source)
            if name == b"INIT":
                break
        raise LogError(self.source, "file", "no <GO> element before the first round: not "
                                            "a Tenhou mjlog")

    def _moves(self, stop: int) -> None:
        """Between two elements: draws, discards and blanks only, or the file ends here."""
        if not moves_only(self.data, self._position, stop):
            self._fault_at(self._position, stop)

    def _moves_before_rounds(self, stop: int) -> None:
        found = MOVE.search(self.data, self._position, stop) if stop > self._position else None
        if found is not None:
            raise LogError(self.source, self._place(found.start()),
                           "draws or discards before the first round")

    def rounds(self) -> Iterator[Round]:
        """Each round in order; LogError (the file's) where the document stops being an
        mjlog (the rounds before it stand)."""
        for element_ in self._elements:  # the elements before the first round
            start = element_.start()
            if start > self._position:
                self._moves(start)
                self._moves_before_rounds(start)
            self._position = element_.end()
            if element_.group(1) == b"INIT":
                yield from self._rounds_from(start)
                return
        if self._end > self._position:
            self._moves(self._end)
        raise LogError(self.source, "file", "the log has no rounds (no <INIT>)")

    def _rounds_from(self, first: int) -> Iterator[Round]:
        """The rounds from the first ``<INIT>``, at ``first``, to the end."""
        fast = self.fast and self.data.count(b"<", first, self._end) <= FAST_TAGS_CAP
        found = tags(self.data, first, self._end) if fast else None
        if found is None:
            yield from self._careful(first, self._end, 0)
            return
        codes = list(map(MOVE_CODES.get, found, repeat(0)))  # 0: an element
        elements = _zeros(codes)
        starts = []  # the rounds: (index of the INIT tag, its attributes)
        for index in elements:
            if found[index].startswith(b"INIT"):
                init = element(found[index])
                if init is not None and init[0] == b"INIT":
                    starts.append((index, init[1]))
        if not starts or starts[0][0] != 0 or len(starts) > MAX_ROUNDS:
            yield from self._careful(first, self._end, 0)
            return
        where = f"line {line_of(self.data, first)}"  # one line: every element's
        lobby, source = self.lobby, self.source
        count = 0
        ends: list[int] = []  # where each tag ends, counted once a round falls back
        for number, (lo, init_named) in enumerate(starts):
            hi = starts[number + 1][0] if number + 1 < len(starts) else len(found)
            inner = elements[bisect_right(elements, lo):bisect_left(elements, hi)]
            round_ = read_round(found, codes, inner, lo, hi, init_named, lobby, source, where)
            if round_ is not None:
                count += 1
                yield round_
            else:
                if not ends:  # each tag is "<" + tag + "/>"
                    ends = list(accumulate(map(len, found), initial=0))
                start = first + ends[lo] + 3 * lo
                stop = first + ends[hi] + 3 * hi if hi < len(found) else self._end
                count = yield from self._careful(start, stop, count)

    def _careful(self, start: int, stop: int, count: int) -> Generator[Round, None, int]:
        """The rounds of ``data[start:stop]`` (from an ``<INIT>`` to the next round's or the
        end) read element by element; returns the rounds counted so far."""
        data = self.data
        current: _XmlRound | None = None
        position = start
        for element_ in ELEMENTS.finditer(data, start, stop):
            begin = element_.start()
            if begin > position:
                if not moves_only(data, position, begin):
                    self._damaged_run(position, begin, current)
                elif current is not None:
                    current.run(position, begin)
            position = element_.end()
            if element_.group(1) == b"INIT":
                if current is not None:
                    yield current.finish(begin)
                count += 1
                self.careful_rounds += 1
                if count > MAX_ROUNDS:
                    raise LogError(self.source, self._place(begin),
                                   f"more than {MAX_ROUNDS} rounds: a log holds one game")
                current = _XmlRound(data, element_, self.lobby, self.source, self.lines)
            elif current is not None:
                current.element(element_)
        if stop > position:
            if not moves_only(data, position, stop):
                self._damaged_run(position, stop, current)
            elif current is not None:
                current.run(position, stop)
        if current is not None:
            yield current.finish(stop)
        return count

    def _damaged_run(self, start: int, stop: int, current: _XmlRound | None) -> None:
        """Text between two elements that is not draws, discards and blanks only.

        A tag named like a move that is no draw or discard damages the round it is in: the
        moves before it are played, the fault recorded, and the text after it is still
        checked (a comment or a DOCTYPE later in a damaged round stops the file all the
        same). Anything else, or such a tag outside any round, stops the file here.
        """
        data = self.data
        position = start
        while position < stop:
            end = moves_end(data, position, stop)
            if end == stop:
                if current is not None:
                    current.run(position, stop)
                return
            damaged = damaged_move(data, end, stop) if current is not None else None
            if current is None or damaged is None:
                self._fault_at(position, stop, current)
                return
            current.run(position, end)
            current.bad_move(end, damaged[1])
            position = damaged[0]

    def _fault_at(self, start: int, stop: int, current: _XmlRound | None = None) -> None:
        exc = fault_at(self.data, start, stop)
        where = current.place(exc.offset) if current is not None else self._place(exc.offset)
        raise LogError(self.source, where, exc.fault)

    def _place(self, offset: int) -> str:
        """Where a fault outside any round is: ``line N, byte B``."""
        return f"line {self.lines.at(offset)}, byte {offset}"


def _zeros(codes: list[int]) -> list[int]:
    """Where ``codes`` holds 0 (the elements among the tags), in order."""
    found = []
    index = -1
    find = codes.index
    try:
        while True:
            index = find(0, index + 1)
            found.append(index)
    except ValueError:
        return found


def _lobby(go: re.Match[bytes], data: bytes, source: str) -> Lobby:
    named = attributes(go.group(2))
    try:
        type_bits = whole(named.get(b"type", b""), "<GO type>", 0, 1 << 30)
    except ValueError as exc:
        raise LogError(source, f"line {line_of(data, go.start())}, byte {go.start()}",
                       str(exc)) from None
    text = {key.decode("ascii", "replace"): value.decode("utf-8", "replace")
            for key, value in named.items() if key in (b"rule", b"csrule")}
    return lobby_from_go(type_bits, text)


class _XmlRound:
    """One round being read: the tracker, the melds and what the table check needs."""

    def __init__(self, data: bytes, init: re.Match[bytes], lobby: Lobby, source: str,
                 lines: Lines) -> None:
        self.data = data
        self.lines = lines
        self.start = init.end()  # the round's text: from here to the next <INIT>
        self.init_at = init.start()  # tag 0 of the round, in a fault's place
        self.lobby = lobby
        self.players = lobby.players
        self.red = lobby.rules.red_fives if lobby.rules is not None else True
        self.round = Round(source, f"line {lines.at(init.start())}", "?", 0, 0, 0)
        self.ended = False
        self.checked = False  # the table check ran (it runs once, where the round ends)
        try:
            self._begin(attributes(init.group(2)))
        except (ValueError, KeyError, IndexError) as exc:
            self._fault(exc, init.start(), "INIT")

    # --- the round's start -------------------------------------------------------------

    def _begin(self, named: dict[bytes, bytes]) -> None:
        seed = whole_list(named.get(b"seed", b""), "seed", 0, 135, 6)
        if len(seed) != 6:
            raise ValueError(f"seed has {len(seed)} numbers, expected 6 (round, honba, "
                             f"sticks, two dice, dora indicator)")
        number, honba, sticks, indicator = seed[0], seed[1], seed[2], seed[5]
        if number > 15:
            raise ValueError(f"round {number} is out of range (0..15)")
        dealer = whole(named.get(b"oya", b""), "oya", 0, self.players - 1)
        name = f"{WIND_LETTERS[number // 4]}{number % 4 + 1}-{honba}"
        round_ = self.round
        round_.name, round_.dealer, round_.honba, round_.sticks = name, dealer, honba, sticks
        ten = whole_list(named.get(b"ten", b""), "ten", -SCORE_LIMIT, SCORE_LIMIT, 4)
        if ten:
            if len(ten) < self.players:
                raise ValueError(f"ten lists {len(ten)} scores for {self.players} players")
            round_.scores = tuple(100 * score for score in ten[:self.players])
        self.tracker = RoundTracker(name, dealer, 27 + number // 4, honba, sticks,
                                    self.players)
        self.dealt: set[tuple[bytes, bytes]] = set()  # (seat's draw letter, id text) pairs
        self.dealt_ids: list[bytes] = []
        for seat, key in enumerate(_HANDS):
            text = named.get(key, b"")
            if seat >= self.players:
                if text:
                    raise ValueError(f"hai{seat}: a deal to seat {seat} in a "
                                     f"{self.players}-player game")
            elif _DEAL.fullmatch(text) is None:
                raise ValueError(f"hai{seat} {shown(text)} is not a deal of 13 tile ids "
                                 f"(0..135)")
            else:
                ids = text.split(b",")
                self.dealt_ids.extend(ids)
                self.dealt.update(zip(repeat(_SEAT_LETTERS[seat]), ids))
        self.indicators = [indicator]
        self.tracker.add_dora(tile_from_136(indicator, red_fives=self.red))
        self.melds: list[list[TenhouMeld]] = [[] for _ in range(self.players)]
        self.own: list[list[int]] = [[] for _ in range(self.players)]  # tiles put in melds
        self.moves = 0
        self.drawn = [0, 0, 0, 0]  # draws and discards of each seat so far
        self.thrown = [0, 0, 0, 0]
        self.last_discard: tuple[int, int] | None = None  # (seat, id)
        self.last_draw: tuple[int, int] | None = None
        self.ura: list[int] | None = None  # the first win's (a later winner's are the same)
        self.called_from = 0  # seats whose discard was called (no nagashi mangan)
        self.held: set[tuple[bytes, bytes]] = set()  # concealed tiles as pairs, once checked
        self.seen: set[bytes] = set()  # the ids in play, once checked

    def _name(self, tile_id: int) -> str:
        return tile_name(*tile_from_136(tile_id, red_fives=self.red))

    # --- draws and discards, in bulk ---------------------------------------------------

    def run(self, start: int, stop: int) -> None:
        """The draws and discards in ``data[start:stop]`` (nothing else is there)."""
        if self.round.faults:
            return
        text = self.data[start:stop]
        count = text.count  # in a run, "<T" starts a draw of seat 0 and nothing else, ...
        t, u, v, w = count(b"<T"), count(b"<U"), count(b"<V"), count(b"<W")
        d, e, f, g = count(b"<D"), count(b"<E"), count(b"<F"), count(b"<G")
        draws, discards = t + u + v + w, d + e + f + g
        if not draws + discards:
            return  # blanks between two elements
        if self.ended:
            self._fault(ValueError("a draw or discard after the round ended"), start, "")
            return
        if self.players == 3 and (w or g):
            self._fault(ValueError("a draw or discard by seat 3 in a three-player game"),
                        start, "")
            return
        self.moves += draws + discards
        drawn, thrown = self.drawn, self.thrown
        drawn[0] += t
        drawn[1] += u
        drawn[2] += v
        drawn[3] += w
        thrown[0] += d
        thrown[1] += e
        thrown[2] += f
        thrown[3] += g
        if self.moves > _MOVES_CAP:
            self._fault(ValueError(f"more than {_MOVES_CAP} draws and discards in a round"),
                        start, "")
            return
        last = text.rfind(b"<")
        letter, tile = text[last + 1], int(text[last + 2:text.find(b"/", last)])
        drew = (t > 0) | (u > 0) << 1 | (v > 0) << 2 | (w > 0) << 3
        discarded = (d > 0) | (e > 0) << 1 | (f > 0) << 2 | (g > 0) << 3
        tracker = self.tracker
        if letter >= 84:  # T U V W: the run ends with a draw
            seat = letter - 84
            self.last_draw, self.last_discard = (seat, tile), None
            tracker.played(draws, drew, discarded, seat if (t, u, v, w)[seat] == 1 else None,
                           "draw")
        else:  # D E F G: with a discard
            self.last_draw, self.last_discard = None, (letter - 68, tile)
            tracker.played(draws, drew, discarded, None, "discard")
        if tracker.draws > tracker.wall_draws:
            self._fault(ValueError(f"draw number {tracker.draws}: the wall holds "
                                   f"{tracker.wall_draws}"), start, "")

    # --- the other elements ------------------------------------------------------------

    def element(self, element: re.Match[bytes]) -> None:
        if self.round.faults:
            return
        name = element.group(1)
        try:
            if name == b"N":
                self._call(attributes(element.group(2)))
            elif name == b"REACH":
                self._riichi(attributes(element.group(2)))
            elif name == b"DORA":
                self._dora(attributes(element.group(2)))
            elif name == b"AGARI":
                self._win(attributes(element.group(2)), element.start())
            elif name == b"RYUUKYOKU":
                self._draw(attributes(element.group(2)), element.start())
        except (ValueError, KeyError, IndexError) as exc:
            self._fault(exc, element.start(), name.decode("ascii", "replace"))
        # UN, BYE, TAIKYOKU, ...: nothing about the table

    def _open(self, what: str) -> None:
        if self.ended:
            raise ValueError(f"<{what}> after the round ended")

    def _seat(self, named: dict[bytes, bytes], key: bytes) -> int:
        return whole(named[key], key.decode(), 0, self.players - 1)

    def _riichi(self, named: dict[bytes, bytes]) -> None:
        self._open("REACH")
        seat = self._seat(named, b"who")
        if whole(named[b"step"], "step", 1, 2) == 1:
            self.tracker.riichi_declared(seat)
        else:
            self.tracker.riichi_accepted(seat)

    def _dora(self, named: dict[bytes, bytes]) -> None:
        self._open("DORA")
        indicator = whole(named[b"hai"], "hai", 0, 135)
        if len(self.indicators) == 5:
            raise ValueError("a sixth dora indicator (one, and one for each of four kans)")
        self.indicators.append(indicator)
        self.tracker.add_dora(tile_from_136(indicator, red_fives=self.red))

    def _call(self, named: dict[bytes, bytes]) -> None:
        self._open("N")
        seat = self._seat(named, b"who")
        meld = decode_meld(whole(named[b"m"], "m", 0, 65535))
        if meld.kind in ("chi", "pon", "kan"):
            # The relative seat counts four places round the table, three players or four.
            discarder = (seat + meld.called_from) % 4
            if discarder == seat or self.last_discard != (discarder, meld.called_id):
                raise ValueError(f"seat {seat} calls id {meld.called_id} from seat "
                                 f"{discarder}, which is not the last discard")
            own = [tile for tile in meld.ids if tile != meld.called_id]
            self.last_discard = None
            self.called_from |= 1 << discarder
        elif meld.kind == "kakan":
            discarder = None
            own = [tile for tile in meld.ids if tile not in _pon_ids(self.melds[seat], meld)]
            self.last_discard = (seat, own[0]) if len(own) == 1 else None  # chankan robs it
            self.melds[seat] = [old for old in self.melds[seat]
                                if not (old.kind == "pon" and old.ids[0] // 4 ==
                                        meld.ids[0] // 4)]
        else:  # ankan, nuki
            discarder = None
            own = list(meld.ids)
        if meld.kind != "nuki":
            if sum(old.kind != "nuki" for old in self.melds[seat]) == 4:
                raise ValueError(f"a fifth meld for seat {seat}")
        elif sum(old.kind == "nuki" for old in self.melds[seat]) == 4:
            raise ValueError(f"seat {seat} sets aside a fifth North (four exist)")
        self.own[seat].extend(own)
        self.melds[seat].append(meld)
        self.tracker.call(seat, CalledMeld(meld.kind, meld.ids[0] // 4, discarder))

    def _win(self, named: dict[bytes, bytes], offset: int) -> None:
        if self.ended and not self.round.wins:
            raise ValueError("<AGARI> after the round ended in a draw")
        self._check_table(offset)
        if self.round.faults:
            return
        who, from_who = self._seat(named, b"who"), self._seat(named, b"fromWho")
        hai = id_list(named[b"hai"], "hai", 14)
        machi = whole(named[b"machi"], "machi", 0, 135)
        if machi not in hai:
            raise ValueError(f"winning tile {machi} is not among hai")
        expected = self._hand(who)
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
        melds = [decode_meld(code) for code in whole_list(named.get(b"m", b""), "m", 0,
                                                          65535, 4)]
        if sorted(meld.ids for meld in melds) != sorted(meld.ids for meld in self.melds[who]):
            raise ValueError(f"m is not seat {who}'s melds")
        ura_ids = id_list(named.get(b"doraHaiUra", b""), "doraHaiUra", 5)
        # Only a riichi winner's record shows the ura indicators; two show the same ones.
        if self.ura is None and ura_ids:
            for tile in ura_ids:
                if str(tile).encode() in self.seen:
                    raise ValueError(f"doraHaiUra: tile id {tile} ({self._name(tile)}) is "
                                     f"already in play (each id is one of the 136 tiles)")
            self.ura = ura_ids
        elif ura_ids and ura_ids != self.ura:
            raise ValueError("doraHaiUra differs from an earlier win's of this discard")
        win = win_record(self.round.source, f"line {self.lines.at(offset)}",
                         self.tracker, self.lobby, named, who, from_who, hai, machi, melds,
                         ura_ids, self.red)
        self._final(named)
        self.round.wins.append(win)
        self.tracker.wins += 1
        self.ended = True

    def _draw(self, named: dict[bytes, bytes], offset: int) -> None:
        self._open("RYUUKYOKU")
        self._check_table(offset)
        if self.round.faults:
            return
        shown = []  # the hands shown at the draw: the players tenpai
        for seat in range(self.players):
            hand = named.get(_HANDS[seat])
            if hand is not None:
                if set(id_list(hand, f"hai{seat}", 14)) != self._hand(seat):
                    raise ValueError(f"hai{seat} is not seat {seat}'s hand")
                shown.append(seat)
        self._final(named)
        text = self.data[self.start:offset]
        discards = [list(map(int, _DISCARD_IDS[seat].findall(text)))
                    for seat in range(self.players)]
        table = table_at_draw(self.tracker, [hand_with_melds(self._hand(seat),
                                                             self.melds[seat], self.red)
                                             for seat in range(self.players)],
                              discards, self.last_discard)
        self.round.draw = draw_record(self.round.source, f"line {self.lines.at(offset)}",
                                      self.tracker, named, self.players, table, shown,
                                      nagashi_of_ids(discards, self.called_from))
        self.ended = True

    def _final(self, named: dict[bytes, bytes]) -> None:
        final = final_record(named, self.players)
        if final is not None:
            self.round.final, self.round.final_results = final

    # --- the table, checked where the round ends ---------------------------------------

    def _check_table(self, stop: int) -> None:
        """Every tile in play once, every discard and meld tile the player's own (dealt to
        or drawn by them); then ``held`` holds each seat's concealed tiles. Set operations
        on the whole round's text: the search for the culprit runs only when one is wrong."""
        if self.checked:
            return
        self.checked = True
        text = self.data[self.start:stop]
        ids = [*self.dealt_ids, *(str(tile).encode() for tile in self.indicators),
               *_DRAWN_IDS.findall(text)]
        seen = set(ids)
        if len(seen) != len(ids):
            self._repeated(text, ids)
            return
        held = self.dealt.union(_PAIRS.findall(text))
        thrown = _PAIRS.findall(text.translate(_DISCARDS_AS_DRAWS))
        discarded = set(thrown)
        if len(discarded) != len(thrown) or not discarded <= held:
            letter, tile = next(pair for index, pair in enumerate(thrown)
                                if pair not in held or pair in thrown[:index])
            seat = _SEAT_LETTERS.index(letter)
            self._at_move(text, _DISCARDS[seat], int(tile),
                          f"seat {seat} discards id {int(tile)} ({self._name(int(tile))}), "
                          f"which it does not hold")
            return
        held -= discarded
        for seat in range(self.players):
            own = self.own[seat]
            if own:
                used = {(_SEAT_LETTERS[seat], str(tile).encode()) for tile in own}
                if len(used) != len(own) or not used <= held:
                    self._fault(ValueError(self._own_fault(seat, own, held)), self.init_at,
                                "N")
                    return
                held -= used
            concealed = 13 + self.drawn[seat] - self.thrown[seat] - len(own)
            if concealed + 3 * _sets(self.melds[seat]) > 14:
                self._fault(ValueError(f"seat {seat} holds more than 14 tiles"), stop, "")
                return
        self.held, self.seen = held, seen

    def _own_fault(self, seat: int, own: list[int], held: set[tuple[bytes, bytes]]) -> str:
        """The first tile of a seat's melds it does not hold, or uses twice."""
        letter = _SEAT_LETTERS[seat]
        called = set()
        for tile in own:
            name = f"id {tile} ({self._name(tile)})"
            if tile in called:
                return f"seat {seat} calls with {name} twice (each id is one of the 136 tiles)"
            if (letter, str(tile).encode()) not in held:
                return f"seat {seat} calls with {name}, which it does not hold"
            called.add(tile)
        raise AssertionError("no call of the seat is at fault")  # the caller found one

    def _repeated(self, text: bytes, ids: list[bytes]) -> None:
        """Name the first id to come into play a second time."""
        dealt = len(self.dealt_ids) + len(self.indicators)
        index = next(index for index, tile in enumerate(ids) if tile in ids[:index])
        tile = int(ids[index])
        if index < dealt:
            self._fault(ValueError(f"the deal and the indicators: tile id {tile} "
                                   f"({self._name(tile)}) is already in play (each id is one "
                                   f"of the 136 tiles)"), self.init_at, "INIT")
            return
        found = re.search(rb"<([TUVW])" + ids[index] + rb"[ \t\r\n/]", text)
        seat = b"TUVW".index(found.group(1)) if found is not None else 0
        self._at_move(text, _DRAWS[seat], tile,
                      f"seat {seat} draws tile id {tile} ({self._name(tile)}), which is "
                      f"already in play (each id is one of the 136 tiles)")

    def _hand(self, seat: int) -> set[int]:
        """A seat's concealed tiles, once the table is checked."""
        letter = _SEAT_LETTERS[seat]
        return {int(tile) for owner, tile in self.held if owner == letter}

    def _at_move(self, text: bytes, letter: bytes, tile: int, fault: str) -> None:
        found = re.search(letter + str(tile).encode() + rb"[ \t\r\n/]", text)
        self._fault(ValueError(fault), self.start + (found.start() if found else 0), "")

    # --- the end -------------------------------------------------------------------------

    def _fault(self, exc: Exception, offset: int, what: str) -> None:
        text = str(exc)
        if isinstance(exc, KeyError):
            key = exc.args[0]
            shown = key.decode("ascii", "replace") if isinstance(key, bytes) else str(key)
            text = f"missing attribute {shown!r}"
        self.round.faults.append(LogError(self.round.source, self.place(offset),
                                          f"<{what}>: {text}" if what else text))

    def bad_move(self, offset: int, fault: str) -> None:
        """A tag at ``offset`` named like a move that is no draw or discard (``fault`` says
        why): the round's fault, unless it has one already."""
        if not self.round.faults:
            self._fault(ValueError(fault), offset, "")

    def place(self, offset: int) -> str:
        """A fault's place in this round: ``line 1, byte 12345 (E2-1, tag 37)`` (the label
        left out while the round's start is unread). Every tag starts with the one "<" it
        holds (attribute values hold none), so counting them gives the tag's index."""
        label = f"{self.round.name}, " if self.round.name != "?" else ""
        tag = self.data.count(b"<", self.init_at, offset)
        return f"line {self.lines.at(offset)}, byte {offset} ({label}tag {tag})"

    def finish(self, stop: int) -> Round:
        if not self.round.faults:
            self._check_table(stop)
        if not self.round.faults:
            tracker = self.tracker
            self.round.riichi = tuple(seat for seat in range(self.players)
                                      if tracker.riichi[seat] == 2)
        if not self.round.faults and not self.ended:
            self.round.faults.append(LogError(self.round.source, self.place(self.init_at),
                                              f"round {self.round.name} ends without a win "
                                              f"or a draw"))
        return self.round


def _sets(melds: list[TenhouMeld]) -> int:
    """Melds that stand for a set of three in the hand's count (a North set aside does not:
    its replacement tile takes its place)."""
    return sum(meld.kind != "nuki" for meld in melds)


def _pon_ids(melds: list[TenhouMeld], kakan: TenhouMeld) -> tuple[int, ...]:
    for meld in melds:
        if meld.kind == "pon" and meld.ids[0] // 4 == kakan.ids[0] // 4:
            return meld.ids
    raise ValueError(f"an added kan of {tile_name(kakan.ids[0] // 4)} without a pon of it")
