"""The base views of the API's resources: finding the game, or the club (tournament,
entry, round), a URL names, and the permission checks the views share.

Who may do what is :mod:`tournaments.services.access`'s call (asked by the services,
and by the views only to choose what to show); the views only read the request, call
the service and shape the answer. Writes run in a transaction (``@atomic``), so a
refused request changes nothing, even where a service writes twice.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.views import APIView

from tavolo.ids import MAX_ID
from tournaments.api.shared.fields import MAX_ROUND
from tournaments.api.shared.parsers import BoundedJSONParser
from tournaments.models import Club, Entry, Game, Round, Tournament
from tournaments.services import access, clubs, game_store, rounds, tournaments
from tournaments.services.access import can_manage
from tournaments.services.errors import Forbidden, NotFound


class QueryCheckedView(APIView):
    # A view that refuses query parameters it does not read (a misspelt ``?seet=1``
    # is an error, not the default silently). ``query_names``: the ones it reads.
    query_names: tuple[str, ...] = ()

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        unknown = sorted(set(request.query_params) - set(self.query_names))
        if unknown:
            takes = ", ".join(self.query_names) or _("none")
            message = _("unknown query parameter (the parameters here are: %(names)s)")
            raise ValidationError({name: [message % {"names": takes}] for name in unknown})


class GameAPIView(QueryCheckedView):
    # The base of the game resources' views (no docstring: the schema would show it
    # for each). Bodies are JSON only, read through the bounded parser.
    parser_classes = [BoundedJSONParser]

    @staticmethod
    def game(game_id: uuid.UUID) -> Game:
        """The game (404 if there is none), read by the game store. Its seats are read
        only when a permission needs them (:func:`access.seat_users`, cached once it
        started)."""
        return game_store.get(game_id)

    @staticmethod
    def must_manage(request: Request, game: Game, what: str) -> None:
        if not can_manage(request.user, game):
            raise Forbidden(f"only the game's creator or a director may {what}")


class ClubAPIView(QueryCheckedView):
    # The base of the club resources' views (no docstring: the schema would show it).
    parser_classes = [BoundedJSONParser]

    @staticmethod
    def club(slug: str) -> Club:
        return clubs.club_by_slug(slug)

    @classmethod
    def tournament(cls, slug: str, tournament: str) -> Tournament:
        return tournaments.tournament_in(cls.club(slug), tournament)

    @staticmethod
    def entry(tournament: Tournament, entry_id: int) -> Entry:
        if entry_id > MAX_ID:
            raise NotFound(f"{tournament.name} has no entry {entry_id}")
        return tournaments.entry_of(tournament, entry_id)

    @staticmethod
    def round(request: Request, tournament: Tournament, number: int) -> Round:
        """Round ``number``; a draft only for the club's directors (404 for others,
        exactly as if it did not exist)."""
        missing = NotFound(f"{tournament.name} has no round {number}")
        if number > MAX_ROUND:
            raise missing
        round_ = rounds.round_of(tournament, number)
        if not round_.is_published and not access.is_tournament_director(request.user, tournament):
            raise missing
        return round_
