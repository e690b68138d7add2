"""Every yaku as one row of a table: name, han closed, han open, and a small predicate.

Where is pinfu decided? ``_pinfu`` below, and its row in ``YAKU``. Rows list the yaku they
supersede (ryanpeikou supersedes iipeikou, ...), so no predicate needs to know another.
Yakuman have their own table; when any yakuman applies the ordinary yaku are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from mypy_extensions import i64

from .rules import Rules
from .shape import (
    DAISHARIN_MASK,
    DRAGON_MASK,
    GREEN_MASK,
    KOKUSHI_THIRTEEN,
    RYANMEN,
    SUIT_MASKS,
    TANKI,
    WIND_MASK,
    WinShape,
    key_slot,
)
from .situation import Situation
from .tiles import (
    EAST,
    GREEN,
    HONOUR_MASK,
    INDEX_READER,
    NORTH,
    ORPHAN_MASK,
    RED,
    TERMINAL_MASK,
    WHITE,
)

Predicate = Callable[[WinShape, Situation, Rules], bool]



class Identity(NamedTuple):
    """Who a yaku is outside this library: a stable id, its names, its platform ids.

    ``key`` never changes once published (logs, exports and fixtures may store it).
    ``tenhou`` holds Tenhou's yaku ids (the ``yaku``/``yakuman`` numbers of mjlog AGARI);
    the wind yaku have one id per wind, East first (source: Tenhou's yaku list in that
    order, as its client and log tools print it). ``majsoul`` holds Mahjong Soul's fan ids
    (``cfg.fan.fan.map_``; source: the fan table of the public repository
    Fat-pig-Cui/majsoul-replay-editor, doc/0_字典.md, commit a60b2a6); renhou has two there,
    the mangan version (65) and the yakuman (59). Open riichi has an id on neither platform.
    """

    key: str
    japanese: str
    english: str
    tenhou: tuple[int, ...] = ()
    majsoul: tuple[int, ...] = ()


def _named(key: str, japanese: str, english: str, *tenhou: int,
           majsoul: tuple[int, ...] = ()) -> Identity:
    return Identity(key, japanese, english, tuple(tenhou), majsoul)


@dataclass(frozen=True, slots=True)
class YakuRow:
    name: str
    closed_han: int
    open_han: int  # 0: the yaku needs a closed hand
    test: Predicate
    supersedes: tuple[str, ...] = ()
    ident: Identity = Identity("", "", "")
    # The trait (below) every shape with this yaku has: the row is tested only on shapes
    # that have it. Row i of YAKU needs trait 1 << i, its own (a test holds the table to
    # that, and each row to its needs).
    needs: int = 0
    # The needs decide the row: the predicate holds on every shape that has the traits (and
    # a hand the han columns allow), so find_yaku takes it without calling the predicate.
    # A test holds each exact row's predicate equal to its needs on every sampled shape.
    exact: bool = False


@dataclass(frozen=True, slots=True)
class YakumanRow:
    name: str
    test: Predicate
    supersedes: tuple[str, ...] = ()
    ident: Identity = Identity("", "", "")
    needs: int = 0  # as YakuRow.needs


# --- helpers over a shape -------------------------------------------------------------------
# A shape's groups are bit masks over the 34 tiles (shape.py): bit t of ``run_mask`` is a run
# starting at tile t, of ``triplet_mask`` a triplet or kan of tile t, of ``tiles`` a tile
# present; so most predicates are a mask test.


def _is_yakuhai(tile: int, situation: Situation) -> bool:
    return tile >= WHITE or tile == situation.seat or tile == situation.round


# --- traits: cheap facts that let most rows go untested --------------------------------------

# The traits that decide an ordinary yaku come first, one a row of YAKU and in its order:
# bit i is what row i needs (a test holds each row to it), so the rows a shape holds are
# its traits masked, with no lookup from traits to rows.
RIICHI: Final = 1
DOUBLE_RIICHI: Final = 1 << 1
OPEN_RIICHI: Final = 1 << 2
IPPATSU: Final = 1 << 3
TSUMO: Final = 1 << 4
PINFU_SHAPE: Final = 1 << 5  # no triplet, a two-sided wait, a pair worth no fu
RUN_PAIR: Final = 1 << 6  # two identical runs
SIMPLES: Final = 1 << 7  # 2-8 only
HAITEI: Final = 1 << 8
HOUTEI: Final = 1 << 9
RINSHAN: Final = 1 << 10
CHANKAN: Final = 1 << 11
WHITE_TRIPLET: Final = 1 << 12
GREEN_TRIPLET: Final = 1 << 13
RED_TRIPLET: Final = 1 << 14
SEAT_WIND_TRIPLET: Final = 1 << 15
ROUND_WIND_TRIPLET: Final = 1 << 16
SEVEN_PAIRS: Final = 1 << 17
SAME_RUNS: Final = 1 << 18  # one run in all three suits
STRAIGHT: Final = 1 << 19  # 123, 456 and 789 of one suit
HALF_OUTSIDE: Final = 1 << 20  # every group and the pair outside, a run, an honour
TRIPLETS_4: Final = 1 << 21  # four triplets or kans
CONCEALED_3: Final = 1 << 22  # three concealed triplets or more
SAME_TRIPLETS: Final = 1 << 23  # one triplet in all three suits
KANS_EXACTLY_3: Final = 1 << 24
LITTLE_DRAGONS: Final = 1 << 25  # two dragon triplets and a dragon pair
TERMINALS_HONOURS: Final = 1 << 26  # terminals and honours only, both present
HALF_FLUSH: Final = 1 << 27  # one number suit and honours
FULL_OUTSIDE: Final = 1 << 28  # every group and the pair hold a terminal, a run, no honour
RUN_PAIRS_2: Final = 1 << 29  # two pairs of identical runs
FULL_FLUSH: Final = 1 << 30  # one number suit, no honours
RENHOU: Final = 1 << 31
# Traits the yakuman rows need.
TRIPLETS_3: Final = 1 << 32  # three triplets or kans, or more
KANS_3: Final = 1 << 33  # three kans or more
DRAGON_TRIPLET: Final = 1 << 34
WIND_TRIPLET: Final = 1 << 35
OUTSIDE_TILES: Final = 1 << 36  # terminals and honours only
# Some yakuman may hold (the rules aside): a cheap necessary condition of every YAKUMAN row
# but daisharin and paarenchan, which only rules enable (``may_be_yakuman``).
YAKUMAN_HINT: Final = 1 << 37
TENHOU: Final = 1 << 38
CHIIHOU: Final = 1 << 39
ALL_GREEN: Final = 1 << 40  # 2s 3s 4s 6s 8s and the green dragon only
PURE_CLOSED: Final = 1 << 41  # closed, every rank of one number suit, nothing else (chuuren)
PAARENCHAN: Final = 1 << 42  # the dealer, after seven wins in a row (a situation trait)


_MAN: Final = SUIT_MASKS[0]
_PIN: Final = SUIT_MASKS[1]
_SOU: Final = SUIT_MASKS[2]
_STRAIGHT: Final = 0b1001001  # runs from ranks 1, 4 and 7 of one suit
_SUIT_STARTS: Final = 1 | 1 << 9 | 1 << 18  # the 1m, 1p and 1s bits


def shape_traits(shape: WinShape, situation: Situation) -> int:
    """The traits of a shape in a situation (the constants above), for ``YakuRow.needs``."""
    return situation_traits(situation) | reading_traits(shape, situation)


def situation_traits(situation: Situation) -> int:
    """The traits the situation alone decides, the same for every shape of a hand."""
    s = situation
    traits = 0
    if s.riichi:
        traits = RIICHI
        if s.double_riichi:
            traits |= DOUBLE_RIICHI
        if s.open_riichi:
            traits |= OPEN_RIICHI
        if s.ippatsu:
            traits |= IPPATSU
    if s.haitei:
        traits |= HAITEI
    if s.houtei:
        traits |= HOUTEI
    if s.rinshan:
        traits |= RINSHAN
    if s.chankan:
        traits |= CHANKAN
    if s.renhou:
        traits |= RENHOU | YAKUMAN_HINT
    if s.tenhou:
        traits |= TENHOU | YAKUMAN_HINT
    if s.chiihou:
        traits |= CHIIHOU | YAKUMAN_HINT
    if s.renchan >= 7 and s.seat == EAST:
        traits |= PAARENCHAN  # a yakuman only where the rules say (``yakuman_gate``)
    return traits


def reading_traits(shape: WinShape, situation: Situation) -> int:
    """The traits of one shape (its groups, wait and tiles; the winds name the yakuhai).

    Each test sits under the cheaper one it implies (no toitoi without three triplets, no
    yakuhai without an honour triplet, ...), so a plain shape takes few of them."""
    traits = TSUMO if shape.tsumo else 0
    triplet_mask = shape.triplet_mask
    triplets = shape.triplet_count
    if triplets == 0:
        pair = shape.pair  # no yakuhai (_is_yakuhai, inline: a call a shape, pure)
        if (shape.wait == RYANMEN and pair < WHITE and pair != situation.seat
                and pair != situation.round):
            traits |= PINFU_SHAPE
    else:
        if triplets >= 3:
            traits |= TRIPLETS_3
            if triplets == 4:
                traits |= TRIPLETS_4
            kans = shape.kans
            if kans >= 3:
                traits |= KANS_3 | (KANS_EXACTLY_3 if kans == 3 else 0)
            if shape.concealed_triplets >= 3:
                traits |= CONCEALED_3
            if triplet_mask & (triplet_mask >> 9) & (triplet_mask >> 18) & 0x1FF:
                traits |= SAME_TRIPLETS
            # suuankou, suukantsu, daisangen, shousuushii, daisuushii (three winds or four:
            # two bits left with the lowest taken off)
            winds = triplet_mask & WIND_MASK
            winds &= winds - 1
            if (shape.concealed_triplets == 4 or kans == 4
                    or triplet_mask & DRAGON_MASK == DRAGON_MASK or winds & (winds - 1)):
                traits |= YAKUMAN_HINT
        honours = triplet_mask & HONOUR_MASK
        if honours:
            dragons = honours & DRAGON_MASK
            if dragons:
                # White, green and red are adjacent tiles and adjacent traits.
                traits |= DRAGON_TRIPLET | (dragons >> WHITE) * WHITE_TRIPLET
                # Two of the three (masks, not int.bit_count: compiled, a method call).
                if (shape.pair >= WHITE and dragons & (dragons - 1)
                        and dragons != DRAGON_MASK):
                    traits |= LITTLE_DRAGONS
            if honours & WIND_MASK:
                traits |= WIND_TRIPLET
                if (honours >> situation.seat) & 1:
                    traits |= SEAT_WIND_TRIPLET
                if (honours >> situation.round) & 1:
                    traits |= ROUND_WIND_TRIPLET
    if shape.run_pairs:
        traits |= RUN_PAIR if shape.run_pairs == 1 else RUN_PAIR | RUN_PAIRS_2
    runs = shape.run_count
    if runs >= 3:
        run_mask = shape.run_mask
        if run_mask & (run_mask >> 9) & (run_mask >> 18) & 0x1FF:
            traits |= SAME_RUNS
        # Runs from ranks 1, 4 and 7 of one suit: a suit's first tile with runs starting
        # there, three and six tiles on.
        if run_mask & (run_mask >> 3) & (run_mask >> 6) & _SUIT_STARTS:
            traits |= STRAIGHT
    tiles = shape.tiles
    if tiles & ORPHAN_MASK == 0:
        traits |= SIMPLES
    elif tiles & ~ORPHAN_MASK == 0:
        traits |= OUTSIDE_TILES | YAKUMAN_HINT  # kokushi, tsuuiisou, chinroutou
        if tiles & HONOUR_MASK and tiles & TERMINAL_MASK:
            traits |= TERMINALS_HONOURS
    if tiles & ~GREEN_MASK == 0:
        traits |= ALL_GREEN | YAKUMAN_HINT
    if shape.outside and runs > 0:
        traits |= HALF_OUTSIDE if tiles & HONOUR_MASK else FULL_OUTSIDE
    if shape.hand.suits == 1:
        traits |= HALF_FLUSH if tiles & HONOUR_MASK else FULL_FLUSH
        # Chuuren poutou (1112345678999 and one more) holds every rank of its suit: most
        # one-suit hands lack one, and so skip the yakuman table.
        if shape.closed and (tiles == _MAN or tiles == _PIN or tiles == _SOU):
            traits |= PURE_CLOSED | YAKUMAN_HINT
    if shape.form == "chiitoitsu":
        traits |= SEVEN_PAIRS
    return traits


# --- ordinary yaku --------------------------------------------------------------------------

def _riichi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Riichi (立直), 1 han closed: the winner declared a ready hand."""
    return situation.riichi


def _double_riichi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Double riichi (ダブル立直), 2 han closed: riichi declared on the first turn."""
    return situation.double_riichi


def _open_riichi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Open riichi (オープン立直), 1 han more: riichi with the hand shown, where allowed."""
    return rules.open_riichi and situation.open_riichi


def _ippatsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Ippatsu (一発), 1 han: won within one uninterrupted go-around of riichi."""
    return situation.ippatsu


def _menzen_tsumo(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Menzen tsumo (門前清自摸和), 1 han closed: a closed hand won by self-draw."""
    return shape.tsumo


def _pinfu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Pinfu (平和), 1 han closed: four concealed runs, a pair worth no fu, a two-sided
    wait; a hand with no fu."""
    return (shape.wait == RYANMEN and shape.triplet_count == 0 and shape.hand.closed
            and shape.form == "standard" and not _is_yakuhai(shape.pair, situation))


def _iipeikou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Iipeikou (一盃口), 1 han closed: two identical runs."""
    return shape.run_pairs >= 1


def _tanyao(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Tanyao (断幺九), 1 han: simples (2-8) only; open too where rules.open_tanyao."""
    return shape.tiles & ORPHAN_MASK == 0 and (shape.closed or rules.open_tanyao)


def _haitei(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Haitei raoyue (海底摸月), 1 han: tsumo on the last wall tile."""
    return situation.haitei


def _houtei(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Houtei raoyui (河底撈魚), 1 han: ron on the last discard."""
    return situation.houtei


def _rinshan(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Rinshan kaihou (嶺上開花), 1 han: tsumo on a kan's replacement tile."""
    return situation.rinshan


def _chankan(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Chankan (槍槓), 1 han: ron on the tile another player adds to a pon."""
    return situation.chankan


def _haku(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Yakuhai haku (役牌 白), 1 han: a triplet of white dragons."""
    return (shape.triplet_mask >> WHITE) & 1 == 1


def _hatsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Yakuhai hatsu (役牌 發), 1 han: a triplet of green dragons."""
    return (shape.triplet_mask >> GREEN) & 1 == 1


def _chun(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Yakuhai chun (役牌 中), 1 han: a triplet of red dragons."""
    return (shape.triplet_mask >> RED) & 1 == 1


def _seat_wind(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Seat wind (自風), 1 han: a triplet of the winner's seat wind."""
    return (shape.triplet_mask >> situation.seat) & 1 == 1


def _round_wind(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Round wind (場風), 1 han: a triplet of the round wind."""
    return (shape.triplet_mask >> situation.round) & 1 == 1


def _chiitoitsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Chiitoitsu (七対子), 2 han closed: seven distinct pairs."""
    return shape.form == "chiitoitsu"


def _sanshoku(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Sanshoku doujun (三色同順), 2 han (1 open): the same run in all three suits."""
    runs = shape.run_mask
    return runs & (runs >> 9) & (runs >> 18) & 0x1FF != 0  # one rank in m, p and s


def _ittsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Ittsu (一気通貫), 2 han (1 open): 123, 456 and 789 of one suit."""
    runs = shape.run_mask
    return (runs & _STRAIGHT == _STRAIGHT or (runs >> 9) & _STRAIGHT == _STRAIGHT
            or (runs >> 18) & _STRAIGHT == _STRAIGHT)



def _chanta(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Chanta (混全帯幺九), 2 han (1 open): every group and the pair hold a terminal or an
    honour, with a run (else honroutou) and an honour (else junchan)."""
    return shape.outside and shape.run_count > 0 and shape.tiles & HONOUR_MASK != 0


def _junchan(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Junchan (純全帯幺九), 3 han (2 open): every group and the pair hold a terminal, with
    a run and no honour."""
    return shape.outside and shape.run_count > 0 and shape.tiles & HONOUR_MASK == 0


def _toitoi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Toitoi (対々和), 2 han: four triplets or kans."""
    return shape.triplet_count == 4


def _sanankou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Sanankou (三暗刻), 2 han: three concealed triplets (a ron-completed one is open)."""
    return shape.concealed_triplets >= 3


def _sanshoku_doukou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Sanshoku doukou (三色同刻), 2 han: the same triplet in all three suits."""
    triplets = shape.triplet_mask
    return triplets & (triplets >> 9) & (triplets >> 18) & 0x1FF != 0


def _sankantsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Sankantsu (三槓子), 2 han: three kans."""
    return shape.kans == 3


def _shousangen(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Shousangen (小三元), 2 han: two dragon triplets and a dragon pair."""
    return shape.pair >= WHITE and (shape.triplet_mask & DRAGON_MASK).bit_count() == 2


def _honroutou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Honroutou (混老頭), 2 han: terminals and honours only, both present (all honours is
    tsuuiisou, all terminals chinroutou: yakuman that replace it)."""
    tiles = shape.tiles
    return tiles & ~ORPHAN_MASK == 0 and tiles & HONOUR_MASK != 0 and tiles & TERMINAL_MASK != 0


def _honitsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Honitsu (混一色), 3 han (2 open): one suit and honours."""
    return shape.hand.suits == 1 and shape.tiles & HONOUR_MASK != 0


def _ryanpeikou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Ryanpeikou (二盃口), 3 han closed: two pairs of identical runs."""
    return shape.run_pairs == 2


def _chinitsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Chinitsu (清一色), 6 han (5 open): one suit, no honours."""
    return shape.hand.suits == 1 and shape.tiles & HONOUR_MASK == 0


def _renhou_han(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Renhou (人和) as han (rules.renhou "5-han" or "baiman"): a non-dealer's ron before
    the first draw. A flat-mangan renhou ("mangan") is decided by the scorer."""
    return situation.renhou and rules.renhou in ("5-han", "baiman")


# Closed-only yaku have open_han 0; pinfu, iipeikou, ryanpeikou also need no called melds,
# which their han columns express. Tanyao's open han depends on rules.open_tanyao (checked
# in the predicate).
YAKU: Final[tuple[YakuRow, ...]] = (
    YakuRow("riichi", 1, 0, _riichi, needs=RIICHI, exact=True,
            ident=_named("riichi", "立直", "Riichi", 1, majsoul=(2,))),
    YakuRow("double riichi", 2, 0, _double_riichi, needs=DOUBLE_RIICHI, exact=True,
            supersedes=("riichi",),
            ident=_named("double_riichi", "ダブル立直", "Double riichi", 21, majsoul=(18,))),
    YakuRow("open riichi", 1, 0, _open_riichi, needs=OPEN_RIICHI,
            ident=_named("open_riichi", "オープン立直", "Open riichi")),
    YakuRow("ippatsu", 1, 0, _ippatsu, needs=IPPATSU, exact=True,
            ident=_named("ippatsu", "一発", "Ippatsu (one shot)", 2, majsoul=(30,))),
    YakuRow("menzen tsumo", 1, 0, _menzen_tsumo, needs=TSUMO, exact=True,
            ident=_named("menzen_tsumo", "門前清自摸和", "Fully concealed self-draw",
                         0, majsoul=(1,))),
    YakuRow("pinfu", 1, 0, _pinfu, needs=PINFU_SHAPE, exact=True,
            ident=_named("pinfu", "平和", "Pinfu (no-points hand)", 7, majsoul=(14,))),
    YakuRow("iipeikou", 1, 0, _iipeikou, needs=RUN_PAIR, exact=True,
            ident=_named("iipeikou", "一盃口", "Pure double sequence", 9, majsoul=(13,))),
    YakuRow("tanyao", 1, 1, _tanyao, needs=SIMPLES,
            ident=_named("tanyao", "断幺九", "All simples", 8, majsoul=(12,))),
    YakuRow("haitei", 1, 1, _haitei, needs=HAITEI, exact=True,
            ident=_named("haitei", "海底摸月", "Win on the last tile", 5, majsoul=(5,))),
    YakuRow("houtei", 1, 1, _houtei, needs=HOUTEI, exact=True,
            ident=_named("houtei", "河底撈魚", "Win on the last discard", 6, majsoul=(6,))),
    YakuRow("rinshan kaihou", 1, 1, _rinshan, needs=RINSHAN, exact=True,
            ident=_named("rinshan_kaihou", "嶺上開花", "Win on a kan replacement tile",
                         4, majsoul=(4,))),
    YakuRow("chankan", 1, 1, _chankan, needs=CHANKAN, exact=True,
            ident=_named("chankan", "槍槓", "Robbing a kan", 3, majsoul=(3,))),
    YakuRow("yakuhai haku", 1, 1, _haku, needs=WHITE_TRIPLET, exact=True,
            ident=_named("yakuhai_haku", "役牌 白", "White dragon", 18, majsoul=(7,))),
    YakuRow("yakuhai hatsu", 1, 1, _hatsu, needs=GREEN_TRIPLET, exact=True,
            ident=_named("yakuhai_hatsu", "役牌 發", "Green dragon", 19, majsoul=(8,))),
    YakuRow("yakuhai chun", 1, 1, _chun, needs=RED_TRIPLET, exact=True,
            ident=_named("yakuhai_chun", "役牌 中", "Red dragon", 20, majsoul=(9,))),
    YakuRow("seat wind", 1, 1, _seat_wind, needs=SEAT_WIND_TRIPLET, exact=True,
            ident=_named("seat_wind", "自風", "Seat wind", 10, 11, 12, 13, majsoul=(10,))),
    YakuRow("round wind", 1, 1, _round_wind, needs=ROUND_WIND_TRIPLET, exact=True,
            ident=_named("round_wind", "場風", "Round wind", 14, 15, 16, 17, majsoul=(11,))),
    YakuRow("chiitoitsu", 2, 0, _chiitoitsu, needs=SEVEN_PAIRS, exact=True,
            ident=_named("chiitoitsu", "七対子", "Seven pairs", 22, majsoul=(25,))),
    YakuRow("sanshoku doujun", 2, 1, _sanshoku, needs=SAME_RUNS, exact=True,
            ident=_named("sanshoku_doujun", "三色同順", "Mixed triple sequence",
                         25, majsoul=(17,))),
    YakuRow("ittsu", 2, 1, _ittsu, needs=STRAIGHT, exact=True,
            ident=_named("ittsu", "一気通貫", "Pure straight", 24, majsoul=(16,))),
    YakuRow("chanta", 2, 1, _chanta, needs=HALF_OUTSIDE, exact=True,
            ident=_named("chanta", "混全帯幺九", "Half outside hand", 23, majsoul=(15,))),
    YakuRow("toitoi", 2, 2, _toitoi, needs=TRIPLETS_4, exact=True,
            ident=_named("toitoi", "対々和", "All triplets", 28, majsoul=(21,))),
    YakuRow("sanankou", 2, 2, _sanankou, needs=CONCEALED_3, exact=True,
            ident=_named("sanankou", "三暗刻", "Three concealed triplets", 29, majsoul=(22,))),
    YakuRow("sanshoku doukou", 2, 2, _sanshoku_doukou, needs=SAME_TRIPLETS, exact=True,
            ident=_named("sanshoku_doukou", "三色同刻", "Triple triplets", 26, majsoul=(19,))),
    YakuRow("sankantsu", 2, 2, _sankantsu, needs=KANS_EXACTLY_3, exact=True,
            ident=_named("sankantsu", "三槓子", "Three quads", 27, majsoul=(20,))),
    YakuRow("shousangen", 2, 2, _shousangen, needs=LITTLE_DRAGONS, exact=True,
            ident=_named("shousangen", "小三元", "Little three dragons", 30, majsoul=(23,))),
    YakuRow("honroutou", 2, 2, _honroutou, needs=TERMINALS_HONOURS, exact=True,
            ident=_named("honroutou", "混老頭", "All terminals and honours", 31, majsoul=(24,))),
    YakuRow("honitsu", 3, 2, _honitsu, needs=HALF_FLUSH, exact=True,
            ident=_named("honitsu", "混一色", "Half flush", 34, majsoul=(27,))),
    YakuRow("junchan", 3, 2, _junchan, needs=FULL_OUTSIDE, exact=True,
            ident=_named("junchan", "純全帯幺九", "Fully outside hand", 33, majsoul=(26,))),
    YakuRow("ryanpeikou", 3, 0, _ryanpeikou, needs=RUN_PAIRS_2, exact=True,
            supersedes=("iipeikou",),
            ident=_named("ryanpeikou", "二盃口", "Twice pure double sequence", 32, majsoul=(28,))),
    YakuRow("chinitsu", 6, 5, _chinitsu, needs=FULL_FLUSH, exact=True,
            ident=_named("chinitsu", "清一色", "Full flush", 35, majsoul=(29,))),
    # Renhou as a limit hand rather than a yakuman (rules.renhou "mangan"/"baiman"); its han
    # are set from the rule in the scorer (5 for mangan, 8 for baiman).
    YakuRow("renhou", 5, 0, _renhou_han, needs=RENHOU,
            ident=_named("renhou", "人和", "Blessing of man", 36, majsoul=(65, 59))),
)
YAKU_NAMES = tuple(row.name for row in YAKU)


# --- yakuman --------------------------------------------------------------------------------

def _kokushi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Kokushi musou (国士無双): one of each terminal and honour, one of them twice."""
    return shape.form == "kokushi" and shape.wait != KOKUSHI_THIRTEEN


def _kokushi_13(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Kokushi musou 13-wait (国士無双十三面待ち): kokushi waiting on all thirteen."""
    return shape.form == "kokushi" and shape.wait == KOKUSHI_THIRTEEN


def _suuankou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Suuankou (四暗刻): four concealed triplets, won on a shanpon tsumo."""
    return shape.concealed_triplets == 4 and shape.wait != TANKI


def _suuankou_tanki(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Suuankou tanki (四暗刻単騎): four concealed triplets, won on the pair."""
    return shape.concealed_triplets == 4 and shape.wait == TANKI


def _daisangen(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Daisangen (大三元): triplets of all three dragons."""
    return shape.triplet_mask & DRAGON_MASK == DRAGON_MASK


def _shousuushii(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Shousuushii (小四喜): three wind triplets and a wind pair."""
    return EAST <= shape.pair <= NORTH and (
        shape.triplet_mask & WIND_MASK).bit_count() == 3


def _daisuushii(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Daisuushii (大四喜): triplets of all four winds."""
    return shape.triplet_mask & WIND_MASK == WIND_MASK


def _tsuuiisou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Tsuuiisou (字一色): honours only."""
    return shape.tiles & ~HONOUR_MASK == 0


def _chinroutou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Chinroutou (清老頭): terminals only."""
    return shape.tiles & ~TERMINAL_MASK == 0


def _ryuuiisou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Ryuuiisou (緑一色): 2s 3s 4s 6s 8s and the green dragon only."""
    return shape.tiles & ~GREEN_MASK == 0


def _chuuren_counts(shape: WinShape) -> bytes | None:
    """The suit's counts when the hand is closed, melds-free and of one suit, else None."""
    if shape.form != "standard" or shape.hand.melds or shape.hand.suits != 1 \
            or shape.tiles & HONOUR_MASK:
        return None
    return shape.hand.parts[shape.win // 9].counts


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# The nine chuuren hands of a suit: 1112345678999 and one more tile, by that tile's rank.
# As bytes, the form of a part's counts.
_CHUUREN_HANDS: Final = tuple(
    bytes(gate + (rank == extra) for rank, gate in enumerate(_NINE_GATES)) for extra in range(9))


def _chuuren(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Chuuren poutou (九蓮宝燈): 1112345678999 of one suit plus any tile of it, closed."""
    return _chuuren_counts(shape) in _CHUUREN_HANDS


def _junsei_chuuren(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Junsei chuuren poutou (純正九蓮宝燈): chuuren waiting on nine tiles, i.e. the hand
    was exactly 1112345678999 before the winning tile."""
    counts = _chuuren_counts(shape)
    return counts is not None and counts == _CHUUREN_HANDS[shape.win % 9]


def _suukantsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Suukantsu (四槓子): four kans."""
    return shape.kans == 4


def _tenhou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Tenhou (天和): the dealer wins on the initial hand."""
    return situation.tenhou


def _chiihou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Chiihou (地和): a non-dealer's tsumo on the first draw."""
    return situation.chiihou


def _renhou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Renhou (人和) as a yakuman (rules.renhou "yakuman"): a ron before the first draw."""
    return situation.renhou and rules.renhou == "yakuman"


def _daisharin(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Daisharin (大車輪), where rules.daisharin: seven pairs 2p-8p."""
    return rules.daisharin and shape.form == "chiitoitsu" and shape.tiles == DAISHARIN_MASK


def _paarenchan(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """Paarenchan (八連荘), where rules.paarenchan: the dealer's eighth win in a row."""
    return rules.paarenchan and situation.seat == EAST and situation.renchan >= 7


YAKUMAN: Final[tuple[YakumanRow, ...]] = (
    YakumanRow("kokushi musou", _kokushi, needs=OUTSIDE_TILES,
               ident=_named("kokushi_musou", "国士無双", "Thirteen orphans", 47, majsoul=(42,))),
    YakumanRow("kokushi musou 13-wait", _kokushi_13, needs=OUTSIDE_TILES,
               ident=_named("kokushi_musou_13_wait", "国士無双十三面待ち",
                            "Thirteen orphans, 13-sided wait", 48,
                            majsoul=(49,))),
    YakumanRow("suuankou", _suuankou, needs=TRIPLETS_3,
               ident=_named("suuankou", "四暗刻", "Four concealed triplets", 40, majsoul=(38,))),
    YakumanRow("suuankou tanki", _suuankou_tanki, needs=TRIPLETS_3,
               ident=_named("suuankou_tanki", "四暗刻単騎", "Four concealed triplets, single wait",
                            41, majsoul=(48,))),
    YakumanRow("daisangen", _daisangen, needs=TRIPLETS_3 | DRAGON_TRIPLET,
               ident=_named("daisangen", "大三元", "Big three dragons", 39, majsoul=(37,))),
    YakumanRow("shousuushii", _shousuushii, needs=TRIPLETS_3 | WIND_TRIPLET,
               ident=_named("shousuushii", "小四喜", "Little four winds", 50, majsoul=(43,))),
    YakumanRow("daisuushii", _daisuushii, needs=TRIPLETS_3 | WIND_TRIPLET,
               ident=_named("daisuushii", "大四喜", "Big four winds", 49, majsoul=(50,))),
    YakumanRow("tsuuiisou", _tsuuiisou, needs=OUTSIDE_TILES,
               ident=_named("tsuuiisou", "字一色", "All honours", 42, majsoul=(39,))),
    YakumanRow("chinroutou", _chinroutou, needs=OUTSIDE_TILES,
               ident=_named("chinroutou", "清老頭", "All terminals", 44, majsoul=(41,))),
    YakumanRow("ryuuiisou", _ryuuiisou, needs=ALL_GREEN,
               ident=_named("ryuuiisou", "緑一色", "All green", 43, majsoul=(40,))),
    YakumanRow("chuuren poutou", _chuuren, needs=PURE_CLOSED,
               ident=_named("chuuren_poutou", "九蓮宝燈", "Nine gates", 45, majsoul=(45,))),
    YakumanRow("junsei chuuren poutou", _junsei_chuuren, needs=PURE_CLOSED,
               supersedes=("chuuren poutou",),
               ident=_named("junsei_chuuren_poutou", "純正九蓮宝燈", "True nine gates",
                            46, majsoul=(47,))),
    YakumanRow("suukantsu", _suukantsu, needs=KANS_3,
               ident=_named("suukantsu", "四槓子", "Four quads", 51, majsoul=(44,))),
    YakumanRow("tenhou", _tenhou, needs=TENHOU,
               ident=_named("tenhou", "天和", "Blessing of heaven", 37, majsoul=(35,))),
    YakumanRow("chiihou", _chiihou, needs=CHIIHOU,
               ident=_named("chiihou", "地和", "Blessing of earth", 38, majsoul=(36,))),
    YakumanRow("renhou", _renhou, needs=RENHOU,
               ident=_named("renhou", "人和", "Blessing of man", 36, majsoul=(65, 59))),
    YakumanRow("daisharin", _daisharin, needs=SEVEN_PAIRS,
               ident=_named("daisharin", "大車輪", "Big wheels", majsoul=(60,))),
    YakumanRow("paarenchan", _paarenchan, needs=PAARENCHAN,
               ident=_named("paarenchan", "八連荘", "Eight consecutive dealer wins",
                            majsoul=(46,))),
)
YAKUMAN_NAMES = tuple(row.name for row in YAKUMAN)


def _needed(rows: tuple[YakuRow, ...] | tuple[YakumanRow, ...]) -> int:
    found = 0
    for row in rows:
        found |= row.needs
    return found


def _rows_mask(rows: list[int]) -> int:
    found = 0
    for index in rows:
        found |= 1 << index
    return found


# The yaku a shape holds, as a mask of rows (bit i: row i of YAKU): its traits masked, since
# row i needs trait 1 << i. The rows a closed (an open) hand lists, by the han columns:
_CLOSED_ROWS: Final = _rows_mask([index for index, row in enumerate(YAKU) if row.closed_han])
_OPEN_ROWS: Final = _rows_mask([index for index, row in enumerate(YAKU) if row.open_han])
# The rows whose trait does not decide them: their predicate runs where the trait is set.
_TESTS: Final[tuple[tuple[int, Predicate], ...]] = tuple(
    (row.needs, row.test) for row in YAKU if not row.exact)
_TESTED: Final = _needed(tuple(row for row in YAKU if not row.exact))
# The rows that supersede others: (its bit, the bits of the rows it supersedes).
_SUPERSEDING: Final[tuple[tuple[int, int], ...]] = tuple(
    (row.needs, _rows_mask([index for index, other in enumerate(YAKU)
                            if other.name in row.supersedes]))
    for row in YAKU if row.supersedes)
_SUPERSEDES: Final = _needed(tuple(row for row in YAKU if row.supersedes))
_RESOLVED: Final = _TESTED | _SUPERSEDES  # the rows _resolved may change
_RENHOU_ROW: Final = YAKU_NAMES.index("renhou")

# The traits some row of the yakuman table needs: the rest cannot change which are tested.
_YAKUMAN_TRAITS: Final = _needed(YAKUMAN)

class _Entries:
    """The (name, han) entries of a shape's yaku and their han, for ``key``: the rows held
    (``_held``), closed (the lowest bit) and, for a renhou, whether it counts 8 han (the
    next bit)."""

    __slots__ = ("key", "entries", "han")

    def __init__(self, key: i64, entries: tuple[tuple[str, int], ...], han: int) -> None:
        self.key = key
        self.entries = entries
        self.han = han


# The entries by their key, one shared tuple a key, so a shape's yaku cost no list or tuple.
# Made on first use (a few entries: cheap), at most _ROWS_LIMIT kept. Compiled, in an
# open-addressed table of twice as many slots, each compared by its own ``key`` (as
# shape.KEYED_PARTS: a dict of int keys boxed each key asked for, and a lookup cost more
# than this); interpreted, (entries, han) in a dict, a lookup in C.
_ROWS_LIMIT: Final = 16384
_ENTRY_SLOTS: Final = 2 * _ROWS_LIMIT
_ENTRIES: Final[list[_Entries | None]] = [None] * _ENTRY_SLOTS
_ENTRIES_KEPT: Final = [0]
_ENTRY_PAIRS: Final[dict[int, tuple[tuple[tuple[str, int], ...], int]]] = {}


def _resolved(shape: WinShape, situation: Situation, rules: Rules, held: int) -> int:
    """``held`` (rows listed whose trait is set) with the predicates of the rows that are
    not exact run, and the rows superseded by one held removed."""
    if held & _TESTED:
        for needs, test in _TESTS:
            if held & needs and not test(shape, situation, rules):
                held ^= needs
    if held & _SUPERSEDES:
        superseded = 0
        for needs, rows in _SUPERSEDING:
            if held & needs:
                superseded |= rows
        held &= ~superseded
    return held


# Each row's (name, han) entry for a closed and for an open hand, shared by the keys of
# _ENTRIES: a new key adds two tuples, not one a yaku (the cyclic garbage collector counts
# every container a cache keeps). Typed Any so that the compiled build appends the shared
# tuple instead of unboxing it and building another. Renhou's han come from the rules.
_CLOSED_ENTRIES: Final[tuple[Any, ...]] = tuple((row.name, row.closed_han) for row in YAKU)
_OPEN_ENTRIES: Final[tuple[Any, ...]] = tuple((row.name, row.open_han) for row in YAKU)
_RENHOU_ENTRIES: Final[tuple[Any, ...]] = (("renhou", 5), ("renhou", 8))


def _entries(key: i64) -> _Entries:
    held = int(key >> 2)
    shared = _CLOSED_ENTRIES if key & 1 else _OPEN_ENTRIES
    entries = []
    han = 0
    index = 0
    if INDEX_READER:
        # Compiled, a C loop bit by bit.
        while held:
            if held & 1:
                entry = (_RENHOU_ENTRIES[key >> 1 & 1] if index == _RENHOU_ROW
                         else shared[index])
                entries.append(entry)
                han += entry[1]
            held >>= 1
            index += 1
    else:
        # Interpreted, from set bit to set bit: a hand holds a few of the rows.
        while held:
            low = held & -held
            index = low.bit_length() - 1
            entry = (_RENHOU_ENTRIES[key >> 1 & 1] if index == _RENHOU_ROW
                     else shared[index])
            entries.append(entry)
            han += entry[1]
            held ^= low
    return _Entries(key, tuple(entries), han)


def find_yaku(shape: WinShape, situation: Situation, rules: Rules,
              traits: int = -1) -> list[tuple[str, int]]:
    """The ordinary yaku of a shape as (name, han), superseded ones removed (``traits``:
    the shape's, if already known)."""
    if traits < 0:
        traits = shape_traits(shape, situation)
    return list(shape_yaku(shape, situation, rules, traits)[0])


def shape_yaku(shape: WinShape, situation: Situation, rules: Rules,
               traits: int) -> tuple[tuple[tuple[str, int], ...], int]:
    """``find_yaku`` as a shared tuple, and the han it adds up to, given the shape's
    traits (the scorer adds the dora to it)."""
    closed = shape.closed
    held = traits & (_CLOSED_ROWS if closed else _OPEN_ROWS)
    eight_han_renhou = False
    if held & _RESOLVED:
        held = _resolved(shape, situation, rules, held)
        eight_han_renhou = held >> _RENHOU_ROW & 1 == 1 and rules.renhou != "5-han"
    # The key in 64-bit ints (compiled, each operation on a Python int is a call).
    key: i64 = held
    key = key << 2 | closed
    if eight_han_renhou:
        key |= 2
    if not INDEX_READER:
        # Interpreted, a dict's lookup (in C) beats the table's search in bytecode.
        pair = _ENTRY_PAIRS.get(key)
        if pair is None:
            made = _entries(key)
            pair = (made.entries, made.han)
            if len(_ENTRY_PAIRS) < _ROWS_LIMIT:
                _ENTRY_PAIRS[key] = pair
        return pair
    slot = key_slot(key)
    while (found := _ENTRIES[slot & (_ENTRY_SLOTS - 1)]) is not None and found.key != key:
        slot += 1
    if found is None:
        found = _entries(key)
        if _ENTRIES_KEPT[0] < _ROWS_LIMIT:
            _ENTRIES[slot & (_ENTRY_SLOTS - 1)] = found  # the empty slot the search ended on
            _ENTRIES_KEPT[0] += 1
    return found.entries, found.han


def yakuman_gate(rules: Rules) -> int:
    """The traits of which a shape needs one for any row of YAKUMAN to hold under ``rules``
    (``may_be_yakuman``): the hint, and the traits of the rows only rules enable."""
    return (YAKUMAN_HINT | (PAARENCHAN if rules.paarenchan else 0)
            | (SEVEN_PAIRS if rules.daisharin else 0))


def may_be_yakuman(shape: WinShape, situation: Situation, rules: Rules,
                   traits: int = -1) -> bool:
    """A cheap necessary condition for any row of YAKUMAN, so most hands skip the table
    (``traits``: the shape's, if already known). A test checks every row through it."""
    if traits < 0:
        traits = shape_traits(shape, situation)
    return traits & yakuman_gate(rules) != 0


# The yakuman rows worth testing, by the traits some row needs (at most _ROWS_LIMIT keys):
# (predicate, name, supersedes).
_YakumanTest = tuple[Predicate, str, tuple[str, ...]]
_YAKUMAN_ROWS: Final[dict[int, tuple[_YakumanTest, ...]]] = {}
# Each row's test, shared by the keys: a new key adds one tuple, not one a row (the cyclic
# garbage collector traverses every container a cache keeps). Typed Any so that the
# compiled build keeps the shared tuples instead of unboxing and rebuilding them.
_YAKUMAN_TESTS: Final[tuple[Any, ...]] = tuple(
    (row.test, row.name, row.supersedes) for row in YAKUMAN)


def find_yakuman(shape: WinShape, situation: Situation, rules: Rules,
                 traits: int = -1) -> list[tuple[str, int]]:
    """The yakuman of a shape as (name, units): 2 units where the rules count it double
    (``traits``: the shape's, if already known)."""
    if traits < 0:
        traits = shape_traits(shape, situation)
    if not may_be_yakuman(shape, situation, rules, traits):
        return []
    key = traits & _YAKUMAN_TRAITS
    rows = _YAKUMAN_ROWS.get(key)
    if rows is None:
        rows = tuple(_YAKUMAN_TESTS[index] for index, row in enumerate(YAKUMAN)
                     if row.needs & ~key == 0)
        if len(_YAKUMAN_ROWS) < _ROWS_LIMIT:
            _YAKUMAN_ROWS[key] = rows
    found: list[tuple[str, int]] = []
    superseded: tuple[str, ...] = ()
    for test, name, supersedes in rows:
        if test(shape, situation, rules):
            found.append((name, 2 if name in rules.double_yakuman else 1))
            superseded += supersedes
    if superseded:
        return [item for item in found if item[0] not in superseded]
    return found


# --- identity: names and platform ids --------------------------------------------------------

# Dora are counted by the scorer, not by a predicate row, but they appear in ``Score.yaku``
# and in every platform's yaku list, so they need an identity too.
DORA_IDENTITIES: dict[str, Identity] = {
    "dora": _named("dora", "ドラ", "Dora", 52, majsoul=(31,)),
    "ura dora": _named("ura_dora", "裏ドラ", "Ura dora", 53, majsoul=(33,)),
    "aka dora": _named("aka_dora", "赤ドラ", "Red fives", 54, majsoul=(32,)),
}
IDENTITIES: dict[str, Identity] = {
    **{row.name: row.ident for row in YAKU},
    **{row.name: row.ident for row in YAKUMAN},
    **DORA_IDENTITIES,
}
# Renhou is a yaku row and a yakuman row with one identity; Tenhou id 36 names both.
_TENHOU_NAMES: dict[int, str] = {
    tenhou_id: name for name, ident in IDENTITIES.items() for tenhou_id in ident.tenhou
}
_MAJSOUL_NAMES: dict[int, str] = {
    fan_id: name for name, ident in IDENTITIES.items() for fan_id in ident.majsoul
}
LANGUAGES = ("key", "english", "japanese", "romaji")


def yaku_from_tenhou(tenhou_id: int) -> str | None:
    """Our yaku name for a Tenhou yaku id (seat and round winds per wind), or None."""
    return _TENHOU_NAMES.get(tenhou_id)


def yaku_from_majsoul(fan_id: int) -> str | None:
    """Our yaku name for a Mahjong Soul fan id, or None (34, nuki dora, has no row)."""
    return _MAJSOUL_NAMES.get(fan_id)


def yaku_label(name: str, language: str = "romaji") -> str:
    """A yaku's name in ``language``: "romaji" (ours), "english", "japanese" or "key"."""
    if language == "romaji":
        return name
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (use {', '.join(LANGUAGES)})")
    ident = IDENTITIES.get(name)
    if ident is None:
        return name
    return str(getattr(ident, language))
