"""One round of an mjlog read from its tags in bulk (``mjlog_tokens``): the fast path.

It gives the very ``Round`` the careful reader (``tenhou_xml._XmlRound``) gives, or None
where that reader would find a fault or where the round is not written as Tenhou writes
it; the careful reader then reads the round again and names the fault. So every check
of the careful reader is made here too, in bulk where it can be:

- the draws and discards between two elements are a slice of move codes: only the last
  one is looked at, unless the tracker still needs each seat's part (a seat that has not
  discarded yet, a riichi's ippatsu, a kan's replacement draw);
- the table is checked with set operations on the round's sorted move codes: each of the
  136 tiles in play once (a set as long as its list), each discard of a tile its seat
  holds (a subset), each seat's calls made with its own tiles, no hand past 14 tiles.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import reduce
from itertools import repeat
from operator import add, or_, sub
from typing import Final

from .checked import whole, whole_list
from .endings import nagashi_of_ids
from .mjlog_records import (
    SCORE_LIMIT,
    draw_record,
    final_record,
    hand_with_melds,
    id_list,
    table_at_draw,
    win_record,
)
from .mjlog_tokens import DISCARD_OFFSET, FIRST_DISCARD, ID_OF_TEXT, SEAT_CODES, element
from .model import Lobby, Round
from .tenhou_meld import TenhouMeld, decode_meld
from .tracker import WIND_LETTERS, CalledMeld, RoundTracker

MOVES_CAP: Final = 200  # draws and discards in a round: a wall has 70 draws, each a discard
_SEATS: Final = {b"0": 0, b"1": 1, b"2": 2, b"3": 3}
_HANDS: Final = (b"hai0", b"hai1", b"hai2", b"hai3")
_RED_IDS: Final = frozenset((16, 52, 88))
# A move code's seat bit: bits 0-3 a draw of seat 0-3, bits 4-7 a discard.
_BITS: Final = (0, *(1 << ((code - 1) // 136) for code in range(1, 1089)))
_TILE_OF: Final = (0, *((code - 1) % 136 for code in range(1, 1089)))
_DEAL_COMMAS: Final = [12, 12, 12, 12]  # 13 ids a seat
_DEAL_OFFSETS: Final = tuple(SEAT_CODES[seat] for seat in range(4) for _ in range(13))


class _Refused(Exception):
    """What the careful reader would call a fault, or text not in Tenhou's own form."""


def read_round(tags: list[bytes], codes: list[int], elements: Sequence[int], lo: int,
               hi: int, init: dict[bytes, bytes], lobby: Lobby, source: str,
               where: str) -> Round | None:
    """The round whose ``<INIT>`` is ``tags[lo]`` (attributes ``init``) and whose last tag
    is ``tags[hi - 1]``; ``elements`` are the indices of its other elements, in order."""
    try:
        state = _FastRound(codes, lo, init, lobby, source, where)
        return state.read(tags, elements, hi)
    except (_Refused, ValueError, KeyError, IndexError):
        return None


class _FastRound:
    __slots__ = ("codes", "lo", "lobby", "source", "where", "players", "red", "round",
                 "tracker", "ended", "checked", "seen", "held", "indicators", "melds",
                 "meld_texts", "sets", "norths", "own", "last_draw", "last_discard",
                 "called_from", "ura", "hands", "moves", "draws")

    def __init__(self, codes: list[int], lo: int, init: dict[bytes, bytes],
                 lobby: Lobby, source: str, where: str) -> None:
        self.codes = codes
        self.lo = lo
        self.lobby = lobby
        self.source = source
        self.where = where
        players = self.players = lobby.players
        red = self.red = lobby.rules.red_fives if lobby.rules is not None else True
        seed = list(map(ID_OF_TEXT.__getitem__, init[b"seed"].split(b",")))
        if len(seed) != 6 or seed[0] > 15:
            raise _Refused
        number, honba, sticks, indicator = seed[0], seed[1], seed[2], seed[5]
        dealer = _SEATS[init[b"oya"]]
        if dealer >= players:
            raise _Refused
        name = f"{WIND_LETTERS[number // 4]}{number % 4 + 1}-{honba}"
        self.round = Round(source, where, name, dealer, honba, sticks)
        ten = whole_list(init.get(b"ten", b""), "ten", -SCORE_LIMIT, SCORE_LIMIT, 4)
        if ten:
            if len(ten) < players:
                raise _Refused
            self.round.scores = tuple(100 * score for score in ten[:players])
        self.tracker = RoundTracker(name, dealer, 27 + number // 4, honba, sticks, players)
        hands = [init[key] for key in _HANDS[:players]]
        if players < 4 and init.get(b"hai3") or \
                list(map(bytes.count, hands, repeat(b","))) != _DEAL_COMMAS[:players]:
            raise _Refused  # not 13 ids to each seat
        dealt = list(map(ID_OF_TEXT.__getitem__, b",".join(hands).split(b",")))
        self.seen = set(dealt)  # the ids in play (the draws and indicators join them)
        if len(self.seen) != 13 * players:
            raise _Refused
        self.held = set(map(add, dealt, _DEAL_OFFSETS))  # each seat's tiles, as draw codes
        self.indicators = [indicator]
        self.tracker.add_dora((indicator >> 2, red and indicator in _RED_IDS))
        self.melds: list[list[TenhouMeld]] = [[] for _ in range(players)]
        self.meld_texts: list[list[bytes]] = [[] for _ in range(players)]  # their m codes
        self.sets = [0] * players  # each seat's melds but Norths set aside
        self.norths = [0] * players
        self.own: list[list[int]] = [[] for _ in range(players)]  # tiles put in melds
        self.ended = False
        self.checked = False
        self.last_draw = 0  # move codes; 0 none
        self.last_discard = 0
        self.called_from = 0  # seats whose discard was called (no nagashi mangan)
        self.ura: list[int] | None = None
        self.hands: list[int] = []  # once checked: each seat's concealed tiles, sorted codes
        self.moves: list[int] = []  # once checked: the round's move codes, sorted
        self.draws = 0

    def read(self, tags: list[bytes], elements: Sequence[int], hi: int) -> Round:
        previous = self.lo
        for index in elements:
            if index > previous + 1:
                self._run(previous + 1, index)
            previous = index
            found = element(tags[index])
            if found is None:
                raise _Refused
            name, named = found
            if name == b"N":
                self._call(named)
            elif name == b"REACH":
                self._riichi(named)
            elif name == b"AGARI":
                self._win(named, index)
            elif name == b"RYUUKYOKU":
                self._draw(named, index)
            elif name == b"DORA":
                self._dora(named)
            elif name == b"INIT":
                raise _Refused  # an INIT the caller did not take for a round's start
        if hi > previous + 1:
            self._run(previous + 1, hi)
        if not self.ended:
            raise _Refused
        tracker = self.tracker
        self.round.riichi = tuple(seat for seat in range(self.players)
                                  if tracker.riichi[seat] == 2)
        return self.round

    # --- draws and discards ----------------------------------------------------------

    def _run(self, start: int, stop: int) -> None:
        """The moves ``codes[start:stop]`` between two elements (the table is checked
        later, for the whole round, where the round ends)."""
        if self.ended:
            raise _Refused
        last = self.codes[stop - 1]
        tracker = self.tracker
        if tracker.after_kan | tracker.rinshan_draw | tracker.ippatsu or \
                tracker.discarded != (1 << self.players) - 1:
            self._played(start, stop, last)
        else:  # nothing else of the tracker's changes
            tracker.last = "draw" if last < FIRST_DISCARD else "discard"
        if last < FIRST_DISCARD:
            self.last_draw, self.last_discard = last, 0
        else:
            self.last_draw, self.last_discard = 0, last

    def _played(self, start: int, stop: int, last: int) -> None:
        run = self.codes[start:stop]
        bits = reduce(or_, map(_BITS.__getitem__, run))
        last_draw = None
        if last < FIRST_DISCARD:
            seat = (last - 1) // 136
            tracker = self.tracker
            # Which seat drew last matters only to a seat that made a kan.
            if (tracker.after_kan | tracker.rinshan_draw) >> seat & 1:
                low, high = SEAT_CODES[seat], SEAT_CODES[seat + 1]
                if sum(1 for code in run if low <= code < high) == 1:
                    last_draw = seat
        self.tracker.played(0, bits & 15, bits >> 4, last_draw,
                            "draw" if last < FIRST_DISCARD else "discard")

    # --- the elements ------------------------------------------------------------------

    def _seat(self, named: dict[bytes, bytes], key: bytes) -> int:
        seat = _SEATS[named[key]]
        if seat >= self.players:
            raise _Refused
        return seat

    def _riichi(self, named: dict[bytes, bytes]) -> None:
        if self.ended:
            raise _Refused
        seat = self._seat(named, b"who")
        step = named[b"step"]
        if step == b"1":
            self.tracker.riichi_declared(seat)
        elif step == b"2":
            self.tracker.riichi_accepted(seat)
        else:
            raise _Refused

    def _dora(self, named: dict[bytes, bytes]) -> None:
        if self.ended or len(self.indicators) == 5:
            raise _Refused
        indicator = ID_OF_TEXT[named[b"hai"]]
        self.indicators.append(indicator)
        self.tracker.add_dora((indicator >> 2, self.red and indicator in _RED_IDS))

    def _call(self, named: dict[bytes, bytes]) -> None:
        if self.ended:
            raise _Refused
        seat = self._seat(named, b"who")
        text = named[b"m"]
        meld = _meld(text)
        kind = meld.kind
        melds = self.melds[seat]
        texts = self.meld_texts[seat]
        discarder: int | None = None
        if kind == "chi" or kind == "pon" or kind == "kan":
            # The relative seat counts four places round the table, three players or four.
            discarder = (seat + meld.called_from) % 4
            called = meld.called_id
            assert called is not None
            if discarder == seat or \
                    self.last_discard != FIRST_DISCARD + 136 * discarder + called:
                raise _Refused
            own = [tile for tile in meld.ids if tile != called]
            self.last_discard = 0
            self.called_from |= 1 << discarder
        elif kind == "kakan":
            tile = meld.ids[0] >> 2
            pons = [index for index, old in enumerate(melds)
                    if old.kind == "pon" and old.ids[0] >> 2 == tile]
            if len(pons) != 1:
                raise _Refused  # no pon to add to (or two: the table cannot hold them)
            pon = melds.pop(pons[0]).ids
            del texts[pons[0]]
            self.sets[seat] -= 1
            own = [tile_id for tile_id in meld.ids if tile_id not in pon]
            self.last_discard = FIRST_DISCARD + 136 * seat + own[0] if len(own) == 1 else 0
        else:  # ankan, nuki
            own = list(meld.ids)
        if kind == "nuki":
            if self.norths[seat] == 4:
                raise _Refused  # a fifth North
            self.norths[seat] += 1
        else:
            if self.sets[seat] == 4:
                raise _Refused  # a fifth meld
            self.sets[seat] += 1
        self.own[seat].extend(own)
        melds.append(meld)
        texts.append(text)
        self.tracker.call(seat, CalledMeld(kind, meld.ids[0] >> 2, discarder))

    def _win(self, named: dict[bytes, bytes], index: int) -> None:
        round_ = self.round
        if self.ended and not round_.wins:
            raise _Refused
        self._check_table(index)
        who, from_who = self._seat(named, b"who"), self._seat(named, b"fromWho")
        hai = list(map(ID_OF_TEXT.__getitem__, named[b"hai"].split(b",")))
        machi = ID_OF_TEXT[named[b"machi"]]
        if len(hai) > 14 or machi not in hai:
            raise _Refused
        expected = self._hand(who)
        if who != from_who:
            if self.last_discard != FIRST_DISCARD + 136 * from_who + machi:
                raise _Refused
            expected.add(machi)
        elif self.last_draw != SEAT_CODES[who] + machi:
            raise _Refused
        if len(hai) != len(expected) or set(hai) != expected:
            raise _Refused
        # The record's melds by their codes: the same codes as the calls' are the same
        # melds (another code of the same tiles falls back to the careful reader).
        text = named.get(b"m")
        texts = text.split(b",") if text else []
        own_texts = self.meld_texts[who]
        if len(texts) > 4 or sorted(texts) != sorted(own_texts):
            raise _Refused
        if texts:
            by_text = dict(zip(own_texts, self.melds[who], strict=True))
            melds = [by_text[code] for code in texts]
        else:
            melds = []
        ura_ids = id_list(named.get(b"doraHaiUra", b""), "doraHaiUra", 5)
        # Only a riichi winner's record shows the ura indicators; two show the same ones.
        if self.ura is None and ura_ids:
            if not self.seen.isdisjoint(ura_ids):
                raise _Refused
            self.ura = ura_ids
        elif ura_ids and ura_ids != self.ura:
            raise _Refused
        tracker = self.tracker
        tracker.draws = self.draws
        win = win_record(round_.source, self.where, tracker, self.lobby, named, who, from_who,
                         hai, machi, melds, ura_ids, self.red)
        self._final(named)
        round_.wins.append(win)
        tracker.wins += 1
        self.ended = True

    def _draw(self, named: dict[bytes, bytes], index: int) -> None:
        if self.ended:
            raise _Refused
        self._check_table(index)
        shown = []  # the hands shown at the draw: the players tenpai
        for seat in range(self.players):
            hand = named.get(_HANDS[seat])
            if hand is not None:
                if set(id_list(hand, f"hai{seat}", 14)) != self._hand(seat):
                    raise _Refused
                shown.append(seat)
        self._final(named)
        players, tracker = self.players, self.tracker
        tracker.draws = self.draws
        discards = [self._discards(seat) for seat in range(players)]
        last = self.last_discard
        table = table_at_draw(tracker, [hand_with_melds(self._hand(seat), self.melds[seat],
                                                        self.red) for seat in range(players)],
                              discards, None if not last else divmod(last - FIRST_DISCARD, 136))
        round_ = self.round
        round_.draw = draw_record(round_.source, self.where, tracker, named, players, table,
                                  shown, nagashi_of_ids(discards, self.called_from))
        self.ended = True

    def _final(self, named: dict[bytes, bytes]) -> None:
        final = final_record(named, self.players)
        if final is not None:
            self.round.final, self.round.final_results = final

    # --- the table, checked where the round ends ---------------------------------------

    def _check_table(self, stop: int) -> None:
        """As the careful reader's: every tile in play once, every discard and meld tile
        the player's own, no hand past 14 tiles; keeps each seat's concealed tiles."""
        if self.checked:
            return
        self.checked = True
        moves: list[int] = sorted(filter(None, self.codes[self.lo + 1:stop]))
        # bounds[k]: where seat k's draws (k < 4) or seat k - 4's discards start; the
        # codes are laid out so (SEAT_CODES); bounds[8] is the end.
        bounds = list(map(bisect_left, repeat(moves), SEAT_CODES))
        split = bounds[4]
        players = self.players
        if len(moves) > MOVES_CAP or split > self.tracker.wall_draws or \
                bounds[players] != split or bounds[4 + players] != len(moves):
            raise _Refused  # past a cap, or a seat past the table
        seen = self.seen
        seen.update(self.indicators)
        seen.update(map(_TILE_OF.__getitem__, moves[:split]))
        if len(seen) != 13 * players + len(self.indicators) + split:
            raise _Refused  # a tile in play twice
        held = self.held
        held.update(moves[:split])
        thrown = set(map(sub, moves[split:], repeat(DISCARD_OFFSET)))
        if len(thrown) != len(moves) - split or not thrown <= held:
            raise _Refused  # a tile discarded twice, or a discard not held
        held -= thrown
        for seat in range(players):
            own = self.own[seat]
            more = bounds[seat + 1] - bounds[seat] - bounds[seat + 5] + bounds[seat + 4]
            if own:
                used = set(map(SEAT_CODES[seat].__add__, own))
                if len(used) != len(own) or not used <= held:
                    raise _Refused  # a call with a tile the caller does not hold
                held -= used
                more += 3 * self.sets[seat] - len(own)
            if more > 1:
                raise _Refused  # more than 14 tiles
        self.hands = sorted(held)
        self.moves = moves
        self.draws = split

    def _hand(self, seat: int) -> set[int]:
        """A seat's concealed tiles (ids), once the table is checked."""
        low = SEAT_CODES[seat]
        hands = self.hands
        start, stop = bisect_left(hands, low), bisect_left(hands, SEAT_CODES[seat + 1])
        return set(map(sub, hands[start:stop], repeat(low)))

    def _discards(self, seat: int) -> list[int]:
        """A seat's discarded ids (in id order), once the table is checked."""
        moves = self.moves
        low = SEAT_CODES[seat] + DISCARD_OFFSET
        start, stop = bisect_left(moves, low), bisect_left(moves, low + 136)
        return list(map(sub, moves[start:stop], repeat(low)))


def _meld(text: bytes) -> TenhouMeld:
    """A meld code's meld, as the careful reader decodes it."""
    return decode_meld(whole(text, "m", 0, 65535))
