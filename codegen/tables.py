"""``codegen tables``: the score table as a typed Python module, Markdown or HTML."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from typed_mahjong.core.rules import Rules

from .errors import CodegenError
from .output import command_lines
from .pyplan import python_plan
from .render import render
from .table import ScoreTable, build_table

FORMATS = {"python": "table.py.j2", "markdown": "table.md.j2", "html": "table.html.j2"}
# The rule options a table depends on (the rest change yaku, not han/fu -> points).
TABLE_OPTIONS = ("kiriage", "kazoe_yakuman", "aotenjou", "double_wind_pair_fu",
                 "rinshan_tsumo_fu")


@dataclass(frozen=True, slots=True)
class Grid:
    """One of the four printed tables: rows fu, columns han, '' for a cell no hand reaches."""

    title: str
    hans: tuple[int, ...]
    rows: tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class LimitRow:
    hans: str  # "6-7"
    name: str
    texts: tuple[str, ...]  # in GRID_ORDER


GRID_ORDER = ((False, False), (False, True), (True, False), (True, True))  # (dealer, tsumo)


def grid_title(dealer: bool, tsumo: bool) -> str:
    return ("Dealer" if dealer else "Non-dealer") + (" tsumo" if tsumo else " ron")


def grids(table: ScoreTable) -> tuple[Grid, ...]:
    """The four fu x han grids, up to the first han where every cell is a limit."""
    hans = tuple(han for han in table.han_values if han < table.first_limit_han)
    result = []
    for dealer, tsumo in GRID_ORDER:
        rows = []
        for fu in table.fu_values:
            texts = []
            for han in hans:
                cell = table.cell(han, fu)
                payment = cell.payment(dealer, tsumo) if cell else None
                texts.append(payment.text if payment else "")
            rows.append((fu, tuple(texts)))
        result.append(Grid(grid_title(dealer, tsumo), hans, tuple(rows)))
    return tuple(result)


def limit_rows(table: ScoreTable) -> tuple[LimitRow, ...]:
    """One row per limit (mangan ...) from the first han where fu no longer counts."""
    starts = table.limit_rows()
    rows = []
    for index, (first, name) in enumerate(starts):
        last = starts[index + 1][0] - 1 if index + 1 < len(starts) else table.han_values[-1]
        cell = next(cell for cell in table.cells
                    if cell.han == first and cell.ron and cell.tsumo)
        texts = []
        for dealer, tsumo in GRID_ORDER:
            payment = cell.payment(dealer, tsumo)
            assert payment is not None
            texts.append(payment.text)
        hans = str(first) if first == last else f"{first}-{last}"
        rows.append(LimitRow(hans, name, tuple(texts)))
    return tuple(rows)


# Three-player tables also depend on how a tsumo is paid (two payers).
SANMA_TABLE_OPTIONS = ("players", "sanma_tsumo")


def options_text(rules: Rules) -> str:
    names = TABLE_OPTIONS + (SANMA_TABLE_OPTIONS if rules.players == 3 else ())
    return ", ".join(f"{name}={getattr(rules, name)!r}" for name in names)


def render_table(table: ScoreTable, fmt: str, argv: Sequence[str]) -> str:
    """The table in ``fmt`` (python, markdown or html) with a header naming ``argv``."""
    try:
        template = FORMATS[fmt]
    except KeyError:
        raise CodegenError(f"format: unknown {fmt!r} (formats: {', '.join(FORMATS)})") from None
    context: dict[str, object] = {
        "table": table,
        "rules": table.rules,
        "options": options_text(table.rules),
        "command_lines": command_lines(argv),
    }
    if fmt == "python":
        context["plan"] = python_plan(table)
    else:
        context.update(grids=grids(table), limit_rows=limit_rows(table),
                       limit_titles=[grid_title(dealer, tsumo) for dealer, tsumo in GRID_ORDER],
                       masked_summary=masked_summary(table))
    return render(template, context)


def masked_summary(table: ScoreTable) -> list[str]:
    """One line per fu value with masked cells: which han/ron/tsumo are missing and why."""
    lines = []
    for fu in table.fu_values:
        for tsumo in (False, True):
            missing = [han for han in table.han_values if not table.mask.allows(han, fu, tsumo)]
            if not missing:
                continue
            how = "tsumo" if tsumo else "ron"
            span = (f"{missing[0]} han" if len(missing) == 1 else
                    "any han" if len(missing) == len(table.han_values) else
                    f"{missing[0]}-{missing[-1]} han")
            lines.append(f"{fu} fu {how}, {span}: {table.mask.reason(missing[-1], fu, tsumo)}")
    return lines


def table_text(rules: Rules, fmt: str, max_fu: int, argv: Sequence[str]) -> str:
    return render_table(build_table(rules, max_fu), fmt, argv)
