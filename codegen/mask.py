"""Which (han, fu, ron/tsumo) cells of a score table a real hand can reach.

The scoring core answers "what is this hand worth"; a table also needs the opposite question,
"can any hand be worth 1 han 110 fu on a tsumo?". This module answers it from the fu rules by
enumerating *abstract* hands: four groups (run, triplet or kan; terminal/honour or simple;
called or concealed), a pair (no fu, 2 fu, or a double-wind pair), a wait and ron/tsumo. For
each it works out the fu and the fewest han the shape forces:

* fu: base 20; closed ron +10; tsumo +2 (not for pinfu, and not for a rinshan win when the
  rules give rinshan no tsumo fu); kanchan/penchan/tanki +2; a pair of dragons or of the seat
  or round wind +2 (a double-wind pair: the rules' value); triplets 2/4/8 (open simple, open
  terminal or concealed simple, concealed terminal), kans four times that; a triplet
  completed by a ron counts as open. Pinfu is 30 on a ron and 20 flat on a tsumo,
  chiitoitsu 25 flat, an open hand with no fu 30; the rest rounds up to 10.
* forced han: menzen tsumo on a closed tsumo; pinfu when the shape is pinfu; sanankou for
  three concealed triplets or kans; sankantsu for three kans; toitoi with no runs;
  honroutou when every group and the pair are terminals or honours. A shape with none of
  them still needs one yaku: riichi (closed ron), houtei/chankan (open ron), haitei/rinshan
  (open tsumo) each add 1 han without changing the fu.
* not counted: four concealed triplets (suuankou) and four kans (suukantsu) are yakuman.
  Everything else (tanyao, chanta, yakuhai, sanshoku...) is avoidable at no fu cost by the
  choice of tiles: a terminal-or-honour triplet can be 1m or a guest wind instead of a
  dragon, a run 345 instead of 123, a no-fu pair 55 or 11.

Dora raise the han of any hand one at a time, so a cell is reachable exactly when its han is
at least the fewest han of some abstract hand with that fu and the same ron/tsumo. Points
never enter here: the cells' values come from ``typed_mahjong.core.limits``. The test suite checks
this model by scoring real hands through the core (tests/codegen/test_codegen_mask.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from typed_mahjong.core.rules import Rules

RUN, TRIPLET, KAN = "run", "triplet", "kan"
RYANMEN, EDGE, TANKI, SHANPON = "ryanmen", "kanchan", "tanki", "shanpon"
PLAIN_PAIR, VALUE_PAIR, DOUBLE_WIND_PAIR = "plain", "value", "double wind"
MIN_FU, CHIITOITSU_FU = 20, 25


@dataclass(frozen=True, slots=True)
class GroupKind:
    kind: str  # RUN, TRIPLET or KAN
    terminal: bool  # terminal or honour tiles (runs: always False, chosen as simples)
    called: bool  # chi, pon or open kan

    def describe(self) -> str:
        if self.kind == RUN:
            return "chi" if self.called else "run"
        tiles = "terminal" if self.terminal else "simple"
        state = "open" if self.called else "closed"
        return f"{state} {tiles} {self.kind}"


GROUP_KINDS = (
    GroupKind(RUN, False, False),
    GroupKind(RUN, False, True),
    *(GroupKind(kind, terminal, called) for kind in (TRIPLET, KAN)
      for terminal in (False, True) for called in (False, True)),
)


@dataclass(frozen=True, slots=True)
class AbstractHand:
    """One abstract winning hand with its fu and the fewest han it can score."""

    closed: bool
    tsumo: bool
    fu: int
    han: int
    description: str


@dataclass(frozen=True, slots=True)
class _Win:
    wait: str
    won_triplet: GroupKind | None  # the closed triplet a shanpon win completes
    rinshan: bool


def abstract_hands(rules: Rules) -> Iterator[AbstractHand]:
    """Every abstract non-yakuman hand (some repeat; callers keep what they need)."""
    for tsumo in (False, True):
        # Chiitoitsu: 25 fu flat; 2 han, and menzen tsumo on a tsumo.
        yield AbstractHand(True, tsumo, CHIITOITSU_FU, 3 if tsumo else 2, "chiitoitsu")
    for groups in itertools.combinations_with_replacement(GROUP_KINDS, 4):
        for pair in (PLAIN_PAIR, VALUE_PAIR, DOUBLE_WIND_PAIR):
            for tsumo in (False, True):
                for win in _wins(groups, tsumo):
                    hand = _evaluate(groups, pair, tsumo, win, rules)
                    if hand is not None:
                        yield hand


def _wins(groups: tuple[GroupKind, ...], tsumo: bool) -> Iterator[_Win]:
    closed_runs = any(group.kind == RUN and not group.called for group in groups)
    waits = [TANKI] + ([RYANMEN, EDGE] if closed_runs else [])
    kans = sum(group.kind == KAN for group in groups)
    for rinshan in (False, True) if tsumo and kans else (False,):
        for wait in waits:
            yield _Win(wait, None, rinshan)
        for group in dict.fromkeys(groups):  # each distinct kind once
            if group.kind == TRIPLET and not group.called:
                yield _Win(SHANPON, group, rinshan)


def _evaluate(groups: tuple[GroupKind, ...], pair: str, tsumo: bool, win: _Win,
              rules: Rules) -> AbstractHand | None:
    closed = not any(group.called for group in groups)
    runs = sum(group.kind == RUN for group in groups)
    kans = sum(group.kind == KAN for group in groups)
    # A triplet completed by a ron is an open triplet (for fu and for sanankou).
    won_open = win.won_triplet is not None and not tsumo
    concealed = sum(group.kind != RUN and not group.called for group in groups) - won_open
    if concealed == 4 or kans == 4:
        return None  # suuankou / suukantsu: yakuman, not a table cell
    pinfu = closed and runs == 4 and win.wait == RYANMEN and pair == PLAIN_PAIR
    yaku: list[tuple[str, int]] = []
    if closed and tsumo:
        yaku.append(("menzen tsumo", 1))
    if pinfu:
        yaku.append(("pinfu", 1))
    if win.rinshan:
        yaku.append(("rinshan", 1))
    if concealed == 3:
        yaku.append(("sanankou", 2))
    if kans == 3:
        yaku.append(("sankantsu", 2))
    if runs == 0:
        yaku.append(("toitoi", 2))
        if pair != PLAIN_PAIR and all(group.terminal for group in groups):
            # A plain pair could be 55 instead; a pair with fu is an honour.
            yaku.append(("honroutou", 2))
    if not yaku:
        yaku.append(("riichi" if closed and not tsumo else
                     "houtei" if not tsumo else "haitei", 1))
    fu = _fu(groups, pair, tsumo, win, closed, pinfu, rules)
    description = _describe(groups, pair, tsumo, win, closed, yaku)
    return AbstractHand(closed, tsumo, fu, sum(han for _, han in yaku), description)


def _fu(groups: tuple[GroupKind, ...], pair: str, tsumo: bool, win: _Win, closed: bool,
        pinfu: bool, rules: Rules) -> int:
    if pinfu:
        return 20 if tsumo else 30
    total = 20
    if closed and not tsumo:
        total += 10
    if tsumo and (rules.rinshan_tsumo_fu or not win.rinshan):
        total += 2
    if win.wait in (EDGE, TANKI):
        total += 2
    total += {PLAIN_PAIR: 0, VALUE_PAIR: 2, DOUBLE_WIND_PAIR: rules.double_wind_pair_fu}[pair]
    won_open = win.won_triplet is not None and not tsumo
    opened = False  # only one copy of the won kind turns open
    for group in groups:
        if group.kind == RUN:
            continue
        is_open = group.called
        if won_open and not opened and group == win.won_triplet:
            is_open = opened = True
        value = 2 * (2 if group.terminal else 1) * (1 if is_open else 2)
        total += value * (4 if group.kind == KAN else 1)
    if not closed and total == 20:
        return 30
    return -(-total // 10) * 10


def _describe(groups: tuple[GroupKind, ...], pair: str, tsumo: bool, win: _Win, closed: bool,
              yaku: list[tuple[str, int]]) -> str:
    counted: dict[str, int] = {}
    for group in groups:
        name = group.describe()
        counted[name] = counted.get(name, 0) + 1
    parts = [f"{count} x {name}" if count > 1 else name for name, count in counted.items()]
    pair_text = {PLAIN_PAIR: "a no-fu pair", VALUE_PAIR: "a value pair",
                 DOUBLE_WIND_PAIR: "a double-wind pair"}[pair]
    wait = win.wait + (" on a closed terminal triplet" if win.won_triplet
                       and win.won_triplet.terminal else
                       " on a closed simple triplet" if win.won_triplet else "")
    how = ("closed" if closed else "open") + (" tsumo" if tsumo else " ron")
    if win.rinshan:
        how += " (rinshan)"
    yaku_text = " + ".join(f"{name} {han}" for name, han in yaku)
    return f"{how}: {', '.join(parts)}, {pair_text}, {wait} wait; {yaku_text}"


@dataclass(frozen=True, slots=True)
class FuMask:
    """The fewest han for each (fu, closed, tsumo), with an example hand for each."""

    double_wind_pair_fu: int
    rinshan_tsumo_fu: bool
    fewest: dict[tuple[int, bool, bool], AbstractHand]

    @property
    def max_fu(self) -> int:
        return max(fu for fu, _, _ in self.fewest)

    def fewest_han(self, fu: int, tsumo: bool, closed: bool | None = None) -> int | None:
        """The fewest han of a hand with this fu (None: no hand has it)."""
        found = [hand.han for (hand_fu, hand_closed, hand_tsumo), hand in self.fewest.items()
                 if hand_fu == fu and hand_tsumo == tsumo
                 and (closed is None or hand_closed == closed)]
        return min(found) if found else None

    def allows(self, han: int, fu: int, tsumo: bool) -> bool:
        fewest = self.fewest_han(fu, tsumo)
        return fewest is not None and han >= fewest

    def example(self, fu: int, tsumo: bool) -> AbstractHand | None:
        """A hand with the fewest han for this fu and ron/tsumo."""
        hands = [hand for (hand_fu, _, hand_tsumo), hand in self.fewest.items()
                 if hand_fu == fu and hand_tsumo == tsumo]
        return min(hands, key=lambda hand: (hand.han, not hand.closed)) if hands else None

    def reason(self, han: int, fu: int, tsumo: bool) -> str:
        """Why no hand scores ``han`` han ``fu`` fu by ron/tsumo (for masked cells)."""
        how = "tsumo" if tsumo else "ron"
        example = self.example(fu, tsumo)
        if example is None:
            return f"no {how} scores {fu} fu"
        return (f"{fu} fu on a {how} needs at least {example.han} han "
                f"(e.g. {example.description})")


def fu_mask(rules: Rules) -> FuMask:
    """The reachability model for the rule options that change fu."""
    fewest: dict[tuple[int, bool, bool], AbstractHand] = {}
    for hand in abstract_hands(rules):
        key = (hand.fu, hand.closed, hand.tsumo)
        best = fewest.get(key)
        if best is None or (hand.han, len(hand.description)) < (best.han,
                                                                len(best.description)):
            fewest[key] = hand
    return FuMask(rules.double_wind_pair_fu, rules.rinshan_tsumo_fu, dict(sorted(
        fewest.items())))
