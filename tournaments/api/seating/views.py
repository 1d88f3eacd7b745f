"""``GET …/tournaments/{t}/my-place``: where the logged-in player sits this round."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.seating.serializers import MyPlaceSerializer
from tournaments.api.shared.errors import club_errors
from tournaments.api.shared.views import ClubAPIView
from tournaments.services.errors import NotFound
from tournaments.services.seating import Place, my_place
from tournaments.web.pairings import place_link


def place_detail(place: Place) -> dict[str, Any]:
    if place.table is None:
        return {
            "round": place.round,
            "bye": True,
            "table": None,
            "seat": None,
            "game": None,
            "others": [],
            "page": None,
        }
    return {
        "round": place.round,
        "bye": False,
        "table": place.table.number,
        "seat": place.seat,
        "game": place.table.game_id,
        "others": list(place.others),
        "page": place_link(place)["link"],
    }


class MyPlaceView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Where you sit in the latest published round (your table, seat, or a bye)",
        responses={200: MyPlaceSerializer, **club_errors(403, 404)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.tournament(slug, tournament)
        place = my_place(found, request.user)
        if place is None:
            raise NotFound(f"you have no place in a published round of {found.name}")
        return Response(place_detail(place))
