"""The one exception the code generator raises for bad input (a ValueError)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from typed_mahjong.errors import MahjongError


class CodegenError(MahjongError):
    """Input the generator cannot turn into a module: the message names the fault.

    The CLI prints the message and exits with status 2; nothing is written.
    """


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'riichi'?)`` for a key close to a known one, else nothing."""
    close = difflib.get_close_matches(word, sorted(set(known)), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
