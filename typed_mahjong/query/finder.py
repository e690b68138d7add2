"""Finding typed-mahjong's annotations in Python source text, with Python's ``ast``.

The one finder of the package: ``typed-mahjong lsp`` answers what it finds, and
``typed-mahjong editor-config`` asks it which files use the bare spelling. Nothing is
imported or run: names are resolved the way a reader of the module would, from its imports
(``from typed_mahjong import Points, Hand as H``, ``import typed_mahjong as tm``,
``from typing import Literal as L``), its plain aliases (``Win = Ron``) and its ``Final``
string and number constants (``HAND: Final = "..."``).

Positions are those mypy reports: 1-based lines, 0-based columns counted as ``ast`` counts
them (UTF-8 bytes of the line), so a client turns them into its own units.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from .building import NotALiteral
from .keys import has_no_decimal_text
from .names import INPUTS, NUMBER_INPUTS, RESULTS
from .wording import BareName

PACKAGE: Final = "typed_mahjong"
# Modules whose public names are ours: a name imported from one of them is resolved by name.
OUR_MODULES: Final = frozenset({PACKAGE, f"{PACKAGE}.query", f"{PACKAGE}.query.annotations",
                                f"{PACKAGE}.core.rules"})
TYPING_MODULES: Final = frozenset({"typing", "typing_extensions"})
# The names of typing a query's syntax uses.
LITERAL: Final = "Literal"
FINAL: Final = "Final"
TYPE_ALIAS: Final = "TypeAlias"
_OURS: Final = frozenset({*RESULTS, *INPUTS})
# What mypy's parser makes of an expression that is no type (a - b, f(x)).
_NOT_A_TYPE: Final = "typing.Any"


@dataclass(frozen=True, slots=True)
class Span:
    """Where a piece of source is: 1-based lines, 0-based UTF-8 byte columns (as ``ast``)."""

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def of(cls, node: ast.expr | ast.stmt) -> Span:
        end_line = node.end_lineno if node.end_lineno is not None else node.lineno
        end_column = node.end_col_offset if node.end_col_offset is not None \
            else node.col_offset + 1
        return cls(node.lineno, node.col_offset, end_line, end_column)

    def moved(self, lines: int) -> Span:
        """The same place after ``lines`` lines were added above it (removed: negative)."""
        return Span(self.line + lines, self.column, self.end_line + lines, self.end_column)

    def holds(self, line: int, column: int) -> bool:
        return (self.line, self.column) <= (line, column) <= (self.end_line, self.end_column)


@dataclass(frozen=True, slots=True)
class WrittenInput:
    """One input of a query as written: its resolved name (``Hand``; the written text for
    anything that is no input of ours), its values and where each is."""

    name: str
    values: tuple[object, ...]
    span: Span
    value_spans: tuple[Span, ...]


class NoValue:
    """The value of an annotation written without one, or with one that is no literal."""


NO_VALUE: Final = NoValue()


@dataclass(frozen=True, slots=True)
class Found:
    """A result annotation: ``Points[Hand["..."], Ron["3p"]]``.

    ``inputs`` is None when the result is written bare (``x: Points``); ``value`` is the
    literal assigned to it (``= 1300``), else ``NO_VALUE``, and ``value_span`` its place.
    ``alias`` marks an annotation written as an alias of a result (``x: DealerRon = 2000``
    after ``DealerRon: TypeAlias = Points[...]``): its inputs are the alias's, every place
    is the annotation's own, and a problem with the query is the alias's to report.
    """

    result: str
    inputs: tuple[WrittenInput, ...] | None
    span: Span
    value: object = NO_VALUE
    value_span: Span | None = None
    alias: bool = False


@dataclass(frozen=True, slots=True)
class InputAlone:
    """An input subscripted outside any result (``x: Hand["..."]``, ``H = Hand["..."]``):
    a usage error. ``text`` is its one string value, when it has exactly one."""

    name: str
    text: str | None
    span: Span


@dataclass(slots=True)
class Names:
    """What a module's names are bound to, as far as queries care."""

    ours: dict[str, str] = field(default_factory=dict)  # local name -> our public name
    modules: set[str] = field(default_factory=set)  # local names of our package/modules
    typing_names: dict[str, str] = field(default_factory=dict)  # local -> Literal / Final
    typing_modules: set[str] = field(default_factory=set)
    constants: dict[str, str | int] = field(default_factory=dict)  # Final constants
    # Aliases of one literal (``HandText = Literal["..."]``): a type, read as its value.
    literal_aliases: dict[str, str | int] = field(default_factory=dict)
    variables: set[str] = field(default_factory=set)  # other names the module binds
    # What is imported from our package, by local name: the dotted path (``points`` ->
    # ``typed_mahjong.points``, ``cases`` -> ``typed_mahjong.query.cases``), for calls.
    paths: dict[str, str] = field(default_factory=dict)
    # Names bound by anything but an import from our package (assignments, loops, defs,
    # other imports): a call through one of them may not be ours.
    others: set[str] = field(default_factory=set)
    # Aliases of a result (``DealerRon: TypeAlias = Points[...]``, or without the
    # ``TypeAlias``): the alias's name -> the result it stands for.
    result_aliases: dict[str, ast.expr] = field(default_factory=dict)


def statements(tree: ast.Module) -> list[ast.stmt]:
    """Every statement of a module, nested ones included, in no particular order.

    Imports, assignments, annotations and definitions are statements, so the finder walks
    statements only, never into expressions: several times faster than ``ast.walk`` on a
    module of a thousand annotations, which an edit in the editor re-reads whole."""
    found: list[ast.stmt] = []
    pending: list[list[ast.stmt]] = [tree.body]
    while pending:
        for node in pending.pop():
            found.append(node)
            for name in ("body", "orelse", "finalbody"):
                inner = getattr(node, name, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    pending.append(inner)
            for holder in (*getattr(node, "handlers", ()), *getattr(node, "cases", ())):
                pending.append(holder.body)
    return found


def module_names(tree: ast.Module | None, nodes: list[ast.stmt] | None = None) -> Names:
    """The names a module binds (anywhere: a reader does not track scopes, nor mypy's
    deferred passes), imports first, then plain aliases of our names. ``nodes``, when
    given, are the module's ``statements``."""
    names = Names()
    if nodes is None:
        assert tree is not None
        nodes = statements(tree)
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            for alias in node.names:
                local = alias.asname or alias.name
                if _in_package(node.module):
                    names.paths[local] = f"{node.module}.{alias.name}"
                else:
                    names.others.add(local)
                if node.module in OUR_MODULES and alias.name in _OURS:
                    names.ours[local] = alias.name
                elif node.module in TYPING_MODULES and alias.name in (LITERAL, FINAL):
                    names.typing_names[local] = alias.name
                elif node.module == PACKAGE and alias.name == "query" or \
                        node.module == f"{PACKAGE}.query" and alias.name == "annotations":
                    names.modules.add(local)  # from typed_mahjong import query as q
                else:
                    names.variables.add(local)
        elif isinstance(node, ast.ImportFrom):  # relative: not ours, as far as we know
            names.others.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                local = alias.asname or top
                if _in_package(alias.name):
                    names.paths[local] = alias.name if alias.asname else top
                else:
                    names.others.add(local)
                if alias.name == PACKAGE or alias.name.startswith(PACKAGE + "."):
                    names.modules.add(local)
                elif alias.name in TYPING_MODULES:
                    names.typing_modules.add(local)
                else:
                    names.variables.add(local)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.variables.add(node.name)
            names.others.add(node.name)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith)):
            targets = [node.target] if isinstance(node, (ast.For, ast.AsyncFor)) else \
                [item.optional_vars for item in node.items if item.optional_vars is not None]
            names.others.update(bound.id for target in targets for bound in ast.walk(target)
                                if isinstance(bound, ast.Name))
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            target = node.targets[0].id
            names.others.add(target)
            ours = our_name(node.value, names)
            aliased = _literal_alias(node.value, names)
            if ours is not None:
                names.ours[target] = ours  # Win = Ron
            elif _result_head(node.value, names):
                names.result_aliases[target] = node.value
            elif aliased is not None:
                names.literal_aliases[target] = aliased
            else:
                names.variables.add(target)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            target = node.target.id
            names.others.add(target)
            constant = _literal(node.value) if node.value is not None else None
            if _typing_name(node.annotation, names) == FINAL and constant is not None:
                names.constants[target] = constant
            elif node.value is not None and _type_alias(node.annotation) \
                    and _result_head(node.value, names):
                names.result_aliases[target] = node.value
            else:
                names.variables.add(target)
        elif isinstance(node, ast.Assign):  # a, b = ...: every name it binds
            names.others.update(bound.id for target in node.targets
                                for bound in ast.walk(target) if isinstance(bound, ast.Name))
    return names


def _type_alias(annotation: ast.expr) -> bool:
    """``TypeAlias`` (from typing or typing_extensions), under its own name."""
    return (isinstance(annotation, ast.Name) and annotation.id == TYPE_ALIAS) or (
        isinstance(annotation, ast.Attribute) and annotation.attr == TYPE_ALIAS)


def _result_head(node: ast.expr, names: Names) -> bool:
    """Whether ``node`` is a result subscripted: ``Points[...]``."""
    return isinstance(node, ast.Subscript) and our_name(node.value, names) in RESULTS


def alias_definition(node: ast.stmt, names: Names) -> ast.expr | None:
    """The result a statement names, when it defines an alias of one (``X = Points[...]``,
    ``X: TypeAlias = Points[...]``): mypy reads it as a type, so the plugin answers it."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 \
            and isinstance(node.targets[0], ast.Name) and _result_head(node.value, names):
        return node.value
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
            and node.value is not None and _type_alias(node.annotation) \
            and _result_head(node.value, names):
        return node.value
    return None


def _literal_alias(node: ast.expr, names: Names) -> str | int | None:
    """The value of ``Literal["..."]`` (one str or int), the right side of an alias."""
    if isinstance(node, ast.Subscript) and _typing_name(node.value, names) == LITERAL \
            and not isinstance(node.slice, ast.Tuple):
        return _literal(node.slice)
    return None


def _in_package(module: str) -> bool:
    return module == PACKAGE or module.startswith(PACKAGE + ".")


def our_name(node: ast.expr, names: Names) -> str | None:
    """The public name of ours that ``node`` refers to (``H`` -> ``Hand``), or None."""
    if isinstance(node, ast.Name):
        return names.ours.get(node.id)
    if isinstance(node, ast.Attribute) and node.attr in _OURS:
        root: ast.expr = node.value
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id in names.modules:
            return node.attr
    return None


def _typing_name(node: ast.expr, names: Names) -> str | None:
    """``Literal`` or ``Final`` when ``node`` is one of them under any spelling."""
    if isinstance(node, ast.Name):
        return names.typing_names.get(node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id in names.typing_modules and node.attr in (LITERAL, FINAL):
        return node.attr
    return None


def _literal(node: ast.expr | None) -> str | int | None:
    """A str or int (not bool) constant, a negative number included. An int past Python's
    limit for decimal text (4,300 digits) is none: mypy's parser cannot write it and reads
    it as an expression that is no type, and no message could show it."""
    if isinstance(node, ast.Constant):
        value = node.value
        if type(value) is str:
            return value
        if type(value) is int:
            return None if has_no_decimal_text(value) else value
        return None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) \
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int:
        return None if has_no_decimal_text(node.operand.value) else -node.operand.value
    return None


def annotation_sites(tree: ast.Module | None, nodes: list[ast.stmt] | None = None
                     ) -> Iterator[tuple[ast.expr, ast.expr | None]]:
    """Every annotation of a module (or of ``nodes``, its statements), with the value
    assigned to it (``x: T = value``)."""
    if nodes is None:
        assert tree is not None
        nodes = statements(tree)
    for node in nodes:
        if isinstance(node, ast.AnnAssign):
            yield node.annotation, node.value
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             *filter(None, (arguments.vararg, arguments.kwarg))):
                if argument.annotation is not None:
                    yield argument.annotation, None
            if node.returns is not None:
                yield node.returns, None


def find(tree: ast.Module, names: Names | None = None) -> list[Found]:
    """Every result annotation of a module, in source order. A result inside another
    type (``Final[Points[...]]``, ``list[Points[...]]``) counts; a value is read only for
    the result that is the whole annotation, or the whole of ``Final[...]``."""
    nodes = statements(tree)
    return find_in(nodes, names if names is not None else module_names(tree, nodes))


def find_in(nodes: list[ast.stmt], names: Names) -> list[Found]:
    """The result annotations of some statements (``statements`` of a module or of one
    of its top-level statements), in source order, under the module's ``names``."""
    found: list[Found] = []
    for annotation, value in annotation_sites(None, nodes):
        whole = _unwrap_final(annotation, names)
        aliased = _aliased(whole, value, names)
        if aliased is not None:
            found.append(aliased)
            continue
        for node in _results_in(annotation, names):
            query = _query(node, names)
            if query is None:
                continue
            if node is whole and value is not None:
                written = literal_value(value)
                if written is not NO_VALUE:
                    query = Found(query.result, query.inputs, query.span, written,
                                  Span.of(value))
            found.append(query)
    for statement in nodes:
        defined = alias_definition(statement, names)
        query = _query(defined, names) if defined is not None else None
        if query is not None:
            found.append(query)
    found.sort(key=lambda query: (query.span.line, query.span.column))
    return found


def declared_found(annotation: ast.expr, names: Names) -> Found | None:
    """The result a whole annotation declares (``Points[...]``, ``Final[Points[...]]``, an
    alias of one), without a value; None for any other annotation."""
    whole = _unwrap_final(annotation, names)
    aliased = _aliased(whole, None, names)
    if aliased is not None:
        return aliased
    if _result_head(whole, names):
        return _query(whole, names)
    return None


def _aliased(whole: ast.expr, value: ast.expr | None, names: Names) -> Found | None:
    """An annotation that is an alias of a result, read as the alias's query with every
    place the annotation's own (``x: DealerRon = 2000``)."""
    if not isinstance(whole, ast.Name) or whole.id not in names.result_aliases \
            or whole.id in names.ours:
        return None
    query = _query(names.result_aliases[whole.id], names)
    if query is None or query.inputs is None:
        return None
    span = Span.of(whole)
    inputs = tuple(WrittenInput(written.name, written.values, span,
                                tuple(span for _ in written.value_spans))
                   for written in query.inputs)
    written = literal_value(value) if value is not None else NO_VALUE
    return Found(query.result, inputs, span, written,
                 Span.of(value) if value is not None and written is not NO_VALUE else None,
                 alias=True)


def inputs_alone(nodes: list[ast.stmt], names: Names) -> list[InputAlone]:
    """Every input subscripted outside a result, in annotations and in assignments that
    mypy reads as type aliases (``H = Hand["..."]``), in source order."""
    found: list[InputAlone] = []
    pending: list[ast.expr] = [annotation for annotation, _ in annotation_sites(None, nodes)]
    for statement in nodes:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name):
            pending.append(statement.value)
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None \
                and _type_alias(statement.annotation):
            pending.append(statement.value)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Subscript):
            name = our_name(node.value, names)
            if name in RESULTS:
                continue  # its inputs are in their place
            if name in INPUTS:
                items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
                text = items[0].value if len(items) == 1 and isinstance(
                    items[0], ast.Constant) and isinstance(items[0].value, str) else None
                found.append(InputAlone(name, text, Span.of(node)))
                continue
            pending += [node.value, node.slice]
        elif isinstance(node, ast.Tuple | ast.List):
            pending += node.elts
        elif isinstance(node, ast.BinOp):
            pending += [node.left, node.right]
    found.sort(key=lambda item: (item.span.line, item.span.column))
    return found


def names_used(nodes: list[ast.stmt]) -> frozenset[str]:
    """The names the annotations of some statements refer to: all that ``find_in``
    reads of the module's ``Names`` for them, so its answer stands while their bindings
    do (see ``rebound``)."""
    used: set[str] = set()
    pending: list[ast.AST] = [annotation for annotation, _ in annotation_sites(None, nodes)]
    # What may define an alias of a result or name an input alone (``X = Points[...]``).
    pending += [node.value for node in nodes if isinstance(node, ast.Assign | ast.AnnAssign)
                and isinstance(node.value, ast.Subscript)]
    while pending:  # ast.walk, with the nodes annotations are made of taken directly
        node = pending.pop()
        if isinstance(node, ast.Name):
            used.add(node.id)
        elif isinstance(node, ast.Subscript):
            pending += (node.value, node.slice)
        elif isinstance(node, ast.Tuple | ast.List):
            pending += node.elts
        elif isinstance(node, ast.Attribute):
            pending.append(node.value)
        elif not isinstance(node, ast.Constant):
            pending += ast.iter_child_nodes(node)
    return frozenset(used)


def rebound(old: Names, new: Names) -> set[str]:
    """The names bound differently in ``new`` than in ``old``."""
    changed = (old.modules ^ new.modules) | (old.typing_modules ^ new.typing_modules) \
        | (old.variables ^ new.variables) | (old.others ^ new.others)
    for before, after in ((old.ours, new.ours), (old.typing_names, new.typing_names),
                          (old.constants, new.constants), (old.paths, new.paths),
                          (old.literal_aliases, new.literal_aliases)):
        before_items: dict[str, object] = dict(before)
        changed.update(name for name in before.keys() | after.keys()
                       if before_items.get(name, NO_VALUE) != after.get(name, NO_VALUE))
    changed.update(name for name in old.result_aliases.keys() | new.result_aliases.keys()
                   if _dumped(old.result_aliases.get(name))
                   != _dumped(new.result_aliases.get(name)))
    return changed


def _dumped(node: ast.expr | None) -> str | None:
    """A node's structure as text, to compare; a node holding an int that has no decimal
    text is told apart by identity (a changed alias, at worst, when it is the same)."""
    if node is None:
        return None
    try:
        return ast.dump(node)
    except ValueError:
        return f"node {id(node)}"


def _unwrap_final(annotation: ast.expr, names: Names) -> ast.expr:
    if isinstance(annotation, ast.Subscript) and _typing_name(annotation.value, names) == FINAL:
        return annotation.slice
    return annotation


def _results_in(annotation: ast.expr, names: Names) -> Iterator[ast.expr]:
    """The result subscripts (or bare result names) inside an annotation; a result's own
    inputs are not searched."""
    pending = [annotation]
    while pending:
        node = pending.pop()
        head = node.value if isinstance(node, ast.Subscript) else node
        if our_name(head, names) in RESULTS:
            yield node
            continue
        if isinstance(node, ast.Subscript):
            pending += [node.value, node.slice]
        elif isinstance(node, ast.Tuple | ast.List):
            pending += node.elts
        elif isinstance(node, ast.BinOp):
            pending += [node.left, node.right]


def _query(node: ast.expr, names: Names) -> Found | None:
    head = node.value if isinstance(node, ast.Subscript) else node
    result = our_name(head, names)
    assert result is not None
    if not isinstance(node, ast.Subscript):
        return Found(result, None, Span.of(node))
    items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    inputs = []
    for item in items:
        written = _input(item, names)
        if written is None:
            return None  # a name nobody defined: the type checker says so, not we
        inputs.append(written)
    return Found(result, tuple(inputs), Span.of(node))


def _input(node: ast.expr, names: Names) -> WrittenInput | None:
    head = node.value if isinstance(node, ast.Subscript) else node
    name = our_name(head, names)
    if name is None:
        if isinstance(head, ast.Name) and not _defined(head.id, names):
            return None
        name = ast.unparse(head)
    if not isinstance(node, ast.Subscript):
        return WrittenInput(name, (), Span.of(node), ())
    items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    read = [_value(item, names, name) for item in items]
    return WrittenInput(name, tuple(value for value, _ in read), Span.of(node),
                        tuple(span for _, span in read))


def _defined(name: str, names: Names) -> bool:
    return (name in names.ours or name in names.variables or name in names.constants
            or name in names.literal_aliases or name in names.result_aliases
            or name in names.modules or name in names.typing_names
            or hasattr(builtins, name))


def _value(node: ast.expr, names: Names, input_name: str) -> tuple[object, Span]:
    """An input's value as the plugin reads it from mypy's view of the same syntax."""
    number_input = input_name in NUMBER_INPUTS
    literal = _literal(node)
    if isinstance(node, ast.Constant) and type(node.value) is bool:
        return node.value, Span.of(node)
    if literal is not None:
        if isinstance(literal, str) and number_input:
            # mypy reads a string in a type as a type: "2" is the number 2.
            number = _number_text(literal)
            if number is not None:
                return number, Span.of(node)
        if type(literal) is int and not number_input:
            return str(literal), Span.of(node)  # the plugin gives text inputs their text
        return literal, Span.of(node)
    if isinstance(node, ast.Subscript) and _typing_name(node.value, names) == LITERAL:
        inner = node.slice
        value = _literal(inner)
        if value is not None and not isinstance(inner, ast.Tuple):
            return value, Span.of(inner)
        return NotALiteral(ast.unparse(node)), Span.of(node)
    if isinstance(node, ast.Name):
        if node.id in names.literal_aliases and node.id not in names.variables:
            return names.literal_aliases[node.id], Span.of(node)  # as Literal[...] itself
        if node.id in names.constants:
            constant = names.constants[node.id]
            if type(constant) is int and not number_input:
                return str(constant), Span.of(node)
            return constant, Span.of(node)
        if not _defined(node.id, names):
            return BareName(node.id, variable=False), Span.of(node)
        if node.id in names.variables and node.id not in names.ours:
            return BareName(node.id, variable=True), Span.of(node)
        return NotALiteral(node.id), Span.of(node)
    if isinstance(node, ast.Attribute | ast.Subscript):
        return NotALiteral(ast.unparse(node)), Span.of(node)
    if number_input:
        return NotALiteral(_NOT_A_TYPE), Span.of(node)
    return BareName(None, variable=False), Span.of(node)


def _number_text(text: str) -> int | None:
    stripped = text.strip()
    if stripped.isascii() and stripped.lstrip("-").isdigit() and len(stripped) <= 18:
        return int(stripped)
    return None


def literal_value(node: ast.expr) -> object:
    """A value written as a literal: an int, a str, or a tuple of them; else NO_VALUE."""
    literal = _literal(node)
    if literal is not None:
        return literal
    if isinstance(node, ast.Tuple):
        items = [_literal(item) for item in node.elts]
        if all(item is not None for item in items):
            return tuple(items)
    return NO_VALUE


def bare_spelling(tree: ast.Module, accepted: frozenset[str]) -> bool:
    """Whether an annotation subscripts one of our names, other than ``accepted``, with a
    plain string or number (``Hand["..."]``, ``tm.Honba[2]``): the bare spelling."""
    nodes = statements(tree)
    names = module_names(tree, nodes)
    for annotation, _ in annotation_sites(tree, nodes):
        for node in ast.walk(annotation):
            if not isinstance(node, ast.Subscript):
                continue
            name = our_name(node.value, names)
            if name is None or name in accepted:
                continue
            values = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if any(isinstance(value, ast.Constant) and isinstance(value.value, (str, int))
                   for value in values):
                return True
    return False
