"""The casual games resource's URLs."""

from django.urls import path

from tournaments.api.casual import views
from tournaments.api.shared.paths import GAME

urlpatterns = [
    path("games/casual", views.CasualGameView.as_view(), name="api-game-casual"),
    path("games/join/<str:token>", views.JoinView.as_view(), name="api-game-join"),
    path(GAME + "invitations", views.InvitationsView.as_view(), name="api-game-invitations"),
    path(GAME + "bots", views.BotsView.as_view(), name="api-game-bots"),
    path(
        GAME + "invitations/<int:seat>",
        views.InvitationSeatView.as_view(),
        name="api-game-invitation",
    ),
]
