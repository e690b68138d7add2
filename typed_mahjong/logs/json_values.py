"""JSON from untrusted logs: strict values, and one value at a time out of a big document.

``loads`` refuses ``NaN`` and ``Infinity`` (a log holds whole numbers), nesting past the
interpreter's depth, and text over ``MAX_VALUE_CHARS``. ``members`` and ``items`` walk a
document's top-level object and an array in it without decoding them: each item is found
by counting brackets outside strings (linear, no recursion), so a reader decodes one round
at a time and a hostile document's size never turns into millions of objects at once.
Values a reader skips are only bracket-checked, never decoded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

MAX_VALUE_CHARS = 64 * 1024  # one round, one mjai line: real ones are a few KB at most
_BLANK = re.compile(r"[ \t\r\n]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_STRUCTURE = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_SCALAR = re.compile(r'"(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null|NaN|-?Infinity',
                     re.DOTALL)


class JsonFault(ValueError):
    """Text that is not the JSON expected, at character ``offset``."""

    def __init__(self, offset: int, fault: str) -> None:
        super().__init__(fault)
        self.offset = offset


def _refuse_constant(name: str) -> object:
    raise ValueError(f"JSON constant {name} (a log holds whole numbers)")


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


def loads(text: str, start: int = 0, end: int | None = None) -> object:
    """The one JSON value of ``text[start:end]`` (blanks around it allowed)."""
    stop = len(text) if end is None else end
    if stop - start > MAX_VALUE_CHARS:
        raise JsonFault(start, f"{stop - start} characters of JSON where at most "
                               f"{MAX_VALUE_CHARS} are read at once")
    begin = _BLANK.match(text, start).end()  # type: ignore[union-attr]
    try:
        value, after = _DECODER.raw_decode(text, begin)
    except json.JSONDecodeError as exc:
        raise JsonFault(exc.pos, f"not JSON ({exc.msg}, column {exc.colno})") from None
    except RecursionError:
        raise JsonFault(begin, "JSON nested too deeply") from None
    except ValueError as exc:  # a constant refused, a number past 4,300 digits
        raise JsonFault(begin, str(exc)) from None
    if _BLANK.match(text, after).end() < stop:  # type: ignore[union-attr]
        raise JsonFault(after, "more than one JSON value")
    return value


def skip(text: str, start: int) -> int:
    """Where the JSON value at ``start`` ends, found without decoding it."""
    if start >= len(text):
        raise JsonFault(start, "a value is missing (the text ends)")
    if text[start] in "[{":
        depth = 0
        for found in _STRUCTURE.finditer(text, start):
            token = found.group()
            if token in ("[", "{"):
                depth += 1
            elif token in ("]", "}"):
                depth -= 1
                if depth == 0:
                    return found.end()
        raise JsonFault(start, "an array or object that never closes")
    scalar = _SCALAR.match(text, start)
    if scalar is None:
        raise JsonFault(start, "not a JSON value")
    return scalar.end()


def _expect(text: str, position: int, characters: str, what: str) -> int:
    position = _BLANK.match(text, position).end()  # type: ignore[union-attr]
    if position >= len(text) or text[position] not in characters:
        raise JsonFault(position, f"expected {what}")
    return position


def members(text: str, start: int = 0) -> Iterator[tuple[str, int, int]]:
    """The top-level object's members as (key, value start, value end)."""
    position = _expect(text, start, "{", "a JSON object") + 1
    after = _BLANK.match(text, position).end()  # type: ignore[union-attr]
    if text.startswith("}", after):
        position = after + 1
    else:
        while True:
            position = _expect(text, position, '"', "a member name")
            found = _STRING.match(text, position)
            if found is None:
                raise JsonFault(position, "a member name that never ends")
            key = loads(text, position, found.end())
            position = _expect(text, found.end(), ":", "':'") + 1
            value = _BLANK.match(text, position).end()  # type: ignore[union-attr]
            end = skip(text, value)
            yield str(key), value, end
            position = _expect(text, end, ",}", "',' or '}'")
            if text[position] == "}":
                position += 1
                break
            position += 1
    if _BLANK.match(text, position).end() != len(text):  # type: ignore[union-attr]
        raise JsonFault(position, "content after the JSON object")


def items(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """The items of the array ``text[start:end]`` as (start, end) of each."""
    position = _expect(text, start, "[", "a JSON array") + 1
    after = _BLANK.match(text, position).end()  # type: ignore[union-attr]
    if text.startswith("]", after):
        return
    while position < end:
        item = _BLANK.match(text, position).end()  # type: ignore[union-attr]
        item_end = skip(text, item)
        yield item, item_end
        position = _expect(text, item_end, ",]", "',' or ']'")
        if text[position] == "]":
            return
        position += 1
