"""The entries resource's URLs."""

from django.urls import path

from tournaments.api.entries import views
from tournaments.api.shared.paths import ENTRY, TOURNAMENT

urlpatterns = [
    path(TOURNAMENT + "entries/", views.EntriesView.as_view(), name="api-entries"),
    path(ENTRY, views.EntryView.as_view(), name="api-entry"),
    path(ENTRY + "check-in", views.CheckInView.as_view(), name="api-entry-check-in"),
    path(ENTRY + "check-out", views.CheckOutView.as_view(), name="api-entry-check-out"),
    path(ENTRY + "withdraw", views.WithdrawView.as_view(), name="api-entry-withdraw"),
    path(TOURNAMENT + "forbidden/", views.ForbiddenPairsView.as_view(), name="api-forbidden"),
    path(
        TOURNAMENT + "forbidden/<int:pair_id>",
        views.ForbiddenPairView.as_view(),
        name="api-forbidden-pair",
    ),
]
