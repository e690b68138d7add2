"""Which build runs, how to force pure Python, how to ask (issue 15).

``TYPED_MAHJONG_EXPECT_BUILD=compiled`` is set by dev.py's compiled test run: there every
module of ``COMPILED_MODULES`` must be a mypyc extension. Without it (the developer's
``.venv``, an editable install) the core must be pure Python: an editable install never
compiles, so no extension module can shadow a ``.py`` file being edited.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from build_support import setup_module

import typed_mahjong
from typed_mahjong import build_info
from typed_mahjong.build import COMPILED_MODULES, PURE_ENV

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = os.environ.get("TYPED_MAHJONG_EXPECT_BUILD")


def _child_report(env_changes: dict[str, str]) -> list[str]:
    """build_info() and each core module's file, as a fresh process sees them."""
    env = {**os.environ, **env_changes}
    code = ("import importlib, typed_mahjong as t; from typed_mahjong.build import "
            "COMPILED_MODULES as M; print(t.build_info().build); "
            "[print(importlib.import_module('typed_mahjong.' + m).__file__) for m in M]")
    # -P keeps the checkout off sys.path: the child imports the build under test.
    out = subprocess.run([sys.executable, "-P", "-c", code], env=env, capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    return out.splitlines()


def test_the_build_under_test_is_the_expected_one() -> None:
    info = build_info()
    modules = [importlib.import_module(f"typed_mahjong.{name}") for name in COMPILED_MODULES]
    if EXPECTED == "compiled":
        assert info.is_compiled, info
        assert info.compiled == COMPILED_MODULES
        assert all(str(m.__file__).endswith(tuple(EXTENSION_SUFFIXES)) for m in modules)
    else:
        assert not info.is_compiled and info.compiled == (), info
        # dev.py's .venv: an editable install, which records nothing and never compiles.
        assert info.reason.startswith("a source checkout or an editable install: never "
                                      "compiled"), info.reason
        assert all(str(m.__file__).endswith(".py") for m in modules)


def test_extensions_on_disk_are_found_in_subpackages_too() -> None:
    # build_info() tells "installed but not used" from "not installed" by looking on disk:
    # typed_mahjong.solitaire.looser sits in a subpackage, with a __path__ of its own.
    from typed_mahjong.build import _installed_as_extension

    assert any(name.startswith("solitaire.") for name in COMPILED_MODULES)
    for name in COMPILED_MODULES:
        assert _installed_as_extension(name) == (EXPECTED == "compiled"), name


def test_the_pure_variable_loads_every_core_module_from_its_source() -> None:
    build, *files = _child_report({PURE_ENV: "1"})
    assert build == "pure Python"
    assert len(files) == len(COMPILED_MODULES)
    assert all(path.endswith(".py") for path in files), files


def test_the_pure_variable_set_to_zero_changes_nothing() -> None:
    build, *files = _child_report({PURE_ENV: "0"})
    assert build == ("compiled (mypyc)" if EXPECTED == "compiled" else "pure Python")


def test_version_names_the_build() -> None:
    from typed_mahjong.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    # The version has one home, typed_mahjong.__version__; the installed metadata reads it.
    assert metadata.version("typed-mahjong") == typed_mahjong.__version__
    assert out.getvalue().strip() == f"typed-mahjong {typed_mahjong.__version__}, {build_info()}"


def test_setup_compiles_the_modules_of_the_one_list() -> None:
    setup = setup_module()
    paths = setup.compiled_modules()
    assert paths == [f"typed_mahjong/{name.replace('.', '/')}.py" for name in COMPILED_MODULES]
    assert "typed_mahjong/solitaire/looser.py" in paths  # a subpackage's module (issue 18)
    # A plugin module is named as installed; its source sits in plugin/.
    assert "typed_mahjong/plugin/fast.py" in paths
    assert setup.source_path("typed_mahjong/plugin/fast.py") == ROOT / "plugin" / "fast.py"
    assert setup.source_path("typed_mahjong/core/tiles.py") == ROOT / "typed_mahjong/core/tiles.py"
    assert all(setup.source_path(path).is_file() for path in paths)


def test_no_dynamic_module_is_compiled() -> None:
    # These use run-time introspection, user plugins or entry points, or are not hot: a
    # compiled copy would change behaviour or only cost build time.
    dynamic = {"build", "errors", "safe_io", "query.annotations", "query.functions",
               "query.names", "query.building", "query.cases", "core.rules", "core.interop",
               "core.settlement", "core.tile_types", "cli.main", "cli.score", "cli.logs",
               "cli.settle", "cli.editor", "cli.demo", "games.loader", "games.constraints",
               "games.yamlsafe", "games.files", "cli.solitaire", "solitaire.formats",
               "solitaire.solver", "solitaire.helper", "solitaire.review",
               "solitaire.faces"}
    # Each name is a module that exists, so a rename cannot make this check vacuous.
    missing = [name for name in dynamic
               if not (ROOT / "typed_mahjong" / f"{name.replace('.', '/')}.py").is_file()]
    assert not missing, missing
    assert not dynamic & set(COMPILED_MODULES)


def test_the_compiler_probe_notices_a_missing_compiler() -> None:
    probe = "import setup; print(setup.compiler_problem())"
    out = subprocess.run([sys.executable, "-c", probe], env={**os.environ, "CC": "false"},
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.startswith("no working C compiler ('false' cannot build"), out


def test_a_required_compile_turns_the_fallback_into_an_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    setup = setup_module()
    setup.notice("no working C compiler")
    assert capsys.readouterr().err == ("typed-mahjong: installing pure Python: "
                                       "no working C compiler\n")
    monkeypatch.setenv("TYPED_MAHJONG_COMPILE", "required")
    with pytest.raises(SystemExit, match="TYPED_MAHJONG_COMPILE=required, but no working C"):
        setup.notice("no working C compiler")


@pytest.mark.slow
@pytest.mark.skipif(EXPECTED == "compiled", reason="runs once, in the pure run")
def test_without_a_compiler_pip_builds_a_pure_wheel_that_works(tmp_path: Path) -> None:
    source = tmp_path / "src"
    for name in ("pyproject.toml", "setup.py", "README.md"):
        source.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, source / name)
    for package in ("typed_mahjong", "plugin", "codegen"):
        shutil.copytree(ROOT / package, source / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "CC": "false"}
    env.pop(PURE_ENV, None)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w",
                            str(tmp_path / "wheels"), str(source)],
                           env=env, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "typed-mahjong: installing pure Python: no working C compiler ('false'" in (
        built.stdout + built.stderr)
    (wheel,) = (tmp_path / "wheels").glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "typed_mahjong/core/scoring.py" in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))]
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(site), str(wheel)], check=True)
    use = ("import typed_mahjong as t; print(t.build_info().build); "
           "print(t.score('234p234s456m567s44p', '3p').points)")
    out = subprocess.run([sys.executable, "-P", "-c", use], env={**env, "PYTHONPATH": str(site)},
                         capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["pure Python", "1300"]  # tanyao 1 han 40 fu: 1300


def test_a_failing_c_compile_leaves_no_half_built_extension(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    setup = setup_module()
    if setup.compiler_problem() is not None:
        pytest.skip("needs a C compiler")
    from setuptools import Distribution, Extension

    good, bad = tmp_path / "good.c", tmp_path / "bad.c"
    good.write_text("#include <Python.h>\nPyMODINIT_FUNC PyInit_good(void) "
                    "{ static struct PyModuleDef d = {PyModuleDef_HEAD_INIT, \"good\"}; "
                    "return PyModule_Create(&d); }\n")
    bad.write_text("this is not C\n")
    distribution = Distribution({"name": "probe", "ext_modules": [
        Extension("good", [str(good)]), Extension("bad", [str(bad)])]})
    command = setup.GuardedBuildExt(distribution)
    command.build_lib, command.build_temp = str(tmp_path / "lib"), str(tmp_path / "temp")
    command.ensure_finalized()
    command.run()  # "good" builds, "bad" fails: both must be gone, with a notice
    assert "typed-mahjong: installing pure Python: compiling the mypyc output failed" in (
        capsys.readouterr().err)
    assert not [p for p in (tmp_path / "lib").rglob("*") if p.is_file()]
