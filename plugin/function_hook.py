"""The function hooks: ``points("234p234s456m567s44p", win="3p")`` -> ``Literal[1300]``.

A call gets a Literal type only when every argument is a literal; otherwise it keeps its
declared return type. The call uses the rules it names (``rules="wrc"``) or tenhou -- what
it computes at run time -- never the project's plugin settings.
"""

from __future__ import annotations

from typing import Final

from mypy.nodes import ARG_NAMED, ARG_POS, Context, Expression
from mypy.plugin import FunctionContext
from mypy.types import Instance, LiteralType, Type, get_proper_type

from typed_mahjong.query.building import call_from_arguments
from typed_mahjong.query.keys import memo_key
from typed_mahjong.query.names import KEYWORD_TYPES

from . import errors
from .literals import answer_type
from .locate import problem_context, shown
from .outcomes import Problem, report_internal
from .state import State

EXPLAIN: Final = "Explain"  # the pseudo-result of explain(): notes, no Literal type


def analyze_call(ctx: FunctionContext, result: str, state: State) -> Type:
    try:
        return _analyze_call(ctx, result, state)
    except Exception as exc:  # noqa: BLE001 - a plugin bug must not crash mypy
        report_internal(ctx.api, ctx.context, exc)
        return ctx.default_return_type


def _analyze_call(ctx: FunctionContext, result: str, state: State) -> Type:
    arguments = _literal_arguments(ctx)
    if arguments is None:
        return ctx.default_return_type
    # The core's query layer builds the Call; without the arguments it needs (a missing
    # winning tile, say) there is no Call, and mypy reports the call itself.
    call = call_from_arguments("Points" if result == EXPLAIN else result,
                               {name: value for name, (value, _) in arguments.items()})
    if call is None:
        return ctx.default_return_type
    module = module_of(ctx)
    # Calls use their own rules (not the settings): a key of their own.
    key = memo_key(("call", result, tuple(sorted(
        (name, value) for name, (value, _) in arguments.items()))))
    # Kept answers carry no breakdown: explain() always asks the core.
    known = state.engine.recall(module, key) if result != EXPLAIN else None
    verdict = known or state.engine.evaluate(call, module, key)
    if isinstance(verdict, Problem):
        nodes = [node for _, node in arguments.values()]
        where = problem_context(call, verdict.field, verdict.position, nodes,
                                [[node] for node in nodes],
                                [[value] for value, _ in arguments.values()], ctx.context)
        ctx.api.fail(shown(verdict.message), where, code=verdict.code)
        return ctx.default_return_type
    if result == EXPLAIN:
        for line in ["typed-mahjong:", *verdict.explanation.splitlines()]:
            ctx.api.msg.note(shown(line), ctx.context, code=errors.EXPLAIN)
        return ctx.default_return_type
    return answer_type(verdict.value, ctx.api.named_generic_type, as_tuple=True)


def _literal_arguments(ctx: FunctionContext) -> dict[str, tuple[object, Context]] | None:
    """Argument name -> (literal value, expression), or None if any is not a literal."""
    found: dict[str, tuple[object, Context]] = {}
    for formal, types in enumerate(ctx.arg_types):
        for index, typ in enumerate(types):
            if ctx.arg_kinds[formal][index] not in (ARG_POS, ARG_NAMED):
                return None
            name = ctx.arg_names[formal][index] or ctx.callee_arg_names[formal]
            if name is None or name not in KEYWORD_TYPES:
                return None
            value = literal_value_of(typ)
            if value is None or type(value) is not KEYWORD_TYPES[name]:
                return None
            found[name] = (value, _node(ctx.args[formal][index]))
    return found


def literal_value_of(typ: Type) -> object:
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.last_known_value is not None:
        proper = proper.last_known_value
    if isinstance(proper, LiteralType):
        return proper.value
    return None


def _node(expression: Expression) -> Context:
    return expression


def module_of(ctx: FunctionContext) -> str | None:
    # The checker knows its module, though the plugin interface does not promise it.
    name = getattr(getattr(ctx.api, "tree", None), "fullname", None)
    return name if isinstance(name, str) else None
