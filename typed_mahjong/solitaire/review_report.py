"""Text and JSON for a reviewed game (``typed-mahjong solitaire review``)."""

from __future__ import annotations

from typing import Any

from ..safe_io import printable
from .position import Position
from .report import deal_text, move_text, tile_json
from .review import GameRecord, Review, ReviewStep

LABELS = {
    "clearable": "clearable",
    "dead": "dead",
    "undecided": "undecided (budget ran out)",
    "cleared": "cleared",
}


def step_label(step: ReviewStep) -> str:
    label = LABELS[step.status]
    return label + (" (follows from the other moves)" if step.inferred else "")


def describe_review(record: GameRecord, result: Review, budget: float | None) -> str:
    """One line per position: the move, then clearable / dead / undecided; the fatal move
    marked, and the blocking tiles of dead positions."""
    position = result.position
    head = (
        f"{printable(record.source)}: {printable(position.layout.name)} "
        f"({position.tile_count} tiles, "
        f"{deal_text(record.deal)}), {len(record.moves)} moves"
    )
    lines = [head, f"  start: {step_label(result.steps[0])}"]
    lines += _dead_details(position, result.steps[0])
    for number, step in enumerate(result.steps[1:], start=1):
        assert step.move is not None
        mark = "   <- the fatal move" if number == result.fatal else ""
        lines.append(f"{number:>7}: {move_text(position, step.move)}: {step_label(step)}{mark}")
        if number == result.fatal or (number == len(result.steps) - 1 and step.locked):
            lines += _dead_details(position, step)
    if result.lost_from_the_start:
        lines.append("the deal could not be cleared from the start")
    elif result.fatal is not None:
        fatal = result.steps[result.fatal].move
        assert fatal is not None
        lines.append(
            f"the game could no longer be cleared after move {result.fatal}: "
            f"{move_text(position, fatal)}"
        )
    elif result.steps[-1].status in ("clearable", "cleared"):
        lines.append("the game can still be cleared after the last move")
    else:
        limit = "" if budget is None else f" within {budget:g} s a position"
        lines.append(f"where the game was lost is not known{limit}")
    lines.append(
        f"reviewed {len(result.steps)} positions in {result.seconds:.2f} s "
        f"({1000 * result.seconds / len(result.steps):.1f} ms a position)"
    )
    return "\n".join(lines)


def _dead_details(position: Position, step: ReviewStep) -> list[str]:
    if step.status != "dead" or step.inferred:
        return []
    out = []
    if step.blocking:
        tiles = ", ".join(position.describe(t) for t in step.blocking)
        out.append(f"           blocking tiles (free, never removable): {tiles}")
    if step.verdict.reason:
        out.append(f"           why: {step.verdict.reason}")
    return out


def review_report(record: GameRecord, result: Review, budget: float | None) -> dict[str, Any]:
    """The JSON object printed by ``solitaire review --json``."""
    position = result.position

    def tiles(indices: tuple[int, ...]) -> list[dict[str, Any]]:
        return [tile_json(position, t) for t in indices]

    return {
        "game": printable(record.source),
        "layout": printable(position.layout.name),
        "tiles": position.tile_count,
        "deal": record.deal,
        "fatal_move": result.fatal,
        "lost_from_the_start": result.lost_from_the_start,
        "steps": [
            {
                "step": number,
                "move": None if step.move is None else tiles((step.move.first, step.move.second)),
                "status": step.status,
                "inferred": step.inferred,
                "reason": step.verdict.reason,
                "blocking": tiles(step.blocking),
                "locked": tiles(step.locked),
                "seconds": round(step.verdict.seconds, 4),
            }
            for number, step in enumerate(result.steps)
        ],
        "seconds": round(result.seconds, 4),
        "budget_seconds_per_position": budget,
    }
