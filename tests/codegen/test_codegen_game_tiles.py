"""``codegen game-tiles``: a game's tile names as one Literal alias."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from codegen_checkers import run_mypy

from typed_mahjong.cli import main
from typed_mahjong.codegen.errors import CodegenError
from typed_mahjong.codegen.game_tiles import game_tiles_text
from typed_mahjong.games import builtin_path, load


def alias_names(source: str, alias: str) -> list[str]:
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and node.target.id == alias:
            assert isinstance(node.value, ast.Subscript)
            elements = node.value.slice
            assert isinstance(elements, ast.Tuple)
            return [ast.literal_eval(element) for element in elements.elts]
    raise AssertionError(f"no alias {alias}")


def test_forest_tiles_in_the_game_order() -> None:
    source = game_tiles_text(builtin_path("forest"), "TileName", ["codegen"])
    # The Forest Friends file lists 16 animals (4 colours x 4) and the moon wildcard.
    names = alias_names(source, "TileName")
    assert len(names) == 17 and names[:4] == ["fox", "vixen", "kit", "robin"]
    assert names[-1] == "moon"
    assert list(load(builtin_path("forest")).tile_names) == names
    assert 'GAME_NAME: Final = "Forest Friends"' in source


def test_riichi_game_has_34_tiles_and_a_custom_alias() -> None:
    source = game_tiles_text(builtin_path("riichi-tanyao"), "Tile", ["codegen"])
    names = alias_names(source, "Tile")
    assert names == list(dict.fromkeys(load(builtin_path("riichi-tanyao")).tile_names))
    assert "TILE_NAMES: Final[tuple[Tile, ...]]" in source


@pytest.mark.parametrize("alias", ["class", "2x", "Tile Name", "TILE_NAMES", "Literal"])
def test_bad_alias(alias: str) -> None:
    with pytest.raises(CodegenError, match="--alias"):
        game_tiles_text(builtin_path("forest"), alias, ["codegen"])


def test_a_broken_game_file_is_reported_with_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "broken.yaml"
    game.write_text("name: Broken\ntiles: [\n")
    output = tmp_path / "tiles.py"
    assert main(["codegen", "game-tiles", str(game), "-o", str(output)]) == 2
    err = capsys.readouterr().err
    assert f"{game}:3:" in err  # the games loader's file:line:column
    assert not output.exists()


def test_mcr_tiles_generate_and_type_check(tmp_path: Path) -> None:
    """Chinese Official (issue 39): the 34 tile names (flowers are counted, not tiles), as
    in examples/codegen/mcr_tiles.py; mypy --strict, no plugin, takes a real tile and
    rejects a misspelt one."""
    source = game_tiles_text(builtin_path("mcr"), "TileName", ["codegen"])
    names = alias_names(source, "TileName")
    assert len(names) == 34 and names == list(dict.fromkeys(load(builtin_path("mcr")).tile_names))
    assert {"1m", "9s", "5p", "east", "white"} <= set(names)
    (tmp_path / "mcr_tiles.py").write_text(source)
    (tmp_path / "use.py").write_text(
        "from mcr_tiles import TILE_NAMES, TileName\n\n"
        "good: TileName = \"east\"\n"
        "first: TileName = TILE_NAMES[0]\n"
        "bad: TileName = \"1z\"\n")
    diagnostics = run_mypy(tmp_path, ["mcr_tiles.py", "use.py"])
    assert [(d.file, d.line, d.severity) for d in diagnostics] == [("use.py", 5, "error")]
    assert "Incompatible types in assignment" in diagnostics[0].message
