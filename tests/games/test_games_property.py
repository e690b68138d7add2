"""Property: any game file and any hand end in a score or a clean ``GameError``, never a
traceback, and every score stays within the work budget (issue 14).

Game files are generated from a small grammar (tiles with a number and a colour,
wildcards, structures, sets rules, parts, yaku with fixed, negative and computed values,
inputs, minimums, han tables), with some of their text corrupted; hands are drawn from the
game's tiles, with some unknown names and wrong lengths. The default run keeps to a few
seconds; the slow profile tries many more (and longer) games.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from typed_mahjong.games import Game, GameError, engine, loads

SLOTS = "abcdefghijklmnopqrstuvwxyz"
COLOURS = ("red", "blue", "green")


@st.composite
def expressions(draw: st.DrawFn, slots: str, depth: int = 0, inputs: bool = True) -> str:
    """A constraint over the given slots (mostly well typed, sometimes not)."""
    slot = st.sampled_from(slots) if slots else st.just("a")
    number = st.one_of(st.builds(lambda s: f"{s}.n", slot), st.integers(-3, 12).map(str),
                       st.just("count(t.colour == 'red' for t in hand)"),
                       st.just("sum(t.n for t in hand)"),
                       st.just("level" if inputs else "2"))
    atoms = [
        st.builds(lambda x, op, y: f"{x} {op} {y}", number,
                  st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), number),
        st.builds(lambda s, c: f"{s}.colour == '{c}'", slot, st.sampled_from(COLOURS)),
        st.builds(lambda s, t: f"{s}.name == {t}.name", slot, slot),
        st.builds(lambda s: f"{s}.wild or {s}.last", slot),
        st.just("distinct(t.colour for t in hand) == 1"),
        st.just("any(t.wild for t in hand)"),
        st.just("tsumo" if inputs else "true"),
        st.builds(lambda s, t, u: f"same({s}, {t}, {u})", slot, slot, slot),
    ]
    junk = st.sampled_from(["a.n ==", "nosuch(a)", "a.colour < 3", "١ == 1",
                            "a.n + 'x' == 1", "count(t for t in hand) > 1"])
    atom = st.one_of(*atoms, *atoms, *atoms, junk)
    if depth >= 2:
        leaf: str = draw(atom)
        return leaf
    inner = expressions(slots, depth + 1, inputs)
    return draw(st.one_of(
        atom, atom,
        st.builds(lambda x, y: f"{x} and {y}", atom, inner),
        st.builds(lambda x, y: f"({x}) or not ({y})", atom, inner),
    ))


@st.composite
def game_files(draw: st.DrawFn, max_hand: int) -> str:
    kinds = draw(st.integers(1, 7))
    tiles = []
    for i in range(kinds):
        copies = draw(st.integers(1, 4))
        tiles.append(f"  t{i}: {{n: {draw(st.integers(0, 9))}, colour: "
                     f"{draw(st.sampled_from(COLOURS))}, copies: {copies}}}")
    wild_copies = draw(st.integers(0, 4))
    if wild_copies:
        tiles.append(f"  star: {{wildcard: true, copies: {wild_copies}}}")
    hand_size = draw(st.integers(1, max_hand))
    sizes: list[int] = []
    while sum(sizes) < hand_size:
        sizes.append(draw(st.integers(1, min(4, hand_size - sum(sizes)))))
    structure = " ".join(map(str, sizes))
    slots = SLOTS[:hand_size]
    unit = draw(st.sampled_from(["points", "han"]))
    rules = [f"hand_size: {hand_size}", f"structure: {structure}", f"unit: {unit}"]
    if unit == "han":
        rules.append(draw(st.sampled_from(["han_points: {1: 10, 3: 40}",
                                           "han_points: {base: 5, doubling_until: 6}"])))
    if draw(st.booleans()):
        rules.append(f"minimum: {draw(st.integers(1, 30))}")
    if wild_copies and draw(st.booleans()):
        rules.append(f"wildcards_per_hand: {draw(st.integers(0, hand_size))}")
    lines = ["name: Generated", "rules:", *(f"  {r}" for r in rules), "tiles:", *tiles,
             "inputs:", "  tsumo: {type: bool}", "  level: {type: int, min: 0, max: 5}",
             "parts:", "  same x y z: x.colour == y.colour == z.colour"]
    if draw(st.booleans()):
        lines.append("sets:")
        for size in sorted(set(sizes)):
            rule = draw(expressions(SLOTS[:size], 1, inputs=False)).replace(" in hand",
                                                                             " in group")
            lines.append(f"  {size}: \"{rule}\"")
    lines.append("yaku:")
    value_key = "han" if unit == "han" else "points"
    for number in range(draw(st.integers(1, 4))):
        when = draw(expressions(slots))
        value = draw(st.sampled_from(["1", "5", "-2", "level", "count(t.n > 3 for t in hand)"]
                                     * 4 + ["a.n", "0"]))
        stacks = draw(st.sampled_from(["", ", stacks: false"]))
        lines.append(f"  Y{number}: {{when: \"{when}\", {value_key}: {value}{stacks}}}")
    if draw(st.booleans()):
        lines.append(f"exclude:\n  X: {{when: \"{draw(expressions(slots))}\"}}")
    text = "\n".join(lines) + "\n"
    if draw(st.integers(0, 19)) == 0:  # corrupt a character now and then
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + draw(st.sampled_from(["~", ":", "\"", "{", "\t", "0x1f", "no"])) \
            + text[at + 1:]
    return text


@st.composite
def hands(draw: st.DrawFn, game: Game) -> str:
    wall = [t.name for t in game.tiles for _ in range(t.copies)]
    size = game.hand_size + draw(st.sampled_from([0, 0, 0, 0, -1, 1]))
    if size <= 0 or size > len(wall):
        size = min(game.hand_size, len(wall))
    chosen = draw(st.permutations(wall))[:size]
    if draw(st.integers(0, 9)) == 0:
        chosen = [*chosen[:-1], "nosuch"]
    return " ".join(chosen)


def check(data: st.DataObject, text: str) -> None:
    try:
        game = loads(text, filename="generated.yaml")
    except GameError:
        return
    for _ in range(3):
        hand = data.draw(hands(game))
        inputs = data.draw(st.fixed_dictionaries({}, optional={
            "tsumo": st.booleans(), "level": st.integers(-1, 6)}))
        try:
            score = game.score(hand, **inputs)
        except GameError as error:
            assert error.kind in ("bad-hand", "bad-file"), error
            continue
        assert score.work <= engine.WORK_BUDGET
        assert score.points >= 0


# The default run's share (the long run below, in CI, takes 400 examples of bigger hands).
@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data(), game_files(max_hand=9))
def test_generated_games_score_or_refuse_cleanly(data: st.DataObject, text: str) -> None:
    check(data, text)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data(), game_files(max_hand=14))
def test_generated_games_score_or_refuse_cleanly_long(data: st.DataObject, text: str) -> None:
    check(data, text)
