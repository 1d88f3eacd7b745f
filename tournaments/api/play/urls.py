"""The play resource's URLs."""

from django.urls import path

from tournaments.api.play import views
from tournaments.api.shared.paths import GAME

urlpatterns = [
    path(GAME + "view", views.GameViewView.as_view(), name="api-game-view"),
    path(GAME + "legal", views.LegalView.as_view(), name="api-game-legal"),
    path(GAME + "events", views.EventsView.as_view(), name="api-game-events"),
    path(GAME + "version", views.VersionView.as_view(), name="api-game-version"),
    path(GAME + "seats/<int:number>/look", views.LookView.as_view(), name="api-game-seat-look"),
]
