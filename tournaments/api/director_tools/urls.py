"""The director tools resource's URLs."""

from django.urls import path

from tournaments.api.director_tools import views
from tournaments.api.shared.paths import ROUND, TOURNAMENT

urlpatterns = [
    path(
        TOURNAMENT + "entries/check-in-all",
        views.CheckInAllView.as_view(),
        name="api-entries-check-in-all",
    ),
    path(TOURNAMENT + "entries/bulk", views.SeveralView.as_view(), name="api-entries-bulk"),
    path(TOURNAMENT + "entries/import", views.ImportView.as_view(), name="api-entries-import"),
    path(TOURNAMENT + "archive", views.ArchiveView.as_view(), name="api-tournament-archive"),
    path(TOURNAMENT + "delete", views.DeleteView.as_view(), name="api-tournament-delete"),
    path(ROUND + "unpublish", views.UnpublishView.as_view(), name="api-round-unpublish"),
]
