"""The layers of the package, as the imports show them (issue 31).

``typed_mahjong.core`` (the rules) imports nothing of the layers above it; the query layer
none of the command line, the readers or the tools; the solver needs no scoring at all.
The imports are read from the source (every ``import``, module level or inside a function),
and the run-time check imports a subpackage in a fresh process.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "typed_mahjong"
# The layers: the subpackages of typed_mahjong, and the two top-level folders mapped into
# it at install time (plugin/ is typed_mahjong.plugin, codegen/ typed_mahjong.codegen), named
# by their installed names. The modules beside them (errors, safe_io, frozen, localweb,
# build) are shared by every layer and are no layer.
LAYERS = ("core", "query", "games", "logs", "solitaire", "table", "lsp", "plugin", "codegen",
          "cli")
MAPPED = ("plugin", "codegen")
# Which layer may import which; every other layer is forbidden to it.
ALLOWED: dict[str, tuple[str, ...]] = {
    # The scoring core (the rules) stands alone; so do the game files' engine and the
    # solitaire solver, which needs no scoring at all.
    "core": (),
    "games": (),
    "solitaire": (),
    # The log readers re-score what they read.
    "logs": ("core",),
    # The query layer asks the core, and the games package by name when a query names one.
    "query": ("core", "games"),
    # The table (play against bots) plays games, scored by their own engine.
    "table": ("games",),
    # The clients of the query layer: the language server (issue 40), the mypy plugin and
    # the code generator; none of them knows another.
    "lsp": ("core", "query"),
    "plugin": ("core", "query", "games"),
    "codegen": ("core", "query", "games"),
    # The command line reaches every feature; the plugin is mypy's to load, not its.
    "cli": ("core", "query", "games", "logs", "solitaire", "table", "lsp", "codegen"),
}
FORBIDDEN = {layer: tuple(other for other in LAYERS if other != layer
                          and other not in ALLOWED[layer]) for layer in LAYERS}


def _imports(path: Path, module: str) -> set[str]:
    """Every module ``path`` imports, relative imports resolved, as absolute names."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                name = ".".join([*base, *([node.module] if node.module else [])])
            else:
                name = node.module or ""
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
    return found


def _modules(layer: str, root: Path = PACKAGE) -> list[tuple[Path, str]]:
    folder = root / layer
    return [(path, ".".join(["typed_mahjong", *path.relative_to(root).with_suffix("")
                             .parts]).removesuffix(".__init__"))
            for path in sorted(folder.rglob("*.py"))]


def _wrong_imports(modules: list[tuple[Path, str]], names: tuple[str, ...]
                   ) -> dict[str, list[str]]:
    forbidden = tuple(f"typed_mahjong.{name}" for name in names)
    wrong = {module: sorted(name for name in _imports(path, module)
                            if name in forbidden or name.startswith(tuple(
                                f"{prefix}." for prefix in forbidden)))
             for path, module in modules}
    return {module: found for module, found in wrong.items() if found}


def test_every_subpackage_is_a_layer_with_its_rule() -> None:
    # A new subpackage is not left out of the checks below.
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert packages == set(LAYERS) - set(MAPPED)
    assert all((ROOT / folder / "__init__.py").is_file() for folder in MAPPED)
    assert set(ALLOWED) == set(LAYERS)
    assert all(set(allowed) <= set(LAYERS) for allowed in ALLOWED.values())


@pytest.mark.parametrize("layer", [layer for layer in LAYERS if layer not in MAPPED])
def test_a_layer_imports_nothing_of_the_layers_it_must_not_know(layer: str) -> None:
    modules = _modules(layer)
    assert modules, layer
    assert _wrong_imports(modules, FORBIDDEN[layer]) == {}


@pytest.mark.parametrize("folder", MAPPED)
def test_a_mapped_package_imports_nothing_it_must_not_know(folder: str) -> None:
    modules = _modules(folder, ROOT)
    assert modules, folder
    assert _wrong_imports(modules, FORBIDDEN[folder]) == {}


def test_the_plugin_and_the_server_share_one_settings_reader_and_one_finder() -> None:
    # Issue 40: one reader and one finder, imported by both clients, not a copy in each.
    plugin = set().union(*(_imports(path, module) for path, module in _modules("plugin", ROOT)))
    server = set().union(*(_imports(path, module) for path, module in _modules("lsp")))
    assert "typed_mahjong.query.settings" in plugin & server
    assert "typed_mahjong.query.finder" in server
    assert "typed_mahjong.query.outcomes" in plugin & server
    assert not (ROOT / "plugin" / "config.py").exists()


def test_the_reader_of_imports_sees_a_forbidden_import(tmp_path: Path) -> None:
    # The check above can fail: a core module importing the CLI inside a function is seen.
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from ..cli import main\n    import typed_mahjong.logs\n")
    assert {"typed_mahjong.cli", "typed_mahjong.cli.main", "typed_mahjong.logs"} <= _imports(
        sample, "typed_mahjong.core.sample")


@pytest.mark.parametrize(("subpackage", "unwanted"), [
    ("typed_mahjong.solitaire", ("typed_mahjong.core", "typed_mahjong.query")),
    ("typed_mahjong.games", ("typed_mahjong.core", "typed_mahjong.query")),
    ("typed_mahjong.core.scoring", ("typed_mahjong.query", "typed_mahjong.cli")),
    ("typed_mahjong.lsp.analysis", ("typed_mahjong.plugin", "typed_mahjong.cli")),
    ("typed_mahjong.table", ("typed_mahjong.core", "typed_mahjong.query")),
    ("typed_mahjong.logs", ("typed_mahjong.query", "typed_mahjong.games")),
])
def test_importing_a_subpackage_loads_no_other_layer(subpackage: str,
                                                      unwanted: tuple[str, ...]) -> None:
    code = (f"import sys, {subpackage}; print('\\n'.join(sorted(m for m in sys.modules "
            f"if m.startswith('typed_mahjong'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=ROOT).stdout.split()
    assert subpackage in loaded
    assert [name for name in loaded if name.startswith(unwanted)] == []
