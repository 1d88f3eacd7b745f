"""The clubs resource's URLs."""

from django.urls import path, re_path

from tournaments.api.clubs import views
from tournaments.api.shared.paths import CLUB

urlpatterns = [
    path("clubs/", views.ClubListView.as_view(), name="api-clubs"),
    path(CLUB, views.ClubDetailView.as_view(), name="api-club"),
    path(CLUB + "members/", views.MembersView.as_view(), name="api-club-members"),
    re_path(
        r"^clubs/(?P<slug>[-a-zA-Z0-9_]+)/members/(?P<username>[\w.@+-]{1,150})$",
        views.MemberView.as_view(),
        name="api-club-member",
    ),
    path(CLUB + "players/", views.PlayersView.as_view(), name="api-club-players"),
    path(CLUB + "teams/", views.TeamsView.as_view(), name="api-club-teams"),
]
