"""The claims resource's URLs."""

from django.urls import path

from tournaments.api.claims import views
from tournaments.api.shared.paths import CLUB

urlpatterns = [
    path("players/claim", views.ClaimView.as_view(), name="api-player-claim"),
    path(
        CLUB + "players/<int:player_id>/claim-code",
        views.ClaimCodeView.as_view(),
        name="api-club-claim-code",
    ),
]
