"""Settings that cannot be used stop mypy with every problem and its line (exit code 2)."""

from __future__ import annotations

from pathlib import Path

from plugin_support import Project, pyproject

from typed_mahjong.query.settings import load_config

MODULE = """\
from typed_mahjong import Hand, Points, Ron
x: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1300
"""


def test_bad_pyproject_settings_stop_mypy(project: Project) -> None:
    project.write("pyproject.toml", pyproject("""\
        rules = "tenhuo"
        kiriage = "yes"
        explain = 1
        colour = "red"
        double_wind_pair_fu = 3
    """))
    project.write("m.py", MODULE)
    result = project.check("m.py")
    assert result.status == 2
    problems = result.stderr.splitlines()
    # The [tool.typed_mahjong] header is line 7 of the file written above.
    assert [line.split(": error: ")[0] for line in problems] == [
        f"pyproject.toml:{line}" for line in (8, 9, 10, 11, 12)
    ]
    assert "rules: unknown preset 'tenhuo'" in problems[0]
    assert "option 'kiriage' must be true or false, got 'yes'" in problems[1]
    assert "explain must be true or false, got 1" in problems[2]
    assert "unknown key 'colour'" in problems[3]
    assert "'double_wind_pair_fu' must be 2 or 4, got 3" in problems[4]


def test_bad_ini_settings_stop_mypy(project: Project) -> None:
    project.write("mypy.ini", """\
        [mypy]
        plugins = typed_mahjong.plugin

        [mypy.plugins.typed_mahjong]
        rules = majsoul
        aka = yes
        honba_value = many
        double_yakuman = suuankou tanki, triple ron
    """)
    project.write("m.py", MODULE)
    result = project.check("m.py", config="mypy.ini")
    assert result.status == 2
    problems = result.stderr.splitlines()
    assert [line.split(": error: ")[0] for line in problems] == [
        "mypy.ini:6", "mypy.ini:7", "mypy.ini:8"]
    assert "[mypy.plugins.typed_mahjong] unknown key 'aka'" in problems[0]
    assert "'honba_value' must be an integer, got 'many'" in problems[1]
    assert "got ['triple ron']" in problems[2]


def test_settings_read_from_each_kind_of_file(tmp_path: Path) -> None:
    toml = tmp_path / "pyproject.toml"
    toml.write_text('[tool.typed_mahjong]\nrules = "wrc"\nexplain = true\nkiriage = false\n')
    config = load_config(str(toml))
    assert (config.rules.name, config.rules.kiriage, config.explain) == ("wrc", False, True)
    assert config.base_dir == tmp_path and config.problems == ()
    ini = tmp_path / "setup.cfg"
    ini.write_text("[mypy.plugins.typed_mahjong]\nrules = ema\nexplain = yes\n"
                   "pao = daisangen, suukantsu\nhonba_value = 100\n")
    config = load_config(str(ini))
    assert config.rules.name == "ema" and config.explain
    assert config.rules.pao == frozenset({"daisangen", "suukantsu"})
    assert config.rules.honba_value == 100


def test_missing_section_means_tenhou_rules(tmp_path: Path) -> None:
    ini = tmp_path / "mypy.ini"
    ini.write_text("[mypy]\nstrict = true\n")
    config = load_config(str(ini))
    assert config.rules.name == "tenhou" and not config.explain and config.problems == ()
    assert load_config(None).rules.name == "tenhou"


def test_unreadable_files_are_problems_not_crashes(tmp_path: Path) -> None:
    broken = tmp_path / "pyproject.toml"
    broken.write_text("[tool.typed_mahjong\nrules = 'x'\n")
    assert "cannot read the typed-mahjong settings" in load_config(str(broken)).problems[0]
    not_a_table = tmp_path / "other.toml"
    not_a_table.write_text("[tool]\ntyped_mahjong = 3\n")
    assert "[tool.typed_mahjong] must be a table, got 3" in load_config(
        str(not_a_table)).problems[0]
