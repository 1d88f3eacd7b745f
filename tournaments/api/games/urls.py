"""The games resource's URLs."""

from django.urls import path

from tournaments.api.games import views
from tournaments.api.shared.paths import GAME

urlpatterns = [
    path("games/catalog", views.CatalogView.as_view(), name="api-game-catalog"),
    path("games/", views.GameCreateView.as_view(), name="api-games"),
    path(GAME, views.GameDetailView.as_view(), name="api-game"),
    path(GAME + "seats/<int:number>", views.SeatAssignView.as_view(), name="api-game-seat"),
    path(GAME + "start", views.StartView.as_view(), name="api-game-start"),
]
