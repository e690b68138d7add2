"""From han and fu to basic points, limit names and payments.

Basic points are fu * 2**(han + 2); a non-dealer ron pays 4x basic, a dealer ron 6x, and on
a tsumo the dealer pays 2x and each non-dealer 1x (a dealer's tsumo: 2x from each), every
payment rounded up to 100. Limits cap basic points at mangan (2000) and above.
"""

from __future__ import annotations

from typing import Final

from .rules import Rules

LIMITS: Final = (  # (lowest han, name, basic points)
    (13, "kazoe yakuman", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)
YAKUMAN_NAMES: Final = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman",
                 4: "quadruple yakuman", 5: "quintuple yakuman", 6: "sextuple yakuman"}


def basic_points(han: int, fu: int, rules: Rules, yakuman: int = 0) -> tuple[int, str | None]:
    """Basic points and the limit name (None below mangan)."""
    if rules.aotenjou:
        # No limits: a yakuman counts as 13 han on top of the fu; with aotenjou_adds_yaku the
        # caller's han already holds 13 a yakuman plus the ordinary yaku and dora.
        counted = han if not yakuman or rules.aotenjou_adds_yaku else 13 * yakuman
        return fu << (counted + 2), None
    if yakuman:
        return 8000 * yakuman, YAKUMAN_NAMES.get(yakuman, f"{yakuman}x yakuman")
    if han >= 5:
        for lowest, name, points in LIMITS:
            if han >= lowest:
                if name == "kazoe yakuman" and not rules.kazoe_yakuman:
                    return 6000, "sanbaiman"
                return points, name
    basic = fu << (han + 2)  # fu * 2 ** (han + 2)
    if basic >= 2000 or (rules.kiriage and basic == 1920):
        return 2000, "mangan"
    return basic, None


def round_up(points: int) -> int:
    return -(-points // 100) * 100


def hand_value(basic: int, dealer: bool, tsumo: bool) -> tuple[int, int]:
    """(from the dealer or each payer, from each non-dealer) before honba.

    Ron: the first number is the whole payment and the second is 0.
    Tsumo by a non-dealer: (dealer's share, each non-dealer's share).
    Tsumo by the dealer: (each player's share, the same).
    """
    if not tsumo:
        return round_up(basic * (6 if dealer else 4)), 0
    if dealer:
        share = round_up(basic * 2)
        return share, share
    return round_up(basic * 2), round_up(basic)


def tsumo_payments(basic: int, dealer: bool, rules: Rules) -> tuple[int, int, int]:
    """A tsumo's (dealer's or each share, each non-dealer's share, total paid), no honba.

    Four players: 3 payers. Three players (sanma): the absent North's share is lost
    (``sanma_tsumo="loss"``) or split between the two payers, each half rounded up to 100
    (``"bisection"``).
    """
    first, second = hand_value(basic, dealer, tsumo=True)
    if rules.players == 3 and rules.sanma_tsumo == "bisection":
        half = round_up(second // 2)
        first, second = first + half, second + half
    payers = rules.players - 1
    total = payers * first if dealer else first + (payers - 1) * second
    return first, second, total


def payment_text(basic: int, dealer: bool, tsumo: bool, rules: Rules | None = None) -> str:
    """The usual way to say it: "1300" (ron), "300-500" (tsumo), "500-all" (dealer tsumo)."""
    first, second = hand_value(basic, dealer, tsumo)
    if tsumo and rules is not None:
        first, second, _ = tsumo_payments(basic, dealer, rules)
    if not tsumo:
        return str(first)
    if dealer:
        return f"{first}-all"
    return f"{second}-{first}"
