"""A YAML game's yaku as the generator needs them: value, unit, flags, Python name.

The games loader records each yaku as written (``Game.yaku``: value or formula, unit,
flags, description and line); this module only names them. Each yaku gets a constant
name (``constant_name``): the name in Unicode NFKC form, every
run of characters other than letters, digits and ``_`` made one ``_``, leading and
trailing ``_`` dropped, upper-cased: ``"Big Four Winds"`` -> ``BIG_FOUR_WINDS``,
``"Self-Drawn"`` -> ``SELF_DRAWN``. A name that gives no Python identifier (empty, or
starting with a digit), one of the module's own names, or the same constant as another
yaku is a ``CodegenError`` naming the yaku.
"""

from __future__ import annotations

import keyword
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import CodegenError
from .game_source import LoadedGame

# Module-level names of the generated table module a yaku constant must not take.
RESERVED_CONSTANTS = frozenset({"GAME_NAME", "GAME_FILE", "UNIT", "MINIMUM", "YAKU_NAMES",
                                "VALUES", "FORMULAS"})


@dataclass(frozen=True, slots=True)
class GameYaku:
    """One yaku of a game, as written in its file."""

    name: str
    constant: str  # the Python constant (see constant_name)
    value: int | None  # None when the value is computed
    formula: str | None  # the expression of a computed value
    unit: str  # "points" or "han": what the value counts
    each: bool  # counted once for each set of groups that plays it (value per time)
    bonus: bool  # not counted toward rules.minimum
    stacks: bool  # False: a limit hand, counted alone
    fallback: bool  # counts only where no other yaku does
    description: str


def constant_name(name: str) -> str:
    """The Python constant of a yaku name (module docstring); no check that it is valid."""
    words = re.sub(r"\W+", "_", unicodedata.normalize("NFKC", name))
    return re.sub(r"_+", "_", words).strip("_").upper()


def game_yaku(loaded: LoadedGame) -> tuple[GameYaku, ...]:
    """The yaku of a loaded game, in file order, each with its checked constant name."""
    found = tuple(GameYaku(
        name=info.name, constant=constant_name(info.name), value=info.value,
        formula=info.formula, unit=info.unit, each=info.each, bonus=info.bonus,
        stacks=info.stacks, fallback=info.fallback, description=info.description)
        for info in loaded.game.yaku)
    _check_constants(str(loaded.path), found, {info.name: info.line
                                               for info in loaded.game.yaku})
    return found


def _check_constants(source: str, found: Sequence[GameYaku], lines: Mapping[str, int]
                     ) -> None:
    seen: dict[str, str] = {}
    for item in found:
        line = lines.get(item.name)
        at = f"{source}:{line}" if line is not None else source
        where = f"{at}: yaku {item.name!r}"
        constant = item.constant
        if not constant or not constant.isidentifier() or keyword.iskeyword(constant):
            raise CodegenError(f"{where}: its constant {constant!r} is not a Python name (a "
                               f"constant is the name upper-cased, each run of other "
                               f"characters than letters and digits made '_'; it must not "
                               f"be empty or start with a digit): rename the yaku")
        if constant in RESERVED_CONSTANTS:
            raise CodegenError(f"{where}: its constant {constant} is a name the module "
                               f"defines itself: rename the yaku")
        other = seen.get(constant)
        if other is not None:
            raise CodegenError(f"{at}: yaku {other!r} and {item.name!r} both become "
                               f"the constant {constant}: rename one")
        seen[constant] = item.name
