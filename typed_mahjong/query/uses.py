"""Where a written literal meets a name declared with a result, read from the syntax.

With the plugin, ``expected: Points[Hand["..."], Ron["3p"]]`` has the type
``Literal[1300]``, and mypy then checks every place a value meets it: ``expected == 1600``
(the plugin's ``==`` hook, ``[mahjong-mismatch]``), ``dealer(1300)`` for a parameter so
annotated and ``Fixture(1600)`` for a dataclass or NamedTuple field (mypy's
``[arg-type]``), and the rows of ``@pytest.mark.parametrize`` against the test's annotated
parameters (the plugin's ``[arg-type]``). A reader of the syntax sees the same where the
name is declared in the module: this module finds the declarations (``Declarations``,
kept per top-level statement) and resolves a use to its query (``Resolver``); the call
reader (``calls``) walks the statements mypy checks and collects the uses (``Use``).

Resolved: a variable or parameter declared in the function or at module level, a class
attribute (``Table.dealer``), ``self.points`` in a method, an item of a ``TypedDict``
parameter or variable (``row["points"]``), and calls of module-level functions and of
dataclasses and NamedTuples without base classes. Anything else (an import from another
module, a method call, a class with bases) is left alone: docs/editors.md lists it.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from .finder import NO_VALUE, Names, Span, declared_found

# An annotation's question: the result and its inputs as written (name, values).
Query = tuple[str, tuple[tuple[str, tuple[object, ...]], ...]]

COMPARED: Final = "compared"
ARGUMENT: Final = "argument"
_DATACLASS_OPTIONS: Final = frozenset({"frozen", "slots", "eq", "order", "repr", "unsafe_hash",
                                       "match_args", "weakref_slot"})


@dataclass(frozen=True, slots=True)
class ClassRef:
    """A name declared with a class of the module (``row: Row``): its items or attributes
    are the class's."""

    name: str


@dataclass(frozen=True, slots=True)
class Parameter:
    name: str
    positional: bool
    keyword: bool
    query: Query | None


@dataclass(frozen=True, slots=True)
class Signature:
    """What a call of a function or a class maps its arguments to, as mypy does."""

    name: str
    parameters: tuple[Parameter, ...]
    star: bool  # *args: more positional arguments go there
    double_star: bool  # **kwargs: any other keyword goes there


@dataclass(frozen=True, slots=True)
class ClassDeclared:
    name: str
    attributes: tuple[tuple[str, Query], ...]
    typed_dict: bool
    constructor: Signature | None

    def attribute(self, name: str) -> Query | None:
        return next((query for attribute, query in self.attributes if attribute == name), None)


Declared = Query | ClassRef | Signature | ClassDeclared


@dataclass(frozen=True, slots=True)
class Use:
    """A literal written where a declared result is expected: compared with it
    (``COMPARED``: ``equal`` for ``==``), or passed to it (``ARGUMENT``: ``argument`` is
    how mypy names it, ``1`` or ``"value"``, and ``callee`` the function)."""

    kind: str
    query: Query
    written: object
    span: Span
    equal: bool = True
    argument: str = ""
    callee: str = ""

    def moved(self, lines: int) -> Use:
        if not lines:
            return self
        return Use(self.kind, self.query, self.written, self.span.moved(lines), self.equal,
                   self.argument, self.callee)


def query_of(annotation: ast.expr, names: Names) -> Query | None:
    """The question a whole annotation asks (a result, ``Final[...]`` of one, or an alias
    of one), or None."""
    found = declared_found(annotation, names)
    if found is None or found.inputs is None:
        return None
    return found.result, tuple((written.name, written.values) for written in found.inputs)


def declared_type(annotation: ast.expr | None, names: Names) -> Declared | None:
    """What an annotation declares, as far as uses care: a query, or a class of the module
    (by name; resolved when used)."""
    if annotation is None:
        return None
    query = query_of(annotation, names)
    if query is not None:
        return query
    if isinstance(annotation, ast.Name):
        return ClassRef(annotation.id)
    return None


def bindings(body: list[ast.stmt], names: Names, *, classes: bool) -> dict[str, Declared | None]:
    """The names some statements bind in their scope -> what each is declared as (None:
    bound without a declaration of ours). Blocks (``if``, ``for``, ``try``, ``with``) are
    the same scope; functions and classes are bound by name, their insides not read.
    ``classes``: read definitions as signatures and classes (module level)."""
    found: dict[str, Declared | None] = {}

    def bind(name: str, declared: Declared | None) -> None:
        known = found.get(name)
        if known is None:
            found[name] = declared
        elif declared is not None and declared != known:
            found[name] = None  # declared twice, differently: mypy reports it, we say nothing

    pending = list(body)
    while pending:
        node = pending.pop(0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            bind(node.name, signature(node, names) if classes else None)
            continue
        if isinstance(node, ast.ClassDef):
            bind(node.name, class_declared(node, names) if classes else None)
            continue
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            bind(node.target.id, declared_type(node.annotation, names))
            continue
        for target in _targets(node):
            for bound in ast.walk(target):
                if isinstance(bound, ast.Name) and isinstance(bound.ctx, ast.Store):
                    bind(bound.id, None)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bind((alias.asname or alias.name).split(".")[0], None)
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(node, name, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                pending += inner
        for holder in (*getattr(node, "handlers", ()), *getattr(node, "cases", ())):
            pending += holder.body
    return found


def _targets(node: ast.stmt) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return [node.target]
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return [item.optional_vars for item in node.items if item.optional_vars is not None]
    return []


def signature(node: ast.FunctionDef | ast.AsyncFunctionDef, names: Names,
              skip_first: bool = False) -> Signature:
    arguments = node.args
    positional = [*arguments.posonlyargs, *arguments.args]
    if skip_first:
        positional = positional[1:]
    only = len(arguments.posonlyargs) - (1 if skip_first else 0)
    parameters = [Parameter(argument.arg, True, index >= only,
                            _query_or_none(argument.annotation, names))
                  for index, argument in enumerate(positional)]
    parameters += [Parameter(argument.arg, False, True,
                             _query_or_none(argument.annotation, names))
                   for argument in arguments.kwonlyargs]
    return Signature(node.name, tuple(parameters), arguments.vararg is not None,
                     arguments.kwarg is not None)


def _query_or_none(annotation: ast.expr | None, names: Names) -> Query | None:
    return None if annotation is None else query_of(annotation, names)


def class_declared(node: ast.ClassDef, names: Names) -> ClassDeclared:
    """A class's attributes declared with results, and its constructor when mypy's is
    known from the body alone (a dataclass or a NamedTuple without other bases)."""
    attributes: list[tuple[str, Query]] = []
    fields: list[Parameter] = []
    keyword_only = False
    for statement in node.body:
        if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target,
                                                                      ast.Name):
            continue
        if _named(statement.annotation, "ClassVar"):
            continue
        if _named(statement.annotation, "KW_ONLY"):
            keyword_only = True
            continue
        query = query_of(statement.annotation, names)
        if query is not None:
            attributes.append((statement.target.id, query))
        options = _field_options(statement.value)
        if options.get("init") is False:
            continue
        only = keyword_only or options.get("kw_only") is True
        fields.append(Parameter(statement.target.id, not only, True, query))
    bases = [base for base in node.bases if not _named(base, "Generic")]
    typed_dict = len(bases) == 1 and _named(bases[0], "TypedDict")
    named_tuple = len(bases) == 1 and _named(bases[0], "NamedTuple")
    constructor = None
    if named_tuple or (not bases and not node.keywords and _plain_dataclass(node)):
        constructor = Signature(node.name, tuple(fields), False, False)
    return ClassDeclared(node.name, tuple(attributes), typed_dict, constructor)


def _named(node: ast.expr, name: str) -> bool:
    """``name`` or ``module.name``, subscripted or not (``ClassVar[int]``)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    return (isinstance(node, ast.Name) and node.id == name) or (
        isinstance(node, ast.Attribute) and node.attr == name)


def _plain_dataclass(node: ast.ClassDef) -> bool:
    """``@dataclass`` (or ``@dataclass(frozen=True, ...)``): its ``__init__`` takes the
    fields in order. Other options (``kw_only``, ``init=False``) are not followed."""
    for decorator in node.decorator_list:
        if _named(decorator, "dataclass"):
            return True
        if isinstance(decorator, ast.Call) and _named(decorator.func, "dataclass") \
                and not decorator.args \
                and all(keyword.arg in _DATACLASS_OPTIONS for keyword in decorator.keywords):
            return True
    return False


def _field_options(value: ast.expr | None) -> dict[str, object]:
    """The ``init=`` and ``kw_only=`` of ``field(...)``, when written as constants."""
    if not isinstance(value, ast.Call) or not _named(value.func, "field"):
        return {}
    return {keyword.arg: keyword.value.value for keyword in value.keywords
            if keyword.arg in ("init", "kw_only") and isinstance(keyword.value, ast.Constant)}


def merged(parts: list[Mapping[str, Declared | None]]) -> dict[str, Declared]:
    """The module's declarations from its top-level statements' ``bindings``: a name
    declared once (or the same way each time); bound only without a declaration, or
    declared in two ways, it is left out."""
    found: dict[str, Declared | None] = {}
    for part in parts:
        for name, declared in part.items():
            known = found.get(name, declared)
            if name not in found or known is None:
                found[name] = declared
            elif declared is not None and declared != known:
                found[name] = None
    return {name: declared for name, declared in found.items() if declared is not None}


class Resolver:
    """Resolves what an expression refers to, in the scopes the reader is in."""

    def __init__(self, module: Mapping[str, Declared], names: Names) -> None:
        self.module = module
        self.names = names
        # Innermost last: a function's bindings, and the class whose method it is.
        self.scopes: list[tuple[dict[str, Declared | None], ClassDeclared | None, str | None]] \
            = []

    def enter(self, node: ast.FunctionDef | ast.AsyncFunctionDef,
              owner: ClassDeclared | None) -> None:
        """Enter a function (a method of ``owner`` when it is one)."""
        local = bindings(node.body, self.names, classes=False)
        arguments = node.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                 *filter(None, (arguments.vararg, arguments.kwarg))]
        for argument in every:
            local[argument.arg] = declared_type(argument.annotation, self.names) \
                if argument not in (arguments.vararg, arguments.kwarg) else None
        method = owner is not None and not any(
            _named(decorator, "staticmethod") or _named(decorator, "classmethod")
            for decorator in node.decorator_list)
        positional = [*arguments.posonlyargs, *arguments.args]
        self_name = positional[0].arg if method and positional else None
        if self_name is not None and positional[0].annotation is None:
            local.pop(self_name, None)
        else:
            self_name = None
        self.scopes.append((local, owner if self_name else None, self_name))

    def leave(self) -> None:
        self.scopes.pop()

    def lookup(self, name: str) -> Declared | None:
        for local, _, _ in reversed(self.scopes):
            if name in local:
                return local[name]
        return self.module.get(name)

    def _class(self, declared: Declared | None) -> ClassDeclared | None:
        if isinstance(declared, ClassRef):
            declared = self.module.get(declared.name)
        return declared if isinstance(declared, ClassDeclared) else None

    def query(self, node: ast.expr) -> Query | None:
        """The query an expression's value answers: a declared name, attribute or item."""
        if isinstance(node, ast.Name):
            declared = self.lookup(node.id)
            return declared if isinstance(declared, tuple) else None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner = self._owner(node.value.id)
            if owner is None:
                declared = self.lookup(node.value.id)
                owner = self._class(declared)
            if owner is None or owner.typed_dict:
                return None
            return owner.attribute(node.attr)
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            declared = self.lookup(node.value.id)
            if not isinstance(declared, ClassRef):
                return None  # the class itself, subscripted: a type, not an item
            owner = self._class(declared)
            if owner is None or not owner.typed_dict:
                return None
            return owner.attribute(node.slice.value)
        return None

    def _owner(self, name: str) -> ClassDeclared | None:
        """The class of ``self`` in a method, when ``name`` is its first parameter."""
        if not self.scopes:
            return None
        _, owner, self_name = self.scopes[-1]
        return owner if name == self_name else None

    def callee(self, node: ast.expr) -> Signature | None:
        if not isinstance(node, ast.Name):
            return None
        declared = self.lookup(node.id)
        if isinstance(declared, Signature):
            return declared
        if isinstance(declared, ClassDeclared):
            return declared.constructor
        return None


def argument_uses(call: ast.Call, signature: Signature,
                  value_of: Callable[[ast.expr], object]) -> Iterator[Use]:
    """The arguments of a call written as literals (``value_of`` reads one, else
    NO_VALUE) where a parameter declared with a result takes them. As mypy, an argument
    is checked against the parameter it maps to even when the call has others too many
    or unknown (mypy reports those on the call itself); after a ``*`` argument the
    positions are not known, and nothing is read."""
    if any(isinstance(item, ast.Starred) for item in call.args):
        return
    positional = [parameter for parameter in signature.parameters if parameter.positional]
    pairs: list[tuple[str, Parameter, ast.expr]] = [
        (str(index), parameter, value) for index, (parameter, value) in
        enumerate(zip(positional, call.args, strict=False), start=1)]
    by_name = {parameter.name: parameter for parameter in signature.parameters
               if parameter.keyword}
    for keyword in call.keywords:
        parameter = by_name.get(keyword.arg) if keyword.arg is not None else None
        if parameter is not None:
            pairs.append((f'"{keyword.arg}"', parameter, keyword.value))
    for argument, parameter, value in pairs:
        if parameter.query is None:
            continue
        literal = value_of(value)
        if literal is not NO_VALUE:
            yield Use(ARGUMENT, parameter.query, literal, Span.of(value), argument=argument,
                      callee=signature.name)


def parametrize_table(decorator: ast.expr) -> tuple[list[str], list[ast.expr]] | None:
    """``@pytest.mark.parametrize(names, rows)``: its column names (those pytest routes to
    fixtures, by ``indirect=``, left out as None-named) and rows; None for another
    decorator or one not known here."""
    if not isinstance(decorator, ast.Call) or not _is_parametrize(decorator.func):
        return None
    arguments: dict[str, ast.expr] = {}
    positional = ["argnames", "argvalues"]
    for value in decorator.args:
        if isinstance(value, ast.Starred) or not positional:
            return None
        arguments[positional.pop(0)] = value
    for keyword in decorator.keywords:
        if keyword.arg is None:
            return None
        arguments[keyword.arg] = keyword.value
    columns = _column_names(arguments.get("argnames"))
    table = arguments.get("argvalues")
    if not columns or not isinstance(table, (ast.List, ast.Tuple, ast.Set)):
        return None
    indirect = arguments.get("indirect")
    if indirect is not None:
        if isinstance(indirect, ast.Constant) and indirect.value is False:
            pass
        elif isinstance(indirect, (ast.List, ast.Tuple)):
            skipped = _column_names(indirect)
            if len(skipped) != len(indirect.elts):
                return None
            columns = ["" if column in skipped else column for column in columns]
        else:
            return None
    return columns, list(table.elts)


def _is_parametrize(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "parametrize" \
        and isinstance(node.value, (ast.Name, ast.Attribute)) \
        and (node.value.id if isinstance(node.value, ast.Name) else node.value.attr) == "mark"


def _column_names(node: ast.expr | None) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [name.strip() for name in node.value.split(",") if name.strip()]
    if isinstance(node, (ast.List, ast.Tuple)):
        items = [item.value for item in node.elts
                 if isinstance(item, ast.Constant) and isinstance(item.value, str)]
        return items if len(items) == len(node.elts) else []
    return []


def row_values(row: ast.expr, width: int) -> list[ast.expr] | None:
    """A row's values, one per column: ``pytest.param(...)``'s positional arguments, a
    tuple or list for several columns, the expression itself for one."""
    if isinstance(row, ast.Call) and (
            (isinstance(row.func, ast.Attribute) and row.func.attr == "param")
            or (isinstance(row.func, ast.Name) and row.func.id == "param")):
        if any(isinstance(item, ast.Starred) for item in row.args):
            return None
        values = list(row.args)
    elif width == 1:
        values = [row]
    elif isinstance(row, (ast.Tuple, ast.List)):
        values = list(row.elts)
    else:
        return None
    return values if len(values) == width else None


__all__ = ["ARGUMENT", "COMPARED", "ClassDeclared", "ClassRef", "Declared", "Parameter",
           "Query", "Resolver", "Signature", "Use", "argument_uses", "bindings",
           "class_declared", "declared_type", "merged",
           "parametrize_table", "query_of", "row_values", "signature"]
