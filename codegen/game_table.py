"""``codegen game-table``: a YAML game's scoring table as a typed module.

For each yaku with a value written as a number, a ``Final`` ``Literal`` constant named after
it (``BIG_FOUR_WINDS: Final[Literal[88]] = 88``; the naming rule is in ``game_yaku``); a
``Literal`` alias of the yaku names and of the names by kind (computed, counted per group,
bonus, limit, fallback, valued in points in a han game); ``MINIMUM`` and ``UNIT``; and
``VALUES``, whose ``__getitem__`` overloads (one per value, the names of that value in one
``Literal``) make ``VALUES["Big Four Winds"]`` a ``Literal[88]`` in mypy and pyright alike.

A computed value (``points: flowers``) depends on the hand: such a yaku has no constant and
no ``VALUES`` entry (looking it up is a type error, and a ``KeyError`` at run time that says
why); ``FORMULAS`` gives its expression as written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .game_source import LoadedGame, load_game
from .game_yaku import GameYaku, game_yaku
from .output import command_lines
from .render import python_string, render

WIDTH = 100  # the longest line written (the project's ruff line length)


@dataclass(frozen=True, slots=True)
class Kind:
    """A ``Literal`` alias of the yaku names of one kind, with what it means."""

    alias: str
    doc: str
    names: tuple[str, ...]


def game_table_text(game: str, argv: Sequence[str]) -> str:
    """The module for ``game`` (a built-in game's name or a YAML file's path)."""
    loaded = load_game(game)
    yaku = game_yaku(loaded)
    return render("game_table.py.j2", table_context(loaded, yaku, argv))


def table_context(loaded: LoadedGame, yaku: Sequence[GameYaku],
                  argv: Sequence[str]) -> dict[str, object]:
    """What the template needs: every line that may need wrapping is made here."""
    game = loaded.game
    fixed = [item for item in yaku if item.value is not None]
    in_points = game.unit == "han"
    kinds = (
        Kind("YakuName", "Every yaku of the game, in file order",
             tuple(item.name for item in yaku)),
        Kind("FixedYakuName", "The yaku whose value is a number (the keys of VALUES)",
             tuple(item.name for item in fixed)),
        Kind("ComputedYakuName", "The yaku whose value is computed (see FORMULAS): no "
             "constant, not in VALUES",
             tuple(item.name for item in yaku if item.value is None)),
        Kind("PerGroupYakuName", "The yaku counted once for each set of groups that plays "
             "it (`each`): the value is per time", tuple(item.name for item in yaku
                                                         if item.each)),
        Kind("BonusYakuName", "The bonus yaku: not counted toward MINIMUM",
             tuple(item.name for item in yaku if item.bonus)),
        Kind("LimitYakuName", "The yaku that do not stack: counted alone",
             tuple(item.name for item in yaku if not item.stacks)),
        Kind("FallbackYakuName", "The yaku that count only where no other yaku does",
             tuple(item.name for item in yaku if item.fallback)),
        Kind("PointsYakuName", "In a game counted in han, the yaku valued in points "
             "(limit hands)", tuple(item.name for item in yaku
                                    if in_points and item.unit == "points")),
    )
    groups: dict[int, list[str]] = {}
    for item in fixed:
        assert item.value is not None
        groups.setdefault(item.value, []).append(item.name)
    empty = any(not kind.names for kind in kinds)
    return {
        "game_name": game.name,
        "source": loaded.path.name,
        "unit": game.unit,
        "minimum": game.minimum,
        "yaku": yaku,
        "constants": [constant_line(item, game.unit) for item in yaku],
        "kinds": kinds,
        "kind_aliases": [(kind, alias_lines(kind.alias, kind.names)) for kind in kinds],
        "fixed": fixed,
        "overloads": [overload_lines(names, value) for value, names in groups.items()],
        "computed": [item for item in yaku if item.value is None],
        "example": fixed[0] if fixed else None,
        "imports": ", ".join(["Final", "Literal", *(["Never"] if empty else []),
                              "TypeAlias", "final", *(["overload"] if len(groups) > 1
                                                      else [])]),
        "command_lines": command_lines(argv),
    }


def constant_line(item: GameYaku, game_unit: str) -> str:
    """``CONSTANT: Final[Literal[N]] = N`` with its flags as a comment; for a computed
    yaku a comment saying where its expression is."""
    flags = [flag for flag, on in (("per group", item.each), ("bonus", item.bonus),
                                   ("limit: counted alone", not item.stacks),
                                   ("fallback", item.fallback)) if on]
    if item.value is None:
        return f"# {item.constant}: computed, see FORMULAS[{python_string(item.name)}]"
    if item.unit != game_unit:
        flags.append(f"in {item.unit}")
    line = f"{item.constant}: Final[Literal[{item.value}]] = {item.value}"
    if len(line) > WIDTH:
        line = f"{item.constant}: Final[Literal[{item.value}]] = (\n    {item.value}\n)"
    comment = f"# {python_string(item.name)}" + (f": {', '.join(flags)}" if flags else "")
    if len(comment) + 2 + len(line.splitlines()[0]) <= WIDTH and "\n" not in line:
        return f"{line}  {comment}"
    return f"{comment}\n{line}"


def alias_lines(alias: str, names: Sequence[str]) -> str:
    """``Alias: TypeAlias = Literal[...]``, one name a line; ``Never`` when empty."""
    if not names:
        return f"{alias}: TypeAlias = Never"
    body = "".join(f"    {python_string(name)},\n" for name in names)
    return f"{alias}: TypeAlias = Literal[\n{body}]"


def overload_lines(names: Sequence[str], value: int) -> tuple[str, str, str]:
    """One ``__getitem__``: its parameter type (``Literal[...]``), result type and value."""
    items = ", ".join(python_string(name) for name in names)
    literal = f"Literal[{items}]"
    indent = " " * 8
    if len(f"    def __getitem__(self, name: {literal}) -> Literal[{value}]: ...") > WIDTH:
        inner = "".join(f"{indent}    {python_string(name)},\n" for name in names)
        literal = f"Literal[\n{inner}{indent}]"
    return literal, f"Literal[{value}]", str(value)
