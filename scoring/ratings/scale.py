"""The rating model's settings and how a rating reads to a person.

The model is OpenSkill's Plackett-Luce (Weng & Lin, 2011): it rates a table of any
number of sides in one update, partners as one side, and equal places as a draw. A
newcomer starts at ``mu = 25``, ``sigma = 25/3`` (the model's defaults).

People read a rating as one whole number on the scale club players know from Elo:
``60 × mu``, so a newcomer shows 1500, with its uncertainty as "± 120 × sigma" (two
standard deviations: the true strength lies within it about 95 times in 100). A
rating is *provisional* until it rests on :data:`PROVISIONAL_GAMES` rated games.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
SCALE = 60
"""Points shown per unit of ``mu``: ``60 × 25`` = 1500 for a newcomer."""
PROVISIONAL_GAMES = 10
"""Below this many rated games a rating is marked provisional."""


@cache
def model() -> PlackettLuce:
    """The one model every rating is computed with (same settings everywhere)."""
    return PlackettLuce(mu=MU, sigma=SIGMA)


def shown(mu: float) -> int:
    """The rating a person reads: 1500 for a newcomer."""
    return round(SCALE * mu)


def shown_uncertainty(sigma: float) -> int:
    """The "±" a person reads after the rating (two standard deviations)."""
    return round(2 * SCALE * sigma)


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def win_chances(sides: Sequence[Sequence[tuple[float, float]]]) -> list[float]:
    """Each side's chance of finishing first at the table, from its players'
    ``(mu, sigma)``; the chances add up to 1."""
    if len(sides) < 2:
        raise ValueError("a table needs at least two sides")
    m = model()
    teams = [[m.rating(mu=mu, sigma=sigma) for mu, sigma in side] for side in sides]
    return [float(p) for p in m.predict_win(teams)]
