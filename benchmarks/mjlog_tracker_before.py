"""The round tracker of the reader before issue 33 (commit 9bbbae2), kept beside
benchmarks/mjlog_reader_before.py so that tuning ``typed_mahjong.logs.tracker`` does not
move the baseline the benchmark compares against. Its code, unchanged but for the import.
Not part of the package, not maintained.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typed_mahjong.core.tiles import DRAGONS, WINDS, format_tile_sequence

WIND_LETTERS = "ESWN"
_KANS = ("kan", "ankan", "kakan", "nuki")


@dataclass(frozen=True, slots=True)
class CalledMeld:
    kind: str  # chi, pon, kan (open), ankan, kakan, nuki
    tile: int  # the meld's first tile kind (0..33)
    from_seat: int | None  # the discarder, None for ankan / kakan / nuki


@dataclass
class RoundTracker:
    name: str  # "E1-0"
    dealer: int
    round_wind: int  # tile index 27..30
    honba: int
    sticks: int
    players: int = 4
    dora: list[tuple[int, bool]] = field(default_factory=list)
    draws: int = 0
    any_call: bool = False
    wins: int = 0  # wins already recorded (a second one is a multiple ron)
    calls: int = 0  # calls so far in the round (nuki included: it is not a call for ippatsu)
    last: str = ""
    last_caller: int = -1

    def __post_init__(self) -> None:
        seats = range(self.players)
        wall = 136 if self.players == 4 else 108
        self.wall_draws = wall - 14 - 13 * self.players
        self.discarded = [False for _ in seats]
        self.riichi = [0 for _ in seats]  # 0 none, 1 declared, 2 stick paid
        self.double_riichi = [False for _ in seats]
        self.calls_at_riichi = [0 for _ in seats]
        self.ippatsu = [False for _ in seats]
        self.ippatsu_before_call = [False for _ in seats]
        self.after_kan = [False for _ in seats]
        self.rinshan_draw = [False for _ in seats]
        self.melds: list[list[CalledMeld]] = [[] for _ in seats]
        self.liable: list[int | None] = [None for _ in seats]
        self.nuki = [0 for _ in seats]  # North tiles set aside (kita, three-player)

    def draw(self, seat: int) -> None:
        self.draws += 1
        self.rinshan_draw[seat] = self.after_kan[seat]
        self.after_kan[seat] = False
        self.last = "draw"

    def discard(self, seat: int) -> None:
        if self.riichi[seat] == 2:
            self.ippatsu[seat] = False
        self.discarded[seat] = True
        self.rinshan_draw[seat] = False
        self.last = "discard"

    def riichi_declared(self, seat: int) -> None:
        self.riichi[seat] = 1
        self.double_riichi[seat] = not self.discarded[seat] and not self.any_call
        self.calls_at_riichi[seat] = self.calls

    def riichi_accepted(self, seat: int) -> None:
        self.riichi[seat] = 2
        self.sticks += 1
        # A log may show the stick paid after a call on the riichi discard itself; that call
        # already broke the ippatsu.
        self.ippatsu[seat] = self.calls == self.calls_at_riichi[seat]

    def call(self, seat: int, meld: CalledMeld) -> None:
        self.ippatsu_before_call = list(self.ippatsu)
        if meld.kind != "nuki":
            self.any_call = True
            self.calls += 1
            self.ippatsu = [False] * self.players
        else:
            self.nuki[seat] += 1
        self.last = f"call:{meld.kind}"
        self.last_caller = seat
        if meld.kind in _KANS:
            self.after_kan[seat] = True
        if meld.kind == "kakan":
            self.melds[seat] = [m for m in self.melds[seat]
                                if not (m.kind == "pon" and m.tile == meld.tile)]
        self.melds[seat].append(meld)
        if meld.kind in ("pon", "kan") and meld.from_seat is not None and (
                meld.tile in DRAGONS or meld.tile in WINDS):
            family = DRAGONS if meld.tile in DRAGONS else WINDS
            groups = sum(m.tile in family for m in self.melds[seat] if m.kind != "chi")
            if groups == len(family):
                self.liable[seat] = meld.from_seat

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
        tsumo = from_who is None or from_who == who
        chankan = not tsumo and self.last == "call:kakan" and self.last_caller == from_who
        ippatsu = (self.ippatsu_before_call if chankan else self.ippatsu)[who]
        last_tile = self.draws >= self.wall_draws
        riichi = self.riichi[who] == 2
        first_turn = tsumo and not self.discarded[who] and not self.any_call
        situation: dict[str, object] = {
            "tsumo": tsumo,
            "riichi": riichi and not self.double_riichi[who],
            "double_riichi": riichi and self.double_riichi[who],
            "ippatsu": riichi and ippatsu,
            "rinshan": tsumo and self.rinshan_draw[who],
            "chankan": chankan,
            "haitei": tsumo and last_tile and not self.rinshan_draw[who],
            "houtei": not tsumo and last_tile and not chankan,
            "tenhou": first_turn and who == self.dealer,
            "chiihou": first_turn and who != self.dealer,
            "seat": self.seat_wind(who),
            "round": WIND_LETTERS[self.round_wind - 27],
            "dora": format_tile_sequence(self.dora),
            "ura": ura,
            "nuki": self.nuki[who],
            "honba": 0 if self.wins else self.honba,
            "sticks": 0 if self.wins else self.sticks,
        }
        liable = self.liable[who]
        if liable is not None and liable != who:
            situation["pao"] = self.seat_wind(liable)
        return {key: value for key, value in situation.items()
                if value or key in ("seat", "round")}
