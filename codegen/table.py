"""The score table as data: every (han, fu) cell with its four payments, or why it is masked.

Values come from the scoring core (``typed_mahjong.core.limits``); which cells exist comes from
``codegen.mask``. Renderers (Python, Markdown, HTML) only format this data.
"""

from __future__ import annotations

from dataclasses import dataclass

from typed_mahjong.core.limits import basic_points, hand_value, payment_text, tsumo_payments
from typed_mahjong.core.rules import Rules

from .errors import CodegenError
from .mask import CHIITOITSU_FU, MIN_FU, FuMask, fu_mask

MAX_HAN = 13  # kazoe yakuman (or sanbaiman) from 13 han on: the table's last column
DEFAULT_MAX_FU = 110  # the usual printed table; up to 140 fu is reachable (with >= 4 han)
DEALER_SEATS = (False, True)  # non-dealer first, as printed tables do


@dataclass(frozen=True, slots=True)
class Payment:
    """One way of winning a cell: (dealer or not) x (ron or tsumo)."""

    dealer: bool
    tsumo: bool
    points: int  # ron: what the discarder pays; tsumo: the sum the others pay (two in sanma)
    shares: tuple[int, int]  # limits.hand_value: (dealer's or each share, each non-dealer's)
    text: str  # "1300", "300-500", "500-all"

    @property
    def name(self) -> str:
        return ("dealer" if self.dealer else "nondealer") + ("_tsumo" if self.tsumo else "_ron")


@dataclass(frozen=True, slots=True)
class Cell:
    han: int
    fu: int
    limit: str | None
    payments: tuple[Payment, ...]  # the reachable ones only
    masked_reasons: tuple[tuple[str, str], ...]  # (ron|tsumo, why) for the unreachable half

    @property
    def ron(self) -> bool:
        return any(not payment.tsumo for payment in self.payments)

    @property
    def tsumo(self) -> bool:
        return any(payment.tsumo for payment in self.payments)

    def payment(self, dealer: bool, tsumo: bool) -> Payment | None:
        for payment in self.payments:
            if (payment.dealer, payment.tsumo) == (dealer, tsumo):
                return payment
        return None


@dataclass(frozen=True, slots=True)
class MaskedCell:
    han: int
    fu: int
    reason: str


@dataclass(frozen=True, slots=True)
class ScoreTable:
    rules: Rules
    han_values: tuple[int, ...]
    fu_values: tuple[int, ...]
    cells: tuple[Cell, ...]
    masked: tuple[MaskedCell, ...]
    mask: FuMask

    def cell(self, han: int, fu: int) -> Cell | None:
        for cell in self.cells:
            if (cell.han, cell.fu) == (han, fu):
                return cell
        return None

    def limit_rows(self) -> tuple[tuple[int, str], ...]:
        """(first han, limit name) for each han from which fu no longer matters."""
        rows: list[tuple[int, str]] = []
        for han in self.han_values:
            names = {cell.limit for cell in self.cells if cell.han == han}
            if len(names) == 1 and None not in names:
                name = names.pop()
                assert name is not None
                if not rows or rows[-1][1] != name:
                    rows.append((han, name))
        return tuple(rows)

    @property
    def first_limit_han(self) -> int:
        """The first han whose every cell is a limit (past the last column)."""
        rows = self.limit_rows()
        return rows[0][0] if rows else self.han_values[-1] + 1


def fu_axis(max_fu: int) -> tuple[int, ...]:
    return (MIN_FU, CHIITOITSU_FU, *range(30, max_fu + 1, 10))


def build_table(rules: Rules, max_fu: int = DEFAULT_MAX_FU) -> ScoreTable:
    mask = fu_mask(rules)
    if max_fu % 10 or not 30 <= max_fu <= mask.max_fu:
        raise CodegenError(f"max fu must be a multiple of 10 from 30 to {mask.max_fu} (the "
                         f"most a hand can score), got {max_fu}")
    cells: list[Cell] = []
    masked: list[MaskedCell] = []
    for han in range(1, MAX_HAN + 1):
        for fu in fu_axis(max_fu):
            allowed = {tsumo: mask.allows(han, fu, tsumo) for tsumo in (False, True)}
            if not any(allowed.values()):
                reasons = "; ".join(mask.reason(han, fu, tsumo) for tsumo in (False, True))
                masked.append(MaskedCell(han, fu, f"{han} han {fu} fu cannot occur: {reasons}"))
                continue
            basic, limit = basic_points(han, fu, rules)
            payments = tuple(_payment(basic, dealer, tsumo, rules) for tsumo in (False, True)
                             if allowed[tsumo] for dealer in DEALER_SEATS)
            reasons_ = tuple(("tsumo" if tsumo else "ron", mask.reason(han, fu, tsumo))
                             for tsumo in (False, True) if not allowed[tsumo])
            cells.append(Cell(han, fu, limit, payments, reasons_))
    return ScoreTable(rules, tuple(range(1, MAX_HAN + 1)), fu_axis(max_fu), tuple(cells),
                      tuple(masked), mask)


def _payment(basic: int, dealer: bool, tsumo: bool, rules: Rules) -> Payment:
    # Tsumo totals and shares from the core: three payers, or two in sanma (tsumo loss or
    # north-bisection as the rules say).
    if tsumo:
        first, second, points = tsumo_payments(basic, dealer, rules)
    else:
        first, second = hand_value(basic, dealer, tsumo)
        points = first
    return Payment(dealer, tsumo, points, (first, second),
                   payment_text(basic, dealer, tsumo, rules))
