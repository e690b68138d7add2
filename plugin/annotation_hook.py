"""The type-analyse hooks: ``Points[Hand["..."], Ron["3p"]]`` -> ``Literal[1300]``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from mypy.nodes import Context
from mypy.plugin import AnalyzeTypeContext
from mypy.types import AnyType, RawExpressionType, Type, TypeOfAny, UnboundType

from typed_mahjong.query import AnnotationError, build_call

from . import errors
from .claims import withdraw_name_errors
from .literals import result_type
from .locate import clip, clip_quoted, problem_context
from .outcomes import Problem, Verdict, internal_problem
from .reading import RawInput, Unresolved, inputs_key, quick_key, read_inputs
from .state import State


def analyze_result(ctx: AnalyzeTypeContext, result: str, state: State) -> Type:
    """``Points[...]`` and the other results; never lets an exception reach mypy."""
    try:
        return _analyze_result(ctx, result, state)
    except Exception as exc:  # noqa: BLE001 - a plugin bug must not crash mypy
        problem = internal_problem(exc)
        ctx.api.fail(problem.message, ctx.context, code=problem.code)
        return AnyType(TypeOfAny.from_error)


def analyze_input_alone(ctx: AnalyzeTypeContext, name: str) -> Type:
    """``Hand`` and the other inputs outside a result: bare, they are plain classes."""
    fullname = f"typed_mahjong.annotations.{name}"
    if not ctx.type.args:
        return ctx.api.named_type(fullname, [])
    # One error, ours: not also mypy's "Name "E" is not defined" for Seat["E"].
    withdraw_name_errors(ctx.api, _name_like_values([ctx.type]))
    ctx.api.fail(f'{name}[...] is an input, not a type: use it inside a result, e.g. '
                 f'Points[Hand["234p234s456m567s44p"], Ron["3p"]]. To write a value once '
                 f'and reuse it, name the string, not the input: '
                 f'{_reuse_example(name, ctx.type.args)}', ctx.context, code=errors.USAGE)
    return AnyType(TypeOfAny.from_error)


def _reuse_example(name: str, args: Sequence[Type]) -> str:
    """``HAND: Final = "234p..."`` then ``Hand[HAND]``, with the user's own string."""
    text = '"234p234s456m567s44p"'
    if len(args) == 1:
        value = args[0]
        written = value.literal_value if isinstance(value, RawExpressionType) else getattr(
            value, "original_str_expr", None)
        if isinstance(written, str):
            text = '"' + clip(written) + '"'
    constant = name.upper()
    return f"{constant}: Final = {text} then {name}[{constant}]"


def _analyze_result(ctx: AnalyzeTypeContext, result: str, state: State) -> Type:
    module = _module_of(ctx)
    # Once per module and per time the daemon analyses it (a new parse, a new tree).
    stale = state.stale_config_message((module, id(getattr(ctx.api, "cur_mod_node", None))))
    if stale is not None:
        ctx.api.fail(stale, ctx.context, code=errors.CONFIG)
    # Name-like strings ("E", "majsoul") are values here, not forward references.
    withdraw_name_errors(ctx.api, _name_like_values(ctx.type.args))
    if not ctx.type.args:
        ctx.api.fail(f'{result} needs inputs, e.g. {result}[Hand["234p234s456m567s44p"], '
                     f'Ron["3p"]]', ctx.context, code=errors.USAGE)
        return AnyType(TypeOfAny.from_error)
    quick = quick_key(ctx.api, result, ctx.type.args) if module is not None else None
    if quick is not None and module is not None:
        key, explain = quick
        outcome = state.memo.lookup(module, key)
        # A kept answer has no breakdown: an annotation that wants one asks the core.
        if isinstance(outcome, Verdict) and not (explain or state.config.explain):
            return result_type(result, outcome.value, ctx.api.named_type)
    return _analyze_carefully(ctx, result, state, module)


def _name_like_values(args: Iterable[Type]) -> Iterator[tuple[str, int, int]]:
    for arg in args:
        if isinstance(arg, UnboundType):
            for value in arg.args:
                if isinstance(value, UnboundType) and value.original_str_expr is not None:
                    yield value.original_str_expr, value.line, value.column


def _analyze_carefully(ctx: AnalyzeTypeContext, result: str, state: State,
                       module: str | None) -> Type:
    try:
        inputs = read_inputs(ctx.api, ctx.type.args)
    except Unresolved:
        return AnyType(TypeOfAny.special_form)  # mypy reports the name, or analyses again
    key = inputs_key(result, inputs)
    try:
        call = build_call(result, [(raw.name, raw.values) for raw in inputs])
    except AnnotationError as exc:
        ctx.api.fail(clip_quoted(exc.message), _usage_context(exc, inputs, ctx.context),
                     code=errors.USAGE)
        return AnyType(TypeOfAny.from_error)
    explain = call.explain or state.config.explain
    outcome = state.engine.recall(module, key)
    if outcome is None or (explain and isinstance(outcome, Verdict)):
        outcome = state.engine.evaluate(call, module, key)
    if isinstance(outcome, Problem):
        where = problem_context(call, outcome.field, outcome.position,
                                [raw.node for raw in inputs], [raw.value_nodes for raw in inputs],
                                [raw.values for raw in inputs], ctx.context)
        ctx.api.fail(clip_quoted(outcome.message), where, code=outcome.code)
        return AnyType(TypeOfAny.from_error)
    if explain:
        _explain(ctx, f"{result} = {outcome.value!r}", outcome.explanation)
    return result_type(result, outcome.value, ctx.api.named_type)


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
        note(line, ctx.context, code=errors.EXPLAIN)


def _module_of(ctx: AnalyzeTypeContext) -> str | None:
    node = getattr(ctx.api, "cur_mod_node", None)
    name = getattr(node, "fullname", None)
    return name if isinstance(name, str) else None
