"""The game API's URLs, included under ``/api/`` by ``tavolo/urls.py``."""

from django.urls import include, path, re_path

from tournaments.api import casual, claims, views

urlpatterns = [
    path("clubs/", include("tournaments.api.sheets")),  # score sheets (before the 404 catch-all)
    path("clubs/", include("tournaments.api.club_urls")),
    path("auth/token", views.TokenView.as_view(), name="api-token"),
    path("players/claim", claims.ClaimView.as_view(), name="api-player-claim"),
    path("games/catalog", views.CatalogView.as_view(), name="api-game-catalog"),
    path("games/import", views.ImportView.as_view(), name="api-game-import"),
    path("games/", views.GameCreateView.as_view(), name="api-games"),
    path("games/casual", casual.CasualGameView.as_view(), name="api-game-casual"),
    path("games/join/<str:token>", casual.JoinView.as_view(), name="api-game-join"),
    path(
        "games/<uuid:game_id>/invitations",
        casual.InvitationsView.as_view(),
        name="api-game-invitations",
    ),
    path(
        "games/<uuid:game_id>/invitations/<int:seat>",
        casual.InvitationSeatView.as_view(),
        name="api-game-invitation",
    ),
    path("games/<uuid:game_id>/", views.GameDetailView.as_view(), name="api-game"),
    path(
        "games/<uuid:game_id>/seats/<int:number>",
        views.SeatAssignView.as_view(),
        name="api-game-seat",
    ),
    path("games/<uuid:game_id>/start", views.StartView.as_view(), name="api-game-start"),
    path("games/<uuid:game_id>/view", views.GameViewView.as_view(), name="api-game-view"),
    path("games/<uuid:game_id>/legal", views.LegalView.as_view(), name="api-game-legal"),
    path("games/<uuid:game_id>/events", views.EventsView.as_view(), name="api-game-events"),
    path("games/<uuid:game_id>/version", views.VersionView.as_view(), name="api-game-version"),
    path("games/<uuid:game_id>/record", views.RecordView.as_view(), name="api-game-record"),
    path("games/<uuid:game_id>/fairness", views.FairnessView.as_view(), name="api-game-fairness"),
    path(
        "games/<uuid:game_id>/fairness/verify",
        views.FairnessVerifyView.as_view(),
        name="api-game-fairness-verify",
    ),
    # Anything else under games/ (a game id that is no UUID, a seat that is no number …)
    # is a JSON 404 too, not the site's HTML page.
    re_path(r"^games/", views.not_found, name="api-game-not-found"),
]
