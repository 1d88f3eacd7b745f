"""The score-sheets resource's URLs."""

from django.urls import path

from tournaments.api.shared.paths import TABLE
from tournaments.api.sheets import views

urlpatterns = [
    path(TABLE + "sheet", views.SheetView.as_view(), name="api-sheet"),
    path(TABLE + "sheet/entries", views.EntryView.as_view(), name="api-sheet-entries"),
    path(TABLE + "sheet/confirm", views.ConfirmView.as_view(), name="api-sheet-confirm"),
    path(TABLE + "sheet/resolve", views.ResolveView.as_view(), name="api-sheet-resolve"),
    path(TABLE + "sheet/correct", views.CorrectView.as_view(), name="api-sheet-correct"),
    path(TABLE + "sheet/history", views.HistoryView.as_view(), name="api-sheet-history"),
    path(TABLE + "forfeits", views.ForfeitView.as_view(), name="api-sheet-forfeits"),
]
