"""How the hand was won: ron/tsumo, riichi, timing yaku, winds, dora indicators.

``check_situation`` rejects combinations that cannot happen at a table (ippatsu without
riichi, haitei on a ron, ...) with HandError(kind="situation").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import ClassVar, Final

from ..errors import MALFORMED, RULES, SITUATION, HandError
from .hand import Hand, Meld, check_copies
from .tiles import EAST, NORTH, parse_tile, parse_tile_sequence, tile_name

SEAT_NAMES: Final = {EAST: "E", EAST + 1: "S", EAST + 2: "W", EAST + 3: "N"}


# Situation's fields in order (the NamedTuple's ``_fields``): its slots and its repr.
_FIELDS: Final = ("tsumo", "riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan",
                  "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou", "seat", "round",
                  "dora", "ura", "honba", "sticks", "renchan", "pao", "nuki")


class Situation:
    """The win options of ``score()``, read: one field per row of ``win_options.WIN_OPTIONS``
    in the same order (a test holds the two together), winds as tile indices.

    Immutable by convention: nothing assigns a field after ``__init__``. A plain class, not
    a NamedTuple, so that compiled (mypyc) code reads a field straight from the object's
    struct: a NamedTuple field is a generic attribute lookup there, and the scorer reads
    these fields dozens of times a hand. Equality, hashing, ``repr``, iteration, ``_fields``,
    ``_make`` and ``_replace`` behave as the NamedTuple's did. Compiled it does not pickle
    (nothing pickles it; ``mypyc_attr(serializable=True)`` broke its construction from
    Python code under mypyc 2.4).
    """

    __slots__ = _FIELDS
    _fields: ClassVar[tuple[str, ...]] = _FIELDS

    tsumo: bool
    riichi: bool  # true for any riichi, double and open included
    double_riichi: bool
    open_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    seat: int
    round: int
    dora: str  # indicator text, read with the hand by parse_indicators
    ura: str
    honba: int
    sticks: int
    renchan: int  # the dealer's consecutive wins before this one (for paarenchan)
    pao: int | None  # the seat liable for a yakuman
    nuki: int  # North tiles set aside as nukidora (kita; three-player rules only)

    def __init__(self, tsumo: bool = False, riichi: bool = False, double_riichi: bool = False,
                 open_riichi: bool = False, ippatsu: bool = False, rinshan: bool = False,
                 chankan: bool = False, haitei: bool = False, houtei: bool = False,
                 tenhou: bool = False, chiihou: bool = False, renhou: bool = False,
                 seat: int = EAST + 1, round: int = EAST, dora: str = "", ura: str = "",
                 honba: int = 0, sticks: int = 0, renchan: int = 0, pao: int | None = None,
                 nuki: int = 0) -> None:
        self.tsumo = tsumo
        self.riichi = riichi
        self.double_riichi = double_riichi
        self.open_riichi = open_riichi
        self.ippatsu = ippatsu
        self.rinshan = rinshan
        self.chankan = chankan
        self.haitei = haitei
        self.houtei = houtei
        self.tenhou = tenhou
        self.chiihou = chiihou
        self.renhou = renhou
        self.seat = seat
        self.round = round
        self.dora = dora
        self.ura = ura
        self.honba = honba
        self.sticks = sticks
        self.renchan = renchan
        self.pao = pao
        self.nuki = nuki

    @classmethod
    def _make(cls, values: Iterable[object]) -> Situation:
        """A Situation from its fields in order (a checked sequence, as read_options makes)."""
        return cls(*values)  # type: ignore[arg-type]

    def _replace(self, **changes: object) -> Situation:
        return Situation(**{**self._asdict(), **changes})  # type: ignore[arg-type]

    def _asdict(self) -> dict[str, object]:
        return dict(zip(self._fields, self.values(), strict=True))

    def values(self) -> tuple[object, ...]:
        """The fields in order, as the NamedTuple's tuple was."""
        return (self.tsumo, self.riichi, self.double_riichi, self.open_riichi, self.ippatsu,
                self.rinshan, self.chankan, self.haitei, self.houtei, self.tenhou,
                self.chiihou, self.renhou, self.seat, self.round, self.dora, self.ura,
                self.honba, self.sticks, self.renchan, self.pao, self.nuki)

    def __iter__(self) -> Iterator[object]:
        return iter(self.values())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Situation):
            return NotImplemented
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}"
                           for name, value in zip(self._fields, self.values(), strict=True))
        return f"Situation({fields})"

    @property
    def dealer(self) -> bool:
        return self.seat == EAST


def parse_wind(text: str, field: str) -> int:
    """A wind, read by the one tile grammar: ``E S W N`` or ``1z..4z``."""
    try:
        parsed = parse_tile(text, field=field)
    except HandError:
        parsed = None
    if parsed is None or not EAST <= parsed.tile <= EAST + 3:
        raise HandError(f"{field}: {text!r} is not a wind (use E, S, W or N, or 1z-4z)",
                        field=field, source=text, position=0 if text else None, kind=MALFORMED)
    return parsed.tile


def next_tile(indicator: int, sanma: bool = False) -> int:
    """The dora an indicator shows: the next tile in its suit, wind or dragon cycle.

    In three-player mahjong the man suit is 1m and 9m only: each indicates the other.
    """
    if sanma and indicator in (0, 8):
        return 8 - indicator
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


# The dora each indicator shows, by indicator: four players and three (sanma).
DORA: Final[tuple[int, ...]] = tuple(next_tile(indicator) for indicator in range(34))
SANMA_DORA: Final[tuple[int, ...]] = tuple(next_tile(indicator, True) for indicator in range(34))


def parse_indicators(hand: Hand, dora: str, ura: str) -> tuple[list[int], list[int]]:
    """Dora and ura indicators, checked with the hand for a 5th copy or a 2nd red five."""
    if not dora and not ura:
        return [], []
    copies, reds = hand.copies()
    result = []
    for field, text in (("dora", dora), ("ura", ura)):
        try:
            tiles = parse_tile_sequence(text, field=field)
            check_copies(tiles, copies, reds, field=field)
        except HandError as exc:
            raise exc.in_source(text) from None
        result.append([parsed.tile for parsed in tiles])
    return result[0], result[1]


def check_chankan(counts: list[int], win: int) -> None:
    """A robbed kan tile is the fourth copy, the other three in someone else's pon.

    ``counts``: the hand's 34 tile counts, called melds included."""
    held = counts[win]
    if held > 1:
        raise HandError(f"situation: chankan robs the last copy of a tile whose other three "
                        f"are in another player's added kan, but this hand holds {held} "
                        f"copies of {tile_name(win)} (a tanki or shanpon wait on a tile the "
                        f"winner holds cannot be a chankan)", field="chankan", kind=SITUATION)


def check_nuki(counts: list[int], situation: Situation, players: int,
               indicators: list[int]) -> None:
    """Kita (North tiles set aside as nukidora): only in sanma, at most four Norths in all.

    The count itself (a whole number, not negative) is checked with the other win options.
    """
    nuki = situation.nuki
    if not nuki:
        return
    if players != 3:
        raise HandError("nuki: kita (North set aside as nukidora) is only played in "
                        "three-player mahjong; use a sanma preset such as 'tenhou-sanma'",
                        field="nuki", kind=RULES)
    norths = counts[NORTH] + indicators.count(NORTH)
    if nuki + norths > 4:
        raise HandError(f"nuki: {nuki} North tile(s) set aside plus {norths} in the hand and "
                        f"indicators make {nuki + norths}; only four exist", field="nuki",
                        kind=SITUATION)
    s = situation
    if s.tenhou or s.chiihou or s.renhou:
        flag = "tenhou" if s.tenhou else "chiihou" if s.chiihou else "renhou"
        raise HandError(f"situation: a kita is a call, so a win after one is not {flag} "
                        f"(a first-turn win has no calls)", field=flag, kind=SITUATION)


def check_situation(melds: tuple[Meld, ...], situation: Situation, ura: list[int], *,
                    kita_rinshan: bool = False) -> None:
    """Reject situations that cannot occur together with this hand.

    ``kita_rinshan``: the winner set a North aside (sanma kita) and the rules make the
    replacement tile a rinshan draw, so rinshan kaihou needs no kan.
    """
    s = situation
    # Every problem below needs one of these; most wins have none of them.
    if not (s.ippatsu or s.haitei or s.houtei or s.chankan or s.rinshan or s.tenhou
            or s.chiihou or s.renhou or (ura and not s.riichi) or (s.riichi and melds)):
        return
    fault = _situation_fault(melds, s, bool(ura), kita_rinshan)
    if fault is not None:
        flag, why = fault
        raise HandError(f"situation: {why}", field=flag, kind=SITUATION)


def _situation_fault(melds: tuple[Meld, ...], s: Situation, ura: bool,
                     kita_rinshan: bool) -> tuple[str, str] | None:
    """The first impossible combination, in this order: (the flag at fault, why), the flag
    letting a caller point at the marker itself; None if there is none. Tested one after
    another, not gathered into a list first: most wins that get here break nothing."""
    called = False
    kans = 0
    for meld in melds:
        if meld.is_open:
            called = True
        if meld.is_kan:
            kans += 1
    first_turn = s.tenhou or s.chiihou or s.renhou
    first_turn_flag = "tenhou" if s.tenhou else "chiihou" if s.chiihou else "renhou"
    if s.ippatsu and not s.riichi:
        return "ippatsu", "ippatsu needs riichi"
    if s.riichi and called:
        return "riichi", ("riichi needs a closed hand, but the hand has called melds (a "
                          "closed kan is allowed)")
    if s.haitei and not s.tsumo:
        return "haitei", "haitei is a tsumo win on the last tile; this is a ron (use houtei)"
    if s.houtei and s.tsumo:
        return "houtei", "houtei is a ron on the last discard; this is a tsumo (use haitei)"
    if s.chankan and s.tsumo:
        return "chankan", "chankan (robbing a kan) is a ron; this is a tsumo"
    if s.rinshan and not s.tsumo:
        return "rinshan", "rinshan kaihou is a tsumo on the kan replacement tile"
    if s.rinshan and kans == 0 and not kita_rinshan:
        return "rinshan", ("rinshan kaihou needs a kan in the hand (or, where the rules say "
                           "so, a kita)")
    if s.rinshan and s.haitei:
        return "haitei", ("a kan replacement tile is never the last wall tile (rinshan and "
                          "haitei together)")
    if s.chankan and s.houtei:
        return "houtei", "no kan can be made on the last tile (chankan and houtei together)"
    if s.tenhou and not s.dealer:
        return "tenhou", "tenhou is the dealer's win; the seat is not East"
    if s.chiihou and s.dealer:
        return "chiihou", "chiihou is a non-dealer's win; the dealer wins tenhou"
    if (s.tenhou or s.chiihou) and not s.tsumo:
        return first_turn_flag, "tenhou and chiihou are tsumo wins"
    if s.renhou and s.tsumo:
        return "renhou", "renhou is a ron before the winner's first draw"
    if s.renhou and s.dealer:
        return "renhou", "renhou is a non-dealer's win"
    if first_turn and melds:
        return first_turn_flag, "a first-turn win (tenhou, chiihou, renhou) has no melds"
    if first_turn and (s.riichi or s.rinshan or s.haitei or s.houtei or s.chankan):
        return first_turn_flag, ("a first-turn win cannot also be riichi, rinshan, haitei, "
                                 "houtei or chankan")
    if s.tenhou and s.chiihou:
        return "chiihou", "tenhou and chiihou together"
    if ura and not s.riichi:
        return "ura", "ura dora indicators are only revealed for riichi"
    return None
