"""Reading a log file as untrusted input: only regular files, size caps, a gzip-bomb cap.

The file's bytes come out in chunks (gzip is unpacked as it is read), so a reader can
stream them; every limit is a constant here so a caller (and the docs) can name it.
"""

from __future__ import annotations

import gzip
import io
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

from ..safe_io import InputError, read_input
from .model import LogError

MAX_FILE_BYTES = 16 * 1024 * 1024  # a Tenhou game is ~10-40 KB; a month of mjai ~ MBs
MAX_UNPACKED_BYTES = 64 * 1024 * 1024  # what a gzip file may unpack to
CHUNK_BYTES = 1024 * 1024  # gzip data is unpacked (and handed on) this much at a time
_CONTENT_START = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\r\n]*")  # a UTF-8 BOM and blanks
_GZIP_MAGIC = b"\x1f\x8b"
def read_raw(path: Path) -> bytes:
    """The bytes of a regular file of at most ``MAX_FILE_BYTES``; LogError otherwise
    (``safe_io.read_input``: a FIFO, a device or a file swapped for one is never read)."""
    try:
        return read_input(path, max_bytes=MAX_FILE_BYTES, what="the log file")
    except InputError as exc:
        raise LogError(str(path), "file", exc.fault) from None


def chunks(raw: bytes, name: str) -> Iterator[bytes]:
    """The content of a file's bytes: gunzipped chunk by chunk when it is gzip."""
    if raw.startswith(_GZIP_MAGIC):
        yield from _gunzip(raw, name)
    elif raw:
        yield raw


def _gunzip(raw: bytes, name: str) -> Iterator[bytes]:
    total = 0
    with gzip.GzipFile(fileobj=io.BytesIO(raw)) as unpacked:
        while True:
            try:
                # read() returns at most this much: a bomb stops at the cap, chunk by chunk.
                chunk = unpacked.read(CHUNK_BYTES)
            except (OSError, EOFError, zlib.error):
                raise LogError(name, "file", "damaged gzip data") from None
            if not chunk:
                return
            total += len(chunk)
            if total > MAX_UNPACKED_BYTES:
                raise LogError(name, "file", f"gzip data unpacks to more than "
                                             f"{MAX_UNPACKED_BYTES} bytes (cap)")
            yield chunk


def content_start(data: bytes) -> int:
    """Where the content starts: past a UTF-8 byte-order mark and blanks."""
    found = _CONTENT_START.match(data)
    return found.end() if found else 0


def detect_format(data: bytes) -> str:
    """``mjlog``, ``tenhou6`` or ``mjai`` from the first bytes of a (gunzipped) log."""
    start = content_start(data)
    head = data[start:start + 1]
    if head == b"<":
        return "mjlog"
    if head == b"{":
        end = data.find(b"\n", start)
        first_line = data[start:end if end >= 0 else len(data)]
        return "mjai" if b'"type"' in first_line and b'"log"' not in first_line else "tenhou6"
    return "unknown"
