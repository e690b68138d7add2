"""Issue 43 items 1 and 2: ``check_fixtures`` reads instance values, not class slots, and
walks a self-referential or shared structure once, in time linear in its size.

T = 234p234s456m567s44p won on 3p by ron: tanyao 1 han; 20 + 10 (closed ron) + 2 (kanchan)
= 32 -> 40 fu; 1 han 40 fu non-dealer = 1300.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from test_check_fixtures import _module, _wrong

from typed_mahjong.query.check import FixtureError, check_fixtures

SLOTTED = """
@dataclass(slots=True)
class Row:
    p: Points[Hand[T], Ron["3p"]]

ROWS = [Row(1300), Row(1300)]
"""


def test_a_slotted_dataclass_field_is_read_from_its_instances(tmp_path: Path) -> None:
    # The class attribute `p` is the slot's descriptor, not a value: no false alarm.
    assert check_fixtures(_module(tmp_path, SLOTTED)) == 2


def test_a_wrong_value_in_a_slotted_dataclass_is_still_caught(tmp_path: Path) -> None:
    module = _module(tmp_path, SLOTTED.replace("Row(1300), Row(1300)", "Row(1300), Row(1600)"))
    assert _wrong(module) == {"ROWS[1].p": "ROWS[1].p = 1600, but the core says 1300"}


def test_a_property_is_not_taken_for_a_value(tmp_path: Path) -> None:
    module = _module(tmp_path, """
    class Fixtures:
        right: Points[Hand[T], Ron["3p"]] = 1300

        @property
        def computed(self) -> Points[Hand[T], Ron["3p"]]:
            return 1300
    """)
    assert check_fixtures(module) == 1


def test_a_list_that_holds_itself_many_times_is_walked_once(tmp_path: Path) -> None:
    # Fan-out 8 on a self-referential list: followed naively it is 8**12 paths deep.
    module = _module(tmp_path, """
    @dataclass
    class Row:
        p: Points[Hand[T], Ron["3p"]]

    LC: list[object] = []
    LC.extend([LC] * 8)
    LC.append(Row(1300))
    SHARED = [[Row(1300)] * 50] * 50
    """)
    start = time.process_time()
    checked = check_fixtures(module)
    assert time.process_time() - start < 2.0
    # Each instance is checked once where first reached, however often it is shared.
    assert checked == 2


def test_many_equal_fixtures_are_scored_once(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    module = _module(tmp_path, """
    @dataclass(frozen=True)
    class Row:
        p: Points[Hand[T], Ron["3p"]]

    ROWS = [Row(1300) for _ in range(2000)]
    """)
    from typed_mahjong.query import check
    calls = 0
    real = check.answer

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(check, "answer", counting)
    assert check_fixtures(module) == 2000
    assert calls == 1


def test_a_structure_past_the_element_bound_is_refused_cleanly(tmp_path: Path) -> None:
    module = _module(tmp_path, """
    BIG = [[0] * 1000 for _ in range(1100)]
    """)
    with pytest.raises(FixtureError, match="BIG.*more than"):
        check_fixtures(module)


def test_an_error_quotes_a_short_excerpt_of_a_long_hand() -> None:
    # Issue 43 item 3: a long hand (under the 256-character bound, so it is read) does not
    # come back whole in the message.
    from typed_mahjong import HandError, fu
    with pytest.raises(HandError) as caught:
        fu("1" * 250 + "m", "1m")
    text = str(caught.value)
    # The 5th "1" is the 5th copy of 1m: column 5 (1-based), as the JSON errors count.
    assert "(column 5)" in text and caught.value.column == 5
    excerpt, pointer = text.splitlines()[1:3]
    # 30 characters either side of the fault at most, cut with "...".
    assert excerpt.strip() == "1" * 35 + "..." and pointer.index("^") == 2 + 4


def test_ints_of_thousands_of_digits_are_shown_not_converted(tmp_path: Path) -> None:
    # Issue 43 item 5: Python refuses to write an int of more than 4,300 digits in
    # decimal; an int subclass and a set of such ints must not end in that ValueError.
    module = _module(tmp_path, """
    class Big(int):
        pass

    A: Points[Hand[T], Ron["3p"]] = Big(10**5000)
    S = {10**5000, 10**5001}
    """)
    assert _wrong(module) == {
        "A": "A = a number of about 5001 digits, but the core says 1300"}


def test_a_huge_count_in_a_call_is_a_plugin_error_not_an_internal_one(tmp_path: Path) -> None:
    from mypy import api

    huge = hex(2**20000)  # 6,021 decimal digits
    (tmp_path / "mypy.ini").write_text("[mypy]\nplugins = typed_mahjong.plugin\n")
    (tmp_path / "m.py").write_text(
        "from typed_mahjong import points\n"
        f'x = points("234p234s456m567s44p", "3p", honba={huge})\n')
    out, _, _ = api.run(["--config-file", str(tmp_path / "mypy.ini"), "--cache-dir",
                         str(tmp_path / "cache"), str(tmp_path / "m.py")])
    assert "mahjong-internal" not in out
    assert ("honba: must be a whole number from 0 to 999, got a number of about 6021 "
            "digits  [mahjong-malformed]") in out


def test_a_huge_number_in_an_alias_reads_as_in_an_annotation(tmp_path: Path) -> None:
    """An int past 4,300 digits: in an annotation mypy's parser reads it as no type; in
    an alias (an expression) it kept the int, and the plugin's key for it raised
    ValueError (``[mahjong-internal]``). Both now say what the annotation says, as the
    language server does (found by tests/lsp/test_lsp_hostile.py's generator)."""
    from mypy import api

    huge = hex(2**20000)  # 6,021 decimal digits
    (tmp_path / "mypy.ini").write_text("[mypy]\nplugins = typed_mahjong.plugin\n")
    (tmp_path / "m.py").write_text(
        "from typed_mahjong import Hand, Honba, Points, Ron\n"
        f'x: Points[Hand["234p234s456m567s44p"], Ron["3p"], Honba[{huge}]]\n'
        f'A = Points[Hand["234p234s456m567s44p"], Ron["3p"], Honba[{huge}]]\n'
        f'B = Points[Hand[{huge}], Ron["3p"]]\n')
    out, _, _ = api.run(["--config-file", str(tmp_path / "mypy.ini"), "--cache-dir",
                         str(tmp_path / "cache"), "--show-column-numbers", str(tmp_path / "m.py")])
    assert "mahjong-internal" not in out
    lines = [line.split(": error: ")[1] for line in out.splitlines() if ": error: " in line]
    assert [line.startswith(start) for line, start in zip(lines, [
        "Honba[...] takes an int, e.g. Honba[2]; got typing.Any",
        "Honba[...] takes an int, e.g. Honba[2]; got typing.Any",
        "Hand[...] takes a string, not an expression such as hk-oldstyle"], strict=True)] \
        == [True] * 3, lines
