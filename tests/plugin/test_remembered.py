"""A re-checked module's remembered answers, read the short way (``FastAnswers.result_hook``),
are taken only where the careful reading would ask the same question: a name bound to
another input, names of a function or a class, a settings change under the daemon each still
get their own answer.

234p234s456m567s44p won on 3p by the east seat is 2000 on a ron, 3000 on a tsumo. Answers
are planted in the memo file to show which annotations were answered from it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from plugin_support import Project, pyproject

DMYPY = str(Path(sys.executable).parent / "dmypy")
ANNOTATION = 'Points[Hand["234p234s456m567s44p"], Ron["3p"], Seat["E"]]'
MODULE = f"""\
from typed_mahjong import Hand, Points, Ron, Seat, Tsumo
a: {ANNOTATION} = 2000
Ron = Tsumo
b: {ANNOTATION} = 2000
Hand = int
c: {ANNOTATION} = 2000


def f() -> None:
    Ron = Tsumo
    d: {ANNOTATION} = 2000


class K:
    Seat = 4
    e: {ANNOTATION} = 2000
"""


def _answers(project: Project, module: str = "m") -> Path:
    return project.root / ".mypy_cache" / "typed_mahjong_answers" / f"{module}.json"


def _plant(project: Project, value: int, module: str = "m") -> None:
    """Replace every answer remembered for ``module`` with ``value``."""
    kept = _answers(project, module)
    data = json.loads(kept.read_text())
    assert data["answers"]
    data["answers"] = {key: value for key in data["answers"]}
    kept.write_text(json.dumps(data))


def _edit(project: Project, name: str, text: str) -> None:
    # A changed comment: mypy analyses the module again, with its answers remembered.
    project.write(name, (project.root / name).read_text() + f"# {text}\n")


def test_a_recheck_says_what_the_first_check_said(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("m.py", MODULE)
    cold = project.check("m.py")
    assert cold.status == 1
    _edit(project, "m.py", "edited")
    warm = project.check("m.py")
    assert warm.lines == cold.lines
    _edit(project, "m.py", "edited again")
    assert project.check("m.py").lines == cold.lines


def test_remembered_answers_are_taken_for_the_same_question(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import Hand, Points, Ron, Seat
        a: {ANNOTATION} = 2000
        b: {ANNOTATION} = 2000
        c: {ANNOTATION} = 2000
    """)
    assert project.check("m.py").status == 0
    _plant(project, 1234)
    _edit(project, "m.py", "edited")
    planted = project.check("m.py")
    assert [line.split(":")[1] for line in planted.lines] == ["2", "3", "4"]
    assert all('"Literal[1234]"' in line for line in planted.lines), planted.stdout


def test_a_name_bound_to_another_input_asks_again(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import Hand, Points, Ron, Seat
        a: {ANNOTATION} = 2000
        b: {ANNOTATION} = 2000
    """)
    assert project.check("m.py").status == 0
    _plant(project, 1234)
    # The same text, another question: Ron now stands for Tsumo.
    source = (project.root / "m.py").read_text()
    project.write("m.py", source.replace("Ron, Seat", "Seat, Tsumo as Ron"))
    rebound = project.check("m.py")
    assert "1234" not in rebound.stdout
    assert [line.split(":")[1] for line in rebound.lines] == ["2", "3"]
    assert all('(expression has type "Literal[2000]", variable has type "Literal[3000]")'
               in line for line in rebound.lines), rebound.stdout
    # ... and its answer is remembered in turn.
    _edit(project, "m.py", "edited")
    assert project.check("m.py").lines == rebound.lines


def test_names_of_a_function_or_a_class_are_read_there(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import Hand, Points, Ron, Seat, Tsumo
        a: {ANNOTATION} = 2000


        def f() -> None:
            Ron = Tsumo
            d: {ANNOTATION} = 3000


        class K:
            Hand = Tsumo
            e: {ANNOTATION} = 2000
    """)
    cold = project.check("m.py")
    assert cold.lines == [
        'm.py:7: error: Variable "Ron" is not valid as a type  [valid-type]',
        "m.py:7: note: See https://mypy.readthedocs.io/en/stable/common_issues.html"
        "#variables-vs-type-aliases",
        'm.py:7: error: Incompatible types in assignment (expression has type '
        '"Literal[3000]", variable has type "Literal[2000]")  [assignment]',
        'm.py:12: error: Variable "m.K.Hand" is not valid as a type  [valid-type]',
        "m.py:12: note: See https://mypy.readthedocs.io/en/stable/common_issues.html"
        "#variables-vs-type-aliases",
    ]
    _edit(project, "m.py", "edited")
    assert project.check("m.py").lines == cold.lines


def dmypy(project: Project, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([DMYPY, "--status-file", "status.json", *args], cwd=project.root,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.slow  # a daemon's start and two runs: 3 s
def test_the_daemon_looks_at_the_settings_before_remembered_answers(project: Project
                                                                    ) -> None:
    project.write("pyproject.toml", pyproject('rules = "tenhou"\n'))
    project.write("m.py", f"""\
        from typed_mahjong import Hand, Points, Ron, Seat
        a: {ANNOTATION} = 2000
        b: {ANNOTATION} = 2000
    """)
    # A plain run leaves the answers in the cache the daemon starts from.
    assert project.check("m.py").status == 0
    assert _answers(project).exists()
    started = dmypy(project, "start", "--", "--config-file", "pyproject.toml",
                    "--cache-dir", ".mypy_cache")
    assert started.returncode == 0, started.stderr
    try:
        assert dmypy(project, "check", "m.py").returncode == 0
        project.write("pyproject.toml", pyproject('rules = "wrc"\n'))
        _edit(project, "m.py", "edited")
        stale = dmypy(project, "check", "m.py")
        assert stale.returncode == 1, stale.stdout + stale.stderr
        assert ("m.py:2: error: typed-mahjong: the settings in pyproject.toml changed after "
                "this mypy daemon started") in stale.stdout
        _edit(project, "m.py", "edited again")
        assert "[mahjong-config]" in dmypy(project, "check", "m.py").stdout
    finally:
        dmypy(project, "stop")
