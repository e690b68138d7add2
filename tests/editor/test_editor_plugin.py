"""The plugin's quick reading of an annotation (the short way: every remembered answer on
a re-check, and every plain annotation's first answer) covers the editor spelling: its key
is the careful reading's key, for every annotation of examples/editor/fixtures.py, so
Hand[L["..."]] costs what Hand["..."] costs."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from editor_support import annotated_names
from mypy import api
from mypy.types import Type

import typed_mahjong.plugin.fast as fast
from typed_mahjong.plugin.reading import inputs_key, read_inputs

EDITOR = Path(__file__).resolve().parents[2] / "examples" / "editor"


def test_quick_and_careful_readings_agree_on_the_editor_spelling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick_read = fast.quick_read
    pairs: list[tuple[str | None, str]] = []

    def recording_quick(api_: object, result: str, args: Sequence[Type],
                        *rest: object) -> object:
        found = quick_read(api_, result, args, *rest)  # type: ignore[arg-type]
        # The careful reading of the same annotation, at the same point of mypy's analysis.
        careful = inputs_key(result, read_inputs(api_, args))  # type: ignore[arg-type]
        pairs.append((None if found is None else found[0], careful))
        return found

    monkeypatch.setattr(fast, "quick_read", recording_quick)
    previous = os.getcwd()
    os.chdir(tmp_path)
    try:
        stdout, stderr, status = api.run([
            "--config-file", str(EDITOR / "mypy.ini"), "--cache-dir", str(tmp_path / "cache"),
            str(EDITOR / "fixtures.py")])
    finally:
        os.chdir(previous)
    assert status == 0, stdout + stderr
    # Every annotation, read both ways once on a cold cache.
    assert len(pairs) == len(annotated_names()) >= 30
    assert [quick for quick, careful in pairs if quick != careful] == []
