"""What the language server says about one buffer: its diagnostics, hovers, fixes and hints.

No editor protocol here (``server`` speaks it): the finder (``query.finder``) reads the
annotations, the query layer (``build_call``, ``outcomes.evaluate``) answers them, and
this module words the outcome as the mypy plugin does, on the line and column mypy
reports. Answers are memoised by what an annotation asks and the settings it is asked
under, so an edit re-answers only the annotations it touched.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ..core.win_options import BY_NAME
from ..errors import HandError
from ..query.answers import (
    EXACT,
    MEMBER,
    RESULTS_BY_NAME,
    AnnotationError,
    Answer,
    Call,
    ScoreMemo,
    accepts,
    build_call,
)
from ..query.finder import NO_VALUE, Found, Span, WrittenInput, find
from ..query.game_files import Games
from ..query.outcomes import USAGE, Problem, Verdict, code_for_kind, evaluate
from ..query.places import problem_place
from ..query.settings import PluginConfig
from ..query.wording import BareName, bare_name_message, shown

# A buffer past this is not read: far beyond any module of fixtures (1,000 annotated
# hands take about 100 KB), and parsing it would hold up every other request.
MAX_BUFFER_BYTES: Final = 8 << 20
# Answers kept across edits; past this the memo starts afresh (a bound on memory, not
# a cache policy: a module's answers come back at its next edit).
MEMO_LIMIT: Final = 100_000
ERROR: Final = "error"
NOTE: Final = "note"
ASSIGNMENT: Final = "assignment"
INTERNAL: Final = "mahjong-internal"
EXPLAIN: Final = "mahjong-explain"
CONFIG: Final = "mahjong-config"


@dataclass(frozen=True, slots=True)
class Message:
    """One diagnostic, as mypy would print it: ``span.line:span.column+1: severity: text
    [code]``. ``fixes`` are replacement texts for ``span`` (a wrong value's right ones)."""

    span: Span
    severity: str
    text: str
    code: str
    fixes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Answered:
    """An annotation and what it asks: its value or the problem with it."""

    found: Found
    outcome: Verdict | Problem | None  # None: not asked (a usage error came first)


@dataclass(frozen=True, slots=True)
class Report:
    messages: tuple[Message, ...]
    answered: tuple[Answered, ...]


class Checker:
    """Answers buffers under one project's settings; keeps answers across edits."""

    def __init__(self, config: PluginConfig) -> None:
        self.config = config
        self._games = Games(config.roots)
        self._scores = ScoreMemo()
        self._memo: dict[tuple[str, object], Verdict | Problem] = {}
        self.asked = 0  # how many questions went to the core (for tests and benchmarks)
        self._fingerprint = config.fingerprint()

    def check(self, source: str) -> Report:
        """The report of a buffer; never raises for any text."""
        if self.config.problems:
            return Report(tuple(Message(Span(1, 0, 1, 1), ERROR, shown(problem), CONFIG)
                                for problem in self.config.problems), ())
        size = len(source.encode("utf-8", "surrogatepass"))
        if size > MAX_BUFFER_BYTES:
            return Report((Message(Span(1, 0, 1, 1), ERROR,
                                   f"typed-mahjong lsp: this buffer is {size} bytes; buffers "
                                   f"past {MAX_BUFFER_BYTES} bytes are not checked (mypy with "
                                   f"the plugin still checks the file)", USAGE),), ())
        try:
            tree = _parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            # Not Python (yet): the type checker reports the syntax; nothing is ours.
            return Report((), ())
        ignored = _ignores(tree)
        messages: list[Message] = []
        answered: list[Answered] = []
        try:
            queries = find(tree)
        except RecursionError:
            return Report((), ())
        self._fingerprint = self.config.fingerprint()
        for found in queries:
            outcome, said = self._answer(found)
            answered.append(Answered(found, outcome))
            messages.extend(message for message in said if not _silenced(message, ignored))
        return Report(tuple(messages), tuple(answered))

    def _answer(self, found: Found) -> tuple[Verdict | Problem | None, list[Message]]:
        result = found.result
        if found.inputs is None:
            return None, [Message(found.span, ERROR, f'{result} needs inputs, e.g. {result}'
                                  f'[Hand["234p234s456m567s44p"], Ron["3p"]]', USAGE)]
        bare = [Message(span, ERROR, shown(bare_name_message(value, written.name)), USAGE)
                for written in found.inputs
                for value, span in zip(written.values, written.value_spans, strict=True)
                if isinstance(value, BareName)]
        if bare:
            return None, bare
        try:
            call = build_call(result, [(written.name, written.values)
                                       for written in found.inputs])
        except AnnotationError as exc:
            return None, [Message(_usage_span(exc, found), ERROR, shown(exc.message), USAGE)]
        except HandError as exc:  # a count out of its option's range, checked before use
            return None, [Message(_option_span(exc.field, found), ERROR, shown(exc.message),
                                  code_for_kind(exc.kind))]
        outcome = self._outcome(call, found)
        if isinstance(outcome, Problem):
            return outcome, [Message(_problem_span(call, outcome, found), ERROR,
                                     shown(outcome.message), outcome.code)]
        said: list[Message] = []
        if call.explain or self.config.explain:
            said += [Message(found.span, NOTE, shown(line), EXPLAIN) for line in
                     [f"typed-mahjong: {result} = {outcome.value!r}",
                      *outcome.explanation.splitlines()]]
        if found.value is not NO_VALUE and found.value_span is not None \
                and not accepts(call, outcome.value, found.value):
            said.append(Message(found.value_span, ERROR, assignment_text(
                result, outcome.value, found.value), ASSIGNMENT, right_values(
                result, outcome.value)))
        return outcome, said

    def _outcome(self, call: Call, found: Found) -> Verdict | Problem:
        assert found.inputs is not None
        key = (self._fingerprint, repr((found.result, [
            (written.name, written.values) for written in found.inputs])))
        known = self._memo.get(key)
        if known is not None and not (call.explain and isinstance(known, Verdict)
                                      and not known.explanation):
            return known
        self.asked += 1
        try:
            outcome = evaluate(call, self.config.rules, self.config.base_dir, self._games,
                               self._scores)
        except Exception as exc:  # noqa: BLE001 - a bug answers one annotation, no more
            outcome = Problem(INTERNAL, f"typed-mahjong lsp: unexpected "
                                        f"{type(exc).__name__}: {exc} (please report this)")
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[key] = outcome
        return outcome


def _parse(source: str) -> ast.Module:
    """The module, with its ``# type: ignore`` comments when they are where Python's parser
    takes them (a stray type comment elsewhere makes it refuse: then without them)."""
    try:
        return ast.parse(source, type_comments=True)
    except SyntaxError:
        return ast.parse(source)


# line -> the codes its ``# type: ignore[...]`` names (empty: every code)
Ignores = dict[int, frozenset[str]]


def _ignores(tree: ast.Module) -> Ignores:
    found: Ignores = {}
    for ignore in tree.type_ignores:
        tag = ignore.tag.strip()
        codes = frozenset(code.strip() for code in tag.strip("[]").split(",") if code.strip()) \
            if tag.startswith("[") else frozenset()
        found[ignore.lineno] = codes
    return found


def _silenced(message: Message, ignored: Ignores) -> bool:
    """mypy's rule: an ignore on an error's line silences it (all codes, or those named);
    notes go with their line too."""
    codes = ignored.get(message.span.line)
    return codes is not None and (not codes or message.code in codes
                                  or message.severity == NOTE)


def _usage_span(exc: AnnotationError, found: Found) -> Span:
    assert found.inputs is not None
    if exc.input_index is None or exc.input_index >= len(found.inputs):
        return found.span
    written = found.inputs[exc.input_index]
    if exc.value_index is not None and exc.value_index < len(written.value_spans):
        return written.value_spans[exc.value_index]
    return written.span


def _option_span(option: str | None, found: Found) -> Span:
    """The value of the input that sets win option ``option`` (``Nuki[10]`` for nuki)."""
    assert found.inputs is not None
    marker = BY_NAME[option].marker if option in BY_NAME else None
    for written in found.inputs:
        if written.name == marker:
            return written.value_spans[0] if written.value_spans else written.span
    return found.span


def _problem_span(call: Call, problem: Problem, found: Found) -> Span:
    assert found.inputs is not None
    place = problem_place(call, problem.field, problem.position,
                          [len(written.values) for written in found.inputs])
    if place.input_index is None:
        return found.span
    written: WrittenInput = found.inputs[place.input_index]
    if place.value_index is None:
        return written.span
    span = written.value_spans[place.value_index]
    value = written.values[place.value_index]
    if place.offset is not None and isinstance(value, str):
        column = span.column + 1 + place.offset  # 1: the opening quote
        return Span(span.line, column, span.line, column + 1)
    return span


def type_text(value: object) -> str:
    """A value's Literal type as mypy prints it in a message."""
    if isinstance(value, tuple):
        return f"tuple[{', '.join(type_text(item) for item in value) or '()'}]"
    return f"Literal[{value!r}]"


def declared_text(result: str, value: Answer) -> str:
    """The type of a result annotation whose answer is ``value``, as mypy prints it."""
    form = RESULTS_BY_NAME[result].form
    if form == MEMBER and isinstance(value, tuple):
        if not value:
            return "Never"
        return f"Literal[{', '.join(repr(item) for item in value)}]"
    return type_text(value)


def assignment_text(result: str, answer: Answer, written: object) -> str:
    """mypy's message for a value its annotation's Literal does not admit."""
    declared = declared_text(result, answer)
    if declared == "Never" and not isinstance(written, tuple):
        # Against Never, mypy infers the value without a Literal context.
        expression = type(written).__name__
    else:
        expression = type_text(written)
    return (f'Incompatible types in assignment (expression has type "{expression}", '
            f'variable has type "{declared}")')


def right_values(result: str, answer: Answer) -> tuple[str, ...]:
    """The values a fix may write: the answer, or each name of a Yaku/Waits union."""
    form = RESULTS_BY_NAME[result].form
    if form == MEMBER and isinstance(answer, tuple):
        return tuple(repr(item) for item in answer)
    if form == EXACT or isinstance(answer, tuple):
        return (repr(tuple(answer)) if isinstance(answer, tuple) else repr(answer),)
    return (repr(answer),)


def hover_text(item: Answered) -> str:
    """Markdown for a hover on an annotation: the answer and why."""
    found, outcome = item.found, item.outcome
    if outcome is None:
        return f"**{found.result}**: not answered (see the error on this annotation)"
    if isinstance(outcome, Problem):
        return f"**{found.result}**: `{outcome.code}`\n\n{shown(outcome.message)}"
    lines = [f"**{found.result} = {_python_text(outcome.value)}**"]
    if found.value is not NO_VALUE:
        lines.append(f"written: `{_python_text(found.value)}`")
    if outcome.explanation:
        lines.append("```text\n" + outcome.explanation + "\n```")
    return "\n\n".join(lines)


def _python_text(value: object) -> str:
    return repr(value)


def at(report: Report, line: int, column: int) -> Iterator[Answered]:
    """The annotations holding a position (1-based line, 0-based byte column), innermost
    first."""
    holding = [item for item in report.answered if item.found.span.holds(line, column)
               or (item.found.value_span is not None
                   and item.found.value_span.holds(line, column))]
    yield from sorted(holding, key=lambda item: (item.found.span.end_line - item.found.span.line,
                                                 item.found.span.end_column))


def hint_text(item: Answered) -> str | None:
    """The inlay hint of an annotation written without a value: `` = 1300``."""
    if item.found.value is not NO_VALUE or not isinstance(item.outcome, Verdict):
        return None
    return f" = {right_values(item.found.result, item.outcome.value)[0]}"
