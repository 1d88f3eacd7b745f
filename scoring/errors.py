"""The scoring modules' errors and number parsing (pure Python; no Django)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

__all__ = ["ResultError", "ScoringError", "SettingsError", "to_fraction", "type_name"]


class ScoringError(ValueError):
    """Invalid scoring input; ``key`` names the offending setting or field."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        self.message = message
        super().__init__(f"{key}: {message}" if key else message)


class SettingsError(ScoringError):
    """A scoring setting is missing, unknown or out of range."""


class ResultError(ScoringError):
    """A table result is malformed, or does not suit the scoring method."""


def type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float | Fraction | Decimal):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def to_fraction(value: object, key: str, error: type[ScoringError] = ScoringError) -> Fraction:
    """A finite number (int, float, Fraction or Decimal; not a bool) as an exact Fraction.

    A float is read through its shortest decimal form, so ``0.1`` becomes ``1/10``."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise error(key, f"must be a number, not {type_name(value)}")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise error(key, "must be a finite number")
        return Fraction(repr(value))
    if not value.is_finite():
        raise error(key, "must be a finite number")
    return Fraction(value)
