"""A tiny blocking websocket client for the benchmarks (RFC 6455, text frames only).

Enough to watch a Tavolo push channel: the opening handshake (with the Origin and
the session cookie a page would send), then reading the server's unmasked text
frames (answering pings, stopping at a close). Not for general use.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import struct
from typing import Any


class Closed(Exception):
    """The server closed the connection (or refused it)."""


class WebSocket:
    def __init__(self, host: str, port: int, path: str, cookie: str, timeout: float) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            f"Sec-WebSocket-Version: 13\r\nOrigin: http://{host}:{port}\r\n"
            f"Cookie: {cookie}\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        self.buffer = b""
        head = self._until(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 101"):
            raise Closed(head.split(b"\r\n", 1)[0].decode(errors="replace"))

    def _until(self, marker: bytes) -> bytes:
        while marker not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(marker, 1)
        return head

    def _fill(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise Closed("connection closed")
        self.buffer += chunk

    def _take(self, count: int) -> bytes:
        while len(self.buffer) < count:
            self._fill()
        taken, self.buffer = self.buffer[:count], self.buffer[count:]
        return taken

    def _send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        length = len(payload)
        header = (
            struct.pack("!BB", 0x80 | opcode, 0x80 | length)
            if length < 126
            else (struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length))
        )
        self.sock.sendall(header + mask + masked)

    def receive_json(self) -> Any:
        """The next text message, decoded (pings answered on the way)."""
        while True:
            first, second = self._take(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", self._take(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", self._take(8))
            payload = self._take(length)
            if opcode == 0x1:
                return json.loads(payload)
            if opcode == 0x8:
                raise Closed(f"closed by the server: {payload[:2].hex()}")
            if opcode == 0x9:
                self._send(0xA, payload)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._send(0x8, struct.pack("!H", 1000))
        self.sock.close()
