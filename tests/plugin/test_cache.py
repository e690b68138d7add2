"""mypy's incremental cache never gives a stale answer.

Junchan + pinfu on 123m789m123p789s99p won on 1m is 4 han 30 fu: 1920 basic points,
7680 -> 7700 for a non-dealer ron, or mangan (8000) under rules with kiriage (WRC).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mypy.options import Options
from mypy.plugin import ReportConfigContext
from mypy.util import TYPESHED_DIR
from plugin_support import Project, pyproject

from typed_mahjong.plugin import cache, sidefiles
from typed_mahjong.plugin.main import TypedMahjongPlugin

JUNCHAN = """\
from typed_mahjong import Hand, Points, Ron
x: Points[Hand["123m789m123p789s99p"], Ron["1m"]] = 7700
"""
EXPECTS_8000 = ('m.py:2: error: Incompatible types in assignment (expression has type '
                '"Literal[7700]", variable has type "Literal[8000]")  [assignment]')
ABANDONED = re.compile(r"Metadata abandoned for (\S+): plugin configuration differs")


def test_a_rules_change_gives_the_new_verdict(project: Project) -> None:
    project.write("pyproject.toml", pyproject('rules = "tenhou"\n'))
    project.write("m.py", JUNCHAN)
    assert project.check("m.py").status == 0
    project.write("pyproject.toml", pyproject('rules = "wrc"\n'))
    second = project.check("m.py", "-v")
    assert second.lines == [EXPECTS_8000]
    # Only the module that can hold annotations was checked again: typeshed and
    # typed_mahjong kept their cache entries.
    assert ABANDONED.findall(second.stderr) == ["m"]
    project.write("pyproject.toml", pyproject('rules = "wrc"\nkiriage = false\n'))
    assert project.check("m.py").status == 0


def test_an_unchanged_project_stays_cached(project: Project) -> None:
    project.write("pyproject.toml", pyproject('rules = "wrc"\n'))
    project.write("m.py", JUNCHAN)
    assert project.check("m.py").lines == [EXPECTS_8000]
    again = project.check("m.py", "-v")
    assert again.lines == [EXPECTS_8000]
    assert ABANDONED.findall(again.stderr) == []


def test_report_config_data_leaves_typeshed_and_the_core_out() -> None:
    options = Options()
    options.config_file = None
    plugin = TypedMahjongPlugin(options)
    stdlib = ReportConfigContext("os", f"{TYPESHED_DIR}/stdlib/os/__init__.pyi", True)
    core = ReportConfigContext("typed_mahjong.core.scoring", "typed_mahjong/core/scoring.py", True)
    user = ReportConfigContext("fixtures", "fixtures.py", True)
    assert plugin.report_config_data(stdlib) is None
    assert plugin.report_config_data(core) is None
    data = plugin.report_config_data(user)
    assert data["sources"] == cache.sources_digest()
    assert "kiriage=False" in data["settings"]
    assert json.loads(json.dumps(data)) == data  # mypy stores it as JSON


def test_the_sources_digest_follows_every_file(tmp_path: Path) -> None:
    core = tmp_path / "core"
    (core / "__pycache__").mkdir(parents=True)
    (core / "solitaire").mkdir()
    (core / "scoring.py").write_text("POINTS = 1300\n")
    (core / "table.bin").write_bytes(b"\x00\x01")
    before = cache.digest_of([core])
    (core / "__pycache__" / "scoring.cpython-311.pyc").write_bytes(b"compiled")
    (core / "solitaire" / "solver.py").write_text("# not about scores\n")
    assert cache.digest_of([core]) == before
    (core / "table.bin").write_bytes(b"\x00\x02")
    changed = cache.digest_of([core])
    assert changed != before
    (core / "table.bin").write_bytes(b"\x00\x01")
    (core / "new.py").write_text("")
    assert cache.digest_of([core]) not in (before, changed)


def test_answers_are_kept_per_module_and_stamped(project: Project) -> None:
    project.write("pyproject.toml", pyproject('rules = "tenhou"\n'))
    # Inputs of every kind of value: strings read as names ("E"), several strings, a
    # number, a flag, Literal[...]; and a function call.
    module = JUNCHAN + (
        "from typing import Literal\n"
        "from typed_mahjong import Dora, Honba, Riichi, Seat, points\n"
        'y: Points[Hand["123m456p234s789s55m"], Ron["4s"], Riichi, Seat["E"], Honba[2], '
        'Dora["4m", "6s"]] = 12000\n'
        'z: Points[Hand[Literal["123m456p234s789s55m"]], Ron["4s"]] = 1000\n'
        'w: Literal[1000] = points("123m456p234s789s55m", win="4s")\n')
    # (y: riichi + pinfu + 3 dora, 5 han, dealer mangan: 12000; z and w: pinfu, 1000.)
    project.write("m.py", module)
    assert project.check("m.py").status == 0
    kept = project.root / ".mypy_cache" / "typed_mahjong_answers" / "m.json"
    data = json.loads(kept.read_text())
    assert sorted(data["answers"].values()) == [1000, 1000, 7700, 12000]
    # Plant other answers under the same stamp: the next check of m uses them, which shows
    # that kept answers are what spares the core on a re-check (and that the quick reading
    # of an annotation finds what the careful one kept) ...
    data["answers"] = {key: 1234 for key in data["answers"]}
    kept.write_text(json.dumps(data))
    project.write("m.py", module + "# edited\n")
    planted = project.check("m.py")
    assert len(planted.lines) == 4, planted.stdout
    assert all('variable has type "Literal[1234]"' in line or
               'expression has type "Literal[1234]"' in line for line in planted.lines)
    # ... and a new stamp (other rules here; a new core or plugin likewise) discards them.
    project.write("pyproject.toml", pyproject('rules = "wrc"\n'))
    assert project.check("m.py").lines[0] == EXPECTS_8000


def test_garbage_side_files_are_ignored(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("m.py", JUNCHAN)
    answers = project.root / ".mypy_cache" / "typed_mahjong_answers"
    answers.mkdir(parents=True)
    (answers / "m.json").write_text("{not json")
    assert project.check("m.py").status == 0
    assert sidefiles.read_json(answers / "m.json") is not None  # rewritten whole


def test_an_installed_package_is_known_by_its_record(tmp_path: Path) -> None:
    package = tmp_path / "typed_mahjong"
    (package / "plugin").mkdir(parents=True)
    info = tmp_path / "typed_mahjong-1.0.dist-info"
    info.mkdir()
    record = info / "RECORD"
    record.write_text("typed_mahjong/plugin/main.py,sha256=abc,10\n")
    first = cache.installed_record_digest(str(package), str(package / "plugin"), "1.0")
    assert first is not None and first.startswith("record:")
    record.write_text("typed_mahjong/plugin/main.py,sha256=abd,10\n")  # a file changed
    second = cache.installed_record_digest(str(package), str(package / "plugin"), "1.0")
    assert second not in (None, first)
    # Another version's install, a plugin folder elsewhere, an editable install's RECORD
    # (no sources listed): no record to go by.
    assert cache.installed_record_digest(str(package), str(package / "plugin"), "2.0") is None
    assert cache.installed_record_digest(str(package), str(tmp_path), "1.0") is None
    record.write_text("__editable__.typed_mahjong-1.0.pth,sha256=abc,10\n")
    assert cache.installed_record_digest(str(package), str(package / "plugin"), "1.0") is None


def test_a_checkout_is_known_by_its_files_sizes_and_times(tmp_path: Path) -> None:
    core = tmp_path / "core"
    (core / "__pycache__").mkdir(parents=True)
    (core / "solitaire").mkdir()
    scoring = core / "scoring.py"
    scoring.write_text("POINTS = 1300\n")
    before = cache.stat_digest_of([core])
    (core / "__pycache__" / "scoring.cpython-311.pyc").write_bytes(b"compiled")
    (core / "solitaire" / "solver.py").write_text("# not about scores\n")
    (core / "notes.md").write_text("not a source\n")
    assert cache.stat_digest_of([core]) == before
    scoring.write_text("POINTS = 12000\n")
    assert cache.stat_digest_of([core]) != before
    (core / "new.py").write_text("")
    assert cache.stat_digest_of([core]) != before
