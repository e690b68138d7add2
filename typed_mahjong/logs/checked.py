"""Numbers and quoted values from untrusted log text.

Every number is range-checked before it is converted: at most ``MAX_DIGITS`` ASCII digits
(``int()`` of a long digit string costs quadratic time and refuses more than 4,300 digits),
and JSON numbers must be whole and in range (no float, no ``NaN``/``Infinity``, no bool).
A value quoted in a message is cut to a few dozen characters and its control characters
escaped, so a hostile file cannot fill or rewrite the screen through an error.
"""

from __future__ import annotations

import re

from ..safe_io import printable

MAX_DIGITS = 12  # every count, score and id in a log is far below 10**12
_WHOLE = re.compile(rb"-?[0-9]{1,12}")
_WHOLE_LIST = re.compile(rb"-?[0-9]{1,12}(?:,-?[0-9]{1,12})*")
QUOTE_LIMIT = 40


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message: at most about ``limit`` characters, controls escaped."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str):
        text = repr(value[:limit]) + ("..." if len(value) > limit else "")
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        # repr() of a number past 4,300 digits raises; its size is what matters here.
        text = f"(a number of about {int(value.bit_length() * 0.30103)} digits)"
    elif value is None or isinstance(value, (bool, int, float)):
        text = repr(value)
    elif isinstance(value, (list, tuple)):
        text = _first_items("[", [shown(item, 12) for item in value[:4]], len(value), "]")
    elif isinstance(value, dict):
        text = _first_items("{", [f"{shown(key, 12)}: {shown(item, 12)}"
                                  for key, item in list(value.items())[:4]], len(value), "}")
    else:
        text = type(value).__name__
    return printable(text)


def _first_items(opening: str, parts: list[str], count: int, closing: str) -> str:
    # repr() of a big container is as big as the container: the first few items only.
    return opening + ", ".join(parts) + (", ..." if count > len(parts) else "") + closing


def whole(text: bytes, what: str, low: int, high: int) -> int:
    """A whole number from ASCII digits (optional minus), ``low <= value <= high``."""
    if _WHOLE.fullmatch(text) is None:
        raise ValueError(f"{what} {shown(text)} is not a whole number")
    value = int(text)
    if not low <= value <= high:
        raise ValueError(f"{what} {value} is out of range ({low}..{high})")
    return value


def whole_list(text: bytes, what: str, low: int, high: int, most: int) -> list[int]:
    """Comma-separated whole numbers (``b""`` is none), each in range, at most ``most``."""
    if not text:
        return []
    if len(text) > most * (MAX_DIGITS + 2) or _WHOLE_LIST.fullmatch(text) is None:
        raise ValueError(f"{what} {shown(text)} is not a list of at most {most} whole "
                         f"numbers")
    values = list(map(int, text.split(b",")))
    if len(values) > most:
        raise ValueError(f"{what} has {len(values)} numbers, at most {most} expected")
    if min(values) < low or max(values) > high:
        value = next(value for value in values if not low <= value <= high)
        raise ValueError(f"{what}: {value} is out of range ({low}..{high})")
    return values


def json_whole(value: object, what: str, low: int, high: int) -> int:
    """A JSON number that must be whole and in range (a float or a bool is refused)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} {shown(value)} is not a whole number")
    if not low <= value <= high:
        raise ValueError(f"{what} {shown(value)} is out of range ({low}..{high})")
    return value


def json_list(value: object, what: str, most: int) -> list[object]:
    """A JSON array of at most ``most`` items."""
    if not isinstance(value, list):
        raise ValueError(f"{what} {shown(value)} is not a list")
    if len(value) > most:
        raise ValueError(f"{what} has {len(value)} items, at most {most} expected")
    return value


def json_text(value: object, what: str, most: int) -> str:
    """A JSON string of at most ``most`` characters."""
    if not isinstance(value, str):
        raise ValueError(f"{what} {shown(value)} is not a string")
    if len(value) > most:
        raise ValueError(f"{what} is {len(value)} characters long, at most {most} expected")
    return value
