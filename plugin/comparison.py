"""``==`` / ``!=`` between a value typed-mahjong computed and a different literal.

``expected: Points[...] = 1300`` then ``assert expected == 1600`` is the first thing a pytest
user writes, and mypy says nothing about it unless ``strict_equality`` is on (and then only
as a generic "non-overlapping" warning). This method hook, on ``int``/``str``/``tuple``
``__eq__``/``__ne__``, makes it an error whatever the settings say.

What counts as "a value typed-mahjong computed" (the side that is not written as a literal):
- a call of one of the function forms (``points(...)``, ``yaku(...)``, ...);
- any other expression -- a variable, an attribute, a subscript -- whose type is one literal
  (``Literal[1300]``: what every result annotation becomes), in a module that uses
  typed-mahjong: the module being checked imports it, or the variable is defined in a module
  that does (a fixtures module imported by a test).

Left alone: comparisons where either side is not a single literal (``x == y`` with ``x: int``),
equal literals, two literals written out (``1 == 2``), modules unrelated to typed-mahjong,
and ``is`` / ``is not`` (identity, not value: mypy's own rules apply).

The hook runs on every ``==`` of ``int``/``str``/``tuple`` in the project, so it bails out
at the first test that fails, cheapest tests first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mypy.nodes import (
    CallExpr,
    ComparisonExpr,
    Expression,
    IntExpr,
    MemberExpr,
    MypyFile,
    NameExpr,
    RefExpr,
    StrExpr,
    TupleExpr,
    TypeInfo,
    UnaryExpr,
    Var,
)
from mypy.plugin import MethodContext
from mypy.types import (
    AnyType,
    Instance,
    LiteralType,
    TupleType,
    Type,
    TypeOfAny,
    get_proper_type,
)

from typed_mahjong.query.wording import mismatch_message, shown

from . import errors

# The method hooks' full names -> whether the operator is "==".
EQUALITY_METHODS: Final[dict[str, bool]] = {
    f"builtins.{kind}.{method}": method == "__eq__"
    for kind in ("int", "str", "tuple")
    for method in ("__eq__", "__ne__")
}
_PACKAGE: Final = "typed_mahjong"

_Literal = int | str | tuple[object, ...]


def literal_value(typ: Type) -> _Literal | None:
    """The value of a type that is exactly one literal (or a tuple of them), else None."""
    proper = get_proper_type(typ)
    if isinstance(proper, LiteralType):
        value = proper.value
        return value if isinstance(value, (int, str)) and not isinstance(value, bool) else None
    if isinstance(proper, Instance):
        known = proper.last_known_value  # the type of a literal expression: Literal[1600]?
        return literal_value(known) if known is not None else None
    if isinstance(proper, TupleType):
        items = [literal_value(item) for item in proper.items]
        if any(item is None for item in items):
            return None
        return tuple(items)
    return None


class ComparisonHook:
    """The method hook, with the little it remembers: which modules use typed-mahjong."""

    def __init__(self, function_names: frozenset[str]) -> None:
        self._function_names = function_names
        self._uses_plugin: dict[tuple[str, int], bool] = {}

    def __call__(self, ctx: MethodContext, *, equal: bool) -> Type:
        try:
            return self._check(ctx, equal)
        except Exception:  # noqa: BLE001 - a plugin bug must not crash mypy; the check is
            # an extra, so a failure in it leaves mypy's own verdict alone.
            return ctx.default_return_type

    def hook(self, equal: bool) -> Callable[[MethodContext], Type]:
        """The method hook of ``==`` (``equal``) or ``!=``: one call of a closure, which
        answers the common case itself -- a fixture asserted equal to its value
        (``h0 == 2600``), the literal's value against the written literal's -- and asks
        ``_check`` about the rest. mypy calls it on every such comparison in the project."""
        check = self._check

        def compare(ctx: MethodContext) -> Type:
            try:
                left_type = ctx.type
                if type(left_type) is LiteralType:
                    arg_types = ctx.arg_types
                    if len(arg_types) == 1 and len(arg_types[0]) == 1:
                        right_type = arg_types[0][0]
                        if type(right_type) is Instance:
                            known = right_type.last_known_value
                            if known is not None and type(known.value) is type(
                                    left_type.value) and known.value == left_type.value:
                                return ctx.default_return_type
                return check(ctx, equal)
            except Exception:  # noqa: BLE001 - as in __call__
                return ctx.default_return_type

        return compare

    def _check(self, ctx: MethodContext, equal: bool) -> Type:
        arg_types = ctx.arg_types
        if not arg_types or len(arg_types[0]) != 1:
            return ctx.default_return_type
        left_type, right_type = ctx.type, arg_types[0][0]
        if type(left_type) is LiteralType and type(right_type) is Instance:
            # The common case, a fixture asserted equal to its value (h0 == 2600): the
            # literal's value against the written literal's, read without a call.
            known = right_type.last_known_value
            if known is not None and type(known.value) is type(left_type.value) \
                    and known.value == left_type.value:
                return ctx.default_return_type
        left = literal_value(left_type)
        if left is None:
            return ctx.default_return_type
        right = literal_value(ctx.arg_types[0][0])
        if right is None or right == left or type(right) is not type(left):
            return ctx.default_return_type
        comparison = ctx.context
        if not isinstance(comparison, ComparisonExpr):
            return ctx.default_return_type  # an explicit x.__eq__(y): leave it to mypy
        operator = "==" if equal else "!="
        for index, written in enumerate(comparison.operators):
            if written != operator:
                continue
            pair = comparison.operands[index], comparison.operands[index + 1]
            computed = [side for side in pair if written_value(side) is None]
            if len(computed) == 1 and self._computed(ctx, computed[0]):
                # mypy may ask either side's method: name the values by what is written.
                other = written_value(pair[1] if computed[0] is pair[0] else pair[0])
                value = right if other == left else left
                ctx.api.fail(shown(mismatch_message(value, other, equal)), comparison,
                             code=errors.MISMATCH)
                break
        return ctx.default_return_type

    def _computed(self, ctx: MethodContext, expr: Expression) -> bool:
        if isinstance(expr, CallExpr):
            callee = expr.callee
            return isinstance(callee, RefExpr) and callee.fullname in self._function_names
        if literal_value(_type_of(ctx, expr)) is None:
            # mypy asks each item of a union (``Literal["ron", "tsumo"]``) on its own.
            return False
        var = _variable(ctx, expr)
        if var is not None and var.type is not None and literal_value(var.type) is None:
            # Declared wider (``Literal["ron", "tsumo"]``, ``int``) and narrowed here by
            # the code around it: mypy's business, not a fixture.
            return False
        current = getattr(ctx.api, "tree", None)
        if isinstance(current, MypyFile) and self._module_uses_plugin(current):
            return True
        # A fixture imported from another module: is it defined in one that uses ours?
        modules: dict[str, MypyFile] = getattr(ctx.api, "modules", {})
        home = modules.get(_home_module(var) if var is not None else "")
        return home is not None and self._module_uses_plugin(home)

    def _module_uses_plugin(self, module: MypyFile) -> bool:
        key = (module.fullname, id(module))
        known = self._uses_plugin.get(key)
        if known is None:
            known = self._uses_plugin[key] = module_uses_typed_mahjong(module)
        return known


def module_uses_typed_mahjong(module: MypyFile) -> bool:
    """Whether ``module`` (not one of ours) imports a name from typed-mahjong."""
    return module.fullname.split(".")[0] != _PACKAGE and any(
        _from_package(symbol.fullname) for symbol in module.names.values())


def _from_package(fullname: str | None) -> bool:
    return fullname is not None and (fullname == _PACKAGE or fullname.startswith(_PACKAGE + "."))


def _variable(ctx: MethodContext, expr: Expression) -> Var | None:
    """The variable ``expr`` reads (``EXPECTED``, ``fixtures.EXPECTED``, ``Table.dealer``,
    ``case.dealer``), or None."""
    if isinstance(expr, NameExpr):
        return expr.node if isinstance(expr.node, Var) else None
    if not isinstance(expr, MemberExpr):
        return None
    if isinstance(expr.node, Var):  # module.EXPECTED
        return expr.node
    owner: object = None
    if isinstance(expr.expr, RefExpr) and isinstance(expr.expr.node, TypeInfo):
        owner = expr.expr.node  # Table.dealer
    else:
        typ = get_proper_type(_type_of(ctx, expr.expr))  # case.dealer
        owner = typ.type if isinstance(typ, Instance) else None
    if isinstance(owner, TypeInfo):
        symbol = owner.get(expr.name)
        if symbol is not None and isinstance(symbol.node, Var):
            return symbol.node
    return None


def _type_of(ctx: MethodContext, expr: Expression) -> Type:
    """The type mypy gave ``expr`` (Any when it has none recorded)."""
    lookup_type = getattr(ctx.api, "lookup_type", None)
    try:
        typ = lookup_type(expr) if lookup_type is not None else None
    except KeyError:
        typ = None
    return typ if isinstance(typ, Type) else AnyType(TypeOfAny.special_form)


def _home_module(var: Var) -> str:
    """The module a variable is defined in ("" for a function's local variable)."""
    if var.info:  # an attribute: its class knows (a module-level Var has a fake info)
        return var.info.module_name
    module, _, _ = var.fullname.rpartition(".")
    return module


def written_value(expr: Expression) -> _Literal | None:
    """The value of a literal written out (``1600``, ``-1``, ``"1300"``, ``("riichi",)``)."""
    if isinstance(expr, (IntExpr, StrExpr)):
        return expr.value
    if isinstance(expr, UnaryExpr) and expr.op == "-" and isinstance(expr.expr, IntExpr):
        return -expr.expr.value
    if isinstance(expr, TupleExpr):
        items = [written_value(item) for item in expr.items]
        return None if any(item is None for item in items) else tuple(items)
    return None



