"""The smallest WSGI application that answers like the move path (``http_floor_bench``):
it reads the request's body and answers a fixed JSON body of a move's answer's size,
with no Django, no database and no work between. What gunicorn spends serving it is
the floor under any request the site serves."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

# About the size of a whist move's answer (the accepted event and ``next``).
BODY = json.dumps(
    {
        "event": {"type": "play", "seat": 2, "card": "QH"},
        "version": 42,
        "next": {"seat": 3, "version": 42, "legal_actions": []},
        "padding": "x" * 400,
    }
).encode()
HEADERS = [
    ("Content-Type", "application/json"),
    ("Content-Length", str(len(BODY))),
    ("Vary", "Accept"),
    ("Allow", "POST, OPTIONS"),
    ("X-Frame-Options", "DENY"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
]


def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    length = int(environ.get("CONTENT_LENGTH") or 0)
    if length:
        environ["wsgi.input"].read(length)
    start_response("200 OK", HEADERS)
    return [BODY]
