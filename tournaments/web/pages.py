"""What the club, tournament and round forms share: turning a service's refusal into
the form again, with the message next to its field.

Who may open a page is :mod:`tournaments.web.gates`' business; a message as a
sentence, :mod:`tournaments.web.words`'.
"""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.services.errors import ServiceError
from tournaments.web.words import sentence


def attach(
    form: forms.Form,
    error: ServiceError,
    default_field: str | None = None,
    message: str | None = None,
) -> None:
    """Put a service's refusal (or ``message`` for it) next to the form field it names
    (``details["field"]``), else next to ``default_field``, else above the form."""
    field = error.details.get("field") or default_field
    message = sentence(message if message is not None else error)
    if isinstance(field, str) and field in form.fields:
        form.add_error(field, message)
    elif field == "options" and hasattr(form, "option_errors"):
        form.option_errors.append(message)
    else:
        form.add_error(None, message)


def ids(values: list[Any]) -> list[int]:
    """Whole-number ids from form values; a value that is not one is a ServiceError."""
    try:
        return [int(v) for v in values]
    except (TypeError, ValueError):
        raise ServiceError("that choice is not an entrant") from None
