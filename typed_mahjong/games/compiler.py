"""Type-check a parsed constraint and turn it into a plain Python closure.

Checked once, at load time: every name must be a slot, group, bound variable or part of the
game; every attribute one the game's tiles carry; every operator must fit its operand types.
The result is a tree of closures over an *environment*: a list of tile records, one per
slot, then one per bound variable. Nothing is looked up by name while scoring, and nothing
but tile attributes is ever reachable: an attribute is an index into a record tuple.

A tile record is ``(name, wild, last, code, source, claimed, kong, concealed_kong,
*attributes)``; see ``engine.py`` and ``melds.py``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr

from ..errors import MahjongError
from . import syntax as S

# Record layout shared with engine.py.
NAME, WILD, LAST, CODE, SOURCE, CLAIMED, KONG, CONCEALED_KONG, FIRST_ATTR = range(9)
BUILTIN_ATTRIBUTES = {"name": ("str", NAME), "wild": ("bool", WILD), "last": ("bool", LAST),
                      "claimed": ("bool", CLAIMED), "kong": ("bool", KONG),
                      "concealed_kong": ("bool", CONCEALED_KONG)}
MELD_ATTRIBUTES = ("claimed", "kong", "concealed_kong")  # see melds.py

# A limit on the evaluation work one constraint can ask for, counted with parts expanded and
# aggregate bodies multiplied by their group size: parts calling parts would otherwise let a
# short file describe an exponentially slow check.
MAX_COST = 20_000

Env = list[Any]
Fn = Callable[[Env], Any]


# The built-in name `waits` (docs/games.md "Waits"): in a yaku's scope like an input, at
# this position, read through ``InputEnv.waits`` (computed when first read).
WAITS = "waits"
WAITS_INPUT = -1


# A list subclass cannot be a mypyc native class; it stays a Python class when compiled.
@mypyc_attr(native_class=False)
class InputEnv(list[Any]):
    """An environment that also carries the situation inputs of one ``score`` call, how
    to count the hand's waits (``waits.count_waits``, only run when a clause reads
    `waits`), and for a hand with kongs (melds.py) ``extra[g]``: the tiles of structure
    group ``g`` beyond its slots (a kong's fourth tile), which aggregates over ``g`` and
    ``hand`` see; ``None`` when the hand has no kong."""

    __slots__ = ("inputs", "waits", "extra")

    def __init__(self, size: int, inputs: tuple[Any, ...],
                 waits: Callable[[], int] = lambda: 0) -> None:
        super().__init__([None] * size)
        self.inputs = inputs
        self.waits = waits
        self.extra: list[tuple[Any, ...]] | None = None

SCALARS = ("int", "str", "bool")


class CompileError(MahjongError):
    """A type or name error; ``position`` is the offset in the expression text, if known
    (``column`` that plus 1; the loader adds the file and line of the constraint)."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message, column=None if position is None else position + 1,
                         field="constraint")
        self.position = position


@dataclass(frozen=True, slots=True)
class Part:
    """A compiled part: a predicate over ``arity`` tiles."""

    name: str
    arity: int
    fn: Fn
    env_size: int
    cost: int
    flags: bool = False  # reads `wild` or `last` of its tiles


@dataclass(frozen=True, slots=True)
class Scope:
    """What names mean inside one constraint."""

    slots: Mapping[str, int]  # slot name -> environment index
    groups: Mapping[str, tuple[int, ...]]  # group name -> environment indices
    attributes: Mapping[str, tuple[str, int]]  # attribute -> (type, record index)
    parts: Mapping[str, Part]
    slot_group: Mapping[int, int] = field(default_factory=dict)  # env index -> group number
    group_number: Mapping[str, int] = field(default_factory=dict)  # "g2" -> 1
    # The game's situation inputs (`tsumo`, `seat` ...): name -> (type, index). Their values
    # for one score call are ``env.inputs`` (see ``InputEnv``); yaku and exclusions see
    # them, parts and sets rules do not (those are tabulated and cached per group).
    inputs: Mapping[str, tuple[str, int]] = field(default_factory=dict)

    @property
    def env_base(self) -> int:
        return len(self.slots)


@dataclass(frozen=True, slots=True)
class Compiled:
    """A checked expression: its type, closure, cost and the structure groups it names."""

    type: str
    fn: Fn
    cost: int
    env_size: int
    groups: frozenset[int] = frozenset()
    whole: bool = False  # reads the whole hand (`hand`, or a group without a number)
    flags: bool = False  # reads `wild` or `last`
    index: int | None = None  # environment index, for tile-typed names
    members: tuple[int, ...] | None = None  # environment indices, for groups
    # For `hand` and `g1`... of a yaku: the structure groups whose extra tiles (a kong's
    # fourth, see InputEnv) an aggregate over it also sees.
    extras: tuple[int, ...] | None = None
    const: Any = None  # value of a literal or literal list
    is_const: bool = False


def compile_condition(expr: S.Expr, scope: Scope) -> Compiled:
    """Compile a whole constraint: it must be a true/false question."""
    result = _Compiler(scope).expr(expr, {})
    if result.type != "bool":
        raise CompileError(
            f"a constraint must be true or false, but this is {_a(result.type)}",
            _pos(expr),
        )
    if result.cost > MAX_COST:
        raise CompileError(
            f"constraint costs {result.cost} evaluation steps (parts expanded); "
            f"the limit is {MAX_COST}",
            _pos(expr),
        )
    return result


def compile_value(expr: S.Expr, scope: Scope) -> Compiled:
    """Compile a computed yaku value: a whole number read from the hand and the inputs."""
    result = _Compiler(scope).expr(expr, {})
    if result.type != "int":
        raise CompileError(f"a computed value must be a whole number, but this is "
                           f"{_a(result.type)}", _pos(expr))
    if result.groups:
        raise CompileError("a computed value may read `hand` and the game's inputs, not "
                           "particular slots or groups (a reading's groups are unordered)",
                           _pos(expr))
    if result.cost > MAX_COST:
        raise CompileError(f"the value costs {result.cost} evaluation steps; the limit is "
                           f"{MAX_COST}", _pos(expr))
    return result


def constant(value: bool) -> Compiled:
    """The constraint ``true`` or ``false`` written as a YAML boolean."""
    return Compiled("bool", lambda env: value, 1, 0, const=value, is_const=True)


def all_of(parts: list[Compiled]) -> Compiled:
    return _combine("bool", _and(tuple(part.fn for part in parts)), parts)


def any_of(parts: list[Compiled]) -> Compiled:
    return _combine("bool", _or(tuple(part.fn for part in parts)), parts)


def negation(part: Compiled) -> Compiled:
    fn = part.fn
    return _combine("bool", lambda env: not fn(env), [part])


def _pos(expr: S.Expr) -> int:
    """Where an expression starts (an attribute's own ``pos`` is its name, an operation's
    its operator)."""
    while isinstance(expr, S.Attr | S.Arith):
        expr = expr.obj if isinstance(expr, S.Attr) else expr.left
    return expr.pos


def _a(type_name: str) -> str:
    words = {
        "int": "a number", "str": "a string", "bool": "a true/false value", "tile": "a tile",
        "group": "a group of tiles",
    }
    return words.get(type_name, f"a {type_name}")


class _Compiler:
    def __init__(self, scope: Scope) -> None:
        self.scope = scope

    def expr(self, expr: S.Expr, bound: Mapping[str, int]) -> Compiled:
        method: Callable[[Any, Mapping[str, int]], Compiled] = getattr(
            self, "_" + type(expr).__name__
        )
        return method(expr, bound)

    def _env_size(self, bound: Mapping[str, int]) -> int:
        return self.scope.env_base + len(bound)

    # -- literals and names --

    def _IntLit(self, expr: S.IntLit, bound: Mapping[str, int]) -> Compiled:
        value = expr.value
        return Compiled("int", lambda env: value, 1, 0, const=value, is_const=True)

    def _StrLit(self, expr: S.StrLit, bound: Mapping[str, int]) -> Compiled:
        value = expr.value
        return Compiled("str", lambda env: value, 1, 0, const=value, is_const=True)

    def _BoolLit(self, expr: S.BoolLit, bound: Mapping[str, int]) -> Compiled:
        value = expr.value
        return Compiled("bool", lambda env: value, 1, 0, const=value, is_const=True)

    def _Name(self, expr: S.Name, bound: Mapping[str, int]) -> Compiled:
        scope = self.scope
        name = expr.id
        size = self._env_size(bound)
        if name in bound:
            index = bound[name]
            return Compiled("tile", lambda env: env[index], 1, size, index=index)
        if name in scope.slots:
            index = scope.slots[name]
            groups = frozenset({scope.slot_group[index]}) if index in scope.slot_group else None
            return Compiled("tile", lambda env: env[index], 1, size, groups or frozenset(),
                            index=index)
        if name in scope.groups:
            members = scope.groups[name]
            number = scope.group_number.get(name)
            if number is None:
                everything = tuple(sorted(set(scope.group_number.values()))) or None
                return Compiled("group", lambda env: None, 1, size, whole=True,
                                members=members, extras=everything)
            return Compiled("group", lambda env: None, 1, size, frozenset({number}),
                            members=members, extras=(number,))
        if name in scope.inputs:
            kind, position = scope.inputs[name]
            if position == WAITS_INPUT:
                return Compiled(kind, lambda env: env.waits(),  # type: ignore[attr-defined]
                                1, size)
            # Only InputEnv environments reach yaku clauses (engine._Search.env).
            return Compiled(kind, lambda env: env.inputs[position],  # type: ignore[attr-defined]
                            1, size)
        if name in scope.parts:
            arity = scope.parts[name].arity
            raise CompileError(
                f"part '{name}' is a predicate over {arity} tiles; call it: "
                f"{name}({', '.join('abcdefghijklmnopqrstuvwxyz'[:arity])})",
                expr.pos,
            )
        if name in S.AGGREGATES:
            raise CompileError(f"'{name}' is written {name}(<expression> for t in hand)",
                               expr.pos)
        raise CompileError(f"unknown name '{name}'; {self._known_names(bound)}", expr.pos)

    def _known_names(self, bound: Mapping[str, int]) -> str:
        scope = self.scope
        tiles = list(scope.slots) + list(bound)
        described = [f"tiles: {', '.join(tiles) or '(none)'}"]
        if scope.groups:
            described.append(f"groups: {', '.join(scope.groups)}")
        declared = [name for name in scope.inputs if name != WAITS]
        if declared:
            described.append(f"inputs: {', '.join(declared)}")
        return "known " + "; ".join(described)

    def _Attr(self, expr: S.Attr, bound: Mapping[str, int]) -> Compiled:
        obj = self.expr(expr.obj, bound)
        if obj.type != "tile":
            raise CompileError(
                f"only tiles have attributes, but this is {_a(obj.type)}", expr.pos
            )
        found = self.scope.attributes.get(expr.attr)
        if found is None:
            # The meld built-ins are listed only when the name is close to one of them.
            tiles_have = sorted(a for a in self.scope.attributes if a not in MELD_ATTRIBUTES)
            guess = difflib.get_close_matches(expr.attr, tiles_have, n=1)
            meant = f" (did you mean '{guess[0]}'?)" if guess else ""
            close = [] if guess else difflib.get_close_matches(expr.attr, MELD_ATTRIBUTES, n=1)
            hint = f" (or the meld attribute '{close[0]}'?)" if close else ""
            raise CompileError(
                f"unknown attribute '{expr.attr}'{meant}; tiles have: "
                f"{', '.join(tiles_have)}{hint}", expr.pos
            )
        attr_type, slot = found
        index = obj.index
        assert index is not None
        return Compiled(attr_type, lambda env: env[index][slot], 2, obj.env_size, obj.groups,
                        flags=expr.attr in ("wild", "last"))

    def _ListLit(self, expr: S.ListLit, bound: Mapping[str, int]) -> Compiled:
        items = [self.expr(item, bound) for item in expr.items]
        size = self._env_size(bound)
        if all(item.type == "tile" for item in items):
            members = tuple(item.index for item in items if item.index is not None)
            return Compiled("group", lambda env: None, len(items), size,
                            frozenset().union(*(i.groups for i in items)), members=members)
        types = {item.type for item in items}
        if len(types) != 1 or not types <= set(SCALARS):
            listed = ", ".join(sorted(types))
            raise CompileError(
                f"a list holds tiles, or literal values of one type; this one has {listed}",
                expr.pos,
            )
        if not all(item.is_const for item in items):
            raise CompileError("a list of values may only hold literals", expr.pos)
        values = frozenset(item.const for item in items)
        return Compiled(f"list[{types.pop()}]", lambda env: values, len(items), size,
                        const=values, is_const=True)

    # -- operators --

    def _Not(self, expr: S.Not, bound: Mapping[str, int]) -> Compiled:
        operand = self._expect(expr.operand, bound, "bool", "'not'")
        fn = operand.fn
        return _combine("bool", lambda env: not fn(env), [operand])

    def _Negate(self, expr: S.Negate, bound: Mapping[str, int]) -> Compiled:
        operand = self._expect(expr.operand, bound, "int", "'-'")
        if operand.is_const:
            value = -operand.const
            return Compiled("int", lambda env: value, 1, 0, const=value, is_const=True)
        fn = operand.fn
        return _combine("int", lambda env: -fn(env), [operand])

    def _Arith(self, expr: S.Arith, bound: Mapping[str, int]) -> Compiled:
        left = self._expect(expr.left, bound, "int", f"'{expr.op}'")
        right = self._expect(expr.right, bound, "int", f"'{expr.op}'")
        lf, rf = left.fn, right.fn
        fn: Fn
        if expr.op == "+":
            fn = lambda env: lf(env) + rf(env)  # noqa: E731 - tiny closures read best inline
        elif expr.op == "-":
            fn = lambda env: lf(env) - rf(env)  # noqa: E731
        elif expr.op == "*":
            fn = lambda env: lf(env) * rf(env)  # noqa: E731
        else:
            # Whole numbers only, and never a division by zero: the divisor is a number
            # written in the file, and the quotient is rounded down.
            if not right.is_const or not isinstance(right.const, int) or right.const <= 0:
                raise CompileError("'/' divides by a whole number greater than 0 written "
                                   "in the file (count(...) / 4)", _pos(expr.right))
            divisor = right.const
            fn = lambda env: lf(env) // divisor  # noqa: E731
        return _combine("int", fn, [left, right])

    def _BoolOp(self, expr: S.BoolOp, bound: Mapping[str, int]) -> Compiled:
        operands = [self._expect(o, bound, "bool", f"'{expr.op}'") for o in expr.operands]
        fns = tuple(o.fn for o in operands)
        return _combine("bool", _and(fns) if expr.op == "and" else _or(fns), operands)

    def _Compare(self, expr: S.Compare, bound: Mapping[str, int]) -> Compiled:
        operands = [self.expr(o, bound) for o in expr.operands]
        tests: list[Fn] = []
        for i, op in enumerate(expr.ops):
            left, right = operands[i], operands[i + 1]
            self._check_comparison(op, left, right, expr.operands[i + 1])
            tests.append(_comparison(op, _value_fn(left), _value_fn(right)))
        return _combine("bool", _and(tuple(tests)), operands)

    def _check_comparison(self, op: str, left: Compiled, right: Compiled,
                          right_expr: S.Expr) -> None:
        where = _pos(right_expr)
        if op in ("in", "not in"):
            if not right.type.startswith("list["):
                raise CompileError(
                    f"'{op}' needs a list of literals on its right, such as ['red', 'blue'], "
                    f"but this is {_a(right.type)}",
                    where,
                )
            element = right.type[5:-1]
            if left.type != element:
                raise CompileError(
                    f"'{op}' compares {_a(left.type)} with a list of {element} values", where
                )
            return
        if op in ("<", "<=", ">", ">="):
            if left.type != "int" or right.type != "int":
                raise CompileError(
                    f"'{op}' compares numbers, not {_a(left.type)} with {_a(right.type)}", where
                )
            return
        if left.type != right.type or left.type not in SCALARS + ("tile",):
            raise CompileError(
                f"'{op}' cannot compare {_a(left.type)} with {_a(right.type)}", where
            )

    # -- calls --

    def _Call(self, expr: S.Call, bound: Mapping[str, int]) -> Compiled:
        part = self.scope.parts.get(expr.func)
        if part is None:
            known = ", ".join(sorted(self.scope.parts)) or "none are defined"
            raise CompileError(f"unknown part '{expr.func}' (parts: {known})", expr.pos)
        if len(expr.args) != part.arity:
            raise CompileError(
                f"part '{part.name}' takes {part.arity} tiles, got {len(expr.args)}", expr.pos
            )
        args = [self.expr(arg, bound) for arg in expr.args]
        for arg, arg_expr in zip(args, expr.args, strict=True):
            if arg.type != "tile":
                raise CompileError(
                    f"part '{part.name}' takes tiles, but this argument is {_a(arg.type)}",
                    _pos(arg_expr),
                )
        indices = tuple(arg.index for arg in args if arg.index is not None)
        body = part.fn
        padding = [None] * (part.env_size - part.arity)
        fn: Fn
        if not padding and len(indices) == 3:
            i, j, k = indices
            fn = lambda env: body([env[i], env[j], env[k]])  # noqa: E731
        else:
            fn = lambda env: body([env[i] for i in indices] + padding)  # noqa: E731
        return Compiled("bool", fn, part.cost + len(args) + 1, self._env_size(bound),
                        frozenset().union(*(a.groups for a in args)),
                        flags=part.flags)

    def _Aggregate(self, expr: S.Aggregate, bound: Mapping[str, int]) -> Compiled:
        scope = self.scope
        taken = (
            expr.var in scope.slots or expr.var in scope.groups or expr.var in scope.parts
            or expr.var in scope.inputs or expr.var in bound or expr.var in S.AGGREGATES
        )
        if taken:
            raise CompileError(
                f"variable '{expr.var}' hides another name; pick a fresh one", expr.var_pos
            )
        group = self.expr(expr.group, bound)
        if group.members is None:
            raise CompileError(
                f"{expr.func}() runs over a group (hand, g1, [a, b, c] ...), "
                f"not {_a(group.type)}",
                _pos(expr.group),
            )
        var = scope.env_base + len(bound)
        inner = {**bound, expr.var: var}
        body = self.expr(expr.body, inner)
        wanted = {"count": ("bool",), "all": ("bool",), "any": ("bool",), "sum": ("int",),
                  "distinct": (*SCALARS, "tile")}[expr.func]
        if body.type not in wanted:
            raise CompileError(
                f"the body of {expr.func}() must be {' or '.join(_a(w) for w in wanted)}, "
                f"but it is {_a(body.type)}",
                _pos(expr.body),
            )
        value = _value_fn(body)
        members = group.members
        if group.extras is not None:
            fn = _EXTRA_BUILDERS[expr.func](members, group.extras, var, value)
        else:
            fn = _AGGREGATE_BUILDERS[expr.func](members, var, value)
        result_type = "bool" if expr.func in ("all", "any") else "int"
        return Compiled(result_type, fn, 1 + group.cost + len(members) * body.cost,
                        max(body.env_size, var + 1), group.groups | body.groups,
                        whole=group.whole or body.whole, flags=body.flags)

    def _expect(self, expr: S.Expr, bound: Mapping[str, int], wanted: str,
                context: str) -> Compiled:
        result = self.expr(expr, bound)
        if result.type != wanted:
            raise CompileError(f"{context} needs {_a(wanted)}, but this is {_a(result.type)}",
                               _pos(expr))
        return result


def _combine(type_name: str, fn: Fn, children: list[Compiled]) -> Compiled:
    return Compiled(
        type_name, fn, 1 + sum(c.cost for c in children), max(c.env_size for c in children),
        frozenset().union(*(c.groups for c in children)),
        whole=any(c.whole for c in children), flags=any(c.flags for c in children),
    )


def _value_fn(compiled: Compiled) -> Fn:
    """The closure giving the comparable value: a tile compares (and counts) by its name."""
    if compiled.type == "tile":
        index = compiled.index
        assert index is not None
        return lambda env: env[index][NAME]
    return compiled.fn


def _and(fns: tuple[Fn, ...]) -> Fn:
    # Unrolled for the common small arities: a loop costs a frame per check.
    if len(fns) == 1:
        return fns[0]
    if len(fns) == 2:
        f, g = fns
        return lambda env: f(env) and g(env)
    if len(fns) == 3:
        f, g, h = fns
        return lambda env: f(env) and g(env) and h(env)

    def every(env: Env) -> bool:
        for fn in fns:
            if not fn(env):
                return False
        return True

    return every


def _or(fns: tuple[Fn, ...]) -> Fn:
    if len(fns) == 1:
        return fns[0]
    if len(fns) == 2:
        f, g = fns
        return lambda env: f(env) or g(env)

    def some(env: Env) -> bool:
        for fn in fns:
            if fn(env):
                return True
        return False

    return some


def _comparison(op: str, left: Fn, right: Fn) -> Fn:
    if op == "==":
        return lambda env: left(env) == right(env)
    if op == "!=":
        return lambda env: left(env) != right(env)
    if op == "<":
        return lambda env: left(env) < right(env)
    if op == "<=":
        return lambda env: left(env) <= right(env)
    if op == ">":
        return lambda env: left(env) > right(env)
    if op == ">=":
        return lambda env: left(env) >= right(env)
    if op == "in":
        return lambda env: left(env) in right(env)
    return lambda env: left(env) not in right(env)


def _count(members: tuple[int, ...], var: int, body: Fn) -> Fn:
    def count(env: Env) -> int:
        total = 0
        for index in members:
            env[var] = env[index]
            if body(env):
                total += 1
        return total

    return count


def _all(members: tuple[int, ...], var: int, body: Fn) -> Fn:
    def every(env: Env) -> bool:
        for index in members:
            env[var] = env[index]
            if not body(env):
                return False
        return True

    return every


def _any(members: tuple[int, ...], var: int, body: Fn) -> Fn:
    def some(env: Env) -> bool:
        for index in members:
            env[var] = env[index]
            if body(env):
                return True
        return False

    return some


def _sum(members: tuple[int, ...], var: int, body: Fn) -> Fn:
    def total(env: Env) -> int:
        result = 0
        for index in members:
            env[var] = env[index]
            result += body(env)
        return result

    return total


def _distinct(members: tuple[int, ...], var: int, body: Fn) -> Fn:
    def distinct(env: Env) -> int:
        seen = set()
        for index in members:
            env[var] = env[index]
            seen.add(body(env))
        return len(seen)

    return distinct


# Aggregates over `hand` or a group of a yaku also see the groups' extra tiles (a kong's
# fourth, ``InputEnv.extra``; None without kongs, or in a plain list environment: one
# attribute read per aggregate).

def _extra_records(extra: list[tuple[Any, ...]], groups: tuple[int, ...]) -> list[Any]:
    return [record for group in groups for record in extra[group]]


def _count_x(members: tuple[int, ...], groups: tuple[int, ...], var: int, body: Fn) -> Fn:
    def count(env: Env) -> int:
        total = 0
        for index in members:
            env[var] = env[index]
            if body(env):
                total += 1
        extra = getattr(env, "extra", None)
        if extra is not None:
            for record in _extra_records(extra, groups):
                env[var] = record
                if body(env):
                    total += 1
        return total

    return count


def _all_x(members: tuple[int, ...], groups: tuple[int, ...], var: int, body: Fn) -> Fn:
    def every(env: Env) -> bool:
        for index in members:
            env[var] = env[index]
            if not body(env):
                return False
        extra = getattr(env, "extra", None)
        if extra is not None:
            for record in _extra_records(extra, groups):
                env[var] = record
                if not body(env):
                    return False
        return True

    return every


def _any_x(members: tuple[int, ...], groups: tuple[int, ...], var: int, body: Fn) -> Fn:
    def some(env: Env) -> bool:
        for index in members:
            env[var] = env[index]
            if body(env):
                return True
        extra = getattr(env, "extra", None)
        if extra is not None:
            for record in _extra_records(extra, groups):
                env[var] = record
                if body(env):
                    return True
        return False

    return some


def _sum_x(members: tuple[int, ...], groups: tuple[int, ...], var: int, body: Fn) -> Fn:
    def total(env: Env) -> int:
        result = 0
        for index in members:
            env[var] = env[index]
            result += body(env)
        extra = getattr(env, "extra", None)
        if extra is not None:
            for record in _extra_records(extra, groups):
                env[var] = record
                result += body(env)
        return result

    return total


def _distinct_x(members: tuple[int, ...], groups: tuple[int, ...], var: int,
                body: Fn) -> Fn:
    def distinct(env: Env) -> int:
        seen = set()
        for index in members:
            env[var] = env[index]
            seen.add(body(env))
        extra = getattr(env, "extra", None)
        if extra is not None:
            for record in _extra_records(extra, groups):
                env[var] = record
                seen.add(body(env))
        return len(seen)

    return distinct


_EXTRA_BUILDERS: dict[str, Callable[[tuple[int, ...], tuple[int, ...], int, Fn], Fn]] = {
    "count": _count_x, "all": _all_x, "any": _any_x, "sum": _sum_x, "distinct": _distinct_x,
}


_AGGREGATE_BUILDERS: dict[str, Callable[[tuple[int, ...], int, Fn], Fn]] = {
    "count": _count, "all": _all, "any": _any, "sum": _sum, "distinct": _distinct,
}
