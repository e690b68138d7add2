"""The mirrors of the win options table are what the table gives now (issue 31).

This module imports only the generator script, which reads only the table module: it
runs, and says what to do, even when a new row has made the mirrors stale (the core
itself then refuses to import, with the same instruction).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_win_options", ROOT / "scripts" / "build_win_options.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_every_mirror_is_written_from_the_table() -> None:
    stale = [str(path.relative_to(ROOT)) for path in _script().stale()]
    assert stale == [], f"run python3 scripts/build_win_options.py: {stale} are out of date"


def test_the_mirrors_cover_every_row(tmp_path: Path) -> None:
    # Each block names every row: a row left out of one mirror would not be caught by
    # comparing the files with the script's own output alone.
    script = _script()
    names = [option.name for option in script.WIN_OPTIONS]
    situation = script.SITUATION.read_text(encoding="utf-8")
    for block in ("fields", "attributes", "init", "values"):
        text = _block_text(situation, script.BEGIN.format(block), script.END.format(block))
        assert all(name in text for name in names), block
    # The marker classes of annotations.py and its stub: tests/codegen/test_codegen_markers.py.


def test_a_new_row_is_one_command(tmp_path: Path) -> None:
    # On copies of the files: a row added to the table reaches every mirror.
    script = _script()
    row = script.WinOption("kokushi_13_wait", script.FLAG, False, "a made-up flag for this "
                           "test", "MadeUp")
    copies = {path: path.read_text(encoding="utf-8") for path in script.BLOCKS}
    script.WIN_OPTIONS = (*script.WIN_OPTIONS, row)
    written = {path: script.generated(path, text) for path, text in copies.items()}
    assert "kokushi_13_wait" in written[script.SITUATION]
    assert "kokushi_13_wait: bool" in written[script.TABLE]
    assert "kokushi_13_wait: object = False," in written[script.SCORING]


def _block_text(text: str, begin: str, end: str) -> str:
    start = text.index(begin)
    return text[start:text.index(end, start)]
