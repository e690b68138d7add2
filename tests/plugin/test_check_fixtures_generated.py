"""Issue 43: a seeded hostile generator of ``check_fixtures`` modules.

Each seed writes a fixtures module: annotated constants, rows of dataclasses (plain, slotted,
frozen) and NamedTuples inside lists, tuples and dicts nested a few levels, shared many
times, holding themselves; values right, wrong, of 5,000 digits, of an int subclass, of
the wrong type, with a ``__repr__`` that raises, now and then one whose ``__eq__`` raises;
annotations whose hand is hostile (escapes, bidi overrides, a bad tile, past the length
bound); dict keys with escapes. Alongside, the generator keeps a model of what it wrote and
walks it the way the docstring of ``typed_mahjong.query.check`` says fixtures are walked
(module order, each instance and container once, by identity, where first reached), so
each module has its expected answer: the number checked, or a ``FixtureError`` naming
exactly the wrong fixtures in order, or the user's exception with a note naming the
fixture. Each module is loaded and checked within ``hostile.within`` (1 s, 64 MiB).

T = 234p234s456m567s44p won on 3p by ron: tanyao 1 han 40 fu, 1300 (yaku: tanyao).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hostile import assert_printable, within

from typed_mahjong.errors import MahjongError
from typed_mahjong.query.check import FixtureError, check_fixtures

QUICK = range(30)
CI = range(30, 1030)

HEADER = '''\
from dataclasses import dataclass
from typing import NamedTuple

from typed_mahjong import Hand, Points, Ron, YakuSet

A = Points[Hand["234p234s456m567s44p"], Ron["3p"]]

class Big(int):
    pass

class Loud:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

class Touchy(str):
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing")
    __hash__ = str.__hash__

@dataclass
class Row:
    p: A

@dataclass(slots=True)
class Slotted:
    p: A

@dataclass(frozen=True)
class Frozen:
    p: A

class Pair(NamedTuple):
    p: A

def _build() -> dict[str, object]:
    made: dict[str, object] = {}
'''
ROW_CLASSES = ("Row", "Slotted", "Frozen", "Pair")
# A value as written, and whether it is the right one (1300, of type int).
VALUES = [("1300", True), ("1600", False), ("10**5000", False), ("Big(1300)", False),
          ("'1300'", False), ("None", False), ("Loud()", False), ("1300.0", False)]
HOSTILE_HANDS = ["234p234s456m567s44x", "234p\x1b[31m234s456m567s44p", "1m" * 200,
                 "234p234s456m567s44p\u202e", "\udcff", ""]
KEYS = ["k", "\x1b[2J", "\u202e", "x" * 300, "a\nb"]


@dataclass(eq=False)
class Node:
    """What the generator wrote: a row (``value``), a list, tuple or dict (``items``)."""

    kind: str  # "row", "list", "tuple", "dict"
    name: str  # the local variable in _build
    value: tuple[str, bool] | None = None
    items: list[tuple[object, Node]] = field(default_factory=list)  # (key or index, node)


@dataclass
class Expected:
    names: list[str] = field(default_factory=list)  # the wrong fixtures, in walk order
    checked: int = 0
    raised_at: str | None = None  # where the user's __eq__ raises, if it is reached


class Generator:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.lines: list[str] = []
        self.made: list[Node] = []
        self.top: list[tuple[str, str]] = []  # (module name, what: "node" or a fixture)
        self.nodes: dict[str, Node] = {}
        self.leaves: dict[str, tuple[str, bool, bool]] = {}  # name: (annotation, right, raises)

    def node(self, depth: int) -> Node:
        rng = self.rng
        if self.made and rng.random() < 0.2:  # shared: the same object again
            return rng.choice(self.made)
        name = f"n{len(self.made)}"
        if depth >= 3 or rng.random() < 0.5:
            value = rng.choice(VALUES) if rng.random() < 0.15 else VALUES[0]
            node = Node("row", name, value=value)
            self.lines.append(f"    {name} = {rng.choice(ROW_CLASSES)}({value[0]})")
        else:
            kind = rng.choice(["list", "tuple", "dict"])
            node = Node(kind, name)
            count = rng.choice([0, 1, 2, 3, 5])
            children = [self.node(depth + 1) for _ in range(count)]
            if kind == "dict":
                keys = rng.sample(KEYS, min(count, len(KEYS)))
                node.items = list(zip(keys, children, strict=False))
                body = ", ".join(f"{key!r}: {child.name}" for key, child in node.items)
                self.lines.append(f"    {name} = {{{body}}}")
            else:
                node.items = list(enumerate(children))
                body = ", ".join(child.name for _, child in node.items)
                self.lines.append(f"    {name} = {'[' if kind == 'list' else '('}{body}"
                                  f"{',' if kind == 'tuple' and count == 1 else ''}"
                                  f"{']' if kind == 'list' else ')'}")
                if kind == "list" and rng.random() < 0.3:  # a list that holds itself
                    self.lines.append(f"    {name}.append({name})")
                    node.items.append((len(node.items), node))
        self.made.append(node)
        return node

    def module(self) -> str:
        rng = self.rng
        for index in range(rng.randrange(1, 7)):
            choice = rng.random()
            if choice < 0.25:  # an annotated constant, its hand now and then hostile
                hand = rng.choice(HOSTILE_HANDS) if rng.random() < 0.2 else None
                value, right = rng.choice(VALUES) if rng.random() < 0.5 else VALUES[0]
                self.leaves[f"C{index}"] = (hand or "", right and hand is None, False)
                hint = "A" if hand is None else f'Points[Hand[{hand!r}], Ron["3p"]]'
                self.top.append((f"C{index}", f"C{index}: {hint} = {value}"))
            elif choice < 0.28:  # a yaku set whose item's __eq__ raises
                self.leaves[f"Y{index}"] = ("", False, True)
                self.top.append((f"Y{index}", f'Y{index}: YakuSet[Hand["234p234s456m567s44p"]'
                                              f', Ron["3p"]] = (Touchy("tanyao"),)'))
            else:
                node = self.node(0)
                self.nodes[f"V{index}"] = node
                self.top.append((f"V{index}", ""))
        lines = [HEADER, *self.lines]
        lines += [f"    made[{name!r}] = {node.name}" for name, node in self.nodes.items()]
        lines.append("    return made\n")
        # Built in a function (its locals are no module variables), then bound in the
        # module in the order listed: the walk's order. _MADE is deleted after.
        lines.append("_MADE = _build()")
        lines += [text if text else f"{name} = _MADE[{name!r}]" for name, text in self.top]
        lines.append("del _MADE\n")
        return "\n".join(lines)

    def expected(self) -> Expected:
        out = Expected()
        seen: set[int] = set()

        def walk(node: Node, path: str) -> None:
            if out.raised_at is not None or id(node) in seen:
                return
            seen.add(id(node))
            if node.kind == "row":
                assert node.value is not None
                out.checked += 1
                if not node.value[1]:
                    out.names.append(f"{path}.p")
                return
            for key, child in node.items:
                walk(child, f"{path}[{key!r}]")

        for name, text in self.top:
            if out.raised_at is not None:
                break
            if text:
                _, right, raises = self.leaves[name]
                out.checked += 1
                if raises:
                    out.raised_at = name
                elif not right:
                    out.names.append(name)
            else:
                walk(self.nodes[name], name)
        return out


def _load(path: Path, name: str) -> object:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _check_one(seed: int, folder: Path) -> str:
    generator = Generator(seed)
    source = generator.module()
    expected = generator.expected()
    name = f"generated_fixtures_{seed}"
    path = folder / f"{name}.py"
    path.write_text(source, encoding="utf-8", errors="surrogateescape")
    what = f"seed {seed} ({path})"
    module = _load(path, name)
    try:
        with within(what):
            try:
                checked = check_fixtures(module)  # type: ignore[arg-type]
                outcome: object = checked
            except (FixtureError, RuntimeError) as exc:
                outcome = exc
    finally:
        del sys.modules[name]
    if expected.raised_at is not None:
        assert isinstance(outcome, RuntimeError) and str(outcome) == "no comparing", what
        assert outcome.__notes__ == [
            f"typed-mahjong: raised while checking the fixture {expected.raised_at}"], what
        return "raised"
    if expected.names:
        assert isinstance(outcome, FixtureError), f"{outcome!r}: {what}"
        assert isinstance(outcome, MahjongError)
        assert [wrong.name for wrong in outcome.wrong] == expected.names, what
        message = str(outcome)
        assert message.startswith(f"{len(expected.names)} of {expected.checked} fixtures of "
                                  f"{name} disagree with the core:"), what
        assert_printable(message, what)
        # Each wrong fixture a line, 20 in full at most, each line short.
        assert all(len(line) < 1000 for line in message.splitlines()), what
        assert len(message.splitlines()) <= 1 + 20 + 1, what
        return "wrong"
    assert outcome == expected.checked, f"{outcome!r} != {expected.checked}: {what}"
    return "right"


def _run(seeds: range, folder: Path) -> dict[str, int]:
    tally: dict[str, int] = {}
    for seed in seeds:
        kind = _check_one(seed, folder)
        tally[kind] = tally.get(kind, 0) + 1
    return tally


def test_generated_fixture_modules_quick(tmp_path: Path) -> None:
    tally = _run(QUICK, tmp_path)
    assert tally.get("right", 0) >= 3 and tally.get("wrong", 0) >= 10, tally


@pytest.mark.slow
def test_generated_fixture_modules_many(tmp_path: Path) -> None:
    tally = _run(CI, tmp_path)
    assert min(tally.get(kind, 0) for kind in ("right", "wrong", "raised")) >= 30, tally
