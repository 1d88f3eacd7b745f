"""The my-entry resource's URLs."""

from django.urls import path

from tournaments.api.my_entry import views
from tournaments.api.shared.paths import TOURNAMENT

urlpatterns = [
    path(TOURNAMENT + "my-entry", views.MyEntryView.as_view(), name="api-my-entry"),
]
