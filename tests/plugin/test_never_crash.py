"""The plugin never crashes mypy: whatever goes wrong inside a hook becomes an error with a
code, and mypy goes on. Annotations from hypothesis, and bugs injected on purpose."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plugin_support import Project, pyproject

from typed_mahjong.plugin import annotation_hook, case_hook, fast, function_hook
from typed_mahjong.query import answering
from typed_mahjong.query.names import FUNCTION_RESULTS, INPUTS, KEYWORD_TYPES, RESULTS

# Every input name (from the query layer's tables), and two names that are
# no input at all.
INPUT_NAMES = [*INPUTS, "int", "Literal"]
ERROR = re.compile(r"^m\.py:\d+(:\d+)?: (error|note): .*")
TILE_TEXT = st.text(alphabet="0123456789mpsz ESWNPFC:ponchikaq\\\"'", max_size=24)
VALUE = st.one_of(TILE_TEXT, st.integers(-3, 20), st.sampled_from(["tenhou", "E", "1z", ""]))


def _value(value: object) -> str:
    return repr(value)


@st.composite
def annotation(draw: st.DrawFn) -> str:
    inputs = []
    for _ in range(draw(st.integers(0, 5))):
        name = draw(st.sampled_from(INPUT_NAMES))
        values = draw(st.lists(VALUE, max_size=3))
        if values:
            inner = ", ".join(_value(v) for v in values)
            if draw(st.booleans()) and len(values) == 1:
                inner = f"Literal[{inner}]"
            inputs.append(f"{name}[{inner}]")
        else:
            inputs.append(name)
    result = draw(st.sampled_from(RESULTS))
    return f"{result}[{', '.join(inputs)}]" if inputs else result


# Every function form, and every keyword any of them takes (from the core's tables).
FUNCTIONS = sorted({name.rsplit(".", 1)[1] for name in FUNCTION_RESULTS} | {"explain"})
KEYWORDS = sorted(set(KEYWORD_TYPES) - {"hand", "win"})


def _keyword_value(draw: st.DrawFn, keyword: str) -> object:
    wanted = KEYWORD_TYPES[keyword]
    if wanted is bool:
        return draw(st.one_of(st.booleans(), VALUE))
    return draw(VALUE)


@st.composite
def call(draw: st.DrawFn) -> str:
    """A call of any function form: the hand and the winning tile each given by position,
    by keyword or left out; any keywords, of any type."""
    function = draw(st.sampled_from(FUNCTIONS))
    arguments: list[str] = []
    hand, win = _value(draw(TILE_TEXT)), _value(draw(TILE_TEXT))
    how = draw(st.sampled_from(["positional", "keyword", "no win", "no hand", "none"]))
    if how == "positional":
        arguments += [hand, win]
    elif how == "keyword":
        arguments += [f"win={win}", f"hand={hand}"]
    elif how == "no win":
        arguments.append(hand)
    elif how == "no hand":
        arguments.append(f"win={win}")
    for keyword in draw(st.lists(st.sampled_from(KEYWORDS), unique=True, max_size=6)):
        arguments.append(f"{keyword}={_value(_keyword_value(draw, keyword))}")
    return f"{function}({', '.join(arguments)})"


# Every name by name: mypy finds none of them behind `from typed_mahjong import *` (the
# package builds __all__ lazily), which left every generated annotation a name-defined
# error the plugin never saw.
HEADER = ("from typing import Literal\n"
          f"from typed_mahjong import {', '.join(sorted({*INPUTS, *RESULTS}))}\n"
          f"from typed_mahjong import {', '.join(FUNCTIONS)}\n")


# mypy raises the recursion limit while it runs; hypothesis only warns that it noticed.
@pytest.mark.filterwarnings("ignore:The recursion limit will not be reset")
@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(annotations=st.lists(annotation(), min_size=20, max_size=40),
       calls=st.lists(call(), min_size=10, max_size=20))
def test_generated_annotations_never_crash_mypy(project: Project, annotations: list[str],
                                                calls: list[str]) -> None:
    project.write("pyproject.toml", pyproject())
    lines = [f"v{index}: {text}" for index, text in enumerate(annotations)]
    lines += [f"c{index} = {text}" for index, text in enumerate(calls)]
    project.write("m.py", HEADER + "\n".join(lines) + "\n")
    result = project.check("m.py", "--show-column-numbers")
    assert result.status in (0, 1), result.stdout + result.stderr
    assert "INTERNAL ERROR" not in result.stdout + result.stderr
    for line in result.lines:
        assert ERROR.match(line), line
        if ": error: " in line:
            assert re.search(r"  \[[a-z-]+\]$", line), line  # every error has a code
        assert "mahjong-internal" not in line, line


def _boom(*args: object, **kwargs: object) -> object:
    raise RuntimeError("injected bug")


def _declines(*args: object, **kwargs: object) -> None:
    return None  # the short way has no answer: the careful reading is asked


@pytest.mark.parametrize(("target", "name", "lines", "short_way"), [
    # The careful reading (an annotation the short way leaves to it), and the short way's
    # reading of the key, of the inputs and of the question.
    (annotation_hook, "read_inputs", [3], False),
    (fast, "quick_read", [3], True),
    (fast, "plain_question", [3], True),
    # the annotation, the call and the row all ask the core, through score_question
    (answering, "score_question", [3, 4, 5], True),
    (function_hook, "_literal_arguments", [4], True),
    (case_hook, "_arguments", [5], True),
])
def test_an_exception_in_a_hook_becomes_an_error(project: Project,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 target: object, name: str,
                                                 lines: list[int], short_way: bool) -> None:
    monkeypatch.setattr(target, name, _boom)
    if not short_way:
        monkeypatch.setattr(fast.FastAnswers, "answer", _declines)
    project.write("pyproject.toml", pyproject())
    project.write("m.py", """\
        from typed_mahjong import Hand, Points, Ron, points
        from typed_mahjong.query import cases
        a: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1300
        b = points("234p234s456m567s44p", win="3p")
        c = cases.points("234p234s456m567s44p", win="3p", expect=1300)
    """)
    result = project.check("m.py", "--no-incremental")
    assert result.status == 1, result.stdout + result.stderr
    assert [line for line in result.lines if "mahjong-internal" in line] == [
        f"m.py:{line}: error: typed-mahjong plugin: unexpected RuntimeError: injected bug "
        f"(please report this)  [mahjong-internal]" for line in lines]
