"""The run-time check of annotated fixtures: ``check_fixtures(module)`` in one line.

For projects without the mypy plugin (pyright, Pylance) and for a second opinion at run
time: every fixture of a module (or a class) whose annotation is a typed-mahjong result is
asked of the core, as the plugin asks it, and every wrong one is reported at once::

    from typed_mahjong.query.check import check_fixtures
    import tests.fixtures as fixtures

    def test_fixtures() -> None:
        check_fixtures(fixtures)

What is looked at, following the annotations:

- module variables and class attributes (``Final[Points[...]]`` and ``ClassVar[...]``
  included), and the defaults of dataclass and NamedTuple fields;
- values inside them, by their annotation: ``list[Case]``, ``tuple[Row, ...]``,
  ``dict[str, Case]``, a TypedDict's items, ``X | None``;
- instances of dataclasses and NamedTuples anywhere in a module variable, even one with
  no annotation (``CASES = [Case(2000), Case(1300)]``): each field by its class's
  annotation;
- classes defined in the module, and classes nested in them.

A TypedDict is a plain dict at run time, so its items are checked where an annotation
says a value is one (``row: Row = {...}``, ``ROWS: list[Row] = [...]``).

A field's values are its instances' (a slot or a property on the class is not a value).
Each container and instance is walked once, however often it is shared or holds itself;
each distinct annotation is asked of the core once; past ``MAX_VALUES`` values walked the
check stops with a ``FixtureError`` naming where.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType, NoneType, UnionType
from typing import Annotated, Final

from ..core.rules import Rules
from ..core.win_option_reading import shown_value
from ..errors import MahjongError, printable
from .annotations import Query
from .answering import accepts, answer
from .building import AnnotationError
from .names import MEMBER, RESULTS_BY_NAME, Answer

__all__ = ["FixtureError", "Wrong", "check_fixtures", "query_of", "shown"]

# Wrappers around a fixture's annotation that say nothing of its value.
_WRAPPERS: Final = frozenset({typing.Final, typing.ClassVar, typing.Required,
                              typing.NotRequired, typing.ReadOnly}
                             if hasattr(typing, "ReadOnly") else
                             {typing.Final, typing.ClassVar, typing.Required,
                              typing.NotRequired})
# How deep values are followed (a list of cases of tuples ...): far more than fixtures use,
# and a bound on a structure that refers to itself.
_DEPTH: Final = 12
# How many values one check walks at most, containers' items included: far more than a
# fixture module holds, and a bound on the time a generated or damaged one can take.
MAX_VALUES: Final = 1_000_000
# How many items of a tuple a message shows.
_ITEMS: Final = 20
# How many wrong fixtures one message lists in full.
_SHOWN: Final = 20


@dataclass(frozen=True, slots=True)
class Wrong:
    """One fixture whose value the core disagrees with: where it is (``name``, as Python
    reaches it: ``CASES[1].dealer``), the annotation's query, the value written and the
    core's answer (or the core's error for a hand it refuses)."""

    name: str
    query: Query
    value: object
    answer: object
    error: str | None = None

    def __str__(self) -> str:
        if self.error is not None:
            return f"{self.name}: {self.error}"
        one_of = "one of " if RESULTS_BY_NAME[self.query.result].form == MEMBER else ""
        return (f"{self.name} = {shown(self.value)}, but the core says "
                f"{one_of}{shown(self.answer)}")


class FixtureError(MahjongError, AssertionError):
    """Fixtures whose values the core disagrees with; ``wrong`` lists every one. An
    AssertionError too, so pytest shows it as a failed check."""

    def __init__(self, message: str, wrong: tuple[Wrong, ...]) -> None:
        super().__init__(message, field=wrong[0].name if wrong else None)
        self.wrong = wrong

    def __str__(self) -> str:
        return self.message


def check_fixtures(target: ModuleType | type, *, rules: str | Rules | None = None,
                   base_dir: Path | None = None) -> int:
    """Check every annotated fixture of ``target`` (a module or a class) against the core;
    the number checked. Raises ``FixtureError`` naming every wrong fixture with the right
    value. ``rules`` apply where an annotation names none (default tenhou: pass the
    project's preset when its mypy settings name another); ``Game[...]`` paths are
    relative to ``base_dir`` (default: the working directory)."""
    __tracebackhide__ = True  # pytest shows the caller's line, not this library's source
    try:
        return _check(target, rules, base_dir)
    except FixtureError as error:
        # The message says what and where; the walk's frames would only show our source.
        raise error.with_traceback(None) from error.__cause__


def _check(target: ModuleType | type, rules: str | Rules | None,
           base_dir: Path | None) -> int:
    walker = _Walker(rules, base_dir)
    if isinstance(target, ModuleType):
        walker.module(target)
    else:
        walker.cls(target, target.__name__, 0)
    if walker.wrong:
        shown = "\n".join(f"  {wrong}" for wrong in walker.wrong[:_SHOWN])
        more = len(walker.wrong) - _SHOWN
        tail = f"\n  ... and {more} more" if more > 0 else ""
        raise FixtureError(f"{len(walker.wrong)} of {walker.checked} fixtures of "
                           f"{_name_of(target)} disagree with the core:\n{shown}{tail}",
                           tuple(walker.wrong))
    return walker.checked


def shown(value: object) -> str:
    """``repr(value)`` for a message, short: a number of thousands of digits has no repr
    (Python refuses it), and a fixture's value may be any object."""
    if type(value) is tuple:
        items = ", ".join(shown_value(item) for item in value[:_ITEMS])
        more = ", ..." if len(value) > _ITEMS else ""
        return f"({items}{more}{',' if len(value) == 1 else ''})"
    try:
        return shown_value(value)
    except Exception:  # noqa: BLE001 - a user's __repr__ may fail
        return f"<{type(value).__name__}>"


def _name_of(target: ModuleType | type) -> str:
    return target.__name__ if isinstance(target, ModuleType) else target.__qualname__


class _Walker:
    def __init__(self, rules: str | Rules | None, base_dir: Path | None) -> None:
        self.rules = rules
        self.base_dir = base_dir
        self.checked = 0
        self.wrong: list[Wrong] = []
        # Instances, classes and containers walked, by id (a container with the annotation
        # it was walked under: the same list may hold fixtures under one and not another).
        self._seen: set[int | tuple[int, int]] = set()
        self._keep: list[object] = []  # ... kept alive, so no id is reused meanwhile
        self._walked = 0  # values walked, against MAX_VALUES
        # Each distinct annotation is asked of the core once: its answer, or its error.
        self._answers: dict[Query, tuple[Answer | None, str | None]] = {}
        # The module being checked: its name and globals, for the string annotations of
        # its classes (it need not be in sys.modules, where typing looks them up).
        self._home: tuple[str, dict[str, object]] | None = None

    def hints_of(self, cls: type) -> dict[str, object]:
        home = self._home
        return _hints(cls, home[1] if home is not None and cls.__module__ == home[0] else None)

    def module(self, module: ModuleType) -> None:
        self._home = (module.__name__, vars(module))
        hints = _hints(module)
        for name, value in vars(module).items():
            if name.startswith("__"):
                continue
            if name in hints:
                self.value(hints[name], value, name, 0)
            elif isinstance(value, type):
                if value.__module__ == module.__name__:
                    self.cls(value, name, 0)
            else:
                self.plain(value, name, 0)

    def cls(self, cls: type, path: str, depth: int) -> None:
        if not self._first(cls) or depth > _DEPTH:
            return
        hints = self.hints_of(cls)
        defaults = _defaults(cls)
        for name, hint in hints.items():
            if name in defaults:
                self.value(hint, defaults[name], f"{path}.{name}", depth + 1)
            elif name in vars(cls) and not _is_field(cls, name) and not _is_descriptor(
                    vars(cls)[name]):
                self.value(hint, vars(cls)[name], f"{path}.{name}", depth + 1)
        for name, value in vars(cls).items():
            if isinstance(value, type) and value.__qualname__.startswith(cls.__qualname__ + "."):
                self.cls(value, f"{path}.{name}", depth + 1)

    def value(self, hint: object, value: object, path: str, depth: int) -> None:
        """Check ``value`` against its annotation ``hint``."""
        try:
            self._value(hint, value, path, depth)
        except FixtureError:
            raise
        except Exception as exc:
            noted(exc, f"typed-mahjong: raised while checking the fixture {path}")
            raise

    def _value(self, hint: object, value: object, path: str, depth: int) -> None:
        if depth > _DEPTH:
            return
        self._count(path)
        hint = _unwrapped(hint)
        query = _query(hint)
        if query is not None:
            self._check(query, value, path)
            return
        if isinstance(value, (list, tuple, set, frozenset, Mapping)) and not self._first(
                value, hint):
            return
        origin = typing.get_origin(hint)
        arguments = typing.get_args(hint)
        if origin is Annotated:
            self.value(arguments[0], value, path, depth)
        elif origin in (typing.Union, UnionType):
            arms = [arm for arm in arguments if arm is not NoneType]
            if value is not None and len(arms) == 1:
                self.value(arms[0], value, path, depth)
            elif value is not None:
                self.plain(value, path, depth)
        elif isinstance(hint, type) and typing.is_typeddict(hint):
            if isinstance(value, Mapping):
                items = self.hints_of(hint)
                for key, item in value.items():
                    if key in items:
                        self.value(items[key], item, f"{path}[{key!r}]", depth + 1)
        elif origin is tuple and isinstance(value, tuple):
            if len(arguments) == 2 and arguments[1] is Ellipsis:
                for index, item in enumerate(value):
                    self.value(arguments[0], item, f"{path}[{index}]", depth + 1)
            elif len(arguments) == len(value):
                for index, (item_hint, item) in enumerate(zip(arguments, value, strict=True)):
                    self.value(item_hint, item, f"{path}[{index}]", depth + 1)
        elif isinstance(value, Mapping) and len(arguments) == 2 and origin is not None:
            for key, item in value.items():
                self.value(arguments[1], item, f"{path}[{key!r}]", depth + 1)
        elif isinstance(value, (list, set, frozenset)) and len(arguments) == 1:
            for index, item in enumerate(_ordered(value)):
                self.value(arguments[0], item, f"{path}[{index}]", depth + 1)
        else:
            self.plain(value, path, depth)

    def plain(self, value: object, path: str, depth: int) -> None:
        """A value without a usable annotation: look for dataclass and NamedTuple
        instances in it, which carry their own."""
        try:
            self._plain(value, path, depth)
        except FixtureError:
            raise
        except Exception as exc:
            noted(exc, f"typed-mahjong: raised while checking the fixtures in {path}")
            raise

    def _plain(self, value: object, path: str, depth: int) -> None:
        if depth > _DEPTH:
            return
        self._count(path)
        if isinstance(value, (str, bytes, int, float, type, ModuleType)):
            return
        if dataclasses.is_dataclass(value) or (isinstance(value, tuple)
                                               and hasattr(value, "_fields")):
            if not self._first(value):
                return
            hints = self.hints_of(type(value))
            defaults = _defaults(type(value))
            for name, hint in hints.items():
                item = getattr(value, name, defaults)
                # A default is checked (and reported) once, at its class.
                if item is not defaults and (name not in defaults or item is not defaults[name]):
                    self.value(hint, item, f"{path}.{name}", depth + 1)
            return
        if isinstance(value, (list, tuple, set, frozenset, Mapping)) and not self._first(value):
            return
        if isinstance(value, Mapping):
            for key, item in value.items():
                self.plain(item, f"{path}[{key!r}]", depth + 1)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for index, item in enumerate(_ordered(value)):
                self.plain(item, f"{path}[{index}]", depth + 1)

    def _first(self, item: object, hint: object = None) -> bool:
        """Whether ``item`` is reached for the first time (under ``hint``, for a container):
        a structure that holds itself, or one list shared many times, is walked once."""
        key: int | tuple[int, int] = id(item) if hint is None else (id(item), id(hint))
        if key in self._seen:
            return False
        self._seen.add(key)
        self._keep.append(item)
        if hint is not None:
            self._keep.append(hint)
        return True

    def _count(self, path: str) -> None:
        self._walked += 1
        if self._walked > MAX_VALUES:
            raise FixtureError(f"{path}: more than {MAX_VALUES:,} values to walk; the "
                               f"fixtures are not checked (check a smaller module or "
                               f"class)", ())

    def _check(self, query: Query, value: object, path: str) -> None:
        self.checked += 1
        known = self._answers.get(query)
        if known is None:
            try:
                known = (answer(query.call(), self.rules, self.base_dir).value, None)
            except (MahjongError, AnnotationError) as exc:  # GameError is a MahjongError
                known = (None, _one_line(exc))
            self._answers[query] = known
        right, error = known
        if right is None:
            self.wrong.append(Wrong(path, query, value, None, error))
        elif not accepts(query.call(), right, value):
            self.wrong.append(Wrong(path, query, value, right))


def noted(exc: BaseException, note: str) -> None:
    """Add ``note`` (where a user's code raised: a ``__repr__``, ``__eq__`` or property of
    a fixture's value) unless an inner frame of the walk already said where."""
    if not any(str(line).startswith("typed-mahjong: ") for line in getattr(
            exc, "__notes__", ())):
        exc.add_note(printable(note))


def _hints(owner: ModuleType | type,
           names: dict[str, object] | None = None) -> dict[str, object]:
    """The evaluated annotations of a module or class, extras (Annotated) kept. An
    annotation that cannot be evaluated (a name imported only under TYPE_CHECKING, an
    unquoted ``Seat[E]``) hides its fixtures: that is an error, not a pass."""
    try:
        return typing.get_type_hints(owner, globalns=names, include_extras=True)
    except Exception as exc:  # noqa: BLE001 - any evaluation error of the user's code
        name = _name_of(owner)
        # from None: the message names the error; its traceback is typing's evaluation.
        raise FixtureError(f"the annotations of {name} cannot be evaluated, so its "
                           f"fixtures cannot be checked: {type(exc).__name__}: "
                           f"{_one_line(exc)}", ()) from None


def _defaults(cls: type) -> dict[str, object]:
    """The default values of a dataclass's or a NamedTuple's fields, by name."""
    if dataclasses.is_dataclass(cls):
        return {field.name: field.default for field in dataclasses.fields(cls)
                if field.default is not dataclasses.MISSING}
    defaults = getattr(cls, "_field_defaults", None)
    return dict(defaults) if isinstance(defaults, dict) else {}


def _is_field(cls: type, name: str) -> bool:
    """A NamedTuple's or a dataclass's field: its class attribute is an accessor or the
    default (checked as the default), not a value of its own."""
    if dataclasses.is_dataclass(cls):
        return name in {field.name for field in dataclasses.fields(cls)}
    fields = getattr(cls, "_fields", ())
    return issubclass(cls, tuple) and isinstance(fields, tuple) and name in fields


def _is_descriptor(value: object) -> bool:
    """A class attribute that computes or stores per instance (a slot, a property): the
    values are the instances', not this."""
    return hasattr(type(value), "__get__") and not callable(value) or isinstance(
        value, property)


def _unwrapped(hint: object) -> object:
    while typing.get_origin(hint) in _WRAPPERS or hint in _WRAPPERS:
        arguments = typing.get_args(hint)
        if not arguments:
            return object  # a bare Final: the value's type is inferred, nothing to check
        hint = arguments[0]
    return hint


def query_of(hint: object) -> Query | None:
    """The ``Query`` of a result annotation (``Final`` and the like unwrapped), else None."""
    return _query(_unwrapped(hint))


def _query(hint: object) -> Query | None:
    if typing.get_origin(hint) is Annotated:
        for item in getattr(hint, "__metadata__", ()):
            if isinstance(item, Query):
                return item
    return None


def _ordered(items: list[object] | tuple[object, ...] | set[object] | frozenset[object],
             ) -> Iterator[object]:
    # Sorted by what a message shows: repr() of an int of thousands of digits raises.
    return iter(items if isinstance(items, (list, tuple)) else sorted(items, key=shown))


def _one_line(exc: BaseException) -> str:
    text = getattr(exc, "message", None) or str(exc)
    return str(text).replace("\n", " ")
