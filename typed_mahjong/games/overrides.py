"""Which holding yaku count: ``overrides`` that do not chain (issue 39, F8).

A yaku lists the yaku it ``overrides``: when it counts, they do not. An entry
``{yaku: NAME, times: N}`` overrides N of the times a yaku counted for each group
(``each``) counts, not all of them (F7: Chinese Official's Nine Gates leaves out one Pung of
Terminals or Honors). A yaku that does not
count (itself overridden) overrides nothing, so "A overrides B, B overrides C" with all
three holding counts A and C, as Chinese Official scoring's exclusions work (Seven Pairs
drops Fully Concealed Hand, which then does not drop Self-Drawn).

That needs an order in which a yaku is decided before the yaku it could drop: the file's
overrides must form no cycle (a load error naming it), and ``override_order`` lists the
yaku with overrides so that every yaku comes before those it overrides, each decided once
its own overriders are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def override_cycle(overrides: Mapping[str, Iterable[str]]) -> list[str] | None:
    """A cycle of yaku each overriding the next (``[A, B, A]``), or None when there is
    none. Iterative, so a long chain in a hostile file costs no recursion."""
    graph = {name: sorted(targets) for name, targets in overrides.items()}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(graph):
        if state.get(start):
            continue
        path = [start]
        state[start] = 1
        stack = [iter(graph.get(start, ()))]
        while stack:
            target = next(stack[-1], None)
            if target is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(target) == 1:
                return [*path[path.index(target):], target]
            elif not state.get(target):
                state[target] = 1
                path.append(target)
                stack.append(iter(graph.get(target, ())))
    return None


def override_order(overrides: Mapping[str, Iterable[str]],
                   in_part: Mapping[str, Iterable[str]] | None = None
                   ) -> tuple[tuple[str, frozenset[str]], ...]:
    """The yaku with overrides, each before every yaku it overrides whole or ``in_part``
    (the overrides form no cycle), with what each overrides whole."""
    whole = {name: frozenset(targets) for name, targets in overrides.items()}
    graph = {name: whole.get(name, frozenset()) | frozenset((in_part or {}).get(name, ()))
             for name in {*whole, *(in_part or {})}}
    graph = {name: targets for name, targets in graph.items() if targets}
    dropped_by: dict[str, int] = {name: 0 for name in graph}
    for targets in graph.values():
        for target in targets:
            if target in dropped_by:
                dropped_by[target] += 1
    ready = sorted(name for name, count in dropped_by.items() if count == 0)
    order: list[tuple[str, frozenset[str]]] = []
    while ready:
        name = ready.pop(0)
        order.append((name, whole.get(name, frozenset())))
        for target in sorted(graph[name]):
            if target in dropped_by:
                dropped_by[target] -= 1
                if dropped_by[target] == 0:
                    ready.append(target)
    return tuple(order)


def dropped(holding: Iterable[str], order: tuple[tuple[str, frozenset[str]], ...],
            fewer: Mapping[str, tuple[tuple[str, int], ...]] | None = None
            ) -> tuple[set[str], dict[str, int]]:
    """The holding yaku that do not count (those a counting yaku overrides), and how many
    times fewer the yaku that some counting yaku overrides in part (``fewer``: a yaku's
    ``{yaku: NAME, times: N}`` entries) count."""
    held = set(holding)
    out: set[str] = set()
    less: dict[str, int] = {}
    for name, targets in order:
        if name in held and name not in out:
            out |= targets
            for target, times in (fewer or {}).get(name, ()):
                less[target] = less.get(target, 0) + times
    return out, less
