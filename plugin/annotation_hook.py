"""The type-analyse hooks: ``Points[Hand["..."], Ron["3p"]]`` -> ``Literal[1300]``."""

from __future__ import annotations

from collections.abc import Sequence

from mypy.nodes import (
    AssignmentStmt,
    CallExpr,
    Context,
    Expression,
    ExpressionStmt,
    IndexExpr,
    LambdaExpr,
    ListExpr,
    MemberExpr,
    RefExpr,
    TupleExpr,
    TypeAliasStmt,
)
from mypy.plugin import AnalyzeTypeContext, ClassDefContext
from mypy.types import AnyType, RawExpressionType, Type, TypeOfAny

from typed_mahjong.core.win_options import BY_NAME
from typed_mahjong.errors import HandError
from typed_mahjong.query.building import AnnotationError, build_call
from typed_mahjong.query.names import RESULTS
from typed_mahjong.query.wording import BareName, bare_name_message, input_alone_message

from . import errors
from .claims import withdraw_name_errors
from .fast import name_like_values
from .literals import result_type
from .locate import problem_context, shown
from .outcomes import Problem, Verdict, report_internal
from .reading import RawInput, Unresolved, inputs_key, read_inputs
from .state import State


def analyze_result(ctx: AnalyzeTypeContext, result: str, state: State, *,
                   short_way_tried: bool = False) -> Type:
    """``Points[...]`` and the other results; never lets an exception reach mypy.
    ``short_way_tried``: ``fast.analyze_result`` found no answer the short way (so it is
    not tried again); the hook mypy calls is that one."""
    try:
        return _analyze_result(ctx, result, state, short_way_tried)
    except Exception as exc:  # noqa: BLE001 - a plugin bug must not crash mypy
        report_internal(ctx.api, ctx.context, exc)
        return AnyType(TypeOfAny.from_error)


def plain_input_class(ctx: ClassDefContext) -> None:
    """Drop the type parameters of an input class of the editor stub, for mypy only.

    pyright needs ``Hand[Literal["..."]]`` to be a generic class applied to its value; with
    the plugin, the hooks read the value and mypy never needs the parameter. Left generic,
    every ``Hand["234p..."]`` that mypy meets as an *expression* -- the right-hand side of
    an alias, which ``SemanticAnalyzer.visit_index_expr`` reads as a type application of a
    generic class -- has its values analysed as types ("Invalid type comment or annotation",
    ``Name "E" is not defined``); a class without parameters has its index read as a plain
    expression there, as before the stub.
    """
    ctx.cls.type_vars = []
    ctx.cls.info.type_vars = []
    ctx.cls.info.add_type_vars()


def analyze_input_alone(ctx: AnalyzeTypeContext, name: str,
                        result_arguments: ResultArguments) -> Type:
    """``Hand`` and the other inputs outside a result: bare, they are plain classes."""
    fullname = f"typed_mahjong.query.annotations.{name}"
    if not ctx.type.args:
        return ctx.api.named_type(fullname, [])
    if result_arguments.holds(ctx):
        # In its place; the annotation that reads this expression gets the answer.
        return AnyType(TypeOfAny.special_form)
    # One error, ours: not also mypy's "Name "E" is not defined" for Seat["E"].
    withdraw_name_errors(ctx.api, name_like_values([ctx.type]))
    ctx.api.fail(shown(input_alone_message(name, _single_text(ctx.type.args))), ctx.context,
                 code=errors.USAGE)
    return AnyType(TypeOfAny.from_error)


_RESULT_FULLNAMES = frozenset(f"typed_mahjong.query.annotations.{name}" for name in RESULTS)


class ResultArguments:
    """Is an input an argument of ``Points[...]`` written as an *expression*?

    With the editor stub a result is a generic type alias, so mypy's semantic analyser also
    reads ``DealerRon = Points[Hand["..."], Ron["3p"]]`` as a type application
    (``SemanticAnalyzer.visit_index_expr`` -> ``analyze_type_application_args``) and analyses
    each argument as a type on its own, which lands in the input's hook. The same statement's
    alias (or annotation) is analysed as a type too, where the result's hook reads the
    inputs: there the input is in its place and says nothing.

    The subscripts of the current statement are kept: its inputs come one after another, and
    a statement of many queries is walked once, not once per input. A subscript's base is
    looked at only when asked: mypy resolves each name just before its type application.
    """

    def __init__(self) -> None:
        self._statement: object = None
        self._bases: dict[tuple[int, int], Expression] = {}

    def holds(self, ctx: AnalyzeTypeContext) -> bool:
        statement = getattr(getattr(ctx.api, "api", None), "statement", None)
        if statement is not self._statement:
            self._statement = statement
            self._bases = _subscript_bases(statement)
        base = self._bases.get((ctx.type.line, ctx.type.column))
        return isinstance(base, RefExpr) and base.fullname in _RESULT_FULLNAMES


def _subscript_bases(statement: object) -> dict[tuple[int, int], Expression]:
    """Where each argument of a subscript in a statement starts -> the subscript's base.

    Walks the shapes an alias or a run-time query takes (subscripts, tuples, lists, calls,
    attributes); an input elsewhere keeps its error.
    """
    pending: list[Expression]
    if isinstance(statement, AssignmentStmt):
        pending = [statement.rvalue]
    elif isinstance(statement, TypeAliasStmt):
        pending = [statement.value.expr()]
    elif isinstance(statement, ExpressionStmt):
        pending = [statement.expr]
    else:
        return {}
    bases: dict[tuple[int, int], Expression] = {}
    while pending:
        node = pending.pop()
        if isinstance(node, IndexExpr):
            items = node.index.items if isinstance(node.index, TupleExpr) else [node.index]
            bases.update(((item.line, item.column), node.base) for item in items)
            pending += [node.base, *items]
        elif isinstance(node, (TupleExpr, ListExpr)):
            pending += node.items
        elif isinstance(node, CallExpr):
            pending += [node.callee, *node.args]
        elif isinstance(node, MemberExpr):
            pending.append(node.expr)
        elif isinstance(node, LambdaExpr):
            pending.append(node.expr())
    return bases


def _single_text(args: Sequence[Type]) -> str | None:
    """The one string an input is given (``Hand["234p..."]``), to show it back."""
    if len(args) != 1:
        return None
    value = args[0]
    written = value.literal_value if isinstance(value, RawExpressionType) else getattr(
        value, "original_str_expr", None)
    return written if isinstance(written, str) else None


def _analyze_result(ctx: AnalyzeTypeContext, result: str, state: State,
                    short_way_tried: bool) -> Type:
    module = _module_of(ctx)
    # Once per module and per time the daemon analyses it (a new parse, a new tree).
    stale = state.stale_config_message((module, id(getattr(ctx.api, "cur_mod_node", None))))
    if stale is not None:
        ctx.api.fail(shown(stale), ctx.context, code=errors.CONFIG)
    # Name-like strings ("E", "majsoul") are values here, not forward references.
    withdraw_name_errors(ctx.api, name_like_values(ctx.type.args))
    if not ctx.type.args:
        ctx.api.fail(f'{result} needs inputs, e.g. {result}[Hand["234p234s456m567s44p"], '
                     f'Ron["3p"]]', ctx.context, code=errors.USAGE)
        return AnyType(TypeOfAny.from_error)
    if module is not None and not short_way_tried:
        fast = state.fast.answer(ctx.api, result, ctx.type.args, module)
        if fast is not None:
            return fast
    return _analyze_carefully(ctx, result, state, module)


def _analyze_carefully(ctx: AnalyzeTypeContext, result: str, state: State,
                       module: str | None) -> Type:
    try:
        inputs = read_inputs(ctx.api, ctx.type.args)
    except Unresolved:
        return AnyType(TypeOfAny.special_form)  # mypy reports the name, or analyses again
    bare = _bare_names(inputs)
    if bare:
        for name, node, input_name in bare:
            ctx.api.fail(shown(bare_name_message(name, input_name)), node,
                         code=errors.USAGE)
        return AnyType(TypeOfAny.from_error)
    key = inputs_key(result, inputs)
    try:
        call = build_call(result, [(raw.name, raw.values) for raw in inputs])
    except AnnotationError as exc:
        ctx.api.fail(shown(exc.message), _usage_context(exc, inputs, ctx.context),
                     code=errors.USAGE)
        return AnyType(TypeOfAny.from_error)
    except HandError as exc:  # a count out of its option's range, checked before use
        ctx.api.fail(shown(exc.message), _option_context(exc.field, inputs, ctx.context),
                     code=errors.code_for_kind(exc.kind))
        return AnyType(TypeOfAny.from_error)
    explain = call.explain or state.config.explain
    outcome = state.engine.recall(module, key)
    if outcome is None or (explain and isinstance(outcome, Verdict)):
        outcome = state.engine.evaluate(call, module, key)
    if isinstance(outcome, Problem):
        where = problem_context(call, outcome.field, outcome.position,
                                [raw.node for raw in inputs], [raw.value_nodes for raw in inputs],
                                [raw.values for raw in inputs], ctx.context)
        ctx.api.fail(shown(outcome.message), where, code=outcome.code)
        return AnyType(TypeOfAny.from_error)
    if explain:
        _explain(ctx, f"{result} = {outcome.value!r}", outcome.explanation)
    return result_type(result, outcome.value, ctx.api.named_type)


def _bare_names(inputs: list[RawInput]) -> list[tuple[BareName, Context, str]]:
    """Every name (or expression) written where a string goes, with its node and input."""
    return [(value, node, raw.name) for raw in inputs
            for value, node in zip(raw.values, raw.value_nodes, strict=True)
            if isinstance(value, BareName)]


def _option_context(option: str | None, inputs: list[RawInput], whole: Context) -> Context:
    """The value of the input that sets win option ``option`` (``Nuki[10]`` for nuki)."""
    marker = BY_NAME[option].marker if option in BY_NAME else None
    for raw in inputs:
        if raw.name == marker:
            return raw.value_nodes[0] if raw.value_nodes else raw.node
    return whole


def _usage_context(exc: AnnotationError, inputs: list[RawInput], whole: Context) -> Context:
    if exc.input_index is None or exc.input_index >= len(inputs):
        return whole
    raw = inputs[exc.input_index]
    if exc.value_index is not None and exc.value_index < len(raw.value_nodes):
        return raw.value_nodes[exc.value_index]
    return raw.node


def _explain(ctx: AnalyzeTypeContext, headline: str, explanation: str) -> None:
    # The type analyser can emit notes, but the plugin interface only promises fail().
    note = getattr(ctx.api, "note", None)
    if note is None:
        return
    for line in [f"typed-mahjong: {headline}", *explanation.splitlines()]:
        note(shown(line), ctx.context, code=errors.EXPLAIN)


def _module_of(ctx: AnalyzeTypeContext) -> str | None:
    node = getattr(ctx.api, "cur_mod_node", None)
    name = getattr(node, "fullname", None)
    return name if isinstance(name, str) else None
