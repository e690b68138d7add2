"""The short way of a result annotation: a compact key read straight from mypy's types,
answered from what is remembered or, for a plain riichi question, from the core with no
query objects on the way.

A fixtures module is thousands of annotations like
``Points[Hand["234p234s456m567s44p"], Ron["3p"], Riichi, Seat["E"]]``. For each the hook
reads the key and the inputs in one pass over the syntax (``quick.quick_read``); then

- an answer kept from the previous run (``memo``), or already found in this run for the
  same key, is the answer: nothing is rebuilt;
- otherwise, when the inputs are of the plain kinds (a hand, a winning tile, win options,
  a rules preset, each once), the question they ask (``answering.ScoreKey``: what the
  ``Call`` of the careful path asks) is made straight from them, with no ``Call``, and
  answered by ``answering.answer_question`` -- the function ``answer`` answers such a call
  with, under the same score memo;
- anything else (Explain, a game, a table input, a value of a wrong kind, any problem) goes
  the careful way (``annotation_hook._analyze_carefully``), which reads every node, builds
  the call with ``build_call`` and reports errors where they are. Only verdicts are taken
  here: a problem is always reported by the careful path.

The ``Literal`` type of each distinct answer is built once and shared.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Final

from mypy.nodes import SymbolTableNode
from mypy.plugin import AnalyzeTypeContext, TypeAnalyzerPluginInterface
from mypy.types import AnyType, RawExpressionType, Type, TypeOfAny, UnboundType

from typed_mahjong.query.keys import has_no_decimal_text

from .claims import withdraw_name_errors
from .literals import result_type
from .memo import NOT_A_VALUE
from .names import FLAG_INPUTS, NUMBER_INPUTS, SCORE_RESULTS
from .quick import END, FIELD, InputNames, Parts, quick_read

if TYPE_CHECKING:
    from types import ModuleType

    from typed_mahjong.query.answering import ScoreKey
    from typed_mahjong.query.names import Answer

    from .state import State

_MISSING: Final = object()


def analyze_result(ctx: AnalyzeTypeContext, result: str, state: State) -> Type:
    """``Points[...]`` and the other results: the short way, else the careful one
    (``annotation_hook``, loaded the first time an annotation needs it)."""
    args = ctx.type.args
    tried = not state.daemon and bool(args)
    answered = None
    if tried:
        try:
            api = ctx.api
            module = getattr(getattr(api, "cur_mod_node", None), "fullname", None)
            if type(module) is str:
                # Name-like strings ("E", "majsoul") are values here, not forward references.
                withdraw_name_errors(api, name_like_values(args))
                answered = state.fast.answer(api, result, args, module)
        except Exception as exc:  # noqa: BLE001 - a plugin bug must not crash mypy
            from .outcomes import report_internal

            report_internal(ctx.api, ctx.context, exc)
            return AnyType(TypeOfAny.from_error)
    if answered is not None:
        return answered
    from .annotation_hook import analyze_result as carefully

    return carefully(ctx, result, state, short_way_tried=tried)


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
        # The type of each answer made against the builtins module ``_builtins``: keyed by
        # the answer itself when it is an int or a str (its Literal, whatever the result),
        # else by (result, answer) (names: a union or, for an exact set, a tuple).
        self._types: dict[object, Type] = {}
        self._builtins: object = None
        self._names = InputNames()
        # The module whose remembered answers ``result_hook`` reads: its global symbol table
        # (None: none yet), what the memo holds of it from the previous run and what it used
        # in this one.
        self._table: object = None
        self._previous: dict[str, object] = {}
        self._used: dict[str, object] = {}

    def result_hook(self, result: str, ctx: AnalyzeTypeContext) -> Type:
        """The hook of result annotation ``result`` (mypy calls it through a ``partial``: one
        Python call an annotation). Every annotation of a re-checked fixtures module is a
        question answered in the previous run, so that case is read here in as few steps as
        Python allows: at module level, its names each still the symbol ``answer`` last
        found them to be, its values plain strings or ints, the key (``quick_read``'s) found
        among the module's remembered answers as an int or a str -- the answer
        ``lookup_value`` would give. Anything else (a new module, a name not yet looked up
        through mypy or bound to something else since, a value of another kind, an answer
        not remembered, a problem, a list, a breakdown) goes to ``analyze_result``, which
        binds what this path reads."""
        try:
            api = ctx.api
            semantic = api.api  # type: ignore[attr-defined]
            table: dict[str, SymbolTableNode] = semantic.globals
            if table is not self._table or not self._previous \
                    or semantic.locals[-1] is not None or semantic.type is not None:
                return analyze_result(ctx, result, self._state)
            known = self._names.known
            pieces = [result]
            name_like = False
            for arg in ctx.type.args:
                if type(arg) is not UnboundType:
                    return analyze_result(ctx, result, self._state)
                written = arg.name
                entry = known.get(written)
                symbol = table.get(written)
                # The node before the identity test: compiled, mypy's types are unknown
                # (Any), and ``is`` would narrow the symbol to the plain object of ``entry``.
                if entry is None or symbol is None or symbol.node is not entry[1] \
                        or symbol is not entry[0]:
                    return analyze_result(ctx, result, self._state)
                name = entry[2]
                pieces.append(name)
                for value in arg.args:
                    kind = type(value)
                    if kind is RawExpressionType:
                        literal = value.literal_value  # type: ignore[attr-defined]
                    elif kind is UnboundType:
                        literal = value.original_str_expr  # type: ignore[attr-defined]
                        name_like = True
                    else:
                        return analyze_result(ctx, result, self._state)
                    if type(literal) is str:
                        if FIELD in literal or END in literal:
                            return analyze_result(ctx, result, self._state)
                        pieces.append(literal)
                    elif type(literal) is int and not has_no_decimal_text(literal):
                        pieces.append(f"#{literal}" if name in NUMBER_INPUTS else str(literal))
                    else:
                        # The editor spelling (Hand[L["..."]]), a bool, a float...
                        return analyze_result(ctx, result, self._state)
                if name == "Explain":
                    return analyze_result(ctx, result, self._state)
                pieces.append(END)
            key = FIELD.join(pieces)
            record = self._previous.get(key)
            record_kind = type(record)
            if record_kind is not int and record_kind is not str:
                return analyze_result(ctx, result, self._state)
            if name_like:
                # Name-like strings ("E") are values here: withdraw mypy's "not defined" for
                # them, which only a file with errors so far can hold.
                errors = semantic.errors
                if errors.error_info_map.get(errors.file):
                    withdraw_name_errors(api, name_like_values(ctx.type.args))
            self._used[key] = record
            made = self._types.get(record)
            if made is None:
                made = self._types[record] = result_type(
                    result, record, api.named_type)  # type: ignore[arg-type]
            return made
        except Exception:  # noqa: BLE001 - mypy's objects not as this path expects them
            return analyze_result(ctx, result, self._state)

    def answer(self, api: TypeAnalyzerPluginInterface, result: str, args: Sequence[Type],
               module: str) -> Type | None:
        """The type of result annotation ``result[args]`` in ``module``, or None for the
        careful path."""
        state = self._state
        names = self._names
        read = quick_read(api, result, args, names)
        if read is None:
            return None
        key, explain, parts = read
        if explain or state.config.explain:
            return None  # a breakdown is wanted: the careful path notes it
        if names.table is not self._table:
            self._bind(api, module)
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
        kind = type(value)
        if self._table is not None and (kind is int or kind is str):
            # Bound (so not under the daemon): this run's builtins, checked when bound.
            made = self._types.get(value)
            if made is None:
                made = self._types[value] = result_type(result, value,  # type: ignore[arg-type]
                                                        api.named_type)
            return made
        return self._type(api, result, value)  # type: ignore[arg-type]

    def _bind(self, api: TypeAnalyzerPluginInterface, module: str) -> None:
        """Make ``result_hook`` read the answers of ``module`` when the analyser is at its
        module level, against the builtins of this run. Never under the daemon: there the
        careful path looks at the settings first, once per module analysed."""
        if self._state.daemon:
            return
        table = self._names.globals_of(api)
        if table is None:
            return  # not at module level: what is bound stays as true as it was
        self._table = None
        modules = getattr(getattr(api, "api", None), "modules", None)
        builtins = modules.get("builtins") if type(modules) is dict else None
        if builtins is None:
            return
        if builtins is not self._builtins:
            self._types = {}
            self._builtins = builtins
        self._previous, self._used = self._state.memo.tables_of(module)
        self._table = table

    def _score(self, result: str, parts: Parts) -> object:
        question = plain_question(result, parts)
        if question is None:
            return _MISSING
        engine = self._state.engine
        try:
            return _query()[0].answer_question(result, question, engine.rules,
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
        kind = type(value)
        cache_key = value if kind is int or kind is str else (result, value)
        made = self._types.get(cache_key) if builtins is not None else None
        if made is None:
            made = result_type(result, value, api.named_type)
            if builtins is not None:
                self._types[cache_key] = made
        return made


def plain_question(result: str, parts: Parts) -> ScoreKey | None:
    """The question (hand, winning tile, win options, rules) of the ``Call`` that
    ``build_call(result, parts)`` makes, when the inputs are of the plain kinds and that
    call is well formed, asks a scored result and names no game, table input or Explain;
    None for everything else (which ``build_call`` then reads, and reports if it is
    wrong). Each kind of input follows ``build_call`` for its kind: a hand's called melds
    after its concealed tiles, a win option's text joined, a count an int that is no
    bool."""
    if result not in SCORE_RESULTS:
        return None
    kinds = _input_kinds()
    hand: str | None = None
    win: str | None = None
    rules: str | None = None
    situation: dict[str, object] = {}
    seen: set[str] = set()
    for name, values in parts:
        if name in seen:
            return None
        seen.add(name)
        kind = kinds.get(name)
        if kind is None:
            return None  # Explain, Game, a table input, a game's input: the careful path
        how, option = kind
        if how is _HAND:
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
        elif how is _WIN:
            if win is not None or len(values) != 1 or type(values[0]) is not str:
                return None
            win = values[0]
            situation["tsumo"] = option
        elif how is _FLAG:
            if values:
                return None
            situation[option] = True  # type: ignore[index]
        elif how is _NUMBER:
            if len(values) != 1 or type(values[0]) is not int:
                return None
            situation[option] = values[0]  # type: ignore[index]
        elif how is _RULES:
            if len(values) != 1 or type(values[0]) is not str:
                return None
            rules = values[0]
        else:  # a text input, of one part or (_TEXTS) several
            if not values or (len(values) != 1 and how is not _TEXTS):
                return None
            text = ""
            for value in values:
                if type(value) is not str:
                    return None
                text += value
            situation[option] = text  # type: ignore[index]
    if hand is None or win is None:
        return None
    return (hand, win, tuple(sorted(situation.items())), rules)


# The kinds of input plain_question reads: one lookup an input instead of a chain of tests.
_HAND, _WIN, _FLAG, _NUMBER, _TEXT, _TEXTS, _RULES = ("hand", "win", "flag", "number", "text",
                                                     "texts", "rules")
_KINDS: dict[str, tuple[str, object]] = {}


def _input_kinds() -> dict[str, tuple[str, object]]:
    """Input name -> (its kind, what it sets: the tsumo flag of a win, the core's option),
    from the query layer's tables, in the order ``build_call`` tells the kinds apart."""
    if not _KINDS:
        tables = _query()[1]
        kinds: dict[str, tuple[str, object]] = {"Hand": (_HAND, None)}
        for name in ("Ron", "Tsumo"):
            kinds.setdefault(name, (_WIN, tables.WIN_INPUTS[name]))
        for name in FLAG_INPUTS:
            kinds.setdefault(name, (_FLAG, tables.FLAG_INPUTS[name]))
        for name in NUMBER_INPUTS:
            kinds.setdefault(name, (_NUMBER, tables.NUMBER_INPUTS[name]))
        for name, option in tables.TEXT_INPUTS.items():
            kinds.setdefault(name, (_TEXTS if name in tables.MULTI_PART_INPUTS else _TEXT,
                                    option))
        kinds.setdefault("Rules", (_RULES, None))
        _KINDS.update(kinds)
    return _KINDS


_LOADED: list[tuple[ModuleType, ModuleType]] = []


def _query() -> tuple[ModuleType, ModuleType]:
    """The query layer's ``answering`` and ``names``, loaded when a question is first
    answered (an import statement a call would cost more than the rest of the short way)."""
    if not _LOADED:
        from typed_mahjong.query import answering
        from typed_mahjong.query import names as tables

        _LOADED.append((answering, tables))
    return _LOADED[0]
