"""Differential test: the scorer against a brute-force reference on random small games.

The scorer enumerates readings canonically, splits constraints into clauses, caches clause
results by group, detects symmetric clauses and tabulates sets rules. The reference does
none of that: it tries every order of the hand's tiles in the slots and every tile for each
wildcard, keeps orders whose groups are in display order and pass the sets rule, and
evaluates each whole constraint directly. Both must give the same best points, the same
"excluded or not" verdict, and the same number of readings.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from typed_mahjong.games import Game, loads
from typed_mahjong.games import syntax as S
from typed_mahjong.games.compiler import Scope, compile_condition

KINDS = [("r1", "red", 1, True), ("r2", "red", 2, False), ("r3", "red", 3, False),
         ("b1", "blue", 1, True), ("b2", "blue", 2, False), ("b3", "blue", 3, False)]
CLAUSES = [
    "a.colour == b.colour", "a.n + 1 == b.n", "a.n == d.n", "a.name == d.name",
    "c.n > f.n", "b.flag", "d.colour == 'red'", "count(t.flag for t in hand) >= {k}",
    "distinct(t.colour for t in [a, d]) == 2", "any(t.last for t in g2)",
    "any(t.wild for t in hand)", "all(t.colour == 'red' for t in g1)",
    "sum(t.n for t in g1) == {s}", "distinct(t.n for t in hand) == {k}",
    "a.n == d.n == 1", "not any(t.wild and t.flag for t in g1)", "true",
]
SETS = ["", "sets:\n  3: a.colour == b.colour == c.colour\n",
        "sets:\n  3: a.n <= b.n\n", "sets:\n  3: not (a.wild and b.wild)\n"]


@st.composite
def constraint(draw: st.DrawFn) -> str:
    parts = [draw(st.sampled_from(CLAUSES)).format(k=draw(st.integers(1, 3)),
                                                   s=draw(st.integers(3, 9)))
             for _ in range(draw(st.integers(1, 3)))]
    joiner = draw(st.sampled_from([" and ", " or "]))
    text = joiner.join(f"({p})" for p in parts)
    return f"not ({text})" if draw(st.integers(0, 5)) == 0 else text


@st.composite
def games_and_hands(draw: st.DrawFn) -> tuple[str, str]:
    yaku = ""
    for i in range(draw(st.integers(1, 4))):
        stacks = "true" if draw(st.integers(0, 3)) else "false"
        yaku += (f"  Y{i}:\n    when: \"{draw(constraint())}\"\n"
                 f"    points: {draw(st.integers(1, 50))}\n    stacks: {stacks}\n")
    exclude = ""
    if draw(st.integers(0, 3)) == 0:
        exclude = f"exclude:\n  X:\n    when: \"{draw(constraint())}\"\n"
    tiles = "".join(f"  {n}: {{colour: {c}, n: {v}, flag: {str(f).lower()}}}\n"
                    for n, c, v, f in KINDS) + "  star: {wildcard: true, copies: 2}\n"
    text = (f"name: Random\nrules:\n  hand_size: 6\n  structure: 3 3\n  max_points: "
            f"{draw(st.integers(20, 200))}\n  wildcards_per_hand: 1\n"
            f"defaults: {{copies: 3}}\ntiles:\n{tiles}{draw(st.sampled_from(SETS))}"
            f"yaku:\n{yaku}{exclude}")
    names = [n for n, *_ in KINDS] * 3 + ["star"]
    hand = draw(st.lists(st.sampled_from(names), min_size=6, max_size=6).filter(
        lambda h: all(h.count(n) <= 3 for n in h) and h.count("star") <= 1))
    return text, " ".join(hand)


def reference(game: Game, text: str, hand: str) -> tuple[int, bool, int]:
    """(best points, excluded?, number of readings) by brute force."""
    engine = game._engine
    ranks = {name: i for i, name in enumerate(engine.kinds)}
    attributes = {"name": ("str", 0), "wild": ("bool", 1), "last": ("bool", 2),
                  "colour": ("str", 5), "flag": ("bool", 6), "n": ("int", 7)}
    info = {n: (c, f, v) for n, c, v, f in KINDS}

    def record(kind: str, wild: bool, last: bool) -> tuple[Any, ...]:
        # the display-order key: rank, then real before wildcard, then last
        code = (ranks[kind] * 2 + wild) * 2 + last
        colour, flag, n = info[kind]
        return (kind, wild, last, code, "star" if wild else "", colour, flag, n)

    slots = {c: i for i, c in enumerate("abcdef")}
    scope = Scope(slots=slots, groups={"hand": tuple(range(6)), "g1": (0, 1, 2),
                                       "g2": (3, 4, 5)},
                  attributes=attributes, parts={}, slot_group={i: i // 3 for i in range(6)},
                  group_number={"g1": 0, "g2": 1})
    import yaml

    data = yaml.safe_load(text)
    patterns = [(name, entry.get("points", 0), entry.get("stacks", True),
                 compile_condition(S.parse(entry["when"]), scope))
                for section in ("yaku", "exclude") for name, entry in data.get(section,
                                                                                {}).items()]
    sets_rule = None
    if "sets" in data:
        sets_rule = compile_condition(S.parse(data["sets"][3]), Scope(
            slots={"a": 0, "b": 1, "c": 2}, groups={}, attributes=attributes, parts={}))
    tiles = hand.split()
    satisfied: dict[tuple[Any, ...], set[int]] = {}
    for order in set(itertools.permutations(range(6))):
        wild_slots = [s for s in range(6) if tiles[order[s]] == "star"]
        for picks in itertools.product(ranks, repeat=len(wild_slots)):
            env: list[Any] = []
            chosen = dict(zip(wild_slots, picks, strict=True))
            for s in range(6):
                name = tiles[order[s]]
                last = order[s] == 5
                env.append(record(chosen[s], True, last) if name == "star"
                           else record(name, False, last))
            groups = [env[0:3], env[3:6]]
            if any([r[3] for r in g] != sorted(r[3] for r in g) for g in groups):
                continue
            if sets_rule is not None and not all(sets_rule.fn([*g, None, None])
                                                 for g in groups):
                continue
            reading = tuple(sorted(tuple(r[3] for r in g) for g in groups))
            found = satisfied.setdefault(reading, set())
            env += [None] * 4
            for index, (_, _, _, compiled) in enumerate(patterns):
                if compiled.fn(env):
                    found.add(index)
    excluded = any(patterns[i][1] == 0 for found in satisfied.values() for i in found)
    best = 0
    for found in satisfied.values():
        applied = [patterns[i] for i in found if patterns[i][1] > 0]
        options = [sum(p[1] for p in applied if p[2])] + [p[1] for p in applied if not p[2]]
        best = max(best, min(max(options), data["rules"]["max_points"]))
    return best, excluded, len(satisfied)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(games_and_hands())
def test_scorer_matches_brute_force(case: tuple[str, str]) -> None:
    text, hand = case
    game = loads(text)
    result = game.score(hand)
    best, excluded, readings = reference(game, text, hand)
    assert (result.excluded_by is not None) == excluded
    if not excluded:
        assert result.points == best
        ceiling = game._engine.ceiling
        if ceiling is None or result.points < ceiling:  # else it may stop early
            assert result.readings_tried == readings
