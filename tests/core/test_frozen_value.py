"""``@frozen_value`` classes hold to what ``@dataclass(frozen=True, slots=True)`` makes of the
same declaration (typed_mahjong/frozen.py): the values built both ways compare, hash, show,
copy, pickle and refuse changes alike, and ``dataclasses`` sees the same fields."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from pathlib import Path
from typing import Any, get_args

import pytest

from typed_mahjong.core.hand import MELD_KINDS
from typed_mahjong.core.rules import FIELD_NAMES, PRESETS, RENHOU_VALUES, Rules
from typed_mahjong.core.tile_types import MeldKind, RenhouRule
from typed_mahjong.frozen import frozen_value, reference_dataclass, replace
from typed_mahjong.query import names
from typed_mahjong.query.building import NotALiteral, Origin
from typed_mahjong.query.settings import PluginConfig
from typed_mahjong.query.wording import BareName


def _pairs() -> list[tuple[Any, Any]]:
    """(a frozen value, the reference dataclass's value of the same fields)."""
    values: list[Any] = [*PRESETS.values(), Rules(), Rules(kiriage=True),
                         PluginConfig(Rules(), True, "mypy.ini", Path("."), ("a problem",)),
                         PluginConfig(PRESETS["wrc"], False, None, Path("/")),
                         BareName("E", False), BareName(None, True),
                         *names.RESULTS_BY_NAME.values(), *names.TABLE_INPUTS,
                         *names.GAME_MARKERS, *names.OWN_INPUTS, NotALiteral("int"),
                         Origin(0, ((0, 0), (3, 1)))]
    return [(value, reference_dataclass(type(value))(
        **{name: getattr(value, name) for name in type(value).__match_args__}))
        for value in values]


def test_values_compare_hash_and_show_as_the_dataclass_values() -> None:
    pairs = _pairs()
    for value, reference in pairs:
        assert repr(value) == repr(reference)
        assert hash(value) == hash(reference)
        assert value.__match_args__ == reference.__match_args__
        assert type(value).__slots__ == type(reference).__slots__
        assert not hasattr(value, "__dict__")
        assert value != reference  # another class, as two dataclasses would be
    for value, reference in pairs:
        for other, other_reference in pairs:
            assert (value == other) is (reference == other_reference)
            assert (value != other) is (reference != other_reference)
    assert PRESETS["tenhou"] != "tenhou"
    assert len({value for value, _ in pairs}) == len({reference for _, reference in pairs})


def test_dataclasses_sees_the_dataclass_fields() -> None:
    for value, reference in _pairs():
        cls, made = type(value), type(reference)
        assert dataclasses.is_dataclass(value) and dataclasses.is_dataclass(cls)
        assert [(f.name, f.type, f.default) for f in dataclasses.fields(cls)] == \
            [(f.name, f.type, f.default) for f in dataclasses.fields(made)]
        assert cls.__dataclass_params__ == made.__dataclass_params__
        assert inspect.signature(cls) == inspect.signature(made)
        assert dataclasses.asdict(value) == dataclasses.asdict(reference)
    assert FIELD_NAMES == tuple(f.name for f in dataclasses.fields(Rules))


def test_changed_copies_pickles_and_frozen_fields() -> None:
    rules = PRESETS["majsoul"]
    changed = dataclasses.replace(rules, kiriage=True, players=3)
    assert changed == replace(rules, kiriage=True, players=3)
    assert (changed.kiriage, changed.players, changed.name) == (True, 3, "majsoul")
    for value, _ in _pairs():
        if not isinstance(value, names.ResultName):  # its rows hold lambdas: no pickling
            assert pickle.loads(pickle.dumps(value)) == value
        assert copy.copy(value) == value and copy.deepcopy(value) == value
    for value, reference in _pairs():
        field = value.__match_args__[0]
        for target in (value, reference):
            with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field"):
                setattr(target, field, "x")
            with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field"):
                delattr(target, field)


def test_arguments_are_taken_as_the_dataclass_takes_them() -> None:
    made = reference_dataclass(Rules)
    positional = tuple(getattr(PRESETS["wrc"], name) for name in FIELD_NAMES)
    assert Rules(*positional) == PRESETS["wrc"]
    assert Rules("wrc", "", False).open_tanyao is False
    assert PluginConfig(Rules(), True, None, Path(".")).problems == ()
    for args, kwargs in (((), {"nope": 1}), (("a",), {"name": "b"}),
                         (tuple(range(len(FIELD_NAMES) + 1)), {})):
        with pytest.raises(TypeError):
            Rules(*args, **kwargs)
        with pytest.raises(TypeError):
            made(*args, **kwargs)
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'variable'"):
        BareName("E")  # type: ignore[call-arg]


def test_a_declaration_it_cannot_hold_to_the_contract_is_refused() -> None:
    class Based(Rules):  # type: ignore[misc]
        extra: int = 1

    with pytest.raises(TypeError, match="declares its fields itself"):
        frozen_value(Based)

    class Misordered:
        first: int = 1
        second: int

    with pytest.raises(TypeError, match="without a default follows"):
        frozen_value(Misordered)


def test_the_values_written_out_are_the_tile_types_literals() -> None:
    # Written out so that loading the settings and the core builds no Literal union.
    assert RENHOU_VALUES == get_args(RenhouRule)
    assert MELD_KINDS == get_args(MeldKind)
