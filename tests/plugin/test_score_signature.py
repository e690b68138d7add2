"""``score()``'s keywords as a type checker sees them, with no plugin: the implementation
declares them ``object`` (its own checks name a bad value, in both builds), and the public
``score`` is typed ``ScoreFunction`` (``**options: Unpack[WinOptions]``), so a misspelt
keyword or a value of the wrong type is still an error in the user's mypy run."""

from __future__ import annotations

from plugin_support import Project


def test_mypy_checks_score_keywords_without_the_plugin(project: Project) -> None:
    project.write("pyproject.toml", "[tool.mypy]\nstrict = true\n")
    project.write("use.py", """\
        from typed_mahjong import Score, score
        from typed_mahjong.core.scoring import score as score_from_module

        good: Score = score("234p234s456m567s44p", "3p", riichi=True, seat="E", dora="4m",
                            honba=1, pao=None, rules="majsoul")
        score("234p234s456m567s44p", "3p", riichii=True)
        score("234p234s456m567s44p", "3p", riichi=1)
        score_from_module("234p234s456m567s44p", "3p", seat=1)
        """)
    result = project.check("use.py")
    errors = [line for line in result.lines if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["6", "7", "8"], result.stdout
    assert 'Unexpected keyword argument "riichii"' in errors[0]
    assert 'did you mean "riichi"' in errors[0]
    assert 'Argument "riichi"' in errors[1] and 'expected "bool"' in errors[1]
    assert 'Argument "seat"' in errors[2] and 'expected "str"' in errors[2]
