"""Finding the function forms and table rows in source text: ``points("...", win="3p")``,
``assert han(...) == 2``, ``cases.points(..., expect=1300)``.

The mypy plugin answers these in its function hooks (``plugin/function_hook.py``,
``plugin/case_hook.py``) and its ``==`` hook (``plugin/comparison.py``), which run only
where mypy type-checks an expression. So this finder reads only what mypy would check:
not the bodies of functions without annotations (mypy's default, no
``check_untyped_defs``), not the statements after a ``return``, ``raise``, ``break``,
``continue``, ``assert False`` or a call of a well-known ``NoReturn`` function, not the
``else`` of ``if TYPE_CHECKING`` nor the body of ``if False``, and neither branch of a
``sys.version_info`` / ``sys.platform`` test. Reachability that mypy infers from types
(``isinstance`` narrowing) is beyond a reader of the syntax: see docs/editors.md.

A call is read as the plugin reads its arguments: mapped to the callee's parameters in
mypy's order (each parameter in turn, then the ``**options`` keywords as written), each a
literal (a string, number or bool written out, or a ``Final`` constant of the module).
Anything else (a variable, ``*args``, an unknown keyword, a callee bound twice) leaves the
call unread, as it leaves the plugin silent or mypy reporting its own error.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from .finder import (
    LITERAL,
    NO_VALUE,
    PACKAGE,
    Names,
    Span,
    _in_package,
    _literal,
    _typing_name,
)
from .names import FUNCTION_RESULTS, KEYWORD_TYPES, RESULTS
from .uses import (
    ARGUMENT,
    COMPARED,
    ClassDeclared,
    Declared,
    Resolver,
    Use,
    argument_uses,
    class_declared,
    parametrize_table,
    query_of,
    row_values,
)

EXPLAIN: Final = "Explain"  # explain(): notes only, as the plugin's pseudo-result
EXPECT: Final = "expect"
GAME_ROWS: Final = frozenset({"game_points", "game_yaku"})
_CASES: Final = f"{PACKAGE}.query.cases"
# Calls after which mypy reads no more of a block: they are typed NoReturn.
_NO_RETURN: Final = frozenset({"sys.exit", "exit", "quit", "os._exit", "pytest.fail",
                               "pytest.skip", "pytest.exit", "pytest.xfail",
                               "typing.assert_never", "assert_never", "typing.NoReturn"})


@dataclass(frozen=True, slots=True)
class Form:
    """A callable the plugin answers: its name, the result it asks (``Points``; EXPLAIN for
    explain()), whether it is a table row, and its parameters as mypy maps arguments."""

    name: str
    result: str
    row: bool
    positional: tuple[str, ...]
    keyword_only: tuple[str, ...]
    any_keyword: bool  # **options: a keyword of no parameter of its own goes there


@dataclass(frozen=True, slots=True)
class Argument:
    """One argument in mypy's order: its parameter's name, its literal value (NO_VALUE when
    it is none) and where it is."""

    name: str
    value: object
    span: Span


@dataclass(frozen=True, slots=True)
class Comparison:
    """``call == 1600`` (``equal``) or ``call != 1600``: the literal written on the other
    side, and the comparison's place (where mypy reports it)."""

    equal: bool
    other: object
    span: Span


@dataclass(frozen=True, slots=True)
class CallFound:
    """A call of a function form or a table row, every argument a literal (``expect=`` of
    a row may be NO_VALUE). ``declared`` is the value of ``x: Literal[v] = call``, when
    the call is the whole value; ``compared`` the comparison it is a side of."""

    form: Form
    arguments: tuple[Argument, ...]
    span: Span
    declared: object = NO_VALUE
    compared: Comparison | None = None

    def moved(self, lines: int) -> CallFound:
        """The same call after ``lines`` lines were added above it."""
        if not lines:
            return self
        compared = self.compared
        if compared is not None:
            compared = Comparison(compared.equal, compared.other, compared.span.moved(lines))
        return CallFound(self.form, tuple(Argument(item.name, item.value,
                                                   item.span.moved(lines))
                                          for item in self.arguments),
                         self.span.moved(lines), self.declared, compared)


def _form(function: Callable[..., object], result: str, row: bool) -> Form:
    parameters = inspect.signature(function).parameters.values()
    return Form(function.__name__, result, row,
                tuple(p.name for p in parameters if p.kind in (
                    p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)),
                tuple(p.name for p in parameters if p.kind == p.KEYWORD_ONLY),
                any(p.kind == p.VAR_KEYWORD for p in parameters))


def _forms() -> dict[str, Form]:
    """Every dotted path a module may call a form by -> the form. The parameters are the
    functions' own, so a new keyword cannot leave this table behind."""
    from ..core import shanten
    from . import cases, functions

    found: dict[str, Form] = {}
    for fullname, result in {**FUNCTION_RESULTS, f"{functions.__name__}.explain":
                             EXPLAIN}.items():
        module, _, name = fullname.rpartition(".")
        source = functions if module == functions.__name__ else shanten
        form = _form(getattr(source, name), result, row=False)
        found[fullname] = found[f"{PACKAGE}.{name}"] = form  # typed_mahjong.points too
    for name, result in cases.RESULT_OF.items():
        found[f"{_CASES}.{name}"] = _form(getattr(cases, name), result, row=True)
    return found


FORMS: Final = _forms()


def calls_possible(names: Names) -> bool:
    """Whether a module binds anything a form may be called through: when not, its
    statements need no reading for calls (most fixtures modules import only types)."""
    return any(_resolves(path) for path in names.paths.values())


def uses_possible(names: Names) -> bool:
    """Whether a module may declare a name with a result (it imports one, or our
    package), so a value may meet one in its expressions."""
    return bool(names.modules) or any(name in RESULTS for name in names.ours.values())


def _resolves(path: str) -> bool:
    return path in FORMS or any(form.startswith(path + ".") for form in FORMS)


def find_calls(statement: ast.stmt, names: Names) -> list[CallFound]:
    """The answerable calls of one top-level statement, in source order."""
    return read_statement(statement, names, None)[0]


def read_statement(statement: ast.stmt, names: Names,
                   declared: Mapping[str, Declared] | None
                   ) -> tuple[list[CallFound], list[Use]]:
    """The answerable calls of one top-level statement and, given the module's
    ``declared`` names (``uses.merged``), the places a literal meets one (``Use``), each
    in source order."""
    reader = _Reader(names, _bound_in(statement), declared)
    reader.block([statement], checked=True)
    reader.found.sort(key=lambda call: (call.span.line, call.span.column))
    reader.uses.sort(key=lambda use: (use.span.line, use.span.column))
    return reader.found, reader.uses


def calls_used(statement: ast.stmt) -> frozenset[str]:
    """Every name a statement mentions: what its calls' reading may depend on."""
    return frozenset(node.id for node in ast.walk(statement) if isinstance(node, ast.Name))


def _bound_in(statement: ast.stmt) -> frozenset[str]:
    """Names a statement binds locally (parameters, targets of any kind): a call through
    one of them may be to something else."""
    bound: set[str] = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.Import):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names
                         if not _in_package(alias.name))
        elif isinstance(node, ast.ImportFrom) and not (
                node.level == 0 and node.module is not None and _in_package(node.module)):
            # An import of ours is in the module's Names already (``paths``).
            bound.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            bound.add(node.name)
    return frozenset(bound)


class _Reader:
    """Walks a statement as mypy checks it, collecting the calls it can answer."""

    def __init__(self, names: Names, local: frozenset[str],
                 declared: Mapping[str, Declared] | None = None) -> None:
        self.names = names
        self.local = local
        self.found: list[CallFound] = []
        self.uses: list[Use] = []
        self.resolver = Resolver(declared, names) if declared is not None else None
        # The class whose body the reader is in (None: a function's), innermost last.
        self._classes: list[ClassDeclared | None] = []

    def block(self, statements: list[ast.stmt], checked: bool) -> None:
        for statement in statements:
            self.statement(statement, checked)
            if _ends_flow(statement):
                break  # mypy does not check what follows

    def statement(self, node: ast.stmt, checked: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            self.expressions([*node.decorator_list, *arguments.defaults,
                              *filter(None, arguments.kw_defaults)], checked)
            typed = node.returns is not None or any(
                argument.annotation is not None for argument in (
                    *arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                    *filter(None, (arguments.vararg, arguments.kwarg))))
            if self.resolver is None:
                self.block(node.body, checked and typed)
                return
            if checked and typed:
                self._parametrized(node)
            self.resolver.enter(node, self._classes[-1] if self._classes else None)
            self._classes.append(None)
            self.block(node.body, checked and typed)
            self._classes.pop()
            self.resolver.leave()
            return
        if isinstance(node, ast.ClassDef):
            self.expressions([*node.decorator_list, *node.bases,
                              *(keyword.value for keyword in node.keywords)], checked)
            self._classes.append(class_declared(node, self.names)
                                 if self.resolver is not None else None)
            self.block(node.body, checked)
            self._classes.pop()
            return
        if isinstance(node, ast.If):
            self.expressions([node.test], checked)
            static = _static(node.test)
            self.block(node.body, checked and static in (_BODY, _BOTH))
            self.block(node.orelse, checked and static in (_ELSE, _BOTH))
            return
        if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Call) and checked:
            declared = self._declared(node.annotation)
            if declared is not NO_VALUE:
                self.call(node.value, declared=declared)
                self.expressions([node.target, *ast.iter_child_nodes(node.value)], checked)
                return
        # Every expression of the statement but its annotations (types, not checked as
        # expressions); then its blocks.
        self.expressions([child for name, child in ast.iter_fields(node)
                          if name not in ("annotation", "returns") and isinstance(
                              child, ast.AST) and not isinstance(child, ast.stmt)]
                         + [item for name, items in ast.iter_fields(node)
                            if isinstance(items, list) and name not in _BLOCKS
                            for item in items if isinstance(item, ast.AST)], checked)
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(node, name, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                self.block(inner, checked)
        for handler in getattr(node, "handlers", ()):
            self.expressions([handler.type] if handler.type is not None else [], checked)
            self.block(handler.body, checked)
        for case in getattr(node, "cases", ()):
            self.expressions([case.guard] if case.guard is not None else [], checked)
            self.block(case.body, checked)

    def expressions(self, nodes: list[ast.AST], checked: bool) -> None:
        """Collect the calls inside some expressions (lambdas and comprehensions too)."""
        if not checked:
            return
        pending = list(nodes)
        while pending:
            node = pending.pop()
            if isinstance(node, ast.Compare) and len(node.ops) == 1 \
                    and isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
                sides = (node.left, node.comparators[0])
                written = [_written(side) for side in sides]
                for index, side in enumerate(sides):
                    if isinstance(side, ast.Call) and written[1 - index] is not NO_VALUE:
                        self.call(side, compared=Comparison(
                            isinstance(node.ops[0], ast.Eq), written[1 - index],
                            Span.of(node)))
                        pending.extend([*ast.iter_child_nodes(side), sides[1 - index]])
                        break
                else:
                    self._compared(node, sides, written)
                    pending.extend(ast.iter_child_nodes(node))
                continue
            if isinstance(node, ast.Call):
                self.call(node)
            pending.extend(ast.iter_child_nodes(node))

    def call(self, node: ast.Call, *, declared: object = NO_VALUE,
             compared: Comparison | None = None) -> None:
        """Record a call of ours (not its insides: the caller walks them)."""
        signature = self.resolver.callee(node.func) if self.resolver is not None else None
        if signature is not None:
            self.uses.extend(argument_uses(node, signature, self._use_value))
        form = FORMS.get(self.dotted(node.func) or "")
        if form is None:
            return
        arguments = self._arguments(form, node)
        if arguments is not None:
            self.found.append(CallFound(form, arguments, Span.of(node), declared,
                                        compared if not form.row else None))

    def _compared(self, node: ast.Compare, sides: tuple[ast.expr, ast.expr],
                  written: list[object]) -> None:
        """``expected == 1600`` with ``expected`` declared with a result."""
        if self.resolver is None:
            return
        for index, side in enumerate(sides):
            other = written[1 - index]
            if other is NO_VALUE or written[index] is not NO_VALUE:
                continue
            query = self.resolver.query(side)
            if query is not None:
                self.uses.append(Use(COMPARED, query, other, Span.of(node),
                                     equal=isinstance(node.ops[0], ast.Eq)))
                return

    def _parametrized(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """``@pytest.mark.parametrize`` rows against the function's annotated parameters."""
        arguments = node.args
        declared = {argument.arg: query_of(argument.annotation, self.names)
                    for argument in (*arguments.posonlyargs, *arguments.args,
                                     *arguments.kwonlyargs)
                    if argument.annotation is not None}
        for decorator in node.decorator_list:
            table = parametrize_table(decorator)
            if table is None:
                continue
            columns, rows = table
            queries = [declared.get(column) if column else None for column in columns]
            if not any(queries):
                continue
            for row in rows:
                values = row_values(row, len(columns))
                for column, query, value in zip(columns, queries, values or (),
                                                strict=False):
                    literal = self._use_value(value) if query is not None else NO_VALUE
                    if query is not None and literal is not NO_VALUE:
                        self.uses.append(Use(ARGUMENT, query, literal, Span.of(value),
                                             argument=f'"{column}"', callee=node.name))

    def _use_value(self, node: ast.expr) -> object:
        """A value as the plugin's checks read it: written out, or a Final constant."""
        return self._value(node, expect=True)

    def dotted(self, node: ast.expr) -> str | None:
        """The dotted path a callee names (``typed_mahjong.query.cases.points``), or None
        when it is not reached through an import of ours alone."""
        if isinstance(node, ast.Name):
            if node.id in self.local or node.id in self.names.others:
                return None
            return self.names.paths.get(node.id)
        if isinstance(node, ast.Attribute):
            root = self.dotted(node.value)
            return None if root is None else f"{root}.{node.attr}"
        return None

    def _arguments(self, form: Form, node: ast.Call) -> tuple[Argument, ...] | None:
        """The arguments in mypy's order, or None when the plugin would not read them."""
        if len(node.args) > len(form.positional) or any(
                isinstance(item, ast.Starred) for item in node.args):
            return None
        by_name: dict[str, ast.expr] = dict(zip(form.positional, node.args, strict=False))
        extra: list[tuple[str, ast.expr]] = []
        for keyword in node.keywords:
            name = keyword.arg
            if name is None or name in by_name:
                return None  # **options, or a parameter given twice: mypy's to report
            if name in form.positional or name in form.keyword_only:
                by_name[name] = keyword.value
            elif form.any_keyword and (form.name in GAME_ROWS or name in KEYWORD_TYPES):
                extra.append((name, keyword.value))
                by_name[name] = keyword.value
            else:
                return None
        ordered = [(name, by_name[name]) for name in (*form.positional, *form.keyword_only)
                   if name in by_name] + extra
        found = []
        for name, value in ordered:
            literal = self._value(value, expect=form.row and name == EXPECT)
            if literal is NO_VALUE and not (form.row and name == EXPECT):
                return None
            found.append(Argument(name, literal, Span.of(value)))
        return tuple(found)

    def _value(self, node: ast.expr, *, expect: bool) -> object:
        """An argument's literal value as mypy types it, or NO_VALUE. ``expect=`` is read
        as the plugin reads it: a number or string (not a bool), or a tuple of them."""
        if expect:
            return _written(node) if not isinstance(node, ast.Name) else self._constant(node)
        if isinstance(node, ast.Constant) and type(node.value) is bool:
            return node.value
        literal = _literal(node)
        if literal is not None:
            return literal
        if isinstance(node, ast.Name):
            return self._constant(node)
        return NO_VALUE

    def _constant(self, node: ast.Name) -> object:
        constant = self.names.constants.get(node.id)
        if constant is None or node.id in self.local or node.id in self.names.variables:
            return NO_VALUE
        return constant

    def _declared(self, annotation: ast.expr) -> object:
        """The value of ``Literal[v]`` (one int or str), of ``tuple[Literal[a], ...]``
        (each item one), else NO_VALUE: what an assigned call is checked against."""
        if not isinstance(annotation, ast.Subscript):
            return NO_VALUE
        if _typing_name(annotation.value, self.names) == LITERAL:
            value = _literal(annotation.slice)
            return NO_VALUE if value is None else value
        head = annotation.value
        if isinstance(head, ast.Name) and head.id == "tuple" and head.id not in self.local \
                and head.id not in self.names.others:
            items = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) \
                else [annotation.slice]
            values = [self._declared(item) for item in items]
            if values and NO_VALUE not in values and all(
                    not isinstance(value, tuple) for value in values):
                return tuple(values)
        return NO_VALUE


# What mypy checks of an ``if``, decided before checking (``_static``).
_BODY: Final = "body"
_ELSE: Final = "else"
_BOTH: Final = "both"
_NEITHER: Final = "neither"  # the version and platform tests, which we do not evaluate
_BLOCKS: Final = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})


def _static(test: ast.expr) -> str:
    """Which branches of ``if test`` mypy checks: ``if TYPE_CHECKING`` only its body,
    ``if False`` only its ``else``; any test of its own it checks both of."""
    negate = False
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        negate, test = not negate, test.operand
    if isinstance(test, ast.Constant) and isinstance(test.value, (bool, int)):
        decided = bool(test.value)
    elif _mentions(test, ("TYPE_CHECKING", "MYPY")):
        if not isinstance(test, (ast.Name, ast.Attribute)):
            return _NEITHER
        decided = True
    elif _mentions(test, ("version_info", "platform")):
        return _NEITHER
    else:
        return _BOTH
    return _BODY if decided != negate else _ELSE


def _mentions(node: ast.expr, names: tuple[str, ...]) -> bool:
    return any((isinstance(item, ast.Name) and item.id in names)
               or (isinstance(item, ast.Attribute) and item.attr in names)
               for item in ast.walk(node))


def _ends_flow(node: ast.stmt) -> bool:
    """Whether no statement after ``node`` in its block is reachable for mypy (as far as a
    reader of the syntax can tell; when unsure, the rest is not read)."""
    if isinstance(node, (ast.Return, ast.Raise, ast.Continue, ast.Break)):
        return True
    if isinstance(node, ast.Assert):
        return isinstance(node.test, ast.Constant) and not node.test.value
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        return _callee_text(node.value.func) in _NO_RETURN
    if isinstance(node, ast.If):
        return bool(node.orelse) and _block_ends(node.body) \
            and _block_ends(node.orelse)
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return _block_ends(node.body)
    if isinstance(node, ast.While):
        always = isinstance(node.test, ast.Constant) and bool(node.test.value)
        return always and not any(isinstance(item, ast.Break) for item in _walk_loop(node))
    if isinstance(node, ast.Try):
        return _block_ends(node.finalbody) or (
            _block_ends(node.body) and all(
                _block_ends(handler.body) for handler in node.handlers))
    return False


def _block_ends(body: list[ast.stmt]) -> bool:
    return any(_ends_flow(statement) for statement in body)


def _walk_loop(loop: ast.While) -> Iterator[ast.AST]:
    """The nodes of a loop's body, not those of loops or functions inside it (their
    ``break`` is their own)."""
    pending: list[ast.AST] = list(loop.body)
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef,
                                 ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(node))


def _callee_text(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_callee_text(node.value)}.{node.attr}"
    return ""


def _written(node: ast.expr) -> object:
    """A literal written out, as the plugin reads one (``written_value``): an int or str
    (a bool is not one), a negative int, or a tuple of them; else NO_VALUE."""
    literal = _literal(node)
    if literal is not None:
        return literal
    if isinstance(node, ast.Tuple):
        items = [_written(item) for item in node.elts]
        return NO_VALUE if NO_VALUE in items else tuple(items)
    return NO_VALUE
