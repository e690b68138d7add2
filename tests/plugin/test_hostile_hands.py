"""Hostile hand strings under mypy (issue 30), each run in a capped child: a fault is one
``mahjong-*`` error at the offending text, never ``mahjong-internal``."""

from __future__ import annotations

from hostile import assert_clean
from mypy_capped import mypy_capped
from plugin_support import Project, pyproject


def test_eighty_six_pons_are_one_error_at_the_meld(project: Project) -> None:
    # Was mahjong-internal: "byte must be in range(0, 256)".
    hand = "123m" + " pon:555z" * 86
    pieces = ", ".join(['"123m"', *['"pon:555z"'] * 90])
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import Hand, Points, Ron, Shanten
        x: Points[Hand["{hand}"], Ron["1m"]]
        y: Shanten[Hand[{pieces}]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    # The second pon brings the 5th copy of 5z: its column (1-based) in each line.
    first_line = f'x: Points[Hand["{hand}"]'
    second = first_line.index("pon:555z", first_line.index("pon:555z") + 1) + 1
    second_line = f"y: Shanten[Hand[{pieces}]]"
    piece = second_line.index('"pon:555z"', second_line.index('"pon:555z"') + 1) + 2
    message = ("error: hand: meld 'pon:555z' brings the melds a 5th copy of 5z (only four "
               "of each tile exist)  [mahjong-malformed]")
    assert result.stdout.splitlines() == [f"m.py:2:{second}: {message}",
                                          f"m.py:3:{piece}: {message}"]
