"""The scoring app's API URLs, included under ``/api/`` by ``tavolo/urls.py``."""

from django.urls import include, path

urlpatterns = [
    path("", include("scoring.api.standings.urls")),
    path("", include("scoring.api.ratings.urls")),
    path("", include("scoring.api.people.urls")),
    path("", include("scoring.api.seasons.urls")),
]
