"""Project tasks that work on a fresh machine with only Python 3.11+.

    python3 dev.py demo    # the main job: mypy + the typed-mahjong plugin on examples/
    python3 dev.py test    # set up .venv, then ruff, mypy --strict and pytest

``test`` leaves out the tests marked ``slow`` unless the environment sets ``CI`` (as CI
does) or ``--all`` is given: CI runs everything, a developer's default run stays quick.

``.venv`` runs the pure-Python core: an editable install never compiles (compiled modules
would shadow the ``.py`` files being edited). The compiled build (the core compiled by mypyc,
as ``pip install`` builds it where a C compiler is present) is built as a wheel, installed
into ``.venv/compiled/site`` and tested there by ``test`` under CI or ``--all``, and alone by
``test --compiled``: tests/core, tests/cli, tests/builds, tests/logs, tests/solitaire,
tests/games, tests/query, the check_fixtures and web-server tests and the plugin tests that
go through its compiled modules (``COMPILED_TESTS``), among them differential tests that
score the benchmark hands, read logs both ways and solve seeded deals with both builds. It
is rebuilt only when its sources change; without a C compiler that part is skipped, saying
so.

Both create ``.venv`` on first use and install the project into it in setuptools' *strict*
editable mode: the default editable mode uses an import hook that mypy cannot follow, so
``typed_mahjong.plugin`` (which lives in ``plugin/``) would be invisible to mypy.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".typed-mahjong-install"
SOURCES_OF_TRUTH = ("pyproject.toml", "dev.py", "setup.py")
COMPILED = VENV / "compiled"  # the compiled wheel's install (pip --target) and its stamp
COMPILED_SITE = COMPILED / "site"
COMPILED_STAMP = COMPILED / ".typed-mahjong-compiled"
# Tests that read the annotations of a NamedTuple or TypedDict of a compiled module at run
# time: mypyc keeps them only as runtime classes (``int | None`` becomes ``type``), so these
# source-consistency checks run in the pure build only.
COMPILED_DESELECT = (
    "tests/core/test_win_options.py::test_situation_has_one_field_per_option_in_table_order",
    "tests/core/test_win_options.py::test_win_options_typed_dict_is_the_table_and_rules",
    # These patch a compiled solver module's constant or method (monkeypatch): compiled
    # callers never see the patch, so they check the pure build only.
    "tests/solitaire/test_looser_game.py::test_replay_after_fixing_a_pairing_equals_a_full_game",
    "tests/solitaire/test_looser_game.py::"
    "test_every_dead_end_proof_rests_only_on_the_levels_it_names",
    "tests/solitaire/test_workers.py::test_two_workers_agree_with_exhaustive_search",
    # Patches games.waits.count_waits to prove it is never called: compiled callers call it
    # natively, so the proof holds in the pure build only.
    "tests/games/test_games_waits.py::test_a_game_that_does_not_name_waits_never_counts_them",
    # The command line's games commands in capped child processes: the CLI and the game
    # file reader are not compiled, and CI's run has a 20-minute budget.
    "tests/games/test_games_cli_hostile.py",
    # The large sets of the generated command lines and output targets (the quick sets run
    # here too): the command line and the output rule are not compiled, same budget.
    "tests/cli/test_cli_generated.py::"
    "test_many_generated_command_lines_with_bad_bytes_end_cleanly",
    "tests/cli/test_output_targets.py::test_many_generated_targets_follow_the_rule",
    # These patch a compiled plugin module's function or class (the short way, the score
    # memo) to make a hook fail: compiled callers never see the patch.
    *(f"tests/plugin/test_never_crash.py::test_an_exception_in_a_hook_becomes_an_error[{case}]"
      for case in ("typed_mahjong.plugin.annotation_hook-read_inputs-lines0-False",
                   "typed_mahjong.plugin.fast-quick_read-lines1-True",
                   "typed_mahjong.plugin.fast-plain_question-lines2-True",
                   "typed_mahjong.query.answering-score_question-lines3-True")),
)


# Test folders the compiled build runs whole, and files of other folders it runs too: the
# issue-43 faults and generators of the run-time forms (check_fixtures walks values the
# compiled core answers) and of the web server base, a few seconds; the plugin's files that
# go through its compiled modules (remembered answers, the memo's values, hooks that fail,
# the comparison hook, every result); the rest of tests/plugin and tests/web starts mypy or
# browsers for the plugin's uncompiled parts, and stays with the pure run.
COMPILED_TESTS = (
    "tests/core", "tests/cli", "tests/builds", "tests/logs", "tests/solitaire", "tests/games",
    "tests/query",
    "tests/plugin/test_check_fixtures.py",
    "tests/plugin/test_check_fixtures_hostile.py",
    "tests/plugin/test_check_fixtures_generated.py",
    "tests/plugin/test_remembered.py",
    "tests/plugin/test_memo_values.py",
    "tests/plugin/test_never_crash.py",
    "tests/plugin/test_comparisons.yaml",
    "tests/plugin/test_results.yaml",
    "tests/web/test_localweb.py",
)


def _install_fingerprint() -> str:
    digest = hashlib.sha256()
    for name in SOURCES_OF_TRUTH:
        digest.update((ROOT / name).read_bytes())
    # The strict editable install links files one by one: a new module needs a reinstall.
    for pattern in ("typed_mahjong/**/*", "plugin/**/*", "codegen/**/*"):
        for path in sorted(ROOT.glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode())
    return digest.hexdigest()


def _compiled_fingerprint() -> str:
    """The compiled wheel's inputs: the build files, every packaged file, the toolchain."""
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "setup.py"):
        digest.update((ROOT / name).read_bytes())
    for pattern in ("typed_mahjong/**/*", "plugin/**/*", "codegen/**/*"):
        for path in sorted(ROOT.glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    toolchain = subprocess.run(
        [str(BIN / "python"), "-c", "import sys, mypy.version; print(sys.version, "
         "mypy.version.__version__)"], capture_output=True, text=True, check=True).stdout
    digest.update(toolchain.encode())
    return digest.hexdigest()


def run(*cmd: str | Path, check: bool = True, env: dict[str, str] | None = None) -> int:
    print("+", " ".join(str(part) for part in cmd), flush=True)
    return subprocess.run([str(part) for part in cmd], cwd=ROOT, check=check,
                          env=env).returncode


# What each task installs besides the package itself: the demo needs only the package (mypy
# and the plugin come with it); the tests need the test tools and the peers they compare with.
DEMO_EXTRAS: tuple[str, ...] = ()
TEST_EXTRAS = ("test", "bench", "lsp")


def ensure_venv(extras: tuple[str, ...]) -> None:
    """Create .venv if needed and install the project with ``extras``, unless it is current.

    The stamp records the sources' fingerprint and the extras installed: a demo after a test
    run installs nothing more; a test run after the demo adds the test extras.
    """
    if not (BIN / "python").exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    extras = tuple(sorted(set(extras)))
    fingerprint = _install_fingerprint()
    if STAMP.exists():
        stamped, _, installed = STAMP.read_text().partition("\n")
        if stamped == fingerprint and set(extras) <= set(installed.split(",")) - {""}:
            return
        extras = tuple(sorted({*extras, *installed.split(",")} - {""}))
    pip = (BIN / "python", "-m", "pip", "install", "--disable-pip-version-check", "-q")
    target = f".[{','.join(extras)}]" if extras else "."
    # Editable installs stay pure Python (setup.py never compiles them); the variable says so
    # to any older setup.py too.
    run(*pip, "-e", target, "--config-settings", "editable_mode=strict",
        env={**os.environ, "TYPED_MAHJONG_PURE": "1"})
    if "test" in extras:
        # pyright's PyPI wrapper fetches its npm package on first use: now, not mid-test.
        run(BIN / "pyright", "--version", check=False)
    STAMP.write_text(fingerprint + "\n" + ",".join(extras))


def compiler_problem() -> str | None:
    """Why this machine cannot compile the core (setup.py's own probe), or None."""
    probe = subprocess.run(
        [str(BIN / "python"), "-c", "import setup; print(setup.compiler_problem() or '')"],
        cwd=ROOT, capture_output=True, text=True, check=True)
    return probe.stdout.strip() or None


def ensure_compiled() -> None:
    """Build the compiled wheel and install it into COMPILED_SITE, unless it is current."""
    fingerprint = _compiled_fingerprint()
    if COMPILED_STAMP.exists() and COMPILED_STAMP.read_text() == fingerprint:
        return
    wheels, fresh = COMPILED / "wheels", COMPILED / "site.new"
    shutil.rmtree(COMPILED, ignore_errors=True)
    pip = (BIN / "python", "-m", "pip", "--disable-pip-version-check")
    # required: a compiler that fails here must fail the run, not fall back to pure Python.
    env = {**os.environ, "TYPED_MAHJONG_COMPILE": "required"}
    env.pop("TYPED_MAHJONG_PURE", None)
    run(*pip, "wheel", "-q", "--no-deps", "-w", wheels, ".", env=env)
    run(*pip, "install", "-q", "--no-deps", "--target", fresh, *sorted(wheels.glob("*.whl")))
    fresh.rename(COMPILED_SITE)
    COMPILED_STAMP.write_text(fingerprint)


def run_compiled_tests() -> int:
    """COMPILED_TESTS (tests/core, tests/cli, tests/builds, tests/logs, tests/solitaire,
    tests/games, tests/query, the check_fixtures and web-server files and the plugin files
    of its compiled modules) against the compiled build (skipped without a compiler)."""
    problem = compiler_problem()
    if problem is not None:
        print(f"dev.py: the compiled build is not tested here: {problem}")
        return 0
    try:
        ensure_compiled()
    except subprocess.CalledProcessError as exc:
        print(f"dev.py: building the compiled wheel failed with exit code {exc.returncode}")
        return exc.returncode or 1
    env = {**os.environ, "PYTHONPATH": str(COMPILED_SITE),
           "TYPED_MAHJONG_EXPECT_BUILD": "compiled"}
    env.pop("TYPED_MAHJONG_PURE", None)
    # -P: the checkout's typed_mahjong must not shadow the compiled one.
    code = run(BIN / "python", "-P", "-c", "import typed_mahjong as t; "
               "print('dev.py: testing the', t.build_info())", env=env, check=False)
    if code == 0:
        # -p typed_mahjong imports the compiled package before any test puts the checkout
        # on sys.path; tests/builds checks that the build under test is the compiled one.
        deselect = [arg for test in COMPILED_DESELECT for arg in ("--deselect", test)]
        code = run(BIN / "pytest", "-p", "typed_mahjong", "-n", "2", "-rs", "--durations=25",
                   *deselect, *COMPILED_TESTS, env=env, check=False)
    if code != 0:
        print(f"dev.py: the compiled build's tests failed with exit code {code}")
    return code


def demo() -> int:
    ensure_venv(DEMO_EXTRAS)
    return run(BIN / "python", "-m", "typed_mahjong.cli.demo", check=False)


def test(run_all: bool = False, compiled: bool = False) -> int:
    ensure_venv(TEST_EXTRAS)
    if compiled:
        return run_compiled_tests()
    selection = () if run_all or os.environ.get("CI") else ("-m", "not slow")
    checks = (
        (BIN / "ruff", "check", "."),
        # -p names the installed packages: plugin/ and codegen/ are typed_mahjong.plugin and
        # typed_mahjong.codegen only through the install mapping.
        (BIN / "mypy", "--strict", "-p", "typed_mahjong", "-p", "typed_mahjong.plugin",
         "-p", "typed_mahjong.codegen"),
        # annotations.pyi (what editors read) hides annotations.py from the run above: check
        # the module itself, with a cache of its own so the two runs do not evict each other.
        (BIN / "mypy", "--strict", "--cache-dir", ".mypy_cache/runtime",
         "typed_mahjong/query/annotations.py"),
        # -rs: the summary says why each skipped test was skipped (a missing tool, ...);
        # --durations: the slowest tests, where CI's time budget goes.
        (BIN / "pytest", "-n", "2", "-rs", "--durations=25", *selection),
    )
    for cmd in checks:
        code = run(*cmd, check=False)
        if code != 0:
            print(f"dev.py: {' '.join(map(str, cmd[:2]))} failed with exit code {code}")
            return code
    return run_compiled_tests() if run_all or os.environ.get("CI") else 0


def main() -> int:
    args = sys.argv[1:]
    if args == ["demo"]:
        return demo()
    if args in (["test"], ["test", "--all"], ["test", "--compiled"]):
        return test(run_all="--all" in args, compiled="--compiled" in args)
    print("usage: python3 dev.py demo | python3 dev.py test [--all | --compiled]",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
