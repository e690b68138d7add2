"""Seeded random WINNING hands, drawn from a real 136-tile wall, for benchmarks and tests.

Every hand is built group by group from one wall, so no tile appears more than four times
(dora and ura indicators come from the same wall) and red fives occur as often as at a
table: the wall's copy 0 of each five (136-ids 16, 52, 88) is the red one, as in the
136-tile numbering of Tenhou logs and of the PyPI ``mahjong`` package.

A hand is given in three spellings:

* ``hand.hand_text`` / ``hand.win_text`` / ``hand.score_kwargs()``: typed-mahjong's
  ``score(hand, win, **kwargs)``;
* ``mahjong_call(hand)``: the arguments of ``mahjong``'s ``HandCalculator.estimate_hand_value``
  (imported lazily, so this module works without that package);
* ``riichienv_call(hand)``: the arguments of ``riichienv``'s ``HandEvaluator(...).calc``.

``generate(seed, n)`` gives the same list for the same seed on every run; hands come in
"flavours" (all simples, one suit, terminals, triplets, honours, pinfu shapes, sanshoku,
ittsu, chiitoitsu, kokushi, nine gates, ...) so the rarer yaku are exercised too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

RED_IDS = frozenset({16, 52, 88})  # copy 0 of 5m, 5p, 5s
SUITS = "mpsz"
WIND_LETTERS = "ESWN"
KOKUSHI_TILES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s and the green dragon
RUN, TRIPLET, QUAD = "run", "triplet", "quad"


@dataclass(frozen=True, slots=True)
class GenMeld:
    """A called meld (or closed kan). ``kind`` is our notation: chi pon kan ankan kakan."""

    kind: str
    ids: tuple[int, ...]  # 136-ids, sorted

    @property
    def text(self) -> str:
        return f"{self.kind}:{tiles_text(self.ids)}"

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"


@dataclass(frozen=True, slots=True)
class GeneratedHand:
    """One winning hand and how it was won. All tiles are 136-ids."""

    concealed: tuple[int, ...]  # the concealed tiles, winning tile included
    win: int
    melds: tuple[GenMeld, ...]
    flavour: str
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat: str = "S"
    round: str = "E"
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    honba: int = 0
    sticks: int = 0

    @property
    def is_closed(self) -> bool:
        return not any(meld.is_open for meld in self.melds)

    @property
    def all_ids(self) -> tuple[int, ...]:
        return self.concealed + tuple(i for meld in self.melds for i in meld.ids)

    @property
    def hand_text(self) -> str:
        return " ".join([tiles_text(self.concealed)] + [meld.text for meld in self.melds])

    @property
    def win_text(self) -> str:
        return tiles_text((self.win,))

    def score_kwargs(self) -> dict[str, Any]:
        """Keyword arguments of ``typed_mahjong.score`` besides the hand and the win."""
        return {
            "tsumo": self.tsumo, "riichi": self.riichi, "double_riichi": self.double_riichi,
            "ippatsu": self.ippatsu, "rinshan": self.rinshan, "chankan": self.chankan,
            "haitei": self.haitei, "houtei": self.houtei, "tenhou": self.tenhou,
            "chiihou": self.chiihou, "seat": self.seat, "round": self.round,
            "dora": indicators_text(self.dora),
            "ura": indicators_text(self.ura),
            "honba": self.honba, "sticks": self.sticks,
        }

    def describe(self) -> str:
        """A one-line reproduction: the ``score(...)`` call."""
        flags = ", ".join(f"{key}={value!r}" for key, value in self.score_kwargs().items()
                          if value not in (False, "", 0) or key in ("seat", "round"))
        return f"score({self.hand_text!r}, {self.win_text!r}, {flags})"


def tiles_text(ids: Sequence[int]) -> str:
    """MPSZ text of 136-ids, suits in m p s z order; a red five is written 0."""
    by_suit: list[list[str]] = [[], [], [], []]
    for tile_id in sorted(ids, key=lambda i: (i // 4, i not in RED_IDS)):
        tile = tile_id // 4
        by_suit[tile // 9].append("0" if tile_id in RED_IDS else str(tile % 9 + 1))
    return "".join("".join(digits) + SUITS[suit] for suit, digits in enumerate(by_suit)
                   if digits)


def indicators_text(ids: Sequence[int]) -> str:
    """Indicators as score() reads them: each tile written whole ("1m0m", never "10m")."""
    return "".join(tiles_text((tile_id,)) for tile_id in ids)


def counts34(ids: Sequence[int]) -> list[int]:
    counts = [0] * 34
    for tile_id in ids:
        counts[tile_id // 4] += 1
    return counts


# --- the wall ---------------------------------------------------------------------------------

class _NoTiles(Exception):
    """The wall cannot supply a wanted group; the caller starts the hand again."""


@dataclass(slots=True)
class _Wall:
    """The unused 136-ids of each tile, in random order. Local to one hand's construction."""

    rng: random.Random
    left: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.left = [[4 * tile + copy for copy in range(4)] for tile in range(34)]
        for ids in self.left:
            self.rng.shuffle(ids)

    def has(self, tile: int, count: int) -> bool:
        return len(self.left[tile]) >= count

    def take(self, tile: int, count: int = 1) -> list[int]:
        if not self.has(tile, count):
            raise _NoTiles
        return [self.left[tile].pop() for _ in range(count)]

    def take_group(self, kind: str, first: int) -> list[int]:
        if kind == RUN:
            if first >= 27 or first % 9 > 6 or not all(self.has(first + k, 1) for k in range(3)):
                raise _NoTiles
            return [self.left[first + k].pop() for k in range(3)]
        return self.take(first, 4 if kind == QUAD else 3)

    def random_tile(self) -> int:
        """Any tile still in the wall (for dora indicators)."""
        choices = [tile for tile in range(34) if self.left[tile]]
        return self.left[self.rng.choice(choices)].pop()


# --- flavours: which groups a hand is built from ------------------------------------------------

class _Plan(NamedTuple):
    groups: list[tuple[str, int]]  # (RUN or TRIPLET, first tile); melds decide QUAD later
    pair: int
    closed_only: bool  # the flavour's yaku need a closed hand (pinfu shape, nine gates)
    kan_rate: float = 0.25  # chance that a called triplet is a kan (open or added)
    ankan_rate: float = 0.08  # chance that a concealed triplet is declared a closed kan
    all_kans: bool = False  # every group is a kan (suukantsu)


def _run_start(rng: random.Random, suits: Sequence[int], ranks: Sequence[int]) -> int:
    return 9 * rng.choice(suits) + rng.choice(ranks)


def _plan_any(rng: random.Random) -> _Plan:
    groups = [(RUN, _run_start(rng, (0, 1, 2), range(7))) if rng.random() < 0.6
              else (TRIPLET, rng.randrange(34)) for _ in range(4)]
    return _Plan(groups, rng.randrange(34), False)


def _plan_simples(rng: random.Random) -> _Plan:
    simples = [9 * s + r for s in range(3) for r in range(1, 8)]
    groups = [(RUN, _run_start(rng, (0, 1, 2), range(1, 6))) if rng.random() < 0.7
              else (TRIPLET, rng.choice(simples)) for _ in range(4)]
    return _Plan(groups, rng.choice(simples), False)


def _plan_one_suit(rng: random.Random) -> _Plan:
    suit = rng.randrange(3)
    honours = rng.random() < 0.5
    groups: list[tuple[str, int]] = []
    for _ in range(4):
        roll = rng.random()
        if honours and roll < 0.25:
            groups.append((TRIPLET, rng.randrange(27, 34)))
        elif roll < 0.75:
            groups.append((RUN, 9 * suit + rng.randrange(7)))
        else:
            groups.append((TRIPLET, 9 * suit + rng.randrange(9)))
    pair = rng.randrange(27, 34) if honours and rng.random() < 0.3 else 9 * suit + rng.randrange(9)
    return _Plan(groups, pair, False)


def _plan_terminals(rng: random.Random) -> _Plan:
    # Chanta / junchan / honroutou / chinroutou shapes: every group holds a 1, 9 or honour.
    honours = rng.random() < 0.6
    outer = sorted(TERMINALS) + (list(range(27, 34)) if honours else [])
    runs_allowed = rng.random() < 0.75
    groups: list[tuple[str, int]] = []
    for _ in range(4):
        if runs_allowed and rng.random() < 0.6:
            groups.append((RUN, _run_start(rng, (0, 1, 2), (0, 6))))
        else:
            groups.append((TRIPLET, rng.choice(outer)))
    return _Plan(groups, rng.choice(outer), False)


def _plan_triplets(rng: random.Random) -> _Plan:
    groups = [(TRIPLET, rng.randrange(34)) if rng.random() < 0.85
              else (RUN, _run_start(rng, (0, 1, 2), range(7))) for _ in range(4)]
    if rng.random() < 0.3:  # sanshoku doukou
        rank = rng.randrange(9)
        groups[:3] = [(TRIPLET, 9 * suit + rank) for suit in range(3)]
    return _Plan(groups, rng.randrange(34), False)


def _plan_kans(rng: random.Random) -> _Plan:
    # Sankantsu / suukantsu / rinshan: mostly triplets, most of them declared as kans.
    plan = _plan_triplets(rng)
    return plan._replace(kan_rate=0.9, ankan_rate=0.6)


def _plan_honours(rng: random.Random) -> _Plan:
    # Yakuhai, shousangen/daisangen, winds, tsuuiisou.
    count = rng.choice((1, 2, 2, 3, 3, 4))
    pool = list(range(31, 34)) if rng.random() < 0.5 else list(range(27, 31))
    if rng.random() < 0.3:
        pool = list(range(27, 34))
    rng.shuffle(pool)
    groups = [(TRIPLET, tile) for tile in pool[:count]]
    while len(groups) < 4:
        groups.append((RUN, _run_start(rng, (0, 1, 2), range(7))) if rng.random() < 0.6
                      else (TRIPLET, rng.randrange(34)))
    pair = rng.choice(pool[count:] or pool) if rng.random() < 0.6 else rng.randrange(34)
    return _Plan(groups, pair, False)


def _plan_winds(rng: random.Random) -> _Plan:
    # Daisuushii (four wind triplets) and shousuushii (three, and the fourth wind as pair).
    winds = list(range(27, 31))
    rng.shuffle(winds)
    groups: list[tuple[str, int]] = [(TRIPLET, tile) for tile in winds[:3]]
    if rng.random() < 0.5:
        groups.append((TRIPLET, winds[3]))
        pair = rng.randrange(34)
    else:
        groups.append((RUN, _run_start(rng, (0, 1, 2), range(7))) if rng.random() < 0.6
                      else (TRIPLET, rng.randrange(34)))
        pair = winds[3]
    return _Plan(groups, pair, False)


def _plan_all_honours(rng: random.Random) -> _Plan:
    # Tsuuiisou: four honour triplets and an honour pair.
    honours = rng.sample(range(27, 34), 5)
    return _Plan([(TRIPLET, tile) for tile in honours[:4]], honours[4], False)


def _plan_all_terminals(rng: random.Random) -> _Plan:
    # Chinroutou: four terminal triplets and a terminal pair.
    terminals = rng.sample(sorted(TERMINALS), 5)
    return _Plan([(TRIPLET, tile) for tile in terminals[:4]], terminals[4], False)


def _plan_four_kans(rng: random.Random) -> _Plan:
    # Suukantsu: every group a kan, open or closed.
    return _plan_triplets(rng)._replace(groups=[(TRIPLET, tile) for tile in
                                                rng.sample(range(34), 4)], all_kans=True)


def _plan_pinfu(rng: random.Random) -> _Plan:
    groups = [(RUN, _run_start(rng, (0, 1, 2), range(7))) for _ in range(4)]
    if rng.random() < 0.25:  # iipeikou / ryanpeikou shapes
        groups[1] = groups[0]
        if rng.random() < 0.3:
            groups[3] = groups[2]
    pair = rng.randrange(27) if rng.random() < 0.85 else rng.randrange(27, 34)
    return _Plan(groups, pair, True)


def _plan_sanshoku(rng: random.Random) -> _Plan:
    rank = rng.randrange(7)
    groups = [(RUN, 9 * suit + rank) for suit in range(3)]
    groups.append((RUN, _run_start(rng, (0, 1, 2), range(7))) if rng.random() < 0.7
                  else (TRIPLET, rng.randrange(34)))
    return _Plan(groups, rng.randrange(34), False)


def _plan_ittsu(rng: random.Random) -> _Plan:
    suit = rng.randrange(3)
    groups = [(RUN, 9 * suit + rank) for rank in (0, 3, 6)]
    groups.append((RUN, _run_start(rng, (0, 1, 2), range(7))) if rng.random() < 0.6
                  else (TRIPLET, rng.randrange(34)))
    return _Plan(groups, rng.randrange(34), False)


def _plan_green(rng: random.Random) -> _Plan:
    # Ryuuiisou shapes (234s runs, triplets of green tiles); often broken by one other tile.
    groups = [(RUN, 19) if rng.random() < 0.4 else (TRIPLET, rng.choice(GREEN))
              for _ in range(4)]
    pair = rng.choice(GREEN) if rng.random() < 0.8 else rng.randrange(34)
    return _Plan(groups, pair, False)


_FLAVOURS: tuple[tuple[str, float, Callable[[random.Random], _Plan]], ...] = (
    ("any", 0.22, _plan_any),
    ("simples", 0.12, _plan_simples),
    ("one suit", 0.14, _plan_one_suit),
    ("terminals", 0.10, _plan_terminals),
    ("triplets", 0.08, _plan_triplets),
    ("kans", 0.025, _plan_kans),
    ("honours", 0.12, _plan_honours),
    ("pinfu", 0.10, _plan_pinfu),
    ("sanshoku", 0.04, _plan_sanshoku),
    ("ittsu", 0.04, _plan_ittsu),
    ("green", 0.035, _plan_green),
    # Yakuman shapes, so that each yakuman occurs about 100 times in 20,000 hands.
    ("winds", 0.01, _plan_winds),
    ("all honours", 0.006, _plan_all_honours),
    ("all terminals", 0.006, _plan_all_terminals),
    ("four kans", 0.006, _plan_four_kans),
)
# Closed special shapes, each drawn with this probability; otherwise a flavour above is
# drawn by its weight.
_SPECIAL = (("chiitoitsu", 0.07), ("kokushi", 0.015), ("chuuren", 0.01))


# --- building one hand -----------------------------------------------------------------------

def _standard(rng: random.Random, wall: _Wall, plan: _Plan
              ) -> tuple[list[int], list[GenMeld]]:
    """Draw the plan's groups; some become called melds or kans. Returns concealed ids."""
    closed = plan.closed_only or rng.random() < 0.5
    called = 0 if closed else rng.choice((1, 1, 2, 2, 3, 4))
    if plan.all_kans:
        called = rng.choice((0, 1, 2, 3, 4))
    order = list(range(4))
    rng.shuffle(order)
    concealed: list[int] = []
    melds: list[GenMeld] = []
    for position, index in enumerate(order):
        kind, first = plan.groups[index]
        if plan.all_kans and position >= called:
            melds.append(GenMeld("ankan", tuple(sorted(wall.take_group(QUAD, first)))))
        elif position < called:
            if kind == RUN:
                melds.append(GenMeld("chi", tuple(sorted(wall.take_group(RUN, first)))))
                continue
            kan_rate = 0.5 if plan.all_kans else plan.kan_rate / 2
            meld_kind = rng.choices(("pon", "kan", "kakan"), (1 - 2 * kan_rate, kan_rate,
                                                             kan_rate))[0]
            size = QUAD if meld_kind != "pon" else TRIPLET
            melds.append(GenMeld(meld_kind, tuple(sorted(wall.take_group(size, first)))))
        elif kind == TRIPLET and not plan.closed_only and rng.random() < plan.ankan_rate:
            melds.append(GenMeld("ankan", tuple(sorted(wall.take_group(QUAD, first)))))
        else:
            concealed.extend(wall.take_group(kind, first))
    concealed.extend(wall.take(plan.pair, 2))
    return concealed, melds


def _chiitoitsu(rng: random.Random, wall: _Wall) -> list[int]:
    pool = list(range(34))
    if rng.random() < 0.3:  # honitsu/tanyao/honroutou flavoured seven pairs
        pool = rng.choice((
            [9 * rng.randrange(3) + r for r in range(9)] + list(range(27, 34)),
            [9 * s + r for s in range(3) for r in range(1, 8)],
            sorted(TERMINALS) + list(range(27, 34)),
        ))
    tiles = rng.sample(pool, 7)
    return [tile_id for tile in tiles for tile_id in wall.take(tile, 2)]


def _kokushi(rng: random.Random, wall: _Wall) -> list[int]:
    ids = [wall.take(tile)[0] for tile in KOKUSHI_TILES]
    return ids + wall.take(rng.choice(KOKUSHI_TILES))


def _chuuren(rng: random.Random, wall: _Wall) -> list[int]:
    base = 9 * rng.randrange(3)
    ranks = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, rng.randrange(9)]
    return [tile_id for rank in ranks for tile_id in wall.take(base + rank)]


def _pick_form(rng: random.Random) -> tuple[str, Callable[[random.Random], _Plan] | None]:
    roll = rng.random()
    for name, weight in _SPECIAL:
        if roll < weight:
            return name, None
        roll -= weight
    names = [name for name, _, _ in _FLAVOURS]
    weights = [weight for _, weight, _ in _FLAVOURS]
    index = rng.choices(range(len(names)), weights)[0]
    return names[index], _FLAVOURS[index][2]


def random_hand(rng: random.Random) -> GeneratedHand:
    """One random winning hand with a random, table-possible situation."""
    while True:
        wall = _Wall(rng)
        flavour, planner = _pick_form(rng)
        try:
            if planner is not None:
                concealed, melds = _standard(rng, wall, planner(rng))
            elif flavour == "chiitoitsu":
                concealed, melds = _chiitoitsu(rng, wall), []
            elif flavour == "kokushi":
                concealed, melds = _kokushi(rng, wall), []
            else:
                concealed, melds = _chuuren(rng, wall), []
        except _NoTiles:
            continue
        # Kokushi and chuuren take their extra tile last: winning on it half the time gives
        # the 13-sided and 9-sided waits (kokushi 13-wait, junsei chuuren) their share.
        win = concealed[-1] if planner is None and rng.random() < 0.5 else rng.choice(concealed)
        return _situation(rng, wall, tuple(sorted(concealed)), tuple(melds), flavour, win)


def _situation(rng: random.Random, wall: _Wall, concealed: tuple[int, ...],
               melds: tuple[GenMeld, ...], flavour: str, win: int) -> GeneratedHand:
    closed = not any(meld.is_open for meld in melds)
    kans = sum(len(meld.ids) == 4 for meld in melds)
    seat = rng.choice(WIND_LETTERS)
    round_ = rng.choices(WIND_LETTERS, (0.5, 0.4, 0.07, 0.03))[0]
    tsumo = rng.random() < 0.45
    flags: dict[str, bool] = {}
    # Tenhou and chiihou about 100 times each in 20,000 hands: the dealer half the time.
    first_turn = closed and not melds and tsumo and rng.random() < 0.06
    if first_turn:
        seat = "E" if rng.random() < 0.5 else rng.choice(WIND_LETTERS[1:])
        flags["tenhou" if seat == "E" else "chiihou"] = True
    else:
        if closed and rng.random() < 0.45:
            flags["riichi"] = True
            flags["double_riichi"] = rng.random() < 0.05
        if tsumo:
            if kans and rng.random() < 0.2:
                flags["rinshan"] = True
            elif rng.random() < 0.04:
                flags["haitei"] = True
        else:
            # Chankan: the robbed tile is the 4th copy of someone's pon, so the hand holds
            # no other copy of it.
            all_tiles = [i // 4 for i in concealed] + [i // 4 for m in melds for i in m.ids]
            if all_tiles.count(win // 4) == 1 and rng.random() < 0.04:
                flags["chankan"] = True
            elif rng.random() < 0.04:
                flags["houtei"] = True
        # Ippatsu: won within a go-around of riichi; a kan in between would have ended it.
        if flags.get("riichi") and not flags.get("rinshan") and rng.random() < 0.2:
            flags["ippatsu"] = True
    # One indicator, one more per kan (kan dora); as many ura indicators under riichi.
    indicators = 1 + kans
    dora = tuple(wall.random_tile() for _ in range(indicators))
    ura = tuple(wall.random_tile() for _ in range(indicators)) if flags.get("riichi") else ()
    honba = rng.choice((0, 0, 0, 1, 2, 5))
    sticks = rng.choice((0, 0, 0, 1, 2))
    return GeneratedHand(concealed, win, melds, flavour, tsumo=tsumo, seat=seat,
                         round=round_, dora=dora, ura=ura, honba=honba, sticks=sticks, **flags)


def generate(seed: int, n: int) -> list[GeneratedHand]:
    """``n`` random winning hands; the same seed gives the same hands."""
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def random_concealed(seed: int, n: int, size: int = 13) -> list[list[int]]:
    """``n`` random concealed hands of ``size`` tiles (34-counts), e.g. for shanten."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        ids = rng.sample(range(136), size)
        hands.append(counts34(ids))
    return hands


# --- other libraries' spellings ------------------------------------------------------------------

class MahjongCall(NamedTuple):
    """Arguments of ``mahjong.hand_calculating.hand.HandCalculator.estimate_hand_value``."""

    tiles: list[int]  # every tile, melds included, as 136-ids
    win_tile: int
    melds: list[Any]  # mahjong.meld.Meld
    dora_indicators: list[int]
    ura_dora_indicators: list[int]
    config: Any  # mahjong.hand_calculating.hand_config.HandConfig


def tenhou_options() -> Any:
    """``mahjong`` OptionalRules matching Tenhou's ranked rules (and our "tenhou" preset)."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    return OptionalRules(
        has_open_tanyao=True,  # kuitan
        has_aka_dora=True,  # one red five per suit
        has_double_yakuman=False,  # Tenhou counts no yakuman pattern double
        kazoe_limit=HandConstants.KAZOE_LIMITED,  # 13+ han is kazoe yakuman, capped there
        kiriage=False,  # 4 han 30 fu / 3 han 60 fu stay 7700/11600
        fu_for_open_pinfu=True,  # an open hand with no fu is 30 fu, never 20
        fu_for_pinfu_tsumo=False,  # pinfu tsumo is 20 fu
        renhou_as_yakuman=False,  # Tenhou has no renhou; it is never set here
        limit_to_sextuple_yakuman=True,
    )


_MAHJONG_MELD = {"chi": ("chi", True), "pon": ("pon", True), "kan": ("kan", True),
                 "ankan": ("kan", False), "kakan": ("shouminkan", True)}
_WIND_INDEX = {letter: 27 + index for index, letter in enumerate(WIND_LETTERS)}


def mahjong_call(hand: GeneratedHand, options: Any = None) -> MahjongCall:
    """The hand in ``mahjong`` 2.x terms, with Tenhou rules unless ``options`` is given."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    melds = [Meld(meld_type=_MAHJONG_MELD[m.kind][0], tiles=list(m.ids),
                  opened=_MAHJONG_MELD[m.kind][1]) for m in hand.melds]
    config = HandConfig(
        is_tsumo=hand.tsumo, is_riichi=hand.riichi or hand.double_riichi,
        is_daburu_riichi=hand.double_riichi, is_ippatsu=hand.ippatsu,
        is_rinshan=hand.rinshan, is_chankan=hand.chankan, is_haitei=hand.haitei,
        is_houtei=hand.houtei, is_tenhou=hand.tenhou, is_chiihou=hand.chiihou,
        player_wind=_WIND_INDEX[hand.seat], round_wind=_WIND_INDEX[hand.round],
        tsumi_number=hand.honba, kyoutaku_number=hand.sticks,
        options=options if options is not None else tenhou_options(),
    )
    return MahjongCall(list(hand.all_ids), hand.win, melds, list(hand.dora), list(hand.ura),
                       config)


class RiichienvCall(NamedTuple):
    """Arguments of ``riichienv``'s ``HandEvaluator(tiles, melds).calc(win, dora, ura, cond)``;
    ``cond`` as the keywords of its ``Conditions``, the per-hand config object a timed pass
    builds (as it builds ``mahjong``'s ``HandConfig``)."""

    tiles: list[int]  # concealed 136-ids WITHOUT the winning tile
    melds: list[Any]
    win_tile: int
    dora_indicators: list[int]
    ura_indicators: list[int]
    condition_kwargs: dict[str, Any]


def riichienv_core() -> Any:
    """riichienv's Rust extension module (raises ImportError when not installed)."""
    import importlib

    # Imported by name: riichienv ships .pyi stubs but no py.typed marker.
    return importlib.import_module("riichienv._riichienv")


def riichienv_call(hand: GeneratedHand) -> RiichienvCall:
    core = riichienv_core()

    kinds = {"chi": core.MeldType.Chi, "pon": core.MeldType.Pon,
             "kan": core.MeldType.Daiminkan, "ankan": core.MeldType.Ankan,
             "kakan": core.MeldType.Kakan}
    winds = [core.Wind.East, core.Wind.South, core.Wind.West, core.Wind.North]
    melds = [core.Meld(kinds[m.kind], list(m.ids), m.is_open) for m in hand.melds]
    tiles = list(hand.concealed)
    tiles.remove(hand.win)
    condition_kwargs = dict(
        tsumo=hand.tsumo, riichi=hand.riichi and not hand.double_riichi,
        double_riichi=hand.double_riichi, ippatsu=hand.ippatsu, haitei=hand.haitei,
        houtei=hand.houtei, rinshan=hand.rinshan, chankan=hand.chankan,
        tsumo_first_turn=hand.tenhou or hand.chiihou,
        player_wind=winds[WIND_LETTERS.index(hand.seat)],
        round_wind=winds[WIND_LETTERS.index(hand.round)],
        riichi_sticks=hand.sticks, honba=hand.honba,
    )
    return RiichienvCall(tiles, melds, hand.win, list(hand.dora), list(hand.ura),
                         condition_kwargs)
