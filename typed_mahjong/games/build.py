"""Compiled game pieces -> the ``Engine`` that scores hands (records, shapes, tables)."""

from __future__ import annotations

import dataclasses
import itertools
import math
from typing import Any

from .compiler import FIRST_ATTR
from .constraints import Entry
from .engine import Engine, Pattern, SetRule, Shape, Structure, points_of
from .melds import notation_available
from .model import Input, Tile
from .overrides import override_order
from .spec import RulesSpec

MAX_SET_TABLE = 8000  # tabulate a sets rule when it has at most this many tile combinations


def build_engine(filename: str, tiles: list[Tile], attributes: dict[str, tuple[str, int]],
                 set_rules: dict[int, SetRule],
                 entries: list[Entry],
                 rules: RulesSpec, inputs: tuple[Input, ...] = ()) -> Engine:
    """The scorer of a checked game."""
    assert rules.hand_size is not None
    ordinary = [t for t in tiles if not t.wildcard]
    wildcards = [t for t in tiles if t.wildcard]
    attribute_names = [a for a, (_, i) in sorted(attributes.items(), key=lambda x: x[1][1])
                       if i >= FIRST_ATTR]
    # Record code = ((rank * (wildcards + 1) + source) * 2 + last); see Engine.
    records: list[tuple[Any, ...]] = []
    for tile in ordinary:
        values = tuple(tile.get(a) for a in attribute_names)
        for source, wildcard_name in enumerate(["", *(w.name for w in wildcards)]):
            for last in (False, True):
                # claimed, kong, concealed_kong: false outside melds (melds.py)
                records.append((tile.name, source > 0, last, len(records), wildcard_name,
                                False, False, False, *values))
    per_hand = rules.wildcards_per_hand
    if per_hand is None:
        per_hand = rules.hand_size
    set_rules = {size: _tabulate(rule, size, len(ordinary), per_hand, records,
                                 len(wildcards))
                 for size, rule in set_rules.items()}
    by_structure: dict[tuple[int, ...], list[tuple[Pattern, int]]] = {}
    for pattern, (structure, env_size, _) in entries:
        by_structure.setdefault(structure, []).append((pattern, env_size))
    shapes: dict[tuple[int, ...], list[Structure]] = {}
    for sizes, members in by_structure.items():
        shape = tuple(sorted(sizes))
        shapes.setdefault(shape, []).append(_structure(sizes, members))
    shape_list = []
    for shape, structures in shapes.items():
        distinct = tuple(sorted(set(shape)))
        shape_list.append(Shape(distinct, tuple(shape.count(s) for s in distinct),
                                tuple(structures)))
    engine = Engine(
        filename=filename, hand_size=rules.hand_size,
        kinds=tuple(t.name for t in ordinary), wildcards=tuple(t.name for t in wildcards),
        copies={t.name: t.copies for t in tiles}, wildcards_per_hand=per_hand,
        records=tuple(records), set_rules=set_rules, shapes=tuple(shape_list),
        waits_shapes=_waits_shapes(shape_list, rules),
        han_points=rules.han_points if rules.unit == "han" else None,
        max_points=rules.max_points, ceiling=None, minimum=rules.minimum, inputs=inputs,
        override_order=override_order(
            {p.name: p.overrides for p, _ in entries if not p.exclusion},
            {p.name: [name for name, _ in p.fewer] for p, _ in entries if p.fewer}),
        fewer={p.name: p.fewer for p, _ in entries if p.fewer},
        meld_notation=notation_available(t.name for t in tiles),
    )
    # The ceiling lets scoring stop at a reading nothing can beat. Exclusions need every
    # reading seen, and a computed or repeated (`each`) value has no bound known here.
    patterns = list({p.name: p for p, _ in entries}.values()) if entries else []
    if all(not p.exclusion and p.value_fn is None and not p.each for p, _ in entries):
        best = {p.name: max(q.value for q, _ in entries if q.name == p.name) for p in patterns}
        stacked = points_of(engine, sum(max(best[p.name], 0) for p in patterns if p.stacks))
        alone = [points_of(engine, best[p.name], p.in_points) for p in patterns
                 if not p.stacks]
        engine = dataclasses.replace(engine, ceiling=max([stacked, *alone]))
    return engine


def _structure(sizes: tuple[int, ...], members: list[tuple[Pattern, int]]) -> Structure:
    offsets = tuple(sum(sizes[:g]) for g in range(len(sizes)))
    shape = sorted(sizes)
    start = {size: shape.index(size) for size in set(sizes)}
    positions = tuple(tuple(range(start[s], start[s] + shape.count(s))) for s in sizes)
    seen: dict[int, int] = {}
    canonical = []
    for size in sizes:
        canonical.append(start[size] + seen.get(size, 0))
        seen[size] = seen.get(size, 0) + 1
    env_size = max(env for _, env in members)
    return Structure(sizes, offsets, positions, tuple(canonical), env_size,
                     tuple(p for p, _ in members if not p.exclusion),
                     tuple(p for p, _ in members if p.exclusion))


def _waits_shapes(shapes: list[Shape], rules: RulesSpec) -> tuple[Shape, ...] | None:
    """The shapes `rules.waits_structures` names (None: all of them find waits)."""
    if rules.waits_structures is None:
        return None
    wanted = {tuple(sorted(sizes)) for sizes, _ in rules.waits_structures}
    return tuple(shape for shape in shapes
                 if tuple(size for size, count in zip(shape.sizes, shape.counts, strict=True)
                          for _ in range(count)) in wanted)


def _tabulate(rule: SetRule, size: int, kinds: int, per_hand: int,
              records: list[tuple[Any, ...]], wildcards: int) -> SetRule:
    """Precompute a sets rule over display ranks, with the completions wildcards may take."""
    if rule.reads_flags or math.comb(kinds + size - 1, size) > MAX_SET_TABLE:
        return rule
    stride = (wildcards + 1) * 2  # records per rank
    padding = [None] * (rule.env_size - size)
    valid = [ranks for ranks in itertools.combinations_with_replacement(range(kinds), size)
             if rule.fn([records[rank * stride] for rank in ranks] + padding)]
    completions: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for ranks in valid:
        for mask in range(1, 2**size):
            wild = tuple(r for i, r in enumerate(ranks) if mask >> i & 1)
            if len(wild) <= per_hand:
                real = tuple(r for i, r in enumerate(ranks) if not mask >> i & 1)
                completions.setdefault(real, set()).add(wild)
    # Wildcards partner any tile, and so does the hidden one that finds waits (waits.py).
    partners = [[False] * (2 * kinds) + [True] * (2 * wildcards + 2) for _ in range(kinds)]
    for ranks in valid:
        for rank in ranks:
            for other in ranks:
                partners[rank][2 * other] = partners[rank][2 * other + 1] = True
    return dataclasses.replace(
        rule, valid=frozenset(valid),
        completions={real: tuple(sorted(w)) for real, w in completions.items()},
        partners=tuple(tuple(row) for row in partners))
