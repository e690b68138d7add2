"""Issue 43 items 4, 7 and 8: wrong argument types to the function forms and the table rows
end in a ``TypeError`` naming the argument (never a bare internal ``assert``, which
``python -O`` would skip), a bad row fails its own test only, and ids and messages escape
control characters."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from typed_mahjong import han, points, reading_texts, settle
from typed_mahjong.query import cases

T = "234p234s456m567s44p"  # won on 3p: tanyao 1 han 40 fu, 1300 non-dealer ron

CALLS: dict[str, tuple[Callable[[], object], str]] = {
    "han without a win": (lambda: han(T, None), "win"),  # type: ignore[arg-type]
    "settle without a win": (lambda: settle(T, None), "win"),  # type: ignore[arg-type]
    "points of a number": (lambda: points(1234, "3p"), "hand"),  # type: ignore[arg-type]
    "row without a win": (lambda: cases.han(T, None, expect=1).check(),  # type: ignore[arg-type]
                          "win"),
    "row of no game": (lambda: cases.game_points(None, "fox", expect=1).check(),  # type: ignore[arg-type]
                       "game"),
    "row of no hand": (lambda: cases.points(None, "3p", expect=1).check(),  # type: ignore[arg-type]
                       "hand"),
    # Item 9: the pure build answered these with AttributeError, the compiled with TypeError.
    "points won on a number": (lambda: points(T, 3), "win"),  # type: ignore[arg-type]
    "readings of nothing": (lambda: reading_texts(None), "hand"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("name", CALLS)
def test_a_wrong_type_is_a_type_error_naming_the_argument(name: str) -> None:
    call, argument = CALLS[name]
    with pytest.raises(TypeError, match=f"{argument}") as caught:
        call()
    assert not isinstance(caught.value, AssertionError)
    assert "NoneType" in str(caught.value) or "int" in str(caught.value)


def test_the_same_errors_under_python_dash_o() -> None:
    # Asserts vanish under -O: the checks must not be asserts.
    code = ("from typed_mahjong import han\n"
            "try:\n    han('234p234s456m567s44p', None)\n"
            "except TypeError as exc:\n    print('TypeError', exc)\n")
    out = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.stdout.startswith("TypeError") and "win" in out.stdout, out.stdout + out.stderr


def test_a_row_with_a_bad_hand_still_has_an_id() -> None:
    # Collection builds every id first: a row that cannot be scored must not raise there.
    row = cases.points(None, "3p", expect=1300)  # type: ignore[arg-type]
    assert row.id == "points None 3p"
    with pytest.raises(TypeError, match="hand"):
        row.check()


def test_ids_and_messages_escape_control_characters() -> None:
    row = cases.points("234p\x1b[31m\u202e", win="3p", expect=1)
    assert "\x1b" not in row.id and "\u202e" not in row.id
    assert "\\u001b" in row.id
    with pytest.raises(ValueError) as caught:  # the core refuses the hand: a HandError
        row.check()
    assert "\x1b" not in str(caught.value) and "\u202e" not in str(caught.value)


def test_no_assert_guards_what_a_caller_passes() -> None:
    # The modules a run-time caller's values go through; an assert there is skipped under
    # python -O and otherwise ends in a bare AssertionError that names nothing.
    import ast
    from pathlib import Path

    import typed_mahjong.query as query

    folder = Path(query.__file__).parent
    found = [f"{name}:{node.lineno}"
             for name in ("names.py", "building.py", "answering.py", "functions.py",
                          "cases.py", "check.py", "annotations.py")
             for node in ast.walk(ast.parse((folder / name).read_text(encoding="utf-8")))
             if isinstance(node, ast.Assert)]
    assert found == []


def test_a_users_exception_names_the_row() -> None:
    # Issue 43 item 6: the row's own object raises in __eq__; the error says which row.
    class Touchy(str):
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("no comparing")

        __hash__ = str.__hash__

    row = cases.yaku(T, win="3p", expect=(Touchy("tanyao"),))
    with pytest.raises(RuntimeError, match="no comparing") as caught:
        row.check()
    notes = getattr(caught.value, "__notes__", [])
    assert len(notes) == 1 and notes[0].startswith(
        "typed-mahjong: raised while checking the row yaku('234p234s456m567s44p', "
        "win='3p') (tests/query/test_query_bad_arguments.py:"), notes


def test_a_users_exception_names_the_fixture(tmp_path: Path) -> None:
    import importlib.util

    from typed_mahjong.query.check import check_fixtures

    (tmp_path / "touchy_fixtures.py").write_text(
        "from dataclasses import dataclass\n"
        "from typed_mahjong import Hand, Ron, YakuSet\n\n"
        "class Touchy(str):\n"
        "    def __eq__(self, other: object) -> bool:\n"
        "        raise RuntimeError('no comparing')\n"
        "    __hash__ = str.__hash__\n\n"
        "@dataclass\n"
        "class Row:\n"
        "    y: YakuSet[Hand['234p234s456m567s44p'], Ron['3p']]\n\n"
        "ROWS = [Row(('tanyao',)), Row((Touchy('tanyao'),))]\n")
    spec = importlib.util.spec_from_file_location("touchy_fixtures", tmp_path /
                                                  "touchy_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["touchy_fixtures"] = module
    try:
        spec.loader.exec_module(module)
        with pytest.raises(RuntimeError) as caught:
            check_fixtures(module)
    finally:
        del sys.modules["touchy_fixtures"]
    assert caught.value.__notes__ == [
        "typed-mahjong: raised while checking the fixture ROWS[1].y"]


def test_a_rows_text_escapes_its_keyword_names() -> None:
    # Found by the generated rows (test_query_generated.py, seed 7): the id escaped an
    # option's name, the row's text (its messages' start) did not.
    row = cases.fu(T, win="3p", expect=40, **{"honba\u202e": True})  # type: ignore[call-arg]
    assert "\u202e" not in str(row) and "\u202e" not in row.id
    assert str(row) == "fu('234p234s456m567s44p', win='3p', honba\\u202e=True)"


def test_a_rows_id_cuts_text_longer_than_any_hand() -> None:
    # Found by the generated rows (seed 20): a hand of 5,700 characters made an id of
    # 5,724 (of megabytes for a hand of megabytes). A hand over 256 characters is refused
    # unread, so no two rows that can pass share a cut id.
    row = cases.points("1m" * 2500, win="1m", expect=1)
    assert row.id == "points " + "1m" * 30 + "...(5000 characters) 1m"
    exact = "1m" * 128  # 256 characters: as written
    assert cases.points(exact, win="1m", expect=1).id == f"points {exact} 1m"


@pytest.mark.parametrize("hand", [["1m"], None, 123, b"123m"], ids=["list", "None", "int",
                                                                   "bytes"])
@pytest.mark.parametrize("name", ["shanten", "waits"])
def test_the_core_functions_refuse_a_hand_that_is_not_text_with_a_type_error(
        name: str, hand: object) -> None:
    # Found by the generated calls (test_query_generated.py): the pure build's shanten and
    # waits ended in AttributeError ('list' object has no attribute 'split') where the
    # compiled build raises TypeError at its boundary.
    import typed_mahjong

    function = getattr(typed_mahjong, name)
    with pytest.raises(TypeError):
        function(hand)
