"""A small LSP client over stdio for the tests: JSON-RPC framing by hand, messages as
plain dicts (the shapes of lsprotocol's types), so a test reads what an editor would get.

It starts ``typed-mahjong lsp`` as an editor does (a child process speaking on its
standard streams) from this checkout, and keeps every notification the server sends.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
# Long enough for a slow shared machine; a hang fails the test instead of blocking it.
TIMEOUT = 60.0


def _read_message(stream: IO[bytes]) -> dict[str, Any] | None:
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    if length is None:
        return None
    body: dict[str, Any] = json.loads(stream.read(length))
    return body


class Client:
    """One server process; ``request`` waits for its answer, notifications are queued."""

    def __init__(self, cwd: Path, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
        self.process = subprocess.Popen(
            [sys.executable, "-c", "import sys; from typed_mahjong.cli import main; "
             "sys.exit(main(sys.argv[1:]))", "lsp", *args], cwd=cwd,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self._next_id = 0
        self._answers: dict[int, queue.Queue[dict[str, Any]]] = {}
        self.notifications: queue.Queue[dict[str, Any]] = queue.Queue()
        self._lock = threading.Lock()
        # The server's log, read as it comes (its last 64 KB kept): a pipe nobody reads
        # fills up and blocks the server's next write, as no editor would let it.
        self.log = bytearray()
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._drain_log, daemon=True).start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        while True:
            message = _read_message(self.process.stdout)
            if message is None:
                return
            if "id" in message and "method" not in message:
                with self._lock:
                    self._answers.setdefault(message["id"], queue.Queue()).put(message)
            elif "method" in message and "id" in message:
                # A request from the server (workDoneProgress, configuration): answer null.
                self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            else:
                self.notifications.put(message)

    def _drain_log(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.log += line
            del self.log[:-65536]

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method: str, params: object) -> Any:
        with self._lock:
            self._next_id += 1
            ident = self._next_id
            answers = self._answers.setdefault(ident, queue.Queue())
        self._send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        answer = answers.get(timeout=TIMEOUT)
        assert "error" not in answer, answer
        return answer["result"]

    def answer(self, ident: int) -> dict[str, Any]:
        """The answer to a message sent with ``send`` (a result or an error)."""
        with self._lock:
            answers = self._answers.setdefault(ident, queue.Queue())
        return answers.get(timeout=TIMEOUT)

    def send(self, message: dict[str, Any]) -> None:
        """Send any message as it is (a test's malformed one too)."""
        self._send(message)

    def notify(self, method: str, params: object) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def initialize(self, root: Path, options: dict[str, object] | None = None) -> Any:
        result = self.request("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {},
            "initializationOptions": options or {}})
        self.notify("initialized", {})
        return result

    def diagnostics(self, uri: str, version: int | None = None) -> list[dict[str, Any]]:
        """The next diagnostics published for ``uri`` (of ``version``, when given)."""
        while True:
            message = self.notifications.get(timeout=TIMEOUT)
            if message["method"] != "textDocument/publishDiagnostics":
                continue
            params = message["params"]
            if params["uri"] == uri and (version is None or params.get("version") == version):
                diagnostics: list[dict[str, Any]] = params["diagnostics"]
                return diagnostics

    def open(self, path: Path, text: str | None = None, version: int = 1) -> str:
        uri = path.resolve().as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": version,
            "text": path.read_text(encoding="utf-8") if text is None else text}})
        return uri

    def change(self, uri: str, version: int, text: str) -> None:
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": [{"text": text}]})

    def edit(self, uri: str, version: int, line: int, start: int, end: int, text: str) -> None:
        """Replace characters ``start`` to ``end`` of 0-based ``line``, as editors send a
        keystroke (incremental sync)."""
        where = {"start": {"line": line, "character": start},
                 "end": {"line": line, "character": end}}
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                               "contentChanges": [{"range": where,
                                                                   "text": text}]})

    def close(self) -> int:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            return self.process.wait(timeout=TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()
