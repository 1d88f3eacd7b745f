"""OpenAPI post-processing: what every authenticated operation may answer."""

from __future__ import annotations

from typing import Any

UNAUTHORIZED = {
    "description": (
        "no credentials, or a token that is not valid: send `Authorization: Token <token>` "
        "(the `WWW-Authenticate` header says so)"
    ),
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


def document_unauthorized(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Add the 401 answer to every operation that accepts credentials: an anonymous
    write, a read that needs a user, or a bad token is refused with 401 and
    ``WWW-Authenticate: Token`` (token authentication is DRF's first class)."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict) or not operation.get("security"):
                continue
            operation.setdefault("responses", {}).setdefault("401", UNAUTHORIZED)
    return result
