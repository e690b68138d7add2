"""Build hook: compile the core modules with mypyc when a C compiler is present.

pyproject.toml holds all the metadata; this file only adds the compiled extension modules,
the way mypy and black ship theirs. The modules compiled are ``COMPILED_MODULES`` in
``typed_mahjong/build.py`` (read here with ``ast``, not imported). A wheel is compiled when

* the command builds a wheel or extensions (not an editable install: there, compiled files
  would shadow the ``.py`` files a developer edits, so editable installs stay pure Python),
* ``TYPED_MAHJONG_PURE`` is unset (or "0"), and
* a C compiler can build against this Python's headers (probed first, in a temp dir).

Otherwise, or when mypyc or the compiler fails, the install is pure Python and says why in
one line: the first cause (the first mypy error, or the compiler probe's message). The
outcome is also written into the built package (``typed_mahjong/build_record.json``), where
``build_info()`` and ``typed-mahjong --version`` read it. ``TYPED_MAHJONG_COMPILE=required``
turns every fallback into an error, for whoever builds the published wheels (and for
dev.py's compiled test run).

What mypyc checks does not depend on the environment it is installed into: the build
hands mypy a configuration of its own (not the project's strict developer settings), no
site-packages of the target environment, and only the compiled modules to check; the
modules they import are followed silently (their types are used, their own errors are the
developer checks' business). So a user's empty venv and a developer's full one build the
same compiled core.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import re
import shutil
import sys
import sysconfig
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
REQUIRE_ENV = "TYPED_MAHJONG_COMPILE"
PURE_ENV = "TYPED_MAHJONG_PURE"
BUILDING = {"bdist_wheel", "build", "build_ext", "install"}  # commands that build extensions
RECORD = "build_record.json"  # in the built package: {"build": ..., "reason": ...}
COMPILED = "compiled (mypyc)"
PURE = "pure Python"
# The build's outcome so far; build_py writes it, build_ext rewrites it once it knows.
OUTCOME: dict[str, str] = {"build": PURE, "reason": "built without extension modules"}
# The build's own mypy settings: mypyc needs the types, not the developer's strictness.
MYPYC_CONFIG = ("[mypy]\nwarn_unused_configs = False\n"
                # With no site-packages mypy is not found: the plugin's modules see its
                # objects as Any, and compiled code reads them through the Python API.
                "[mypy-mypy.*]\nignore_missing_imports = True\n")


def compiled_modules() -> list[str]:
    """``COMPILED_MODULES`` of typed_mahjong/build.py, as file paths in the package as it is
    installed ("solitaire.looser" is typed_mahjong/solitaire/looser.py, "plugin.fast"
    typed_mahjong/plugin/fast.py, whose source is plugin/fast.py: ``source_path``)."""
    tree = ast.parse((ROOT / "typed_mahjong" / "build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "COMPILED_MODULES" for t in targets):
                assert node.value is not None
                return [f"typed_mahjong/{name.replace('.', '/')}.py"
                        for name in ast.literal_eval(node.value)]
    raise RuntimeError("typed_mahjong/build.py defines no COMPILED_MODULES")


# The package laid out as it is installed, for mypyc: mypy names a module by its place among
# the packages on disk, so plugin/fast.py must sit at typed_mahjong/plugin/fast.py to be
# compiled as typed_mahjong.plugin.fast.
STAGE = Path("build", "mypyc-src")


def source_dirs() -> dict[str, str]:
    """Each installed package directory that sits elsewhere in this tree, and where
    (pyproject.toml's package-dir: the plugin and the generator sit beside the package)."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        mapping = tomllib.load(file)["tool"]["setuptools"]["package-dir"]
    return {package.replace(".", "/"): directory for package, directory in mapping.items()
            if package.replace(".", "/") != directory}


def source_path(installed: str) -> Path:
    """The file in this tree of an installed path (typed_mahjong/plugin/fast.py is
    plugin/fast.py)."""
    for package, directory in source_dirs().items():
        if installed.startswith(package + "/"):
            return ROOT / directory / installed[len(package) + 1:]
    return ROOT / installed


def stage_sources() -> None:
    """Copy the package's Python files into ``STAGE`` in their installed layout. Files keep
    their times, so mypyc's cache still knows the unchanged ones."""
    shutil.rmtree(ROOT / STAGE, ignore_errors=True)
    shutil.copytree(ROOT / "typed_mahjong", ROOT / STAGE / "typed_mahjong", ignore=_not_python)
    for package, directory in source_dirs().items():
        shutil.copytree(ROOT / directory, ROOT / STAGE / package, ignore=_not_python)


def _not_python(directory: str, names: list[str]) -> set[str]:
    """What ``stage_sources`` leaves out: all but subpackages, sources, stubs and markers."""
    return {name for name in names if name == "__pycache__" or (
        not name.endswith((".py", ".pyi", "py.typed"))
        and not os.path.isdir(os.path.join(directory, name)))}


def compiler_problem() -> str | None:
    """Why no C extension can be built here (None when a test compile succeeds)."""
    import distutils.ccompiler  # setuptools' copy once setuptools is imported
    import distutils.errors
    import distutils.sysconfig

    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp, "probe.c")
        probe.write_text("#include <Python.h>\nint typed_mahjong_probe(void) { return 0; }\n")
        try:
            compiler: Any = distutils.ccompiler.new_compiler()
            distutils.sysconfig.customize_compiler(compiler)
            with open(os.devnull, "w") as quiet:
                saved = os.dup(2)
                os.dup2(quiet.fileno(), 2)  # the probe's own error output is noise
                try:
                    compiler.compile([str(probe)], output_dir=tmp,
                                     include_dirs=[sysconfig.get_paths()["include"]])
                finally:
                    os.dup2(saved, 2)
                    os.close(saved)
        except (distutils.errors.DistutilsError, distutils.errors.CCompilerError,
                OSError) as exc:
            command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
            # distutils quotes the whole command line; its exit status is the point.
            cause = re.sub(r"Command '\[.*\]' returned non-zero exit status (\d+)\.?",
                           r"it exited with status \1", str(exc))
            return f"no working C compiler ({command!r} cannot build against Python.h: {cause})"
    return None


def notice(reason: str) -> None:
    """Record a fall back to pure Python, and say why in one line of the build log."""
    if os.environ.get(REQUIRE_ENV) == "required":
        raise SystemExit(f"typed-mahjong: {REQUIRE_ENV}=required, but {reason}")
    OUTCOME.update(build=PURE, reason=reason)
    print(f"typed-mahjong: installing pure Python: {reason}", file=sys.stderr, flush=True)


def mypyc_arguments(config: str) -> list[str]:
    """mypy's command line for the compiled modules (see the module docstring)."""
    return ["--config-file", config, "--no-site-packages", "--follow-imports", "silent",
            "--cache-dir", "build/mypyc-cache",
            *(str(STAGE / path) for path in compiled_modules())]


def first_error(output: str) -> str | None:
    """The first mypy error line in mypyc's output, if any."""
    return next((line.strip() for line in output.splitlines() if ": error:" in line), None)


def write_record(build_lib: str) -> None:
    """Write the outcome into the built package, for build_info() to report."""
    package = Path(build_lib, "typed_mahjong")
    if package.is_dir():
        (package / RECORD).write_text(json.dumps(OUTCOME) + "\n", encoding="utf-8")


def remove_stale_build_output() -> None:
    """Delete what an earlier build left in build/lib*: setuptools copies the sources there
    and packs whatever it finds, so a module since deleted from the sources would ship again,
    a pure build would pack the compiled modules and a module taken off the list would keep
    its old extension. The compiler's objects (build/temp*) and mypyc's cache stay."""
    for lib in [ROOT / "build" / "lib", *ROOT.glob("build/lib.*")]:
        shutil.rmtree(lib, ignore_errors=True)


def compiled_extensions() -> list[Any]:
    """mypyc's extension modules, or [] (with a notice) when this build stays pure."""
    if not BUILDING & set(sys.argv[1:]):
        return []  # metadata, sdist or an editable install
    remove_stale_build_output()
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        notice(f"{PURE_ENV} was set when it was built")
        return []
    problem = compiler_problem()
    if problem is not None:
        notice(problem)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        notice(f"mypyc is not importable ({exc})")
        return []
    stage_sources()
    # pip shows this with -v only; the compile is silent for minutes otherwise.
    print(f"typed-mahjong: compiling {len(compiled_modules())} modules with mypyc (about 3 "
          f"minutes on 2 cores; {PURE_ENV}=1 installs pure Python at once)",
          file=sys.stderr, flush=True)
    output = io.StringIO()
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp, "mypyc.ini")
        config.write_text(MYPYC_CONFIG, encoding="utf-8")
        try:
            # One group: the modules call each other natively. The mypy cache has its own
            # directory so that a build does not evict the developer's mypy cache.
            with contextlib.redirect_stdout(output):
                extensions = list(mypycify(mypyc_arguments(str(config)),
                                           group_name="typed_mahjong", opt_level="3"))
        except (Exception, SystemExit) as exc:  # mypyc reports type errors by SystemExit
            print(output.getvalue(), end="", file=sys.stderr)  # the whole of it, for -v
            cause = first_error(output.getvalue()) or f"{type(exc).__name__}: {exc}"
            notice(f"mypyc could not compile the core: {cause}")
            return []
    print(output.getvalue(), end="", file=sys.stderr)
    OUTCOME.update(build=COMPILED, reason="compiled when built")
    return extensions


class RecordingBuildPy(build_py):
    """build_py that writes the build's outcome into the package (``RECORD``)."""

    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):  # an editable install links sources
            write_record(self.build_lib)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs: list[str] = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        return [*outputs, os.path.join(self.build_lib, "typed_mahjong", RECORD)]


class GuardedBuildExt(build_ext):
    """build_ext that falls back to pure Python when compiling the C fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            # A shim without its group library (or the reverse) would not import: keep the
            # install all-compiled or all-pure.
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            notice(f"compiling the mypyc output failed ({type(exc).__name__}: {exc})")
        if not self.inplace:
            write_record(self.build_lib)


if __name__ == "__main__":
    setup(ext_modules=compiled_extensions(),
          cmdclass={"build_ext": GuardedBuildExt, "build_py": RecordingBuildPy})
