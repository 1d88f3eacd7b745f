"""The standings resource's URLs."""

from django.urls import path

from scoring.api.standings import views
from tournaments.api.shared.paths import TOURNAMENT

urlpatterns = [
    path(TOURNAMENT + "prizes/", views.PrizeCategoriesView.as_view(), name="api-prizes"),
    path(TOURNAMENT + "report/", views.FinalReportView.as_view(), name="api-report"),
    path(TOURNAMENT + "standings/", views.StandingsView.as_view(), name="api-standings"),
]
