"""Memo keys as text, for the plugin's and the language server's remembered answers.

A key is the ``repr`` of what was asked, except that an int is written in hex: Python
refuses to write an int of more than 4,300 digits in decimal (``ValueError``), and an
annotation or a call may hold one (``honba=0xfff...``). Hex has no such limit, and the
key only has to be equal for equal questions.
"""

from __future__ import annotations

__all__ = ["has_no_decimal_text", "memo_key"]

# Ints of fewer bits are far below Python's limit for decimal text (4,300 digits).
_SHORT_INT_BITS = 10_000


def has_no_decimal_text(value: int) -> bool:
    """Whether ``str(value)`` would raise: an int past Python's limit for decimal text.
    mypy's parser reads such a number in a type as an expression that is no type; the
    plugin and the server read it so wherever it is written."""
    if value.bit_length() < _SHORT_INT_BITS:
        return False
    try:
        str(value)
    except ValueError:
        return True
    return False


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
