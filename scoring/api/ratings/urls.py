"""The ratings resource's URLs."""

from django.urls import path

from scoring.api.ratings import views
from tournaments.api.shared.paths import CLUB

urlpatterns = [
    path(
        "players/<int:player_id>/ratings",
        views.PlayerRatingsView.as_view(),
        name="api-player-ratings",
    ),
    path(CLUB + "ladder", views.LadderView.as_view(), name="api-club-ladder"),
    path(
        CLUB + "rating-settings",
        views.RatingSettingsView.as_view(),
        name="api-club-rating-settings",
    ),
]
