"""Memo keys as text, for the plugin's and the language server's remembered answers.

A key is the ``repr`` of what was asked, except that an int is written in hex: Python
refuses to write an int of more than 4,300 digits in decimal (``ValueError``), and an
annotation or a call may hold one (``honba=0xfff...``). Hex has no such limit, and the
key only has to be equal for equal questions.
"""

from __future__ import annotations

__all__ = ["memo_key"]


def memo_key(value: object) -> str:
    """``repr(value)`` with every int (nested in tuples and lists too) written in hex."""
    return repr(_hexed(value))


def _hexed(value: object) -> object:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return ("int", hex(int.__index__(value)))
    if isinstance(value, tuple):
        return tuple(_hexed(item) for item in value)
    if isinstance(value, list):
        return [_hexed(item) for item in value]
    return value
