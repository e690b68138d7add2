"""``@pytest.mark.parametrize`` rows against the test's annotated parameters.

::

    @pytest.mark.parametrize("expected", [1300, 1600])
    def test_tanyao(expected: Points[Hand["234p234s456m567s44p"], Ron["3p"]]) -> None: ...

The parameter's annotation is ``Literal[1300]`` with the plugin, but pytest hands the rows
to it at run time, so mypy never compares them: ``1600`` passes. This method hook, on
pytest's ``parametrize(...)`` call, finds the function the call decorates and checks every
row's value, where it is written, against that function's parameter of the same name: an
``[arg-type]`` error, as for a call ``test_tanyao(1600)``.

Only columns whose parameter is a literal type (a result annotation, or a ``Literal``
written out) are checked, only values written as literals (or typed as one literal), and
only in modules that use typed-mahjong, as for ``==`` (``comparison``). Columns pytest
routes to fixtures (``indirect=``) are left alone. Each check is an extra: a failure inside
it leaves mypy's own verdict as it is.
"""

from __future__ import annotations

from typing import Final

from mypy.errorcodes import ARG_TYPE
from mypy.nodes import (
    ARG_POS,
    Block,
    CallExpr,
    ClassDef,
    Decorator,
    Expression,
    FuncDef,
    ListExpr,
    MypyFile,
    NameExpr,
    RefExpr,
    SetExpr,
    Statement,
    StrExpr,
    TupleExpr,
)
from mypy.plugin import MethodContext
from mypy.types import (
    CallableType,
    LiteralType,
    TupleType,
    Type,
    UnionType,
    get_proper_type,
)

from .comparison import literal_value, module_uses_typed_mahjong, written_value
from .literals import literal_text
from .locate import shown

PARAMETRIZE_METHOD: Final = "_pytest.mark.structures._ParametrizeMarkDecorator.__call__"
_PARAM_FUNCTIONS: Final = frozenset({"_pytest.mark.param", "pytest.param",
                                     "_pytest.mark.structures.ParameterSet.param"})


class ParametrizeHook:
    """The method hook, with what it remembers per module: which function each decorator
    expression decorates."""

    def __init__(self) -> None:
        self._decorated: dict[tuple[str, int], dict[int, FuncDef]] = {}

    def __call__(self, ctx: MethodContext) -> Type:
        try:
            self._check(ctx)
        except Exception:  # noqa: BLE001 - an extra check must not crash mypy
            pass
        return ctx.default_return_type

    def _check(self, ctx: MethodContext) -> None:
        tree = getattr(ctx.api, "tree", None)
        call = ctx.context
        if not isinstance(tree, MypyFile) or not isinstance(call, CallExpr):
            return
        if not module_uses_typed_mahjong(tree):
            return
        function = self._function_of(tree, call)
        signature = function.type if function is not None else None
        if function is None or not isinstance(signature, CallableType):
            return
        names, rows, skipped = _table(call)
        if not names:
            return
        columns: list[tuple[str, Type] | None] = []
        for name in names:
            typ = None
            if name not in skipped and name in signature.arg_names:
                typ = signature.arg_types[signature.arg_names.index(name)]
            columns.append((name, typ) if typ is not None and _literal_form(typ) else None)
        if not any(columns):
            return
        for row in rows:
            values = _row_values(row, len(names))
            if values is None:
                continue
            for column, value in zip(columns, values, strict=True):
                if column is not None:
                    _check_value(ctx, function.name, column[0], column[1], value)

    def _function_of(self, tree: MypyFile, call: CallExpr) -> FuncDef | None:
        key = (tree.fullname, id(tree))
        decorated = self._decorated.get(key)
        if decorated is None:
            decorated = self._decorated[key] = _decorators(tree)
        return decorated.get(id(call))


def _decorators(tree: MypyFile) -> dict[int, FuncDef]:
    """Every decorator expression of a module -> the function it decorates: test functions,
    methods of test classes, and functions nested in blocks (mypy's own traverser is a
    compiled class, which an interpreted plugin cannot subclass)."""
    found: dict[int, FuncDef] = {}
    pending: list[Statement] = list(tree.defs)
    while pending:
        statement = pending.pop()
        if isinstance(statement, Decorator):
            for expression in statement.decorators:
                found[id(expression)] = statement.func
            pending += statement.func.body.body
        elif isinstance(statement, FuncDef):
            pending += statement.body.body
        elif isinstance(statement, ClassDef):
            pending += statement.defs.body
        elif isinstance(statement, Block):
            pending += statement.body
        else:
            for name in ("body", "else_body", "finally_body"):
                block = getattr(statement, name, None)
                if isinstance(block, Block):
                    pending += block.body
                elif isinstance(block, list):  # IfStmt.body, TryStmt.handlers: blocks
                    pending += [item for item in block if isinstance(item, Block)]
            handlers = getattr(statement, "handlers", None)
            if isinstance(handlers, list):
                pending += [item for item in handlers if isinstance(item, Block)]
    return found


def _table(call: CallExpr) -> tuple[list[str], list[Expression], set[str]]:
    """The column names, the row expressions and the columns routed to fixtures."""
    arguments: dict[str, Expression] = {}
    positional = ["argnames", "argvalues"]
    for kind, name, expression in zip(call.arg_kinds, call.arg_names, call.args,
                                      strict=True):
        if name is not None:
            arguments[name] = expression
        elif kind == ARG_POS and positional:
            arguments[positional.pop(0)] = expression
        else:
            return [], [], set()
    names = _names(arguments.get("argnames"))
    table = arguments.get("argvalues")
    if not isinstance(table, (ListExpr, TupleExpr, SetExpr)):
        return [], [], set()
    skipped: set[str] = set()
    indirect = arguments.get("indirect")
    if indirect is not None:
        if isinstance(indirect, NameExpr) and indirect.fullname == "builtins.False":
            pass
        elif isinstance(indirect, (ListExpr, TupleExpr)):
            skipped = set(_names(indirect))
            if len(skipped) != len(indirect.items):
                return [], [], set()
        else:
            return [], [], set()  # True, or not known here: every column goes to fixtures
    return names, list(table.items), skipped


def _names(expression: Expression | None) -> list[str]:
    if isinstance(expression, StrExpr):
        return [name.strip() for name in expression.value.split(",") if name.strip()]
    if isinstance(expression, (ListExpr, TupleExpr)):
        items = [item.value for item in expression.items if isinstance(item, StrExpr)]
        return items if len(items) == len(expression.items) else []
    return []


def _row_values(row: Expression, width: int) -> list[Expression] | None:
    """A row's values, one per column: ``pytest.param(...)``'s positional arguments, a
    tuple or list for several columns, the expression itself for one."""
    if isinstance(row, CallExpr) and isinstance(row.callee, RefExpr) \
            and row.callee.fullname in _PARAM_FUNCTIONS:
        values = [arg for arg, kind in zip(row.args, row.arg_kinds, strict=True)
                  if kind == ARG_POS]
        if len(values) != sum(1 for kind in row.arg_kinds if kind.is_positional(star=True)):
            return None  # pytest.param(*values): not known here
    elif width == 1:
        values = [row]
    elif isinstance(row, (TupleExpr, ListExpr)):
        values = list(row.items)
    else:
        return None
    return values if len(values) == width else None


def _literal_form(typ: Type) -> bool:
    """A literal, a union of literals or a tuple of literals: what a result becomes."""
    proper = get_proper_type(typ)
    if isinstance(proper, LiteralType):
        return True
    if isinstance(proper, UnionType):
        return all(isinstance(get_proper_type(item), LiteralType) for item in proper.items)
    if isinstance(proper, TupleType):
        return all(isinstance(get_proper_type(item), LiteralType) for item in proper.items)
    return False


def _accepts(typ: Type, value: object) -> bool:
    proper = get_proper_type(typ)
    if isinstance(proper, UnionType):
        return any(_accepts(item, value) for item in proper.items)
    if isinstance(proper, TupleType):
        return isinstance(value, tuple) and len(value) == len(proper.items) and all(
            _accepts(item, part) for item, part in zip(proper.items, value, strict=True))
    if isinstance(proper, LiteralType):
        return type(proper.value) is type(value) and proper.value == value
    return True


def _check_value(ctx: MethodContext, function: str, name: str, typ: Type,
                 expression: Expression) -> None:
    value = written_value(expression)
    if value is None:
        lookup = getattr(ctx.api, "lookup_type_or_none", None)
        known = lookup(expression) if lookup is not None else None
        value = literal_value(known) if isinstance(known, Type) else None
    if value is None or _accepts(typ, value):
        return
    from mypy.messages import format_type

    expected = format_type(typ, ctx.api.options)
    ctx.api.fail(shown(f'Argument "{name}" to "{function}" has incompatible type '
                       f"{literal_text(value)}; expected {expected}"), expression,
                 code=ARG_TYPE)
