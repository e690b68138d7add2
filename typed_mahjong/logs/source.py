"""Reading a log file as untrusted input: size caps, a gzip-bomb cap, safe XML.

Every limit is a constant here so a caller (and the docs) can name it.
"""

from __future__ import annotations

import gzip
import io
import zlib
from pathlib import Path
from xml.parsers import expat

from .model import LogError

MAX_FILE_BYTES = 16 * 1024 * 1024  # a Tenhou game is ~10-40 KB; a month of mjai ~ MBs
MAX_UNPACKED_BYTES = 64 * 1024 * 1024  # what a gzip file may unpack to
MAX_XML_ELEMENTS = 200_000  # a game has a few thousand events
_GZIP_MAGIC = b"\x1f\x8b"


def read_bytes(path: Path) -> bytes:
    """The file's bytes, gunzipped when it is gzip; LogError past the caps or if unreadable."""
    name = str(path)
    try:
        if not path.is_file():
            raise LogError(name, "file", "not a regular file")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise LogError(name, "file", f"{size} bytes is over the {MAX_FILE_BYTES}-byte cap")
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise LogError(name, "file", f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise LogError(name, "file", f"over the {MAX_FILE_BYTES}-byte cap")
    if raw.startswith(_GZIP_MAGIC):
        return _gunzip(raw, name)
    return raw


def _gunzip(raw: bytes, name: str) -> bytes:
    # Read one byte past the cap: a bomb stops there instead of filling memory.
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as unpacked:
            data = unpacked.read(MAX_UNPACKED_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise LogError(name, "file", f"damaged gzip data ({exc})") from None
    if len(data) > MAX_UNPACKED_BYTES:
        raise LogError(name, "file", f"gzip data unpacks to more than {MAX_UNPACKED_BYTES} "
                                     f"bytes (cap)")
    return data


XmlElement = tuple[str, dict[str, str], int]  # tag, attributes, line


class _Refused(Exception):
    pass


def parse_xml(data: bytes, name: str) -> list[XmlElement]:
    """Every element of a flat XML document in order, with its line.

    The stdlib's expat, guarded: a DOCTYPE or any entity declaration is refused outright
    (mjlog has none), so neither entity expansion ("billion laughs") nor external entities
    can happen; the element count is capped.
    """
    elements: list[XmlElement] = []
    parser = expat.ParserCreate()

    def start(tag: str, attributes: dict[str, str]) -> None:
        if len(elements) >= MAX_XML_ELEMENTS:
            raise _Refused(f"more than {MAX_XML_ELEMENTS} elements (cap)")
        elements.append((tag, attributes, parser.CurrentLineNumber))

    def refuse_doctype(*_: object) -> None:
        raise _Refused("a DOCTYPE declaration (refused: logs have none, and it could "
                       "declare entities)")

    def refuse_entity(*_: object) -> None:
        raise _Refused("an entity declaration (refused)")

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_entity
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        raise LogError(name, f"line {parser.CurrentLineNumber}", str(exc)) from None
    except expat.ExpatError as exc:
        raise LogError(name, f"line {exc.lineno}", f"malformed XML: "
                                                   f"{expat.ErrorString(exc.code)}") from None
    return elements
