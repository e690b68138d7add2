"""Hostile hand strings under mypy (issue 30), each run in a capped child: a fault is one
``mahjong-*`` error at the offending text, never ``mahjong-internal``."""

from __future__ import annotations

from hostile import assert_clean
from mypy_capped import mypy_capped
from plugin_support import Project, pyproject


def test_eighty_six_pons_are_one_error_at_the_meld(project: Project) -> None:
    # Was mahjong-internal: "byte must be in range(0, 256)". Past the hand's 256-character
    # bound (issue 43) the text is refused before a meld is read, at the whole value; below
    # it, the error is at the meld that brings the fifth copy.
    hand = "123m" + " pon:555z" * 86  # 778 characters
    pieces = ", ".join(['"123m"', *['"pon:555z"'] * 90])  # joined: 814 characters
    short = "123m" + " pon:555z" * 20  # 184 characters
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import Hand, Points, Ron, Shanten
        x: Points[Hand["{hand}"], Ron["1m"]]
        y: Shanten[Hand[{pieces}]]
        z: Points[Hand["{short}"], Ron["1m"]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    # Columns are 1-based: the hand's opening quote on line 2, the Hand input on line 3
    # (several pieces: no one of them is at fault), the second pon on line 4.
    quote = len('x: Points[Hand[') + 1
    whole = len("y: Shanten[") + 1
    third_line = f'z: Points[Hand["{short}"]'
    second = third_line.index("pon:555z", third_line.index("pon:555z") + 1) + 1
    too_long = "error: hand: {} characters is too long for a hand (at most 256)  " \
        "[mahjong-malformed]"
    fifth = ("error: hand: meld 'pon:555z' brings the melds a 5th copy of 5z (only four "
             "of each tile exist)  [mahjong-malformed]")
    assert result.stdout.splitlines() == [f"m.py:2:{quote}: {too_long.format(len(hand))}",
                                          f"m.py:3:{whole}: {too_long.format(814)}",
                                          f"m.py:4:{second}: {fifth}"]


def test_a_count_too_long_to_print_is_one_error(project: Project) -> None:
    # A hex literal parses whatever its size; mypy gives the plugin no literal for it, so it
    # is one usage error at the value (column 57), never mahjong-internal.
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import Hand, Honba, Points, Ron
        x: Points[Hand["234p234s456m567s44p"], Ron["3p"], Honba[{hex(2**20000)}]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    assert result.stdout.splitlines() == [
        "m.py:2:57: error: Honba[...] takes an int, e.g. Honba[2]; got typing.Any  "
        "[mahjong-usage]"]


def test_a_count_too_long_to_print_at_run_time() -> None:
    import typing

    import pytest

    from typed_mahjong import Hand, HandError, Honba, Points, Ron

    hint = Points[Hand["234p234s456m567s44p"], Ron["3p"], Honba[2**20000]]
    with pytest.raises(HandError, match="got a number of about 6021 digits") as caught:
        typing.get_args(hint)[1].evaluate()
    assert caught.value.field == "honba"


def test_a_count_out_of_its_range_is_the_cores_error_at_the_input(project: Project) -> None:
    # Nuki counts north tiles set aside, 0 to 4 (four Norths exist); honba 0 to 999. Found
    # by test_never_crash's generated annotations: build_call checks the range and raised
    # HandError past the annotation hook (mahjong-internal).
    project.write("pyproject.toml", pyproject())
    project.write("m.py", """\
        from typed_mahjong import Hand, Honba, Nuki, Points, Ron
        x: Points[Hand["123m456p234s789s55m"], Ron["4s"], Nuki[10]]
        y: Points[Hand["123m456p234s789s55m"], Ron["4s"], Honba[1000]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    # At the value: column 56 after 'x: Points[Hand["..."], Ron["4s"], Nuki[' (55 chars),
    # 57 after '... Honba['.
    assert result.stdout.splitlines() == [
        "m.py:2:56: error: nuki: must be a whole number from 0 to 4, got 10  "
        "[mahjong-malformed]",
        "m.py:3:57: error: honba: must be a whole number from 0 to 999, got 1000  "
        "[mahjong-malformed]"]
