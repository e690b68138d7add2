"""Answers carried over from the previous run, per module.

Editing one line of a fixtures module with thousands of hands makes mypy analyse the whole
module again; without a memory the plugin would score every hand again too. So when mypy
writes a module's cache entry, the plugin writes the answers that module used (beside the
cache, see ``sidefiles``), stamped with the plugin/core sources digest and the settings;
the next run reads them back for that module and asks the core only about new hands. A
different stamp -- new core, new plugin, new rules -- discards the file.
Game answers are not kept: game files have their own invalidation (``games``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mypy.errorcodes import ErrorCode

from . import errors, sidefiles

if TYPE_CHECKING:  # made only when decoded: a warm run needs no query layer
    from .outcomes import Problem, Verdict

_CODES: Final[dict[str, ErrorCode]] = {
    code.code: code
    for code in (errors.MALFORMED, errors.NOT_WINNING, errors.NO_YAKU, errors.SITUATION,
                 errors.RULES, errors.USAGE)
}


# lookup_value of a record that holds no verdict's value.
NOT_A_VALUE: Final = object()


# A key says what an annotation or a call asks (see reading.key_text).
Key = str


class AnswerMemo:
    def __init__(self, cache_dir: str | None, stamp: str) -> None:
        self._cache_dir = cache_dir
        self._stamp = stamp
        self._previous: dict[str, dict[Key, object]] = {}
        self._used: dict[str, dict[Key, object]] = {}

    def _previous_of(self, module: str) -> dict[Key, object]:
        """What ``module`` got in the previous run, read from disk the first time asked."""
        previous = self._previous.get(module)
        if previous is None:
            previous = self._previous[module] = self._load(module)
            self._used.setdefault(module, {})
        return previous

    def tables_of(self, module: str) -> tuple[dict[Key, object], dict[Key, object]]:
        """What ``module`` got in the previous run, and what it used so far in this one: the
        dicts themselves, for the short way to read and fill (``fast.FastAnswers``) as
        ``lookup_value`` does."""
        return self._previous_of(module), self._used[module]

    def lookup(self, module: str, key: Key) -> Verdict | Problem | None:
        record = self._previous_of(module).get(key)
        if record is None:
            return None
        outcome = _decode(record)
        if outcome is not None:
            self._used[module][key] = record
        return outcome

    def lookup_value(self, module: str, key: Key) -> object:
        """The value of the verdict ``module`` got for ``key`` in the previous run, as
        ``lookup`` decodes it, without making a Verdict; ``None`` for no record, ``NOT_A_VALUE``
        for a record that is no verdict's (a problem: ``lookup`` it)."""
        record = self._previous_of(module).get(key)
        if record is None:
            return None
        kind = type(record)
        if kind is int or kind is str:
            value: object = record
        elif isinstance(record, list) and (all(type(item) is str for item in record)
                                           or all(type(item) is int for item in record)):
            value = tuple(record)
        else:
            return NOT_A_VALUE
        self._used[module][key] = record
        return value

    def remember(self, module: str, key: Key, outcome: Verdict | Problem) -> None:
        record = _encode(outcome)
        if record is not None:
            self._used.setdefault(module, {})[key] = record

    def remember_value(self, module: str, key: Key, value: int | str | tuple[object, ...]
                       ) -> None:
        """``remember`` of a verdict, given its value alone (no Verdict made)."""
        used = self._used.get(module)
        if used is None:
            used = self._used[module] = {}
        used[key] = list(value) if type(value) is tuple else value

    def save(self, module: str) -> None:
        """Write the answers ``module`` used in this run (when mypy caches the module)."""
        if self._cache_dir is None:
            return
        target = sidefiles.module_file(self._cache_dir, "answers", module)
        used = self._used.get(module)
        if used is not None and used == self._previous.get(module):
            return  # the same answers as the file holds
        if used:
            sidefiles.write_json(target, {"stamp": self._stamp, "answers": used})
        else:
            sidefiles.remove(target)

    def _load(self, module: str) -> dict[Key, object]:
        if self._cache_dir is None:
            return {}
        data = sidefiles.read_json(sidefiles.module_file(self._cache_dir, "answers", module))
        if not isinstance(data, dict) or data.get("stamp") != self._stamp:
            return {}
        answers = data.get("answers")
        return answers if isinstance(answers, dict) else {}


# A verdict is kept as its value alone (the explanation is long and rarely wanted: an
# annotation that asks for it goes to the core again), a problem as a dict.
def _encode(outcome: Verdict | Problem) -> object:
    from .outcomes import Verdict

    if isinstance(outcome, Verdict):
        return list(outcome.value) if isinstance(outcome.value, tuple) else outcome.value
    if outcome.code.code not in _CODES:
        return None  # internal errors are never kept
    return {"code": outcome.code.code, "message": outcome.message, "field": outcome.field,
            "position": outcome.position}


def _decode(record: object) -> Verdict | Problem | None:
    from .outcomes import Problem, Verdict

    if type(record) is int or type(record) is str:
        return Verdict(record, "")
    if type(record) is list:
        # Names (Yaku, YakuSet, Waits, Readings) or point changes (Settlement).
        if all(type(item) is str for item in record) or all(type(item) is int
                                                            for item in record):
            return Verdict(tuple(record), "")
        return None
    if not isinstance(record, dict):
        return None
    code = _CODES.get(str(record.get("code")))
    field, position = record.get("field"), record.get("position")
    if code is None or not isinstance(field, (str, type(None))):
        return None
    if not isinstance(position, (int, type(None))):
        return None
    return Problem(code, str(record.get("message", "")), field, position)
