"""``typed-mahjong codegen {tables,fixtures,game-tiles,game-table}``: parsing only; the work
is in the modules.

Exit status: 0 written (or up to date with --check), 1 out of date (--check), 2 bad input
(the message on stderr names the fault; nothing is written).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typed_mahjong.core.rules import Rules

FORMATS = ("python", "markdown", "html")
DEFAULT_MAX_FU = 110  # keep in step with codegen.table.DEFAULT_MAX_FU (not imported: cheap CLI)


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``codegen`` and its sub-subcommands to the console script."""
    codegen = subparsers.add_parser(
        "codegen", help="generate typed modules (Literal score tables, fixtures, tile names, "
        "game tables)",
        description="Generate Python modules whose types carry the scoring core's answers.")
    commands = codegen.add_subparsers(dest="codegen_command", required=True)

    tables = commands.add_parser(
        "tables", help="the han x fu score table",
        description="The score table: a typed module (TABLE[han][fu].nondealer_ron is a "
        "Literal), or Markdown / HTML for people.")
    tables.add_argument("--rules", default="tenhou", help="rules preset (default: tenhou)")
    tables.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="override one rule option (VALUE in TOML syntax: true, 2, "
                        "[\"daisuushii\"]); repeatable")
    tables.add_argument("--aotenjou", action="store_true",
                        help="no limits: every cell is fu * 2**(han + 2)")
    tables.add_argument("--max-fu", type=int, default=DEFAULT_MAX_FU,
                        help=f"last fu row (default {DEFAULT_MAX_FU}; up to 140 is reachable)")
    tables.add_argument("--format", choices=FORMATS, default="python")
    _output_arguments(tables)
    tables.set_defaults(func=_run_tables)

    fixtures = commands.add_parser(
        "fixtures", help="typed constants from a TOML file of scored hands",
        description="Score each hand of a TOML file with the core and write one Final "
        "record with Literal fields per fixture; fails if an expected value disagrees.")
    fixtures.add_argument("source", type=Path, help="the TOML file of fixtures")
    _output_arguments(fixtures)
    fixtures.set_defaults(func=_run_fixtures)

    game_tiles = commands.add_parser(
        "game-tiles", help="a Literal type of a YAML game's tile names",
        description="A type alias Literal[...] of the tile names of a game defined in YAML.")
    game_tiles.add_argument("game", type=Path,
                            help="a built-in game's name (mcr, forest ...) or a YAML file")
    game_tiles.add_argument("--alias", default="TileName",
                            help="name of the type alias (default: TileName)")
    _output_arguments(game_tiles)
    game_tiles.set_defaults(func=_run_game_tiles)

    game_table = commands.add_parser(
        "game-table", help="a YAML game's yaku values as Literal constants",
        description="The scoring table of a game defined in YAML: each yaku's value as a "
        "Final Literal constant, the yaku names as Literal types, the minimum, and VALUES "
        "(VALUES[\"Big Four Winds\"] is a Literal in any checker).")
    game_table.add_argument("game", type=Path,
                            help="a built-in game's name (mcr, forest ...) or a YAML file")
    _output_arguments(game_table)
    game_table.set_defaults(func=_run_game_table)


def _output_arguments(parser: argparse.ArgumentParser) -> None:
    # A string, not a Path: Path("newdir/") drops the slash that says "a folder".
    parser.add_argument("-o", "--output",
                        help="file to write, in a folder that exists (default: standard "
                        "output)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if OUTPUT differs from what would be "
                        "generated now (for CI and pre-commit)")


def _run_tables(args: argparse.Namespace) -> int:
    from typed_mahjong.codegen.tables import table_text

    def generate(argv: list[str]) -> str:
        return table_text(_rules(args), args.format, args.max_fu, argv)

    argv = ["codegen", "tables", "--rules", args.rules]
    for option in args.option:
        argv += ["--option", option]
    if args.aotenjou:
        argv.append("--aotenjou")
    if args.max_fu != DEFAULT_MAX_FU:
        argv += ["--max-fu", str(args.max_fu)]
    if args.format != "python":
        argv += ["--format", args.format]
    return _finish(args, argv, generate)


def _run_fixtures(args: argparse.Namespace) -> int:
    from typed_mahjong.codegen.fixtures import fixtures_text

    return _finish(args, ["codegen", "fixtures", _path_text(args.source)],
                   lambda argv: fixtures_text(args.source, argv))


def _run_game_tiles(args: argparse.Namespace) -> int:
    from typed_mahjong.codegen.game_tiles import game_tiles_text

    argv = ["codegen", "game-tiles", _path_text(args.game)]
    if args.alias != "TileName":
        argv += ["--alias", args.alias]
    return _finish(args, argv, lambda argv: game_tiles_text(args.game, args.alias, argv))


def _run_game_table(args: argparse.Namespace) -> int:
    from typed_mahjong.codegen.game_table import game_table_text

    return _finish(args, ["codegen", "game-table", _path_text(args.game)],
                   lambda argv: game_table_text(args.game, argv))


def _finish(args: argparse.Namespace, argv: list[str],
            generate: Callable[[list[str]], str]) -> int:
    from typed_mahjong.codegen.errors import CodegenError
    from typed_mahjong.codegen.output import emit
    from typed_mahjong.safe_io import check_output_path

    inputs = [Path(getattr(args, name)) for name in ("source", "game") if hasattr(args, name)]
    output = None
    if args.output is not None:
        # --check only reads the file (a FIFO refused there): a read-only one is fine.
        output = Path(args.output) if args.check else check_output_path(args.output,
                                                                         inputs=inputs)
        argv = [*argv, "-o", _path_text(output)]
    elif args.check:
        raise CodegenError("codegen: --check needs -o/--output (the file to compare)",
                           field="--check")
    return emit(generate(argv), output, args.check, argv, inputs=inputs)


def _rules(args: argparse.Namespace) -> Rules:
    from typed_mahjong.codegen.errors import CodegenError
    from typed_mahjong.codegen.options import parse_options
    from typed_mahjong.core.rules import rules_from

    overrides = parse_options(args.option)
    if args.aotenjou:
        if overrides.get("aotenjou") is False:
            raise CodegenError("--aotenjou contradicts --option aotenjou=false")
        overrides["aotenjou"] = True
    return rules_from(args.rules, **overrides)


def _path_text(path: Path) -> str:
    """A path as the generated header's command line shows it: a byte that is not UTF-8
    (a lone surrogate) or a control character escaped, so the module is valid UTF-8."""
    from typed_mahjong.safe_io import printable

    return printable(path.as_posix())
