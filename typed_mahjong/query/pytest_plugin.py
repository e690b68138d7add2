"""A pytest plugin for parametrize tables, opt-in: ``pytest_plugins =
["typed_mahjong.query.pytest_plugin"]`` in the top ``conftest.py``, or ``-p
typed_mahjong.query.pytest_plugin``.

Before a parametrized test's body runs, its row is checked against the core, as the mypy
plugin checks it while mypy runs, so a wrong row fails its own test, body or no body:

- a ``Case`` (``typed_mahjong.query.cases``): ``Case.check()``;
- a value given to a parameter annotated with a result (``expected: Points[...]``):
  ``Query.accepts``.

A ``Case`` also gets a readable test id (``test_points[points 234p234s456m567s44p 3p]``)
instead of ``case0``; ``pytest.param(..., id=...)`` still wins. A row repeated in a column
is numbered ``... 3p #2``, not given pytest's counter (``... 3p0``, ``... 3p1``), which
would read as part of the tile. Run-time answers use the
rules an annotation or a row names, else tenhou (what the function forms compute).
"""

from __future__ import annotations

import typing
from collections.abc import Generator

import pytest

from .cases import Case
from .check import FixtureError, Wrong, query_of

# The ids given to Case rows so far, by column, in the test function being parametrized.
_GIVEN = pytest.StashKey[dict[tuple[str, str], int]]()


@pytest.hookimpl(wrapper=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> Generator[None, None, None]:
    # Every parametrize of one test function (its marks, any conftest hook) runs inside.
    metafunc.config.stash[_GIVEN] = {}
    try:
        yield
    finally:
        del metafunc.config.stash[_GIVEN]


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    if not isinstance(val, Case):
        return None
    given = config.stash.get(_GIVEN, None)
    if given is None:
        return val.id
    count = given[argname, val.id] = given.get((argname, val.id), 0) + 1
    return val.id if count == 1 else f"{val.id} #{count}"


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> None:
    __tracebackhide__ = True
    names = getattr(getattr(item, "callspec", None), "params", {})
    # What the test receives: a row's value, or what a fixture made of it (indirect=).
    given: dict[str, object] = getattr(item, "funcargs", {})
    params = {name: given[name] for name in names if name in given}
    if not params:
        return
    for value in params.values():
        if isinstance(value, Case):
            value.check(item.config.rootpath)
    function = getattr(item, "function", None)
    if function is None:
        return
    try:
        hints = typing.get_type_hints(function, include_extras=True)
    except Exception:  # noqa: BLE001 - pytest reports the test's own errors
        return
    wrong: list[Wrong] = []
    for name, value in params.items():
        query = query_of(hints.get(name))
        if query is None:
            continue
        answer = query.evaluate(base_dir=item.config.rootpath)
        if not query.accepts(value, base_dir=item.config.rootpath):
            wrong.append(Wrong(f"{name} of this row", query, value, answer))
    if wrong:
        raise FixtureError("; ".join(str(each) for each in wrong), tuple(wrong))
