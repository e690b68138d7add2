"""Where a fixture and its keys sit in a fixtures file: line numbers for error messages.

``tomllib`` gives values without positions, so the lines are found by reading the text
once more: a ``[fixtures.NAME]`` header starts a fixture's table, a ``key =`` line inside
it sets a key, and any other ``[...]`` header ends it. A fixture written another way (an
inline table, dotted keys) simply has no line: messages then name only the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HEADER = re.compile(r"""\s*\[\s*fixtures\s*\.\s*(?:"([^"\\]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*\]""")
_TABLE = re.compile(r"\s*\[")
_KEY = re.compile(r"""\s*(?:"([^"\\]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*=""")


@dataclass(slots=True)
class FixtureLines:
    """The line of a fixture's header and of each key it sets (1-based)."""

    header: int
    keys: dict[str, int] = field(default_factory=dict)


def fixture_lines(text: str) -> dict[str, FixtureLines]:
    """The lines of each fixture written as a ``[fixtures.NAME]`` table."""
    found: dict[str, FixtureLines] = {}
    current: FixtureLines | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            name = next(group for group in header.groups() if group is not None)
            current = found.setdefault(name, FixtureLines(number))
            continue
        if _TABLE.match(line):
            current = None
            continue
        key = _KEY.match(line)
        if key and current is not None:
            current.keys.setdefault(next(g for g in key.groups() if g is not None), number)
    return found


def top_level_line(text: str, key: str) -> int | None:
    """The first line that sets the top-level ``key``: a ``[key]`` or ``[key.NAME]`` table
    header, or ``key =`` before any table (None when written another way)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if _TABLE.match(line):
            header = re.match(r"\s*\[\s*([A-Za-z0-9_-]+)\s*[.\]]", line)
            if header and header.group(1) == key:
                return number
            continue
        found = _KEY.match(line)
        if found and next(g for g in found.groups() if g is not None) == key:
            return number
    return None


@dataclass(frozen=True, slots=True)
class Place:
    """Where a fixture is written, for messages: ``hands.toml:12: fixture 'headline'``."""

    source: str  # the fixtures file as given
    name: str
    header: int | None  # the line of [fixtures.NAME]; None when not written so
    keys: tuple[tuple[str, int], ...] = ()

    def where(self, key: str | None = None) -> str:
        """The file, the line of ``key`` (else of the header, e.g. for a key the fixture
        takes from [defaults]) and the fixture's name."""
        line = dict(self.keys).get(key, self.header) if key is not None else self.header
        at = f":{line}" if line is not None else ""
        return f"{self.source}{at}: fixture {self.name!r}"


def place_of(source: str, lines: dict[str, FixtureLines], name: str) -> Place:
    """The ``Place`` of fixture ``name`` found by ``fixture_lines``."""
    found = lines.get(name)
    if found is None:
        return Place(source, name, None)
    return Place(source, name, found.header, tuple(found.keys.items()))
