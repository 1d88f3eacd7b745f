"""The rounds resource's URLs."""

from django.urls import path

from tournaments.api.rounds import views
from tournaments.api.shared.paths import ROUND, TOURNAMENT

urlpatterns = [
    path(TOURNAMENT + "rounds/", views.RoundsView.as_view(), name="api-rounds"),
    path(ROUND, views.RoundView.as_view(), name="api-round"),
    path(ROUND + "preview", views.PreviewView.as_view(), name="api-round-preview"),
    path(ROUND + "swap", views.SwapView.as_view(), name="api-round-swap"),
    path(ROUND + "publish", views.PublishView.as_view(), name="api-round-publish"),
    path(ROUND + "close", views.CloseView.as_view(), name="api-round-close"),
    path(ROUND + "corrections", views.CorrectionsView.as_view(), name="api-round-corrections"),
]
