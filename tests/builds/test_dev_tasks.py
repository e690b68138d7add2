"""dev.py's set-up (issue 29): each task installs what it needs, once.

The demo needs the package only (mypy and the plugin come with it); the tests need the
test tools and the peers they compare with. The commands dev.py would run are recorded,
not run.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def dev(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, list[list[str]]]:
    spec = importlib.util.spec_from_file_location("typed_mahjong_dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").touch()  # an existing venv: nothing to create
    monkeypatch.setattr(module, "VENV", tmp_path / ".venv")
    monkeypatch.setattr(module, "BIN", bin_dir)
    monkeypatch.setattr(module, "STAMP", tmp_path / ".venv" / "stamp")
    monkeypatch.setattr(module, "_install_fingerprint", lambda: "sources-1")
    commands: list[list[str]] = []

    def record(*cmd: str | Path, check: bool = True, env: object = None) -> int:
        commands.append([str(part) for part in cmd])
        return 0

    monkeypatch.setattr(module, "run", record)
    return module, commands


def _installed(commands: list[list[str]]) -> list[str]:
    """The install target of each pip command: '.' or '.[extras]'."""
    return [command[command.index("-e") + 1] for command in commands if "pip" in command]


def test_the_demo_installs_the_package_without_extras(
        dev: tuple[ModuleType, list[list[str]]]) -> None:
    module, commands = dev
    module.ensure_venv(module.DEMO_EXTRAS)
    assert _installed(commands) == ["."]
    assert not any("pyright" in part for command in commands for part in command)


def test_the_tests_add_their_tools_once(dev: tuple[ModuleType, list[list[str]]]) -> None:
    module, commands = dev
    module.ensure_venv(module.DEMO_EXTRAS)
    module.ensure_venv(module.TEST_EXTRAS)
    module.ensure_venv(module.TEST_EXTRAS)  # current: nothing to do
    module.ensure_venv(module.DEMO_EXTRAS)  # the demo's needs are a subset: nothing to do
    assert _installed(commands) == [".", ".[bench,lsp,test]"]


def test_a_source_change_reinstalls_with_the_extras_already_there(
        dev: tuple[ModuleType, list[list[str]]], monkeypatch: pytest.MonkeyPatch) -> None:
    module, commands = dev
    module.ensure_venv(module.TEST_EXTRAS)
    monkeypatch.setattr(module, "_install_fingerprint", lambda: "sources-2")
    module.ensure_venv(module.DEMO_EXTRAS)
    assert _installed(commands) == [".[bench,lsp,test]", ".[bench,lsp,test]"]
