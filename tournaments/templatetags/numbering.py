"""``{{ seat|for_people }}``: a 0-based seat, side, meld or deal index as the number a
person reads (seat 0 is "Seat 1"), through :func:`tournaments.services.numbering.for_people`,
the one place people count from 1. Empty for a missing number (``None``)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.services import numbering

register = template.Library()


@register.filter
def for_people(index: Any) -> int | str:
    try:
        return numbering.for_people(int(index))
    except (TypeError, ValueError):
        return ""
