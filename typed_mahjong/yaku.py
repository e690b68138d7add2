"""Every yaku as one row of a table: name, han closed, han open, and a small predicate.

Where is pinfu decided? ``_pinfu`` below, and its row in ``YAKU``. Rows list the yaku they
supersede (ryanpeikou supersedes iipeikou, ...), so no predicate needs to know another.
Yakuman have their own table; when any yakuman applies the ordinary yaku are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from .readings import RUN
from .rules import Rules
from .shape import KOKUSHI_THIRTEEN, RYANMEN, TANKI, WinShape
from .situation import Situation
from .tiles import DRAGONS, GREEN, RED, TERMINALS, WHITE, WINDS

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
    situational: bool = False  # decided by the situation flags alone (riichi, haitei, ...)
    ident: Identity = Identity("", "", "")


@dataclass(frozen=True, slots=True)
class YakumanRow:
    name: str
    test: Predicate
    supersedes: tuple[str, ...] = ()
    ident: Identity = Identity("", "", "")


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
    YakuRow("riichi", 1, 0, _riichi, situational=True,
            ident=_named("riichi", "立直", "Riichi", 1, majsoul=(2,))),
    YakuRow("double riichi", 2, 0, _double_riichi, supersedes=("riichi",), situational=True,
            ident=_named("double_riichi", "ダブル立直", "Double riichi", 21, majsoul=(18,))),
    YakuRow("open riichi", 1, 0, _open_riichi, situational=True,
            ident=_named("open_riichi", "オープン立直", "Open riichi")),
    YakuRow("ippatsu", 1, 0, _ippatsu, situational=True,
            ident=_named("ippatsu", "一発", "Ippatsu (one shot)", 2, majsoul=(30,))),
    YakuRow("menzen tsumo", 1, 0, _menzen_tsumo,
            ident=_named("menzen_tsumo", "門前清自摸和", "Fully concealed self-draw",
                         0, majsoul=(1,))),
    YakuRow("pinfu", 1, 0, _pinfu,
            ident=_named("pinfu", "平和", "Pinfu (no-points hand)", 7, majsoul=(14,))),
    YakuRow("iipeikou", 1, 0, _iipeikou,
            ident=_named("iipeikou", "一盃口", "Pure double sequence", 9, majsoul=(13,))),
    YakuRow("tanyao", 1, 1, _tanyao,
            ident=_named("tanyao", "断幺九", "All simples", 8, majsoul=(12,))),
    YakuRow("haitei", 1, 1, _haitei, situational=True,
            ident=_named("haitei", "海底摸月", "Win on the last tile", 5, majsoul=(5,))),
    YakuRow("houtei", 1, 1, _houtei, situational=True,
            ident=_named("houtei", "河底撈魚", "Win on the last discard", 6, majsoul=(6,))),
    YakuRow("rinshan kaihou", 1, 1, _rinshan, situational=True,
            ident=_named("rinshan_kaihou", "嶺上開花", "Win on a kan replacement tile",
                         4, majsoul=(4,))),
    YakuRow("chankan", 1, 1, _chankan, situational=True,
            ident=_named("chankan", "槍槓", "Robbing a kan", 3, majsoul=(3,))),
    YakuRow("yakuhai haku", 1, 1, _dragon(WHITE),
            ident=_named("yakuhai_haku", "役牌 白", "White dragon", 18, majsoul=(7,))),
    YakuRow("yakuhai hatsu", 1, 1, _dragon(GREEN),
            ident=_named("yakuhai_hatsu", "役牌 發", "Green dragon", 19, majsoul=(8,))),
    YakuRow("yakuhai chun", 1, 1, _dragon(RED),
            ident=_named("yakuhai_chun", "役牌 中", "Red dragon", 20, majsoul=(9,))),
    YakuRow("seat wind", 1, 1, _seat_wind,
            ident=_named("seat_wind", "自風", "Seat wind", 10, 11, 12, 13, majsoul=(10,))),
    YakuRow("round wind", 1, 1, _round_wind,
            ident=_named("round_wind", "場風", "Round wind", 14, 15, 16, 17, majsoul=(11,))),
    YakuRow("chiitoitsu", 2, 0, _chiitoitsu,
            ident=_named("chiitoitsu", "七対子", "Seven pairs", 22, majsoul=(25,))),
    YakuRow("sanshoku doujun", 2, 1, _sanshoku,
            ident=_named("sanshoku_doujun", "三色同順", "Mixed triple sequence",
                         25, majsoul=(17,))),
    YakuRow("ittsu", 2, 1, _ittsu,
            ident=_named("ittsu", "一気通貫", "Pure straight", 24, majsoul=(16,))),
    YakuRow("chanta", 2, 1, _chanta,
            ident=_named("chanta", "混全帯幺九", "Half outside hand", 23, majsoul=(15,))),
    YakuRow("toitoi", 2, 2, _toitoi,
            ident=_named("toitoi", "対々和", "All triplets", 28, majsoul=(21,))),
    YakuRow("sanankou", 2, 2, _sanankou,
            ident=_named("sanankou", "三暗刻", "Three concealed triplets", 29, majsoul=(22,))),
    YakuRow("sanshoku doukou", 2, 2, _sanshoku_doukou,
            ident=_named("sanshoku_doukou", "三色同刻", "Triple triplets", 26, majsoul=(19,))),
    YakuRow("sankantsu", 2, 2, _sankantsu,
            ident=_named("sankantsu", "三槓子", "Three quads", 27, majsoul=(20,))),
    YakuRow("shousangen", 2, 2, _shousangen,
            ident=_named("shousangen", "小三元", "Little three dragons", 30, majsoul=(23,))),
    YakuRow("honroutou", 2, 2, _honroutou,
            ident=_named("honroutou", "混老頭", "All terminals and honours", 31, majsoul=(24,))),
    YakuRow("honitsu", 3, 2, _honitsu,
            ident=_named("honitsu", "混一色", "Half flush", 34, majsoul=(27,))),
    YakuRow("junchan", 3, 2, _junchan,
            ident=_named("junchan", "純全帯幺九", "Fully outside hand", 33, majsoul=(26,))),
    YakuRow("ryanpeikou", 3, 0, _ryanpeikou, supersedes=("iipeikou",),
            ident=_named("ryanpeikou", "二盃口", "Twice pure double sequence", 32, majsoul=(28,))),
    YakuRow("chinitsu", 6, 5, _chinitsu,
            ident=_named("chinitsu", "清一色", "Full flush", 35, majsoul=(29,))),
    # Renhou as a limit hand rather than a yakuman (rules.renhou "mangan"/"baiman"); its han
    # are set from the rule in the scorer (5 for mangan, 8 for baiman).
    YakuRow("renhou", 5, 0, _renhou_han, situational=True,
            ident=_named("renhou", "人和", "Blessing of man", 36, majsoul=(65, 59))),
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
    YakumanRow("kokushi musou", _kokushi,
               ident=_named("kokushi_musou", "国士無双", "Thirteen orphans", 47, majsoul=(42,))),
    YakumanRow("kokushi musou 13-wait", _kokushi_13,
               ident=_named("kokushi_musou_13_wait", "国士無双十三面待ち",
                            "Thirteen orphans, 13-sided wait", 48,
                            majsoul=(49,))),
    YakumanRow("suuankou", _suuankou,
               ident=_named("suuankou", "四暗刻", "Four concealed triplets", 40, majsoul=(38,))),
    YakumanRow("suuankou tanki", _suuankou_tanki,
               ident=_named("suuankou_tanki", "四暗刻単騎", "Four concealed triplets, single wait",
                            41, majsoul=(48,))),
    YakumanRow("daisangen", _daisangen,
               ident=_named("daisangen", "大三元", "Big three dragons", 39, majsoul=(37,))),
    YakumanRow("shousuushii", _shousuushii,
               ident=_named("shousuushii", "小四喜", "Little four winds", 50, majsoul=(43,))),
    YakumanRow("daisuushii", _daisuushii,
               ident=_named("daisuushii", "大四喜", "Big four winds", 49, majsoul=(50,))),
    YakumanRow("tsuuiisou", _tsuuiisou,
               ident=_named("tsuuiisou", "字一色", "All honours", 42, majsoul=(39,))),
    YakumanRow("chinroutou", _chinroutou,
               ident=_named("chinroutou", "清老頭", "All terminals", 44, majsoul=(41,))),
    YakumanRow("ryuuiisou", _ryuuiisou,
               ident=_named("ryuuiisou", "緑一色", "All green", 43, majsoul=(40,))),
    YakumanRow("chuuren poutou", _chuuren, supersedes=(),
               ident=_named("chuuren_poutou", "九蓮宝燈", "Nine gates", 45, majsoul=(45,))),
    YakumanRow("junsei chuuren poutou", _junsei_chuuren, supersedes=("chuuren poutou",),
               ident=_named("junsei_chuuren_poutou", "純正九蓮宝燈", "True nine gates",
                            46, majsoul=(47,))),
    YakumanRow("suukantsu", _suukantsu,
               ident=_named("suukantsu", "四槓子", "Four quads", 51, majsoul=(44,))),
    YakumanRow("tenhou", _tenhou,
               ident=_named("tenhou", "天和", "Blessing of heaven", 37, majsoul=(35,))),
    YakumanRow("chiihou", _chiihou,
               ident=_named("chiihou", "地和", "Blessing of earth", 38, majsoul=(36,))),
    YakumanRow("renhou", _renhou,
               ident=_named("renhou", "人和", "Blessing of man", 36, majsoul=(65, 59))),
    YakumanRow("daisharin", _daisharin,
               ident=_named("daisharin", "大車輪", "Big wheels", majsoul=(60,))),
    YakumanRow("paarenchan", _paarenchan,
               ident=_named("paarenchan", "八連荘", "Eight consecutive dealer wins",
                            majsoul=(46,))),
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
