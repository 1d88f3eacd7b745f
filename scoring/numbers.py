"""Numbers as people and the exports read them (pure Python; no Django).

Every page, PDF, export and sentence that shows a score, a point value or a place
formats it here, so "2.5", "66.7%", "3rd" read the same everywhere:

- :func:`shown`: an exact number for people (``3``, ``2.5``, ``1.33``, ``66.7%``);
- :func:`exact`: an exact number as JSON (an int, or ``"p/q"``);
- :func:`approximate`: a stored exact number as a JSON number (6 decimals at most);
- :func:`decimal_json`: a form's decimal as a JSON number (``2`` or ``1.5``);
- :func:`ordinal`: a place, ``1st`` … ``8th``, then ``9.`` (to translate when shown).

The ordinals are English, marked with :func:`gettext_noop` so that Django's
``makemessages`` collects them; the pages translate them when they show them.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

__all__ = ["approximate", "decimal_json", "exact", "gettext_noop", "ordinal", "shown"]


def gettext_noop(message: str) -> str:
    """Marks a string for translation without translating it (Django's name for it)."""
    return message


def shown(value: int | str | Fraction, percent: bool = False) -> str:
    """An exact number for people: ``3``, ``2.5``, ``1.33``, ``66.7%`` (``⅓`` as ``0.33``)."""
    f = Fraction(value)
    if percent:
        return f"{float(f) * 100:.1f}%"
    if f.denominator == 1:
        return str(f.numerator)
    return f"{float(f):.2f}".rstrip("0").rstrip(".")


def exact(value: Fraction) -> int | str:
    """An exact number as JSON: an int, or ``"p/q"``."""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def approximate(value: int | str) -> int | float:
    """A stored exact number (an int or ``"p/q"``) as a JSON number (6 decimals at most)."""
    f = Fraction(value)
    return f.numerator if f.denominator == 1 else round(float(f), 6)


def decimal_json(value: Decimal) -> int | float:
    """A decimal (a form's, a model's) as a JSON number: ``2``, not ``2.0``."""
    return int(value) if value == value.to_integral_value() else float(value)


_ORDINALS = (
    gettext_noop("1st"),
    gettext_noop("2nd"),
    gettext_noop("3rd"),
    gettext_noop("4th"),
    gettext_noop("5th"),
    gettext_noop("6th"),
    gettext_noop("7th"),
    gettext_noop("8th"),
)


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ... (1-based; past the 8th, ``9.``, ``10.`` ...)."""
    return _ORDINALS[place - 1] if 1 <= place <= len(_ORDINALS) else f"{place}."
