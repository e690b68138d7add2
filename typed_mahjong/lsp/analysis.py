"""What the language server says about one buffer: its diagnostics, hovers, fixes and hints.

No editor protocol here (``server`` speaks it): the finder (``query.finder``) reads the
annotations, the query layer (``build_call``, ``outcomes.evaluate``) answers them, and
this module words the outcome as the mypy plugin does, on the line and column mypy
reports. Work is kept at two levels, so an edit costs the statements it touched:
``pieces.Buffer`` parses again only the top-level statements an edit changed, and what
the checker made of each statement (its annotations, answers and messages) is kept with
it until its text, the bindings of the names it uses, or the settings change. Answers are
also memoised by what an annotation asks, so a question asked anywhere before is not put
to the core again.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Final

from ..core.win_options import BY_NAME
from ..errors import HandError
from ..query.answering import ScoreMemo, accepts
from ..query.building import AnnotationError, Call, build_call
from ..query.calls import calls_possible, calls_used, read_statement, uses_possible
from ..query.finder import (
    NO_VALUE,
    Found,
    InputAlone,
    Names,
    Span,
    WrittenInput,
    find_in,
    inputs_alone,
    module_names,
    names_used,
    rebound,
)
from ..query.game_files import Games
from ..query.keys import memo_key
from ..query.names import EXACT, MEMBER, RESULTS_BY_NAME, Answer
from ..query.outcomes import USAGE, Problem, Verdict, code_for_kind, evaluate
from ..query.places import problem_place
from ..query.settings import PluginConfig
from ..query.uses import Declared, bindings, merged
from ..query.wording import BareName, bare_name_message, input_alone_message, shown
from .calls import call_messages, use_messages
from .messages import (
    ASSIGNMENT,
    CONFIG,
    ERROR,
    EXPLAIN,
    INTERNAL,
    NOTE,
    Message,
    declared_text,
    type_text,
)
from .mypy_options import disabled_codes, inline_disabled
from .pieces import Buffer, Ignores, Piece

__all__ = ["ERROR", "NOTE", "Checker", "Message", "Report", "at", "hint_text",
           "hover_text"]

# A buffer past this is not read: far beyond any module of fixtures (1,000 annotated
# hands take about 100 KB), and parsing it would hold up every other request.
MAX_BUFFER_BYTES: Final = 8 << 20
# Answers kept across edits; past this the memo starts afresh (a bound on memory, not
# a cache policy: a module's answers come back at its next edit).
MEMO_LIMIT: Final = 100_000
@dataclass(frozen=True, slots=True)
class Answered:
    """An annotation and what it asks: its value or the problem with it."""

    found: Found
    outcome: Verdict | Problem | None  # None: not asked (a usage error came first)


@dataclass(frozen=True, slots=True)
class Report:
    messages: tuple[Message, ...]
    answered: tuple[Answered, ...]


@dataclass(frozen=True, slots=True)
class PieceMemo:
    """What the checker made of one top-level statement: from which names (``used``), at
    which line shift, and whether its calls were read (``calls``: only in a module that
    imports something a form may be called through). (A checker's settings never change:
    new ones get a new checker.)"""

    used: frozenset[str]
    shift: int
    answered: tuple[Answered, ...]
    messages: tuple[Message, ...]
    calls: bool = False

    def moved(self, shift: int) -> PieceMemo:
        """The same at another shift: every place moved by the difference."""
        lines = shift - self.shift
        return PieceMemo(self.used, shift,
                         tuple(Answered(_moved_found(item.found, lines), item.outcome)
                               for item in self.answered),
                         tuple(replace(message, span=message.span.moved(lines))
                               for message in self.messages), self.calls)


@dataclass(slots=True)
class _BufferState:
    buffer: Buffer = field(default_factory=Buffer)
    names: Names | None = None
    declared: dict[str, Declared] = field(default_factory=dict)


class Checker:
    """Answers buffers under one project's settings; keeps answers across edits."""

    def __init__(self, config: PluginConfig) -> None:
        self.config = config
        self._games = Games(config.roots)
        self._scores = ScoreMemo()
        self._memo: dict[tuple[str, object], Verdict | Problem] = {}
        self._buffers: dict[str, _BufferState] = {}
        self.asked = 0  # how many questions went to the core (for tests and benchmarks)
        self.statements_read = 0  # top-level statements whose annotations were read again
        self._fingerprint = config.fingerprint()
        self._disabled = disabled_codes(config.config_file)

    def check(self, source: str, buffer: str = "") -> Report:
        """The report of a buffer; never raises for any text. ``buffer`` names the buffer
        (its URI) whose last text the edit is compared with; any text may be checked under
        any name, the name only saves work."""
        if self.config.problems:
            return Report(tuple(Message(Span(1, 0, 1, 1), ERROR, shown(problem), CONFIG)
                                for problem in self.config.problems), ())
        size = len(source.encode("utf-8", "surrogatepass"))
        if size > MAX_BUFFER_BYTES:
            return Report((Message(Span(1, 0, 1, 1), ERROR,
                                   f"typed-mahjong lsp: this buffer is {size} bytes; buffers "
                                   f"past {MAX_BUFFER_BYTES} bytes are not checked (mypy with "
                                   f"the plugin still checks the file)", USAGE),), ())
        state = self._buffers.setdefault(buffer, _BufferState())
        if not state.buffer.update(source):
            # Not Python (yet): the type checker reports the syntax; nothing is ours.
            return Report((), ())
        try:
            return self._report(state)
        except RecursionError:
            return Report((), ())

    def forget(self, buffer: str) -> None:
        """Drop what is kept of a closed buffer."""
        self._buffers.pop(buffer, None)

    def work(self, buffer: str = "") -> dict[str, int]:
        """The work counts of a buffer's checks so far (machine-independent costs)."""
        state = self._buffers.get(buffer)
        counts = {"asked": self.asked, "statements_read": self.statements_read}
        if state is not None:
            work = state.buffer.work
            counts.update(updates=work.updates, full_parses=work.full_parses,
                          lines_parsed=work.lines_parsed,
                          statements_parsed=work.statements_parsed)
        return counts

    def _report(self, state: _BufferState) -> Report:
        pieces = state.buffer.pieces
        names = module_names(None, [node for piece in pieces for node in piece.nested])
        changed = rebound(state.names, names) if state.names is not None else set()
        state.names = names
        calls = calls_possible(names) or uses_possible(names)
        declared = self._declared(pieces, names, changed) if calls else {}
        changed.update(name for name in declared.keys() | state.declared.keys()
                       if declared.get(name) != state.declared.get(name))
        state.declared = declared
        messages: list[Message] = []
        answered: list[Answered] = []
        disabled = inline_disabled(state.buffer.lines, self._disabled)
        for piece in pieces:
            memo = piece.memo
            if not isinstance(memo, PieceMemo) or not memo.used.isdisjoint(changed) \
                    or memo.calls != calls:
                memo = self._read(piece, names, declared if calls else None)
            elif memo.shift != piece.shift:
                memo = memo.moved(piece.shift)
            piece.memo = memo
            answered.extend(memo.answered)
            messages.extend(message for message in memo.messages
                            if message.code not in disabled
                            and not _silenced(message, piece.ignores, piece.shift))
        return Report(tuple(messages), tuple(answered))

    @staticmethod
    def _declared(pieces: list[Piece], names: Names, changed: set[str]
                  ) -> dict[str, Declared]:
        """The module's declarations, each statement's kept while it and the names it
        uses stand (a statement read again is new, its ``declares`` not yet made)."""
        parts: list[Mapping[str, Declared | None]] = []
        for piece in pieces:
            memo = piece.memo
            if piece.declares is None or not isinstance(memo, PieceMemo) \
                    or not memo.used.isdisjoint(changed):
                piece.declares = bindings([piece.node], names, classes=True)
            assert isinstance(piece.declares, dict)
            parts.append(piece.declares)
        return merged(parts)

    def _read(self, piece: Piece, names: Names,
              declared: dict[str, Declared] | None) -> PieceMemo:
        """Find and answer the annotations (and, given the module's ``declared`` names,
        the function forms, rows and uses of declared names) of one top-level
        statement."""
        calls = declared is not None
        self.statements_read += 1
        answered: list[Answered] = []
        messages: list[Message] = []
        for found in find_in(piece.nested, names):
            found = _moved_found(found, piece.shift)
            outcome, said = self._answer(found)
            answered.append(Answered(found, outcome))
            messages.extend(said)
        messages.extend(_alone_message(alone, piece.shift)
                        for alone in inputs_alone(piece.nested, names))
        used = names_used(piece.nested)
        if declared is not None:
            calls_found, uses = read_statement(piece.node, names, declared)
            for call in calls_found:
                messages.extend(call_messages(call.moved(piece.shift), self._ask))
            for use in uses:
                messages.extend(use_messages(use.moved(piece.shift), self._ask))
            used |= calls_used(piece.node)
            # mypy reports in line order; a call's messages go among the annotations'.
            messages.sort(key=lambda message: (message.span.line, message.span.column))
        return PieceMemo(used, piece.shift, tuple(answered), tuple(messages), calls)

    def _ask(self, call: Call, key: str | None) -> Verdict | Problem:
        """The answer to a call's query, memoised under ``key`` (None: asked afresh, for
        explain()'s breakdown, which kept answers may lack)."""
        remembered_as = (self._fingerprint, key)
        known = self._memo.get(remembered_as) if key is not None else None
        if known is not None:
            return known
        outcome = self._evaluate(call)
        if key is not None:
            if len(self._memo) >= MEMO_LIMIT:
                self._memo.clear()
            self._memo[remembered_as] = outcome
        return outcome

    def _answer(self, found: Found) -> tuple[Verdict | Problem | None, list[Message]]:
        result = found.result
        if found.inputs is None:
            return None, [Message(found.span, ERROR, f'{result} needs inputs, e.g. {result}'
                                  f'[Hand["234p234s456m567s44p"], Ron["3p"]]', USAGE)]
        if found.alias and any(isinstance(value, BareName) for written in found.inputs
                               for value in written.values):
            return None, []  # reported where the alias is defined
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
            if found.alias:
                return None, []
            return None, [Message(_usage_span(exc, found), ERROR, shown(exc.message), USAGE)]
        except HandError as exc:  # a count out of its option's range, checked before use
            if found.alias:
                return None, []
            return None, [Message(_option_span(exc.field, found), ERROR, shown(exc.message),
                                  code_for_kind(exc.kind))]
        outcome = self._outcome(call, found)
        if found.alias and isinstance(outcome, Problem):
            return outcome, []  # reported where the alias is defined
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
        key = (self._fingerprint, memo_key((found.result, [
            (written.name, written.values) for written in found.inputs])))
        known = self._memo.get(key)
        if known is not None and not (call.explain and isinstance(known, Verdict)
                                      and not known.explanation):
            return known
        outcome = self._evaluate(call)
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[key] = outcome
        return outcome

    def _evaluate(self, call: Call) -> Verdict | Problem:
        self.asked += 1
        try:
            return evaluate(call, self.config.rules, self.config.base_dir, self._games,
                            self._scores)
        except Exception as exc:  # noqa: BLE001 - a bug answers one annotation, no more
            return Problem(INTERNAL, f"typed-mahjong lsp: unexpected "
                                     f"{type(exc).__name__}: {exc} (please report this)")


def _moved_found(found: Found, lines: int) -> Found:
    """An annotation's places after ``lines`` lines were added above it."""
    if not lines:
        return found
    inputs = None if found.inputs is None else tuple(
        WrittenInput(written.name, written.values, written.span.moved(lines),
                     tuple(span.moved(lines) for span in written.value_spans))
        for written in found.inputs)
    return Found(found.result, inputs, found.span.moved(lines), found.value,
                 None if found.value_span is None else found.value_span.moved(lines),
                 found.alias)


def _alone_message(alone: InputAlone, lines: int) -> Message:
    return Message(alone.span.moved(lines), ERROR,
                   shown(input_alone_message(alone.name, alone.text)), USAGE)


def _silenced(message: Message, ignored: Ignores, shift: int) -> bool:
    """mypy's rule: an ignore on an error's line silences it (all codes, or those named);
    notes go with their line too. ``ignored`` is by line as parsed, ``shift`` lines
    behind the message's."""
    codes = ignored.get(message.span.line - shift)
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
