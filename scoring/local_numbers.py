"""Numbers for people in the active language: ``2.5`` in English, ``2,5`` in Italian.

:func:`scoring.numbers.shown` (pure, no Django) writes a number the English way; the
pages and PDFs show it with the active language's decimal separator (Django's
``DECIMAL_SEPARATOR`` format). The exports (CSV, JSON) keep the pure module's point.
"""

from __future__ import annotations

from fractions import Fraction

from django.utils.formats import get_format

from scoring import numbers

__all__ = ["shown"]


def shown(value: int | str | Fraction, percent: bool = False) -> str:
    """:func:`scoring.numbers.shown`, with the active language's decimal separator."""
    text = numbers.shown(value, percent)
    separator = str(get_format("DECIMAL_SEPARATOR"))
    return text.replace(".", separator) if separator != "." else text
