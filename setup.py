"""Build hook: compile the core modules with mypyc when a C compiler is present.

pyproject.toml holds all the metadata; this file only adds the compiled extension modules,
the way mypy and black ship theirs. The modules compiled are ``COMPILED_MODULES`` in
``typed_mahjong/build.py`` (read here with ``ast``, not imported). A wheel is compiled when

* the command builds a wheel or extensions (not an editable install: there, compiled files
  would shadow the ``.py`` files a developer edits, so editable installs stay pure Python),
* ``TYPED_MAHJONG_PURE`` is unset (or "0"), and
* a C compiler can build against this Python's headers (probed first, in a temp dir).

Otherwise, or when mypyc or the compiler fails, the install is pure Python and says why in
one line. ``TYPED_MAHJONG_COMPILE=required`` turns every such fallback into an error, for
whoever builds the published wheels (and for dev.py's compiled test run).
"""

from __future__ import annotations

import ast
import os
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
REQUIRE_ENV = "TYPED_MAHJONG_COMPILE"
PURE_ENV = "TYPED_MAHJONG_PURE"
BUILDING = {"bdist_wheel", "build", "build_ext", "install"}  # commands that build extensions


def compiled_modules() -> list[str]:
    """``COMPILED_MODULES`` of typed_mahjong/build.py, as file paths ("solitaire.looser" is
    typed_mahjong/solitaire/looser.py)."""
    tree = ast.parse((ROOT / "typed_mahjong" / "build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "COMPILED_MODULES" for t in targets):
                assert node.value is not None
                return [f"typed_mahjong/{name.replace('.', '/')}.py"
                        for name in ast.literal_eval(node.value)]
    raise RuntimeError("typed_mahjong/build.py defines no COMPILED_MODULES")


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
            return f"no working C compiler ({command!r} cannot build against Python.h: {exc})"
    return None


def notice(reason: str) -> None:
    if os.environ.get(REQUIRE_ENV) == "required":
        raise SystemExit(f"typed-mahjong: {REQUIRE_ENV}=required, but {reason}")
    print(f"typed-mahjong: installing pure Python: {reason}", file=sys.stderr, flush=True)


def remove_stale_extensions() -> None:
    """Delete compiled modules an earlier build left in build/lib.*: a pure build would pack
    them, and a module taken off the list would keep its old extension."""
    for lib in ROOT.glob("build/lib.*"):
        for path in [*lib.glob("typed_mahjong__mypyc.*"), *lib.glob("typed_mahjong/**/*.so"),
                     *lib.glob("typed_mahjong/**/*.pyd")]:
            path.unlink()


def compiled_extensions() -> list[Any]:
    """mypyc's extension modules, or [] (with a notice) when this build stays pure."""
    if not BUILDING & set(sys.argv[1:]):
        return []  # metadata, sdist or an editable install
    remove_stale_extensions()
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        notice(f"{PURE_ENV} is set")
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
    try:
        # One group: the modules call each other natively. The mypy cache has its own
        # directory so that a build does not evict the developer's `mypy --strict` cache.
        return list(mypycify(["--cache-dir", "build/mypyc-cache", *compiled_modules()],
                             group_name="typed_mahjong", opt_level="3"))
    except (Exception, SystemExit) as exc:  # mypyc reports type errors by SystemExit
        notice(f"mypyc could not compile the core ({type(exc).__name__}: {exc})")
        return []


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


if __name__ == "__main__":
    setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": GuardedBuildExt})
