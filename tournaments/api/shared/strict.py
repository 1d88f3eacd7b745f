"""Strict request parsing for the club and tournament API.

DRF's fields are lenient: an ``IntegerField`` takes ``"5"``, a ``BooleanField``
``"yes"``, a ``CharField`` the number ``7``. A JSON API has types, so these fields
take only the JSON type they name, and :class:`StrictSerializer` refuses fields it
does not know (a misspelt setting is an error, not silently ignored). Each error is
keyed by its field, so the answer names it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tavolo.ids import MAX_ID
from tournaments.services import slugs
from tournaments.services.errors import ServiceError


class StrictSerializer(serializers.Serializer):
    """A request body: a JSON object holding only the fields declared."""

    # Keywords added to the request schema where a rule across fields can be said
    # there ({"minProperties": 1}: at least one field), so that the schema is no
    # looser than validate().
    schema_extra: dict[str, Any] = {}

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(str(key) for key in data if key not in self.fields)
            if unknown:
                known = ", ".join(self.fields) or "none"
                raise serializers.ValidationError(
                    {key: [f"unknown field (the fields are: {known})"] for key in unknown}
                )
        return super().to_internal_value(data)


class StrictSerializerSchema(OpenApiSerializerExtension):
    """A strict request body's schema: closed to other fields, plus its ``schema_extra``."""

    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        schema = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            schema["additionalProperties"] = False
            schema.update(self.target.schema_extra)
        return schema


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer (not a string, a float or a boolean)."""

    default_error_messages = {"not_an_integer": "must be a whole number, not {kind}"}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("not_an_integer", kind=type(data).__name__)
        return super().to_internal_value(data)


class IdField(StrictIntegerField):
    """An object's id."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(**kwargs)


SLUG_OR_BLANK = RegexValidator(
    "^(?:" + slugs.PATTERN.strip("^$") + ")?$",
    _(
        "is not a short name: use only lowercase letters, digits, hyphens (never two "
        "together) and underscores, starting and ending with a letter or digit"
    ),
)
"""A short name in web addresses as it stands (or blank: made from the name)."""


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"not_a_boolean": "must be true or false, not {kind}"}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("not_a_boolean", kind=type(data).__name__)
        return data


class StrictCharField(serializers.CharField):
    """A JSON string (a number is not turned into one)."""

    default_error_messages = {"not_a_string": "must be a string, not {kind}"}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string", kind=type(data).__name__)
        return super().to_internal_value(data)


class StrictChoiceField(serializers.ChoiceField):
    default_error_messages = {
        "invalid_choice": "{input!r} is not one of: {choices}",
    }

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str) or data not in self.choices:
            self.fail("invalid_choice", input=data, choices=", ".join(str(c) for c in self.choices))
        return data


@extend_schema_field(
    {"type": "object", "additionalProperties": True, "description": "a JSON object"}
)
class ObjectField(serializers.JSONField):
    """A JSON object (not a list, string or number) that PostgreSQL's ``jsonb`` can
    store: no string in it (key or value) holds a NUL character."""

    default_error_messages = {
        "not_an_object": "must be a JSON object",
        "null_character": "strings in it must not hold NUL (\\u0000) characters",
    }

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not isinstance(value, dict):
            self.fail("not_an_object")
        stack: list[Any] = [value]
        while stack:  # the parser bounds the depth
            item = stack.pop()
            if isinstance(item, str) and "\x00" in item:
                # What the object may hold is the game's or the tournament's to say (its
                # rules refuse unknown keys in words too); no NUL anywhere in it is
                # PostgreSQL's, which OpenAPI 3.0 cannot state of a free object: a
                # refusal of the content, in ``detail``, not of the request's shape.
                raise ServiceError(
                    f"{self.field_name}: {self.error_messages['null_character']}",
                    field=self.field_name,
                )
            if isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
        return value


def choice(choices: Any, *, strict: bool = False, **kwargs: Any) -> serializers.ChoiceField:
    """A choice field whose values are listed inline in the schema.

    drf-spectacular turns every enum into a component named after its field and
    warns when one name (``status``, ``mode``) stands for several choice sets; the
    game API's ``status`` and ``mode`` already hold that name. Wrapped in ``allOf``,
    the values stay exact in the schema without an enum component of their own.
    """
    values = [item[0] if isinstance(item, tuple) else item for item in choices]
    # (A description keeps drf-spectacular from unwrapping a lone ``allOf``.)
    schema: dict[str, Any] = {
        "allOf": [{"type": "string", "enum": values}],
        "description": kwargs.get("help_text") or "one of: " + ", ".join(values),
    }
    if kwargs.get("allow_null"):
        schema["nullable"] = True
    base = StrictChoiceField if strict else serializers.ChoiceField
    field_class = extend_schema_field(schema)(type("InlineChoiceField", (base,), {}))
    return field_class(choices=choices, **kwargs)
