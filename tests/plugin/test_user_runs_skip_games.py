"""A user's mypy run reads no more of typed-mahjong than the names it imports: not the games
package, whose PyYAML import needs stubs (types-PyYAML) that a user need not have. From a
fresh clone, `python3 dev.py demo` installs no stubs, and failed on examples/ because the
query layer imported the games package inside functions (mypy follows those imports too).

The project here puts a broken ``yaml`` stub first on mypy's path: any run that reaches the
games package fails on it.
"""

from __future__ import annotations

from plugin_support import Project, pyproject


def test_annotations_rows_and_the_run_time_check_do_not_reach_the_games(
        project: Project) -> None:
    project.write("pyproject.toml", pyproject().replace(
        '[tool.mypy]\n', '[tool.mypy]\nmypy_path = "stubs"\nstrict = true\n', 1))
    project.write("stubs/yaml/__init__.pyi", "this is no stub\n")
    project.write("m.py", """\
        from typed_mahjong import Hand, Points, Ron, points
        from typed_mahjong.query import cases
        from typed_mahjong.query.check import check_fixtures

        x: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1300
        y = points("234p234s456m567s44p", win="3p")
        ROWS = [cases.points("234p234s456m567s44p", win="3p", expect=1300)]
        COUNT = check_fixtures
    """)
    result = project.check("m.py")
    assert result.status == 0, result.stdout
    # The stub is read when the games package is: then this run fails.
    project.write("n.py", "import typed_mahjong.games\n")
    assert project.check("n.py").status != 0
