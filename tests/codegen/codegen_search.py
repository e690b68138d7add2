"""Real hands for checking the table mask through the scoring core.

Hands are built from a catalogue of concrete groups, independent of ``codegen.mask``: four
slots, each with its own tiles so no two slots interact (no shared tiles, no accidental
sanshoku, ittsu, iipeikou or run/triplet re-readings), a pair, a winning tile and the
situations that add exactly one yaku (riichi, houtei, haitei, rinshan) or none. Seat and
round are South, so the South pair is a double-wind pair; East and West are guest winds.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from typed_mahjong.core.rules import Rules
from typed_mahjong.core.scoring import Score, score
from typed_mahjong.errors import HandError

SEAT = ROUND = "S"
# (run, simple triplet tile, terminal-or-honour triplet tile) for each slot.
SLOTS = (
    ("345m", "7p", "1z"),
    ("456s", "2m", "3z"),
    ("678p", "3s", "9m"),
    ("234p", "6m", "1s"),
)
# no-fu simple, no-fu terminal, dragon (2 fu), double wind (South: seat and round).
PAIRS = ("55p", "99s", "77z", "22z")
KINDS = ("run", "chi", "triplet", "pon", "ankan", "kan")


@dataclass(frozen=True, slots=True)
class Built:
    concealed: str  # MPSZ text of the concealed part, winning tile included
    melds: tuple[str, ...]
    wins: tuple[str, ...]  # tiles worth trying as the winning tile
    closed: bool
    kans: int


def _tile(tile: str, count: int) -> str:
    return tile[0] * count + tile[1]


def build(choice: tuple[tuple[str, bool], ...], pair: str) -> Built:
    """``choice``: (kind, terminal) per slot, in slot order."""
    concealed: list[str] = [pair]
    melds: list[str] = []
    wins = [pair[1:]]  # tanki on the pair
    kans = 0
    for (run, simple, terminal), (kind, is_terminal) in zip(SLOTS, choice, strict=True):
        tile = terminal if is_terminal else simple
        if kind == "run":
            concealed.append(run)
            wins += [run[0] + run[-1], run[1] + run[-1]]  # ryanmen end, kanchan middle
        elif kind == "chi":
            melds.append(f"chi:{run}")
        elif kind == "triplet":
            concealed.append(_tile(tile, 3))
            wins.append(tile)  # shanpon with the pair
        elif kind == "pon":
            melds.append(f"pon:{_tile(tile, 3)}")
        else:
            melds.append(f"{kind}:{_tile(tile, 4)}")
            kans += 1
    closed = all(meld.startswith("ankan") for meld in melds)
    return Built("".join(concealed), tuple(melds), tuple(dict.fromkeys(wins)), closed, kans)


def situations(built: Built, tsumo: bool) -> Iterator[dict[str, bool]]:
    """No extra yaku, and each way of adding exactly one that keeps the shape."""
    yield {}
    if built.closed and not tsumo:
        yield {"riichi": True}
    if not built.closed:
        yield {"haitei": True} if tsumo else {"houtei": True}
    if tsumo and built.kans:
        yield {"rinshan": True}


def score_in(hand: str, win: str, tsumo: bool, situation: dict[str, bool], rules: Rules,
             dora: str = "") -> Score:
    """Score at the catalogue's seat and round with the flags ``situations`` gives."""
    flags = {"riichi": False, "houtei": False, "haitei": False, "rinshan": False}
    unknown = set(situation) - set(flags)
    assert not unknown, unknown
    flags.update(situation)
    return score(hand, win, tsumo=tsumo, seat=SEAT, round=ROUND, dora=dora, rules=rules,
                 riichi=flags["riichi"], houtei=flags["houtei"], haitei=flags["haitei"],
                 rinshan=flags["rinshan"])


def catalogue() -> Iterator[tuple[tuple[tuple[str, bool], ...], str]]:
    kinds = [(kind, terminal) for kind in KINDS
             for terminal in ((False,) if kind in ("run", "chi") else (False, True))]
    for choice in itertools.combinations_with_replacement(kinds, 4):
        for pair in PAIRS:
            yield choice, pair


@dataclass(frozen=True, slots=True)
class Scored:
    hand: str
    win: str
    tsumo: bool
    situation: tuple[tuple[str, bool], ...]
    closed: bool
    result: Score


# Seven pairs with no other yaku (mixed suits, simples and honours, no tanyao/honitsu).
CHIITOITSU = ("1122m3344p5566s77z", "7z")


def scored_hands(rules: Rules) -> Iterator[Scored]:
    """Every catalogue hand the core accepts and that has a yaku, scored (no yakuman)."""
    for tsumo in (False, True):
        hand, win = CHIITOITSU
        result = score(hand, win, tsumo=tsumo, seat=SEAT, round=ROUND, rules=rules)
        yield Scored(hand, win, tsumo, (), True, result)
    for choice, pair in catalogue():
        built = build(choice, pair)
        hand = " ".join((built.concealed, *built.melds))
        for tsumo in (False, True):
            for situation in situations(built, tsumo):
                for win in built.wins:
                    try:
                        result = score_in(hand, win, tsumo, situation, rules)
                    except HandError:
                        continue  # e.g. a winning tile that only sits in a called meld
                    if result.is_yakuless or result.yakuman:
                        continue
                    yield Scored(hand, win, tsumo, tuple(situation.items()), built.closed,
                                 result)


def fewest_han(hands: Iterable[Scored]) -> dict[tuple[int, bool, bool], Scored]:
    """(fu, closed, tsumo) -> a hand with the fewest han among ``hands``."""
    best: dict[tuple[int, bool, bool], Scored] = {}
    for hand in hands:
        key = (hand.result.fu, hand.closed, hand.tsumo)
        if key not in best or hand.result.han < best[key].result.han:
            best[key] = hand
    return best
