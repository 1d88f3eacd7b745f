"""The tournaments resource's URLs."""

from django.urls import path

from tournaments.api.shared.paths import CLUB, TOURNAMENT
from tournaments.api.tournaments import views

urlpatterns = [
    path(CLUB + "tournaments/", views.TournamentListView.as_view(), name="api-tournaments"),
    path(TOURNAMENT, views.TournamentDetailView.as_view(), name="api-tournament"),
    path(
        TOURNAMENT + "status",
        views.TournamentStatusView.as_view(),
        name="api-tournament-status",
    ),
]
