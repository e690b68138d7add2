"""No drift between typed_mahjong/query/annotations.pyi (what type checkers read) and the run-time
module annotations.py: the same names, each of the same kind, the same ``__all__``.

The expected side is always the run-time module, so a name added there (a new result, say)
fails here until the stub has its line. mypy's stubtest then compares everything else the
stub declares (signatures of build_call, fields of Call ...) with the run-time objects.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import typing
from pathlib import Path
from typing import Annotated, Literal

import typed_mahjong.query.annotations as runtime
from typed_mahjong.query.annotations import Given, Query
from typed_mahjong.query.building import AnnotationError

PACKAGE = Path(runtime.__file__).resolve().parent
RUNTIME_SOURCE = PACKAGE / "annotations.py"
STUB = PACKAGE / "annotations.pyi"
EDITOR_FIXTURES = Path(__file__).resolve().parents[2] / "examples" / "editor" / "fixtures.py"


def runtime_kind(name: str) -> str:
    """What the run-time object is, found by using it as an annotation does."""
    obj = getattr(runtime, name)
    if not isinstance(obj, type):
        return "other"
    if issubclass(obj, runtime._Flag):  # a flag, even one that only a Game[...] takes
        return "flag"
    try:
        value = obj[Literal["1m"]]
    except TypeError:  # not subscriptable: a flag, or a run-time helper such as Given
        query = Query("Points", (runtime.Hand["123m456p234s789s55m"], runtime.Ron["4s"], obj))
        try:
            query.call()
        except AnnotationError:
            return "other"
        return "flag"
    if typing.get_origin(value) is Annotated:
        return f"result {typing.get_args(value)[0].__name__}"
    return "input" if isinstance(value, Given) else "other"


def bound_names(tree: ast.Module) -> set[str]:
    """The public names a module binds itself (classes, functions, assignments)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {name for name in names if not name.startswith("_")}


def stub_kinds(tree: ast.Module) -> dict[str, str]:
    kinds: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            bases = {base.id for base in node.bases if isinstance(base, ast.Name)}
            kinds[node.name] = ("input" if "_Input" in bases else
                                "flag" if "_Flag" in bases else "other")
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            call = node.value
            if isinstance(call.func, ast.Name) and call.func.id == "TypeAliasType":
                base = call.args[1]
                if isinstance(base, ast.Subscript):  # tuple[str, ...]: the run time's tuple
                    base = base.value
                assert isinstance(base, ast.Name), ast.unparse(node)
                for target in node.targets:
                    assert isinstance(target, ast.Name)
                    kinds[target.id] = f"result {base.id}"
    return kinds


def all_of(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return value
    raise AssertionError("no __all__")


def test_stub_lists_the_runtime_names_with_their_kinds() -> None:
    stub = ast.parse(STUB.read_text())
    expected_all, stub_all = list(runtime.__all__), all_of(stub)
    assert len(set(stub_all)) == len(stub_all), "a name twice in the stub's __all__"
    assert sorted(set(expected_all) - set(stub_all)) == [], "missing from the stub's __all__"
    assert sorted(set(stub_all) - set(expected_all)) == [], "in the stub's __all__ only"
    runtime_names = bound_names(ast.parse(RUNTIME_SOURCE.read_text())) | set(expected_all)
    stub_names = bound_names(stub) | set(stub_all)
    assert sorted(runtime_names - stub_names) == [], "at run time, not declared in the stub"
    assert sorted(stub_names - runtime_names) == [], "declared in the stub, not at run time"
    declared = stub_kinds(stub)
    expected = {name: runtime_kind(name) for name in sorted(runtime_names)}
    wrong = {name: f"stub: {declared.get(name, 'other')}, run time: {kind}"
             for name, kind in expected.items() if declared.get(name, "other") != kind}
    assert wrong == {}, "declared as another kind in the stub"
    # The test can see each kind (it cannot pass by calling everything "other").
    kinds = set(expected.values())
    assert {"result int", "result str", "input", "flag", "other"} <= kinds


def test_editor_examples_use_every_input() -> None:
    # pyright checks each input's value kind (str, int, several pieces) against the stub's
    # bounds only where an example uses it.
    used = {node.id for node in ast.walk(ast.parse(EDITOR_FIXTURES.read_text()))
            if isinstance(node, ast.Name)}
    inputs = {name for name in runtime.__all__ if runtime_kind(name) == "input"}
    assert inputs and inputs <= used, sorted(inputs - used)


def test_stubtest_finds_no_other_difference(tmp_path: Path) -> None:
    # A result is a class at run time and an alias of int/str in the stub, and the run-time
    # input base has a __class_getitem__ the stub must not have (pyright would then accept
    # any type argument): those differences are the point of the stub.
    # The tile types are typed_mahjong.core.tile_types' Literal unions, re-exported; stubtest of
    # mypy 1.19 wrongly calls them "not a Union" at run time.
    results = [name for name in runtime.__all__ if runtime_kind(name).startswith("result")]
    tiles = [name for name in runtime.__all__ if not isinstance(getattr(runtime, name), type)]
    allowlist = tmp_path / "allowlist.txt"
    allowlist.write_text("".join(f"typed_mahjong\\.query\\.annotations\\.{name}(\\..*)?\n"
                                 for name in results + tiles)
                         + "typed_mahjong.query.annotations._Input.__class_getitem__\n")
    completed = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "typed_mahjong.query.annotations", "--allowlist",
         str(allowlist), "--ignore-unused-allowlist"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
    assert completed.returncode == 0, completed.stdout + completed.stderr
