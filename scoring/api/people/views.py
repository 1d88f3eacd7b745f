"""The people resource's views (JSON), under ``/api/`` (``scoring/api/urls.py``).

``GET /api/players/<id>`` — a person's page: clubs, tournaments with their places,
most frequent partners and opponents; ``GET /api/players/<id>/games?page=`` — their
finished games, newest first, a page at a time; ``GET /api/players/<id>/versus/<other>``
— the head-to-head of two people. They read through the same functions as the pages
(:mod:`scoring.person`, :mod:`scoring.tablemates`) and are as public: names and
results, never a login name, an e-mail or a game's hidden cards. A bot or an unknown
id is a 404, as on the pages. Pages, places, rounds and tables count from 1.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring import person, tablemates
from scoring.api.people import serializers as s
from scoring.person import Placing, PlayedGame
from scoring.tablemates import Meeting, Record
from tournaments.api.shared.errors import club_errors
from tournaments.api.shared.views import QueryCheckedView
from tournaments.games import profile_for
from tournaments.models import Club, Game, Player
from tournaments.services.errors import NotFound, ServiceError


def person_or_404(player_id: int) -> Player:
    """The person (never a bot); a removed record's 404 says whose history it is now."""
    found = person.person_or_none(player_id)
    if found is not None:
        return found
    moved = person.claimed_into(player_id)
    if moved is not None:
        raise NotFound(
            _("player %(id)s's history is now player %(moved)s's")
            % {"id": player_id, "moved": moved}
        )
    raise NotFound(_("there is no player %(id)s") % {"id": player_id})


class PersonView(QueryCheckedView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A person: clubs, tournaments with final places, partners and opponents",
        responses={200: s.PersonSerializer, **club_errors(400, 404)},
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = person_or_404(player_id)
        placings, total = person.placings(player)
        partners, opponents = tablemates.partners_and_opponents(player)
        return Response(
            {
                **named(player),
                "clubs": [club(c) for c in person.clubs_of(player)],
                "tournaments": [placing(p) for p in placings],
                "tournaments_total": total,
                "partners": [record(r) for r in partners],
                "opponents": [record(r) for r in opponents],
            }
        )


class PersonGamesView(QueryCheckedView):
    permission_classes = [AllowAny]
    query_names = ("page",)

    @extend_schema(
        summary="A person's finished games, newest first, a page at a time",
        parameters=[s.GamesQuerySerializer],
        responses={200: s.GamesPageSerializer, **club_errors(400, 404)},
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = person_or_404(player_id)
        query = s.GamesQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        wanted = query.validated_data.get("page", 1)
        page, games = person.games_page(player, wanted)
        if page.number != wanted:
            pages = page.paginator.num_pages
            raise ServiceError(
                ngettext(
                    "there is no page %(page)s: the games fill %(pages)s page",
                    "there is no page %(page)s: the games fill %(pages)s pages",
                    pages,
                )
                % {"page": wanted, "pages": pages}
            )
        return Response(
            {
                **named(player),
                "page": page.number,
                "pages": page.paginator.num_pages,
                "count": page.paginator.count,
                "games": [played_game(g) for g in games],
            }
        )


class VersusView(QueryCheckedView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The head-to-head of two people: their games as opponents and as partners",
        responses={200: s.VersusSerializer, **club_errors(400, 404)},
    )
    def get(self, request: Request, player_id: int, other_id: int) -> Response:
        player, other = person_or_404(player_id), person_or_404(other_id)
        if player.pk == other.pk:
            raise ServiceError(_("a head-to-head needs two different people"))
        found = tablemates.versus(player, other)
        return Response(
            {
                "player": named(player),
                "other": named(other),
                "as_opponents": tally(found.opponents),
                "as_partners": tally(found.partners),
                "games": [meeting(m) for m in found.meetings],
                "more": found.more,
            }
        )


# ---------------------------------------------------------------------- the answers' shapes


def person_ref(player_id: int, name: str) -> dict[str, Any]:
    return {"player": player_id, "name": name}


def club(found: Club) -> dict[str, Any]:
    return {"club": found.slug, "club_name": found.name}


def placing(p: Placing) -> dict[str, Any]:
    t = p.tournament
    return {
        **club(t.club),
        "tournament": t.slug,
        "name": t.name,
        "game_type": t.game_type,
        "game_name": profile_for(t.game_type).title,
        "starts_on": t.starts_on,
        "finished": p.finished,
        "team": p.team,
        "place": p.rank,
        "entrants": p.entrants,
        "points": p.points,
        "after_round": p.after_round,
    }


def record(r: Record) -> dict[str, Any]:
    return {**tally(r), **person_ref(r.player_id, r.name)}


def tally(r: Record) -> dict[str, Any]:
    return {"games": r.games, "won": r.won, "drawn": r.drawn, "lost": r.lost}


def _where(game: Game) -> dict[str, Any]:
    """Where a game was played: its club, tournament, round and table (numbers from 1),
    all null for a casual game."""
    table = getattr(game, "table", None)
    tournament = table.round.tournament if table is not None else None
    return {
        "game": game.pk,
        "game_type": game.game_type,
        "game_name": profile_for(game.game_type).title,
        "finished_at": game.finished_at,
        "club": tournament.club.slug if tournament else None,
        "tournament": tournament.slug if tournament else None,
        "tournament_name": tournament.name if tournament else None,
        "round": table.round.number if table is not None else None,
        "table": table.number if table is not None else None,
    }


def played_game(g: PlayedGame) -> dict[str, Any]:
    return {
        **_where(g.game),
        "place": g.place,
        "sides": g.sides,
        "result": g.outcome,
        "partners": [person_ref(i, n) for i, n in g.partners],
        "opponents": [person_ref(i, n) for i, n in g.opponents],
        "rating_change": g.change,
    }


def meeting(m: Meeting) -> dict[str, Any]:
    return {**_where(m.game), "together": m.together, "result": m.outcome}


def named(player: Player) -> dict[str, Any]:
    return person_ref(player.pk, player.name)
