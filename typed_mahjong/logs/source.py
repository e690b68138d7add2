"""Reading a log file as untrusted input: only regular files, size caps, a gzip-bomb cap.

The file's bytes come out in chunks (gzip is unpacked as it is read), so a reader can
stream them; every limit is a constant here so a caller (and the docs) can name it.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import stat
import zlib
from collections.abc import Iterator
from pathlib import Path

from .model import LogError

MAX_FILE_BYTES = 16 * 1024 * 1024  # a Tenhou game is ~10-40 KB; a month of mjai ~ MBs
MAX_UNPACKED_BYTES = 64 * 1024 * 1024  # what a gzip file may unpack to
CHUNK_BYTES = 1024 * 1024  # gzip data is unpacked (and handed on) this much at a time
_GZIP_MAGIC = b"\x1f\x8b"
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_NOCTTY", 0))
_CONTENT_START = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\r\n]*")  # a UTF-8 BOM and blanks


def file_kind(mode: int) -> str:
    return ("a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")


def read_raw(path: Path) -> bytes:
    """The bytes of a regular file of at most ``MAX_FILE_BYTES``; LogError otherwise.

    Opened without blocking and checked on the open descriptor, so a FIFO, a device or a
    file swapped for one after a check is refused instead of read (or waited on).
    """
    name = str(path)
    try:
        descriptor = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise LogError(name, "file", f"cannot read: {exc.strerror or type(exc).__name__}"
                       ) from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise LogError(name, "file", f"not a regular file ({file_kind(info.st_mode)})")
        if info.st_size > MAX_FILE_BYTES:
            raise LogError(name, "file", f"{info.st_size} bytes is over the "
                                         f"{MAX_FILE_BYTES}-byte cap")
        with open(descriptor, "rb", closefd=False) as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise LogError(name, "file", f"cannot read: {exc.strerror or type(exc).__name__}"
                       ) from None
    finally:
        os.close(descriptor)
    if len(raw) > MAX_FILE_BYTES:
        raise LogError(name, "file", f"over the {MAX_FILE_BYTES}-byte cap")
    return raw


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
