"""Which games may count for a rating (issue 16; the ratings themselves are issue 18).

A game counts only when it is finished and no bot sat at it: a bot's play says
nothing about a person's strength, and beating a bot must not raise anyone's rating.
The ratings, when they are built, read their games from :func:`rated_games` only.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, QuerySet

from tournaments.models import Game, Seat


def rated_games() -> QuerySet[Game]:
    """The finished games no bot played in (one query, however many games)."""
    with_bot = Seat.objects.filter(game_id=OuterRef("pk"), player__is_bot=True)
    return Game.objects.filter(status=Game.Status.FINISHED).exclude(Exists(with_bot))
