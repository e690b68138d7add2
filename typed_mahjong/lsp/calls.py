"""What the server says of a function form or a table row (``query.calls`` finds them).

Worded as the plugin's hooks word it: a core error at the argument (and character) it is
about (``plugin/function_hook.py``, ``plugin/case_hook.py``), explain()'s breakdown as
notes, a call assigned to a ``Literal`` it does not equal (mypy's ``[assignment]``), a
computed value compared with another literal (``plugin/comparison.py``,
``[mahjong-mismatch]``) and a row's wrong ``expect=`` (``[arg-type]``). Calls use their own
rules (``rules=``, default tenhou), never the project's settings, as in the plugin.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import HandError
from ..query.answering import accepts
from ..query.building import AnnotationError, Call, build_call, call_from_arguments, game_call_of
from ..query.calls import EXPECT, EXPLAIN, GAME_ROWS, CallFound
from ..query.finder import NO_VALUE, Span
from ..query.keys import memo_key
from ..query.names import EXACT, KEYWORD_TYPES, MEMBER, RESULTS_BY_NAME, Answer
from ..query.outcomes import USAGE, Problem, Verdict
from ..query.places import problem_place
from ..query.uses import COMPARED, Use
from ..query.wording import BareName, literal_text, mismatch_message, shown
from .messages import (
    ARG_TYPE,
    ASSIGNMENT,
    ERROR,
    MISMATCH,
    NOTE,
    Message,
    declared_text,
    type_text,
)
from .messages import EXPLAIN as EXPLAIN_CODE

# (call, memo key or None for an answer that must carry its breakdown) -> the outcome
Ask = Callable[[Call, str | None], Verdict | Problem]


def call_messages(found: CallFound, ask: Ask) -> list[Message]:
    """The diagnostics of one call."""
    if found.form.row:
        return _row_messages(found, ask)
    values = {argument.name: argument.value for argument in found.arguments}
    explain = found.form.result == EXPLAIN
    # explain() scores as points() does; without the arguments a Call needs (a missing
    # winning tile, a value of another type) mypy reports the call itself.
    call = call_from_arguments("Points" if explain else found.form.result, values)
    if call is None:
        return []
    key = memo_key(("call", found.form.result, tuple(sorted(values.items()))))
    outcome = ask(call, None if explain else key)
    if isinstance(outcome, Problem):
        spans = [[argument.span] for argument in found.arguments]
        return [_problem(call, outcome, spans, [[value] for value in values.values()],
                         found.span)]
    if explain:
        return [Message(found.span, NOTE, shown(line), EXPLAIN_CODE)
                for line in ["typed-mahjong:", *outcome.explanation.splitlines()]]
    return _assigned(found, outcome.value) + _compared(found, outcome.value)


def _assigned(found: CallFound, answer: Answer) -> list[Message]:
    """``x: Literal[1600] = points(...)`` when the call's type is another Literal."""
    if found.declared is NO_VALUE or _same(answer, found.declared):
        return []
    return [Message(found.span, ERROR, f'Incompatible types in assignment (expression has '
                    f'type "{type_text(answer)}", variable has type '
                    f'"{type_text(found.declared)}")', ASSIGNMENT)]


def _compared(found: CallFound, answer: Answer) -> list[Message]:
    """``points(...) == 1600``: the plugin's ``==`` hook, for a computed call."""
    compared = found.compared
    if compared is None:
        return []
    return _mismatch(answer, compared.other, compared.equal, compared.span)


def _mismatch(answer: object, other: object, equal: bool, span: Span) -> list[Message]:
    """The ``==`` hook's error when a computed literal meets another written one."""
    if not _literal(answer) or type(other) is not type(answer) or other == answer:
        return []
    return [Message(span, ERROR, shown(mismatch_message(answer, other, equal)), MISMATCH)]


def use_messages(use: Use, ask: Ask) -> list[Message]:
    """A literal met by a name declared with a result: compared with it (the ``==``
    hook), or passed where it is a parameter or a field (mypy's ``[arg-type]``). A query
    that cannot be answered says nothing here: its annotation reports it."""
    result, inputs = use.query
    if any(isinstance(value, BareName) for _, values in inputs for value in values):
        return []
    try:
        call = build_call(result, list(inputs))
    except (AnnotationError, HandError):
        return []
    outcome = ask(call, memo_key((result, list(inputs))))
    if isinstance(outcome, Problem):
        return []
    answer = outcome.value
    if use.kind == COMPARED:
        form = RESULTS_BY_NAME[result].form
        if form == MEMBER:  # one of the names: a single literal only when there is one
            if not isinstance(answer, tuple) or len(answer) != 1:
                return []
            answer = answer[0]
        elif form != EXACT and isinstance(answer, tuple):
            return []
        return _mismatch(answer, use.written, use.equal, use.span)
    if accepts(call, answer, use.written):
        return []
    return [Message(use.span, ERROR, shown(
        f'Argument {use.argument} to "{use.callee}" has incompatible type '
        f'{literal_text(use.written)}; expected "{declared_text(result, answer)}"'),
        ARG_TYPE)]


def _literal(value: object) -> bool:
    """A value whose type is one literal (a bool is not one, for the ``==`` hook)."""
    if isinstance(value, tuple):
        return all(_literal(item) for item in value)
    return isinstance(value, (int, str)) and not isinstance(value, bool)


def _same(answer: object, written: object) -> bool:
    return type(answer) is type(written) and answer == written


def _row_messages(found: CallFound, ask: Ask) -> list[Message]:
    """A table row: its query answered like its function form, then ``expect=``."""
    arguments = [argument for argument in found.arguments if argument.name != EXPECT]
    expect = next((argument for argument in found.arguments if argument.name == EXPECT),
                  None)
    values = {argument.name: argument.value for argument in arguments}
    spans: list[list[Span]] = [[argument.span] for argument in arguments]
    texts: list[list[object]] = [[value] for value in values.values()]
    if found.form.name in GAME_ROWS:
        game, hand = values.get("game"), values.get("hand")
        if not isinstance(game, str) or not isinstance(hand, str):
            return []
        # game and hand first, as game_call_of numbers the inputs; an input's value is
        # the second of GameInput["name", value].
        arguments.sort(key=lambda argument: {"game": 0, "hand": 1}.get(argument.name, 2))
        inputs = {argument.name: argument.value for argument in arguments[2:]}
        spans = [[arguments[0].span], [arguments[1].span],
                 *([argument.span, argument.span] for argument in arguments[2:])]
        texts = [[game], [hand], *([None, value] for value in inputs.values())]
        try:
            call: Call | None = game_call_of(found.form.result, game, hand, inputs)
        except AnnotationError as exc:
            index = exc.input_index if exc.input_index is not None else 0
            return [Message(arguments[min(index, len(arguments) - 1)].span, ERROR,
                            shown(exc.message), USAGE)]
    else:
        if any(name not in KEYWORD_TYPES or type(value) is not KEYWORD_TYPES[name]
               for name, value in values.items()):
            return []  # a value that is not a literal of its type: run time, or mypy, says
        call = call_from_arguments(found.form.result, values)
    if call is None:
        return []
    key = memo_key(("case", found.form.name, tuple(sorted(
        (name, value) for name, value in values.items()))))
    outcome = ask(call, key)
    if isinstance(outcome, Problem):
        return [_problem(call, outcome, spans, texts, found.span)]
    if expect is None or expect.value is NO_VALUE or _same(outcome.value, expect.value):
        return []
    return [Message(expect.span, ERROR, shown(
        f'Argument "{EXPECT}" to "{found.form.name}" has incompatible type '
        f"{literal_text(expect.value)}; expected {literal_text(outcome.value)}"), ARG_TYPE)]


def _problem(call: Call, problem: Problem, spans: Sequence[Sequence[Span]],
             texts: Sequence[Sequence[object]], whole: Span) -> Message:
    """A core error where the plugin's ``problem_context`` puts it: the argument it is
    about, or one character of that argument's text."""
    place = problem_place(call, problem.field, problem.position,
                          [len(values) for values in spans])
    span = whole
    if place.input_index is not None:
        value_spans = spans[place.input_index]
        if place.value_index is None:
            span = value_spans[0]  # the argument: a game input's two values are its node
        else:
            span = value_spans[place.value_index]
            text = texts[place.input_index][place.value_index]
            if place.offset is not None and isinstance(text, str):
                column = span.column + 1 + place.offset  # 1: the opening quote
                span = Span(span.line, column, span.line, column + 1)
    return Message(span, ERROR, shown(problem.message), problem.code)
