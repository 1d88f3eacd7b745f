"""The trick-taking whists (Italian Whist, German, partnership and three-handed
whist): a plain trick on the table, a row of cards to play, tricks on the tally.

Their family base adds nothing to the defaults of :class:`GameProfile` but the name:
the trumps of the deal are the common fact, each game adds its own.
"""

from __future__ import annotations

from tournaments.games.base import GameProfile


class WhistProfile(GameProfile):
    """A whist: its facts extend the deal's trumps (:meth:`GameProfile.facts`)."""
