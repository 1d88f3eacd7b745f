"""The people resource's URLs."""

from django.urls import path

from scoring.api.people import views

urlpatterns = [
    path("players/<int:player_id>", views.PersonView.as_view(), name="api-player"),
    path("players/<int:player_id>/games", views.PersonGamesView.as_view(), name="api-player-games"),
    path(
        "players/<int:player_id>/versus/<int:other_id>",
        views.VersusView.as_view(),
        name="api-player-versus",
    ),
]
