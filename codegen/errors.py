"""The one exception the code generator raises for bad input (a ValueError)."""

from __future__ import annotations

from typed_mahjong.errors import MahjongError


class CodegenError(MahjongError):
    """Input the generator cannot turn into a module: the message names the fault.

    The CLI prints the message and exits with status 2; nothing is written.
    """
