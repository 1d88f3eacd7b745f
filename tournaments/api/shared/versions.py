"""Conditional writes for the records edited in place (a tournament's settings, an
entry, a member's role): ``ETag`` out, ``If-Match`` in.

Each such record has a ``version`` (see :mod:`tournaments.services.versions`); its
``ETag`` is that number in quotes (``"4"``). A GET or a successful write answers it
(and the ``version`` field of the body). A write that sends ``If-Match: "4"`` is made
only if the record is still at version 4; otherwise nothing changes and the answer is
**412 Precondition Failed** with the record as it is now in ``current`` (and its
``ETag``), so the client can show it and ask again. ``If-Match`` is optional: without
it (or with ``*``) the write applies to whatever version is current, as it always
has, so existing clients keep working; clients that edit what they showed a person
should send it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.services.errors import ServiceError
from tournaments.services.versions import StaleVersion

T = TypeVar("T")


class PreconditionFailed(ServiceError):
    """A write's ``If-Match`` names a version the record has left."""

    status = 412

    def __init__(self, message: str, *, version: int, current: dict[str, Any]) -> None:
        super().__init__(message, version=version, current=current)
        self.headers = {"ETag": etag(version)}


class PreconditionSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="what was wrong, in words")
    version = serializers.IntegerField(help_text="the record's current version (its ETag)")
    current = serializers.JSONField(
        help_text="the record as it is now, as a GET answers it: nothing was changed"
    )


IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description='The `ETag` (e.g. `"4"`) of the version this edit starts from: if the '
    "record has changed since, nothing is written and the answer is 412 with the "
    "record as it is now. Optional: without it (or with `*`) the edit applies to the "
    "current version.",
)

PRECONDITION_FAILED = {
    412: OpenApiResponse(
        PreconditionSerializer,
        description="`If-Match` names an older version: someone else changed the record; "
        "`current` is the record now (nothing was written)",
    )
}

ETAG_NOTE = (
    " The answer's `ETag` header (also the `version` field) is the record's version: "
    "send it back in `If-Match` to make an edit only if nobody changed the record since."
)


def etag(version: int) -> str:
    return f'"{version}"'


def if_match(request: Request) -> int | None:
    """The version an ``If-Match`` header names (``None``: no header, or ``*``). A
    weak or foreign tag names no version of ours (-1), so the write is refused (412)."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    if header.startswith("W/"):  # If-Match compares strongly: a weak tag never matches
        return -1
    tag = header
    if tag.startswith('"') and tag.endswith('"') and len(tag) >= 2:
        tag = tag[1:-1]
    else:
        raise ServiceError(
            _('If-Match must be an ETag this API gave, in quotes (e.g. "4"), or *.'),
            field="If-Match",
        )
    if not tag.isdigit() or len(tag) > 9:
        return -1
    return int(tag)


def tagged(response: Response, version: int) -> Response:
    response["ETag"] = etag(version)
    return response


def guarded(
    request: Request, change: Callable[[int | None], T], current: Callable[[], dict[str, Any]]
) -> T:
    """``change(expected_version)`` with the version ``If-Match`` names; a stale one
    becomes :class:`PreconditionFailed` carrying ``current()``, the record now."""
    expected = if_match(request)
    try:
        return change(expected)
    except StaleVersion as stale:
        raise PreconditionFailed(
            _(
                "Someone else changed this since the version you sent (If-Match): nothing "
                "was changed; here it is now."
            ),
            version=stale.details["version"],  # type: ignore[arg-type]
            current=current(),
        ) from None
