"""The websocket addresses (served by the push processes: daphne)."""

from django.urls import path, re_path

from tournaments.live import consumers

websocket_urlpatterns = [
    path("ws/games/<uuid:game_id>/", consumers.GameConsumer.as_asgi()),
    path("ws/clubs/<slug:slug>/t/<slug:tslug>/", consumers.TournamentConsumer.as_asgi()),
    # Any other address: closed with 4404 (not an error in the server's log).
    re_path(r"", consumers.NotFoundConsumer.as_asgi()),
]
