"""Project tasks that work on a fresh machine with only Python 3.11+.

    python3 dev.py demo    # the main job: mypy + the typed-mahjong plugin on examples/
    python3 dev.py test    # set up .venv, then ruff, mypy --strict and pytest

``test`` leaves out the tests marked ``slow`` unless the environment sets ``CI`` (as CI
does) or ``--all`` is given: CI runs everything, a developer's default run stays quick.

Both create ``.venv`` on first use and install the project into it in setuptools' *strict*
editable mode: the default editable mode uses an import hook that mypy cannot follow, so
``typed_mahjong.plugin`` (which lives in ``plugin/``) would be invisible to mypy.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".typed-mahjong-install"
SOURCES_OF_TRUTH = ("pyproject.toml", "dev.py")


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


def run(*cmd: str | Path, check: bool = True) -> int:
    print("+", " ".join(str(part) for part in cmd), flush=True)
    return subprocess.run([str(part) for part in cmd], cwd=ROOT, check=check).returncode


def ensure_venv() -> None:
    if not (BIN / "python").exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    fingerprint = _install_fingerprint()
    if STAMP.exists() and STAMP.read_text() == fingerprint:
        return
    pip = (BIN / "python", "-m", "pip", "install", "--disable-pip-version-check", "-q")
    run(*pip, "-e", ".[test,bench]", "--config-settings", "editable_mode=strict")
    # pyright's PyPI wrapper fetches its npm package on first use; do it now, not mid-test.
    run(BIN / "pyright", "--version", check=False)
    STAMP.write_text(fingerprint)


def demo() -> int:
    ensure_venv()
    return run(BIN / "python", "-m", "typed_mahjong.demo", check=False)


def test(run_all: bool = False) -> int:
    ensure_venv()
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
         "typed_mahjong/annotations.py"),
        (BIN / "pytest", "-n", "2", *selection),
    )
    for cmd in checks:
        code = run(*cmd, check=False)
        if code != 0:
            print(f"dev.py: {' '.join(map(str, cmd[:2]))} failed with exit code {code}")
            return code
    return 0


def main() -> int:
    args = sys.argv[1:]
    if args == ["demo"]:
        return demo()
    if args in (["test"], ["test", "--all"]):
        return test(run_all="--all" in args)
    print("usage: python3 dev.py demo | python3 dev.py test [--all]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
