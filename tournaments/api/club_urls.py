"""The clubs API's URLs, included under ``/api/clubs/`` by ``tournaments/api/urls.py``."""

from django.urls import path, re_path

from tournaments.api import (
    claims,
    clubs,
    director_tools,
    entries,
    my_entry,
    rounds,
    seating,
    tournaments,
)
from tournaments.api.club_base import not_found

T = "<slug:slug>/tournaments/<slug:tournament>/"
E = T + "entries/<int:entry_id>/"
R = T + "rounds/<int:number>/"

urlpatterns = [
    path("", clubs.ClubListView.as_view(), name="api-clubs"),
    path("<slug:slug>/", clubs.ClubDetailView.as_view(), name="api-club"),
    path("<slug:slug>/members/", clubs.MembersView.as_view(), name="api-club-members"),
    re_path(
        r"^(?P<slug>[-a-zA-Z0-9_]+)/members/(?P<username>[\w.@+-]{1,150})$",
        clubs.MemberView.as_view(),
        name="api-club-member",
    ),
    path("<slug:slug>/players/", clubs.PlayersView.as_view(), name="api-club-players"),
    path(
        "<slug:slug>/players/<int:player_id>/claim-code",
        claims.ClaimCodeView.as_view(),
        name="api-club-claim-code",
    ),
    path("<slug:slug>/teams/", clubs.TeamsView.as_view(), name="api-club-teams"),
    path(
        "<slug:slug>/tournaments/",
        tournaments.TournamentListView.as_view(),
        name="api-tournaments",
    ),
    path(T, tournaments.TournamentDetailView.as_view(), name="api-tournament"),
    path(T + "status", tournaments.TournamentStatusView.as_view(), name="api-tournament-status"),
    path(T + "my-place", seating.MyPlaceView.as_view(), name="api-my-place"),
    path(T + "entries/", entries.EntriesView.as_view(), name="api-entries"),
    path(T + "my-entry", my_entry.MyEntryView.as_view(), name="api-my-entry"),
    path(
        T + "entries/check-in-all",
        director_tools.CheckInAllView.as_view(),
        name="api-entries-check-in-all",
    ),
    path(T + "entries/bulk", director_tools.SeveralView.as_view(), name="api-entries-bulk"),
    path(T + "entries/import", director_tools.ImportView.as_view(), name="api-entries-import"),
    path(T + "archive", director_tools.ArchiveView.as_view(), name="api-tournament-archive"),
    path(T + "delete", director_tools.DeleteView.as_view(), name="api-tournament-delete"),
    path(E, entries.EntryView.as_view(), name="api-entry"),
    path(E + "check-in", entries.CheckInView.as_view(), name="api-entry-check-in"),
    path(E + "check-out", entries.CheckOutView.as_view(), name="api-entry-check-out"),
    path(E + "withdraw", entries.WithdrawView.as_view(), name="api-entry-withdraw"),
    path(T + "forbidden/", entries.ForbiddenPairsView.as_view(), name="api-forbidden"),
    path(
        T + "forbidden/<int:pair_id>",
        entries.ForbiddenPairView.as_view(),
        name="api-forbidden-pair",
    ),
    path(T + "rounds/", rounds.RoundsView.as_view(), name="api-rounds"),
    path(R, rounds.RoundView.as_view(), name="api-round"),
    path(R + "preview", rounds.PreviewView.as_view(), name="api-round-preview"),
    path(R + "swap", rounds.SwapView.as_view(), name="api-round-swap"),
    path(R + "publish", rounds.PublishView.as_view(), name="api-round-publish"),
    path(R + "close", rounds.CloseView.as_view(), name="api-round-close"),
    path(R + "corrections", rounds.CorrectionsView.as_view(), name="api-round-corrections"),
    path(R + "unpublish", director_tools.UnpublishView.as_view(), name="api-round-unpublish"),
    # Anything else under clubs/ is a JSON 404 too, not the site's HTML page.
    re_path(r"", not_found, name="api-club-not-found"),
]
