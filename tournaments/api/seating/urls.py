"""The seating resource's URLs."""

from django.urls import path

from tournaments.api.seating import views
from tournaments.api.shared.paths import TOURNAMENT

urlpatterns = [
    path(TOURNAMENT + "my-place", views.MyPlaceView.as_view(), name="api-my-place"),
]
