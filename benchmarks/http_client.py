"""JSON over one HTTP/1.1 connection to the bench's gunicorn on 127.0.0.1 (the client
of :mod:`benchmarks.api_bench` and of the tests that start the bench's server)."""

from __future__ import annotations

import http.client
import json
from typing import Any

HOST = "127.0.0.1"
REQUEST_TIMEOUT = 30.0


class Client:
    """JSON over one HTTP/1.1 connection to 127.0.0.1 (reopened when the server closes it)."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.port = port
        self.headers = {"Accept": "application/json"}
        if token:
            self.headers["Authorization"] = f"Token {token}"
        self.conn = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = dict(self.headers)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # A kept-alive connection the server had closed: reconnect once.
                self.conn.close()
                if attempt == 2:
                    raise
        if response.will_close:
            self.conn.close()
        content = json.loads(raw) if raw and raw[:1] in (b"{", b"[") else raw
        return response.status, content

    def expect(self, method: str, path: str, body: Any = None, status: int = 200) -> Any:
        got, content = self.request(method, path, body)
        if got != status:
            raise RuntimeError(f"{method} {path} answered {got}, not {status}: {content!r}")
        return content
