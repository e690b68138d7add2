"""Settings are never silently ignored (issue 13): a section spelled nearly like ours is a
problem that stops mypy, like an unknown key; under dmypy the settings are read on every
``dmypy run`` (``plugin/main.py``), compared by content, not mtime."""

from __future__ import annotations

from pathlib import Path

import pytest
from plugin_support import PLUGIN_PYPROJECT, Project

import typed_mahjong
from typed_mahjong.plugin.main import TypedMahjongPlugin
from typed_mahjong.query.settings import load_config

MODULE = """\
from typed_mahjong import Hand, Points, Ron
x: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1300
"""


@pytest.mark.parametrize("header", [
    "[tool.typed-mahjong]", "[tool.Typed_Mahjong]", "[tool.typedmahjong]", "[typed_mahjong]",
])
def test_a_near_miss_toml_section_is_a_config_error(project: Project, header: str) -> None:
    project.write("pyproject.toml", f'{PLUGIN_PYPROJECT}\n{header}\nrules = "wrc"\n')
    project.write("m.py", MODULE)
    result = project.check("m.py")
    assert result.status == 2
    # PLUGIN_PYPROJECT is 5 lines, then an empty line: the header is line 7.
    name = header.strip("[]")
    assert result.stderr.splitlines() == [
        f"pyproject.toml:7: error: [{name}] is not read by typed-mahjong: its settings go in "
        f"[tool.typed_mahjong] (with an underscore)  [mahjong-config]"]


@pytest.mark.parametrize("header", [
    "[mypy.plugins.typed-mahjong]", "[mypy.plugins.Typed_Mahjong]", "[typed-mahjong]",
])
def test_a_near_miss_ini_section_is_a_config_error(project: Project, header: str) -> None:
    project.write("mypy.ini", f"[mypy]\nplugins = typed_mahjong.plugin\n"
                              f"[mypy-typed_mahjong.*]\nignore_errors = True\n"
                              f"{header}\nrules = wrc\n")
    project.write("m.py", MODULE)
    result = project.check("m.py", config="mypy.ini")
    assert result.status == 2
    assert result.stderr.splitlines() == [
        f"mypy.ini:5: error: {header} is not read by typed-mahjong: its settings go in "
        f"[mypy.plugins.typed_mahjong] (with an underscore)  [mahjong-config]"]


def test_the_right_sections_and_mypys_own_module_sections_are_no_near_miss(
        tmp_path: Path) -> None:
    toml = tmp_path / "pyproject.toml"
    toml.write_text(PLUGIN_PYPROJECT + '[tool.typed_mahjong]\nrules = "wrc"\n')
    assert load_config(str(toml)).problems == ()
    ini = tmp_path / "mypy.ini"
    ini.write_text("[mypy]\n[mypy-typed_mahjong.*]\nignore_errors = True\n"
                   "[mypy.plugins.typed_mahjong]\nrules = wrc\n")
    config = load_config(str(ini))
    assert config.problems == () and config.rules.name == "wrc"


def test_a_near_miss_beside_the_right_section_is_still_an_error(tmp_path: Path) -> None:
    toml = tmp_path / "pyproject.toml"
    toml.write_text('[tool.typed_mahjong]\nrules = "wrc"\n[tool.typed-mahjong]\nexplain = true\n')
    problems = load_config(str(toml)).problems
    assert len(problems) == 1 and problems[0].startswith(f"{toml}:3: error: [tool.typed-mahjong]")


def _snapshot_version(config_file: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """What dmypy's plugins snapshot reads after constructing the plugin in the daemon."""
    import sys

    from mypy.options import Options

    import typed_mahjong.plugin as package

    monkeypatch.setitem(sys.modules, "mypy.dmypy_server", sys.modules[__name__])
    options = Options()
    options.config_file = str(config_file)
    TypedMahjongPlugin(options)
    return str(package.__version__)


def test_the_daemon_snapshot_follows_the_settings_content(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import typed_mahjong.plugin as package

    monkeypatch.setattr(package, "__version__", "unset", raising=False)
    toml = tmp_path / "pyproject.toml"
    toml.write_text('[tool.typed_mahjong]\nrules = "tenhou"\n')
    first = _snapshot_version(toml, monkeypatch)
    # Same size, written at once (same mtime second): the content decides.
    toml.write_text('[tool.typed_mahjong]\nrules = "mleagu"\n')
    toml.write_text('[tool.typed_mahjong]\nrules = "wrc"   \n')
    second = _snapshot_version(toml, monkeypatch)
    assert first != second
    release = f"{typed_mahjong.__version__}+settings."
    assert first.startswith(release) and second.startswith(release)
    # A change that means the same settings (a comment) is no restart.
    toml.write_text('[tool.typed_mahjong]\nrules = "wrc"  # WRC 2022\n')
    assert _snapshot_version(toml, monkeypatch) == second
