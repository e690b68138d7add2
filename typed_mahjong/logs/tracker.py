"""The situation of a round, derived from the order of its events: one place for every format.

A reader feeds the events (draws, discards, riichi, calls, new dora indicators) to a
``RoundTracker``; at a win, ``situation`` gives the keywords of ``typed_mahjong.score``:

- riichi / double riichi: a riichi whose stick was paid; double when declared on the
  player's first discard with no call (closed kans included) before it;
- ippatsu: the riichi player wins before their next discard and no call came in between;
  a call that is the robbed kan itself does not break it (Tenhou pays chankan + ippatsu);
- rinshan: a tsumo on the draw that follows the winner's own kan;
- chankan: a ron on the tile just added to a pon (an added kan);
- haitei / houtei: every tile of the wall drawn (the number of draws in a round is fixed:
  each kan moves one live tile to the dead wall), won by tsumo / on the last discard;
- tenhou / chiihou: a tsumo on the player's first draw, no call in the round before it;
- nuki: the North tiles the winner set aside (kita, three-player);
- pao: the call (pon or open kan) that completes a player's third dragon or fourth wind
  group makes the discarder liable.

The yes/no state of each seat is kept as bits of an int (bit ``seat``), so a reader that
takes a run of draws and discards at once (``played``) updates every seat in a few
operations.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.tiles import DRAGONS, WINDS, format_tile_sequence

WIND_LETTERS = "ESWN"
_KANS = frozenset(("kan", "ankan", "kakan", "nuki"))  # the next draw is a replacement
_KAN_KINDS = frozenset(("kan", "ankan", "kakan"))
_LAST_CALL = {kind: f"call:{kind}" for kind in ("chi", "pon", "kan", "ankan", "kakan", "nuki")}


@dataclass(frozen=True, slots=True)
class CalledMeld:
    kind: str  # chi, pon, kan (open), ankan, kakan, nuki
    tile: int  # the meld's first tile kind (0..33)
    from_seat: int | None  # the discarder, None for ankan / kakan / nuki


class RoundTracker:
    """One round's events so far; ``situation`` at a win."""

    __slots__ = ("name", "dealer", "round_wind", "honba", "sticks", "players", "dora",
                 "draws", "any_call", "wins", "calls", "last", "last_caller", "wall_draws",
                 "discarded", "riichi", "paid", "double_riichi", "calls_at_riichi", "ippatsu",
                 "ippatsu_before_call", "after_kan", "rinshan_draw", "melds", "liable", "nuki")

    def __init__(self, name: str, dealer: int, round_wind: int, honba: int, sticks: int,
                 players: int = 4) -> None:
        self.name = name  # "E1-0"
        self.dealer = dealer
        self.round_wind = round_wind  # tile index 27..30
        self.honba = honba
        self.sticks = sticks
        self.players = players
        self.dora: list[tuple[int, bool]] = []
        self.draws = 0
        self.any_call = False
        self.wins = 0  # wins already recorded (a second one is a multiple ron)
        self.calls = 0  # calls so far (nuki included: it is not a call for ippatsu)
        self.last = ""
        self.last_caller = -1
        self.wall_draws = (136 if players == 4 else 108) - 14 - 13 * players
        # Bit masks of seats:
        self.discarded = 0  # discarded at least once
        self.paid = 0  # riichi stick paid (riichi[seat] == 2)
        self.double_riichi = 0
        self.ippatsu = 0
        self.ippatsu_before_call = 0
        self.after_kan = 0  # made a kan; the next draw is its replacement tile
        self.rinshan_draw = 0  # the last draw was a replacement tile
        self.riichi = [0] * players  # 0 none, 1 declared, 2 stick paid
        self.calls_at_riichi = [0] * players
        self.melds: list[list[CalledMeld]] = [[] for _ in range(players)]
        self.liable: list[int | None] = [None] * players
        self.nuki = [0] * players  # North tiles set aside (kita, three-player)

    def draw(self, seat: int) -> None:
        bit = 1 << seat
        self.draws += 1
        self.rinshan_draw = self.rinshan_draw & ~bit | self.after_kan & bit
        self.after_kan &= ~bit
        self.last = "draw"

    def discard(self, seat: int) -> None:
        bit = 1 << seat
        self.ippatsu &= ~(bit & self.paid)
        self.discarded |= bit
        self.rinshan_draw &= ~bit
        self.last = "discard"

    def played(self, draws: int, drew: int, discarded: int, last_draw: int | None,
               last: str) -> None:
        """A run of draws and discards at once, as ``draw``/``discard`` one by one would.

        ``drew`` and ``discarded`` are bit masks of seats; ``last_draw`` is the seat whose
        draw ends the run when it is that seat's only draw in it (a replacement tile stays
        one), else None; ``last`` is "draw" or "discard", the run's last move.
        """
        self.draws += draws
        kept = 0 if last_draw is None else 1 << last_draw
        # A seat that drew holds a replacement tile when its kan came before and that draw
        # ends the run; a seat that discarded no longer does, unless it drew last.
        rinshan = self.rinshan_draw & ~drew | self.after_kan & drew & kept
        self.rinshan_draw = rinshan & ~(discarded & ~kept)
        self.after_kan &= ~drew
        self.ippatsu &= ~(discarded & self.paid)
        self.discarded |= discarded
        self.last = last

    def riichi_declared(self, seat: int) -> None:
        bit = 1 << seat
        self.riichi[seat] = 1
        self.paid &= ~bit
        if self.discarded & bit or self.any_call:
            self.double_riichi &= ~bit
        else:
            self.double_riichi |= bit
        self.calls_at_riichi[seat] = self.calls

    def riichi_accepted(self, seat: int) -> None:
        bit = 1 << seat
        self.riichi[seat] = 2
        self.paid |= bit
        self.sticks += 1
        # A log may show the stick paid after a call on the riichi discard itself; that call
        # already broke the ippatsu.
        if self.calls == self.calls_at_riichi[seat]:
            self.ippatsu |= bit
        else:
            self.ippatsu &= ~bit

    def call(self, seat: int, meld: CalledMeld) -> None:
        kind = meld.kind
        self.ippatsu_before_call = self.ippatsu
        if kind != "nuki":
            self.any_call = True
            self.calls += 1
            self.ippatsu = 0
        else:
            self.nuki[seat] += 1
        self.last = _LAST_CALL.get(kind) or f"call:{kind}"
        self.last_caller = seat
        if kind in _KANS:
            self.after_kan |= 1 << seat
        melds = self.melds[seat]
        if kind == "kakan":
            melds = self.melds[seat] = [m for m in melds
                                        if not (m.kind == "pon" and m.tile == meld.tile)]
        melds.append(meld)
        if (kind == "pon" or kind == "kan") and meld.from_seat is not None and (
                meld.tile in DRAGONS or meld.tile in WINDS):
            family = DRAGONS if meld.tile in DRAGONS else WINDS
            groups = sum(m.tile in family for m in melds if m.kind != "chi")
            if groups == len(family):
                self.liable[seat] = meld.from_seat

    def kans(self) -> tuple[int, ...]:
        """The kans each seat made so far (open, closed and added)."""
        return tuple(sum(meld.kind in _KAN_KINDS for meld in melds) for melds in self.melds)

    def wall_left(self) -> int:
        """Live-wall tiles nobody drew yet."""
        return max(self.wall_draws - self.draws, 0)

    def add_dora(self, tile: tuple[int, bool]) -> None:
        self.dora.append(tile)

    def seat_wind(self, seat: int) -> str:
        return WIND_LETTERS[(seat - self.dealer) % self.players]

    def situation(self, who: int, from_who: int | None, ura: str = "") -> dict[str, object]:
        """score()'s keywords for a win by ``who`` (``from_who`` None or ``who``: tsumo).

        Flags that are off and counters that are zero are left out, so the reproducing
        call stays short. A later winner of a multiple ron gets no honba and no sticks
        (who is paid them is settlement).
        """
        bit = 1 << who
        tsumo = from_who is None or from_who == who
        chankan = not tsumo and self.last == "call:kakan" and self.last_caller == from_who
        rinshan = tsumo and self.rinshan_draw & bit != 0
        situation: dict[str, object] = {}
        if tsumo:
            situation["tsumo"] = True
        if self.riichi[who] == 2:
            situation["double_riichi" if self.double_riichi & bit else "riichi"] = True
            if (self.ippatsu_before_call if chankan else self.ippatsu) & bit:
                situation["ippatsu"] = True
        if rinshan:
            situation["rinshan"] = True
        if chankan:
            situation["chankan"] = True
        if self.draws >= self.wall_draws:  # the last tile
            if tsumo and not rinshan:
                situation["haitei"] = True
            elif not tsumo and not chankan:
                situation["houtei"] = True
        if tsumo and not self.discarded & bit and not self.any_call:
            situation["tenhou" if who == self.dealer else "chiihou"] = True
        situation["seat"] = self.seat_wind(who)
        situation["round"] = WIND_LETTERS[self.round_wind - 27]
        dora = format_tile_sequence(self.dora)
        if dora:
            situation["dora"] = dora
        if ura:
            situation["ura"] = ura
        if self.nuki[who]:
            situation["nuki"] = self.nuki[who]
        if not self.wins:
            if self.honba:
                situation["honba"] = self.honba
            if self.sticks:
                situation["sticks"] = self.sticks
        liable = self.liable[who]
        if liable is not None and liable != who:
            situation["pao"] = self.seat_wind(liable)
        return situation
