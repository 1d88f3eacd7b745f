"""The API's URLs, included under ``/api/`` by ``tavolo/urls.py``: every resource's
``urls``, then the JSON 404s of any other URL under ``games/``, ``clubs/`` and
``players/``.

(The standings resource, ``scoring.api``, is included by ``tavolo/urls.py`` before
these, so its paths under ``clubs/`` come before the catch-all.)
"""

from django.urls import include, path, re_path

from tournaments.api.shared.errors import club_not_found, game_not_found, player_not_found

RESOURCES = (
    "tokens",
    "games",
    "play",
    "records",
    "casual",
    "clubs",
    "claims",
    "tournaments",
    "entries",
    "my_entry",
    "seating",
    "director_tools",
    "rounds",
    "sheets",
)
"""The resource packages of :mod:`tournaments.api`, each with its ``urls``."""

urlpatterns = [
    *(path("", include(f"tournaments.api.{resource}.urls")) for resource in RESOURCES),
    # Anything else under games/ (a game id that is no UUID, a seat that is no number …)
    # or clubs/ is a JSON 404 too, not the site's HTML page.
    re_path(r"^games/", game_not_found, name="api-game-not-found"),
    re_path(r"^clubs/", club_not_found, name="api-club-not-found"),
    re_path(r"^players/", player_not_found, name="api-player-not-found"),
]
