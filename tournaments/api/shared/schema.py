"""The schema says what the server accepts, no more (issue 15): a post-processing hook
of drf-spectacular (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``).

- Every request body is an object holding only the fields it declares
  (``additionalProperties: false``), as the server refuses any other field
  (:class:`~tournaments.api.shared.strict.StrictSerializer`); the objects nested in
  request bodies too, except the free-form ones (options, events, scoring settings)
  that say ``additionalProperties: true`` themselves.
- Request components are separate from response ones (``COMPONENT_SPLIT_REQUEST``),
  so a string that may not be blank says ``minLength: 1``; as the server trims
  spaces and refuses NUL characters in strings, a free string's ``pattern`` says so
  too (one that may not be blank holds a character that is not a space).
"""

from __future__ import annotations

from typing import Any

NO_NUL = r"^[^\x00]*$"
NOT_BLANK = r"^[^\x00]*[^\x00\s][^\x00]*$"


def _text(schema: dict[str, Any]) -> None:
    """A free string (no format, pattern or values listed): no NUL, not all spaces."""
    if schema.get("type") != "string" or {"format", "pattern", "enum"} & schema.keys():
        return
    schema["pattern"] = NOT_BLANK if schema.get("minLength", 0) >= 1 else NO_NUL


def _close(schema: Any, components: dict[str, Any], seen: set[str]) -> None:
    if not isinstance(schema, dict):
        return
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
        name = ref.rsplit("/", 1)[-1]
        if name not in seen and name in components:
            seen.add(name)
            _close(components[name], components, seen)
        return
    _text(schema)
    if schema.get("type") == "object" and "properties" in schema:
        schema.setdefault("additionalProperties", False)
    for key in ("properties",):
        for value in (schema.get(key) or {}).values():
            _close(value, components, seen)
    for key in ("items",):
        _close(schema.get(key), components, seen)
    for key in ("allOf", "oneOf", "anyOf"):
        for value in schema.get(key) or []:
            _close(value, components, seen)


def _needs_a_field(schema: Any, components: dict[str, Any]) -> bool:
    """Whether a body of this schema must hold some field (so cannot be left out)."""
    ref = (schema or {}).get("$ref", "")
    schema = components.get(ref.rsplit("/", 1)[-1], schema) if ref else schema
    return bool((schema or {}).get("required") or (schema or {}).get("minProperties"))


def closed_request_bodies(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """``additionalProperties: false`` on every request body's objects."""
    components = result.get("components", {}).get("schemas", {})
    seen: set[str] = set()
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            body = operation.get("requestBody") or {}
            for media in (body.get("content") or {}).values():
                _close(media.get("schema"), components, seen)
                if _needs_a_field(media.get("schema"), components):
                    body["required"] = True
    return result
