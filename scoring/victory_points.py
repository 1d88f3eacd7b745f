"""Victory points: the FIBUR Burraco tables and the WBF continuous scale (pure Python).

See :mod:`scoring.points` for how a table result is scored with them, and SCORING.md for
the sources. Both split 20 VP between the winner and the loser.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from .errors import ResultError, SettingsError

__all__ = ["FIBUR_TABLES", "VP_TOTAL", "fibur_victory_points", "wbf_victory_points"]

VP_TOTAL = 20
"""The victory points of one match, winner's and loser's together."""

FIBUR_TABLES: Mapping[str, tuple[tuple[int, int], ...]] = {
    # (largest difference of the band, the winner's VP); above the last band: 20-0.
    "3-hand": (
        (50, 10),
        (150, 11),
        (250, 12),
        (350, 13),
        (500, 14),
        (650, 15),
        (800, 16),
        (1000, 17),
        (1250, 18),
        (1500, 19),
    ),
    "4-hand": (
        (100, 10),
        (300, 11),
        (500, 12),
        (700, 13),
        (900, 14),
        (1100, 15),
        (1300, 16),
        (1500, 17),
        (1700, 18),
        (2000, 19),
    ),
}
"""FIBUR competition code art. 17, as tabulated in SCORING.md."""


def fibur_victory_points(difference: Fraction | int, table: str = "4-hand") -> tuple[int, int]:
    """The FIBUR VP (winner, loser) for a point difference (a multiple of 5, >= 0)."""
    if table not in FIBUR_TABLES:
        raise SettingsError("fibur_table", f"must be '3-hand' or '4-hand', not {table!r}")
    diff = Fraction(difference)
    if diff < 0:
        raise ResultError("scores", f"a difference cannot be negative ({diff})")
    if diff.denominator != 1 or diff.numerator % 5:
        raise ResultError(
            "scores", f"Burraco scores are multiples of 5; the difference {diff} is not"
        )
    for upper, vp in FIBUR_TABLES[table]:
        if diff <= upper:
            return vp, VP_TOTAL - vp
    return VP_TOTAL, 0


@functools.lru_cache(maxsize=4096)
def wbf_victory_points(margin: Fraction | int, deals: int) -> Fraction:
    """The winner's VP on the WBF continuous scale, rounded half-up to hundredths (the
    loser gets ``20`` minus this). ``margin`` is in IMP-like units, ``deals`` is ``n``."""
    if deals < 1:
        raise SettingsError("wbf_deals", f"must be at least 1, not {deals}")
    m = Fraction(margin)
    if m < 0:
        raise ResultError("scores", f"a margin cannot be negative ({m})")
    with localcontext() as ctx:
        ctx.prec = 40
        tau = (Decimal(5).sqrt() - 1) / 2
        b = 15 * Decimal(deals).sqrt()
        exponent = 3 * (Decimal(m.numerator) / Decimal(m.denominator)) / b
        # tau ** exponent, as exp(exponent * ln tau): Decimal's power wants whole exponents.
        vp = 10 + 10 * (1 - (exponent * tau.ln()).exp()) / (1 - tau**3)
        vp = min(Decimal(VP_TOTAL), vp).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return Fraction(vp)
