"""Human text and JSON for verdicts and hints (used by the CLI)."""

from __future__ import annotations

from typing import Any

from ..safe_io import printable
from .position import Move, Position
from .solver import Hint, Verdict


def tile_json(position: Position, index: int) -> dict[str, Any]:
    where = position.layout.slots[index]
    return {"face": position.faces[index].name, "x": where.x, "y": where.y, "z": where.z}


def move_text(position: Position, move: Move) -> str:
    return f"{position.describe(move.first)} + {position.describe(move.second)}"


def deal_text(deal: dict[str, Any]) -> str:
    if deal["kind"] == "file":
        return "faces from the file"
    return f"{deal['kind']} deal, seed {deal['seed']}"


def solve_report(
    position: Position,
    deal: dict[str, Any],
    verdict: Verdict,
    budget: float | None,
    workers: int = 1,
) -> dict[str, Any]:
    """The stable JSON object printed by ``solitaire solve --json``."""
    return {
        "layout": printable(position.layout.name),
        "tiles": position.tile_count,
        "deal": deal,
        "status": verdict.status,
        "reason": verdict.reason,
        "proof": verdict.proof,
        "moves": [
            {
                "step": step,
                "tiles": [tile_json(position, move.first), tile_json(position, move.second)],
            }
            for step, move in enumerate(verdict.moves, start=1)
        ],
        "seconds": round(verdict.seconds, 4),
        "budget_seconds": budget,
        "workers": workers,
        "nodes": verdict.nodes,
        "work": verdict.work,
    }


def describe_deal(
    position: Position, deal: dict[str, Any], verdict: Verdict, budget: float | None
) -> str:
    """The human-readable answer: the verdict line, then moves or the reason."""
    head = (
        f"{printable(position.layout.name)} ({position.tile_count} tiles, {deal_text(deal)}): "
        f"{verdict.status} ({verdict.seconds:.2f} s)"
    )
    lines = [head]
    if verdict.status == "solvable":
        lines += [
            f"{step:>3}: {move_text(position, move)}"
            for step, move in enumerate(verdict.moves, start=1)
        ]
    elif verdict.status == "unsolvable":
        lines.append(f"reason: {verdict.reason}")
    else:
        lines.append(f"no answer within the {budget:g} s budget")
    return "\n".join(lines)


def hint_report(position: Position, deal: dict[str, Any], found: list[Hint]) -> dict[str, Any]:
    """The JSON object printed by ``solitaire hint --json``."""
    return {
        "layout": printable(position.layout.name),
        "tiles": position.tile_count,
        "deal": deal,
        "pairs": [
            {
                "tiles": [
                    tile_json(position, hint.move.first),
                    tile_json(position, hint.move.second),
                ],
                "status": hint.verdict.status,
            }
            for hint in found
        ],
    }


def describe_hints(position: Position, deal: dict[str, Any], found: list[Hint]) -> str:
    lines = [f"{printable(position.layout.name)} ({position.tile_count} tiles, "
             f"{deal_text(deal)})"]
    if not found:
        lines.append("no pair can be removed")
        return "\n".join(lines)
    labels = {
        "solvable": "keeps it clearable",
        "unsolvable": "loses",
        "undecided": "unknown (budget ran out)",
    }
    for hint in sorted(found, key=lambda h: (h.verdict.status != "solvable", h.move)):
        lines.append(f"  {move_text(position, hint.move)}: {labels[hint.verdict.status]}")
    return "\n".join(lines)
