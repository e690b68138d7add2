"""The table mask (which han/fu/ron/tsumo cells exist) against reasoning and the core.

Three checks:
1. the masked cells equal a list worked out by hand from the fu rules (below);
2. the model's fewest han for every (fu, closed/open, ron/tsumo) equals the fewest han found
   by scoring a catalogue of real hands through the core (tests/codegen/codegen_search.py);
3. every cell the table keeps has a real hand that scores exactly it (a fewest-han hand
   plus dora indicators), so nothing reachable is masked.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from codegen_search import Scored, fewest_han, score_in, scored_hands

from typed_mahjong.codegen.mask import fu_mask
from typed_mahjong.codegen.table import build_table
from typed_mahjong.core.hand import parse_hand
from typed_mahjong.core.rules import Rules, rules_from
from typed_mahjong.core.tiles import tile_name

ALL_HAN = range(1, 14)

# Worked out from the fu rules, for the usual table (20, 25, 30 ... 110 fu; 1-13 han):
# * 20 fu is only pinfu tsumo (20 flat): pinfu + menzen tsumo, so tsumo and >= 2 han. A ron
#   never has 20: closed ron adds 10, and an open hand with no fu is raised to 30.
# * 25 fu is only chiitoitsu (2 han, closed): ron >= 2 han, tsumo >= 3 (menzen tsumo).
# * 30-100 fu at 1 han: riichi, menzen tsumo, houtei or haitei can be the only yaku of
#   hands with up to two kans (a third is sankantsu, a third concealed triplet sanankou).
#   Most with 1 han: two closed terminal kans (64) + one more group + pair + wait:
#   closed ron 30 + 64 + 4 (terminal triplet completed by the ron: open) + 4 (double-wind
#   pair, Tenhou) = 102 -> 110; with a 2-fu double-wind pair (WRC) 100 at most.
#   Closed tsumo: 22 + 64 + 2 (kanchan) + 4 = 92 -> 100. Open tsumo: 22 + 64 + 4 (open
#   terminal pon) + 2 + 4 = 96 -> 100 (a fourth triplet would be toitoi).
# * 110 fu on a tsumo therefore needs 2 han: 22 + 64 + 16 (open terminal kan: sankantsu)
#   + 2 + 4 = 108 -> 110 (106 with a 2-fu pair, still 110).
TENHOU_MASKED = {
    "ron": {(han, 20) for han in ALL_HAN} | {(1, 25)},
    "tsumo": {(1, 20), (1, 25), (2, 25), (1, 110)},
}
WRC_MASKED = {
    "ron": TENHOU_MASKED["ron"] | {(1, 110)},
    "tsumo": TENHOU_MASKED["tsumo"],
}


def masked_of(rules: Rules) -> dict[str, set[tuple[int, int]]]:
    table = build_table(rules)
    found: dict[str, set[tuple[int, int]]] = {"ron": set(), "tsumo": set()}
    for han in table.han_values:
        for fu in table.fu_values:
            cell = table.cell(han, fu)
            if cell is None or not cell.ron:
                found["ron"].add((han, fu))
            if cell is None or not cell.tsumo:
                found["tsumo"].add((han, fu))
    return found


@pytest.mark.parametrize(("rules", "expected"), [
    ("tenhou", TENHOU_MASKED), ("majsoul", TENHOU_MASKED), ("ema", TENHOU_MASKED),
    ("wrc", WRC_MASKED), ("mleague", WRC_MASKED)])
def test_masked_cells_match_the_hand_worked_list(rules: str, expected: object) -> None:
    assert masked_of(rules_from(rules)) == expected


def test_aotenjou_and_kiriage_do_not_change_the_mask() -> None:
    # Limits change values, never which han/fu a hand can have.
    assert masked_of(rules_from("tenhou", aotenjou=True)) == TENHOU_MASKED
    assert masked_of(rules_from("tenhou", kiriage=True)) == TENHOU_MASKED


def test_the_most_fu_is_140() -> None:
    # Closed ron: 30 + three closed terminal kans (96) + kanchan (2) + double-wind pair (4)
    # = 132 -> 140, with sanankou + sankantsu (4 han). No tsumo reaches it: 22 + 96 + 2 + 4
    # = 124 -> 130 (a fourth concealed triplet or kan would be a yakuman).
    mask = fu_mask(rules_from("tenhou"))
    assert mask.max_fu == 140
    assert mask.fewest_han(140, tsumo=False) == 4
    assert mask.fewest_han(140, tsumo=True) is None
    assert mask.fewest_han(130, tsumo=True) == 4


@pytest.mark.parametrize("rules", ["tenhou", "wrc"])
def test_the_model_agrees_with_the_core(rules: str) -> None:
    # One test per rule set does the whole search (~50 000 hands, about ten seconds), so
    # parallel workers never repeat it.
    rule_set = rules_from(rules)
    hands = list(scored_hands(rule_set))
    # (a) The fewest han per (fu, closed/open, ron/tsumo) equals the model's.
    found = {key: hand.result.han for key, hand in fewest_han(hands).items()}
    model = {key: hand.han for key, hand in fu_mask(rule_set).fewest.items()}
    assert model == found
    # (b) Every cell the table keeps is scored exactly by some real hand.
    by_fu: dict[tuple[int, bool], list[Scored]] = {}
    for hand in hands:
        by_fu.setdefault((hand.result.fu, hand.tsumo), []).append(hand)
    missing = []
    for cell in build_table(rule_set).cells:
        for tsumo in (False, True):
            if not any(payment.tsumo == tsumo for payment in cell.payments):
                continue
            if witness(by_fu.get((cell.fu, tsumo), []), cell.han, cell.fu, tsumo,
                       rule_set) is None:
                missing.append((cell.han, cell.fu, "tsumo" if tsumo else "ron"))
    assert missing == []


def witness(hands: list[Scored], han: int, fu: int, tsumo: bool, rules: Rules) -> str | None:
    """A hand scoring exactly han/fu by ron/tsumo: a base hand with fewer han plus dora."""
    bases = sorted((hand for hand in hands if hand.result.han <= han),
                   key=lambda hand: -hand.result.han)
    for base in bases:
        situation = dict(base.situation)
        # Riichi adds one han where dora cannot (seven pairs hold every tile twice).
        extras = [{}] if not base.closed or situation else [{}, {"riichi": True}]
        for extra in extras:
            for dora in dora_indicators(base.hand, han - base.result.han - len(extra)):
                result = score_in(base.hand, base.win, tsumo, {**situation, **extra}, rules,
                                  dora)
                if (result.han, result.fu, result.tsumo) == (han, fu, tsumo):
                    return f"{base.hand} won on {base.win} dora {dora} {extra}"
    return None


def dora_indicators(hand: str, extra: int) -> Iterator[str]:
    """Indicator strings that add exactly ``extra`` dora to ``hand`` (a few choices)."""
    parsed = parse_hand(hand)
    counts = [0] * 34
    for tile in (*parsed.concealed, *(tile for meld in parsed.melds for tile in meld.tiles)):
        counts[tile] += 1
    # Each dora tile in the hand adds its count per indicator; an indicator is the tile
    # before it (9 -> 1 within a suit, N -> E, C -> P), limited to 4 copies in all.
    items = [(indicator(tile), counts[tile], 4 - counts[indicator(tile)])
             for tile in range(34) if counts[tile]]
    yield from _sums(items, extra, "")


def _sums(items: list[tuple[int, int, int]], extra: int, chosen: str) -> Iterator[str]:
    if extra < 0:
        return
    if extra == 0:
        yield chosen
        return
    if not items:
        return
    (tile, value, copies), rest = items[0], items[1:]
    for uses in range(min(copies, extra // value), -1, -1):
        yield from _sums(rest, extra - uses * value, chosen + tile_name(tile) * uses)


def indicator(tile: int) -> int:
    if tile < 27:
        return tile - 1 if tile % 9 else tile + 8
    if tile < 31:
        return 27 + (tile - 28) % 4
    return 31 + (tile - 32) % 3
