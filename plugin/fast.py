"""The short way of a result annotation: a compact key read straight from mypy's types,
answered from what is remembered or, for a plain riichi question, from the core with no
query objects on the way.

A fixtures module is thousands of annotations like
``Points[Hand["234p234s456m567s44p"], Ron["3p"], Riichi, Seat["E"]]``. For each the hook
reads the key and the inputs in one pass over the syntax (``quick.quick_read``); then

- an answer kept from the previous run (``memo``), or already found in this run for the
  same key, is the answer: nothing is rebuilt;
- otherwise, when the inputs are of the plain kinds (a hand, a winning tile, win options,
  a rules preset, each once), the core's ``Call`` is made straight from them and answered
  by ``answering.answer`` -- the same function, the same score memo as the careful path;
- anything else (Explain, a game, a table input, a value of a wrong kind, any problem) goes
  the careful way (``annotation_hook._analyze_carefully``), which reads every node, builds
  the call with ``build_call`` and reports errors where they are. Only verdicts are taken
  here: a problem is always reported by the careful path.

The ``Literal`` type of each distinct answer is built once and shared.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Final

from mypy.plugin import AnalyzeTypeContext, TypeAnalyzerPluginInterface
from mypy.types import AnyType, Type, TypeOfAny, UnboundType

from .claims import withdraw_name_errors
from .literals import result_type
from .memo import NOT_A_VALUE
from .names import FLAG_INPUTS, NUMBER_INPUTS, SCORE_RESULTS
from .quick import InputNames, Parts, quick_read

if TYPE_CHECKING:
    from types import ModuleType

    from typed_mahjong.query.building import Call
    from typed_mahjong.query.names import Answer

    from .state import State

_MISSING: Final = object()


def analyze_result(ctx: AnalyzeTypeContext, result: str, state: State) -> Type:
    """``Points[...]`` and the other results: the short way, else the careful one
    (``annotation_hook``, loaded the first time an annotation needs it)."""
    tried = not state.daemon and bool(ctx.type.args)
    try:
        answered = _short_way(ctx, result, state) if tried else None
    except Exception as exc:  # noqa: BLE001 - a plugin bug must not crash mypy
        from .outcomes import report_internal

        report_internal(ctx.api, ctx.context, exc)
        return AnyType(TypeOfAny.from_error)
    if answered is not None:
        return answered
    from .annotation_hook import analyze_result as carefully

    return carefully(ctx, result, state, short_way_tried=tried)


def _short_way(ctx: AnalyzeTypeContext, result: str, state: State) -> Type | None:
    api = ctx.api
    module = getattr(getattr(api, "cur_mod_node", None), "fullname", None)
    if type(module) is not str:
        return None
    args = ctx.type.args
    # Name-like strings ("E", "majsoul") are values here, not forward references.
    withdraw_name_errors(api, name_like_values(args))
    return state.fast.answer(api, result, args, module)


def name_like_values(args: Iterable[Type]) -> Iterator[tuple[str, int, int]]:
    """The strings among the inputs' values that mypy read as names (``Seat["E"]``)."""
    for arg in args:
        if isinstance(arg, UnboundType):
            for value in arg.args:
                if isinstance(value, UnboundType) and value.original_str_expr is not None:
                    yield value.original_str_expr, value.line, value.column


class FastAnswers:
    """One per plugin instance: the answers found in this run by key, and the Literal
    types made of them."""

    def __init__(self, state: State) -> None:
        self._state = state
        self._values: dict[str, Answer] = {}
        self._types: dict[tuple[str, Answer], Type] = {}
        self._builtins: object = None  # the builtins module the types were made against
        self._names = InputNames()

    def answer(self, api: TypeAnalyzerPluginInterface, result: str, args: Sequence[Type],
               module: str) -> Type | None:
        """The type of result annotation ``result[args]`` in ``module``, or None for the
        careful path."""
        state = self._state
        read = quick_read(api, result, args, self._names)
        if read is None:
            return None
        key, explain, parts = read
        if explain or state.config.explain:
            return None  # a breakdown is wanted: the careful path notes it
        memo = state.memo
        value = memo.lookup_value(module, key)
        if value is NOT_A_VALUE:
            return None
        if value is None:
            value = self._values.get(key, _MISSING)
            if value is _MISSING:
                value = self._score(result, parts)
                if value is _MISSING:
                    return None
                self._values[key] = value  # type: ignore[assignment]
            memo.remember_value(module, key, value)  # type: ignore[arg-type]
        return self._type(api, result, value)  # type: ignore[arg-type]

    def _score(self, result: str, parts: Parts) -> object:
        call = plain_call(result, parts)
        if call is None:
            return _MISSING
        engine = self._state.engine
        try:
            return _query()[1].answer(call, engine.rules, engine.base_dir,
                                     scores=engine.scores).value
        except Exception:  # noqa: BLE001 - a HandError or worse: the careful path says
            return _MISSING  # the careful path reports it, with the score memo's help

    def _type(self, api: TypeAnalyzerPluginInterface, result: str, value: Answer) -> Type:
        # Made against this run's builtins (the daemon may load them again): a new
        # builtins module starts the table afresh.
        modules = getattr(getattr(api, "api", None), "modules", None)
        builtins = modules.get("builtins") if type(modules) is dict else None
        if builtins is None or builtins is not self._builtins:
            self._types = {}
            self._builtins = builtins
        cache_key = (result, value)
        made = self._types.get(cache_key) if builtins is not None else None
        if made is None:
            made = result_type(result, value, api.named_type)
            if builtins is not None:
                self._types[cache_key] = made
        return made


def plain_call(result: str, parts: Parts) -> Call | None:
    """The ``Call`` that ``build_call(result, parts)`` makes, when the inputs are of the
    plain kinds and that call is well formed; None for everything else (which
    ``build_call`` then reads, and reports if it is wrong). Each branch follows
    ``build_call`` for its kind of input: a hand's called melds after its concealed tiles,
    a win option's text joined, a count an int that is no bool."""
    if result not in SCORE_RESULTS:
        return None
    building, _, tables = _query()
    hand: str | None = None
    win: str | None = None
    rules: str | None = None
    situation: dict[str, object] = {}
    seen: set[str] = set()
    for name, values in parts:
        if name in seen:
            return None
        seen.add(name)
        if name == "Hand":
            if not values:
                return None
            concealed = ""
            melds = ""
            for value in values:
                if type(value) is not str:
                    return None
                if ":" in value:
                    melds += " " + value
                else:
                    concealed += value
            hand = concealed + melds if concealed else melds[1:]
        elif name == "Ron" or name == "Tsumo":
            if win is not None or len(values) != 1 or type(values[0]) is not str:
                return None
            win = values[0]
            situation["tsumo"] = tables.WIN_INPUTS[name]
        elif name in FLAG_INPUTS:
            if values:
                return None
            situation[tables.FLAG_INPUTS[name]] = True
        elif name in NUMBER_INPUTS:
            if len(values) != 1 or type(values[0]) is not int:
                return None
            situation[tables.NUMBER_INPUTS[name]] = values[0]
        elif name in tables.TEXT_INPUTS:
            if not values or (len(values) != 1 and name not in tables.MULTI_PART_INPUTS):
                return None
            text = ""
            for value in values:
                if type(value) is not str:
                    return None
                text += value
            situation[tables.TEXT_INPUTS[name]] = text
        elif name == "Rules":
            if len(values) != 1 or type(values[0]) is not str:
                return None
            rules = values[0]
        else:
            return None  # Explain, Game, a table input, a game's input: the careful path
    if hand is None or win is None:
        return None
    call: Call = building.Call(result=result, hand=hand, win=win,
                                     situation=tuple(sorted(situation.items())), rules=rules,
                                     game=None, explain=False, origins=(), table=())
    return call



_LOADED: list[tuple[ModuleType, ModuleType, ModuleType]] = []


def _query() -> tuple[ModuleType, ModuleType, ModuleType]:
    """The query layer's ``building``, ``answering`` and ``names``, loaded when a question
    is first answered (an import statement a call would cost more than the rest of the
    short way)."""
    if not _LOADED:
        from typed_mahjong.query import answering, building
        from typed_mahjong.query import names as tables

        _LOADED.append((building, answering, tables))
    return _LOADED[0]
