"""The plugin's quick reading of an annotation (the path of every remembered answer on a
re-check) covers the editor spelling: its key is the careful reading's key, for every
annotation of examples/editor/fixtures.py, so Hand[L["..."]] costs what Hand["..."] costs."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from editor_support import annotated_names
from mypy import api
from mypy.types import Type

import typed_mahjong.plugin.annotation_hook as hook
from typed_mahjong.plugin.reading import RawInput

EDITOR = Path(__file__).resolve().parents[2] / "examples" / "editor"


def test_quick_and_careful_readings_agree_on_the_editor_spelling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick_key, inputs_key = hook.quick_key, hook.inputs_key
    last_quick: list[str | None] = [None]
    pairs: list[tuple[str | None, str]] = []

    def recording_quick(api_: object, result: str, args: Sequence[Type]) -> tuple[str, bool] | None:
        found = quick_key(api_, result, args)  # type: ignore[arg-type]
        last_quick[0] = None if found is None else found[0]
        return found

    def recording_careful(result: str, inputs: Sequence[RawInput]) -> str:
        key = inputs_key(result, inputs)
        pairs.append((last_quick[0], key))
        return key

    monkeypatch.setattr(hook, "quick_key", recording_quick)
    monkeypatch.setattr(hook, "inputs_key", recording_careful)
    previous = os.getcwd()
    os.chdir(tmp_path)
    try:
        stdout, stderr, status = api.run([
            "--config-file", str(EDITOR / "mypy.ini"), "--cache-dir", str(tmp_path / "cache"),
            str(EDITOR / "fixtures.py")])
    finally:
        os.chdir(previous)
    assert status == 0, stdout + stderr
    # Every annotation, read carefully once on a cold cache.
    assert len(pairs) == len(annotated_names()) >= 30
    assert [quick for quick, careful in pairs if quick != careful] == []
