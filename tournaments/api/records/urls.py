"""The records resource's URLs."""

from django.urls import path

from tournaments.api.records import views
from tournaments.api.shared.paths import GAME

urlpatterns = [
    path("games/import", views.ImportView.as_view(), name="api-game-import"),
    path(GAME + "record", views.RecordView.as_view(), name="api-game-record"),
    path(GAME + "fairness", views.FairnessView.as_view(), name="api-game-fairness"),
    path(
        GAME + "fairness/verify",
        views.FairnessVerifyView.as_view(),
        name="api-game-fairness-verify",
    ),
]
