"""Human-readable proofs that a position is dead on its face."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .engine import DeadEnd, Engine, Fact, Node
from .layout import iter_bits
from .position import Position

MAX_FACTS = 8  # longer tile-by-tile proofs give way to "no two free tiles match" when true


@dataclass(frozen=True, slots=True)
class Link:
    """One step of a dead position's argument, about one tile, for showing on a board:
    ``tile`` is held by ``others`` (it lies under them, is flanked by them, must leave
    with them, or can pair only with them); ``text`` says so in words."""

    tile: int
    kind: str  # "covered", "flanked", "partner" or "copies" (see ``tables.Fact``)
    others: tuple[int, ...]
    text: str


def explain(engine: Engine, position: Position, node: Node, dead: DeadEnd) -> str:
    """A short, checkable argument that the position at ``node`` cannot be cleared."""
    return explain_with_links(engine, position, node, dead)[0]


def explain_with_links(
    engine: Engine, position: Position, node: Node, dead: DeadEnd
) -> tuple[str, tuple[Link, ...]]:
    """``explain``'s text, and its tile-by-tile steps as ``Link``s (none when the argument
    is not about single tiles: no pairing of a group, no two free tiles match)."""
    name = position.describe
    prefix = ""
    if node.moves:
        prefix = (
            f"after the {len(node.moves)} removals that are always safe (groups whose "
            "copies are all free), "
        )
    if dead.kind == "no-pairing":
        return prefix + _explain_pairings(engine, position, dead.tiles), ()
    if not node.free & node.present:
        return prefix + "no tile is free", ()
    stacked = _stacked_pair(engine, node, dead.tiles)
    if stacked is not None:
        upper, lower = stacked
        links: tuple[Link, ...] = (
            Link(lower, "covered", (upper,), f"{name(lower)} lies under {name(upper)}"),
            Link(upper, "partner", (lower,), f"{name(upper)} must leave with {name(lower)}"),
        )
        return prefix + (
            f"the last two {position.faces[upper].name} are stacked: {name(upper)} lies on "
            f"{name(lower)}, so they are never free together"
        ), links
    facts: list[Fact] = []
    stuck, free = engine.relax(node)
    starts = [t for t in iter_bits(free & stuck)]
    start = next(
        (t for t in starts if engine.closure(node, t, stuck, free, None)[1] == dead.tiles),
        starts[0] if starts else -1,
    )
    if start >= 0:
        engine.closure(node, start, stuck, free, facts)
    no_move = not any(
        engine.group_of[a] == engine.group_of[b]
        for a in iter_bits(node.free)
        for b in iter_bits(node.free & ~((1 << (a + 1)) - 1))
    )
    if no_move and (not facts or len(facts) > MAX_FACTS):
        listed = ", ".join(name(t) for t in iter_bits(node.free))
        return prefix + f"no two free tiles match (free: {listed})", ()
    links = tuple(
        Link(fact.tile, fact.kind, fact.others, _fact_text(position, fact)) for fact in facts
    )
    steps = "; ".join(link.text for link in links)
    return (
        prefix + f"these tiles hold each other on the board whatever is played: {steps}",
        links,
    )


def _stacked_pair(engine: Engine, node: Node, tiles: int) -> tuple[int, int] | None:
    if tiles.bit_count() != 2:
        return None
    a, b = iter_bits(tiles)
    if node.partner[a] != b:
        return None
    if engine.above[b] >> a & 1:
        return a, b
    if engine.above[a] >> b & 1:
        return b, a
    return None


def _fact_text(position: Position, fact: Fact) -> str:
    name = position.describe
    tile = name(fact.tile)
    others = [name(t) for t in fact.others]
    if fact.kind == "covered":
        return f"{tile} lies under {others[0]}"
    if fact.kind == "flanked":
        return f"{tile} is flanked by {others[0]} and {others[1]}"
    if fact.kind == "partner":
        how = " (the only pairing left)" if fact.forced else ""
        return f"{tile} must leave with {others[0]}{how}"
    return f"{tile} can only pair with {' or '.join(others)}"


def _explain_pairings(engine: Engine, position: Position, tiles: int) -> str:
    copies = list(iter_bits(tiles))
    name = position.describe
    face = position.faces[copies[0]].name
    if len(copies) != 4:
        return f"no pairing of the {len(copies)} remaining {face} can be cleared"
    a = copies[0]
    failures = []
    for b in copies[1:]:
        c, d = (t for t in copies if t not in (a, b))
        failures.append(_pairing_failure(engine, name, (a, b), (c, d)))
    return f"every way to pair the four {face} fails: " + "; ".join(failures)


def _pairing_failure(
    engine: Engine,
    describe: Callable[[int], str],
    first: tuple[int, int],
    second: tuple[int, int],
) -> str:
    lies_on = engine.above  # lies_on[x] >> y: y lies on x

    def on(upper: int, lower: int) -> bool:
        return bool(lies_on[lower] >> upper & 1)

    for x, y in (first, second):
        for upper, lower in ((x, y), (y, x)):
            if on(upper, lower):
                return (
                    f"{describe(upper)} + {describe(lower)} is impossible ({describe(upper)} "
                    f"lies on {describe(lower)})"
                )
    for (p, q), (r, s) in ((first, second), (second, first)):
        for upper1, lower1 in ((p, r), (p, s), (q, r), (q, s)):
            if not on(upper1, lower1):
                continue
            for upper2, lower2 in ((r, p), (r, q), (s, p), (s, q)):
                if on(upper2, lower2):
                    return (
                        f"{describe(p)} + {describe(q)} with {describe(r)} + {describe(s)} "
                        f"is impossible ({describe(upper1)} lies on {describe(lower1)} and "
                        f"{describe(upper2)} lies on {describe(lower2)}: each pair must go "
                        "first)"
                    )
    return (
        f"{describe(first[0])} + {describe(first[1])} with {describe(second[0])} + "
        f"{describe(second[1])} would make some pair wait for itself"
    )
