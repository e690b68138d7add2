"""Reading a log file as untrusted input: only regular files, size caps, a gzip-bomb cap.

The file's bytes come out in chunks (gzip is unpacked as it is read), so a reader can
stream them; every limit is a constant here so a caller (and the docs) can name it.
``skip_reason`` tells, from a file's first bytes only, whether a file found in a folder
looks like a log.
"""

from __future__ import annotations

import errno
import gzip
import io
import os
import re
import stat
import zlib
from collections.abc import Iterator
from pathlib import Path

from ..safe_io import InputError, file_kind, read_head, read_input
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


# --- telling a log from other files by its first bytes ------------------------------------

SNIFF_BYTES = 16 * 1024  # of a file (and of its unpacked gzip data) read to tell a log
# An mjlog's root after a byte-order mark, blanks and an XML declaration; a tenhou.net/6
# document's "log" list (after "title", "name" and "rule", a few hundred bytes in); an mjai
# event's "type" in the first line.
_MJLOG_ROOT = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\r\n]*(?:<\?xml[^<>]{0,256}\?>[ \t\r\n]*)?"
                         rb"<mjloggm[ \t\r\n/>]")
_TENHOU6_LOG = re.compile(rb'"log"[ \t\r\n]*:[ \t\r\n]*\[')
_MJAI_TYPE = re.compile(rb'"type"[ \t\r\n]*:[ \t\r\n]*"')
NOT_A_LOG = ("not a log (its first bytes are no Tenhou mjlog XML, tenhou.net/6 JSON or "
             "mjai JSON lines)")


def looks_like(head: bytes) -> str:
    """The format the first bytes of a (gunzipped) file look like: ``mjlog``, ``tenhou6``,
    ``mjai``, or "" for none. Stricter than ``detect_format``, which reads a file named
    to it whatever it holds: this one decides which files of a folder are read."""
    if _MJLOG_ROOT.match(head):
        return "mjlog"
    start = content_start(head)
    if not head.startswith(b"{", start):
        return ""
    if _TENHOU6_LOG.search(head, start):
        return "tenhou6"
    end = head.find(b"\n", start)
    return "mjai" if _MJAI_TYPE.search(head, start, end if end >= 0 else len(head)) else ""


def skip_reason(path: Path) -> str | None:
    """Why the file at ``path``, found in a folder or by a glob, is not read as a log; None
    when it looks like one by its first ``SNIFF_BYTES`` (gzip data unpacked that far).

    Only a prefix is read, through ``safe_io.read_head``: a FIFO, a device, a loop of links
    is a reason, never opened. A file that cannot be read for another reason (permissions)
    is not skipped: reading it reports the fault.
    """
    try:
        # stat first: a FIFO or a device is named by its kind, never opened.
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a loop of symbolic links"
        return "no such file (a symbolic link to nothing?)" if exc.errno == errno.ENOENT \
            else None
    if not stat.S_ISREG(mode):
        return f"not a regular file ({file_kind(mode)})"
    try:
        head = read_head(path, SNIFF_BYTES, what="a log")  # checks again, on the descriptor
    except InputError:
        return None  # swapped since, or no permission: reading it reports the fault
    if not head:
        return "an empty file"
    if head.startswith(_GZIP_MAGIC):
        try:
            # A prefix of the compressed data unpacks to a prefix of the content: at most
            # SNIFF_BYTES of it, whatever the whole would unpack to.
            head = zlib.decompressobj(wbits=31).decompress(head, SNIFF_BYTES)
        except zlib.error:
            return "damaged gzip data (cannot tell whether it holds a log)"
        return None if looks_like(head) else "gzip data that is not a log (unpacked, " \
                                                "its first bytes are no log either)"
    return None if looks_like(head) else NOT_A_LOG
