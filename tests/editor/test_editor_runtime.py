"""The editor spelling at run time: examples/editor/fixtures.py imports, and each annotation
evaluates (``Query.evaluate``) to the value written beside it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Literal, get_type_hints

from editor_support import annotated_names

from typed_mahjong import Hand, Points, Query, Ron, Rules
from typed_mahjong.core.rules import rules_from

EDITOR = Path(__file__).resolve().parents[2] / "examples" / "editor"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"editor_{name}", EDITOR / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rules_takes_the_literal_spelling_at_run_time() -> None:
    # Rules[L["wrc"]] must mean Rules["wrc"], as Hand[L["..."]] means Hand["..."].
    assert Rules[Literal["wrc"]] == Rules["wrc"] == rules_from("wrc")


def test_every_editor_fixture_evaluates_to_its_value() -> None:
    fixtures = load("fixtures")
    hints = get_type_hints(fixtures, include_extras=True)
    # examples/editor/mypy.ini: tenhou rules with open riichi; Game paths are relative to it.
    rules = rules_from("tenhou", open_riichi=True)
    checked = 0
    for name, hint in hints.items():
        query = hint.__metadata__[0]
        assert isinstance(query, Query), name
        answer = query.evaluate(rules, base_dir=EDITOR)
        if query.result in ("Yaku", "Waits"):  # a union type: the value is one of its members
            assert isinstance(answer, tuple) and getattr(fixtures, name) in answer, name
        else:
            assert answer == getattr(fixtures, name), name
        checked += 1
    assert checked == len(annotated_names()) >= 30  # every annotated name of the file


def test_literal_and_bare_spellings_ask_the_same_question() -> None:
    editor = Points[Hand[Literal["234p234s456m567s44p"]], Ron[Literal["3p"]]]
    bare = Points[Hand["234p234s456m567s44p"], Ron["3p"]]  # noqa: F821 - see docs/plugin.md
    assert editor.__metadata__[0].call() == bare.__metadata__[0].call()
