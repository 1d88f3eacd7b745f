"""A JSON parser that refuses what DRF's own would choke on.

DRF's JSON parser turns only ``ValueError`` into a 400. This one also answers with a
400 parse error:

- a body nested thousands of levels deep (``json`` raises ``RecursionError``), and
  any nested deeper than ``MAX_DEPTH``: no request of this API needs more, and deep
  values would hit the recursion limit later on;
- strings with unpaired surrogates: ``"\\ud800"`` is valid JSON but not text, and
  storing or echoing it would fail with a 500.

It also reads no more than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (413 beyond),
whichever way DRF hands it the body (DRF 3.15+ reads ``request.body``, which enforces
that limit itself; the exception handler turns Django's ``RequestDataTooBig`` into a
JSON 413 too).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser
from rest_framework.utils.json import strict_constant

MAX_DEPTH = 32
"""How deeply arrays and objects may nest in a request body."""


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "the request body is too large"
    default_code = "too_large"


class BoundedJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw: bytes = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise RequestTooLarge(f"the request body is larger than {limit} bytes")
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            data = json.loads(raw.decode(encoding), parse_constant=strict_constant)
        except (ValueError, RecursionError) as error:
            raise ParseError(f"JSON parse error - {error}") from None
        problem = _problem(data)
        if problem:
            raise ParseError(f"JSON parse error - {problem}")
        return data


def _problem(value: Any) -> str | None:
    """What makes a parsed body unusable (too deep, or a string that is not text), or
    ``None``. Walks the value without recursion."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str):
            if not _is_text(item):
                return "a string holds an unpaired surrogate (such as \\ud800), not text"
            continue
        if isinstance(item, dict):
            children: Any = [*item.keys(), *item.values()]
        elif isinstance(item, list):
            children = item
        else:
            continue
        if level > MAX_DEPTH:
            return f"values nest deeper than {MAX_DEPTH} levels"
        stack.extend((child, level + 1) for child in children)
    return None


def _is_text(string: str) -> bool:
    # JSON's \ud800 escapes decode to lone surrogates, which no database or response
    # can encode: refused here, they would be a 500 wherever they went next.
    try:
        string.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
