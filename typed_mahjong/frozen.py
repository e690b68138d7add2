"""Frozen value classes made without dataclass processing: ``@frozen_value``.

``@dataclass(frozen=True, slots=True)`` writes each method of a class as source text and
compiles it while the module is imported; for a class of thirty fields (``Rules``) that is
most of what importing its module costs. mypy loads our plugin, and with it the settings and
their ``Rules``, on every run, also one that scores nothing. ``frozen_value`` gives a class
the same behaviour from methods compiled once, here, that read the field names from their
class: the same ``__init__`` arguments (positional or by keyword, the defaults written in
the class), ``==`` and ``hash`` on the tuple of the fields, the dataclass ``repr``, fields
that cannot be assigned or deleted (``FrozenInstanceError``), ``__slots__`` and
``__match_args__``, pickling and copying.

``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` see a dataclass too:
``__dataclass_fields__``, ``__dataclass_params__`` and ``__signature__`` come from the very
dataclass ``@dataclass(frozen=True, slots=True)`` makes of the same declaration, built the
first time one of them is asked for. Our own code reads the field names from
``__match_args__`` and makes changed copies with ``replace`` here, so it never builds it.
tests/core/test_frozen_value.py holds each class to that dataclass.

The classes take fields declared in their own body only (no base class of fields), and
``typing.dataclass_transform`` tells type checkers that they are frozen dataclasses.
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

_T = TypeVar("_T")
_MISSING: Any = object()


class _FromReference:
    """A class attribute taken from the reference dataclass, built on first use."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __get__(self, instance: object, owner: type) -> Any:
        reference = reference_dataclass(owner)
        if self._name == "__signature__":
            import inspect

            value = inspect.signature(reference)
        else:
            value = getattr(reference, self._name)
        setattr(owner, self._name, value)  # once: a plain attribute from now on
        return value


def reference_dataclass(cls: type) -> type:
    """What ``@dataclass(frozen=True, slots=True)`` makes of ``cls``'s declaration."""
    made = cls.__dict__.get("_reference")
    if made is None:
        defaults = cls.__dict__["_defaults"]
        namespace: dict[str, Any] = {
            "__annotations__": dict(cls.__annotations__), "__module__": cls.__module__,
            "__qualname__": cls.__qualname__, **defaults}
        made = dataclasses.dataclass(frozen=True, slots=True)(
            type(cls.__name__, (), namespace))
        type.__setattr__(cls, "_reference", made)
    return made


@dataclass_transform(frozen_default=True)
def frozen_value(cls: type[_T]) -> type[_T]:
    """``cls`` as ``@dataclass(frozen=True, slots=True)`` would make it (see the module
    docstring), with methods compiled once for every such class."""
    names = tuple(cls.__annotations__)
    if not names or cls.__bases__ != (object,):
        raise TypeError(f"{cls.__qualname__}: a frozen value declares its fields itself")
    defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
    first_default = next((i for i, name in enumerate(names) if name in defaults), len(names))
    if any(name not in defaults for name in names[first_default:]):
        raise TypeError(f"{cls.__qualname__}: a field without a default follows one with it")
    count = len(names)
    fieldset = frozenset(names)
    getter = attrgetter(*names)
    values = getter if count > 1 else (lambda value: (getter(value),))
    qualname = cls.__qualname__
    put = object.__setattr__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > count:
            raise TypeError(f"{qualname}.__init__() takes {count + 1} positional arguments "
                            f"but {len(args) + 1} were given")
        given = dict(zip(names, args, strict=False))  # the rest by keyword or default
        for key, value in kwargs.items():
            if key in given:
                raise TypeError(f"{qualname}.__init__() got multiple values for argument "
                                f"{key!r}")
            if key not in fieldset:
                raise TypeError(f"{qualname}.__init__() got an unexpected keyword argument "
                                f"{key!r}")
            given[key] = value
        for name in names:
            value = given.get(name, _MISSING)
            if value is _MISSING:
                value = defaults.get(name, _MISSING)
                if value is _MISSING:
                    raise TypeError(f"{qualname}.__init__() missing 1 required positional "
                                    f"argument: {name!r}")
            put(self, name, value)

    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={value!r}"
                          for name, value in zip(names, values(self), strict=True))
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(values(self) == values(other))
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(values(self))

    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is made or name in fieldset:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(made, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is made or name in fieldset:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(made, self).__delattr__(name)

    def __getstate__(self: Any) -> list[object]:
        return list(values(self))

    def __setstate__(self: Any, state: list[object]) -> None:
        for name, value in zip(names, state, strict=True):
            put(self, name, value)

    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in fieldset and key not in ("__dict__", "__weakref__")}
    methods = {"__init__": __init__, "__repr__": __repr__, "__eq__": __eq__,
               "__hash__": __hash__, "__setattr__": __setattr__, "__delattr__": __delattr__,
               "__getstate__": __getstate__, "__setstate__": __setstate__}
    for key, method in methods.items():
        method.__qualname__ = f"{qualname}.{key}"
        namespace.setdefault(key, method)
    namespace.update(
        __slots__=names, __match_args__=names, _defaults=defaults,
        **{key: _FromReference(key) for key in
           ("__dataclass_fields__", "__dataclass_params__", "__signature__")})
    metaclass: Any = type(cls)
    made: Any = metaclass(cls.__name__, cls.__bases__, namespace)
    made.__qualname__ = qualname
    return made  # type: ignore[no-any-return]


def replace(value: _T, **changes: Any) -> _T:
    """``dataclasses.replace`` for a frozen value, without building its reference."""
    cls: Any = type(value)
    names: tuple[str, ...] = cls.__match_args__
    made: _T = cls(**{**{name: getattr(value, name) for name in names}, **changes})
    return made
