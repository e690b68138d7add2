"""A YAML game's yaku as the generator needs them: value, unit, flags, Python name.

The games loader checks every yaku and compiles it, but ``Game`` keeps only their names;
the value as written (a number, or an expression computed from the hand), the unit it is
counted in and the flags are read here from the same text, which the loader has already
accepted (no aliases, plain tags, bounded size: see ``typed_mahjong.games.yamlsafe``), so
a plain safe load of it is safe and cannot disagree with the loader about its shape.

Each yaku gets a constant name (``constant_name``): the name in Unicode NFKC form, every
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
from typing import Any

import yaml

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
    game = loaded.game
    data = yaml.safe_load(loaded.text)
    section = data.get("yaku") if isinstance(data, dict) else None
    if not isinstance(section, dict):  # the loader accepted the file: cannot happen
        raise CodegenError(f"{loaded.path}: no yaku section")
    found = tuple(_yaku(str(name), entry, game.unit) for name, entry in section.items()
                  if isinstance(entry, dict))
    if tuple(item.name for item in found) != game.yaku_names:
        raise CodegenError(f"{loaded.path}: the yaku read ({len(found)}) are not those the "
                           f"games loader reports ({len(game.yaku_names)})")
    _check_constants(str(loaded.path), found, _yaku_lines(loaded.text))
    return found


def _yaku_lines(text: str) -> dict[str, int]:
    """The line of each yaku's name in the file (1-based), for messages."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    lines: dict[str, int] = {}
    if isinstance(root, yaml.MappingNode):
        for key, value in root.value:
            if key.value == "yaku" and isinstance(value, yaml.MappingNode):
                for name, _ in value.value:
                    lines.setdefault(str(name.value), name.start_mark.line + 1)
    return lines


def _yaku(name: str, entry: Mapping[str, Any], unit: str) -> GameYaku:
    # In a han game a yaku written with points: (a limit hand) is valued in points.
    key = "han" if unit == "han" and "han" in entry else "points"
    raw = entry[key]
    computed = isinstance(raw, str)
    description = entry.get("description", "")
    return GameYaku(
        name=name, constant=constant_name(name),
        value=None if computed else int(raw),
        formula=" ".join(raw.split()) if computed else None,
        unit=key, each=entry.get("each") is True, bonus=entry.get("bonus") is True,
        stacks=entry.get("stacks") is not False, fallback=entry.get("fallback") is True,
        description=" ".join(description.split()) if isinstance(description, str) else "")


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
