"""``{{ value|club_time }}``: a stored time (a datetime, or ISO text as the services
give it) on the clock of the page's club (the zone the middleware activated)."""

from __future__ import annotations

import datetime as dt

from django import template
from django.utils import dateformat, timezone

register = template.Library()


@register.filter
def club_time(value: object, fmt: str = "j M Y, H:i") -> str:
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value)
        except ValueError:
            return value
    if not isinstance(value, dt.datetime):
        return ""
    if timezone.is_naive(value):
        value = timezone.make_aware(value, dt.UTC)
    return dateformat.format(timezone.localtime(value), fmt)
