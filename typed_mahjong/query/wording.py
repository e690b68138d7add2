"""How a message repeats the user's text: clipped, escaped, on one line.

Shared by every client of the query layer that prints messages (the mypy plugin, the
language server, the settings reader), so the same hand gives the same words everywhere.
"""

from __future__ import annotations

import re
from typing import Final

from ..frozen import frozen_value
from ..safe_io import printable

# How much of the user's text a message repeats.
ECHO_LIMIT: Final = 60


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` as written, cut to ``limit`` characters with "..." when longer."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


_QUOTED: Final = "'([^']{" + str(ECHO_LIMIT + 1) + ",})'"


def clip_quoted(message: str) -> str:
    """``message`` with every quoted piece of user text longer than ``ECHO_LIMIT`` cut."""
    if len(message) <= ECHO_LIMIT + 2:
        return message
    # Compiled (and kept in re's cache) only once a message is long enough to need it.
    return re.sub(_QUOTED, lambda match: "'" + clip(match.group(1)) + "'", message)


def shown(message: str) -> str:
    """A message as a checker may print it: the user's long quoted text cut
    (``clip_quoted``), terminal control characters escaped (``safe_io.printable``) and
    newlines too (one line per error), so a name in a game file or a string in an
    annotation cannot rewrite the terminal or the CI log, nor forge a line of its own."""
    return printable(clip_quoted(message)).replace("\n", "\\n")


@frozen_value  # loaded in every mypy run: no dataclass processing at import
class BareName:
    """A name written where an input takes a string: ``Seat[E]`` (``E`` undefined: a
    linter's fix most likely removed the quotes of ``Seat["E"]``), or ``Hand[HAND]`` with
    ``HAND`` a variable that is not ``Final`` (``variable``), whose value a type cannot read.
    ``name`` is None for an expression that is no type at all (``Game[hk-oldstyle]``, the
    quotes of ``Game["hk-oldstyle"]`` removed): no text of it is kept."""

    name: str | None
    variable: bool


def bare_name_message(bare: BareName, input_name: str) -> str:
    """What to say of a bare name: most likely a linter removed the quotes."""
    if bare.name is None:
        return (f"{input_name}[...] takes a string, not an expression such as hk-oldstyle. "
                f"A linter's fix most likely removed its quotes (ruff rule UP037, "
                f"quoted-annotation, from pyupgrade): write {input_name}[L[\"...\"]] (from "
                f"typing import Literal as L), which keeps them, or exempt the file from "
                f"UP037 (docs/plugin.md, Linters)")
    name = clip(bare.name)
    if bare.variable:
        return (f"{input_name}[{name}]: {name} is a variable, and an annotation can read "
                f"only a constant's value: declare it {name}: Final = \"...\" (from typing "
                f"import Final) and {input_name}[{name}] reads it")
    return (f'{input_name}[{name}]: "{name}" is not defined; {input_name}[...] takes a '
            f"string. A linter's fix most likely removed the quotes of "
            f'{input_name}["{name}"] (ruff rule UP037, quoted-annotation, from pyupgrade): write '
            f'{input_name}[L["{name}"]] (from typing import Literal as L), which keeps them, '
            f"or exempt the file from UP037 (docs/plugin.md, Linters)")


def input_alone_message(name: str, text: str | None) -> str:
    """What to say of an input outside a result (``x: Hand["..."]``); ``text`` is its one
    string value, shown back in the reusable spelling."""
    value = '"234p234s456m567s44p"' if text is None else '"' + clip(text) + '"'
    constant = name.upper()
    return (f'{name}[...] is an input, not a type: use it inside a result, e.g. '
            f'Points[Hand["234p234s456m567s44p"], Ron["3p"]]. To write a value once and '
            f'reuse it, name the string, not the input: {constant}: Final = {value} then '
            f'{name}[{constant}]')


def mismatch_message(computed: object, other: object, equal: bool) -> str:
    """The ``==`` check's error: a computed literal met by another written one (``equal``:
    the operator is ``==``); the mypy plugin and the language server word it so."""
    verdict = "always False" if equal else "always True"
    return (f"typed-mahjong computed {clip(repr(computed))} here, not {clip(repr(other))}: "
            f"this comparison is {verdict}")


# How many items of a tuple a message shows.
_ITEMS: Final = 20


def literal_text(value: object) -> str:
    """A value as mypy writes its Literal type, quoted as in mypy's messages:
    ``"Literal[1300]"``, ``"tuple[Literal['riichi'], Literal['pinfu']]"``; the plugin's
    ``[arg-type]`` errors and the server's both word it so. A number of thousands of
    digits has no repr (Python refuses it) and is described instead."""
    from ..core.win_option_reading import shown_value

    if isinstance(value, tuple):
        items = ", ".join(f"Literal[{shown_value(item)}]" for item in value[:_ITEMS])
        more = ", ..." if len(value) > _ITEMS else ""
        return f'"tuple[{items or "()"}{more}]"'
    return f'"Literal[{shown_value(value)}]"'
