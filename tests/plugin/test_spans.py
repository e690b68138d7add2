"""An error about a string spans the string (quotes included), or the one character at fault."""

from __future__ import annotations

from plugin_support import Project, pyproject


def test_error_spans(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("m.py", """\
        from typed_mahjong import Hand, Points, Ron
        b: Points[Hand["234p234s456m568s44p"], Ron["3p"]]
        a: Points[Hand["234p234s456m567s44q"], Ron["3p"]]
    """)
    lines = project.check("m.py", "--show-error-end").lines
    # 'b: Points[Hand[' is 15 characters: the string runs from column 16 to 36 (21
    # characters with its quotes); the 'q' of line 3 is its 19th character: column 35.
    assert lines[0].startswith("m.py:2:16:2:36: error: hand: ")
    assert lines[0].endswith("[mahjong-not-winning]")
    assert lines[1].startswith("m.py:3:35:3:35: error: hand: unknown character 'q'")
