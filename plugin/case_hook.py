"""The function hooks of the table rows: ``cases.points("...", win="3p", expect=1600)``.

A row whose arguments are all literals is answered like its function form (its own rules,
or tenhou; never the project's settings), and an ``expect=`` that is another value is
mypy's ``[arg-type]`` error at that argument, on the row's own line -- the message mypy
gives for a parameter annotated with the answer. A row with a value that is not a literal
is left to run time (``Case.check()``).
"""

from __future__ import annotations

from typing import Final

from mypy.errorcodes import ARG_TYPE
from mypy.nodes import ARG_NAMED, ARG_POS, Context
from mypy.plugin import FunctionContext
from mypy.types import Type

from typed_mahjong.query.building import AnnotationError, Call, call_from_arguments, game_call_of
from typed_mahjong.query.cases import RESULT_OF
from typed_mahjong.query.keys import memo_key
from typed_mahjong.query.names import KEYWORD_TYPES, Answer

from . import errors
from .comparison import literal_value
from .function_hook import literal_value_of, module_of
from .literals import literal_text
from .locate import problem_context, shown
from .outcomes import Problem, report_internal
from .state import State

EXPECT: Final = "expect"
_GAME_FORMS: Final = frozenset({"game_points", "game_yaku"})


def analyze_case(ctx: FunctionContext, form: str, state: State) -> Type:
    try:
        _check_case(ctx, form, state)
    except Exception as exc:  # noqa: BLE001 - a plugin bug must not crash mypy
        report_internal(ctx.api, ctx.context, exc)
    return ctx.default_return_type


def _check_case(ctx: FunctionContext, form: str, state: State) -> None:
    arguments = _arguments(ctx)
    if arguments is None:
        return
    expect = arguments.pop(EXPECT, None)
    if form in _GAME_FORMS:
        call = _game_call(ctx, form, arguments)
    else:
        if any(name not in KEYWORD_TYPES or type(value) is not KEYWORD_TYPES[name]
               for name, (value, _) in arguments.items()):
            return  # a value that is not a literal of its type: run time, or mypy, says
        call = call_from_arguments(RESULT_OF[form],
                                   {name: value for name, (value, _) in arguments.items()})
    if call is None:
        return
    module = module_of(ctx)
    key = memo_key(("case", form, tuple(sorted(
        (name, repr(value)) for name, (value, _) in arguments.items()))))
    verdict = state.engine.recall(module, key) or state.engine.evaluate(call, module, key)
    if isinstance(verdict, Problem):
        nodes = [node for _, node in arguments.values()]
        values = [[value] for value, _ in arguments.values()]
        value_nodes = [[node] for node in nodes]
        if call.game is not None:  # GameInput["name", value]: the value is its 2nd item
            value_nodes = [value_nodes[0], value_nodes[1],
                           *([node, node] for node in nodes[2:])]
            values = [values[0], values[1], *([None, value] for value, _ in
                                              list(arguments.values())[2:])]
        where = problem_context(call, verdict.field, verdict.position, nodes, value_nodes,
                                values, ctx.context)
        ctx.api.fail(shown(verdict.message), where, code=verdict.code)
        return
    if expect is None:
        return
    written, node = expect
    if written is None or _same(verdict.value, written):
        return
    ctx.api.fail(shown(f'Argument "{EXPECT}" to "{form}" has incompatible type '
                       f"{literal_text(written)}; expected {literal_text(verdict.value)}"), node,
                 code=ARG_TYPE)


def _same(answer: Answer, written: object) -> bool:
    return type(answer) is type(written) and answer == written


def _arguments(ctx: FunctionContext) -> dict[str, tuple[object, Context]] | None:
    """Argument name -> (literal value or None, expression); None if the call has ``*args``
    or ``**kwargs`` (what they hold is not known here)."""
    found: dict[str, tuple[object, Context]] = {}
    for formal, types in enumerate(ctx.arg_types):
        for index, typ in enumerate(types):
            kind = ctx.arg_kinds[formal][index]
            if kind not in (ARG_POS, ARG_NAMED):
                return None
            name = ctx.arg_names[formal][index] or ctx.callee_arg_names[formal]
            if name is None:
                return None
            value = literal_value(typ) if name == EXPECT else literal_value_of(typ)
            if value is None and name != EXPECT:
                return None
            found[name] = (value, ctx.args[formal][index])
    return found


def _game_call(ctx: FunctionContext, form: str,
               arguments: dict[str, tuple[object, Context]]) -> Call | None:
    game, hand = arguments.get("game"), arguments.get("hand")
    if game is None or hand is None or not isinstance(game[0], str) \
            or not isinstance(hand[0], str):
        return None
    # game and hand first, as game_call_of numbers the inputs.
    inputs = {name: value for name, (value, _) in arguments.items()
              if name not in ("game", "hand")}
    ordered = {"game": game, "hand": hand,
               **{name: arguments[name] for name in inputs}}
    arguments.clear()
    arguments.update(ordered)
    try:
        return game_call_of(RESULT_OF[form], game[0], hand[0], inputs)
    except AnnotationError as exc:
        index = exc.input_index if exc.input_index is not None else 0
        nodes = [node for _, node in arguments.values()]
        ctx.api.fail(shown(exc.message), nodes[min(index, len(nodes) - 1)],
                     code=errors.USAGE)
        return None
