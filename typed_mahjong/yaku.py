"""Every yaku as one row of a table: name, han closed, han open, and a small predicate.

Where is pinfu decided? ``_pinfu`` below, and its row in ``YAKU``. Rows list the yaku they
supersede (ryanpeikou supersedes iipeikou, ...), so no predicate needs to know another.
Yakuman have their own table; when any yakuman applies the ordinary yaku are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .readings import RUN
from .rules import Rules
from .shape import KOKUSHI_THIRTEEN, RYANMEN, TANKI, WinShape
from .situation import Situation
from .tiles import DRAGONS, GREEN, RED, TERMINALS, WHITE, WINDS

Predicate = Callable[[WinShape, Situation, Rules], bool]



@dataclass(frozen=True, slots=True)
class YakuRow:
    name: str
    closed_han: int
    open_han: int  # 0: the yaku needs a closed hand
    test: Predicate
    supersedes: tuple[str, ...] = ()
    situational: bool = False  # decided by the situation flags alone (riichi, haitei, ...)


@dataclass(frozen=True, slots=True)
class YakumanRow:
    name: str
    test: Predicate
    supersedes: tuple[str, ...] = ()


# --- helpers over a shape -------------------------------------------------------------------



def _is_yakuhai(tile: int, situation: Situation) -> bool:
    return tile in DRAGONS or tile == situation.seat or tile == situation.round


def _has_triplet(shape: WinShape, tile: int) -> bool:
    return tile in shape.triplet_tiles




def _suits(shape: WinShape) -> frozenset[int]:
    return shape.tiles.suits


def _has_honour(shape: WinShape) -> bool:
    return shape.tiles.has_honour


def _all_groups_outside(shape: WinShape, honours: bool) -> bool:
    """Every group and the pair hold a terminal (or, with ``honours``, an honour)."""
    if shape.form != "standard" or not _outside(shape.pair, honours):
        return False
    return all(group.first % 9 in (0, 6) if group.kind == RUN else _outside(group.first, honours)
               for group in shape.groups)


def _outside(tile: int, honours: bool) -> bool:
    return tile in TERMINALS or (honours and tile >= 27)


def _three_suits_same_rank(starts: tuple[int, ...] | frozenset[int]) -> bool:
    ranks = {tile % 9 for tile in starts if tile < 27 and tile // 9 == 0}
    return any(rank + 9 in starts and rank + 18 in starts for rank in ranks)


# --- ordinary yaku --------------------------------------------------------------------------

def _riichi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.riichi


def _double_riichi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.double_riichi


def _open_riichi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return rules.open_riichi and situation.open_riichi


def _ippatsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.ippatsu


def _menzen_tsumo(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.tsumo


def _pinfu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    # Four concealed runs, a pair worth no fu, and a two-sided wait: a hand with no fu.
    return (shape.form == "standard" and shape.wait == RYANMEN
            and all(group.kind == "run" and not group.called for group in shape.groups)
            and not _is_yakuhai(shape.pair, situation))


def _iipeikou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.run_pairs >= 1


def _tanyao(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return (shape.closed or rules.open_tanyao) and shape.tiles.all_simple


def _haitei(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.haitei


def _houtei(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.houtei


def _rinshan(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.rinshan


def _chankan(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.chankan


def _dragon(tile: int) -> Predicate:
    def test(shape: WinShape, situation: Situation, rules: Rules) -> bool:
        return _has_triplet(shape, tile)

    return test


def _seat_wind(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return _has_triplet(shape, situation.seat)


def _round_wind(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return _has_triplet(shape, situation.round)


def _chiitoitsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.form == "chiitoitsu"


def _sanshoku(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return _three_suits_same_rank(shape.runs)


def _ittsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    runs = set(shape.runs)
    return any({base, base + 3, base + 6} <= runs for base in (0, 9, 18))


def _chanta(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    # Every group and the pair hold a terminal or honour, with at least one run (else it
    # is honroutou) and at least one honour (else it is junchan).
    return bool(shape.runs) and _has_honour(shape) and _all_groups_outside(shape, True)


def _junchan(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return bool(shape.runs) and not _has_honour(shape) and _all_groups_outside(shape, False)


def _toitoi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.form == "standard" and len(shape.triplets) == 4


def _sanankou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.concealed_triplets >= 3


def _sanshoku_doukou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return _three_suits_same_rank(shape.triplet_tiles)


def _sankantsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.kans == 3


def _shousangen(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return (shape.pair in DRAGONS
            and sum(_has_triplet(shape, dragon) for dragon in DRAGONS) == 2)


def _honroutou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    # All terminals and honours, both present (all honours is tsuuiisou, all terminals
    # chinroutou: yakuman that replace it).
    return (shape.tiles.all_terminal_or_honour and _has_honour(shape)
            and shape.tiles.kinds[0] < 27)


def _honitsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return len(_suits(shape)) == 1 and _has_honour(shape)


def _ryanpeikou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.run_pairs == 2


def _chinitsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return len(_suits(shape)) == 1 and not _has_honour(shape)


def _renhou_han(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    # A flat-mangan renhou ("mangan") is not a yaku that adds han: scoring.py decides it.
    return situation.renhou and rules.renhou in ("5-han", "baiman")


# Closed-only yaku have open_han 0; pinfu, iipeikou, ryanpeikou also need no called melds,
# which their han columns express. Tanyao's open han depends on rules.open_tanyao (checked
# in the predicate).
YAKU: tuple[YakuRow, ...] = (
    YakuRow("riichi", 1, 0, _riichi, situational=True),
    YakuRow("double riichi", 2, 0, _double_riichi, supersedes=("riichi",), situational=True),
    YakuRow("open riichi", 1, 0, _open_riichi, situational=True),
    YakuRow("ippatsu", 1, 0, _ippatsu, situational=True),
    YakuRow("menzen tsumo", 1, 0, _menzen_tsumo),
    YakuRow("pinfu", 1, 0, _pinfu),
    YakuRow("iipeikou", 1, 0, _iipeikou),
    YakuRow("tanyao", 1, 1, _tanyao),
    YakuRow("haitei", 1, 1, _haitei, situational=True),
    YakuRow("houtei", 1, 1, _houtei, situational=True),
    YakuRow("rinshan kaihou", 1, 1, _rinshan, situational=True),
    YakuRow("chankan", 1, 1, _chankan, situational=True),
    YakuRow("yakuhai haku", 1, 1, _dragon(WHITE)),
    YakuRow("yakuhai hatsu", 1, 1, _dragon(GREEN)),
    YakuRow("yakuhai chun", 1, 1, _dragon(RED)),
    YakuRow("seat wind", 1, 1, _seat_wind),
    YakuRow("round wind", 1, 1, _round_wind),
    YakuRow("chiitoitsu", 2, 0, _chiitoitsu),
    YakuRow("sanshoku doujun", 2, 1, _sanshoku),
    YakuRow("ittsu", 2, 1, _ittsu),
    YakuRow("chanta", 2, 1, _chanta),
    YakuRow("toitoi", 2, 2, _toitoi),
    YakuRow("sanankou", 2, 2, _sanankou),
    YakuRow("sanshoku doukou", 2, 2, _sanshoku_doukou),
    YakuRow("sankantsu", 2, 2, _sankantsu),
    YakuRow("shousangen", 2, 2, _shousangen),
    YakuRow("honroutou", 2, 2, _honroutou),
    YakuRow("honitsu", 3, 2, _honitsu),
    YakuRow("junchan", 3, 2, _junchan),
    YakuRow("ryanpeikou", 3, 0, _ryanpeikou, supersedes=("iipeikou",)),
    YakuRow("chinitsu", 6, 5, _chinitsu),
    # Renhou as a limit hand rather than a yakuman (rules.renhou "mangan"/"baiman"); its han
    # are set from the rule in the scorer (5 for mangan, 8 for baiman).
    YakuRow("renhou", 5, 0, _renhou_han, situational=True),
)
YAKU_NAMES = tuple(row.name for row in YAKU)


# --- yakuman --------------------------------------------------------------------------------

def _kokushi(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.form == "kokushi" and shape.wait != KOKUSHI_THIRTEEN


def _kokushi_13(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.form == "kokushi" and shape.wait == KOKUSHI_THIRTEEN


def _suuankou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.concealed_triplets == 4 and shape.wait != TANKI


def _suuankou_tanki(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.concealed_triplets == 4 and shape.wait == TANKI


def _daisangen(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return all(_has_triplet(shape, dragon) for dragon in DRAGONS)


def _shousuushii(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.pair in WINDS and sum(_has_triplet(shape, wind) for wind in WINDS) == 3


def _daisuushii(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return all(_has_triplet(shape, wind) for wind in WINDS)


def _tsuuiisou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.tiles.kinds[0] >= 27


def _chinroutou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.tiles.all_terminal_or_honour and not _has_honour(shape)


def _ryuuiisou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.tiles.all_green


def _chuuren_counts(shape: WinShape) -> list[int] | None:
    """The suit's counts when the hand is closed, melds-free and of one suit, else None."""
    if shape.form != "standard" or not shape.closed or shape.kans:
        return None
    suits = _suits(shape)
    if len(suits) != 1 or _has_honour(shape):
        return None
    base = 9 * next(iter(suits))
    return list(shape.counts[base:base + 9])


_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _chuuren(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    counts = _chuuren_counts(shape)
    return counts is not None and all(c >= g for c, g in zip(counts, _NINE_GATES, strict=True))


def _junsei_chuuren(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    # Nine-sided: before the winning tile the hand was exactly 1112345678999.
    counts = _chuuren_counts(shape)
    if counts is None:
        return False
    counts[shape.win % 9] -= 1
    return tuple(counts) == _NINE_GATES


def _suukantsu(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return shape.kans == 4


def _tenhou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.tenhou


def _chiihou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.chiihou


def _renhou(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return situation.renhou and rules.renhou == "yakuman"


def _daisharin(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    # Seven pairs 2p-8p (tiles 10..16).
    return rules.daisharin and shape.form == "chiitoitsu" and shape.pairs == tuple(range(10, 17))


def _paarenchan(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    return rules.paarenchan and situation.dealer and situation.renchan >= 7


YAKUMAN: tuple[YakumanRow, ...] = (
    YakumanRow("kokushi musou", _kokushi),
    YakumanRow("kokushi musou 13-wait", _kokushi_13),
    YakumanRow("suuankou", _suuankou),
    YakumanRow("suuankou tanki", _suuankou_tanki),
    YakumanRow("daisangen", _daisangen),
    YakumanRow("shousuushii", _shousuushii),
    YakumanRow("daisuushii", _daisuushii),
    YakumanRow("tsuuiisou", _tsuuiisou),
    YakumanRow("chinroutou", _chinroutou),
    YakumanRow("ryuuiisou", _ryuuiisou),
    YakumanRow("chuuren poutou", _chuuren, supersedes=()),
    YakumanRow("junsei chuuren poutou", _junsei_chuuren, supersedes=("chuuren poutou",)),
    YakumanRow("suukantsu", _suukantsu),
    YakumanRow("tenhou", _tenhou),
    YakumanRow("chiihou", _chiihou),
    YakumanRow("renhou", _renhou),
    YakumanRow("daisharin", _daisharin),
    YakumanRow("paarenchan", _paarenchan),
)
YAKUMAN_NAMES = tuple(row.name for row in YAKUMAN)


# The rows worth asking for a closed and for an open hand, and those that only the situation
# decides (skipped at once when no situation flag is set).
_ROWS = {
    (closed, flags): tuple(row for row in YAKU
                           if (row.closed_han if closed else row.open_han)
                           and (flags or not row.situational))
    for closed in (True, False) for flags in (True, False)
}


def _any_situation_flag(situation: Situation) -> bool:
    s = situation
    return (s.riichi or s.ippatsu or s.haitei or s.houtei or s.rinshan or s.chankan
            or s.renhou)


def find_yaku(shape: WinShape, situation: Situation, rules: Rules) -> list[tuple[str, int]]:
    """The ordinary yaku of a shape as (name, han), superseded ones removed."""
    found: list[tuple[str, int]] = []
    superseded: set[str] = set()
    closed = shape.closed
    for row in _ROWS[closed, _any_situation_flag(situation)]:
        if row.test(shape, situation, rules):
            han = row.closed_han if closed else row.open_han
            if row.name == "renhou":
                han = 5 if rules.renhou == "5-han" else 8
            found.append((row.name, han))
            superseded.update(row.supersedes)
    return [item for item in found if item[0] not in superseded]


def _may_be_yakuman(shape: WinShape, situation: Situation, rules: Rules) -> bool:
    """A cheap necessary condition for any row of YAKUMAN, so most hands skip the table.

    Each clause is implied by at least one yakuman's predicate; the yakuman tests check
    every row through this gate.
    """
    tiles = shape.tiles
    return (shape.form == "kokushi" or shape.concealed_triplets == 4 or shape.kans == 4
            or len(shape.triplet_tiles) >= 3 and (
                len(shape.triplet_tiles & _DRAGON_SET) == 3
                or len(shape.triplet_tiles & _WIND_SET) >= 3)
            or tiles.kinds[0] >= 27 or tiles.all_green
            or (tiles.all_terminal_or_honour and not tiles.has_honour)
            or (shape.closed and len(tiles.suits) == 1 and not tiles.has_honour)
            or situation.tenhou or situation.chiihou or situation.renhou
            or (rules.daisharin and shape.form == "chiitoitsu") or rules.paarenchan)


_DRAGON_SET = frozenset(DRAGONS)
_WIND_SET = frozenset(WINDS)


def find_yakuman(shape: WinShape, situation: Situation, rules: Rules) -> list[tuple[str, int]]:
    """The yakuman of a shape as (name, units): 2 units where the rules count it double."""
    if not _may_be_yakuman(shape, situation, rules):
        return []
    found = [row for row in YAKUMAN if row.test(shape, situation, rules)]
    superseded = {name for row in found for name in row.supersedes}
    return [(row.name, 2 if row.name in rules.double_yakuman else 1)
            for row in found if row.name not in superseded]
