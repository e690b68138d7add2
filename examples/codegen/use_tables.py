"""Lookups into the generated table and fixtures: any type checker verifies the numbers.

    mypy examples/codegen/use_tables.py        # no plugin needed
    pyright examples/codegen/use_tables.py

Change a number below (1300 -> 1600) and both checkers report the line.
"""

from __future__ import annotations

from typing import Literal

from hands import HEADLINE, MCR_BIG_FOUR_WINDS, PINFU_TSUMO
from mcr_table import ALL_GREEN, MINIMUM, VALUES
from scores import TABLE

# 1 han 40 fu, non-dealer ron: 40 * 2**3 = 320 basic points; x4 = 1280 -> 1300.
headline: Literal[1300] = TABLE[1][40].nondealer_ron
# Pinfu tsumo (20 fu) by the dealer with 2 han: 20 * 16 = 320; x2 = 640 -> 700 from each.
dealer_pinfu_tsumo: Literal["700-all"] = TABLE[2][20].dealer_tsumo_text
# Any 6 or 7 han hand is a haneman: 12000 from a non-dealer's ron.
haneman: Literal[12000] = TABLE[7][30].nondealer_ron
# The fixture records carry the core's answer for each hand of hands.toml.
fixture: Literal[1300] = HEADLINE.points
pinfu_tsumo_fu: Literal[20] = PINFU_TSUMO.fu
# Chinese Official (MCR) fan values, from mcr_table.py (codegen game-table mcr).
big_four_winds: Literal[88] = VALUES["Big Four Winds"]
all_green: Literal[88] = ALL_GREEN
pure_double_chow: Literal[1] = VALUES["Pure Double Chow"]  # each time it counts
chicken_hand: Literal[8] = VALUES["Chicken Hand"]
mcr_minimum: Literal[8] = MINIMUM  # flowers aside
# A game fixture: Big Four Winds 88 + Half Flush 6 + Melded Hand 6.
winds_hand: Literal[100] = MCR_BIG_FOUR_WINDS.points
