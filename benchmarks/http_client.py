"""JSON over one HTTP/1.1 connection to the bench's gunicorn on 127.0.0.1 (the client
of :mod:`benchmarks.api_bench` and of the tests that start the bench's server)."""

from __future__ import annotations

import http.client
import io
import json
import sys
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


def wsgi_environ(method: str, target: str, token: str | None, body: bytes | None) -> dict[str, Any]:
    """The ``environ`` a server hands a WSGI application for ``method target`` (path and
    query) from 127.0.0.1 with ``token`` and a JSON ``body``, for the benchmarks that
    call the site's application in their own process."""
    path, _, query = target.partition("?")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": HOST,
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": HOST,
        "HTTP_HOST": HOST,
        "HTTP_ACCEPT": "application/json",
        "wsgi.input": io.BytesIO(body or b""),
        "wsgi.errors": sys.stderr,
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if token:
        environ["HTTP_AUTHORIZATION"] = f"Token {token}"
    if body is not None:
        environ.update(CONTENT_TYPE="application/json", CONTENT_LENGTH=str(len(body)))
    return environ
