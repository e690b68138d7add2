"""Hostile ``Game[...]`` annotations and game files under mypy (issue 30): mypy runs on
untrusted pull requests because it executes nothing, so no annotation may hang it, crash
it, or copy a file from outside the project into its output.

Each mypy run is a child process under the caps of ``tests/hostile.py``.
"""

from __future__ import annotations

from hostile import assert_clean
from mypy_capped import mypy_capped
from plugin_support import Project, pyproject

WILD_GAME = """\
name: H
rules: {hand_size: 12, structure: '12'}
tiles:
  k0: {n: 0}
  J: {wildcard: true, copies: 12}
yaku:
  Y: {when: a.n > 5, points: 1}
"""


def test_twelve_wildcards_behind_an_annotation_do_not_hang_mypy(project: Project) -> None:
    # Hung mypy past 60 s. Every J stands for k0 (n 0), so no yaku holds: the hand scores
    # nothing, which the plugin reports at the hand.
    project.write("pyproject.toml", pyproject())
    project.write("games/h.yaml", WILD_GAME)
    project.write("m.py", """\
        from typed_mahjong import Game, Hand, Points
        x: Points[Game["games/h.yaml"], Hand["J J J J J J J J J J J J"]]
    """)
    result = mypy_capped(project.root, "m.py")
    assert_clean(result, codes={1})
    assert "the hand scores nothing" in result.stdout, result.stdout
    assert "[mahjong-no-yaku]" in result.stdout, result.stdout
