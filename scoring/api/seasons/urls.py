"""The seasons resource's URLs."""

from django.urls import path

from scoring.api.seasons import views
from tournaments.api.shared.paths import CLUB

urlpatterns = [
    path(CLUB + "seasons/", views.SeasonsView.as_view(), name="api-seasons"),
    path(CLUB + "seasons/<slug:season>", views.SeasonView.as_view(), name="api-season"),
    path(
        CLUB + "seasons/<slug:season>/table",
        views.SeasonTableView.as_view(),
        name="api-season-table",
    ),
]
