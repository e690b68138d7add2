"""The local web servers' test support, shared by tests/web, tests/solitaire and tests/table:
run a server in the background for one test, and ask it one request.

    @pytest.fixture
    def server() -> Iterator[TableServer]:
        with serving(TableServer(match, 0)) as served:
            yield served

    status, state = ask(server, "GET", "/api/state")
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from typed_mahjong.localweb import LocalServer

Served = TypeVar("Served", bound=LocalServer)


@contextmanager
def serving(server: Served) -> Iterator[Served]:
    """``server`` answering on its port in a background thread, shut down and closed after."""
    server.serve_in_background()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def ask(server: LocalServer, method: str, path: str, body: bytes | None = None,
        headers: dict[str, str] | None = None, *, timeout: float = 30,
        raw: bool = False) -> tuple[int, Any]:
    """One request: the status and the body, decoded from JSON when the server says it is
    JSON, else as text (``raw``: as bytes)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        if "json" in response.getheader("Content-Type", ""):
            return response.status, json.loads(data)
        return response.status, data if raw else data.decode()
    finally:
        connection.close()
